"""cffi builder (out-of-line API mode) for ``omaha8_fast._core``.

Used through ``setup.py`` (``cffi_modules``); build with pip: ``pip install .``.
The cdef is the public header ``csrc/omaha8.h`` itself, minus its preprocessor
lines. The lookup tables are generated into ``csrc/eval/tables.c`` first
(next to their generator, ``csrc/eval/gen_tables.py``). Every C file includes
by path from ``csrc/`` (``-Icsrc``; see csrc/README.md).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
CSRC = HERE / "csrc"
SOURCES = [
    "csrc/eval/eval.c",
    "csrc/eval/kernel_avx2.c",
    "csrc/eval/kernel_avx512.c",
    "csrc/eval/kernel_neon.c",
    "csrc/eval/tables.c",
    "csrc/eval/showdown.c",
    "csrc/eval/all_holes.c",
    "csrc/equity/equity.c",
    "csrc/equity/mc_known.c",
    "csrc/equity/mc_avx2.c",
    "csrc/equity/mc_neon.c",
    "csrc/equity/ranges.c",
    "csrc/equity/analysis.c",
    "csrc/equity/pql.c",
    "csrc/engine/deal.c",
    "csrc/engine/betting.c",
    "csrc/equity/overlap.c",
    "csrc/engine/entry_table.c",
    "csrc/histories/hh_scan.c",
    "csrc/solver/showdown_values.c",
]
_PLAIN_DEFINE = re.compile(r"#define\s+\w+\s+-?\d+\s*$")


def header_cdef(path: Path) -> str:
    """The header without include guards, includes and extern "C" lines."""
    keep = []
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("#") and not _PLAIN_DEFINE.match(stripped):
            continue
        if stripped in ('extern "C" {', "}"):  # the C++ linkage block
            continue
        keep.append(line)
    return "\n".join(keep)


def generate_tables() -> None:
    """Write csrc/eval/tables.c (next to its generator) unless it is newer
    than its generator: pip runs this file several times per build (metadata,
    requirements, the build itself), and generating takes seconds."""
    generator = CSRC / "eval" / "gen_tables.py"
    tables = generator.with_name("tables.c")
    if tables.exists() and tables.stat().st_mtime >= generator.stat().st_mtime:
        return
    subprocess.run([sys.executable, str(generator), str(tables)], check=True)
    os.utime(tables)  # the generator leaves an unchanged file alone: mark it checked


def compile_args(platform: str = sys.platform) -> list[str]:
    """Optimised, without debug information, each compiler its own flags:
    MSVC (CPython's compiler on Windows) ``/O2 /std:c11`` (C11 from Visual
    Studio 2019 16.8 on), GCC and clang ``-O3``. Never -march: the SIMD
    kernels carry per-function target attributes and are chosen at run time.

    >>> compile_args("win32")
    ['/O2', '/std:c11']
    >>> compile_args("darwin")
    ['-O3', '-fno-strict-aliasing', '-g0']
    """
    if platform == "win32":
        return ["/O2", "/std:c11"]
    return ["-O3", "-fno-strict-aliasing", "-g0"]


def link_args() -> list[str]:
    """Strip the symbols of the library on Linux (the wheel is a third smaller)."""
    return ["-s"] if sys.platform.startswith("linux") else []


generate_tables()
ffibuilder = FFI()
ffibuilder.cdef(header_cdef(CSRC / "omaha8.h"))
ffibuilder.set_source(
    "omaha8_fast._core",
    '#include "omaha8.h"',
    sources=SOURCES,
    include_dirs=["csrc"],
    extra_compile_args=compile_args(),
    extra_link_args=link_args(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
