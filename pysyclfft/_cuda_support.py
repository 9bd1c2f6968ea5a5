"""``python -m pysyclfft install-cuda-support``: the files DPC++'s run-time
compiler needs to link kernels for CUDA devices.

The SYCL runtime's device linker opens the libspirv bitcode for NVPTX at an
absolute path (``/lib/clang/<version>/lib/nvptx64-nvidia-cuda/...``: this
release builds it with an empty toolchain prefix). The intel-sycl-rt wheel does
not install that file, but libsycl-jit.so embeds it in its in-memory toolchain
(files named ``/sycl-jit-toolchain/...``). This command copies the embedded
NVPTX files (19 files, 90 MB: libspirv in its variants and the NVPTX device
libraries; the set measured to make CUDA builds work on an H100, where the runtime
named only libspirv.l64.signed_char.bc as missing; whether that one file alone
suffices is not measured yet) to where the runtime opens them, only when the user
runs it and confirms (the C++ compiler's JitToolchainError names the command).

The embedded files form a table of {const char* path, size_t path_len,
const char* data, size_t data_len}; in the shared library the two pointers are
R_X86_64_RELATIVE relocations, whose addends are the addresses.
"""
import os
import struct
import sys
from pathlib import Path

from . import _environment

TOOLCHAIN_PREFIX = b"/sycl-jit-toolchain/"
R_X86_64_RELATIVE = 8


class _Elf:
    """The parts of a 64-bit little-endian ELF shared library we read."""

    def __init__(self, data):
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            raise ValueError("not a 64-bit little-endian ELF file")
        self.data = data
        phoff, shoff = struct.unpack_from("<QQ", data, 0x20)
        phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", data, 0x36)
        self.segments = []  # (virtual address, file offset, file size) of loadable segments
        for i in range(phnum):
            p_type, _, p_offset, p_vaddr, _, p_filesz = struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize)
            if p_type == 1:
                self.segments.append((p_vaddr, p_offset, p_filesz))
        self.relative = {}  # place -> addend of every R_X86_64_RELATIVE relocation
        for i in range(shnum):
            sh_type, = struct.unpack_from("<I", data, shoff + i * shentsize + 4)
            sh_offset, sh_size = struct.unpack_from("<QQ", data, shoff + i * shentsize + 0x18)
            sh_entsize, = struct.unpack_from("<Q", data, shoff + i * shentsize + 0x38)
            if sh_type != 4 or sh_entsize != 24:  # SHT_RELA
                continue
            for place, info, addend in struct.iter_unpack("<QQq", data[sh_offset:sh_offset + sh_size]):
                if info & 0xFFFFFFFF == R_X86_64_RELATIVE:
                    self.relative[place] = addend

    def offset(self, address):
        for vaddr, off, size in self.segments:
            if vaddr <= address < vaddr + size:
                return address - vaddr + off
        return None

    def u64(self, address):
        off = self.offset(address)
        return None if off is None else struct.unpack_from("<Q", self.data, off)[0]


def embedded_files(library, substring=b"nvptx"):
    """{path below the toolchain root: bytes} of libsycl-jit.so's embedded files
    whose path contains `substring`."""
    elf = _Elf(Path(library).read_bytes())
    found = {}
    for place, name_address in elf.relative.items():
        data_address = elf.relative.get(place + 16)
        name_at = elf.offset(name_address)
        if data_address is None or name_at is None:
            continue
        if elf.data[name_at:name_at + len(TOOLCHAIN_PREFIX)] != TOOLCHAIN_PREFIX:
            continue
        name_len, data_len, data_at = elf.u64(place + 8), elf.u64(place + 24), elf.offset(data_address)
        if None in (name_len, data_len, data_at):
            continue
        name = elf.data[name_at:name_at + name_len]
        if substring in name:
            found[name[len(TOOLCHAIN_PREFIX):].decode()] = elf.data[data_at:data_at + data_len]
    return found


def sycl_jit_library():
    """libsycl-jit.so of the SYCL runtime in use: $SYCL_ROOT/lib, else the intel-sycl-rt wheel's."""
    root = os.environ.get("SYCL_ROOT")
    if root and (Path(root) / "lib" / "libsycl-jit.so").exists():
        return Path(root) / "lib" / "libsycl-jit.so"
    return _environment._distribution_file("intel-sycl-rt", "/libsycl-jit.so")


def install(root="/", assume_yes=False, out=sys.stdout):
    """Writes the embedded NVPTX toolchain files under `root` ("/": where the
    runtime opens them), after showing them and asking (unless assume_yes)."""
    library = sycl_jit_library()
    if library is None:
        raise FileNotFoundError("pysyclfft: libsycl-jit.so not found (pip install intel-sycl-rt, or set SYCL_ROOT)")
    files = embedded_files(library)
    if not files:
        raise RuntimeError(f"pysyclfft: {library} embeds no NVPTX toolchain files")
    targets = {Path(root) / name: data for name, data in files.items()}
    print(f"From {library}, pysyclfft would write:", file=out)
    for path, data in targets.items():
        state = "present, same" if path.exists() and path.read_bytes() == data else "new"
        print(f"  {path} ({len(data)} bytes, {state})", file=out)
    if not assume_yes and input("Write these files? [y/N] ").strip().lower() != "y":
        print("Nothing written.", file=out)
        return []
    for path, data in targets.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    print(f"Wrote {len(targets)} files.", file=out)
    return list(targets)


def main(args):
    """install-cuda-support [--root DIR] [--yes]"""
    root, assume_yes = "/", False
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--yes":
            assume_yes = True
        elif arg == "--root" and rest:
            root = rest.pop(0)
        else:
            raise SystemExit("usage: python -m pysyclfft install-cuda-support [--root DIR] [--yes]")
    try:
        install(root, assume_yes)
    except PermissionError as e:
        raise SystemExit(f"pysyclfft: {e}: run it with the rights to write there (e.g. sudo)") from None
