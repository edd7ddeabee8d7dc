"""Random deals as numpy arrays, for tests, benchmarks and simulations.

>>> holes, boards = random_deals(3, seed=7)
>>> holes.shape, boards.shape, holes.dtype.name
((3, 4), (3, 5), 'uint8')

Each row is drawn without replacement from the 52 cards, so no row repeats a
card and any width up to 52 works at once (no row is ever redrawn):

>>> holes, boards = random_deals(2, 30, 5, seed=1)
>>> sorted(set(holes[0].tolist() + boards[0].tolist())) == sorted(holes[0].tolist() + boards[0].tolist())
True
>>> random_deals(1, 40, 13)
Traceback (most recent call last):
...
ValueError: cannot deal 40 + 13 distinct cards from 52
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["random_deals"]


def _size(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def random_deals(
    n: int, hole_size: int = 4, board_size: int = 5, *, seed: int | np.random.Generator | None = None
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``n`` independent deals of distinct cards: ``(holes, boards)`` as
    ``uint8`` arrays of shape ``(n, hole_size)`` and ``(n, board_size)``.

    Every row is a uniform draw without replacement (a partial Fisher-Yates
    shuffle of its own deck); ``ValueError`` when the sizes are negative or need more than 52
    cards."""
    import numpy as np

    n, hole_size, board_size = _size("n", n), _size("hole_size", hole_size), _size("board_size", board_size)
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if hole_size < 0 or board_size < 0 or not 1 <= hole_size + board_size <= 52:
        raise ValueError(f"cannot deal {hole_size} + {board_size} distinct cards from 52")
    width = hole_size + board_size
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    # a partial Fisher-Yates shuffle of every row at once: column j swaps with
    # a uniform column of j..51 of its row
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for j in range(width):
        pick = rng.integers(j, 52, size=n)
        chosen = deck[rows, pick]
        deck[rows, pick] = deck[:, j]
        deck[:, j] = chosen
    return np.ascontiguousarray(deck[:, :hole_size]), np.ascontiguousarray(deck[:, hole_size:width])
