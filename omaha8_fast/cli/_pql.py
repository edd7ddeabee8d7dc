"""``omaha8 pql``: run PQL queries, one from the command line or stdin, or a
CSV file of them (``--batch``)."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterator
from typing import Any

from ..pql import PQLResult, run
from ._common import _int_option, add_json_option, print_json

__all__ = ["register", "cmd_pql"]


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {"trials": args.trials, "seed": args.seed, "exact": True if args.exact else (False if args.mc else None),
            "timeout": args.timeout}


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        return json.dumps({str(k): float(v) for k, v in value.items()})
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _rows(handle: Any) -> Iterator[list[str] | str]:
    """The CSV's rows; a row the reader refuses (a field over its size limit,
    far beyond any query) comes as the error's text, and reading goes on."""
    reader = csv.reader(handle)
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            yield f"unreadable CSV row (line {reader.line_num}): {error}"


def _row_error(out: Any, number: int, query: str, error: str) -> None:
    out.writerow([number, query[:200], "", "", "", "", "", error])
    print(f"omaha8 pql: row {number}: {error}", file=sys.stderr)


def _batch(args: argparse.Namespace) -> int:
    path = args.batch
    try:
        handle = sys.stdin if path == "-" else open(path, newline="", encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    status = 0
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["row", "query", "name", "value", "trials", "exact", "seed", "error"])
    with handle:
        offset = 0  # a header row "query" is not counted
        for index, row in enumerate(_rows(handle), 1):
            number = index - offset
            if isinstance(row, str):  # a row the CSV reader could not read
                _row_error(out, number, "", row)
                status = 2
                continue
            if index == 1 and row and row[0].strip().lower() == "query":
                offset = 1
                continue
            if not row or not row[0].strip():
                continue
            query = row[0]
            try:
                result = run(query, **_options(args))
            except (ValueError, TypeError, TimeoutError) as error:
                _row_error(out, number, query, str(error))
                status = 2
                continue
            for name, value in result.items():
                out.writerow([number, query, name, _cell(value), result.trials, result.exact,
                              "" if result.seed is None else result.seed, ""])
    return status


def cmd_pql(args: argparse.Namespace) -> int:
    if args.batch is not None:
        if args.query is not None:
            raise ValueError("give a query or --batch FILE, not both")
        return _batch(args)
    query = args.query
    if query is None or query == "-":
        query = sys.stdin.read()
    if not query.strip():
        raise ValueError("no query (give it as an argument or on stdin)")
    result: PQLResult = run(query, **_options(args), progress=args.progress)
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("the timeout must be positive")
    return value


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "pql", help="run Poker Query Language queries",
        description="Run a PQL query (docs/pql.md), e.g. \"select avg(riverEquity(hero)) as eq from "
                    "game='omaha8', hero='A2**', villain='*'\". Without a query or with '-', reads it from stdin. "
                    "--batch FILE runs one query per CSV row (first column) and prints CSV: "
                    "one line per selector, errors in their own column (exit status 2 if any).")
    p.add_argument("query", nargs="?", default=None, help="the query, or - for stdin")
    p.add_argument("--batch", metavar="CSV", default=None, help="a CSV file of queries (first column; - for stdin)")
    p.add_argument("--trials", type=_int_option("--trials", low=1), default=None, help="Monte Carlo trials (default 600,000)")
    p.add_argument("--seed", type=_int_option("--seed", low=0, high=2 ** 64 - 1), default=None, help="Monte Carlo seed")
    p.add_argument("--timeout", type=_seconds, default=None, help="seconds before Monte Carlo stops early")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal (an error when too many)")
    how.add_argument("--mc", action="store_true", help="Monte Carlo even when the spot could be enumerated")
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    add_json_option(p)
    p.set_defaults(run=cmd_pql)
