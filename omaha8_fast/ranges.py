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
Syntax errors are :class:`RangeSyntaxError` (a ``ValueError``) naming the
column and what was expected there:

>>> Range("AA**@")
Traceback (most recent call last):
...
omaha8_fast.ranges.RangeSyntaxError: range 'AA**@', column 6: expected a weight (an integer 1..100) after '@', found the end
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar, Union

import numpy as np
import numpy.typing as npt

from ._checks import check_range_text
from ._core import ffi, lib
from .cards import RANKS, SUITS, Card, CardsLike, card_ids, check_unique, format_cards

__all__ = ["Range", "RangeSyntaxError", "RangeLike", "hand_classes", "preflop_ranking", "is_range", "range_equity"]

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


class RangeSyntaxError(ValueError):
    """A range that does not parse: ``column`` (1-based) is where it went wrong."""

    def __init__(self, text: str, column: int, expected: str, found: str) -> None:
        self.text = text
        self.column = column
        self.expected = expected
        super().__init__(f"range {text!r}, column {column}: expected {expected}, found {found}")

    @property
    def pointer(self) -> str:
        """The text with a caret under the offending column."""
        return f"{self.text}\n{' ' * (self.column - 1)}^"


# --------------------------------------------------------------------- the hand universe

_lock = threading.Lock()
_universes: dict[int, npt.NDArray[np.uint8]] = {}
_features: dict[tuple[int, str], npt.NDArray[np.bool_]] = {}


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


def _feature(k: int, name: str) -> npt.NDArray[np.bool_]:
    """Mask over the universe of a suit shape (ds, ss, r) or np (no pair)."""
    key = (k, name)
    mask = _features.get(key)
    if mask is None:
        hands = _universe(k)
        if name == "np":
            ranks = hands >> 2  # rows are ascending, so pairs are adjacent
            mask = ~np.any(ranks[:, 1:] == ranks[:, :-1], axis=1)
        else:
            counts = np.stack([np.count_nonzero((hands & 3) == s, axis=1) for s in range(4)], axis=1)
            most = counts.max(axis=1)
            twos = np.count_nonzero(counts == 2, axis=1)
            mask = {"ds": (twos == 2) & (most <= 2), "ss": (twos == 1) & (most <= 2), "r": most <= 1}[name]
        _features[key] = mask
    return mask


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
    (``omaha8_fast/data/preflop_hilo.npz``, made by
    :mod:`omaha8_fast._gen_ranking`).

    >>> rank = preflop_ranking()
    >>> int(rank[_index_of(card_ids("AsAh2s3h"))]) < int(rank[_index_of(card_ids("7c5d3h2s"))])
    True
    """
    if not _ranking_cache:
        from ._gen_ranking import load_ranking

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
        self.chars = [(c, i + 1) for i, c in enumerate(text) if not c.isspace()]
        self.pos = 0

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
        while self.peek().isdigit():
            self.pos += 1
        digits = "".join(c for c, _ in self.chars[start:self.pos])
        if not digits or not 1 <= int(digits) <= _MAX_WEIGHT:
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
            self.pos += 1
            node = self.union()
            if self.peek() != ")":
                raise self.fail("',', ':', '!', '@' or ')'")
            self.pos += 1
            return node
        if c == "$":
            for name in _MACROS:
                if "".join(self.peek(1 + i) for i in range(len(name))) == name and self.at_terminator(1 + len(name)):
                    self.pos += 1 + len(name)
                    return _Macro(name)
            raise self.fail("a macro: $ds, $ss, $r or $np", self.pos + 1)
        if c.isdigit() and self.is_percent():
            return self.percent()
        return self.hand()

    def is_percent(self) -> bool:
        i = 0
        while self.peek(i).isdigit() or self.peek(i) == ".":
            i += 1
        return self.peek(i) == "%"

    def number(self) -> float:
        start = self.pos
        while self.peek().isdigit() or self.peek() == ".":
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
            if not self.peek().isdigit():
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

    def matches(self, word: str) -> bool:
        return "".join(self.peek(i) for i in range(len(word))) == word

    def is_qualifier(self, ahead: int) -> bool:
        return any(
            "".join(self.peek(ahead + i) for i in range(len(q))) == q and self.at_terminator(ahead + len(q))
            for q in _QUALIFIERS
        )

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


def _compile(cards: tuple[_Card, ...]) -> Any:
    """The C pattern struct of one pattern."""
    p = ffi.new("o8r_pattern *")
    explicit_ranks = 0
    explicit_suits = 0
    for c in cards:
        if c.kind in ("rank", "set"):
            explicit_ranks |= c.ranks
        if not c.suit_var and c.suits != _ALL_SUITS:
            explicit_suits |= c.suits
    rank_vars: dict[str, int] = {}
    suit_vars: dict[str, int] = {}
    # Most constrained cards first: the matcher backtracks less.
    order = sorted(cards, key=lambda c: (c.kind == "var" or bin(c.ranks).count("1")) * (4 if c.suit_var else bin(c.suits).count("1")))
    p.n = len(order)
    for e, c in enumerate(order):
        p.ranks[e] = c.ranks
        p.suits[e] = c.suits
        p.rank_var[e] = rank_vars.setdefault(c.rank_var, len(rank_vars)) if c.kind == "var" else -1
        p.suit_var[e] = suit_vars.setdefault(c.suit_var, len(suit_vars)) if c.suit_var else -1
    p.var_ranks = _ALL_RANKS & ~explicit_ranks
    p.var_suits = _ALL_SUITS & ~explicit_suits
    return p


def _match(cards: tuple[_Card, ...], hole_size: int) -> npt.NDArray[np.bool_]:
    hands = _universe(hole_size)
    out = np.empty(len(hands), dtype=np.uint8)
    if lib.o8r_match(_compile(cards), ffi.from_buffer(hands), hole_size, len(hands), ffi.from_buffer(out)) != 0:
        raise RuntimeError("o8r_match rejected a pattern")
    return out.view(np.bool_)


_Weights = npt.NDArray[np.uint32]


class _Evaluator:
    """Turns a parse tree into weights over the universe (0 = not in range)."""

    def __init__(self, parser: _Parser) -> None:
        self.parser = parser
        self.k = parser.hole_size

    def mask(self, node: Any) -> npt.NDArray[np.bool_]:
        weights, _ = self.eval(node)
        return weights > 0

    def eval(self, node: Any) -> tuple[_Weights, bool]:
        """(weights, whether the weights were given with '@')."""
        if isinstance(node, _Union):
            results = [self.eval(part) for part in node.parts]
            flags = {weighted for _, weighted in results}
            if len(flags) > 1:
                raise RangeSyntaxError(self.parser.text, node.column,
                                       "a weight ('@') on every comma-separated part or on none", "a mix")
            out = results[0][0]
            for weights, _ in results[1:]:
                out = np.maximum(out, weights)
            return out, flags.pop()
        if isinstance(node, _Weighted):
            weights, _ = self.eval(node.node)
            return np.where(weights > 0, np.uint32(node.weight), np.uint32(0)), True
        if isinstance(node, _Filter):
            out, weighted = self.eval(node.left)
            for op, right in node.ops:
                keep = self.mask(right)
                out = np.where(keep if op == ":" else ~keep, out, np.uint32(0))
            return out, weighted
        if isinstance(node, _Hand):
            mask = np.zeros(len(_universe(self.k)), dtype=np.bool_)
            for pattern in node.patterns:
                mask |= _match(pattern, self.k)
            if node.qualifier:
                mask &= _feature(self.k, node.qualifier)
            return mask.astype(np.uint32), False
        if isinstance(node, _Macro):
            return _feature(self.k, node.name).astype(np.uint32), False
        if isinstance(node, _Percent):
            if self.k != 4:
                raise RangeSyntaxError(self.parser.text, node.column, "no percentage: the ranking is for 4-card hands",
                                       f"a {self.k}-card range")
            rank = preflop_ranking()
            total = len(rank)
            mask = (rank < node.high / 100 * total) & ~(rank < node.low / 100 * total)
            return mask.astype(np.uint32), False
        raise TypeError(f"unknown range node {node!r}")


# ----------------------------------------------------------------------------- Range


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

    __slots__ = ("_text", "_hole_size", "_index", "_weights", "_cum")
    _text: str
    _hole_size: int
    _index: npt.NDArray[np.int64]
    _weights: _Weights
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
            weights, _ = _Evaluator(parser).eval(parser.parse())
            index = np.flatnonzero(weights)
            self._text, self._hole_size = text, hole_size
            self._index, self._weights = index, weights[index]
        self._cum: npt.NDArray[np.uint64] | None = None
        dead_ids = card_ids(dead)
        if dead_ids:
            check_unique(dead_ids)
            self._drop(dead_ids)

    @classmethod
    def _from(cls, text: str, hole_size: int, index: npt.NDArray[np.int64], weights: _Weights) -> Range:
        r = cls.__new__(cls)
        r._text, r._hole_size, r._index, r._weights, r._cum = text, hole_size, index, weights, None
        return r

    def _drop(self, cards: list[int]) -> None:
        hands = _universe(self._hole_size)[self._index]
        keep = ~np.isin(hands, cards).any(axis=1)
        self._index, self._weights, self._cum = self._index[keep], self._weights[keep], None

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
        return self._weights

    @property
    def total_weight(self) -> int:
        return int(self._weights.sum(dtype=np.uint64))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        for row in self.hands.tolist():
            yield tuple(row)

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


# ---------------------------------------------------------------------------- equity


def is_range(player: object) -> bool:
    """Whether :func:`omaha8_fast.equity.equity` reads ``player`` as a range:
    a :class:`Range`, or text other than "random" that is not plain cards (plain
    cards are a known hand, checked as such; write ``Range("AsKd")`` for the
    range of hands holding As and Kd).

    >>> is_range("A2**ds"), is_range(Range("AsKd")), is_range("AsAd2s3d"), is_range("random")
    (True, True, False, False)
    """
    if isinstance(player, Range):
        return True
    if not isinstance(player, str) or player.strip().lower() == "random":
        return False
    try:
        card_ids(player)
    except ValueError:
        check_range_text(player)  # refuses a mistyped hand ("AsAd2s3")
        return True
    return False


def range_equity(
    holes: Sequence[Any],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> list[Any]:
    """:func:`omaha8_fast.equity.equity` when some players are ranges.

    Each player is a :class:`Range` or range text, a known hand, or None /
    "random". The board, the dead cards and the known hands are removed from
    every range; the kernels then weight each deal by the product of its
    hands' weights and leave out deals whose hands share a card (exact
    enumeration skips them, Monte Carlo redraws the whole deal), which is the
    exact card-removal distribution. Exact when the product of the range sizes
    and the runouts is at most ``EXACT_LIMIT``, else Monte Carlo. A known hand
    keeps its ``hole`` in the results; ranges and random hands have None.

    >>> from omaha8_fast import equity
    >>> aces, kings = equity(["AA:$ds", "KsKh2s3h"], board="Qs 7h 4d")
    >>> aces.exact, aces.hole, round(aces.equity + kings.equity, 12)
    (True, None, 1.0)
    """
    from . import equity as _  # noqa: F401  (the module, not the function the package exports)
    eq = sys.modules[__name__.rpartition(".")[0] + ".equity"]  # ranges are a layer over the equity engine

    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise TypeError('holes must be a list of hands or ranges, e.g. ["A2**ds", "KhKd9c8c"]')
    if not 2 <= len(holes) <= eq.MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {eq.MAX_PLAYERS} players, got {len(holes)}")
    known_hands = eq._parse_players([None if is_range(h) else h for h in holes])
    hole_size = next((len(p) for p in known_hands if p is not None),
                     next((h.hole_size for h in holes if isinstance(h, Range)), 4))
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    if len(board_ids) not in eq.BOARD_SIZES:
        raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_ids)}")
    eq._check_cards(known_hands, board_ids, dead_ids)
    known = board_ids + dead_ids + [c for p in known_hands if p is not None for c in p]
    ranges: list[Range | None] = []
    for i, h in enumerate(holes, 1):
        if not is_range(h):
            ranges.append(None)
            continue
        try:
            r = h if isinstance(h, Range) else Range(h, hole_size=hole_size)
        except RangeSyntaxError as error:
            raise ValueError(f"player {i}: invalid cards or range: {error}") from None
        if r.hole_size != hole_size:
            raise ValueError(f"player {i}: a range of {r.hole_size}-card hands among {hole_size}-card holes")
        r = r.without(known)
        if not r:
            raise ValueError(f"player {i}: the range {r.text!r} is empty once the known cards are removed")
        ranges.append(r)
    samples, seed = eq._check_options(exact, samples, seed, threads, executor)

    n_random = sum(p is None and r is None for p, r in zip(known_hands, ranges))
    n_known = sum(p is not None for p in known_hands)
    cards_left = 52 - len(board_ids) - len(dead_ids) - hole_size * n_known
    missing = 5 - len(board_ids)
    if cards_left < (len(holes) - n_known) * hole_size + missing:
        raise ValueError(f"not enough cards for {len(holes)} players with {hole_size}-card holes and the board")
    in_ranges = hole_size * sum(listed is not None for listed in ranges)
    deals = eq.runout_count(n_random, hole_size, cards_left - in_ranges, missing)
    total_weight = deals
    for listed in ranges:
        if listed is not None:
            deals *= len(listed)
            total_weight *= listed.total_weight
    fits_exact = total_weight * eq.POT < 2**63  # the exact kernel's integer counts
    if exact is None:
        exact = deals <= eq.EXACT_LIMIT and fits_exact
    elif exact and (deals > eq.EXACT_MAX or not fits_exact):
        raise ValueError(f"{deals:,} weighted deals are too many to enumerate; use exact=False")

    players: list[bytes | None] = []
    weights: list[tuple[int, ...] | None] = []
    for p, listed in zip(known_hands, ranges):
        if listed is not None:
            players.append(np.ascontiguousarray(listed.hands).tobytes())
            uniform = bool(np.all(listed.weights == listed.weights[0]))
            weights.append(None if uniform else tuple(listed.cumulative_weights().tolist()))
        else:
            players.append(None if p is None else bytes(p))
            weights.append(None)
    job = eq.EquityJob(players=tuple(players), weights=tuple(weights), hole_size=hole_size,
                       board=bytes(board_ids), dead=bytes(dead_ids), exact=exact, samples=samples, seed=seed)
    counts = eq.run_job(job, threads=threads, executor=executor, progress=progress)
    holes_out = [None if p is None else tuple(Card(c) for c in p) for p in known_hands]
    results: list[Any] = eq._results(counts, holes_out, exact)
    return results
