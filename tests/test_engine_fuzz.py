"""The engine fuzz target tests/fuzz/fuzz_engine.py in the test suite.

Always: the saved findings in tests/fuzz/regressions-engine/ and seeded random
inputs go through the target (no atheris needed). With
OMAHA8_ENGINE_FUZZ_SECONDS=N (or OMAHA8_FUZZ_SECONDS, as in CI, capped at 30 s)
and atheris installed: a coverage-guided run of N seconds with the resource
limits (each input <= 1 s and <= 256 MB).
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent / "fuzz"
TARGET = FUZZ / "fuzz_engine.py"
REGRESSIONS = sorted((FUZZ / "regressions-engine").glob("*"))
INPUTS = int(os.environ.get("OMAHA8_ENGINE_FUZZ_INPUTS", "1500"))


@pytest.fixture(scope="module")
def target() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_engine", TARGET)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.name for p in REGRESSIONS])
def test_saved_findings_stay_fixed(target: ModuleType, path: Path) -> None:
    target.one_input(path.read_bytes())


def test_random_inputs_through_the_target(target: ModuleType) -> None:
    rng = random.Random(1516)
    for _ in range(INPUTS):
        target.one_input(rng.randbytes(rng.randrange(8, 160)))


def test_the_oracle_catches_lost_chips(target: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha8_fast.engine import Hand

    monkeypatch.setattr(Hand, "rake", property(lambda self: 1))
    with pytest.raises(target.Finding, match="conserved"):
        target.one_input(bytes([0, 2, 0, 0, 0, 0, 0, 0, 7, 5, 7, 5, 0, 0, 0]))  # heads-up no-limit, stacks of 70


def test_the_oracle_catches_a_leaking_view(target: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha8_fast.engine import Hand

    real = Hand.view
    monkeypatch.setattr(Hand, "view", lambda self, seat: real(self, (seat or 0) + 1 if seat is None or seat + 1 < self.players else 0))
    with pytest.raises(target.Finding, match="view"):
        target.one_input(bytes([0, 2, 0, 0, 0, 0, 0, 0, 7, 5, 7, 5, 0, 0, 0]))  # heads-up no-limit, stacks of 70


SECONDS = os.environ.get("OMAHA8_ENGINE_FUZZ_SECONDS") or (
    str(min(30, int(os.environ["OMAHA8_FUZZ_SECONDS"]))) if os.environ.get("OMAHA8_FUZZ_SECONDS") else "")


@pytest.mark.skipif(not SECONDS, reason="set OMAHA8_ENGINE_FUZZ_SECONDS (or OMAHA8_FUZZ_SECONDS, capped at 30) to fuzz")
def test_coverage_guided_fuzzing(tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    seconds = int(SECONDS)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = subprocess.run(
        [sys.executable, str(TARGET), f"-max_total_time={seconds}", "-timeout=1", "-rss_limit_mb=256",
         f"-artifact_prefix={tmp_path}/", str(corpus)],
        capture_output=True, text=True, timeout=seconds + 300,
    )
    findings = sorted(p.name for p in tmp_path.glob("*-*") if p.is_file())
    assert done.returncode == 0 and not findings, (
        f"fuzzing found {findings} (copy them into tests/fuzz/regressions-engine/):\n{done.stderr[-6000:]}"
    )
