"""The fuzz targets tests/fuzz/fuzz_api.py and tests/fuzz/fuzz_ranges.py in
the test suite.

Always: the saved findings in tests/fuzz/regressions/ and a few thousand seeded
random inputs go through the target (no atheris needed). With
OMAHA8_FUZZ_SECONDS=N (e.g. 60 in CI) and atheris installed: a coverage-guided
run of N seconds.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent / "fuzz"
TARGET = FUZZ / "fuzz_api.py"
REGRESSIONS = sorted((FUZZ / "regressions").glob("*"))
RANGES_TARGET = FUZZ / "fuzz_ranges.py"
RANGES_REGRESSIONS = sorted((FUZZ / "regressions_ranges").glob("*"))


def _target(path: Path = TARGET) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def target() -> ModuleType:
    return _target()


@pytest.fixture(scope="module")
def ranges_target() -> ModuleType:
    module = _target(RANGES_TARGET)
    module.warm_up()
    return module


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.name for p in REGRESSIONS])
def test_saved_findings_stay_fixed(target: ModuleType, path: Path) -> None:
    target.one_input(path.read_bytes())


def test_random_inputs_through_the_target(target: ModuleType) -> None:
    rng = random.Random(20240607)
    for _ in range(3000):
        target.one_input(rng.randbytes(rng.randrange(64)))


def test_the_oracle_reports_a_wrong_answer(target: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """The target can fail: an evaluator that is off by one class is caught."""
    import omaha8_fast

    real = omaha8_fast.evaluate_high
    monkeypatch.setattr(omaha8_fast, "evaluate_high", lambda hole, board: real(hole, board) % 7462 + 1)
    data = bytes([1, 0, 1, 0, 0, 0, 0, 0, 0, 4, 4, 4])  # evaluate_high, ids 0-3 on 4-6
    with pytest.raises(target.Finding):
        target.one_input(data)


@pytest.mark.parametrize("path", RANGES_REGRESSIONS, ids=[p.name for p in RANGES_REGRESSIONS])
def test_saved_range_findings_stay_fixed(ranges_target: ModuleType, path: Path) -> None:
    ranges_target.one_input(path.read_bytes())


def test_random_inputs_through_the_range_target(ranges_target: ModuleType) -> None:
    rng = random.Random(20261201)
    for _ in range(400):
        ranges_target.one_input(rng.randbytes(rng.randrange(48)))


def test_the_range_oracle_reports_escapes_and_overruns(ranges_target: ModuleType,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The range target can fail: an escaping exception, a long message and a
    slow input are each a finding."""
    data = bytes([0, 0]) + b"AA"
    ranges_target.one_input(data)

    def escapes(text: str, hole_size: int) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(ranges_target, "Range", escapes)
    with pytest.raises(ranges_target.Finding, match="RecursionError"):
        ranges_target.one_input(data)

    def long_message(text: str, hole_size: int) -> None:
        raise ranges_target.RangeSyntaxError(text * 200, 1, "x" * 400, "y")

    monkeypatch.setattr(ranges_target, "Range", long_message)
    with pytest.raises(ranges_target.Finding, match="message"):
        ranges_target.one_input(data)
    monkeypatch.undo()
    monkeypatch.setattr(ranges_target, "SECONDS", -1.0)
    with pytest.raises(ranges_target.Finding, match="CPU"):
        ranges_target.one_input(data)


@pytest.mark.skipif(not os.environ.get("OMAHA8_FUZZ_SECONDS"), reason="set OMAHA8_FUZZ_SECONDS to fuzz")
def test_coverage_guided_range_fuzzing(tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    seconds = int(os.environ["OMAHA8_FUZZ_SECONDS"])
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in RANGES_REGRESSIONS:
        shutil.copy(path, corpus)
    done = subprocess.run(
        [sys.executable, str(RANGES_TARGET), f"-max_total_time={seconds}", "-rss_limit_mb=2048", "-timeout=10",
         f"-artifact_prefix={tmp_path}/", str(corpus)],
        capture_output=True, text=True, timeout=seconds + 300,
    )
    crashes = sorted(p.name for p in tmp_path.glob("crash-*")) + sorted(p.name for p in tmp_path.glob("timeout-*"))
    assert done.returncode == 0 and not crashes, (
        f"fuzzing found {crashes} (copy them into tests/fuzz/regressions_ranges/):\n{done.stderr[-6000:]}"
    )


@pytest.mark.skipif(not os.environ.get("OMAHA8_FUZZ_SECONDS"), reason="set OMAHA8_FUZZ_SECONDS to fuzz")
def test_coverage_guided_fuzzing(tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    seconds = int(os.environ["OMAHA8_FUZZ_SECONDS"])
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in REGRESSIONS:
        shutil.copy(path, corpus)
    done = subprocess.run(
        [sys.executable, str(TARGET), f"-max_total_time={seconds}", "-rss_limit_mb=2048",
         f"-artifact_prefix={tmp_path}/", str(corpus)],
        capture_output=True, text=True, timeout=seconds + 300,
    )
    crashes = sorted(p.name for p in tmp_path.glob("crash-*"))
    assert done.returncode == 0 and not crashes, (
        f"fuzzing found {crashes} (copy them into tests/fuzz/regressions/):\n{done.stderr[-6000:]}"
    )
