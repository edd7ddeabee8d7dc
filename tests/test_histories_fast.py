"""The PokerStars reader's fast path (``_parse_fast``) against its general
reader (``_parse_one``): on every hand of the hand-written files, of engine
hands written with ``to_pokerstars`` (names with spaces, colons, brackets,
quotes and non-ASCII letters among them) and of randomly edited copies of
both, the fast path either gives the hand up or reads exactly what the
general reader reads (every field of the ImportedHand); and a hand the
general reader refuses is never read by the fast path. The fast path must
also read nearly all the plain generated hands, or it would be untested.

Set OMAHA8_HH_FAST_HANDS=N for more generated hands (CI runs more).
"""

from __future__ import annotations

import os
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from random_play import play_out

from omaha8_fast.engine import Hand
from omaha8_fast.histories import parse_pokerstars, read_pokerstars, to_pokerstars
from omaha8_fast.histories._model import HandHistoryError, ImportedHand, stored
from omaha8_fast.histories.pokerstars import _fast as ps, _lines as ps_lines, _read as ps_read

DATA = Path(__file__).resolve().parent / "data"
HANDS = int(os.environ.get("OMAHA8_HH_FAST_HANDS", "1500" if os.environ.get("CI") else "400"))
_STORED = ("seats", "posts", "actions", "shown", "collected", "boards", "hole_cards")
FILES = sorted(DATA.glob("pokerstars_*.txt"))
ODD_NAMES = ["Jo Ann", "a:b", "x: y", "[TEAM] z", "élodie", "Ünal ß", "q\"uote", 'bo said, "hi', "Seat 9",
             "Dealt to me", "we collected ", "(paren)", "tab\tname", "Uncalled bet (x", "*** x", "pots: of: gold"]


def _play(rng: random.Random, betting: str) -> Hand:
    n = rng.randint(2, 6)
    hand = Hand([rng.choice([6, 40, 120, 400, 2000]) for _ in range(n)], rng.randrange(n), 1, 2,
                betting=betting, seed=rng.getrandbits(32))  # type: ignore[arg-type]
    return play_out(hand, rng, raise_below=0.2, fold_below=0.45)


def _generated(count: int, seed: int, odd_names: bool = False) -> str:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        hand = _play(rng, ("limit", "pot-limit", "no-limit")[k % 3])
        n = len(hand.history.stacks)
        names = rng.sample(ODD_NAMES, n) if odd_names else None
        currency = "USD" if k % 2 else None
        out.append(to_pokerstars(hand, hand_id=7_000_000 + k, names=names, currency=currency))
    return "\n\n".join(out)


def _general(lines: list[str], first: int, long_line: bool) -> ImportedHand | str | HandHistoryError:
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    try:
        return ps_lines._parse_one(lines, first, long_line)
    except HandHistoryError as error:
        return error


def _values(hand: ImportedHand) -> list[Any]:
    return [getattr(hand, f.name) for f in fields(ImportedHand)]


def _compare(text: str) -> tuple[int, int]:
    """Check every hand of ``text``; (hands, hands the fast path read)."""
    blocks = list(ps_read._blocks([ps_read._split(text)]))
    fast_read = 0
    for first, block, too_long, long_line in blocks:
        if too_long or long_line:
            continue  # the fast path never sees these
        body = (block if isinstance(block, str) else "\n".join(block)).rstrip("\n")
        lines = body.split("\n")
        expected = _general(lines, first, False)
        if not body or body[-1].isspace():
            continue
        fast = ps._parse_fast(body, first)
        if fast is None:
            continue
        fast_read += 1
        assert not isinstance(expected, HandHistoryError), f"the fast path read a hand the reader refuses: {expected}"
        if isinstance(expected, str):
            assert fast == expected
            continue
        assert isinstance(fast, ImportedHand)
        # the stored forms (plain tuples and card ids, as the audit reads them), then every field
        assert [stored(fast, f) for f in _STORED] == [stored(expected, f) for f in _STORED], body
        assert _values(fast) == _values(expected), body
    return len(blocks), fast_read


def _edit(text: str, rng: random.Random) -> str:
    """``text`` with a few random line edits."""
    junk = ["", " ", "x", ": ", ' said, "hi: x"', " collected ", " [Ah]", "]", "[", "*** ", "Seat 1: ", " and is all-in",
            " to ", "$1", "(", ")", "\t", "é", "Uncalled bet (", "Dealt to ", " in chips", " from ", "folds", "checks",
            "calls $1", "raises $1 to $2", "posts big blind $0.50", "shows [Ah Kd 2c 3c]", " mucked [", " showed ["]
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + rng.choice(junk) + lines[i][j:]
        elif op == 3:
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + lines[i][j + rng.randint(1, 5):]
        elif op == 4:
            lines[i] += rng.choice(junk)
        elif op == 5:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = lines[i].replace("Player1", rng.choice(ODD_NAMES))
    return "\n".join(lines)


@pytest.fixture(scope="module")
def generated() -> str:
    return _generated(HANDS, 5)


def test_the_hand_written_files() -> None:
    read = 0
    for path in FILES:
        count, fast = _compare(path.read_text(encoding="utf-8"))
        assert count > 0
        read += fast
    assert read > 0  # the fast path reads some of them


def test_generated_hands_nearly_all_take_the_fast_path(generated: str) -> None:
    count, fast = _compare(generated)
    assert count == HANDS
    assert fast >= 0.99 * count


def test_generated_hands_with_odd_names() -> None:
    count, fast = _compare(_generated(HANDS // 4, 6, odd_names=True))
    assert count == HANDS // 4 and fast > 0


def test_edited_hands() -> None:
    rng = random.Random(2024)
    seeds = [p.read_text(encoding="utf-8") for p in FILES] + [_generated(40, 8), _generated(20, 9, odd_names=True)]
    for _ in range(1500 if os.environ.get("CI") else 500):
        _compare(_edit(rng.choice(seeds), rng))


def test_the_reader_gives_what_the_general_reader_gives(generated: str) -> None:
    """The whole reader (fast path and all) against the general reader, hand by hand, with the errors."""
    rng = random.Random(77)
    text = "\n".join(_edit(block, rng) if rng.random() < 0.3 else block for block in generated.split("\n\n"))
    reader = read_pokerstars(__import__("io").StringIO(text), errors="skip")
    hands = list(reader)
    expected: list[ImportedHand] = []
    errors: list[str] = []
    skipped: dict[str, int] = {}
    for first, block, too_long, long_line in ps_read._blocks([ps_read._split(text)]):
        lines = block if isinstance(block, list) else block.split("\n")
        if too_long:
            continue
        result = _general(lines, first, long_line)
        if isinstance(result, HandHistoryError):
            errors.append(str(result))
        elif isinstance(result, str):
            skipped[result] = skipped.get(result, 0) + 1
        else:
            expected.append(result)
    assert hands == expected
    assert [str(e) for e in reader.errors] == errors[:ps_read.MAX_KEPT_ERRORS]  # the first ones are kept
    assert reader.error_count == len(errors)
    assert dict(reader.skipped) == skipped


def test_hostile_lines_are_read_or_refused_quickly() -> None:
    """A 1 MB line, lines of many colons, brackets or repeated words: each hand is read or refused
    (a HandHistoryError naming it), without the regular expressions backtracking for long."""
    header = "PokerStars Hand #1:  Omaha Hi/Lo Limit ($0.02/$0.04 USD) - 2024/01/01 00:00:00 ET\n"
    table = "Table 'T' 6-max Seat #1 is the button\nSeat 1: a ($1 in chips)\nSeat 2: b ($1 in chips)\n"
    tail = "*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
    for line in ("x" * 1_000_000, ":" * 4000, ": " * 2000, "a" + " collected 1 from" * 230, "Seat 1: " + "a (" * 1300,
                 "Dealt to " + "a [" * 1300, "Uncalled bet (" + "(" * 4000, "a: " + "raises " * 580, "*** " * 1000):
        reader = ps_read.PokerStarsReader([header + table + line + "\n" + tail], "skip")
        hands = list(reader)
        assert len(hands) + len(reader.errors) == 1
        assert all(e.hand_id == "1" for e in reader.errors)
        if len(line) > ps_lines.MAX_LINE:
            assert reader.errors and "longer than" in str(reader.errors[0])
    name = ":" * 1000 + " x"  # a name of many colons, and lines of it
    text = header + f"Table 'T' Seat #1 is the button\nSeat 1: {name} ($1 in chips)\nSeat 2: b ($1 in chips)\n" + \
        f"{name}: posts small blind $0.01\nb: posts big blind $0.02\n*** HOLE CARDS ***\n{name}: folds\n" + \
        f"Uncalled bet ($0.01) returned to b\nb collected $0.02 from pot\n{tail}"
    [hand] = parse_pokerstars(text)
    assert hand.players == (name, "b") and hand.actions[0].player == name
    _compare(text)


def test_a_date_with_a_dash_is_whole_in_every_hand() -> None:
    """The header cache keeps where the date starts: "2008/01/07 - 22:59:37 (ET)" whole, every time."""
    text = (DATA / "pokerstars_o8.txt").read_text(encoding="utf-8")
    start = text.index("PokerStars Game #500000000009")
    block = text[start:text.find("\nPokerStars ", start + 1) if "\nPokerStars " in text[start + 1:] else len(text)]
    again = block.replace("#500000000009", "#500000000010").replace("22:59:37", "23:01:02")
    hands = parse_pokerstars(block + "\n\n" + again) + parse_pokerstars(again)
    assert [h.date for h in hands] == ["2008/01/07 - 22:59:37 (ET)", "2008/01/07 - 23:01:02 (ET)",
                                       "2008/01/07 - 23:01:02 (ET)"]
