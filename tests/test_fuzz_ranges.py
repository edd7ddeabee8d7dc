"""The range fuzz target's own oracle can fail (tests/fuzz/fuzz_ranges.py).

tests/test_fuzz.py runs the target like every other one (saved findings,
seeded random inputs, coverage-guided runs); this file checks that the
target reports what it is there to catch.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

TARGET = Path(__file__).resolve().parent / "fuzz" / "fuzz_ranges.py"


@pytest.fixture(scope="module")
def ranges_target() -> ModuleType:
    spec = importlib.util.spec_from_file_location(TARGET.stem, TARGET)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.warm_up()
    return module


def test_the_range_oracle_reports_escapes_and_overruns(ranges_target: ModuleType,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """An escaping exception, a long message and an input past the traced
    memory bound are each a finding (the CPU bound is the driver's, tested
    in tests/test_fuzz.py)."""
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
    monkeypatch.setattr(ranges_target, "MEGABYTES", -1)
    with pytest.raises(ranges_target.Finding, match="allocated"):
        ranges_target.one_input(data)
