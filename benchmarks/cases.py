"""The benchmark cases: what each suite transforms, its input data, its float64 reference.

A case is a batch of transforms over the last len(dims) axes of a (batch, *dims)
array, uniform random in [-1, 1). The batch makes the input about `input_mib` MiB.
"""
import math
from dataclasses import dataclass

import numpy as np

MIB = 2**20


@dataclass(frozen=True)
class Suite:
    kind: str
    sizes: list        # 1-D lengths, or tuples: whole transform shapes; the dct suite runs each
                       # length as a batched 1-D and an n x n 2-D DCT
    quick_sizes: list
    precisions: tuple  # the default ones


SUITES = {
    "c2c": Suite("c2c", [2**k for k in range(4, 14)] + [1000, 1536, 2187, 3125, 2401, 1331, 2197],
                 [16, 256, 1000, 4096], ("single", "double")),
    "anysize": Suite("c2c", [2**k for k in range(14, 23)] + [3**7, 11**3, 1009, 4099, 65537],
                     [2**14, 3**7, 1009], ("single", "double")),
    "real": Suite("r2c", [1024, 4096, 2**20], [1024, 4096], ("single",)),
    "dct": Suite("dct2", [1024], [64], ("single",)),
    # Short transforms in a large batch (the input's --mib MiB: 2^23 points of complex64 at 64 MiB).
    "batched": Suite("c2c", [8, 16, 32, 64], [8, 64], ("single", "double")),
    "batched_real": Suite("r2c", [8, 16, 32, 64], [8, 64], ("single",)),
    # 2-D and 3-D transforms of one shape (batch 1 where the shape alone exceeds --mib).
    "nd": Suite("c2c", [(1024, 1024), (256, 256, 256)], [(64, 64), (16, 16, 16)], ("single", "double")),
    "nd_real": Suite("r2c", [(1024, 1024), (256, 256, 256)], [(64, 64), (16, 16, 16)], ("single",)),
}
THROUGHPUT_SUITES = tuple(SUITES)

INPUT_DTYPE = {("c2c", "single"): np.complex64, ("c2c", "double"): np.complex128,
               ("r2c", "single"): np.float32, ("r2c", "double"): np.float64,
               ("dct2", "single"): np.float32, ("dct2", "double"): np.float64}
KIND_TITLE = {"c2c": "", "r2c": "R2C ", "dct2": "DCT-II "}


@dataclass(frozen=True)
class Case:
    suite: str
    kind: str        # "c2c", "r2c" (forward real-to-complex) or "dct2" (DCT-II, scipy's unnormalised)
    dims: tuple      # transform shape, over the last axes
    batch: int
    precision: str   # "single" or "double"

    @property
    def dtype(self):
        return np.dtype(INPUT_DTYPE[self.kind, self.precision])

    @property
    def n(self):
        return math.prod(self.dims)

    @property
    def axes(self):
        return tuple(range(-len(self.dims), 0))

    @property
    def label(self):
        shape = "x".join(str(d) for d in self.dims)
        return f"{KIND_TITLE[self.kind]}{shape}"

    @property
    def flops(self):
        """5 N log2 N per complex transform, half of it for real input (R2C, DCT-II)."""
        per_point = 5.0 if self.kind == "c2c" else 2.5
        return per_point * self.n * math.log2(self.n) * self.batch if self.n > 1 else 0.0

    def describe(self):
        return {"suite": self.suite, "kind": self.kind, "label": self.label, "dims": list(self.dims),
                "batch": self.batch, "dtype": self.dtype.name,
                "input_mib": self.batch * self.n * self.dtype.itemsize / MIB}


def make_cases(suite, sizes, precisions, input_mib):
    kind = SUITES[suite].kind
    shapes = [tuple(n) if isinstance(n, tuple) else (n,) for n in sizes]
    if kind == "dct2":
        shapes += [(n, n) for n in sizes]
    cases = []
    for precision in precisions:
        for dims in shapes:
            itemsize = np.dtype(INPUT_DTYPE[kind, precision]).itemsize
            batch = max(1, int(input_mib * MIB) // (math.prod(dims) * itemsize))
            cases.append(Case(suite, kind, dims, batch, precision))
    return cases


def make_input(case):
    rng = np.random.default_rng(case.n)
    shape = (case.batch,) + case.dims
    x = rng.uniform(-1, 1, shape)
    if case.kind == "c2c":
        x = x + 1j * rng.uniform(-1, 1, shape)
    return x.astype(case.dtype)


def checked_rows(case):
    """Batch rows the error is measured on: the first rows holding 2^16 points or more, and the last."""
    first = min(case.batch, max(1, 2**16 // case.n))
    return sorted(set(range(first)) | {case.batch - 1})


def _dct2_along(x, axis):
    """scipy's unnormalised DCT-II along `axis` from a complex128 FFT of the even extension."""
    n = x.shape[axis]
    y = np.fft.fft(np.concatenate([x, np.flip(x, axis)], axis=axis), axis=axis)
    y = np.take(y, np.arange(n), axis=axis)
    shape = [1] * x.ndim
    shape[axis] = n
    return (np.exp(-0.5j * np.pi * np.arange(n) / n).reshape(shape) * y).real


def reference(case, x_rows):
    """The float64 (complex128) numpy result of `case` on some of its input rows."""
    if case.kind == "c2c":
        return np.fft.fftn(x_rows.astype(np.complex128), axes=case.axes)
    if case.kind == "r2c":
        return np.fft.rfftn(x_rows.astype(np.float64), axes=case.axes)
    y = x_rows.astype(np.float64)
    for axis in case.axes:
        y = _dct2_along(y, axis)
    return y


def max_relative_error(y, ref):
    """max|y - ref| / max|ref| (the max-norm relative error of docs/performance.md)."""
    y = np.asarray(y)
    return float(np.max(np.abs(y.astype(ref.dtype) - ref)) / np.max(np.abs(ref)))
