"""Range against range on a river: the showdown kernel every solver step stands on.

On this board Q-Q-5-4 makes the 8-high straight (5-4 with 8-7-6) and the
low 7-6-5-4-2; A-A-3-2 has a pair of aces but the better low 7-6-3-2-A (A-3
with 7-6-2), so they split the pot; K-K-Q-J's set of kings and no low win
nothing against the straight:

>>> a = {"As Ad 3d 2s": 1.0, "Kh Kc Qh Jc": 2.0}
>>> b = {"Qs Qd 5h 4c": 1.0}
>>> showdown_matrix(a, b, "Ks 8d 7c 6h 2c").tolist()
[[0.5], [0.0]]
>>> va, vb = showdown_values(a, b, "Ks 8d 7c 6h 2c")
>>> va.tolist(), vb.tolist()  # Q-Q-5-4: half of the pot against A-A-3-2 (weight 1), all of it against K-K-Q-J (2)
([0.5, 0.0], [2.5])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ..cards import card_ids, check_unique, format_cards
from ..ranges import Range

__all__ = ["RangeInput", "showdown_values", "showdown_matrix"]

#: A range for the solver: a :class:`~omaha8_fast.ranges.Range`, range text,
#: or a dict of combo text (or card ids) to a positive weight.
RangeInput = Union[Range, str, Mapping[Any, float]]

HOLE = 4
_TOKEN = {format_cards([c]): c for c in range(52)}  # "As" -> 51
_F64 = npt.NDArray[np.float64]


def _board(board: Any, sizes: tuple[int, ...] = (5,)) -> list[int]:
    ids = card_ids(board)
    check_unique(ids)
    if len(ids) not in sizes:
        raise ValueError(f"the board must have {' or '.join(map(str, sizes))} cards, not {len(ids)}")
    return ids


def combos(rng: RangeInput, what: str = "range") -> tuple[npt.NDArray[np.uint8], _F64]:
    """The hands (an ``(n, 4)`` uint8 array, each hand as ``format_cards``
    orders it) and the float weights of a range, in its combo order."""
    if isinstance(rng, (Range, str)):
        r = rng if isinstance(rng, Range) else Range(rng)
        if r.hole_size != HOLE:
            raise ValueError(f"the solver plays 4-card hands; {what} has {r.hole_size}-card hands")
        hands = np.ascontiguousarray(r.hands, dtype=np.uint8)
        return hands, r.weights.astype(np.float64)
    if not isinstance(rng, Mapping):
        raise TypeError(f"{what} must be a Range, range text or a dict of combo to weight, not {type(rng).__name__}")
    fast = _parse_packed(rng, what)
    if fast is not None:
        return fast
    rows: list[list[int]] = []
    weights: list[float] = []
    seen: set[int] = set()
    token = _TOKEN
    for key, weight in rng.items():
        words = key.split(" ") if type(key) is str else None
        if words is not None and len(words) == HOLE and all(w in token for w in words):
            ids = [token[w] for w in words]  # the common case: "As Ad 3d 2s" (card_ids reads everything else)
        else:
            ids = card_ids(key)
        mask = (1 << ids[0]) | (1 << ids[1]) | (1 << ids[2]) | (1 << ids[3]) if len(ids) == HOLE else 0
        if len(ids) != HOLE or mask.bit_count() != HOLE:
            check_unique(ids)
            raise ValueError(f"{what}: combo {key!r} has {len(ids)} cards, not 4")
        if type(weight) is not float and (isinstance(weight, bool) or not isinstance(weight, (int, float))):
            raise TypeError(f"{what}: the weight of {key!r} must be a number, not {type(weight).__name__}")
        w = float(weight)
        if not w > 0 or not math.isfinite(w):
            raise ValueError(f"{what}: the weight of {key!r} must be a positive finite number, not {weight!r}")
        if mask in seen:
            raise ValueError(f"{what}: combo {format_cards(ids)} is listed twice")
        seen.add(mask)
        rows.append(sorted(ids, reverse=True))
        weights.append(w)
    hands = np.array(rows, dtype=np.uint8).reshape(len(rows), HOLE)
    return hands, np.array(weights, dtype=np.float64)


_RANK_OF = np.full(256, 255, dtype=np.uint8)
_SUIT_OF = np.full(256, 255, dtype=np.uint8)
for _r, _ch in enumerate("23456789TJQKA"):
    _RANK_OF[ord(_ch)] = _r
for _s, _ch in enumerate("cdhs"):
    _SUIT_OF[ord(_ch)] = _s


def _parse_packed(rng: Mapping[Any, float], what: str) -> tuple[npt.NDArray[np.uint8], _F64] | None:
    """Vectorized reading of a dict whose keys are all four cards as
    format_cards writes them ("As Ad 3d 2s") and whose weights are positive
    floats or ints; None (the general reader then explains) otherwise."""
    keys = list(rng)
    n = len(keys)
    if n == 0 or not all(type(k) is str for k in keys):
        return None
    joined = "".join(keys)
    if len(joined) != 11 * n or not joined.isascii():
        return None
    raw = np.frombuffer(joined.encode("ascii"), dtype=np.uint8).reshape(n, 11)
    if not (raw[:, [2, 5, 8]] == 32).all():
        return None
    ranks = _RANK_OF[raw[:, [0, 3, 6, 9]]]
    suits = _SUIT_OF[raw[:, [1, 4, 7, 10]]]
    if (ranks == 255).any() or (suits == 255).any():
        return None
    ids = (ranks * 4 + suits).astype(np.uint8)
    masks = np.zeros(n, dtype=np.uint64)
    for k in range(HOLE):
        masks |= np.uint64(1) << ids[:, k].astype(np.uint64)
    if len(np.unique(masks)) != n or (np.bitwise_count(masks) if hasattr(np, "bitwise_count") else
                                       _popcount(masks)).min() != HOLE:
        return None
    values = list(rng.values())
    if not all(type(v) is float or type(v) is int for v in values):
        return None
    weights = np.array(values, dtype=np.float64)
    if not (weights > 0).all() or not np.isfinite(weights).all():
        return None
    highest_first = np.sort(ids, axis=1)[:, ::-1]
    return np.ascontiguousarray(highest_first, dtype=np.uint8), weights


def _popcount(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    out = np.zeros(len(masks), dtype=np.int64)
    m = masks.copy()
    while m.any():
        out += (m & np.uint64(1)).astype(np.int64)
        m >>= np.uint64(1)
    return out


def showdown_values(range_a: RangeInput, range_b: RangeInput, board: Any) -> tuple[_F64, _F64]:
    """Each combo's weight-summed share of a showdown pot against the other range.

    ``values_a[i] = sum over the combos b compatible with a[i] of w_b *
    share(a[i], b)``: the pot split as :func:`~omaha8_fast.split_pot` does
    (halves with a qualifying low, tied hands sharing a half, the best high
    taking all without a low; odd chips aside), never normalised. A combo that
    shares a card with the board is worth 0 and counts for nobody. Computed
    in C without an N x M loop (GIL released): every hand evaluated once,
    sorted by high and by low, card removal by per-card, per-pair and
    per-triple weight sums.
    """
    ids = _board(board)
    ha, wa = combos(range_a, "range_a")
    hb, wb = combos(range_b, "range_b")
    va = np.zeros(len(ha), dtype=np.float64)
    vb = np.zeros(len(hb), dtype=np.float64)
    need = lib.o8_showdown_values_scratch(len(ha), len(hb))
    if need < 0:
        raise ValueError(f"a range has more than {lib.O8_SD_MAX_HANDS} combos")
    scratch = np.empty(need, dtype=np.uint8)
    done = lib.o8_showdown_values(bytes(ids), ffi.from_buffer(ha), len(ha), ffi.cast("double *", ffi.from_buffer(wa)),
                                  ffi.from_buffer(hb), len(hb), ffi.cast("double *", ffi.from_buffer(wb)),
                                  ffi.cast("double *", ffi.from_buffer(va)), ffi.cast("double *", ffi.from_buffer(vb)),
                                  ffi.from_buffer(scratch), need)
    if done != 0:
        raise ValueError("invalid cards in a range or on the board")
    return va, vb


def showdown_matrix(range_a: RangeInput, range_b: RangeInput, board: Any) -> _F64:
    """The share of the pot each combo of ``range_a`` wins against each combo
    of ``range_b`` (shape ``(len(a), len(b))``, the ranges' combo orders),
    NaN where the two combos share a card (with each other or the board).
    For small ranges and tests: it evaluates pairs one by one."""
    ids = _board(board)
    ha, _ = combos(range_a, "range_a")
    hb, _ = combos(range_b, "range_b")
    board_mask = sum(1 << c for c in ids)

    def evaluate(hands: npt.NDArray[np.uint8]) -> list[tuple[int, int, int]]:
        out = []
        for row in hands.tolist():
            mask = sum(1 << c for c in row)
            v = lib.o8_eval(bytes(row), HOLE, bytes(ids), 5) if not mask & board_mask else -1
            out.append((mask if v >= 0 else -1, v & 0xFFFF, v >> 16))
        return out

    ea, eb = evaluate(ha), evaluate(hb)
    m = np.full((len(ha), len(hb)), np.nan)
    for i, (ma, high_a, low_a) in enumerate(ea):
        if ma < 0:
            continue
        for j, (mb, high_b, low_b) in enumerate(eb):
            if mb < 0 or ma & mb:
                continue
            high = 1.0 if high_a < high_b else 0.5 if high_a == high_b else 0.0
            if not low_a and not low_b:
                m[i, j] = high
                continue
            low = 0.0 if not low_a else 1.0 if not low_b or low_a < low_b else 0.5 if low_a == low_b else 0.0
            m[i, j] = 0.5 * high + 0.5 * low
    return m


class Side:
    """One range prepared on one 5-card board for the sweeps (kept alive
    with the arrays its C struct points into)."""

    __slots__ = ("n", "high", "low", "by_high", "by_low", "subsets", "struct", "alive")

    def __init__(self, board: list[int], hands: npt.NDArray[np.uint8], all_alive: bool = False) -> None:
        n = len(hands)
        self.n = n
        self.high = np.empty(n, dtype=np.uint16)
        self.low = np.empty(n, dtype=np.uint16)
        self.by_high = np.empty(n, dtype=np.int32)
        self.by_low = np.empty(n, dtype=np.int32)
        self.subsets = np.empty(14 * n, dtype=np.int32)
        done = lib.o8_sd_prepare(bytes(board), ffi.from_buffer(hands), n, _u16(self.high), _u16(self.low),
                                 _i32(self.by_high), _i32(self.by_low), _i32(self.subsets))
        if done != 0:
            raise ValueError("invalid cards in a range or on the board")
        if all_alive:  # a turn side: only the subsets are used (compatibility sums)
            self.high[:] = 1
            self.low[:] = 1
        self.alive = self.high != 0xFFFF
        s = ffi.new("o8_sd_side *")
        s.n = n
        s.high, s.low = _u16(self.high), _u16(self.low)
        s.by_high, s.by_low, s.subsets = _i32(self.by_high), _i32(self.by_low), _i32(self.subsets)
        self.struct = s


def _u16(a: npt.NDArray[Any]) -> Any:
    return ffi.cast("uint16_t *", ffi.from_buffer(a))


def _i32(a: npt.NDArray[Any]) -> Any:
    return ffi.cast("int32_t *", ffi.from_buffer(a))


def _f64(a: npt.NDArray[Any]) -> Any:
    return ffi.cast("double *", ffi.from_buffer(a))


def ident(hands_a: npt.NDArray[np.uint8], hands_b: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """For each hand of a, the index of the same hand in b, or -1."""
    out = np.empty(len(hands_a), dtype=np.int32)
    size = lib.o8_sd_ident_scratch(len(hands_b))
    scratch = np.empty(size, dtype=np.int32)
    lib.o8_sd_ident(ffi.from_buffer(hands_a), len(hands_a), ffi.from_buffer(hands_b), len(hands_b), _i32(out),
                    _i32(scratch), size)
    return out


class Scratch:
    """The work space of the C sweeps for up to n combos a side (its table
    part is zero between calls: the C leaves it so). One per thread."""

    __slots__ = ("n", "array", "ptr")

    def __init__(self, n: int) -> None:
        self.n: int = n
        self.array: _F64 = np.zeros(2 * lib.O8_SD_TABLE + 3 * n, dtype=np.float64)
        self.ptr: Any = _f64(self.array)  # a cffi double*


def _row_for(n: int, out: _F64 | None = None) -> _F64:
    """A float64 row of n values for the C to write: ``out`` when it is one (contiguous), a new one without."""
    if out is None:
        return np.empty(n, dtype=np.float64)
    if not (out.shape == (n,) and out.dtype == np.float64 and out.flags.c_contiguous):
        raise ValueError(f"out must be contiguous float64 arrays of {n} values")
    return out


class Table:
    """Both players' ranges prepared on one board: showdown values and
    compatible weights of one player's combos against the other's reach."""

    __slots__ = ("sides", "idents", "_ident_ptrs", "_scratch", "n")

    def __init__(self, board: list[int], hands: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]],
                 idents: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]], turn: bool = False) -> None:
        if turn:  # a 4-card board: any fifth card gives the subsets; every hand alive
            fifth = next(c for c in range(52) if c not in board)
            self.sides: tuple[Side, Side] = (Side(board + [fifth], hands[0], True), Side(board + [fifth], hands[1], True))
        else:
            self.sides = (Side(board, hands[0]), Side(board, hands[1]))
        self.idents: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] = idents
        self.n: int = max(len(hands[0]), len(hands[1]))
        self._ident_ptrs = (_i32(idents[0]), _i32(idents[1]))
        self._scratch: Scratch | None = None  # made on first use without a shared one

    def _own(self) -> Scratch:
        if self._scratch is None:
            self._scratch = Scratch(self.n)
        return self._scratch

    def values(self, p: int, reach_opp: _F64, scratch: Scratch | None = None,
               out: tuple[_F64, _F64] | None = None) -> tuple[_F64, _F64]:
        """(showdown values, compatible weights) of p's combos against reach_opp
        (``scratch``: a :class:`Scratch` of at least this many combos, shared by
        the tables one thread walks, so that it stays in the cache; ``out``: two
        contiguous float64 arrays of p's combo count to write them into)."""
        work = scratch if scratch is not None else self._own()
        a, b = self.sides[p], self.sides[1 - p]
        values, compat = (_row_for(a.n), _row_for(a.n)) if out is None else (_row_for(a.n, out[0]), _row_for(a.n, out[1]))
        w = np.ascontiguousarray(reach_opp, dtype=np.float64)
        lib.o8_sd_values(a.struct, b.struct, self._ident_ptrs[p], _f64(w), _f64(values), _f64(compat), work.ptr)
        return values, compat

    def compat(self, p: int, reach_opp: _F64, scratch: Scratch | None = None, out: _F64 | None = None) -> _F64:
        """The compatible weight of reach_opp for each of p's combos (into ``out``
        when given: a contiguous float64 array of p's combo count)."""
        work = scratch if scratch is not None else self._own()
        a, b = self.sides[p], self.sides[1 - p]
        compat = _row_for(a.n, out)
        w = np.ascontiguousarray(reach_opp, dtype=np.float64)
        lib.o8_sd_compat(a.struct, b.struct, self._ident_ptrs[p], _f64(w), _f64(compat), work.ptr)
        return compat
