"""Setting up a hand: the checks of its settings, the blinds' seats, the
posts, bet amounts, and the deal (used by :class:`omaha8_fast.engine.Hand`).

>>> blind_seats(6, 0, False), blind_seats(2, 1, False), blind_seats(6, 0, True)
((1, 2), (1, 0), (-1, 1))
>>> tuple(deal("As Kd", 7, 4)[:2]), len(set(deal(None, 7, 52)))   # given cards first, then the shuffle
((51, 45), 52)
"""

from __future__ import annotations

import random
from operator import index

from .._core import ffi as _ffi, lib as _lib
from ..cards import CardsLike, card_ids, check_unique
from ._betting import BETTING_STRUCTURES, MAX_CHIPS, check_chips
from ._log import SHOWDOWN_MODES
from ._native import DEAL as _DEAL
from .rake import Rake

__all__ = ["INT_TYPE", "BLIND_KINDS", "bet_amount", "blind_seats", "check_extra_blinds", "check_posts", "check_settings",
           "dead_chips", "deal"]

#: The kinds of :class:`~omaha8_fast.engine.Hand`'s ``extra_blinds``.
BLIND_KINDS = ("dead", "ante", "live", "straddle")

#: What ``set(map(type, stacks))`` is when every stack is an int.
INT_TYPE = {int}
_RNG = random.Random()
_DECK = bytes(range(52))


def check_settings(
    stacks: object, button: object, small_blind: object, big_blind: object, betting: object, small_bet: object,
    big_bet: object, ante: object, seed: object, hole_size: object, rake: object, runs: object, showdown: object,
    dead_small_blind: object,
) -> tuple[tuple[int, ...], int, int, int, int, int, int | None, int | None]:
    """Every check of a hand's settings (the errors name the problem):
    ``(stacks, players, button, small blind, big blind, ante, small bet, big bet)``."""
    if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__iter__"):
        raise TypeError(f"stacks must be a sequence of chip counts, not {type(stacks).__name__}")
    start = tuple(stacks)  # pyright: ignore[reportArgumentType]  # has __iter__
    if not start or set(map(type, start)) != INT_TYPE or min(start) < 0 or max(start) > MAX_CHIPS:
        start = tuple([check_chips(s, "a stack") for s in start])  # the errors, or ints of int-like values
    n = len(start)
    if type(hole_size) is not int or hole_size not in (4, 5, 6):
        raise ValueError(f"hole_size must be 4, 5 or 6, got {hole_size!r}")
    if type(runs) is not int:
        raise TypeError(f"runs must be an int, not {type(runs).__name__}")
    if not 2 <= n <= (52 - 5) // hole_size:
        raise ValueError(f"a hand needs 2 to {(52 - 5) // hole_size} players with {hole_size} hole cards, got {n}")
    if runs < 1 or n * hole_size + 5 * runs > 52:
        raise ValueError(f"runs must be from 1 to {(52 - n * hole_size) // 5} with {n} players of {hole_size} cards, got {runs}")
    if min(start) < 1:
        raise ValueError(f"every player needs chips to play, got stacks {list(start)}")
    seat = check_chips(button, "the button")
    if seat >= n:
        raise ValueError(f"the button must be a seat 0..{n - 1}, got {seat}")
    sb, bb = check_chips(small_blind, "the small blind"), check_chips(big_blind, "the big blind")
    ante = check_chips(ante, "the ante")
    if bb < 1 or sb > bb:
        raise ValueError(f"the blinds must satisfy 0 <= small blind <= big blind >= 1, got {sb}/{bb}")
    if betting not in BETTING_STRUCTURES:
        raise ValueError(f"betting must be one of {', '.join(BETTING_STRUCTURES)}, got {betting!r}")
    small: int | None = None
    big: int | None = None
    if betting == "limit":
        small = bb if small_bet is None else check_chips(small_bet, "small_bet")
        big = 2 * small if big_bet is None else check_chips(big_bet, "big_bet")
        if small != bb:
            raise ValueError(f"in limit the small bet is the big blind ({bb}), got {small}")
        if big < small:
            raise ValueError(f"big_bet ({big}) must be at least small_bet ({small})")
    elif small_bet is not None or big_bet is not None:
        raise ValueError(f"small_bet and big_bet are for limit betting, not {betting}")
    if rake is not None and not isinstance(rake, Rake):
        raise TypeError(f"rake must be a Rake or None, not {type(rake).__name__}")
    if seed is not None and type(seed) is not int and not isinstance(seed, random.Random):
        raise TypeError(f"seed must be an int, a random.Random or None, not {type(seed).__name__}")
    if showdown not in SHOWDOWN_MODES:
        raise ValueError(f"showdown must be one of {', '.join(SHOWDOWN_MODES)}, got {showdown!r}")
    if type(dead_small_blind) is not bool:
        raise TypeError(f"dead_small_blind must be a bool, not {type(dead_small_blind).__name__}")
    if dead_small_blind and n < 3:
        raise ValueError("a dead small blind needs at least 3 players")
    return start, n, seat, sb, bb, ante, small, big


def blind_seats(n: int, button: int, dead_small_blind: bool) -> tuple[int, int]:
    """The small and big blind's seats (-1: a dead small blind, nobody posts it)."""
    if n == 2:
        return button, 1 - button
    if dead_small_blind:
        return -1, (button + 1) % n
    return (button + 1) % n, (button + 2) % n


def check_posts(posts: object, n: int, blinds: tuple[int, int]) -> tuple[int, ...]:
    """The seats posting an extra big blind (players joining a table), checked."""
    if isinstance(posts, (str, bytes)) or not hasattr(posts, "__iter__"):
        raise TypeError(f"posts must be a sequence of seats, not {type(posts).__name__}")
    seats = tuple(posts)  # pyright: ignore[reportArgumentType]  # has __iter__
    for seat in seats:
        if type(seat) is not int:
            raise TypeError(f"posts must be seats (ints), not {type(seat).__name__}")
        if not 0 <= seat < n or seat in blinds:
            raise ValueError(f"a post must come from a seat 0..{n - 1} not in the blinds {list(blinds)}, got {seat}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat posts twice in {list(seats)}")
    return tuple(sorted(seats))


def check_extra_blinds(blinds: object, n: int) -> tuple[tuple[int, int, str], ...]:
    """``extra_blinds`` checked: ``(seat, chips, kind)`` triples, kind one of :data:`BLIND_KINDS`."""
    if isinstance(blinds, (str, bytes)) or not hasattr(blinds, "__iter__"):
        raise TypeError(f"extra_blinds must be a sequence of (seat, chips, kind), not {type(blinds).__name__}")
    out = []
    for item in blinds:  # pyright: ignore[reportGeneralTypeIssues]  # has __iter__
        if not isinstance(item, (tuple, list)) or len(item) != 3:
            raise TypeError(f"an extra blind must be (seat, chips, kind), not {item!r}")
        seat, chips, kind = item
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"an extra blind's seat must be an int 0..{n - 1}, got {seat!r}")
        chips = check_chips(chips, "an extra blind")
        if chips < 1:
            raise ValueError("an extra blind must be at least 1 chip")
        if kind not in BLIND_KINDS:
            raise ValueError(f"an extra blind's kind must be one of {', '.join(BLIND_KINDS)}, got {kind!r}")
        out.append((seat, chips, kind))
    if len(out) > 2 * n:
        raise ValueError(f"at most {2 * n} extra blinds, got {len(out)}")
    return tuple(out)


def dead_chips(extra_blinds: tuple[tuple[int, int, str], ...], n: int) -> tuple[int, ...] | None:
    """The chips each seat posted dead (``"dead"`` extra blinds: a dead small
    blind of a player joining), None when nobody did. Dead chips are in the
    pot but no part of their poster's stake: they go to the main pot, and the
    uncalled bet and the side pots are judged without them (the rule for the
    engine's payout, its :attr:`~omaha8_fast.engine.Hand.pots` and the seat
    views'). A dead blind is always paid in full (the engine refuses one that
    a stack cannot cover), so the asked chips are the paid ones."""
    if not extra_blinds:
        return None
    dead = [0] * n
    for seat, chips, kind in extra_blinds:
        if kind == "dead":
            dead[seat] += chips
    return tuple(dead) if any(dead) else None


def bet_amount(value: object, kind: str) -> int:
    """A bet or raise total: an int (a bool or float is a ``TypeError``)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"the {kind} amount must be an integer, not {type(value).__name__}")
    return index(value)  # pyright: ignore[reportArgumentType]  # has __index__


def _generator(seed: int | random.Random | None) -> random.Random:
    """The random generator a deal draws from: the module's own for None,
    ``seed`` itself when it is one, else a new one seeded with it."""
    return _RNG if seed is None else seed if isinstance(seed, random.Random) else random.Random(seed)


def deal(deck: CardsLike | None, seed: int | random.Random | None, count: int) -> bytes:
    """``count`` card ids (as bytes): the given ones first, the rest drawn at random."""
    # A partial Fisher-Yates shuffle of the unseen cards, its swap positions
    # read as mixed-radix digits of one 290-bit random number (52! < 2**226:
    # the 64 spare bits keep the bias below 2**-64), lowest digit first; the
    # C core does the divisions and swaps (o8_deal). An int seed always deals
    # the same cards.
    if deck is None:
        bits = _generator(seed).getrandbits(290).to_bytes(37, "little")
        if _DEAL is not None:  # the same shuffle of a fresh deck, straight into bytes (csrc/cpython/entry.c)
            dealt = _DEAL(bits, count)
            if dealt is not None:
                return dealt
        start, cards = 0, bytearray(_DECK)
    else:
        given = card_ids(deck)
        check_unique(given)
        if len(given) >= count:
            return bytes(given[:count])
        seen = set(given)
        start, cards = len(given), bytearray(given + [c for c in range(52) if c not in seen])
        bits = _generator(seed).getrandbits(290).to_bytes(37, "little")
    _lib.o8_deal(bits, 37, _ffi.from_buffer(cards), start, count)
    return bytes(cards[:count])
