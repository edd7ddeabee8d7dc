"""How :func:`omaha8_fast.equity.equity` reads its players: one layer that
turns every kind of player (a known hand, a range, a random hand) into the
weighted hole lists the C kernels take.

Layering: this module sits between :mod:`omaha8_fast.ranges` (which only
parses and expands ranges) and :mod:`omaha8_fast.equity` (which runs the
kernels); it imports neither at load time. Ranges need numpy, so numpy is
imported only when a player is a range: plain hands and random players never
load it.

A player is read as

* ``None`` or ``"random"``: a random hand;
* a :class:`~omaha8_fast.ranges.Range`, or text that is not plain cards:
  a range (see :func:`is_range`);
* anything else: a known hand (text, card strings or ids), 4-6 cards.

>>> spot = read_spot(["As Ad 2s 3d", None], board="Kh 7c 2d")
>>> list(spot.players[0]), spot.players[1], spot.hole_size, list(spot.board), spot.kinds
([51, 49, 3, 5], None, 4, [46, 20, 1], ('hand', 'random'))

Ranges are narrowed before any deal is drawn, in ways that never change the
distribution of deals (the product of the players' weights over deals whose
hands share no card, see :func:`narrow`). Here the second player's range
can only be the four kings once the first one holds both red aces:

>>> spot = read_spot(["AhAd**", "Ah***, Ad***, KsKhKdKc"], board="2c 3c 4d")
>>> len(spot.players[1]) // 4, spot.kinds[1]
(1, 'range of 1 hand')
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from .._checks import check_range_text
from .._core import lib
from ..cards import RANKS, SUITS, Card, CardsLike, card_ids
from ..evaluator import HOLE_SIZES

if TYPE_CHECKING:
    from ..ranges import Range

__all__ = ["BOARD_SIZES", "MAX_PLAYERS", "Player", "Spot", "is_range", "narrow", "read_spot", "runout_count"]

#: Known board sizes: preflop, flop, turn, river.
BOARD_SIZES = (0, 3, 4, 5)
MAX_PLAYERS: int = lib.O8_MAX_PLAYERS
_CARD_OF = tuple(Card(i) for i in range(52))  # immutable (int subclasses): shared by every spot

#: A player: a hole (text, card strings or ids), a Range or range text, or
#: ``None``/``"random"``.
Player = Union[CardsLike, "Range", None]


@dataclass(frozen=True)
class Spot:
    """The players as the kernels take them.

    ``players[i]``: ``None`` for a random hand, else the candidate holes of
    player ``i`` as ``hole_size``-byte runs (one run: a known hand);
    ``weights[i]``: their cumulative integer weights (``None``: all equal).
    ``holes[i]``: the known hand of player ``i`` for the results (``None``
    for ranges and random hands). ``kinds[i]`` says how player ``i`` was
    read: ``"hand"``, ``"random"`` or ``"range of N hands"`` (after
    narrowing; a range that is every hand of the cards left reads as
    ``"random"``). ``deals``: the number of deals exact enumeration walks
    (an upper bound when ranges overlap); ``total_weight``: the sum of their
    weights (bounds the exact counts).
    """

    players: tuple[bytes | None, ...]
    weights: tuple[tuple[int, ...] | None, ...]
    holes: tuple[tuple[Card, ...] | None, ...]
    kinds: tuple[str, ...]
    hole_size: int
    board: bytes
    dead: bytes
    deals: int
    total_weight: int


def _name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def _range_class() -> type | None:
    # No object can be a Range before omaha8_fast.ranges is imported: looking
    # it up here keeps numpy out of equity() calls with plain hands.
    module = sys.modules.get(__name__.split(".")[0] + ".ranges")
    cls = getattr(module, "Range", None)
    return cls if isinstance(cls, type) else None


def is_range(player: object) -> bool:
    """Whether :func:`omaha8_fast.equity.equity` reads ``player`` as a range:
    a :class:`~omaha8_fast.ranges.Range`, or text other than "random" that is
    not plain cards (plain cards are a known hand, checked as such; write
    ``Range("AsKd")`` for the range of hands holding As and Kd).

    >>> is_range("A2**ds"), is_range("AsAd2s3d"), is_range("random"), is_range(None)
    (True, False, False, False)
    >>> is_range("AsAd2s3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'AsAd2s3' is neither a hand nor an unambiguous range: ...
    """
    return _classify(player, _range_class())[0]


def _classify(player: object, cls: type | None) -> tuple[bool, list[int] | None]:
    """``(is_range(player), the card ids of text read as a hand or None)``;
    ``cls``: the Range class, if loaded (the ids save parsing the text twice)."""
    if cls is not None and isinstance(player, cls):
        return True, None
    if not isinstance(player, str) or player.strip().lower() == "random":
        return False, None
    try:
        return False, card_ids(player)
    except ValueError:
        check_range_text(player)  # refuses a mistyped hand ("AsAd2s3")
        return True, None


def runout_count(n_random: int, hole_size: int, cards_left: int, board_missing: int) -> int:
    """Deals to enumerate: holes for the random players, one after another,
    then the rest of the board, from ``cards_left`` unseen cards.

    >>> runout_count(0, 4, 44, 5), runout_count(1, 4, 44, 1)
    (1086008, 5430040)
    """
    count = 1
    for _ in range(n_random):
        count *= math.comb(cards_left, hole_size)
        cards_left -= hole_size
    return count * math.comb(cards_left, board_missing)


def _hand(i: int, hole: Any, ids: list[int] | None = None) -> list[int]:
    """The ids of player ``i``'s known hand (``ids``: its text already read)."""
    try:
        ids = card_ids(hole) if ids is None else ids
    except (ValueError, TypeError) as error:
        raise type(error)(f"player {i}: {error}") from None
    if len(ids) not in HOLE_SIZES:
        raise ValueError(f"player {i}: a hole has 4, 5 or 6 cards, got {len(ids)}")
    if not all(type(c) is int and 0 <= c < 52 for c in ids):  # an int subclass may lie about its value
        raise ValueError(f"player {i}: card ids must be ints 0..51")
    return ids


def _check_cards(hands: list[list[int] | None], board: list[int], dead: list[int]) -> None:
    """Raise ValueError naming a card used twice."""
    where: dict[int, str] = {}
    groups = [(f"player {i}'s hole", p) for i, p in enumerate(hands, 1) if p is not None]
    for place, cards in groups + [("the board", board), ("the dead cards", dead)]:
        for card in cards:
            if card in where:
                same = "twice in " + place if where[card] == place else f"in {where[card]} and {place}"
                raise ValueError(f"card {_name(card)} is used {same}")
            where[card] = place


def read_spot(players: Sequence[Player], board: CardsLike = (), dead: CardsLike = ()) -> Spot:
    """Read 2 to 9 players, a board of 0, 3, 4 or 5 cards and dead cards into
    a :class:`Spot`; ``ValueError``/``TypeError`` naming the player or card at
    fault. Ranges lose the hands that hold a known card and are narrowed
    (:func:`narrow`)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError('holes must be a list of hands or ranges, e.g. ["AsAd2s3d", "KhKd9c8c"]')
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    cls = _range_class()
    read = [_classify(p, cls) for p in players]  # every player first: a mistyped hand anywhere is refused first
    ranged = [is_r for is_r, _ in read]
    hands: list[list[int] | None] = []
    for i, (player, (is_r, ids)) in enumerate(zip(players, read), 1):
        random = player is None or (isinstance(player, str) and player.strip().lower() == "random")
        hands.append(None if is_r or random else _hand(i, player, ids))
    sizes = {len(p) for p in hands if p is not None}
    if len(sizes) > 1:
        described = ", ".join(f"player {i} has {len(p)}" for i, p in enumerate(hands, 1) if p is not None)
        raise ValueError(f"all holes must have the same number of cards: {described}")
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    if len(board_ids) not in BOARD_SIZES:
        raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_ids)}")
    _check_cards(hands, board_ids, dead_ids)
    range_size = next((int(getattr(p, "hole_size")) for p in players if cls is not None and isinstance(p, cls)), 4)
    hole_size = next((len(p) for p in hands if p is not None), range_size)
    n_known = sum(p is not None for p in hands)
    cards_left = 52 - len(board_ids) - len(dead_ids) - hole_size * n_known
    missing = 5 - len(board_ids)
    if cards_left < (len(players) - n_known) * hole_size + missing:
        raise ValueError(
            f"not enough cards: {len(players)} players with {hole_size}-card holes, "
            f"{len(board_ids)} board and {len(dead_ids)} dead cards need "
            f"{len(players) * hole_size + 5 + len(dead_ids)} cards of 52"
        )
    deals = runout_count(len(players) - n_known, hole_size, cards_left, missing)
    spot = Spot(
        players=tuple(None if p is None else bytes(p) for p in hands),
        weights=(None,) * len(players),
        holes=tuple(None if p is None else tuple(map(_CARD_OF.__getitem__, p)) for p in hands),
        kinds=tuple("random" if p is None else "hand" for p in hands),
        hole_size=hole_size,
        board=bytes(board_ids),
        dead=bytes(dead_ids),
        deals=deals,
        total_weight=deals,
    )
    if any(ranged):
        spot = _with_ranges(spot, players, ranged)
    return spot


def _with_ranges(spot: Spot, players: Sequence[Player], ranged: list[bool]) -> Spot:
    from ..ranges import Range, RangeSyntaxError  # numpy: only for ranges

    known = [*spot.board, *spot.dead, *(c for p in spot.players if p is not None for c in p)]
    ranges: list[Range | None] = []
    for i, (player, is_r) in enumerate(zip(players, ranged), 1):
        if not is_r:
            ranges.append(None)
            continue
        try:
            r = player if isinstance(player, Range) else Range(player, hole_size=spot.hole_size)  # type: ignore[arg-type]
        except RangeSyntaxError as error:
            raise ValueError(f"player {i}: invalid cards or range: {error}") from None
        if r.hole_size != spot.hole_size:
            raise ValueError(f"player {i}: a range of {r.hole_size}-card hands among {spot.hole_size}-card holes")
        r = r.without(known)
        if not r:
            raise ValueError(f"player {i}: the range {r.text!r} is empty once the known cards are removed")
        ranges.append(r)
    listed, as_random = narrow(ranges, spot.hole_size, 52 - len(known))
    return _spot_of(spot, ranges, listed, as_random)


def narrow(ranges: list[Range | None], hole_size: int, unseen: int) -> tuple[list[Range | None], list[bool]]:
    """Narrow the ranges (``None`` for the other players) without changing the
    distribution of deals, and say which ones are random hands in disguise.

    The target distribution gives a deal (one hand per player, pairwise
    disjoint, then the board) a probability proportional to the product of
    its hands' weights. Two steps keep it exactly:

    * a card held in *every* hand of one range (a forced card) can be held by
      nobody else in a deal of positive weight, so the hands of the other
      ranges that hold it are removed (repeated until nothing changes; a
      range left empty means no deal fits: ``ValueError``);
    * a range with equal weights holding every ``hole_size``-card hand of
      the cards that no other player is forced to hold weighs each compatible
      deal the same, which is what a random hand does: it becomes one, and
      random hands are dealt last from the cards left, with no rejection.

    ``unseen``: the cards not on the board, dead or in a known hand.
    Returns the narrowed ranges and, per player, whether it is now random.
    """
    import numpy as np

    out = list(ranges)
    forced: list[frozenset[int]] = [frozenset()] * len(out)
    changed = True
    while changed:
        changed = False
        for i, r in enumerate(out):
            if r is None:
                continue
            hands = np.ascontiguousarray(r.hands)
            counts = np.bincount(hands.ravel(), minlength=52)
            now = frozenset(np.flatnonzero(counts == len(hands)).tolist())
            if now != forced[i]:
                forced[i] = now
                changed = True
        for i, r in enumerate(out):
            if r is None:
                continue
            others = sorted(set().union(*(f for j, f in enumerate(forced) if j != i)))
            if not others:
                continue
            if forced[i] & set(others):
                card = _name(min(forced[i] & set(others)))
                raise ValueError(f"no deal fits: player {i + 1} and another player both always hold {card}, "
                                 "so their hands never fit together")
            narrowed = r.without(others)
            if not narrowed:
                raise ValueError(f"no deal fits: every hand of player {i + 1}'s range {r.text!r} holds a card "
                                 f"that another player always holds ({', '.join(map(_name, others))}): the hands never fit together")
            if len(narrowed) != len(r):
                out[i] = narrowed
                changed = True
    as_random = []
    for i, r in enumerate(out):
        if r is None:
            as_random.append(False)
            continue
        others_forced = set().union(*(f for j, f in enumerate(forced) if j != i))
        uniform = bool(np.all(r.weights == r.weights[0]))
        as_random.append(uniform and len(r) == math.comb(unseen - len(others_forced), hole_size))
    return out, as_random


def _spot_of(spot: Spot, ranges: list[Range | None], listed: list[Range | None], as_random: list[bool]) -> Spot:
    import numpy as np

    players, weights, kinds = list(spot.players), list(spot.weights), list(spot.kinds)
    for i, (r, random) in enumerate(zip(listed, as_random)):
        if r is None:
            continue
        if random:
            players[i], weights[i], kinds[i] = None, None, "random"
            continue
        players[i] = np.ascontiguousarray(r.hands, dtype=np.uint8).tobytes()
        uniform = bool(np.all(r.weights == r.weights[0]))
        weights[i] = None if uniform else tuple(int(w) for w in r.cumulative_weights().tolist())
        kinds[i] = f"range of {len(r):,} hand{'s' * (len(r) != 1)}"
    n_random = sum(p is None for p in players)
    n_known = sum(p is not None and len(p) == spot.hole_size for p in players)
    in_lists = sum(p is not None and len(p) > spot.hole_size for p in players)
    cards_left = 52 - len(spot.board) - len(spot.dead) - spot.hole_size * (n_known + in_lists)
    deals = total = runout_count(n_random, spot.hole_size, cards_left, 5 - len(spot.board))
    for p, w in zip(players, weights):
        if p is not None:
            deals *= len(p) // spot.hole_size
            total *= w[-1] if w else len(p) // spot.hole_size
    return Spot(players=tuple(players), weights=tuple(weights), holes=spot.holes, kinds=tuple(kinds),
                hole_size=spot.hole_size, board=spot.board, dead=spot.dead, deals=deals, total_weight=total)
