"""Build the ``omaha8_fast._entry`` extension (csrc/cpython/entry.c and
hh_records.c) with AddressSanitizer and UndefinedBehaviorSanitizer into a
temporary copy of the installed package, and run the hostile loop of
tests/entry_hostile.py (and, with ``--pytest``, any tests) on it with the
ASan runtime preloaded.

    python tests/sanitize_entry.py --seconds 60
    python tests/sanitize_entry.py --core --seconds 300 --pytest tests/test_engine_cstate.py tests/test_entry.py

``--core`` also builds ``_core`` (the cffi C core, build.py's SOURCES) with the
sanitizers (a few minutes on 2 cores); without it the copy uses the
installed ``_core``. Python objects are allocated with the system malloc
(``PYTHONMALLOC=malloc``), so that ASan also sees a Python object used after
it was freed (a reference count one too low). Exit status: 0 when
everything ran clean, else the failing run's. Linux or macOS with gcc or
clang and their sanitizer runtimes; tests/test_entry_sanitized.py runs a
short version in the test suite.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

__all__ = ["FLAGS", "build", "sanitizer_env"]

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CSRC = ROOT / "csrc"
FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-O1", "-g"]


def compiler() -> str | None:
    return os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")


def _compile(cc: str, args: list[str]) -> None:
    done = subprocess.run([cc, *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{cc} {' '.join(args)} failed:\n{done.stderr}")


def _package_dir() -> Path:
    """The installed package's directory (found without importing it)."""
    spec = importlib.util.find_spec("omaha8_fast")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("omaha8_fast is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _build_core(cc: str, package: Path, work: Path) -> None:
    """_core with the sanitizers, from build.py's cffi builder (its C and sources)."""
    spec = importlib.util.spec_from_file_location("_omaha8_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)  # generates csrc/eval/tables.c when it is missing or stale
    wrapper = work / "_core.c"
    builder.ffibuilder.emit_c_code(str(wrapper))
    include = ["-I" + str(CSRC), "-I" + sysconfig.get_paths()["include"]]
    objects = []
    for source in [*(ROOT / s for s in builder.SOURCES), wrapper]:
        obj = work / (source.stem + ".o")
        _compile(cc, ["-c", "-fPIC", *FLAGS, "-fno-strict-aliasing", *include, str(source), "-o", str(obj)])
        objects.append(str(obj))
    for old in package.glob("_core*"):
        if old.suffix != ".pyi":
            old.unlink()
    _compile(cc, ["-shared", *FLAGS, *objects, "-o", str(package / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))),
                  "-lm"])


def build(work: Path, *, core: bool = False) -> Path:
    """A copy of the installed package in ``work`` with ``_entry`` (and with
    ``core`` also ``_core``) built with the sanitizers: the directory to put
    first on ``sys.path``."""
    cc = compiler()
    if cc is None:
        raise RuntimeError("no C compiler")
    package = work / "omaha8_fast"
    shutil.copytree(_package_dir(), package, ignore=shutil.ignore_patterns("__pycache__", "_entry*.so", "_entry*.pyd"))
    limited = [] if sysconfig.get_config_var("Py_GIL_DISABLED") else ["-DPy_LIMITED_API=0x030A0000"]
    sources = [str(CSRC / "cpython" / "entry.c"), str(CSRC / "cpython" / "hh_records.c")]
    target = package / ("_entry" + sysconfig.get_config_var("EXT_SUFFIX"))
    link = ["-undefined", "dynamic_lookup"] if sys.platform == "darwin" else []
    _compile(cc, ["-shared", "-fPIC", *FLAGS, *limited, "-I" + str(CSRC), "-I" + sysconfig.get_paths()["include"],
                  *sources, *link, "-o", str(target)])
    if core:
        _build_core(cc, package, work)
    return work


def runtime() -> str | None:
    """The ASan runtime library to preload (the interpreter itself is not built with it), or None."""
    cc = compiler()
    if cc is None:
        return None
    name = "libclang_rt.asan_osx_dynamic.dylib" if sys.platform == "darwin" else "libasan.so"
    found = subprocess.run([cc, f"-print-file-name={name}"], capture_output=True, text=True, check=False).stdout.strip()
    return found if found and os.path.isabs(found) and os.path.exists(found) else None


def sanitizer_env(path: Path) -> dict[str, str]:
    """The environment that runs Python on the copy in ``path`` under the sanitizers."""
    preload = runtime()
    if preload is None:
        raise RuntimeError("no ASan runtime (libasan) found")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(path), str(TESTS)]), "PYTHONMALLOC": "malloc",
           # CPython frees not everything at exit: no leak report
           "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:exitcode=86",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
    env["DYLD_INSERT_LIBRARIES" if sys.platform == "darwin" else "LD_PRELOAD"] = preload
    env.pop("OMAHA8_FAST_EXPECT_INSTALLED_IN", None)  # the copy is not the installed package
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the hostile loop runs")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--core", action="store_true", help="also build _core with the sanitizers (slow)")
    parser.add_argument("--pytest", nargs="*", default=None, metavar="TEST", help="then run these tests on the copy")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="omaha8-sanitize-") as tmp:
        path = build(Path(tmp), core=args.core)
        env = sanitizer_env(path)
        probe = "import omaha8_fast._entry as e, omaha8_fast._core as c; print(e.__file__); print(c.__file__)"
        where = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp, check=True, capture_output=True,
                               text=True).stdout
        print(where, end="", flush=True)
        assert where.startswith(tmp), "the sanitized copy was not imported"
        done = subprocess.run([sys.executable, str(TESTS / "entry_hostile.py"), "--seconds", str(args.seconds),
                               "--seed", str(args.seed)], env=env, cwd=tmp, check=False)
        if done.returncode or args.pytest is None:
            return done.returncode
        # From the copy's directory, which `python -m` puts first on sys.path; the repository's pytest settings.
        tests = [str(Path(t).resolve()) for t in args.pytest] or [str(TESTS)]
        return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-c", str(ROOT / "pyproject.toml"),
                               "--rootdir", str(ROOT), "-q", *tests], env=env, cwd=tmp, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
