"""``omaha8 eval`` and ``omaha8 showdown``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..cards import format_cards
from ..evaluator import HighHand, LowHand, evaluate
from ._common import (
    _group_hands,
    _hand_and_board,
    _hole_size,
    _int_option,
    _split_board,
    add_json_option,
    each_line,
    print_json,
)

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
        def one_line(line: str) -> None:
            hole, board = _hand_and_board(line.split(), args.board, args.hole_size)
            _eval_one(hole, board, args.json, terse=True)

        return each_line("eval", sys.stdin, one_line)
    hole, board = _hand_and_board(args.cards, args.board, args.hole_size)
    _eval_one(hole, board, args.json, terse=False)
    return 0


def register_eval(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ev = commands.add_parser(
        "eval", help="evaluate a hand, high and low",
        description="Evaluate one hand: the best high and the best 8-or-better low. "
                    "With '-', evaluate one hand per line of stdin, one line of output each "
                    "(high class, low number or '-', descriptions); a bad line is reported on stderr with its "
                    "number, the others go on, and the exit status is then 2.")
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


