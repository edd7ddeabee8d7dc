"""Hand engine: play Omaha Hi/Lo hands under limit, pot-limit and no-limit.

A :class:`Hand` is a state machine that plays one hand from the blinds to the
payout exactly as docs/rules.md ("Playing a hand", "Betting structures") says:
it posts antes and blinds, deals, tells whose turn it is and what they may do
(:meth:`Hand.legal_actions`), refuses anything illegal with
:class:`IllegalAction` (leaving the state untouched), advances the streets by
itself, runs out the board when nobody can bet any more, returns uncalled
bets, and splits every main and side pot high/low through
:mod:`omaha8_fast.showdown`. A :class:`Table` plays a sequence of hands.

Seats are numbered clockwise ``0 .. n-1``; ``button`` is the dealer's seat.

>>> hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2,
...             betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s")
>>> hand.street, hand.to_act, hand.bets, hand.pot   # seat 1 posted 1, seat 2 posted 2
('preflop', 0, [0, 1, 2], 3)
>>> legal = hand.legal_actions()
>>> legal.actions, legal.call_amount, legal.min_raise_to, legal.max_raise_to
(('fold', 'call', 'raise'), 2, 4, 100)
>>> hand.raise_to(6); hand.fold(); hand.call()
>>> hand.street, hand.board, hand.to_act   # the big blind acts first after the flop
('flop', (Card('Ad'), Card('4c'), Card('9s')), 2)
>>> hand.check(); hand.bet(1)
Traceback (most recent call last):
...
omaha8_fast.engine.IllegalAction: the bet must be from 2 to 94, not 1
>>> hand.bet(10); hand.call(); hand.check(); hand.check(); hand.check(); hand.check()
>>> hand.is_over, hand.street, hand.showdown_order   # no river bet: first live seat left of the button shows first
(True, 'showdown', [2, 0])
>>> hand.stacks   # pot 33: seat 0's aces and twos take the high half with the odd chip, seat 2's 6-5 low the rest
[101, 99, 100]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._modules import lazy_submodules as _lazy_submodules
from ._betting import (
    BETTING_STRUCTURES,
    MAX_CHIPS,
    Betting,
    IllegalAction,
    LegalActions,
)
from ._hand import Hand
from ._log import SHOWDOWN_MODES, STREETS, Action, HandHistory
from ._table import Table
from .rake import Rake
from .views import SeatView

__all__ = [
    "BETTING_STRUCTURES",
    "MAX_CHIPS",
    "SHOWDOWN_MODES",
    "STREETS",
    "Betting",
    "IllegalAction",
    "LegalActions",
    "Action",
    "HandHistory",
    "Hand",
    "Rake",
    "SeatView",
    "Table",
]

# The classes live in modules of their own; these are the engine's public
# names (reprs, tracebacks, pickles and the docs say omaha8_fast.engine).
for _cls in (IllegalAction, LegalActions, Action, HandHistory, Hand, Table):
    _cls.__module__ = __name__
del _cls

if TYPE_CHECKING:
    from . import agents as agents
    from . import simulation as simulation

__getattr__: Callable[[str], Any] = _lazy_submodules(__name__, ('agents', 'simulation'))  # agents, simulation: loaded on first use
