"""Copies, pickles and per-seat views of a hand (private): the snapshot side
of :class:`omaha8_fast.engine.Hand` (``copy``, pickling, ``==`` and
``view``), as the mixin :class:`_Snapshots` (no state of its own; the
attributes are the hand's, see :class:`~omaha8_fast.engine._read._State`), and
:data:`STATE`, the names of every attribute a hand holds."""

from __future__ import annotations

from _thread import allocate_lock as _allocate_lock
from operator import index
from typing import ClassVar, TypeVar

from ..cards import Card
from ._legal import _Legality
from ._log import STREETS, pot_lines
from ._native import HAND_FIELDS
from ._read import BOARD_SIZE as _BOARD_SIZE, CARDS as _CARDS
from .views import SeatView

__all__ = ["HAND_SLOTS", "STATE", "_Snapshots"]

#: The attributes :class:`omaha8_fast.engine.Hand` adds to the betting state
#: of its base class (:data:`~omaha8_fast.engine._native.HAND_FIELDS`): its slots.
HAND_SLOTS = (
    "_sb", "_bb", "_small_bet", "_big_bet", "_ante", "_start", "_results", "_raked", "_shown", "_mucked",
    "_pending", "_pot_text", "_posts", "_dead_sb", "_faces", "_manual", "_n_boards", "_bomb", "_extra",
)
#: What a pickle made before a slot existed gives it.
_DEFAULTS: dict[str, object] = {"_manual": False, "_n_boards": 1, "_bomb": False, "_extra": ((), False, 1)}
#: Every attribute of a hand (its pickled state).
STATE = HAND_FIELDS + HAND_SLOTS
#: _NONES[n]: n Nones (nobody's cards shown).
_NONES = tuple((None,) * n for n in range(53))
_tuple_new = tuple.__new__  # builds a SeatView without its Python-level __new__
_H = TypeVar("_H", bound="_Snapshots")


class _Snapshots(_Legality):
    """Copies, pickles, equality and per-seat views of :class:`omaha8_fast.engine.Hand`."""

    __slots__ = ()

    # --- copy and pickle -----------------------------------------------------

    def copy(self: _H) -> _H:
        """An independent clone (for search): playing one never changes the other.

        >>> from omaha8_fast.engine import Hand
        >>> hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=1)
        >>> clone = hand.copy(); clone.fold()
        >>> hand.to_act, clone.to_act, hand == Hand.replay(hand.history)
        (0, 1, True)
        """
        new: _H = object.__new__(type(self))
        new._n, new._button, new._sb, new._bb, new._rules = self._n, self._button, self._sb, self._bb, self._rules
        new._small_bet, new._big_bet, new._ante, new._hole_size = self._small_bet, self._big_bet, self._ante, self._hole_size
        new._start, new._cards, new._sizes, new._cap = self._start, self._cards, self._sizes, self._cap
        new._stacks, new._bets, new._committed = self._stacks[:], self._bets[:], self._committed[:]
        new._folded, new._acted, new._actions = self._folded[:], self._acted[:], self._actions[:]
        new._high, new._min_raise, new._bet_count, new._street = self._high, self._min_raise, self._bet_count, self._street
        new._to_act, new._aggressor, new._legal, new._returned = self._to_act, self._aggressor, self._legal, self._returned
        new._payouts = None if self._payouts is None else self._payouts[:]
        new._results, new._live, new._able = self._results, self._live, self._able
        new._rake, new._raked, new._runs, new._run_from, new._mode = self._rake, self._raked, self._runs, self._run_from, self._mode
        new._posts, new._dead_sb, new._faces, new._manual = self._posts, self._dead_sb, self._faces, self._manual
        new._n_boards, new._bomb = self._n_boards, self._bomb
        new._extra = self._extra
        new._guard = _allocate_lock()
        new._shown, new._mucked, new._pending, new._pot_text = self._shown[:], self._mucked[:], self._pending[:], self._pot_text
        return new

    __copy__ = copy

    def __deepcopy__(self: _H, memo: dict[int, object]) -> _H:
        return self.copy()  # everything shared by the clone is immutable

    def __getstate__(self) -> dict[str, object]:
        state = {name: getattr(self, name) for name in STATE}
        state["_results"] = None  # the showdown details are rebuilt on demand
        state["_legal"] = None
        state["_faces"] = None  # Card objects for views, made again on demand
        # The state as it always was: the cards as a tuple of ids, the log as Actions.
        state["_cards"] = tuple(self._cards)
        state["_actions"] = list(self._log())
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        for name in STATE:
            object.__setattr__(self, name, None if name == "_faces" else state.get(name, _DEFAULTS[name]) if name in _DEFAULTS else state[name])
        self._cards = bytes(self._cards)  # the card ids (a tuple in older pickles)
        self._guard = _allocate_lock()

    def __eq__(self, other: object) -> bool:
        """Hands are equal when they have the same settings, cards and
        actions (which decide everything else)."""
        if not isinstance(other, _Snapshots):
            return NotImplemented
        return self.history == other.history

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # a hand changes

    # --- views ---------------------------------------------------------------

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know now (None: a spectator), as an immutable
        :class:`~omaha8_fast.engine.views.SeatView`.

        >>> from omaha8_fast.engine import Hand
        >>> hand = Hand([100, 100], 0, 1, 2, deck="As Ks 2c 3d  Qh Qd 7c 8c  2h 5h 9s Td Jd")
        >>> hand.call(); hand.check()
        >>> view = hand.view(0)
        >>> view.street, view.board, view.hole_cards[0], view.legal_actions()
        ('flop', (Card('2h'), Card('5h'), Card('9s')), Card('As'), None)
        """
        n = self._n
        if seat is not None:
            if type(seat) is not int:
                if isinstance(seat, bool) or not hasattr(seat, "__index__"):
                    raise TypeError(f"the seat must be an int or None, not {type(seat).__name__}")
                seat = index(seat)
            if not 0 <= seat < n:
                raise ValueError(f"the seat must be 0..{n - 1} or None, got {seat}")
        h, street = self._hole_size, self._street
        faces, cards = self._faces, self._cards
        if faces is None or len(faces) != len(cards):  # (a manual board grows)
            faces = self._faces = tuple([_CARDS[c] for c in cards])
        if street == 4:
            shown_seats: tuple[int, ...] = tuple(self.shown_seats)
            seen: list[tuple[Card, ...] | None] = [None] * n
            for s in shown_seats:
                seen[s] = faces[s * h:(s + 1) * h]
            shown = tuple(seen)
            if self._payouts is not None and self._pot_text is None:
                self._pot_text = tuple(pot_lines(self.showdown_results, self.showdown_seats, "Board" if self._n_boards == 2 else "Run"))
        else:
            shown_seats, shown = (), _NONES[n]
        if self._run_from == 5:
            at = n * h
            board = faces[at:at + _BOARD_SIZE[street]]
            boards: tuple[tuple[Card, ...], ...] = (board,)
        else:
            boards = self.boards
            board = boards[0]
        to_act = self._to_act
        return _tuple_new(SeatView, (
            seat, STREETS[street], self._button, None if to_act < 0 else to_act,
            None if seat is None else faces[seat * h:(seat + 1) * h],
            board, boards, self._start, tuple(self._stacks), tuple(self._bets), tuple(self._committed),
            tuple(self._folded), self._log(),
            (self._legal or self.legal_actions()) if seat == to_act and seat is not None else None,
            shown, shown_seats, tuple(self._mucked), self._payouts is not None,
            None if self._payouts is None else tuple(self._payouts), self._returned, self._raked,
            self._rules.name, self._sb, self._bb, self._small_bet, self._big_bet, self._ante, self._runs,
            self._run_from, self._pot_text or (), self._posts, self._dead_sb, self._n_boards == 2, self._bomb,
            self._extra[0], self._extra[1],
        ))
