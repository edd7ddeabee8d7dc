"""The ``_entry`` extension (csrc/cpython/entry.c, hh_records.c) built with
AddressSanitizer and UndefinedBehaviorSanitizer (tests/sanitize_entry.py,
a few seconds: ``_core`` stays the installed one) and run with the ASan
runtime preloaded and Python's objects on the system malloc: the hostile
loop of tests/entry_hostile.py (``OMAHA8_ENTRY_SANITIZE_SECONDS``; 8 s, 20 s
when ``CI`` is set) and the tests of the extension's C paths. Any out-of-bounds
access, use after free (a reference count one too low) or undefined
behaviour aborts the run. Skipped without csrc/, a C compiler, Python's
headers or the sanitizer runtimes, and off Linux."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import sanitize_entry

SECONDS = float(os.environ.get("OMAHA8_ENTRY_SANITIZE_SECONDS", "20" if os.environ.get("CI") else "8"))
TESTS = Path(__file__).resolve().parent
#: The tests of the extension's C paths, run on the sanitized build too.
ENTRY_TESTS = ["test_entry.py", "test_engine_cstate.py", "test_entry_hostile.py", "test_histories_scan.py"]

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (sanitize_entry.CSRC / "cpython" / "entry.c").is_file()
    or not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file(),
    reason="needs csrc/, Python's headers and Linux",
)
pytestmark = [pytestmark, pytest.mark.slow]  # minutes of compiling: the slow stage


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The package copy with the sanitized _entry, and the environment that runs it."""
    if sanitize_entry.compiler() is None or sanitize_entry.runtime() is None:
        pytest.skip("no C compiler with the ASan runtime")
    work = tmp_path_factory.mktemp("sanitized_entry")
    try:
        sanitize_entry.build(work)
    except RuntimeError as error:  # a compiler that cannot sanitize (no libubsan, ...)
        pytest.skip(f"cannot build with the sanitizers: {str(error)[:500]}")
    env = sanitize_entry.sanitizer_env(work)
    probe = subprocess.run([sys.executable, "-c", "import omaha8_fast._entry as e; print(e.__file__)"], env=env,
                           cwd=work, capture_output=True, text=True, check=False)
    if probe.returncode:  # the runtime does not load into this interpreter
        pytest.skip(f"the sanitized build does not load: {probe.stderr[-500:]}")
    assert probe.stdout.startswith(str(work)), probe.stdout
    return work, env


def _clean(done: subprocess.CompletedProcess[str]) -> None:
    report = done.stderr[-6000:]
    assert "ERROR: AddressSanitizer" not in done.stderr and "runtime error:" not in done.stderr, report
    assert done.returncode == 0, report + done.stdout[-3000:]


def test_the_hostile_loop_under_the_sanitizers(sanitized: tuple[Path, dict[str, str]]) -> None:
    work, env = sanitized
    done = subprocess.run([sys.executable, str(TESTS / "entry_hostile.py"), "--seconds", str(SECONDS), "--seed",
                           os.environ.get("OMAHA8_ENTRY_HOSTILE_SEED", "0")], env=env, cwd=work, capture_output=True,
                          text=True, timeout=SECONDS * 10 + 120, check=False)
    _clean(done)
    assert "act taken:" in done.stdout and "hh_records built:" in done.stdout, done.stdout


def test_the_entry_tests_under_the_sanitizers(sanitized: tuple[Path, dict[str, str]]) -> None:
    work, env = sanitized
    root = TESTS.parent
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
                           "-c", str(root / "pyproject.toml"), "--rootdir", str(root),
                           *(str(TESTS / name) for name in ENTRY_TESTS)],
                          env={**env, "PYTEST_ADDOPTS": ""}, cwd=work, capture_output=True, text=True, timeout=900,
                          check=False)
    _clean(done)
