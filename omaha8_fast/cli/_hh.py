"""``omaha8 hh``: audit, convert and show hand histories of any supported site.

``omaha8 hh audit FILE...`` prints a line per Omaha Hi/Lo hand (its id and
verdict; for a mis-paid hand who should have got what), a per-site table and
a summary; it exits 1 when a hand was mis-paid and 2 when a hand or a file
could not be read (``--skip-bad``: 0 for those, still reported on stderr).
``omaha8 hh convert FILE --to phh|ohh|json`` writes the hands as PHH (one
file of ``[1]``, ``[2]``, ... sections), OHH or JSON Lines. ``omaha8 hh show
FILE [--id N]`` prints the hands as this library's readable hand log. A FILE
may be a directory (every file in it); ``-`` reads stdin. Each hand's site is
found from its header (``--site`` forces one).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

__all__ = ["register"]


class _Problems:
    """The unreadable hands and other problems of a run: all counted, the
    first :data:`KEEP` kept for stderr (constant memory on any input)."""

    KEEP = 100

    def __init__(self) -> None:
        self.count = 0
        self.kept: list[str] = []

    def add(self, message: str, count: int = 1) -> None:
        self.count += count
        if len(self.kept) < self.KEEP:
            self.kept.append(message)

    def report(self, command: str) -> None:
        """One line on stderr per kept problem, and one for the rest."""
        for problem in self.kept:
            print(f"omaha8 hh {command}: error: {problem}", file=sys.stderr)
        if self.count > len(self.kept):
            print(f"omaha8 hh {command}: error: {self.count - len(self.kept)} more problems not shown",
                  file=sys.stderr)


class _Run:
    """What one command read: per site, hands read, hands of other games
    skipped, hands that could not be read, hands mis-paid (the audit)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.problems = _Problems()
        self.skipped: Counter[str] = Counter()
        self.sites: dict[str, Counter[str]] = {}
        self.site = getattr(args, "site", None)
        self.progress = getattr(args, "progress", None)

    def count(self, site: str, what: str, n: int = 1) -> None:
        self.sites.setdefault(site, Counter())[what] += n

    def hands(self, path: str) -> Iterator[Any]:
        """The hands of ``path`` (a file, a directory, ``-``: stdin); what cannot be read goes to ``problems``."""
        from ..histories import read

        try:
            reader = read(sys.stdin if path == "-" else path, self.site, errors="collect")
            yield from _progress(reader, path, self.progress)
        except OSError as error:
            self.problems.add(f"{path}: {error.strerror or error}")
            return
        except ValueError as error:  # an unknown --site
            self.problems.add(str(error))
            return
        for bad in reader.errors:
            where = bad.path if bad.path and bad.path != path else path
            self.problems.add(f"{where}: {bad}")
        if reader.error_count > len(reader.errors):  # the reader keeps the first errors only
            self.problems.add(f"{path}: {reader.error_count - len(reader.errors)} more unreadable hands",
                              reader.error_count - len(reader.errors))
        for site, stats in reader.stats.items():
            self.count(site, "hands", stats.hands)
            self.count(site, "skipped", stats.skipped)
            self.count(site, "errors", stats.errors)
        self.skipped.update(reader.skipped)

    def table(self, mispaid: bool) -> list[str]:
        """The per-site summary table."""
        head = f"{'site':<12} {'hands':>8} {'other games':>12} {'errors':>7}" + (f" {'mispaid':>8}" if mispaid else "")
        rows = [head]
        for site, c in sorted(self.sites.items()):
            rows.append(f"{site:<12} {c['hands']:>8} {c['skipped']:>12} {c['errors']:>7}"
                        + (f" {c['mispaid']:>8}" if mispaid else ""))
        return rows

    def exit_code(self, skip_bad: bool, mispaid: int = 0) -> int:
        """2 when something could not be read (unless --skip-bad), else 1 when a hand was mis-paid, else 0."""
        if self.problems.count and not skip_bad:
            return 2
        return 1 if mispaid else 0


#: Files at least this large (bytes) get a progress bar (when tqdm is installed and stderr is a terminal).
PROGRESS_BYTES = 1 << 22


def _progress(reader: Any, path: str, wanted: bool | None) -> Iterator[Any]:
    """``reader``'s hands, with a tqdm bar on stderr for a long file or a
    directory (``wanted``: True always, False never, None: when stderr is a
    terminal and the input is long); without tqdm, no bar."""
    import os

    if wanted is None:
        try:
            wanted = sys.stderr.isatty() and path != "-" and (
                os.path.isdir(path) or os.path.getsize(path) >= PROGRESS_BYTES)
        except OSError:
            wanted = False
    tqdm: Any = None
    if wanted:
        try:
            tqdm = importlib.import_module("tqdm").tqdm  # the optional extra 'progress'; untyped
        except ImportError:
            wanted = False
    if not wanted:
        yield from reader
        return
    with tqdm(reader, desc=os.path.basename(path) or path, unit=" hands", file=sys.stderr, leave=False) as bar:
        yield from bar


def _money(hand: Any, value: int) -> str:
    from ..histories._model import format_amount

    return format_amount(value, hand.unit, hand.symbol)


def cmd_audit(args: argparse.Namespace) -> int:
    """Audit every hand of every file."""
    from ..histories import audit

    run = _Run(args)
    problems, skipped = run.problems, run.skipped
    counts: Counter[str] = Counter()
    for path in args.files:
        for hand in run.hands(path):
            result = audit(hand)
            counts[result.verdict] += 1
            if result.verdict == "mispaid":
                run.count(hand.site, "mispaid")
            if result.description_errors:
                counts["descriptions"] += 1
            if args.json:
                print(json.dumps({
                    "file": path, "hand_id": hand.hand_id, "verdict": result.verdict, "ok": result.ok,
                    "reason": result.reason, "unit": hand.unit,
                    "differences": [{"player": d.player, "expected": d.expected, "paid": d.paid}
                                    for d in result.differences],
                    "notes": list(result.notes), "description_errors": list(result.description_errors),
                }, ensure_ascii=False))
                continue
            line = f"{hand.hand_id}  {result.verdict}"
            if result.verdict == "mispaid":
                line += ": " + "; ".join(
                    f"{d.player} should get {_money(hand, d.expected)}, was paid {_money(hand, d.paid)}"
                    for d in result.differences
                ) if result.differences else ""
                if result.reason:
                    line += f" ({result.reason})"
            elif result.verdict == "unjudged":
                line += f": {result.reason}"
            if result.description_errors:
                line += "  [descriptions: " + "; ".join(result.description_errors) + "]"
            print(line)
    total = sum(counts[v] for v in ("ok", "mispaid", "unjudged"))
    other = sum(skipped.values())
    summary = (f"{total} hands: {counts['ok']} ok, {counts['mispaid']} mis-paid, {counts['unjudged']} unjudged, "
               f"{counts['descriptions']} with a wrong description; {other} of other games skipped, "
               f"{problems.count} unreadable")
    if args.json:
        print(json.dumps({"summary": {"hands": total, "ok": counts["ok"], "mispaid": counts["mispaid"],
                                      "unjudged": counts["unjudged"], "descriptions": counts["descriptions"],
                                      "skipped": dict(skipped), "unreadable": problems.count,
                                      "sites": {site: dict(c) for site, c in sorted(run.sites.items())}}}))
    else:
        for row in run.table(True):
            print(row)
        print(summary)
    problems.report("audit")
    return run.exit_code(args.skip_bad, counts["mispaid"])


def cmd_convert(args: argparse.Namespace) -> int:
    """Write the hands of a file as PHH or JSON Lines."""
    from ..histories import imported_to_phh, to_json, to_ohh
    from ..histories._model import HandHistoryError

    run = _Run(args)
    problems = run.problems
    k = 0
    for hand in run.hands(args.file):
        if args.to == "json":
            print(to_json(hand))
            continue
        if args.to == "ohh":
            print(to_ohh(hand))
            continue
        try:
            text = imported_to_phh(hand)
        except (HandHistoryError, ValueError) as error:
            problems.add(f"{args.file}: {error}")
            run.count(hand.site, "errors")
            continue
        k += 1
        print(f"[{k}]\n{text}")
    for row in run.table(False):
        print(row, file=sys.stderr)
    problems.report("convert")
    return run.exit_code(args.skip_bad)


def cmd_show(args: argparse.Namespace) -> int:
    """Print hands as a readable log."""
    from ..engine import Hand
    from ..histories import audit, to_engine, to_json
    from ..histories._model import HandHistoryError

    from ..histories import readers

    run = _Run(args)
    problems = run.problems
    names = {r.site: getattr(r, "name", r.site) for r in readers()}
    shown = 0
    for hand in run.hands(args.file):
        if args.id is not None and hand.hand_id != args.id:
            continue
        shown += 1
        if args.json:
            print(to_json(hand))
            continue
        print(f"Hand {hand.hand_id}: {hand.game} {hand.betting}, {names.get(hand.site, hand.site)}, table {hand.table!r}"
              + (f", tournament {hand.tournament.id}" if hand.tournament else ""))
        try:
            engine = to_engine(hand)
            assert isinstance(engine, Hand)
            text = str(engine)
            dealt = [s.name for s in hand.seats if s.name in {p.player for p in hand.posts} | {a.player for a in hand.actions}]
            for seat, name in enumerate(dealt):
                if name not in hand.hole_cards:  # drawn at random for the replay: not part of the hand
                    cards = " ".join(map(str, engine.holes[seat]))
                    text = text.replace(f"\nSeat {seat}: {cards}\n", f"\nSeat {seat}: (not shown)\n")
            for seat, name in reversed(list(enumerate(dealt))):
                text = text.replace(f"Seat {seat}", name).replace(f"seat {seat}", name)
            print(text)
        except HandHistoryError as error:
            print(f"(not replayable in the engine: {error.message})")
            print("Seats: " + ", ".join(f"{s.number} {s.name} {_money(hand, s.stack)}" for s in hand.seats))
            for action in hand.actions:
                print(f"  {action.street}: {action.player} {action.kind} {_money(hand, action.amount)}")
        result = audit(hand)
        print("Site paid: " + ", ".join(f"{n} {_money(hand, v)}" for n, v in hand.paid.items())
              + f"; rake {_money(hand, hand.rake)}; audit: {result.verdict}"
              + (f" ({result.reason})" if result.reason else ""))
        print()
    if args.id is None:
        for row in run.table(False):
            print(row, file=sys.stderr)
    problems.report("show")
    if problems.count and not args.skip_bad:
        return 2
    if args.id is not None and not shown:
        print(f"omaha8 hh show: error: no hand {args.id} in {args.file}", file=sys.stderr)
        return 2
    return 0


def _common(parser: argparse.ArgumentParser) -> None:
    """The options every ``hh`` subcommand takes."""
    parser.add_argument("--site", help="read every hand as this site's (default: each hand's site from its header; "
                                       "the sites: see docs/histories.md)")
    parser.add_argument("--skip-bad", action="store_true",
                        help="leave out the hands that cannot be read (still reported on stderr) and exit 0 for them")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="a progress bar on stderr (needs tqdm: the 'progress' extra); default: on long files "
                          "when stderr is a terminal")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")


def register(commands: Any) -> None:
    """Add ``hh`` and its subcommands to the ``omaha8`` parser."""
    hh = commands.add_parser("hh", help="hand histories: audit, convert, show",
                             description="Read Omaha Hi/Lo hand histories of any supported site (each hand's site "
                                         "found from its header; a file, a directory or stdin): audit the payouts, "
                                         "convert to PHH, OHH or JSON, show them. Each prints a per-site table "
                                         "(hands read, hands of other games, unreadable hands, mis-paid hands).")
    sub = hh.add_subparsers(dest="hh_command", required=True, metavar="SUBCOMMAND")
    audit = sub.add_parser("audit", help="check every hand's payout against the rules",
                           description="A line per hand (id, verdict, who should have got what), the per-site "
                                       "table, then a summary. Exit 1 when a hand was mis-paid, 2 when a hand or "
                                       "file could not be read (unless --skip-bad).")
    audit.add_argument("files", nargs="+", metavar="FILE", help="hand-history files or directories ('-': stdin)")
    audit.add_argument("--json", action="store_true", help="one JSON object per hand, then the summary")
    _common(audit)
    audit.set_defaults(run=cmd_audit)
    convert = sub.add_parser("convert", help="write the hands as PHH, OHH or JSON",
                             description="Write the Omaha Hi/Lo hands of a file or directory as PHH (pokerkit's "
                                         "format), OHH (Open Hand History, one object per line) or JSON Lines; the "
                                         "per-site table goes to stderr. Exit 2 when a hand could not be read or "
                                         "written (unless --skip-bad).")
    convert.add_argument("file", metavar="FILE", help="a hand-history file or directory ('-': stdin)")
    convert.add_argument("--to", required=True, choices=("phh", "ohh", "json"), help="the output format")
    _common(convert)
    convert.set_defaults(run=cmd_convert)
    show = sub.add_parser("show", help="print hands as a readable log",
                          description="Print the hands (or the one with --id) as this library's hand log.")
    show.add_argument("file", metavar="FILE", help="a hand-history file or directory ('-': stdin)")
    show.add_argument("--id", help="only the hand with this number")
    show.add_argument("--json", action="store_true", help="the hands as JSON")
    _common(show)
    show.set_defaults(run=cmd_show)
