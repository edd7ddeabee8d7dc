"""A hand's equity against each hand of a range (:func:`range_distribution`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..cards import Card, CardsLike, card_ids, format_cards
from ..equity import (
    EXACT_LIMIT,
    EXACT_MAX,
)
from ..ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Executor

from ._common import (
    _DUEL_FIELDS,
    _SMALL,
    POT,
    QUANTILE_LEVELS,
    _count_duels,
    _counts_array,
    _DuelJob,
    _histogram,
    _html_image,
    _html_table,
    _is_range,
    _options,
    _parse_spot,
    _parts,
    _png,
    _run,
    _split,
    _text_table,
    _weighted_quantiles,
)


@dataclass(frozen=True, eq=False)
class Distribution:
    """Hero's equity against each hand of a range.

    ``hands``: the villain hands that fit (``(n, hole_size)`` card ids);
    ``weights``: their range weights; ``equities``: hero's equity against
    each (``std_errors``: Monte Carlo errors, 0.0 when exact); ``mean``:
    hero's equity against the whole range (the weighted mean, equal to
    ``equity([hero, range], board)`` when exact) and ``std_error``;
    ``counts``/``edges``: the weighted histogram (weights summing to 1) with
    ``bins`` bins over 0..1; ``quantiles`` at :data:`QUANTILE_LEVELS`;
    ``showdowns`` the deals counted (enumerated or sampled) over all hands.
    """

    hero: tuple[Card, ...]
    villain: str
    board: tuple[Card, ...]
    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    equities: npt.NDArray[np.float64]
    std_errors: npt.NDArray[np.float64]
    mean: float
    std_error: float
    exact: bool
    bins: int
    ahead: float
    behind: float
    splitting: float
    counts: npt.NDArray[np.float64] = field(repr=False)
    edges: npt.NDArray[np.float64] = field(repr=False)
    showdowns: int = 0

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def quantiles(self) -> tuple[float, ...]:
        return _weighted_quantiles(self.equities, self.weights, QUANTILE_LEVELS)

    def histogram(self, bins: int = 20) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """``(weights, edges)`` with another number of bins."""
        return _histogram(self.equities, self.weights / self.weights.sum(), bins)

    def _ranked(self, k: int, reverse: bool) -> list[tuple[str, float]]:
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(f"k must be an int >= 0, got {k!r}")
        order = np.argsort(self.equities if not reverse else -self.equities, kind="stable")[:k]
        return [(format_cards(self.hands[i].tolist()), float(self.equities[i])) for i in order]

    def best(self, k: int = 5) -> list[tuple[str, float]]:
        """The ``k`` villain hands hero does worst against, with hero's equity."""
        return self._ranked(k, reverse=False)

    def worst(self, k: int = 5) -> list[tuple[str, float]]:
        """The ``k`` villain hands hero does best against, with hero's equity."""
        return self._ranked(k, reverse=True)

    def to_dict(self) -> dict[str, Any]:
        return {"hero": format_cards(self.hero), "villain": self.villain, "board": format_cards(self.board),
                "hands": len(self), "exact": self.exact, "mean": self.mean, "std_error": self.std_error,
                "ahead": self.ahead, "behind": self.behind, "splitting": self.splitting,
                "quantile_levels": list(QUANTILE_LEVELS), "quantiles": list(self.quantiles),
                "edges": self.edges.tolist(), "counts": self.counts.tolist(),
                "best_villain_hands": self.best(), "worst_villain_hands": self.worst()}

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Equity", "Share of range"]
        rows = [[f"{lo:.0%}-{hi:.0%}", f"{c:.2%}"] for lo, hi, c in zip(self.edges, self.edges[1:], self.counts)]
        return header, rows

    def table(self) -> str:
        """A text summary and the histogram as a table."""
        q = ", ".join(f"{int(level * 100)}%: {v:.1%}" for level, v in zip(QUANTILE_LEVELS, self.quantiles))
        err = "" if self.exact else f" ±{self.std_error:.2%}"
        lines = [f"{format_cards(self.hero)} vs {self.villain} on {format_cards(self.board) or 'no board'}: "
                 f"{len(self)} hands, equity {self.mean:.2%}{err}",
                 f"ahead of {self.ahead:.1%}, splitting with {self.splitting:.1%}, behind {self.behind:.1%}",
                 f"quantiles {q}", _text_table(*self._cells())]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        caption = f"{format_cards(self.hero)} vs {self.villain}: equity {self.mean:.2%}"
        return _html_image(self._repr_png_()) + _html_table(*self._cells(), caption=caption)

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_distribution, self)


def range_distribution(hero: CardsLike, villain_range: Range | str, board: CardsLike = (), dead: CardsLike = (),
                       bins: int = 20, *,
                       exact: bool | None = None, samples: int | None = None, seed: int | None = None,
                       threads: int | None = None, executor: Executor | None = None,
                       progress: bool = False, timeout: float | None = None) -> Distribution:
    """Hero's equity against each hand of ``villain_range``, weighted by the
    range's weights (hands holding a known card left out).

    Exact per villain hand on a flop, turn or river, and preflop when the
    range has at most 2 hands (``exact=True`` forces it, ``exact=False``
    samples). Monte Carlo takes at most ``samples`` deals in all: each hand
    ``samples // len(range)`` deals in its own seeded stream, and when
    ``samples`` is smaller than the range, ``samples`` hands drawn at random
    (seeded, uniformly, without replacement) one deal each, the result then
    about those hands. ``timeout`` (seconds): TimeoutError once it passes,
    checked between parts of about 50 ms (see :func:`omaha8_fast.equity`).
    ``showdowns``: the deals counted. "Ahead" is equity above one half,
    "splitting" exactly one half.

    >>> d = range_distribution("As 2s 5d Kc", "AA", "Qs 7h 4d 3c 9s")
    >>> d.exact, round(d.ahead + d.behind + d.splitting, 12), round(float(d.counts.sum()), 12)
    (True, 1.0, 1.0)
    """
    options = _options(exact, samples, seed, threads, executor, progress, timeout)
    hero_ids = card_ids(hero)
    if len(hero_ids) not in (4, 5, 6):
        raise ValueError(f"hero: a hole has 4, 5 or 6 cards, got {len(hero_ids)}")
    if not _is_range(villain_range) and not isinstance(villain_range, str):
        raise TypeError(f"villain_range must be a Range or range text, not {type(villain_range).__name__}")
    villain = villain_range if isinstance(villain_range, Range) else Range(villain_range, hole_size=len(hero_ids))
    spot = _parse_spot([hero_ids, villain], board, dead)
    r = spot.players[1]
    assert isinstance(r, Range)
    hero_t = tuple(hero_ids)
    hands = np.ascontiguousarray(r.hands, dtype=np.uint8)
    n = len(hands)
    runouts = spot.deals(len(spot.board)) // n
    exact = (len(spot.board) >= 3 or n * runouts <= EXACT_LIMIT) if options.exact is None else options.exact
    if exact and n * runouts > EXACT_MAX:
        raise ValueError(f"{n * runouts:,} deals are too many to enumerate; use exact=False")
    w = r.weights.astype(np.int64)
    if not exact and options.samples < n:  # fewer deals than hands: a seeded sample of the hands, one deal each
        keep = np.sort(np.random.default_rng(options.seed).choice(n, size=options.samples, replace=False))
        hands, w, n = np.ascontiguousarray(hands[keep]), w[keep], options.samples
    per_hand = 1 if exact else options.samples // n  # Monte Carlo: samples in all (exact: not read)
    job = _DuelJob(bytes(hero_t), spot.hole_size, bytes(spot.board), bytes(spot.dead), exact, per_hand, options.seed)
    work = (runouts if exact else per_hand) * n
    small = work < _SMALL
    tasks = [(job, chunk, first) for chunk, first in _split(hands.tobytes(), spot.hole_size, _parts(n, 2 * work, small))]
    counts = _counts_array(_run(tasks, _count_duels, options, small), _DUEL_FIELDS)
    showdowns, share, share_sq = counts[:, 0], counts[:, 2], counts[:, 3]
    equities = share / POT / showdowns
    if exact:
        total_share = sum(int(a) * int(b) for a, b in zip(w, share))
        total = sum(int(a) * int(b) for a, b in zip(w, showdowns))
        mean, std_error = total_share / POT / total, 0.0
        errors = np.zeros(n)
        ahead_mask, split_mask = 2 * share > POT * showdowns, 2 * share == POT * showdowns
    else:
        variance = (share_sq / POT**2 - showdowns * equities**2) / np.maximum(showdowns - 1, 1)
        errors = np.sqrt(np.maximum(variance, 0.0) / showdowns)
        p = w / w.sum()
        mean, std_error = float(np.dot(p, equities)), float(np.sqrt(np.sum((p * errors) ** 2)))
        ahead_mask, split_mask = equities > 0.5, equities == 0.5
    p = (w / w.sum()).astype(np.float64)
    counts_h, edges = _histogram(equities, p, bins)
    ahead, splitting = float(p[ahead_mask].sum()), float(p[split_mask].sum())
    return Distribution(tuple(Card(c) for c in hero_t), r.text, tuple(Card(c) for c in spot.board), hands,
                        w.astype(np.float64), equities.astype(np.float64), errors.astype(np.float64), mean, std_error,
                        exact, bins, ahead, max(0.0, 1.0 - ahead - splitting), splitting, counts_h, edges,
                        sum(map(int, showdowns)))


# ---------------------------------------------------------------------------- outs


