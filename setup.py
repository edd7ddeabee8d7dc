import os
import pathlib
import platform
import sys
import sysconfig
import types
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sbom  # noqa: E402  (the wheel's SBOM, PEP 770: sbom.py next to this file)

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


#: Compiler processes at once (OMAHA8_BUILD_JOBS, default the cores).
JOBS = int(os.environ.get("OMAHA8_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1


def _compile_in_parallel(compiler, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                         extra_preargs=None, extra_postargs=None, depends=None):
    """CCompiler.compile with one compiler process a source file, as many at
    once as there are cores (the C core's SIMD kernels take most of the build:
    one at a time, the others wait). The same steps as the method's own."""
    macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj):
        src, ext = build[obj]
        compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        list(pool.map(one, objects))
    return objects


class OptionalEntry(build_ext):
    """build_ext that compiles each extension's sources in parallel (GCC and
    clang) and leaves _entry out, with a warning, where it fails."""

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "unix" and JOBS > 1 and hasattr(self.compiler, "_setup_compile"):
            self.compiler.compile = types.MethodType(_compile_in_parallel, self.compiler)
        if ext.name != ENTRY.name:
            return super().build_extension(ext)
        try:
            super().build_extension(ext)
        except Exception as error:  # CompileError, LinkError, a missing compiler
            print(f"warning: omaha8_fast._entry not built ({error}); the package runs without it", file=sys.stderr)


class WheelWithSbom(bdist_wheel):
    """bdist_wheel that adds the SBOM (sbom.py) to the wheel's .dist-info/sboms/ (PEP 770)."""

    def write_wheelfile(self, wheelfile_base, *args, **kwargs):
        sbom.write(pathlib.Path(wheelfile_base), self.distribution.get_version(), pathlib.Path(HERE))
        super().write_wheelfile(wheelfile_base, *args, **kwargs)


setup(
    cffi_modules=["build.py:ffibuilder"],
    ext_modules=[] if NO_ENTRY else [ENTRY],
    cmdclass={"build_ext": OptionalEntry, "bdist_wheel": WheelWithSbom},
    options=OPTIONS,
)
