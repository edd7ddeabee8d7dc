"""Replay an imported hand in the engine (:func:`to_engine`), as real tables play it.

What real tables do that a plain engine hand does not, and how the replay
states it to :class:`omaha8_fast.engine.Hand`:

* a player joining posts a big blind out of position (live): ``posts``; a
  live post of another size: an ``extra_blinds`` ``"live"`` blind;
* a player joining posts small and big blinds: the small is dead (into the
  main pot, no part of the poster's bet or stake: a ``"dead"`` extra
  blind), the big live;
* no small blind (its player left): ``dead_small_blind`` when the big blind
  sits left of the button, else a small blind of 0;
* straddles: ``"straddle"`` extra blinds;
* antes of different sizes: ``"ante"`` extra blinds;
* a fold when checking was free: ``free_folds`` (only when the hand has one);
* an all-in for less than a full raise, an uncalled bet returned: the
  engine's own rules;
* a player sitting out: not dealt in (only players who post or act are);
* a disconnected player left all-in for what they had put in (a check
  with ``all_in``): their stack in the engine is what they put in, so the
  engine has them all-in from the street where they put in their last
  chips, and their checks after it are not replayed (they add nothing);
* a site that split its pots in its stakes' smallest chip (Full Tilt paid a
  $7.75 pot $3.90/$3.85 at some stakes), as the audit allows: when the split
  in cents does not give what the site paid and a split in units of 5, 10,
  25, 50 or 100 cents does, the engine's ``chip`` (the rules applied to
  those units).

The replay pays what the rules give; for a hand the site paid right, that is
what the site paid (tests/test_histories_replay.py checks each case).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..engine.rake import Rake
from ._audit import _UNITS
from ._model import HandHistoryError, ImportedHand, board_problem

if TYPE_CHECKING:
    from ..engine import Hand

__all__ = ["to_engine"]


class _FreeFold(Exception):
    """A fold when checking is free: replay again with ``free_folds``."""


def _blinds(hand: ImportedHand, names: list[str], button: int, error: Any) -> tuple[int, int, int, bool, tuple[int, ...],
                                                                                     list[tuple[int, int, str]]]:
    """``(small blind, big blind, ante, dead_small_blind, posts, extra_blinds)`` of the engine hand."""
    n = len(names)
    index = {name: k for k, name in enumerate(names)}
    posts = hand.posts
    antes = [p for p in posts if p.kind == "ante"]
    ante_sizes = {p.amount for p in antes if not p.all_in}
    uniform = len(ante_sizes) <= 1 and {p.player for p in antes} == set(names)
    ante = max((p.amount for p in antes), default=0) if uniform else 0
    big_posts = [p for p in posts if p.kind == "big blind"]
    bb = big_posts[0].amount if big_posts else 0
    if not bb:
        bb = hand.stakes[0] if hand.betting == "limit" else hand.stakes[1]
    if not bb:
        raise error("no big blind posted, and no stakes to take it from")
    small_seat, big_seat = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
    dead_sb = False
    poster = {p.player for p in posts if p.kind == "small blind"}
    if n >= 3 and names[small_seat] not in poster and any(
            p.player == names[small_seat] and p.kind == "big blind" for p in posts):
        dead_sb, small_seat, big_seat = True, -1, small_seat
    sb = 0
    seen_sb = seen_bb = False
    live_posts: list[int] = []
    extra: list[tuple[int, int, str]] = []
    for p in posts:
        seat = index[p.player]
        if p.kind == "ante":
            if not uniform:
                extra.append((seat, p.amount, "ante"))
            continue
        if p.kind == "small blind" and seat == small_seat and not seen_sb:
            sb, seen_sb = p.amount, True
            continue
        if p.kind == "big blind" and seat == big_seat and not seen_bb:
            seen_bb = True
            continue
        if p.kind == "straddle":
            extra.append((seat, p.amount, "straddle"))
            continue
        live = p.amount - p.dead
        if p.dead:
            extra.append((seat, p.dead, "dead"))
        if live and live == bb and seat not in live_posts and seat not in (small_seat, big_seat) and not p.all_in:
            live_posts.append(seat)
        elif live:
            extra.append((seat, live, "live"))
    if not seen_bb:
        raise error(f"no big blind posted by {names[big_seat]}, the big blind's seat")
    if sb > bb:
        raise error(f"the small blind {sb} is above the big blind {bb}")
    return sb, bb, ante, dead_sb, tuple(live_posts), extra


def to_engine(hand: ImportedHand, *, seed: int | None = 0) -> Hand:
    """``hand`` replayed in :class:`omaha8_fast.engine.Hand` with its known
    cards (the unknown ones drawn at random from ``seed``), with the blinds,
    posts and folds of real tables (see the module docstring). An action the
    engine finds illegal raises :class:`HandHistoryError` naming the line.
    """
    def error(message: str, line: int | None = None) -> HandHistoryError:
        return HandHistoryError(message, hand_id=hand.hand_id, line=line if line is not None else hand.first_line)

    problem = board_problem(hand.boards, courchevel=hand.game.startswith("Courchevel"))
    if problem is not None:
        raise error(problem)
    dealt = {p.player for p in hand.posts} | {a.player for a in hand.actions}
    seats = [s for s in hand.seats if s.name in dealt]
    if len(seats) < 2:
        raise error("fewer than two players were dealt in")
    names = [s.name for s in seats]
    button_candidates = [k for k, s in enumerate(seats) if s.number == hand.button_seat]
    if button_candidates:
        button = button_candidates[0]
    else:  # a dead button (its seat empty or out): the last dealt seat before it
        before = [k for k, s in enumerate(seats) if s.number < hand.button_seat]
        button = before[-1] if before else len(seats) - 1
    sb, bb, ante, dead_sb, posts, extra = _blinds(hand, names, button, error)
    small_bet = big_bet = None
    if hand.betting == "limit":
        small_bet, big_bet = bb, (hand.stakes[1] if hand.stakes[0] == bb and hand.stakes[1] else 2 * bb)
    rng = random.Random(seed)
    shared = 0
    extra_cards: list[Card] = []  # the second run's own cards
    if hand.run_twice:
        first, second = hand.boards[0], hand.boards[1]
        shared = next(k for k in range(6) if k == 5 or k >= len(second) or first[k] != second[k])
        extra_cards = list(second[shared:])
    known = [c for s in seats for c in hand.hole_cards.get(s.name, ())] + list(hand.board) + extra_cards
    if len(set(known)) != len(known):
        raise error("the same card is known twice")
    left = [Card(c) for c in range(52) if c not in set(known)]
    rng.shuffle(left)
    deck: list[Card] = []
    for s in seats:
        cards = hand.hole_cards.get(s.name)
        if cards is None or len(cards) != hand.hole_size:
            cards = tuple(left.pop() for _ in range(hand.hole_size))
        deck += cards
    board = list(hand.board) + [left.pop() for _ in range(5 - len(hand.board))]
    deck += board + extra_cards
    rake = None
    if hand.rake:  # the site's own schedule is unknown: this hand's rake as an exact fraction of its pot
        if hand.rake >= hand.total_pot:
            raise error(f"the rake {hand.rake} is not below the total pot {hand.total_pot}")
        rake = Rake(Fraction(hand.rake, hand.total_pot), cap=hand.rake, no_flop_no_drop=False,
                    split="proportional")  # how PokerStars spreads a rake over side pots
    stacks = _protected_stacks(hand, seats)
    setting = (names, stacks, button, sb, bb, small_bet, big_bet, ante, deck, dead_sb, posts, tuple(extra))
    try:
        engine = _replay(hand, setting, rake, False, error)
    except _FreeFold:
        engine = _replay(hand, setting, rake, True, error)
    if rake is not None and hand.pot_breakdown and _pots_after_rake(engine) != list(hand.pot_breakdown):
        # the site printed its pots after rake: a rake out of the main pot first fits them
        rake = replace(rake, split="main-first")
        engine = _replay(hand, setting, rake, engine.history.free_folds, error)
    paid = hand.paid
    if hand.unit == "cents" and engine.showdown_results and _payouts(engine, names) != paid:
        for chip in _UNITS:  # the site split in its smallest chip: the rules applied to those units
            other = _replay(hand, setting, rake, engine.history.free_folds, error, chip)
            if _payouts(other, names) == paid:
                engine = other
                break
    if any(kind == "dead" for _, _, kind in extra):
        back = engine.returned
        site = {name: amount for name, amount in hand.returned}
        if (back is None and site) or (back is not None and site.get(names[back[0]]) != back[1]):
            raise error(f"the replay returns an uncalled bet of {back} where the site returned {site or 'none'}, "
                        "with a dead blind in the hand")
    return engine


def _protected_stacks(hand: ImportedHand, seats: list[Any]) -> list[int]:
    """The engine's starting stacks: each seat's, but a player left all-in
    for what they had put in (a check with ``all_in``) starts with what they
    put in over the whole hand (every post and action)."""
    protected = {a.player for a in hand.actions if a.kind == "check" and a.all_in}
    if not protected:
        return [s.stack for s in seats]
    put = dict.fromkeys(protected, 0)
    for post in hand.posts:
        if post.player in put:
            put[post.player] += post.amount
    for action in hand.actions:
        if action.player in put:
            put[action.player] += action.added
    back = dict(hand.returned)
    return [min(s.stack, put[s.name] - back.get(s.name, 0)) if s.name in put else s.stack for s in seats]


def _payouts(engine: Hand, names: list[str]) -> dict[str, int]:
    """What a finished engine hand paid each player (by name) from the pots."""
    return {names[k]: won for k, won in enumerate(engine.payouts or ()) if won}


def _pots_after_rake(engine: Hand) -> list[int]:
    """The amounts of a finished engine hand's pots after rake, every run's part added up."""
    runs = engine.showdown_results
    if not runs:
        return []
    return [sum(run.pots[k].amount for run in runs) for k in range(len(runs[0].pots))]


def _replay(hand: ImportedHand, setting: tuple[Any, ...], rake: Rake | None, free_folds: bool, error: Any,
            chip: int = 1) -> Hand:
    """The engine hand of ``hand``'s actions, with this rake (``free_folds``:
    a fold when checking is free is taken; without, such a fold raises
    :class:`_FreeFold`)."""
    from ..engine import Hand, IllegalAction

    names, stacks, button, sb, bb, small_bet, big_bet, ante, deck, dead_sb, posts, extra = setting
    try:
        engine = Hand(
            stacks, button, sb, bb, betting=hand.betting,  # type: ignore[arg-type]
            small_bet=small_bet, big_bet=big_bet, ante=ante, deck=deck, hole_size=hand.hole_size,
            rake=rake, runs=2 if hand.run_twice else 1, showdown="choose" if hand.mucked else "all",
            posts=posts, dead_small_blind=dead_sb, extra_blinds=extra, free_folds=free_folds, chip=chip,
        )
    except ValueError as problem:
        raise error(f"the engine cannot set up this hand: {problem}") from None
    index = {name: k for k, name in enumerate(names)}
    protected = {a.player for a in hand.actions if a.kind == "check" and a.all_in}
    for action in hand.actions:
        seat = index[action.player]
        if action.kind == "check" and action.player in protected and engine.to_act != seat and not engine.stacks[seat]:
            continue  # a protected player's check once the engine has them all-in: it adds nothing
        if engine.to_act != seat:
            whose = "nobody" if engine.to_act is None else names[engine.to_act]
            raise error(f"{action.player} acts out of turn ({whose} is to act in the engine)", action.line)
        try:
            if action.kind == "fold" and not free_folds and "fold" not in engine.legal_actions().actions:
                raise _FreeFold
            if action.kind in ("fold", "check"):
                engine.act(action.kind)
            elif action.kind == "call":
                want = engine.legal_actions().call_amount
                if want != action.added:
                    raise IllegalAction(f"the call is {want} in the engine, not {action.added}")
                engine.call()
            elif action.kind == "bet":
                engine.bet(engine.bets[seat] + action.added)
            else:
                engine.raise_to(action.amount)
        except IllegalAction as problem:
            raise error(f"illegal {action.kind} by {action.player}: {problem}", action.line) from None
    _show_down(engine, names, set(hand.mucked))
    return engine


def _show_down(engine: Hand, names: list[str], mucked: set[str]) -> None:
    """A hand with mucks (replayed with ``showdown="choose"``) at its showdown:
    each player in the engine's showdown order mucks when the history says so
    (and the rules let them: else they show), the others show."""
    while engine.street == "showdown" and engine.to_act is not None:
        seat = engine.to_act
        if names[seat] in mucked and "muck" in engine.legal_actions():
            engine.muck()
        else:
            engine.show()
