"""Deals for PQL: exact enumeration and seeded Monte Carlo, in chunks of rows.

A chunk is ``(rows, weights)``: ``rows`` an ``(n, n_players * hole_size + 5)``
uint8 array (every player's hole in query order, then the board: the query's
board cards first, then the cards dealt), ``weights`` the deals' int64
weights (``None``: all 1). Monte Carlo draws the deals of
``o8_equity_deals`` (the sampler of :func:`omaha8_fast.equity`), chunk ``k``
from random stream ``k`` of the seed, so a seed gives the same deals
whatever the chunk sizes downstream.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ..equity import range_structs
from ..equity._players import Spot

__all__ = ["CHUNK", "exact_deals", "monte_carlo_deals", "combinations", "Chunk"]

CHUNK = 1 << 16
#: The most memory exact enumeration holds for the combinations of hands.
MAX_BYTES = 1 << 29
Chunk = tuple[npt.NDArray[np.uint8], "npt.NDArray[np.int64] | None"]
_BIT = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


def combinations(cards: list[int], k: int) -> npt.NDArray[np.uint8]:
    """Every k-subset of ``cards`` as rows (itertools order)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(cards, k)), dtype=np.uint8)
    return flat.reshape(-1, k)


def masks(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """The cards of each row as a 64-bit set."""
    out = np.zeros(len(rows), dtype=np.uint64)
    for j in range(rows.shape[1]):
        out |= _BIT[rows[:, j]]
    return out


def _candidates(spot: Spot, i: int, free: list[int]) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    hs = spot.hole_size
    holes = spot.players[i]
    if holes is None:
        rows = combinations(free, hs)
        return rows, np.ones(len(rows), dtype=np.int64)
    rows = np.frombuffer(holes, dtype=np.uint8).reshape(-1, hs)
    cum = spot.weights[i]
    w: npt.NDArray[np.int64] = (np.ones(len(rows), dtype=np.int64) if cum is None
                                else np.diff(np.array((0, *cum), dtype=np.int64)).astype(np.int64))
    return rows, w


def exact_deals(spot: Spot, check: Callable[[], None] = lambda: None) -> Iterator[Chunk]:
    """Every deal of the spot once, with its weight (the product of its hands'
    weights), in chunks of about :data:`CHUNK` rows; ``check`` is called
    between the steps of the setup (it raises to stop)."""
    known = list(spot.board) + list(spot.dead)
    free = [c for c in range(52) if c not in known]
    completions = math.comb(len(free) - spot.hole_size * len(spot.players), 5 - len(spot.board))
    holdings = spot.deals // max(1, completions)  # the combinations of hands, held at once
    if holdings * (spot.hole_size * len(spot.players) + 16) > MAX_BYTES:
        raise ValueError(f"exact enumeration would hold {holdings:,} combinations of hands in memory: "
                         "use exact=False (Monte Carlo) or narrow the ranges")
    rows = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1, dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    for i in range(len(spot.players)):
        check()
        cand, cw = _candidates(spot, i, free)
        cm = masks(cand)
        ok = (used[:, None] & cm[None, :]) == 0
        a, b = np.nonzero(ok)
        rows = np.concatenate([rows[a], cand[b]], axis=1)
        weights, used = weights[a] * cw[b], used[a] | cm[b]
    missing = 5 - len(spot.board)
    check()
    boards = combinations(free, missing)
    bm = masks(boards)
    prefix = np.frombuffer(spot.board, dtype=np.uint8)
    step = max(1, CHUNK // max(1, len(boards)))
    uniform = bool(np.all(weights == 1))
    for start in range(0, len(rows), step):
        r, w, u = rows[start:start + step], weights[start:start + step], used[start:start + step]
        a, b = np.nonzero((u[:, None] & bm[None, :]) == 0)
        out = np.empty((len(a), rows.shape[1] + 5), dtype=np.uint8)
        out[:, :rows.shape[1]] = r[a]
        out[:, rows.shape[1]:rows.shape[1] + len(prefix)] = prefix
        out[:, rows.shape[1] + len(prefix):] = boards[b]
        yield out, (None if uniform else w[a])


def monte_carlo_deals(spot: Spot, trials: int, seed: int) -> Iterator[Chunk]:
    """``trials`` random deals, chunk ``k`` from stream ``k`` of ``seed``."""
    n = len(spot.players)
    width = n * spot.hole_size + 5
    structs, keep = range_structs(spot.players, spot.weights, spot.hole_size)
    for k in range(math.ceil(trials / CHUNK)):
        size = min(CHUNK, trials - k * CHUNK)
        out = np.empty((size, width), dtype=np.uint8)
        code = lib.o8_equity_deals(structs, n, spot.hole_size, spot.board, len(spot.board), spot.dead,
                                   len(spot.dead), size, seed, k, ffi.from_buffer("uint8_t[]", out))
        if code == lib.O8_ERR_NO_DEAL:
            raise ValueError("no deal fits: the players' ranges (almost) never fit together "
                             "(a million random deals in a row failed)")
        if code != 0:
            raise ValueError("invalid spot: bad sizes, cards or weights")
        yield out, None
    del keep


def showdowns(rows: npt.NDArray[np.uint8], n_players: int, hole_size: int, board_size: int,
              river: bool) -> dict[str, Any]:
    """Every player's high and low on the first ``board_size`` board cards
    (and on the river their pot units and outcome flags), by one C call."""
    n = len(rows)
    high = np.empty((n, n_players), dtype=np.uint16)
    low = np.empty((n, n_players), dtype=np.int32)
    share = np.empty((n, n_players), dtype=np.int16) if river else None
    flags = np.empty((n, n_players), dtype=np.uint8) if river else None
    rows = np.ascontiguousarray(rows)
    code = lib.o8_pql_showdowns(
        ffi.from_buffer("uint8_t[]", rows), rows.shape[1], n, n_players, hole_size, board_size,
        ffi.from_buffer("uint16_t[]", high), ffi.from_buffer("int32_t[]", low),
        ffi.NULL if share is None else ffi.from_buffer("int16_t[]", share),
        ffi.NULL if flags is None else ffi.from_buffer("uint8_t[]", flags))
    if code != 0:
        raise ValueError("invalid deals for o8_pql_showdowns")
    return {"high": high, "low": low, "share": share, "flags": flags}
