"""Every hole of a size ranked against one board, in one C call.

>>> from omaha8_fast import rank_all_holes
>>> ranked = rank_all_holes("Ah Kh 7c 5d 2s")
>>> ranked.holes.shape, len(ranked)
((178365, 4), 178365)
>>> int(ranked.high.min()), int(ranked.low[ranked.low > 0].min())   # the nuts, both ways: the wheel
(1609, 54321)
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._core import ffi, lib
from ..cards import Card, CardsLike, card_ids, check_unique

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["AllHoles", "rank_all_holes"]

_HOLE_SIZES = (4, 5, 6)
_BOARD_SIZES = (3, 4, 5)


@dataclass(frozen=True, eq=False)
class AllHoles:
    """Every hole of one size against one board (see :func:`rank_all_holes`).

    ``holes`` is an ``(N, k)`` ``uint8`` array of card ids, ``high`` the
    ``uint16`` high classes (1..7462, lower is stronger) and ``low`` the
    ``int32`` low numbers (``54321``..``87654``, lower is stronger; ``-1``
    where the hole makes no 8-or-better low), row for row.
    """

    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    hole_size: int
    holes: npt.NDArray[np.uint8]
    high: npt.NDArray[np.uint16]
    low: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return len(self.holes)

    def __repr__(self) -> str:
        board = " ".join(map(str, self.board))
        return f"AllHoles(board={board!r}, hole_size={self.hole_size}, dead={len(self.dead)} cards, {len(self)} holes)"


def _size(hole_size: Any) -> int:
    if isinstance(hole_size, bool) or not hasattr(hole_size, "__index__"):
        raise TypeError(f"hole_size must be an int, not {type(hole_size).__name__}")
    size = operator.index(hole_size)
    if size not in _HOLE_SIZES:
        raise ValueError(f"hole_size must be 4, 5 or 6, got {size}")
    return size


def rank_all_holes(board: CardsLike, hole_size: int = 4, dead: CardsLike = ()) -> AllHoles:
    """Every ``hole_size``-card hole (4, 5 or 6) that the cards off the board
    and not ``dead`` can make, with its high and its low on ``board`` (3, 4 or
    5 cards), computed in C with the GIL released.

    The holes come in lexicographic order: the remaining card ids sorted, and
    the holes are their combinations as ``itertools.combinations`` lists them
    (each row increasing; ``holes[0]`` holds the lowest ids). ``high[i]`` is
    ``evaluate(holes[i], board).high.value`` and ``low[i]`` is
    ``evaluate(holes[i], board).low.value``, or ``-1`` when there is no low.

    There are C(52 - board - dead, k) holes: 178,365 four-card holes on a
    river (of the 270,725 four-card holes of a deck, those that do not hold
    a board card), 1,533,939 five-card and 10,737,573 six-card ones (about
    120 MB of arrays); six-card holes on a flop number 13,983,816.

    >>> ranked = rank_all_holes("Qs Js Ts 4d 2c", dead="As Ks")
    >>> len(ranked), ranked.holes[0].tolist(), int(ranked.high[0]), int(ranked.low[0])
    (148995, [1, 2, 3, 4], 2423, -1)
    >>> from omaha8_fast import evaluate, format_cards
    >>> best = ranked.holes[ranked.high.argmin()]
    >>> format_cards(best), evaluate(best, ranked.board).high.description
    ('2d 2h 8s 9s', 'Queen-high straight flush')
    """
    import numpy as np

    k = _size(hole_size)
    board_ids = card_ids(board)
    if len(board_ids) not in _BOARD_SIZES:
        raise ValueError(f"a board has 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = card_ids(dead)
    check_unique(board_ids + dead_ids)
    count = int(lib.o8_all_holes_count(len(board_ids), len(dead_ids), k))
    holes = np.empty((count, k), np.uint8)
    high = np.empty(count, np.uint16)
    low = np.empty(count, np.int32)
    board_bytes, dead_bytes = bytes(board_ids), bytes(dead_ids)
    written = lib.o8_rank_all_holes(
        board_bytes, len(board_ids), dead_bytes, len(dead_ids), k,
        ffi.from_buffer("uint8_t[]", holes, require_writable=True),
        ffi.from_buffer("uint16_t[]", high, require_writable=True),
        ffi.from_buffer("int32_t[]", low, require_writable=True),
        count,
    )
    if written != count:  # not reached: the checks above are the C core's
        raise ValueError(f"rank_all_holes: the C core refused the board or the dead cards ({written})")
    return AllHoles(tuple(map(Card, board_ids)), tuple(map(Card, dead_ids)), k, holes, high, low)
