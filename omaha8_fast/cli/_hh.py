"""``omaha8 hh``: audit, convert and show PokerStars hand histories.

``omaha8 hh audit FILE...`` prints a line per Omaha Hi/Lo hand (its id and
verdict; for a mis-paid hand who should have got what) and a summary; it
exits 1 when a hand was mis-paid and 2 when the input could not be read.
``omaha8 hh convert FILE --to phh|json`` writes the hands as PHH (one file of
``[1]``, ``[2]``, ... sections) or as JSON Lines. ``omaha8 hh show FILE [--id
N]`` prints the hands as this library's readable hand log. ``-`` reads stdin.
"""

from __future__ import annotations

import argparse
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


def _hands(path: str, problems: _Problems, skipped: Counter[str]) -> Iterator[Any]:
    """The hands of ``path`` (``-``: stdin); unreadable hands go to ``problems``."""
    from ..histories import read_pokerstars

    try:
        reader = read_pokerstars(sys.stdin if path == "-" else path, errors="skip")
    except OSError as error:
        problems.add(f"{path}: {error.strerror or error}")
        return
    try:
        yield from reader
    except OSError as problem:
        problems.add(f"{path}: {problem.strerror or problem}")
    for bad in reader.errors:
        problems.add(f"{path}: {bad}")
    if reader.error_count > len(reader.errors):  # the reader keeps the first errors only
        problems.add(f"{path}: {reader.error_count - len(reader.errors)} more unreadable hands",
                     reader.error_count - len(reader.errors))
    skipped.update(reader.skipped)


def _money(hand: Any, value: int) -> str:
    from ..histories._model import format_amount

    return format_amount(value, hand.unit, hand.symbol)


def cmd_audit(args: argparse.Namespace) -> int:
    """Audit every hand of every file."""
    from ..histories import audit

    problems = _Problems()
    skipped: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for path in args.files:
        for hand in _hands(path, problems, skipped):
            result = audit(hand)
            counts[result.verdict] += 1
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
                                      "skipped": dict(skipped), "unreadable": problems.count}}))
    else:
        print(summary)
    problems.report("audit")
    if problems.count:
        return 2
    return 1 if counts["mispaid"] else 0


def cmd_convert(args: argparse.Namespace) -> int:
    """Write the hands of a file as PHH or JSON Lines."""
    from ..histories import imported_to_phh, to_json
    from ..histories._model import HandHistoryError

    problems = _Problems()
    skipped: Counter[str] = Counter()
    k = 0
    for hand in _hands(args.file, problems, skipped):
        if args.to == "json":
            print(to_json(hand))
            continue
        try:
            text = imported_to_phh(hand)
        except HandHistoryError as error:
            problems.add(f"{args.file}: {error}")
            continue
        k += 1
        print(f"[{k}]\n{text}")
    problems.report("convert")
    return 2 if problems.count else 0


def cmd_show(args: argparse.Namespace) -> int:
    """Print hands as a readable log."""
    from ..engine import Hand
    from ..histories import audit, to_engine, to_json
    from ..histories._model import HandHistoryError

    problems = _Problems()
    skipped: Counter[str] = Counter()
    shown = 0
    for hand in _hands(args.file, problems, skipped):
        if args.id is not None and hand.hand_id != args.id:
            continue
        shown += 1
        if args.json:
            print(to_json(hand))
            continue
        print(f"Hand {hand.hand_id}: {hand.game} {hand.betting}, {hand.site}, table {hand.table!r}"
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
    problems.report("show")
    if problems.count:
        return 2
    if args.id is not None and not shown:
        print(f"omaha8 hh show: error: no hand {args.id} in {args.file}", file=sys.stderr)
        return 2
    return 0


def register(commands: Any) -> None:
    """Add ``hh`` and its subcommands to the ``omaha8`` parser."""
    hh = commands.add_parser("hh", help="hand histories: audit, convert, show",
                             description="Read PokerStars Omaha Hi/Lo hand histories: audit the payouts, "
                                         "convert to PHH or JSON, show them.")
    sub = hh.add_subparsers(dest="hh_command", required=True, metavar="SUBCOMMAND")
    audit = sub.add_parser("audit", help="check every hand's payout against the rules",
                           description="A line per hand (id, verdict, who should have got what), then a summary. "
                                       "Exit 1 when a hand was mis-paid, 2 on unreadable input.")
    audit.add_argument("files", nargs="+", metavar="FILE", help="PokerStars hand-history files ('-': stdin)")
    audit.add_argument("--json", action="store_true", help="one JSON object per hand, then the summary")
    audit.set_defaults(run=cmd_audit)
    convert = sub.add_parser("convert", help="write the hands as PHH or JSON",
                             description="Write the Omaha Hi/Lo hands of a PokerStars file as PHH (pokerkit's format) "
                                         "or JSON Lines.")
    convert.add_argument("file", metavar="FILE", help="a PokerStars hand-history file ('-': stdin)")
    convert.add_argument("--to", required=True, choices=("phh", "json"), help="the output format")
    convert.set_defaults(run=cmd_convert)
    show = sub.add_parser("show", help="print hands as a readable log",
                          description="Print the hands (or the one with --id) as this library's hand log.")
    show.add_argument("file", metavar="FILE", help="a PokerStars hand-history file ('-': stdin)")
    show.add_argument("--id", help="only the hand with this number")
    show.add_argument("--json", action="store_true", help="the hands as JSON")
    show.set_defaults(run=cmd_show)
