"""Showdowns: who wins how many chips of each pot, high and low.

The rules are those of docs/rules.md, "Splitting the pot". Each pot is split on its own
among the live players eligible for it. If one of them has an 8-or-better
low, the pot splits into a high half and a low half, an odd chip going to the
high half; otherwise the best high takes it all. Tied players share only the
half they tie in; chips left over inside a half go one each to the tied
winners nearest the button's left. A pot with a single live eligible player
goes to that player unshown.

Players are listed in seat order starting with the first seat clockwise from
the button (that order breaks odd chips); a folded player is ``None``. Here
player 1's kings full of fives win the high half and players 0 and 2 tie for
the low with 8-5-3-2-A, so they quarter the pot:

>>> board = "Kh 5c 5d Ac 8s"
>>> holes = ["2s 3s Qd Jd", "Ks Kd 9h 9c", "2h 3h Qc Tc"]
>>> split_pot(board, holes, 300)
[75, 150, 75]
>>> split_pot(board, holes, 303)  # 152 high, 151 low: the low's odd chip to player 0
[76, 152, 75]
>>> print(showdown(board, holes, 301))
Board: Kh 5c 5d Ac 8s
Pot of 301, players 0, 1, 2:
  High, 151: player 1 with Kings full of fives (Ks Kd + Kh 5c 5d)
  Low, 150: players 0 and 2 split, 75 each, with Eight-five low
Payouts: player 0 75, player 1 151, player 2 75

A pot can be an int (every live player eligible), a list of ``(amount,
eligible players)`` side pots, or the chips each player put in
(:class:`Contributions`), from which :func:`pots_from_contributions` builds the
main and side pots. Player 2 is all-in for 50, player 0 folded after putting
in 20:

>>> pots_from_contributions([20, 120, 50, 120], folded=[0])
[Pot(amount=170, eligible=(1, 2, 3)), Pot(amount=140, eligible=(1, 3))]
"""

from __future__ import annotations

import operator
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, NamedTuple, Union

from ._checks import check_int
from ._core import ffi, lib
from ._modules import make_callable as _make_callable
from .cards import Card, CardsLike, card_ids
from .evaluator import (
    HOLE_SIZES,
    Evaluation,
    HighHand,
    LowHand,
    _as_bytes,
    _has_bool,
    evaluate,
)

__all__ = [
    "Pot",
    "Contributions",
    "PotLike",
    "PotResult",
    "Showdown",
    "pots_from_contributions",
    "showdown",
    "split_pot",
    "double_board_showdown",
    "split_double_board",
]

BOARD_SIZE = 5
_MAX_CHIPS = 2**63 - 1  # amounts are int64 in the C core


class Pot(NamedTuple):
    """One pot: its chips and the players who can win it (indices into ``holes``)."""

    amount: int
    eligible: tuple[int, ...]


class Contributions(tuple[int, ...]):
    """The chips each player put into the pot this hand, in the order of ``holes``.

    Pass it as the ``pot`` of :func:`showdown` or :func:`split_pot` to have
    the main and side pots built from it (see :func:`pots_from_contributions`;
    the players given as ``None`` in ``holes`` are the folded ones).

    >>> Contributions([100, 100, 40])
    Contributions([100, 100, 40])
    >>> Contributions([10, -5])
    Traceback (most recent call last):
    ...
    ValueError: contribution 1 must not be negative, got -5

    Like the pots given as a list, the contributions together must fit the
    C core's int64 chip counts (at most ``2**63 - 1``):

    >>> Contributions([2**62, 2**62])
    Traceback (most recent call last):
    ...
    ValueError: the contributions hold more than 9223372036854775807 chips
    """

    def __new__(cls, amounts: Iterable[int]) -> Contributions:
        chips = [_chips(a, f"contribution {i}") for i, a in enumerate(amounts)]
        if sum(chips) > _MAX_CHIPS:
            raise ValueError(f"the contributions hold more than {_MAX_CHIPS} chips")
        return super().__new__(cls, chips)

    def __repr__(self) -> str:
        return f"Contributions({list(self)})"


#: What :func:`showdown` and :func:`split_pot` accept as ``pot``.
PotLike = Union[int, Contributions, Sequence[tuple[int, Iterable[int]]]]


def _integer(value: object, what: str) -> int:
    """``value`` as an int: an int or a numpy integer, not a bool or a float."""
    return check_int(value, what)  # the package's one integer rule (omaha8_fast._checks)


def _chips(value: object, what: str) -> int:
    """``value`` as a whole number of chips, 0 .. 2**63 - 1."""
    chips = _integer(value, what)
    if chips < 0:
        raise ValueError(f"{what} must not be negative, got {chips}")
    if chips > _MAX_CHIPS:
        raise ValueError(f"{what} is too large: {chips} > {_MAX_CHIPS}")
    return chips


def pots_from_contributions(
    contributions: Iterable[int], folded: Collection[int] = (), dead: Sequence[int] | None = None,
) -> list[Pot]:
    """The main pot and side pots built from the chips each player put in.

    ``contributions[i]`` is what player ``i`` put in this hand, ``folded`` the
    indices of the players who folded: their chips stay in the pots they fed,
    but they can win none. Each distinct amount a live player put in closes a
    pot: the main pot first, every player eligible who covered it. Chips of a
    folded player above what every live player put in go to the last pot, and
    a live player's uncalled excess forms a last pot only they can win (so it
    comes back to them). The pots sum exactly to the contributions.

    >>> pots_from_contributions([100, 100, 100])
    [Pot(amount=300, eligible=(0, 1, 2))]
    >>> pots_from_contributions([100, 30, 100, 60])  # two all-in players
    [Pot(amount=120, eligible=(0, 1, 2, 3)), Pot(amount=90, eligible=(0, 2, 3)), Pot(amount=80, eligible=(0, 2))]
    >>> pots_from_contributions([100, 250], folded=[0])  # an uncalled raise
    [Pot(amount=350, eligible=(1,))]

    ``dead[i]``: the part of ``contributions[i]`` posted dead (a dead small
    blind of a player joining a table): in the pot, but no part of the
    player's stake, so it goes to the main pot.

    >>> pots_from_contributions([61, 60, 30], dead=[1, 0, 0])  # 1 dead, two all-in for 60 and 30
    [Pot(amount=91, eligible=(0, 1, 2)), Pot(amount=60, eligible=(0, 1))]
    """
    amounts = contributions if isinstance(contributions, Contributions) else Contributions(contributions)
    out = {_player(i, len(amounts), "a folded player") for i in folded}
    live = [i for i in range(len(amounts)) if i not in out]
    if not live and any(amounts):
        raise ValueError("every player folded: nobody is eligible for the pot")
    if dead is None or not any(dead):
        return [Pot(amount, tuple(eligible)) for amount, eligible in _side_pots(amounts, live)]
    if len(dead) != len(amounts) or any(type(d) is not int or not 0 <= d <= a for d, a in zip(dead, amounts)):
        raise ValueError("dead must give each player 0 up to their contribution")
    stakes = [a - d for a, d in zip(amounts, dead)]
    pots = _side_pots(stakes, live) if any(stakes) else []
    money = sum(dead)
    if not pots:
        return [Pot(money, tuple(live))]
    return [Pot(amount + (money if k == 0 else 0), tuple(eligible)) for k, (amount, eligible) in enumerate(pots)]


def _side_pots(amounts: Sequence[int], live: list[int]) -> list[tuple[int, list[int]]]:
    """:func:`pots_from_contributions` on checked input, with at least one live player."""
    levels = sorted({amounts[i] for i in live if amounts[i]})
    if not levels:  # only folded players put chips in
        total = sum(amounts)
        return [(total, live)] if total else []
    if len(levels) == 1:  # one pot (the loop below, with one level: every chip counted)
        return [(sum(amounts), [i for i in live if amounts[i]])]
    ascending = sorted(amounts)
    smallest = list(accumulate(ascending, initial=0))  # smallest[k]: the k smallest amounts summed

    def capped(level: int) -> int:
        """The chips put in, counting each player's up to ``level``."""
        k = bisect_left(ascending, level)
        return smallest[k] + level * (len(ascending) - k)

    pots, below = [], 0
    for level in levels:
        # the last pot also takes folded players' chips above every live stake
        chips = capped(ascending[-1] if level == levels[-1] else level)
        pots.append((chips - below, [i for i in live if amounts[i] >= level]))
        below = chips
    return pots


def _player(value: object, n: int, what: str) -> int:
    """``value`` as a player index 0..n-1."""
    player = _integer(value, what)
    if not 0 <= player < n:
        raise ValueError(f"{what} {player} is out of range 0..{n - 1}")
    return player


# --- reading the table -------------------------------------------------------


def _table(board: CardsLike, holes: Sequence[CardsLike | None]) -> tuple[bytes, list[bytes | None], bytes, int, int]:
    """The board's bytes, each hole's (None when folded), the holes packed
    for C (a folded player's row is zeros), the hole size and the live mask.
    Card values and repeats are checked by the C core (see ``_card_error``)."""
    if isinstance(holes, (str, bytes)) or not hasattr(holes, "__len__"):
        raise TypeError(f"holes must be a list of hole cards (None for a folded player), not {type(holes).__name__}")
    try:
        packed = [None if hole is None else _as_bytes(hole) for hole in holes]
    except (TypeError, ValueError):
        raise _hole_error(holes) from None
    if not 0 < len(packed) <= lib.O8_SHOWDOWN_MAX_PLAYERS:
        raise ValueError(f"a showdown needs 1..{lib.O8_SHOWDOWN_MAX_PLAYERS} players, got {len(packed)}")
    try:
        board_bytes = _as_bytes(board)
    except (TypeError, ValueError) as error:
        raise type(error)(f"the board: {error}") from None
    if len(board_bytes) != BOARD_SIZE:
        raise ValueError(f"the board must have {BOARD_SIZE} cards at a showdown, got {len(board_bytes)}")
    everyone = None not in packed
    live: list[bytes] = packed if everyone else [hole for hole in packed if hole is not None]  # type: ignore[assignment]
    sizes = set(map(len, live))
    size = sizes.pop() if len(sizes) == 1 else 0
    if size not in HOLE_SIZES and live:
        raise _size_error(packed)
    if everyone:
        return board_bytes, packed, b"".join(live), size, (1 << len(packed)) - 1
    folded_row = bytes(size or HOLE_SIZES[0])
    mask = sum(1 << i for i, hole in enumerate(packed) if hole is not None)
    return board_bytes, packed, b"".join(hole or folded_row for hole in packed), size or HOLE_SIZES[0], mask


def _hole_error(holes: Iterable[CardsLike | None]) -> Exception:
    """The error for holes ``_as_bytes`` rejected, naming the player."""
    for i, hole in enumerate(holes):
        try:
            if hole is not None:
                _as_bytes(hole)
        except (TypeError, ValueError) as error:
            return type(error)(f"player {i}'s hole: {error}")
    return ValueError("invalid holes")  # not reached


def _size_error(packed: list[bytes | None]) -> ValueError:
    sizes = [(i, len(hole)) for i, hole in enumerate(packed) if hole is not None]
    for i, size in sizes:
        if size not in HOLE_SIZES:
            return ValueError(f"player {i}'s hole must have 4, 5 or 6 cards, got {size}")
    (i, size), (j, other) = sizes[0], next(s for s in sizes if s[1] != sizes[0][1])
    return ValueError(f"every hole must have as many cards: player {i} has {size}, player {j} has {other}")


def _card_error(board: CardsLike, holes: Sequence[CardsLike | None]) -> ValueError:
    """The error for cards the C check rejected: a bad id or a card seen twice."""
    owner: dict[int, str] = {}
    places = [("the board", board)] + [(f"player {i}'s hole", h) for i, h in enumerate(holes) if h is not None]
    for where, cards in places:
        try:
            ids = card_ids(cards)
        except ValueError as error:
            return ValueError(f"{where}: {error}")
        for c in ids:
            if c in owner:
                both = where if owner[c] == where else f"{owner[c]} and {where}"
                return ValueError(f"duplicate card {Card(c)} in {both}")
            owner[c] = where
    return ValueError("invalid cards")  # not reached: the C check only rejects the cases above


def _pot_pairs(pot: PotLike, n: int, live: int) -> list[int]:
    """The pots as the flat ``[amount, eligible mask, ...]`` the C core takes,
    checked: each pot needs a live eligible player."""
    if type(pot) is int or not hasattr(pot, "__iter__") or isinstance(pot, (str, bytes)):
        if not live:
            raise ValueError("the pot has no eligible live player: everyone folded")
        return [_chips(pot, "the pot"), live]
    if isinstance(pot, Contributions):
        if len(pot) != n:
            raise ValueError(f"contributions has {len(pot)} amounts for {n} players")
        players = [i for i in range(n) if live >> i & 1]
        if not players and any(pot):
            raise ValueError("every player folded: nobody is eligible for the pot")
        return [x for amount, eligible in _side_pots(pot, players) for x in (amount, sum(1 << i for i in eligible))]
    pairs = []
    for k, item in enumerate(pot):  # pyright: ignore[reportArgumentType]  # an int pot returned above
        try:
            amount, eligible = item
            mask = 0
            for i in eligible:
                if type(i) is not int or not 0 <= i < n:
                    i = _player(i, n, f"pot {k}: eligible player")
                if mask >> i & 1:
                    raise ValueError(f"pot {k} lists player {i} twice")
                mask |= 1 << i
        except (TypeError, ValueError) as error:
            if str(error).startswith(f"pot {k}"):  # ours: ValueError, or TypeError for a non-int
                raise
            raise ValueError(f"pot {k} must be an (amount, eligible players) pair, got {item!r}") from None
        if not mask & live:
            raise ValueError(f"pot {k} has no eligible live player")
        pairs += [amount if type(amount) is int and 0 <= amount else _chips(amount, f"the amount of pot {k}"), mask]
    if sum(pairs[::2]) > _MAX_CHIPS:
        raise ValueError(f"the pots hold more than {_MAX_CHIPS} chips")
    return pairs


# --- splitting ---------------------------------------------------------------


def _split(
    board: CardsLike, holes: Sequence[CardsLike | None], pot: PotLike, button_order: bool, detailed: bool
) -> tuple[list[int], Any]:
    """Run the C showdown: the payouts, and (when ``detailed``) the inputs and
    outputs :func:`showdown` builds its result from."""
    board_bytes, packed, rows, size, live = _table(board, holes)
    n = len(packed)
    pairs = _pot_pairs(pot, n, live)
    first = 0 if button_order else 1 % n  # who gets the first leftover chip
    payouts = ffi.new("int64_t[]", n)
    detail = ffi.new("int64_t[]", len(pairs) * n) if detailed else ffi.NULL
    high = ffi.new("uint16_t[]", n) if detailed else ffi.NULL
    low = ffi.new("int32_t[]", n) if detailed else ffi.NULL
    code = lib.o8_showdown(
        board_bytes, BOARD_SIZE, rows, size, n, live, first, ffi.new("int64_t[]", pairs), len(pairs) // 2,
        payouts, detail, high, low,
    )
    if code == -1:
        raise _card_error(board, holes)
    if code:
        raise ValueError("invalid pots")  # not reached: _pot_pairs checks what the C core checks
    if not detailed:
        return ffi.unpack(payouts, n), None
    return ffi.unpack(payouts, n), (board_bytes, tuple(packed), live, first, pairs, detail, high, low)


def split_pot(board: CardsLike, holes: Sequence[CardsLike | None], pot: PotLike, *, button_order: bool = True) -> list[int]:
    """The chips each player wins: the fast path of :func:`showdown`, same arguments.

    >>> split_pot("Ks Qd Jc 4h 2s", ["Ac Tc 8d 8h", "Ad Td 9c 9h", None, "Ah Th 7c 7d"], 100)
    [34, 33, 0, 33]
    """
    if type(holes) is list and len(holes) == 2 and type(pot) is int:  # heads-up: one C call
        seats: Any = holes
        cards: Any = board
        hole0, hole1 = seats
        kind = type(hole0)
        if (kind is list or kind is tuple) and type(hole1) is kind and type(cards) is kind:
            every: Any = ()
            ids = b""
            try:  # bytes() takes ints 0..255 (and bools, flagged below); cffi passes it without a copy
                every = cards + hole0 + hole1
                ids = bytes(every)
                won = _split_heads_up(ids, len(cards), len(hole0), len(hole1), pot, 0 if button_order else 1)
            except (TypeError, ValueError, OverflowError):  # the general path explains
                won = -1
            # a hand with id 0 or 1 (flagged) might hold True or False, at those ids' places
            if 0 <= won < _ID01_FLAG or (won > 0 and not _has_bool(every, ids)):
                won &= _ID01_FLAG - 1
                return [won, pot - won]
    return _split(board, holes, pot, button_order, False)[0]


_split_heads_up = lib.o8_split_heads_up
_ID01_FLAG: int = lib.O8_SPLIT_ID01_FLAG


# --- the rich result ---------------------------------------------------------


class _Hands:
    """Each player's :class:`Evaluation`, with its cards, made on first use."""

    def __init__(self, board: bytes, holes: Sequence[bytes | None]) -> None:
        self._board, self._holes = board, holes
        self._cache: dict[int, Evaluation] = {}

    def __getitem__(self, player: int) -> Evaluation:
        if player not in self._cache:
            hole = self._holes[player]
            if hole is None:
                raise ValueError(f"player {player} folded")
            self._cache[player] = evaluate(list(hole), list(self._board))
        return self._cache[player]


@dataclass(frozen=True)
class PotResult:
    """How one pot was split.

    ``eligible`` are the live players who could win it, in odd-chip order.
    ``high_shares[k]`` is what ``high_winners[k]`` gets of the high half (the
    whole pot when there is no low), likewise for the low; ``low_winners`` is
    empty when nobody eligible has a qualifying low. A pot with one eligible
    player is not shown down: it is that player's, and the values are None.
    """

    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    high_shares: tuple[int, ...]
    low_winners: tuple[int, ...]
    low_shares: tuple[int, ...]
    #: The winning high class (1..7462), None when the pot was not shown down.
    high_value: int | None
    #: The winning low (``85421``), None when there is none or no showdown.
    low_value: int | None
    _hands: _Hands = field(repr=False, compare=False)

    @property
    def shown(self) -> bool:
        """Whether the pot went to a showdown (False: a single eligible player)."""
        return len(self.eligible) > 1

    @property
    def scoop(self) -> bool:
        """Whether one player took the whole pot at showdown: the only best
        high, and the only best low or no qualifying low at all."""
        return self.shown and len(self.high_winners) == 1 and self.low_winners in ((), self.high_winners)

    @property
    def high_hand(self) -> HighHand | None:
        """The winning high hand (of the first winner when tied), with its
        ``description`` and cards; None when the pot was not shown down."""
        return self._hands[self.high_winners[0]].high if self.shown else None

    @property
    def low_hand(self) -> LowHand | None:
        """The winning low hand (of the first winner when tied), or None."""
        return self._hands[self.low_winners[0]].low if self.low_winners else None

    @property
    def payouts(self) -> dict[int, int]:
        """What each winner gets from this pot, both halves together."""
        paid: dict[int, int] = {}
        for i, chips in zip(self.high_winners + self.low_winners, self.high_shares + self.low_shares):
            paid[i] = paid.get(i, 0) + chips
        return paid


class Showdown:
    """The result of :func:`showdown`: payouts and how each pot was split.

    ``payouts[i]`` is what player ``i`` wins in all; the payouts sum exactly
    to the chips in the pots. ``pots`` (one :class:`PotResult` each, in the
    order given; the main pot first when built from contributions), ``board``
    and ``holes`` are built on first use, so that a showdown costs little
    more than :func:`split_pot` when only the payouts are read.
    """

    __slots__ = ("payouts", "_board", "_holes", "_live", "_first", "_pairs", "_detail", "_high", "_low", "_pots", "_hands")

    def __init__(self, payouts: list[int], raw: Any) -> None:
        self.payouts: list[int] = payouts
        (self._board, self._holes, self._live, self._first, self._pairs, self._detail, self._high, self._low) = raw
        self._pots: tuple[PotResult, ...] | None = None

    def __repr__(self) -> str:
        return f"Showdown(payouts={self.payouts!r}, pots={self.pots!r})"

    def _plain(self) -> tuple[Any, ...]:
        """Everything the result is made of, as plain Python values (the C
        output arrays read into lists), for pickling and comparing."""
        n, pairs = len(self._holes), self._pairs
        detail, high, low = ffi.unpack(self._detail, len(pairs) * n), ffi.unpack(self._high, n), ffi.unpack(self._low, n)
        return (list(self.payouts), self._board, self._holes, self._live, self._first, list(pairs), detail, high, low)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_restore_showdown, self._plain())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Showdown):
            return NotImplemented
        return self._plain() == other._plain()

    def __hash__(self) -> int:
        return hash(tuple(tuple(x) if isinstance(x, list) else x for x in self._plain()))

    @property
    def pots(self) -> tuple[PotResult, ...]:
        """How each pot was split."""
        if self._pots is None:
            self._pots = self._split_pots()
        return self._pots

    def _split_pots(self) -> tuple[PotResult, ...]:
        """The C core's output arrays read into :class:`PotResult` objects."""
        pairs, n = self._pairs, len(self._holes)
        self._hands = _Hands(self._board, self._holes)  # evaluated only when asked for
        order = [(self._first + step) % n for step in range(n)]  # odd-chip order
        shares = ffi.unpack(self._detail, len(pairs) * n)
        highs, lows = ffi.unpack(self._high, n), ffi.unpack(self._low, n)
        results = []
        for p in range(len(pairs) // 2):
            high_row, low_row = shares[2 * p * n:(2 * p + 1) * n], shares[(2 * p + 1) * n:(2 * p + 2) * n]
            high_winners = tuple([i for i in order if high_row[i] >= 0])
            low_winners = tuple([i for i in order if low_row[i] >= 0])
            eligible = tuple([i for i in order if (pairs[2 * p + 1] & self._live) >> i & 1])
            shown = len(eligible) > 1
            results.append(
                PotResult(
                    pairs[2 * p],
                    eligible,
                    high_winners,
                    tuple([high_row[i] for i in high_winners]),
                    low_winners,
                    tuple([low_row[i] for i in low_winners]),
                    highs[high_winners[0]] if shown else None,
                    lows[low_winners[0]] if low_winners else None,
                    self._hands,
                )
            )
        return tuple(results)

    @property
    def board(self) -> tuple[Card, ...]:
        """The five board cards."""
        return tuple(Card(c) for c in self._board)

    @property
    def holes(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Each player's hole cards, None for a folded player."""
        return tuple(None if hole is None else tuple(Card(c) for c in hole) for hole in self._holes)

    @property
    def total(self) -> int:
        """The chips in all the pots (= the sum of the payouts)."""
        return sum(pot.amount for pot in self.pots)

    def hand(self, player: int) -> Evaluation | None:
        """Player ``player``'s high and low with their cards, None if they
        folded or showed no cards (they only won pots nobody contested).
        ``player`` is an int index (a bool is a ``TypeError``)."""
        if type(player) is not int:
            if isinstance(player, bool) or not hasattr(player, "__index__"):
                raise TypeError(f"player must be an int index, not {type(player).__name__}")
            player = operator.index(player)
        if not any(pot.shown and player in pot.eligible for pot in self.pots):
            return None
        return self._hands[player]

    def __str__(self) -> str:
        lines = [f"Board: {_text(self.board)}"]
        for k, pot in enumerate(self.pots):
            name = "Pot" if len(self.pots) == 1 else "Main pot" if k == 0 else f"Side pot {k}"
            lines.extend(_announce(name, pot))
        winners = [f"player {i} {chips}" for i, chips in enumerate(self.payouts) if chips]
        lines.append(f"Payouts: {', '.join(winners) if winners else 'none'}")
        return "\n".join(lines)


def _restore_showdown(
    payouts: list[int], board: bytes, holes: tuple[bytes | None, ...], live: int, first: int, pairs: list[int],
    detail: list[int], high: list[int], low: list[int],
) -> Showdown:
    """A pickled :class:`Showdown` rebuilt, its C arrays made anew."""
    raw = (board, holes, live, first, pairs, ffi.new("int64_t[]", detail), ffi.new("uint16_t[]", high), ffi.new("int32_t[]", low))
    return Showdown(payouts, raw)


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _names(players: Sequence[int]) -> str:
    """``player 1``, ``players 0 and 2``, ``players 0, 2 and 5``."""
    if len(players) == 1:
        return f"player {players[0]}"
    return "players " + ", ".join(map(str, players[:-1])) + f" and {players[-1]}"


def _winners(players: Sequence[int], shares: Sequence[int], hand: HighHand | LowHand) -> str:
    if len(players) == 1:
        return f"{_names(players)} with {hand}"
    each = f"{shares[0]} each" if len(set(shares)) == 1 else ", ".join(map(str, shares[:-1])) + f" and {shares[-1]}"
    return f"{_names(players)} split, {each}, with {hand.description}"


def _announce(name: str, pot: PotResult) -> list[str]:
    """A dealer's words for one pot."""
    if not pot.shown:
        return [f"{name} of {pot.amount}: player {pot.eligible[0]} wins it uncontested"]
    lines = [f"{name} of {pot.amount}, players {', '.join(map(str, pot.eligible))}:"]
    assert pot.high_hand is not None
    if not pot.low_winners:
        lines.append(f"  No qualifying low; the high takes it all: {_winners(pot.high_winners, pot.high_shares, pot.high_hand)}")
        return lines
    assert pot.low_hand is not None
    lines.append(f"  High, {sum(pot.high_shares)}: {_winners(pot.high_winners, pot.high_shares, pot.high_hand)}")
    lines.append(f"  Low, {sum(pot.low_shares)}: {_winners(pot.low_winners, pot.low_shares, pot.low_hand)}")
    if pot.scoop:
        lines.append(f"  Player {pot.high_winners[0]} scoops the pot")
    return lines


def showdown(
    board: CardsLike, holes: Sequence[CardsLike | None], pot: PotLike, *, button_order: bool = True
) -> Showdown:
    """Split the pots among the players' hands: payouts and how, per pot.

    ``board``: the five board cards. ``holes``: each player's 4, 5 or 6 hole
    cards (all the same size), or None for a folded player, in seat order
    starting with the first seat clockwise from the button; with
    ``button_order=False`` the list starts with the button's own seat instead
    (so leftover chips go first to ``holes[1]`` and last to ``holes[0]``).
    Cards are text or ids as anywhere in the package.

    ``pot`` is one of:

    - an int: one pot that every live player can win;
    - a sequence of side pots, each ``(amount, eligible player indices)``
      (:class:`Pot` or any pair); folded players among the eligible are
      skipped, but every pot needs a live one;
    - :class:`Contributions`: the chips each player put in, from which
      :func:`pots_from_contributions` builds the main and side pots.

    Raises ``ValueError`` for a board that is not five cards, a hole of
    another size, bad or duplicate cards anywhere, a negative or non-integer
    amount, an eligible index out of range or listed twice, or a pot with no
    live eligible player.

    >>> result = showdown("Kh 5c 5d Ac 8s", ["Ks Kd 9h 9c", None, "2h 3h Qc Tc"], [(100, [0, 1, 2]), (41, [0, 1])])
    >>> result.payouts
    [91, 0, 50]
    >>> main, side = result.pots
    >>> main.high_winners, main.low_winners, main.high_hand.description, main.low_hand.description
    ((0,), (2,), 'Kings full of fives', 'Eight-five low')
    >>> side.shown, side.eligible, side.high_winners, side.high_shares
    (False, (0,), (0,), (41,))
    """
    payouts, raw = _split(board, holes, pot, button_order, True)
    return Showdown(payouts, raw)


# --- double board --------------------------------------------------------------


def _board_pots(boards: Sequence[CardsLike], holes: Sequence[CardsLike | None], pot: PotLike) -> list[list[Pot]]:
    """Each pot halved between the two boards (the odd chip to the first),
    as one list of pots per board; the boards checked for shared cards."""
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence) or len(boards) != 2:
        raise ValueError("a double board is a pair of boards: boards=(first board, second board)")
    first, second = card_ids(boards[0]), card_ids(boards[1])
    shared = set(first) & set(second)
    if shared:
        raise ValueError(f"the two boards share {Card(min(shared))}: a card is dealt once")
    n = len(holes)
    live = sum(1 << i for i, hole in enumerate(holes) if hole is not None)
    pairs = _pot_pairs(pot, n, live)
    halves: list[list[Pot]] = [[], []]
    for amount, mask in zip(pairs[::2], pairs[1::2]):
        eligible = tuple(i for i in range(n) if mask >> i & 1)
        halves[0].append(Pot(amount - amount // 2, eligible))
        halves[1].append(Pot(amount // 2, eligible))
    return halves


def split_double_board(
    boards: Sequence[CardsLike], holes: Sequence[CardsLike | None], pot: PotLike, *, button_order: bool = True
) -> list[int]:
    """The chips each player wins in double-board Omaha Hi/Lo: every pot is
    halved between the two ``boards`` (an odd chip to the first board) and
    each half is split on its board as :func:`split_pot` splits a pot (high
    and low, odd chips to the high, ...). ``holes``, ``pot`` and
    ``button_order`` as for :func:`showdown`.

    Here player 0 scoops the first board (the nut low and a straight), and
    on the second the high goes to player 1 and the low to player 0: a
    scoop and a split, so three quarters for player 0:

    >>> split_double_board(["As 2d 3c 4h Kd", "Qs Qd 3s 5h 8c"], ["5s 6d Ac 2h", "Kc Qh 9c 9d"], 400)
    [300, 100]
    """
    halves = _board_pots(boards, holes, pot)
    won = [split_pot(board, holes, half, button_order=button_order) for board, half in zip(boards, halves)]
    return [a + b for a, b in zip(*won)]


def double_board_showdown(
    boards: Sequence[CardsLike], holes: Sequence[CardsLike | None], pot: PotLike, *, button_order: bool = True
) -> tuple[Showdown, Showdown]:
    """:func:`split_double_board` with the details: one :class:`Showdown` per
    board, each of its half of every pot (the payouts are the sum of the two).

    >>> first, second = double_board_showdown(["As 2d 3c 4h Kd", "Qs Qd 3s 5h 8c"],
    ...                                       ["5s 6d Ac 2h", "Kc Qh 9c 9d"], 401)
    >>> first.payouts, second.payouts, first.pots[0].scoop
    ([201, 0], [100, 100], True)
    """
    halves = _board_pots(boards, holes, pot)
    first, second = (showdown(board, holes, half, button_order=button_order) for board, half in zip(boards, halves))
    return first, second


_make_callable(__name__, "showdown")  # omaha8_fast.showdown is this module, and calling it calls showdown() (see _modules.py)
