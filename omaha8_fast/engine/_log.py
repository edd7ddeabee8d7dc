"""The hand's record: :class:`Action`, :class:`HandHistory` and the readable hand log.

The state machine (:mod:`omaha8_fast.engine`) appends an :class:`Action` per
move; a :class:`HandHistory` holds the settings, the cards in dealing order
and the actions, enough to rebuild the hand with ``Hand.replay``
(:func:`check_history` checks its shape first). :func:`render_log` writes the
card-room style log from plain data, so the full log (every hole card) and a
seat's log (only what that seat may see) come from the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..cards import Card, format_cards
from ..showdown import Showdown
from ._betting import Betting
from .rake import Rake

__all__ = ["STREETS", "SHOWDOWN_MODES", "Action", "HandHistory", "check_history", "pot_lines", "render_log"]

#: Street names; a hand that reaches the showdown ends on ``"showdown"``.
STREETS = ("preflop", "flop", "turn", "river", "showdown")
#: What ``Hand(showdown=...)`` takes.
SHOWDOWN_MODES = ("all", "muck-losers", "choose")
_KINDS = ("fold", "check", "call", "bet", "raise", "show", "muck")


class Action(NamedTuple):
    """One player action as recorded in the history.

    ``amount`` is 0 for fold and check, the chips added for a call, and the
    total street bet reached for a bet or raise. ``all_in`` is True when the
    action left the player without chips. At a ``showdown="choose"``
    showdown the kinds ``"show"`` and ``"muck"`` are recorded on the street
    ``"showdown"``.
    """

    street: str
    seat: int
    kind: str
    amount: int
    all_in: bool


@dataclass(frozen=True)
class HandHistory:
    """Everything needed to rebuild a hand: its settings, the cards in dealing
    order (seat 0's hole, seat 1's, ..., then the board, then the extra
    boards of a run-it-``runs``-times or the second board of a double-board
    hand) and the actions. ``boards`` is 2 for a double-board hand,
    ``bomb_pot`` a bomb pot's ante (``ante`` is then 0)."""

    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    betting: Betting
    small_bet: int | None
    big_bet: int | None
    ante: int
    hole_size: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...] = field(default=())
    rake: Rake | None = None
    runs: int = 1
    showdown: str = "all"
    posts: tuple[int, ...] = ()
    dead_small_blind: bool = False
    boards: int = 1
    bomb_pot: int = 0
    extra_blinds: tuple[tuple[int, int, str], ...] = ()
    free_folds: bool = False
    chip: int = 1


def check_history(history: object) -> HandHistory:
    """``history`` if it is a well-formed :class:`HandHistory` (a
    ``TypeError`` naming the first bad field otherwise); whether its actions
    are legal is for the replay to find out."""
    if not isinstance(history, HandHistory):
        raise TypeError(f"a hand history must be a HandHistory, not {type(history).__name__}")
    if not isinstance(history.actions, (tuple, list)):
        raise TypeError(f"the history's actions must be a tuple of Action, not {type(history.actions).__name__}")
    if not isinstance(history.deck, (tuple, list)):
        raise TypeError(f"the history's deck must be a tuple of cards, not {type(history.deck).__name__}")
    for number, action in enumerate(history.actions, 1):
        if not isinstance(action, Action):
            raise TypeError(f"action {number} must be an Action, not {type(action).__name__}")
        street, seat, kind, amount, all_in = action
        if type(street) is not str or street not in STREETS:
            raise TypeError(f"action {number}: the street must be one of {', '.join(STREETS)}, not {street!r}")
        if type(seat) is not int:
            raise TypeError(f"action {number}: the seat must be an int, not {type(seat).__name__}")
        if type(kind) is not str:
            raise TypeError(f"action {number}: the kind must be a str, not {type(kind).__name__}")
        if type(amount) is not int:
            raise TypeError(f"action {number}: the amount must be an int, not {type(amount).__name__}")
        if type(all_in) is not bool:
            raise TypeError(f"action {number}: all_in must be a bool, not {type(all_in).__name__}")
    if type(history.runs) is not int:
        raise TypeError(f"runs must be an int, not {type(history.runs).__name__}")
    if type(history.boards) is not int:
        raise TypeError(f"boards must be an int, not {type(history.boards).__name__}")
    if type(history.bomb_pot) is not int:
        raise TypeError(f"bomb_pot must be an int, not {type(history.bomb_pot).__name__}")
    if not isinstance(history.posts, (tuple, list)):
        raise TypeError(f"the history's posts must be a tuple of seats, not {type(history.posts).__name__}")
    if type(history.dead_small_blind) is not bool:
        raise TypeError(f"dead_small_blind must be a bool, not {type(history.dead_small_blind).__name__}")
    if not isinstance(history.extra_blinds, (tuple, list)):
        raise TypeError(f"the history's extra_blinds must be a tuple, not {type(history.extra_blinds).__name__}")
    if type(history.free_folds) is not bool:
        raise TypeError(f"free_folds must be a bool, not {type(history.free_folds).__name__}")
    if type(history.chip) is not int:
        raise TypeError(f"chip must be an int, not {type(history.chip).__name__}")
    if history.rake is not None and not isinstance(history.rake, Rake):
        raise TypeError(f"the history's rake must be a Rake or None, not {type(history.rake).__name__}")
    return history


_VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to", "show": "shows", "muck": "mucks"}


def _street_cards(street: int, board: Sequence[int]) -> str:
    shown = format_cards(board[:3])
    if street > 1:
        shown = f"{shown}] [{format_cards(board[street + 1:street + 2])}"
    return f"[{shown}]"


def _street_line(street: int, board: Sequence[int], second: Sequence[int] | None = None) -> str:
    name = STREETS[street].upper()
    if second is not None:  # a double board: both boards, street by street
        return f"*** {name} *** board 1 {_street_cards(street, board)} board 2 {_street_cards(street, second)}"
    return f"*** {name} *** {_street_cards(street, board)}"


def render_log(
    *,
    betting: str,
    blinds: tuple[int, int],
    bets: tuple[int | None, int | None],
    ante: int,
    button: int,
    starting_stacks: Sequence[int],
    holes: Sequence[Sequence[int] | None],
    posts: Sequence[int] = (),
    dead_small_blind: bool = False,
    double_board: bool = False,
    bomb_pot: bool = False,
    extra_blinds: Sequence[tuple[int, int, str]] = (),
    actions: Sequence[Action],
    boards: Sequence[Sequence[int]],
    street: int,
    run_from: int,
    returned: tuple[int, int] | None,
    shown: Sequence[int],
    mucked: Sequence[int],
    pot_text: Sequence[str],
    rake: int,
    payouts: Sequence[int] | None,
    stacks: Sequence[int],
) -> str:
    """The hand log. ``holes[s]`` is None for a hand the reader may not see;
    ``boards`` the board of each run as far as dealt; ``run_from`` how many
    board cards all runs share (5 when the board ran once)."""
    n = len(starting_stacks)
    small_seat, big_seat = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
    if dead_small_blind:
        small_seat, big_seat = -1, (button + 1) % n
    sb, bb = blinds
    stakes = f"{sb}/{bb}"
    if betting == "limit":
        stakes += f", bets {bets[0]}/{bets[1]}"
    if bomb_pot:
        small_seat = big_seat = -1
    game = "Double-board Omaha Hi/Lo" if double_board else "Omaha Hi/Lo"
    kind = "bomb pot" if bomb_pot else "ante"
    lines = [f"{game} {betting}, blinds {stakes}" + (f", {kind} {ante}" if ante else "")]
    for s in range(n):
        role = " (button)" if s == button else ""
        lines.append(f"Seat {s}: {starting_stacks[s]} in chips{role}")
    if ante:
        lines += [f"Seat {s} posts the {kind} {min(ante, starting_stacks[s])}" for s in range(n)]
    if small_seat < 0 and not bomb_pot:
        lines.append("The small blind is dead")
    for seat, blind, name in ((small_seat, sb, "small"), (big_seat, bb, "big")):
        if seat < 0:
            continue
        start = starting_stacks[seat]
        lines.append(f"Seat {seat} posts the {name} blind {min(blind, start - min(ante, start))}")
    for seat in posts:
        start = starting_stacks[seat]
        lines.append(f"Seat {seat} posts a big blind {min(bb, start - min(ante, start))}")
    for seat, chips, kind in extra_blinds:
        lines.append(f"Seat {seat} straddles {chips}" if kind == "straddle" else f"Seat {seat} posts an ante {chips}"
                     if kind == "ante" else f"Seat {seat} posts a {kind} blind {chips}")
    lines.append("*** HOLE CARDS ***")
    lines += [f"Seat {s}: {format_cards(hole)}" for s, hole in enumerate(holes) if hole is not None]
    board = boards[0]
    second = boards[1] if double_board and len(boards) > 1 else None
    at = 0
    for on, seat, kind, amount, all_in in actions:
        if on == "showdown":
            continue
        number = STREETS.index(on)
        while at < number:
            at += 1
            lines.append(_street_line(at, board, second))
        text = f"Seat {seat} {_VERBS[kind]}" + (f" {amount}" if kind in ("call", "bet", "raise") else "")
        lines.append(text + (" and is all-in" if all_in else ""))
    while at < min(street, 3):
        at += 1
        lines.append(_street_line(at, board, second))
    for r, extra in enumerate(boards[1:] if second is None else (), 2):
        lines.append(f"*** RUN {r} *** [{format_cards(extra[:run_from])}] [{format_cards(extra[run_from:])}]"
                     if run_from else f"*** RUN {r} *** [{format_cards(extra)}]")
    if returned:
        lines.append(f"Uncalled bet of {returned[1]} returned to seat {returned[0]}")
    if street == 4:
        lines.append("*** SHOWDOWN ***")
        for s in shown:
            hole = holes[s]
            lines.append(f"Seat {s} shows {format_cards(hole) if hole is not None else '?'}")
        lines += [f"Seat {s} mucks" for s in mucked]
        lines += pot_text
    if rake:
        lines.append(f"Rake {rake}")
    if payouts is not None:
        lines.append("*** SUMMARY ***")
        for s in range(n):
            won = f", won {payouts[s]}" if payouts[s] else ""
            lines.append(f"Seat {s}: {starting_stacks[s]} -> {stacks[s]}{won}")
    return "\n".join(lines)


def pot_lines(results: Sequence[Showdown], seat: Sequence[int], label: str = "Run") -> list[str]:
    """How each pot of each run (``label="Board"``: of each board of a
    double-board hand) was split, with seats (``seat[i]`` is the showdown
    module's player ``i``)."""
    lines = []
    for r, result in enumerate(results, 1):
        if len(results) > 1:
            lines.append(f"{label} {r}:")
        for k, pot in enumerate(result.pots):
            name = "Pot" if len(result.pots) == 1 else "Main pot" if k == 0 else f"Side pot {k}"
            seats = ", ".join(str(seat[i]) for i in pot.eligible)
            if not pot.shown:
                lines.append(f"{name} of {pot.amount}: seat {seats} takes it uncontested")
                continue
            lines.append(f"{name} of {pot.amount} (seats {seats}):")
            shares = ", ".join(f"seat {seat[i]} {chips}" for i, chips in zip(pot.high_winners, pot.high_shares))
            lines.append(f"  high: {shares} with {pot.high_hand.description if pot.high_hand else '?'}")
            if pot.low_hand:
                shares = ", ".join(f"seat {seat[i]} {chips}" for i, chips in zip(pot.low_winners, pot.low_shares))
                lines.append(f"  low: {shares} with {pot.low_hand.description}")
            else:
                lines.append("  no qualifying low: the high takes the whole pot")
    return lines
