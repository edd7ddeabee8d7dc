"""A node's strategy by high class x low class (needs matplotlib: ``pip install 'omaha8_fast[plot]'``).

Each cell holds the acting player's combos with that high class (rows) and
that low (columns: none, or the low's top card) on the node's board; it is
split from left to right into the actions' shares, weighted by how often
each combo gets there (range weight times the player's own action
probabilities on the way). The figure is made without pyplot: no window
opens and nothing global changes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import matplotlib  # noqa: F401
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch, Rectangle
except ImportError:  # pragma: no cover - exercised when matplotlib is missing
    raise ImportError("Solution.plot needs matplotlib: pip install 'omaha8_fast[plot]'") from None

from .._core import lib
from ..cards import card_ids, format_cards

__all__ = ["HIGH_CLASSES", "LOW_CLASSES", "plot_strategy", "classes"]

#: The high classes, strongest first, with the last high value of each (1..7462, lower is stronger).
HIGH_CLASSES = (("straight flush", 10), ("quads", 166), ("full house", 322), ("flush", 1599), ("straight", 1609),
                ("trips", 2467), ("two pair", 3325), ("pair", 6185), ("high card", 7462))
#: The low columns: no low, then the lows by their top card.
LOW_CLASSES = ("no low", "8 low", "7 low", "6 low", "5 low")

_COLORS = {"check": "#4dac26", "call": "#4dac26", "fold": "#2c7bb6", "allin": "#7b0000"}
_AGGRESSIVE = ("#f4a582", "#d6604d", "#b2182b", "#67001f", "#e7298a", "#980043")


def _color(action: str, k: int) -> str:
    return _COLORS.get(action.split()[0], _AGGRESSIVE[k % len(_AGGRESSIVE)])


def classes(hands: Any, board: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """(high class row, low class column) of each hand on the board."""
    highs, lows = np.empty(len(hands), dtype=np.int64), np.empty(len(hands), dtype=np.int64)
    bounds = [b for _, b in HIGH_CLASSES]
    for i, hand in enumerate(hands.tolist()):
        v = lib.o8_eval(bytes(hand), 4, bytes(board), len(board))
        high, low = v & 0xFFFF, v >> 16
        highs[i] = next(k for k, b in enumerate(bounds) if high <= b) if v >= 0 else -1
        lows[i] = 0 if low == 0 else 9 - int(str(low)[0])  # 8 -> 1 ... 5 -> 4
    return highs, lows


def plot_strategy(solution: Any, history: tuple[str, ...], path: Any = None) -> Figure:
    """The strategy at ``history`` by high class x low class; saved to ``path`` if given."""
    spot = solution.spot
    node = solution._act_node(history)
    p = node.player
    assert p is not None
    _, reach = solution._reaches(history)
    board = list(spot.board)
    for name in history:  # a turn spot's river card
        if len(name) == 2 and name[0] in "23456789TJQKA" and name[1] in "cdhs":
            board.append(card_ids(name)[0])
    alive = solution._alive(node, p)
    hands = spot.hands[p][alive]
    weights = reach[p][alive]
    sigma = solution._strategy_array(node)[alive]
    rows, cols = classes(hands, board)
    fig = Figure(figsize=(8, 6), dpi=100)
    ax = fig.add_subplot()
    n_rows, n_cols = len(HIGH_CLASSES), len(LOW_CLASSES)
    for r in range(n_rows):
        for c in range(n_cols):
            cell = (rows == r) & (cols == c)
            mass = float(weights[cell].sum())
            y = n_rows - 1 - r
            if not cell.any() or mass <= 0:
                ax.add_patch(Rectangle((c, y), 1, 1, facecolor="#f0f0f0", edgecolor="white"))
                continue
            shares = (sigma[cell] * weights[cell][:, None]).sum(axis=0) / mass
            x = float(c)
            for k, (name, share) in enumerate(zip(node.actions, shares)):
                ax.add_patch(Rectangle((x, y + 0.02), share, 0.96, facecolor=_color(name, k), edgecolor="none"))
                x += share
            ax.text(c + 0.5, y + 0.5, f"{int(cell.sum())}", ha="center", va="center", fontsize=8, color="white",
                    fontweight="bold")
    ax.set_xlim(0, n_cols)
    ax.set_ylim(0, n_rows)
    ax.set_xticks([c + 0.5 for c in range(n_cols)], LOW_CLASSES)
    ax.set_yticks([n_rows - 1 - r + 0.5 for r in range(n_rows)], [name for name, _ in HIGH_CLASSES])
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    who = ("out of position", "in position")[p]
    line = " ".join(history) if history else "the root"
    ax.set_title(f"{format_cards(board)}: {who} at {line}\n(each cell: its combos' action shares, the number of combos)",
                 fontsize=10)
    ax.legend(handles=[Patch(facecolor=_color(a, k), label=a) for k, a in enumerate(node.actions)],
              loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=len(node.actions), frameon=False)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path)
    return fig
