"""The hand-history fuzz target tests/fuzz/fuzz_histories.py in the test suite.

Always: a few hundred seeded random inputs (edited hand-written hands and raw
bytes) go through the target, no atheris needed. With OMAHA8_FUZZ_SECONDS=N
and atheris installed: a coverage-guided run of N seconds with memory and time
limits.
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

TARGET = Path(__file__).resolve().parent / "fuzz" / "fuzz_histories.py"


@pytest.fixture(scope="module")
def target() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_histories", TARGET)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_edited_hands_through_the_target(target: ModuleType) -> None:
    rng = random.Random(1234)
    for _ in range(400 if os.environ.get("CI") else 150):
        mode = rng.choice([0, 1])
        target.one_input(bytes([mode, rng.randrange(256)]) + rng.randbytes(rng.randrange(3, 40)))


def test_raw_bytes_through_the_target(target: ModuleType) -> None:
    rng = random.Random(4321)
    for _ in range(300):
        target.one_input(bytes([rng.choice([2, 3])]) + rng.randbytes(rng.randrange(200)))
    target.one_input(b"\x02PokerStars Hand #1: Omaha Hi/Lo Limit ($1/$2) - x\nTable 'a' Seat #1 is the button")


def test_the_target_can_find_something(target: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken audit is reported as a finding."""
    from omaha8_fast import histories

    def broken(hand: object) -> object:
        raise KeyError("oops")

    monkeypatch.setattr(histories, "audit", broken)
    with pytest.raises(target.Finding):
        target.one_input(bytes([0, 2]))  # the first seed file unchanged


@pytest.mark.skipif(not os.environ.get("OMAHA8_FUZZ_SECONDS"), reason="set OMAHA8_FUZZ_SECONDS to fuzz")
def test_coverage_guided_fuzzing(tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    seconds = int(os.environ["OMAHA8_FUZZ_SECONDS"])
    done = subprocess.run(
        [sys.executable, str(TARGET), f"-max_total_time={seconds}", "-rss_limit_mb=2048", "-timeout=20",
         "-max_len=4096", f"-artifact_prefix={tmp_path}/"],
        capture_output=True, text=True, timeout=seconds + 300,
    )
    crashes = sorted(p.name for p in tmp_path.glob("crash-*")) + sorted(p.name for p in tmp_path.glob("timeout-*"))
    assert done.returncode == 0 and not crashes, f"fuzzing found {crashes}:\n{done.stderr[-6000:]}"
