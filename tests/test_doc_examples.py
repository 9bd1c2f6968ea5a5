"""The examples of README.md and docs/api.md run as written: every fenced
```python block, each in a fresh namespace (a block must import what it uses);
every ```cpp block (fragments of a program) quotes docs/examples/cpp_fft.cpp,
which tests/test_cpp_api.py builds, runs and checks. (The ```bash blocks are the
install and test commands .ci/run runs.)"""
import importlib.util
import re
from pathlib import Path

import pytest
import scipy.fft

import pysyclfft

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ("README.md", "docs/api.md")
CPP_EXAMPLE = ROOT / "docs" / "examples" / "cpp_fft.cpp"


def _blocks(language="python"):
    fence = re.compile(rf"^```{language}\n(.*?)^```", re.S | re.M)
    for document in DOCUMENTS:
        text = (ROOT / document).read_text()
        for match in fence.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield pytest.param(match.group(1), id=f"{document}:{line}")


def _missing_requirement(code):
    """Why a block cannot run here (it needs the CUDA layer and an NVIDIA GPU, the
    [dpnp] extra, or another module this environment lacks), or None."""
    if "pysyclfft.cuda" in code and importlib.util.find_spec("cupy") is None:
        return "needs the CUDA layer (CuPy and an NVIDIA GPU)"
    if "patch_dpnp_fft" in code and importlib.util.find_spec("dpnp") is None:
        return "needs dpnp (the [dpnp] extra)"
    for module in re.findall(r"^(?:import|from) (\w+)", code, re.M):  # not inside a try block
        if importlib.util.find_spec(module) is None:
            return f"needs {module}" + (" (the [dpnp] extra)" if module == "dpnp" else "")
    return None


def test_documents_have_examples():
    assert len(list(_blocks())) >= 4


@pytest.mark.parametrize("code", list(_blocks()))
def test_example_runs(code):
    reason = _missing_requirement(code)
    if reason:
        pytest.skip(reason)
    try:
        exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
    finally:  # examples may install process-wide state: give it back
        if importlib.util.find_spec("dpnp") is not None:
            pysyclfft.restore_dpnp_fft()
        scipy.fft.set_global_backend("scipy")


def _statements(code):
    """The lines of C++ code without comments, whitespace normalised."""
    for line in code.splitlines():
        statement = " ".join(line.split("//")[0].split())
        if statement:
            yield statement


def test_cpp_blocks_exist():
    assert len(list(_blocks("cpp"))) >= 3


@pytest.mark.parametrize("code", list(_blocks("cpp")))
def test_cpp_block_quotes_the_built_example(code):
    example = set(_statements(CPP_EXAMPLE.read_text()))
    assert [line for line in _statements(code) if line not in example] == []
