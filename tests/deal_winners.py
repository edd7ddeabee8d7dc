"""Who wins each half of a batch of deals, settled with ``evaluate_batch``:
the model the Monte Carlo count tests compare the kernels' integer counts
with. Test modules import it by name (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from omaha8_fast import evaluate_batch

__all__ = ["deal_winners"]

NO_LOW = 10**9  # stands for "no low" in the comparisons: worse than any low


def deal_winners(deals: Any, players: int, hole_size: int = 4) -> tuple[Any, Any, Any]:
    """For deals laid out as the players' holes then the 5 board cards:
    (high_win, low_win, has_low), where high_win[d, p] says player p has a
    best high of deal d (ties included), low_win[d, p] the same for the low
    (False everywhere on a deal with no low), and has_low[d] whether deal d
    has a low."""
    board = deals[:, players * hole_size:players * hole_size + 5]
    values = [evaluate_batch(deals[:, hole_size * p:hole_size * (p + 1)], board) for p in range(players)]
    high = np.stack([v[0] for v in values], 1).astype(np.int64)
    low = np.stack([np.where(v[1] == 0, NO_LOW, v[1]) for v in values], 1).astype(np.int64)
    high_win = high == high.min(1, keepdims=True)
    has_low = low.min(1) < NO_LOW
    low_win = (low == low.min(1, keepdims=True)) & has_low[:, None]
    return high_win, low_win, has_low
