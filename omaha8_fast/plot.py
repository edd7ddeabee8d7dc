"""``omaha8_fast.plot``: the public name of :mod:`omaha8_fast.analysis.plots`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .analysis.plots import (
    EQUITY_COLOR as EQUITY_COLOR,
    HIGH_COLOR as HIGH_COLOR,
    LOW_COLOR as LOW_COLOR,
    PLAYER_COLORS as PLAYER_COLORS,
    close as close,
    plot_by_street as plot_by_street,
    plot_distribution as plot_distribution,
    plot_outs as plot_outs,
    save as save,
)

__all__ = ["HIGH_COLOR", "LOW_COLOR", "EQUITY_COLOR", "PLAYER_COLORS", "plot_by_street", "plot_distribution", "plot_outs", "save", "close"]
