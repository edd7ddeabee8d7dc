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
  hands against one random hand; see :mod:`omaha8_fast.ranges._gen_ranking`);
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

import random
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Union

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from .._hooks import RANGE_BOARD
from ..cards import CardsLike, card_ids, check_unique, format_cards  # noqa: F401  (format_cards: the doctests)

# Private names that tests, benchmarks and older callers read from this module
# (they live in the _range_* modules below it).
from ._atoms import _atom_cache, _compile_atom, _memo, _memo_ranks  # noqa: F401
from ._eval import _Evaluator
from ._syntax import (  # noqa: F401
    _ALL_RANKS,
    _ALL_SUITS,
    MAX_DEPTH,
    MAX_LENGTH,
    RangeSyntaxError,
    RangeSyntaxWarning,
    _Card,
    _Filter,
    _Hand,
    _Macro,
    _Parser,
    _Percent,
    _Union,
    _Weighted,
)
from ._tables import (  # noqa: F401
    _CLASS_LISTS,
    _class_lists,
    _classes,
    _collect,
    _index_of,
    _ranking32,
    _shape_class_rows,
    _universe,
    hand_classes,
    preflop_ranking,
)

__all__ = ["Range", "RangeSyntaxError", "RangeSyntaxWarning", "RangeLike", "MAX_LENGTH", "MAX_DEPTH", "hand_classes", "preflop_ranking"]

#: Accepted wherever a range is expected: a :class:`Range` or its text.
RangeLike = Union["Range", str]

_HOLE_SIZES = (1, 2, 3, 4, 5, 6)  # what the matcher supports; equity needs 2..6


_CHUNK = 4096


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

    def on(self, board: CardsLike, *, dead: CardsLike = ()) -> Any:
        """This range on a board of 3 to 5 cards, to filter it by what its
        hands hold there with PQL's functions (:mod:`omaha8_fast.pql`):
        ``Range("*").on("Ah7d2c").where("nutLo and handType >= straight")``
        is a new Range; ``.composition()`` tabulates and plots it. Returns
        a :class:`omaha8_fast.pql.RangeOnBoard`, whose ``where``, ``share``
        and ``composition`` take ``timeout=`` (seconds; ``TimeoutError``)."""
        return RANGE_BOARD("on")(self, board, dead)

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
