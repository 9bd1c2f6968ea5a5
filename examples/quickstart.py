"""pysyclfft in ten lines: the same call on numpy and on dpnp arrays."""
import numpy as np
import dpnp
import pysyclfft

x = np.random.default_rng(0).standard_normal((8, 1024)).astype(np.complex64)
y = pysyclfft.fft(x)                                   # numpy in -> numpy out (default SYCL device)
ref = np.fft.fft(x.astype(np.complex128))
print("numpy:", type(y).__name__, y.dtype, "relative error vs numpy.fft:", np.linalg.norm(y - ref) / np.linalg.norm(ref))

xd = dpnp.asarray(x)                                   # data on a SYCL device
yd = pysyclfft.ifft(pysyclfft.fft(xd), norm="backward")  # computed where the data lives, no host round trip
print("dpnp: ", type(yd).__name__, yd.dtype, "on", yd.sycl_device.name, "round-trip error:", float(abs(yd - xd).max()))
