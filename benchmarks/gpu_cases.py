"""The GPU benchmark cases (issue 13's table): what each suite transforms and the goal of its rows.

A case is a cases.Case (a batch of transforms over the last axes) with about
INPUT_MIB of input; its bandwidth counts the bytes read and written once.
"""
import math
from dataclasses import dataclass

import numpy as np

from cases import MIB, Case

INPUT_MIB = 256


@dataclass(frozen=True)
class Goal:
    """What our row must reach: a share of the copy bandwidth ("copy"), a multiple of
    one peer ("cufft", "vkfft") or of the best peer ("best"). `within_spread`: also
    below neither peer by more than the run's repeat spread."""
    measure: str
    value: float
    within_spread: bool = False

    def text(self):
        if self.measure == "copy":
            spread = ", below neither peer by more than the spread" if self.within_spread else ""
            return f">= {self.value:.0%} of copy{spread}"
        peer = {"cufft": "cuFFT", "vkfft": "VkFFT", "best": "the best peer"}[self.measure]
        return f">= {self.value:g}x {peer}"


@dataclass(frozen=True)
class GpuSuite:
    title: str
    kind: str
    shapes: list       # transform shapes
    precision: str
    goal: Goal = None  # None: no goal (measured for another question)


_POW2_SMALL = [2**k for k in range(4, 14)]
_MIXED = [1000, 1536, 2187, 3125, 2401, 1331, 2197]
_ONE_D = lambda lengths: [(n,) for n in lengths]  # noqa: E731

SUITES = {
    "c2c": GpuSuite("c2c fp32, 16 ... 8192 and mixed radices", "c2c", _ONE_D(_POW2_SMALL + _MIXED), "single",
                    Goal("copy", 0.98, within_spread=True)),
    "c2c16k": GpuSuite("c2c fp32, 16384", "c2c", _ONE_D([2**14]), "single", Goal("copy", 0.95)),
    "large": GpuSuite("c2c fp32, 2^15 ... 2^24", "c2c", _ONE_D([2**k for k in range(15, 25)]), "single",
                      Goal("cufft", 1.1)),
    "primes": GpuSuite("c2c fp32, primes", "c2c", _ONE_D([1009, 4099, 65537]), "single", Goal("vkfft", 2.0)),
    "real": GpuSuite("R2C fp32, 1024 and 4096", "r2c", _ONE_D([1024, 4096]), "single", Goal("copy", 0.98)),
    "real1m": GpuSuite("R2C fp32, 2^20", "r2c", _ONE_D([2**20]), "single", Goal("cufft", 1.2)),
    "nd": GpuSuite("2-D and 3-D c2c fp32", "c2c",
                   [(1024, 1024), (4096, 4096), (128, 128, 128), (256, 256, 256), (512, 512, 256)], "single",
                   Goal("cufft", 1.2)),
    "dct": GpuSuite("DCT-II fp32 (scipy's unnormalised), batched 1024", "dct2", _ONE_D([1024]), "single",
                    Goal("copy", 0.95)),
    "fp64": GpuSuite("c2c fp64", "c2c", _ONE_D([256, 4096, 2**20]), "double", Goal("best", 1.0)),
    # The NVRTC layer's benchmark lengths not in the rows above (issue 11: remove that layer only
    # where the SYCL path is at least as fast at every one of them).
    "nvrtc": GpuSuite("lengths of the NVRTC layer's benchmark (issue 11)", "c2c",
                      _ONE_D([2, 4, 8]), "single"),
    "nvrtc64": GpuSuite("fp64 lengths of the NVRTC layer's benchmark (issue 11)", "c2c",
                        _ONE_D([16, 64, 1024, 2048, 1000, 2187, 3125, 2401, 1331, 2197]), "double"),
}
QUICK_SHAPES = {"c2c": [(16,), (1000,)], "large": [(2**15,)], "primes": [(1009,)], "real": [(1024,)],
                "real1m": [(2**16,)], "nd": [(64, 64)], "dct": [(64,)], "fp64": [(256,)], "c2c16k": [(2**14,)],
                "nvrtc": [(8,)], "nvrtc64": [(16,)]}


def make_cases(name, input_mib=INPUT_MIB, quick=False, only=None):
    """The suite's cases with about input_mib MiB of input each; `only`: labels to keep."""
    suite = SUITES[name]
    cases = []
    for dims in QUICK_SHAPES[name] if quick else suite.shapes:
        itemsize = np.dtype(np.complex64 if suite.kind == "c2c" else np.float32).itemsize
        itemsize *= 2 if suite.precision == "double" else 1
        batch = max(1, int(input_mib * MIB) // (math.prod(dims) * itemsize))
        case = Case(name, suite.kind, tuple(dims), batch, suite.precision)
        if only is None or case.label in only:
            cases.append(case)
    return cases


def bytes_moved(case):
    """Bytes read and written once: the input, and the output (R2C: n//2 + 1 complex per row)."""
    input_bytes = case.batch * case.n * case.dtype.itemsize
    if case.kind != "r2c":
        return 2 * input_bytes
    rows = case.batch * case.n // case.dims[-1]
    return input_bytes + rows * (case.dims[-1] // 2 + 1) * 2 * case.dtype.itemsize


def checked_rows(case):
    """Batch rows whose error is measured: the first ones holding 2^16 points or more and
    the last; only the last above 2^20 points per transform (the float64 reference is costly)."""
    if case.n > 2**20:
        return [case.batch - 1]
    first = min(case.batch, max(1, 2**16 // case.n))
    return sorted(set(range(first)) | {case.batch - 1})
