"""The tables as Parquet datasets (:meth:`Tracker.to_parquet`): ``hands/``,
``players/`` and ``actions/``, each partitioned by ``site`` and ``month``
(hive style: ``site=pokerstars/month=2024-06/...``), which DuckDB, pandas
(pyarrow), Dask and Spark read as they are. ``players`` and ``actions``
carry their hand's ``site`` and ``month`` as the partition columns."""

from __future__ import annotations

import os
from typing import Any

from ._schema import TABLES, TrackerError, require

__all__ = ["write", "PARTITIONS"]

PARTITIONS = ("site", "month")


def write(con: Any, directory: str) -> dict[str, int]:
    """Write the datasets under ``directory`` (created; a dataset already there is refused)."""
    duckdb = require("duckdb")
    require("pyarrow")
    os.makedirs(directory, exist_ok=True)
    counts: dict[str, int] = {}
    for name in TABLES:
        target = os.path.join(directory, name)
        if os.path.exists(target) and os.listdir(target):
            raise TrackerError(f"{target} exists and is not empty: write to a new directory")
        if name == "hands":
            select = "SELECT * FROM hands"
        else:
            select = f"SELECT t.*, h.site, h.month FROM {name} t JOIN hands h USING (hand_key)"
        counts[name] = int(con.execute(f"SELECT count(*) FROM {name}").fetchone()[0])
        if not counts[name]:
            continue
        quoted = target.replace("'", "''")
        try:
            con.execute(f"COPY ({select}) TO '{quoted}' (FORMAT PARQUET, PARTITION_BY (site, month))")
        except duckdb.Error as error:
            raise TrackerError(f"cannot write {target}: {str(error).splitlines()[0]}") from None
    return counts
