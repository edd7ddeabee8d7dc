"""Play many hands between agents: :func:`simulate`.

The hands are played in batches of :data:`BATCH` on independent tables, each
seeded from ``seed`` and the batch number, every seat topped back up to its
starting stack before each hand (``Table(reload=True)``) and the button
starting on seat ``batch % seats``. So the results depend only on ``seed``
and ``hands``: a single process and any executor give the same numbers.

>>> from omaha8_fast import simulate
>>> from omaha8_fast.engine.agents import calling_station, random_agent
>>> table = {"stacks": [200] * 3, "small_blind": 1, "big_blind": 2, "betting": "no-limit"}
>>> result = simulate(table, [random_agent, calling_station, calling_station], hands=300, seed=1)
>>> result.hands, sum(seat.net for seat in result.seats)
(300, 0)
>>> result == simulate(table, [random_agent, calling_station, calling_station], hands=300, seed=1)
True
"""

from __future__ import annotations

import copy
import importlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ._betting import LegalActions
from ._hand import Hand
from ._log import Action
from ._native import PLAY as _PLAY
from ._table import Table
from .agents import ActionLike, Agent, RandomAgent, _station_choice, calling_station

__all__ = ["BATCH", "SeatResult", "SimulationResult", "simulate"]

#: Hands per independently seeded batch.
BATCH = 500


@dataclass(frozen=True)
class SeatResult:
    """One seat's results. ``net`` in chips; ``bb_per_100`` big blinds won
    per 100 hands and its standard error ``bb_per_100_se`` (from the
    per-hand variance); ``showdowns`` hands this seat took to a showdown,
    ``showdowns_won`` those in which it won chips; ``hands_won`` hands with
    a net gain."""

    seat: int
    net: int
    hands_won: int
    showdowns: int
    showdowns_won: int
    bb_per_100: float
    bb_per_100_se: float


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` returns: ``hands`` played, the ``big_blind``
    the bb figures are in, the chips raked, one :class:`SeatResult` per seat."""

    hands: int
    big_blind: int
    rake: int
    seats: tuple[SeatResult, ...]

    def __str__(self) -> str:
        lines = [f"{self.hands} hands, big blind {self.big_blind}, rake {self.rake}"]
        for s in self.seats:
            lines.append(
                f"seat {s.seat}: net {s.net:+d}, {s.bb_per_100:+.2f} +- {s.bb_per_100_se:.2f} bb/100, "
                f"won {s.hands_won} hands, {s.showdowns_won}/{s.showdowns} showdowns"
            )
        return "\n".join(lines)


#: Agents known to read only ``view.legal``: simulate asks them with
#: the turn's legal actions alone (no view is made; see :func:`_chooser`).
_LEGAL_ONLY = (RandomAgent,)


def _chooser(agent: Agent) -> Callable[[LegalActions], ActionLike] | None:
    """For a built-in agent that reads only the legal actions, the function
    it decides with (what its call on the seat's view returns); else None."""
    if type(agent) in _LEGAL_ONLY:
        return agent.choose  # type: ignore[attr-defined, no-any-return]  # a RandomAgent
    if agent is calling_station:
        return _station_choice
    return None


def _c_chooser(agent: Agent) -> Any:
    """What ``PLAY`` (csrc/cpython/entry.c's ``play``) takes for ``agent``:
    the bound ``random`` of a :class:`RandomAgent`'s own ``random.Random``
    (the draws :meth:`RandomAgent.choose` makes), None for
    :func:`calling_station`, False for any other agent (the Python loop asks it)."""
    if type(agent) is RandomAgent and type(agent._rng) is random.Random:
        return agent._rng.random
    if agent is calling_station:
        return None
    return False


def _apply(hand: Hand, action: ActionLike) -> None:
    if isinstance(action, str):
        hand.act(action)
    elif isinstance(action, Action):
        hand.act(action.kind, action.amount if action.kind in ("bet", "raise") else None)
    elif isinstance(action, tuple) and len(action) == 2:
        hand.act(action[0], action[1])
    else:
        raise TypeError(f"an agent must return a kind, a (kind, amount) pair or an Action, not {action!r}")


#: What ``Hand.act`` does for the common answers, without its per-call lookup.
_SIMPLE: dict[str, Callable[[Hand], None]] = {"fold": Hand.fold, "check": Hand.check, "call": Hand.call}
_SIZED: dict[str, Callable[[Hand, int], None]] = {"bet": Hand.bet, "raise": Hand.raise_to}


def _batch(settings: dict[str, Any], agents: Sequence[Agent], number: int, count: int, seed: int) -> list[list[int]]:
    """Play ``count`` hands of batch ``number``: per seat [net, net squared,
    hands won, showdowns, showdowns won], then the rake as a last row."""
    n = len(settings["stacks"])
    batch_seed = (seed * 1_000_003 + number) & (2**64 - 1)
    table = Table(**{**settings, "seed": batch_seed, "reload": True, "button": number % n})
    table._deal_from_rng = True
    agents = copy.deepcopy(agents)  # each batch its own agents: threads never share a random generator
    for k, agent in enumerate(agents):
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(batch_seed + k)
    choosers = [_chooser(agent) for agent in agents]
    in_c = tuple(_c_chooser(agent) for agent in agents) if _PLAY is not None else None
    rows = [[0, 0, 0, 0, 0] for _ in range(n)]
    rake = 0
    simple, sized = _SIMPLE.get, _SIZED
    for _ in range(count):
        hand = table.deal()
        seats = table._seats
        view = hand.view
        if len(seats) == n:  # every seat plays (seats is then 0 .. n-1)
            players, choose_by_seat, c_by_seat = agents, choosers, in_c
        else:
            players = [agents[s] for s in seats]
            choose_by_seat = [choosers[s] for s in seats]
            c_by_seat = None if in_c is None else tuple(in_c[s] for s in seats)
        while True:
            # The built-in agents' turns in C, until another agent's turn (or one C leaves to Python).
            s = hand._to_act if c_by_seat is None else _PLAY(hand, c_by_seat)  # type: ignore[misc]
            if s is None:
                s = hand._to_act
            if s < 0:
                break
            choose = choose_by_seat[s]
            if choose is not None:
                action = choose(hand._legal or hand.legal_actions())
            else:
                action = players[s](view(s))
            if type(action) is str:
                method = simple(action)
                if method is None:
                    hand.act(action)
                else:
                    method(hand)
            elif type(action) is tuple and len(action) == 2 and type(action[0]) is str and action[0] in sized and action[1] is not None:
                sized[action[0]](hand, action[1])
            else:
                _apply(hand, action)
        # The hand's own fields (read only): what hand.payouts, .net, .folded and .mucked_seats copy.
        at_showdown = hand._street == 4
        payouts, folded, mucked, start = hand._payouts or [], hand._folded, hand._mucked, hand._start
        for k, chips in enumerate(hand._stacks):
            net = chips - start[k]
            row = rows[seats[k]]
            if net:
                row[0] += net
                row[1] += net * net
                if net > 0:
                    row[2] += 1
            if at_showdown and not folded[k] and k not in mucked:
                row[3] += 1
                if payouts[k] > 0:
                    row[4] += 1
        rake += hand._raked
    rows.append([rake])
    return rows


def simulate(
    table: Table | Mapping[str, Any],
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    hands: int,
    seed: int = 0,
    progress: bool = False,
    executor: Executor | None = None,
) -> SimulationResult:
    """Play ``hands`` hands at ``table`` (a :class:`~omaha8_fast.engine.Table`,
    whose settings are used, or a dict of ``Table`` keyword arguments)
    between ``agents`` (one per seat, a list or a ``{seat: agent}`` dict;
    see :mod:`omaha8_fast.engine.agents`), and return each seat's results.

    ``seed`` makes it reproducible; ``progress=True`` shows a tqdm bar;
    ``executor`` (any ``concurrent.futures.Executor``: a process pool, a Dask
    client's) plays the batches in parallel, with the same results (agents
    must then pickle).
    """
    settings = dict(table.settings if isinstance(table, Table) else table)
    if type(hands) is not int or hands < 0:
        raise (TypeError if type(hands) is not int else ValueError)(f"hands must be a non-negative int, got {hands!r}")
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if type(progress) is not bool:
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    settings.pop("seed", None)
    settings.pop("reload", None)
    Table(**settings)  # bad settings fail here, not in a worker
    n = len(settings["stacks"])
    if isinstance(agents, Mapping):
        if sorted(agents) != list(range(n)):
            raise ValueError(f"agents must name every seat 0..{n - 1}, got {sorted(agents)}")
        agents = [agents[s] for s in range(n)]
    agents = list(agents)
    if len(agents) != n:
        raise ValueError(f"agents must give one agent per seat ({n}), got {len(agents)}")
    for agent in agents:
        if not callable(agent):
            raise TypeError(f"an agent must be callable, not {type(agent).__name__}")
    counts = [min(BATCH, hands - start) for start in range(0, hands, BATCH)]
    bar = None
    if progress:
        try:
            tqdm = importlib.import_module("tqdm").tqdm  # optional; untyped
        except ImportError:
            raise ImportError("progress=True needs tqdm: pip install tqdm") from None
        bar = tqdm(total=hands, unit="hand")
    try:
        if executor is None:
            parts = []
            for number, count in enumerate(counts):
                parts.append(_batch(settings, agents, number, count, seed))
                if bar is not None:
                    bar.update(count)
        else:
            futures = [executor.submit(_batch, settings, agents, number, count, seed) for number, count in enumerate(counts)]
            parts = []
            for future, count in zip(futures, counts):
                parts.append(future.result())
                if bar is not None:
                    bar.update(count)
    finally:
        if bar is not None:
            bar.close()
    big_blind = Table(**settings).big_blind
    sums = [[sum(part[s][k] for part in parts) for k in range(5)] for s in range(n)]
    rake = sum(part[n][0] for part in parts)
    seats = []
    for s, (net, square, won, showdowns, showdowns_won) in enumerate(sums):
        mean = net / hands if hands else 0.0
        variance = (square - hands * mean * mean) / (hands - 1) if hands > 1 else 0.0
        se = math.sqrt(max(variance, 0.0) / hands) if hands else 0.0
        seats.append(SeatResult(s, net, won, showdowns, showdowns_won, 100 * mean / big_blind, 100 * se / big_blind))
    return SimulationResult(hands, big_blind, rake, tuple(seats))

