"""The turn's river subtrees walked together: one chance node's 48 subtrees
have the same betting, so each position of the subtree holds one array of
shape (river cards, combos, actions) and every numpy step covers all the
cards at once; only the showdown and fold sums run per card (C calls, which
release the GIL and go to the thread pool when there is one).

The per-node arrays of the solver are views into these, so everything that
reads one node (strategy, ev inside a subtree, locks) sees the same numbers.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

from ._spot import Node

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0  # DCFR: positive regrets by t^a/(t^a+1), negative by t^b/(t^b+1), sums by (t/(t+1))^g

#: The solver (omaha8_fast.solver._cfr.Solver, which imports this module).
Solver = Any

__all__ = ["Batch", "at_chance", "build", "positive_regrets", "walk"]

_F64 = npt.NDArray[np.float64]


class Batch:
    """One position of a chance node's river subtrees, for every river card."""

    __slots__ = ("kind", "player", "actions", "children", "committed", "ids", "rivers", "winner", "regrets", "sums",
                 "locked")

    def __init__(self, nodes: list[Node], solver: Solver) -> None:
        first = nodes[0]
        self.kind = first.kind
        self.player = first.player
        self.actions = first.actions
        self.committed = first.committed
        self.winner = first.winner
        self.ids = [n.id for n in nodes]
        self.rivers = [n.river for n in nodes]
        self.regrets: Optional[_F64] = None
        self.sums: Optional[_F64] = None
        self.locked = False
        if first.kind == "act":
            assert first.player is not None
            shape = (len(nodes), len(solver.spot.hands[first.player]), len(first.actions))
            self.regrets, self.sums = np.zeros(shape), np.zeros(shape)
            for k, n in enumerate(nodes):
                solver.regrets[n.id] = self.regrets[k]
                solver.sums[n.id] = self.sums[k]
        self.children = [Batch([n.children[a] for n in nodes], solver) for a in range(len(first.children))]


def build(solver: Solver) -> dict[int, Batch]:
    """A Batch for the subtrees under each chance node, by the chance node's id."""
    out = {}
    for node in solver.spot.node_list:
        if node.kind == "chance":
            out[node.id] = Batch(node.children, solver)
    return out


def normalised(r: _F64) -> _F64:
    """Each row of r (non-negative, modified in place) divided by its sum; uniform where the sum is 0."""
    total = r.sum(axis=-1)
    zero = total <= 0
    if zero.any():
        r[zero] = 1.0 / r.shape[-1]
        total[zero] = 1.0
    r /= total[..., None]
    return r


def positive_regrets(regrets: _F64, noise: float) -> _F64:
    """What regret matching counts of the regrets: the part above ``noise`` (a new array)."""
    r = regrets - noise
    np.maximum(r, 0.0, out=r)
    return r


def _locks(solver: Solver, b: Batch, sigma: _F64, part: slice) -> _F64:
    if b.locked:
        for k, nid in enumerate(b.ids[part]):
            lock = solver.locks.get(nid)
            if lock is not None:
                mask, fixed = lock
                sigma[k] = np.where(mask[:, None], fixed, sigma[k])
    return sigma


def _per_card(solver: Solver, b: Batch, p: int, r_opp: _F64, part: slice, j: int) -> _F64:
    """The terminal's values of p's combos, card by card (the cards of part, with thread j's work space)."""
    tables = solver.tables
    c = b.committed
    rivers = b.rivers[part]
    out = np.empty((len(rivers), len(solver.spot.hands[p])))
    scratch = solver.scratches[j]
    if b.kind == "fold":
        won = solver.spot.pot + c[1 - p] if b.winner == p else -c[p]
        for k, river in enumerate(rivers):
            tables[river].compat(p, r_opp[k], scratch, out[k])
        out *= won
        return out
    total = solver.spot.pot + c[0] + c[1]
    compat = np.empty_like(out)
    for k, river in enumerate(rivers):  # the C writes each card's row in place
        tables[river].values(p, r_opp[k], scratch, (out[k], compat[k]))
    out *= total
    compat *= c[p]
    out -= compat
    return out


def walk(solver: Solver, b: Batch, p: int, r_opp: _F64, r_self: _F64, mode: str, t: int, part: slice,
         j: int) -> _F64:
    """p's values (cards x combos) under the batch, for the river cards of
    ``part`` (thread j walks them): mode "cfr" (current strategies, regrets
    and sums updated at p's nodes), "br" (p best responds to the other's
    average) or "ev" (both on their averages)."""
    kind = b.kind
    if kind == "fold" or kind == "showdown":
        return _per_card(solver, b, p, r_opp, part, j)
    assert b.regrets is not None and b.sums is not None
    regrets, sums = b.regrets[part], b.sums[part]  # views: updated in place
    key = (b.ids[0], part.start)
    if mode == "cfr":
        sigma = solver.sigma.get(key)
        if sigma is None:  # made once between two updates of the regrets
            sigma = solver.sigma[key] = _locks(solver, b, normalised(positive_regrets(regrets, solver.noise)), part)
    elif mode == "ev" or b.player != p:
        sigma = _locks(solver, b, normalised(sums.copy()), part)
    else:
        sigma = None
    if b.player != p:
        assert sigma is not None
        out: Optional[_F64] = None
        for a, child in enumerate(b.children):
            v = walk(solver, child, p, r_opp * sigma[:, :, a], r_self, mode, t, part, j)
            out = v if out is None else out + v
        assert out is not None
        return out
    if mode == "br":
        values = np.stack([walk(solver, child, p, r_opp, r_self, mode, t, part, j) for child in b.children], axis=2)
        best: _F64 = values.max(axis=2)
        if b.locked:
            for k, nid in enumerate(b.ids[part]):
                lock = solver.locks.get(nid)
                if lock is not None:
                    mask, fixed = lock
                    best[k] = np.where(mask, (values[k] * fixed).sum(axis=1), best[k])
        return best
    assert sigma is not None
    values = np.empty_like(sigma)
    for a, child in enumerate(b.children):
        values[:, :, a] = walk(solver, child, p, r_opp, r_self * sigma[:, :, a] if mode == "cfr" else r_self, mode,
                               t, part, j)
    value: _F64 = (values * sigma).sum(axis=2)
    if mode != "cfr":
        return value
    if t > 1:
        d = (t - 1) ** ALPHA
        regrets *= np.where(regrets > 0, d / (d + 1), 0.5 if BETA == 0 else 1.0)
        sums *= ((t - 1) / t) ** GAMMA
    regrets += values - value[:, :, None]
    del solver.sigma[key]
    sums += r_self[:, :, None] * sigma
    return value


def at_chance(solver: Solver, node: Node, p: int, r_opp: _F64, r_self: _F64, mode: str, t: int = 0,
              lane: Optional[int] = None) -> Any:
    """The chance node's value for p: its river cards' values summed, over
    the 40 rivers a pair of combos meets. With threads, each thread walks a
    share of the river cards (the C calls and numpy's larger steps release
    the GIL), unless ``lane`` names the one thread (and work space) that
    walks them all."""
    b = solver.batches[node.id]
    k = len(b.rivers)
    if lane is not None:
        bounds, lanes = [0, k], [lane]
    else:
        threads = len(solver.scratches) if solver.pool is not None else 1
        bounds, lanes = [k * i // threads for i in range(threads + 1)], list(range(threads))

    def run(i: int) -> Any:  # the river cards of part i, on its lane's work space
        size = bounds[i + 1] - bounds[i]
        return walk(solver, b, p, np.broadcast_to(r_opp, (size, len(r_opp))),
                    np.broadcast_to(r_self, (size, len(r_self))), mode, t, slice(bounds[i], bounds[i + 1]),
                    lanes[i]).sum(axis=0)

    if len(lanes) == 1 or solver.pool is None:
        total = run(0)
    else:
        total = sum(solver.pool.map(run, range(len(lanes))))
    return total / solver.rivers_per_pair
