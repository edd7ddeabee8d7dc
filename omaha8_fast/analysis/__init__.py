"""Street-by-street analysis: equity on each street, over the next card, against
each hand of a range; outs; low odds.

Everything is counted in C by the equity kernels (one job per next card or per
villain hand, in one call), so the summaries are exact sums of the same
integer counts that :func:`omaha8_fast.equity` adds up: the mean of a
distribution *is* the equity.

On a flop, hero's A-2 has the nut low draw and top set is ahead for the high:

>>> from omaha8_fast import equity
>>> players = ["As 2s 5d Kc", "Qh Qd Jc Tc"]
>>> spread = next_street(players, "Qs 7h 4d")
>>> len(spread.cards), spread.mean == tuple(p.equity for p in equity(players, "Qs 7h 4d"))
(41, True)
>>> [str(c) for c in spread.makes_low][:4], len(spread.pairs_board)
(['2c', '2d', '2h', '3c'], 7)

The equity on every street of a hand ("unroll"):

>>> streets = equity_by_street(players, "Qs 7h 4d 3c 9s")
>>> list(streets), round(streets["river"][0].equity, 3)
(['preflop', 'flop', 'turn', 'river'], 0.5)

Outs from the turn: the cards that give each player the high, the low, the pot.

>>> o = outs(players, "Qs 7h 4d 9s")
>>> o.summary[0].low_win_count, o.summary[1].scoop_count, len(o)
(21, 16, 40)

The distribution of a hand's equity against a range, hand by hand:

>>> d = range_distribution("As 2s 5d Kc", "QQ", "Qs 7h 4d")
>>> len(d), round(d.mean, 6) == round(equity(["As 2s 5d Kc", "QQ"], "Qs 7h 4d")[0].equity, 6)
(2625, True)
"""


from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._modules import lazy_submodules as _lazy_submodules
from ._common import PLOTS as _PLOTS, QUANTILE_LEVELS, STREETS
from ._distribution import Distribution, range_distribution
from ._next import NextStreet, next_street
from ._outs import CardOutcome, LowOdds, Outs, OutsSummary, low_odds, outs
from ._streets import StreetEquities, equity_by_street

__all__ = [
    "STREETS",
    "QUANTILE_LEVELS",
    "StreetEquities",
    "NextStreet",
    "Distribution",
    "CardOutcome",
    "OutsSummary",
    "Outs",
    "LowOdds",
    "equity_by_street",
    "next_street",
    "range_distribution",
    "outs",
    "low_odds",
]

# Their public home (reprs, pickles and the docs say omaha8_fast.analysis).
for _obj in (StreetEquities, NextStreet, Distribution, CardOutcome, OutsSummary, Outs, LowOdds, equity_by_street,
             next_street, range_distribution, outs, low_odds):
    _obj.__module__ = __name__
del _obj


def _plots() -> Any:
    """The plots module (it needs matplotlib, so it is imported on first use)."""
    from . import plots

    return plots


_PLOTS.append(_plots)

if TYPE_CHECKING:
    from . import plots as plots

__getattr__: Callable[[str], Any] = _lazy_submodules(__name__, ('plots',))  # plots: loaded on first use
