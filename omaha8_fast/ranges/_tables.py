"""The tables a range is evaluated over: the universe of k-card hands (colex
order), the classes of its hands by ranks, suit counts and shape (one hand
standing for each, the class of every hand, their sizes and members), the
preflop ranking in the orders C reads, and where a top-N% band lies in it.

>>> len(_universe(4)), _index_of([51, 50, 49, 48])
(270725, 270724)
>>> reps, class_of = _classes(4, "ranks")
>>> len(reps), int(_class_sizes(4, "ranks")[class_of[0]])
(1820, 1)
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import Counter
from collections.abc import Iterable
from math import comb

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._ranking import load_ranking
from ._syntax import _Percent

__all__ = ["hand_classes", "preflop_ranking"]

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
    (``omaha8_fast/data/preflop_hilo.npz``, read by :mod:`omaha8_fast.ranges._ranking`,
    made by :mod:`omaha8_fast.ranges._gen_ranking`).

    >>> from omaha8_fast.cards import card_ids
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



# ------------------------------------------------------------- classes of hands

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



def _distinct(values: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The distinct values, ascending (np.unique, by sorting rather than hashing)."""
    values = np.sort(values)
    if len(values) > 1:
        values = values[np.concatenate(([True], values[1:] != values[:-1]))]
    return values


def _collect(weights: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """The positions and values of the nonzero weights."""
    n = int(np.count_nonzero(weights))
    index = np.empty(n, dtype=np.int32)
    values = np.empty(n, dtype=np.uint8)
    if lib.o8r_collect(ffi.from_buffer(weights), len(weights), ffi.cast("int32_t *", ffi.from_buffer(index)),
                       ffi.from_buffer(values), n) != n:
        raise RuntimeError("o8r_collect failed")
    return index, values


# ------------------------------------------------------------- percent bands


def _percent_thresholds(node: _Percent, n: int) -> tuple[int, int]:
    """The ranks (see :func:`preflop_ranking`) of a top-N% atom over a
    universe of ``n`` hands: first <= rank < last."""
    # rank < x for an integer rank is rank < ceil(x)
    return math.ceil(node.low / 100 * n), math.ceil(node.high / 100 * n)


def _percent_span(node: _Percent, n: int) -> tuple[int, int]:
    """Where the hands of a top-N% atom (4-card hands) are in the ranking
    order: a class is in when fewer than N% of the hands rank before it."""
    _, sorted_rank = _ranking_order()
    first, last = _percent_thresholds(node, n)
    low = int(np.searchsorted(sorted_rank, first, side="left"))
    high = int(np.searchsorted(sorted_rank, last, side="left"))
    return low, max(low, high)


def _percent_hands(node: _Percent, n: int) -> npt.NDArray[np.int64]:
    """The hands of a top-N% atom (4-card hands), as universe indices."""
    low, high = _percent_span(node, n)
    return _ranking_order()[0][low:high]
