import sysconfig

from setuptools import setup

# cffi compiles _core against the limited C API (Py_LIMITED_API), so a single
# cp310-abi3 wheel serves every CPython from 3.10 on. Free-threaded CPython has
# no stable ABI before 3.15 (cffi then builds a plain extension), so its wheels
# keep their version-specific tag.
FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
OPTIONS = {} if FREE_THREADED else {"bdist_wheel": {"py_limited_api": "cp310"}}

setup(cffi_modules=["build.py:ffibuilder"], options=OPTIONS)
