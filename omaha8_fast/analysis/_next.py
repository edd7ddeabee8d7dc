"""The distribution of equity over the next card (:func:`next_street`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..cards import Card, CardsLike, format_cards
from ..equity import (
    EXACT_LIMIT,
    EXACT_MAX,
    HandOrRandom,
    PlayerEquity,
)
from ..ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Executor

from ._common import (
    _COUNT_FIELDS,
    _SMALL,
    POT,
    QUANTILE_LEVELS,
    _CardJob,
    _count_cards,
    _counts_array,
    _histogram,
    _html_image,
    _html_table,
    _options,
    _parse_spot,
    _parts,
    _player_equity,
    _player_name,
    _png,
    _run,
    _split,
    _Spot,
    _text_table,
    _weighted_quantiles,
)


def _low_ranks(cards: Sequence[int]) -> set[int]:
    return {c >> 2 for c in cards if (c >> 2) <= 6 or (c >> 2) == 12}


@dataclass(frozen=True, eq=False)
class NextStreet:
    """Each player's equity after each possible next card.

    ``cards``: the unseen next cards; ``weights``: the probability of each
    (proportional to the weight of the deals it fits; uniform for known
    hands); ``equities``: ``(cards, players)``; ``results(i)``: the
    :class:`~omaha8_fast.PlayerEquity` list after card ``i``; ``counts``:
    the kernels' integer counts per card (``o8_equity_counts`` as int64s). ``mean`` is each
    player's equity now, the exact weighted sum of the per-card counts (equal
    to :func:`omaha8_fast.equity` when exact); ``std_error`` its Monte Carlo
    standard error (0.0 when exact).
    """

    names: tuple[str, ...]
    board: tuple[Card, ...]
    cards: tuple[Card, ...]
    weights: npt.NDArray[np.float64]
    equities: npt.NDArray[np.float64]
    mean: tuple[float, ...]
    std_error: tuple[float, ...]
    exact: bool
    counts: npt.NDArray[np.int64] = field(repr=False)
    holes: tuple[tuple[int, ...] | None, ...] = field(repr=False)

    def results(self, index: int) -> list[PlayerEquity]:
        """Each player's :class:`~omaha8_fast.PlayerEquity` after card ``cards[index]``."""
        if isinstance(index, bool) or not isinstance(index, int) or not -len(self.cards) <= index < len(self.cards):
            raise ValueError(f"index must be an int in 0..{len(self.cards) - 1}, got {index!r}")
        row = self.counts[index]
        return [_player_equity(hole, int(row[0]), int(row[1]), int(row[3 + 7 * p]), int(row[4 + 7 * p]),
                               [int(v) for v in row[5 + 7 * p:10 + 7 * p]], self.exact)
                for p, hole in enumerate(self.holes)]

    @property
    def street(self) -> str:
        """The street the next card makes: ``"turn"`` or ``"river"``."""
        return "turn" if len(self.board) == 3 else "river"

    @property
    def spread(self) -> tuple[float, ...]:
        """Each player's standard deviation of equity over the next card."""
        out = []
        for p, m in enumerate(self.mean):
            out.append(float(np.sqrt(np.sum(self.weights * (self.equities[:, p] - m) ** 2))))
        return tuple(out)

    @property
    def quantiles(self) -> npt.NDArray[np.float64]:
        """``(players, len(QUANTILE_LEVELS))``: weighted quantiles of equity."""
        return np.array([_weighted_quantiles(self.equities[:, p], self.weights, QUANTILE_LEVELS)
                         for p in range(len(self.names))])

    def histogram(self, player: int = 0, bins: int = 20) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """``(weights, edges)``: the probability that the next card leaves
        ``player`` with an equity in each of ``bins`` equal bins of 0..1."""
        return _histogram(self.equities[:, self._player(player)], self.weights, bins)

    def _player(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(self.names):
            raise ValueError(f"player must be an index 0..{len(self.names) - 1}, got {player!r}")
        return player

    def _cards_where(self, test: Any) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if test(c))

    @property
    def makes_low(self) -> tuple[Card, ...]:
        """Cards that bring the third low rank (A-8) to the board."""
        now = _low_ranks(self.board)
        return self._cards_where(lambda c: len(now) < 3 <= len(now | _low_ranks([c])))

    @property
    def kills_low(self) -> tuple[Card, ...]:
        """Cards after which no low can come any more (there was a chance before)."""
        now, left = _low_ranks(self.board), 5 - len(self.board)
        if len(now) >= 3 or len(now) + left < 3:
            return ()
        return self._cards_where(lambda c: len(now | _low_ranks([c])) + left - 1 < 3)

    @property
    def completes_flush(self) -> tuple[Card, ...]:
        """Cards that put a third card of a suit on the board."""
        suits = [c & 3 for c in self.board]
        return self._cards_where(lambda c: suits.count(c & 3) == 2)

    @property
    def pairs_board(self) -> tuple[Card, ...]:
        """Cards of a rank already on the board."""
        ranks = {c >> 2 for c in self.board}
        return self._cards_where(lambda c: c >> 2 in ranks)

    def to_dict(self) -> dict[str, Any]:
        return {"board": format_cards(self.board), "street": self.street, "players": list(self.names),
                "exact": self.exact, "mean": list(self.mean), "std_error": list(self.std_error),
                "spread": list(self.spread), "quantile_levels": list(QUANTILE_LEVELS),
                "quantiles": self.quantiles.tolist(),
                "cards": [{"card": str(c), "probability": float(w), "equity": e.tolist()}
                          for c, w, e in zip(self.cards, self.weights, self.equities)],
                "makes_low": [str(c) for c in self.makes_low], "kills_low": [str(c) for c in self.kills_low],
                "completes_flush": [str(c) for c in self.completes_flush],
                "pairs_board": [str(c) for c in self.pairs_board]}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Card", "Prob."] + list(self.names)
        rows = [[str(c), f"{w:.2%}"] + [f"{e:.2%}" for e in row]
                for c, w, row in zip(self.cards, self.weights, self.equities)]
        rows.append(["mean", "100%"] + [f"{m:.2%}" for m in self.mean])
        return header, rows

    def table(self) -> str:
        """A text table: one row per next card, one equity column per player."""
        return _text_table(*self._cells())

    def _repr_html_(self) -> str:
        caption = f"Equity on the {self.street} after {format_cards(self.board)}"
        return _html_image(self._repr_png_()) + _html_table(*self._cells(), caption=caption)

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_distribution, self)


def _card_job(spot: _Spot, exact: bool, samples: int, seed: int) -> _CardJob:
    players: list[bytes | None] = []
    weights: list[tuple[int, ...] | None] = []
    for p in spot.players:
        if isinstance(p, Range):
            players.append(np.ascontiguousarray(p.hands).tobytes())
            uniform = bool(np.all(p.weights == p.weights[0]))
            weights.append(None if uniform else tuple(p.cumulative_weights().tolist()))
        else:
            players.append(None if p is None else bytes(p))
            weights.append(None)
    return _CardJob(tuple(players), tuple(weights), spot.hole_size, bytes(spot.board), bytes(spot.dead), exact,
                    samples, seed)


def _card_probabilities(spot: _Spot, cards: list[int], counts: npt.NDArray[np.int64], exact: bool) -> npt.NDArray[np.float64]:
    """Weight of each next card: the weight of the deals it fits."""
    if exact:
        w = counts[:, 0].astype(np.float64)  # every card has the same number of runouts
    else:
        ranges = [p for p in spot.players if isinstance(p, Range)]
        if len(ranges) == 1:  # exact: the range's weight on the hands without the card
            r = ranges[0]
            hands, hw = r.hands, r.weights.astype(np.float64)
            w = np.array([hw[~np.any(hands == c, axis=1)].sum() for c in cards])
        elif not ranges:
            w = np.ones(len(cards))
        else:  # the kernels' acceptance rate estimates it
            w = counts[:, 0] / np.maximum(counts[:, 2], 1)
    total = w.sum()
    if total <= 0:
        raise ValueError("no deal fits: every combination of the players' hands shares a card")
    return np.asarray(w / total, dtype=np.float64)


def next_street(players: Sequence[HandOrRandom | Range], board: CardsLike, dead: CardsLike = (), *,
                exact: bool | None = None, samples: int | None = None, seed: int | None = None,
                threads: int | None = None, executor: Executor | None = None, progress: bool = False, timeout: float | None = None) -> NextStreet:
    """Each player's equity after every unseen next card (the turn from a
    flop, the river from a turn), and their distribution.

    Exact (by default when :func:`omaha8_fast.equity` would be): each card's
    counts are enumerated, and the mean is their weighted sum, equal to
    ``equity()`` on this board. Monte Carlo: ``samples`` deals in all, split
    evenly over the cards (rounded up); each
    card's weight is computed exactly for at most one range, else estimated
    from the kernels' acceptance rate. ``timeout`` (seconds): TimeoutError
    once it passes, checked between parts of about 50 ms.

    >>> ns = next_street(["As 2s 5d Kc", "Qh Qd Jc Tc"], "Qs 7h 4d 3c")
    >>> len(ns.cards), ns.street, round(float(ns.weights.sum()), 12)
    (40, 'river', 1.0)
    """
    options = _options(exact, samples, seed, threads, executor, progress, timeout)
    spot = _parse_spot(players, board, dead)
    if len(spot.board) not in (3, 4):
        raise ValueError(f"next_street needs a flop or a turn (3 or 4 board cards), got {len(spot.board)}")
    deals = spot.deals(len(spot.board))
    fits = spot.deals(len(spot.board) + 1, weighted=True) * POT < 2**63  # each card's int64 counts
    exact = deals <= EXACT_LIMIT and fits if options.exact is None else options.exact
    if exact and (deals > EXACT_MAX or not fits):
        raise ValueError(f"{deals:,} weighted deals are too many to enumerate; use exact=False")
    cards = spot.unseen()
    per_card = max(1, -(-options.samples // len(cards)))
    job = _card_job(spot, exact, per_card, options.seed)
    work = (deals if exact else per_card * len(cards)) * len(spot.players)
    small = work < _SMALL
    tasks = [(job, chunk) for chunk, _ in _split(bytes(cards), 1, _parts(len(cards), work, small))]
    counts = _counts_array(_run(tasks, _count_cards, options, small), _COUNT_FIELDS)
    weights = _card_probabilities(spot, cards, counts, exact)
    possible = (weights > 0) & (counts[:, 0] > 0)  # cards no deal fits never come
    cards, counts = [c for c, ok in zip(cards, possible) if ok], counts[possible]
    weights = weights[possible] / weights[possible].sum()
    n = len(spot.players)
    holes = tuple(p if isinstance(p, tuple) else None for p in spot.players)
    showdowns = counts[:, 0].astype(np.float64)
    share = counts[:, 3:3 + 7 * n:7].astype(np.float64)  # exact in float64: below 2**53
    equities = share / POT / showdowns[:, None]  # the same float operations as equity()
    if exact:
        total = sum(map(int, counts[:, 0]))  # Python ints: the sums may pass 2**63
        mean = tuple(sum(map(int, counts[:, 3 + 7 * p])) / POT / total for p in range(n))
        errors = (0.0,) * n
    else:
        share_sq = counts[:, 4:4 + 7 * n:7].astype(np.float64)
        variance = (share_sq / POT**2 - showdowns[:, None] * equities**2) / np.maximum(showdowns - 1, 1)[:, None]
        card_errors = np.sqrt(np.maximum(variance, 0.0) / showdowns[:, None])
        mean = tuple(float(np.dot(weights, equities[:, p])) for p in range(n))
        errors = tuple(float(np.sqrt(np.sum((weights * card_errors[:, p]) ** 2))) for p in range(n))
    return NextStreet(tuple(_player_name(p) for p in spot.players), tuple(Card(c) for c in spot.board),
                      tuple(Card(c) for c in cards), weights, equities, mean, errors, exact, counts, holes)


# ---------------------------------------------------------------------------- range distribution


