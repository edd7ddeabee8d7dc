"""A hand database with Omaha Hi/Lo statistics: DuckDB by default, Parquet for scale.

:class:`Tracker` keeps hands read from the sites' histories (or played by
the engine) in one DuckDB file: the tables ``hands``, ``players`` and
``actions`` (docs/tracker.md), statistics per player with the Omaha Hi/Lo
ones (scoops, quarters, high or low only) and the all-in expected value by
exact equity, pot by pot and half by half. Needs the ``[tracker]`` extra
(duckdb, pandas, pyarrow); ``omaha8_fast`` itself imports without it.

>>> from omaha8_fast.tracker import Tracker
>>> with Tracker(":memory:") as db:
...     print(db.add("tests/data/pokerstars_o8.txt"))
9 hands added, 0 duplicates, 0 errors
"""

from __future__ import annotations

from ._allin import SAMPLES, allin_ev, pot_halves
from ._schema import ACTIONS, HANDS, PLAYERS, SCHEMA_VERSION, TrackerError
from ._showdowns import Split, classify
from ._stats import GROUP_COLUMNS, STAT_COLUMNS, stats_query
from ._tracker import BATCH, AddResult, Tracker

__all__ = [
    "Tracker",
    "AddResult",
    "TrackerError",
    "BATCH",
    "HANDS",
    "PLAYERS",
    "ACTIONS",
    "SCHEMA_VERSION",
    "STAT_COLUMNS",
    "GROUP_COLUMNS",
    "stats_query",
    "allin_ev",
    "pot_halves",
    "SAMPLES",
    "Split",
    "classify",
]
