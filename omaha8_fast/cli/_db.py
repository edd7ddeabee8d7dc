"""``omaha8 db``: the hand database of :mod:`omaha8_fast.tracker` (docs/tracker.md).

``omaha8 db add PATH... [--db hands.duckdb]`` stores the hands of files and
directories (duplicates skipped; a line per file with what was added, the
unreadable hands on stderr, exit status 2 when there were any);
``omaha8 db stats [--by site,player] [--where SQL] [--json|--csv]`` prints
the statistics; ``omaha8 db graph PLAYER -o out.png`` draws a player's
results.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from typing import Any

from ._common import add_json_option

__all__ = ["register"]

_DEFAULT_DB = "hands.duckdb"


def _open(args: argparse.Namespace, read_only: bool = False) -> Any:
    import os

    from ..tracker import Tracker, TrackerError

    if read_only and not os.path.exists(args.db):
        raise TrackerError(f"{args.db}: no such database (omaha8 db add creates one)")
    return Tracker(args.db, read_only=read_only)


def cmd_add(args: argparse.Namespace) -> int:
    status = 0
    with _open(args) as db:
        for path in args.paths:
            result = db.add(path, progress=args.progress)
            for error in result.errors:
                print(f"omaha8 db add: error: {error}", file=sys.stderr)
            if result.error_count > len(result.errors):
                print(f"omaha8 db add: error: {result.error_count - len(result.errors)} more errors not shown",
                      file=sys.stderr)
            if result.error_count:
                status = 2
            if args.json:
                print(json.dumps({"path": path, "added": result.added, "duplicates": result.duplicates,
                                  "errors": result.error_count, "skipped": result.skipped}))
            else:
                print(f"{path}: {result}")
        if not args.json:
            print(f"{args.db}: {len(db):,} hands")
    return status


def _plain(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    item = getattr(value, "item", None)  # numpy scalars
    return _plain(item()) if callable(item) else value


def cmd_stats(args: argparse.Namespace) -> int:
    pd = importlib.import_module("pandas")  # the [tracker] extra; untyped here

    with _open(args, read_only=True) as db:
        frame = db.stats(by=args.by, where=args.where)
    if args.json:
        rows = [{k: _plain(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]
        print(json.dumps(rows))
    elif args.csv:
        frame.to_csv(sys.stdout, index=False)
    else:
        with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 250,
                               "display.float_format", "{:.3f}".format):
            print(frame.to_string(index=False) if len(frame) else "no hands")
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    with _open(args, read_only=True) as db:
        db.graph(args.player, where=args.where, path=args.output)
    print(f"wrote {args.output}")
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser("db", help="a hand database: add hand histories, statistics, results graphs",
                            description="A hand database in a DuckDB file (docs/tracker.md).")
    sub = p.add_subparsers(dest="db_command", required=True, metavar="{add,stats,graph}")
    add = sub.add_parser("add", help="store the hands of files and directories (duplicates skipped)")
    add.add_argument("paths", nargs="+", metavar="PATH", help="hand history files or directories")
    add.add_argument("--db", default=_DEFAULT_DB, help=f"the database file (default {_DEFAULT_DB})")
    add.add_argument("--progress", action="store_true", help="show progress on stderr")
    add_json_option(add)
    add.set_defaults(run=cmd_add)
    stats = sub.add_parser("stats", help="statistics per player (and site, unit, currency)")
    stats.add_argument("--db", default=_DEFAULT_DB, help=f"the database file (default {_DEFAULT_DB})")
    stats.add_argument("--by", default="site,player", help="grouping columns, comma-separated (default site,player)")
    stats.add_argument("--where", default=None, help="a SQL condition over hands and players")
    how = stats.add_mutually_exclusive_group()
    how.add_argument("--json", action="store_true", help="print JSON instead of text")
    how.add_argument("--csv", action="store_true", help="print CSV")
    stats.set_defaults(run=cmd_stats)
    graph = sub.add_parser("graph", help="draw a player's net won and all-in adjusted net")
    graph.add_argument("player", help="the player's name")
    graph.add_argument("-o", "--output", required=True, help="the image file (PNG, SVG or PDF)")
    graph.add_argument("--db", default=_DEFAULT_DB, help=f"the database file (default {_DEFAULT_DB})")
    graph.add_argument("--where", default=None, help="a SQL condition over hands and players")
    graph.set_defaults(run=cmd_graph)
