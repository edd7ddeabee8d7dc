"""Hand descriptions the way PokerStars writes them, and checking the site's.

PokerStars describes a shown Omaha Hi/Lo hand as ``HI: <high>`` or
``HI: <high>; LO: <low>``: the high as ``high card Ace``, ``a pair of
Kings``, ``two pair, Kings and Queens``, ``three of a kind, Jacks``, ``a
straight, Ten to Ace`` (the wheel is ``Ace to Five``), ``a flush, Ace high``,
``a full house, Sevens full of Fives``, ``four of a kind, Nines``, ``a
straight flush, Five to Nine`` or ``a Royal Flush``, sometimes followed by
`` - Ace+Queen kicker``; the low as its five ranks high to low, ``7,5,3,2,A``.

>>> describe_pokerstars("Ah 2d Ks 9c", "3c 7h Kd Qs 5h")
'HI: a pair of Kings; LO: 7,5,3,2,A'
>>> check_description("HI: a pair of Kings; LO: 7,5,3,2,A", "Ah 2d Ks 9c", "3c 7h Kd Qs 5h") is None
True
>>> check_description("HI: two pair, Kings and Sevens", "Ah 2d Ks 9c", "3c 7h Kd Qs 5h")
"the site says 'HI: two pair, Kings and Sevens', the cards make 'HI: a pair of Kings; LO: 7,5,3,2,A'"
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations

from ..cards import CardsLike
from ..evaluator import evaluate_hilo

__all__ = ["describe_pokerstars", "describe_values", "check_description", "check_values", "UNREADABLE"]

_SINGULAR = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
_PLURAL = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")
_RANK_OF = {name.lower(): r for r, name in enumerate(_SINGULAR)} | {name.lower(): r for r, name in enumerate(_PLURAL)}
_RANK_OF |= {"two": 0, "twos": 0, "trey": 1, "treys": 1}
_LOW_DIGIT = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}
#: What :func:`check_description` returns for a text it cannot read (not counted as wrong).
UNREADABLE = "unreadable"


Shape = tuple[str, tuple[int, ...], tuple[int, ...]]


@cache
def _shapes() -> tuple[Shape, ...]:
    """For every high class 1..7462 (index 0 unused): (category, the ranks
    its description names, the kickers high to low). The classes count down
    through each category in descending order of ranks (the Cactus Kev
    numbering the evaluator uses; a test checks it against ``evaluate``)."""
    down = range(12, -1, -1)
    straights = [(top, top - 4 if top > 3 else 12) for top in range(12, 2, -1)]  # (top, low): A-high .. 5-high
    straight_sets = {frozenset([12, 0, 1, 2, 3]) if top == 3 else frozenset(range(top - 4, top + 1)) for top, _ in straights}
    distinct = [c for c in combinations(down, 5) if frozenset(c) not in straight_sets]
    out: list[Shape] = [("", (), ())]
    out += [("Straight Flush", (low, top), ()) for top, low in straights]
    out += [("Four of a Kind", (q,), (k,)) for q in down for k in down if k != q]
    out += [("Full House", (t, p), ()) for t in down for p in down if p != t]
    out += [("Flush", (c[0],), c[1:]) for c in distinct]
    out += [("Straight", (low, top), ()) for top, low in straights]
    out += [("Three of a Kind", (t,), k) for t in down for k in combinations([r for r in down if r != t], 2)]
    out += [("Two Pair", (a, b), (k,)) for a, b in combinations(down, 2) for k in down if k not in (a, b)]
    out += [("One Pair", (p,), k) for p in down for k in combinations([r for r in down if r != p], 3)]
    out += [("High Card", (c[0],), c[1:]) for c in distinct]
    assert len(out) == 7463
    return tuple(out)


def _shape_of(value: int) -> Shape:
    """(category, named ranks, kickers) of high class ``value``."""
    return _shapes()[value]


def _high_text(category: str, named: tuple[int, ...], value: int) -> str:
    s, p = _SINGULAR, _PLURAL
    if category == "High Card":
        return f"high card {s[named[0]]}"
    if category == "One Pair":
        return f"a pair of {p[named[0]]}"
    if category == "Two Pair":
        return f"two pair, {p[named[0]]} and {p[named[1]]}"
    if category == "Three of a Kind":
        return f"three of a kind, {p[named[0]]}"
    if category == "Straight":
        return f"a straight, {s[named[0]]} to {s[named[1]]}"
    if category == "Flush":
        return f"a flush, {s[named[0]]} high"
    if category == "Full House":
        return f"a full house, {p[named[0]]} full of {p[named[1]]}"
    if category == "Four of a Kind":
        return f"four of a kind, {p[named[0]]}"
    if value == 1:
        return "a Royal Flush"
    return f"a straight flush, {s[named[0]]} to {s[named[1]]}"


def _low_text(value: int) -> str:
    return ",".join("A" if d == "1" else d for d in str(value))


def describe_values(high: int, low: int | None) -> str:
    """The PokerStars description of high class ``high`` and low ``low`` (or None)."""
    category, named, _ = _shape_of(high)
    text = "HI: " + _high_text(category, named, high)
    if low is not None:
        text += "; LO: " + _low_text(low)
    return text


def describe_pokerstars(hole: CardsLike, board: CardsLike) -> str:
    """The description PokerStars would print for ``hole`` on ``board``."""
    return describe_values(*evaluate_hilo(hole, board))


def _parse_high(text: str) -> tuple[str, tuple[int, ...], tuple[int, ...]] | None:
    """(category, named ranks, kickers) from the site's high text, None if unreadable."""
    kickers: tuple[int, ...] = ()
    main, dash, tail = text.partition(" - ")
    if dash:
        words = tail.strip()
        if words.endswith(" kicker") or words.endswith(" kickers"):
            words = words.rsplit(" ", 1)[0]
            try:
                kickers = tuple(_RANK_OF[w.strip().lower()] for w in words.split("+"))
            except KeyError:
                if "lower" not in words:
                    return None
        elif "lower" not in words:
            return None
    main = main.strip()
    lower = main.lower()
    try:
        if lower.startswith("high card "):
            return "High Card", (_RANK_OF[lower[10:]],), kickers
        if lower.startswith("a pair of "):
            return "One Pair", (_RANK_OF[lower[10:]],), kickers
        if lower.startswith("two pair, "):
            a, _, b = lower[10:].partition(" and ")
            return "Two Pair", (_RANK_OF[a], _RANK_OF[b]), kickers
        if lower.startswith("three of a kind, "):
            return "Three of a Kind", (_RANK_OF[lower[17:]],), kickers
        if lower.startswith("four of a kind, "):
            return "Four of a Kind", (_RANK_OF[lower[16:]],), kickers
        if lower.startswith("a full house, "):
            a, _, b = lower[14:].partition(" full of ")
            return "Full House", (_RANK_OF[a], _RANK_OF[b]), ()
        if lower.startswith("a flush, "):
            top = lower[9:]
            if top.endswith(" high"):
                top = top[:-5]
            return "Flush", (_RANK_OF[top],), kickers
        for prefix, category in (("a straight flush, ", "Straight Flush"), ("a straight, ", "Straight")):
            if lower.startswith(prefix):
                a, _, b = lower[len(prefix):].partition(" to ")
                return category, (_RANK_OF[a], _RANK_OF[b]), ()
        if lower in ("a royal flush", "a straight flush, ten to ace"):
            return "Straight Flush", (8, 12), ()
    except KeyError:
        return None
    return None


def _parse_low(text: str) -> int | None:
    digits = [_LOW_DIGIT.get(part.strip()) for part in text.split(",")]
    if len(digits) != 5 or None in digits:
        return None
    return int("".join(str(d) for d in digits))


def check_description(text: str, hole: CardsLike, board: CardsLike) -> str | None:
    """None when the site's description ``text`` matches what ``hole`` makes
    on ``board`` (category, the ranks named, any kickers named, the low),
    else a message saying what differs; :data:`UNREADABLE` when the text is
    not in a form this module knows."""
    return check_values(text, *evaluate_hilo(hole, board))


def check_values(text: str, high: int, low: int | None) -> str | None:
    """:func:`check_description` given the high class and the low of the hand."""
    has_high, parsed, has_low, parsed_low = _read(text) if type(text) is str else _read.__wrapped__(text)
    if has_high:
        if parsed is None:
            return UNREADABLE
        category, named, kickers = _shape_of(high)
        if parsed[0] != category or parsed[1] != named or parsed[2] != kickers[: len(parsed[2])]:
            return f"the site says {text!r}, the cards make {describe_values(high, low)!r}"
    if has_low:
        if parsed_low is None:
            return UNREADABLE
        if parsed_low != low:
            return f"the site says {text!r}, the cards make {describe_values(high, low)!r}"
    return None  # a description without LO says nothing about the low (the summary lines do that)


@lru_cache(maxsize=16384)
def _read(text: str) -> tuple[bool, Shape | None, bool, int | None]:
    """A description read: (has a high part, the high as :func:`_parse_high`
    reads it, has a low part, the low as :func:`_parse_low` reads it); None
    where a part is there but unreadable. Kept for the texts seen last: a
    file repeats a few thousand texts: 5,656 in the benchmark's 100,000 hands (a pure function of its str).

    >>> _read("HI: a pair of Kings; LO: 7,5,3,2,A")
    (True, ('One Pair', (11,), ()), True, 75321)
    >>> _read("LO: 8,x,3,2,A")
    (False, None, True, None)
    """
    body = text.strip()
    high_text, low_text = body, None
    if "; LO: " in body:
        high_text, _, low_text = body.partition("; LO: ")
    elif body.startswith("LO: "):
        high_text, low_text = "", body[4:]
    if high_text.startswith("HI: "):
        high_text = high_text[4:]
    parsed = _parse_high(high_text) if high_text else None
    if parsed is None and high_text:
        return True, None, False, None  # unreadable: the low is not looked at
    return bool(high_text), parsed, low_text is not None, None if low_text is None else _parse_low(low_text)


def describe_many(holes: Sequence[CardsLike], board: CardsLike) -> list[str]:
    """:func:`describe_pokerstars` for several hands on one board."""
    return [describe_pokerstars(h, board) for h in holes]
