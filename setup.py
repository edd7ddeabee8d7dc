import os
import platform
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# cffi compiles _core against the limited C API (Py_LIMITED_API), so a single
# cp310-abi3 wheel serves every CPython from 3.10 on. Free-threaded CPython has
# no stable ABI before 3.15 (cffi then builds a plain extension), so its wheels
# keep their version-specific tag.
FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
# PyPy has no stable ABI either: its wheels are tagged per PyPy version.
CPYTHON = platform.python_implementation() == "CPython"
OPTIONS = {"bdist_wheel": {"py_limited_api": "cp310"}} if CPYTHON and not FREE_THREADED else {}

# _entry: the direct CPython entry points of the single calls
# (csrc/cpython/entry.c: the C that uses the Python C API, kept in csrc/cpython/
# out of the Python-free C core in the other csrc/ folders, which the C
# harness compiles alone), on the same stable ABI. It has no evaluator of its
# own: _core hands it a table of function pointers at import
# (csrc/cpython/entry_api.h). Optional at run
# time: without it the package uses its cffi paths.
ENTRY = Extension(
    "omaha8_fast._entry",
    sources=["csrc/cpython/entry.c", "csrc/cpython/hh_records.c"],
    include_dirs=["csrc"],
    define_macros=[] if FREE_THREADED else [("Py_LIMITED_API", "0x030A0000")],
    py_limited_api=not FREE_THREADED,
    extra_compile_args=["/O2"] if sys.platform == "win32" else ["-O2", "-g0"],  # never -march
    extra_link_args=["-s"] if sys.platform.startswith("linux") else [],
)

# _entry is optional at build time too: PyPy (whose cpyext cannot build it),
# OMAHA8_NO_ENTRY=1, or a compiler that fails on it give a package without it,
# and the package serves every call through _core (cffi) and Python.
NO_ENTRY = not CPYTHON or os.environ.get("OMAHA8_NO_ENTRY", "") not in ("", "0")


class OptionalEntry(build_ext):
    """build_ext that leaves _entry out, with a warning, where it fails."""

    def build_extension(self, ext: Extension) -> None:
        if ext.name != ENTRY.name:
            return super().build_extension(ext)
        try:
            super().build_extension(ext)
        except Exception as error:  # CompileError, LinkError, a missing compiler
            print(f"warning: omaha8_fast._entry not built ({error}); the package runs without it", file=sys.stderr)


setup(
    cffi_modules=["build.py:ffibuilder"],
    ext_modules=[] if NO_ENTRY else [ENTRY],
    cmdclass={"build_ext": OptionalEntry},
    options=OPTIONS,
)
