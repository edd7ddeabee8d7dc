"""Hostile hand-history input (issue 32): what a reader keeps of a file of
broken hands is bounded, every line pattern reads in linear time, and
malicious PHH and JSON are refused with HandHistoryError after bounded work."""

from __future__ import annotations

import io
import subprocess
import sys
import time
import tracemalloc

import pytest

from omaha8_fast.histories import read_pokerstars
from omaha8_fast.histories.pokerstars import MAX_KEPT_ERRORS

_BARE = "PokerStars Hand #{}:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET\n"


def _bare_headers(n: int) -> str:
    """``n`` hands that are a header and nothing else: each one an error."""
    return "".join(_BARE.format(i) for i in range(1, n + 1))


# ---------------------------------------------------------------------------- finding 6: bounded errors


def test_skipped_errors_are_counted_exactly_and_kept_bounded() -> None:
    reader = read_pokerstars(io.StringIO(_bare_headers(3 * MAX_KEPT_ERRORS + 7)), errors="skip")
    assert list(reader) == []
    assert reader.error_count == 3 * MAX_KEPT_ERRORS + 7
    assert len(reader.errors) == MAX_KEPT_ERRORS
    assert [e.hand_id for e in reader.errors] == [str(i) for i in range(1, MAX_KEPT_ERRORS + 1)]  # the first ones
    assert all(e.__traceback__ is None for e in reader.errors)  # a traceback would hold the hand's lines


def test_skipped_games_are_counted_under_bounded_names() -> None:
    text = "".join(f"PokerStars Hand #{i}:  Game{i} ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET\n"
                   f"Table 'T' 6-max Seat #1 is the button\n\n" for i in range(1, 301))
    reader = read_pokerstars(io.StringIO(text), errors="skip")
    assert list(reader) == []
    assert sum(reader.skipped.values()) == 300
    assert len(reader.skipped) <= 101 and reader.skipped["(other games)"] == 200


def test_cli_reports_the_first_problems_and_counts_the_rest(tmp_path: object) -> None:
    import pathlib

    assert isinstance(tmp_path, pathlib.Path)
    path = tmp_path / "bare.txt"
    path.write_text(_bare_headers(250), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "omaha8_fast", "hh", "audit", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "0 hands:" in run.stdout and "250 unreadable" in run.stdout
    lines = run.stderr.splitlines()
    assert len(lines) == MAX_KEPT_ERRORS + 1
    assert lines[-1] == "omaha8 hh audit: error: 150 more problems not shown"


@pytest.mark.slow
def test_bare_headers_cost_constant_memory() -> None:
    """9 MB of bare headers: before the fix the reader kept ~290 MB (32 bytes
    per byte of input); now a few MB whatever the size."""
    stream = io.StringIO(_bare_headers(100_000))
    tracemalloc.start()
    try:
        reader = read_pokerstars(stream, errors="skip")
        assert sum(1 for _ in reader) == 0
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert reader.error_count == 100_000
    assert peak < 30_000_000, peak
