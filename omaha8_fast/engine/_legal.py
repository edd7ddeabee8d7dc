"""What the player to act may do (private): the legal-action rule of
:class:`omaha8_fast.engine.Hand` (:meth:`_Legality.legal_actions`, and why a
bet or raise is refused), as the mixin :class:`_Legality` (no state of its
own; the attributes are the hand's, see
:class:`~omaha8_fast.engine._read._State`). The same rule is stated in C for
the engine's fast path (csrc/cpython/entry.c)."""

from __future__ import annotations

from ..showdown import pots_from_contributions
from ._betting import IllegalAction, LegalActions, fill_legal as _fill
from ._io import _Records
from ._native import VERBS as _VERBS

__all__ = ["_Legality"]

#: _OTHERS[n][seat]: the other seats of an n-seat hand.
_OTHERS = tuple(tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(53))
_FOLD_CALL_RAISE, _CHECK_RAISE, _CHECK_BET = ("fold", "call", "raise"), ("check", "raise"), ("check", "bet")
_FOLD_CALL, _CHECK = ("fold", "call"), ("check",)
_object_new = object.__new__  # builds a LegalActions without its Python-level __init__ (filled by _fill)


class _Legality(_Records):
    """The legal actions of the player to act in :class:`omaha8_fast.engine.Hand`."""

    __slots__ = ()

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (raises IllegalAction if the hand is over).
        The object is read-only and shared (views and copies hold the same one)."""
        legal = self._legal
        if legal is None:
            guard = self._guard
            if not guard.acquire(False):  # an action is running (this thread's, or another's): answer, keep nothing
                return self._legal_now()
            try:
                legal = self._legal = self._legal_now()  # kept: no action can change the state meanwhile
            finally:
                guard.release()
        return legal

    def _legal_now(self) -> LegalActions:
        """The legal actions of the seat to act, made from the state."""
        s = self._to_act
        if s < 0:
            need = self.board_needed
            if need:
                raise IllegalAction(f"the hand waits for {need} board card{'s' if need > 1 else ''}: deal_board()")
            raise IllegalAction("the hand is over")
        return self._compute_legal(s) if self._street < 4 else self._showdown_legal(s)

    def _compute_legal(self, s: int) -> LegalActions:
        """The legal actions of seat ``s`` on a betting street."""
        stacks, bets, high = self._stacks, self._bets, self._high
        stack, bet = stacks[s], bets[s]
        owed = high - bet
        all_in_to = bet + stack
        call = stack if owed > stack else owed
        if all_in_to > high and self._bet_count < self._cap:
            acted, step = self._acted[s], self._min_raise
            if acted < 0 or high - acted >= step:  # short all-ins do not reopen
                folded = self._folded
                for o in _OTHERS[self._n][s]:
                    # An opponent still in could put in more than the current bet
                    # (raising against players all-in for less is pointless).
                    if not folded[o] and bets[o] + stacks[o] > high:
                        low_to = high + step
                        if low_to > all_in_to:
                            low_to = all_in_to
                        rules = self._rules
                        return _fill(
                            _object_new(LegalActions), s,
                            _FOLD_CALL_RAISE if owed > 0 else _CHECK_RAISE if high else _CHECK_BET, call, low_to,
                            all_in_to if rules.all_in_max
                            else rules.max_to(high, low_to, all_in_to, sum(self._committed), owed),
                        )
        return _fill(_object_new(LegalActions), s, _FOLD_CALL if owed > 0 else _CHECK, call, 0, 0)

    def _refusal(self, kind: int, amount: int) -> str | None:
        """Why the seat to act may not do ``VERBS[kind]`` (``amount``: the
        call's chips, or the bet or raise total), judged on the hand's own
        state, never on a LegalActions handed out (views, copies and
        :meth:`legal_actions` share one); None when it may."""
        s = self._to_act
        if s < 0 or self._street > 3 or self._payouts is not None:
            return "nobody is to bet now"
        if kind <= 2:  # a fold or a call when something is owed, a check when nothing is (as _compute_legal says)
            owed, stack = self._high - self._bets[s], self._stacks[s]
            if (owed > 0) != (kind != 1) and not (kind == 0 and self._extra[1]):  # (free_folds: a fold is always taken)
                return f"seat {s} cannot {_VERBS[kind]} now: {owed} to call"
            if kind == 2 and amount != (stack if owed > stack else owed):
                return f"the call is {stack if owed > stack else owed} chips, not {amount}"
            return None
        legal = self._compute_legal(s)
        verb = _VERBS[kind]
        if verb not in legal.actions:
            return f"seat {s} cannot {verb} now (legal: {', '.join(legal.actions)})"
        if kind == 2 and amount != legal.call_amount:
            return f"the call is {legal.call_amount} chips, not {amount}"
        if kind >= 3 and not legal.min_raise_to <= amount <= legal.max_raise_to:
            return f"the {verb} must be from {legal.min_raise_to} to {legal.max_raise_to}, not {amount}"
        return None

    def _showdown_legal(self, s: int) -> LegalActions:
        """At a choose-mode showdown: show, or muck unless that would leave a
        pot with nobody to win it."""
        dead = [o for o in range(self._n) if self._folded[o] or o in self._mucked]
        pots = pots_from_contributions(self._committed, folded=dead, dead=self._dead())
        can_muck = all(len(pot.eligible) > 1 for pot in pots if s in pot.eligible)
        return LegalActions(s, ("muck", "show") if can_muck else ("show",), 0, 0, 0)

    def _why_no_raise(self, legal: LegalActions, kind: str) -> str:
        """Why ``kind`` (a bet or a raise) is not among the ``legal`` actions."""
        s = legal.seat
        if kind == "bet" and self._high:
            return "there is already a bet: raise instead"
        if kind == "raise" and not self._high:
            return "there is no bet to raise: bet instead"
        if self._bets[s] + self._stacks[s] <= self._high:
            return "not enough chips to raise: call or fold"
        if self._bet_count >= self._cap:
            return "the betting is capped (four bets this round)"
        if 0 <= self._acted[s] and self._high - self._acted[s] < self._min_raise:
            return "an all-in for less than a full raise does not reopen the betting: call or fold"
        return "every opponent is all-in: call or fold"
