"""Plots of the street analysis (needs matplotlib: ``pip install 'omaha8_fast[plot]'``).

Each function takes a result of :mod:`omaha8_fast.analysis` and returns a
matplotlib :class:`~matplotlib.figure.Figure` (made without pyplot, so no
window opens and nothing global changes), 800 x 500 pixels by default. The
high half is always drawn in :data:`HIGH_COLOR`, the low half in
:data:`LOW_COLOR`.

>>> from omaha8_fast.analysis import next_street
>>> fig = plot_distribution(next_street(["As 2s 5d Kc", "Qh Qd Jc Tc"], "Qs 7h 4d"))
>>> [int(v) for v in fig.get_size_inches() * fig.dpi], len(fig.axes[0].patches)
([800, 500], 20)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import matplotlib  # noqa: F401
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter
except ImportError:  # pragma: no cover - exercised by a test that hides matplotlib
    raise ImportError("omaha8_fast.analysis.plots needs matplotlib: pip install 'omaha8_fast[plot]'") from None

from ..cards import format_cards

if TYPE_CHECKING:
    from ._distribution import Distribution
    from ._next import NextStreet
    from ._outs import Outs
    from ._streets import StreetEquities

__all__ = ["HIGH_COLOR", "LOW_COLOR", "EQUITY_COLOR", "PLAYER_COLORS", "plot_by_street", "plot_distribution",
           "plot_outs", "save", "close"]

#: The high half of the pot, in every plot.
HIGH_COLOR = "#2166ac"
#: The low half of the pot, in every plot.
LOW_COLOR = "#e08214"
#: Equity bars (a whole-pot share, neither half).
EQUITY_COLOR = "#5e5e5e"
#: One colour per player (9 at most), none of them the high or low colour.
PLAYER_COLORS = ("#7b3294", "#008837", "#c51b7d", "#4d4d4d", "#1b7837", "#8c510a", "#762a83", "#01665e", "#b2182b")


def _figure(width: int, height: int, dpi: int) -> tuple[Figure, Any]:
    for name, value in (("width", width), ("height", height), ("dpi", dpi)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20_000:
            raise ValueError(f"{name} must be an int in 1..20000, got {value!r}")
    fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi, layout="constrained")
    ax = fig.add_subplot()
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    return fig, ax


def _check(result: object, *kinds: str) -> None:
    """TypeError unless ``result`` is one of the analysis classes ``kinds``
    (known by name and package: the analysis imports this module, not the
    other way round)."""
    if not any(c.__name__ in kinds and c.__module__.startswith("omaha8_fast.analysis") for c in type(result).__mro__):
        raise TypeError(f"expected {' or '.join(kinds)} from omaha8_fast.analysis, not {type(result).__name__}")


def _short(name: str, limit: int = 28) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def plot_by_street(streets: StreetEquities, *, width: int = 800, height: int = 500, dpi: int = 100) -> Figure:
    """One line per player: equity before the flop and on each street; and,
    in the low colour, how often nobody has a low."""
    _check(streets, "StreetEquities")
    fig, ax = _figure(width, height, dpi)
    labels = [f"{s}\n{format_cards(streets.boards[s]) or '(no board)'}" for s in streets]
    x = list(range(len(labels)))
    for p, name in enumerate(streets.names):
        ys = [streets[s][p].equity for s in streets]
        ax.plot(x, ys, marker="o", linewidth=2.2, color=PLAYER_COLORS[p % len(PLAYER_COLORS)],
                label=f"{_short(name)}: {ys[-1]:.1%}")
    ax.plot(x, [streets[s][0].no_low for s in streets], linestyle=":", marker="s", linewidth=1.8,
            color=LOW_COLOR, label="nobody has a low")
    ax.set_xticks(x, labels)
    ax.set_xlim(-0.3, len(x) - 0.7)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("Street (board so far)")
    ax.set_ylabel("Equity (share of the pot)")
    ax.set_title("Equity by street")
    ax.legend(loc="best", fontsize=9)
    return fig


def plot_distribution(result: Distribution | NextStreet, player: int = 0, *, bins: int = 20, width: int = 800,
                      height: int = 500, dpi: int = 100) -> Figure:
    """The distribution as a histogram of equity: a :class:`~omaha8_fast.analysis.NextStreet`
    (``player``'s equity after each next card, weighted by its probability)
    or a :class:`~omaha8_fast.analysis.Distribution` (hero's equity against
    each villain hand, weighted by the range), with the mean and median."""
    from ._common import QUANTILE_LEVELS
    from ._distribution import Distribution

    _check(result, "Distribution", "NextStreet")
    fig, ax = _figure(width, height, dpi)
    if isinstance(result, Distribution):
        counts, edges = result.histogram(bins)
        mean, median = result.mean, result.quantiles[QUANTILE_LEVELS.index(0.5)]
        title = f"{format_cards(result.hero)} vs {_short(result.villain, 40)}" + (
            f" on {format_cards(result.board)}" if result.board else " preflop")
        what, ylabel = "villain hands", "Share of the range"
    else:
        counts, edges = result.histogram(player, bins)
        mean, median = result.mean[player], result.quantiles[player][QUANTILE_LEVELS.index(0.5)]
        title = f"{_short(result.names[player])}: equity on the {result.street} after {format_cards(result.board)}"
        what, ylabel = f"{len(result.cards)} next cards", "Probability of the next card"
    ax.bar(edges[:-1], counts, width=edges[1:] - edges[:-1], align="edge", color=EQUITY_COLOR, alpha=0.85,
           edgecolor="white", linewidth=0.8, label=f"equity over {what}")
    ax.axvline(mean, color="black", linewidth=2, label=f"mean {mean:.1%}")
    ax.axvline(median, color="black", linewidth=1.5, linestyle="--", label=f"median {median:.1%}")
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("Equity (share of the pot)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=9)
    return fig


def plot_outs(result: Outs, player: int = 0, *, width: int = 800, height: int = 500, dpi: int = 100) -> Figure:
    """One stacked bar per unseen card: ``player``'s share of the pot from
    the high half (or the whole pot without a low) and from the low half."""
    _check(result, "Outs")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(result.names):
        raise ValueError(f"player must be an index 0..{len(result.names) - 1}, got {player!r}")
    fig, ax = _figure(width, height, dpi)
    outcomes = list(result.values())
    x = list(range(len(outcomes)))
    high = [o.high_units[player] / 5040 for o in outcomes]
    low = [o.low_units[player] / 5040 for o in outcomes]
    ax.bar(x, high, color=HIGH_COLOR, label="from the high")
    ax.bar(x, low, bottom=high, color=LOW_COLOR, label="from the low")
    ax.axhline(result.equity[player], color="black", linewidth=1.5, linestyle="--",
               label=f"mean {result.equity[player]:.1%}")
    ax.set_xticks(x, [str(o.card) for o in outcomes], rotation=90, fontsize=8 if len(x) <= 45 else 6)
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.set_ylim(0, 1.14)  # room for the legend above the full bars
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("Next card")
    ax.set_ylabel("Share of the pot after the card")
    s = result.summary[player]
    ax.set_title(f"Outs of {_short(result.names[player])} after {format_cards(result.board)}: "
                 f"{s.high_count} high, {s.low_count} low, {s.scoop_count} scoop")
    ax.legend(loc="upper center", fontsize=9, ncols=3, frameon=False)
    return fig


def save(fig: Figure, path: str | Path) -> None:
    """Write the figure; the format comes from the suffix (``.png``, ``.svg``, ...)."""
    fig.savefig(Path(path))


def close(fig: Figure) -> None:
    """Free the figure's drawing (figures made here are not kept by pyplot)."""
    fig.clear()
