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
from dataclasses import dataclass, field
from operator import index
from typing import Literal, NamedTuple, Union

from .cards import Card, CardsLike, card_ids, check_unique, format_cards
from .showdown import Contributions, Pot, Showdown, pots_from_contributions, showdown, split_pot

__all__ = [
    "BETTING_STRUCTURES",
    "STREETS",
    "Betting",
    "IllegalAction",
    "LegalActions",
    "Action",
    "HandHistory",
    "Hand",
    "Table",
]

Betting = Literal["limit", "pot-limit", "no-limit"]
BETTING_STRUCTURES: tuple[Betting, ...] = ("limit", "pot-limit", "no-limit")
#: Street names; a hand that reaches the showdown ends on ``"showdown"``.
STREETS = ("preflop", "flop", "turn", "river", "showdown")
_BOARD_SIZE = (0, 3, 4, 5, 5)
_LIMIT_CAP = 4  # bets per round in fixed limit: bet, raise, re-raise, cap
_RNG = random.Random()


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why. The hand
    is left exactly as it was."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LegalActions:
    """What the player to act may do now.

    ``actions`` names the allowed kinds in the order fold, check, call, bet,
    raise. ``call_amount`` is what a call adds (all the player's chips if
    that is less). A bet or raise goes *to* a total street bet from
    ``min_raise_to`` to ``max_raise_to`` (0 when neither is allowed); an
    all-in for less than a full raise shows as ``min_raise_to ==
    max_raise_to`` = the player's whole stack.
    """

    __slots__ = ("seat", "actions", "call_amount", "min_raise_to", "max_raise_to")

    def __init__(self, seat: int, actions: tuple[str, ...], call_amount: int, min_raise_to: int, max_raise_to: int) -> None:
        self.seat: int = seat
        self.actions: tuple[str, ...] = actions
        self.call_amount: int = call_amount
        self.min_raise_to: int = min_raise_to
        self.max_raise_to: int = max_raise_to

    def __contains__(self, kind: object) -> bool:
        return kind in self.actions

    def __repr__(self) -> str:
        return (
            f"LegalActions(seat={self.seat}, actions={self.actions}, call_amount={self.call_amount}, "
            f"min_raise_to={self.min_raise_to}, max_raise_to={self.max_raise_to})"
        )


class Action(NamedTuple):
    """One player action as recorded in the history.

    ``amount`` is 0 for fold and check, the chips added for a call, and the
    total street bet reached for a bet or raise.
    """

    street: str
    seat: int
    kind: str
    amount: int
    all_in: bool


@dataclass(frozen=True)
class HandHistory:
    """Everything needed to rebuild a hand: its settings, the cards in dealing
    order (seat 0's hole, seat 1's, ..., then the board) and the actions."""

    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    betting: Betting
    small_bet: int | None
    big_bet: int | None
    ante: int
    hole_size: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...] = field(default=())


class Hand:
    """One hand of Omaha Hi/Lo, from blinds to payout.

    ``stacks`` are the players' chips before the hand, clockwise by seat
    (each at least 1); ``button`` the dealer's seat. Every player posts
    ``ante`` (dead money), then the small and big blind are posted by the
    two players left of the button. **Heads-up** the button posts the small
    blind and acts first before the flop; the other player acts first on
    later streets (the standard rule). A player short of chips posts what
    they have and is all-in; the others must still call the full big blind.

    ``betting`` is ``"limit"`` (bets and raises of ``small_bet``, which is
    the big blind, before the flop and on the flop and of ``big_bet``,
    default twice that, on the turn and river; at most four bets a round,
    the big blind counting as the first bet before the flop),
    ``"pot-limit"`` (bets from the big blind up to the pot; a raise at least
    the previous bet or raise and at most the pot after calling) or
    ``"no-limit"`` (same minimum, the whole stack as maximum).

    **Short all-ins.** An all-in bet or raise smaller than a full raise lets
    the others call it, and players who have not acted yet may raise, but it
    does not reopen the betting to players who already acted: they may only
    call or fold unless the total raised since they acted reaches a full raise
    (for example after two short all-ins). The next full raise must still be
    at least the last full bet or raise. We apply this standard no-limit rule
    in all three structures; in limit a short all-in also does not count
    toward the cap.

    Cards: ``deck`` gives cards to deal in order (seat 0's hole cards, seat
    1's, ..., then flop, turn and river; any missing ones are drawn at
    random); otherwise the deck is shuffled from ``seed`` (or from a shared
    random generator when ``seed`` is None). Each player gets ``hole_size``
    cards (4, or 5 and 6 for the big-O variants).

    Folding is allowed only when facing a bet (check instead). The hand ends
    when one player is left, or at the showdown, where all live hands are
    shown in :attr:`showdown_order`; uncalled chips go back to their owner
    and every pot is split by :func:`omaha8_fast.showdown.split_pot`.
    """

    __slots__ = (
        "_n", "_button", "_sb", "_bb", "_betting", "_small_bet", "_big_bet", "_ante", "_hole_size",
        "_start", "_cards", "_stacks", "_bets", "_committed", "_folded", "_acted", "_high", "_min_raise",
        "_bet_count", "_street", "_to_act", "_aggressor", "_actions", "_legal", "_returned", "_payouts",
        "_result", "_live", "_able", "_sizes",
    )
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
        seed: int | None = None,
        hole_size: int = 4,
    ) -> None:
        start = tuple([_chips(s, "a stack") for s in stacks])
        n = len(start)
        if hole_size not in (4, 5, 6):
            raise ValueError(f"hole_size must be 4, 5 or 6, got {hole_size!r}")
        if not 2 <= n <= (52 - 5) // hole_size:
            raise ValueError(f"a hand needs 2 to {(52 - 5) // hole_size} players with {hole_size} hole cards, got {n}")
        if min(start) < 1:
            raise ValueError(f"every player needs chips to play, got stacks {list(start)}")
        button = _chips(button, "the button")
        if button >= n:
            raise ValueError(f"the button must be a seat 0..{n - 1}, got {button}")
        sb, bb, ante = _chips(small_blind, "the small blind"), _chips(big_blind, "the big blind"), _chips(ante, "the ante")
        if bb < 1 or sb > bb:
            raise ValueError(f"the blinds must satisfy 0 <= small blind <= big blind >= 1, got {sb}/{bb}")
        if betting not in BETTING_STRUCTURES:
            raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)}, got {betting!r}")
        if betting == "limit":
            small_bet = bb if small_bet is None else _chips(small_bet, "small_bet")
            big_bet = 2 * small_bet if big_bet is None else _chips(big_bet, "big_bet")
            if small_bet != bb:
                raise ValueError(f"in limit the small bet is the big blind ({bb}), got {small_bet}")
            if big_bet < small_bet:
                raise ValueError(f"big_bet ({big_bet}) must be at least small_bet ({small_bet})")
        elif small_bet is not None or big_bet is not None:
            raise ValueError(f"small_bet and big_bet are for limit betting, not {betting}")
        self._n, self._button, self._sb, self._bb, self._ante = n, button, sb, bb, ante
        self._betting, self._small_bet, self._big_bet, self._hole_size = betting, small_bet, big_bet, hole_size
        self._start = start
        # The minimum bet or raise of each street: the fixed bet in limit, else the big blind.
        self._sizes = (bb, bb, bb, bb) if small_bet is None or big_bet is None else (small_bet, small_bet, big_bet, big_bet)
        self._cards = _deal(deck, seed, n * hole_size + 5)
        self._stacks = list(start)
        self._bets = [0] * n
        self._committed = [0] * n
        self._folded = [False] * n
        self._acted = [-1] * n  # the bet level when the seat last acted this street; -1: not yet
        self._street = 0
        self._aggressor = -1  # last to bet or raise on the current street
        self._actions: list[tuple[int, int, str, int, bool]] = []
        self._legal: LegalActions | None = None
        self._returned: tuple[int, int] | None = None
        self._payouts: list[int] | None = None
        self._result: Showdown | None = None
        stacks_, bets, committed = self._stacks, self._bets, self._committed
        if ante:
            for s in range(n):
                paid = min(ante, stacks_[s])
                stacks_[s] -= paid
                committed[s] += paid
        small_seat, big_seat = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
        for seat, blind in ((small_seat, sb), (big_seat, bb)):
            paid = min(blind, stacks_[seat])
            stacks_[seat] -= paid
            bets[seat] += paid
            committed[seat] += paid
        self._high = bb  # the full big blind must be called even if it was posted short
        self._min_raise = self._sizes[0]
        self._bet_count = 1  # the big blind is the first bet of the round
        self._to_act = -1
        self._live = n  # players not folded
        self._able = n - stacks_.count(0)  # players not folded with chips behind (who can still act)
        self._next_turn(big_seat)

    # --- state ---------------------------------------------------------------

    @property
    def street(self) -> str:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, or ``"showdown"``
        once the hand has been decided at a showdown (a hand won by folds keeps
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
        return self._betting

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._button

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
        they have been paid out), so ``sum(stacks) + pot`` never changes."""
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
        return pots_from_contributions(collected, folded=[s for s in range(self._n) if self._folded[s]])

    @property
    def folded(self) -> list[bool]:
        """Which players have folded."""
        return list(self._folded)

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        start = self._n * self._hole_size
        return tuple(Card(c) for c in self._cards[start:start + _BOARD_SIZE[self._street]])

    @property
    def holes(self) -> list[tuple[Card, ...]]:
        """Every player's hole cards, by seat."""
        h = self._hole_size
        return [tuple(Card(c) for c in self._cards[s * h:(s + 1) * h]) for s in range(self._n)]

    @property
    def history(self) -> HandHistory:
        """The settings, cards and actions so far (see :meth:`replay`)."""
        return HandHistory(
            self._start, self._button, self._sb, self._bb, self._betting, self._small_bet, self._big_bet,
            self._ante, self._hole_size, tuple(Card(c) for c in self._cards), tuple(self.actions),
        )

    @property
    def actions(self) -> list[Action]:
        """The players' actions so far."""
        return [Action(STREETS[street], seat, kind, amount, all_in) for street, seat, kind, amount, all_in in self._actions]

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

    @property
    def showdown_result(self) -> Showdown | None:
        """The full showdown (winners, hands, shares per pot) if there was
        one, from :func:`omaha8_fast.showdown.showdown`; its players are
        numbered as in :attr:`showdown_seats`."""
        if self._street != 4 or self._result is not None:
            return self._result
        order, holes = self.showdown_seats, self.holes
        self._result = showdown(
            self.board,
            [None if self._folded[s] else holes[s] for s in order],
            Contributions(self._committed[s] for s in order),
        )
        return self._result

    # --- legal actions -------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (raises IllegalAction if the hand is over)."""
        legal = self._legal
        if legal is None:
            if self._to_act < 0:
                raise IllegalAction("the hand is over")
            legal = self._legal = self._compute_legal(self._to_act)
        return legal

    def _compute_legal(self, s: int) -> LegalActions:
        stack, bet, high = self._stacks[s], self._bets[s], self._high
        owed = high - bet
        call_amount = stack if owed > stack else owed
        kinds: tuple[str, ...] = ("fold", "call") if owed > 0 else ("check",)
        all_in_to = bet + stack
        low_to = high_to = 0
        if (
            all_in_to > high
            and (self._betting != "limit" or self._bet_count < _LIMIT_CAP)
            and (self._acted[s] < 0 or high - self._acted[s] >= self._min_raise)  # short all-ins do not reopen
            and self._someone_can_call(s)
        ):
            low_to = min(high + self._min_raise, all_in_to)  # in limit the fixed bet
            if self._betting == "limit":
                high_to = low_to
            elif self._betting == "no-limit":
                high_to = all_in_to
            else:  # pot limit: call, then raise by the whole pot
                high_to = max(low_to, min(high + sum(self._committed) + owed, all_in_to))
            kinds += ("raise",) if high else ("bet",)
        return LegalActions(s, kinds, call_amount, low_to, high_to)

    def _someone_can_call(self, s: int) -> bool:
        """Whether an opponent still in the hand could put in more than the
        current bet (raising against players all-in for less is pointless)."""
        high, bets, stacks, folded = self._high, self._bets, self._stacks, self._folded
        for o in range(self._n):
            if bets[o] + stacks[o] > high and o != s and not folded[o]:
                return True
        return False

    # --- actions -------------------------------------------------------------

    def fold(self) -> None:
        """Give up the hand (only when facing a bet)."""
        legal = self.legal_actions()
        if legal.actions[0] != "fold":
            raise IllegalAction("nothing to call: check instead of folding")
        s = legal.seat
        self._folded[s] = True
        self._live -= 1
        self._able -= 1
        self._record(s, "fold", 0)

    def check(self) -> None:
        """Pass without betting (only when nothing is owed)."""
        legal = self.legal_actions()
        if legal.actions[0] != "check":
            raise IllegalAction(f"cannot check: {legal.call_amount} to call")
        s = legal.seat
        self._acted[s] = self._high
        self._record(s, "check", 0)

    def call(self) -> None:
        """Match the current bet (or put in all remaining chips if fewer)."""
        legal = self.legal_actions()
        if legal.actions[0] != "fold":
            raise IllegalAction("nothing to call: check instead")
        s, amount = legal.seat, legal.call_amount
        self._stacks[s] -= amount
        self._bets[s] += amount
        self._committed[s] += amount
        self._acted[s] = self._high
        self._record(s, "call", amount)

    def bet(self, to: int) -> None:
        """Open the betting on this street with a bet of ``to`` chips."""
        legal = self.legal_actions()
        if "bet" not in legal.actions:
            raise IllegalAction(self._why_no_raise(legal, "bet"))
        self._raise(legal, to, "bet")

    def raise_to(self, to: int) -> None:
        """Raise the bet to a total of ``to`` chips on this street."""
        legal = self.legal_actions()
        if "raise" not in legal.actions:
            raise IllegalAction(self._why_no_raise(legal, "raise"))
        self._raise(legal, to, "raise")

    def all_in(self) -> None:
        """Put in every chip: a call, bet or raise, if the rules allow it."""
        legal = self.legal_actions()
        s = legal.seat
        if legal.call_amount >= self._stacks[s] and legal.call_amount:
            self.call()
        elif legal.max_raise_to == self._bets[s] + self._stacks[s]:
            self._raise(legal, legal.max_raise_to, legal.actions[-1])
        elif legal.max_raise_to:
            raise IllegalAction(f"cannot go all-in: the most allowed is {legal.actions[-1]} to {legal.max_raise_to}")
        else:
            raise IllegalAction("cannot go all-in: " + self._why_no_raise(legal, "raise" if self._high else "bet"))

    def act(self, kind: str, amount: int | None = None) -> None:
        """Apply an action by name (``"fold"``, ``"check"``, ``"call"``,
        ``"bet"``, ``"raise"``, ``"all-in"``); ``amount`` is the "to" total of
        a bet or raise."""
        if kind == "bet" or kind == "raise":
            if amount is None:
                raise IllegalAction(f"{kind} needs an amount")
            (self.bet if kind == "bet" else self.raise_to)(amount)
            return
        simple = {"fold": self.fold, "check": self.check, "call": self.call, "all-in": self.all_in}.get(kind)
        if simple is None:
            raise IllegalAction(f"unknown action {kind!r}: use fold, check, call, bet, raise or all-in")
        if amount is not None:
            raise IllegalAction(f"{kind} takes no amount")
        simple()

    def _why_no_raise(self, legal: LegalActions, kind: str) -> str:
        s = legal.seat
        if kind == "bet" and self._high:
            return "there is already a bet: raise instead"
        if kind == "raise" and not self._high:
            return "there is no bet to raise: bet instead"
        if self._bets[s] + self._stacks[s] <= self._high:
            return "not enough chips to raise: call or fold"
        if self._betting == "limit" and self._bet_count >= _LIMIT_CAP:
            return "the betting is capped (four bets this round)"
        if 0 <= self._acted[s] and self._high - self._acted[s] < self._min_raise:
            return "an all-in for less than a full raise does not reopen the betting: call or fold"
        return "every opponent is all-in: call or fold"

    def _raise(self, legal: LegalActions, to: int, kind: str) -> None:
        if isinstance(to, bool) or not isinstance(to, int):
            try:
                to = index(to)
            except TypeError:
                raise IllegalAction(f"the {kind} amount must be an integer, not {type(to).__name__}") from None
        if not legal.min_raise_to <= to <= legal.max_raise_to:
            span = str(legal.min_raise_to) if legal.min_raise_to == legal.max_raise_to else f"from {legal.min_raise_to} to {legal.max_raise_to}"
            raise IllegalAction(f"the {kind} must be {span}, not {to}")
        s, high = legal.seat, self._high
        added = to - self._bets[s]
        self._stacks[s] -= added
        self._bets[s] = to
        self._committed[s] += added
        if to - high >= self._min_raise:  # a full bet or raise; a short all-in changes neither
            if self._betting != "limit":
                self._min_raise = to - high
            self._bet_count += 1
        self._high = to
        self._acted[s] = to
        self._aggressor = s
        self._record(s, kind, to)

    # --- flow ----------------------------------------------------------------

    def _record(self, s: int, kind: str, amount: int) -> None:
        all_in = self._stacks[s] == 0
        self._actions.append((self._street, s, kind, amount, all_in))
        self._legal = None
        if all_in:
            self._able -= 1
        if self._live == 1:
            self._finish()
        else:
            self._next_turn(s)

    def _next_turn(self, after: int) -> None:
        """Give the turn to the next player who must act, or end the street."""
        seat = self._next_actor(after)
        if seat >= 0:
            self._to_act = seat
            return
        n = self._n
        while True:  # the street is over: collect and deal on, running out the board if nobody can bet
            self._bets = [0] * n
            if self._street == 3:
                self._street = 4
                self._finish()
                return
            self._street += 1
            self._high = 0
            self._min_raise = self._sizes[self._street]
            self._bet_count = 0
            self._acted = [-1] * n
            self._aggressor = -1
            seat = self._next_actor(self._button)
            if seat >= 0:
                self._to_act = seat
                return

    def _next_actor(self, after: int) -> int:
        """The first seat clockwise after ``after`` who still has to act, -1 if none."""
        n, folded, stacks, bets = self._n, self._folded, self._stacks, self._bets
        if self._able > 1:
            acted, high = self._acted, self._high
            for s in range(after + 1, after + n + 1):
                if s >= n:
                    s -= n
                if stacks[s] and not folded[s] and (acted[s] < 0 or bets[s] < high):
                    return s
            return -1
        if self._able == 1:  # one player with chips left: they only answer a bet they have not matched
            s = next(s for s in range(n) if stacks[s] and not folded[s])
            if bets[s] < max(bets[o] for o in range(n) if o != s and not folded[o]):
                return s
        return -1

    def _finish(self) -> None:
        """Return the uncalled chips, then pay out every pot."""
        self._to_act = -1
        self._legal = None
        committed, n = self._committed, self._n
        top = max(range(n), key=committed.__getitem__)
        excess = committed[top] - max(c for s, c in enumerate(committed) if s != top)
        if excess:
            committed[top] -= excess
            self._stacks[top] += excess
            self._returned = (top, excess)
        if self._live == 1:
            payouts = [0] * n
            payouts[self._folded.index(False)] = sum(committed)
        else:
            order = self.showdown_seats
            h, cards, folded = self._hole_size, self._cards, self._folded
            board = cards[n * h:n * h + 5]
            holes = [None if folded[s] else cards[s * h:(s + 1) * h] for s in order]
            won = split_pot(board, holes, Contributions(committed[s] for s in order))
            payouts = [0] * n
            for k, s in enumerate(order):
                payouts[s] = won[k]
        self._bets = [0] * n
        for s in range(n):
            self._stacks[s] += payouts[s]
        self._payouts = payouts

    # --- history -------------------------------------------------------------

    @classmethod
    def replay(cls, history: HandHistory) -> Hand:
        """Rebuild a hand from its :attr:`history` (the same cards and actions).

        >>> hand = Hand([50, 80], button=1, small_blind=1, big_blind=2, betting="pot-limit", seed=7)
        >>> hand.raise_to(6); hand.call(); hand.bet(12)
        >>> again = Hand.replay(hand.history)
        >>> again.stacks == hand.stacks and again.to_act == hand.to_act and again.board == hand.board
        True
        """
        hand = cls(
            history.stacks, history.button, history.small_blind, history.big_blind, betting=history.betting,
            small_bet=history.small_bet, big_bet=history.big_bet, ante=history.ante, deck=history.deck,
            hole_size=history.hole_size,
        )
        for number, action in enumerate(history.actions, 1):
            if hand._to_act != action.seat or hand.street != action.street:
                raise IllegalAction(
                    f"action {number} ({action.kind} by seat {action.seat} on the {action.street}) is out of turn: "
                    + ("the hand is over" if hand._to_act < 0 else f"seat {hand._to_act} is to act on the {hand.street}")
                )
            if action.kind in ("bet", "raise"):
                hand.act(action.kind, action.amount)
            else:
                hand.act(action.kind)
                if action.kind == "call" and hand._actions[-1][3] != action.amount:
                    raise IllegalAction(f"action {number}: the call is {hand._actions[-1][3]}, not {action.amount}")
        return hand

    def history_text(self) -> str:
        """The hand as a readable history, like a card room's hand log."""
        n, h = self._n, self._hole_size
        small_seat, big_seat = (self._button, 1 - self._button) if n == 2 else ((self._button + 1) % n, (self._button + 2) % n)
        stakes = f"{self._sb}/{self._bb}"
        if self._betting == "limit":
            stakes += f", bets {self._small_bet}/{self._big_bet}"
        lines = [f"Omaha Hi/Lo {self._betting}, blinds {stakes}" + (f", ante {self._ante}" if self._ante else "")]
        for s in range(n):
            role = " (button)" if s == self._button else ""
            lines.append(f"Seat {s}: {self._start[s]} in chips{role}")
        if self._ante:
            lines += [f"Seat {s} posts the ante {min(self._ante, self._start[s])}" for s in range(n)]
        for seat, blind, name in ((small_seat, self._sb, "small"), (big_seat, self._bb, "big")):
            lines.append(f"Seat {seat} posts the {name} blind {min(blind, self._start[seat] - min(self._ante, self._start[seat]))}")
        lines.append("*** HOLE CARDS ***")
        lines += [f"Seat {s}: {format_cards(self._cards[s * h:(s + 1) * h])}" for s in range(n)]
        board = self._cards[n * h:n * h + 5]
        street = 0
        verbs = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to"}
        for on, seat, kind, amount, all_in in self._actions:
            while street < on:
                street += 1
                lines.append(self._street_line(street, board))
            text = f"Seat {seat} {verbs[kind]}" + (f" {amount}" if kind in ("call", "bet", "raise") else "")
            lines.append(text + (" and is all-in" if all_in else ""))
        while street < min(self._street, 3):
            street += 1
            lines.append(self._street_line(street, board))
        if self._returned:
            lines.append(f"Uncalled bet of {self._returned[1]} returned to seat {self._returned[0]}")
        if self._street == 4:
            lines.append("*** SHOWDOWN ***")
            lines += [f"Seat {s} shows {format_cards(self._cards[s * h:(s + 1) * h])}" for s in self.showdown_order]
            lines += self._showdown_lines()
        if self._payouts is not None:
            lines.append("*** SUMMARY ***")
            for s in range(n):
                won = f", won {self._payouts[s]}" if self._payouts[s] else ""
                lines.append(f"Seat {s}: {self._start[s]} -> {self._stacks[s]}{won}")
        return "\n".join(lines)

    def _showdown_lines(self) -> list[str]:
        result = self.showdown_result
        assert result is not None
        seat = self.showdown_seats
        lines = []
        for k, pot in enumerate(result.pots):
            name = "Pot" if len(result.pots) == 1 else "Main pot" if k == 0 else f"Side pot {k}"
            seats = ", ".join(str(seat[i]) for i in pot.eligible)
            if not pot.shown:
                lines.append(f"{name} of {pot.amount}: seat {seats} takes it uncontested")
                continue
            lines.append(f"{name} of {pot.amount} (seats {seats}):")
            shares = ", ".join(f"seat {seat[i]} {chips}" for i, chips in zip(pot.high_winners, pot.high_shares))
            lines.append(f"  high: {shares} with {pot.high_hand.description if pot.high_hand else '?'}")
            if pot.low_hand:
                shares = ", ".join(f"seat {seat[i]} {chips}" for i, chips in zip(pot.low_winners, pot.low_shares))
                lines.append(f"  low: {shares} with {pot.low_hand.description}")
            else:
                lines.append("  no qualifying low: the high takes the whole pot")
        return lines

    def _street_line(self, street: int, board: list[int]) -> str:
        name = STREETS[street].upper()
        shown = format_cards(board[:3])
        if street > 1:
            shown = f"{shown}] [{format_cards(board[street + 1:street + 2])}"
        return f"*** {name} *** [{shown}]"

    def __str__(self) -> str:
        return self.history_text()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.street}, seat {self._to_act} to act"
        return f"<Hand {self._betting} {self._n} players, {state}, pot {self.pot}>"


def _chips(value: object, name: str) -> int:
    """A non-negative whole number of chips."""
    if type(value) is int and value >= 0:
        return value
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    amount = index(value)  # pyright: ignore[reportArgumentType]  # has __index__
    if amount < 0:
        raise ValueError(f"{name} must not be negative, got {amount}")
    return int(amount)


def _deal(deck: CardsLike | None, seed: int | None, count: int) -> list[int]:
    """``count`` cards: the given ones first, the rest drawn at random."""
    given = [] if deck is None else card_ids(deck)
    check_unique(given)
    if len(given) >= count:
        return given[:count]
    rng = _RNG if seed is None else random.Random(seed)
    seen = set(given)
    cards = given + [c for c in range(52) if c not in seen] if given else list(range(52))
    # A partial Fisher-Yates shuffle of the unseen cards, its swap positions
    # read as mixed-radix digits of one 290-bit random number (52! < 2**226:
    # the 64 spare bits keep the bias below 2**-64); faster than rng.sample.
    bits = rng.getrandbits(290)
    for i in range(len(given), count):
        bits, j = divmod(bits, 52 - i)
        j += i
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:count]


class Table:
    """A sequence of hands at one table.

    ``stacks`` are the seats' chips; :meth:`deal` starts the next hand
    among the seats that still have chips (the button moves one seat
    clockwise to the next such seat after every hand; there is no dead-button
    rule), and the stacks carry over. Players with no chips left are out;
    the table is over when one player has everything.

    ``betting`` is a structure or ``"mixed"``: then hands alternate between
    limit and pot-limit, ``hands_per_game`` hands each (default: one orbit,
    the number of seats), starting with limit. Pot-limit hands use the given
    blinds; limit hands raise them to ``limit_blinds`` (default: the big
    blind and twice the big blind), with small and big bets of one and two
    limit big blinds, so that the stakes stay level.

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
    ) -> None:
        self._stacks = [_chips(s, "a stack") for s in stacks]
        if len(self._stacks) < 2 or sum(1 for s in self._stacks if s) < 2:
            raise ValueError("a table needs at least two players with chips")
        if betting not in BETTING_STRUCTURES and betting != "mixed":
            raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)} or mixed, got {betting!r}")
        button = _chips(button, "the button")
        if button >= len(self._stacks):
            raise ValueError(f"the button must be a seat 0..{len(self._stacks) - 1}, got {button}")
        self._button = button
        self._blinds = (_chips(small_blind, "the small blind"), _chips(big_blind, "the big blind"))
        self._limit_blinds = limit_blinds or (self._blinds[1], 2 * self._blinds[1])
        self._betting = betting
        self._ante = ante
        self._bets = (small_bet, big_bet)
        self._hands_per_game = _chips(hands_per_game, "hands_per_game") if hands_per_game is not None else len(self._stacks)
        if self._hands_per_game < 1:
            raise ValueError("hands_per_game must be at least 1")
        self._rng = random.Random(seed)
        self._hole_size = hole_size
        self._hand: Hand | None = None
        self._seats: list[int] = []
        self.hands_played: int = 0
        while not self._stacks[self._button]:  # the button starts on a player with chips
            self._button = (self._button + 1) % len(self._stacks)

    @property
    def stacks(self) -> list[int]:
        """Every seat's chips now (during a hand: chips not yet bet)."""
        stacks = list(self._stacks)
        if self._hand is not None:
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
    def is_over(self) -> bool:
        """True when fewer than two players have chips between hands."""
        return (self._hand is None or self._hand.is_over) and sum(1 for s in self.stacks if s) < 2

    def next_betting(self) -> Betting:
        """The structure of the next hand."""
        if self._betting != "mixed":
            return self._betting
        return "limit" if self.hands_played // self._hands_per_game % 2 == 0 else "pot-limit"

    def deal(self) -> Hand:
        """Finish the books of the last hand and start the next one."""
        if self._hand is not None:
            if not self._hand.is_over:
                raise IllegalAction("the current hand is not over")
            self._stacks = self.stacks
            self._hand = None
            self._button = self._next_live(self._button)
        if self.is_over:
            raise IllegalAction("the table is over: one player has all the chips")
        seats = [s for s in range(len(self._stacks)) if self._stacks[s]]
        betting = self.next_betting()
        small_blind, big_blind = self._limit_blinds if self._betting == "mixed" and betting == "limit" else self._blinds
        small_bet, big_bet = self._bets if self._betting == "limit" else (None, None)
        hand = Hand(
            [self._stacks[s] for s in seats], seats.index(self._button), small_blind, big_blind, betting=betting,
            small_bet=small_bet, big_bet=big_bet, ante=self._ante, seed=self._rng.getrandbits(64),
            hole_size=self._hole_size,
        )
        self._hand, self._seats = hand, seats
        self.hands_played += 1
        return hand

    @property
    def button(self) -> int:
        """The button's seat for the current hand (or the next, before the first)."""
        return self._button

    def _next_live(self, seat: int) -> int:
        n = len(self._stacks)
        for k in range(1, n + 1):
            if self._stacks[(seat + k) % n]:
                return (seat + k) % n
        return seat
