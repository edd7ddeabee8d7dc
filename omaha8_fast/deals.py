"""Random deals as numpy arrays, for tests, benchmarks and simulations.

>>> holes, boards = random_deals(3, seed=7)
>>> holes.shape, boards.shape, holes.dtype.name
((3, 4), (3, 5), 'uint8')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["random_deals"]


def random_deals(
    n: int, hole_size: int = 4, board_size: int = 5, *, seed: int | np.random.Generator | None = None
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``n`` independent deals of distinct cards: ``(holes, boards)`` as
    ``uint8`` arrays of shape ``(n, hole_size)`` and ``(n, board_size)``."""
    import numpy as np

    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    width = hole_size + board_size
    if not 1 <= width <= 52 or hole_size < 0 or board_size < 0:
        raise ValueError(f"cannot deal {hole_size} + {board_size} distinct cards")
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    cards = rng.integers(0, 52, size=(n, width), dtype=np.uint8)
    while True:  # redraw the rows that repeat a card until none does
        ordered = np.sort(cards, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if not bad.size:
            break
        cards[bad] = rng.integers(0, 52, size=(bad.size, width), dtype=np.uint8)
    return np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])
