"""Betting rules of the hand engine, one class per structure.

Each structure answers the same few questions (how big the minimum bet is on
each street, how high a bet or raise may go, how many bets a round allows,
whether a full raise resets the minimum raise), so that the state machine in
:mod:`omaha8_fast.engine` never branches on the structure's name. Also here:
the :class:`LegalActions` a player is offered, the :class:`IllegalAction`
error, and the chip bound shared by every amount the engine takes.

>>> rules = RULES["pot-limit"]
>>> rules.max_to(high=100, low_to=200, all_in_to=1000, pot=200, owed=100)   # call 100, then raise by the pot of 300
400
>>> RULES["limit"].cap, RULES["no-limit"].cap
(4, None)
"""

from __future__ import annotations

from operator import index
from typing import ClassVar, Literal

__all__ = [
    "BETTING_STRUCTURES",
    "MAX_CHIPS",
    "RULES",
    "Betting",
    "BettingRules",
    "IllegalAction",
    "LegalActions",
    "LimitRules",
    "NoLimitRules",
    "PotLimitRules",
    "check_chips",
    "fill_legal",
]

Betting = Literal["limit", "pot-limit", "no-limit"]
BETTING_STRUCTURES: tuple[Betting, ...] = ("limit", "pot-limit", "no-limit")

#: The largest stack, blind, ante or bet the engine takes (10**15 chips):
#: 23 such stacks still sum far below 2**63, so no legal action can ever
#: overflow the C showdown's 64-bit amounts.
MAX_CHIPS = 10**15


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why. The hand
    is left exactly as it was."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str]]:
        return (type(self), (self.reason,))


class LegalActions:
    """What the player to act may do now.

    ``actions`` names the allowed kinds in the order fold, check, call, bet,
    raise (``("muck", "show")`` or ``("show",)`` at a ``showdown="choose"``
    showdown). ``call_amount`` is what a call adds (all the player's chips if
    that is less). A bet or raise goes *to* a total street bet from
    ``min_raise_to`` to ``max_raise_to`` (0 when neither is allowed); an
    all-in for less than a full raise shows as ``min_raise_to ==
    max_raise_to`` = the player's whole stack. Compares equal by value,
    copies and pickles.

    Read-only: the hand, its views and its copies share one object, so
    setting a field raises ``AttributeError`` (and the engine judges every
    action on its own state, never on a LegalActions it handed out).

    >>> legal = LegalActions(0, ("fold", "call"), 2, 0, 0)
    >>> legal.call_amount = 0
    Traceback (most recent call last):
    ...
    AttributeError: LegalActions is read-only: call_amount cannot be set
    """

    __slots__ = ("seat", "actions", "call_amount", "min_raise_to", "max_raise_to")
    seat: int
    actions: tuple[str, ...]
    call_amount: int
    min_raise_to: int
    max_raise_to: int

    def __init__(self, seat: int, actions: tuple[str, ...], call_amount: int, min_raise_to: int, max_raise_to: int) -> None:
        fill_legal(self, seat, actions, call_amount, min_raise_to, max_raise_to)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"LegalActions is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"LegalActions is read-only: {name} cannot be deleted")

    def _key(self) -> tuple[int, tuple[str, ...], int, int, int]:
        return (self.seat, self.actions, self.call_amount, self.min_raise_to, self.max_raise_to)

    def __contains__(self, kind: object) -> bool:
        return kind in self.actions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[LegalActions], tuple[int, tuple[str, ...], int, int, int]]:
        return (LegalActions, self._key())

    def to_dict(self) -> dict[str, object]:
        """The fields as a JSON-ready dict."""
        return {
            "seat": self.seat, "actions": list(self.actions), "call_amount": self.call_amount,
            "min_raise_to": self.min_raise_to, "max_raise_to": self.max_raise_to,
        }

    def __repr__(self) -> str:
        return (
            f"LegalActions(seat={self.seat}, actions={self.actions}, call_amount={self.call_amount}, "
            f"min_raise_to={self.min_raise_to}, max_raise_to={self.max_raise_to})"
        )


#: The slots' setters (the engine fills a new LegalActions through them, past its read-only __setattr__).
_SET_SEAT, _SET_ACTIONS, _SET_CALL, _SET_MIN, _SET_MAX = (
    LegalActions.__dict__[name].__set__ for name in LegalActions.__slots__
)


def fill_legal(
    legal: LegalActions, seat: int, actions: tuple[str, ...], call_amount: int, min_raise_to: int, max_raise_to: int,
) -> LegalActions:
    """Set the fields of a new ``legal`` (the engine's only way to write one); returns it."""
    _SET_SEAT(legal, seat)
    _SET_ACTIONS(legal, actions)
    _SET_CALL(legal, call_amount)
    _SET_MIN(legal, min_raise_to)
    _SET_MAX(legal, max_raise_to)
    return legal


class BettingRules:
    """The rules that differ between structures (see docs/rules.md, "Betting structures")."""

    __slots__ = ()
    #: The structure's name.
    name: ClassVar[Betting]
    #: Bets allowed per round (bet, raise, re-raise, cap), None: no cap.
    cap: ClassVar[int | None] = None
    #: Whether a full bet or raise becomes the new minimum raise.
    resizes: ClassVar[bool] = True
    #: Whether :meth:`max_to` is always ``all_in_to`` (the engine then skips the call).
    all_in_max: ClassVar[bool] = False

    def street_sizes(self, big_blind: int, small_bet: int | None, big_bet: int | None) -> tuple[int, int, int, int]:
        """The minimum bet or raise on each street: the big blind."""
        return (big_blind, big_blind, big_blind, big_blind)

    def max_to(self, high: int, low_to: int, all_in_to: int, pot: int, owed: int) -> int:
        """The largest total a bet or raise may reach: ``high`` is the bet to
        match, ``low_to`` the smallest legal total, ``all_in_to`` the
        player's bet plus stack, ``pot`` all chips in the middle, ``owed``
        what a call would add."""
        raise NotImplementedError

    def can_raise(self, bet_count: int) -> bool:
        """Whether the round still allows another bet or raise."""
        return self.cap is None or bet_count < self.cap

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_rules, (self.name,))


class LimitRules(BettingRules):
    """Fixed limit: bets of the small bet pre-flop and on the flop, of the big
    bet on the turn and river, four bets a round."""

    __slots__ = ()
    name: ClassVar[Betting] = "limit"
    cap: ClassVar[int | None] = 4
    resizes: ClassVar[bool] = False

    def street_sizes(self, big_blind: int, small_bet: int | None, big_bet: int | None) -> tuple[int, int, int, int]:
        assert small_bet is not None and big_bet is not None
        return (small_bet, small_bet, big_bet, big_bet)

    def max_to(self, high: int, low_to: int, all_in_to: int, pot: int, owed: int) -> int:
        return low_to


class PotLimitRules(BettingRules):
    """Pot limit: at most the pot after calling."""

    __slots__ = ()
    name: ClassVar[Betting] = "pot-limit"

    def max_to(self, high: int, low_to: int, all_in_to: int, pot: int, owed: int) -> int:
        top = high + pot + owed
        return low_to if top < low_to else all_in_to if top > all_in_to else top


class NoLimitRules(BettingRules):
    """No limit: up to the whole stack."""

    __slots__ = ()
    name: ClassVar[Betting] = "no-limit"
    all_in_max: ClassVar[bool] = True

    def max_to(self, high: int, low_to: int, all_in_to: int, pot: int, owed: int) -> int:
        return all_in_to


RULES: dict[str, BettingRules] = {"limit": LimitRules(), "pot-limit": PotLimitRules(), "no-limit": NoLimitRules()}


def _rules(name: str) -> BettingRules:
    return RULES[name]


def check_chips(value: object, name: str) -> int:
    """A whole number of chips, ``0 .. MAX_CHIPS``; bools and floats are a ``TypeError``.

    >>> check_chips(5, "a stack")
    5
    >>> check_chips(True, "a stack")
    Traceback (most recent call last):
    ...
    TypeError: a stack must be an integer, not bool
    """
    if type(value) is int and 0 <= value <= MAX_CHIPS:
        return value
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    amount = index(value)  # pyright: ignore[reportArgumentType]  # has __index__
    if amount < 0:
        raise ValueError(f"{name} must not be negative, got {amount}")
    if amount > MAX_CHIPS:
        raise ValueError(f"{name} must be at most {MAX_CHIPS} chips, got {amount}")
    return int(amount)
