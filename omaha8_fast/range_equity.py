"""Equity of hand ranges: range vs hand, range vs range, multiway, hi/lo.

Each player is a :class:`~omaha8_fast.ranges.Range` (or range text such as
``"A2**ds"``), a known hand (``"AsAd2s3d"`` is a range of one hand), or None /
``"random"`` for a random hand. Hands drawn for different players never share
a card, nor a card with the board or the dead cards: a deal is weighted by
the product of its hands' weights and deals that collide are left out, both
in exact enumeration and in Monte Carlo (which redraws the whole deal).

>>> hero, villain = range_equity(["AhAdKhKd", "7c6c2s3s"], board="Ac Kc 9s 4h 5d")
>>> hero.equity, villain.equity, villain.scoop   # the wheel scoops three aces
(0.0, 1.0, 1.0)
>>> aces, kings = range_equity(["AA:$ds", "KsKh2s3h"], board="Qs 7h 4d")
>>> aces.exact, round(aces.equity + kings.equity, 12)
(True, 1.0)
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from math import comb, sqrt
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from ._core import ffi, lib
from .cards import CardsLike, card_ids, check_unique
from .ranges import Range

__all__ = ["RangeEquity", "PlayerLike", "range_equity", "EXACT_LIMIT", "CHUNK"]

#: A player: a range (object or text), a known hand, or None for a random hand.
PlayerLike = Union[Range, str, Sequence[Union[int, str]], None]

#: Exact enumeration is the default when it takes at most this many showdowns.
EXACT_LIMIT = 5_000_000
#: Monte Carlo trials per chunk; chunk i always uses random stream i.
CHUNK = 1 << 17

_STATS = lib.O8R_STATS
_POT = lib.O8R_POT


@dataclass(frozen=True)
class RangeEquity:
    """One player's result; shares of the runouts (weighted by the deals).

    ``equity`` is the expected share of the pot; ``std_error`` its standard
    error (0 when exact).
    """

    equity: float
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    scoop: float
    no_low: float
    std_error: float
    exact: bool
    deals: float  # showdowns counted (exact: weighted sum; Monte Carlo: trials)


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs; plain arrays, so it pickles for executors."""

    hands: tuple[npt.NDArray[np.uint8] | None, ...]
    cum: tuple[npt.NDArray[np.uint64] | None, ...]
    hole_size: int
    board: bytes
    dead: bytes


def _players(job: _Job) -> tuple[Any, list[Any]]:
    players = ffi.new("o8r_player[]", len(job.hands))
    keep = []
    for p, (hands, cum) in enumerate(zip(job.hands, job.cum)):
        if hands is None:
            players[p].hands = ffi.NULL
            continue
        buf = ffi.from_buffer(hands)
        keep.append(buf)
        players[p].hands = ffi.cast("uint8_t *", buf)
        players[p].n = len(hands)
        if cum is not None:
            cbuf = ffi.from_buffer(cum)
            keep.append(cbuf)
            players[p].cum = ffi.cast("uint64_t *", cbuf)
        else:
            players[p].cum = ffi.NULL
    return players, keep


def _bytes(cards: bytes) -> Any:
    return ffi.new("uint8_t[]", list(cards) or [0])


def _out(n: int) -> npt.NDArray[np.float64]:
    return np.zeros(n * _STATS + 3)


def _exact_part(job: _Job, first: int, last: int) -> npt.NDArray[np.float64]:
    players, _keep = _players(job)
    out = _out(len(job.hands))
    code = lib.o8r_exact(players, len(job.hands), job.hole_size, _bytes(job.board), len(job.board),
                         _bytes(job.dead), len(job.dead), first, last, ffi.from_buffer("double[]", out))
    if code != 0:
        raise ValueError("invalid equity job")
    return out


def _monte_carlo_chunk(job: _Job, seed: int, stream: int, trials: int) -> npt.NDArray[np.float64]:
    players, _keep = _players(job)
    out = _out(len(job.hands))
    code = lib.o8r_monte_carlo(players, len(job.hands), job.hole_size, _bytes(job.board), len(job.board),
                               _bytes(job.dead), len(job.dead), seed, stream, trials, ffi.from_buffer("double[]", out))
    if code == -2:
        raise ValueError("the players' ranges (almost) never fit together without sharing cards")
    if code != 0:
        raise ValueError("invalid equity job")
    return out


def _as_range(player: PlayerLike, hole_size: int) -> Range | None:
    if player is None or (isinstance(player, str) and player.strip().lower() == "random"):
        return None
    if isinstance(player, Range):
        if player.hole_size != hole_size:
            raise ValueError(f"all players need {hole_size}-card hands, not {player.hole_size}")
        return player
    if isinstance(player, str):
        return Range(player, hole_size=hole_size)
    ids = card_ids(player)  # a known hand as ids or card strings
    check_unique(ids)
    if len(ids) != hole_size:
        raise ValueError(f"all players need {hole_size}-card hands, not {len(ids)}")
    return Range("".join(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}" for c in ids), hole_size=hole_size)


def _hole_size(players: Sequence[PlayerLike]) -> int:
    for p in players:
        if isinstance(p, Range):
            return p.hole_size
        if p is not None and not isinstance(p, str):
            return len(card_ids(p))
    return 4


def range_equity(
    players: Sequence[PlayerLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    hole_size: int | None = None,
) -> list[RangeEquity]:
    """Hi/lo equity of 1..9 players given as ranges, hands or random hands.

    ``exact=None`` enumerates every deal and runout when that is at most
    :data:`EXACT_LIMIT` showdowns (counted as the product of the range sizes
    and the runouts), else runs Monte Carlo with ``samples`` trials (default
    1,000,000). Monte Carlo runs in chunks of :data:`CHUNK` trials, chunk i
    on random stream i of ``seed``: the same seed gives the same numbers with
    any ``threads`` or ``executor`` (any ``concurrent.futures.Executor``, e.g.
    a process pool or a Dask client's executor).
    """
    if not 1 <= len(players) <= lib.O8R_MAX_PLAYERS:
        raise ValueError(f"1 to {lib.O8R_MAX_PLAYERS} players, not {len(players)}")
    k = hole_size or _hole_size(players)
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    check_unique(board_ids + dead_ids)
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"the board has 0, 3, 4 or 5 cards, not {len(board_ids)}")
    if samples is not None and samples <= 0:
        raise ValueError(f"samples must be positive, not {samples}")
    ranges = [_as_range(p, k) for p in players]
    known = board_ids + dead_ids
    for i, r in enumerate(ranges):
        if r is not None:
            r = ranges[i] = r.without(known) if known else r
            if not r:
                raise ValueError(f"player {i + 1}'s range is empty once the board and dead cards are removed")
    left = 52 - len(known)
    if left < k * len(players) + 5 - len(board_ids):
        raise ValueError("not enough cards for every player and the board")
    job = _Job(
        hands=tuple(None if r is None else np.ascontiguousarray(r.hands) for r in ranges),
        cum=tuple(None if r is None or np.all(r.weights == r.weights[0]) else r.cumulative_weights() for r in ranges),
        hole_size=k,
        board=bytes(board_ids),
        dead=bytes(dead_ids),
    )
    size = comb(left - k * len(players), 5 - len(board_ids))
    for r in ranges:
        size *= comb(left, k) if r is None else len(r)
    if exact is None:
        exact = size <= EXACT_LIMIT
    if exact and any(r is None for r in ranges):
        all_hands = Range("*", hole_size=k).without(known)  # a random hand is every hand, weight 1
        job = _Job(tuple(all_hands.hands if h is None else h for h in job.hands), job.cum, k, job.board, job.dead)

    pool = executor or ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1)
    try:
        if exact:
            n0 = len(job.hands[0]) if job.hands[0] is not None else 0
            cuts = np.linspace(0, n0, min(n0, 64) + 1).astype(int)
            futures = [pool.submit(_exact_part, job, int(a), int(b)) for a, b in zip(cuts[:-1], cuts[1:]) if b > a]
        else:
            trials = samples or 1_000_000
            seed64 = (secrets.randbits(64) if seed is None else seed) & (2**64 - 1)
            counts = [min(CHUNK, trials - start) for start in range(0, trials, CHUNK)]
            futures = [pool.submit(_monte_carlo_chunk, job, seed64, i, n) for i, n in enumerate(counts)]
        total = sum((f.result() for f in futures), _out(len(players)))
    finally:
        if executor is None:
            pool.shutdown()
    return _results(total, len(players), exact)


def _results(out: npt.NDArray[np.float64], n: int, exact: bool) -> list[RangeEquity]:
    out = out.astype(float)
    weight, no_low = float(out[n * _STATS]), float(out[n * _STATS + 1])
    if weight == 0:
        raise ValueError("no deal fits: the players' ranges always share a card")
    results = []
    for p in range(n):
        share, share_sq, high_win, high_tie, low_win, low_tie, scoop = out[p * _STATS:(p + 1) * _STATS].tolist()
        mean = share / _POT / weight
        error = 0.0 if exact else sqrt(max(share_sq / _POT**2 / weight - mean * mean, 0.0) / weight)
        results.append(RangeEquity(mean, high_win / weight, high_tie / weight, low_win / weight, low_tie / weight,
                                   scoop / weight, no_low / weight, error, exact, float(weight)))
    return results
