"""Outs and low odds (:func:`outs`, :func:`low_odds`)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._core import ffi, lib
from ..cards import Card, CardsLike, format_cards

if TYPE_CHECKING:
    pass

from ._common import (
    POT,
    _html_image,
    _html_table,
    _parse_spot,
    _player_name,
    _png,
    _text_table,
    check_deadline,
    no_samples,
)


@dataclass(frozen=True)
class CardOutcome:
    """The hand after one more card, evaluated as it stands and settled by
    the showdown rule (:func:`omaha8_fast.showdown`, a pot of 5040 units):
    the winners of each half (player indices; ``low_winners`` empty when
    nobody has a low), each player's units of the high half (the whole pot
    without a low) and of the low half, their ``high`` class and ``low``
    number (0: no low), and each player's share of the pot (``shares``)."""

    card: Card
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_units: tuple[int, ...]
    low_units: tuple[int, ...]
    high: tuple[int, ...]
    low: tuple[int, ...]

    @property
    def units(self) -> tuple[int, ...]:
        """Each player's units of the pot of 5040."""
        return tuple(a + b for a, b in zip(self.high_units, self.low_units))

    @property
    def shares(self) -> tuple[float, ...]:
        return tuple(u / POT for u in self.units)

    @property
    def scoop(self) -> int | None:
        """The player who takes the whole pot alone, if any."""
        if len(self.high_winners) == 1 and self.low_winners in ((), self.high_winners):
            return self.high_winners[0]
        return None


@dataclass(frozen=True)
class OutsSummary:
    """One player's outs: the cards after which they win (alone) or tie each
    half, and scoop. A tied half is counted in ``*_tie``, not ``*_win``."""

    player: int
    high_win: tuple[Card, ...]
    high_tie: tuple[Card, ...]
    low_win: tuple[Card, ...]
    low_tie: tuple[Card, ...]
    scoop: tuple[Card, ...]

    @property
    def high_win_count(self) -> int:
        return len(self.high_win)

    @property
    def low_win_count(self) -> int:
        return len(self.low_win)

    @property
    def scoop_count(self) -> int:
        return len(self.scoop)

    @property
    def high_count(self) -> int:
        """Outs to win or tie the high."""
        return len(self.high_win) + len(self.high_tie)

    @property
    def low_count(self) -> int:
        """Outs to win or tie the low."""
        return len(self.low_win) + len(self.low_tie)


class Outs(Mapping[Card, CardOutcome]):
    """For each unseen card of the next street, a :class:`CardOutcome`;
    ``summary[p]`` the :class:`OutsSummary` of player ``p``; ``equity[p]``
    the mean share over the cards (the equity when the card is the river)."""

    def __init__(self, names: Sequence[str], board: tuple[Card, ...], outcomes: Sequence[CardOutcome]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.board: tuple[Card, ...] = board
        self._by_card = {o.card: o for o in outcomes}
        n = len(names)
        self.summary: tuple[OutsSummary, ...] = tuple(OutsSummary(
            p,
            tuple(o.card for o in outcomes if o.high_winners == (p,)),
            tuple(o.card for o in outcomes if p in o.high_winners and len(o.high_winners) > 1),
            tuple(o.card for o in outcomes if o.low_winners == (p,)),
            tuple(o.card for o in outcomes if p in o.low_winners and len(o.low_winners) > 1),
            tuple(o.card for o in outcomes if o.scoop == p)) for p in range(n))
        self.equity: tuple[float, ...] = tuple(sum(o.units[p] for o in outcomes) / POT / len(outcomes) for p in range(n))

    def __getitem__(self, card: Card | int | str) -> CardOutcome:
        return self._by_card[Card(card)]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_card)

    def __len__(self) -> int:
        return len(self._by_card)

    def to_dict(self) -> dict[str, Any]:
        return {"board": format_cards(self.board), "players": list(self.names), "equity": list(self.equity),
                "cards": [{"card": str(o.card), "high_winners": list(o.high_winners),
                           "low_winners": list(o.low_winners), "shares": list(o.shares)} for o in self.values()],
                "summary": [{"player": self.names[s.player], "high_win": [str(c) for c in s.high_win],
                             "high_tie": [str(c) for c in s.high_tie], "low_win": [str(c) for c in s.low_win],
                             "low_tie": [str(c) for c in s.low_tie], "scoop": [str(c) for c in s.scoop]}
                            for s in self.summary]}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Player", "High win", "High tie", "Low win", "Low tie", "Scoop", "Equity"]
        rows = [[self.names[s.player], str(len(s.high_win)), str(len(s.high_tie)), str(len(s.low_win)),
                 str(len(s.low_tie)), str(len(s.scoop)), f"{self.equity[s.player]:.2%}"] for s in self.summary]
        return header, rows

    def table(self) -> str:
        """Per player: the number of outs to win or tie each half and to scoop."""
        return _text_table(*self._cells()) + f"\n({len(self)} unseen cards after {format_cards(self.board)})"

    def _repr_html_(self) -> str:
        caption = f"Outs after {format_cards(self.board)} ({len(self)} cards)"
        return _html_table(*self._cells(), caption=caption) + _html_image(self._repr_png_())

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_outs, self)


def outs(players: Sequence[CardsLike], board: CardsLike, dead: CardsLike = (), *, samples: None = None,
         timeout: float | None = None) -> Outs:
    """For every unseen next card, the hand evaluated on the board plus that
    card: who wins the high, who the low, who scoops. Known hands only;
    a flop or a turn. From a turn the mean share is each player's equity.
    Exact: ``samples`` is refused (ValueError); ``timeout`` (seconds) is
    checked before each card (at most 49 showdowns in all).

    >>> o = outs(["As 2s 5d Kc", "Qh Qd Jc Tc"], "Qs 7h 4d 9s")
    >>> o["3c"].low_winners, o["3c"].high_winners, o["3c"].shares
    ((0,), (1,), (0.5, 0.5))
    """
    deadline = no_samples("outs", samples, timeout)
    spot = _parse_spot(players, board, dead)
    if not spot.all_known():
        raise ValueError("outs needs every player's hand known (no ranges or random hands)")
    if len(spot.board) not in (3, 4):
        raise ValueError(f"outs needs a flop or a turn (3 or 4 board cards), got {len(spot.board)}")
    holes = [p for p in spot.players if isinstance(p, tuple)]
    n, cards = len(holes), spot.unseen()
    hole_bytes = bytes(c for h in holes for c in h)
    pot = ffi.new("int64_t[]", [POT, (1 << n) - 1])  # one pot of 5040 units, every player eligible
    payouts, detail = ffi.new("int64_t[]", n), ffi.new("int64_t[]", 2 * n)
    high, low = ffi.new("uint16_t[]", n), ffi.new("int32_t[]", n)
    outcomes: list[CardOutcome] = []
    for c in cards:
        check_deadline(deadline, "outs", len(outcomes), len(cards))
        board_c = bytes(spot.board) + bytes([c])
        code = lib.o8_showdown(board_c, len(board_c), hole_bytes, spot.hole_size, n, (1 << n) - 1, 0, pot, 1,
                               payouts, detail, high, low)
        if code:
            raise ValueError("invalid cards")
        high_part, low_part = list(detail[0:n]), list(detail[n:2 * n])  # -1: not a winner of that half
        outcomes.append(CardOutcome(Card(c), tuple(p for p in range(n) if high_part[p] >= 0),
                                    tuple(p for p in range(n) if low_part[p] >= 0),
                                    tuple(max(u, 0) for u in high_part), tuple(max(u, 0) for u in low_part),
                                    tuple(high[0:n]), tuple(low[0:n])))
    return Outs([_player_name(p) for p in spot.players], tuple(Card(c) for c in spot.board), outcomes)


# ---------------------------------------------------------------------------- low odds


@dataclass(frozen=True)
class LowOdds:
    """Low odds over every runout of the cards no known hand holds.

    ``low_board``: the probability that the board allows a low by the river
    (three different ranks A-8). Per player: ``makes_low`` (a qualifying
    low on the river), ``nut_low`` (the best low any two cards outside the
    board could make), ``counterfeited`` (a card still to come pairs one of
    the player's two key low cards, the two lowest different low ranks of the
    hole; 0 when the hole has fewer than two). ``runouts`` counted.
    """

    names: tuple[str, ...]
    board: tuple[Card, ...]
    runouts: int
    low_board: float
    makes_low: tuple[float, ...]
    nut_low: tuple[float, ...]
    counterfeited: tuple[float, ...]

    def table(self) -> str:
        header = ["Player", "Makes low", "Nut low", "Counterfeited"]
        rows = [[n, f"{a:.2%}", f"{b:.2%}", f"{c:.2%}"]
                for n, a, b, c in zip(self.names, self.makes_low, self.nut_low, self.counterfeited)]
        return _text_table(header, rows) + f"\nA low board by the river: {self.low_board:.2%}"


def low_odds(players: Sequence[CardsLike], board: CardsLike = (), dead: CardsLike = (), *, samples: None = None,
             timeout: float | None = None) -> LowOdds:
    """The low odds of 1 to 9 known hands from this board to the river,
    enumerated exactly in C. Exact: ``samples`` is refused (ValueError).
    ``timeout`` (seconds) is checked before the enumeration, which is one
    C call of at most 3,000,000 runouts (~0.07 s on one core) and is not
    interrupted.

    >>> lo = low_odds(["As 2s 5d Kc"], "Qs 7h 4d")
    >>> round(lo.low_board, 4), lo.makes_low[0] == lo.low_board, lo.runouts
    (0.7212, True, 990)
    """
    deadline = no_samples("low_odds", samples, timeout)
    spot = _parse_spot(players, board, dead, min_players=1)
    if not spot.all_known():
        raise ValueError("low_odds needs known hands (no ranges or random hands)")
    holes = [p for p in spot.players if isinstance(p, tuple)]
    if math.comb(52 - len(spot.known), 5 - len(spot.board)) > 3_000_000:
        raise ValueError("too many runouts to enumerate")
    check_deadline(deadline, "low_odds", 0, 1)
    out = ffi.new("o8a_low_counts *")
    code = lib.o8a_low_odds(bytes(c for h in holes for c in h), len(holes), spot.hole_size, bytes(spot.board),
                            len(spot.board), bytes(spot.dead), len(spot.dead), out)
    if code:
        raise ValueError("invalid cards")
    total = out.runouts
    n = len(holes)
    return LowOdds(tuple(_player_name(p) for p in spot.players), tuple(Card(c) for c in spot.board), total,
                   out.low_board / total, tuple(out.makes_low[p] / total for p in range(n)),
                   tuple(out.nut_low[p] / total for p in range(n)), tuple(out.counterfeited[p] / total for p in range(n)))

