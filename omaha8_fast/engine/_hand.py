"""The hand state machine, :class:`Hand` (re-exported by :mod:`omaha8_fast.engine`,
whose docstring shows it at work)."""

from __future__ import annotations

import random
from _thread import allocate_lock as _allocate_lock
from collections.abc import Sequence
from typing import Any, Literal

from .._hooks import HAND_FORMATS
from ..cards import Card, CardsLike, card_ids
from ..showdown import Showdown
from ._actions import _Actions
from ._betting import (
    MAX_CHIPS,
    check_chips,
    RULES,
    Betting,
    IllegalAction,
)
from ._log import Action, HandHistory, check_history
from ._native import START as _START, HandBase
from ._setup import (
    INT_TYPE as _INT_TYPE,
    blind_seats as _blind_seats,
    check_extra_blinds as _extra_blinds,
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
_NO_EXTRA: tuple[tuple[tuple[int, int, str], ...], bool, int] = ((), False, 1)


class Hand(_Actions, HandBase):
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

    ``rake``: a :class:`~omaha8_fast.engine.rake.Rake` taken before the pots are
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

    ``boards=2``: double-board Omaha Hi/Lo, two boards dealt street by street
    (the deck gives the second board's five cards after the first's), each pot
    halved between them (the odd chip to the first) and each half split high
    and low on its own board (:attr:`boards`). ``bomb_pot``: every player
    antes that many chips, nobody posts a blind and the hand starts on the
    flop (``ante``, ``posts`` and ``dead_small_blind`` are then refused).
    The rules: ``docs/rules.md``, "Double board" and "Bomb pots".
    ``extra_blinds``: what real tables add to the blinds, for replaying their
    hands: ``(seat, chips, kind)`` posted in order after the antes, blinds
    and ``posts`` (all of a short stack when it has fewer chips). ``"dead"``
    chips (a dead small blind of a player joining) go into the main pot and
    are no part of their poster's stake: not of a bet, an uncalled bet or a
    side pot (they must leave chips behind); an ``"ante"`` is part of the
    poster's stake but of no bet (antes of different sizes); a ``"live"``
    blind counts toward the poster's call and keeps their option, like a
    big blind; a ``"straddle"`` is a live
    blind that raises the bet to the poster's total (the next raise at least
    the straddle; in limit it counts as a bet), and the betting starts
    after the last straddler. ``free_folds``: a player may fold when
    checking is free (as real tables let them; the engine otherwise refuses).
    ``chip``: the smallest chip the pots are split in (1: every chip; older
    tables split in their stakes' smallest chip, e.g. 5 cents): on a board
    where every pot's part is a multiple of ``chip``, each is split in units
    of ``chip`` by the same rules (the odd unit to the high half, then left
    of the button); otherwise in single chips.

    Folding is allowed only when facing a bet (check instead). The hand ends
    when one player is left, or at the showdown in :attr:`showdown_order`;
    uncalled chips go back to their owner and every pot is split by
    :func:`omaha8_fast.showdown.split_pot`.
    """

    # The betting state (stacks, bets, the bet level, whose turn, the log, the cards and
    # the payout: _HAND_FIELDS) is held by the base class, C members that one call
    # (_ACT) reads and writes per action.
    __slots__ = _HAND_SLOTS + ("_guard",)  # copies, pickles and views: _snapshots; _guard: one action at a time
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
        manual_board: bool = False,
        boards: int = 1,
        bomb_pot: int = 0,
        extra_blinds: Sequence[tuple[int, int, str]] = (),
        free_folds: bool = False,
        chip: int = 1,
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
            and not posts and dead_small_blind is False and manual_board is False and boards == 1 and bomb_pot == 0
            and type(boards) is int and type(bomb_pot) is int and not extra_blinds and free_folds is False and chip == 1
            and (betting == "no-limit" or betting == "pot-limit")
            and (seed is None or type(seed) is int or isinstance(seed, random.Random))
        ):
            sb, bb, bomb = small_blind, big_blind, 0
        else:
            start, n, button, sb, bb, ante, small_bet, big_bet = _check_settings(
                stacks, button, small_blind, big_blind, betting, small_bet, big_bet, ante, seed, hole_size, rake,
                runs, showdown, dead_small_blind,
            )
            if type(manual_board) is not bool:
                raise TypeError(f"manual_board must be True or False, not {type(manual_board).__name__}")
            if manual_board and runs != 1:
                raise ValueError("manual_board deals one board: runs must be 1")
            if type(free_folds) is not bool:
                raise TypeError(f"free_folds must be True or False, not {type(free_folds).__name__}")
            if type(chip) is not int:
                raise TypeError(f"chip must be an int, not {type(chip).__name__}")
            if not 1 <= chip <= MAX_CHIPS:
                raise ValueError(f"chip must be from 1 to {MAX_CHIPS}, not {chip}")
            boards, bomb = _check_variant(boards, bomb_pot, n, hole_size, runs, ante, posts, dead_small_blind,
                                          manual_board)
            if bomb:
                if extra_blinds:
                    raise ValueError("a bomb pot has no blinds: extra_blinds cannot be posted in it")
                ante = bomb
        self._setup(
            start, button, sb, bb, betting, small_bet, big_bet, ante, deck, seed, hole_size, rake, runs, showdown,
            posts, dead_small_blind, manual_board, boards, bomb > 0,
            _extra_blinds(extra_blinds, n) if extra_blinds else (), free_folds, chip,
        )

    def _setup(
        self, start: tuple[int, ...], button: int, sb: int, bb: int, betting: Betting, small_bet: int | None,
        big_bet: int | None, ante: int, deck: CardsLike | None, seed: int | random.Random | None, hole_size: int,
        rake: Rake | None, runs: int, showdown: str, posts: Sequence[int], dead_small_blind: bool,
        manual_board: bool = False, boards: int = 1, bomb: bool = False,
        extra: tuple[tuple[int, int, str], ...] = (), free_folds: bool = False, chip: int = 1,
    ) -> None:
        """Deal and post (the settings checked, ``posts`` not yet), then the
        first turn. ``boards=2`` deals a second board (double board);
        ``bomb``: ``ante`` is a bomb pot's ante (no blinds, no preflop betting)."""
        n = len(start)
        rules = RULES[betting]
        sizes = rules.street_sizes(bb, small_bet, big_bet)
        self._guard = _allocate_lock()
        self._manual = manual_board
        if manual_board:  # the holes now, the board street by street (deal_board)
            if deck is not None and len(card_ids(deck)) > n * hole_size:
                raise ValueError(f"with manual_board the deck gives the hole cards only ({n * hole_size}): "
                                 "deal the board with deal_board()")
            cards = _deal(deck, seed, n * hole_size)
        else:
            cards = _deal(deck, seed, n * hole_size + 5 * runs + 5 * (boards - 1))
        small_seat, big_seat = _blind_seats(n, button, dead_small_blind)
        self._posts = posts = _posts(posts, n, (small_seat, big_seat)) if posts else ()
        self._sb, self._bb, self._ante, self._small_bet, self._big_bet = sb, bb, ante, small_bet, big_bet
        self._start, self._raked, self._dead_sb = start, 0, dead_small_blind
        # (a chip above 1 is settled by the Python path: csrc/cpython/entry.c's python_pays)
        self._extra = (extra, free_folds, chip) if extra or free_folds or chip != 1 else _NO_EXTRA
        self._shown: list[int] = []
        self._mucked: list[int] = []
        self._pending: list[int] = []  # choose mode: seats still to show or muck
        self._pot_text: tuple[str, ...] | None = None
        self._faces: tuple[Card, ...] | None = None  # the dealt cards as Card objects, made on the first view
        self._results: list[Showdown] | None = None
        self._n_boards, self._bomb = boards, bomb
        cap = MAX_CHIPS if rules.cap is None else rules.cap  # bets a round
        code: int | None
        if boards > 1 or bomb:  # the Python path: the C one (_START) knows neither
            if bomb:
                small_seat = big_seat = -1
            code = self._begin(
                start, button, small_seat, big_seat, sb, bb, ante, posts, rules, sizes, cap, cards, hole_size,
                showdown, rake, runs,
            )
            if boards > 1:
                self._run_from = 0  # the boards share no card (the C engine's showdown declines: Python settles)
            if bomb:
                self._end_street()  # no preflop betting: on to the flop
                return
        else:
            code = _BEGIN(
                self, start, button, small_seat, big_seat, sb, bb, ante, posts, rules, sizes, cap, cards, hole_size,
                showdown, rake, runs,
            )
            if code is None:
                code = self._begin(
                    start, button, small_seat, big_seat, sb, bb, ante, posts, rules, sizes, cap, cards, hole_size,
                    showdown, rake, runs,
                )
        if extra:
            self._post_extra(extra)
            last = [seat for seat, _, kind in extra if kind == "straddle"]
            self._to_act, self._legal = -1, None
            self._next_turn(last[-1] if last else big_seat)
        elif code:
            self._next_turn(big_seat)

    def _post_extra(self, extra: tuple[tuple[int, int, str], ...]) -> None:
        """Post the extra blinds (see the class docstring), after the blinds:
        the same Python for both engines' states (the C members are lists and ints)."""
        stacks, bets, committed = self._stacks, self._bets, self._committed
        for seat, chips, kind in extra:
            if kind == "dead" and chips >= stacks[seat]:  # dead chips are nobody's stake: never part of an all-in
                raise ValueError(f"seat {seat} has {stacks[seat]} chips left: a dead blind of {chips} must leave chips "
                                 "behind")
            paid = min(chips, stacks[seat])
            stacks[seat] -= paid
            committed[seat] += paid
            if not stacks[seat]:
                self._able -= 1
            if kind == "dead" or kind == "ante":
                continue
            bets[seat] += paid
            if kind == "straddle" and bets[seat] > self._high:
                if self._rules.resizes:  # the straddle is the bet to raise: the next raise at least its size
                    self._min_raise = max(self._min_raise, bets[seat])
                self._high = bets[seat]
                self._bet_count += 1

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
        holes = len(history.stacks) * history.hole_size
        # A hand with manual_board=True paused before its board was complete
        # records the holes and the board dealt so far: it replays as such a
        # hand, dealt the same board cards street by street.
        manual = history.runs == 1 and history.boards == 1 and len(history.deck) - holes in (0, 3, 4)
        hand = cls(
            history.stacks, history.button, history.small_blind, history.big_blind, betting=history.betting,
            small_bet=history.small_bet, big_bet=history.big_bet, ante=history.ante,
            deck=history.deck[:holes] if manual else history.deck,
            hole_size=history.hole_size, rake=history.rake, runs=history.runs, showdown=history.showdown,  # type: ignore[arg-type]
            posts=history.posts, dead_small_blind=history.dead_small_blind, manual_board=manual,
            boards=history.boards, bomb_pot=history.bomb_pot,
            extra_blinds=history.extra_blinds, free_folds=history.free_folds, chip=history.chip,
        )
        need = hand._n * hand._hole_size + 5 * hand._runs + 5 * (hand._n_boards - 1)
        if not manual and len(history.deck) != need:
            raise IllegalAction(f"the history's deck has {len(history.deck)} cards, this hand deals {need}")
        board = list(history.deck[holes:]) if manual else []

        def deal() -> None:  # the manual hand's next street, as the original was dealt it
            needed = hand.board_needed
            if needed and len(board) >= needed:
                hand.deal_board(board[:needed])
                del board[:needed]

        for number, action in enumerate(history.actions, 1):
            deal()
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
        deal()
        if board:
            raise IllegalAction(f"the history's deck has {len(board)} board cards that this hand never deals")
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

def _check_variant(
    boards: object, bomb_pot: object, n: int, hole_size: int, runs: int, ante: int, posts: object,
    dead_small_blind: bool, manual_board: bool,
) -> tuple[int, int]:
    """The checked ``boards`` (1 or 2) and bomb-pot ante (0: none)."""
    if type(boards) is not int:
        raise TypeError(f"boards must be an int (1 or 2), not {type(boards).__name__}")
    if boards not in (1, 2):
        raise ValueError(f"boards must be 1 or 2, got {boards}")
    bomb = check_chips(bomb_pot, "the bomb pot's ante")
    if boards == 2:
        if runs != 1:
            raise ValueError("a double-board hand runs each board once: runs must be 1")
        if manual_board:
            raise ValueError("manual_board deals one board: boards must be 1")
        if n * hole_size + 10 > 52:
            raise ValueError(f"a double board needs 10 board cards: at most {42 // hole_size} players of {hole_size} cards")
    if bomb:
        if ante:
            raise ValueError("a bomb pot's ante is bomb_pot: ante must be 0")
        if posts:
            raise ValueError("a bomb pot has no blinds: posts must be empty")
        if dead_small_blind:
            raise ValueError("a bomb pot has no blinds: dead_small_blind must be False")
    return boards, bomb


#: A new hand's betting state in one call: C (_START), else the same in Python.
_BEGIN = _START if _START is not None else Hand._begin


