"""Queries of showdown outcomes only, counted by the equity kernels in C.

A query whose every selector is ``avg`` or ``count`` of a river outcome of a
player (``riverEquity``, ``fractionalRiverEquity``, ``winsHi``, ``tiesHi``,
``winsLo``, ``tiesLo``, ``scoops``), with no ``where`` clause, needs no row of deals in Python: the equity kernels
(``o8_equity_exact_cancel``, ``o8_equity_monte_carlo_cancel``) count the
same deals (Monte Carlo: chunk ``k`` of :data:`~._deals.CHUNK` deals from
stream ``k`` of the seed, the deals ``o8_equity_deals`` gives the general
path) and sum each player's pot units and outcomes in integers, so the
values are those of the general path, computed without it. The calls run
without the GIL and stop on a cancel flag set at the deadline.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .._core import ffi, lib
from ..equity import range_structs
from ..equity._players import Spot
from ._deals import CHUNK
from ._functions import POT, Expired
from ._parser import Node, Query

__all__ = ["Outcome", "outcome_plan", "count_outcomes"]

#: PQL function -> (the o8_player_counts field, the value's type).
_FIELDS = {"riverequity": ("share", "num"), "fractionalriverequity": ("share", "frac"),
           "winshi": ("high_win", "bool"), "tieshi": ("high_tie", "bool"), "winslo": ("low_win", "bool"),
           "tieslo": ("low_tie", "bool"), "scoops": ("scoop", "bool")}
#: Exact enumeration is cut into this many parts at most (the deadline and
#: progress are looked at between parts; the cancel flag within them).
_PARTS = 64


@dataclass(frozen=True)
class Outcome:
    """One selector: its name and kind (avg/count), the counts field it
    sums, the value's type and the player's index."""

    name: str
    kind: str
    field: str
    tag: str
    player: int


def _outcome(node: Node, players: dict[str, int]) -> tuple[str, str, int] | None:
    if node.kind != "call" or str(node.value).lower() not in _FIELDS or not 1 <= len(node.args) <= 2:
        return None
    who = node.args[0]
    if who.kind != "name" or str(who.value).lower() not in players:
        return None
    if len(node.args) == 2 and (node.args[1].kind != "name" or str(node.args[1].value).lower() != "river"):
        return None
    field, tag = _FIELDS[str(node.value).lower()]
    return field, tag, players[str(who.value).lower()]


def outcome_plan(query: Query, players: dict[str, int], spot: Spot) -> list[Outcome] | None:
    """The selectors as outcome counts, or None when the query needs the
    general path (a where clause, another function or selector)."""
    if query.where is not None:
        return None
    plan = []
    for s in query.selectors:
        found = _outcome(s.expr, players) if s.kind in ("avg", "count") else None
        if found is None or (s.kind == "count" and found[1] != "bool"):
            return None
        plan.append(Outcome(s.name, s.kind, *found))
    return plan


class _Cancel:
    """An int32 flag the kernels read, set by a timer at the deadline."""

    def __init__(self, deadline: float | None) -> None:
        self.flag = ffi.new("int32_t *")
        self.timer: threading.Timer | None = None
        if deadline is not None:
            self.timer = threading.Timer(max(0.0, deadline - time.monotonic()), self.set)
            self.timer.daemon = True
            self.timer.start()

    def set(self) -> None:
        self.flag[0] = 1

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


def count_outcomes(spot: Spot, plan: list[Outcome], exact: bool, samples: int, seed: int,
                   deadline: float | None, report: Callable[[int, int], None] | None
                   ) -> tuple[dict[str, Any], dict[str, int], int, int, bool]:
    """The plan's values, the count selectors' hits, the trials (the deals'
    total weight), the deals and whether the deadline stopped Monte Carlo
    early (exact: :class:`Expired`). Monte Carlo draws hands by weight, so
    its deals weigh 1 each."""
    n = len(spot.players)
    structs, keep = range_structs(spot.players, spot.weights, spot.hole_size)
    args = (structs, n, spot.hole_size, spot.board, len(spot.board), spot.dead, len(spot.dead))
    totals = {(o.field, o.player): 0 for o in plan}
    counts = ffi.new("o8_equity_counts *")
    cancel = _Cancel(deadline)
    trials = deals = 0
    timed_out = False
    weighted = exact and any(w is not None for w in spot.weights)
    plain, keep_plain = range_structs(spot.players, (None,) * n, spot.hole_size) if weighted else (None, None)

    def add() -> None:
        for field, p in totals:
            totals[field, p] += int(getattr(counts.player[p], field))

    try:
        if exact:
            parts = max(1, min(_PARTS, spot.deals // CHUNK))
            for part in range(parts):
                if cancel.flag[0]:
                    raise Expired()
                code = lib.o8_equity_exact_cancel(*args, part, parts, cancel.flag, counts)
                if code == lib.O8_CANCELLED:
                    raise Expired()
                if code != 0:
                    raise ValueError("invalid spot: bad sizes, cards or weights")
                add()
                trials += int(counts.showdowns)
                if weighted:  # the deals themselves, each counted once
                    code = lib.o8_equity_exact_cancel(plain, *args[1:], part, parts, cancel.flag, counts)
                    if code == lib.O8_CANCELLED:
                        raise Expired()
                    if code != 0:
                        raise ValueError("invalid spot: bad sizes or cards")
                deals += int(counts.showdowns)
                if report is not None:
                    report(min(spot.deals, (part + 1) * spot.deals // parts), spot.deals)
        else:
            work = ffi.new("o8_equity_work *")
            for k in range(math.ceil(samples / CHUNK)):
                if cancel.flag[0]:
                    if not trials:
                        raise Expired()
                    timed_out = True
                    break
                size = min(CHUNK, samples - k * CHUNK)
                code = lib.o8_equity_monte_carlo_cancel(*args, size, seed, k, cancel.flag, work, counts)
                if code == lib.O8_CANCELLED:  # this chunk's counts are dropped: the deals are chunk-aligned
                    if not trials:
                        raise Expired()
                    timed_out = True
                    break
                if code == lib.O8_ERR_NO_DEAL:
                    raise ValueError("no deal fits: the players' ranges (almost) never fit together "
                                     "(a million random deals in a row failed)")
                if code != 0:
                    raise ValueError("invalid spot: bad sizes, cards or weights")
                add()
                trials += int(counts.showdowns)
                deals = trials
                if report is not None:
                    report(trials, samples)
    finally:
        cancel.close()
        del keep, keep_plain
    if not trials:
        raise ValueError("no deal fits: the players' hands and ranges never fit together")
    values: dict[str, Any] = {}
    hits: dict[str, int] = {}
    for o in plan:
        total = totals[o.field, o.player]
        if o.tag == "frac":
            values[o.name] = Fraction(total, trials * POT)
        elif o.tag == "num":
            values[o.name] = float(Fraction(total, trials * POT))
        else:
            values[o.name] = total / trials
        if o.kind == "count":
            hits[o.name] = total
    return values, hits, trials, deals, timed_out
