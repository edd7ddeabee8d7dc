"""The ``omaha8`` command (also ``python -m omaha8_fast``).

Conventions every subcommand follows (see docs/cli.md):

- bad input prints one line to stderr and exits with status 2; Ctrl-C exits
  with 130 and no traceback; an output error (a closed pipe, a full disk) is
  one line on stderr;
- ``--json`` prints machine-readable output instead of the text;
- cards may be quoted (``"As Kd 2c 3h"``), packed (``AsKd2c3h``) or one card
  per word (``As Kd 2c 3h``); ``/`` separates the board from the hands, and
  ``--board`` works everywhere a board does;
- ``-`` reads one item per line from stdin.

**Adding a subcommand.** Put it in its own module ``omaha8_fast/_cli_NAME.py``
with ``def register(commands: argparse._SubParsersAction) -> None`` that calls
``commands.add_parser(...)`` and ``set_defaults(run=...)``, where ``run`` takes
the parsed ``argparse.Namespace`` and returns the exit status. Then add one
line to :data:`SUBCOMMANDS` below. Errors raised as ``ValueError`` /
``TypeError`` become the one-line message; :func:`add_json_option` and
:func:`print_json` give the shared ``--json`` flag.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from math import comb
from typing import Any, NoReturn, TextIO

from .._checks import check_int
from .._version import __version__
from ..cards import card_ids, format_cards
from ..evaluator import HOLE_SIZES, HighHand, LowHand, evaluate
from ..evaluator.kernels import kernel

__all__ = ["SUBCOMMANDS", "UsageError", "add_json_option", "build_parser", "main", "print_json", "read_player"]

#: The modules (relative to this package) whose ``register(commands)`` adds a
#: subcommand, in the order ``omaha8 --help`` lists them. One line each.
SUBCOMMANDS: tuple[str, ...] = (
    "omaha8_fast.cli:register_eval",
    "omaha8_fast.cli:register_showdown",
    "omaha8_fast.cli:register_equity",
    "omaha8_fast.cli:register_range",
    "omaha8_fast.cli._analysis:register",
    "omaha8_fast.cli._hh:register",
)

#: The word that separates the hands from the board: ``omaha8 equity HAND HAND / BOARD``.
BOARD_SEPARATOR = "/"

Register = Callable[[Any], None]  # takes the subparsers action of build_parser


# --- shared helpers -------------------------------------------------------------


class UsageError(Exception):
    """A command line argparse refused; :func:`main` prints it as one line and returns 2."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage text (``-h`` shows that)
        raise UsageError(self.prog, message)


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every subcommand has."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def print_json(value: Any) -> None:
    """Print ``value`` as one line of JSON (the ``--json`` output)."""
    print(json.dumps(value, separators=(", ", ": ")))


def _int_option(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for an integer option, checked by the package's integer rule."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") from None
        try:
            return check_int(value, name, low=low, high=high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def _hole_size(text: str) -> int:
    size = _int_option("--hole-size")(text)
    if size not in HOLE_SIZES:
        raise argparse.ArgumentTypeError(f"--hole-size must be 4, 5 or 6, not {size}")
    return size


def _is_single_card(word: str) -> bool:
    try:
        return len(card_ids(word)) == 1
    except ValueError:
        return False


def _split_board(words: Sequence[str], board_option: str | None) -> tuple[list[str], str | None]:
    """The words before ``/`` and the board: after ``/`` or from ``--board``."""
    if BOARD_SEPARATOR in words:
        at = list(words).index(BOARD_SEPARATOR)
        if board_option is not None:
            raise ValueError("give the board after '/' or with --board, not both")
        return list(words[:at]), " ".join(words[at + 1:])
    return list(words), board_option


def _group_hands(words: Sequence[str], hole_size: int) -> list[str]:
    """Words to players: consecutive one-card words make one hand of ``hole_size`` cards."""
    players: list[str] = []
    pending: list[str] = []
    for word in words:
        if _is_single_card(word):
            pending.append(word)
            if len(pending) == hole_size:
                players.append(" ".join(pending))
                pending = []
            continue
        if pending:
            raise ValueError(f"{' '.join(pending)!r}: {len(pending)} card(s) where a {hole_size}-card hand belongs")
        players.append(word)
    if pending:
        raise ValueError(f"{' '.join(pending)!r}: {len(pending)} card(s) where a {hole_size}-card hand belongs "
                         f"(use --hole-size for 5- or 6-card hands, '/' or --board before the board)")
    return players


def _hand_and_board(words: Sequence[str], board_option: str | None, hole_size: int) -> tuple[str, str]:
    """``eval``'s words: ``HOLE BOARD`` (two words), ``HOLE / BOARD``, ``HOLE --board BOARD``,
    or one card per word (the first ``hole_size`` cards are the hole)."""
    words, board = _split_board(words, board_option)
    if board is not None:
        return " ".join(words), board
    if len(words) == 2 and not all(map(_is_single_card, words)):
        return words[0], words[1]
    cards = [c for word in words for c in card_ids(word)]
    if len(cards) <= hole_size:
        raise ValueError(f"expected a {hole_size}-card hole and a board of 3 to 5 cards, got {len(cards)} card(s)")
    return format_cards(cards[:hole_size]), format_cards(cards[hole_size:])


def _lines(stream: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, 1):
        line = line.split("#", 1)[0].strip()
        if line:
            yield number, line


# --- eval -----------------------------------------------------------------------


def _cards_used(hand: HighHand | LowHand) -> str:
    return f"      hole {' '.join(map(str, hand.hole_cards))} + board {' '.join(map(str, hand.board_cards))}"


def _half_json(hand: HighHand | LowHand | None) -> dict[str, Any] | None:
    if hand is None:
        return None
    out: dict[str, Any] = {"value": hand.value, "description": hand.description}
    if isinstance(hand, HighHand):
        out["category"] = hand.category
    out["hole_cards"] = format_cards(hand.hole_cards)
    out["board_cards"] = format_cards(hand.board_cards)
    return out


def _eval_one(hole: str, board: str, as_json: bool, terse: bool) -> None:
    result = evaluate(hole, board)
    high, low = result.high, result.low
    if as_json:
        print_json({"hole": format_cards(hole), "board": format_cards(board),
                    "high": _half_json(high), "low": _half_json(low)})
    elif terse:
        low_text = "-" if low is None else str(low.value)
        print(f"{high.value} {low_text}  {high.description} / {'no low' if low is None else low.description}")
    else:
        print(f"High: {high.description} [{high.category}, class {high.value}]")
        print(_cards_used(high))
        if low is None:
            print("Low:  none (no 8-or-better low)")
        else:
            print(f"Low:  {low.description} [{low.value}]")
            print(_cards_used(low))


def cmd_eval(args: argparse.Namespace) -> int:
    """Print both halves of one hand, or of every line of stdin (``-``)."""
    if args.cards == ["-"]:
        for number, line in _lines(sys.stdin):
            try:
                hole, board = _hand_and_board(line.split(), args.board, args.hole_size)
                _eval_one(hole, board, args.json, terse=True)
            except (ValueError, TypeError) as error:
                raise ValueError(f"stdin line {number}: {error}") from None
        return 0
    hole, board = _hand_and_board(args.cards, args.board, args.hole_size)
    _eval_one(hole, board, args.json, terse=False)
    return 0


def register_eval(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ev = commands.add_parser(
        "eval", help="evaluate a hand, high and low",
        description="Evaluate one hand: the best high and the best 8-or-better low. "
                    "With '-', evaluate one hand per line of stdin, one line of output each "
                    "(high class, low number or '-', descriptions).")
    ev.add_argument("cards", nargs="+", metavar="CARDS",
                    help='the hole then the board: "AsKd2c3h" "Qs Js 4s", As Kd 2c 3h / Qs Js 4s, '
                         "or - to read one hand per line from stdin")
    ev.add_argument("--board", default=None, help="the board, 3 to 5 cards (then every CARDS word is the hole)")
    ev.add_argument("--hole-size", type=_hole_size, default=4, help="cards per hole when cards are one per word (4, 5 or 6)")
    add_json_option(ev)
    ev.set_defaults(run=cmd_eval)


# --- showdown -------------------------------------------------------------------


def cmd_showdown(args: argparse.Namespace) -> int:
    """Split a pot among the hands on a complete board."""
    from ..showdown import showdown

    words, board = _split_board(args.hands, args.board)
    if board is None:
        raise ValueError("give the board after '/' or with --board, e.g. omaha8 showdown AsKd2c3h QsQh9c8d / Kh5c5dAc8s")
    players = _group_hands(words, args.hole_size)
    holes = [None if p.lower() in ("fold", "folded", "-") else p for p in players]
    result = showdown(board, holes, args.pot)
    if args.json:
        print_json({
            "board": format_cards(board),
            "holes": [None if h is None else format_cards(h) for h in holes],
            "payouts": result.payouts,
            "pots": [{"amount": sum(p.high_shares) + sum(p.low_shares), "eligible": list(p.eligible),
                      "high_winners": list(p.high_winners), "high_shares": list(p.high_shares),
                      "low_winners": list(p.low_winners), "low_shares": list(p.low_shares),
                      "scoop": p.scoop} for p in result.pots],
        })
    else:
        print(result)
    return 0


def register_showdown(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sd = commands.add_parser(
        "showdown", help="split a pot among hands on a board",
        description="Split a pot among the players' hands on a five-card board, high and low, odd chips included. "
                    "Players are in seat order from the first seat left of the button; 'fold' for a folded player.")
    sd.add_argument("hands", nargs="+", metavar="HAND", help='the hands, then / and the board: AsKd2c3h "Qs Qh 9c 8d" / Kh5c5dAc8s')
    sd.add_argument("--board", default=None, help="the five board cards (instead of '/ BOARD')")
    sd.add_argument("--pot", type=_int_option("--pot", low=0), default=100, help="chips in the pot (default 100)")
    sd.add_argument("--hole-size", type=_hole_size, default=4, help="cards per hole when cards are one per word (4, 5 or 6)")
    add_json_option(sd)
    sd.set_defaults(run=cmd_showdown)


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


# --- the command ----------------------------------------------------------------


def _registrar(spec: str) -> Register:
    module, _, name = spec.partition(":")
    function: Register = getattr(importlib.import_module(module), name)
    return function


def build_parser() -> argparse.ArgumentParser:
    """The ``omaha8`` parser with every subcommand of :data:`SUBCOMMANDS`."""
    parser = _Parser(prog="omaha8", description="Omaha Hi/Lo (8-or-better) tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} (kernel {kernel()})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for spec in SUBCOMMANDS:
        _registrar(spec)(commands)
    return parser


def _silence_stdout() -> None:
    """After an output error: point stdout at /dev/null so that the
    interpreter's final flush does not fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``omaha8`` with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(f"{error.prog}: error: {error} (see {error.prog} -h)", file=sys.stderr)
        return 2
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. piped into head: not an error
        _silence_stdout()
        return 0
    except OSError as error:  # e.g. a full disk; ImportError is not an OSError
        _silence_stdout()
        print(f"omaha8 {args.command}: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    except UsageError as error:  # a subcommand calling parser.error()
        print(f"{error.prog}: error: {error}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, ImportError) as error:
        print(f"omaha8 {args.command}: error: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
