"""``omaha8 equity`` and ``omaha8 range``."""

from __future__ import annotations

import argparse
import importlib
import sys
from itertools import islice
from math import comb
from typing import Any

from ..cards import card_ids, format_cards
from ._common import (
    _group_hands,
    _hole_size,
    _int_option,
    _split_board,
    add_json_option,
    print_json,
)

# --- equity ---------------------------------------------------------------------


def read_player(text: str, hole_size: int) -> tuple[Any, str, dict[str, Any]]:
    """How ``omaha8 equity`` reads one player's text: ``(player, label, details)``.

    The player is ``None`` (a random hand), the text itself (a known hand) or a
    :class:`~omaha8_fast.ranges.Range`. Text that is neither plain cards,
    ``random`` nor unambiguous range syntax is refused (see
    :func:`omaha8_fast._checks.check_range_text`).
    """
    from .._checks import check_range_text

    if text.strip().lower() == "random":
        return None, "random", {"read_as": "random", "label": "random hand"}
    try:
        cards = card_ids(text)
    except ValueError:
        pass
    else:
        hand = format_cards(cards)
        return text, hand, {"read_as": "hand", "hand": hand, "label": "hand"}
    check_range_text(text)
    from ..ranges import Range

    r = Range(text, hole_size=hole_size)
    return r, text.strip(), {"read_as": "range", "range": text.strip(), "hands": len(r), "label": f"range of {len(r):,} hands"}


def cmd_equity(args: argparse.Namespace) -> int:
    """Print each hand's equity, high and low wins and ties, scoops and the
    no-low share, and how the numbers were computed."""
    import time

    from ..equity import equity

    words, board = _split_board(args.holes, args.board)
    texts = _group_hands(words, args.hole_size)
    read = [read_player(t, args.hole_size) for t in texts]
    players, labels, details = [r[0] for r in read], [r[1] for r in read], [r[2] for r in read]
    if args.progress:
        try:
            importlib.import_module("tqdm")
        except ImportError:
            raise ValueError("--progress needs tqdm: pip install tqdm") from None
    started = time.perf_counter()
    result = equity(players, board or "", args.dead, exact=args.exact, samples=args.samples,
                    seed=args.seed, threads=args.threads, progress=args.progress)
    elapsed = time.perf_counter() - started
    exact = result[0].exact
    ignored = [name for name, value in (("--samples", args.samples), ("--seed", args.seed)) if value is not None] if exact else []
    if ignored:
        print(f"omaha8 equity: note: {' and '.join(ignored)} ignored: every runout is enumerated exactly "
              "(--monte-carlo samples instead)", file=sys.stderr)
    if args.json:
        print_json({
            "players": [dict({k: v for k, v in d.items() if k != "label"}, equity=p.equity, std_error=p.std_error, high_win=p.high_win, high_tie=p.high_tie,
                             low_win=p.low_win, low_tie=p.low_tie, scoop=p.scoop)
                        for d, p in zip(details, result)],
            "board": format_cards(board or ""), "dead": format_cards(args.dead),
            "no_low": result[0].no_low, "exact": exact, "showdowns": result[0].showdowns,
            "seed": None if exact else args.seed, "ignored": ignored,
        })
        return 0
    width = max(len("Hand"), *map(len, labels))
    columns = ("Equity", "High win", "High tie", "Low win", "Low tie", "Scoop")
    equity_width = 8 if exact else 16
    print(f"{'Hand':<{width}}  {columns[0]:>{equity_width}}" + "".join(f"  {c:>8}" for c in columns[1:]))
    for name, p in zip(labels, result):
        share = f"{p.equity:.2%}" + ("" if exact else f" ±{p.std_error:.2%}")
        cells = (p.high_win, p.high_tie, p.low_win, p.low_tie, p.scoop)
        print(f"{name:<{width}}  {share:>{equity_width}}" + "".join(f"  {v:>8.2%}" for v in cells))
    print(f"No low: {result[0].no_low:.2%} of runouts")
    if exact:
        print(f"Exact: {result[0].showdowns:,} runouts enumerated in {elapsed:.2f} s")
    else:
        seed = "" if args.seed is None else f", seed {args.seed}"
        print(f"Monte Carlo: {result[0].showdowns:,} samples{seed} in {elapsed:.2f} s (± one standard error)")
    print("Read as: " + "; ".join(f"{i} {d['label']}" for i, d in enumerate(details, 1)))
    return 0


def register_equity(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    eq = commands.add_parser(
        "equity", help="equity of 2 to 9 hands or ranges, high and low",
        description="Each hand's share of the pot over every runout (exact) or random runouts "
                    "(Monte Carlo): high and low wins and ties, scoops, and how often nobody has a low. "
                    "The last line says how each player was read: a hand, a range (with its size) or a random hand.")
    eq.add_argument("holes", nargs="+", metavar="HOLE",
                    help='a hand ("AsAd2s3d", or As Ad 2s 3d), a range such as "A2**ds" or "15%%", or random; '
                         "then optionally / and the board")
    eq.add_argument("--board", default=None, help='0, 3, 4 or 5 known board cards, e.g. "2h7s8h" (or after /)')
    eq.add_argument("--dead", default="", help="cards out of play")
    how = eq.add_mutually_exclusive_group()
    how.add_argument("--exact", dest="exact", action="store_true", default=None,
                     help="enumerate every runout (default when there are at most 3,000,000)")
    how.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample random runouts")
    eq.add_argument("--samples", type=_int_option("--samples", low=1), default=None,
                    help="Monte Carlo samples (default 1,000,000; ignored, with a note, when exact)")
    eq.add_argument("--seed", type=_int_option("--seed", low=0, high=2**64 - 1), default=None,
                    help="Monte Carlo seed, for reproducible numbers (ignored, with a note, when exact)")
    eq.add_argument("--threads", type=_int_option("--threads", low=1), default=None, help="threads to use (default: all cores)")
    eq.add_argument("--hole-size", type=_hole_size, default=4, help="cards per hole when cards are one per word, and of ranges (4, 5 or 6)")
    eq.add_argument("--progress", action="store_true", help="show a progress bar on long runs (needs tqdm)")
    add_json_option(eq)
    eq.set_defaults(run=cmd_equity)


# --- range ----------------------------------------------------------------------


def cmd_range(args: argparse.Namespace) -> int:
    """Describe a range: its size, total weight and first hands."""
    from ..ranges import Range

    r = Range(args.range, hole_size=args.hole_size, dead=args.dead or ())
    shown = list(islice(r.items(), args.show))  # streamed: a few thousand hands at a time
    share = len(r) / comb(52, args.hole_size)
    if args.json:
        print_json({"range": args.range, "hands": len(r), "total_weight": int(r.total_weight), "share": share,
                    "first": [{"hand": format_cards(hand), "weight": weight} for hand, weight in shown]})
        return 0
    print(f"{len(r)} hands, total weight {r.total_weight} ({share:.2%} of all hands)")
    for hand, weight in shown:
        print(f"  {format_cards(hand)}" + (f"  @{weight}" if weight != 1 else ""))
    return 0


def register_range(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rg = commands.add_parser("range", help="list the hands of a range",
                             description="Parse a range in ProPokerTools syntax and list its hands. "
                                         "Quote it with single quotes in a shell: '$ds' in double quotes is expanded.")
    rg.add_argument("range", help="e.g. 'A2**ds, AA:$ds' or '10%%'")
    rg.add_argument("--dead", help="dead cards to remove")
    rg.add_argument("--hole-size", type=_hole_size, default=4, help="cards per hand (4, 5 or 6; default 4)")
    rg.add_argument("--show", type=_int_option("--show", low=0), default=10, help="how many hands to list (default 10)")
    add_json_option(rg)
    rg.set_defaults(run=cmd_range)


