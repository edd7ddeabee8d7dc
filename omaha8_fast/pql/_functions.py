"""The PQL functions for Omaha Hi/Lo, each evaluated on a chunk of deals at once.

Every function takes a :class:`Deals` context and its arguments already
read (a player index, a street's board size, a hand type, a low rating, a
range) and returns one value per deal as a numpy array, with its type:
"bool", "num", "frac" (pot units of 1/5040, exact), "handtype" or "str".
docs/pql.md states each function's meaning.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ..cards import RANKS
from ..ranges import Range
from ._deals import _BIT, masks, player_evals, showdowns

__all__ = ["Deals", "Expired", "RANGE_CACHE_BYTES", "FUNCTIONS", "HAND_TYPES", "STREETS", "Function", "low_rating", "hand_type_of"]

POT = 5040
STREETS = {"flop": 3, "turn": 4, "river": 5, "preflop": 0}
#: Hand types, weakest first (PPT's names), with the weakest class of each.
HAND_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads", "straightflush")
_ALIASES = {"onepair": "pair", "threeofakind": "trips", "set": "trips", "fourofakind": "quads", "full": "fullhouse"}
_CLASS_LIMITS = np.array([10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462])  # strongest category first

Arr = npt.NDArray[Any]


def hand_type_of(high: Arr) -> Arr:
    """Hand type index (0 high card .. 8 straight flush) of high classes."""
    return (8 - np.searchsorted(_CLASS_LIMITS, high, side="left")).astype(np.int64)


#: The hand type of every high class (index 0 unused).
_TYPE_OF_CLASS = hand_type_of(np.arange(7463))


def _hand_types(high: Arr) -> Arr:
    """hand_type_of for classes 1..7462, by table."""
    out: Arr = _TYPE_OF_CLASS[high]
    return out


def hand_type(name: str) -> int:
    key = name.lower().replace("_", "").replace(" ", "")
    key = _ALIASES.get(key, key)
    if key not in HAND_TYPES:
        raise ValueError(f"unknown hand type {name!r}; expected one of {', '.join(HAND_TYPES)}")
    return HAND_TYPES.index(key)


def low_rating(value: object) -> int:
    """A low rating from a query: the library's number (``54321``) or five
    distinct low ranks as text in any order (``'A2345'``, ``'8765A'``).

    >>> low_rating('A2345'), low_rating(76532), low_rating('8765a')
    (54321, 76532, 87651)
    """
    text = str(value).upper().replace("A", "1")
    if isinstance(value, bool) or len(text) != 5 or len(set(text)) != 5 or \
            any(ch not in "12345678" for ch in text):
        raise ValueError(f"a low rating is five distinct ranks A..8 ('A2345', 76532), not {value!r}")
    return int("".join(sorted(text, reverse=True)))


class Expired(Exception):
    """The query's deadline passed in the middle of a chunk (pql.run turns it
    into ``timed_out`` or ``TimeoutError``)."""


class Deals:
    """A chunk of deals and what has been computed on it (cached by street)."""

    def __init__(self, rows: Arr, n_players: int, hole_size: int, board_size: int, dead: bytes,
                 default_street: int = 5, deadline: float | None = None,
                 memo: dict[Any, Any] | None = None, showdown: bool = True) -> None:
        self.rows, self.n, self.P, self.hs = rows, len(rows), n_players, hole_size
        self.board_size, self.dead, self.default_street = board_size, dead, default_street
        self.dead_mask = np.uint64(sum(1 << c for c in dead))
        self.deadline = deadline
        #: The query has a river showdown function (every player is evaluated
        #: on the river anyway: one player's river values come from there).
        self.showdown = showdown
        #: What the chunks of one query share (ranges built once a query).
        self.memo: dict[Any, Any] = {} if memo is None else memo
        self._cache: dict[Any, Any] = {}

    def take(self, keep: Arr) -> Deals:
        """The deals where ``keep`` is true (this context itself, its cache
        kept, when every deal is kept: no copy)."""
        if len(keep) == self.n and keep.all():
            return self
        return Deals(self.rows[keep], self.P, self.hs, self.board_size, self.dead, self.default_street,
                     self.deadline, self.memo, self.showdown)

    def check_deadline(self) -> None:
        """Raise :class:`Expired` once the query's deadline has passed."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Expired()

    def hole(self, p: int) -> Arr:
        return self.rows[:, p * self.hs:(p + 1) * self.hs]

    def board(self, street: int) -> Arr:
        self.need(street)
        start = self.P * self.hs
        return self.rows[:, start:start + street]

    def need(self, street: int) -> None:
        if street > self.board_size:
            names = {v: k for k, v in STREETS.items()}
            raise ValueError(f"the {names[street]} needs {street} board cards; this board has {self.board_size}")

    def evals(self, street: int) -> dict[str, Any]:
        key = ("eval", street)
        if key not in self._cache:
            self.need(street)
            river = street == 5 and self.P >= 2
            self._cache[key] = showdowns(self.rows, self.P, self.hs, street, river)
            if street == 5 and not river:
                self._cache[key]["share"] = None
        return self._cache[key]  # type: ignore[no-any-return]

    def player(self, p: int, street: int) -> tuple[Arr, Arr]:
        """Player p's high classes and decimal lows on the street: from the
        showdowns when they are (or will be) computed, else this player
        alone (``o8_pql_evals``)."""
        key = ("eval", street)
        if key in self._cache or (street == 5 and self.showdown and self.P >= 2):
            e = self.evals(street)
            return e["high"][:, p], e["low"][:, p]
        pkey = ("player", p, street)
        if pkey not in self._cache:
            self.need(street)
            self._cache[pkey] = player_evals(self.rows, p * self.hs, self.hs, self.P * self.hs, street)
        return self._cache[pkey]  # type: ignore[no-any-return]

    def river(self) -> dict[str, Any]:
        if self.P < 2:
            raise ValueError("showdown functions need at least two players")
        return self.evals(5)

    def mask(self, cols: Arr) -> Arr:
        return masks(np.ascontiguousarray(cols))


def _street_board_masks(d: Deals, street: int) -> Arr:
    return d.mask(d.board(street))


# ---- showdown functions --------------------------------------------------------

def _river_street(name: str, street: int) -> None:
    if street != 5:
        raise ValueError(f"{name} is decided at the river: its street can only be river")


def river_equity(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    _river_street("riverEquity", street)
    return d.river()["share"][:, p].astype(np.float64) / POT, "num"


def fractional_river_equity(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    _river_street("fractionalRiverEquity", street)
    return d.river()["share"][:, p].astype(np.int64), "frac"


def _flag(bit: int, name: str) -> Callable[[Deals, int, int], tuple[Arr, str]]:
    def f(d: Deals, p: int, street: int) -> tuple[Arr, str]:
        _river_street(name, street)
        return (d.river()["flags"][:, p] & bit) != 0, "bool"
    f.__name__ = name
    return f


def equity(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    """The pot share expected from the street on, the other hands known: at
    the river the share won; before it, averaged over every completion."""
    if street == 5:
        return river_equity(d, p, street)
    if d.P < 2:
        raise ValueError("equity needs at least two players")
    cache = d._cache.setdefault("equity_cache", {})
    width = d.P * d.hs
    out = np.empty(d.n, dtype=np.float64)
    structs = ffi.new("o8_range[]", d.P)
    counts = ffi.new("o8_equity_counts *")
    for r in range(d.n):
        if r % 16 == 0:
            d.check_deadline()
        key = (d.rows[r, :width + street].tobytes(), p)
        value = cache.get(key)
        if value is None:
            holes = ffi.from_buffer("uint8_t[]", d.rows[r, :width].tobytes())
            for i in range(d.P):
                structs[i].holes = holes + i * d.hs
                structs[i].n_holes = 1
                structs[i].cum_weights = ffi.NULL
            board = d.rows[r, width:width + street].tobytes()
            code = lib.o8_equity_exact(structs, d.P, d.hs, board, street, d.dead, len(d.dead), 0, 1, counts)
            if code != 0:
                raise ValueError("equity: invalid deal")
            value = counts.player[p].share / (counts.showdowns * POT)
            cache[key] = value
        out[r] = value
    return out, "num"


# ---- ratings and hand types ------------------------------------------------------

def hi_rating(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    return 7463 - d.player(p, street)[0].astype(np.int64), "num"


def lo_rating(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    return d.player(p, street)[1].astype(np.int64), "num"


def made_lo(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    return d.player(p, street)[1] != 0, "bool"


def min_lo_rating(d: Deals, p: int, street: int, rating: int) -> tuple[Arr, str]:
    low = d.player(p, street)[1]
    return (low != 0) & (low <= rating), "bool"


def best_lo_rating(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    low = d.evals(street)["low"].astype(np.int64)
    best = np.where(low == 0, 10 ** 6, low).min(axis=1)
    return (low[:, p] != 0) & (low[:, p] == best), "bool"


def hand_type_fn(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    return _hand_types(d.player(p, street)[0]), "handtype"


def min_hand_type(d: Deals, p: int, street: int, kind: int) -> tuple[Arr, str]:
    return _hand_types(d.player(p, street)[0]) >= kind, "bool"


# ---- nuts and outs ----------------------------------------------------------------

@lru_cache(maxsize=1)
def _nut_low_table() -> Arr:
    """table[board low ranks, available low ranks] = the best low two hole
    cards of the available ranks make with three board ranks (0: none);
    rank bit 0 = ace .. bit 7 = eight."""
    pop = np.array([bin(m).count("1") for m in range(256)])
    lowest3 = np.zeros(256, dtype=np.int64)
    for m in range(256):
        bits = [b for b in range(8) if m >> b & 1][:3]
        lowest3[m] = sum(1 << b for b in bits) if len(bits) == 3 else 0
    decimal = np.zeros(256, dtype=np.int64)
    for m in range(256):
        if pop[m] == 5:
            decimal[m] = int("".join(str(b + 1) for b in range(7, -1, -1) if m >> b & 1))
    board = np.arange(256)[:, None]
    avail = np.arange(256)[None, :]
    best = np.full((256, 256), 10 ** 6, dtype=np.int64)
    for a in range(8):
        for b in range(a + 1, 8):
            pair = (1 << a) | (1 << b)
            rest = lowest3[board & ~pair]
            has = ((avail >> a) & 1) & ((avail >> b) & 1) & (rest != 0)
            value = np.where(has, decimal[(rest | pair) & 255], 10 ** 6)
            best = np.minimum(best, value)
    best[best == 10 ** 6] = 0
    return best


def _low_rank_mask(cards: Arr) -> Arr:
    """Per row, the low ranks among the cards (bit 0 ace .. bit 7 eight)."""
    rank = cards.astype(np.int64) >> 2
    bit = np.where(rank == 12, 1, np.where(rank <= 6, 1 << (rank + 1), 0))
    out = np.zeros(len(cards), dtype=np.int64)
    for j in range(cards.shape[1]):
        out |= bit[:, j]
    return out


def _rank_counts_unseen(d: Deals, p: int, street: int, extra: Arr | None = None) -> Arr:
    """Low ranks with a card outside p's hole, the street's board and the dead cards."""
    seen = d.mask(d.hole(p)) | _street_board_masks(d, street) | d.dead_mask
    if extra is not None:
        seen = seen | extra
    return _available(seen)


def _available(seen: Arr) -> Arr:
    """Low ranks (bit 0 ace .. bit 7 eight) with a card not in ``seen``."""
    avail = np.zeros(len(seen), dtype=np.int64)
    for bit, rank in enumerate((12, 0, 1, 2, 3, 4, 5, 6)):
        rank_cards = np.uint64(0b1111 << (4 * rank))
        avail |= np.where((seen & rank_cards) != rank_cards, 1 << bit, 0)
    return avail


def nut_lo(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    low = d.player(p, street)[1].astype(np.int64)
    nut = _nut_low_table()[_low_rank_mask(d.board(street)), _rank_counts_unseen(d, p, street)]
    return (low != 0) & (low == nut), "bool"


def nut_hi(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    """No two cards outside p's hole, the board and the dead cards beat p's high."""
    high = d.player(p, street)[0].astype(np.int64)
    board = np.ascontiguousarray(d.board(street))
    blocked = d.mask(d.hole(p)) | d.mask(board) | d.dead_mask
    pairs = _PAIRS
    out = np.empty(d.n, dtype=bool)
    step = max(1, (1 << 18) // len(pairs))
    for s in range(0, d.n, step):
        d.check_deadline()
        b = board[s:s + step]
        m = len(b)
        boards = np.repeat(b, len(pairs), axis=0)
        holes = np.tile(pairs, (m, 1))
        hv = np.empty(len(holes), dtype=np.uint16)
        lv = np.empty(len(holes), dtype=np.int32)
        lib.o8_eval_batch(ffi.from_buffer("uint8_t[]", holes), 2, ffi.from_buffer("uint8_t[]", boards), street,
                          len(holes), ffi.from_buffer("uint16_t[]", hv), ffi.from_buffer("int32_t[]", lv))
        hv2 = hv.reshape(m, len(pairs)).astype(np.int64)
        bad = (blocked[s:s + step, None] & _PAIR_MASKS[None, :]) != 0
        best = np.where(bad, 10 ** 6, hv2).min(axis=1)
        out[s:s + step] = high[s:s + step] <= best
    return out, "bool"


_PAIRS = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.uint8)
_PAIR_MASKS = masks(_PAIRS)


def _next_cards(d: Deals, p: int, street: int) -> tuple[Arr, Arr]:
    """For each deal, the boards of the next street (one per unseen card:
    not in any hole, the street's board or the dead cards) and a validity mask."""
    if street >= 5:
        return np.zeros((d.n, 0, 6), dtype=np.uint8), np.zeros((d.n, 0), dtype=bool)
    seen = d.mask(d.rows[:, :d.P * d.hs]) | _street_board_masks(d, street) | d.dead_mask
    cards = np.arange(52, dtype=np.uint8)
    valid = (seen[:, None] & _BIT[cards][None, :]) == 0
    return cards, valid


def _outs(d: Deals, p: int, street: int, test: Callable[[Arr, Arr, Arr], Arr]) -> Arr:
    d.need(street)
    if street == 0:
        raise ValueError("outs are counted on the flop or the turn")
    out = np.zeros(d.n, dtype=np.int64)
    if street >= 5:
        return out
    cards, valid = _next_cards(d, p, street)
    hole = np.ascontiguousarray(d.hole(p))
    board = d.board(street)
    for c in range(52):
        d.check_deadline()
        rows = np.flatnonzero(valid[:, c])
        if not len(rows):
            continue
        b = np.empty((len(rows), street + 1), dtype=np.uint8)
        b[:, :street] = board[rows]
        b[:, street] = c
        h = np.ascontiguousarray(hole[rows])
        hv = np.empty(len(rows), dtype=np.uint16)
        lv = np.empty(len(rows), dtype=np.int32)
        lib.o8_eval_batch(ffi.from_buffer("uint8_t[]", h), d.hs, ffi.from_buffer("uint8_t[]", b), street + 1,
                          len(rows), ffi.from_buffer("uint16_t[]", hv), ffi.from_buffer("int32_t[]", lv))
        out[rows] += test(rows, b, np.stack([hv.astype(np.int64), lv.astype(np.int64)]))
    return out


def outs_to_hand_type(d: Deals, p: int, street: int, kind: int) -> tuple[Arr, str]:
    return _outs(d, p, street, lambda rows, b, v: hand_type_of(v[0]) >= kind), "num"


def nut_lo_outs(d: Deals, p: int, street: int) -> tuple[Arr, str]:
    hole_mask = d.mask(d.hole(p))

    def test(rows: Arr, b: Arr, v: Arr) -> Arr:
        nut = _nut_low_table()[_low_rank_mask(b), _available(hole_mask[rows] | masks(b) | d.dead_mask)]
        hit: Arr = (v[1] != 0) & (v[1] == nut)
        return hit
    return _outs(d, p, street, test), "num"


# ---- the board -----------------------------------------------------------------------

def _suit_counts(board: Arr) -> Arr:
    suits = board.astype(np.int64) & 3
    return np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)


def _rank_counts(board: Arr) -> Arr:
    ranks = board.astype(np.int64) >> 2
    return np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)


def board_lo_card_count(d: Deals, street: int) -> tuple[Arr, str]:
    m = _low_rank_mask(d.board(street))
    return np.array([bin(x).count("1") for x in range(256)])[m], "num"


def board_allows_made_lo(d: Deals, street: int) -> tuple[Arr, str]:
    return board_lo_card_count(d, street)[0] >= 3, "bool"


def flushing_board(d: Deals, street: int) -> tuple[Arr, str]:
    return _suit_counts(d.board(street)).max(axis=1) >= 3, "bool"


def monotone_board(d: Deals, street: int) -> tuple[Arr, str]:
    return _suit_counts(d.board(street)).max(axis=1) == street, "bool"


def rainbow_board(d: Deals, street: int) -> tuple[Arr, str]:
    return _suit_counts(d.board(street)).max(axis=1) == 1, "bool"


def two_tone_board(d: Deals, street: int) -> tuple[Arr, str]:
    return (_suit_counts(d.board(street)) > 0).sum(axis=1) == 2, "bool"


def paired_board(d: Deals, street: int) -> tuple[Arr, str]:
    return _rank_counts(d.board(street)).max(axis=1) >= 2, "bool"


def straight_board(d: Deals, street: int) -> tuple[Arr, str]:
    """Three distinct board ranks within one five-rank window (the wheel's
    ace low included): two hole cards can complete a straight."""
    present = _rank_counts(d.board(street)) > 0
    ranks = np.concatenate([present[:, 12:13], present], axis=1)  # ace low first
    best = np.zeros(d.n, dtype=np.int64)
    for start in range(10):
        best = np.maximum(best, ranks[:, start:start + 5].sum(axis=1))
    return best >= 3, "bool"


def board_ranks(d: Deals, street: int) -> tuple[Arr, str]:
    present = _rank_counts(d.board(street)) > 0
    text = np.array(["".join(RANKS[r] for r in range(12, -1, -1) if row[r]) for row in present.tolist()], dtype=object)
    return text, "str"


# ---- ranges ----------------------------------------------------------------------------

#: The most bytes the range cache keeps (a range larger than that is rebuilt
#: by every query that needs it, and never kept).
RANGE_CACHE_BYTES = 64 << 20
_range_cache: OrderedDict[tuple[str, int], Arr] = OrderedDict()
_range_lock = threading.Lock()
_COMB = np.array([[math.comb(n, k) for k in range(7)] for n in range(53)], dtype=np.int64)


def _range_index(text: str, size: int, memo: dict[Any, Any] | None = None) -> Arr:
    """The range's hands as ascending colex indices, kept for the query in
    ``memo`` and across queries in a cache bounded by
    :data:`RANGE_CACHE_BYTES` (least recently used dropped first)."""
    key = ("".join(text.split()), size)  # spaces mean nothing in a range
    if memo is not None and ("range", key) in memo:
        return memo["range", key]  # type: ignore[no-any-return]
    index = _shared_range_index(text, key)
    if memo is not None:
        memo["range", key] = index
    return index


def _shared_range_index(text: str, key: tuple[str, int]) -> Arr:
    size = key[1]
    with _range_lock:
        found = _range_cache.get(key)
        if found is not None:
            _range_cache.move_to_end(key)
            return found
    index: Arr = Range(text, hole_size=size)._index
    if index.nbytes <= RANGE_CACHE_BYTES:
        with _range_lock:
            _range_cache[key] = index
            while sum(v.nbytes for v in _range_cache.values()) > RANGE_CACHE_BYTES:
                _range_cache.popitem(last=False)
    return index


def _colex(cards: Arr) -> Arr:
    """The colex index of each row's cards (any order)."""
    ranked = np.sort(cards.astype(np.int64), axis=1)
    out = np.zeros(len(cards), dtype=np.int64)
    for i in range(cards.shape[1]):
        out += _COMB[ranked[:, i], i + 1]
    return out


def _member(cards: Arr, text: str, deals: Deals | None = None) -> Arr:
    if not len(cards):  # (the type check before any deal builds nothing)
        return np.zeros(0, dtype=bool)
    table = _range_index(text, cards.shape[1], None if deals is None else deals.memo)
    if deals is not None:
        deals.check_deadline()  # building a large range counts against the timeout
    m = _colex(cards).astype(table.dtype)  # the table's type: no conversion of the table
    if not len(table):
        return np.zeros(len(m), dtype=bool)
    i = np.minimum(np.searchsorted(table, m), len(table) - 1)
    found: Arr = table[i] == m
    return found


def in_range(d: Deals, p: int, text: str) -> tuple[Arr, str]:
    return _member(d.hole(p), text, d), "bool"


def board_in_range(d: Deals, text: str) -> tuple[Arr, str]:
    """The flop is in the range of three-card boards ``text``; with more than
    three cards written, the turn (and river) must match those cards too,
    in order."""
    parts = _split_board_text(text)
    if parts is None or len(parts) <= 3:
        return _member(d.board(3), text, d), "bool"
    keep = _member(d.board(3), "".join(parts[:3]), d)
    for i, part in enumerate(parts[3:], 3):
        keep &= _member(d.board(i + 1)[:, i:i + 1], part, d)
    return keep, "bool"


def _split_board_text(text: str) -> list[str] | None:
    """One item per card for a plain board pattern ('AK7', 'AsKx7', 'A[2-5]*s*'), else None."""
    if any(ch in text for ch in ",:!()@%$"):
        return None
    parts: list[str] = []
    i, t = 0, text.replace(" ", "")
    while i < len(t):
        ch = t[i]
        if ch == "[":
            j = t.find("]", i)
            if j < 0:
                return None
            item, i = t[i:j + 1], j + 1
        elif ch.upper() in RANKS or ch == "*" or ch.isupper():
            item, i = ch, i + 1
        elif ch in "shdcxyzw":
            parts.append(ch)
            i += 1
            continue
        else:
            return None
        if i < len(t) and t[i] in "shdcxyzw":
            item, i = item + t[i], i + 1
        parts.append(item)
    return parts


@dataclass(frozen=True)
class Function:
    """A PQL function: its canonical name, its parameters (kinds "player",
    "street", "handtype", "lorating", "range"), how many are required, and
    its implementation."""

    name: str
    params: tuple[str, ...]
    required: int
    impl: Callable[..., tuple[Arr, str]]


def _table() -> dict[str, Function]:
    ps = ("player", "street")
    entries = [
        Function("equity", ps, 1, equity),
        Function("riverEquity", ps, 1, river_equity),
        Function("fractionalRiverEquity", ps, 1, fractional_river_equity),
        Function("winsHi", ps, 1, _flag(1, "winsHi")),
        Function("tiesHi", ps, 1, _flag(2, "tiesHi")),
        Function("winsLo", ps, 1, _flag(4, "winsLo")),
        Function("tiesLo", ps, 1, _flag(8, "tiesLo")),
        Function("scoops", ps, 1, _flag(16, "scoops")),
        Function("loRating", ps, 1, lo_rating),
        Function("minLoRating", ("player", "street", "lorating"), 3, min_lo_rating),
        Function("bestLoRating", ps, 1, best_lo_rating),
        Function("madeLo", ps, 1, made_lo),
        Function("nutLo", ps, 1, nut_lo),
        Function("nutLoOuts", ps, 1, nut_lo_outs),
        Function("boardAllowsMadeLo", ("street",), 0, board_allows_made_lo),
        Function("boardLoCardCount", ("street",), 0, board_lo_card_count),
        Function("hiRating", ps, 1, hi_rating),
        Function("handType", ps, 1, hand_type_fn),
        Function("minHandType", ("player", "street", "handtype"), 3, min_hand_type),
        Function("nutHi", ps, 1, nut_hi),
        Function("outsToHandType", ("player", "street", "handtype"), 3, outs_to_hand_type),
        Function("inRange", ("player", "range"), 2, in_range),
        Function("boardInRange", ("range",), 1, board_in_range),
        Function("flushingBoard", ("street",), 0, flushing_board),
        Function("monotoneBoard", ("street",), 0, monotone_board),
        Function("rainbowBoard", ("street",), 0, rainbow_board),
        Function("twoToneBoard", ("street",), 0, two_tone_board),
        Function("pairedBoard", ("street",), 0, paired_board),
        Function("straightBoard", ("street",), 0, straight_board),
        Function("boardRanks", ("street",), 0, board_ranks),
    ]
    return {f.name.lower(): f for f in entries}


#: Every function by lower-case name.
FUNCTIONS = _table()
