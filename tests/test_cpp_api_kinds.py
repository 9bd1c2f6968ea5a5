"""pysyclfft's own parameters of the C++ DFT API (dft.hpp): TRANSFORM_KIND (DCT/DST
types 1-4, HERMITIAN) and INPUT_LENGTHS (pad/crop). tests/cpp/transform_kinds.cpp
runs each case on the CPU device; here each is checked against scipy.fft/numpy.fft
in float64, with bounds that grow like eps*log N."""
import numpy as np
import pytest
import scipy.fft

from cpp_programs import TOOLS_PRESENT, run_cpp_program

pytestmark = pytest.mark.skipif(not TOOLS_PRESENT, reason="needs cmake, ninja and g++")

TRIG_KINDS = [f"{f}{t}" for f in ("DCT", "DST") for t in (1, 2, 3, 4)]
EXPECTED = ([f"{k}_{d}" for k in TRIG_KINDS for d in ("1d", "2d")] +
            ["complex_dct2_2d", "complex_dst3_1d", "hermitian_1d_even", "hermitian_1d_odd", "hermitian_2d",
             "pad_crop_complex_2d", "pad_real_1d", "crop_pad_real_2d", "pad_crop_dct2_2d", "pad_hermitian_1d"])


def parse(text):
    """[(header dict, forward reals, backward reals)] of the program's cases."""
    cases, lines = [], iter(text.splitlines())
    for line in lines:
        words = line.split()
        if not words or words[0] != "case":
            continue
        name, precision, domain, kind, batch, d = words[1:7]
        d = int(d)
        numbers = [int(w) for w in words[7:]]
        header = dict(name=name, precision=precision, domain=domain, kind=kind, batch=int(batch),
                      lengths=tuple(numbers[:d]), input_lengths=tuple(numbers[d:]))
        data = []
        for _ in range(2):
            count = int(next(lines).split()[1])
            data.append(np.array([float(next(lines)) for _ in range(count)]))
        cases.append((header, *data))
    return cases


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return parse(run_cpp_program(tmp_path_factory.mktemp("cpp_kinds"), "transform_kinds", 900))


def sample(count):
    j = np.arange(count)
    return ((j * 7919) % 1009) / 504.5 - 1.0


def as_input(reals, complex_data, shape, precision):
    """The program's input (sample over the buffer's reals, in its precision) as float64/complex128."""
    dtype = np.float32 if precision == "single" else np.float64
    x = sample(reals).astype(dtype).astype(np.float64)
    if complex_data:
        x = x[0::2] + 1j * x[1::2]
    return x.reshape(shape)


def as_output(reals, complex_data, shape):
    return (reals[0::2] + 1j * reals[1::2] if complex_data else reals).reshape(shape)


def references(h):
    """(forward input, forward reference, backward input, backward reference) of a case;
    the backward pair is None for descriptors that compute forward only."""
    batch, lengths, inputs, kind = h["batch"], h["lengths"], h["input_lengths"], h["kind"]
    axes = tuple(range(1, len(lengths) + 1))
    complex_domain = h["domain"] == "complex"
    half = lengths[:-1] + (lengths[-1] // 2 + 1,)
    if kind.startswith(("DCT", "DST")):
        forward, inverse = (scipy.fft.dctn, scipy.fft.idctn) if kind.startswith("DCT") else (scipy.fft.dstn,
                                                                                             scipy.fft.idstn)
        t = int(kind[-1])
        fwd_in = ((batch,) + inputs, complex_domain)
        fwd_ref = lambda x: forward(x, type=t, s=lengths, axes=axes)  # noqa: E731
        bwd_in = ((batch,) + lengths, complex_domain)
        bwd_ref = lambda y: inverse(y, type=t, axes=axes, norm="forward")  # noqa: E731  (unnormalised)
        out_complex = (complex_domain, complex_domain)
    elif kind == "HERMITIAN":  # forward: half spectrum -> real (hfftn); backward: ihfftn, unnormalised
        fwd_in = ((batch,) + inputs, True)
        fwd_ref = lambda x: scipy.fft.hfftn(x, s=lengths, axes=axes)  # noqa: E731
        bwd_in = ((batch,) + lengths, False)
        bwd_ref = lambda y: scipy.fft.ihfftn(y, axes=axes, norm="forward")  # noqa: E731
        out_complex = (False, True)
    elif complex_domain:
        fwd_in = ((batch,) + inputs, True)
        fwd_ref = lambda x: np.fft.fftn(x, s=lengths, axes=axes)  # noqa: E731
        bwd_in = bwd_ref = None
        out_complex = (True, True)
    else:
        fwd_in = ((batch,) + inputs, False)
        fwd_ref = lambda x: np.fft.rfftn(x, s=lengths, axes=axes)  # noqa: E731
        bwd_in = ((batch,) + half, True)
        bwd_ref = None
        out_complex = (True, False)
    return fwd_in, fwd_ref, bwd_in, bwd_ref, out_complex


def rel_l2(got, want):
    return np.linalg.norm(got - want) / np.linalg.norm(want)


def bound(h):
    eps = np.finfo(np.float32 if h["precision"] == "single" else np.float64).eps
    return 8 * eps * np.log2(2 * np.prod(h["lengths"]) + 2)


def test_every_case_ran(cases):
    names = {(h["name"], h["precision"]) for h, _, _ in cases}
    assert names >= {(n, p) for n in EXPECTED for p in ("single", "double")}


@pytest.mark.parametrize("precision", ["single", "double"])
@pytest.mark.parametrize("name", EXPECTED)
def test_matches_scipy_and_numpy(cases, name, precision):
    (h, forward, backward), = [c for c in cases if c[0]["name"] == name and c[0]["precision"] == precision]
    half = h["lengths"][:-1] + (h["lengths"][-1] // 2 + 1,)
    (in_shape, in_complex), fwd_ref, bwd_in, bwd_ref, (fwd_out_complex, bwd_out_complex) = references(h)
    x = as_input(np.prod(in_shape) * (2 if in_complex else 1), in_complex, in_shape, precision)
    want = fwd_ref(x)
    got = as_output(forward, fwd_out_complex, want.shape)
    assert rel_l2(got, want) <= bound(h), "forward"
    unpadded = half if h["kind"] == "HERMITIAN" else h["lengths"]
    if h["input_lengths"] != unpadded:
        assert backward.size == 0, "a descriptor with INPUT_LENGTHS computes forward only"
        return
    if bwd_ref is None:
        return  # REAL/COMPLEX DFT backward without INPUT_LENGTHS: tests/test_cpp_api.py
    shape, complex_data = bwd_in
    y = as_input(np.prod(shape) * (2 if complex_data else 1), complex_data, shape, precision)
    want = bwd_ref(y)
    got = as_output(backward, bwd_out_complex, want.shape)
    assert rel_l2(got, want) <= bound(h), "backward"
