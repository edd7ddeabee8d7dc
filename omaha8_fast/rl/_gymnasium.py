"""The Gymnasium single-agent environment (needs ``gymnasium``: the ``rl``
extra). Made by :func:`omaha8_fast.rl.gymnasium_env`, which documents it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine import Hand, SeatView
from ..engine.agents import ActionLike, RandomAgent
from ..engine.simulation import _apply as apply_action
from ._render import render_view
from ._spec import ActionLayout, TableSpec, action_index, encode_view, observation_size

__all__ = ["ILLEGAL_MODES", "OmahaHiLoGym", "Opponent"]

#: An opponent: the view of its seat in, an action out (``omaha8_fast.engine.agents``).
Opponent = Callable[[SeatView], ActionLike]
Observation = dict[str, npt.NDArray[Any]]
#: What ``illegal=`` takes.
ILLEGAL_MODES = ("check-call", "raise")
#: Deals tried in a row before giving up on the agent ever acting (never reached in practice:
#: the agent acts unless every other seat folds to its big blind).
_MAX_REDEALS = 10_000


class OmahaHiLoGym(gymnasium.Env[Observation, np.int64]):
    """One seat of Omaha Hi/Lo against fixed opponents, one hand per episode
    (see :func:`omaha8_fast.rl.gymnasium_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, spec: TableSpec, opponents: Sequence[Opponent] | None = None, seat: int = 0,
                 illegal: str = "check-call", seed: int | None = None, render_mode: str | None = None) -> None:
        n = spec.num_players
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if opponents is None:
            opponents = [RandomAgent() for _ in range(n - 1)]
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise ValueError(f"opponents must give {n - 1} agents (one per other seat), not {len(opponents)}")
        for agent in opponents:
            if not callable(agent):
                raise TypeError(f"an opponent must be callable (a SeatView in, an action out), not {agent!r}")
        self.settings: TableSpec = spec
        self.seat: int = seat
        self.illegal: str = illegal
        self.render_mode: str | None = render_mode
        self.layout: ActionLayout = ActionLayout(spec.betting)
        others = [s for s in range(n) if s != seat]
        self._opponents: dict[int, Opponent] = dict(zip(others, opponents))
        high = np.float32(max(1.0, spec.total_chips / spec.big_blind))
        self.observation_space: spaces.Space[Observation] = spaces.Dict({  # type: ignore[assignment, unused-ignore]
            "observation": spaces.Box(0.0, high, (observation_size(n),), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.layout),), np.int8),
        })
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(len(self.layout))
        self._rng = np.random.default_rng(seed)
        self.hand: Hand | None = None

    def _observation(self) -> Observation:
        hand = self.hand
        assert hand is not None
        view = hand.view(self.seat)
        return {"observation": encode_view(view), "action_mask": np.array(self.layout.mask(view), dtype=np.int8)}

    def _opponents_act(self) -> None:
        hand = self.hand
        assert hand is not None
        while not hand.is_over and hand.to_act != self.seat:
            seat = hand.to_act
            assert seat is not None
            apply_action(hand, self._opponents[seat](hand.view(seat)))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[
        Observation, dict[str, Any]
    ]:
        """Deal until the agent is to act (the button at random); ``seed``
        restarts the generator, which also reseeds the opponents that have a
        ``reset(seed)`` method."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for agent in self._opponents.values():
            reset = getattr(agent, "reset", None)
            if callable(reset):
                reset(int(self._rng.integers(2**32)))
        spec = self.settings
        for _ in range(_MAX_REDEALS):
            self.hand = spec.hand(int(self._rng.integers(spec.num_players)), int(self._rng.integers(2**63)))
            self._opponents_act()
            if not self.hand.is_over:
                break
        else:  # pragma: no cover - every opponent would have to fold every hand
            raise RuntimeError(f"the opponents ended {_MAX_REDEALS} hands in a row before seat {self.seat} acted")
        observation = self._observation()
        return observation, {"action_mask": observation["action_mask"].copy()}

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the opponents until the agent's
        next turn or the end of the hand."""
        hand = self.hand
        if hand is None:
            raise RuntimeError("call reset() before step()")
        if hand.is_over:
            raise RuntimeError("the hand is over: call reset()")
        info: dict[str, Any] = {}
        mask = self.layout.mask(hand.view(self.seat))
        try:
            index = action_index(action)  # any integer scalar the space contains, np.array(2) included
        except TypeError:
            index = -1
        if not 0 <= index < len(mask) or not mask[index]:
            if self.illegal == "raise":
                self.layout.amount(hand.view(self.seat), action)  # raises the ValueError naming the legal actions
            info["illegal"] = True
            index = 1
        self.layout.play(hand, index)
        self._opponents_act()
        observation = self._observation()
        info["action_mask"] = observation["action_mask"].copy()
        if hand.is_over:
            chips = hand.net[self.seat]
            info["chips"] = chips
            return observation, chips / self.settings.big_blind, True, False, info
        return observation, 0.0, False, False, info

    def render(self) -> str | None:
        """The agent's view as text (its own cards only): returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None or self.hand is None:
            return None
        text = render_view(self.hand.view(self.seat), self.layout, "agent")
        if self.render_mode == "human":
            print(text)
            return None
        return text
