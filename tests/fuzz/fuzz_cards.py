"""Fuzz target for the card parser: ``parse_card``, ``parse_cards``,
``Card``, ``format_cards`` on arbitrary text and card lists.

The oracle is a small independent model of the documented syntax, written
from the docstrings, not from the parser: separators are space, comma, tab,
newline and carriage return; a card is a rank of ``23456789TJQKA`` (either
case, ``10`` for ``T``) then a suit of ``cdhs`` (either case); packed text
(``"AsKd"``) reads two characters at a time. Every call must give the
model's answer, or raise ``ValueError``/``TypeError`` with a short message
(at most ``MAX_MESSAGE`` characters however long the input) exactly when
the model rejects the input. Inputs are arbitrary Unicode, text spelled
from the card alphabet, valid hands in random spellings with one mutation,
and long repetitions (up to ``MAX_REPEAT`` characters: parsing must stay
linear, tests/fuzz/driver.py bounds each input to 1 s and 256 MiB).

Run it by hand like any target::

    python tests/fuzz/driver.py tests/fuzz/fuzz_cards.py -max_total_time=600 CORPUS_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

import omaha8_fast as o8

sys.path.insert(0, str(Path(__file__).resolve().parent))  # loaded by path: find the shared reader
from byte_reader import Bytes  # noqa: E402

RANKS, SUITS = "23456789TJQKA", "cdhs"
SEPARATORS = " ,\t\n\r"
MAX_MESSAGE = 600
MAX_REPEAT = 20_000
ALPHABET = "23456789TJQKAtjqka10cdhsCDHSx ,\t\n\r\x0b\x0c\u00a0\u2003\uff21\u0131\u212a.;-_"


class Finding(AssertionError):
    """The parser broke its contract on this input."""




# --- the model ------------------------------------------------------------------


def _rank(ch: str) -> int | None:
    return RANKS.index(ch.upper()) if len(ch) == 1 and ch.upper() in RANKS and ch.isascii() else None


def _suit(ch: str) -> int | None:
    return SUITS.index(ch.lower()) if len(ch) == 1 and ch.lower() in SUITS and ch.isascii() else None


def model_text(text: str) -> list[int] | None:
    """The ids of a card string, or None when it is not one."""
    packed = "".join(ch for ch in text if ch not in SEPARATORS)
    ids, i = [], 0
    while i < len(packed):
        if packed[i:i + 2] == "10":
            rank, i = 8, i + 2
        else:
            rank, i = _rank(packed[i]), i + 1
        suit = _suit(packed[i]) if i < len(packed) else None
        if rank is None or suit is None:
            return None
        ids.append(rank * 4 + suit)
        i += 1
    return ids


def model_card(text: str) -> int | None:
    """The id of one card as text (surrounding whitespace allowed), or None."""
    ids = model_text(text.strip()) if not any(ch in SEPARATORS for ch in text.strip()) else None
    return ids[0] if ids and len(ids) == 1 else None


def model_item(item: Any) -> list[int] | None | str:
    """One element of a card list: its ids, None (ValueError) or "type" (TypeError)."""
    if isinstance(item, str):
        if len("".join(ch for ch in item if ch not in SEPARATORS)) > 3:
            return model_text(item)  # ["As Kd", "2c"] is tolerated
        card = model_card(item)
        return None if card is None else [card]
    if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer)):
        return "type"
    return [int(item)] if 0 <= int(item) <= 51 else None


# --- the inputs -----------------------------------------------------------------


def _spelled(r: Bytes) -> tuple[str, list[int]]:
    """A hand of random cards in a random spelling and its ids."""
    ids = [r.below(52) for _ in range(r.below(8))]
    parts = []
    for c in ids:
        rank, suit = RANKS[c >> 2], SUITS[c & 3]
        if rank == "T" and r.below(3) == 0:
            rank = "10"
        rank = rank.lower() if r.below(2) else rank
        suit = suit.upper() if r.below(4) == 0 else suit
        parts.append(rank + suit + ["", " ", ",", ", ", "\t", "\n", "\r\n"][r.below(7)])
    return "".join(parts), ids


def _text(r: Bytes) -> str:
    kind = r.below(6)
    if kind == 0:
        return r.rest().decode("utf-8", "replace")
    if kind == 1:
        return r.rest().decode("latin-1")
    if kind == 2:
        return "".join(ALPHABET[r.below(len(ALPHABET))] for _ in range(r.below(24)))
    text, _ = _spelled(r)
    if kind == 3 and text:  # one mutation: insert, delete or replace a character
        at, ch = r.below(len(text) + 1), ALPHABET[r.below(len(ALPHABET))]
        text = [text[:at] + ch + text[at:], text[:at] + text[at + 1:], text[:at] + ch + text[at + 1:]][r.below(3)]
    if kind == 5:  # a long repetition: the parser must stay linear, the message short
        piece = text or ALPHABET[r.below(len(ALPHABET))]
        text = piece * (1 + (r.byte() << 8 | r.byte()) * MAX_REPEAT // 65536 // len(piece))
        if r.below(2):
            text += ALPHABET[r.below(len(ALPHABET))]
    return text


def _items(r: Bytes) -> list[Any]:
    junk: list[Any] = [True, np.False_, 2.0, None, b"As", np.int16(5), np.uint64(51), -1, 52, 2**70]
    items: list[Any] = []
    for _ in range(r.below(8)):
        kind = r.below(4)
        items.append(r.below(52) if kind == 0 else _spelled(r)[0] if kind == 1 else _text(r)[:12] if kind == 2
                     else junk[r.below(len(junk))])
    return items


# --- the checks -----------------------------------------------------------------


def _outcome(call: Any) -> tuple[bool, Any]:
    try:
        return True, call()
    except (ValueError, TypeError) as error:
        message = str(error)
        if not message.strip():
            raise Finding(f"{type(error).__name__} without a message") from error
        if len(message) > MAX_MESSAGE:
            raise Finding(f"{type(error).__name__} message of {len(message)} characters: {message[:80]!r}...") from error
        return False, error


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:100] + f"... ({len(text)} characters)"


def _check_text(r: Bytes, text: str) -> None:
    expected = model_text(text)
    ok, got = _outcome(lambda: o8.parse_cards(text, unique=False))
    if ok != (expected is not None) or (ok and [int(c) for c in got] != expected):
        raise Finding(f"parse_cards({_short(text)}) = {_short(got)}, the model: {_short(expected)}")
    if ok:
        assert expected is not None
        if not all(type(c) is o8.Card and str(c) == RANKS[c >> 2] + SUITS[c & 3] for c in got):
            raise Finding(f"parse_cards({_short(text)}) gave non-canonical cards {_short(got)}")
        sep = ["", " ", ",", ", "][r.below(4)]
        formatted = o8.format_cards(text, sep=sep)
        if o8.parse_cards(formatted, unique=False) != got:
            raise Finding(f"format_cards({_short(text)}, sep={sep!r}) = {_short(formatted)} does not parse back")
        dup = next((c for i, c in enumerate(expected) if c in expected[:i]), None)
        ok_u, got_u = _outcome(lambda: o8.parse_cards(text))
        if ok_u != (dup is None) or (dup is not None and f"duplicate card {RANKS[dup >> 2]}{SUITS[dup & 3]}" not in str(got_u)):
            raise Finding(f"parse_cards({_short(text)}) with unique: {_short(got_u)}, first repeat {dup}")
    else:
        ok_f, got_f = _outcome(lambda: o8.format_cards(text))
        if ok_f:
            raise Finding(f"format_cards({_short(text)}) = {_short(got_f)}, but the text is not cards")
    one = text if len(text) < 8 or r.below(2) else text[:r.below(6)]
    expected_one = model_card(one)
    for name, function in (("parse_card", o8.parse_card), ("Card", o8.Card)):
        ok, got = _outcome(lambda: function(one))
        if ok != (expected_one is not None) or (ok and got != expected_one):
            raise Finding(f"{name}({_short(one)}) = {_short(got)}, the model: {expected_one}")


def _check_items(items: list[Any]) -> None:
    parts = [model_item(item) for item in items]
    first_bad = next((p for p in parts if not isinstance(p, list)), "ok")  # the first bad item decides
    expected = [c for p in parts if isinstance(p, list) for c in p]
    for container in (items, tuple(items)):
        ok, got = _outcome(lambda: [int(c) for c in o8.parse_cards(container, unique=False)])
        outcome = "ok" if ok else "type" if isinstance(got, TypeError) else None
        if outcome != first_bad or (ok and got != expected):
            raise Finding(f"parse_cards({_short(container)}) gave {_short(got)}; the model: {first_bad} {_short(expected)}")


def one_input(data: bytes) -> None:
    """Decode one parser call from ``data`` and check it against the model."""
    r = Bytes(data)
    if r.below(4):
        _check_text(r, _text(r))
    else:
        _check_items(_items(r))
