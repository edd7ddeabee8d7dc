"""Hand engine: play Omaha Hi/Lo hands under limit, pot-limit and no-limit.

A :class:`Hand` is a state machine that plays one hand from the blinds to the
payout exactly as docs/rules.md ("Playing a hand", "Betting structures") says:
it posts antes and blinds, deals, tells whose turn it is and what they may do
(:meth:`Hand.legal_actions`), refuses anything illegal with
:class:`IllegalAction` (leaving the state untouched), advances the streets by
itself, runs out the board when nobody can bet any more, returns uncalled
bets, and splits every main and side pot high/low through
:mod:`omaha8_fast.showdown`. A :class:`Table` plays a sequence of hands.

Seats are numbered clockwise ``0 .. n-1``; ``button`` is the dealer's seat.

>>> hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2,
...             betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s")
>>> hand.street, hand.to_act, hand.bets, hand.pot   # seat 1 posted 1, seat 2 posted 2
('preflop', 0, [0, 1, 2], 3)
>>> legal = hand.legal_actions()
>>> legal.actions, legal.call_amount, legal.min_raise_to, legal.max_raise_to
(('fold', 'call', 'raise'), 2, 4, 100)
>>> hand.raise_to(6); hand.fold(); hand.call()
>>> hand.street, hand.board, hand.to_act   # the big blind acts first after the flop
('flop', (Card('Ad'), Card('4c'), Card('9s')), 2)
>>> hand.check(); hand.bet(1)
Traceback (most recent call last):
...
omaha8_fast.engine.IllegalAction: the bet must be from 2 to 94, not 1
>>> hand.bet(10); hand.call(); hand.check(); hand.check(); hand.check(); hand.check()
>>> hand.is_over, hand.street, hand.showdown_order   # no river bet: first live seat left of the button shows first
(True, 'showdown', [2, 0])
>>> hand.stacks   # pot 33: seat 0's aces and twos take the high half with the odd chip, seat 2's 6-5 low the rest
[101, 99, 100]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from ._betting import BETTING_STRUCTURES, MAX_CHIPS, RULES, Betting, IllegalAction, LegalActions, check_chips
from ._engine_entry import ACT as _ACT
from ._engine_entry import START as _START
from ._engine_entry import NEXT_TURN as _NEXT_TURN
from ._engine_entry import VERBS as _VERBS
from ._engine_entry import HandBase
from ._hand_read import BOARD_SIZE as _BOARD_SIZE
from ._hand_log import SHOWDOWN_MODES, STREETS, Action, HandHistory, check_history
from ._hand_setup import INT_TYPE as _INT_TYPE
from ._hand_setup import bet_amount as _amount
from ._hand_setup import blind_seats as _blind_seats
from ._hand_setup import check_posts as _posts
from ._hand_setup import check_settings as _check_settings
from ._hand_setup import deal as _deal
from ._hand_view import HAND_SLOTS as _HAND_SLOTS
from ._hand_view import _Snapshots
from .cards import Card, CardsLike
from .rake import Rake
from .showdown import Showdown
from .views import SeatView

__all__ = [
    "BETTING_STRUCTURES",
    "MAX_CHIPS",
    "SHOWDOWN_MODES",
    "STREETS",
    "Betting",
    "IllegalAction",
    "LegalActions",
    "Action",
    "HandHistory",
    "Hand",
    "Rake",
    "SeatView",
    "Table",
]

# The record types live in small modules of their own; they are the engine's
# public names (reprs, tracebacks and pickles say omaha8_fast.engine).
for _cls in (IllegalAction, LegalActions, Action, HandHistory):
    _cls.__module__ = __name__

#: _CLOCKWISE[n][seat]: the n seats clockwise after ``seat``, ending with it.
_CLOCKWISE = tuple(tuple(tuple((a + k) % n for k in range(1, n + 1)) for a in range(n)) for n in range(53))
_tuple_new = tuple.__new__  # builds an Action without its Python-level __new__
_object_new = object.__new__  # builds a Hand without its __init__
ShowdownMode = Literal["all", "muck-losers", "choose"]


class Hand(_Snapshots, HandBase):
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
    each structure are in :mod:`omaha8_fast._betting`.

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

    # --- flow ----------------------------------------------------------------

    def _act(self, kind: int, amount: int) -> int:
        """The seat to act does ``_VERBS[kind]`` (checked legal; ``amount``:
        the call's chips, or the bet or raise total): the chips moved, the
        action logged, and the next seat's turn and legal actions when two or
        more can still bet. Returns 0 when the turn is set, else what
        :meth:`_after` does next. The same rule as ``_ACT`` in C
        (csrc/cpython/entry.c's ``act``, which also starts the next street)."""
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
        act (the street is over), decided in C (csrc/betting.c: the rule of
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
        """Nobody has to act any more on this street: collect and deal on."""
        n = self._n
        while True:  # the street is over: collect and deal on, running out the board if nobody can bet
            self._bets = [0] * n
            if self._street == 3:
                self._street = 4
                self._showdown()
                return
            if self._able <= 1 and self._runs > 1 and self._run_from == 5:
                self._run_from = _BOARD_SIZE[self._street]  # everyone is all-in: the rest runs `runs` times
            self._street += 1
            self._high = 0
            self._min_raise = self._sizes[self._street]
            self._bet_count = 0
            self._acted = [-1] * n
            self._aggressor = -1
            turn = self._turn_in_c(self._button)  # the first to act
            if turn:
                return
            if turn is False:
                continue
            seat = self._next_actor(self._button)
            if seat >= 0:
                self._to_act = seat
                return

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

    # Hand-history formats (omaha8_fast.histories imports this module, so it
    # is imported on call).
    def to_phh(self, *, names: Sequence[str] | None = None) -> str:
        """This hand as PHH text (pokerkit's hand-history format); see
        :func:`omaha8_fast.histories.to_phh`."""
        from .histories import to_phh

        return to_phh(self, names=names)

    @classmethod
    def from_phh(cls, text: str, *, seed: int | None = 0) -> Hand:
        """The hand of one PHH text, replayed (unknown cards drawn from
        ``seed``); see :func:`omaha8_fast.histories.from_phh`."""
        from .histories import from_phh

        return from_phh(text, seed=seed)

    def to_pokerstars(self, **options: Any) -> str:
        """This finished hand as PokerStars hand-history text; the options are
        those of :func:`omaha8_fast.histories.to_pokerstars`."""
        from .histories import to_pokerstars

        return to_pokerstars(self, **options)


#: One action in one call: C (_ACT), else the same rule in Python.
_DO = _ACT if _ACT is not None else Hand._act
#: A new hand's betting state in one call: C (_START), else the same in Python.
_BEGIN = _START if _START is not None else Hand._begin


class Table:
    """A sequence of hands at one table.

    ``stacks`` are the seats' chips; :meth:`deal` starts the next hand
    among the seats that still have chips (the button moves one seat
    clockwise to the next such seat after every hand, unless ``dead_button``),
    and the stacks carry over. Players with no chips left are out;
    the table is over when one player has everything. With ``reload`` every
    seat is topped back up to its starting stack before each hand (a cash
    game with automatic rebuys, as :func:`omaha8_fast.simulate` plays).

    Between hands players may :meth:`join` an empty seat, :meth:`leave`,
    :meth:`sit_out` and :meth:`sit_in`; a player coming in once the game
    has started posts a big blind in their first hand, or waits until the
    big blind reaches them. Seats that lose their last chip are out
    (:attr:`busted`). With ``dead_button`` (three or more players) the big
    blind moves exactly one seat each hand and the last big blind posts the
    small blind; when that player is gone the small blind is dead (nobody
    posts it) and the button stays behind. Without it the button moves to
    the next player and the blinds follow.

    ``betting`` is a structure or ``"mixed"``: then hands alternate between
    limit and pot-limit, ``hands_per_game`` hands each (default: one orbit,
    the number of seats), starting with limit. Pot-limit hands use the given
    blinds; limit hands raise them to ``limit_blinds`` (default: the big
    blind and twice the big blind), with small and big bets of one and two
    limit big blinds, so that the stakes stay level. ``rake``, ``runs`` and
    ``showdown`` are passed on to every :class:`Hand`.

    >>> table = Table([20, 20, 20], small_blind=1, big_blind=2, betting="no-limit", seed=3)
    >>> hand = table.deal()
    >>> hand.button, table.seats
    (0, [0, 1, 2])
    >>> hand.all_in(); hand.fold(); hand.fold()   # seat 0 shoves, the blinds fold
    >>> table.stacks
    [23, 19, 18]
    >>> table.deal().button
    1
    """

    _betting: Betting | Literal["mixed"]

    def __init__(
        self,
        stacks: Sequence[int],
        small_blind: int,
        big_blind: int,
        *,
        betting: Betting | Literal["mixed"] = "limit",
        button: int = 0,
        ante: int = 0,
        small_bet: int | None = None,
        big_bet: int | None = None,
        limit_blinds: tuple[int, int] | None = None,
        hands_per_game: int | None = None,
        seed: int | None = None,
        hole_size: int = 4,
        rake: Rake | None = None,
        runs: int = 1,
        showdown: ShowdownMode = "all",
        reload: bool = False,
        dead_button: bool = False,
    ) -> None:
        if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__iter__"):
            raise TypeError(f"stacks must be a sequence of chip counts, not {type(stacks).__name__}")
        self._stacks = [check_chips(s, "a stack") for s in stacks]
        self._settings: dict[str, Any] = {
            "stacks": list(self._stacks), "small_blind": small_blind, "big_blind": big_blind, "betting": betting,
            "button": button, "ante": ante, "small_bet": small_bet, "big_bet": big_bet, "limit_blinds": limit_blinds,
            "hands_per_game": hands_per_game, "seed": seed, "hole_size": hole_size, "rake": rake, "runs": runs,
            "showdown": showdown, "reload": reload, "dead_button": dead_button,
        }
        if len(self._stacks) < 2 or sum(1 for s in self._stacks if s) < 2:
            raise ValueError("a table needs at least two players with chips")
        if betting not in BETTING_STRUCTURES and betting != "mixed":
            raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)} or mixed, got {betting!r}")
        if type(reload) is not bool:
            raise TypeError(f"reload must be a bool, not {type(reload).__name__}")
        if type(dead_button) is not bool:
            raise TypeError(f"dead_button must be a bool, not {type(dead_button).__name__}")
        self._dead_button = dead_button
        self._last_bb: int | None = None  # the table seat of the last big blind
        button = check_chips(button, "the button")
        if button >= len(self._stacks):
            raise ValueError(f"the button must be a seat 0..{len(self._stacks) - 1}, got {button}")
        self._button = button
        self._blinds = (check_chips(small_blind, "the small blind"), check_chips(big_blind, "the big blind"))
        self._limit_blinds = limit_blinds or (self._blinds[1], 2 * self._blinds[1])
        self._betting = betting
        self._ante = ante
        self._bets = (small_bet, big_bet)
        self._hands_per_game = check_chips(hands_per_game, "hands_per_game") if hands_per_game is not None else len(self._stacks)
        if self._hands_per_game < 1:
            raise ValueError("hands_per_game must be at least 1")
        self._rng = random.Random(seed)
        self._hole_size = hole_size
        self._options = {"rake": rake, "runs": runs, "showdown": showdown}
        # Every hand's settings pass Hand's quick check (two or more seats with 1 .. MAX_CHIPS chips
        # aside): _start_hand then skips the checks.
        self._plain = (
            (betting == "no-limit" or betting == "pot-limit") and type(ante) is int and ante == 0
            and type(hole_size) is int and hole_size == 4 and rake is None and type(runs) is int and runs == 1
            and showdown == "all" and self._blinds[0] <= self._blinds[1] and self._blinds[1] >= 1
        )
        self._reload = list(self._stacks) if reload else None
        self._deal_from_rng = False  # simulate() deals straight from the table's generator (faster, other cards)
        self._away: set[int] = set()  # sitting out
        self._waiting: set[int] = set()  # waiting for the big blind
        self._owes: set[int] = set()  # post a big blind when next dealt in
        self._booked = False  # the last hand's chips are in _stacks
        #: The seats that lost their last chip in the last hand.
        self.busted: list[int] = []
        self._hand: Hand | None = None
        self._seats: list[int] = []
        self.hands_played: int = 0
        while not self._stacks[self._button]:  # the button starts on a player with chips
            self._button = (self._button + 1) % len(self._stacks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        mine, theirs = dict(vars(self)), dict(vars(other))
        return mine.pop("_rng").getstate() == theirs.pop("_rng").getstate() and mine == theirs

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # a table changes

    def copy(self) -> Table:
        """An independent copy (the current hand copied too, the random generator in the same state)."""
        new: Table = object.__new__(Table)
        new.__dict__.update(vars(self))
        new._stacks, new._seats, new._options = self._stacks[:], self._seats[:], dict(self._options)
        new._settings = dict(self._settings)
        new._away, new._waiting, new._owes = set(self._away), set(self._waiting), set(self._owes)
        new._reload = None if self._reload is None else list(self._reload)
        new.busted = list(self.busted)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._hand = None if self._hand is None else self._hand.copy()
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self.copy()

    @property
    def settings(self) -> dict[str, Any]:
        """The keyword arguments this table was made with (``Table(**table.settings)`` starts it again)."""
        return dict(self._settings)

    @property
    def stacks(self) -> list[int]:
        """Every seat's chips now (during a hand: chips not yet bet)."""
        stacks = list(self._stacks)
        if self._hand is not None and not self._booked:
            for k, chips in enumerate(self._hand.stacks):
                stacks[self._seats[k]] = chips
        return stacks

    @property
    def hand(self) -> Hand | None:
        """The current (or last) hand."""
        return self._hand

    @property
    def seats(self) -> list[int]:
        """The table seat of each player of the current hand (hand seat k is
        table seat ``seats[k]``)."""
        return list(self._seats)

    @property
    def big_blind(self) -> int:
        """The big blind of the next hand."""
        return self._next_blinds()[1]

    @property
    def is_over(self) -> bool:
        """True when fewer than two players have chips between hands (never with ``reload``)."""
        if self._reload is not None:
            return False
        return (self._hand is None or self._hand.is_over) and sum(1 for s in self.stacks if s) < 2

    def next_betting(self) -> Betting:
        """The structure of the next hand."""
        if self._betting != "mixed":
            return self._betting
        return "limit" if self.hands_played // self._hands_per_game % 2 == 0 else "pot-limit"

    def _next_blinds(self) -> tuple[int, int]:
        return self._limit_blinds if self._betting == "mixed" and self.next_betting() == "limit" else self._blinds

    def _close_books(self) -> None:
        """Move the chips of a finished hand into the seats (once)."""
        hand = self._hand
        if hand is None or self._booked:
            return
        if not hand.is_over:
            raise IllegalAction("the current hand is not over")
        before, seats = self._stacks, self._seats
        if len(seats) == len(before):  # every seat played (seats is 0 .. n-1)
            after = list(hand._stacks)
        else:
            after = list(before)
            for k, chips in enumerate(hand._stacks):
                after[seats[k]] = chips
        self._stacks = after
        self._booked = True
        self.busted = [s for s in seats if before[s] and not after[s]] if 0 in after else []
        for s in self.busted:
            self._away.discard(s)
            self._owes.discard(s)
        if self._reload is not None:
            self._stacks = [chips if chips > start else start for chips, start in zip(after, self._reload)]

    def _between_hands(self, seat: object) -> int:
        self._close_books()
        n = len(self._stacks)
        if type(seat) is not int:
            raise TypeError(f"a seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < n:
            raise ValueError(f"the seat must be 0..{n - 1}, got {seat}")
        return seat

    def _ready(self, seat: int) -> bool:
        return bool(self._stacks[seat]) and seat not in self._away and seat not in self._waiting

    def join(self, seat: int, chips: int, *, wait_for_big_blind: bool = False) -> None:
        """Seat a new player with ``chips`` at the empty ``seat`` between hands.
        Once the game has started they post a big blind in their first hand
        (unless it is their turn for a blind anyway), or, with
        ``wait_for_big_blind``, sit out until the big blind reaches them."""
        seat = self._between_hands(seat)
        if self._stacks[seat]:
            raise IllegalAction(f"seat {seat} is taken")
        chips = check_chips(chips, "the chips")
        if chips < 1:
            raise ValueError("a player joins with at least 1 chip")
        if type(wait_for_big_blind) is not bool:
            raise TypeError(f"wait_for_big_blind must be a bool, not {type(wait_for_big_blind).__name__}")
        self._stacks[seat] = chips
        if self._reload is not None:
            self._reload[seat] = chips
        self._enter(seat, wait_for_big_blind)

    def _enter(self, seat: int, wait: bool) -> None:
        if self.hands_played == 0:
            return  # the game has not started: nobody owes anything
        (self._waiting if wait else self._owes).add(seat)

    def leave(self, seat: int) -> int:
        """The player at ``seat`` leaves between hands, taking their chips (returned)."""
        seat = self._between_hands(seat)
        chips = self._stacks[seat]
        if not chips:
            raise IllegalAction(f"seat {seat} is empty")
        self._stacks[seat] = 0
        if self._reload is not None:
            self._reload[seat] = 0
        for group in (self._away, self._waiting, self._owes):
            group.discard(seat)
        return chips

    def sit_out(self, seat: int) -> None:
        """The player at ``seat`` keeps the seat and chips but is not dealt in from the next hand."""
        seat = self._between_hands(seat)
        if not self._stacks[seat]:
            raise IllegalAction(f"seat {seat} is empty")
        self._away.add(seat)
        self._waiting.discard(seat)
        self._owes.discard(seat)

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """A player sitting out comes back: posting a big blind in the next
        hand, or waiting for the big blind (as :meth:`join`)."""
        seat = self._between_hands(seat)
        if seat not in self._away:
            raise IllegalAction(f"seat {seat} is not sitting out")
        if type(wait_for_big_blind) is not bool:
            raise TypeError(f"wait_for_big_blind must be a bool, not {type(wait_for_big_blind).__name__}")
        self._away.discard(seat)
        self._enter(seat, wait_for_big_blind)

    @property
    def sitting_out(self) -> list[int]:
        """The seats sitting out, and those waiting for the big blind."""
        return sorted(self._away | self._waiting)

    def deal(self) -> Hand:
        """Finish the books of the last hand and start the next one."""
        if self._hand is not None:
            self._close_books()
            self._hand = None
            self._button = self._next_live(self._button)
        if self.is_over:
            raise IllegalAction("the table is over: one player has all the chips")
        n = len(self._stacks)
        if not self._ready(self._button):
            self._button = self._next_live(self._button)
        if not (self._away or self._waiting or self._owes or self._dead_button):
            # Nobody sits out, waits or owes a post (a simulation's table): every seat with chips plays.
            stacks = self._stacks
            players = [s for s in range(n) if stacks[s]] if 0 in stacks else list(range(n))
            if len(players) < 2:
                raise IllegalAction("fewer than two players are ready to play")
            if self._button not in players:
                self._button = next(s for s in players if s > self._button) if players[-1] > self._button else players[0]
            button = players.index(self._button)
            small, big = _blind_seats(len(players), button, False)
            self._last_bb = players[big]
            return self._start_hand(players, button, [], False)
        players = [s for s in range(n) if self._ready(s)]
        last_bb = self._last_bb if self._dead_button else None

        def big_blind_of(trial: list[int]) -> int:
            if last_bb is None or len(trial) < 3:
                return _big_blind_seat(trial, self._button)
            return next((s for s in trial if s > last_bb), trial[0])  # the big blind moves one seat

        for s in [(self._button + k) % n for k in range(n)]:  # the big blind reaching a waiting player deals them in
            if s in self._waiting and self._stacks[s]:
                trial = sorted(players + [s])
                if len(players) < 2 or big_blind_of(trial) == s:
                    players = trial
                    self._waiting.discard(s)
        if len(players) < 2:
            raise IllegalAction("fewer than two players are ready to play")
        dead_small_blind = False
        if last_bb is not None and len(players) >= 3:
            # The dead-button rule: the big blind moves on one seat, the last big blind
            # posts the small blind (dead when they are not in), the button sits before it.
            big = big_blind_of(players)
            dead_small_blind = last_bb not in players
            after = last_bb if not dead_small_blind else big
            self._button = players[(players.index(after) - 1) % len(players)]
        elif self._button not in players:
            self._button = next(s for s in players if s > self._button) if players[-1] > self._button else players[0]
        button = players.index(self._button)
        small, big = _blind_seats(len(players), button, dead_small_blind)
        blinds = {players[big]} | ({players[small]} if small >= 0 else set())
        self._last_bb = players[big]
        posts = [players.index(s) for s in sorted(self._owes) if s in players and s not in blinds]
        self._owes -= set(players)
        return self._start_hand(players, button, posts, dead_small_blind)

    def _start_hand(self, players: list[int], button: int, posts: list[int], dead_small_blind: bool) -> Hand:
        """Deal the next hand among ``players`` (table seats), the button at index ``button``."""
        betting = self.next_betting()
        small_blind, big_blind = self._limit_blinds if self._betting == "mixed" and betting == "limit" else self._blinds
        small_bet, big_bet = self._bets if self._betting == "limit" else (None, None)
        stacks = self._stacks
        if self._plain and not posts and not dead_small_blind and len(players) <= 11:
            # Settings Hand's own quick check accepts (see _plain), stacks of players with chips: no checks again.
            start = tuple([stacks[s] for s in players]) if len(players) < len(stacks) else tuple(stacks)
            if max(start) <= MAX_CHIPS:
                hand = _object_new(Hand)
                hand._setup(
                    start, button, small_blind, big_blind, betting, None, None, 0, None,
                    self._rng if self._deal_from_rng else self._rng.getrandbits(64), 4, None, 1, "all", (), False,
                )
                self._hand, self._seats, self._booked = hand, players, False
                self.hands_played += 1
                return hand
        hand = Hand(
            [stacks[s] for s in players] if len(players) < len(stacks) else stacks[:], button, small_blind, big_blind, betting=betting,
            small_bet=small_bet, big_bet=big_bet, ante=self._ante,
            seed=self._rng if self._deal_from_rng else self._rng.getrandbits(64),
            hole_size=self._hole_size, posts=posts, dead_small_blind=dead_small_blind,
            **self._options,  # type: ignore[arg-type]
        )
        self._hand, self._seats, self._booked = hand, players, False
        self.hands_played += 1
        return hand

    @property
    def button(self) -> int:
        """The button's seat for the current hand (or the next, before the first)."""
        return self._button

    def _next_live(self, seat: int) -> int:
        stacks = self._stacks
        n = len(stacks)
        if not (self._away or self._waiting):  # _ready is then "has chips"
            for k in range(1, n + 1):
                if stacks[(seat + k) % n]:
                    return (seat + k) % n
            return seat
        for k in range(1, n + 1):
            if self._ready((seat + k) % n):
                return (seat + k) % n
        return seat


def _big_blind_seat(players: list[int], button: int) -> int:
    """The big blind's table seat among ``players`` (sorted table seats) with the button at ``button``."""
    k = players.index(button)
    return players[(k + 1) % 2] if len(players) == 2 else players[(k + 2) % len(players)]
