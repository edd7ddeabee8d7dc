"""Running a query: the spot, the plan (exact or Monte Carlo), the chunks."""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from ..cards import card_ids
from ..equity._players import Spot, read_spot, runout_count
from ..ranges import Range, RangeSyntaxError
from ._compile import Compiled, compile_expression, truth
from ._deals import CHUNK, exact_deals, monte_carlo_deals
from ._functions import HAND_TYPES, POT, Deals, Expired
from ._outcomes import count_outcomes, outcome_plan
from ._parser import Node, PQLSyntaxError, Query, parse
from ._result import PQLResult

__all__ = ["run", "DEFAULT_TRIALS", "EXACT_LIMIT", "GAMES", "read_players", "Progress"]

#: Monte Carlo trials when none are asked for (as ProPokerTools did).
DEFAULT_TRIALS = 600_000
#: The most deals ``exact=True`` enumerates.
EXACT_LIMIT = 20_000_000
#: Games and their hole sizes.
GAMES = {"omaha8": 4, "omahahilo": 4, "omaha85": 5, "omaha8-5": 5, "omaha86": 6, "omaha8-6": 6}
_RESERVED = {"game", "syntax", "board", "dead"}
Progress = Callable[[int, int], None]


def _item_error(query: Query, key: str, message: str) -> PQLSyntaxError:
    pos = query.text.lower().find(key)
    pos = max(pos, 0)
    line = query.text.count("\n", 0, pos) + 1
    return PQLSyntaxError(message, line, pos - (query.text.rfind("\n", 0, pos) + 1) + 1, key)


def read_players(query: Query) -> tuple[list[str], Spot]:
    """The query's players (names, in order) and its spot."""
    items = dict(query.items)
    game = items.get("game", "omaha8").lower().replace(" ", "")
    if game not in GAMES:
        raise _item_error(query, "game", f"game {items.get('game')!r} is not supported; this library "
                                         f"answers {', '.join(sorted(GAMES))}")
    syntax = items.get("syntax", "generic").lower()
    if syntax != "generic":
        raise _item_error(query, "syntax", f"syntax {items.get('syntax')!r} is not supported (only 'Generic')")
    names = [k for k in items if k not in _RESERVED]
    hs = _hole_size(game, [items[n] for n in names])
    if len(names) < 1:
        raise _item_error(query, "from", "the query names no player (e.g. hero='A2**')")
    if len(names) > 9:
        raise _item_error(query, "from", f"at most 9 players, got {len(names)}")
    players: list[Any] = []
    for name in names:
        text = items[name].strip()
        if text in ("", "*") or text.lower() == "random" or text == "*" * hs:
            players.append(None)
            continue
        try:
            ids = card_ids(text)
        except ValueError:
            ids = None
        if ids is not None and len(ids) == hs:
            players.append(text)
            continue
        try:
            players.append(Range(text, hole_size=hs))
        except RangeSyntaxError as error:
            raise ValueError(f"player {name}: invalid range {text!r}: {error}") from None
    board, dead = items.get("board", ""), items.get("dead", "")
    if len(players) == 1:
        raise ValueError("a query needs at least two players (add villain='*')")
    try:
        spot = read_spot(players, board=board, dead=dead)
        if all(p is None for p in players) and spot.hole_size != hs:
            spot = _random_spot(spot, hs)
    except ValueError as error:
        raise ValueError(f"{error} (players: {', '.join(names)})") from None
    if spot.hole_size != hs:
        raise ValueError(f"game {game!r} has {hs}-card holes, but the hands have {spot.hole_size}")
    return names, spot


def _random_spot(spot: Spot, hole_size: int) -> Spot:
    """A spot of random players only, with the game's ``hole_size`` (read_spot
    reads holes of 4 cards when no hand or range says otherwise)."""
    n = len(spot.players)
    left = 52 - len(spot.board) - len(spot.dead)
    if left < n * hole_size + 5 - len(spot.board):
        raise ValueError(f"not enough cards: {n} players with {hole_size}-card holes, {len(spot.board)} board "
                         f"and {len(spot.dead)} dead cards need {n * hole_size + 5 + len(spot.dead)} cards of 52")
    deals = runout_count(n, hole_size, left, 5 - len(spot.board))
    return dataclasses.replace(spot, hole_size=hole_size, deals=deals, total_weight=deals)


def _hole_size(game: str, texts: list[str]) -> int:
    """The game's hole size; 'omaha8' also takes 5- and 6-card hands when
    every hand written as cards has that many."""
    sizes = set()
    for text in texts:
        try:
            sizes.add(len(card_ids(text)))
        except ValueError:
            continue
    if GAMES[game] == 4 and len(sizes) == 1 and sizes <= {5, 6}:
        return sizes.pop()
    return GAMES[game]


def _int_sum(values: np.ndarray, w: np.ndarray | None) -> int:
    """The exact (weighted) sum of integer values: in int64 while no partial
    sum can leave it, else in Python ints."""
    ints = values.astype(np.int64)
    if not len(ints):
        return 0
    bound = int(np.abs(ints).max()) * (len(ints) if w is None else int(w.sum()))
    if bound < 2 ** 63:
        return int(ints.sum() if w is None else np.dot(ints, w))
    big = ints.astype(object)
    return int(big.sum() if w is None else np.dot(big, w.astype(object)))


class _Selector:
    def __init__(self, kind: str, name: str, fn: Compiled) -> None:
        self.kind, self.name, self.fn = kind, name, fn
        self.total: Any = 0
        self.exact_sum: int = 0
        self.tag = ""
        self.hist: dict[Any, int] = {}
        self.extreme: Any = None

    def add(self, computed: tuple[Any, str], w: np.ndarray | None) -> None:
        values, tag = computed
        self.tag = tag
        values = np.asarray(values)
        if self.kind in ("avg", "count"):
            if tag == "frac" or tag in ("bool", "handtype") or values.dtype.kind in "iub":
                self.exact_sum += _int_sum(values, w)
            else:
                if tag == "str":
                    raise ValueError(f"{self.kind}() of text values: use histogram()")
                self.total += float(values.sum() if w is None else np.dot(values, w))
        elif self.kind == "histogram":
            if values.dtype.kind in "iub" and len(values) and 0 <= values.min() and values.max() < 1 << 16:
                counts = np.bincount(values.ravel().astype(np.int64), weights=w)  # small integers: no sort
                for k in np.flatnonzero(counts).tolist():
                    self.hist[k] = self.hist.get(k, 0) + int(counts[k])
                return
            keys, inverse = np.unique(values, return_inverse=True)
            sums = np.bincount(inverse.ravel(), weights=None if w is None else w, minlength=len(keys))
            for k, s in zip(keys.tolist(), sums.tolist()):
                self.hist[k] = self.hist.get(k, 0) + int(s)
        else:
            if tag == "str":
                raise ValueError(f"{self.kind}() of text values: use histogram()")
            if len(values):
                v = values.max() if self.kind == "max" else values.min()
                v = v.item()
                if self.extreme is None or (v > self.extreme if self.kind == "max" else v < self.extreme):
                    self.extreme = v

    def value(self, trials: int) -> Any:
        if self.kind in ("avg", "count"):
            if self.tag == "frac":
                return Fraction(self.exact_sum, trials * 5040)
            if self.kind == "count" and self.tag not in ("bool",):
                raise ValueError(f"count() needs a condition (true/false), got a {self.tag} value")
            return (self.exact_sum + self.total) / trials
        if self.kind == "histogram":
            out = {}
            for k in sorted(self.hist):
                key = k
                if self.tag == "handtype":
                    key = HAND_TYPES[int(k)]
                elif self.tag == "bool":
                    key = bool(k)
                elif self.tag == "frac":
                    key = Fraction(int(k), 5040)
                out[key] = self.hist[k] / trials
            return out
        if self.tag == "frac" and self.extreme is not None:
            return Fraction(int(self.extreme), 5040)
        if self.tag == "handtype" and self.extreme is not None:
            return HAND_TYPES[int(self.extreme)]
        return self.extreme


def _check_options(trials: Any, seed: Any, exact: Any, timeout: Any) -> None:
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise ValueError(f"trials must be a positive int, not {trials!r}")
    if trials is not None and trials > 10 ** 11:
        raise ValueError("trials must be at most 10**11")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64):
        raise ValueError(f"seed must be an int 0..2**64-1, not {seed!r}")
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0):
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")


def run(query: str, *, trials: int | None = None, seed: int | None = None, exact: bool | None = None,
        timeout: float | None = None, progress: bool | Progress = False) -> PQLResult:
    """Run a PQL query (docs/pql.md) and return its :class:`PQLResult`.

    ``exact=True`` enumerates every deal (``ValueError`` beyond
    :data:`EXACT_LIMIT` deals); ``False`` samples ``trials`` deals
    (default :data:`DEFAULT_TRIALS`) from ``seed`` (random when None; the
    result says which); ``None`` enumerates when the spot has at most as
    many deals as would be sampled. ``timeout`` (seconds) stops Monte Carlo
    early (``timed_out``) and makes exact enumeration raise ``TimeoutError``.
    ``progress``: True prints to stderr, or a callable ``(done, total)``.

    >>> r = run("select avg(riverEquity(hero)) as eq, count(scoops(hero)) as scoop "
    ...         "from game='omaha8', hero='As2s3d4d', villain='KhKd9c8c', board='Ks7h5s2c'")
    >>> r.exact, r.trials, round(r["eq"], 4), round(r["scoop"], 4)
    (True, 40, 0.6875, 0.375)
    """
    started = time.monotonic()
    _check_options(trials, seed, exact, timeout)
    deadline = None if timeout is None else started + timeout
    parsed = parse(query)
    names, spot = read_players(parsed)
    index = {n.lower(): i for i, n in enumerate(names)}
    selectors = [_Selector(s.kind, s.name, compile_expression(query, s.expr, index)) for s in parsed.selectors]
    where = None if parsed.where is None else compile_expression(query, parsed.where, index)
    _check_types(selectors, Deals(np.zeros((0, len(names) * spot.hole_size + 5), dtype=np.uint8), len(names),
                                  spot.hole_size, 5, spot.dead))
    n_samples = DEFAULT_TRIALS if trials is None else trials
    if exact is True and spot.deals > EXACT_LIMIT:
        raise ValueError(f"exact enumeration would walk {spot.deals:,} deals, more than the limit of "
                         f"{EXACT_LIMIT:,}: use exact=False (Monte Carlo) or narrow the spot")
    fits = spot.total_weight * POT < 2 ** 63  # deal weights (and the kernels' counts) stay in int64
    if exact is True and not fits:
        raise ValueError("the players' weights are too large for exact counts in 64 bits; "
                         "use smaller weights or exact=False")
    use_exact = exact if exact is not None else (spot.deals <= min(n_samples, EXACT_LIMIT) and fits)
    if not use_exact and seed is None:
        seed = int.from_bytes(os.urandom(8), "little")

    def check() -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise Expired()
    total_hint = spot.deals if use_exact else n_samples
    report = _progress(progress)
    trials_w = deals_seen = 0
    timed_out = False
    step = CHUNK if deadline is None else 16  # then slices sized to about 0.1 s each
    memo: dict[Any, Any] = {}
    plan = outcome_plan(parsed, index, spot)
    showdown = _has_showdown(parsed)
    try:
        check()
        if plan is not None:  # outcomes only: counted in C, no rows
            values, hits, trials_w, deals_seen, timed_out = count_outcomes(
                spot, plan, use_exact, n_samples, seed or 0, deadline, report)
            return PQLResult(data=values, kinds={s.name: s.kind for s in selectors}, trials=trials_w,
                             deals=deals_seen, exact=use_exact, seed=None if use_exact else seed, hits=hits,
                             timed_out=timed_out, query=query)
        chunks = exact_deals(spot, check) if use_exact else monte_carlo_deals(spot, n_samples, seed or 0)
        for rows, weights in chunks:
            for lo in range(0, len(rows), step):
                check()
                t0 = time.monotonic()
                part = rows[lo:lo + step]
                d = Deals(part, len(names), spot.hole_size, 5, spot.dead, deadline=deadline, memo=memo,
                          showdown=showdown)
                w = None if weights is None else weights[lo:lo + step]
                if where is not None:
                    keep_values, tag = where(d)
                    keep = np.asarray(truth(keep_values, tag), dtype=bool)
                    d = d.take(keep)
                    w = None if w is None else w[keep]
                computed = [s.fn(d) for s in selectors]  # all first: the deadline may cut the slice
                for s, c in zip(selectors, computed):
                    s.add(c, w)
                deals_seen += len(part)
                trials_w += d.n if w is None else int(w.sum())
                if deadline is not None:
                    spent = max(time.monotonic() - t0, 1e-9)
                    step = max(256, min(CHUNK, int(len(part) * 0.1 / spent)))
                if report is not None:
                    report(deals_seen, total_hint)
    except Expired:
        if use_exact or not deals_seen:
            what = "exact enumeration" if use_exact else "Monte Carlo"
            raise TimeoutError(f"{what} stopped by the timeout of {timeout} s after {deals_seen:,} of "
                               f"{total_hint:,} deals" + ("; use exact=False" if use_exact else "")) from None
        timed_out = True
    if trials_w == 0:
        how = "of the deals" if use_exact else f"of the {deals_seen:,} sampled deals"
        raise ValueError(f"no deal satisfies the where clause (none {how})")
    values = {s.name: s.value(trials_w) for s in selectors}
    hits = {s.name: s.exact_sum for s in selectors if s.kind == "count"}
    return PQLResult(data=values, kinds={s.name: s.kind for s in selectors}, trials=trials_w, deals=deals_seen,
                     exact=use_exact, seed=None if use_exact else seed, hits=hits, timed_out=timed_out, query=query)


#: Functions that settle the river among every player (their queries
#: evaluate every player on the river).
_SHOWDOWN = frozenset({"equity", "riverequity", "fractionalriverequity", "winshi", "tieshi", "winslo", "tieslo",
                       "scoops"})


def _has_showdown(query: Query) -> bool:
    """Whether the query calls a river showdown function anywhere."""
    todo: list[Node] = [s.expr for s in query.selectors] + ([] if query.where is None else [query.where])
    while todo:
        node = todo.pop()
        if node.kind in ("call", "name") and str(node.value).lower() in _SHOWDOWN:
            return True
        todo.extend(a for a in node.args if isinstance(a, Node))
    return False


def _check_types(selectors: list[_Selector], empty: Deals) -> None:
    """Refuse, before any deal, a selector whose value does not fit it."""
    for s in selectors:
        _, tag = s.fn(empty)
        if s.kind == "count" and tag != "bool":
            raise ValueError(f"{s.name}: count() needs a condition (true/false), not a {tag} value")
        if s.kind in ("avg", "max", "min") and tag == "str":
            raise ValueError(f"{s.name}: {s.kind}() of text values (boardRanks): use histogram()")


def _progress(progress: bool | Progress) -> Progress | None:
    if callable(progress):
        return progress
    if progress is True:
        def show(done: int, total: int) -> None:
            print(f"\rpql: {done:,} / {total:,} deals", end="" if done < total else "\n", file=sys.stderr)
        return show
    if progress is not False:
        raise TypeError(f"progress must be a bool or a callable, not {progress!r}")
    return None
