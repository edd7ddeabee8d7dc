"""What one seat may know: :class:`SeatView`, made by ``Hand.view(seat)``.

A view is an immutable snapshot (a named tuple) of exactly what the seat may
see: its own hole cards, every public fact (stacks, bets, pots, the
board(s), the actions, whose turn it is, the legal actions when it is this
seat's turn) and other players' cards only once shown at the showdown.
Folded and mucked hands are never in a view, nor in its :attr:`SeatView.history`.
``Hand.view(None)`` is a spectator's view: no hole cards until shown.

Views serialise to JSON (:meth:`SeatView.to_json`), cards as text (``"As"``).
The JSON schema, version :data:`VIEW_SCHEMA_VERSION`, is one object:

=================== ==========================================================
key                 value
=================== ==========================================================
``schema``          ``"omaha8_fast.view"``
``version``         ``1``
``seat``            the viewer's seat, ``null`` for a spectator
``street``          ``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, ``"showdown"``
``button``          the button's seat
``to_act``          the seat to act, ``null`` when nobody is
``hole_cards``      the viewer's cards (``["As", "Kd", ...]``), ``null`` for a spectator
``board``           the first (or only) board dealt so far
``boards``          every run's board (one list unless the board ran more than once)
``starting_stacks`` chips before the antes and blinds, by seat
``stacks``          chips behind, by seat
``bets``            bets on this street, by seat
``contributions``   chips put in this hand, by seat
``pot``             all chips in the middle
``pots``            ``[{"amount": a, "eligible": [seats]}]`` of finished streets
``folded``          by seat
``actions``         ``[{"street", "seat", "kind", "amount", "all_in"}]``
``legal_actions``   ``{"seat", "actions", "call_amount", "min_raise_to", "max_raise_to"}`` or ``null``
``shown``           by seat: the cards shown at the showdown, or ``null``
``shown_seats``     the seats that showed, in the order they showed
``mucked``          the seats that mucked at the showdown
``is_over``         whether the chips have been paid out
``payouts``         by seat, ``null`` until over
``returned``        ``[seat, chips]`` of an uncalled bet, or ``null``
``rake``            chips raked
``settings``        ``{"betting", "small_blind", "big_blind", "small_bet", "big_bet", "ante", "runs", "posts", "dead_small_blind", "double_board", "bomb_pot"}``
=================== ==========================================================

>>> from omaha8_fast import Hand
>>> hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h")
>>> view = hand.view(0)
>>> view.hole_cards, view.to_act, view.legal_actions().actions
((Card('As'), Card('Ks'), Card('2c'), Card('3d')), 0, ('fold', 'call', 'raise'))
>>> hand.view(1).hole_cards, hand.view(1).legal_actions() is None
((Card('Qh'), Card('Qd'), Card('7c'), Card('8c')), True)
>>> hand.view(None).hole_cards, hand.view(None).shown
(None, (None, None, None))
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..cards import Card, format_cards
from ..showdown import Pot, pots_from_contributions
from ._betting import LegalActions
from ._log import Action, render_log
from ._setup import dead_chips

__all__ = ["VIEW_SCHEMA", "VIEW_SCHEMA_VERSION", "SeatView"]

VIEW_SCHEMA = "omaha8_fast.view"
VIEW_SCHEMA_VERSION = 1


def _text(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [str(c) for c in cards]


class SeatView(NamedTuple):
    """A seat's (or a spectator's) immutable view of a hand; see the module docs."""

    seat: int | None
    street: str
    button: int
    to_act: int | None
    hole_cards: tuple[Card, ...] | None
    board: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], ...]
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    actions: tuple[Action, ...]
    #: The seat's legal actions when it is its turn, else None (also :meth:`legal_actions`).
    legal: LegalActions | None
    shown: tuple[tuple[Card, ...] | None, ...]
    #: The seats whose cards were shown, in the order they showed.
    shown_seats: tuple[int, ...]
    mucked: tuple[int, ...]
    is_over: bool
    payouts: tuple[int, ...] | None
    returned: tuple[int, int] | None
    rake: int
    betting: str
    small_blind: int
    big_blind: int
    small_bet: int | None
    big_bet: int | None
    ante: int
    runs: int
    #: Board cards all runs share (5 unless the board ran more than once).
    run_from: int
    #: How each pot was split (text, shown hands only), once over.
    pot_text: tuple[str, ...]
    #: Seats that posted a big blind out of turn.
    posts: tuple[int, ...]
    #: Whether nobody posted the small blind (the dead-button rule).
    dead_small_blind: bool
    #: Whether the hand deals two boards (``Hand(..., boards=2)``).
    double_board: bool = False
    #: Whether the hand is a bomb pot (``ante`` is its ante; no blinds).
    bomb_pot: bool = False
    #: The extra blinds posted, ``(seat, chips, kind)`` (see ``Hand``'s ``extra_blinds``).
    extra_blinds: tuple[tuple[int, int, str], ...] = ()
    #: Whether a player may fold when checking is free.
    free_folds: bool = False

    def legal_actions(self) -> LegalActions | None:
        """What this seat may do now, None when it is not its turn (or for a
        spectator): a method, as :meth:`Hand.legal_actions
        <omaha8_fast.engine.Hand.legal_actions>` (the field is :attr:`legal`).
        The object is read-only."""
        return self.legal

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """All chips in the middle (0 once paid out)."""
        return 0 if self.is_over else sum(self.contributions)

    @property
    def pots(self) -> list[Pot]:
        """The main and side pots of finished streets, as ``Hand.pots``."""
        collected = [c - b for c, b in zip(self.contributions, self.bets)]
        if self.is_over or not any(collected):
            return []
        return pots_from_contributions(collected, folded=[s for s, f in enumerate(self.folded) if f],
                                       dead=dead_chips(self.extra_blinds, len(collected)))

    @property
    def history(self) -> str:
        """The hand log as this seat may read it: its own hole cards and the
        hands shown at the showdown, no others."""
        holes: list[tuple[Card, ...] | None] = list(self.shown)
        if self.seat is not None:
            holes[self.seat] = self.hole_cards
        return render_log(
            betting=self.betting, blinds=(self.small_blind, self.big_blind), bets=(self.small_bet, self.big_bet),
            ante=self.ante, button=self.button, starting_stacks=self.starting_stacks, holes=holes, posts=self.posts,
            dead_small_blind=self.dead_small_blind, double_board=self.double_board, bomb_pot=self.bomb_pot,
            extra_blinds=self.extra_blinds,
            actions=self.actions, boards=self.boards, street=_STREET_NUMBER[self.street], run_from=self.run_from,
            returned=self.returned, shown=self.shown_seats, mucked=self.mucked, pot_text=self.pot_text, rake=self.rake,
            payouts=self.payouts, stacks=self.stacks,
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (the schema in the module docs)."""
        legal = self.legal
        return {
            "schema": VIEW_SCHEMA,
            "version": VIEW_SCHEMA_VERSION,
            "seat": self.seat,
            "street": self.street,
            "button": self.button,
            "to_act": self.to_act,
            "hole_cards": _text(self.hole_cards),
            "board": _text(self.board),
            "boards": [_text(b) for b in self.boards],
            "starting_stacks": list(self.starting_stacks),
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "contributions": list(self.contributions),
            "pot": self.pot,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "folded": list(self.folded),
            "actions": [a._asdict() for a in self.actions],
            "legal_actions": None if legal is None else legal.to_dict(),
            "shown": [_text(c) for c in self.shown],
            "shown_seats": list(self.shown_seats),
            "mucked": list(self.mucked),
            "is_over": self.is_over,
            "payouts": None if self.payouts is None else list(self.payouts),
            "returned": None if self.returned is None else list(self.returned),
            "rake": self.rake,
            "settings": {
                "betting": self.betting, "small_blind": self.small_blind, "big_blind": self.big_blind,
                "small_bet": self.small_bet, "big_bet": self.big_bet, "ante": self.ante, "runs": self.runs,
                "posts": list(self.posts), "dead_small_blind": self.dead_small_blind,
                "double_board": self.double_board, "bomb_pot": self.bomb_pot,
                **({"extra_blinds": [list(b) for b in self.extra_blinds], "free_folds": self.free_folds}
                   if self.extra_blinds or self.free_folds else {}),
            },
        }

    def to_json(self, **kwargs: Any) -> str:
        """The view as JSON text (keyword arguments go to :func:`json.dumps`).

        >>> from omaha8_fast import Hand
        >>> view = Hand([50, 50], 0, 1, 2, deck="As Ks 2c 3d  Qh Qd 7c 8c").view(1)
        >>> data = json.loads(view.to_json())
        >>> data["version"], data["hole_cards"], data["shown"], data["legal_actions"]
        (1, ['Qh', 'Qd', '7c', '8c'], [None, None], None)
        """
        return json.dumps(self.to_dict(), **kwargs)

    def __str__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        cards = "" if self.hole_cards is None else f" holding {format_cards(self.hole_cards)}"
        return f"<SeatView {who}{cards}, {self.street}, pot {self.pot}>"


_STREET_NUMBER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}



class _LegalActionsMethod:
    """``SeatView.legal_actions`` at run time: the method, bound to the view,
    whose attributes name the change (it was a field before 0.1.0)."""

    __slots__ = ()

    def __get__(self, view: SeatView | None, owner: type | None = None) -> Any:
        return self if view is None else _BoundLegalActions(view)


class _BoundLegalActions:
    """``view.legal_actions``: call it for the LegalActions (or None)."""

    __slots__ = ("_view",)

    def __init__(self, view: SeatView) -> None:
        self._view = view

    def __call__(self) -> LegalActions | None:
        return self._view.legal

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(
            f"SeatView.legal_actions is a method (as Hand.legal_actions): call view.legal_actions().{name}, "
            f"or read the field view.legal"
        )

    def __repr__(self) -> str:
        return f"<bound method SeatView.legal_actions of {self._view}>"


_LEGAL_ACTIONS_DOC = SeatView.legal_actions.__doc__
SeatView.legal_actions = _LegalActionsMethod()  # type: ignore[assignment,method-assign]
_LegalActionsMethod.__doc__ = _LEGAL_ACTIONS_DOC
