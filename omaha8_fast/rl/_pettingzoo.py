"""The PettingZoo AEC environment (needs ``pettingzoo``: the ``rl`` extra).
Made by :func:`omaha8_fast.rl.pettingzoo_env`, which documents it."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Hand
from ._render import render_view
from ._spec import ActionLayout, TableSpec, encode_view, observation_size

__all__ = ["OmahaHiLoEnv"]

Observation = dict[str, npt.NDArray[Any]]


class OmahaHiLoEnv(AECEnv[str, Observation, "int | None"]):
    """One hand of Omaha Hi/Lo per episode, agents ``player_0`` .. ``player_{n-1}``
    at seats 0 .. n-1 (see :func:`omaha8_fast.rl.pettingzoo_env`)."""

    metadata: dict[str, Any] = {"name": "omaha8_hilo_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, spec: TableSpec, seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode: str | None = render_mode
        self.settings: TableSpec = spec
        self.layout: ActionLayout = ActionLayout(spec.betting)
        n = spec.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        high = np.float32(max(1.0, spec.total_chips / spec.big_blind))
        space = spaces.Dict({
            "observation": spaces.Box(0.0, high, (observation_size(n),), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.layout),), np.int8),
        })
        observation_spaces = {a: cast("spaces.Space[Observation]", space) for a in self.possible_agents}
        action_spaces = {a: cast("spaces.Space[int | None]", spaces.Discrete(len(self.layout)))
                         for a in self.possible_agents}
        self.observation_spaces: dict[str, spaces.Space[Observation]] = observation_spaces
        self.action_spaces: dict[str, spaces.Space[int | None]] = action_spaces
        self._rng = np.random.default_rng(seed)
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: the button at random, the cards from the
        environment's generator (``seed`` restarts it)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        spec = self.settings
        button = int(self._rng.integers(spec.num_players))
        self.hand = spec.hand(button, int(self._rng.integers(2**63)))
        self.agents: list[str] = self.possible_agents[:]
        self.rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations: dict[str, bool] = {a: False for a in self.agents}
        self.truncations: dict[str, bool] = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            big = self.settings.big_blind
            net = hand.net
            for a in self.agents:
                self.rewards[a] = net[self._seat[a]] / big
                self.terminations[a] = True
                self.infos[a] = {"chips": net[self._seat[a]]}
            self.agent_selection: str = self.agents[0]
        else:
            seat = hand.to_act
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """``agent``'s view: the vector of :func:`~omaha8_fast.rl.encode_view`
        and the action mask (all zeros when it is not its turn)."""
        hand = self.hand
        if hand is None:
            raise RuntimeError("call reset() before observe()")
        view = hand.view(self._seat[agent])
        mask = np.array(self.layout.mask(view), dtype=np.int8)
        return {"observation": encode_view(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index of the action space) for the agent to
        act; ValueError if the mask forbids it. Once the hand is over each
        agent steps once more with None, as PettingZoo's AEC loop does."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None
        if action is None:
            raise ValueError(f"{agent} is to act: step() needs an action, not None")
        self.layout.play(hand, action)
        self._cumulative_rewards[agent] = 0.0
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The view of the agent to act (or of the last one selected) as
        text, its own cards only: returned with ``render_mode="ansi"``,
        printed with ``"human"``."""
        if self.render_mode is None or self.hand is None:
            return None
        agent = self.agent_selection
        text = render_view(self.hand.view(self._seat[agent]), self.layout, agent)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
