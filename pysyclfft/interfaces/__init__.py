"""Drop-in interfaces: scipy_fft (a scipy.fft backend), dpnp_fft (dpnp.fft's API) and
array_api_fft (the array API standard's fft extension)."""
