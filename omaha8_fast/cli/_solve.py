"""``omaha8 solve``: solve a heads-up river or turn spot and print the root strategy."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..cards import card_ids, format_cards
from ._common import add_json_option, print_json

__all__ = ["register", "cmd_solve"]


def _sizes(text: str) -> tuple[float, ...]:
    """Percents of the pot, comma-separated: ``50,100`` is half pot and pot."""
    try:
        values = tuple(float(part) / 100 for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes are percents of the pot separated by commas, not {text!r}") from None
    if not values or any(not v > 0 for v in values):
        raise argparse.ArgumentTypeError(f"sizes are positive percents of the pot, not {text!r}")
    return values


def _positive(name: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, not {text!r}") from None
        if not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{name} must be a positive number, not {text!r}")
        return value

    return parse


def cmd_solve(args: argparse.Namespace) -> int:
    """Build the spot, solve it (a progress bar on stderr) and print the root strategy."""
    from ..solver import Spot, solve

    board = card_ids(" ".join(args.board))
    sizes = args.sizes if args.sizes is not None else (0.5, 1.0)
    raises = args.raise_sizes if args.raise_sizes is not None else (1.0,)
    options: dict[str, Any] = {"betting": args.betting, "max_raises": args.max_raises}
    if args.betting == "limit":
        if args.limit_bet is None:
            raise ValueError("--betting limit needs --limit-bet CHIPS")
        options["limit_bet"] = args.limit_bet
    else:
        options.update(bet_sizes=sizes, raise_sizes=raises)
    spot = Spot(board, ranges=(args.oop, args.ip), pot=args.pot, stacks=args.stack, **options)
    sol = solve(spot, exploitability=args.exploitability / 100, timeout=args.timeout, progress=not args.json,
                threads=args.threads)
    player = sol.player(())
    assert player is not None
    strategy = sol.strategy(())
    actions = sol.actions(())
    if args.json:
        print_json({"board": format_cards(board), "player": player, "actions": list(actions),
                    "strategy": strategy, "exploitability": sol.exploitability(), "iterations": sol.iterations,
                    "ev": [sol.ev(0).overall, sol.ev(1).overall]})
        return 0
    print(f"{spot!r}")
    print(f"exploitability {sol.exploitability():.3%} of the pot after {sol.iterations} iterations "
          f"({sol.seconds:.2f} s)")
    print(f"EV out of position {sol.ev(0).overall:.3f}, in position {sol.ev(1).overall:.3f}")
    width = max(len(a) for a in actions)
    print("root, out of position to act:")
    print(f"  {'combo':<13}" + "".join(f"{a:>{max(width, 6) + 2}}" for a in actions))
    rows = sorted(strategy.items())
    for combo, probs in rows[:args.show]:
        print(f"  {combo:<13}" + "".join(f"{probs[a]:>{max(width, 6) + 2}.1%}" for a in actions))
    if len(rows) > args.show:
        print(f"  ... {len(rows) - args.show} more combos (--show N, or --json)")
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sv = commands.add_parser("solve", help="solve a heads-up river or turn spot",
                             description="Solve a heads-up Omaha Hi/Lo spot from the river (5 board cards) or the "
                                         "turn (4) with discounted CFR to a target exploitability, and print the "
                                         "out-of-position player's root strategy.")
    sv.add_argument("--board", nargs="+", required=True, help="4 or 5 board cards")
    sv.add_argument("--oop", required=True, help="the out-of-position range (range syntax)")
    sv.add_argument("--ip", required=True, help="the in-position range (range syntax)")
    sv.add_argument("--pot", type=_positive("--pot"), required=True, help="the pot at the start of the spot")
    sv.add_argument("--stack", type=_positive("--stack"), required=True, help="the chips each player has behind")
    sv.add_argument("--betting", choices=("pot-limit", "no-limit", "limit"), default="pot-limit")
    sv.add_argument("--sizes", type=_sizes, help="bet sizes in percent of the pot (default 50,100)")
    sv.add_argument("--raise-sizes", type=_sizes, help="raise sizes in percent of the pot (default 100)")
    sv.add_argument("--max-raises", type=int, default=None, help="raises a street (default 1; limit: 3)")
    sv.add_argument("--limit-bet", type=_positive("--limit-bet"), help="the fixed bet of limit betting")
    sv.add_argument("--exploitability", type=_positive("--exploitability"), default=0.5,
                    help="the target, in percent of the pot (default 0.5)")
    sv.add_argument("--timeout", type=_positive("--timeout"), help="seconds")
    sv.add_argument("--threads", type=int, default=1, help="threads for the turn's river cards (default 1)")
    sv.add_argument("--show", type=int, default=20, help="how many combos to list (default 20)")
    add_json_option(sv)
    sv.set_defaults(run=cmd_solve)
