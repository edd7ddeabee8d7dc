"""The end of a hand (private): uncalled chips, the showdown (shown,
mucked, chosen), the rake and the split of every pot of
:class:`omaha8_fast.engine.Hand`, as the mixin :class:`_Settlement` (no
state of its own)."""

from __future__ import annotations

from operator import add as _add, sub as _sub

from .._core import ffi as _ffi, lib as _lib
from ..showdown import (
    Contributions,
    Pot,
    PotLike,
    Showdown,
    _side_pots,
    pots_from_contributions,
)
from ._native import SPLIT as _SPLIT
from ._read import _Reading
from ._settle import muck_losers, settle

__all__ = ["_Settlement"]

_INT64S = _ffi.typeof("int64_t[]")


def _without_mucked(pots: list[Pot], mucked: set[int]) -> list[Pot]:
    """``pots`` (built as if nobody mucked) with the ``mucked`` players'
    claims removed. Every pot stays a pot of its own, split on its own (rule
    4 of docs/rules.md), even when mucks leave two pots with the same
    players; a pot every claimant of which mucked (the last hand left wins
    unseen) goes to the pot below it.

    >>> _without_mucked([Pot(21, (0, 1, 2)), Pot(91, (1, 2))], {0})
    [Pot(amount=21, eligible=(1, 2)), Pot(amount=91, eligible=(1, 2))]
    """
    out: list[Pot] = []
    for amount, eligible in pots:
        left = tuple(i for i in eligible if i not in mucked)
        if left:
            out.append(Pot(amount, left))
        elif out:
            out[-1] = Pot(out[-1].amount + amount, out[-1].eligible)
        else:  # no pot below: the next pot with a claimant takes it (added below)
            out.append(Pot(amount, ()))
    if out and not out[0].eligible:
        empty = out.pop(0)
        if out:
            out[0] = Pot(out[0].amount + empty.amount, out[0].eligible)
    return out


class _Settlement(_Reading):
    """Settling a hand: from the end of the betting to the payout."""

    __slots__ = ()

    @property
    def showdown_result(self) -> Showdown | None:
        """The full showdown (winners, hands, shares per pot) if there was
        one, from :func:`omaha8_fast.showdown.showdown`; its players are
        numbered as in :attr:`showdown_seats`. With several runs, the first
        run's (see :attr:`showdown_results`)."""
        results = self.showdown_results
        return results[0] if results else None

    @property
    def showdown_results(self) -> tuple[Showdown, ...]:
        """One :class:`Showdown` per run of the board, once the hand is over at a showdown."""
        if self._street != 4 or self._payouts is None:
            return ()
        if self._results is None:
            self._results = self._settle(True)[1]
        return tuple(self._results)

    def _return_uncalled(self) -> None:
        committed, dead = self._committed, self._dead()
        stakes = committed if dead is None else list(map(_sub, committed, dead))  # dead chips are nobody's stake
        most = max(stakes)
        if stakes.count(most) > 1:  # two or more put in the most: nothing is uncalled
            return
        top = stakes.index(most)  # the seat that put in the most
        excess = most - sorted(stakes)[-2]  # over the most anyone else put in
        if excess:
            committed[top] -= excess
            self._stacks[top] += excess
            self._returned = (top, excess)

    def _showdown(self) -> None:
        """The betting is over with two or more hands live: show them in the
        rules' order, as the showdown mode says, then pay out."""
        self._to_act = -1
        self._legal = None
        self._return_uncalled()
        if self._mode == "all":  # every live hand shows: shown_seats is the showdown order
            self._finish()
            return
        order = self.showdown_order
        if self._mode == "muck-losers":
            h, cards, seats = self._hole_size, self._cards, self.showdown_seats
            holes = {s: tuple(cards[s * h:(s + 1) * h]) for s in order}
            boards = self._board_ids()
            pots = [(amount, [seats[i] for i in eligible]) for amount, eligible in self._pots_in_order()]
            self._shown, self._mucked = muck_losers(order, boards, holes, pots)
        else:
            self._pending = order
            self._next_decision()
            return
        self._finish()

    def _next_decision(self) -> None:
        """Choose mode: the next seat to show or muck, or the payout when none is left."""
        pending = self._pending
        while pending:
            s = pending[0]
            if self._live - len(self._mucked) == 1:  # everyone else mucked: the pot is theirs unseen
                pending.clear()
                break
            self._to_act = s
            return
        self._to_act = -1
        self._finish()

    def _decide(self, s: int, kind: str) -> None:
        self._pending.pop(0)
        self._actions.append(("showdown", s, kind, 0, self._stacks[s] == 0))
        self._legal = None
        self._next_decision()

    def _pots_in_order(self) -> list[Pot]:
        """The pots, players numbered in showdown-module order, the rake taken out."""
        seats, committed, chips = self.showdown_seats, self._committed, self._dead()
        folded = [i for i, s in enumerate(seats) if self._folded[s]]
        pots = pots_from_contributions([committed[s] for s in seats], folded=folded,
                                       dead=None if chips is None else [chips[s] for s in seats])
        if self._mode == "choose" and self._mucked:  # a muck-losers muck gives up nothing it could win
            pots = _without_mucked(pots, {i for i, s in enumerate(seats) if s in self._mucked})
        return self._rake.take(pots, self._raked) if self._rake is not None and self._raked else pots

    def _split_one_board(self) -> list[int] | None:
        """The payouts by seat of a showdown on one board with no rake and no
        choose-mode muck, in one C call (the cards were checked when dealt);
        None when the general path must decide (it raises the errors).

        The holes go to C in seat order: the leftover chips of a half start
        with the seat left of the button (``first``), as the showdown
        module's player order does."""
        if self._extra[0] and self._dead() is not None:  # dead chips: the general path's pots
            return None
        n, h = self._n, self._hole_size
        committed, folded = self._committed, self._folded
        live = 0
        level = -1
        single = True
        for s in range(n):
            if not folded[s]:
                live |= 1 << s
                if level != committed[s]:
                    single = level < 0
                    level = committed[s]
        if single:  # live players all in for the same: one pot (folded chips are dead money in it)
            pairs = [sum(committed), live]
        else:
            players = [s for s in range(n) if live >> s & 1]
            pairs = [x for amount, eligible in _side_pots(committed, players) for x in (amount, sum(1 << s for s in eligible))]
        cards = self._cards
        if len(cards) < n * h + 5:  # o8_showdown reads that many bytes (a hand's own cards are never short)
            return None
        first = (self._button + 1) % n
        if _SPLIT is not None:  # the same call, straight from and to Python objects (csrc/cpython/entry.c)
            won = _SPLIT(cards, n, h, live, first, pairs)
            if won is not None:
                return won
        at = n * h
        payouts = _ffi.new(_INT64S, n)
        code = _lib.o8_showdown(
            cards[at:at + 5], 5, cards, h, n, live, first, pairs, len(pairs) // 2,
            payouts, _ffi.NULL, _ffi.NULL, _ffi.NULL,
        )
        return None if code else list(payouts)

    def _settle(self, detailed: bool) -> tuple[list[int], list[Showdown]]:
        """Split the pots at the showdown: payouts by seat, and the results per run."""
        chip = self._chip()
        if not detailed and self._run_from == 5 and not self._raked and self._mode != "choose" and chip == 1:
            fast = self._split_one_board()
            if fast is not None:
                return fast, []
        n, h, cards, order = self._n, self._hole_size, self._cards, self.showdown_seats
        dead = self._folded
        mucked = self._mucked if self._mode == "choose" else ()
        holes = [None if dead[s] or s in mucked else tuple(cards[s * h:(s + 1) * h]) for s in order]
        boards = self._board_ids()
        pots: PotLike
        if len(boards) == 1 and not self._raked and not mucked and self._dead() is None and chip == 1:
            committed = self._committed
            live = {committed[s] for s in range(n) if not dead[s]}
            # Live players all in for the same: one pot (the folded chips are dead money in it).
            pots = sum(committed) if len(live) == 1 else Contributions(committed[s] for s in order)
        else:
            pots = self._pots_in_order()
        won, results = settle(boards, holes, pots, detailed, chip)
        payouts = [0] * n
        for k, s in enumerate(order):
            payouts[s] = won[k]
        return payouts, results

    def _finish(self) -> None:
        """Return the uncalled chips, take the rake, then pay out every pot."""
        self._to_act = -1
        self._legal = None
        if self._street < 4:
            self._return_uncalled()
        if self._rake is not None:
            self._raked = self._rake.amount(sum(self._committed), flop_seen=self._street >= 1)
        if self._live == 1:
            payouts = [0] * self._n
            payouts[self._folded.index(False)] = sum(self._committed) - self._raked
        else:
            fast = self._split_one_board() if self._run_from == 5 and not self._raked and self._mode != "choose" \
                and self._chip() == 1 else None
            payouts = self._settle(False)[0] if fast is None else fast
        self._bets = [0] * self._n
        self._stacks = list(map(_add, self._stacks, payouts))
        self._payouts = payouts
