"""How a hand moves on after an action (private): the chips moved and the
action logged, the next player to act, the end of a street and the deal of the
next, as the mixin :class:`_Flow` of :class:`omaha8_fast.engine.Hand` (no state
of its own; the attributes are the hand's, see
:class:`~omaha8_fast.engine._read._State`). The same rule is stated in C for
the engine's fast path (csrc/cpython/entry.c's ``act``, csrc/betting.c)."""

from __future__ import annotations

from ..cards import CardsLike, card_ids
from ._betting import IllegalAction
from ._log import STREETS
from ._native import NEXT_TURN as _NEXT_TURN, VERBS as _VERBS
from ._read import BOARD_SIZE as _BOARD_SIZE, CARDS as _CARDS
from ._snapshots import _Snapshots

__all__ = ["_Flow"]

#: _CLOCKWISE[n][seat]: the n seats clockwise after ``seat``, ending with it.
_CLOCKWISE = tuple(tuple(tuple((a + k) % n for k in range(1, n + 1)) for a in range(n)) for n in range(53))


class _Flow(_Snapshots):
    """The turn and street machinery of :class:`omaha8_fast.engine.Hand`."""

    __slots__ = ()

    def _act(self, kind: int, amount: int) -> int:
        """The seat to act does ``_VERBS[kind]`` (checked legal; ``amount``:
        the call's chips, or the bet or raise total): the chips moved, the
        action logged, and the next seat's turn and legal actions when two or
        more can still bet. Returns 0 when the turn is set, else what
        :meth:`_after` does next. The same rule as ``_ACT`` in C
        (csrc/cpython/entry.c's ``act``, which also starts the next street).
        The action is judged again on the hand's own state (:meth:`_refusal`):
        IllegalAction, nothing changed, when it does not fit."""
        why = self._refusal(kind, amount)
        if why is not None:
            raise IllegalAction(why)
        s = self._to_act
        all_in = False
        if kind == 0:
            self._folded[s] = True
            self._live -= 1
            self._able -= 1  # (never all-in: they had chips)
        elif kind == 1:
            self._acted[s] = self._high
        else:
            bets = self._bets
            added = amount if kind == 2 else amount - bets[s]
            self._stacks[s] -= added
            bets[s] += added
            self._committed[s] += added
            high = self._high
            if kind == 2:
                self._acted[s] = high
            else:
                if amount - high >= self._min_raise:  # a full bet or raise; a short all-in changes neither
                    if self._rules.resizes:
                        self._min_raise = amount - high
                    self._bet_count += 1
                self._high = amount
                self._acted[s] = amount
                self._aggressor = s
            all_in = self._stacks[s] == 0
            if all_in:
                self._able -= 1
        self._actions.append((STREETS[self._street], s, _VERBS[kind], amount if kind >= 2 else 0, all_in))
        self._legal = None  # (an Action once read: _log)
        if self._live == 1:
            return 1
        if self._able <= 1:
            return 2
        stacks, folded, acted, bets, high = self._stacks, self._folded, self._acted, self._bets, self._high
        for o in _CLOCKWISE[self._n][s]:
            if stacks[o] and not folded[o] and (acted[o] < 0 or bets[o] < high):
                self._to_act = o
                self._legal = self._compute_legal(o)
                return 0
        return 3

    def _after(self, code: int, s: int) -> None:
        """What an action by ``s`` left to do (``code``, from :meth:`_act` or
        ``_ACT``): 1 pay out (one player left); 2 the next to act after ``s``
        by :meth:`_next_actor` (one player or none can bet); 3 the end of the
        street; 4 the first to act on the street just begun."""
        if code == 1:
            self._finish()
        elif code == 3:
            self._end_street()
        else:
            seat = self._next_actor(self._button if code == 4 else s)
            if seat >= 0:
                self._to_act = seat
            else:
                self._end_street()

    def _next_turn(self, after: int) -> None:
        """Give the turn to the next player who must act, or end the street."""
        turn = self._turn_in_c(after)
        if turn:
            return
        if turn is None:
            seat = self._next_actor(after)
            if seat >= 0:
                self._to_act = seat
                return
        self._end_street()

    def _turn_in_c(self, after: int) -> bool | None:
        """When two or more players can bet: the turn of the next player after
        ``after`` and their legal actions (True), or False when nobody has to
        act (the street is over), decided in C (csrc/engine/betting.c: the rule of
        :meth:`_next_actor` and :meth:`_compute_legal`); None when it is left
        to the Python path."""
        if self._able <= 1 or _NEXT_TURN is None:
            return None
        legal = _NEXT_TURN(
            self._stacks, self._bets, self._folded, self._acted, self._committed, after, self._high,
            self._min_raise, self._bet_count, self._cap, self._rules,
        )
        if legal:
            self._to_act = legal.seat  # type: ignore[union-attr]  # a LegalActions
            self._legal = legal  # type: ignore[assignment]
            return True
        return None if legal is None else False

    def _end_street(self) -> None:
        """Nobody has to act any more on this street: collect and deal on (a
        hand whose board is dealt by hand waits here for the next street's cards)."""
        n = self._n
        while True:  # the street is over: collect and deal on, running out the board if nobody can bet
            self._bets = [0] * n
            if self._street == 3:
                self._street = 4
                self._showdown()
                return
            if self._board_missing():
                self._to_act = -1  # paused until deal_board
                self._legal = None
                return
            if self._next_street():
                return

    def _next_street(self) -> bool:
        """Deal the next street (its cards are there): True when a seat's turn
        is set, False when nobody has to act on it."""
        if self._able <= 1 and self._runs > 1 and self._run_from == 5:
            self._run_from = _BOARD_SIZE[self._street]  # everyone is all-in: the rest runs `runs` times
        self._street += 1
        self._high = 0
        self._min_raise = self._sizes[self._street]
        self._bet_count = 0
        self._acted = [-1] * self._n
        self._aggressor = -1
        turn = self._turn_in_c(self._button)  # the first to act
        if turn:
            return True
        if turn is False:
            return False
        seat = self._next_actor(self._button)
        if seat >= 0:
            self._to_act = seat
            return True
        return False

    def _supply_board(self, cards: CardsLike) -> None:
        """The next street's cards for a hand paused by :attr:`board_needed`,
        then the hand goes on (see :meth:`deal_board`)."""
        need = self.board_needed
        if not need:
            if not self._manual:
                raise IllegalAction("this hand deals its own board: deal_board needs Hand(..., manual_board=True)")
            raise IllegalAction(
                "the hand is over" if self._payouts is not None or self._street == 4
                else f"no board cards are due now: seat {self._to_act} is to act on the {STREETS[self._street]}"
            )
        ids = card_ids(cards)
        street = STREETS[self._street + 1]
        if len(ids) != need:
            raise IllegalAction(f"the {street} takes {need} card{'s' if need > 1 else ''}, got {len(ids)}")
        dealt = set(self._cards)
        for c in ids:
            if c in dealt:
                raise IllegalAction(f"{_CARDS[c]} is already dealt")
            dealt.add(c)
        self._cards += bytes(ids)
        self._faces = None
        if not self._next_street():
            self._end_street()

    def _next_actor(self, after: int) -> int:
        """The first seat clockwise after ``after`` who still has to act, -1 if none."""
        n, folded, stacks, bets = self._n, self._folded, self._stacks, self._bets
        if self._able > 1:
            acted, high = self._acted, self._high
            for s in _CLOCKWISE[n][after]:
                if stacks[s] and not folded[s] and (acted[s] < 0 or bets[s] < high):
                    return s
            return -1
        if self._able == 1:  # one player with chips left: they only answer a bet they have not matched
            s = 0
            while not stacks[s] or folded[s]:
                s += 1
            mine = bets[s]
            for o in range(n):
                if bets[o] > mine and not folded[o]:  # (o is never s)
                    return s
        return -1

