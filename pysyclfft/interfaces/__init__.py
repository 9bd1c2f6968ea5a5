"""Drop-in interfaces: scipy_fft (a scipy.fft backend) and dpnp_fft (dpnp.fft's API)."""
