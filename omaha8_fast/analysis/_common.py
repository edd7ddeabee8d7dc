"""What the street analyses share: the spot and option checks, the C jobs and how they run, summaries and tables."""

from __future__ import annotations

import html
import math
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._checks import check_timeout
from .._core import ffi, lib
from ..cards import RANKS, SUITS, Card, CardsLike, card_ids, check_unique, format_cards
from ..equity import (
    CHUNK_WORK,
    DEFAULT_SAMPLES,
    MAX_CHUNKS,
    HandOrRandom,
    PlayerEquity,
    range_structs,
    runout_count,
)
from ..equity._players import is_range
from ..ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Executor




#: Street names and the board size each one starts with.
STREETS: dict[str, int] = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
#: The levels of the ``quantiles`` attributes.
QUANTILE_LEVELS = (0.1, 0.25, 0.5, 0.75, 0.9)
POT = int(lib.O8_POT_UNITS)
MAX_PLAYERS = int(lib.O8_MAX_PLAYERS)
_COUNT_FIELDS = 3 + 7 * MAX_PLAYERS  # o8_equity_counts as int64s
_DUEL_FIELDS = 2 + 7 * 2  # o8a_duel_counts as int64s
#: Jobs below this many showdowns run in the calling thread.
_SMALL = 200_000
#: Work is cut into at most this many chunks for threads and executors.
_CHUNKS = 32


# ---------------------------------------------------------------------------- input


@dataclass(frozen=True)
class _Spot:
    """Validated players, board and dead cards: each player a known hole
    (ids), a Range (the known cards removed) or None (random)."""

    players: tuple[tuple[int, ...] | Range | None, ...]
    hole_size: int
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def known(self) -> list[int]:
        holes = [c for p in self.players if isinstance(p, tuple) for c in p]
        return list(self.board) + list(self.dead) + holes

    def unseen(self) -> list[int]:
        known = set(self.known)
        return [c for c in range(52) if c not in known]

    def all_known(self) -> bool:
        return all(isinstance(p, tuple) for p in self.players)

    def deals(self, board_size: int, weighted: bool = False) -> int:
        """Deals an exact job enumerates when the board has ``board_size``
        cards (``weighted``: a bound on their total weight)."""
        n_random = sum(p is None for p in self.players)
        in_ranges = sum(isinstance(p, Range) for p in self.players) * self.hole_size
        left = 52 - len(self.known) - in_ranges - (board_size - len(self.board))
        count = runout_count(n_random, self.hole_size, left, 5 - board_size)
        for p in self.players:
            if isinstance(p, Range):
                count *= p.total_weight if weighted else len(p)
        return count


def _parse_spot(players: Sequence[HandOrRandom | Range], board: CardsLike, dead: CardsLike,
                min_players: int = 2) -> _Spot:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError('players must be a list of hands, ranges or None, e.g. ["AsAd2s3d", "KhKd9c8c"]')
    if not min_players <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"analysis needs {min_players} to {MAX_PLAYERS} players, got {len(players)}")
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    if len(board_ids) not in STREETS.values():
        raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_ids)}")
    parsed: list[tuple[int, ...] | Range | str | None] = []
    for i, p in enumerate(players, 1):
        if p is None or (isinstance(p, str) and p.strip().lower() == "random"):
            parsed.append(None)
        elif _is_range(p):
            parsed.append(p if isinstance(p, Range) else str(p))
        else:
            try:
                ids = tuple(card_ids(p))  # type: ignore[arg-type]
            except (ValueError, TypeError) as error:
                raise type(error)(f"player {i}: {error}") from None
            if len(ids) not in (4, 5, 6):
                raise ValueError(f"player {i}: a hole has 4, 5 or 6 cards, got {len(ids)}")
            parsed.append(ids)
    sizes = {len(p) for p in parsed if isinstance(p, tuple)} | {p.hole_size for p in parsed if isinstance(p, Range)}
    if len(sizes) > 1:
        raise ValueError(f"all holes must have the same number of cards, got sizes {sorted(sizes)}")
    hole_size = sizes.pop() if sizes else 4
    if hole_size not in (4, 5, 6):
        raise ValueError(f"a hole has 4, 5 or 6 cards, got ranges of {hole_size}-card hands")
    known = board_ids + dead_ids + [c for p in parsed if isinstance(p, tuple) for c in p]
    check_unique(known)
    out: list[tuple[int, ...] | Range | None] = []
    for i, p in enumerate(parsed, 1):
        if isinstance(p, (str, Range)):
            r = Range(p, hole_size=hole_size).without(known)
            if not r:
                raise ValueError(f"player {i}: the range {r.text!r} is empty once the known cards are removed")
            out.append(r)
        else:
            out.append(p)
    n_open = sum(not isinstance(p, tuple) for p in out)
    if 52 - len(known) < n_open * hole_size + 5 - len(board_ids):
        raise ValueError(f"not enough cards for {len(players)} players with {hole_size}-card holes and the board")
    return _Spot(tuple(out), hole_size, tuple(board_ids), tuple(dead_ids))


@dataclass(frozen=True)
class _Options:
    exact: bool | None
    samples: int
    seed: int
    threads: int | None
    executor: Executor | None
    progress: bool
    deadline: float | None = None  # time.monotonic() by which the work must be done (timeout=)


def _options(exact: Any = None, samples: Any = None, seed: Any = None, threads: Any = None,
             executor: Any = None, progress: Any = False, timeout: Any = None) -> _Options:
    """The equity options (see :func:`omaha8_fast.equity`), checked; ``timeout``
    as equity checks it, turned into a deadline from now."""
    seconds = check_timeout(timeout)
    deadline = None if seconds is None else time.monotonic() + seconds
    if exact not in (None, True, False) or isinstance(exact, int) and not isinstance(exact, bool):
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be True or False, not {progress!r}")
    if samples is None:
        samples = DEFAULT_SAMPLES
    elif isinstance(samples, bool) or not isinstance(samples, int):
        raise TypeError(f"samples must be an int, not {type(samples).__name__}")
    elif not 1 <= samples <= 10**12:
        raise ValueError(f"samples must be in 1..10**12, got {samples}")
    if threads is not None:
        if isinstance(threads, bool) or not isinstance(threads, int):
            raise TypeError(f"threads must be an int, not {type(threads).__name__}")
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads}")
        if executor is not None:
            raise ValueError("give threads or executor, not both")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return _Options(exact, samples, seed, threads, executor, progress, deadline)


def no_samples(name: str, samples: Any, timeout: Any) -> float | None:
    """For the exact analyses (outs, low_odds): ``samples`` refused, ``timeout``
    checked as equity checks it; the deadline."""
    if samples is not None:
        raise ValueError(f"{name} enumerates every card exactly: samples does not apply (leave it out)")
    seconds = check_timeout(timeout)
    return None if seconds is None else time.monotonic() + seconds


def check_deadline(deadline: float | None, name: str, done: int, total: int) -> None:
    """Raise TimeoutError when ``deadline`` has passed (``done`` of ``total`` parts finished)."""
    if deadline is not None and time.monotonic() >= deadline:
        raise TimeoutError(f"{name} did not finish in time: {done} of {total} parts done")


def _parts(items: int, work: int, small: bool) -> int:
    """How many tasks a job of ``items`` (cards or villain hands) and ``work``
    player-showdowns is cut into: each at most about CHUNK_WORK (~50 ms, as
    equity's chunks, so that a timeout acts within about that), at least
    _CHUNKS for threads unless small, at most MAX_CHUNKS and one item each."""
    parts = max(1 if small else _CHUNKS, -(-work // CHUNK_WORK))
    return max(1, min(items, parts, MAX_CHUNKS))


def _is_range(player: object) -> bool:
    """Whether ``equity()`` reads ``player`` as a range (its own test, so that
    the two always agree).

    >>> _is_range("A2**ds"), _is_range("AsAd2s3d"), _is_range(None)
    (True, False, False)
    """
    return is_range(player)


def _name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def _player_name(p: tuple[int, ...] | Range | None) -> str:
    if p is None:
        return "random"
    if isinstance(p, Range):
        return p.text
    return format_cards(p, sep="")


# ---------------------------------------------------------------------------- running jobs


@dataclass(frozen=True)
class _CardJob:
    """Picklable: the players as the kernels take them, and what to count."""

    players: tuple[bytes | None, ...]
    weights: tuple[tuple[int, ...] | None, ...]
    hole_size: int
    board: bytes
    dead: bytes
    exact: bool
    samples: int
    seed: int


class _Cancelled(Exception):
    """A task stopped by its cancel flag (the deadline passed)."""


def _count_cards(job: _CardJob, cards: bytes, cancel: Any = None) -> bytes:
    """The o8_equity_counts of the job with each card of ``cards`` added to
    the board, as raw bytes (an executor task). ``cancel``: an ``int32_t *``
    that stops the kernel when set (the task then raises _Cancelled)."""
    players, _keep = range_structs(job.players, job.weights, job.hole_size)
    out = ffi.new("o8_equity_counts[]", max(len(cards), 1))
    args = (players, len(job.players), job.hole_size, job.board, len(job.board), job.dead, len(job.dead),
            cards, len(cards))
    flag = ffi.NULL if cancel is None else cancel
    if job.exact:
        code = lib.o8a_next_card_exact(*args, flag, out)
    else:
        work = ffi.new("o8_equity_work *")
        code = lib.o8a_next_card_monte_carlo(*args, job.samples, job.seed, flag, work, out)
    if code == lib.O8_CANCELLED:
        raise _Cancelled
    if code == lib.O8_ERR_NO_DEAL:
        raise ValueError("the players' hands almost never fit together (a million deals in a row failed)")
    if code:
        raise ValueError("invalid analysis job: bad sizes, cards or weights")
    return bytes(ffi.buffer(out, ffi.sizeof("o8_equity_counts") * len(cards)))


@dataclass(frozen=True)
class _DuelJob:
    hero: bytes
    hole_size: int
    board: bytes
    dead: bytes
    exact: bool
    samples: int
    seed: int


def _count_duels(job: _DuelJob, villains: bytes, first: int, cancel: Any = None) -> bytes:
    """The o8a_duel_counts of hero against each villain hole (an executor
    task; ``cancel`` as for :func:`_count_cards`)."""
    n = len(villains) // job.hole_size
    out = ffi.new("o8a_duel_counts[]", max(n, 1))
    work = ffi.NULL if job.exact else ffi.new("o8_equity_work *")
    code = lib.o8a_duels(job.hero, job.hole_size, job.board, len(job.board), job.dead, len(job.dead),
                         villains, n, int(job.exact), job.samples, job.seed, first,
                         ffi.NULL if cancel is None else cancel, work, out)
    if code == lib.O8_CANCELLED:
        raise _Cancelled
    if code:
        raise ValueError("invalid analysis job: bad sizes or cards")
    return bytes(ffi.buffer(out, ffi.sizeof("o8a_duel_counts") * n))


def _run(tasks: list[tuple[Any, ...]], fn: Any, options: _Options, small: bool) -> list[bytes]:
    """Run ``fn(*task)`` for each task, in order, on threads or an executor.
    With a deadline (``timeout=``): TimeoutError once it passes. In this
    process (the calling thread or threads) a timer sets the kernels' cancel
    flag at the deadline, so even one long task stops within a few thousand
    showdowns; tasks sent to another executor (processes) cannot share the
    flag: the deadline is checked while waiting for them and the tasks not
    started are cancelled (a task runs ~CHUNK_WORK at most, but never less
    than one card or one villain hand)."""
    from concurrent.futures import ThreadPoolExecutor, TimeoutError as FutureTimeout

    threads = options.threads
    deadline = options.deadline
    total = len(tasks)
    local = options.executor is None or isinstance(options.executor, ThreadPoolExecutor)
    cancel = ffi.new("int32_t *") if local else None
    timer = None
    if cancel is not None and deadline is not None:
        timer = threading.Timer(max(0.0, deadline - time.monotonic()), cancel.__setitem__, (0, 1))
        timer.daemon = True
        timer.start()
    done: list[bytes] = []
    try:
        if options.executor is None and (small or threads == 1 or total == 1):
            for task in (_progress(iter(tasks), total) if options.progress else tasks):
                check_deadline(deadline, "the analysis", len(done), total)
                done.append(fn(*task, cancel))
            return done
        if threads is None:
            threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        pool = options.executor if options.executor is not None else ThreadPoolExecutor(max_workers=threads)
        futures = []
        try:
            futures = [pool.submit(fn, *((*t, cancel) if local else t)) for t in tasks]
            for future in (_progress(iter(futures), total) if options.progress else futures):
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                try:
                    done.append(future.result(timeout=left))
                except FutureTimeout:  # not the builtin TimeoutError before Python 3.11
                    check_deadline(deadline, "the analysis", len(done), total)
                    raise
            return done
        finally:
            if cancel is not None:  # the running tasks stop at once
                cancel[0] = 1
            for future in futures:
                future.cancel()
            if options.executor is None:
                pool.shutdown(cancel_futures=True)
    except _Cancelled:
        raise TimeoutError(f"the analysis did not finish in time: {len(done)} of {total} parts done") from None
    finally:
        if timer is not None:
            timer.cancel()


def _progress(items: Iterator[bytes] | Any, total: int) -> Any:
    try:
        import importlib

        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:
        raise ImportError("progress=True needs tqdm: pip install tqdm") from None
    return tqdm(items, total=total, delay=1.0, unit="chunk", desc="analysis")


def _split(items: bytes, step: int, parts: int) -> list[tuple[bytes, int]]:
    """``items`` (records of ``step`` bytes) cut into at most ``parts`` runs,
    each with the index of its first record."""
    n = len(items) // step
    size = max(1, -(-n // parts))
    return [(items[i * step:(i + size) * step], i) for i in range(0, n, size)]


def _counts_array(raw: list[bytes], fields: int) -> npt.NDArray[np.int64]:
    return np.frombuffer(b"".join(raw), dtype=np.int64).reshape(-1, fields)


def _player_equity(hole: tuple[int, ...] | None, showdowns: int, no_low: int, share: int, share_sq: int,
                   wins: Sequence[int], exact: bool) -> PlayerEquity:
    """A PlayerEquity from integer counts, computed as equity() computes it."""
    mean = share / POT / showdowns if showdowns else float("nan")
    std_error = 0.0
    if not exact and showdowns > 1:
        variance = (share_sq / POT**2 - showdowns * mean * mean) / (showdowns - 1)
        std_error = math.sqrt(max(variance, 0.0) / showdowns)
    high_win, high_tie, low_win, low_tie, scoop = (w / showdowns if showdowns else float("nan") for w in wins)
    return PlayerEquity(hole=None if hole is None else tuple(Card(c) for c in hole), equity=mean,
                        high_win=high_win, high_tie=high_tie, low_win=low_win, low_tie=low_tie, scoop=scoop,
                        no_low=no_low / showdowns if showdowns else float("nan"), std_error=std_error,
                        exact=exact, showdowns=showdowns)


# ---------------------------------------------------------------------------- summaries


def _weighted_quantiles(values: npt.NDArray[np.float64], weights: npt.NDArray[np.float64],
                        levels: Sequence[float]) -> tuple[float, ...]:
    """The lower weighted quantiles: the smallest value whose cumulative
    weight reaches each level."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    cum /= cum[-1]
    picks = np.searchsorted(cum, np.asarray(levels) - 1e-12, side="left")
    return tuple(float(values[order][min(int(i), len(values) - 1)]) for i in picks)


def _histogram(values: npt.NDArray[np.float64], weights: npt.NDArray[np.float64],
               bins: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    if isinstance(bins, bool) or not isinstance(bins, int):
        raise TypeError(f"bins must be an int, not {type(bins).__name__}")
    if not 1 <= bins <= 10_000:
        raise ValueError(f"bins must be in 1..10000, got {bins}")
    counts, edges = np.histogram(np.clip(values, 0.0, 1.0), bins=bins, range=(0.0, 1.0), weights=weights)
    return counts.astype(np.float64), edges


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]], caption: str) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(f"{c:<{w}}" if i == 0 else f"{c:>{w}}" for i, (c, w) in enumerate(zip(r, widths)))
             for r in [header, *rows]]
    return "\n".join(lines)


def _html_image(png: bytes | None) -> str:
    """The plot inline in the HTML repr (notebooks show the HTML, not both)."""
    if png is None:
        return ""
    import base64

    return f'<div><img alt="plot" src="data:image/png;base64,{base64.b64encode(png).decode()}"/></div>'


#: How the results below find their plots: set by the package (``omaha8_fast.analysis``
#: imports ``plots`` on first use), so that the computation never imports its
#: presentation (plots import the result classes, not the other way round).
PLOTS: list[Any] = []


def _png(figure_fn: Any, result: Any) -> bytes | None:
    """PNG bytes of the result's plot, or None without matplotlib (Jupyter
    then shows the HTML table alone)."""
    try:
        plot = PLOTS[0]()
    except ImportError:
        return None
    import io

    fig = figure_fn(plot)(result)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plot.close(fig)
    return buffer.getvalue()


# ---------------------------------------------------------------------------- by street


