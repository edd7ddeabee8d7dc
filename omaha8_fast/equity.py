"""Equity: each player's share of the pot, high and low, over every runout.

:func:`equity` takes 2 to 9 holes (4, 5 or 6 cards, all the same size; ``None``
or ``"random"`` for a player dealt a random hand), a board of 0, 3, 4 or 5
cards and dead cards. It enumerates every deal exactly when there are at most
:data:`EXACT_LIMIT` of them (heads-up preflop is 1,086,008) and samples
``samples`` random deals otherwise. All loops run in C.

Every showdown is settled exactly: with a qualifying low each half of the pot
is split evenly among its tied winners (quartering included), otherwise the
best high takes the whole pot. The counts are integers summed over chunks:
Monte Carlo always uses :data:`CHUNKS` chunks, each with its own random
stream derived from ``(seed, chunk)``, so a seed gives the same numbers
whatever ``threads`` or ``executor`` runs them; exact counts are the same
however the work is cut (small jobs run as one chunk in the calling thread).

A river spot needs no luck: 2-3 with the board's A-4-5 is both a wheel straight
and the best low, so the first hand scoops.

>>> first, second = equity(["As Kd 2c 3d", "Qc Qd Jc Tc"], board="Ah Kh 4c 5d 9s")
>>> first.equity, first.scoop, first.high_win, first.low_win, second.equity
(1.0, 1.0, 1.0, 1.0, 0.0)

Quartered: both make 7-4-3-2-A and split the low half; kings full take the high.

>>> kings, nines = equity(["Ah 4d Kc Ks", "Ad 4c 9s 9c"], board="2h 3h 7c Kd Qs")
>>> kings.equity, nines.equity, kings.low_tie, nines.high_win
(0.75, 0.25, 1.0, 0.0)

Heads-up preflop is exact by default: C(44, 5) = 1,086,008 boards.

>>> aces, kings = equity(["As Ad 2s 3d", "Kh Kd 9c 8c"])
>>> aces.exact, aces.showdowns, round(aces.equity + kings.equity, 12)
(True, 1086008, 1.0)
>>> aces.equity > 0.7
True

Monte Carlo against a random hand, reproducible with a seed:

>>> hero, villain = equity(["As Ad 2s 3d", None], samples=20_000, seed=7)
>>> hero.exact, hero.showdowns, villain.hole is None, 0 < hero.std_error < 0.01
(False, 20000, True, True)
>>> equity(["As Ad 2s 3d", None], samples=20_000, seed=7)[0] == hero
True
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from ._checks import check_int
from ._modules import make_callable as _make_callable
from ._core import ffi, lib
from .cards import RANKS, SUITS, Card, CardsLike, card_ids
from .evaluator import HOLE_SIZES

if TYPE_CHECKING:  # concurrent.futures and secrets load on first use: import time
    from concurrent.futures import Executor, Future

__all__ = [
    "BOARD_SIZES",
    "CHUNKS",
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "EquityJob",
    "HandOrRandom",
    "PlayerEquity",
    "equity",
    "run_job",
    "runout_count",
]

#: Known board sizes: preflop, flop, turn, river.
BOARD_SIZES = (0, 3, 4, 5)
#: ``exact=None`` enumerates when there are at most this many deals.
EXACT_LIMIT = 3_000_000
#: Enumeration forced with ``exact=True`` refuses more deals than this.
EXACT_MAX = 10**11
#: Monte Carlo samples when ``samples`` is not given.
DEFAULT_SAMPLES = 1_000_000
#: Every job is split into this many chunks, whatever runs them.
CHUNKS = 32
#: Jobs with fewer showdowns (times players) run in the calling thread, and
#: exact ones as a single chunk: a thread pool would cost more than it saves.
SMALL_JOB = 200_000
MAX_PLAYERS = lib.O8_MAX_PLAYERS
POT = lib.O8_POT_UNITS

#: A player: a hole (text, card strings or ids), or ``None``/``"random"``.
HandOrRandom = Union[CardsLike, None]

_COUNTS = ("share", "share_sq", "high_win", "high_tie", "low_win", "low_tie", "scoop")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results. Shares are fractions of all showdowns counted.

    ``equity`` is the expected share of the pot (split and quartered pots
    counted exactly); ``high_win``/``low_win`` how often the player takes that
    half alone, ``high_tie``/``low_tie`` how often it is shared; ``scoop`` how
    often the player takes the whole pot alone (both halves, or the high when
    nobody has a low); ``no_low`` how often nobody at all has a qualifying low
    (the same for every player). ``std_error`` is the standard error of
    ``equity`` (0.0 when exact). ``showdowns`` is the number of deals counted.
    """

    hole: tuple[Card, ...] | None
    equity: float
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    scoop: float
    no_low: float
    std_error: float
    exact: bool
    showdowns: int


@dataclass(frozen=True)
class EquityJob:
    """A job for the C kernels, picklable, for callers that build the players
    themselves (for instance ranges of weighted holes).

    ``players[i]`` is ``None`` for a random hole or the candidate holes of
    player ``i`` as ``hole_size``-byte runs; ``weights[i]`` their cumulative
    integer weights (``None``: equal weights). A deal's weight is the product
    of its holes' weights. ``samples`` is the Monte Carlo total (ignored when
    ``exact``). Keep the total weight of an exact job times 5040 below 2**63.
    The job runs as ``parts`` chunks; exact counts do not depend on it, Monte
    Carlo numbers do (each chunk is one random stream), so keep the default.
    """

    players: tuple[bytes | None, ...]
    weights: tuple[tuple[int, ...] | None, ...]
    hole_size: int
    board: bytes
    dead: bytes
    exact: bool
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    parts: int = CHUNKS


def _name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def _parse_players(holes: Sequence[HandOrRandom]) -> list[list[int] | None]:
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise TypeError('holes must be a list of hands, e.g. ["AsAd2s3d", "KhKd9c8c"]')
    if not 2 <= len(holes) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(holes)}")
    players: list[list[int] | None] = []
    for i, hole in enumerate(holes, 1):
        if hole is None or (isinstance(hole, str) and hole.strip().lower() == "random"):
            players.append(None)
            continue
        try:
            ids = card_ids(hole)
        except (ValueError, TypeError) as error:
            raise type(error)(f"player {i}: {error}") from None
        if len(ids) not in HOLE_SIZES:
            raise ValueError(f"player {i}: a hole has 4, 5 or 6 cards, got {len(ids)}")
        players.append(ids)
    sizes = {len(p) for p in players if p is not None}
    if len(sizes) > 1:
        described = ", ".join(f"player {i} has {len(p)}" for i, p in enumerate(players, 1) if p is not None)
        raise ValueError(f"all holes must have the same number of cards: {described}")
    return players


def _check_cards(players: list[list[int] | None], board: list[int], dead: list[int]) -> None:
    """Raise ValueError naming a card used twice."""
    where: dict[int, str] = {}
    groups = [(f"player {i}'s hole", p) for i, p in enumerate(players, 1) if p is not None]
    for place, cards in groups + [("the board", board), ("the dead cards", dead)]:
        for card in cards:
            if card in where:
                same = "twice in " + place if where[card] == place else f"in {where[card]} and {place}"
                raise ValueError(f"card {_name(card)} is used {same}")
            where[card] = place


def runout_count(n_random: int, hole_size: int, cards_left: int, board_missing: int) -> int:
    """Deals to enumerate: holes for the random players, one after another,
    then the rest of the board, from ``cards_left`` unseen cards.

    >>> runout_count(0, 4, 44, 5), runout_count(1, 4, 44, 1)
    (1086008, 5430040)
    """
    count = 1
    for _ in range(n_random):
        count *= math.comb(cards_left, hole_size)
        cards_left -= hole_size
    return count * math.comb(cards_left, board_missing)


def _check_count(name: str, value: Any, low: int) -> int:
    return check_int(value, name, low=low)  # the package's one integer rule (omaha8_fast._checks)


def _check_options(exact: Any, samples: Any, seed: Any, threads: Any, executor: Any) -> tuple[int, int]:
    """Check the options that equity() and ranges.range_equity() share;
    returns ``(samples, seed)`` with their defaults filled in."""
    if exact not in (None, True, False):
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    samples = DEFAULT_SAMPLES if samples is None else _check_count("samples", samples, 1)
    if threads is not None:
        _check_count("threads", threads, 1)
        if executor is not None:
            raise ValueError("give threads or executor, not both")
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    else:
        seed = check_int(seed, "seed", low=0, high=2**64 - 1)
    return samples, seed


def equity(
    holes: Sequence[HandOrRandom],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> list[PlayerEquity]:
    """Each player's equity, high and low wins and ties, scoops and no-low share.

    ``holes``: 2 to 9 hands of 4, 5 or 6 cards (all the same size), or
    ``None``/``"random"`` for a random hand (4 cards if no hand is given).
    ``board``: 0, 3, 4 or 5 known cards; ``dead``: cards out of play.
    ``exact``: ``None`` enumerates every deal when there are at most
    :data:`EXACT_LIMIT`, else samples; ``True``/``False`` forces it.
    ``samples``: Monte Carlo deals (default :data:`DEFAULT_SAMPLES`).
    ``seed``: makes Monte Carlo reproducible (a random one when ``None``).
    ``threads``: threads running the chunks (default: every core).
    ``executor``: any ``concurrent.futures.Executor`` to run the chunks
    instead (a ``ProcessPoolExecutor``, a Dask ``Client().get_executor()``).
    ``progress``: show a tqdm progress bar when the run takes over a second.
    Returns one :class:`PlayerEquity` per player, in order.
    """
    from .ranges import is_range, range_equity  # ranges ("A2**ds", Range) build on this module

    if not isinstance(holes, (str, bytes)) and isinstance(holes, Sequence) and any(map(is_range, holes)):
        return range_equity(holes, board, dead, exact=exact, samples=samples, seed=seed, threads=threads,
                            executor=executor, progress=progress)
    players = _parse_players(holes)
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    if len(board_ids) not in BOARD_SIZES:
        raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_ids)}")
    _check_cards(players, board_ids, dead_ids)
    hole_size = next((len(p) for p in players if p is not None), 4)
    n_random = sum(p is None for p in players)
    cards_left = 52 - len(board_ids) - len(dead_ids) - hole_size * (len(players) - n_random)
    missing = 5 - len(board_ids)
    if cards_left < n_random * hole_size + missing:
        raise ValueError(
            f"not enough cards: {len(players)} players with {hole_size}-card holes, "
            f"{len(board_ids)} board and {len(dead_ids)} dead cards need "
            f"{len(players) * hole_size + 5 + len(dead_ids)} cards of 52"
        )
    samples, seed = _check_options(exact, samples, seed, threads, executor)
    runouts = runout_count(n_random, hole_size, cards_left, missing)
    if exact is None:
        exact = runouts <= EXACT_LIMIT
    elif exact and runouts > EXACT_MAX:
        raise ValueError(f"{runouts:,} deals are too many to enumerate (at most {EXACT_MAX:,}); use exact=False")
    small = (runouts if exact else samples) * len(players) < SMALL_JOB
    if small and executor is None:
        threads = 1
    job = EquityJob(
        players=tuple(None if p is None else bytes(p) for p in players),
        weights=(None,) * len(players),
        hole_size=hole_size,
        board=bytes(board_ids),
        dead=bytes(dead_ids),
        exact=exact,
        samples=samples,
        seed=seed,
        parts=1 if exact and small else CHUNKS,
    )
    counts = run_job(job, threads=threads, executor=executor, progress=progress)
    holes_out = [None if p is None else tuple(Card(c) for c in p) for p in players]
    return _results(counts, holes_out, exact)


# --- running chunks ------------------------------------------------------------


def _chunk_samples(job: EquityJob, index: int) -> int:
    share, extra = divmod(job.samples, job.parts)
    return share + (index < extra)


def _check_job(job: EquityJob) -> None:
    """What the C kernels cannot check themselves: the lengths of the buffers
    they are given, and integers that must fit their C types."""
    if len(job.weights) != len(job.players):
        raise ValueError(f"the job has {len(job.players)} players but {len(job.weights)} weight lists")
    if job.hole_size not in HOLE_SIZES:
        raise ValueError(f"a hole has 4, 5 or 6 cards, got hole_size {job.hole_size!r}")
    for i, (holes, weights) in enumerate(zip(job.players, job.weights), 1):
        if holes is None:
            continue
        if len(holes) % job.hole_size:
            raise ValueError(f"player {i}: {len(holes)} bytes is not a whole number of {job.hole_size}-card holes")
        if weights is not None and len(weights) != len(holes) // job.hole_size:
            raise ValueError(f"player {i}: {len(weights)} weights for {len(holes) // job.hole_size} holes")
    # Monte Carlo sums squared pot units per showdown in an int64.
    for name, value, low, top in (("samples", job.samples, 0, 2**63 // POT**2), ("seed", job.seed, 0, 2**64),
                                  ("parts", job.parts, 1, 2**63)):
        if not low <= value < top:
            raise ValueError(f"{name} must be in {low}..{top - 1}, got {value}")
    if job.exact and any(w is not None for w in job.weights):
        # Exact counts sum deal weights times pot units in int64s: bound the
        # total by the product of the players' total weights and deal counts.
        single = sum(h is not None and len(h) == job.hole_size for h in job.players)
        left = 52 - len(job.board) - len(job.dead) - single * job.hole_size
        bound = POT * math.comb(max(left, 0), 5 - len(job.board)) if len(job.board) <= 5 else 0
        for holes, weights in zip(job.players, job.weights):
            bound *= (math.comb(max(left, 0), job.hole_size) if holes is None
                      else weights[-1] if weights else len(holes) // job.hole_size)
        if bound >= 2**63:
            raise ValueError("the players' weights are too large for exact counts in 64 bits; use smaller weights")


def run_chunk(job: EquityJob, index: int) -> tuple[int, ...]:
    """Counts of chunk ``index`` (0..job.parts-1) of a job, as a flat tuple:
    showdowns, no_low, attempts, then for each player the fields of
    ``o8_player_counts`` (share, share_sq, high_win, high_tie, low_win,
    low_tie, scoop). Picklable, for executors; chunks sum to the whole job."""
    _check_job(job)
    n = len(job.players)
    keep: list[Any] = []  # buffers that must outlive the call
    players = ffi.new("o8_range[]", n)
    for i, (holes, weights) in enumerate(zip(job.players, job.weights)):
        if holes is None:
            players[i].holes = ffi.NULL
            continue
        keep.append(ffi.from_buffer("uint8_t[]", holes))
        players[i].holes = keep[-1]
        players[i].n_holes = len(holes) // job.hole_size
        if weights is not None:
            keep.append(ffi.new("int64_t[]", list(weights)))
            players[i].cum_weights = keep[-1]
    out = ffi.new("o8_equity_counts *")
    args = (players, n, job.hole_size, job.board, len(job.board), job.dead, len(job.dead))
    if job.exact:
        code = lib.o8_equity_exact(*args, index, job.parts, out)
    else:
        chunk_samples = _chunk_samples(job, index)
        if not chunk_samples:
            return (0,) * (3 + len(_COUNTS) * n)
        work = ffi.new("o8_equity_work *")
        code = lib.o8_equity_monte_carlo(*args, chunk_samples, job.seed, index, work, out)
    if code == lib.O8_ERR_NO_DEAL:
        raise ValueError("the players' hands almost never fit together (a million deals in a row failed)")
    if code != 0:
        raise ValueError("invalid equity job: bad sizes, cards, weights, or cards used twice")
    counts = [out.showdowns, out.no_low, out.attempts]
    for p in range(n):
        counts.extend(getattr(out.player[p], field) for field in _COUNTS)
    return tuple(counts)


def _run_chunks(job: EquityJob, threads: int | None, executor: Executor | None) -> Iterator[tuple[int, ...]]:
    indices = range(job.parts)
    if executor is None and threads is None:
        threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if executor is None and threads == 1:
        yield from (run_chunk(job, i) for i in indices)
        return
    own = executor is None
    from concurrent.futures import ThreadPoolExecutor, as_completed

    pool = executor if executor is not None else ThreadPoolExecutor(max_workers=threads)
    try:
        futures: list[Future[tuple[int, ...]]] = [pool.submit(run_chunk, job, i) for i in indices]
        for future in as_completed(futures):
            yield future.result()
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def run_job(
    job: EquityJob, *, threads: int | None = None, executor: Executor | None = None, progress: bool = False
) -> tuple[int, ...]:
    """The summed counts of every chunk of ``job`` (see :func:`run_chunk`)."""
    chunks = _run_chunks(job, threads, executor)
    if progress:
        try:
            tqdm = importlib.import_module("tqdm").tqdm  # optional; untyped
        except ImportError:
            raise ImportError("progress=True needs tqdm: pip install tqdm") from None
        chunks = tqdm(chunks, total=job.parts, delay=1.0, unit="chunk", desc="equity")
    total = [0] * (3 + len(_COUNTS) * len(job.players))
    for counts in chunks:
        total = [a + b for a, b in zip(total, counts)]
    return tuple(total)


def _results(counts: tuple[int, ...], holes: list[tuple[Card, ...] | None], exact: bool) -> list[PlayerEquity]:
    showdowns, no_low = counts[0], counts[1]
    if not showdowns:
        raise ValueError("no deal fits: every combination of the players' hands shares a card")
    results = []
    for p, hole in enumerate(holes):
        share, share_sq, high_win, high_tie, low_win, low_tie, scoop = counts[3 + 7 * p: 10 + 7 * p]
        mean = share / POT / showdowns
        std_error = 0.0
        if not exact and showdowns > 1:
            variance = (share_sq / POT**2 - showdowns * mean * mean) / (showdowns - 1)
            std_error = math.sqrt(max(variance, 0.0) / showdowns)
        results.append(PlayerEquity(
            hole=hole,
            equity=mean,
            high_win=high_win / showdowns,
            high_tie=high_tie / showdowns,
            low_win=low_win / showdowns,
            low_tie=low_tie / showdowns,
            scoop=scoop / showdowns,
            no_low=no_low / showdowns,
            std_error=std_error,
            exact=exact,
            showdowns=showdowns,
        ))
    return results


_make_callable(__name__, "equity")  # omaha8_fast.equity is this module, and calling it calls equity() (see _modules.py)
