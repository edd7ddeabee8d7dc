"""A subgame solver for heads-up Omaha Hi/Lo from the river or the turn (docs/solver.md)."""

from __future__ import annotations

from ._showdown import RangeInput, showdown_matrix, showdown_values

__all__ = ["RangeInput", "showdown_values", "showdown_matrix"]
