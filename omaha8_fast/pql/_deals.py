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

import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ..equity import range_structs
from ..equity._players import Spot

__all__ = ["CHUNK", "exact_deals", "monte_carlo_deals", "masks", "showdowns", "player_evals", "Chunk"]

CHUNK = 1 << 16
Chunk = tuple[npt.NDArray[np.uint8], "npt.NDArray[np.int64] | None"]
_BIT = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


def masks(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """The cards of each row as a 64-bit set."""
    out = np.zeros(len(rows), dtype=np.uint64)
    for j in range(rows.shape[1]):
        out |= _BIT[rows[:, j]]
    return out


def exact_deals(spot: Spot, check: Callable[[], None] = lambda: None) -> Iterator[Chunk]:
    """Every deal of the spot once, with its weight (the product of its hands'
    weights), in chunks of :data:`CHUNK` rows, enumerated in C
    (``o8_pql_exact_next``: nested loops over the players' holes, then the
    board). ``check`` is called before each chunk (it raises to stop)."""
    n = len(spot.players)
    width = n * spot.hole_size + 5
    structs, keep = range_structs(spot.players, spot.weights, spot.hole_size)
    cursor = ffi.new("o8_pql_cursor *")
    if lib.o8_pql_exact_begin(cursor, structs, n, spot.hole_size, spot.board, len(spot.board), spot.dead,
                              len(spot.dead)) != 0:
        raise ValueError("invalid spot: bad sizes, cards or weights")
    weighted = any(w is not None for w in spot.weights)
    try:
        while True:
            check()
            rows = np.empty((CHUNK, width), dtype=np.uint8)
            weights = np.empty(CHUNK, dtype=np.int64) if weighted else None
            got = lib.o8_pql_exact_next(cursor, ffi.from_buffer("uint8_t[]", rows),
                                        ffi.NULL if weights is None else ffi.from_buffer("int64_t[]", weights),
                                        CHUNK, ffi.NULL)
            if got < 0:
                raise ValueError("invalid spot: bad sizes, cards or weights")
            if got == 0:
                return
            yield rows[:got], None if weights is None else weights[:got]
    finally:
        del keep, structs


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


def player_evals(rows: npt.NDArray[np.uint8], hole_offset: int, hole_size: int, board_offset: int,
                 board_size: int) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32]]:
    """One player's high classes and decimal lows (0: none) on every row:
    the ``hole_size`` cards at ``hole_offset`` against the ``board_size``
    cards at ``board_offset``, by one C call (``o8_pql_evals``)."""
    n = len(rows)
    high = np.empty(n, dtype=np.uint16)
    low = np.empty(n, dtype=np.int32)
    if not n:
        return high, low
    rows = np.ascontiguousarray(rows)
    code = lib.o8_pql_evals(ffi.from_buffer("uint8_t[]", rows), rows.shape[1], n, hole_offset, hole_size,
                            board_offset, board_size, ffi.from_buffer("uint16_t[]", high),
                            ffi.from_buffer("int32_t[]", low))
    if code != 0:
        raise ValueError("invalid deals for o8_pql_evals")
    return high, low
