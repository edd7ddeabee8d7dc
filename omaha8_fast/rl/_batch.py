"""Many tables at once: :class:`TableBatch` (numpy only, no RL library)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..engine import Hand
from ._spec import ActionLayout, TableSpec, action_index, encode_view, observation_size, table_spec

__all__ = ["TableBatch"]


class TableBatch:
    """``num_tables`` independent tables in self-play: one shared policy picks
    the action of the seat to act at every table, as numpy arrays.

    :meth:`reset` and :meth:`step` return ``(observations, masks, seats)``:
    float32 ``(num_tables, D)`` vectors of :func:`~omaha8_fast.rl.encode_view`
    for each table's seat to act, bool ``(num_tables, A)`` action masks over
    the :class:`~omaha8_fast.rl.ActionLayout`, and the int ``(num_tables,)``
    seats to act. :meth:`step` takes one action index per table and returns
    also the float32 ``(num_tables, num_players)`` rewards of the hands that
    ended in that step (chips won or lost in big blinds, each row zero-sum;
    zeros elsewhere) and a bool ``(num_tables,)`` of which ended. A table
    whose hand ended starts a new one at once (the button on a random
    seat, the starting stacks again), so every row always has a seat to act.

    >>> batch = TableBatch(4, num_players=3, betting="no-limit", seed=1)
    >>> obs, masks, seats = batch.reset()
    >>> obs.shape, masks.shape, seats.shape
    ((4, 134), (4, 10), (4,))
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(50):
    ...     actions = [rng.choice(np.flatnonzero(m)) for m in masks]
    ...     obs, masks, seats, rewards, done = batch.step(actions)
    ...     assert np.allclose(rewards.sum(axis=1), 0)
    >>> batch.hands_played > 0
    True
    """

    def __init__(
        self,
        num_tables: int,
        num_players: int = 2,
        betting: str = "limit",
        hole_size: int = 4,
        stacks: int | Sequence[int] = 200,
        blinds: tuple[int, int] = (1, 2),
        seed: int | None = None,
    ) -> None:
        if isinstance(num_tables, bool) or not isinstance(num_tables, int):
            raise TypeError(f"num_tables must be an int, not {type(num_tables).__name__}")
        if not 1 <= num_tables <= 1_000_000:
            raise ValueError(f"num_tables must be from 1 to 1000000, not {num_tables}")
        self.spec: TableSpec = table_spec(num_players, betting, hole_size, stacks, blinds)
        self.layout: ActionLayout = ActionLayout(betting)
        self.num_tables: int = num_tables
        self._rng = np.random.default_rng(seed)
        self._hands: list[Hand] = []
        n, d, a = self.spec.num_players, observation_size(self.spec.num_players), len(self.layout)
        self._obs = np.zeros((num_tables, d), dtype=np.float32)
        self._masks = np.zeros((num_tables, a), dtype=bool)
        self._seats = np.zeros(num_tables, dtype=np.int64)
        self._rewards = np.zeros((num_tables, n), dtype=np.float32)
        self._done = np.zeros(num_tables, dtype=bool)
        #: Hands finished since the last reset.
        self.hands_played: int = 0

    def _deal(self) -> Hand:
        spec = self.spec
        return spec.hand(int(self._rng.integers(spec.num_players)), int(self._rng.integers(2**63)))

    def _observe(self, i: int) -> None:
        hand = self._hands[i]
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        encode_view(view, self._obs[i])
        self._masks[i] = self.layout.mask(view)
        self._seats[i] = seat

    def _arrays(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        return self._obs.copy(), self._masks.copy(), self._seats.copy()

    def reset(self, seed: int | None = None) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]
    ]:
        """Deal a new hand at every table (``seed`` restarts the generator)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._hands = [self._deal() for _ in range(self.num_tables)]
        self.hands_played = 0
        for i in range(self.num_tables):
            self._observe(i)
        return self._arrays()

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer]) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64], npt.NDArray[np.float32],
        npt.NDArray[np.bool_]
    ]:
        """Play each table's action. Every action is checked first: when one
        is illegal (ValueError) or no integer (TypeError), naming the table,
        no table has moved."""
        if not self._hands:
            raise RuntimeError("call reset() before step()")
        if len(actions) != self.num_tables:
            raise ValueError(f"step() needs {self.num_tables} actions, one per table, not {len(actions)}")
        rewards, done = self._rewards, self._done
        rewards[:] = 0
        done[:] = False
        big = self.spec.big_blind
        layout, hands = self.layout, self._hands
        chips = []
        for i, action in enumerate(actions):  # all checked before any is played
            try:
                index = action_index(action)
                chips.append((index, layout.check(hands[i], index)))
            except (TypeError, ValueError) as error:
                raise type(error)(f"table {i}: {error}") from None
        for i, (index, amount) in enumerate(chips):
            hand = hands[i]
            layout.apply(hand, index, amount)
            if hand.is_over:
                rewards[i] = [chips / big for chips in hand.net]
                done[i] = True
                self.hands_played += 1
                self._hands[i] = hand = self._deal()
            self._observe(i)
        obs, masks, seats = self._arrays()
        return obs, masks, seats, rewards.copy(), done.copy()
