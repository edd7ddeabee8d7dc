"""Writing rows in batches: each batch one transaction, so a crash, a kill
or Ctrl-C loses at most the batch being written and never leaves part of a
hand stored (DuckDB rolls back a transaction that was not committed, also
when the process died in the middle of it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._schema import TABLES, TrackerError, require

__all__ = ["Batch", "write_batch"]

_ARROW = {"BIGINT": "int64", "TINYINT": "int8", "SMALLINT": "int16", "VARCHAR": "string", "BOOLEAN": "bool_",
          "DOUBLE": "float64"}


class Batch:
    """The rows of the hands not yet written, per table."""

    __slots__ = ("hands", "players", "actions", "ids")

    def __init__(self) -> None:
        self.hands: list[tuple[Any, ...]] = []
        self.players: list[tuple[Any, ...]] = []
        self.actions: list[tuple[Any, ...]] = []
        self.ids: list[tuple[str, str]] = []

    def __len__(self) -> int:
        return len(self.hands)

    def add(self, rows: Any, site: str, hand_id: str) -> None:
        self.hands.append(rows.hand)
        self.players.extend(rows.players)
        self.actions.extend(rows.actions)
        self.ids.append((site, hand_id))


def _table(name: str, rows: Sequence[tuple[Any, ...]]) -> Any:
    pa = require("pyarrow")
    columns = TABLES[name]
    arrays = []
    for i, (column, kind) in enumerate(columns):
        kind_type = pa.timestamp("us") if kind == "TIMESTAMP" else getattr(pa, _ARROW[kind])()
        arrays.append(pa.array([row[i] for row in rows], type=kind_type))  # a column at a time (no zip(*rows))
    return pa.table(arrays, names=[c for c, _ in columns])


def write_batch(con: Any, batch: Batch, delete_keys: Sequence[int] = ()) -> None:
    """Write ``batch`` in one transaction (first deleting the hands
    ``delete_keys``, for a replaced run); rolled back on any error."""
    duckdb = require("duckdb")
    con.execute("BEGIN TRANSACTION")
    try:
        if delete_keys:
            con.execute("CREATE OR REPLACE TEMP TABLE tracker_delete (hand_key BIGINT)")
            con.executemany("INSERT INTO tracker_delete VALUES (?)", [[k] for k in delete_keys])
            for name in TABLES:
                con.execute(f"DELETE FROM {name} WHERE hand_key IN (SELECT hand_key FROM tracker_delete)")
        for name in TABLES:
            rows = getattr(batch, name)
            if rows:
                table = _table(name, rows)
                con.register("tracker_batch", table)
                try:
                    con.execute(f"INSERT INTO {name} SELECT * FROM tracker_batch")
                finally:
                    con.unregister("tracker_batch")
        con.execute("COMMIT")
    except BaseException as error:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:
            pass
        if isinstance(error, duckdb.Error):
            raise TrackerError(f"the batch could not be stored (nothing of it was): {str(error).splitlines()[0]}") \
                from None
        raise
