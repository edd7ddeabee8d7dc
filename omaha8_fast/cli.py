"""The ``omaha8`` command (also ``python -m omaha8_fast``).

Each subcommand is a function ``cmd_NAME(args) -> int`` registered in
``build_parser``. Bad input prints one line to stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from itertools import islice
from math import comb

from . import _cli_analysis
from ._cli_hh import register as register_hh
from ._version import __version__
from .evaluator import HighHand, LowHand, evaluate
from .kernels import kernel

__all__ = ["main", "build_parser"]


def _cards_used(hand: HighHand | LowHand) -> str:
    return f"      hole {' '.join(map(str, hand.hole_cards))} + board {' '.join(map(str, hand.board_cards))}"


def cmd_eval(args: argparse.Namespace) -> int:
    """Print both halves of one hand."""
    result = evaluate(args.hole, args.board)
    high, low = result.high, result.low
    print(f"High: {high.description} [{high.category}, class {high.value}]")
    print(_cards_used(high))
    if low is None:
        print("Low:  none (no 8-or-better low)")
    else:
        print(f"Low:  {low.description} [{low.value}]")
        print(_cards_used(low))
    return 0


def cmd_range(args: argparse.Namespace) -> int:
    """Describe a range: its size, total weight and first hands."""
    from .cards import format_cards
    from .ranges import Range

    r = Range(args.range, hole_size=args.hole_size, dead=args.dead or ())
    print(f"{len(r)} hands, total weight {r.total_weight} ({len(r) / comb(52, args.hole_size):.2%} of all hands)")
    for hand, weight in islice(zip(r, r.weights.tolist()), max(args.show, 0)):
        print(f"  {format_cards(hand)}" + (f"  @{weight}" if weight != 1 else ""))
    return 0


def cmd_equity(args: argparse.Namespace) -> int:
    """Print each hand's equity, high and low wins and ties, scoops and the
    no-low share, and how the numbers were computed."""
    import time

    from .cards import format_cards
    from .equity import equity

    holes = [None if h.strip().lower() == "random" else h for h in args.holes]
    started = time.perf_counter()
    result = equity(holes, args.board, args.dead, exact=args.exact, samples=args.samples,
                    seed=args.seed, threads=args.threads, progress=args.progress)
    elapsed = time.perf_counter() - started
    exact = result[0].exact
    names = [h.strip() if p.hole is None else format_cards(p.hole) for h, p in zip(args.holes, result)]
    width = max(len("Hand"), *map(len, names))
    columns = ("Equity", "High win", "High tie", "Low win", "Low tie", "Scoop")
    equity_width = 8 if exact else 16
    print(f"{'Hand':<{width}}  {columns[0]:>{equity_width}}" + "".join(f"  {c:>8}" for c in columns[1:]))
    for name, p in zip(names, result):
        share = f"{p.equity:.2%}" + ("" if exact else f" ±{p.std_error:.2%}")
        cells = (p.high_win, p.high_tie, p.low_win, p.low_tie, p.scoop)
        print(f"{name:<{width}}  {share:>{equity_width}}" + "".join(f"  {v:>8.2%}" for v in cells))
    print(f"No low: {result[0].no_low:.2%} of runouts")
    if exact:
        print(f"Exact: {result[0].showdowns:,} runouts enumerated in {elapsed:.2f} s")
    else:
        seed = "" if args.seed is None else f", seed {args.seed}"
        print(f"Monte Carlo: {result[0].showdowns:,} samples{seed} in {elapsed:.2f} s (± one standard error)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="omaha8", description="Omaha Hi/Lo (8-or-better) tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} (kernel {kernel()})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ev = commands.add_parser("eval", help="evaluate one hand, high and low",
                             description="Evaluate one hand: the best high and the best 8-or-better low.")
    ev.add_argument("hole", help='4, 5 or 6 hole cards, e.g. "AsKd2c3h"')
    ev.add_argument("board", help='3, 4 or 5 board cards, e.g. "Qs Js 4s 5d 9c"')
    ev.set_defaults(run=cmd_eval)

    eq = commands.add_parser("equity", help="equity of 2 to 9 hands or ranges, high and low",
                             description="Each hand's share of the pot over every runout (exact) or random runouts "
                                         "(Monte Carlo): high and low wins and ties, scoops, and how often nobody has a low.")
    eq.add_argument("holes", nargs="+", metavar="HOLE", help='4, 5 or 6 hole cards, e.g. "AsAd2s3d", a range such as "A2**ds" or "15%%", or "random"')
    eq.add_argument("--board", default="", help='0, 3, 4 or 5 known board cards, e.g. "2h7s8h"')
    eq.add_argument("--dead", default="", help="cards out of play")
    how = eq.add_mutually_exclusive_group()
    how.add_argument("--exact", dest="exact", action="store_true", default=None,
                     help="enumerate every runout (default when there are at most 3,000,000)")
    how.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample random runouts")
    eq.add_argument("--samples", type=int, default=None, help="Monte Carlo samples (default 1,000,000)")
    eq.add_argument("--seed", type=int, default=None, help="Monte Carlo seed, for reproducible numbers")
    eq.add_argument("--threads", type=int, default=None, help="threads to use (default: all cores)")
    eq.add_argument("--progress", action="store_true", help="show a progress bar on long runs (needs tqdm)")
    eq.set_defaults(run=cmd_equity)

    rg = commands.add_parser("range", help="list the hands of a range",
                             description="Parse a range in ProPokerTools syntax and list its hands.")
    rg.add_argument("range", help='e.g. "A2**ds, AA:$ds" or "10%%"')
    rg.add_argument("--dead", help="dead cards to remove")
    rg.add_argument("--hole-size", type=int, default=4, help="cards per hand (default 4)")
    rg.add_argument("--show", type=int, default=10, help="how many hands to list (default 10)")
    rg.set_defaults(run=cmd_range)
    _cli_analysis.register(commands)
    register_hh(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except (ValueError, TypeError) as error:
        print(f"omaha8 {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
