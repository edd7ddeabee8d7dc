"""The read-only state of a hand (private): the properties of
:class:`omaha8_fast.engine.Hand` that report its settings, chips, cards, log
and showdown order, as the mixin :class:`_Reading` (no state of its own; the
attributes are the hand's, see :class:`_State`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..showdown import Pot, Showdown, pots_from_contributions
from ._betting import Betting
from ._log import STREETS, Action, HandHistory
from ._native import _HandFields
from ._setup import dead_chips

__all__ = ["BOARD_SIZE", "CARDS", "_Reading", "_State"]

#: The board cards dealt by street number (preflop .. showdown).
BOARD_SIZE = (0, 3, 4, 5, 5)
#: Every card by id.
CARDS = tuple(Card(c) for c in range(52))
_BOARD_SIZE, _CARDS = BOARD_SIZE, CARDS
_tuple_new = tuple.__new__  # builds an Action without its Python-level __new__

if TYPE_CHECKING:
    from _thread import LockType

    class _State(_HandFields):
        """For type checkers: the attributes of a hand, the betting state of
        :data:`~omaha8_fast.engine._native.HandBase` and the slots
        :class:`omaha8_fast.engine.Hand` adds (at run time the mixins derive
        from :class:`object` and hold nothing)."""

        _sb: int
        _bb: int
        _small_bet: int | None
        _big_bet: int | None
        _ante: int
        _start: tuple[int, ...]
        _results: list[Showdown] | None
        _raked: int
        _shown: list[int]
        _mucked: list[int]
        _pending: list[int]
        _pot_text: tuple[str, ...] | None
        _posts: tuple[int, ...]
        _dead_sb: bool
        _extra: tuple[tuple[tuple[int, int, str], ...], bool, int]
        _faces: tuple[Card, ...] | None
        _manual: bool
        _n_boards: int
        _bomb: bool
        _guard: LockType

else:
    _State = object


class _Reading(_State):
    """The read-only properties of :class:`omaha8_fast.engine.Hand`."""

    __slots__ = ()

    @property
    def street(self) -> str:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, or ``"showdown"``
        once the hand has reached the showdown (a hand won by folds keeps
        the street it ended on)."""
        return STREETS[self._street]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, None when the hand is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def is_over(self) -> bool:
        """True once the chips have been paid out."""
        return self._payouts is not None

    @property
    def betting(self) -> Betting:
        """The betting structure."""
        return self._rules.name

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._button

    @property
    def players(self) -> int:
        """The number of seats in the hand."""
        return self._n

    @property
    def starting_stacks(self) -> list[int]:
        """The stacks before the antes and blinds."""
        return list(self._start)

    @property
    def stacks(self) -> list[int]:
        """Chips behind each player (not counting their bets)."""
        return list(self._stacks)

    @property
    def bets(self) -> list[int]:
        """Each player's bet on the current street (not yet in :attr:`pots`)."""
        return list(self._bets)

    @property
    def contributions(self) -> list[int]:
        """Chips each player has put in this hand (antes, blinds, all bets)."""
        return list(self._committed)

    @property
    def pot(self) -> int:
        """All chips in the middle: the pots plus the current bets (0 once
        they have been paid out), so ``sum(stacks) + pot + rake`` never changes."""
        return 0 if self._payouts is not None else sum(self._committed)

    @property
    def pots(self) -> list[Pot]:
        """The main pot then the side pots, each ``Pot(amount, eligible
        seats)``, from the chips of finished streets (the current
        :attr:`bets` are not in them yet; at the end, after uncalled chips
        went back). Built by :func:`omaha8_fast.showdown.pots_from_contributions`;
        empty once paid out (see :attr:`showdown_result` for how)."""
        collected = [c - b for c, b in zip(self._committed, self._bets)]
        if self._payouts is not None or not any(collected):
            return []
        return pots_from_contributions(collected, folded=[s for s in range(self._n) if self._folded[s]], dead=self._dead())

    def _chip(self) -> int:
        """The smallest chip the pots are split in (``Hand``'s ``chip``; 1 for a hand pickled before it)."""
        extra = self._extra
        return extra[2] if len(extra) > 2 else 1

    def _dead(self) -> tuple[int, ...] | None:
        """The chips each seat posted dead (:func:`~omaha8_fast.engine._setup.dead_chips`), None when nobody did."""
        return dead_chips(self._extra[0], self._n)

    @property
    def folded(self) -> list[bool]:
        """Which players have folded."""
        return list(self._folded)

    @property
    def board_needed(self) -> int:
        """How many board cards the hand waits for (a hand made with
        ``manual_board=True``, paused between streets until :meth:`deal_board`):
        3 before the flop, 1 before the turn and the river; 0 when it waits for none."""
        return 0 if self._to_act >= 0 or self._payouts is not None else self._board_missing()

    def _board_missing(self) -> int:
        """How many cards of the next street's board a ``manual_board`` hand lacks (0: dealt, or no next street)."""
        street = self._street
        if not self._manual or street > 2:
            return 0
        dealt = len(self._cards) - self._n * self._hole_size
        return _BOARD_SIZE[street + 1] - dealt if dealt < _BOARD_SIZE[street + 1] else 0

    @property
    def double_board(self) -> bool:
        """Whether the hand deals two boards (``Hand(..., boards=2)``; :attr:`boards` holds both)."""
        return self._n_boards == 2

    @property
    def bomb_pot(self) -> int:
        """The ante of a bomb pot (``Hand(..., bomb_pot=...)``), 0 for a hand with blinds."""
        return self._ante if self._bomb else 0

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far (the first run's when the board
        ran more than once, the first board's on a double board)."""
        start = self._n * self._hole_size
        return tuple([_CARDS[c] for c in self._cards[start:start + _BOARD_SIZE[self._street]]])

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """The board of each run: one board (:attr:`board`) unless the hand
        ran it ``runs`` times (the runs share the cards dealt before the
        all-in) or deals two boards (``boards=2``: both as far as dealt)."""
        if self._run_from == 5:
            return (self.board,)
        return tuple(tuple([_CARDS[c] for c in board]) for board in self._board_ids())

    def _board_ids(self) -> list[tuple[int, ...]]:
        """The card ids of each run's board, as far as dealt."""
        cards, at = self._cards, self._n * self._hole_size
        first = tuple(cards[at:at + _BOARD_SIZE[self._street]])
        if self._run_from == 5:
            return [first]
        k, extra = self._run_from, 5 - self._run_from
        at += 5
        count = self._n_boards if self._n_boards > 1 else self._runs
        seen = max(0, _BOARD_SIZE[self._street] - k)  # a double board shows each board street by street
        return [first] + [first[:k] + tuple(cards[at + r * extra:at + r * extra + seen]) for r in range(count - 1)]

    @property
    def holes(self) -> list[tuple[Card, ...]]:
        """Every player's hole cards, by seat."""
        h, cards = self._hole_size, self._cards
        return [tuple([_CARDS[c] for c in cards[s * h:(s + 1) * h]]) for s in range(self._n)]

    @property
    def rake(self) -> int:
        """Chips the house took (0 until the hand is over)."""
        return self._raked

    @property
    def runs(self) -> int:
        """How many times the board is run when everyone is all-in (the setting)."""
        return self._runs

    @property
    def showdown_mode(self) -> str:
        """``"all"``, ``"muck-losers"`` or ``"choose"``."""
        return self._mode

    @property
    def shown_seats(self) -> list[int]:
        """The seats whose cards were shown at the showdown, in the order they showed."""
        return self.showdown_order if self._mode == "all" else list(self._shown)

    @property
    def mucked_seats(self) -> list[int]:
        """The seats that mucked at the showdown, unseen."""
        return list(self._mucked)

    @property
    def history(self) -> HandHistory:
        """The settings, cards and actions so far (see :meth:`replay`)."""
        return HandHistory(
            self._start, self._button, self._sb, self._bb, self._rules.name, self._small_bet, self._big_bet,
            0 if self._bomb else self._ante, self._hole_size, tuple([_CARDS[c] for c in self._cards]), self._log(),
            self._rake, self._runs, self._mode, self._posts, self._dead_sb, self._n_boards,
            self._ante if self._bomb else 0, self._extra[0], self._extra[1], self._chip(),
        )

    @property
    def actions(self) -> list[Action]:
        """The players' actions so far."""
        return list(self._log())

    def _log(self) -> tuple[Action, ...]:
        """The actions as :class:`Action` records. Every action is logged as
        a plain tuple of the same fields and becomes its Action here, once,
        in place (an equal, immutable record); as records are only ever
        appended, the plain ones are the tail after the last Action."""
        actions = self._actions
        i = len(actions) - 1
        while i >= 0 and type(actions[i]) is not Action:
            actions[i] = _tuple_new(Action, actions[i])
            i -= 1
        return tuple(actions)  # every record is an Action now

    @property
    def payouts(self) -> list[int] | None:
        """Chips each player won from the pots (uncalled chips returned are not
        included; see :attr:`returned`), None until the hand is over."""
        return None if self._payouts is None else list(self._payouts)

    @property
    def returned(self) -> tuple[int, int] | None:
        """``(seat, chips)`` of an uncalled bet given back at the end, if any."""
        return self._returned

    @property
    def net(self) -> list[int]:
        """Each player's win (+) or loss (-) so far against the starting stacks."""
        return [s - start for s, start in zip(self._stacks, self._start)]

    @property
    def showdown_order(self) -> list[int]:
        """The live seats in the order they show: the last player to bet or
        raise on the river first, else the first live player clockwise from
        the button; then clockwise. Empty unless the hand reached a showdown."""
        if self._street != 4:
            return []
        n = self._n
        first = self._aggressor if self._aggressor >= 0 else (self._button + 1) % n
        order = [(first + k) % n for k in range(n)]
        return [s for s in order if not self._folded[s]]

    @property
    def showdown_seats(self) -> list[int]:
        """The seats in the showdown module's player order, starting left of
        the button (the order that breaks odd chips): player ``i`` of
        :attr:`showdown_result` is seat ``showdown_seats[i]``."""
        n, button = self._n, self._button
        return [(button + 1 + k) % n for k in range(n)]
