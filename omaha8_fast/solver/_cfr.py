"""Discounted CFR over a :class:`Spot`'s tree, vectorized over combos, with an
exact best-response pass for the exploitability.

Every value here is a counterfactual value of one player's combos: the chips
a combo wins (what it takes from the pot less what it put in since the spot
began), summed over the opponent's combos compatible with it, weighted by
the opponent's range weight times the probability of the opponent's actions
on the way. Showdowns call the C sweep (:class:`Table`), folds the C
compatible-weight sums; the turn's chance node sums its river cards and
divides by the 40 cards a pair of hands leaves (every combo that holds the
river card is dead in that card's subtree).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

import numpy as np
import numpy.typing as npt

from ._batch import ALPHA, BETA, GAMMA, Batch, at_chance, build, normalised, positive_regrets
from ._showdown import Scratch, Table
from ._spot import Node, Spot

__all__ = ["Solver", "Deadline", "next_step"]


class Deadline(Exception):
    """The solve's deadline passed inside an iteration."""

_F64 = npt.NDArray[np.float64]


def _mark(b: Batch, nid: int) -> None:
    if nid in b.ids:
        b.locked = True
    for child in b.children:
        _mark(child, nid)


def next_step(measured: list[tuple[int, float]], target: float) -> int:
    """Iterations until the next best-response pass, from the exploitability
    measured so far ((iteration, exploitability) pairs, the last one above
    the target). DCFR's exploitability falls as a power of the iteration
    count (about t^-2 on these spots): the last two measures give the power,
    the power gives the iteration where the target is met, and the next pass
    comes at four fifths of the way there (never more than doubling the count
    so far), so that the passes thin out far from the target and the solve
    stops within an iteration or two of where it first could. Without two
    falling measures, every quarter of the count so far (1 to 25)."""
    t, e = measured[-1]
    fallback = max(1, min(25, t // 4))
    if len(measured) < 2:
        return fallback
    s, es = measured[-2]
    if not (es > e > target > 0) or not math.isfinite(es):
        return fallback
    power = math.log(es / e) / math.log(t / s)
    growth = min(math.log(e / target) / power, math.log(3.0))  # log(predicted / t), bounded: no overflow
    return max(1, min(int(0.8 * t * (math.exp(growth) - 1.0)), t))


class Solver:
    """The regrets and strategy sums of a spot (DCFR with alpha 1.5, beta 0, gamma 2)."""

    def __init__(self, spot: Spot, locks: Optional[dict[int, tuple[npt.NDArray[np.bool_], _F64]]] = None,
                 threads: int = 1) -> None:
        self.spot: Spot = spot
        self.regrets: dict[int, _F64] = {}
        self.sums: dict[int, _F64] = {}
        turn = len(spot.board) == 4
        for node in spot.node_list:
            if node.kind == "act" and not (turn and node.river >= 0):  # the river subtrees: _batch's arrays
                assert node.player is not None
                shape = (len(spot.hands[node.player]), len(node.actions))
                self.regrets[node.id] = np.zeros(shape)
                self.sums[node.id] = np.zeros(shape)
        self.locks: dict[int, tuple[npt.NDArray[np.bool_], _F64]] = locks or {}
        # regret matching counts a regret as positive above this: a combo indifferent between actions has
        # regrets of rounding size, whose signs (which depend on the order of a sum: the threads) would
        # otherwise make it play one action or another outright
        self.noise: float = 1e-9 * spot.pot * float(max(spot.weights[0].sum(), spot.weights[1].sum()))
        self.tables: list[Table] = spot.tables()
        self.turn: Optional[Table] = spot._turn_table
        self.iterations: int = 0
        self.rivers_per_pair: int = 52 - len(spot.board) - 8 if len(spot.board) == 4 else 1
        self.pool: Optional[ThreadPoolExecutor] = ThreadPoolExecutor(threads) if threads > 1 else None
        most = max(len(spot.hands[0]), len(spot.hands[1]))
        self.scratches: list[Scratch] = [Scratch(most) for _ in range(threads)]  # one per thread: it stays in its cache
        self.deadline: float = float("inf")
        self.sigma: dict[object, _F64] = {}  # current strategies since their regrets last changed
        self.batches: dict[int, Batch] = build(self)
        for nid in self.locks:
            self.lock_changed(nid)

    def lock_changed(self, nid: int) -> None:
        for b in self.batches.values():
            _mark(b, nid)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()
            self.pool = None

    # --- strategies -------------------------------------------------------------

    def current(self, node: Node) -> _F64:
        """Regret matching: the positive regrets, normalised (uniform without any)."""
        return self._locked(node, normalised(positive_regrets(self.regrets[node.id], self.noise)))

    def average(self, node: Node) -> _F64:
        return self._locked(node, normalised(self.sums[node.id].copy()))

    def _locked(self, node: Node, sigma: _F64) -> _F64:
        lock = self.locks.get(node.id)
        if lock is None:
            return sigma
        mask, fixed = lock
        return np.where(mask[:, None], fixed, sigma)

    # --- terminals ----------------------------------------------------------------

    def _table(self, node: Node) -> Optional[Table]:
        """The showdown table of a terminal's board: its river card's, or the turn's (a fold on the turn)."""
        return self.tables[node.river] if node.river >= 0 else self.turn

    def _terminal(self, node: Node, p: int, r_opp: _F64, j: int = 0) -> _F64:
        """The terminal's values of p's combos (with thread j's work space)."""
        c = node.committed
        scratch = self.scratches[j]
        if node.kind == "fold":
            table = self._table(node)
            assert table is not None
            won = self.spot.pot + c[1 - p] if node.winner == p else -c[p]
            return table.compat(p, r_opp, scratch) * won
        values, compat = self.tables[node.river].values(p, r_opp, scratch)
        total = self.spot.pot + c[0] + c[1]
        return total * values - c[p] * compat

    def _chance(self, node: Node, p: int, r_opp: _F64, r_self: _F64, mode: str, t: int = 0,
                lane: Optional[int] = None) -> _F64:
        if time.monotonic() > self.deadline:
            raise Deadline
        return at_chance(self, node, p, r_opp, r_self, mode, t, lane)  # type: ignore[no-any-return]

    # --- one iteration ----------------------------------------------------------------

    def _cfr(self, node: Node, p: int, r_opp: _F64, r_self: _F64, t: int) -> _F64:
        kind = node.kind
        if kind == "fold" or kind == "showdown":
            return self._terminal(node, p, r_opp)
        if kind == "chance":
            return self._chance(node, p, r_opp, r_self, "cfr", t)
        q = node.player
        sigma = self.sigma.get(node.id)
        if sigma is None:  # each node's current strategy is made once between two updates of its regrets
            sigma = self.sigma[node.id] = self.current(node)
        if q != p:
            out: Optional[_F64] = None
            for a, child in enumerate(node.children):
                v = self._cfr(child, p, r_opp * sigma[:, a], r_self, t)
                out = v if out is None else out + v
            assert out is not None
            return out
        values = np.empty_like(sigma)
        for a, child in enumerate(node.children):
            values[:, a] = self._cfr(child, p, r_opp, r_self * sigma[:, a], t)
        value = (values * sigma).sum(axis=1)
        regrets = self.regrets[node.id]
        if t > 1:
            d = (t - 1) ** ALPHA
            regrets *= np.where(regrets > 0, d / (d + 1), 0.5 if BETA == 0 else 1.0)
        regrets += values - value[:, None]
        del self.sigma[node.id]
        sums = self.sums[node.id]
        if t > 1:
            sums *= ((t - 1) / t) ** GAMMA
        sums += r_self[:, None] * sigma
        return value  # type: ignore[no-any-return]

    def iterate(self) -> None:
        self.iterations += 1
        t = self.iterations
        w = self.spot.weights
        for p in (0, 1):
            self._cfr(self.spot.root, p, w[1 - p], w[p], t)

    # --- best response and values --------------------------------------------------

    def best_response_values(self, node: Node, p: int, r_opp: _F64, lane: Optional[int] = None) -> _F64:
        """p's best counterfactual values against the other's average strategy
        (``lane``: walked by one thread alone, with that thread's work space,
        while another walks the other player's; None: the river cards shared
        among the threads)."""
        kind = node.kind
        if kind == "fold" or kind == "showdown":
            return self._terminal(node, p, r_opp, lane or 0)
        if kind == "chance":
            return self._chance(node, p, r_opp, self.spot.weights[p], "br", 0, lane)
        if node.player != p:
            sigma = self.average(node)
            out: Optional[_F64] = None
            for a, child in enumerate(node.children):
                v = self.best_response_values(child, p, r_opp * sigma[:, a], lane)
                out = v if out is None else out + v
            assert out is not None
            return out
        values = np.stack([self.best_response_values(child, p, r_opp, lane) for child in node.children], axis=1)
        best = values.max(axis=1)
        lock = self.locks.get(node.id)
        if lock is not None:  # a locked combo plays its locked strategy
            mask, fixed = lock
            best = np.where(mask, (values * fixed).sum(axis=1), best)
        return best  # type: ignore[no-any-return]

    def values(self, node: Node, p: int, r_opp: _F64) -> _F64:
        """p's counterfactual values with both players on their average strategies."""
        kind = node.kind
        if kind == "fold" or kind == "showdown":
            return self._terminal(node, p, r_opp)
        if kind == "chance":
            return self._chance(node, p, r_opp, self.spot.weights[p], "ev")
        sigma = self.average(node)
        out: Optional[_F64] = None
        for a, child in enumerate(node.children):
            if node.player == p:
                v = self.values(child, p, r_opp) * sigma[:, a]
            else:
                v = self.values(child, p, r_opp * sigma[:, a])
            out = v if out is None else out + v
        assert out is not None
        return out

    def best_response(self, p: int, lane: Optional[int] = None) -> float:
        """What p's best response wins on average (chips)."""
        spot = self.spot
        v = self.best_response_values(spot.root, p, spot.weights[1 - p], lane)
        return float(np.dot(spot.weights[p], v) / spot.total_weight)

    def exploitability(self) -> tuple[float, float, float]:
        """(exploitability as a fraction of the pot, BR of player 0, BR of player 1)."""
        if self.pool is None or not self.batches:
            b0, b1 = self.best_response(0), self.best_response(1)
        else:  # a turn with threads: each player's best response walked by a thread of its own (the two
            # passes only read the strategies; each walks every river card, half the Python steps of sharing them)
            futures = [self.pool.submit(self.best_response, p, p) for p in (0, 1)]
            b0, b1 = futures[0].result(), futures[1].result()
        return (b0 + b1 - self.spot.pot) / 2 / self.spot.pot, b0, b1

    def run(self, target: float, max_iterations: int, deadline: float, progress: Optional[Callable[[int, float], None]],
            check_every: int = 0) -> tuple[float, float, float, bool]:
        """Iterate until the exploitability is at most target; (exploitability,
        BR 0, BR 1, whether the deadline passed first)."""
        self.deadline = deadline
        result = (math.inf, math.nan, math.nan)
        # a best-response pass costs about an iteration: the first on a river after one
        # iteration, on a turn after five; then where the last two predict the target
        next_check = 5 if self.batches else 1
        measured: list[tuple[int, float]] = []
        try:
            while result[0] > target and self.iterations < max_iterations:
                if time.monotonic() > deadline:
                    return (*result, True)
                self.iterate()
                if self.iterations >= next_check or self.iterations >= max_iterations:
                    result = self.exploitability()
                    measured.append((self.iterations, result[0]))
                    next_check = self.iterations + (check_every or next_step(measured, target))
                    if progress is not None:
                        progress(self.iterations, result[0])
        except Deadline:
            return (*result, True)
        finally:
            self.deadline = math.inf
        return (*result, False)
