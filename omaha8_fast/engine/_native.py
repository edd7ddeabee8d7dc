"""The hand engine's C entry points (private): the turn rule, one action,
the deal and one board's showdown of :class:`omaha8_fast.engine.Hand`, from
the ``_entry`` extension (csrc/cpython/entry.c, on ``o8_bet_next``,
``o8_deal`` and ``o8_showdown`` of csrc/engine/betting.c, csrc/engine/deal.c and csrc/eval/showdown.c),
and :data:`HandBase`, the class that holds a hand's betting state.

Each function returns its answer, or None when the engine's Python path must
answer (anything not exactly as the engine keeps it); all of them are None
without the extension or with ``OMAHA8_ENTRY=0`` (the engine then runs its
Python path, which states the same rules, and :data:`HandBase` is a plain
class with the same attributes as slots).

>>> from omaha8_fast.engine._betting import RULES
>>> if NEXT_TURN is not None:   # seat 2 (the big blind) acted, seat 0 is first to answer the raise
...     print(NEXT_TURN([100, 98, 94], [0, 2, 6], [False, False, False], [-1, -1, 6], [0, 2, 6], 2, 6, 4, 2, 10**15,
...                     RULES["no-limit"]))
... else:
...     print("LegalActions(seat=0, actions=('fold', 'call', 'raise'), call_amount=6, min_raise_to=10, max_raise_to=100)")
LegalActions(seat=0, actions=('fold', 'call', 'raise'), call_amount=6, min_raise_to=10, max_raise_to=100)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._core import ffi, lib
from ._betting import RULES, BettingRules, LegalActions
from ._log import STREETS
from .rake import Rake

__all__ = ["ACT", "DEAL", "HAND_FIELDS", "KINDS", "NEXT_TURN", "PLAY", "SPLIT", "START", "VERBS", "HandBase"]

#: The kinds of LegalActions.actions, in csrc's O8_KINDS_* order.
KINDS: tuple[tuple[str, ...], ...] = (
    ("fold", "call", "raise"), ("check", "raise"), ("check", "bet"), ("fold", "call"), ("check",),
)
#: The kinds of action ``ACT`` takes, by number.
VERBS: tuple[str, ...] = ("fold", "check", "call", "bet", "raise")
_FIELDS = ("seat", "actions", "call_amount", "min_raise_to", "max_raise_to")
#: The hand's betting state: the attributes :data:`HandBase` holds (the
#: members of csrc/cpython/entry.c's HandState, in its order).
HAND_FIELDS: tuple[str, ...] = (
    "_stacks", "_bets", "_committed", "_folded", "_acted", "_actions", "_legal", "_rules", "_sizes",
    "_high", "_min_raise", "_bet_count", "_cap", "_n", "_button", "_street", "_to_act", "_aggressor", "_live", "_able",
    "_cards", "_hole_size", "_mode", "_rake", "_runs", "_run_from", "_payouts", "_returned",
)


class _HandFields:
    """The betting state's attributes as plain slots (without the extension;
    for type checkers, the attributes of :data:`HandBase` either way)."""

    __slots__ = HAND_FIELDS
    _stacks: list[int]
    _bets: list[int]
    _committed: list[int]
    _folded: list[bool]
    _acted: list[int]
    _actions: list[Any]  # plain tuples, then Actions (Hand._log)
    _legal: LegalActions | None
    _rules: BettingRules
    _sizes: tuple[int, ...]
    _high: int
    _min_raise: int
    _bet_count: int
    _cap: int
    _n: int
    _button: int
    _street: int
    _to_act: int
    _aggressor: int
    _live: int
    _able: int
    _cards: bytes
    _hole_size: int
    _mode: str
    _rake: Rake | None
    _runs: int
    _run_from: int
    _payouts: list[int] | None
    _returned: tuple[int, int] | None


def _bind() -> tuple[Any, ...]:
    if os.environ.get("OMAHA8_ENTRY", "1") == "0":
        return None, None, None, None, None, None, _HandFields
    try:
        from .._entry import bind_engine
    except ImportError:  # a build without it: the Python path answers
        return None, None, None, None, None, None, _HandFields
    rules = (RULES["limit"], RULES["pot-limit"], RULES["no-limit"])
    slots = tuple(LegalActions.__dict__[name] for name in _FIELDS)  # the member descriptors C sets them with
    return bind_engine(
        int(ffi.cast("uintptr_t", lib.o8_entry_table())), LegalActions, slots, KINDS, rules, STREETS, VERBS,
    )


_next_turn, _deal, _split, _act, _start, _play, _base = _bind()
#: ``NEXT_TURN(stacks, bets, folded, acted, committed, after, high,
#: min_raise, bet_count, cap, rules)``: after seat ``after`` acted (two or
#: more players can still bet), the LegalActions of the next seat to act,
#: False when the street is over, None when the Python path must answer.
NEXT_TURN: Callable[..., LegalActions | bool | None] | None = _next_turn
#: ``DEAL(bits, count)``: the first ``count`` cards of a fresh deck shuffled
#: by ``o8_deal`` from ``bits`` (bytes), as bytes; None when not taken.
DEAL: Callable[[bytes, int], bytes | None] | None = _deal
#: ``SPLIT(cards, n, hole_size, live, first, pots)``: the payouts by seat of
#: ``o8_showdown`` on one board (``cards[n * hole_size:][:5]``), ``pots`` a
#: flat list of (amount, eligible mask) pairs; None when not taken or refused.
SPLIT: Callable[[bytes, int, int, int, int, list[int]], list[int] | None] | None = _split
#: ``ACT(hand, kind, amount)``: the seat to act does ``VERBS[kind]``
#: (``amount``: the call's chips, or the bet or raise total), already checked
#: legal: 0 when the next turn is set, else what the hand does next (see
#: ``Hand._after``), None (nothing changed) when the Python path must act.
ACT: Callable[[Any, int, int], int | None] | None = _act
#: ``START(hand, stacks, button, small_seat, big_seat, small_blind,
#: big_blind, ante, posts, rules, sizes, cap, cards, hole_size, mode, rake,
#: runs)``: a new hand's betting state (see ``Hand._begin``) and its first
#: turn: 0 when set, 1 when ``Hand._next_turn`` must give it, None (nothing
#: changed) when the Python path must set the state.
START: Callable[..., int | None] | None = _start
#: ``PLAY(hand, choosers)``: the turns of the seats whose chooser (a tuple
#: by the hand's seats) is built in, one after the other: a random agent's
#: ``random.Random.random`` bound method (:meth:`agents.RandomAgent.choose`'s
#: draws) or None (:func:`agents.calling_station`); False hands the turn
#: back. Returns the seat whose turn the caller takes, -1 when nobody is to
#: act, None when not taken.
PLAY: Callable[[Any, tuple[Any, ...]], int | None] | None = _play
#: The base class of :class:`omaha8_fast.engine.Hand`: the attributes
#: :data:`HAND_FIELDS` (C members that ``ACT`` reads and writes directly, or
#: plain slots).
if TYPE_CHECKING:
    HandBase = _HandFields
else:
    HandBase = _base
