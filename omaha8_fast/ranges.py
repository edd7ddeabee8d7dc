"""Hand ranges in ProPokerTools-style syntax.

A :class:`Range` is a set of concrete starting hands, each with a weight,
written in the generic range syntax of ProPokerTools (the tool Omaha players
know), with a few additions for Omaha Hi/Lo:

>>> len(Range("AA"))            # at least two aces: 6 * C(48, 2) + 4 * 48 + 1
6961
>>> len(Range("AsAd2s3d"))      # one exact hand
1
>>> len(Range("AxAy2x3y"))      # double-suited A-A-2-3: 4 suits for A-2, 3 for A-3
12
>>> Range("AxAy2x3y") == Range("A2A3ds")
True
>>> len(Range("A2**ds"))        # 6 * (C(13,2)^2 - 2 * C(12,2)^2 + C(11,2)^2)
2382
>>> len(Range("AA, KK!KKK"))    # 6961 + 6768 (exactly two kings) - 36 (AAKK)
13693
>>> format_cards(Range("AsAd2s3d").sample(7))
'As Ad 3d 2s'

Grammar (whitespace is ignored everywhere; ranks and suits may be in either
case, except the lower-case qualifiers)::

    range      := weighted ( "," weighted )*            union
    weighted   := filtered [ "@" WEIGHT ]               WEIGHT: integer 1..100
    filtered   := atom ( ( ":" | "!" ) atom )*          and / and-not, left to right
    atom       := "(" range ")" | percent | macro | hand
    percent    := NUMBER "%" [ "-" NUMBER "%" ]         by the preflop hi/lo ranking
    macro      := "$ds" | "$ss" | "$r" | "$np"
    hand       := pattern [ "-" pattern | "+" | "-" ] [ qualifier ]
    qualifier  := "ds" | "ss" | "r"                     only at the end of a hand
    pattern    := card+                                 at most hole-size cards
    card       := rank [ suit ] | suit
    rank       := "A" | "K" | ... | "2" | "*" | RANKVAR | "[" rankitem ( [","] rankitem )* "]"
    rankitem   := RANK [ "-" RANK ]
    suit       := "s" | "h" | "d" | "c" | "x" | "y" | "z" | "w"
    RANKVAR    := an upper-case letter other than A K Q J T and the suits (R, O, N, ...)

Meaning:

* A pattern matches a hand when each of its cards can be matched by a
  different card of the hand; the other cards are free. A suit right after
  a rank (or ``*``) belongs to that card: ``AsKd`` is two cards, ``AAxx`` is
  ``A``, ``Ax``, ``x`` (two aces, one of them suited to a third card) and
  ``AA*x*x`` is aces with two side cards suited to each other. ``AA`` is any hand
  with at least two aces, ``A2**`` (same as ``A2``) any hand with an ace and
  a deuce, ``*`` (or ``****``) every hand. A card with a rank and no suit
  matches any suit; a lone suit matches any rank of it; ``[AK]``, ``[A,K]``
  and ``[A-J]`` match one card whose rank is in the list.
* Suit variables ``x y z w`` stand for suits, different variables for
  different suits, and never for a suit written explicitly in the same
  pattern: ``AxAy2x3y`` is double-suited A-A-2-3, ``xxyy`` any double-suited
  hand, ``ssxx`` two spades and two cards of one other suit. Rank variables
  work the same way with ranks: ``RROO`` two different pairs, ``AARR`` aces
  with another pair, ``RRON`` exactly one pair with two other ranks.
* Rank spans move every rank that differs between the two ends in step:
  ``AA-QQ`` is ``AA, KK, QQ``; ``KQJT-9876`` the rundowns from K-Q-J-T down to
  9-8-7-6; ``A2-A5`` is ``A2, A3, A4, A5``. Both ends must have the same shape
  (same suits, same wildcards). A trailing ``+`` (``-``) moves all the ranks
  of the pattern up (down) together as far as they go: ``TT+`` is ``TT`` to
  ``AA``, ``JT98+`` the rundowns J-T-9-8 to A-K-Q-J, ``55-`` is ``55`` to ``22``.
* Qualifiers at the end of a hand keep the hands with that suit shape:
  ``ds`` double suited (exactly two suits with two cards each, none with
  more), ``ss`` single suited (exactly one suit with two cards, none with
  more), ``r`` rainbow (no two cards of a suit). ``AKQJds`` is double-suited
  A-K-Q-J. A hand that ends in ``ds``/``ss``/``r`` is always read as a
  qualifier: to end a pattern with a spade and a diamond card write ``*s*d``.
  The macros ``$ds``, ``$ss``, ``$r`` and ``$np`` (no pair) are the same
  filters as stand-alone atoms: ``AA:$ds``.
* ``a, b`` is the union; ``a:b`` keeps the hands of ``a`` that are in ``b``
  ("and"); ``a!b`` removes the hands of ``b`` from ``a`` ("and not"); ``:``
  and ``!`` bind tighter than ``,`` and apply left to right: ``AA:xxyy, JJ!JJJ``
  is double-suited aces, or exactly two jacks. Filters keep the weights of
  their left side.
* ``N%`` is the top N percent of all hands by the library's own preflop
  Omaha Hi/Lo ranking (equity of each of the 16,432 suit-isomorphic 4-card
  hands against one random hand; see :mod:`omaha8_fast._gen_ranking`);
  ``a%-b%`` is the top b% less the top (a-1)%, so ``1%-100%`` is every hand
  and ``15%, 16%-50%`` has no gap. A class of isomorphic hands is in the
  top N% when fewer than N% of all hands rank before it. 4-card hands only.
* ``@W`` weights a comma-separated part (or a parenthesized group): a hand
  of weight 2 is drawn twice as often as one of weight 1. As in
  ProPokerTools weights are integers 1..100, either every part of a union has
  one or none has, and a hand weighted twice takes the larger weight. An
  unweighted range has weight 1 on every hand.

Hands are tuples of card ids (see :mod:`omaha8_fast.cards`), highest first.
A text is at most :data:`MAX_LENGTH` characters with at most :data:`MAX_DEPTH`
nested parentheses; the cost of a range follows its distinct parts and the
size of its result, not the number of its parts (docs/ranges.md).
Syntax errors are :class:`RangeSyntaxError` (a ``ValueError``) naming the
column and what was expected there (a long text is quoted around it):

>>> Range("AA**@")
Traceback (most recent call last):
...
omaha8_fast.ranges.RangeSyntaxError: range 'AA**@', column 6: expected a weight (an integer 1..100) after '@', found the end
"""

from __future__ import annotations

import itertools
import math
import random
import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar, Union

import numpy as np
import numpy.typing as npt

from ._checks import check_range_text
from ._core import ffi, lib
from ._ranking import load_ranking
from .cards import RANKS, SUITS, Card, CardsLike, card_ids, check_unique, format_cards

__all__ = ["Range", "RangeSyntaxError", "RangeLike", "MAX_LENGTH", "MAX_DEPTH", "hand_classes", "preflop_ranking"]

#: Accepted wherever a range is expected: a :class:`Range` or its text.
RangeLike = Union["Range", str]

_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS) if r.isalpha()}
_SUIT_OF = {s: i for i, s in enumerate(SUITS)}
_SUIT_VARS = "xyzw"
_ALL_RANKS = (1 << 13) - 1
_ALL_SUITS = 15
_QUALIFIERS = ("ds", "ss", "r")
_MACROS = ("ds", "ss", "r", "np")
_TERMINATORS = ",:!@)"
_MAX_WEIGHT = 100
_HOLE_SIZES = (1, 2, 3, 4, 5, 6)  # what the matcher supports; equity needs 2..6
_DIGITS = "0123456789"
_QUOTE = 60  # error messages quote at most this many characters of the text
#: The longest range text accepted (characters, spaces included).
MAX_LENGTH = 10_000
#: The deepest nesting of parentheses accepted.
MAX_DEPTH = 32


class RangeSyntaxError(ValueError):
    """A range that does not parse: ``column`` (1-based) is where it went wrong.

    The message quotes the text, or for a long text only the part around the
    column.
    """

    def __init__(self, text: str, column: int, expected: str, found: str) -> None:
        self.text = text
        self.column = column
        self.expected = expected
        super().__init__(f"range {_excerpt(text, column)}, column {column}: expected {expected}, found {found}")

    @property
    def pointer(self) -> str:
        """The text (or the part of it around the column) with a caret under
        the offending column."""
        if len(self.text) <= _QUOTE:
            return f"{self.text}\n{' ' * (self.column - 1)}^"
        start = max(0, min(self.column - 1 - _QUOTE // 2, len(self.text) - _QUOTE))
        return f"{self.text[start:start + _QUOTE]}\n{' ' * (self.column - 1 - start)}^"


def _excerpt(text: str, column: int) -> str:
    """``repr(text)``, or for a long text (or one with many characters that
    repr escapes) the part around ``column`` and the length."""
    if len(text) <= _QUOTE and len(repr(text)) <= _QUOTE + 20:
        return repr(text)
    width = _QUOTE
    while True:
        start = max(0, min(column - 1 - width // 2, len(text) - width))
        part = text[start:start + width]
        if len(repr(part)) <= _QUOTE + 20 or width <= 4:
            break
        width //= 2
    part = ("\u2026" if start else "") + part + ("\u2026" if start + width < len(text) else "")
    return f"{part!r} ({len(text):,} characters)"


# --------------------------------------------------------------------- the hand universe

_lock = threading.Lock()
_universes: dict[int, npt.NDArray[np.uint8]] = {}


def _universe(k: int) -> npt.NDArray[np.uint8]:
    """All k-card hands, rows ascending, in colex order (see :func:`_index_of`)."""
    with _lock:
        hands = _universes.get(k)
        if hands is None:
            n = comb(52, k)
            hands = np.empty((n, k), dtype=np.uint8)
            if lib.o8r_combinations(k, ffi.from_buffer(hands), n) != n:
                raise RuntimeError("o8r_combinations failed")
            hands.flags.writeable = False
            _universes[k] = hands
        return hands


def _index_of(hand: Iterable[int]) -> int:
    """Colex index of a hand: the sum of C(card_i, i + 1) over its sorted cards."""
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(hand)))


def hand_classes(hole_size: int = 4) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Suit-isomorphism classes of the hands of the universe.

    Returns ``(keys, cls)``: the sorted distinct class keys, and for every
    hand of the universe (colex order) the index of its class in ``keys``.
    Two hands are isomorphic (equal up to renaming suits) exactly when they
    have the same multiset of per-suit rank masks; the key packs the four
    13-bit masks in decreasing order.

    >>> keys, cls = hand_classes(4)
    >>> len(keys), len(cls)
    (16432, 270725)
    """
    hands = _universe(hole_size).astype(np.int64)
    masks = np.zeros((len(hands), 4), dtype=np.int64)
    for j in range(hole_size):
        np.bitwise_or.at(masks, (np.arange(len(hands)), hands[:, j] & 3), 1 << (hands[:, j] >> 2))
    masks = -np.sort(-masks, axis=1)
    key = (masks[:, 0] << 39) | (masks[:, 1] << 26) | (masks[:, 2] << 13) | masks[:, 3]
    keys, cls = np.unique(key, return_inverse=True)
    return keys, cls.reshape(-1).astype(np.int64)


_ranking_cache: list[npt.NDArray[np.int64]] = []


def preflop_ranking() -> npt.NDArray[np.int64]:
    """Rank of every 4-card hand (colex order) by preflop hi/lo equity, 0 = best.

    The rank is the number of hands in strictly better classes, so all hands of
    a class share a rank. Read from the shipped ranking
    (``omaha8_fast/data/preflop_hilo.npz``, read by :mod:`omaha8_fast._ranking`,
    made by :mod:`omaha8_fast._gen_ranking`).

    >>> rank = preflop_ranking()
    >>> int(rank[_index_of(card_ids("AsAh2s3h"))]) < int(rank[_index_of(card_ids("7c5d3h2s"))])
    True
    """
    if not _ranking_cache:
        equity = load_ranking()
        keys, cls = hand_classes(4)
        sizes = np.bincount(cls, minlength=len(keys))
        order = np.lexsort((np.arange(len(keys)), -equity.astype(np.int64)))  # best first, ties by key
        before = np.empty(len(keys), dtype=np.int64)
        before[order] = np.concatenate(([0], np.cumsum(sizes[order])[:-1]))
        _ranking_cache.append(before[cls])
    return _ranking_cache[0]


# --------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class _Card:
    """One card of a pattern. kind: 'rank' (one rank), 'set', 'any' or 'var'."""

    kind: str
    ranks: int       # mask of allowed ranks ('rank', 'set', 'any')
    rank_var: str    # the variable letter ('var')
    suits: int       # mask of allowed suits when no suit variable
    suit_var: str    # 'x', 'y', 'z', 'w' or ''
    column: int

    def shifted(self, by: int) -> _Card:
        rank = (self.ranks.bit_length() - 1) + by
        return _Card("rank", 1 << rank, "", self.suits, self.suit_var, self.column)

    @property
    def rank(self) -> int:
        return self.ranks.bit_length() - 1


@dataclass(frozen=True)
class _Hand:
    patterns: tuple[tuple[_Card, ...], ...]
    qualifier: str


@dataclass(frozen=True)
class _Percent:
    low: float
    high: float
    column: int


@dataclass(frozen=True)
class _Macro:
    name: str


@dataclass(frozen=True)
class _Filter:
    left: Any
    ops: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class _Weighted:
    node: Any
    weight: int


@dataclass(frozen=True)
class _Union:
    parts: tuple[Any, ...]
    column: int


class _Parser:
    def __init__(self, text: str, hole_size: int) -> None:
        self.text = text
        self.hole_size = hole_size
        # Past MAX_LENGTH parse() refuses the text before reading it.
        self.chars = [(c, i + 1) for i, c in enumerate(text) if not c.isspace()] if len(text) <= MAX_LENGTH else []
        self.squeezed = "".join(c for c, _ in self.chars)  # the text without spaces
        self.pos = 0
        self.depth = 0

    # -- helpers
    def peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.chars[i][0] if i < len(self.chars) else ""

    def column(self, pos: int | None = None) -> int:
        i = self.pos if pos is None else pos
        return self.chars[i][1] if i < len(self.chars) else len(self.text) + 1

    def fail(self, expected: str, pos: int | None = None) -> RangeSyntaxError:
        i = self.pos if pos is None else pos
        found = repr(self.chars[i][0]) if i < len(self.chars) else "the end"
        return RangeSyntaxError(self.text, self.column(i), expected, found)

    def at_terminator(self, ahead: int) -> bool:
        c = self.peek(ahead)
        return c == "" or c in _TERMINATORS

    # -- grammar
    def parse(self) -> Any:
        if len(self.text) > MAX_LENGTH:
            raise RangeSyntaxError(self.text, MAX_LENGTH + 1, f"at most {MAX_LENGTH:,} characters",
                                   f"{len(self.text):,}")
        if not self.chars:
            raise self.fail("a range")
        node = self.union()
        if self.pos < len(self.chars):
            raise self.fail("',', ':', '!', '@' or the end of the range")
        return node

    def union(self) -> _Union:
        column = self.column()
        parts = [self.weighted()]
        while self.peek() == ",":
            self.pos += 1
            parts.append(self.weighted())
        return _Union(tuple(parts), column)

    def weighted(self) -> Any:
        node = self.filtered()
        if self.peek() != "@":
            return node
        self.pos += 1
        start = self.pos
        while self.peek() in _DIGITS and self.peek():
            self.pos += 1
        digits = "".join(c for c, _ in self.chars[start:self.pos])
        if not digits or len(digits) > 3 or not 1 <= int(digits) <= _MAX_WEIGHT:
            raise self.fail("a weight (an integer 1..100) after '@'", start)
        return _Weighted(node, int(digits))

    def filtered(self) -> Any:
        left = self.atom()
        ops = []
        while self.peek() in (":", "!") and self.peek():
            op = self.peek()
            self.pos += 1
            ops.append((op, self.atom()))
        return _Filter(left, tuple(ops)) if ops else left

    def atom(self) -> Any:
        c = self.peek()
        if c == "(":
            if self.depth == MAX_DEPTH:
                raise self.fail(f"at most {MAX_DEPTH} nested parentheses")
            self.pos += 1
            self.depth += 1
            node = self.union()
            if self.peek() != ")":
                raise self.fail("',', ':', '!', '@' or ')'")
            self.pos += 1
            self.depth -= 1
            return node
        if c == "$":
            for name in _MACROS:
                if self.matches(name, 1) and self.at_terminator(1 + len(name)):
                    self.pos += 1 + len(name)
                    return _Macro(name)
            raise self.fail("a macro: $ds, $ss, $r or $np", self.pos + 1)
        if c and c in _DIGITS and self.is_percent():
            return self.percent()
        return self.hand()

    def is_percent(self) -> bool:
        i = 0
        while self.peek(i) and self.peek(i) in _DIGITS + ".":
            i += 1
        return self.peek(i) == "%"

    def number(self) -> float:
        start = self.pos
        while self.peek() and self.peek() in _DIGITS + ".":
            self.pos += 1
        text = "".join(c for c, _ in self.chars[start:self.pos])
        try:
            value = float(text)
        except ValueError:
            raise self.fail("a percentage such as 15%", start) from None
        if self.peek() != "%":
            raise self.fail("'%'")
        if not 0 <= value <= 100:
            raise self.fail("a percentage between 0 and 100", start)
        self.pos += 1
        return value

    def percent(self) -> _Percent:
        column = self.column()
        first = self.number()
        if self.peek() == "-":
            self.pos += 1
            second_at = self.pos
            if not (self.peek() and self.peek() in _DIGITS):
                raise self.fail("a percentage after '-', such as 5%-10%")
            second = self.number()
            if second < first:
                raise self.fail("the larger percentage second", second_at)
            return _Percent(max(first - 1, 0.0), second, column)
        return _Percent(0.0, first, column)

    def hand(self) -> _Hand:
        start = self.pos
        first = self.pattern()
        patterns = [first]
        c = self.peek()
        if c == "+" or (c == "-" and (self.at_terminator(1) or self.is_qualifier(1))):
            self.pos += 1
            patterns = self.shift_all(first, 1 if c == "+" else -1, start)
        elif c == "-":
            self.pos += 1
            second_at = self.pos
            patterns = self.span(first, self.pattern(), start, second_at)
        qualifier = ""
        if self.is_qualifier(0):
            qualifier = next(q for q in _QUALIFIERS if self.matches(q))
            self.pos += len(qualifier)
        return _Hand(tuple(patterns), qualifier)

    def matches(self, word: str, ahead: int = 0) -> bool:
        return self.squeezed.startswith(word, self.pos + ahead)

    def is_qualifier(self, ahead: int) -> bool:
        return any(self.matches(q, ahead) and self.at_terminator(ahead + len(q)) for q in _QUALIFIERS)

    def pattern(self) -> tuple[_Card, ...]:
        cards: list[_Card] = []
        while True:
            c = self.peek()
            if c == "" or c in _TERMINATORS or c in "+-" or self.is_qualifier(0):
                break
            cards.append(self.card())
        if not cards:
            raise self.fail("a card: a rank (A K Q J T 9..2), a suit (s h d c), a suit variable (x y z w), "
                            "'*', a rank variable or '['")
        if len(cards) > self.hole_size:
            raise self.fail(f"at most {self.hole_size} cards in a hand pattern",
                            self.index_of_column(cards[self.hole_size].column))
        seen = set()
        for card in cards:
            if card.kind == "rank" and not card.suit_var and card.suits in (1, 2, 4, 8):
                if (card.rank, card.suits) in seen:
                    raise self.fail("each exact card only once", self.index_of_column(card.column))
                seen.add((card.rank, card.suits))
        return tuple(cards)

    def index_of_column(self, column: int) -> int:
        return next(i for i, (_, col) in enumerate(self.chars) if col == column)

    def card(self) -> _Card:
        c, column = self.peek(), self.column()
        if c in _RANK_OF:
            self.pos += 1
            kind, ranks, var = "rank", 1 << _RANK_OF[c], ""
        elif c == "*":
            self.pos += 1
            kind, ranks, var = "any", _ALL_RANKS, ""
        elif c == "[":
            self.pos += 1
            kind, ranks, var = "set", self.rank_list(), ""
        elif c.lower() in _SUIT_OF or c.lower() in _SUIT_VARS:
            kind, ranks, var = "any", _ALL_RANKS, ""  # a lone suit: any rank of it
        elif c.isalpha() and c.isupper():
            self.pos += 1
            kind, ranks, var = "var", _ALL_RANKS, c
        else:
            raise self.fail("a card: a rank (A K Q J T 9..2), a suit (s h d c), a suit variable (x y z w), "
                            "'*', a rank variable or '['")
        s = self.peek().lower()
        if s in _SUIT_OF and s and not self.is_qualifier(0):
            self.pos += 1
            return _Card(kind, ranks, var, 1 << _SUIT_OF[s], "", column)
        if s in _SUIT_VARS and s:
            self.pos += 1
            return _Card(kind, ranks, var, _ALL_SUITS, s, column)
        return _Card(kind, ranks, var, _ALL_SUITS, "", column)

    def rank_list(self) -> int:
        mask = 0
        while True:
            c = self.peek()
            if c not in _RANK_OF or not c:
                raise self.fail("a rank in the list (A K Q J T 9..2)")
            self.pos += 1
            low = high = _RANK_OF[c]
            if self.peek() == "-":
                self.pos += 1
                e = self.peek()
                if e not in _RANK_OF or not e:
                    raise self.fail("a rank after '-' (such as [A-T])")
                self.pos += 1
                low, high = sorted((low, _RANK_OF[e]))
            for r in range(low, high + 1):
                mask |= 1 << r
            if self.peek() == ",":
                self.pos += 1
            if self.peek() == "]":
                self.pos += 1
                return mask

    def shift_all(self, cards: tuple[_Card, ...], step: int, start: int) -> list[tuple[_Card, ...]]:
        ranks = [c.rank for c in cards if c.kind == "rank"]
        if not ranks:
            raise self.fail("a pattern with explicit ranks before '+' or '-'", start)
        steps = 12 - max(ranks) if step > 0 else min(ranks)
        return [tuple(c.shifted(step * t) if c.kind == "rank" else c for c in cards) for t in range(steps + 1)]

    def span(self, a: tuple[_Card, ...], b: tuple[_Card, ...], start: int, b_at: int) -> list[tuple[_Card, ...]]:
        if len(a) != len(b):
            raise self.fail(f"{len(a)} cards after '-', like the start of the span", b_at)
        deltas = set()
        for x, y in zip(a, b):
            same_shape = (x.kind, x.suits, x.suit_var) == (y.kind, y.suits, y.suit_var)
            if not same_shape or (x.kind != "rank" and (x.ranks, x.rank_var) != (y.ranks, y.rank_var)):
                raise self.fail("the same suits and wildcards on both ends of the span", self.index_of_column(y.column))
            if x.kind == "rank" and x.rank != y.rank:
                deltas.add(y.rank - x.rank)
        if len(deltas) > 1:
            raise self.fail("ranks that all move by the same number of steps", b_at)
        delta = deltas.pop() if deltas else 0
        step = 1 if delta > 0 else -1
        moving = [x.kind == "rank" and x.rank != y.rank for x, y in zip(a, b)]
        return [tuple(x.shifted(step * t) if m else x for x, m in zip(a, moving)) for t in range(abs(delta) + 1)]


# ------------------------------------------------------------------------ evaluation
#
# A range is evaluated into one array of weights (uint8, 0 = not in the range)
# over the universe of hands in colex order. Unions fold their parts into that
# array in place, filters clear entries of it, and each distinct atom is
# applied once: the cost is the number of distinct atoms times the universe
# (a pass in C, skipping hands already decided) or, for selective patterns,
# the number of hands they hold (listed directly). No part keeps an array of
# its own unless it is a compound (a parenthesized group, a filter) inside a
# union, one per nesting level.

_SUIT_CARDS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
_RANK_CARDS = tuple(0xF << (4 * r) for r in range(13))
_DECK = (1 << 52) - 1
_FEATURES = {"": 0, "ds": 1, "ss": 2, "r": 3, "np": 4}
# What a pass costs per hand, in hands listed by o8r_generate: a pattern's
# hands are listed when that costs less than the pass would. The pass skips
# the hands it cannot change (_SCAN each) and tests the others, 8 times
# faster than listing one hand for a pattern without rank variables, 6 times
# slower for one with (it binds the variables).
_SCAN = 1 / 50
_PLAIN_TEST = 1 / 8
_VARIABLE_TEST = 6.0
_MEMO_TEST = 1.0  # with rank variables but tested once per class of hands (o8r_apply_memo)
# In the one pass of a filter (o8r_fold_where) a pattern tested by class
# costs a quarter of that (no memo to fill per call, no pass of its own);
# the filter's own passes over a dense left side (making it, folding it)
# cost half a listed hand per hand.
_FOLD_MEMO_TEST = 0.25
_CHAIN_PASSES = 0.5


def _test_cost(compiled: _Compiled, memo: float = _MEMO_TEST) -> float:
    """What testing one hand against an atom costs in a pass, in hands listed
    (``memo``: for one tested by class, o8r_apply_memo)."""
    if not compiled.variables:
        return _PLAIN_TEST
    return memo if compiled.memo_ranks is not None else _VARIABLE_TEST
# At least _UNION_TERMS parts of a union that can be tested hand by hand
# (is_term) are folded in one pass (fold_union) when one of them needs a
# pass anyway or they cost more on their own than that pass (union_pays; in
# hands listed: a part on its own costs its listed hands and _ATOM_COST or
# _FILTER_COST for its Python). Its memos take at most _UNION_MEMO_BYTES
# together.
_UNION_TERMS = 2
_UNION_PASS = 6
_UNION_TEST = 0.25
_ATOM_COST = 10_000
_FILTER_COST = 50_000
_UNION_MEMO_BYTES = 1 << 25
_SPARSE_SHARE = 4  # a filter whose left side holds under 1/4 of the universe works on its hands
_MATCH_BYTES = 1 << 27  # atoms used more than once keep their matches, up to this many bytes


# The cards of each mask of suits, of ranks 0..6 and of ranks 7..12.
_BY_SUITS = tuple(sum(_SUIT_CARDS[s] for s in range(4) if m >> s & 1) for m in range(16))
_BY_LOW_RANKS = tuple(sum(_RANK_CARDS[r] for r in range(7) if m >> r & 1) for m in range(1 << 7))
_BY_HIGH_RANKS = tuple(sum(_RANK_CARDS[r + 7] for r in range(6) if m >> r & 1) for m in range(1 << 6))


def _cards(ranks: int, suits: int) -> int:
    """The card mask of the given rank and suit masks."""
    return _BY_SUITS[suits & 15] & (_BY_LOW_RANKS[ranks & 127] | _BY_HIGH_RANKS[ranks >> 7 & 63])


def _card_key(c: _Card) -> tuple[str, int, str, int, str]:
    return (c.kind, c.ranks, c.rank_var, c.suits, c.suit_var)


def _node_key(node: Any) -> Any:
    """A key equal for parts that mean the same (columns left out)."""
    if isinstance(node, _Hand):
        return ("hand", tuple(tuple(sorted(_card_key(c) for c in p)) for p in node.patterns), node.qualifier)
    if isinstance(node, _Macro):
        return ("macro", node.name)
    if isinstance(node, _Percent):
        return ("percent", node.low, node.high)
    if isinstance(node, _Weighted):
        return ("weighted", node.weight, _node_key(node.node))
    if isinstance(node, _Filter):
        return ("filter", _node_key(node.left), tuple(sorted({(op, _node_key(r)) for op, r in node.ops}, key=repr)))
    if isinstance(node, _Union):
        keys = {_node_key(p): None for p in node.parts}
        return ("union", tuple(sorted(keys, key=repr))) if len(keys) > 1 else next(iter(keys))
    raise TypeError(f"unknown range node {node!r}")


_Variant = tuple[tuple[Any, ...], ...]  # elements: ("fix", cards) or ("var", letter, suit cards)


def _variants(cards: tuple[_Card, ...]) -> list[_Variant]:
    """The pattern with its suit variables replaced by suits, every way."""
    explicit_ranks = 0
    explicit_suits = 0
    for c in cards:
        if c.kind in ("rank", "set"):
            explicit_ranks |= c.ranks
        if not c.suit_var and c.suits != _ALL_SUITS:
            explicit_suits |= c.suits
    var_ranks = _ALL_RANKS & ~explicit_ranks
    free_suits = [s for s in range(4) if not explicit_suits >> s & 1]
    names = list(dict.fromkeys(c.suit_var for c in cards if c.suit_var))
    out: dict[_Variant, None] = {}
    for suits in itertools.permutations(free_suits, len(names)):
        of = dict(zip(names, suits))
        elements: list[tuple[Any, ...]] = []
        for c in cards:
            suit_mask = 1 << of[c.suit_var] if c.suit_var else c.suits
            if c.kind == "var":
                elements.append(("var", c.rank_var, _cards(_ALL_RANKS, suit_mask)))
            else:
                elements.append(("fix", _cards(c.ranks, suit_mask)))
        out.setdefault(tuple(sorted(elements)) + (("ranks", var_ranks),), None)
    return list(out)


def _conditions(masks: list[int], k: int) -> list[tuple[int, int]] | None:
    """Hall's conditions for elements taking cards of ``masks``: (cards, need)
    pairs, none implied by another; None when no k-card hand can meet them."""
    best: dict[int, int] = dict(Counter(masks))
    seen = 0
    disjoint = True
    for m in best:
        disjoint = disjoint and not seen & m
        seen |= m
    if not disjoint:  # else each group of equal masks decides alone
        n = len(masks)
        unions = [0] * (1 << n)
        for s in range(1, 1 << n):
            unions[s] = unions[s & (s - 1)] | masks[(s & -s).bit_length() - 1]
            need = bin(s).count("1")
            if best.get(unions[s], 0) < need:
                best[unions[s]] = need
    candidates = []
    for cards, need in best.items():
        if bin(cards).count("1") < need:
            return None
        if k - bin(_DECK & ~cards).count("1") < need:  # else every k-card hand has that many of them
            candidates.append((cards, need))
    candidates.sort(key=lambda c: (-c[1], bin(c[0]).count("1"), c[0]))  # strongest first
    kept: list[tuple[int, int]] = []
    for cards, need in candidates:
        # (cards2, need2) implies (cards, need) when the hand's cards outside
        # `cards` cannot make up the difference.
        if not any(need2 - min(bin(cards2 & ~cards).count("1"), k) >= need for cards2, need2 in kept):
            kept.append((cards, need))
    return kept


def _listing_cost(elements: list[Any], letters: list[str], var_ranks: int, k: int) -> float:
    """How many hands o8r_generate visits for a variant: the choices of
    ranks for its rank variables (``letters``, interchangeable neighbours in
    increasing order), times the ways to pick its elements' cards, times the
    completions (an upper bound: cards taken twice are skipped)."""
    choices = float(math.perm(bin(var_ranks).count("1"), len(letters)))
    signature = [sorted(e[2] for e in elements if e[0] == "var" and e[1] == x) for x in letters]
    run = 1
    for i in range(1, len(letters) + 1):
        if i < len(letters) and signature[i] == signature[i - 1]:
            run += 1
            continue
        choices /= math.factorial(run)
        run = 1
    ways = 1.0
    # a rank variable's element takes one of its suits in the variable's rank
    masks = Counter(("fix", e[1]) if e[0] == "fix" else (e[1], e[2] & 0xF) for e in elements)
    for (_, mask), count in masks.items():
        ways *= comb(bin(mask).count("1"), count)
    return choices * ways * comb(52 - len(elements), k - len(elements))


@dataclass
class _Compiled:
    """A C atom and what keeps its memory alive."""

    atom: Any
    keep: Any
    generate_cost: float | None  # hands listed by o8r_generate, None when it cannot
    variables: bool = False  # whether a variant has rank variables (a slower pass)
    # the explicit ranks (-1: none) when the atom names at most two and reads
    # the others only through rank variables and '*': o8r_apply_memo
    memo_ranks: tuple[int, int] | None = None
    ranks: int = 0  # the ranks every hand it matches holds (bit r: rank r)
    suits: int = 0  # the suits every hand it matches holds (bit s: suit s)


_atom_cache: dict[tuple[Any, int], _Compiled] = {}
_ATOM_CACHE_SIZE = 4096


def _variant_fields(elements: list[Any], conditions: list[tuple[int, int]],
                    var_ranks: int) -> tuple[dict[str, Any], list[str]]:
    """The fields of an o8r_variant (see omaha8.h) for a variant's elements
    and conditions, and its rank variables in the order of the fields."""
    letters = list(dict.fromkeys(e[1] for e in elements if e[0] == "var"))
    signature = {x: sorted(e[2] for e in elements if e[0] == "var" and e[1] == x) for x in letters}
    # Interchangeable variables side by side, the most demanding first.
    letters.sort(key=lambda x: (-len(signature[x]), signature[x]))
    var_after, var_need, var_cards, var_suits = [], [], [], []
    for i, x in enumerate(letters):
        var_after.append(i - 1 if i and signature[letters[i - 1]] == signature[x] else -1)
        var_need.append(len(signature[x]))
        cards = 0
        for c in signature[x]:
            cards |= c
        var_cards.append(cards)
        whole = [s for s in range(4) if cards & _SUIT_CARDS[s]]
        var_suits.append(sum(1 << s for s in whole) if all(cards & _SUIT_CARDS[s] == _SUIT_CARDS[s] for s in whole)
                         else 0)
    cards_of = [e[1] if e[0] == "fix" else e[2] for e in elements]
    rank_var = [-1 if e[0] == "fix" else letters.index(e[1]) for e in elements]
    # The variables decide alone when each one's elements take the same
    # cards and no other element can take them (the conditions, checked
    # first, then settle the other elements: o8r_apply's vars_fit).
    fix_cards = var_all = 0
    for element in elements:
        if element[0] == "fix":
            fix_cards |= element[1]
        else:
            var_all |= element[2]
    groups_only = bool(letters) and all(len(set(signature[x])) == 1 for x in letters) and not (
        fix_cards & var_all & _cards(var_ranks, _ALL_SUITS))
    tail = len(letters)
    while tail > 0 and (tail == len(letters) or var_after[tail] == tail - 1):
        tail -= 1
    fields = {
        "n": len(elements), "cards": cards_of, "rank_var": rank_var, "n_rank_vars": len(letters),
        "var_after": var_after, "var_need": var_need, "var_cards": var_cards, "var_suits": var_suits,
        "var_ranks": var_ranks, "groups_only": int(groups_only), "tail_from": tail,
        "n_conditions": len(conditions), "cond_cards": [c for c, _ in conditions],
        "cond_need": [need for _, need in conditions],
    }
    return fields, letters


def _memo_ranks(node: _Hand | _Macro) -> tuple[int, int] | None:
    """The ranks (r1, r2; -1 for none) a pattern names, when it names at most
    two, each card naming one or none: the pattern then agrees on hands that
    differ by renaming the other ranks (o8r_apply_memo). None otherwise."""
    if isinstance(node, _Macro):
        return None
    named = 0
    for pattern in node.patterns:
        for c in pattern:
            if c.kind in ("rank", "set"):
                if bin(c.ranks).count("1") != 1:
                    return None
                named |= c.ranks
    ranks = [r for r in range(13) if named >> r & 1]
    if len(ranks) > 2:
        return None
    ranks += [-1] * (2 - len(ranks))
    return ranks[0], ranks[1]


def _required(fields: list[dict[str, Any]]) -> tuple[int, int]:
    """The ranks and the suits that every hand matching one of the variants
    (their o8r_variant fields) holds: a rank (suit) is needed by a variant
    when one of its conditions asks for a card among that rank's (suit's)
    cards."""
    ranks, suits = _ALL_RANKS, _ALL_SUITS
    for v in fields:
        need_ranks = need_suits = 0
        for cards, count in zip(v["cond_cards"], v["cond_need"]):
            if count >= 1 and cards:
                low = (cards & -cards).bit_length() - 1
                if cards & ~_RANK_CARDS[low >> 2] == 0:
                    need_ranks |= 1 << (low >> 2)
                if cards & ~_SUIT_CARDS[low & 3] == 0:
                    need_suits |= 1 << (low & 3)
        ranks &= need_ranks
        suits &= need_suits
    return ranks, suits


def _memo_key(node: _Hand) -> Any:
    """A key equal for patterns that differ only in the ranks they name
    (_memo_ranks, in order): they share one memo of o8r_apply_memo, a class
    standing for the same hands up to renaming ranks."""
    ranks = _memo_ranks(node)
    assert ranks is not None
    marker = {1 << r: -1 - i for i, r in enumerate(ranks) if r >= 0}

    def card(c: _Card) -> tuple[str, int, str, int, str]:
        return (c.kind, marker.get(c.ranks, c.ranks) if c.kind in ("rank", "set") else c.ranks, c.rank_var, c.suits,
                c.suit_var)

    return (tuple(tuple(sorted(card(c) for c in p)) for p in node.patterns), node.qualifier)


def _memo_size(k: int, r1: int, r2: int) -> int:
    """The entries of a memo of o8r_apply_memo."""
    return (16 if r1 >= 0 else 1) * (16 if r2 >= 0 else 1) * comb(15 + k, k)


def _memo(k: int, r1: int, r2: int) -> npt.NDArray[np.uint8]:
    """A fresh memo for o8r_apply_memo: every class not yet known (255)."""
    return np.full(_memo_size(k, r1, r2), 255, dtype=np.uint8)


def _apply(compiled: _Compiled, rows: npt.NDArray[np.uint8], w: npt.NDArray[np.uint8], op: int, value: int,
           shapes: npt.NDArray[np.uint16] | None = None) -> int:
    """o8r_apply of an atom over ``rows`` (o8r_apply_memo for one with rank
    variables that names at most two ranks, ``shapes`` the rows' shape
    classes if known); the number of nonzero weights after."""
    k = rows.shape[1]
    if compiled.variables and compiled.memo_ranks is not None:
        r1, r2 = compiled.memo_ranks
        memo = _memo(k, r1, r2)
        shape_of = ffi.NULL if shapes is None else ffi.cast("uint16_t *", ffi.from_buffer(shapes))
        left = lib.o8r_apply_memo(compiled.atom, ffi.from_buffer(rows), k, len(rows), ffi.from_buffer(w), op, value,
                                  r1, r2, shape_of, ffi.from_buffer(memo), len(memo))
    else:
        left = lib.o8r_apply(compiled.atom, ffi.from_buffer(rows), k, len(rows), ffi.from_buffer(w), op, value)
    if left < 0:
        raise RuntimeError("o8r_apply rejected an atom")
    return int(left)


def _compile_atom(node: _Hand | _Macro, k: int) -> _Compiled:
    key = (_node_key(node), k)
    hit = _atom_cache.get(key)
    if hit is not None:
        return hit
    structs: list[tuple[list[tuple[Any, ...]], list[tuple[int, int]], int]] = []
    match_all = False
    if isinstance(node, _Macro):
        match_all, feature = True, _FEATURES[node.name]
    else:
        feature = _FEATURES[node.qualifier]
        for pattern in node.patterns:
            for variant in _variants(pattern):
                elements: list[Any] = [e for e in variant if e[0] != "ranks"]
                var_ranks = next(e[1] for e in variant if e[0] == "ranks")
                rank_cards = _cards(var_ranks, _ALL_SUITS)
                named = [e for e in elements if e[0] == "var"]
                if len(named) == 1:  # a lone rank variable is any rank it may take
                    elements = sorted(("fix", e[1]) if e[0] == "fix" else ("fix", e[2] & rank_cards) for e in elements)
                masks = [e[1] if e[0] == "fix" else e[2] & rank_cards for e in elements]
                conditions = _conditions(masks, k)
                if conditions is None:
                    continue
                if not conditions and all(e[0] == "fix" for e in elements):
                    match_all = True
                structs.append((elements, conditions, var_ranks))
    seen: set[Any] = set()
    fields: list[dict[str, Any]] = []
    cost: float | None = 0.0
    for elements, conditions, var_ranks in structs:
        dedupe = (tuple(elements), tuple(conditions))
        if dedupe in seen:
            continue
        seen.add(dedupe)
        v, letters = _variant_fields(elements, conditions, var_ranks)
        fields.append(v)
        if cost is not None:
            cost += _listing_cost(elements, letters, var_ranks, k)
    n = len(fields)
    variants = ffi.new("o8r_variant[]", fields or 1)  # built from the dicts in one call (setting fields is slow)
    atom = ffi.new("o8r_atom *")
    atom.match_all, atom.n_variants, atom.variants, atom.feature = match_all, n, variants, feature
    compiled = _Compiled(atom, variants, None if match_all else cost, any(v["n_rank_vars"] for v in fields),
                         _memo_ranks(node), *((0, 0) if match_all else _required(fields)))
    if len(_atom_cache) >= _ATOM_CACHE_SIZE:
        _atom_cache.clear()
    _atom_cache[key] = compiled
    return compiled


_SET, _KEEP, _DROP = lib.O8R_SET, lib.O8R_KEEP, lib.O8R_DROP


def _any_card_atom(cards: int, k: int) -> _Compiled:
    """The atom "at least one card of ``cards``" (unions of such parts in one)."""
    key = (("any card of", cards), k)
    hit = _atom_cache.get(key)
    if hit is None:
        variants = ffi.new("o8r_variant[]", 1)
        v = variants[0]
        v.n, v.cards[0], v.rank_var[0], v.n_conditions = 1, cards, -1, 1
        v.cond_cards[0], v.cond_need[0] = cards, 1
        atom = ffi.new("o8r_atom *")
        atom.n_variants, atom.variants = 1, variants
        hit = _Compiled(atom, variants, float(bin(cards).count("1") * comb(51, k - 1)))
        if len(_atom_cache) >= _ATOM_CACHE_SIZE:
            _atom_cache.clear()
        _atom_cache[key] = hit
    return hit


class _Evaluator:
    """Turns a parse tree into weights over the universe (0 = not in range)."""

    def __init__(self, parser: _Parser) -> None:
        self.parser = parser
        self.k = parser.hole_size
        self.rows = _universe(self.k)
        self.n = len(self.rows)
        # Weights by class (rank multiset, suit counts) of the atoms that
        # read only ranks or only suits, folded into the hands once per union
        # (see _classes).
        self.pending: list[dict[str, npt.NDArray[np.uint8]]] = []
        self.percent_top: dict[int, int] = {}  # id of a pending "percent" array -> its last position + 1
        self.kinds: dict[int, tuple[str, ...]] = {}  # id of a compound node -> _tree_kinds
        self.listings: dict[int, npt.NDArray[np.int32] | None] = {}  # id of a node -> listed()
        # class_weights by kind and atom key (compound nodes: their id, the tree outlives the evaluation)
        self.by_class: dict[tuple[Any, str], npt.NDArray[np.uint8]] = {}

    # -- the checks, in the order the rules are read (a part before its union)
    def check(self, node: Any) -> bool:
        """Whether the weights of ``node`` were given with '@'; raises the
        errors that only the whole tree shows (mixed weights, percentages of
        other than 4-card hands)."""
        if isinstance(node, _Union):
            flags = {self.check(part) for part in node.parts}
            if len(flags) > 1:
                raise RangeSyntaxError(self.parser.text, node.column,
                                       "a weight ('@') on every comma-separated part or on none", "a mix")
            return flags.pop()
        if isinstance(node, _Weighted):
            self.check(node.node)
            return True
        if isinstance(node, _Filter):
            weighted = self.check(node.left)
            for _, right in node.ops:
                self.check(right)
            return weighted
        if isinstance(node, _Percent):
            if self.k != 4:
                raise RangeSyntaxError(self.parser.text, node.column, "no percentage: the ranking is for 4-card hands",
                                       f"a {self.k}-card range")
        return False

    def evaluate(self, node: Any) -> npt.NDArray[np.uint8]:
        self.check(node)
        self.uses: Counter[Any] = Counter()
        self.count_uses(node)
        self.matches: dict[Any, npt.NDArray[np.uint8]] = {}
        return self.weights(node)

    def count_uses(self, node: Any) -> None:
        """How often each atom appears (an atom used twice is matched once)."""
        if isinstance(node, (_Hand, _Macro)):
            self.uses[_node_key(node)] += 1
        elif isinstance(node, _Union):
            for part in node.parts:
                self.count_uses(part)
        elif isinstance(node, _Weighted):
            self.count_uses(node.node)
        elif isinstance(node, _Filter):
            self.count_uses(node.left)
            for _, right in node.ops:
                self.count_uses(right)

    # -- evaluation
    def zeros(self) -> npt.NDArray[np.uint8]:
        return np.zeros(self.n, dtype=np.uint8)

    def weights(self, node: Any) -> npt.NDArray[np.uint8]:
        """A fresh array of the weights of ``node``."""
        if isinstance(node, _Filter):
            kind = self.tree_kind(node)
            if not kind:
                if isinstance(node.left, (_Hand, _Macro)):  # weights 1: as a part of a union
                    w = self.zeros()
                    if self.fold_where(node, w, 1):
                        return w
                return self.filtered(node)
            w = self.zeros()  # a filter of parts read by one class: at class level, then one pass
            by_class = self.class_weights(node, kind)
            _, class_of = _classes(self.k, kind)
            lib.o8r_max_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)), self.n,
                                ffi.from_buffer(by_class), len(by_class))
            return w
        self.pending.append({})
        try:
            w = self.folded(node)
        finally:
            pending = self.pending.pop()
        for kind, by_class in pending.items():
            if kind == "percent":
                top = self.percent_top.pop(id(by_class), 0)
                if lib.o8r_max_at(ffi.from_buffer(w), self.n, ffi.cast("int32_t *", ffi.from_buffer(_ranking_order32())),
                                  ffi.from_buffer(by_class), top) != 0:
                    raise RuntimeError("o8r_max_at rejected its input")
                continue
            _, class_of = _classes(self.k, kind)
            lib.o8r_max_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)), self.n,
                                ffi.from_buffer(by_class), len(by_class))
        return w

    def folded(self, node: Any) -> npt.NDArray[np.uint8]:
        if isinstance(node, _Union):
            parts = list({_node_key(p): p for p in node.parts}.values())
            if len(parts) == 1:
                return self.weights(parts[0])
            w = self.zeros()
            any_of: dict[int, int] = {}  # value -> cards: parts that are "any card of these"
            terms: list[tuple[int, Any]] = []  # (value, part): folded in one pass (fold_union)
            for part in parts:
                value, inner = (part.weight, part.node) if isinstance(part, _Weighted) else (1, part)
                if isinstance(part, _Weighted) or not self.check(part):
                    self.union_parts(inner, value, w, any_of, terms)
                else:
                    inner = self.filter_chain(part) if isinstance(part, _Filter) else self.weights(part)
                    if isinstance(inner, tuple):
                        w[inner[0]] = np.maximum(w[inner[0]], inner[1])
                    else:
                        np.maximum(w, inner, out=w)
            if len(terms) >= _UNION_TERMS and self.union_pays(terms):
                self.fold_union(terms, w)
            else:
                for value, part in terms:
                    self.fold(part, w, value)
            for value, cards in any_of.items():
                self.apply_compiled(_any_card_atom(cards, self.k), w, _SET, value)
            return w
        if isinstance(node, _Weighted):
            w = self.zeros()
            self.fold(node.node, w, node.weight)
            return w
        w = self.zeros()
        self.fold(node, w, 1)
        return w

    def union_parts(self, node: Any, value: int, w: npt.NDArray[np.uint8], any_of: dict[int, int],
                    terms: list[tuple[int, Any]]) -> None:
        """Folds ``node`` (its own weights replaced by ``value``) into w,
        or sorts it (the parts of a union, in turn) for the union's last
        passes: "any card of these" into ``any_of``, terms of fold_union
        into ``terms``."""
        if isinstance(node, _Union):
            for part in {_node_key(p): p for p in node.parts}.values():
                self.union_parts(part.node if isinstance(part, _Weighted) else part, value, w, any_of, terms)
            return
        cards = self.any_card_of(node)
        if cards is not None:
            any_of[value] = any_of.get(value, 0) | cards
        elif self.is_term(node):
            terms.append((value, node))
        else:
            self.fold(node, w, value)

    def is_term(self, node: Any) -> bool:
        """Whether a part of a union can be tested hand by hand in the
        union's one pass (fold_union): a pattern not read by class, or a
        filter of patterns, parts read by class and percentages."""
        if isinstance(node, (_Hand, _Macro)):
            return not self.tree_kind(node)
        if not isinstance(node, _Filter):
            return False
        return all(isinstance(p, (_Hand, _Macro, _Percent)) or self.tree_kind(p)
                   for p in [node.left] + [r for _, r in node.ops])

    def alone_cost(self, node: Any) -> float | None:
        """What a term of fold_union costs on its own (in hands listed, its
        Python included): a pattern listed by o8r_generate, a filter whose
        left side is listed and tested against each right side; None when
        it would take a pass over the universe."""
        limit = self.n / _SPARSE_SHARE
        if isinstance(node, (_Hand, _Macro)):
            cost = _compile_atom(node, self.k).generate_cost
            return None if cost is None or cost > limit else cost + _ATOM_COST
        listed = self.listed(node.left)
        if listed is not None:
            return len(listed) * (1 + len(node.ops)) + _FILTER_COST
        kind = self.tree_kind(node.left)
        if not kind:
            return None
        # a part read by class in a universe too big to keep its classes' hands: one pass
        # folds it in by class, then its hands are collected and tested
        size = int(_class_sizes(self.k, kind)[self.class_weights(node.left, kind) > 0].sum())
        if size * _SPARSE_SHARE >= self.n:
            return None
        return self.n * _SCAN + size * (1 + len(node.ops)) + _FILTER_COST

    def union_pays(self, terms: list[tuple[int, Any]]) -> bool:
        """Whether one pass for all the terms (fold_union) costs less than
        each on its own: always when one of them needs a pass anyway. The
        pass costs _UNION_PASS per hand, and _UNION_TEST per hand a term is
        looked at (the hands holding its lowest needed rank, about k/13 of
        them, or all)."""
        alone = 0.0
        looked = 0.0
        for _, node in terms:
            cost = self.alone_cost(node)
            if cost is None:
                return True
            alone += cost
            atom = node if isinstance(node, (_Hand, _Macro)) else node.left
            ranks = _compile_atom(atom, self.k).ranks if isinstance(atom, (_Hand, _Macro)) else 0
            looked += self.k / 13 if ranks else 1.0
        return alone > self.n * (_UNION_PASS + _UNION_TEST * looked)

    def fold_union(self, terms: list[tuple[int, Any]], w: npt.NDArray[np.uint8]) -> None:
        """w = max(w, value) on the hands of each (value, part) of ``terms``
        (is_term), in one pass over the universe (o8r_fold_union): each hand
        is tested against the parts needing only ranks it holds, the highest
        values first, until one takes it; a condition shared by parts is
        tested once per hand, a pattern with rank variables once per class
        of hands through a memo shared by the patterns that differ only in
        the ranks they name."""
        shapes = _classes(self.k, "shapes")[1]
        described: list[tuple[int, int, int, list[tuple[int, Any, Any, str]], dict[str, npt.NDArray[np.uint8]]]] = []
        merged: dict[Any, int] = {}  # terms alike but for a table of one kind -> where in described
        uses: Counter[Any] = Counter()
        for value, node in terms:
            parts = [(":", node)] if not isinstance(node, _Filter) else [(":", node.left)] + list(
                {(op, _node_key(r)): (op, r) for op, r in node.ops}.values())
            tables: dict[str, npt.NDArray[np.uint8]] = {}
            conditions: list[tuple[int, Any, Any, str]] = []  # (cost, key, part or table, op)
            ranks = suits = 0
            for op, part in parts:
                kind = self.tree_kind(part)
                if kind:
                    inside = self.class_weights(part, kind) > 0
                    table = tables.setdefault(kind, np.ones(len(inside), dtype=np.uint8))
                    table[~inside if op == ":" else inside] = 0
                    if op == ":" and isinstance(part, (_Hand, _Macro)):
                        compiled = _compile_atom(part, self.k)
                        ranks, suits = ranks | compiled.ranks, suits | compiled.suits
                elif isinstance(part, _Percent):
                    conditions.append((0, ("percent", self.percent_thresholds(part), op), part, op))
                else:
                    compiled = _compile_atom(part, self.k)
                    if op == ":":
                        if compiled.atom.match_all and not compiled.atom.feature:
                            continue  # every hand
                        ranks, suits = ranks | compiled.ranks, suits | compiled.suits
                    cost = 3 if compiled.variables and compiled.memo_ranks is None else 2 if compiled.variables else 1
                    conditions.append((cost, ("atom", _node_key(part), op), part, op))
            if len(tables) == 1:  # terms alike but for their table of one kind: one term, the tables joined
                (kind, table), = tables.items()
                group = (value, kind, frozenset(c[1] for c in conditions))
                at_group = merged.get(group)
                if at_group is not None:  # the ranks and suits both need
                    v, r, s, c, t = described[at_group]
                    np.maximum(t[kind], table, out=t[kind])
                    described[at_group] = (v, r & ranks, s & suits, c, t)
                    continue
                merged[group] = len(described)
            described.append((value, ranks, suits, conditions, tables))
        for value, ranks, suits, conditions, tables in described:
            for kind, table in tables.items():
                conditions.append((0, ("table", kind, table.tobytes()), (kind, table), ":"))
        for value, ranks, suits, conditions, _ in described:
            uses.update({key for _, key, _, _ in conditions})
        fields: list[dict[str, Any]] = []
        at: dict[Any, int] = {}  # a condition's key -> its index in fields
        alive: list[Any] = []  # the buffers the conditions point into
        memos: dict[Any, npt.NDArray[np.uint8]] = {}
        memo_bytes = 0
        built: dict[tuple[int, int, int, tuple[int, ...]], None] = {}  # (value, ranks, suits, conditions)
        for value, ranks, suits, conditions, _ in described:
            conds: list[int] = []
            # the cheapest first, and among those the most shared (terms that share their first are skipped together)
            for _, key, part, op in sorted(conditions, key=lambda c: (c[0], -uses[c[1]])):
                if key not in at:
                    at[key] = len(fields)
                    field: dict[str, Any] = {"negate": op == "!"}
                    if key[0] == "table":
                        kind, table = part
                        alive += [ffi.from_buffer(_classes(self.k, kind)[1]), ffi.from_buffer(table)]
                        field.update(class_of=ffi.cast("uint16_t *", alive[-2]), table=alive[-1], n_table=len(table))
                    elif key[0] == "percent":
                        low, high = key[1]
                        field.update(key=ffi.cast("int32_t *", ffi.from_buffer(_ranking32())), key_low=low,
                                     key_high=high)
                    else:
                        compiled = _compile_atom(part, self.k)
                        field["atom"] = compiled.atom
                        if compiled.variables and compiled.memo_ranks is not None:
                            r1, r2 = compiled.memo_ranks
                            memo_key = (_memo_key(part), r1 >= 0, r2 >= 0)
                            memo = memos.get(memo_key)
                            if memo is None and memo_bytes + _memo_size(self.k, r1, r2) <= _UNION_MEMO_BYTES:
                                memo = memos[memo_key] = _memo(self.k, r1, r2)
                                memo_bytes += len(memo)
                            if memo is not None:
                                alive.append(ffi.from_buffer(memo))
                                field.update(memo=alive[-1], memo_size=len(memo), r1=r1, r2=r2,
                                             shape_of=ffi.cast("uint16_t *", ffi.from_buffer(shapes)))
                    fields.append(field)
                conds.append(at[key])
            built[(value, ranks, suits, tuple(conds))] = None
        buckets: list[list[tuple[int, int, int, tuple[int, ...]]]] = [[] for _ in range(lib.O8R_BUCKETS)]
        for term in built:
            ranks = term[1]
            buckets[(ranks & -ranks).bit_length() - 1 if ranks else lib.O8R_BUCKETS - 1].append(term)
        term_fields: list[dict[str, int]] = []
        index: list[int] = []
        starts = [0]
        for bucket in buckets:
            bucket.sort(key=lambda t: (-t[0], t[3][0] if t[3] else -1))
            skips = [0] * len(bucket)
            for i in range(len(bucket) - 2, -1, -1):
                if bucket[i][3] and bucket[i][3][:1] == bucket[i + 1][3][:1]:
                    skips[i] = skips[i + 1] + 1
            for (value, ranks, suits, term_conds), skip in zip(bucket, skips):
                term_fields.append({"value": value, "suits": suits, "ranks": ranks, "first": len(index),
                                    "n_conds": len(term_conds), "skip": skip})
                index += term_conds
            starts.append(len(term_fields))
        c_conds = ffi.new("o8r_condition[]", fields or 1)
        c_terms = ffi.new("o8r_term[]", term_fields or 1)
        c_starts = ffi.new("int32_t[]", starts)
        c_index = ffi.new("int32_t[]", index or 1)
        seen = ffi.new("uint32_t[]", len(fields) or 1)
        if lib.o8r_fold_union(ffi.from_buffer(w), ffi.from_buffer(self.rows), self.k, self.n, c_terms,
                              len(term_fields), c_starts, c_index, len(index), c_conds, len(fields), seen) < 0:
            raise RuntimeError("o8r_fold_union rejected its terms")

    def filtered(self, node: _Filter) -> npt.NDArray[np.uint8]:
        out = self.filter_chain(node)
        if isinstance(out, tuple):
            w = self.zeros()
            w[out[0]] = out[1]
            return w
        return out

    def filter_chain(self, node: _Filter) -> npt.NDArray[np.uint8] | tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
        """The weights of a filter: dense, or when its left side holds few
        hands, as (universe indices, weights), the filters then costing what
        those hands do rather than a pass over the universe each."""
        ops = list({(op, _node_key(r)): (op, r) for op, r in node.ops}.values())
        listed = self.listed(node.left)
        w = self.weights(node.left) if listed is None else self.zeros()[:0]
        if listed is not None or int(np.count_nonzero(w)) * _SPARSE_SHARE < self.n:
            index, values = (listed, np.ones(len(listed), dtype=np.uint8)) if listed is not None else _collect(w)
            for op, right in ops:
                if not len(index):
                    break
                inside = self.member(right, index)
                keep = inside if op == ":" else ~inside
                index, values = index[keep], values[keep]
            return index, values
        dropped = 0  # cards of the "!" parts that are "any card of these", removed in one pass
        keep_classes: dict[str, npt.NDArray[np.uint8]] = {}  # the parts read by class: one pass per class
        for op, right in ops:
            cards = self.any_card_of(right) if op == "!" else None
            kind = self.tree_kind(right)
            if cards is not None:
                dropped |= cards
            elif kind:
                inside = self.class_weights(right, kind) > 0
                table = keep_classes.setdefault(kind, np.ones(len(inside), dtype=np.uint8))
                table[~inside if op == ":" else inside] = 0
            elif not self.filter(w, right, _KEEP if op == ":" else _DROP):
                return w
        for kind, table in keep_classes.items():
            _, class_of = _classes(self.k, kind)
            if not lib.o8r_keep_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)), self.n,
                                        ffi.from_buffer(table), len(table)):
                return w
        if dropped:
            self.apply_compiled(_any_card_atom(dropped, self.k), w, _DROP, 0)
        return w

    def listed(self, node: Any) -> npt.NDArray[np.int32] | None:
        """The hands (universe indices, ascending) of an atom that holds
        under 1/_SPARSE_SHARE of the universe, found without a pass over it:
        a percentage, a part read by class (4- and 5-card hands), a pattern
        listed by o8r_generate_list. None for any other part."""
        if id(node) in self.listings:
            return self.listings[id(node)]
        self.listings[id(node)] = out = self.list_hands(node)
        return out

    def list_hands(self, node: Any) -> npt.NDArray[np.int32] | None:
        """What listed() gives, found anew."""
        limit = self.n // _SPARSE_SHARE
        if isinstance(node, _Percent):
            low, high = self.percent_span(node)
            return np.sort(_ranking_order32()[low:high]) if high - low <= limit else None
        if not isinstance(node, (_Hand, _Macro)):
            return None
        kind = _reads_only(node)
        if kind:
            if self.n > _CLASS_LISTS:
                return None
            by_class, _ = self.class_members(node)  # type: ignore[misc]
            order, starts = _class_lists(self.k, kind)
            picked = np.flatnonzero(by_class)
            sizes = starts[picked + 1] - starts[picked]
            total = int(sizes.sum())
            if total > limit:
                return None
            at = np.repeat(starts[picked] - (np.cumsum(sizes) - sizes), sizes) + np.arange(total)
            return np.sort(order[at])
        compiled = _compile_atom(node, self.k)
        visits = compiled.generate_cost
        if visits is None or visits > limit:
            return None
        out = np.empty(int(visits) + 1, dtype=np.int32)
        got = lib.o8r_generate_list(compiled.atom, self.k, ffi.cast("int32_t *", ffi.from_buffer(out)), len(out))
        if not 0 <= got <= len(out):
            raise RuntimeError("o8r_generate_list rejected an atom or listed more than its cost")
        return _distinct(out[:got])

    def tree_kind(self, node: Any) -> str:
        """The class (see _classes) a part is read by, "" when none."""
        if isinstance(node, (_Hand, _Macro)):
            return _reads_only(node)
        if isinstance(node, _Percent):
            return ""
        kinds = self.kinds.get(id(node))
        if kinds is None:
            kinds = self.kinds[id(node)] = _tree_kinds(node)
        return kinds[0] if kinds else ""

    def class_weights(self, node: Any, kind: str) -> npt.NDArray[np.uint8]:
        """The weights of a part read by the class ``kind``, one per class
        (for the hand that stands for it; the caller must not change them)."""
        key = (_node_key(node) if isinstance(node, (_Hand, _Macro)) else id(node), kind)
        hit = self.by_class.get(key)
        if hit is not None:
            return hit
        reps, _ = _classes(self.k, kind)
        if isinstance(node, (_Hand, _Macro)):
            out = np.zeros(len(reps), dtype=np.uint8)
            if lib.o8r_apply(_compile_atom(node, self.k).atom, ffi.from_buffer(reps), self.k, len(reps),
                             ffi.from_buffer(out), _SET, 1) < 0:
                raise RuntimeError("o8r_apply rejected an atom")
        elif isinstance(node, _Union):
            out = np.zeros(len(reps), dtype=np.uint8)
            for part in {_node_key(p): p for p in node.parts}.values():
                np.maximum(out, self.class_weights(part, kind), out=out)
        elif isinstance(node, _Weighted):
            out = np.where(self.class_weights(node.node, kind) > 0, np.uint8(node.weight), np.uint8(0))
        else:
            out = self.class_weights(node.left, kind).copy()
            for op, right in node.ops:
                if not out.any():
                    break
                inside = self.class_weights(right, kind) > 0
                out[~inside if op == ":" else inside] = 0
        self.by_class[key] = out
        return out

    def class_members(self, node: Any) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]] | None:
        """For a part that reads only a hand's ranks or only its suit counts
        (``_reads_only``): whether each such class is in ``node`` (1 or 0)
        and every hand's class; None for any other part."""
        kind = self.tree_kind(node)
        if not kind:
            return None
        _, class_of = _classes(self.k, kind)
        return np.minimum(self.class_weights(node, kind), 1), class_of

    def member(self, node: Any, index: npt.NDArray[np.int32]) -> npt.NDArray[np.bool_]:
        """Whether each hand ``index[i]`` of the universe is in ``node``."""
        classes = self.class_members(node)
        if classes is not None:
            by_class, class_of = classes
            return by_class.view(np.bool_)[class_of[index]]
        if isinstance(node, (_Hand, _Macro)):
            rows = np.ascontiguousarray(self.rows[index])
            flags = np.ones(len(index), dtype=np.uint8)
            _apply(_compile_atom(node, self.k), rows, flags, _KEEP, 0)
            return flags.view(np.bool_)
        if isinstance(node, _Percent):
            low, high = self.percent_thresholds(node)
            rank = preflop_ranking()[index]
            return (rank >= low) & (rank < high)
        return self.weights(node)[index] > 0

    def any_card_of(self, node: Any) -> int | None:
        """The card mask when ``node`` is exactly "a hand with one of these
        cards" (``As``, ``*s``...) and is read by neither class; else None."""
        if not isinstance(node, (_Hand, _Macro)) or _reads_only(node):
            return None
        atom = _compile_atom(node, self.k).atom
        if atom.match_all or atom.feature or atom.n_variants != 1:
            return None
        v = atom.variants[0]
        if v.n_rank_vars or v.n_conditions != 1 or v.cond_need[0] != 1:
            return None
        return int(v.cond_cards[0])

    def fold(self, node: Any, w: npt.NDArray[np.uint8], value: int) -> None:
        """w = max(w, value) on the hands of ``node``."""
        kind = self.tree_kind(node)
        if kind and self.pending:
            reps, _ = _classes(self.k, kind)
            by_class = self.pending[-1].get(kind)
            if by_class is None:
                by_class = self.pending[-1][kind] = np.zeros(len(reps), dtype=np.uint8)
            if isinstance(node, (_Hand, _Macro)):
                if lib.o8r_apply(_compile_atom(node, self.k).atom, ffi.from_buffer(reps), self.k, len(reps),
                                 ffi.from_buffer(by_class), _SET, value) < 0:
                    raise RuntimeError("o8r_apply rejected an atom")
            else:
                inside = self.class_weights(node, kind) > 0
                by_class[inside] = np.maximum(by_class[inside], np.uint8(value))
        elif isinstance(node, (_Hand, _Macro)):
            self.apply(node, w, _SET, value)
        elif isinstance(node, _Percent):
            low, high = self.percent_span(node)
            if self.pending:  # by position in the ranking order, spread once per union
                by_rank = self.pending[-1].get("percent")
                if by_rank is None:
                    by_rank = self.pending[-1]["percent"] = np.zeros(self.n, dtype=np.uint8)
                np.maximum(by_rank[low:high], np.uint8(value), out=by_rank[low:high])
                self.percent_top[id(by_rank)] = max(self.percent_top.get(id(by_rank), 0), high)
            else:
                index = self.percent(node)
                w[index] = np.maximum(w[index], np.uint8(value))
        elif isinstance(node, _Filter) and self.fold_where(node, w, value):
            pass
        elif isinstance(node, _Union):
            for part in {_node_key(p): p for p in node.parts}.values():
                self.fold(part, w, value)
        elif isinstance(node, _Weighted):
            self.fold(node.node, w, value)
        else:
            inner = self.filter_chain(node) if isinstance(node, _Filter) else self.weights(node)
            if isinstance(inner, tuple):
                w[inner[0]] = np.maximum(w[inner[0]], np.uint8(value))
            else:
                lib.o8r_fold(ffi.from_buffer(w), ffi.from_buffer(inner), self.n, value)

    def fold_where(self, node: _Filter, w: npt.NDArray[np.uint8], value: int) -> bool:
        """w = max(w, value) on the hands of a filter whose parts are all
        atoms or read by class, in one pass that tests each hand against
        them in turn (o8r_fold_where: class lookups first, then patterns).
        False (w untouched) for any other filter, one whose left side is
        small (its hands are listed instead: filter_chain), that removes
        single cards, or whose patterns cost less to list than to test on
        every hand."""
        parts = [(":", node.left)] + list({(op, _node_key(r)): (op, r) for op, r in node.ops}.values())
        if any(not isinstance(p, (_Hand, _Macro)) and not self.tree_kind(p) for _, p in parts):
            return False
        if self.listed(node.left) is not None:
            return False
        if any(op == "!" and self.any_card_of(r) is not None for op, r in parts):
            return False  # filter_chain removes all such cards in one pass
        tables: dict[str, npt.NDArray[np.uint8]] = {}
        atoms: list[tuple[str, _Compiled]] = []
        for op, part in parts:
            kind = self.tree_kind(part)
            if kind:
                inside = self.class_weights(part, kind) > 0
                table = tables.setdefault(kind, np.ones(len(inside), dtype=np.uint8))
                table[~inside if op == ":" else inside] = 0
            else:
                atoms.append((op, _compile_atom(part, self.k)))
        # Testing every hand against the patterns, or the filter's passes
        # (_CHAIN_PASSES) and each pattern listed or passed over on its own.
        chain_cost, fold_cost = _CHAIN_PASSES * self.n, 0.0
        for _, compiled in atoms:
            fold_cost += _test_cost(compiled, _FOLD_MEMO_TEST) * self.n
            test = _test_cost(compiled) * self.n
            chain_cost += test if compiled.generate_cost is None else min(test, compiled.generate_cost)
        if fold_cost > chain_cost:
            return False
        atoms.sort(key=lambda a: (a[1].variables, a[1].memo_ranks is None))  # the cheapest tests first
        conds = ffi.new("o8r_condition[]", len(tables) + len(atoms))
        alive: list[Any] = []  # the buffers the conditions point into
        for i, (kind, table) in enumerate(tables.items()):
            _, class_of = _classes(self.k, kind)
            alive += [ffi.from_buffer(class_of), ffi.from_buffer(table)]
            conds[i].class_of = ffi.cast("uint16_t *", alive[-2])
            conds[i].table, conds[i].n_table = alive[-1], len(table)
        for i, (op, compiled) in enumerate(atoms, len(tables)):
            conds[i].atom, conds[i].negate = compiled.atom, op == "!"
            if compiled.variables and compiled.memo_ranks is not None:
                memo = _memo(self.k, *compiled.memo_ranks)
                alive += [ffi.from_buffer(memo), ffi.from_buffer(_classes(self.k, "shapes")[1])]
                conds[i].memo, conds[i].memo_size = alive[-2], len(memo)
                conds[i].shape_of = ffi.cast("uint16_t *", alive[-1])
                conds[i].r1, conds[i].r2 = compiled.memo_ranks
        if lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(self.rows), self.k, self.n, value, conds,
                              len(tables) + len(atoms)) < 0:
            raise RuntimeError("o8r_fold_where rejected its conditions")
        return True

    def filter(self, w: npt.NDArray[np.uint8], node: Any, op: int) -> int:
        """Clears the hands of w not in ``node`` (KEEP) or in it (DROP);
        returns how many hands are left (or a positive number)."""
        classes = self.class_members(node)
        if classes is not None:
            by_class, class_of = classes
            if op == _DROP:
                by_class ^= 1
            return int(lib.o8r_keep_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)),
                                            self.n, ffi.from_buffer(by_class), len(by_class)))
        if isinstance(node, (_Hand, _Macro)):
            return self.apply(node, w, op, 0)
        if isinstance(node, _Percent):
            index = self.percent(node)
            if op == _KEEP:
                kept = w[index]
                w[:] = 0
                w[index] = kept
            else:
                w[index] = 0
            return 1
        inside = self.weights(node)
        if op == _KEEP:
            np.minimum(inside, 1, out=inside)
            w *= inside
        else:
            w[inside > 0] = 0
        return 1

    def apply(self, node: _Hand | _Macro, w: npt.NDArray[np.uint8], op: int, value: int) -> int:
        compiled = _compile_atom(node, self.k)
        listed = self.lists(compiled, None, op, value)
        key = _node_key(node)
        match = self.matches.get(key)
        if match is None and (listed or self.uses[key] <= 1):
            return self.apply_compiled(compiled, w, op, value)
        if match is None and not listed and self.uses[key] > 1 and (len(self.matches) + 1) * self.n <= _MATCH_BYTES:
            match = self.matches[key] = self.zeros()
            _apply(compiled, self.rows, match, _SET, 1, _classes(self.k, "shapes")[1])
        if match is not None:
            if op == _SET:
                np.maximum(w, match * np.uint8(value), out=w)
            else:
                w *= match if op == _KEEP else match ^ 1
            return 1
        return self.apply_compiled(compiled, w, op, value)

    def lists(self, compiled: _Compiled, w: npt.NDArray[np.uint8] | None, op: int, value: int) -> bool:
        """Whether listing the hands of an atom costs less than a pass over
        ``w`` (None: a pass that tests every hand)."""
        visits = compiled.generate_cost
        if visits is None:
            return False
        test = _test_cost(compiled)
        if visits < _SCAN * self.n or visits >= (_SCAN + test) * self.n:
            return visits < _SCAN * self.n
        if w is None:
            return True
        if op != _SET:  # the pass tests the hands still in
            tested = int(np.count_nonzero(w))
        elif value == 1:
            tested = self.n - int(np.count_nonzero(w))
        else:
            tested = int(np.count_nonzero(w < value))
        return visits < _SCAN * self.n + test * tested

    def apply_compiled(self, compiled: _Compiled, w: npt.NDArray[np.uint8], op: int, value: int) -> int:
        """Applies an atom by listing its hands or by a pass over the universe."""
        if self.lists(compiled, w, op, value):
            if op == _KEEP:
                inside = self.zeros()
                if lib.o8r_generate(compiled.atom, self.k, ffi.from_buffer(inside), self.n, _SET, 1) != 0:
                    raise RuntimeError("o8r_generate rejected an atom")
                w *= inside
            elif lib.o8r_generate(compiled.atom, self.k, ffi.from_buffer(w), self.n, op, value) != 0:
                raise RuntimeError("o8r_generate rejected an atom")
            return 1
        return _apply(compiled, self.rows, w, op, value, _classes(self.k, "shapes")[1])

    def percent_span(self, node: _Percent) -> tuple[int, int]:
        """Where the hands of a top-N% atom (4-card hands) are in the ranking
        order: a class is in when fewer than N% of the hands rank before it."""
        _, sorted_rank = _ranking_order()
        first, last = self.percent_thresholds(node)
        low = int(np.searchsorted(sorted_rank, first, side="left"))
        high = int(np.searchsorted(sorted_rank, last, side="left"))
        return low, max(low, high)

    def percent_thresholds(self, node: _Percent) -> tuple[int, int]:
        """The ranks (see :func:`preflop_ranking`) of a top-N% atom: first <= rank < last."""
        total = self.n
        # rank < x for an integer rank is rank < ceil(x)
        return math.ceil(node.low / 100 * total), math.ceil(node.high / 100 * total)

    def percent(self, node: _Percent) -> npt.NDArray[np.int64]:
        """The hands of a top-N% atom (4-card hands), as universe indices."""
        low, high = self.percent_span(node)
        return _ranking_order()[0][low:high]


def _kinds(node: _Hand | _Macro) -> tuple[str, ...]:
    """The classes (see _classes) whose hands always agree on ``node``:
    "ranks" when hands with the same ranks do, "suits" when hands with the
    same number of cards of each suit do, "shapes" when hands that differ by
    renaming ranks do (no explicit rank: only ``*``, suits and rank
    variables)."""
    if isinstance(node, _Macro):
        return ("ranks", "shapes") if node.name == "np" else ("suits", "shapes")
    cards = [c for p in node.patterns for c in p]
    out = []
    if node.qualifier == "" and all(not c.suit_var and c.suits == _ALL_SUITS for c in cards):
        out.append("ranks")
    if all(c.kind != "var" and c.ranks == _ALL_RANKS for c in cards):
        out.append("suits")
    if all(c.kind in ("any", "var") for c in cards):
        out.append("shapes")
    return tuple(out)


def _reads_only(node: _Hand | _Macro) -> str:
    """The first of _kinds(node), "" when none."""
    kinds = _kinds(node)
    return kinds[0] if kinds else ""


def _tree_kinds(node: Any) -> tuple[str, ...]:
    """The classes whose hands always agree on every atom of ``node`` (a
    percentage on none)."""
    if isinstance(node, (_Hand, _Macro)):
        return _kinds(node)
    if isinstance(node, _Weighted):
        return _tree_kinds(node.node)
    parts = list(node.parts) if isinstance(node, _Union) else [node.left] + [r for _, r in node.ops] \
        if isinstance(node, _Filter) else []
    if not parts:
        return ()
    common = set(_tree_kinds(parts[0]))
    for part in parts[1:]:
        if not common:
            break
        common &= set(_tree_kinds(part))
    return tuple(k for k in ("ranks", "suits", "shapes") if k in common)


_class_cache: dict[tuple[int, str], tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]] = {}


def _rank_class_rows(k: int) -> npt.NDArray[np.uint8]:
    """One hand per multiset of k ranks, at its key (o8r_rank_classes); rows
    of 255 (never matching) for impossible ones: five of a rank."""
    reps = np.full((comb(12 + k, k), k), 255, dtype=np.uint8)
    for combo in itertools.combinations(range(12 + k), k):
        ranks = [c - i for i, c in enumerate(combo)]
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        row = []
        for r in ranks:
            row.append(4 * r + seen[r])
            seen[r] += 1
        reps[sum(comb(c, i + 1) for i, c in enumerate(combo))] = row
    return reps


def _suit_class_rows(k: int) -> npt.NDArray[np.uint8]:
    """One hand per count of cards in each suit, at its key (o8r_suit_classes)."""
    reps = np.full((7**4, k), 255, dtype=np.uint8)
    for counts in itertools.product(range(k + 1), repeat=4):
        if sum(counts) == k:
            reps[sum(c * 7**s for s, c in enumerate(counts))] = sorted(4 * r + s for s, c in enumerate(counts)
                                                                      for r in range(c))
    return reps


def _shape_class_rows(k: int) -> npt.NDArray[np.uint8]:
    """One hand per multiset of the suit masks of its ranks, at its key
    (o8r_shape_classes); rows of 255 for multisets of other than k cards."""
    reps = np.full((comb(15 + k, k), k), 255, dtype=np.uint8)
    for values in itertools.combinations_with_replacement(range(16), k):
        if sum(bin(v).count("1") for v in values) != k:
            continue
        masks = [v for v in values if v]
        reps[sum(comb(v + i, i + 1) for i, v in enumerate(values))] = sorted(
            4 * r + s for r, v in enumerate(masks) for s in range(4) if v >> s & 1)
    return reps


_CLASSIFY = {"ranks": "o8r_rank_classes", "suits": "o8r_suit_classes", "shapes": "o8r_shape_classes"}


def _classes(k: int, kind: str) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]:
    """For "ranks" (rank multisets), "suits" (counts per suit) or "shapes"
    (multisets of the ranks' suit masks): one hand per class, in the order of
    the class keys, and the key of every hand of the universe."""
    rows = _universe(k)
    with _lock:
        hit = _class_cache.get((k, kind))
        if hit is None:
            class_of = np.empty(len(rows), dtype=np.uint16)
            classify = getattr(lib, _CLASSIFY[kind])
            if classify(ffi.from_buffer(rows), k, len(rows), ffi.cast("uint16_t *", ffi.from_buffer(class_of))) != 0:
                raise RuntimeError(f"{_CLASSIFY[kind]} failed")
            reps = {"ranks": _rank_class_rows, "suits": _suit_class_rows, "shapes": _shape_class_rows}[kind](k)
            class_of.flags.writeable = False
            hit = _class_cache[(k, kind)] = (reps, class_of)
        return hit


_size_cache: dict[tuple[int, str], npt.NDArray[np.int64]] = {}
_CHUNK_CLASSES = 1 << 20


def _class_sizes(k: int, kind: str) -> npt.NDArray[np.int64]:
    """How many hands of the universe each class (see _classes) holds."""
    reps, class_of = _classes(k, kind)
    with _lock:
        hit = _size_cache.get((k, kind))
        if hit is None:
            hit = np.zeros(len(reps), dtype=np.int64)
            for start in range(0, len(class_of), _CHUNK_CLASSES):  # bincount makes an int64 copy of its input
                hit += np.bincount(class_of[start:start + _CHUNK_CLASSES], minlength=len(reps))
            hit.flags.writeable = False
            _size_cache[(k, kind)] = hit
        return hit


_order_cache: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []
_CLASS_LISTS = 3_000_000  # universes up to this size (4- and 5-card hands) keep the hands of each class
_list_cache: dict[tuple[int, str], tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]] = {}


def _class_lists(k: int, kind: str) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """The hands of the universe grouped by class (see _classes), ascending
    in each, and where each class starts: class c is order[starts[c]:starts[c + 1]]."""
    reps, class_of = _classes(k, kind)
    with _lock:
        hit = _list_cache.get((k, kind))
        if hit is None:
            order = np.argsort(class_of, kind="stable").astype(np.int32)
            starts = np.zeros(len(reps) + 1, dtype=np.int64)
            np.cumsum(np.bincount(class_of, minlength=len(reps)), out=starts[1:])
            order.flags.writeable = starts.flags.writeable = False
            hit = _list_cache[(k, kind)] = (order, starts)
        return hit


_order32_cache: list[npt.NDArray[np.int32]] = []
_ranking32_cache: list[npt.NDArray[np.int32]] = []


def _ranking32() -> npt.NDArray[np.int32]:
    """preflop_ranking() as int32 (for C)."""
    if not _ranking32_cache:
        rank = preflop_ranking().astype(np.int32)
        rank.flags.writeable = False
        _ranking32_cache.append(rank)
    return _ranking32_cache[0]


def _ranking_order32() -> npt.NDArray[np.int32]:
    """The 4-card hands best first, as int32 universe indices (for C)."""
    if not _order32_cache:
        order = _ranking_order()[0].astype(np.int32)
        order.flags.writeable = False
        _order32_cache.append(order)
    return _order32_cache[0]


def _ranking_order() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The 4-card hands best first (universe indices) and their ranks."""
    if not _order_cache:
        rank = preflop_ranking()
        order = np.argsort(rank, kind="stable")
        _order_cache.append((order, rank[order]))
    return _order_cache[0]


# ----------------------------------------------------------------------------- Range

_CHUNK = 4096


def _collect(weights: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """The positions and values of the nonzero weights."""
    n = int(np.count_nonzero(weights))
    index = np.empty(n, dtype=np.int32)
    values = np.empty(n, dtype=np.uint8)
    if lib.o8r_collect(ffi.from_buffer(weights), len(weights), ffi.cast("int32_t *", ffi.from_buffer(index)),
                       ffi.from_buffer(values), n) != n:
        raise RuntimeError("o8r_collect failed")
    return index, values


def _distinct(values: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The distinct values, ascending (np.unique, by sorting rather than hashing)."""
    values = np.sort(values)
    if len(values) > 1:
        values = values[np.concatenate(([True], values[1:] != values[:-1]))]
    return values


def _mask(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _without(rows: npt.NDArray[np.uint8], index: npt.NDArray[np.int32] | None, dead: int,
             keep: npt.NDArray[np.uint8]) -> None:
    """keep[i] = whether hand index[i] (hand i if index is None) avoids ``dead``."""
    k = rows.shape[1]
    if index is None:
        done = lib.o8r_without(ffi.from_buffer(rows), k, len(rows), ffi.NULL, len(rows), dead, ffi.from_buffer(keep))
    else:
        index = np.ascontiguousarray(index, dtype=np.int32)
        done = lib.o8r_without(ffi.from_buffer(rows), k, len(rows), ffi.cast("int32_t *", ffi.from_buffer(index)),
                               len(index), dead, ffi.from_buffer(keep))
    if done < 0:
        raise RuntimeError("o8r_without rejected its input")



class Range:
    """A weighted set of starting hands, from range text.

    >>> r = Range("A2**ds, AAxx")
    >>> r.contains("As Ah Ks Qd"), "2s3sAdKd" in r, r.contains("As Ah Kd Qd")  # AAxx is A, Ax, x
    (True, True, False)
    >>> Range("KK@2, QQ").weight("KsKh2c3d")
    Traceback (most recent call last):
    ...
    omaha8_fast.ranges.RangeSyntaxError: range 'KK@2, QQ', column 1: expected a weight ('@') on every comma-separated part or on none, found a mix
    >>> r = Range("KK@2, QQ@1").without("Kh")
    >>> r.weight("KsKd2c3d"), r.weight("QsQd2c3d"), r.weight("KsKh2c3d")
    (2, 1, 0)
    """

    __slots__ = ("_text", "_hole_size", "_index", "_weights", "_wide", "_cum")
    _text: str
    _hole_size: int
    _index: npt.NDArray[np.int32]    # colex indices, ascending
    _weights: npt.NDArray[np.uint8]  # 1..100
    _wide: npt.NDArray[np.uint32] | None
    _cum: npt.NDArray[np.uint64] | None

    def __init__(self, text: RangeLike, *, hole_size: int = 4, dead: CardsLike = ()) -> None:
        if isinstance(text, Range):
            self._text, self._hole_size = text._text, text._hole_size
            self._index, self._weights = text._index, text._weights
        else:
            if not isinstance(text, str):
                raise TypeError(f"a range is text or a Range, not {type(text).__name__}")
            if hole_size not in _HOLE_SIZES:
                raise ValueError(f"hole size must be 1..6, not {hole_size}")
            parser = _Parser(text, hole_size)
            tree = parser.parse()
            dead_ids = card_ids(dead)
            check_unique(dead_ids)
            weights = _Evaluator(parser).evaluate(tree)
            if dead_ids:
                keep = np.empty(len(weights), dtype=np.uint8)
                _without(_universe(hole_size), None, _mask(dead_ids), keep)
                weights *= keep
            self._text, self._hole_size = text, hole_size
            self._index, self._weights = _collect(weights)
            self._wide = self._cum = None
            return
        self._wide = None
        self._cum = None
        dead_ids = card_ids(dead)
        if dead_ids:
            check_unique(dead_ids)
            self._drop(dead_ids)

    @classmethod
    def _from(cls, text: str, hole_size: int, index: npt.NDArray[np.int32], weights: npt.NDArray[np.uint8]) -> Range:
        r = cls.__new__(cls)
        r._text, r._hole_size, r._index, r._weights, r._wide, r._cum = text, hole_size, index, weights, None, None
        return r

    def _drop(self, cards: list[int]) -> None:
        keep = np.empty(len(self._index), dtype=np.uint8)
        _without(_universe(self._hole_size), self._index, _mask(cards), keep)
        flags = keep.view(np.bool_)
        self._index, self._weights, self._wide, self._cum = self._index[flags], self._weights[flags], None, None

    def without(self, cards: CardsLike) -> Range:
        """The range less every hand holding one of ``cards`` (dead cards)."""
        out = Range._from(self._text, self._hole_size, self._index, self._weights)
        out._drop(card_ids(cards))
        return out

    @property
    def text(self) -> str:
        """The range text it was made from."""
        return self._text

    @property
    def hole_size(self) -> int:
        return self._hole_size

    def __len__(self) -> int:
        return len(self._index)

    def __bool__(self) -> bool:
        return len(self._index) > 0

    @property
    def hands(self) -> npt.NDArray[np.uint8]:
        """The hands as an ``(n, hole_size)`` array of card ids, highest first."""
        return _universe(self._hole_size)[self._index][:, ::-1]

    @property
    def weights(self) -> npt.NDArray[np.uint32]:
        """The weight of each hand, in the order of :attr:`hands` and iteration."""
        if self._wide is None:
            self._wide = self._weights.astype(np.uint32)
            self._wide.flags.writeable = False
        return self._wide

    @property
    def total_weight(self) -> int:
        return int(self._weights.sum(dtype=np.uint64))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """The hands, highest card first, made a few thousand at a time (a
        range of millions of hands can be walked without listing them)."""
        rows = _universe(self._hole_size)
        for start in range(0, len(self._index), _CHUNK):
            for row in rows[self._index[start:start + _CHUNK]][:, ::-1].tolist():
                yield tuple(row)

    def items(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """``(hand, weight)`` pairs, streamed like iteration.

        >>> for hand, weight in Range("AsAd2s3d@5").items():
        ...     print(format_cards(hand), weight)
        As Ad 3d 2s 5
        """
        for start in range(0, len(self._index), _CHUNK):
            weights = self._weights[start:start + _CHUNK].tolist()
            rows = _universe(self._hole_size)[self._index[start:start + _CHUNK]][:, ::-1].tolist()
            for row, weight in zip(rows, weights):
                yield tuple(row), weight

    def _position(self, hand: CardsLike) -> int:
        ids = card_ids(hand)
        check_unique(ids)
        if len(ids) != self._hole_size:
            raise ValueError(f"a hand of this range has {self._hole_size} cards, not {len(ids)}")
        i = int(np.searchsorted(self._index, _index_of(ids)))
        return i if i < len(self._index) and self._index[i] == _index_of(ids) else -1

    def contains(self, hand: CardsLike) -> bool:
        """Whether ``hand`` (cards in any order) is in the range."""
        return self._position(hand) >= 0

    def __contains__(self, hand: object) -> bool:
        return self.contains(hand)  # type: ignore[arg-type]

    def weight(self, hand: CardsLike) -> int:
        """The weight of ``hand``, 0 when it is not in the range."""
        i = self._position(hand)
        return int(self._weights[i]) if i >= 0 else 0

    def cumulative_weights(self) -> npt.NDArray[np.uint64]:
        """Running sums of :attr:`weights` (what the C kernels sample from)."""
        if self._cum is None:
            self._cum = np.cumsum(self._weights, dtype=np.uint64)
        return self._cum

    def sample(self, rng: np.random.Generator | random.Random | int | None = None) -> tuple[int, ...]:
        """One hand drawn with probability proportional to its weight.

        ``rng`` is a NumPy ``Generator``, a ``random.Random``, a seed or None.

        >>> Range("AsAd2s3d").sample()
        (51, 49, 5, 3)
        """
        if not len(self._index):
            raise ValueError("cannot sample from an empty range")
        total = self.total_weight
        if isinstance(rng, random.Random):
            u = rng.randrange(total)
        else:
            gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
            u = int(gen.integers(total))
        i = int(np.searchsorted(self.cumulative_weights(), u, side="right"))
        return tuple(int(c) for c in _universe(self._hole_size)[self._index[i]][::-1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return (self._hole_size == other._hole_size and np.array_equal(self._index, other._index)
                and np.array_equal(self._weights, other._weights))

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # unhashable: ranges compare by value

    def __repr__(self) -> str:
        size = "" if self._hole_size == 4 else f", hole_size={self._hole_size}"
        return f"Range({self._text!r}{size})  # {len(self)} hands"
