"""Equity: each player's share of the pot, high and low, over every runout.

:func:`equity` takes 2 to 9 players (hands of 4, 5 or 6 cards, all the same
size; ranges; ``None`` or ``"random"`` for a player dealt a random hand, read
by :mod:`omaha8_fast.equity._players`), a board of 0, 3, 4 or 5 cards and dead
cards. It enumerates every deal exactly when there are at most
:data:`EXACT_LIMIT` of them (heads-up preflop is 1,086,008) and samples
``samples`` random deals otherwise. All loops run in C. :func:`plan_equity`
says what a call will do; ``timeout`` bounds it (see docs/equity-internals.md).

Every showdown is settled exactly: with a qualifying low each half of the pot
is split evenly among its tied winners (quartering included), otherwise the
best high takes the whole pot. The counts are integers summed over chunks:
Monte Carlo uses :data:`CHUNKS` chunks (more for jobs over ``CHUNKS *
CHUNK_WORK`` showdowns times players, a number fixed by the job alone), each
with its own random stream derived from ``(seed, chunk)``, so a seed gives
the same numbers whatever ``threads`` or ``executor`` runs them; exact
counts are the same however the work is cut (small jobs run as one chunk in
the calling thread).

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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from .._checks import check_int, check_timeout
from .._core import ffi, lib
from .._modules import make_callable as _make_callable
from ..cards import Card, CardsLike
from ..evaluator import _CHUNKS, HOLE_SIZES
from ..evaluator.kernels import KERNEL_ID
from ._double import DOUBLE_BOARD_EXACT_LIMIT, DoubleBoardEquity, double_board_equity
from ._overlap import check_fit, draw_seconds
from ._players import BOARD_SIZES, Player, Spot, read_spot, runout_count

if TYPE_CHECKING:  # concurrent.futures and secrets load on first use: import time
    from concurrent.futures import Executor, Future

__all__ = [
    "BOARD_SIZES",
    "CHUNKS",
    "DEFAULT_SAMPLES",
    "DOUBLE_BOARD_EXACT_LIMIT",
    "DoubleBoardEquity",
    "double_board_equity",
    "EXACT_LIMIT",
    "EXACT_MAX",
    "EquityJob",
    "EquityPlan",
    "HandOrRandom",
    "PlayerEquity",
    "equity",
    "plan_equity",
    "range_structs",
    "run_chunk",
    "run_job",
    "runout_count",
]

#: ``exact=None`` enumerates when there are at most this many deals.
EXACT_LIMIT = 3_000_000
#: ``exact=True`` refuses more deals than this (about a minute on one core)
#: unless ``max_deals`` allows more.
EXACT_MAX = 2 * 10**9
#: Monte Carlo samples when ``samples`` is not given.
DEFAULT_SAMPLES = 1_000_000
#: Every job is split into at least this many chunks, whatever runs them.
CHUNKS = 32
#: At most this many chunks.
MAX_CHUNKS = 4096
#: Jobs with fewer showdowns (times players) run in the calling thread, and
#: exact ones as a single chunk: a thread pool would cost more than it saves.
SMALL_JOB = 200_000
#: Exact jobs with fewer showdowns (times players) run as a single chunk in
#: the calling thread: the exact kernels count them in a few ms at most.
SMALL_EXACT_JOB = 2_500_000
#: Showdowns times players per chunk, at most (about 50 ms on one core), so
#: that a timeout or Ctrl-C acts quickly even when chunks cannot be stopped
#: inside (executors in other processes).
CHUNK_WORK = 2_000_000
#: Player-showdowns per second of one core, for estimates: exact enumeration
#: and Monte Carlo (measured on a 2-core AMD EPYC, see docs/equity-internals.md).
RATE_EXACT = 60e6
RATE_MONTE_CARLO = 45e6
POT: int = lib.O8_POT_UNITS

#: A player: a hole (text, card strings or ids), a range, or ``None``/``"random"``.
HandOrRandom = Player

_CARDS = tuple(Card(i) for i in range(52))  # immutable (int subclasses): shared by every result
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
    ``equity`` (0.0 when exact). ``showdowns`` is the number of deals counted
    (fewer than asked when a timeout returned partial results). ``read_as``
    says how :func:`equity` read the player: ``"hand"``, ``"random"`` or
    ``"range of N hands"`` (the hands of the range that the known cards leave;
    a mistyped hand never silently becomes a range).
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
    read_as: str = "hand"


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


@dataclass(frozen=True)
class EquityPlan:
    """The work an :func:`equity` call will do, before doing it.

    ``exact``: enumeration or Monte Carlo; ``deals``: the deals enumerated
    (an upper bound when ranges overlap: deals whose hands share a card are
    skipped) or sampled; ``showdowns``: ``deals`` times the players;
    ``chunks``: the pieces it is cut into; ``seconds``: a rough estimate on
    one core (divide by the threads), Monte Carlo's rejected draws included;
    ``players``: how each player was read (``"hand"``, ``"random"``,
    ``"range of N hands"``); ``fit_rate``: the share of Monte Carlo's draws
    of the players' hands expected to fit together (1.0 unless ranges
    overlap; a run that would almost never fit is refused up front, see
    :mod:`omaha8_fast.equity._overlap`).
    """

    exact: bool
    deals: int
    showdowns: int
    chunks: int
    seconds: float
    players: tuple[str, ...]
    job: EquityJob
    fit_rate: float = 1.0


# --- options -------------------------------------------------------------------


def _check_flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def _true_int(value: Any) -> int:
    # int.__index__ reads the integer itself, not a subclass's __int__/__index__
    return int.__index__(value)


def _check_count(name: str, value: Any, low: int) -> int:
    return check_int(value, name, low=low)  # the package's one integer rule (omaha8_fast._checks)


def _check_options(exact: Any, samples: Any, seed: Any, threads: Any, executor: Any) -> tuple[int, int]:
    """Check the options that every equity entry point shares; returns
    ``(samples, seed)`` with their defaults filled in."""
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    samples = DEFAULT_SAMPLES if samples is None else _check_count("samples", samples, 1)
    if samples > lib.O8_MAX_SAMPLES:
        raise ValueError(f"samples must be at most {lib.O8_MAX_SAMPLES:,}, got {samples}")
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


def _chunks(exact: bool, deals: int, n_players: int) -> int:
    """Chunks of a job: a function of the job alone (Monte Carlo streams)."""
    return max(CHUNKS, min(MAX_CHUNKS, -(-deals * n_players // CHUNK_WORK)))


def _plan(
    holes: Sequence[Player], board: CardsLike, dead: CardsLike, exact: Any, samples: Any, seed: Any,
    threads: Any, executor: Any, max_deals: Any,
) -> tuple[Spot, EquityPlan]:
    spot = read_spot(holes, board, dead)
    samples, seed = _check_options(exact, samples, seed, threads, executor)
    limit = EXACT_MAX if max_deals is None else _check_count("max_deals", max_deals, 1)
    n = len(spot.players)
    fits_exact = spot.total_weight * POT < 2**63  # the exact kernel's integer counts
    if exact is None:
        exact = spot.deals <= EXACT_LIMIT and fits_exact
    elif exact and spot.deals > limit:
        raise ValueError(
            f"{spot.deals:,} deals are too many to enumerate by default (at most {limit:,}, "
            f"~{spot.deals * n / RATE_EXACT / 3600:,.1f} core-hours); use exact=False, "
            f"or allow it with max_deals={spot.deals}")
    elif exact and not fits_exact:
        raise ValueError("the players' weights are too large for exact counts in 64 bits; "
                         "use smaller weights or exact=False")
    deals = spot.deals if exact else samples
    if exact:
        parts = 1 if deals * n < SMALL_EXACT_JOB and executor is None else _chunks(True, deals, n)
    else:
        parts = _chunks(False, deals, n)
    job = EquityJob(players=spot.players, weights=spot.weights, hole_size=spot.hole_size, board=spot.board,
                    dead=spot.dead, exact=exact, samples=samples, seed=seed, parts=parts)
    rate = RATE_EXACT if exact else RATE_MONTE_CARLO
    seconds = deals * n / rate
    fit = 1.0
    if not exact:  # overlapping ranges: price the rejected draws, or refuse (omaha8_fast.equity._overlap)
        pilot = check_fit(spot.players, spot.weights, spot.hole_size, samples,
                          spot.deals if spot.deals <= limit and fits_exact else None)
        fit, seconds = pilot.rate, seconds + draw_seconds(pilot, samples)
    plan = EquityPlan(exact=exact, deals=deals, showdowns=deals * n, chunks=parts, seconds=seconds,
                      players=spot.kinds, job=job, fit_rate=fit)
    return spot, plan


def plan_equity(
    holes: Sequence[HandOrRandom],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    max_deals: int | None = None,
) -> EquityPlan:
    """The work :func:`equity` would do with these arguments, without doing it:
    an :class:`EquityPlan` (exact or not, deals, chunks, estimated seconds on
    one core, how each player was read). Raises what :func:`equity` raises.

    >>> plan = plan_equity(["As Ad 2s 3d", "Kh Kd 9c 8c"])
    >>> plan.exact, plan.deals, plan.players
    (True, 1086008, ('hand', 'hand'))
    >>> plan = plan_equity(["As Ad 2s 3d", None, None])
    >>> plan.exact, plan.deals, plan.chunks
    (False, 1000000, 32)
    >>> plan_equity(["As Ad 2s 3d", None, None], exact=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 17,...,... deals are too many to enumerate by default (at most 2,000,000,000, ~... core-hours); ...
    """
    return _plan(holes, board, dead, exact, samples, seed, None, None, max_deals)[1]


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
    timeout: float | None = None,
    partial: bool = False,
    max_deals: int | None = None,
) -> list[PlayerEquity]:
    """Each player's equity, high and low wins and ties, scoops and no-low share.

    ``holes``: 2 to 9 players: hands of 4, 5 or 6 cards (all the same size),
    ranges (a :class:`~omaha8_fast.ranges.Range` or range text such as
    ``"A2**ds"``), or ``None``/``"random"`` for a random hand (4 cards if no
    hand says otherwise). ``board``: 0, 3, 4 or 5 known cards; ``dead``:
    cards out of play.
    ``exact``: ``None`` enumerates every deal when there are at most
    :data:`EXACT_LIMIT`, else samples; ``True``/``False`` forces it
    (``True`` refuses more than ``max_deals`` deals, default
    :data:`EXACT_MAX`). ``samples``: Monte Carlo deals (default
    :data:`DEFAULT_SAMPLES`). ``seed``: makes Monte Carlo reproducible (a
    random one when ``None``); the numbers do not depend on ``threads`` or
    ``executor``. ``threads``: threads running the chunks (default: every
    core). ``executor``: any ``concurrent.futures.Executor`` to run the chunks
    instead (a ``ProcessPoolExecutor``, a Dask ``Client().get_executor()``).
    ``progress``: show a tqdm progress bar when the run takes over a second.
    ``timeout``: seconds after which the remaining work is cancelled and
    ``TimeoutError`` raised, or, with ``partial=True`` and Monte Carlo, the
    deals counted so far returned (``showdowns`` says how many).
    Returns one :class:`PlayerEquity` per player, in order. See
    :func:`plan_equity` for the work a call will do.
    """
    if (exact is None or exact is True) and samples is None and threads is None and executor is None \
            and progress is False and timeout is None and partial is False and max_deals is None \
            and (seed is None or (type(seed) is int and 0 <= seed < 2**64)):
        known = _known(holes, board, dead)  # known hands: one exact chunk, no planning
        if known is not None:
            return known
    _check_flag("progress", progress)
    _check_flag("partial", partial)
    seconds = check_timeout(timeout)
    started = time.monotonic()
    spot, plan = _plan(holes, board, dead, exact, samples, seed, threads, executor, max_deals)
    if (plan.showdowns < SMALL_JOB or plan.chunks == 1) and executor is None:
        threads = 1
    job = plan.job if all(w is None for w in plan.job.weights) else _check_job(plan.job)  # the weights' bound
    if seconds is not None:  # the timeout counts from the call: planning (a range fit pilot) is part of it
        seconds -= time.monotonic() - started
        if seconds <= 0:
            raise TimeoutError("equity did not finish in time: the time ran out while planning the job")
    counts = _run_job(job, threads, executor, progress, seconds, partial)  # options checked above
    return _results(counts, spot.holes, plan.exact, spot.kinds)


def _quick_ids(cards: Any) -> bytes | None:
    """Card ids of canonical text (``"AsKd2c3h"``, ``"As Kd 2c 3h"``) or of
    a list or tuple of plain ints, as bytes; None for anything else (which
    the general path reads, or refuses with its error)."""
    kind = type(cards)
    if kind is str:
        packed = cards.replace(" ", "")  # as the general parser drops separators
        try:
            if 8 <= len(packed) <= 12:  # 4-6 cards (a board is 5): no comprehension, it costs more
                head = _CHUNKS[packed[:4]] + _CHUNKS[packed[4:8]]
                return head + _CHUNKS[packed[8:]] if len(packed) > 8 else head
            return b"".join([_CHUNKS[packed[i:i + 4]] for i in range(0, len(packed), 4)])
        except KeyError:  # odd lengths, lower case, "10", commas, ranges, "random"
            return None
    if (kind is list or kind is tuple) and all(type(c) is int for c in cards):  # no bool, no int subclass
        try:
            return bytes(cards)
        except ValueError:  # outside 0..255
            return None
    return None


def _known_showdown(holes: Any, board: Any, dead: Any) -> list[PlayerEquity] | None:
    """:func:`equity` of known hands (on a board of 0, 3, 4 or 5 cards),
    without reading the spot and planning the job in general: the deals go
    straight to the exact kernel, as the one chunk the general path would run
    too. None when the spot is anything else, or anything is wrong with it
    (the general path then answers, or raises its error). The ``_entry``
    extension's ``known`` does the same in C (:data:`_known`)."""
    if type(holes) is not list and type(holes) is not tuple or not 2 <= len(holes) <= lib.O8_MAX_PLAYERS:
        return None
    board_ids, dead_ids = _quick_ids(board), _quick_ids(dead)
    if board_ids is None or len(board_ids) not in BOARD_SIZES or dead_ids is None:
        return None
    hands: list[bytes] = []
    for hole in holes:
        ids = _quick_ids(hole)
        if ids is None:
            return None
        hands.append(ids)
    size = len(hands[0])
    if size not in HOLE_SIZES or len(set(map(len, hands))) != 1:
        return None
    known = b"".join(hands)
    if max(known + board_ids + dead_ids) > 51:
        return None
    n = len(hands)
    cards = ffi.from_buffer(known)  # o8_range[i]: one hole each, equal weights
    players = ffi.new("o8_range[]", [(cards + size * i, ffi.NULL, 1) for i in range(n)])
    out = ffi.new("o8_equity_counts *")
    # the kernel refuses cards used twice, and counts no deal when too few cards are left
    if lib.o8_equity_exact(players, n, size, board_ids, len(board_ids), dead_ids, len(dead_ids), 0, 1, out) \
            or out.showdowns <= 0:
        return None  # the general path explains
    counts = tuple(ffi.unpack(ffi.cast("int64_t *", out), 3 + len(_COUNTS) * n))  # o8_equity_counts: int64s
    return _results(counts, [tuple(map(_CARDS.__getitem__, ids)) for ids in hands], True, ("hand",) * n)


# --- running chunks ------------------------------------------------------------


def _chunk_samples(job: EquityJob, index: int) -> int:
    share, extra = divmod(job.samples, job.parts)
    return share + (index < extra)


def _check_job(job: EquityJob) -> EquityJob:
    """What the C kernels cannot check themselves: the lengths of the buffers
    they are given, and integers that must fit their C types. Returns the job
    with plain ints (an int subclass may lie in ``__index__``)."""
    if not isinstance(job, EquityJob):
        raise TypeError(f"job must be an EquityJob, not {type(job).__name__}")
    if len(job.weights) != len(job.players):
        raise ValueError(f"the job has {len(job.players)} players but {len(job.weights)} weight lists")
    if isinstance(job.hole_size, bool) or not isinstance(job.hole_size, int) or job.hole_size not in HOLE_SIZES:
        raise ValueError(f"a hole has 4, 5 or 6 cards, got hole_size {job.hole_size!r}")
    for name in ("exact",):
        _check_flag(name, getattr(job, name))
    for i, (holes, weights) in enumerate(zip(job.players, job.weights), 1):
        if holes is None:
            if weights is not None:
                raise ValueError(f"player {i}: a random player has no weights")
            continue
        if not isinstance(holes, bytes):
            raise TypeError(f"player {i}: holes must be bytes, not {type(holes).__name__}")
        if len(holes) % job.hole_size or not holes:
            raise ValueError(f"player {i}: {len(holes)} bytes is not a whole number of {job.hole_size}-card holes")
        if weights is not None:
            if len(weights) != len(holes) // job.hole_size:
                raise ValueError(f"player {i}: {len(weights)} weights for {len(holes) // job.hole_size} holes")
            if any(isinstance(w, bool) or not isinstance(w, int) for w in weights):
                raise TypeError(f"player {i}: cumulative weights must be ints")
            if not (0 < weights[0] and all(a < b for a, b in zip(weights, weights[1:])) and weights[-1] < 2**63):
                raise ValueError(f"player {i}: cumulative weights must increase strictly from 1 to below 2**63")
    for name, low, top in (("samples", 0, lib.O8_MAX_SAMPLES + 1), ("seed", 0, 2**64), ("parts", 1, 2**63)):
        value = getattr(job, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
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
                      else _true_int(weights[-1]) if weights else len(holes) // job.hole_size)
        if bound >= 2**63:
            raise ValueError("the players' weights are too large for exact counts in 64 bits; use smaller weights")
    return replace(job, hole_size=_true_int(job.hole_size), samples=_true_int(job.samples),
                   seed=_true_int(job.seed), parts=_true_int(job.parts),
                   weights=tuple(None if w is None else tuple(map(_true_int, w)) for w in job.weights))


class _Cancelled(Exception):
    """A chunk stopped by its cancel flag."""


def run_chunk(job: EquityJob, index: int, cancel: Any = None) -> tuple[int, ...]:
    """Counts of chunk ``index`` (0..job.parts-1) of a job, as a flat tuple:
    showdowns, no_low, attempts, then for each player the fields of
    ``o8_player_counts`` (share, share_sq, high_win, high_tie, low_win,
    low_tie, scoop). Picklable, for executors; chunks sum to the whole job.
    ``cancel``: an ``int32_t *`` from ``ffi.new`` that stops the chunk when
    set nonzero (in-process threads only); a stopped Monte Carlo chunk
    returns the deals it counted."""
    job = _check_job(job)
    index = _check_count("index", index, 0)
    if index >= job.parts:
        raise ValueError(f"chunk index {index} is out of range 0..{job.parts - 1}")
    return _chunk(job, index, cancel)


def range_structs(players: Sequence[bytes | None], weights: Sequence[Sequence[int] | None],
                  hole_size: int) -> tuple[Any, list[Any]]:
    """The players as the C kernels' ``o8_range[]`` (a hole list with its
    cumulative weights, or random), and the buffers that must outlive the call."""
    keep: list[Any] = []
    structs = ffi.new("o8_range[]", len(players))
    for i, (holes, cum) in enumerate(zip(players, weights)):
        if holes is None:
            structs[i].holes = ffi.NULL
            continue
        keep.append(ffi.from_buffer("uint8_t[]", holes))
        structs[i].holes = keep[-1]
        structs[i].n_holes = len(holes) // hole_size
        if cum is not None:
            keep.append(ffi.new("int64_t[]", list(cum)))
            structs[i].cum_weights = keep[-1]
    return structs, keep


def _chunk(job: EquityJob, index: int, cancel: Any = None) -> tuple[int, ...]:
    """run_chunk for a job already checked (by run_job)."""
    n = len(job.players)
    players, keep = range_structs(job.players, job.weights, job.hole_size)  # keep: buffers that outlive the call
    out = ffi.new("o8_equity_counts *")
    flag = ffi.NULL if cancel is None else cancel
    args = (players, n, job.hole_size, job.board, len(job.board), job.dead, len(job.dead))
    if job.exact:
        code = lib.o8_equity_exact_cancel(*args, index, job.parts, flag, out)
    else:
        chunk_samples = _chunk_samples(job, index)
        if not chunk_samples:
            return (0,) * (3 + len(_COUNTS) * n)
        work = ffi.new("o8_equity_work *")
        code = lib.o8_equity_monte_carlo_kernel(KERNEL_ID, *args, chunk_samples, job.seed, index, flag, work, out)
    if code == lib.O8_ERR_NO_DEAL:
        raise ValueError("the players' hands almost never fit together (a million deals in a row failed); "
                         "use exact=True, or ranges that overlap less")
    if code == lib.O8_CANCELLED and job.exact:
        raise _Cancelled
    if code not in (0, lib.O8_CANCELLED):
        raise ValueError("invalid equity job: bad sizes, cards, weights, or cards used twice")
    return tuple(ffi.unpack(ffi.cast("int64_t *", out), 3 + len(_COUNTS) * n))  # o8_equity_counts: int64s


def _default_threads() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class _Runner:
    """Runs the chunks of a job and sums them; cancels on timeout or Ctrl-C."""

    def __init__(self, job: EquityJob, progress: bool) -> None:
        self.job = job
        self.width = 3 + len(_COUNTS) * len(job.players)
        self.total = [0] * self.width
        self.done = 0
        self.bar: Any = None
        if progress:
            try:
                tqdm = importlib.import_module("tqdm").tqdm  # optional; untyped
            except ImportError:
                raise ImportError("progress=True needs tqdm: pip install tqdm") from None
            self.bar = tqdm(total=job.parts, delay=1.0, unit="chunk", desc="equity")

    def add(self, counts: Any, complete: bool = True, trusted: bool = False) -> None:
        """Add a chunk's counts (``trusted``: from ``_chunk`` in this process,
        not from an executor, which may return anything)."""
        if not trusted and (not isinstance(counts, tuple) or len(counts) != self.width or
                            any(isinstance(c, bool) or not isinstance(c, int) for c in counts)):
            raise TypeError(f"a chunk's result must be a tuple of {self.width} ints (what run_chunk returns), "
                            f"got {type(counts).__name__}"
                            + (f" of length {len(counts)}" if isinstance(counts, tuple) else ""))
        self.total = [a + b for a, b in zip(self.total, counts)]
        if complete:
            self.done += 1
            if self.bar is not None:
                self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_job(
    job: EquityJob,
    *,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
    timeout: float | None = None,
    partial: bool = False,
) -> tuple[int, ...]:
    """The summed counts of every chunk of ``job`` (see :func:`run_chunk`).

    ``timeout``: seconds; then the chunks not finished are cancelled and
    ``TimeoutError`` raised, or with ``partial`` (Monte Carlo only) the
    counts so far returned: those of the finished chunks, plus, with threads,
    the deals the running chunks had counted when stopped."""
    job = _check_job(job)
    _check_flag("progress", progress)
    _check_flag("partial", partial)
    seconds = check_timeout(timeout)
    if threads is not None:
        _check_count("threads", threads, 1)
    if executor is not None and threads is not None:
        raise ValueError("give threads or executor, not both")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    return _run_job(job, threads, executor, progress, seconds, partial)


def _run_job(job: EquityJob, threads: int | None, executor: Executor | None, progress: bool,
             seconds: float | None, partial: bool) -> tuple[int, ...]:
    """run_job for a job and options already checked."""
    deadline = None if seconds is None else time.monotonic() + seconds
    runner = _Runner(job, progress)
    try:
        if executor is None and threads == 1 and deadline is None and job.parts == 1:
            runner.add(_chunk(job, 0), trusted=True)  # small: no thread, nothing to interrupt for long
        elif executor is None:
            _run_threads(job, runner, threads or _default_threads(), deadline, partial)
        else:
            _run_pool(job, runner, threads, executor, deadline, partial)
    finally:
        runner.close()
    return tuple(runner.total)


def _run_threads(job: EquityJob, runner: _Runner, threads: int, deadline: float | None, partial: bool) -> None:
    """The chunks on our own worker threads. Workers take chunk indices and
    put their results on a queue; the calling thread only waits on that
    queue (in steps of 0.1 s), so a KeyboardInterrupt can land anywhere in it
    without leaving a lock held that a worker needs (``concurrent.futures.wait``
    can leave a future's lock held when interrupted, and the pool's shutdown
    then waits forever). On a timeout or an exception the cancel flag, read by
    the C kernels every few thousand showdowns, stops the running chunks, and
    the workers are joined before returning."""
    import queue
    import threading

    cancel = ffi.new("int32_t *")
    results: queue.SimpleQueue[tuple[tuple[int, ...] | None, BaseException | None]] = queue.SimpleQueue()
    take = threading.Lock()  # taken by workers only
    indices = iter(range(job.parts))

    def work() -> None:
        while not cancel[0]:
            with take:
                index = next(indices, None)
            if index is None:
                return
            try:
                results.put((_chunk(job, index, cancel), None))
            except BaseException as error:  # noqa: BLE001  (handed to the calling thread, which raises it)
                results.put((None, error))
                return

    workers = [threading.Thread(target=work, name="omaha8-equity", daemon=True)
               for _ in range(min(threads, job.parts))]
    try:
        for worker in workers:
            worker.start()
        received = 0
        while received < job.parts:
            wait_for = 0.1 if deadline is None else max(0.0, min(0.1, deadline - time.monotonic()))
            try:
                counts, error = results.get(timeout=wait_for)
            except queue.Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    _timed_out(job, runner, cancel, workers, results, partial)
                    return
                continue
            received += 1
            if error is not None:
                raise error
            assert counts is not None
            runner.add(counts)
    finally:  # KeyboardInterrupt included: stop every chunk now
        cancel[0] = 1
        for worker in workers:
            if worker.is_alive():
                worker.join()


def _timed_out(job: EquityJob, runner: _Runner, cancel: Any, workers: list[Any], results: Any,
               partial: bool) -> None:
    """A deadline passed on our threads: raise TimeoutError, or with
    ``partial`` (Monte Carlo) add what the stopped chunks counted."""
    cancel[0] = 1
    if not (partial and not job.exact):
        raise TimeoutError(f"equity did not finish in time: {runner.done} of {job.parts} chunks done")
    for worker in workers:
        worker.join()
    while not results.empty():
        counts, error = results.get()
        if error is None:
            runner.add(counts, complete=False)
    if not runner.total[0]:
        raise TimeoutError("equity did not finish in time: no deal counted yet")


def _run_pool(job: EquityJob, runner: _Runner, threads: int | None, executor: Executor | None,
              deadline: float | None, partial: bool) -> None:
    from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

    own = executor is None
    pool: Executor = executor if executor is not None else ThreadPoolExecutor(max_workers=threads or _default_threads())
    # A flag the chunks read from C: in-process threads stop within a few
    # thousand showdowns once it is set. Other processes cannot see it.
    cancel = ffi.new("int32_t *") if own or isinstance(pool, ThreadPoolExecutor) else None
    futures: dict[Future[tuple[int, ...]], int] = {}
    try:
        for i in range(job.parts):
            future = pool.submit(_chunk, job, i, cancel) if cancel is not None else pool.submit(_chunk, job, i)
            if not isinstance(future, Future) and not callable(getattr(future, "result", None)):
                raise TypeError(f"executor.submit must return a Future, not {type(future).__name__}")
            futures[future] = i
        pending = set(futures)
        while pending:
            wait_for = 0.1 if deadline is None else max(0.0, min(0.1, deadline - time.monotonic()))
            done, pending = wait(pending, timeout=wait_for, return_when=FIRST_COMPLETED)
            for future in done:
                runner.add(future.result())
            if pending and deadline is not None and time.monotonic() >= deadline:
                if cancel is not None:
                    cancel[0] = 1
                for future in pending:
                    future.cancel()
                if not (partial and not job.exact):
                    raise TimeoutError(f"equity did not finish in time: {runner.done} of {job.parts} chunks done")
                if cancel is not None:  # the running chunks return what they counted
                    done, _ = wait(pending, timeout=1.0)
                    for future in done:
                        if not future.cancelled() and future.exception() is None:
                            runner.add(future.result(), complete=False)
                if not runner.total[0]:
                    raise TimeoutError("equity did not finish in time: no deal counted yet")
                return
    except BaseException:  # KeyboardInterrupt included: stop every chunk now
        if cancel is not None:
            cancel[0] = 1
        for future in futures:
            future.cancel()
        raise
    finally:
        if own:  # the cancel flag makes the running chunks return at once
            pool.shutdown(wait=True, cancel_futures=True)
        # a caller's executor is left running: chunks in other processes
        # finish on their own, and nothing here waits for them


def _results(counts: tuple[int, ...], holes: Sequence[tuple[Card, ...] | None], exact: bool,
             kinds: Sequence[str]) -> list[PlayerEquity]:
    """One PlayerEquity per player from a job's summed counts (see run_chunk);
    ``kinds``: how each player was read (``read_as``)."""
    showdowns, no_low = counts[0], counts[1]
    if not showdowns:
        raise ValueError("no deal fits: every combination of the players' hands shares a card")
    results = []
    for p, (hole, kind) in enumerate(zip(holes, kinds)):
        share, share_sq, high_win, high_tie, low_win, low_tie, scoop = counts[3 + 7 * p: 10 + 7 * p]
        mean = share / POT / showdowns
        std_error = 0.0
        if not exact and showdowns > 1:
            variance = (share_sq / POT**2 - showdowns * mean * mean) / (showdowns - 1)
            std_error = math.sqrt(max(variance, 0.0) / showdowns)
        results.append(_new_result((
            hole, mean, high_win / showdowns, high_tie / showdowns, low_win / showdowns, low_tie / showdowns,
            scoop / showdowns, no_low / showdowns, std_error, exact, showdowns, kind,
        )))
    return results


_RESULT_FIELDS = tuple(f.name for f in fields(PlayerEquity))


def _new_result(values: tuple[Any, ...]) -> PlayerEquity:
    """``PlayerEquity(*values)``, the same object, made without the frozen
    dataclass ``__init__`` (one ``object.__setattr__`` per field: a third of
    a river ``equity()`` call). PlayerEquity has no ``__post_init__`` and
    keeps its fields in ``__dict__`` (tests/test_single_calls.py checks)."""
    result: PlayerEquity = object.__new__(PlayerEquity)
    result.__dict__.update(zip(_RESULT_FIELDS, values))
    return result


#: PlayerEquity's fields in the order the ``_entry`` extension's ``known`` fills them.
_KNOWN_FIELDS = ("hole", "equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "no_low", "std_error",
                 "exact", "showdowns", "read_as")


def _known_entry() -> Callable[[Any, Any, Any], list[PlayerEquity] | None]:
    """``_known_showdown`` in C: the ``_entry`` extension's ``known`` (csrc/cpython/entry.c),
    making PlayerEquity objects itself; ``_known_showdown`` without the
    extension, or with ``OMAHA8_ENTRY=0``."""
    from ..evaluator import _ENTRY  # None: no extension, or OMAHA8_ENTRY=0

    if _ENTRY is None or _KNOWN_FIELDS != _RESULT_FIELDS:
        return _known_showdown
    from .._entry import bind_equity

    known: Callable[[Any, Any, Any], list[PlayerEquity] | None] = bind_equity(
        int(ffi.cast("uintptr_t", lib.o8_entry_table())), PlayerEquity, _CARDS, _KNOWN_FIELDS, "hand")
    return known


#: equity() of known hands, or None: the general path must answer.
_known = _known_entry()

_make_callable(__name__, "equity")  # omaha8_fast.equity is this module, and calling it calls equity() (see _modules.py)
