"""A subgame solver for heads-up Omaha Hi/Lo from the river or the turn (docs/solver.md).

:func:`showdown_values` is the range-against-range showdown kernel (C);
:class:`Spot` the subgame (board, ranges, pot, stacks, betting tree);
:func:`solve` runs discounted CFR to a target exploitability measured by an
exact best response, and returns a :class:`Solution`.
"""

from __future__ import annotations

from ._showdown import RangeInput, showdown_matrix, showdown_values
from ._solution import EV, Solution, solve
from ._spot import BETTINGS, MAX_BYTES, MAX_NODES, Spot

__all__ = ["RangeInput", "showdown_values", "showdown_matrix", "Spot", "solve", "Solution", "EV", "BETTINGS",
           "MAX_NODES", "MAX_BYTES"]
