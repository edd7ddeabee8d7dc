"""cffi builder (out-of-line API mode) for ``omaha8_fast._core``.

Used through ``setup.py`` (``cffi_modules``); build with pip: ``pip install .``.
The cdef is the public header ``csrc/omaha8.h`` itself, minus its preprocessor
lines. The lookup tables are generated into ``csrc/tables.c`` first.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
CSRC = HERE / "csrc"
SOURCES = ["csrc/eval.c", "csrc/tables.c", "csrc/showdown.c", "csrc/equity.c", "csrc/ranges.c", "csrc/analysis.c", "csrc/deal.c"]
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
    subprocess.run([sys.executable, str(CSRC / "gen_tables.py"), str(CSRC / "tables.c")], check=True)


def compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    return ["-O3", "-fno-strict-aliasing"]


generate_tables()
ffibuilder = FFI()
ffibuilder.cdef(header_cdef(CSRC / "omaha8.h"))
ffibuilder.set_source(
    "omaha8_fast._core",
    '#include "omaha8.h"',
    sources=SOURCES,
    include_dirs=["csrc"],
    extra_compile_args=compile_args(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
