"""The tracker's database: its three tables, and opening a DuckDB file.

The schema is documented in docs/tracker.md (one row per hand in ``hands``,
one per player dealt in per hand in ``players``, one per post or action in
``actions``; ``hand_key`` joins them). DuckDB is imported here, on first use,
so that ``omaha8_fast`` imports without the ``[tracker]`` extra.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

__all__ = ["HANDS", "PLAYERS", "ACTIONS", "TABLES", "SCHEMA_VERSION", "TrackerError", "require", "connect", "create"]

#: Bumped when a table changes; a database of another version is refused.
SCHEMA_VERSION = 1


class TrackerError(ValueError):
    """A database the tracker cannot use (damaged, locked by another process,
    of another schema version), or a query it cannot run."""


#: ``hands``: (column, DuckDB type), in order.
HANDS: tuple[tuple[str, str], ...] = (
    ("hand_key", "BIGINT"), ("site", "VARCHAR"), ("hand_id", "VARCHAR"), ("played_at", "TIMESTAMP"),
    ("month", "VARCHAR"), ("game", "VARCHAR"), ("hole_size", "TINYINT"), ("structure", "VARCHAR"),
    ("small_stake", "BIGINT"), ("big_stake", "BIGINT"), ("big_blind", "BIGINT"), ("unit", "VARCHAR"),
    ("currency", "VARCHAR"), ("tournament", "BOOLEAN"), ("tournament_id", "VARCHAR"), ("table_name", "VARCHAR"),
    ("max_seats", "TINYINT"), ("button_seat", "TINYINT"), ("n_players", "TINYINT"), ("board", "VARCHAR"),
    ("board2", "VARCHAR"), ("total_pot", "BIGINT"), ("rake", "BIGINT"), ("audit", "VARCHAR"),
    ("allin_street", "VARCHAR"),
)
#: ``players``: one row per player dealt into a hand.
PLAYERS: tuple[tuple[str, str], ...] = (
    ("hand_key", "BIGINT"), ("player", "VARCHAR"), ("seat", "TINYINT"), ("position", "VARCHAR"),
    ("is_hero", "BOOLEAN"), ("stack", "BIGINT"), ("put_in", "BIGINT"), ("returned", "BIGINT"),
    ("collected", "BIGINT"), ("net", "BIGINT"), ("rake_share", "DOUBLE"), ("cards", "VARCHAR"),
    ("folded_street", "VARCHAR"), ("vpip", "BOOLEAN"), ("pfr", "BOOLEAN"), ("three_bet_chance", "BOOLEAN"),
    ("three_bet", "BOOLEAN"), ("aggressive", "TINYINT"), ("calls", "TINYINT"), ("saw_flop", "BOOLEAN"),
    ("showdown", "BOOLEAN"), ("won_showdown", "BOOLEAN"), ("scoop", "BOOLEAN"), ("quartered", "BOOLEAN"),
    ("hi_only", "BOOLEAN"), ("lo_only", "BOOLEAN"), ("allin", "BOOLEAN"), ("allin_ev", "DOUBLE"),
    ("allin_ev_hi", "DOUBLE"), ("allin_ev_lo", "DOUBLE"), ("allin_ev_error", "DOUBLE"),
)
#: ``actions``: every post and action of a hand, in order.
ACTIONS: tuple[tuple[str, str], ...] = (
    ("hand_key", "BIGINT"), ("seq", "SMALLINT"), ("street", "VARCHAR"), ("player", "VARCHAR"),
    ("kind", "VARCHAR"), ("amount", "BIGINT"), ("added", "BIGINT"), ("all_in", "BOOLEAN"),
)
TABLES: dict[str, tuple[tuple[str, str], ...]] = {"hands": HANDS, "players": PLAYERS, "actions": ACTIONS}

_EXTRA = "the tracker needs the [tracker] extra: pip install 'omaha8_fast[tracker]' (duckdb, pandas, pyarrow)"


def require(module: str) -> Any:
    """``module`` imported, or an ImportError naming the ``[tracker]`` extra."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{_EXTRA}; {module} is missing ({error})") from None


def create(con: Any) -> None:
    """The three tables and the version row, in an empty database."""
    for name, columns in TABLES.items():
        body = ", ".join(f"{column} {kind}" for column, kind in columns)
        con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({body})")
    con.execute("CREATE TABLE IF NOT EXISTS tracker_meta (key VARCHAR, value VARCHAR)")
    if not con.execute("SELECT count(*) FROM tracker_meta WHERE key = 'schema'").fetchone()[0]:
        con.execute("INSERT INTO tracker_meta VALUES ('schema', ?)", [str(SCHEMA_VERSION)])


def _check(con: Any, path: str) -> None:
    """Refuse a database that is not a tracker's of this version."""
    names = {row[0] for row in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    if not names:
        return
    if "tracker_meta" not in names or not set(TABLES) <= names:
        raise TrackerError(f"{path}: a DuckDB database, but not a hand tracker's (tables: {', '.join(sorted(names))})")
    row = con.execute("SELECT value FROM tracker_meta WHERE key = 'schema'").fetchone()
    if row is None or row[0] != str(SCHEMA_VERSION):
        raise TrackerError(f"{path}: tracker schema version {row[0] if row else '?'}, this library reads "
                           f"version {SCHEMA_VERSION}")
    for name, columns in TABLES.items():
        have = [r[0] for r in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
            [name]).fetchall()]
        if have != [c for c, _ in columns]:
            raise TrackerError(f"{path}: table {name} has columns {have}, not the tracker's")


def connect(path: str | os.PathLike[str], read_only: bool = False) -> Any:
    """A DuckDB connection to the tracker database ``path`` (created when
    missing; ``":memory:"`` for one in memory), its tables checked.

    A file another process holds open (DuckDB lets one process write a
    file), a damaged file or a file that is no DuckDB database raise
    :class:`TrackerError` saying so; the file is never changed then."""
    duckdb = require("duckdb")
    text = os.fspath(path)
    if text != ":memory:" and os.path.isdir(text):
        raise TrackerError(f"{text}: a directory, not a database file")
    try:
        con = duckdb.connect(text, read_only=read_only)
    except duckdb.IOException as error:
        message = str(error)
        if "lock" in message.lower():
            raise TrackerError(f"{text}: another process holds this database open (DuckDB lets one process at a "
                               f"time use a file; close the other one first): {message.splitlines()[0]}") from None
        raise TrackerError(f"{text}: cannot open the database: {message.splitlines()[0]}") from None
    except duckdb.Error as error:
        raise TrackerError(f"{text}: not a usable DuckDB database (damaged, or another kind of file): "
                           f"{str(error).splitlines()[0]}") from None
    try:
        _check(con, text)
        if not read_only:
            con.execute("BEGIN TRANSACTION")
            create(con)
            con.execute("COMMIT")
    except duckdb.Error as error:
        con.close()
        raise TrackerError(f"{text}: the database cannot be read: {str(error).splitlines()[0]}") from None
    except BaseException:
        con.close()
        raise
    return con
