"""The PokerStars reader's C scanner (``o8_hh_scan``, csrc/histories/hh_scan.c) and C
record builder (``_entry.hh_records``, csrc/cpython/hh_records.c) against
the Python fast path and the Python builder they stand in for: the same
hands (every field and the stored forms), errors and skipped games on
generated hands (plain and awkward names, chips and cents), their randomly
edited copies and the hand-written files. Also: the generated hands nearly
all take the C path (or it would be untested), its records are left
untracked by the garbage collector, and both C functions stay in bounds and
refuse what they do not read, whatever they are given.

(tests/test_histories_fast.py compares the whole fast path, C included,
with the general reader; tests/test_c_harness.py runs o8_hh_scan under the
sanitizers.)
"""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_histories_fast import _STORED, _edit, _generated

from omaha8_fast._core import ffi, lib
from omaha8_fast.histories._model import ImportedHand, stored
from omaha8_fast.histories.pokerstars import _fast as ps, _read as ps_read

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("pokerstars_*.txt"))
HANDS = int(os.environ.get("OMAHA8_HH_FAST_HANDS", "1500" if os.environ.get("CI") else "300"))
needs_records = pytest.mark.skipif(ps._RECORDS is None, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")


@contextmanager
def _paths(scan: Any, records: Any) -> Iterator[None]:
    saved = ps._SCAN, ps._RECORDS
    ps._SCAN, ps._RECORDS = scan, records
    try:
        yield
    finally:
        ps._SCAN, ps._RECORDS = saved


def _read(text: str) -> tuple[list[ImportedHand], list[list[Any]], list[str], int, dict[str, int]]:
    reader = ps_read.PokerStarsReader([ps_read._split(text)], "skip")
    hands = list(reader)
    return hands, [[stored(h, f) for f in _STORED] for h in hands], [str(e) for e in reader.errors], reader.error_count, dict(reader.skipped)


def _agree(text: str) -> None:
    """The C scanner with the C builder, with the Python builder, and the Python fast path read ``text`` alike."""
    with _paths(lib.o8_hh_scan, ps._RECORDS):
        both_c = _read(text)
    with _paths(lib.o8_hh_scan, None):
        python_builder = _read(text)
    with _paths(None, None):
        python = _read(text)
    assert both_c == python_builder == python


@pytest.fixture(scope="module")
def generated() -> str:
    return _generated(HANDS, 15)


def test_generated_hands_nearly_all_take_the_c_path(generated: str) -> None:
    calls = [0, 0, 0]

    def scan(*args: Any) -> int:
        count: int = lib.o8_hh_scan(*args)
        calls[0] += 1
        calls[1] += count > 0
        return count

    def records(*args: Any) -> Any:
        made = real(*args)
        calls[2] += made is not None
        return made

    real = ps._RECORDS
    with _paths(scan, records if real is not None else None):
        hands = ps_read.parse_pokerstars(generated)
    assert len(hands) == HANDS and calls[0] == HANDS  # (the chips hands are ASCII too)
    assert calls[1] >= 0.99 * HANDS
    if real is not None:
        assert calls[2] == calls[1]


def test_the_paths_agree_on_generated_hands(generated: str) -> None:
    _agree(generated)
    _agree(_generated(HANDS // 4, 16, odd_names=True))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [31, 32, 33])
def test_the_paths_agree_on_many_generated_hands(seed: int) -> None:
    """The slow stage: the C scanner and the Python reader on thousands more
    random finished hands written by to_pokerstars (issue 32)."""
    _agree(_generated(2000, seed, odd_names=seed % 2 == 1))


def test_the_paths_agree_on_the_hand_written_files() -> None:
    for path in FILES:
        _agree(path.read_text(encoding="utf-8"))


def test_the_paths_agree_on_edited_hands() -> None:
    rng = random.Random(99)
    seeds = [p.read_text(encoding="utf-8") for p in FILES] + [_generated(40, 17), _generated(20, 18, odd_names=True)]
    for _ in range(600 if os.environ.get("CI") else 200):
        _agree(_edit(rng.choice(seeds), rng))


@needs_records
def test_the_c_records_are_not_tracked_by_the_collector(generated: str) -> None:
    hands = ps_read.parse_pokerstars(generated)
    for hand in hands[:50]:
        for name in _STORED:
            value = stored(hand, name)
            assert not gc.is_tracked(value), name
            assert not any(gc.is_tracked(r) for r in value if isinstance(r, tuple)), name
    # what callers see is unchanged: named tuples and Cards, built on the first read
    assert type(hands[0].seats[0]).__name__ == "Seat" and type(hands[0].board[0]).__name__ == "Card"


def _scan_values(text: str) -> tuple[list[int], int]:
    out = ffi.new(f"int64_t[{lib.O8_HH_OUT_SIZE}]")
    raw = text.encode("ascii")
    start = text.index("\n", text.index("\n") + 1) + 1
    count = lib.o8_hh_scan(raw, len(raw), start, 1, 4, 1, out, lib.O8_HH_OUT_SIZE)
    return list(ffi.unpack(out, count)), count


def test_the_scanner_writes_no_more_than_it_is_given(generated: str) -> None:
    body = generated.split("\n\n")[1].strip("\n")  # a hand in dollars
    values, count = _scan_values(body)
    assert count > 17 and len(values) == count
    raw = body.encode("ascii")
    start = body.index("\n", body.index("\n") + 1) + 1
    for size in (0, 1, 16, count - 1):
        out = ffi.new("int64_t[]", max(size, 1) + 1)
        out[size] = 12345  # one past the size it is told: never written
        assert lib.o8_hh_scan(raw, len(raw), start, 1, 4, 1, out, size) == 0
        assert out[size] == 12345
    out = ffi.new("int64_t[]", count)
    assert lib.o8_hh_scan(raw, len(raw), start, 1, 4, 1, out, count) == count
    # a start past the end, a bad hole size, the chips unit for a cents hand: refused, not misread
    big = ffi.new(f"int64_t[{lib.O8_HH_OUT_SIZE}]")
    assert lib.o8_hh_scan(raw, len(raw), len(raw) + 1, 1, 4, 1, big, lib.O8_HH_OUT_SIZE) == 0
    assert lib.o8_hh_scan(raw, len(raw), start, 1, 9, 1, big, lib.O8_HH_OUT_SIZE) == 0
    assert lib.o8_hh_scan(raw, len(raw), start, 0, 4, 1, big, lib.O8_HH_OUT_SIZE) == 0


def test_the_scanner_refuses_random_bytes_quickly() -> None:
    rng = random.Random(5)
    out = ffi.new(f"int64_t[{lib.O8_HH_OUT_SIZE}]")
    pieces = [b"Seat 1: a ($1 in chips)\n", b"a: folds\n", b"*** SUMMARY ***\n", b": ", b" collected ", b"[", b"]",
              b"*** ", b"\n", b"$", b"Total pot $1 | Rake $0\n", b"Dealt to a [", b" in chips", b"\xff"]
    for _ in range(2000):
        if rng.random() < 0.5:
            raw = rng.randbytes(rng.randrange(400))
        else:
            raw = b"".join(rng.choice(pieces) for _ in range(rng.randrange(60)))
        count = lib.o8_hh_scan(raw, len(raw), rng.randrange(len(raw) + 2), rng.randrange(2), rng.randrange(1, 8), 1,
                               out, lib.O8_HH_OUT_SIZE)
        assert 0 <= count <= lib.O8_HH_OUT_SIZE
    line = b"a: " + b": " * 500_000  # a 1 MB line of colons, and one of brackets: linear, not quadratic
    for raw in (b"Seat 1: a ($1 in chips)\n" + line, b"Dealt to " + b"a [" * 300_000):
        assert lib.o8_hh_scan(raw, len(raw), 0, 1, 4, 1, out, lib.O8_HH_OUT_SIZE) == 0


@needs_records
def test_the_builder_refuses_what_does_not_add_up(generated: str) -> None:
    """Any list, any values: hh_records returns the 12 parts or None, and never fails or reads out of bounds."""
    body = generated.split("\n\n")[1].strip("\n")  # a hand in dollars
    values, _ = _scan_values(body)
    names = ps._RECORD_NAMES
    build = ps._RECORDS
    made = build(body, values, 4, names)
    assert made is not None and len(made) == 12
    assert build(body, values, 5, names) is None  # holes of 4 in a 5-card game
    for args in ((body, values, 4), (body, tuple(values), 4, names), (body.encode(), values, 4, names),
                 (body, values, 4.0, names), (body, values, True, names), (body, values, 4, names[:-1]),
                 (body, values, 4, (*names[:-1], 1)), (body, values[:-1], 4, names), (body, [], 4, names),
                 (body, values + [0], 4, names), (body, [*values[:5], 2**70, *values[6:]], 4, names),
                 (body, [*values[:5], "x", *values[6:]], 4, names), (body[:10], values, 4, names)):
        assert build(*args) is None
    rng = random.Random(8)
    specials = [-(2**63), -2, -1, 0, 1, 2, 3, 5, 6, 10, 11, 51, 52, 63, 64, 2**31, 2**62, len(body), len(body) + 1]
    for _ in range(3000):
        changed = list(values)
        for _ in range(rng.randint(1, 3)):
            changed[rng.randrange(len(changed))] = rng.choice(specials + [rng.randrange(-5, 3000)])
        result = build(body, changed, 4, names)
        assert result is None or (type(result) is tuple and len(result) == 12)


@needs_records
def test_the_builder_leaks_nothing(generated: str) -> None:
    """Made and refused records, many times over: the memory in use does not grow (a lost reference would)."""
    import tracemalloc

    body = generated.split("\n\n")[1].strip("\n")
    values, _ = _scan_values(body)
    bad = list(values)
    bad[-3] = 52  # the last hole card (two unused slots follow) out of range: refused after most records are made
    build, names = ps._RECORDS, ps._RECORD_NAMES

    def rounds(n: int) -> None:
        for _ in range(n):
            assert build(body, values, 4, names) is not None
            assert build(body, bad, 4, names) is None

    rounds(200)
    tracemalloc.start()
    try:
        rounds(200)
        before = tracemalloc.get_traced_memory()[0]
        rounds(5000)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 20_000, f"{grown} bytes more after 5,000 rounds"
