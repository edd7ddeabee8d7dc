"""The ``omaha8`` command (also ``python -m omaha8_fast``).

Each subcommand is a function ``cmd_NAME(args) -> int`` registered in
``build_parser``. Bad input prints one line to stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="omaha8", description="Omaha Hi/Lo (8-or-better) tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ev = commands.add_parser("eval", help="evaluate one hand, high and low",
                             description="Evaluate one hand: the best high and the best 8-or-better low.")
    ev.add_argument("hole", help='4, 5 or 6 hole cards, e.g. "AsKd2c3h"')
    ev.add_argument("board", help='3, 4 or 5 board cards, e.g. "Qs Js 4s 5d 9c"')
    ev.set_defaults(run=cmd_eval)
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
