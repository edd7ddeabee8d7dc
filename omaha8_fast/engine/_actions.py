"""What a player does (private): the actions of :class:`omaha8_fast.engine.Hand`
(fold, check, call, bet, raise, all-in, show, muck, by name, and the board
dealt by hand), as the mixin :class:`_Actions` (no state of its own; the
attributes are the hand's, see :class:`~omaha8_fast.engine._read._State`).

**One thread at a time.** Every public action holds the hand's guard (a
non-blocking lock, ``_guard``) while it runs: an action started while another
one is still running on the same hand (two threads, or a callback that acts
from inside an action) raises ``RuntimeError`` naming the concurrent use and
changes nothing, so the engine never interleaves two actions. The guard is a
real lock, atomic with or without the GIL (free-threaded builds included).
Reading a hand (views, properties) while another thread acts on it is not
supported: a server serialises each hand's requests with its own lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar, cast

from ..cards import CardsLike
from ._betting import IllegalAction, LegalActions
from ._flow import _Flow
from ._native import ACT as _ACT
from ._setup import bet_amount as _amount

__all__ = ["BUSY", "_Actions"]

#: What a second action started while one is running on the same hand raises.
BUSY = (
    "this hand is already running an action (used from two threads at once, or acted on from inside an action): "
    "the engine takes one action at a time per hand; serialise the calls with a lock"
)
_P = ParamSpec("_P")
_R = TypeVar("_R")
_A = TypeVar("_A", bound="_Actions")


def _one_at_a_time(method: Callable[Concatenate[_A, _P], _R], name: str) -> Callable[Concatenate[_A, _P], _R]:
    """``method`` run while holding the hand's guard: ``RuntimeError`` (nothing
    changed) when another action holds it. (Methods of no argument or one get
    a wrapper without ``*args``: an action's cost is a few hundred nanoseconds.)"""
    takes = method.__code__.co_argcount - 1

    def guarded(self: Any, /, *args: Any, **kwargs: Any) -> Any:
        guard = self._guard
        if not guard.acquire(False):
            raise RuntimeError(BUSY)
        try:
            return method(self, *args, **kwargs)
        finally:
            guard.release()

    def guarded0(self: Any) -> Any:
        guard = self._guard
        if not guard.acquire(False):
            raise RuntimeError(BUSY)
        try:
            return method(self)  # type: ignore[call-arg]
        finally:
            guard.release()

    def guarded1(self: Any, value: Any) -> Any:
        guard = self._guard
        if not guard.acquire(False):
            raise RuntimeError(BUSY)
        try:
            return method(self, value)  # type: ignore[call-arg]
        finally:
            guard.release()

    run: Any = guarded0 if takes == 0 and not method.__defaults__ else guarded1 if takes == 1 and not method.__defaults__ else guarded
    run.__name__ = name
    run.__qualname__ = method.__qualname__.replace(method.__name__, name)
    run.__doc__ = method.__doc__
    run.__wrapped__ = method
    return cast("Callable[Concatenate[_A, _P], _R]", run)


class _Actions(_Flow):
    """The actions of :class:`omaha8_fast.engine.Hand`; each public one holds the
    hand's guard (the private ``_fold`` .. ``_act_named`` do not: they call one another)."""

    __slots__ = ()

    def _betting_legal(self) -> LegalActions:
        legal = self.legal_actions()
        if self._street == 4:
            raise IllegalAction("the betting is over: show or muck")
        return legal

    def _fold(self) -> None:
        """Give up the hand (only when facing a bet)."""
        legal = self._legal or self._betting_legal()
        if legal.actions[0] != "fold":
            self._betting_legal()  # the betting is over at a choose-mode showdown
            if not self._extra[1]:
                raise IllegalAction("nothing to call: check instead of folding")
        code = _DO(self, 0, 0)
        if code is None:
            code = self._act(0, 0)
        if code:
            self._after(code, legal.seat)

    def _check(self) -> None:
        """Pass without betting (only when nothing is owed)."""
        legal = self._legal or self._betting_legal()
        if legal.actions[0] != "check":
            self._betting_legal()  # the betting is over at a choose-mode showdown
            raise IllegalAction(f"cannot check: {legal.call_amount} to call")
        code = _DO(self, 1, 0)
        if code is None:
            code = self._act(1, 0)
        if code:
            self._after(code, legal.seat)

    def _call(self) -> None:
        """Match the current bet (or put in all remaining chips if fewer)."""
        legal = self._legal or self._betting_legal()
        if legal.actions[0] != "fold":
            self._betting_legal()  # the betting is over at a choose-mode showdown
            raise IllegalAction("nothing to call: check instead")
        code = _DO(self, 2, legal.call_amount)
        if code is None:
            code = self._act(2, legal.call_amount)
        if code:
            self._after(code, legal.seat)

    def _check_or_call(self) -> None:
        """Check when nothing is owed, else call (pokerkit's ``check_or_call``).

        >>> from omaha8_fast.engine import Hand
        >>> hand = Hand([100, 100, 100], 0, 1, 2, seed=1)
        >>> hand.check_or_call(); hand.check_or_call(); hand.check_or_call()   # call, call, the big blind checks
        >>> [a.kind for a in hand.actions], hand.street
        (['call', 'call', 'check'], 'flop')
        """
        legal = self._legal or self._betting_legal()
        if legal.actions[0] == "check":
            self._check()
        else:
            self._call()

    def _bet(self, to: int) -> None:
        """Open the betting on this street with a bet of ``to`` chips."""
        self._bet_or_raise(to, "bet")

    def _raise_to(self, to: int) -> None:
        """Raise the bet to a total of ``to`` chips on this street."""
        self._bet_or_raise(to, "raise")

    def _bet_or_raise(self, to: Any, kind: str) -> None:
        """A bet (``kind`` "bet") or raise ("raise") to ``to``."""
        legal = self._legal
        if legal is None or self._street == 4:
            legal = self._betting_legal()
        if type(to) is not int:
            to = _amount(to, kind)
        if legal.actions[-1] != kind:  # a bet or raise is always the last kind offered
            raise IllegalAction(self._why_no_raise(legal, kind))
        if not legal.min_raise_to <= to <= legal.max_raise_to:
            low, high = legal.min_raise_to, legal.max_raise_to
            span = str(low) if low == high else f"from {low} to {high}"
            raise IllegalAction(f"the {kind} must be {span}, not {to}")
        verb = 3 if kind == "bet" else 4
        code = _DO(self, verb, to)
        if code is None:
            code = self._act(verb, to)
        if code:
            self._after(code, legal.seat)

    def _all_in(self) -> None:
        """Put in every chip: a call, bet or raise, if the rules allow it."""
        legal = self._betting_legal()
        s = legal.seat
        if legal.call_amount >= self._stacks[s] and legal.call_amount:
            self._call()
        elif legal.max_raise_to == self._bets[s] + self._stacks[s]:
            self._bet_or_raise(legal.max_raise_to, legal.actions[-1])
        elif legal.max_raise_to:
            raise IllegalAction(f"cannot go all-in: the most allowed is {legal.actions[-1]} to {legal.max_raise_to}")
        else:
            raise IllegalAction("cannot go all-in: " + self._why_no_raise(legal, "raise" if self._high else "bet"))

    def _show(self) -> None:
        """Show the hand at a ``showdown="choose"`` showdown."""
        legal = self.legal_actions()
        if self._street != 4:
            raise IllegalAction("nothing to show before the showdown")
        self._shown.append(legal.seat)
        self._decide(legal.seat, "show")

    def _muck(self) -> None:
        """Throw the hand away unseen at a ``showdown="choose"`` showdown,
        giving up every pot; not allowed when it would leave a pot nobody
        can win (show then)."""
        legal = self.legal_actions()
        if self._street != 4:
            raise IllegalAction("nothing to muck before the showdown: fold instead")
        if "muck" not in legal.actions:
            raise IllegalAction("cannot muck: nobody else is left to win a pot this hand is in; show instead")
        self._mucked.append(legal.seat)
        self._decide(legal.seat, "muck")

    def _timeout(self) -> None:
        """What a server does when the player to act runs out of time: check
        if possible, else fold (at a choose-mode showdown: muck if allowed, else show).

        >>> from omaha8_fast.engine import Hand
        >>> hand = Hand([100, 100, 100], 0, 1, 2, seed=5)
        >>> hand.timeout(); hand.folded   # facing the big blind: a fold
        [True, False, False]
        """
        kinds = self.legal_actions().actions
        if kinds[0] == "check":
            self._check()
        elif kinds[0] == "fold":
            self._fold()
        elif kinds[0] == "muck":
            self._muck()
        else:
            self._show()

    def _act_named(self, kind: str, amount: int | None = None) -> None:
        """Apply an action by name (``"fold"``, ``"check"``, ``"call"``,
        ``"check-or-call"``, ``"bet"``, ``"raise"``, ``"all-in"``, and
        ``"show"``, ``"muck"`` at a choose-mode showdown); ``amount`` is the
        "to" total of a bet or raise."""
        if kind == "bet" or kind == "raise":
            if amount is None:
                raise IllegalAction(f"{kind} needs an amount")
            self._bet_or_raise(amount, kind)
            return
        simple = _SIMPLE.get(kind) if type(kind) is str else None
        if simple is None:
            raise IllegalAction(f"unknown action {kind!r}: use fold, check, call, bet, raise, all-in, show or muck")
        if amount is not None:
            raise IllegalAction(f"{kind} takes no amount")
        simple(self)

    def _deal_board(self, cards: CardsLike) -> None:
        """The next street's board cards, when the hand was made with
        ``manual_board=True`` and waits for them (:attr:`board_needed`):
        3 for the flop, then 1 for the turn and 1 for the river. Cards
        already dealt, a wrong count or a hand that is not waiting are
        refused (``IllegalAction``, nothing changed). See docs/engine.md."""
        self._supply_board(cards)

    # The public actions: each the method above run under the hand's guard
    # (ClassVar: a method of the class, bound when read from a hand).
    fold: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_fold, "fold")
    check: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_check, "check")
    call: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_call, "call")
    check_or_call: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_check_or_call, "check_or_call")
    bet: ClassVar[Callable[[_Actions, int], None]] = _one_at_a_time(_bet, "bet")
    raise_to: ClassVar[Callable[[_Actions, int], None]] = _one_at_a_time(_raise_to, "raise_to")
    all_in: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_all_in, "all_in")
    show: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_show, "show")
    muck: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_muck, "muck")
    timeout: ClassVar[Callable[[_Actions], None]] = _one_at_a_time(_timeout, "timeout")
    act: ClassVar[Callable[..., None]] = _one_at_a_time(_act_named, "act")
    deal_board: ClassVar[Callable[[_Actions, CardsLike], None]] = _one_at_a_time(_deal_board, "deal_board")


_SIMPLE: dict[str, Callable[[_Actions], None]] = {
    "fold": _Actions._fold, "check": _Actions._check, "call": _Actions._call, "check-or-call": _Actions._check_or_call,
    "all-in": _Actions._all_in, "show": _Actions._show, "muck": _Actions._muck, "timeout": _Actions._timeout,
}
#: One action in one call: C (_ACT), else the same rule in Python.
_DO = _ACT if _ACT is not None else _Actions._act
