"""The ``omaha8`` command (also ``python -m omaha8_fast``).

Each subcommand is a function ``cmd_NAME(args) -> int`` registered in
``build_parser``. Bad input prints one line to stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from math import comb

from ._version import __version__
from .evaluator import evaluate

__all__ = ["main", "build_parser"]


def cmd_eval(args: argparse.Namespace) -> int:
    """Print both halves of one hand."""
    result = evaluate(args.hole, args.board)
    high, low = result.high, result.low
    print(f"High: {high.description} [{high.category}, class {high.value}]")
    print(f"      hole {' '.join(map(str, high.hole_cards))} + board {' '.join(map(str, high.board_cards))}")
    if low is None:
        print("Low:  none (no 8-or-better low)")
    else:
        print(f"Low:  {low.description} [{low.value}]")
        print(f"      hole {' '.join(map(str, low.hole_cards))} + board {' '.join(map(str, low.board_cards))}")
    return 0


def cmd_range(args: argparse.Namespace) -> int:
    """Describe a range: its size, total weight and first hands."""
    from .cards import format_cards
    from .ranges import Range

    r = Range(args.range, hole_size=args.hole_size, dead=args.dead or ())
    print(f"{len(r)} hands, total weight {r.total_weight} ({len(r) / comb(52, args.hole_size):.2%} of all hands)")
    for hand, weight in zip(r, r.weights.tolist()):
        if args.show <= 0:
            break
        print(f"  {format_cards(hand)}" + (f"  @{weight}" if weight != 1 else ""))
        args.show -= 1
    return 0


def cmd_equity(args: argparse.Namespace) -> int:
    """Hi/lo equity of hands, ranges or random hands."""
    import time

    from .range_equity import range_equity

    players = [None if p.lower() == "random" else p for p in args.players]
    exact = True if args.exact else (False if args.samples is not None else None)
    start = time.perf_counter()
    results = range_equity(players, args.board or (), args.dead or (), exact=exact, samples=args.samples,
                           seed=args.seed, threads=args.threads)
    elapsed = time.perf_counter() - start
    width = max(len(p) for p in args.players)
    print(f"{'player':<{width}}  {'equity':>7}  {'high win':>8}  {'high tie':>8}  {'low win':>7}  {'low tie':>7}  {'scoop':>6}")
    for text, r in zip(args.players, results):
        print(f"{text:<{width}}  {r.equity:7.2%}  {r.high_win:8.2%}  {r.high_tie:8.2%}  {r.low_win:7.2%}  "
              f"{r.low_tie:7.2%}  {r.scoop:6.2%}")
    first = results[0]
    how = "exact" if first.exact else f"Monte Carlo, {int(first.deals):,} samples, std error {first.std_error:.2%}"
    print(f"no low: {first.no_low:.2%}; {how}; {elapsed:.2f} s")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="omaha8", description="Omaha Hi/Lo (8-or-better) tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ev = commands.add_parser("eval", help="evaluate one hand, high and low",
                             description="Evaluate one hand: the best high and the best 8-or-better low.")
    ev.add_argument("hole", help='4, 5 or 6 hole cards, e.g. "AsKd2c3h"')
    ev.add_argument("board", help='3, 4 or 5 board cards, e.g. "Qs Js 4s 5d 9c"')
    ev.set_defaults(run=cmd_eval)

    eq = commands.add_parser("equity", help="equity of hands or ranges, high and low",
                             description='Hi/lo equity of 2..9 players, each a hand ("AsAd2s3d"), '
                                         'a range in ProPokerTools syntax ("A2**ds, AA:$ds", "15%%") or "random".')
    eq.add_argument("players", nargs="+", help="a hand, a range or random, per player")
    eq.add_argument("--board", help='0, 3, 4 or 5 known board cards, e.g. "2h7s8h"')
    eq.add_argument("--dead", help="dead cards")
    eq.add_argument("--exact", action="store_true", help="enumerate every deal and runout")
    eq.add_argument("--samples", type=int, help="Monte Carlo with this many samples")
    eq.add_argument("--seed", type=int, help="random seed (Monte Carlo)")
    eq.add_argument("--threads", type=int, help="threads (default: all cores)")
    eq.set_defaults(run=cmd_equity)

    rg = commands.add_parser("range", help="list the hands of a range",
                             description="Parse a range in ProPokerTools syntax and list its hands.")
    rg.add_argument("range", help='e.g. "A2**ds, AA:$ds" or "10%%"')
    rg.add_argument("--dead", help="dead cards to remove")
    rg.add_argument("--hole-size", type=int, default=4, help="cards per hand (default 4)")
    rg.add_argument("--show", type=int, default=10, help="how many hands to list (default 10)")
    rg.set_defaults(run=cmd_range)
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
