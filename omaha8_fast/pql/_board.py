"""Board-conditional ranges: ``Range.on(board)`` and its composition.

>>> from omaha8_fast import Range
>>> on = Range("A2**").on("7h5d2c")
>>> len(on.where("nutLo")) == len(on.where("madeLo and loRating <= 75321"))  # the nut low: A-3
True
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CardsLike, card_ids, check_unique
from ..ranges import Range
from ._compile import compile_expression, truth
from ._functions import Deals, Expired
from ._parser import parse_expression

__all__ = ["RangeOnBoard", "Composition", "COMPOSITION"]

_CHUNK = 1 << 16

#: The default rows of :meth:`RangeOnBoard.composition`: label, condition.
COMPOSITION = (
    ("made low", "madeLo"),
    ("nut low", "nutLo"),
    ("nut low draw (no nut low yet)", "not nutLo and nutLoOuts > 0"),
    ("two pair or better", "handType >= twopair"),
    ("set or better", "handType >= trips"),
    ("straight or better", "handType >= straight"),
    ("flush or better", "handType >= flush"),
    ("full house or better", "handType >= fullhouse"),
    ("nut high", "nutHi"),
)


@dataclass(frozen=True)
class Composition:
    """Rows of (label, condition, hands, share of the range's weight)."""

    board: str
    size: int
    rows: tuple[tuple[str, str, int, float], ...]

    def __str__(self) -> str:
        width = max(len(r[0]) for r in self.rows)
        lines = [f"{len(self.rows)} parts of {self.size:,} hands on {self.board}"]
        lines += [f"{label:<{width}}  {100 * share:6.2f}%  {n:>9,} hands" for label, _, n, share in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{html.escape(label)}</td><td><code>{html.escape(cond)}</code></td>"
                       f"<td>{n:,}</td><td>{100 * share:.2f}%</td></tr>" for label, cond, n, share in self.rows)
        return ("<table><thead><tr><th>part</th><th>condition</th><th>hands</th><th>share</th></tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def plot(self, ax: Any = None) -> Any:
        """A horizontal bar chart of the shares (matplotlib, the ``plot`` extra)."""
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise ImportError("plotting needs matplotlib: pip install 'omaha8_fast[plot]'") from None
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 0.45 * len(self.rows) + 1))
        labels = [r[0] for r in self.rows][::-1]
        ax.barh(labels, [100 * r[3] for r in self.rows][::-1])
        ax.set_xlabel("% of the range")
        ax.set_xlim(0, 100)
        ax.set_title(f"{self.size:,} hands on {self.board}")
        return ax


class RangeOnBoard:
    """A range on a known board (hands that hold a board or dead card removed)."""

    def __init__(self, hands: Range, board: CardsLike, dead: CardsLike = ()) -> None:
        if not isinstance(hands, Range):
            raise TypeError(f"expected a Range, not {type(hands).__name__}")
        ids, dead_ids = card_ids(board), card_ids(dead)
        if not 3 <= len(ids) <= 5:
            raise ValueError(f"the board must have 3, 4 or 5 cards, got {len(ids)}")
        check_unique(ids + dead_ids)
        self.range: Range = hands.without(ids + dead_ids)
        if not self.range:
            raise ValueError(f"the range {hands.text!r} has no hand left on this board")
        self.board: tuple[int, ...] = tuple(ids)
        self.dead: bytes = bytes(dead_ids)

    def __len__(self) -> int:
        return len(self.range)

    def _mask(self, condition: str, deadline: float | None) -> np.ndarray:
        if not isinstance(condition, str):
            raise TypeError(f"a condition is PQL text, not {type(condition).__name__}")
        fn = compile_expression(condition, parse_expression(condition), {}, implicit=0)
        hands = np.ascontiguousarray(self.range.hands, dtype=np.uint8)
        hs, b = hands.shape[1], len(self.board)
        out = np.empty(len(hands), dtype=bool)
        memo: dict[Any, Any] = {}
        start = 0
        try:
            for start in range(0, len(hands), _CHUNK):
                _check(deadline)
                part = hands[start:start + _CHUNK]
                rows = np.empty((len(part), hs + b), dtype=np.uint8)
                rows[:, :hs] = part
                rows[:, hs:] = self.board
                values, tag = fn(Deals(rows, 1, hs, b, self.dead, default_street=b, deadline=deadline,
                                     memo=memo))
                out[start:start + _CHUNK] = truth(values, tag)
        except Expired:
            raise TimeoutError(f"the condition {condition!r} on {len(hands):,} hands stopped by the timeout "
                               f"after {start:,} hands") from None
        return out

    def where(self, condition: str, *, timeout: float | None = None) -> Range:
        """The hands for which ``condition`` (PQL, the hand implicit:
        ``"nutLo and handType >= straight"``) holds, as a Range.
        ``timeout`` (seconds): ``TimeoutError`` once it has passed."""
        keep = self._mask(condition, _deadline(timeout))
        r = self.range
        return Range._from(f"({r.text}) on {self._board_text()} where {condition}", r.hole_size,
                           r._index[keep], r._weights[keep])

    def share(self, condition: str, *, timeout: float | None = None) -> float:
        """The share of the range's weight for which ``condition`` holds
        (``timeout`` as :meth:`where`)."""
        w = self.range.weights.astype(np.float64)
        return float(w[self._mask(condition, _deadline(timeout))].sum() / w.sum())

    def composition(self, rows: tuple[tuple[str, str], ...] | list[tuple[str, str]] = COMPOSITION, *,
                    timeout: float | None = None) -> Composition:
        """The share of the range in each part (default :data:`COMPOSITION`;
        rows of label and condition), as a table that prints, shows in
        Jupyter and plots. ``timeout`` (seconds) covers every row:
        ``TimeoutError`` once it has passed."""
        deadline = _deadline(timeout)
        w = self.range.weights.astype(np.float64)
        total = w.sum()
        out = []
        for label, condition in rows:
            if len(self.board) == 5 and "Outs" in condition:
                continue
            m = self._mask(condition, deadline)
            out.append((label, condition, int(m.sum()), float(w[m].sum() / total)))
        return Composition(self._board_text(), len(self.range), tuple(out))

    def _board_text(self) -> str:
        from ..cards import format_cards

        return format_cards(self.board)


def _deadline(timeout: float | None) -> float | None:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
    return time.monotonic() + timeout


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise Expired()


def on_board(hands: Range, board: CardsLike, dead: CardsLike = ()) -> RangeOnBoard:
    return RangeOnBoard(hands, board, dead)
