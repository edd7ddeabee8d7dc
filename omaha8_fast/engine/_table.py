"""Tables: a sequence of hands with joins, leaves, sitting out, dead buttons and mixed games (:class:`Table`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from ._betting import (
    BETTING_STRUCTURES,
    MAX_CHIPS,
    Betting,
    IllegalAction,
    check_chips,
)
from ._hand import Hand, ShowdownMode
from ._setup import blind_seats as _blind_seats
from .rake import Rake

_object_new = object.__new__  # builds a Hand without its __init__

__all__ = ["Table"]


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
