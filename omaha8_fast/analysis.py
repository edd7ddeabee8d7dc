"""Street-by-street analysis: equity on each street, over the next card, against
each hand of a range; outs; low odds.

Everything is counted in C by the equity kernels (one job per next card or per
villain hand, in one call), so the summaries are exact sums of the same
integer counts that :func:`omaha8_fast.equity` adds up: the mean of a
distribution *is* the equity.

On a flop, hero's A-2 has the nut low draw and top set is ahead for the high:

>>> from omaha8_fast import equity
>>> players = ["As 2s 5d Kc", "Qh Qd Jc Tc"]
>>> spread = next_street(players, "Qs 7h 4d")
>>> len(spread.cards), spread.mean == tuple(p.equity for p in equity(players, "Qs 7h 4d"))
(41, True)
>>> [str(c) for c in spread.makes_low][:4], len(spread.pairs_board)
(['2c', '2d', '2h', '3c'], 7)

The equity on every street of a hand ("unroll"):

>>> streets = equity_by_street(players, "Qs 7h 4d 3c 9s")
>>> list(streets), round(streets["river"][0].equity, 3)
(['preflop', 'flop', 'turn', 'river'], 0.5)

Outs from the turn: the cards that give each player the high, the low, the pot.

>>> o = outs(players, "Qs 7h 4d 9s")
>>> o.summary[0].low_win_count, o.summary[1].scoop_count, len(o)
(21, 16, 40)

The distribution of a hand's equity against a range, hand by hand:

>>> d = range_distribution("As 2s 5d Kc", "QQ", "Qs 7h 4d")
>>> len(d), round(d.mean, 6) == round(equity(["As 2s 5d Kc", "QQ"], "Qs 7h 4d")[0].equity, 6)
(2625, True)
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ._core import ffi, lib
from .cards import RANKS, SUITS, Card, CardsLike, card_ids, check_unique, format_cards
from .equity import (DEFAULT_SAMPLES, EXACT_LIMIT, EXACT_MAX, HandOrRandom, PlayerEquity, equity, range_structs,
                     runout_count)
from .ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = [
    "STREETS",
    "QUANTILE_LEVELS",
    "StreetEquities",
    "NextStreet",
    "Distribution",
    "CardOutcome",
    "OutsSummary",
    "Outs",
    "LowOdds",
    "equity_by_street",
    "next_street",
    "range_distribution",
    "outs",
    "low_odds",
]

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


def _options(exact: Any = None, samples: Any = None, seed: Any = None, threads: Any = None,
             executor: Any = None, progress: Any = False) -> _Options:
    """The equity options (see :func:`omaha8_fast.equity`), checked."""
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
    return _Options(exact, samples, seed, threads, executor, progress)


def _is_range(player: object) -> bool:
    """Whether ``equity()`` reads ``player`` as a range: its own test, looked
    up where it lives (``ranges`` now; the players layer that is replacing
    it there), so that the two always agree.

    >>> _is_range("A2**ds"), _is_range("AsAd2s3d"), _is_range(None)
    (True, False, False)
    """
    import importlib

    for module in (".ranges", "._players"):
        try:
            test = getattr(importlib.import_module(module, __package__), "is_range", None)
        except ImportError:
            continue
        if test is not None:
            return bool(test(player))
    raise ImportError("omaha8_fast has no is_range")  # pragma: no cover


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


def _count_cards(job: _CardJob, cards: bytes) -> bytes:
    """The o8_equity_counts of the job with each card of ``cards`` added to
    the board, as raw bytes (an executor task)."""
    players, _keep = range_structs(job.players, job.weights, job.hole_size)
    out = ffi.new("o8_equity_counts[]", max(len(cards), 1))
    args = (players, len(job.players), job.hole_size, job.board, len(job.board), job.dead, len(job.dead),
            cards, len(cards))
    if job.exact:
        code = lib.o8a_next_card_exact(*args, out)
    else:
        work = ffi.new("o8_equity_work *")
        code = lib.o8a_next_card_monte_carlo(*args, job.samples, job.seed, work, out)
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


def _count_duels(job: _DuelJob, villains: bytes, first: int) -> bytes:
    """The o8a_duel_counts of hero against each villain hole (an executor task)."""
    n = len(villains) // job.hole_size
    out = ffi.new("o8a_duel_counts[]", max(n, 1))
    work = ffi.NULL if job.exact else ffi.new("o8_equity_work *")
    code = lib.o8a_duels(job.hero, job.hole_size, job.board, len(job.board), job.dead, len(job.dead),
                         villains, n, int(job.exact), job.samples, job.seed, first, work, out)
    if code:
        raise ValueError("invalid analysis job: bad sizes or cards")
    return bytes(ffi.buffer(out, ffi.sizeof("o8a_duel_counts") * n))


def _run(tasks: list[tuple[Any, ...]], fn: Any, options: _Options, small: bool) -> list[bytes]:
    """Run ``fn(*task)`` for each task, in order, on threads or an executor."""
    threads = options.threads
    if options.executor is None and (small or threads == 1 or len(tasks) == 1):
        results = [fn(*t) for t in tasks] if not options.progress else list(_progress(map(lambda t: fn(*t), tasks), len(tasks)))
        return results
    from concurrent.futures import ThreadPoolExecutor

    if threads is None:
        threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    pool = options.executor if options.executor is not None else ThreadPoolExecutor(max_workers=threads)
    try:
        futures = [pool.submit(fn, *t) for t in tasks]
        done = _progress((f.result() for f in futures), len(futures)) if options.progress else (f.result() for f in futures)
        return list(done)
    finally:
        if options.executor is None:
            pool.shutdown(cancel_futures=True)


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


def _png(figure_fn: Any, result: Any) -> bytes | None:
    """PNG bytes of the result's plot, or None without matplotlib (Jupyter
    then shows the HTML table alone)."""
    try:
        from . import plot
    except ImportError:
        return None
    import io

    fig = figure_fn(plot)(result)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plot.close(fig)
    return buffer.getvalue()


# ---------------------------------------------------------------------------- by street


class StreetEquities(Mapping[str, list[PlayerEquity]]):
    """Each player's :class:`~omaha8_fast.PlayerEquity` on each street the
    board reaches, keyed ``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``."""

    def __init__(self, names: Sequence[str], boards: Mapping[str, tuple[Card, ...]],
                 results: Mapping[str, list[PlayerEquity]]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.boards: dict[str, tuple[Card, ...]] = dict(boards)
        self._results = dict(results)

    def __getitem__(self, street: str) -> list[PlayerEquity]:
        return self._results[street]

    def __iter__(self) -> Iterator[str]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)

    @property
    def no_low(self) -> dict[str, float]:
        """How often nobody has a low, per street."""
        return {street: r[0].no_low for street, r in self._results.items()}

    def rows(self) -> list[dict[str, Any]]:
        """One record per street and player (for JSON and data frames)."""
        return [{"street": street, "board": format_cards(self.boards[street]), "player": name,
                 "equity": p.equity, "std_error": p.std_error, "high_win": p.high_win, "high_tie": p.high_tie,
                 "low_win": p.low_win, "low_tie": p.low_tie, "scoop": p.scoop, "no_low": p.no_low,
                 "exact": p.exact, "showdowns": p.showdowns}
                for street, result in self._results.items() for name, p in zip(self.names, result)]

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Street", "Board"] + [f"{n} {what}" for n in self.names for what in ("equity", "high", "low", "scoop")]
        header.append("No low")
        rows = []
        for street, result in self._results.items():
            row = [street, format_cards(self.boards[street]) or "-"]
            for p in result:
                row += [f"{p.equity:.2%}", f"{p.high_win + p.high_tie:.2%}", f"{p.low_win + p.low_tie:.2%}",
                        f"{p.scoop:.2%}"]
            rows.append(row + [f"{result[0].no_low:.2%}"])
        return header, rows

    def table(self) -> str:
        """A text table: one row per street; per player equity, high (win or
        tie), low (win or tie), scoop; and the no-low share."""
        return _text_table(*self._cells())

    def to_dataframe(self) -> Any:
        """The :meth:`rows` as a pandas DataFrame (needs pandas)."""
        import importlib

        try:
            pd = importlib.import_module("pandas")  # optional; untyped
        except ImportError:
            raise ImportError("to_dataframe() needs pandas: pip install pandas") from None
        return pd.DataFrame(self.rows())

    def _repr_html_(self) -> str:
        return _html_table(*self._cells(), caption="Equity by street") + _html_image(self._repr_png_())

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_by_street, self)

    def __repr__(self) -> str:
        return f"StreetEquities({', '.join(self)})"


def equity_by_street(players: Sequence[HandOrRandom | Range], board: CardsLike = (), dead: CardsLike = (),
                     **equity_options: Any) -> StreetEquities:
    """Each player's equity before the flop and on each street the board
    reaches (``"unroll"``): :func:`omaha8_fast.equity` on the first 0, 3, 4 and 5
    cards of ``board``. Hands, ranges and random players, as ``equity``;
    ``equity_options`` are passed on (``exact``, ``samples``, ``seed``, ...).

    >>> s = equity_by_street(["As Ad 2s 3d", "Kh Kd 9c 8c"], "Ks 7h 4d")
    >>> list(s), s["flop"][1].equity > s["preflop"][1].equity
    (['preflop', 'flop'], True)
    """
    spot = _parse_spot(players, board, dead)
    names = [_player_name(p) for p in spot.players]
    boards: dict[str, tuple[Card, ...]] = {}
    results: dict[str, list[PlayerEquity]] = {}
    for street, size in STREETS.items():
        if size > len(spot.board):
            break
        shown = spot.board[:size]
        boards[street] = tuple(Card(c) for c in shown)
        everyone: list[Any] = list(players)  # hands, ranges and random players, as equity() takes them
        results[street] = equity(everyone, list(shown), list(spot.dead), **equity_options)
    return StreetEquities(names, boards, results)


# ---------------------------------------------------------------------------- next street


def _low_ranks(cards: Sequence[int]) -> set[int]:
    return {c >> 2 for c in cards if (c >> 2) <= 6 or (c >> 2) == 12}


@dataclass(frozen=True, eq=False)
class NextStreet:
    """Each player's equity after each possible next card.

    ``cards``: the unseen next cards; ``weights``: the probability of each
    (proportional to the weight of the deals it fits; uniform for known
    hands); ``equities``: ``(cards, players)``; ``results(i)``: the
    :class:`~omaha8_fast.PlayerEquity` list after card ``i``; ``counts``:
    the kernels' integer counts per card (``o8_equity_counts`` as int64s). ``mean`` is each
    player's equity now, the exact weighted sum of the per-card counts (equal
    to :func:`omaha8_fast.equity` when exact); ``std_error`` its Monte Carlo
    standard error (0.0 when exact).
    """

    names: tuple[str, ...]
    board: tuple[Card, ...]
    cards: tuple[Card, ...]
    weights: npt.NDArray[np.float64]
    equities: npt.NDArray[np.float64]
    mean: tuple[float, ...]
    std_error: tuple[float, ...]
    exact: bool
    counts: npt.NDArray[np.int64] = field(repr=False)
    holes: tuple[tuple[int, ...] | None, ...] = field(repr=False)

    def results(self, index: int) -> list[PlayerEquity]:
        """Each player's :class:`~omaha8_fast.PlayerEquity` after card ``cards[index]``."""
        if isinstance(index, bool) or not isinstance(index, int) or not -len(self.cards) <= index < len(self.cards):
            raise ValueError(f"index must be an int in 0..{len(self.cards) - 1}, got {index!r}")
        row = self.counts[index]
        return [_player_equity(hole, int(row[0]), int(row[1]), int(row[3 + 7 * p]), int(row[4 + 7 * p]),
                               [int(v) for v in row[5 + 7 * p:10 + 7 * p]], self.exact)
                for p, hole in enumerate(self.holes)]

    @property
    def street(self) -> str:
        """The street the next card makes: ``"turn"`` or ``"river"``."""
        return "turn" if len(self.board) == 3 else "river"

    @property
    def spread(self) -> tuple[float, ...]:
        """Each player's standard deviation of equity over the next card."""
        out = []
        for p, m in enumerate(self.mean):
            out.append(float(np.sqrt(np.sum(self.weights * (self.equities[:, p] - m) ** 2))))
        return tuple(out)

    @property
    def quantiles(self) -> npt.NDArray[np.float64]:
        """``(players, len(QUANTILE_LEVELS))``: weighted quantiles of equity."""
        return np.array([_weighted_quantiles(self.equities[:, p], self.weights, QUANTILE_LEVELS)
                         for p in range(len(self.names))])

    def histogram(self, player: int = 0, bins: int = 20) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """``(weights, edges)``: the probability that the next card leaves
        ``player`` with an equity in each of ``bins`` equal bins of 0..1."""
        return _histogram(self.equities[:, self._player(player)], self.weights, bins)

    def _player(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(self.names):
            raise ValueError(f"player must be an index 0..{len(self.names) - 1}, got {player!r}")
        return player

    def _cards_where(self, test: Any) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if test(c))

    @property
    def makes_low(self) -> tuple[Card, ...]:
        """Cards that bring the third low rank (A-8) to the board."""
        now = _low_ranks(self.board)
        return self._cards_where(lambda c: len(now) < 3 <= len(now | _low_ranks([c])))

    @property
    def kills_low(self) -> tuple[Card, ...]:
        """Cards after which no low can come any more (there was a chance before)."""
        now, left = _low_ranks(self.board), 5 - len(self.board)
        if len(now) >= 3 or len(now) + left < 3:
            return ()
        return self._cards_where(lambda c: len(now | _low_ranks([c])) + left - 1 < 3)

    @property
    def completes_flush(self) -> tuple[Card, ...]:
        """Cards that put a third card of a suit on the board."""
        suits = [c & 3 for c in self.board]
        return self._cards_where(lambda c: suits.count(c & 3) == 2)

    @property
    def pairs_board(self) -> tuple[Card, ...]:
        """Cards of a rank already on the board."""
        ranks = {c >> 2 for c in self.board}
        return self._cards_where(lambda c: c >> 2 in ranks)

    def to_dict(self) -> dict[str, Any]:
        return {"board": format_cards(self.board), "street": self.street, "players": list(self.names),
                "exact": self.exact, "mean": list(self.mean), "std_error": list(self.std_error),
                "spread": list(self.spread), "quantile_levels": list(QUANTILE_LEVELS),
                "quantiles": self.quantiles.tolist(),
                "cards": [{"card": str(c), "probability": float(w), "equity": e.tolist()}
                          for c, w, e in zip(self.cards, self.weights, self.equities)],
                "makes_low": [str(c) for c in self.makes_low], "kills_low": [str(c) for c in self.kills_low],
                "completes_flush": [str(c) for c in self.completes_flush],
                "pairs_board": [str(c) for c in self.pairs_board]}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Card", "Prob."] + list(self.names)
        rows = [[str(c), f"{w:.2%}"] + [f"{e:.2%}" for e in row]
                for c, w, row in zip(self.cards, self.weights, self.equities)]
        rows.append(["mean", "100%"] + [f"{m:.2%}" for m in self.mean])
        return header, rows

    def table(self) -> str:
        """A text table: one row per next card, one equity column per player."""
        return _text_table(*self._cells())

    def _repr_html_(self) -> str:
        caption = f"Equity on the {self.street} after {format_cards(self.board)}"
        return _html_image(self._repr_png_()) + _html_table(*self._cells(), caption=caption)

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_distribution, self)


def _card_job(spot: _Spot, exact: bool, samples: int, seed: int) -> _CardJob:
    players: list[bytes | None] = []
    weights: list[tuple[int, ...] | None] = []
    for p in spot.players:
        if isinstance(p, Range):
            players.append(np.ascontiguousarray(p.hands).tobytes())
            uniform = bool(np.all(p.weights == p.weights[0]))
            weights.append(None if uniform else tuple(p.cumulative_weights().tolist()))
        else:
            players.append(None if p is None else bytes(p))
            weights.append(None)
    return _CardJob(tuple(players), tuple(weights), spot.hole_size, bytes(spot.board), bytes(spot.dead), exact,
                    samples, seed)


def _card_probabilities(spot: _Spot, cards: list[int], counts: npt.NDArray[np.int64], exact: bool) -> npt.NDArray[np.float64]:
    """Weight of each next card: the weight of the deals it fits."""
    if exact:
        w = counts[:, 0].astype(np.float64)  # every card has the same number of runouts
    else:
        ranges = [p for p in spot.players if isinstance(p, Range)]
        if len(ranges) == 1:  # exact: the range's weight on the hands without the card
            r = ranges[0]
            hands, hw = r.hands, r.weights.astype(np.float64)
            w = np.array([hw[~np.any(hands == c, axis=1)].sum() for c in cards])
        elif not ranges:
            w = np.ones(len(cards))
        else:  # the kernels' acceptance rate estimates it
            w = counts[:, 0] / np.maximum(counts[:, 2], 1)
    total = w.sum()
    if total <= 0:
        raise ValueError("no deal fits: every combination of the players' hands shares a card")
    return np.asarray(w / total, dtype=np.float64)


def next_street(players: Sequence[HandOrRandom | Range], board: CardsLike, dead: CardsLike = (),
                **equity_options: Any) -> NextStreet:
    """Each player's equity after every unseen next card (the turn from a
    flop, the river from a turn), and their distribution.

    Exact (by default when :func:`omaha8_fast.equity` would be): each card's
    counts are enumerated, and the mean is their weighted sum, equal to
    ``equity()`` on this board. Monte Carlo: ``samples`` deals in all, split
    evenly over the cards; each card's weight is computed exactly for at most
    one range, else estimated from the kernels' acceptance rate.

    >>> ns = next_street(["As 2s 5d Kc", "Qh Qd Jc Tc"], "Qs 7h 4d 3c")
    >>> len(ns.cards), ns.street, round(float(ns.weights.sum()), 12)
    (40, 'river', 1.0)
    """
    options = _options(**equity_options)
    spot = _parse_spot(players, board, dead)
    if len(spot.board) not in (3, 4):
        raise ValueError(f"next_street needs a flop or a turn (3 or 4 board cards), got {len(spot.board)}")
    deals = spot.deals(len(spot.board))
    fits = spot.deals(len(spot.board) + 1, weighted=True) * POT < 2**63  # each card's int64 counts
    exact = deals <= EXACT_LIMIT and fits if options.exact is None else options.exact
    if exact and (deals > EXACT_MAX or not fits):
        raise ValueError(f"{deals:,} weighted deals are too many to enumerate; use exact=False")
    cards = spot.unseen()
    per_card = max(1, -(-options.samples // len(cards)))
    job = _card_job(spot, exact, per_card, options.seed)
    work = deals if exact else per_card * len(cards)
    small = work * len(spot.players) < _SMALL
    tasks = [(job, chunk) for chunk, _ in _split(bytes(cards), 1, 1 if small else _CHUNKS)]
    counts = _counts_array(_run(tasks, _count_cards, options, small), _COUNT_FIELDS)
    weights = _card_probabilities(spot, cards, counts, exact)
    possible = (weights > 0) & (counts[:, 0] > 0)  # cards no deal fits never come
    cards, counts = [c for c, ok in zip(cards, possible) if ok], counts[possible]
    weights = weights[possible] / weights[possible].sum()
    n = len(spot.players)
    holes = tuple(p if isinstance(p, tuple) else None for p in spot.players)
    showdowns = counts[:, 0].astype(np.float64)
    share = counts[:, 3:3 + 7 * n:7].astype(np.float64)  # exact in float64: below 2**53
    equities = share / POT / showdowns[:, None]  # the same float operations as equity()
    if exact:
        total = sum(map(int, counts[:, 0]))  # Python ints: the sums may pass 2**63
        mean = tuple(sum(map(int, counts[:, 3 + 7 * p])) / POT / total for p in range(n))
        errors = (0.0,) * n
    else:
        share_sq = counts[:, 4:4 + 7 * n:7].astype(np.float64)
        variance = (share_sq / POT**2 - showdowns[:, None] * equities**2) / np.maximum(showdowns - 1, 1)[:, None]
        card_errors = np.sqrt(np.maximum(variance, 0.0) / showdowns[:, None])
        mean = tuple(float(np.dot(weights, equities[:, p])) for p in range(n))
        errors = tuple(float(np.sqrt(np.sum((weights * card_errors[:, p]) ** 2))) for p in range(n))
    return NextStreet(tuple(_player_name(p) for p in spot.players), tuple(Card(c) for c in spot.board),
                      tuple(Card(c) for c in cards), weights, equities, mean, errors, exact, counts, holes)


# ---------------------------------------------------------------------------- range distribution


@dataclass(frozen=True, eq=False)
class Distribution:
    """Hero's equity against each hand of a range.

    ``hands``: the villain hands that fit (``(n, hole_size)`` card ids);
    ``weights``: their range weights; ``equities``: hero's equity against
    each (``std_errors``: Monte Carlo errors, 0.0 when exact); ``mean``:
    hero's equity against the whole range (the weighted mean, equal to
    ``equity([hero, range], board)`` when exact) and ``std_error``;
    ``counts``/``edges``: the weighted histogram (weights summing to 1) with
    ``bins`` bins over 0..1; ``quantiles`` at :data:`QUANTILE_LEVELS`.
    """

    hero: tuple[Card, ...]
    villain: str
    board: tuple[Card, ...]
    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    equities: npt.NDArray[np.float64]
    std_errors: npt.NDArray[np.float64]
    mean: float
    std_error: float
    exact: bool
    bins: int
    ahead: float
    behind: float
    splitting: float
    counts: npt.NDArray[np.float64] = field(repr=False)
    edges: npt.NDArray[np.float64] = field(repr=False)

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def quantiles(self) -> tuple[float, ...]:
        return _weighted_quantiles(self.equities, self.weights, QUANTILE_LEVELS)

    def histogram(self, bins: int = 20) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """``(weights, edges)`` with another number of bins."""
        return _histogram(self.equities, self.weights / self.weights.sum(), bins)

    def _ranked(self, k: int, reverse: bool) -> list[tuple[str, float]]:
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(f"k must be an int >= 0, got {k!r}")
        order = np.argsort(self.equities if not reverse else -self.equities, kind="stable")[:k]
        return [(format_cards(self.hands[i].tolist()), float(self.equities[i])) for i in order]

    def best(self, k: int = 5) -> list[tuple[str, float]]:
        """The ``k`` villain hands hero does worst against, with hero's equity."""
        return self._ranked(k, reverse=False)

    def worst(self, k: int = 5) -> list[tuple[str, float]]:
        """The ``k`` villain hands hero does best against, with hero's equity."""
        return self._ranked(k, reverse=True)

    def to_dict(self) -> dict[str, Any]:
        return {"hero": format_cards(self.hero), "villain": self.villain, "board": format_cards(self.board),
                "hands": len(self), "exact": self.exact, "mean": self.mean, "std_error": self.std_error,
                "ahead": self.ahead, "behind": self.behind, "splitting": self.splitting,
                "quantile_levels": list(QUANTILE_LEVELS), "quantiles": list(self.quantiles),
                "edges": self.edges.tolist(), "counts": self.counts.tolist(),
                "best_villain_hands": self.best(), "worst_villain_hands": self.worst()}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Equity", "Share of range"]
        rows = [[f"{lo:.0%}-{hi:.0%}", f"{c:.2%}"] for lo, hi, c in zip(self.edges, self.edges[1:], self.counts)]
        return header, rows

    def table(self) -> str:
        """A text summary and the histogram as a table."""
        q = ", ".join(f"{int(level * 100)}%: {v:.1%}" for level, v in zip(QUANTILE_LEVELS, self.quantiles))
        err = "" if self.exact else f" ±{self.std_error:.2%}"
        lines = [f"{format_cards(self.hero)} vs {self.villain} on {format_cards(self.board) or 'no board'}: "
                 f"{len(self)} hands, equity {self.mean:.2%}{err}",
                 f"ahead of {self.ahead:.1%}, splitting with {self.splitting:.1%}, behind {self.behind:.1%}",
                 f"quantiles {q}", _text_table(*self._cells())]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        caption = f"{format_cards(self.hero)} vs {self.villain}: equity {self.mean:.2%}"
        return _html_image(self._repr_png_()) + _html_table(*self._cells(), caption=caption)

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_distribution, self)


def range_distribution(hero: CardsLike, villain_range: Range | str, board: CardsLike = (), dead: CardsLike = (),
                       bins: int = 20, **equity_options: Any) -> Distribution:
    """Hero's equity against each hand of ``villain_range``, weighted by the
    range's weights (hands holding a known card left out).

    Exact per villain hand on a flop, turn or river, and preflop when the
    range has at most 2 hands (``exact=True`` forces it, ``exact=False``
    samples); Monte Carlo takes ``samples`` deals in all (at least 100 per
    hand), each hand its own seeded stream. "Ahead" is equity above one half,
    "splitting" exactly one half.

    >>> d = range_distribution("As 2s 5d Kc", "AA", "Qs 7h 4d 3c 9s")
    >>> d.exact, round(d.ahead + d.behind + d.splitting, 12), round(float(d.counts.sum()), 12)
    (True, 1.0, 1.0)
    """
    options = _options(**equity_options)
    hero_ids = card_ids(hero)
    if len(hero_ids) not in (4, 5, 6):
        raise ValueError(f"hero: a hole has 4, 5 or 6 cards, got {len(hero_ids)}")
    if not _is_range(villain_range) and not isinstance(villain_range, str):
        raise TypeError(f"villain_range must be a Range or range text, not {type(villain_range).__name__}")
    villain = villain_range if isinstance(villain_range, Range) else Range(villain_range, hole_size=len(hero_ids))
    spot = _parse_spot([hero_ids, villain], board, dead)
    r = spot.players[1]
    assert isinstance(r, Range)
    hero_t = tuple(hero_ids)
    hands = np.ascontiguousarray(r.hands, dtype=np.uint8)
    n = len(hands)
    runouts = spot.deals(len(spot.board)) // n
    exact = (len(spot.board) >= 3 or n * runouts <= EXACT_LIMIT) if options.exact is None else options.exact
    if exact and n * runouts > EXACT_MAX:
        raise ValueError(f"{n * runouts:,} deals are too many to enumerate; use exact=False")
    per_hand = max(100, -(-options.samples // n))
    job = _DuelJob(bytes(hero_t), spot.hole_size, bytes(spot.board), bytes(spot.dead), exact, per_hand, options.seed)
    small = (runouts if exact else per_hand) * n < _SMALL
    tasks = [(job, chunk, first) for chunk, first in _split(hands.tobytes(), spot.hole_size, 1 if small else _CHUNKS)]
    counts = _counts_array(_run(tasks, _count_duels, options, small), _DUEL_FIELDS)
    showdowns, share, share_sq = counts[:, 0], counts[:, 2], counts[:, 3]
    w = r.weights.astype(np.int64)
    equities = share / POT / showdowns
    if exact:
        total_share = sum(int(a) * int(b) for a, b in zip(w, share))
        total = sum(int(a) * int(b) for a, b in zip(w, showdowns))
        mean, std_error = total_share / POT / total, 0.0
        errors = np.zeros(n)
        ahead_mask, split_mask = 2 * share > POT * showdowns, 2 * share == POT * showdowns
    else:
        variance = (share_sq / POT**2 - showdowns * equities**2) / np.maximum(showdowns - 1, 1)
        errors = np.sqrt(np.maximum(variance, 0.0) / showdowns)
        p = w / w.sum()
        mean, std_error = float(np.dot(p, equities)), float(np.sqrt(np.sum((p * errors) ** 2)))
        ahead_mask, split_mask = equities > 0.5, equities == 0.5
    p = (w / w.sum()).astype(np.float64)
    counts_h, edges = _histogram(equities, p, bins)
    ahead, splitting = float(p[ahead_mask].sum()), float(p[split_mask].sum())
    return Distribution(tuple(Card(c) for c in hero_t), r.text, tuple(Card(c) for c in spot.board), hands,
                        w.astype(np.float64), equities.astype(np.float64), errors.astype(np.float64), mean, std_error,
                        exact, bins, ahead, max(0.0, 1.0 - ahead - splitting), splitting, counts_h, edges)


# ---------------------------------------------------------------------------- outs


@dataclass(frozen=True)
class CardOutcome:
    """The hand after one more card, evaluated as it stands and settled by
    the showdown rule (:func:`omaha8_fast.showdown`, a pot of 5040 units):
    the winners of each half (player indices; ``low_winners`` empty when
    nobody has a low), each player's units of the high half (the whole pot
    without a low) and of the low half, their ``high`` class and ``low``
    number (0: no low), and each player's share of the pot (``shares``)."""

    card: Card
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_units: tuple[int, ...]
    low_units: tuple[int, ...]
    high: tuple[int, ...]
    low: tuple[int, ...]

    @property
    def units(self) -> tuple[int, ...]:
        """Each player's units of the pot of 5040."""
        return tuple(a + b for a, b in zip(self.high_units, self.low_units))

    @property
    def shares(self) -> tuple[float, ...]:
        return tuple(u / POT for u in self.units)

    @property
    def scoop(self) -> int | None:
        """The player who takes the whole pot alone, if any."""
        if len(self.high_winners) == 1 and self.low_winners in ((), self.high_winners):
            return self.high_winners[0]
        return None


@dataclass(frozen=True)
class OutsSummary:
    """One player's outs: the cards after which they win (alone) or tie each
    half, and scoop. A tied half is counted in ``*_tie``, not ``*_win``."""

    player: int
    high_win: tuple[Card, ...]
    high_tie: tuple[Card, ...]
    low_win: tuple[Card, ...]
    low_tie: tuple[Card, ...]
    scoop: tuple[Card, ...]

    @property
    def high_win_count(self) -> int:
        return len(self.high_win)

    @property
    def low_win_count(self) -> int:
        return len(self.low_win)

    @property
    def scoop_count(self) -> int:
        return len(self.scoop)

    @property
    def high_count(self) -> int:
        """Outs to win or tie the high."""
        return len(self.high_win) + len(self.high_tie)

    @property
    def low_count(self) -> int:
        """Outs to win or tie the low."""
        return len(self.low_win) + len(self.low_tie)


class Outs(Mapping[Card, CardOutcome]):
    """For each unseen card of the next street, a :class:`CardOutcome`;
    ``summary[p]`` the :class:`OutsSummary` of player ``p``; ``equity[p]``
    the mean share over the cards (the equity when the card is the river)."""

    def __init__(self, names: Sequence[str], board: tuple[Card, ...], outcomes: Sequence[CardOutcome]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.board: tuple[Card, ...] = board
        self._by_card = {o.card: o for o in outcomes}
        n = len(names)
        self.summary: tuple[OutsSummary, ...] = tuple(OutsSummary(
            p,
            tuple(o.card for o in outcomes if o.high_winners == (p,)),
            tuple(o.card for o in outcomes if p in o.high_winners and len(o.high_winners) > 1),
            tuple(o.card for o in outcomes if o.low_winners == (p,)),
            tuple(o.card for o in outcomes if p in o.low_winners and len(o.low_winners) > 1),
            tuple(o.card for o in outcomes if o.scoop == p)) for p in range(n))
        self.equity: tuple[float, ...] = tuple(sum(o.units[p] for o in outcomes) / POT / len(outcomes) for p in range(n))

    def __getitem__(self, card: Card | int | str) -> CardOutcome:
        return self._by_card[Card(card)]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_card)

    def __len__(self) -> int:
        return len(self._by_card)

    def to_dict(self) -> dict[str, Any]:
        return {"board": format_cards(self.board), "players": list(self.names), "equity": list(self.equity),
                "cards": [{"card": str(o.card), "high_winners": list(o.high_winners),
                           "low_winners": list(o.low_winners), "shares": list(o.shares)} for o in self.values()],
                "summary": [{"player": self.names[s.player], "high_win": [str(c) for c in s.high_win],
                             "high_tie": [str(c) for c in s.high_tie], "low_win": [str(c) for c in s.low_win],
                             "low_tie": [str(c) for c in s.low_tie], "scoop": [str(c) for c in s.scoop]}
                            for s in self.summary]}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Player", "High win", "High tie", "Low win", "Low tie", "Scoop", "Equity"]
        rows = [[self.names[s.player], str(len(s.high_win)), str(len(s.high_tie)), str(len(s.low_win)),
                 str(len(s.low_tie)), str(len(s.scoop)), f"{self.equity[s.player]:.2%}"] for s in self.summary]
        return header, rows

    def table(self) -> str:
        """Per player: the number of outs to win or tie each half and to scoop."""
        return _text_table(*self._cells()) + f"\n({len(self)} unseen cards after {format_cards(self.board)})"

    def _repr_html_(self) -> str:
        caption = f"Outs after {format_cards(self.board)} ({len(self)} cards)"
        return _html_table(*self._cells(), caption=caption) + _html_image(self._repr_png_())

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_outs, self)


def outs(players: Sequence[CardsLike], board: CardsLike, dead: CardsLike = ()) -> Outs:
    """For every unseen next card, the hand evaluated on the board plus that
    card: who wins the high, who the low, who scoops. Known hands only;
    a flop or a turn. From a turn the mean share is each player's equity.

    >>> o = outs(["As 2s 5d Kc", "Qh Qd Jc Tc"], "Qs 7h 4d 9s")
    >>> o["3c"].low_winners, o["3c"].high_winners, o["3c"].shares
    ((0,), (1,), (0.5, 0.5))
    """
    spot = _parse_spot(players, board, dead)
    if not spot.all_known():
        raise ValueError("outs needs every player's hand known (no ranges or random hands)")
    if len(spot.board) not in (3, 4):
        raise ValueError(f"outs needs a flop or a turn (3 or 4 board cards), got {len(spot.board)}")
    holes = [p for p in spot.players if isinstance(p, tuple)]
    n, cards = len(holes), spot.unseen()
    hole_bytes = bytes(c for h in holes for c in h)
    pot = ffi.new("int64_t[]", [POT, (1 << n) - 1])  # one pot of 5040 units, every player eligible
    payouts, detail = ffi.new("int64_t[]", n), ffi.new("int64_t[]", 2 * n)
    high, low = ffi.new("uint16_t[]", n), ffi.new("int32_t[]", n)
    outcomes = []
    for c in cards:
        board_c = bytes(spot.board) + bytes([c])
        code = lib.o8_showdown(board_c, len(board_c), hole_bytes, spot.hole_size, n, (1 << n) - 1, 0, pot, 1,
                               payouts, detail, high, low)
        if code:
            raise ValueError("invalid cards")
        high_part, low_part = list(detail[0:n]), list(detail[n:2 * n])  # -1: not a winner of that half
        outcomes.append(CardOutcome(Card(c), tuple(p for p in range(n) if high_part[p] >= 0),
                                    tuple(p for p in range(n) if low_part[p] >= 0),
                                    tuple(max(u, 0) for u in high_part), tuple(max(u, 0) for u in low_part),
                                    tuple(high[0:n]), tuple(low[0:n])))
    return Outs([_player_name(p) for p in spot.players], tuple(Card(c) for c in spot.board), outcomes)


# ---------------------------------------------------------------------------- low odds


@dataclass(frozen=True)
class LowOdds:
    """Low odds over every runout of the cards no known hand holds.

    ``low_board``: the probability that the board allows a low by the river
    (three different ranks A-8). Per player: ``makes_low`` (a qualifying
    low on the river), ``nut_low`` (the best low any two cards outside the
    board could make), ``counterfeited`` (a card still to come pairs one of
    the player's two key low cards, the two lowest different low ranks of the
    hole; 0 when the hole has fewer than two). ``runouts`` counted.
    """

    names: tuple[str, ...]
    board: tuple[Card, ...]
    runouts: int
    low_board: float
    makes_low: tuple[float, ...]
    nut_low: tuple[float, ...]
    counterfeited: tuple[float, ...]

    def table(self) -> str:
        header = ["Player", "Makes low", "Nut low", "Counterfeited"]
        rows = [[n, f"{a:.2%}", f"{b:.2%}", f"{c:.2%}"]
                for n, a, b, c in zip(self.names, self.makes_low, self.nut_low, self.counterfeited)]
        return _text_table(header, rows) + f"\nA low board by the river: {self.low_board:.2%}"


def low_odds(players: Sequence[CardsLike], board: CardsLike = (), dead: CardsLike = ()) -> LowOdds:
    """The low odds of 1 to 9 known hands from this board to the river,
    enumerated exactly in C.

    >>> lo = low_odds(["As 2s 5d Kc"], "Qs 7h 4d")
    >>> round(lo.low_board, 4), lo.makes_low[0] == lo.low_board, lo.runouts
    (0.7212, True, 990)
    """
    spot = _parse_spot(players, board, dead, min_players=1)
    if not spot.all_known():
        raise ValueError("low_odds needs known hands (no ranges or random hands)")
    holes = [p for p in spot.players if isinstance(p, tuple)]
    if math.comb(52 - len(spot.known), 5 - len(spot.board)) > 3_000_000:
        raise ValueError("too many runouts to enumerate")
    out = ffi.new("o8a_low_counts *")
    code = lib.o8a_low_odds(bytes(c for h in holes for c in h), len(holes), spot.hole_size, bytes(spot.board),
                            len(spot.board), bytes(spot.dead), len(spot.dead), out)
    if code:
        raise ValueError("invalid cards")
    total = out.runouts
    n = len(holes)
    return LowOdds(tuple(_player_name(p) for p in spot.players), tuple(Card(c) for c in spot.board), total,
                   out.low_board / total, tuple(out.makes_low[p] / total for p in range(n)),
                   tuple(out.nut_low[p] / total for p in range(n)), tuple(out.counterfeited[p] / total for p in range(n)))
