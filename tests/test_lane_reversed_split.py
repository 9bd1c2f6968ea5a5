"""The fused rfft's, DCT-I's, DST-I's and (even n) DCT-II's and DST-II's split of the
packed real FFT (outputs k and L-k from Z[k] and Z[L-k]) in both of its forms: by SIMD
vectors with Z[L-k] loaded at ascending addresses and reversed across lanes by
sub-group shuffles, the DCT-II's mirrored stores made by the partner lane
(kernels/real_maps.hpp, packed_split_vector; CPUs by default), and pair by pair
(GPUs). PYSYCLFFT_LANE_REVERSED_SPLIT chooses the form in a child process, so every
device runs both. Lengths: L/2 below, at and above a SIMD vector (16 lanes),
X[L/2] present (even L) or not (odd L), batches that leave teams past the end."""
import json

import numpy as np
import pytest

from test_plans import run_python

CHILD = r"""
import json
import numpy as np
import scipy.fft as sf
import pysyclfft
rng = np.random.default_rng(5)
errors = []
for n in (24, 66, 250, 2048):
    for dtype in (np.float32, np.float64):
        x = rng.standard_normal((37, n)).astype(dtype)
        x64 = x.astype(np.float64)
        for got, want in ((pysyclfft.rfft(x), sf.rfft(x64)), (pysyclfft.dct(x, 1), sf.dct(x64, 1)),
                          (pysyclfft.dst(x, 1), sf.dst(x64, 1)), (pysyclfft.dct(x, 2), sf.dct(x64, 2)),
                          (pysyclfft.dst(x, 2), sf.dst(x64, 2)),
                          (pysyclfft.dct(x, 2, norm="ortho"), sf.dct(x64, 2, norm="ortho")),
                          (pysyclfft.rfft(x, norm="ortho"), sf.rfft(x64, norm="ortho"))):
            errors.append([n, np.dtype(dtype).name, float(np.max(np.abs(got - want)) / np.max(np.abs(want)))])
print(json.dumps(errors))
"""


@pytest.mark.parametrize("form", ["0", "1"])
def test_both_split_forms_match_scipy(form):
    done = run_python(CHILD, timeout=900, PYSYCLFFT_LANE_REVERSED_SPLIT=form)
    assert done.returncode == 0, done.stderr
    for n, dtype, err in json.loads(done.stdout.strip().splitlines()[-1]):
        eps = np.finfo(dtype).eps
        assert err <= 4.0 * eps * np.log2(2 * n), (form, n, dtype, err)
