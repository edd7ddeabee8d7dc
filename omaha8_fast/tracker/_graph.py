"""The results graph of :meth:`Tracker.graph`: a player's net won over their
hands and the all-in adjusted net (all-in hands counted at their expected
value), one panel per unit and currency."""

from __future__ import annotations

import os
from typing import Any

from ._schema import TrackerError, require
from ._stats import check_where

__all__ = ["draw", "NET_COLOR", "EV_COLOR"]

NET_COLOR = "#1f5fa8"
EV_COLOR = "#d9822b"


def draw(con: Any, player: str, where: str | None, path: str | os.PathLike[str] | None) -> Any:
    """The figure (saved to ``path`` when given)."""
    duckdb = require("duckdb")
    if not isinstance(player, str) or not player:
        raise ValueError(f"player must be a name, not {player!r}")
    try:
        require("matplotlib")
    except ImportError as error:
        raise ImportError(f"{error}; Tracker.graph also needs matplotlib (the [plot] extra)") from None
    condition = f" AND ({where})" if where else ""
    query = ("SELECT unit, currency, net, CASE WHEN allin THEN allin_ev + returned - put_in ELSE net END AS ev_net, "
             "allin FROM players JOIN hands USING (hand_key) WHERE player = ?" + condition +
             " ORDER BY played_at NULLS LAST, hand_key")
    check_where(con, where, query)
    try:
        rows = con.execute(query, [player]).fetchall()
    except duckdb.Error as error:
        raise TrackerError(f"the graph's query failed (where {where!r}): {str(error).splitlines()[0]}") from None
    if not rows:
        raise ValueError(f"no hands of {player!r}" + (f" where {where}" if where else ""))
    groups: dict[tuple[str, str | None], list[tuple[Any, ...]]] = {}
    for row in rows:
        groups.setdefault((row[0], row[1]), []).append(row)
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(9, 3.6 * len(groups)), layout="constrained")
    axes = figure.subplots(len(groups), 1, squeeze=False)[:, 0]
    for ax, ((unit, currency), group) in zip(axes, sorted(groups.items(), key=lambda g: -len(g[1]))):
        scale = 100.0 if unit == "cents" else 1.0
        money = f"{currency}" if unit == "cents" and currency else ("chips" if unit == "chips" else "money")
        net = ev = 0.0
        xs, net_line, ev_line, allin_x, allin_y = [0], [0.0], [0.0], [], []
        for k, row in enumerate(group, 1):
            net += row[2] / scale
            ev += row[3] / scale
            xs.append(k)
            net_line.append(net)
            ev_line.append(ev)
            if row[4]:
                allin_x.append(k)
                allin_y.append(ev)
        ax.axhline(0, color="#888888", linewidth=0.8)
        ax.plot(xs, net_line, color=NET_COLOR, linewidth=1.6, label=f"net won: {net:,.2f} {money}")
        ax.plot(xs, ev_line, color=EV_COLOR, linewidth=1.6, linestyle="--",
                label=f"all-in adjusted: {ev:,.2f} {money}")
        if allin_x and len(allin_x) <= 200:
            ax.scatter(allin_x, allin_y, s=12, color=EV_COLOR, zorder=3, label=f"all-in hands ({len(allin_x)})")
        ax.set_xlabel("hands")
        ax.set_ylabel(money)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlim(0, max(len(group), 1))
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best", frameon=False)
        ax.set_title(f"{player}: {len(group):,} hands ({unit}{', ' + currency if currency else ''})")
    if path is not None:
        figure.savefig(os.fspath(path), dpi=120)
    return figure
