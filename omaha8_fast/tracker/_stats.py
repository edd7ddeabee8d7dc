"""The statistics of :meth:`Tracker.stats`, as one DuckDB query over
``players`` joined with ``hands`` (docs/tracker.md defines each column).

Rates are fractions (0.25, not 25 %); a rate with no opportunity is NaN.
``unit`` and ``currency`` are always grouping columns, so that no row adds
cents to chips or dollars to euros.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._schema import HANDS, PLAYERS, TrackerError, require

__all__ = ["STAT_COLUMNS", "GROUP_COLUMNS", "stats_query", "run_stats", "check_where", "group_keys"]

#: The statistics, in the order of the DataFrame's columns, each with its SQL.
STAT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("hands", "count(*)"),
    ("vpip", "avg(vpip::INTEGER)"),
    ("pfr", "avg(pfr::INTEGER)"),
    ("three_bet", "avg(three_bet::INTEGER)"),
    ("af", "sum(aggressive)::DOUBLE / nullif(sum(calls), 0)"),
    ("wtsd", "count_if(showdown AND saw_flop)::DOUBLE / nullif(count_if(saw_flop), 0)"),
    ("wsd", "count_if(won_showdown)::DOUBLE / nullif(count_if(showdown), 0)"),
    ("net", "sum(net)"),
    ("net_bb100", "100.0 * sum(net / nullif(big_blind, 0)) / count(*)"),
    ("rake", "sum(rake_share)"),
    ("scoop", "avg(scoop::INTEGER)"),
    ("quartered", "avg(quartered::INTEGER)"),
    ("hi_only", "avg(hi_only::INTEGER)"),
    ("lo_only", "avg(lo_only::INTEGER)"),
    ("allin_hands", "count_if(allin)"),
    ("allin_ev_net", "sum(CASE WHEN allin THEN allin_ev + returned - put_in ELSE net END)"),
)
#: The columns one may group by: every column of ``hands`` and ``players`` but the join key.
GROUP_COLUMNS = tuple(dict.fromkeys(c for c, _ in HANDS + PLAYERS if c != "hand_key"))


def group_keys(by: Sequence[str] | str) -> list[str]:
    """The grouping columns: ``by`` then ``unit`` and ``currency``."""
    if isinstance(by, str):
        by = [b.strip() for b in by.split(",") if b.strip()]
    keys = list(dict.fromkeys(by))
    for key in keys:
        if not isinstance(key, str) or key not in GROUP_COLUMNS:
            raise TrackerError(f"cannot group by {key!r}: the columns are {', '.join(GROUP_COLUMNS)}")
    return keys + [k for k in ("unit", "currency") if k not in keys]


def stats_query(by: Sequence[str] | str = ("site", "player"), where: str | None = None) -> str:
    """The SQL of the statistics grouped by ``by`` (see :func:`group_keys`), ``where`` a condition."""
    keys = ", ".join(group_keys(by))
    columns = ", ".join(f"{sql} AS {name}" for name, sql in STAT_COLUMNS)
    condition = f"WHERE ({where})" if where else ""
    return (f"SELECT {keys}, {columns} FROM players JOIN hands USING (hand_key) {condition} "
            f"GROUP BY {keys} ORDER BY {keys}")


def check_where(con: Any, where: str | None, query: str) -> None:
    """Refuse a ``where`` that is not one SQL condition (a second statement, an unbalanced quote)."""
    if where is None:
        return
    if not isinstance(where, str) or not where.strip():
        raise TrackerError(f"where must be a SQL condition (text), not {where!r}")
    duckdb = require("duckdb")
    try:
        statements = con.extract_statements(query)
    except duckdb.Error as error:
        raise TrackerError(f"where {where!r} is not a valid SQL condition: {str(error).splitlines()[0]}") from None
    if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
        raise TrackerError(f"where {where!r} is not one SQL condition")


def run_stats(con: Any, by: Sequence[str] | str = ("site", "player"), where: str | None = None) -> Any:
    """The statistics as a pandas DataFrame, one row per group."""
    duckdb = require("duckdb")
    require("pandas")
    query = stats_query(by, where)
    check_where(con, where, query)
    try:
        frame = con.execute(query).df()
    except duckdb.Error as error:
        raise TrackerError(f"the statistics query failed (where {where!r}): {str(error).splitlines()[0]}") from None
    for name in ("hands", "net", "allin_hands"):
        frame[name] = frame[name].astype("int64")
    for name, _ in STAT_COLUMNS:
        if name not in ("hands", "net", "allin_hands"):
            frame[name] = frame[name].astype("float64")
    return frame
