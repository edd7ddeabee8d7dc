"""solve() and its result, :class:`Solution`.

A toy river: out of position holds the nut high and the nut low (the wheel
with the ace-high flush), in position a hand that wins nothing. The dead hand
never calls a bet, so the nut hand wins the whole pot whatever it does:

>>> spot = Spot("Ks 8d 7c 6h 2c", ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=1000)
>>> sol = solve(spot, exploitability=0.0001)
>>> sol.strategy(("bet 100%",))["Qs Qd Js Jh"]["fold"] > 0.999
True
>>> round(sol.ev(0).overall, 1), sol.exploitability() <= 0.0001
(100.0, True)
"""

from __future__ import annotations

import importlib
import json
import math
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Optional

import numpy as np
import numpy.typing as npt

from ..cards import card_ids, format_cards
from ._cfr import Solver
from ._spot import Node, Spot

__all__ = ["Solution", "EV", "solve"]

_F64 = npt.NDArray[np.float64]
FORMAT = "omaha8_fast.solver/1"


class EV(NamedTuple):
    """A player's expected value (chips won less chips put in since the spot
    began) at a node: per combo (given that combo, against the other range
    as it reaches the node) and overall (weighted by the player's reach)."""

    combos: dict[str, float]
    overall: float


def _check_history(history: Any) -> tuple[str, ...]:
    if isinstance(history, str):
        raise TypeError("a history is a tuple of action names, e.g. ('check', 'bet 50%'), not a string")
    return tuple(history)


class Solution:
    """A solved spot: the average strategies and what they are worth."""

    def __init__(self, spot: Spot, solver: Solver, exploitability: Optional[float], br: tuple[float, float],
                 timed_out: bool = False, seconds: float = 0.0, options: Optional[dict[str, Any]] = None) -> None:
        self.spot: Spot = spot
        self._solver = solver
        self._exploitability = exploitability
        self._br = br
        self.timed_out: bool = timed_out
        self.seconds: float = seconds
        self.options: dict[str, Any] = dict(options or {})

    @property
    def iterations(self) -> int:
        return self._solver.iterations

    # --- the tree -------------------------------------------------------------------

    def actions(self, history: Sequence[str] = ()) -> tuple[str, ...]:
        """The actions at a node (river cards at the turn's chance node), () at a terminal."""
        return self.spot.actions(_check_history(history))

    def player(self, history: Sequence[str] = ()) -> Optional[int]:
        """0 (out of position) or 1 (in position) to act; None at a terminal or chance node."""
        return self.spot.player(_check_history(history))

    def committed(self, history: Sequence[str] = ()) -> tuple[float, float]:
        """The chips each player has put in since the spot began."""
        return self.spot.committed(_check_history(history))

    def _act_node(self, history: Sequence[str]) -> Node:
        node = self.spot.node(_check_history(history))
        if node.kind != "act":
            raise ValueError(f"no player acts at {tuple(history)!r} (a {node.kind} node)")
        return node

    def _alive(self, node: Node, p: int) -> npt.NDArray[np.bool_]:
        if node.river >= 0 and len(self.spot.board) == 4:
            card = self.spot.rivers[node.river]
            return (self.spot.masks[p] & np.uint64(1 << card)) == 0  # type: ignore[no-any-return]
        return np.ones(len(self.spot.hands[p]), dtype=bool)

    def strategy(self, history: Sequence[str] = ()) -> dict[str, dict[str, float]]:
        """combo text -> action -> probability at the node (the average strategy)."""
        node = self._act_node(history)
        assert node.player is not None
        sigma = self._solver.average(node)
        alive = self._alive(node, node.player)
        combos = self.spot.combos[node.player]
        return {combos[i]: dict(zip(node.actions, sigma[i].tolist())) for i in np.flatnonzero(alive).tolist()}

    def _strategy_array(self, node: Node) -> _F64:
        return self._solver.average(node)

    # --- values -----------------------------------------------------------------------

    def _reaches(self, history: tuple[str, ...]) -> tuple[Node, list[_F64]]:
        spot = self.spot
        reach = [spot.weights[0].copy(), spot.weights[1].copy()]
        node = spot.root
        for k, name in enumerate(history):
            if name not in node.actions:
                spot.node(history[:k + 1])  # raises, naming the actions
            a = node.actions.index(name)
            if node.kind == "act":
                assert node.player is not None
                reach[node.player] = reach[node.player] * self._solver.average(node)[:, a]
            node = node.children[a]
        return node, reach

    def ev(self, player: int, history: Sequence[str] = ()) -> EV:
        """player's expected chips (won less put in since the spot began) at the
        node, per combo and overall, with both players on the solution."""
        if player not in (0, 1):
            raise ValueError(f"player is 0 (out of position) or 1 (in position), not {player!r}")
        node, reach = self._reaches(_check_history(history))
        values = self._solver.values(node, player, reach[1 - player])
        compat = self._compat(node, player, reach[1 - player])
        alive = self._alive(node, player) & (compat > 0)
        per = {self.spot.combos[player][i]: float(values[i] / compat[i]) for i in np.flatnonzero(alive).tolist()}
        mass = float(np.dot(reach[player], compat))
        overall = float(np.dot(reach[player], values) / mass) if mass > 0 else math.nan
        return EV(per, overall)

    def _compat(self, node: Node, p: int, r_opp: _F64) -> _F64:
        if node.river >= 0:
            return self._solver.tables[node.river].compat(p, r_opp)
        assert self._solver.turn is not None
        return self._solver.turn.compat(p, r_opp)

    def _measure(self) -> None:
        if self._exploitability is None:  # a timed-out solve: measured on first use
            value, b0, b1 = self._solver.exploitability()
            self._exploitability, self._br = value, (b0, b1)

    def exploitability(self) -> float:
        """(BR_oop + BR_ip - pot) / 2 / pot of the returned strategies: 0 at an
        equilibrium. Exact: one best-response pass for each player."""
        self._measure()
        assert self._exploitability is not None
        return self._exploitability

    def best_response(self, player: int) -> float:
        """What player's best response against the other's strategy wins on
        average (chips won less put in, over the pairs of combos)."""
        if player not in (0, 1):
            raise ValueError(f"player is 0 (out of position) or 1 (in position), not {player!r}")
        self._measure()
        return self._br[player]

    # --- node locking -------------------------------------------------------------------

    def lock(self, history: Sequence[str], strategy: Mapping[str, Mapping[str, float]]) -> Solution:
        """Re-solve with the combos of ``strategy`` (combo text -> action ->
        probability) fixed at the node; the other combos and nodes adapt, with
        the options of the solve that made this solution (the target, the
        timeout, ...). The exploitability then measures the best responses
        within the locks; earlier locks stay."""
        node = self._act_node(history)
        assert node.player is not None
        locks = dict(self._solver.locks)
        mask, fixed = locks.get(node.id, (np.zeros(len(self.spot.hands[node.player]), dtype=bool),
                                          np.zeros((len(self.spot.hands[node.player]), len(node.actions)))))
        mask, fixed = mask.copy(), fixed.copy()
        index = {m: i for i, m in enumerate(self.spot.masks[node.player].tolist())}
        for combo, probs in strategy.items():
            ids = card_ids(combo)
            i = index.get(sum(1 << c for c in ids), -1)
            if len(ids) != 4 or i < 0:
                raise ValueError(f"combo {combo!r} is not in the range of player {node.player}")
            row = np.zeros(len(node.actions))
            for name, prob in probs.items():
                if name not in node.actions:
                    raise ValueError(f"{name!r} is not an action at {tuple(history)!r}: {', '.join(node.actions)}")
                if not isinstance(prob, (int, float)) or not 0 <= prob <= 1:
                    raise ValueError(f"the probability of {name!r} for {combo} must be in 0..1, not {prob!r}")
                row[node.actions.index(name)] = prob
            if abs(row.sum() - 1.0) > 1e-6:
                raise ValueError(f"the probabilities for {combo} add up to {row.sum():g}, not 1")
            mask[i], fixed[i] = True, row
        locks[node.id] = (mask, fixed)
        return _solve(self.spot, locks=locks, **self.options)

    # --- export ---------------------------------------------------------------------------

    def to_dataframe(self) -> Any:
        """One row per (node, combo, action): history (the actions joined by
        " / "), player, combo, action, probability, as a ``pandas.DataFrame``
        (the optional extra ``pip install 'omaha8_fast[dataframe]'``)."""
        try:
            pd = importlib.import_module("pandas")
        except ImportError:
            raise ImportError("to_dataframe needs pandas: pip install 'omaha8_fast[dataframe]'") from None

        rows = []
        for node in self.spot.node_list:
            if node.kind != "act":
                continue
            assert node.player is not None
            sigma = self._solver.average(node)
            alive = self._alive(node, node.player)
            combos = self.spot.combos[node.player]
            h = " / ".join(node.history)
            for i in np.flatnonzero(alive).tolist():
                for a, name in enumerate(node.actions):
                    rows.append((h, node.player, combos[i], name, float(sigma[i, a])))
        return pd.DataFrame(rows, columns=["history", "player", "combo", "action", "probability"])

    def to_json(self) -> str:
        """The spot and the strategies as JSON (:meth:`from_json` reads it back)."""
        spot = self.spot
        nodes = {}
        for node in spot.node_list:
            if node.kind == "act":
                nodes[json.dumps(list(node.history))] = np.round(self._solver.average(node), 12).tolist()
        data = {
            "format": FORMAT,
            "spot": _spot_fields(spot),
            "exploitability": self.exploitability(),
            "best_response": list(self._br),
            "iterations": self.iterations,
            "strategies": nodes,
        }
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> Solution:
        """The solution that :meth:`to_json` wrote."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise ValueError(f"not a solution's JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a solution of format {FORMAT!r}")
        try:
            return cls._read(data)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"a solution's JSON without a valid {error}") from None

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Solution:
        f = data["spot"]
        spot = Spot(f["board"], ranges=(f["ranges"][0], f["ranges"][1]), pot=f["pot"], stacks=tuple(f["stacks"]),
                    betting=f["betting"], bet_sizes=tuple(f["bet_sizes"]),
                    raise_sizes=tuple(f["raise_sizes"]), max_raises=f["max_raises"],
                    all_in_threshold=f["all_in_threshold"], limit_bet=f["limit_bet"])
        solver = Solver(spot)
        for key, rows in data["strategies"].items():
            node = spot.node(tuple(json.loads(key)))
            arr = np.array(rows, dtype=np.float64)
            if arr.shape != solver.sums[node.id].shape:
                raise ValueError(f"the strategy at {node.history!r} has shape {arr.shape}, not "
                                 f"{solver.sums[node.id].shape}")
            solver.sums[node.id][...] = arr  # in place: a river subtree's arrays are views
        solver.iterations = int(data.get("iterations", 0))
        br = data["best_response"]
        return cls(spot, solver, float(data["exploitability"]), (float(br[0]), float(br[1])))

    def plot(self, history: Sequence[str] = (), path: Any = None) -> Any:
        """The node's strategy by high class x low class (a matplotlib Figure;
        saved to ``path`` if given). Needs the ``plot`` extra."""
        from ._plot import plot_strategy

        return plot_strategy(self, _check_history(history), path)

    def __repr__(self) -> str:
        return (f"Solution({self.spot!r}, exploitability={self.exploitability():.4%} of the pot, "
                f"{self.iterations} iterations)")


def _spot_fields(spot: Spot) -> dict[str, Any]:
    ranges = [dict(zip(spot.combos[p], spot.weights[p].tolist())) for p in (0, 1)]
    return {
        "board": format_cards(spot.board), "ranges": ranges, "pot": spot.pot, "stacks": list(spot.stacks),
        "betting": spot.betting, "bet_sizes": list(spot.bet_sizes), "raise_sizes": list(spot.raise_sizes),
        "max_raises": spot.max_raises, "all_in_threshold": spot.all_in_threshold, "limit_bet": spot.limit_bet,
    }


def solve(spot: Spot, *, exploitability: float = 0.005, max_iterations: int = 100_000,
          timeout: Optional[float] = None, threads: int = 1, progress: bool = False,
          partial: bool = False) -> Solution:
    """Solve the spot with discounted CFR until the exploitability (measured
    by an exact best-response pass) is at most ``exploitability`` of the pot.

    ``timeout`` (seconds) raises :class:`TimeoutError` when it passes first,
    unless ``partial=True``: then the solution so far is returned with
    ``timed_out`` set. ``threads`` splits the turn's river cards among
    threads (the C kernels release the GIL). ``progress`` prints the tree's
    size and each measured exploitability to stderr.
    """
    return _solve(spot, exploitability=exploitability, max_iterations=max_iterations, timeout=timeout,
                  threads=threads, progress=progress, partial=partial)


def _solve(spot: Spot, *, exploitability: float = 0.005, max_iterations: int = 100_000,
           timeout: Optional[float] = None, threads: int = 1, progress: bool = False, partial: bool = False,
           locks: Optional[dict[int, Any]] = None) -> Solution:
    start = time.monotonic()
    if not isinstance(spot, Spot):
        raise TypeError(f"solve() takes a Spot, not {type(spot).__name__}")
    if isinstance(exploitability, bool) or not isinstance(exploitability, (int, float)) or not exploitability > 0:
        raise ValueError(f"exploitability is a positive fraction of the pot, not {exploitability!r}")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 1:
        raise ValueError(f"max_iterations must be a positive int, not {max_iterations!r}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or
                                not timeout > 0):
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive int, not {threads!r}")
    deadline = start + timeout if timeout is not None else math.inf
    options = {"exploitability": exploitability, "max_iterations": max_iterations, "timeout": timeout,
               "threads": threads, "progress": progress, "partial": partial}
    if progress:
        print(f"tree: {spot.node_count:,} nodes, about {spot.memory_bytes:,} bytes", file=sys.stderr)

    def report(iteration: int, value: float) -> None:
        width = 30
        done = min(1.0, exploitability / value) if value > 0 else 1.0
        bar = "#" * int(done * width)
        print(f"\r[{bar:<{width}}] iteration {iteration}, exploitability {value:.3%} (target {exploitability:.3%})",
              end="", file=sys.stderr, flush=True)

    solver = Solver(spot, locks=locks, threads=threads)
    try:
        value, b0, b1, late = solver.run(exploitability, max_iterations, deadline, report if progress else None)
    finally:
        solver.close()
    if progress:
        print(file=sys.stderr)
    solution = Solution(spot, solver, None if late else value, (b0, b1), timed_out=late,
                        seconds=time.monotonic() - start, options=options)
    if late and not partial:
        measured = f", last measured at {value:.3%} of the pot" if math.isfinite(value) else ""
        error = TimeoutError(f"the solve passed its timeout of {timeout} s after {solver.iterations} "
                             f"iterations{measured} (partial=True returns the solution so far)")
        error.solution = solution  # type: ignore[attr-defined]
        raise error
    return solution
