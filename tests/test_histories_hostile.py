"""Hostile hand-history input (issue 32): what a reader keeps of a file of
broken hands is bounded, every line pattern reads in linear time, and
malicious PHH and JSON are refused with HandHistoryError after bounded work."""

from __future__ import annotations

import io
import subprocess
import sys
import time
import tracemalloc
from typing import Any

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


# ---------------------------------------------------------------------------- finding 7: linear-time lines

_OLD_TABLE = __import__("re").compile(r"Table '(.*)'(?: (\d+)-max)?.*? Seat #(\d+) is the button")  # the reference
_OLD_STAKES = __import__("re").compile(r"([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?\)")


def _adversarial(shape: str, width: int, total: int, first: int = 1) -> str:
    """``total`` characters of hands whose one hostile line is ``width`` characters of ``shape`` (each line
    different, the hands numbered from ``first``: the reader caches the lines it has read, so two texts
    timed against each other must not share one)."""
    header = "PokerStars Hand #{0}:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET\n"
    table = "Table 'T' 6-max Seat #1 is the button\n"
    lines = {
        "table quotes": lambda: header + "Table '" + "'" * width + "\n",
        "table seats": lambda: header + "Table '" + "' Seat #" * (width // 8) + "\n",
        "table max": lambda: header + "Table '" + "' 9-max" * (width // 7) + "\n",
        "stakes digits": lambda: "PokerStars Hand #{0}:  Omaha Hi/Lo Pot Limit ({0}" + "1" * width + ") - x\n" + table,
        "stakes slashes": lambda: "PokerStars Hand #{0}:  Omaha Hi/Lo Pot Limit ({0}" + "1/" * (width // 2) + " - x\n"
        + table,
        "header spaces": lambda: "PokerStars Hand #{0}:" + " " * width + "Omaha Hi/Lo Pot Limit ($1/${0})\n" + table,
        "level": lambda: "PokerStars Hand #{0}:  Tournament #{0}, $1 Omaha Hi/Lo Pot Limit - " + "Level " * (width // 6)
        + "\n" + table,
        "breakdown": lambda: header + table + "Seat 1: a ($10 in chips)\nSeat 2: b ($10 in chips)\n*** SUMMARY ***\n"
        "Total pot $1 " + "Main pot Side pot-1" * (width // 19) + "\n",
    }
    make = lines[shape]
    out: list[str] = []
    size = 0
    while size < total:
        hand = make().format(first + len(out)) + "\n"
        out.append(hand)
        size += len(hand)
    return "".join(out)


SHAPES = ("table quotes", "table seats", "table max", "stakes digits", "stakes slashes", "header spaces", "level",
          "breakdown")


def _cpu(text: str) -> float:
    reader = read_pokerstars(io.StringIO(text), errors="skip")
    start = time.process_time()
    for _ in reader:
        pass
    assert reader.error_count or reader.hands_read  # every hand went through the reader
    return time.process_time() - start


@pytest.mark.parametrize("shape", SHAPES)
def test_adversarial_lines_read_quickly(shape: str) -> None:
    """200 KB of 4,000-character hostile lines: ~0.01 s; 2 s is 100x that
    (before the fix the table quotes took ~3.5 s)."""
    assert _cpu(_adversarial(shape, 4000, 200_000)) < 2.0


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES)
def test_adversarial_lines_read_in_linear_time(shape: str) -> None:
    """1 MB of hostile lines costs about what 100 KB costs ten times, and
    long lines cost what short ones do per character (quadratic patterns
    made both ratios ~10x worse)."""
    short_lines = _cpu(_adversarial(shape, 400, 1_000_000, first=10_000_000))
    big = _cpu(_adversarial(shape, 4000, 1_000_000, first=20_000_000))
    small = _cpu(_adversarial(shape, 4000, 100_000, first=30_000_000))  # read from scratch, as big is
    assert big < 30 * max(small, 0.005), (small, big)
    assert big < 4 * max(short_lines, 0.02), (short_lines, big)



@pytest.mark.parametrize("seed", range(3))
def test_table_line_reads_as_the_old_pattern(seed: int) -> None:
    """The str reading of the table line agrees with the regex it replaced
    on random lines made of that regex's pieces."""
    import random

    from omaha8_fast.histories.pokerstars._lines import _table_fields

    rng = random.Random(seed)
    pieces = ["'", " ", "9", "-max", " Seat #", "12", " is the button", "x", "Table '", "٣"]
    for _ in range(3000):
        text = "Table '" + "".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        old = _OLD_TABLE.match(text)
        want = None if old is None else (old.group(1), int(old.group(2)) if old.group(2) else None,
                                         int(old.group(3)))
        assert _table_fields(text) == want, text


@pytest.mark.parametrize("seed", range(3))
def test_stakes_pattern_finds_what_the_old_one_found(seed: int) -> None:
    import random

    from omaha8_fast.histories.pokerstars._lines import _STAKES

    rng = random.Random(seed)
    pieces = ["1", "0", ".", ",", "/", "$", "€", " ", ")", " USD", "(", "x", "A"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(14)))
        at = rng.randrange(len(text) + 1)
        old, new = _OLD_STAKES.search(text, at), _STAKES.search(text, at)
        if at > 0 and text[at - 1] in "0123456789.,":  # the readers search from just after a word: never here
            continue
        assert (old and (old.span(), old.groups())) == (new and (new.span(), new.groups())), (text, at)


# ---------------------------------------------------------------------------- malicious PHH and JSON


def _good_hand() -> Any:
    from omaha8_fast.engine import Hand

    hand = Hand([200, 200, 200], button=0, small_blind=1, big_blind=2, betting="pot-limit", seed=11)
    while not hand.is_over:
        hand.act("call" if "call" in hand.legal_actions().actions else "check")
    return hand.history


def _json_attacks() -> dict[str, str]:
    from omaha8_fast.histories import to_json

    good = to_json(_good_hand())
    return {
        "deep nesting": "[" * 200_000 + "]" * 200_000,
        "deep object": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "huge number": good.replace('"version": 1', '"version": 1' + "0" * 5000, 1).replace(
            '"version":1', '"version":1' + "0" * 5000, 1),
        "huge float": good.replace('"version": 1', '"version": 1e999', 1).replace('"version":1', '"version":1e999', 1),
        "NaN": good.replace('"version": 1', '"version": NaN', 1).replace('"version":1', '"version":NaN', 1),
        "duplicate keys": good[:-1] + ', "schema": "other"}',
        "wrong type": good.replace('"version": 1', '"version": "1"', 1).replace('"version":1', '"version":"1"', 1),
        "list": "[1, 2, 3]",
        "too long": " " * 6_000_000,
    }


def _phh_attacks() -> dict[str, str]:
    from omaha8_fast.histories import to_phh

    good = to_phh(_good_hand())
    return {
        "deep nesting": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "huge number": good + "\nante_trimming_status = " + "9" * 5000 + "\n",
        "NaN stacks": good.replace("starting_stacks = [", "starting_stacks = [nan, ", 1),
        "inf blinds": good.replace("blinds_or_straddles = [", "blinds_or_straddles = [inf, ", 1),
        "duplicate keys": good + "\nvariant = 'NT'\n",
        "wrong type": good.replace("starting_stacks = [", "starting_stacks = 'x' #[", 1),
        "not toml": "variant = = =",
        "too long": "# " + "x" * 3_000_000,
    }


@pytest.mark.parametrize("name", list(_json_attacks()))
def test_malicious_json_is_refused(name: str) -> None:
    from omaha8_fast.histories import HandHistoryError, from_json

    text = _json_attacks()[name]
    start = time.process_time()
    with pytest.raises(HandHistoryError) as error:
        from_json(text)
    assert str(error.value) and "\n" not in str(error.value)
    assert time.process_time() - start < 5.0  # bounded work: ~0.1 s at most here


@pytest.mark.parametrize("name", list(_phh_attacks()))
def test_malicious_phh_is_refused(name: str) -> None:
    from omaha8_fast.histories import HandHistoryError, from_phh

    text = _phh_attacks()[name]
    start = time.process_time()
    with pytest.raises(HandHistoryError) as error:
        from_phh(text)
    assert str(error.value)
    assert time.process_time() - start < 5.0
