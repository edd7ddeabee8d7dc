"""The ``omaha8 unroll``, ``omaha8 graph`` and ``omaha8 outs`` subcommands
(street analysis; see :mod:`omaha8_fast.analysis`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

__all__ = ["register", "cmd_unroll", "cmd_graph", "cmd_outs"]


def _players(holes: list[str]) -> list[str | None]:
    return [None if h.strip().lower() == "random" else h for h in holes]


def _equity_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"exact": args.exact, "samples": args.samples, "seed": args.seed, "threads": args.threads}


def _write_plots(args: argparse.Namespace, make: Any) -> None:
    """Write the plot to --png / --svg files (matplotlib needed)."""
    paths = [p for p in (args.png, args.svg) if p]
    if not paths:
        return
    try:
        from ..analysis import plots as plot
    except ImportError as error:
        raise ValueError(str(error)) from None
    fig = make(plot)
    for path, fmt in ((args.png, "png"), (args.svg, "svg")):
        if path:
            try:
                fig.savefig(path, format=fmt)
            except OSError as error:
                raise ValueError(f"cannot write {path}: {error.strerror or error}") from None
    plot.close(fig)


def cmd_unroll(args: argparse.Namespace) -> int:
    """Equity on each street of the board."""
    from ..analysis import equity_by_street

    players = _players(args.holes)
    streets = equity_by_street(players, args.board, args.dead, **_equity_options(args))
    lows = _low_odds_by_street(players, streets, args.dead) if args.low else {}
    if args.json:
        print(json.dumps({"players": list(streets.names), "no_low": streets.no_low, "rows": streets.rows(),
                          "low_odds": {street: {"low_board": lo.low_board, "makes_low": list(lo.makes_low),
                                                "nut_low": list(lo.nut_low), "counterfeited": list(lo.counterfeited)}
                                       for street, lo in lows.items()}}))
    else:
        print(streets.table())
        for street, lo in lows.items():
            print(f"\nLow odds from the {street} to the river:")
            print(lo.table())
    _write_plots(args, lambda plot: plot.plot_by_street(streets))
    return 0


def _low_odds_by_street(players: list[str | None], streets: Any, dead: str) -> dict[str, Any]:
    """low_odds() from each street of the board before the river (known hands only)."""
    from ..analysis import low_odds
    from ..equity._players import is_range as _is_range

    if any(p is None or _is_range(p) for p in players):
        raise ValueError("--low needs every player's hand known (no ranges or random hands)")
    return {street: low_odds(players, list(streets.boards[street]), dead)  # type: ignore[arg-type]
            for street in streets if street != "river"}


def cmd_graph(args: argparse.Namespace) -> int:
    """The next street's equity distribution, or hero's against a range."""
    from ..analysis import QUANTILE_LEVELS, next_street, range_distribution

    if args.range is not None:
        if len(args.holes) != 1:
            raise ValueError("with --range give exactly one hand (the hero's)")
        dist = range_distribution(args.holes[0], args.range, args.board, args.dead, bins=args.bins,
                                  **_equity_options(args))
        print(json.dumps(dist.to_dict()) if args.json else dist.table())
        _write_plots(args, lambda plot: plot.plot_distribution(dist, bins=args.bins))
        return 0
    ns = next_street(_players(args.holes), args.board, args.dead, **_equity_options(args))
    if not 0 <= args.player < len(ns.names):
        raise ValueError(f"--player must be 0..{len(ns.names) - 1}, got {args.player}")
    if args.json:
        print(json.dumps(ns.to_dict()))
    else:
        print(ns.table())
        for name, spread, q in zip(ns.names, ns.spread, ns.quantiles):
            quantiles = ", ".join(f"{int(level * 100)}%: {v:.1%}" for level, v in zip(QUANTILE_LEVELS, q))
            print(f"{name}: spread {spread:.1%}; quantiles {quantiles}")
        for label, cards in (("make a low", ns.makes_low), ("kill the low", ns.kills_low),
                             ("complete a flush", ns.completes_flush), ("pair the board", ns.pairs_board)):
            print(f"Cards that {label}: {' '.join(map(str, cards)) or 'none'}")
    _write_plots(args, lambda plot: plot.plot_distribution(ns, args.player, bins=args.bins))
    return 0


def cmd_outs(args: argparse.Namespace) -> int:
    """Who wins each half after each unseen next card."""
    from ..analysis import outs

    result = outs(args.holes, args.board, args.dead)
    if not 0 <= args.player < len(result.names):
        raise ValueError(f"--player must be 0..{len(result.names) - 1}, got {args.player}")
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
        for s in result.summary:
            name = result.names[s.player]
            print(f"{name}: high {' '.join(map(str, s.high_win + s.high_tie)) or '-'}; "
                  f"low {' '.join(map(str, s.low_win + s.low_tie)) or '-'}; scoop {' '.join(map(str, s.scoop)) or '-'}")
    _write_plots(args, lambda plot: plot.plot_outs(result, args.player))
    return 0


def _output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--png", metavar="FILE", help="write the plot as PNG (needs matplotlib)")
    p.add_argument("--svg", metavar="FILE", help="write the plot as SVG (needs matplotlib)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


def _equity_arguments(p: argparse.ArgumentParser) -> None:
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", dest="exact", action="store_true", default=None,
                     help="enumerate every runout (default when there are at most 3,000,000)")
    how.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample random runouts")
    p.add_argument("--samples", type=int, default=None, help="Monte Carlo samples in all")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed, for reproducible numbers")
    p.add_argument("--threads", type=int, default=None, help="threads to use (default: all cores)")


def register(commands: Any) -> None:
    """Add the subcommands to ``omaha8``'s subparsers."""
    hole_help = 'hole cards, e.g. "AsAd2s3d", a range such as "A2**ds", or "random"'
    un = commands.add_parser("unroll", help="equity on each street of a hand",
                             description="Each player's equity before the flop and on each street of the board.")
    un.add_argument("holes", nargs="+", metavar="HOLE", help=hole_help)
    un.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    un.add_argument("--dead", default="", help="cards out of play")
    un.add_argument("--low", action="store_true",
                    help="also print the low odds from each street: a low board by the river, each hand's "
                         "chance of a low, of the nut low, of being counterfeited (known hands only)")
    _equity_arguments(un)
    _output_options(un)
    un.set_defaults(run=cmd_unroll)

    gr = commands.add_parser("graph", help="equity distribution over the next card or against a range",
                             description="Without --range: each player's equity after every unseen next card "
                                         "(a flop or turn board). With --range: one hand's equity against each "
                                         "hand of the range.")
    gr.add_argument("holes", nargs="+", metavar="HOLE", help=hole_help)
    gr.add_argument("--board", default="", help="board cards (3 or 4 without --range)")
    gr.add_argument("--dead", default="", help="cards out of play")
    gr.add_argument("--range", default=None, help='the villain range, e.g. "AA, A2**ds"')
    gr.add_argument("--bins", type=int, default=20, help="histogram bins (default 20)")
    gr.add_argument("--player", type=int, default=0, help="player to plot (0 = first; default 0)")
    _equity_arguments(gr)
    _output_options(gr)
    gr.set_defaults(run=cmd_graph)

    ou = commands.add_parser("outs", help="who wins the high, the low and the pot after each next card",
                             description="For every unseen next card, the hands evaluated on the board plus "
                                         "that card: outs to win or tie each half and to scoop.")
    ou.add_argument("holes", nargs="+", metavar="HOLE", help="known hole cards of each player")
    ou.add_argument("--board", required=True, help="3 or 4 board cards")
    ou.add_argument("--dead", default="", help="cards out of play")
    ou.add_argument("--player", type=int, default=0, help="player to plot (0 = first; default 0)")
    _output_options(ou)
    ou.set_defaults(run=cmd_outs)
