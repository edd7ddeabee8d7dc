"""The engine fuzz target tests/fuzz/fuzz_engine.py: its oracles can fail,
and longer action sequences than tests/test_fuzz.py's random inputs.

tests/test_fuzz.py picks the target up like every ``fuzz_*.py``: the saved
findings in tests/fuzz/regressions-engine/, seeded random inputs and (with
OMAHA8_FUZZ_SECONDS) coverage-guided fuzzing, all through
tests/fuzz/driver.py with the per-input limits (1 s, 256 MiB).
"""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent / "fuzz"
TARGET = FUZZ / "fuzz_engine.py"
INPUTS = int(os.environ.get("OMAHA8_ENGINE_FUZZ_INPUTS", "600"))


@pytest.fixture(scope="module")
def target() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_engine", TARGET)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_long_random_inputs_through_the_target(target: ModuleType) -> None:
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
