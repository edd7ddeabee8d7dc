"""The :class:`Tracker`: a hand database in one DuckDB file (docs/tracker.md)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..histories import HandHistoryError, ImportedHand, parse_pokerstars, read, to_pokerstars
from ._rows import hand_rows
from ._schema import TrackerError, connect, require
from ._stats import run_stats
from ._store import Batch, write_batch

__all__ = ["Tracker", "AddResult", "BATCH", "MAX_KEPT_ERRORS"]

#: Hands per transaction of :meth:`Tracker.add`.
BATCH = 5_000
#: The errors an :class:`AddResult` keeps (``error_count`` counts them all).
MAX_KEPT_ERRORS = 100


@dataclass
class AddResult:
    """What :meth:`Tracker.add` did: hands ``added``, ``duplicates`` (already
    stored: same site and hand id), hands that could not be read
    (``error_count``; the first :data:`MAX_KEPT_ERRORS` messages in
    ``errors``), hands of other games skipped (``skipped``)."""

    added: int = 0
    duplicates: int = 0
    error_count: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, message: str) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_KEPT_ERRORS:
            self.errors.append(message)

    def __str__(self) -> str:
        return (f"{self.added} hands added, {self.duplicates} duplicates, {self.error_count} errors"
                + (f", {self.skipped} of other games skipped" if self.skipped else ""))


def _sources(paths_or_hands: Any) -> Iterable[Any]:
    if isinstance(paths_or_hands, (str, os.PathLike, ImportedHand)):
        return [paths_or_hands]
    if isinstance(paths_or_hands, Iterable):
        return paths_or_hands  # read as it goes: a generator of hands streams
    raise TypeError(f"add takes paths, directories or ImportedHands, not {type(paths_or_hands).__name__}")


class Tracker:
    """A hand database: ``Tracker(path="hands.duckdb")`` opens (or creates)
    the DuckDB file; ``":memory:"`` keeps one in memory.

    >>> from omaha8_fast.tracker import Tracker
    >>> db = Tracker(":memory:")
    >>> db.add("tests/data/pokerstars_o8.txt").added
    9
    >>> db.add("tests/data/pokerstars_o8.txt").duplicates
    9
    >>> int(db.stats().set_index("player").loc["alice", "hands"])
    2
    >>> db.close()
    """

    def __init__(self, path: str | os.PathLike[str] = "hands.duckdb", *, read_only: bool = False) -> None:
        self.path: str = os.fspath(path)
        self.read_only: bool = read_only
        self._con: Any = connect(self.path, read_only=read_only)
        self._known: dict[str, set[str]] = {}
        row = self._con.execute("SELECT max(hand_key) FROM hands").fetchone()
        self._next_key = (row[0] if row and row[0] is not None else -1) + 1

    # --- the connection ---------------------------------------------------------

    @property
    def con(self) -> Any:
        """The DuckDB connection (raises once :meth:`close` was called)."""
        if self._con is None:
            raise TrackerError(f"{self.path}: the tracker was closed")
        return self._con

    def close(self) -> None:
        """Close the database (a second call does nothing)."""
        if self._con is not None:
            self._con.close()
            self._con = None

    def __enter__(self) -> Tracker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        """The number of hands stored."""
        return int(self.con.execute("SELECT count(*) FROM hands").fetchone()[0])

    def __repr__(self) -> str:
        return f"Tracker({self.path!r})"

    def _writable(self) -> None:
        if self.read_only:
            raise TrackerError(f"{self.path}: opened read-only")

    def _ids(self, site: str) -> set[str]:
        known = self._known.get(site)
        if known is None:
            rows = self.con.execute("SELECT hand_id FROM hands WHERE site = ?", [site]).fetchall()
            known = self._known[site] = {r[0] for r in rows}
        return known

    def _flush(self, batch: Batch) -> None:
        """Write ``batch`` (on failure none of it is stored: :meth:`add` forgets its ids)."""
        write_batch(self.con, batch)

    # --- adding hands ---------------------------------------------------------------

    def add(self, paths_or_hands: Any, *, progress: bool = False, errors: str = "skip",
            batch: int = BATCH) -> AddResult:
        """Store the hands of files, directories (every file in them, read
        by :func:`omaha8_fast.histories.read`) or :class:`ImportedHand`
        objects, skipping those already stored (same site and hand id).

        Hands are written ``batch`` at a time, each batch one transaction.
        ``errors="skip"`` counts and keeps the hands that cannot be read
        (and files that hold no hand history) in the result; ``"raise"``
        raises the first (the batches written before it stay). ``progress``
        shows a tqdm bar (the ``[progress]`` extra) or, without tqdm, a line
        per batch on stderr."""
        self._writable()
        if errors not in ("skip", "raise"):
            raise ValueError(f"errors must be 'skip' or 'raise', not {errors!r}")
        if type(batch) is not int or batch < 1:
            raise ValueError(f"batch must be a positive int, not {batch!r}")
        result = AddResult()
        pending = Batch()
        bar = _bar(progress)
        try:
            for source in _sources(paths_or_hands):
                for hand in self._hands_of(source, errors, result):
                    known = self._ids(hand.site)
                    if hand.hand_id in known:
                        result.duplicates += 1
                        continue
                    try:
                        rows = hand_rows(hand, self._next_key)
                    except (ValueError, TypeError, KeyError, IndexError) as error:
                        if errors == "raise":
                            raise
                        result.error(f"hand {hand.hand_id} ({hand.site}): {error}")
                        continue
                    self._next_key += 1
                    known.add(hand.hand_id)
                    pending.add(rows, hand.site, hand.hand_id)
                    if len(pending) >= batch:
                        self._flush(pending)
                        result.added += len(pending)
                        bar(len(pending), result)
                        pending = Batch()
            if pending:
                self._flush(pending)
                result.added += len(pending)
                bar(len(pending), result)
                pending = Batch()
        finally:
            for site, hand_id in pending.ids:  # an error or Ctrl-C: the batch not written is not known
                self._ids(site).discard(hand_id)
            self._next_key -= len(pending)
            bar(0, None)
        return result

    def _hands_of(self, source: Any, errors: str, result: AddResult) -> Iterable[ImportedHand]:
        if isinstance(source, ImportedHand):
            yield source
            return
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError(f"add takes paths, directories or ImportedHands, not {type(source).__name__}")
        name = os.fspath(source)
        if not os.path.exists(name):
            if errors == "raise":
                raise FileNotFoundError(f"{name}: no such file or directory")
            result.error(f"{name}: no such file or directory")
            return
        reader = read(name, errors="raise" if errors == "raise" else "collect")
        yield from reader
        for bad in reader.errors:
            where = bad.path or name
            result.error(f"{where}: {bad}")
        result.error_count += reader.error_count - len(reader.errors)
        result.skipped += sum(reader.skipped.values())

    def add_played(self, hands: Iterable[Any], run: str = "run", *, replace: bool = False) -> AddResult:
        """Store finished engine :class:`~omaha8_fast.engine.Hand` objects as
        site ``"engine"``, hand ids ``"RUN:0"``, ``"RUN:1"``, ... (in one
        transaction). A run already stored is refused unless ``replace``
        (its hands are then replaced)."""
        self._writable()
        if not isinstance(run, str) or not run or ":" in run:
            raise ValueError(f"run must be a name without ':', not {run!r}")
        prefix = run + ":"
        old = [r[0] for r in self.con.execute(
            "SELECT hand_key FROM hands WHERE site = 'engine' AND starts_with(hand_id, ?)", [prefix]).fetchall()]
        if old and not replace:
            raise ValueError(f"run {run!r} is already stored ({len(old)} hands): use another name or replace=True")
        known = self._ids("engine")
        pending = Batch()
        start = self._next_key
        try:
            for index, hand in enumerate(hands):
                try:
                    text = to_pokerstars(hand, hand_id=index + 1)
                    [imported] = parse_pokerstars(text)
                except (ValueError, HandHistoryError) as error:
                    raise ValueError(f"hand {index} of run {run!r} cannot be stored: {error}") from None
                hand_id = f"{prefix}{index}"
                pending.add(hand_rows(imported, self._next_key, site="engine", hand_id=hand_id), "engine", hand_id)
                self._next_key += 1
        except BaseException:
            self._next_key = start
            raise
        write = pending.ids
        try:
            write_batch(self.con, pending, old)
        except BaseException:
            self._next_key = start
            raise
        for _, hand_id in write:
            known.add(hand_id)
        if old:
            self._known.pop("engine", None)
        return AddResult(added=len(pending))

    # --- reading ---------------------------------------------------------------

    def stats(self, by: Sequence[str] | str = ("site", "player"), where: str | None = None) -> Any:
        """The statistics (docs/tracker.md) as a pandas DataFrame, one row per
        group of ``by`` (and of ``unit`` and ``currency``, always), the
        grouping keys first; ``where`` a SQL condition over the columns of
        ``hands`` and ``players``."""
        return run_stats(self.con, by, where)

    def sql(self, query: str, parameters: Sequence[Any] | None = None) -> Any:
        """Run DuckDB SQL over ``hands``, ``players`` and ``actions``; the
        result as a pandas DataFrame (None for a statement without one)."""
        duckdb = require("duckdb")
        if not isinstance(query, str):
            raise TypeError(f"query must be text, not {type(query).__name__}")
        try:
            relation = self.con.execute(query, parameters or [])
            if relation.description is None:
                return None
            return relation.df()
        except duckdb.Error as error:
            raise TrackerError(f"the query failed: {str(error).splitlines()[0]}") from None

    def graph(self, player: str, where: str | None = None, path: str | os.PathLike[str] | None = None) -> Any:
        """A matplotlib Figure of ``player``'s net won and all-in adjusted
        net over their hands (in the order played); saved to ``path`` (PNG,
        SVG, PDF by its suffix) when given."""
        from ._graph import draw

        return draw(self.con, player, where, path)

    def to_parquet(self, directory: str | os.PathLike[str]) -> dict[str, int]:
        """Write the three tables as Parquet datasets ``hands/``, ``players/``
        and ``actions/`` under ``directory``, partitioned by site and month;
        returns the rows written per table."""
        from ._parquet import write

        return write(self.con, os.fspath(directory))


class _Bar:
    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def __call__(self, count: int, result: AddResult | None) -> None:
        if result is None:
            if self.bar is not None:
                self.bar.close()
            return
        if self.bar is not None:
            self.bar.update(count)
        else:
            print(f"omaha8_fast.tracker: {result}", file=sys.stderr)


def _bar(progress: bool) -> Any:
    if not progress:
        return lambda count, result: None
    try:
        tqdm = importlib.import_module("tqdm").tqdm  # optional (the [progress] extra); untyped
    except ImportError:
        return _Bar(None)
    return _Bar(tqdm(unit=" hands", desc="adding"))
