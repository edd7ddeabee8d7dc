"""The hand state machine, :class:`Hand` (re-exported by :mod:`omaha8_fast.engine`,
whose docstring shows it at work)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from .._hooks import HAND_FORMATS
from ..cards import Card, CardsLike
from ..showdown import Showdown
from ._betting import (
    MAX_CHIPS,
    RULES,
    Betting,
    IllegalAction,
    LegalActions,
)
from ._flow import _Flow
from ._log import Action, HandHistory, check_history
from ._native import ACT as _ACT, START as _START, HandBase
from ._setup import (
    INT_TYPE as _INT_TYPE,
    bet_amount as _amount,
    blind_seats as _blind_seats,
    check_posts as _posts,
    check_settings as _check_settings,
    deal as _deal,
)
from ._snapshots import HAND_SLOTS as _HAND_SLOTS
from .rake import Rake

__all__ = ["Hand", "ShowdownMode"]

#: _CLOCKWISE[n][seat]: the n seats clockwise after ``seat``, ending with it.
_CLOCKWISE = tuple(tuple(tuple((a + k) % n for k in range(1, n + 1)) for a in range(n)) for n in range(53))
_tuple_new = tuple.__new__  # builds an Action without its Python-level __new__
_object_new = object.__new__  # builds a Hand without its __init__
ShowdownMode = Literal["all", "muck-losers", "choose"]


class Hand(_Flow, HandBase):
    """One hand of Omaha Hi/Lo, from blinds to payout.

    ``stacks`` are the players' chips before the hand, clockwise by seat
    (each at least 1, at most :data:`MAX_CHIPS`); ``button`` the dealer's
    seat. Every player posts ``ante`` (dead money), then the small and big
    blind are posted by the two players left of the button. **Heads-up** the
    button posts the small blind and acts first before the flop; the other
    player acts first on later streets (the standard rule). A player short of
    chips posts what they have and is all-in; the others must still call the
    full big blind.

    ``betting`` is ``"limit"`` (bets and raises of ``small_bet``, which is
    the big blind, before the flop and on the flop and of ``big_bet``,
    default twice that, on the turn and river; at most four bets a round,
    the big blind counting as the first bet before the flop),
    ``"pot-limit"`` (bets from the big blind up to the pot; a raise at least
    the previous bet or raise and at most the pot after calling) or
    ``"no-limit"`` (same minimum, the whole stack as maximum). The rules of
    each structure are in :mod:`omaha8_fast.engine._betting`.

    **Short all-ins.** An all-in bet or raise smaller than a full raise lets
    the others call it, and players who have not acted yet may raise, but it
    does not reopen the betting to players who already acted: they may only
    call or fold unless the total raised since they acted reaches a full raise
    (for example after two short all-ins). The next full raise must still be
    at least the last full bet or raise. We apply this standard no-limit rule
    in all three structures; in limit a short all-in also does not count
    toward the cap.

    Cards: ``deck`` gives cards to deal in order (seat 0's hole cards, seat
    1's, ..., then flop, turn and river, then the extra boards of ``runs``;
    any missing ones are drawn at random); otherwise the deck is shuffled
    from ``seed``: an int (the same int always deals the same cards), a
    :class:`random.Random` to draw from, or None for a shared generator.
    Each player gets ``hole_size`` cards (4, or 5 and 6 for the big-O
    variants).

    ``rake``: a :class:`~omaha8_fast.rake.Rake` taken before the pots are
    split (:attr:`rake`). ``runs``: when every player still in is all-in (or
    all but one) before the river, the rest of the board is dealt ``runs``
    times (:attr:`boards`) and each pot is divided among the runs, the odd
    chips to the first. ``showdown``: ``"all"`` (every live hand is shown),
    ``"muck-losers"`` (in the showdown order, a hand that can no longer win
    any part of a pot it is in is mucked, unseen) or ``"choose"`` (each
    player in the showdown order calls :meth:`show` or :meth:`muck`; a
    mucked hand gives up the pot). See ``docs/rules-engine.md``.

    ``posts``: seats that post a big blind out of turn (a player joining a
    table); the post is live, like the big blind: it counts toward their
    call and they keep the option to raise. ``dead_small_blind`` (3 or
    more players): nobody posts the small blind this hand (the dead-button
    rule of a :class:`Table`); the player left of the button posts the big blind.

    Folding is allowed only when facing a bet (check instead). The hand ends
    when one player is left, or at the showdown in :attr:`showdown_order`;
    uncalled chips go back to their owner and every pot is split by
    :func:`omaha8_fast.showdown.split_pot`.
    """

    # The betting state (stacks, bets, the bet level, whose turn, the log, the cards and
    # the payout: _HAND_FIELDS) is held by the base class, C members that one call
    # (_ACT) reads and writes per action.
    __slots__ = _HAND_SLOTS  # copies, pickles and views: _hand_view._Snapshots
    _betting: Betting

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        small_blind: int,
        big_blind: int,
        *,
        betting: Betting = "limit",
        small_bet: int | None = None,
        big_bet: int | None = None,
        ante: int = 0,
        deck: CardsLike | None = None,
        seed: int | random.Random | None = None,
        hole_size: int = 4,
        rake: Rake | None = None,
        runs: int = 1,
        showdown: ShowdownMode = "all",
        posts: Sequence[int] = (),
        dead_small_blind: bool = False,
    ) -> None:
        tp = type(stacks)
        start = tuple(stacks) if tp is list or tp is tuple else ()
        n = len(start)
        if (
            # The common case, checked in a few cheap tests (anything else takes the full checks below).
            2 <= n <= 11 and hole_size == 4 and type(hole_size) is int and runs == 1 and type(runs) is int
            and set(map(type, start)) == _INT_TYPE and min(start) >= 1 and max(start) <= MAX_CHIPS
            and type(button) is int and 0 <= button < n and type(small_blind) is int and type(big_blind) is int
            and 0 <= small_blind <= big_blind <= MAX_CHIPS and big_blind >= 1 and ante == 0 and type(ante) is int
            and small_bet is None and big_bet is None and deck is None and rake is None and showdown == "all"
            and not posts and dead_small_blind is False and (betting == "no-limit" or betting == "pot-limit")
            and (seed is None or type(seed) is int or isinstance(seed, random.Random))
        ):
            sb, bb = small_blind, big_blind
        else:
            start, n, button, sb, bb, ante, small_bet, big_bet = _check_settings(
                stacks, button, small_blind, big_blind, betting, small_bet, big_bet, ante, seed, hole_size, rake,
                runs, showdown, dead_small_blind,
            )
        self._setup(
            start, button, sb, bb, betting, small_bet, big_bet, ante, deck, seed, hole_size, rake, runs, showdown,
            posts, dead_small_blind,
        )

    def _setup(
        self, start: tuple[int, ...], button: int, sb: int, bb: int, betting: Betting, small_bet: int | None,
        big_bet: int | None, ante: int, deck: CardsLike | None, seed: int | random.Random | None, hole_size: int,
        rake: Rake | None, runs: int, showdown: str, posts: Sequence[int], dead_small_blind: bool,
    ) -> None:
        """Deal and post (the settings checked, ``posts`` not yet), then the first turn."""
        n = len(start)
        rules = RULES[betting]
        sizes = rules.street_sizes(bb, small_bet, big_bet)
        cards = _deal(deck, seed, n * hole_size + 5 * runs)
        small_seat, big_seat = _blind_seats(n, button, dead_small_blind)
        self._posts = posts = _posts(posts, n, (small_seat, big_seat)) if posts else ()
        self._sb, self._bb, self._ante, self._small_bet, self._big_bet = sb, bb, ante, small_bet, big_bet
        self._start, self._raked, self._dead_sb = start, 0, dead_small_blind
        self._shown: list[int] = []
        self._mucked: list[int] = []
        self._pending: list[int] = []  # choose mode: seats still to show or muck
        self._pot_text: tuple[str, ...] | None = None
        self._faces: tuple[Card, ...] | None = None  # the dealt cards as Card objects, made on the first view
        self._results: list[Showdown] | None = None
        cap = MAX_CHIPS if rules.cap is None else rules.cap  # bets a round
        code = _BEGIN(
            self, start, button, small_seat, big_seat, sb, bb, ante, posts, rules, sizes, cap, cards, hole_size,
            showdown, rake, runs,
        )
        if code is None:
            code = self._begin(
                start, button, small_seat, big_seat, sb, bb, ante, posts, rules, sizes, cap, cards, hole_size,
                showdown, rake, runs,
            )
        if code:
            self._next_turn(big_seat)

    def _begin(
        self, start: tuple[int, ...], button: int, small_seat: int, big_seat: int, sb: int, bb: int, ante: int,
        posts: tuple[int, ...], rules: Any, sizes: tuple[int, ...], cap: int, cards: bytes, hole_size: int,
        mode: str, rake: Rake | None, runs: int,
    ) -> int:
        """The betting state of a new hand (the settings checked): antes, the
        blinds (none small when ``small_seat`` is -1) and the ``posts``
        posted. Returns 1: :meth:`_next_turn` gives the first turn. The same
        as ``_START`` in C (csrc/cpython/entry.c's ``start``, which also
        gives the first turn)."""
        n = len(start)
        self._n, self._button, self._rules, self._sizes, self._cap = n, button, rules, sizes, cap
        self._cards, self._hole_size, self._mode, self._rake, self._runs, self._run_from = cards, hole_size, mode, rake, runs, 5
        self._stacks = stacks_ = list(start)
        self._bets = bets = [0] * n
        self._folded = [False] * n
        self._acted = [-1] * n  # the bet level when the seat last acted this street; -1: not yet
        self._street = 0
        self._aggressor = -1  # last to bet or raise on the current street
        # The log: each action appended as a plain tuple, made an Action when read (see _log).
        self._actions = []
        self._legal = None
        self._returned = None
        self._payouts = None
        committed = [0] * n
        if ante:
            for s in range(n):
                paid = min(ante, stacks_[s])
                stacks_[s] -= paid
                committed[s] += paid
        for seat, blind in ((small_seat, sb), (big_seat, bb), *((seat, bb) for seat in posts)):
            if seat >= 0:
                chips = stacks_[seat]
                paid = blind if blind < chips else chips
                stacks_[seat] = chips - paid
                bets[seat] = paid
        self._committed = [c + b for c, b in zip(committed, bets)]
        self._high = bb  # the full big blind must be called even if it was posted short
        self._min_raise = sizes[0]
        self._bet_count = 1  # the big blind is the first bet of the round
        self._to_act = -1
        self._live = n  # players not folded
        self._able = n - stacks_.count(0)  # players not folded with chips behind (who can still act)
        return 1

    # --- actions -------------------------------------------------------------

    def _betting_legal(self) -> LegalActions:
        legal = self.legal_actions()
        if self._street == 4:
            raise IllegalAction("the betting is over: show or muck")
        return legal

    def fold(self) -> None:
        """Give up the hand (only when facing a bet)."""
        legal = self._legal or self._betting_legal()
        if legal.actions[0] != "fold":
            self._betting_legal()  # the betting is over at a choose-mode showdown
            raise IllegalAction("nothing to call: check instead of folding")
        code = _DO(self, 0, 0)
        if code is None:
            code = self._act(0, 0)
        if code:
            self._after(code, legal.seat)

    def check(self) -> None:
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

    def call(self) -> None:
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

    def bet(self, to: int) -> None:
        """Open the betting on this street with a bet of ``to`` chips."""
        self._bet_or_raise(to, "bet")

    def raise_to(self, to: int) -> None:
        """Raise the bet to a total of ``to`` chips on this street."""
        self._bet_or_raise(to, "raise")

    def _bet_or_raise(self, to: Any, kind: str) -> None:
        """:meth:`bet` (``kind`` "bet") or :meth:`raise_to` ("raise")."""
        legal = self._legal
        if legal is None or self._street == 4:
            legal = self._betting_legal()
        if type(to) is not int:
            to = _amount(to, kind)
        if legal.actions[-1] != kind:  # a bet or raise is always the last kind offered
            raise IllegalAction(self._why_no_raise(legal, kind))
        if not legal.min_raise_to <= to <= legal.max_raise_to:
            span = str(legal.min_raise_to) if legal.min_raise_to == legal.max_raise_to else f"from {legal.min_raise_to} to {legal.max_raise_to}"
            raise IllegalAction(f"the {kind} must be {span}, not {to}")
        verb = 3 if kind == "bet" else 4
        code = _DO(self, verb, to)
        if code is None:
            code = self._act(verb, to)
        if code:
            self._after(code, legal.seat)

    def all_in(self) -> None:
        """Put in every chip: a call, bet or raise, if the rules allow it."""
        legal = self._betting_legal()
        s = legal.seat
        if legal.call_amount >= self._stacks[s] and legal.call_amount:
            self.call()
        elif legal.max_raise_to == self._bets[s] + self._stacks[s]:
            self._bet_or_raise(legal.max_raise_to, legal.actions[-1])
        elif legal.max_raise_to:
            raise IllegalAction(f"cannot go all-in: the most allowed is {legal.actions[-1]} to {legal.max_raise_to}")
        else:
            raise IllegalAction("cannot go all-in: " + self._why_no_raise(legal, "raise" if self._high else "bet"))

    def show(self) -> None:
        """Show the hand at a ``showdown="choose"`` showdown."""
        legal = self.legal_actions()
        if self._street != 4:
            raise IllegalAction("nothing to show before the showdown")
        self._shown.append(legal.seat)
        self._decide(legal.seat, "show")

    def muck(self) -> None:
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

    def timeout(self) -> None:
        """What a server does when the player to act runs out of time: check
        if possible, else fold (at a choose-mode showdown: muck if allowed, else show).

        >>> hand = Hand([100, 100, 100], 0, 1, 2, seed=5)
        >>> hand.timeout(); hand.folded   # facing the big blind: a fold
        [True, False, False]
        """
        kinds = self.legal_actions().actions
        if kinds[0] == "check":
            self.check()
        elif kinds[0] == "fold":
            self.fold()
        elif kinds[0] == "muck":
            self.muck()
        else:
            self.show()

    def act(self, kind: str, amount: int | None = None) -> None:
        """Apply an action by name (``"fold"``, ``"check"``, ``"call"``,
        ``"bet"``, ``"raise"``, ``"all-in"``, and ``"show"``, ``"muck"`` at a
        choose-mode showdown); ``amount`` is the "to" total of a bet or raise."""
        if kind == "bet" or kind == "raise":
            if amount is None:
                raise IllegalAction(f"{kind} needs an amount")
            (self.bet if kind == "bet" else self.raise_to)(amount)
            return
        simple = {
            "fold": self.fold, "check": self.check, "call": self.call, "all-in": self.all_in,
            "show": self.show, "muck": self.muck, "timeout": self.timeout,
        }.get(kind) if type(kind) is str else None
        if simple is None:
            raise IllegalAction(f"unknown action {kind!r}: use fold, check, call, bet, raise, all-in, show or muck")
        if amount is not None:
            raise IllegalAction(f"{kind} takes no amount")
        simple()

    # --- history -------------------------------------------------------------

    @classmethod
    def replay(cls, history: HandHistory) -> Hand:
        """Rebuild a hand from its :attr:`history` (the same cards and actions).

        Every action must replay exactly as recorded (seat, street, kind,
        amount and all-in flag), else :class:`IllegalAction`; a malformed
        history is a ``TypeError``.

        >>> hand = Hand([50, 80], button=1, small_blind=1, big_blind=2, betting="pot-limit", seed=7)
        >>> hand.raise_to(6); hand.call(); hand.bet(12)
        >>> again = Hand.replay(hand.history)
        >>> again.stacks == hand.stacks and again.to_act == hand.to_act and again.board == hand.board
        True
        """
        history = check_history(history)
        hand = cls(
            history.stacks, history.button, history.small_blind, history.big_blind, betting=history.betting,
            small_bet=history.small_bet, big_bet=history.big_bet, ante=history.ante, deck=history.deck,
            hole_size=history.hole_size, rake=history.rake, runs=history.runs, showdown=history.showdown,  # type: ignore[arg-type]
            posts=history.posts, dead_small_blind=history.dead_small_blind,
        )
        need = hand._n * hand._hole_size + 5 * hand._runs
        if len(history.deck) != need:
            raise IllegalAction(f"the history's deck has {len(history.deck)} cards, this hand deals {need}")
        for number, action in enumerate(history.actions, 1):
            if hand._to_act != action.seat or hand.street != action.street:
                raise IllegalAction(
                    f"action {number} ({action.kind} by seat {action.seat} on the {action.street}) is out of turn: "
                    + ("the hand is over" if hand._to_act < 0 else f"seat {hand._to_act} is to act on the {hand.street}")
                )
            kind = action.kind
            if kind in ("bet", "raise"):
                hand.act(kind, action.amount)
            elif kind in ("fold", "check", "call", "show", "muck"):
                hand.act(kind)
            else:
                raise IllegalAction(f"action {number}: {kind!r} is not a recorded kind (an all-in is recorded as a call, bet or raise)")
            done = _tuple_new(Action, hand._actions[-1])
            if kind == "call" and done.amount != action.amount:
                raise IllegalAction(f"action {number}: the call is {done.amount}, not {action.amount}")
            if done != action:
                raise IllegalAction(f"action {number} is recorded as {tuple(action)} but replays as {tuple(done)}")
        return hand

    # Hand-history formats: omaha8_fast.histories provides them (the engine,
    # a lower layer, does not import it; see omaha8_fast._hooks).
    def to_phh(self, *, names: Sequence[str] | None = None) -> str:
        """This hand as PHH text (pokerkit's hand-history format); see
        :func:`omaha8_fast.histories.to_phh`."""
        text: str = HAND_FORMATS("to_phh")(self, names=names)
        return text

    @classmethod
    def from_phh(cls, text: str, *, seed: int | None = 0) -> Hand:
        """The hand of one PHH text, replayed (unknown cards drawn from
        ``seed``); see :func:`omaha8_fast.histories.from_phh`."""
        hand: Hand = HAND_FORMATS("from_phh")(text, seed=seed)
        return hand

    def to_pokerstars(self, **options: Any) -> str:
        """This finished hand as PokerStars hand-history text; the options are
        those of :func:`omaha8_fast.histories.to_pokerstars`."""
        text: str = HAND_FORMATS("to_pokerstars")(self, **options)
        return text


#: One action in one call: C (_ACT), else the same rule in Python.
_DO = _ACT if _ACT is not None else Hand._act
#: A new hand's betting state in one call: C (_START), else the same in Python.
_BEGIN = _START if _START is not None else Hand._begin


