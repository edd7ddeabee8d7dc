"""Players for simulations: the :class:`Agent` protocol and three baselines.

An agent is any callable that takes the :class:`~omaha8_fast.engine.views.SeatView`
of the seat to act and returns its action: a kind (``"call"``), a
``(kind, amount)`` pair (``("raise", 40)``, the amount the "to" total of a
bet or raise) or an :class:`~omaha8_fast.engine.Action`. Agents only ever
see views, never the hand. An agent may have a ``reset(seed)`` method:
:func:`omaha8_fast.simulate` calls it before each batch of hands so that
random agents are reproducible.

>>> from omaha8_fast import Hand
>>> hand = Hand([100, 100], 0, 1, 2, seed=1)
>>> calling_station(hand.view(hand.to_act))
'call'
>>> agent = RandomAgent(seed=3)
>>> agent(hand.view(hand.to_act)) in {"fold", "call", ("raise", 4)}
True
"""

from __future__ import annotations

import random
from typing import Protocol, Union

from ._betting import LegalActions
from ._log import Action
from .views import SeatView

__all__ = ["ActionLike", "Agent", "EquityAgent", "RandomAgent", "calling_station", "equity_agent", "random_agent"]

#: What an agent returns.
ActionLike = Union[str, tuple[str, Union[int, None]], Action]


class Agent(Protocol):
    """A player: the view of its seat in, an action out."""

    def __call__(self, view: SeatView, /) -> ActionLike: ...


class RandomAgent:
    """Uniformly random among the legal kinds (a fold only when facing a bet),
    a bet or raise uniformly between its minimum and maximum."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        """Restart the random sequence from ``seed``."""
        self._rng.seed(seed)

    def __call__(self, view: SeatView) -> ActionLike:
        legal = view.legal
        assert legal is not None, "an agent is only asked on its turn"
        return self.choose(legal)

    def choose(self, legal: LegalActions) -> ActionLike:
        """The action, from the turn's legal actions alone (all this agent reads)."""
        random_ = self._rng.random
        kinds = legal.actions
        kind = kinds[int(random_() * len(kinds))]
        if kind == "bet" or kind == "raise":
            return kind, legal.min_raise_to + int(random_() * (legal.max_raise_to - legal.min_raise_to + 1))
        return kind


def calling_station(view: SeatView) -> ActionLike:
    """Never folds, never raises: checks or calls (shows at a choose-mode showdown)."""
    legal = view.legal
    assert legal is not None, "an agent is only asked on its turn"
    return _station_choice(legal)


def _station_choice(legal: LegalActions) -> ActionLike:
    """:func:`calling_station`'s action, from the turn's legal actions alone."""
    kind = legal.actions[0]
    return "call" if kind == "fold" else "show" if kind == "muck" else kind


class EquityAgent:
    """A simple hi/lo player: its equity (:func:`omaha8_fast.equity` by
    Monte Carlo, ``samples`` deals, against random hands for every opponent
    still in) against the pot odds. With equity above ``raise_above`` times
    a fair share it bets or raises (to the minimum plus half the pot, within
    the limits); above the price of a call it calls (or checks); else it
    checks or folds. Mucks losing hands when it may."""

    def __init__(self, samples: int = 300, raise_above: float = 1.4, seed: int | None = None) -> None:
        self._samples, self._raise_above = samples, raise_above
        self._rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        """Restart the random sequence from ``seed``."""
        self._rng.seed(seed)

    def equity(self, view: SeatView) -> float:
        """This seat's share of the pot against random hands for the players still in."""
        from ..equity import equity

        assert view.hole_cards is not None, "a spectator holds no cards"
        opponents = sum(1 for s, f in enumerate(view.folded) if not f and s != view.seat and s not in view.mucked)
        if opponents == 0:
            return 1.0
        result = equity([view.hole_cards] + [None] * opponents, view.board, exact=False, samples=self._samples,
                        seed=self._rng.getrandbits(32), threads=1)
        return result[0].equity

    def __call__(self, view: SeatView) -> ActionLike:
        legal = view.legal
        assert legal is not None, "an agent is only asked on its turn"
        kinds = legal.actions
        if kinds[0] == "muck" or kinds == ("show",):
            return "show"
        share = self.equity(view)
        live = sum(1 for f in view.folded if not f)
        price = legal.call_amount / (view.pot + legal.call_amount) if legal.call_amount else 0.0
        if share > self._raise_above / live and kinds[-1] in ("bet", "raise"):
            return kinds[-1], min(legal.max_raise_to, legal.min_raise_to + view.pot // 2)
        if share >= price:
            return kinds[0] if kinds[0] == "check" else "call"
        return "check" if kinds[0] == "check" else "fold"


#: The shared random baseline (``simulate`` reseeds it before each batch).
random_agent: RandomAgent = RandomAgent()
#: The shared equity baseline.
equity_agent: EquityAgent = EquityAgent()
