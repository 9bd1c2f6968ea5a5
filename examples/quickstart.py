"""pysyclfft in a few lines: the same call on numpy arrays and on data already on a SYCL device
(dpnp arrays when dpnp is installed, else pysyclfft.DeviceArray)."""
import numpy as np
import pysyclfft

try:
    import dpnp
except ImportError:  # dpnp is the optional [dpnp] extra
    dpnp = None

x = np.random.default_rng(0).standard_normal((8, 1024)).astype(np.complex64)
y = pysyclfft.fft(x)                                   # numpy in -> numpy out (default SYCL device)
ref = np.fft.fft(x.astype(np.complex128))
print("numpy:", type(y).__name__, y.dtype, "relative error vs numpy.fft:", np.linalg.norm(y - ref) / np.linalg.norm(ref))

if dpnp is not None:
    xd = dpnp.asarray(x)                               # data on a SYCL device
else:
    import dpctl
    xd = pysyclfft.DeviceArray.from_numpy(x, dpctl.SyclQueue())
yd = pysyclfft.ifft(pysyclfft.fft(xd))                 # computed where the data lives, no host round trip
error = float(np.abs(yd.asnumpy() - x).max())         # asnumpy(): a copy to the host (dpnp and DeviceArray)
print(f"{type(yd).__name__}:", yd.dtype, "on", yd.sycl_device.name, "round-trip error:", error)
