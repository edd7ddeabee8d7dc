"""The text of a seat's view for ``render_mode="ansi"`` (every environment
of :mod:`omaha8_fast.rl` shows the same thing). Needs no RL library.

Only what the seat may know: its own hole cards and the public facts. Hands
shown at the showdown are left out too (the environments' rule: no
observation of a seat ever holds another seat's hole cards).

>>> from omaha8_fast import Hand
>>> from omaha8_fast.rl._spec import ActionLayout
>>> hand = Hand([100, 100], 0, 1, 2, betting="limit", deck="As Ks 2c 3d  Qh Qd 7c 8c")
>>> print(render_view(hand.view(0), ActionLayout("limit"), "player_0"))
player_0 (seat 0, button) holds As Ks 2c 3d
preflop, board: -, pot 3 (1.5 bb)
  seat 0: stack 99, bet 1 <- to act
  seat 1: stack 98, bet 2
legal: 0 fold (0), 1 check/call (1), 2 bet/raise (4)
"""

from __future__ import annotations

from ..cards import format_cards
from ..engine import SeatView
from ._spec import ActionLayout

__all__ = ["render_view"]


def render_view(view: SeatView, layout: ActionLayout, name: str) -> str:
    """Lines describing ``view`` for its seat, which the environment calls ``name``."""
    seat = view.seat
    assert seat is not None, "an environment renders a seat's view"
    button = ", button" if seat == view.button else ""
    holding = format_cards(view.hole_cards) if view.hole_cards else "-"
    lines = [f"{name} (seat {seat}{button}) holds {holding}",
             f"{view.street}, board: {format_cards(view.board) if view.board else '-'}, "
             f"pot {view.pot} ({view.pot / view.big_blind:g} bb)"]
    for s in range(len(view.stacks)):
        state = " folded" if view.folded[s] else " all-in" if view.stacks[s] == 0 else ""
        arrow = " <- to act" if s == view.to_act else ""
        lines.append(f"  seat {s}: stack {view.stacks[s]}, bet {view.bets[s]}{state}{arrow}")
    if view.is_over:
        net = [after - before for after, before in zip(view.stacks, view.starting_stacks)]
        lines.append("over: " + ", ".join(f"seat {s} {n:+d} ({n / view.big_blind:+g} bb)" for s, n in enumerate(net)))
    else:
        amounts = layout.amounts(view)
        legal = [f"{i} {layout.names[i]} ({a})" for i, a in enumerate(amounts) if a is not None]
        if legal:
            lines.append("legal: " + ", ".join(legal))
    return "\n".join(lines)
