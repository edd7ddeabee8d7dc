"""What every environment of :mod:`omaha8_fast.rl` shares: the table's
settings (:class:`TableSpec`), the discrete action space
(:class:`ActionLayout`) and the observation vector of one seat
(:func:`encode_view`). Needs numpy only (no RL library).

The action space, by betting structure (``ActionLayout(betting).names``):

- ``"limit"``: ``0`` fold, ``1`` check/call, ``2`` bet/raise (the street's
  fixed size, or all-in for less);
- ``"pot-limit"``: ``0`` fold, ``1`` check/call, ``2`` min-raise, ``3`` 1/4
  pot, ``4`` 1/2 pot, ``5`` 3/4 pot, ``6`` pot (the largest bet allowed);
- ``"no-limit"``: ``0`` fold, ``1`` check/call, ``2`` min-raise, ``3`` 1/4
  pot, ``4`` 1/2 pot, ``5`` 3/4 pot, ``6`` pot, ``7`` 3/2 pot, ``8`` 2 pots,
  ``9`` all-in.

A bet or raise of a fraction ``f`` of the pot goes to ``high + f * (pot +
owed)`` chips, rounded down (``high`` the street's largest bet, ``pot`` every
chip in the middle, ``owed`` what the player must add to call): the
pot-limit rule, so ``f = 1`` is a pot-sized raise. Fold is legal only when
facing a bet (check instead), check/call always, the min-raise whenever the
engine allows a bet or raise, the largest size (pot, all-in) when it is more
than the minimum, and a fraction when its size lies strictly between the
two: each legal index is a different amount. The legality is the engine's
(:meth:`omaha8_fast.engine.Hand.legal_actions`): nothing here re-states a
rule of the game.

>>> from omaha8_fast import Hand
>>> layout = ActionLayout("pot-limit")
>>> hand = Hand([200, 200], 0, 1, 2, betting="pot-limit", seed=1)
>>> view = hand.view(hand.to_act)
>>> layout.mask(view)              # facing the big blind: fold, call, raise to 4 (min), 5 (3/4 pot), 6 (pot)
[True, True, True, False, False, True, True]
>>> layout.amount(view, 6), layout.amount(view, 5), layout.amount(view, 2)
(6, 5, 4)
>>> layout.play(hand, 6); hand.bets
[6, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..engine import BETTING_STRUCTURES, MAX_CHIPS, Betting, Hand, LegalActions, SeatView
from ..evaluator import HOLE_SIZES

__all__ = [
    "ActionLayout",
    "MAX_PLAYERS",
    "STREET_NAMES",
    "TableSpec",
    "action_index",
    "encode_view",
    "observation_size",
    "table_spec",
]

#: The most seats a table of :mod:`omaha8_fast.rl` takes.
MAX_PLAYERS = 9
#: The streets of the observation's one-hot, in order.
STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")

_FRACTIONS: dict[str, tuple[tuple[str, float], ...]] = {
    "limit": (),
    "pot-limit": (("1/4 pot", 0.25), ("1/2 pot", 0.5), ("3/4 pot", 0.75)),
    "no-limit": (("1/4 pot", 0.25), ("1/2 pot", 0.5), ("3/4 pot", 0.75), ("pot", 1.0), ("3/2 pot", 1.5),
                 ("2 pots", 2.0)),
}
_TOP = {"limit": None, "pot-limit": "pot", "no-limit": "all-in"}


@dataclass(frozen=True)
class TableSpec:
    """The settings of a table, checked (:func:`table_spec` makes one)."""

    num_players: int
    betting: Betting
    hole_size: int
    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int

    @property
    def total_chips(self) -> int:
        """All chips at the table."""
        return sum(self.stacks)

    def hand(self, button: int, seed: int | None, *, deck: Sequence[int] | None = None,
             manual_board: bool = False) -> Hand:
        """A new hand at this table."""
        return Hand(list(self.stacks), button, self.small_blind, self.big_blind, betting=self.betting,
                    hole_size=self.hole_size, seed=seed, deck=deck, manual_board=manual_board)


def _integer(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return int(value)


def action_index(value: object) -> int:
    """An action index as an int: an int, a numpy integer, or a 0-d integer
    array (``np.array(2)``, which a Gymnasium ``Discrete`` space contains);
    TypeError for anything else (a bool, a float, a longer array).

    >>> action_index(np.array(2)), action_index(np.int8(1)), action_index(0)
    (2, 1, 0)
    """
    if isinstance(value, np.ndarray) and value.shape == () and np.issubdtype(value.dtype, np.integer):
        return int(value)
    return _integer(value, "the action")


def table_spec(num_players: int, betting: Betting | str, hole_size: int, stacks: int | Sequence[int],
               blinds: tuple[int, int]) -> TableSpec:
    """Check a table's settings: ``num_players`` 2..9, ``betting`` one of
    ``"limit"``, ``"pot-limit"``, ``"no-limit"``, ``hole_size`` 4..6 (at most
    47 cards dealt as holes), ``stacks`` one int for every seat or one per
    seat, ``blinds`` ``(small, big)`` with ``0 <= small <= big``, ``big >= 1``,
    every stack more than the big blind (so that no hand ends before the
    first decision: nobody is all-in from the blinds).

    >>> table_spec(3, "no-limit", 4, 100, (1, 2)).stacks
    (100, 100, 100)
    >>> table_spec(10, "limit", 4, 100, (1, 2))
    Traceback (most recent call last):
    ...
    ValueError: num_players must be from 2 to 9, not 10
    """
    n = _integer(num_players, "num_players")
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"num_players must be from 2 to {MAX_PLAYERS}, not {n}")
    if betting not in BETTING_STRUCTURES:
        raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)}, not {betting!r}")
    k = _integer(hole_size, "hole_size")
    if k not in HOLE_SIZES:
        raise ValueError(f"hole_size must be one of {HOLE_SIZES}, not {k}")
    if n * k + 5 > 52:
        raise ValueError(f"{n} players with {k} cards each and a board need {n * k + 5} cards: the deck has 52")
    if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
        chips = (int(stacks),) * n
    elif isinstance(stacks, (list, tuple)):
        chips = tuple(_integer(s, "each stack") for s in stacks)
        if len(chips) != n:
            raise ValueError(f"stacks gives {len(chips)} stacks for {n} players")
    else:
        raise TypeError(f"stacks must be an int or a list of ints, not {type(stacks).__name__}")
    if min(chips) < 1 or max(chips) > MAX_CHIPS:
        raise ValueError(f"each stack must be from 1 to {MAX_CHIPS}, not {min(chips) if min(chips) < 1 else max(chips)}")
    if not isinstance(blinds, (list, tuple)) or len(blinds) != 2:
        raise TypeError(f"blinds must be a (small, big) pair, not {blinds!r}")
    small, big = _integer(blinds[0], "the small blind"), _integer(blinds[1], "the big blind")
    if not (0 <= small <= big and 1 <= big <= MAX_CHIPS):
        raise ValueError(f"blinds must have 0 <= small <= big and big >= 1, not {blinds!r}")
    if min(chips) <= big:
        raise ValueError(f"every stack must be more than the big blind ({big}), not {min(chips)}: "
                         "a hand must have a decision before it ends")
    return TableSpec(n, betting, k, chips, small, big)


class ActionLayout:
    """The discrete actions of one betting structure (see the module docs)."""

    __slots__ = ("betting", "names", "fractions", "top")

    def __init__(self, betting: str) -> None:
        if betting not in BETTING_STRUCTURES:
            raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)}, not {betting!r}")
        fractions = _FRACTIONS[betting]
        top = _TOP[betting]
        self.betting = betting
        #: The name of each action index.
        self.names: tuple[str, ...] = (
            ("fold", "check/call", "bet/raise" if top is None else "min-raise")
            + tuple(name for name, _ in fractions) + (() if top is None else (top,))
        )
        #: The pot fractions of indices 3, 4, ...
        self.fractions: tuple[float, ...] = tuple(f for _, f in fractions)
        #: Whether the last index is the largest bet (pot-limit, no-limit).
        self.top: bool = top is not None

    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        return f"ActionLayout({self.betting!r}: {', '.join(f'{i} {n}' for i, n in enumerate(self.names))})"

    def amounts(self, view: SeatView) -> list[int | None]:
        """For each index, None when illegal, else the chips it means: 0 for
        fold, the call's chips (0 for a check), the bet or raise "to" total."""
        legal = view.legal
        if legal is None or view.is_over:
            return [None] * len(self.names)
        return self._amounts(legal, view.bets, view.pot)

    def hand_amounts(self, hand: Hand) -> list[int | None]:
        """:meth:`amounts` for the seat to act of ``hand``, read from the hand
        itself (no view is made: the OpenSpiel game's per-step path)."""
        if hand.is_over or hand.to_act is None:
            return [None] * len(self.names)
        return self._amounts(hand.legal_actions(), hand.bets, hand.pot)

    def _amounts(self, legal: LegalActions, bets: Sequence[int], pot: int) -> list[int | None]:
        out: list[int | None] = [None] * len(self.names)
        kinds = legal.actions
        if kinds and kinds[0] == "fold":
            out[0] = 0
        if "check" in kinds or "call" in kinds:
            out[1] = legal.call_amount
        if "bet" not in kinds and "raise" not in kinds:
            return out
        low, high_to = legal.min_raise_to, legal.max_raise_to
        out[2] = low
        if self.top and high_to > low:
            out[-1] = high_to
        if self.fractions:
            seat = legal.seat
            high = max(bets)
            base = pot + high - bets[seat]
            for i, f in enumerate(self.fractions, 3):
                to = high + int(f * base)
                if low < to < high_to:
                    out[i] = to
        return out

    def mask(self, view: SeatView) -> list[bool]:
        """Which indices are legal now for the view's seat (all False when it
        is not its turn)."""
        return [a is not None for a in self.amounts(view)]

    def amount(self, view: SeatView, index: object) -> int:
        """The chips of action ``index`` (see :meth:`amounts`); ValueError if illegal."""
        amounts = self.amounts(view)
        i = action_index(index)
        if not 0 <= i < len(amounts) or amounts[i] is None:
            legal = [f"{j} {self.names[j]}" for j, a in enumerate(amounts) if a is not None]
            what = f"{i} ({self.names[i]})" if 0 <= i < len(amounts) else str(i)
            raise ValueError(f"action {what} is not legal now; legal: {', '.join(legal) or 'none'}")
        chips = amounts[i]
        assert chips is not None
        return chips

    def check(self, hand: Hand, index: object) -> int:
        """The chips of action ``index`` for the seat to act, changing
        nothing: ValueError if illegal (or nobody is to act), TypeError if
        ``index`` is no integer scalar (see :func:`action_index`)."""
        seat = hand.to_act
        if seat is None:
            raise ValueError("nobody is to act: the hand is over or waits for board cards")
        return self.amount(hand.view(seat), index)

    def play(self, hand: Hand, index: object) -> None:
        """Play action ``index`` for the seat to act (ValueError if illegal)."""
        i = action_index(index)
        self.apply(hand, i, self.check(hand, i))

    def apply(self, hand: Hand, index: int, chips: int) -> None:
        """Play action ``index`` of ``chips`` (what :meth:`check` returned for
        it, on this hand as it is now)."""
        if index == 0:
            hand.fold()
        elif index == 1:
            hand.check_or_call()
        else:
            (hand.bet if "bet" in hand.legal_actions().actions else hand.raise_to)(chips)

    def legal_indices(self, view: SeatView) -> list[int]:
        """The legal indices, in order."""
        return [i for i, a in enumerate(self.amounts(view)) if a is not None]


def observation_size(num_players: int) -> int:
    """The length of :func:`encode_view`'s vector for ``num_players`` seats."""
    return 52 + 52 + len(STREET_NAMES) + 7 * num_players + 4


def encode_view(view: SeatView, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """A seat's view as a float32 vector; amounts in big blinds. Seats are
    relative to the viewer (0 the viewer, 1 the next seat clockwise, ...).

    ====================== ================================================
    slice                  content
    ====================== ================================================
    ``[0, 52)``            the viewer's hole cards (1 at each card id)
    ``[52, 104)``          the board dealt so far (1 at each card id)
    ``[104, 109)``         the street, one-hot: preflop, flop, turn, river, showdown
    then 7 blocks of n     by relative seat: stack, bet this street,
                           chips put in this hand, folded, all-in, button,
                           to act
    last 4                 the pot, the viewer's call amount, its minimum
                           and maximum bet or raise "to" (0 when it may not
                           raise or it is not its turn)
    ====================== ================================================

    Built from the view alone (:meth:`Hand.view
    <omaha8_fast.engine.Hand.view>`): it never holds another seat's hole
    cards, not even those shown at the showdown.

    >>> from omaha8_fast import Hand
    >>> hand = Hand([100, 100], 0, 1, 2, deck="As Ks 2c 3d  Qh Qd 7c 8c")
    >>> x = encode_view(hand.view(0))
    >>> [i for i in range(52) if x[i]], float(x[104]), x[109:111].tolist()   # 2c 3d Ks As, preflop, stacks in bb
    ([0, 5, 47, 51], 1.0, [49.5, 49.0])
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to encode")
    n = len(view.stacks)
    if out is None:
        out = np.zeros(observation_size(n), dtype=np.float32)
    else:
        out[:] = 0
    if view.hole_cards is not None:
        out[list(view.hole_cards)] = 1.0
    if view.board:
        out[[52 + c for c in view.board]] = 1.0
    out[104 + STREET_NAMES.index(view.street)] = 1.0
    bb = view.big_blind
    base = 109
    stacks, folded, to_act, button = view.stacks, view.folded, view.to_act, view.button
    order = [*range(seat, n), *range(seat)]
    block = [stacks[s] for s in order] + [view.bets[s] for s in order] + [view.contributions[s] for s in order]
    block += [folded[s] for s in order]
    block += [stacks[s] == 0 and not folded[s] for s in order]
    block += [s == button for s in order]
    block += [s == to_act for s in order]
    out[base:base + 7 * n] = block
    out[base:base + 3 * n] /= bb
    tail = base + 7 * n
    out[tail] = view.pot / bb
    legal = view.legal
    if legal is not None:
        out[tail + 1] = legal.call_amount / bb
        out[tail + 2] = legal.min_raise_to / bb
        out[tail + 3] = legal.max_raise_to / bb
    return out
