"""The equity on every street of a hand (:func:`equity_by_street`, the unroll)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .._checks import check_timeout
from ..cards import Card, CardsLike, format_cards
from ..equity import (
    HandOrRandom,
    PlayerEquity,
    equity,
)
from ..ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Executor

from ._common import (
    STREETS,
    _html_image,
    _html_table,
    _parse_spot,
    _player_name,
    _png,
    _text_table,
    check_deadline,
)


class StreetEquities(Mapping[str, list[PlayerEquity]]):
    """Each player's :class:`~omaha8_fast.PlayerEquity` on each street the
    board reaches, keyed ``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``."""

    def __init__(self, names: Sequence[str], boards: Mapping[str, tuple[Card, ...]],
                 results: Mapping[str, list[PlayerEquity]]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.boards: dict[str, tuple[Card, ...]] = dict(boards)
        self._results = dict(results)

    def __getitem__(self, street: str) -> list[PlayerEquity]:
        return self._results[street]

    def __iter__(self) -> Iterator[str]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)

    @property
    def no_low(self) -> dict[str, float]:
        """How often nobody has a low, per street."""
        return {street: r[0].no_low for street, r in self._results.items()}

    def rows(self) -> list[dict[str, Any]]:
        """One record per street and player (for JSON and data frames)."""
        return [{"street": street, "board": format_cards(self.boards[street]), "player": name,
                 "equity": p.equity, "std_error": p.std_error, "high_win": p.high_win, "high_tie": p.high_tie,
                 "low_win": p.low_win, "low_tie": p.low_tie, "scoop": p.scoop, "no_low": p.no_low,
                 "exact": p.exact, "showdowns": p.showdowns}
                for street, result in self._results.items() for name, p in zip(self.names, result)]

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        header = ["Street", "Board"] + [f"{n} {what}" for n in self.names for what in ("equity", "high", "low", "scoop")]
        header.append("No low")
        rows = []
        for street, result in self._results.items():
            row = [street, format_cards(self.boards[street]) or "-"]
            for p in result:
                row += [f"{p.equity:.2%}", f"{p.high_win + p.high_tie:.2%}", f"{p.low_win + p.low_tie:.2%}",
                        f"{p.scoop:.2%}"]
            rows.append(row + [f"{result[0].no_low:.2%}"])
        return header, rows

    def table(self) -> str:
        """A text table: one row per street; per player equity, high (win or
        tie), low (win or tie), scoop; and the no-low share."""
        return _text_table(*self._cells())

    def to_dataframe(self) -> Any:
        """The :meth:`rows` as a pandas DataFrame (needs pandas)."""
        import importlib

        try:
            pd = importlib.import_module("pandas")  # optional; untyped
        except ImportError:
            raise ImportError("to_dataframe() needs pandas: pip install pandas") from None
        return pd.DataFrame(self.rows())

    def _repr_html_(self) -> str:
        return _html_table(*self._cells(), caption="Equity by street") + _html_image(self._repr_png_())

    def _repr_png_(self) -> bytes | None:
        return _png(lambda plot: plot.plot_by_street, self)

    def __repr__(self) -> str:
        return f"StreetEquities({', '.join(self)})"


def equity_by_street(players: Sequence[HandOrRandom | Range], board: CardsLike = (), dead: CardsLike = (), *,
                     exact: bool | None = None, samples: int | None = None, seed: int | None = None,
                     threads: int | None = None, executor: Executor | None = None, progress: bool = False,
                     timeout: float | None = None, partial: bool = False,
                     max_deals: int | None = None) -> StreetEquities:
    """Each player's equity before the flop and on each street the board
    reaches (``"unroll"``): :func:`omaha8_fast.equity` on the first 0, 3, 4 and 5
    cards of ``board``. Hands, ranges and random players, as ``equity``;
    the keyword options are ``equity``'s, passed on to each street's call
    (``samples`` per street), except ``timeout``, which bounds all the
    streets together.

    >>> s = equity_by_street(["As Ad 2s 3d", "Kh Kd 9c 8c"], "Ks 7h 4d")
    >>> list(s), s["flop"][1].equity > s["preflop"][1].equity
    (['preflop', 'flop'], True)
    """
    spot = _parse_spot(players, board, dead)
    seconds = check_timeout(timeout)
    deadline = None if seconds is None else time.monotonic() + seconds
    names = [_player_name(p) for p in spot.players]
    boards: dict[str, tuple[Card, ...]] = {}
    results: dict[str, list[PlayerEquity]] = {}
    for street, size in STREETS.items():
        if size > len(spot.board):
            break
        shown = spot.board[:size]
        boards[street] = tuple(Card(c) for c in shown)
        everyone: list[Any] = list(players)  # hands, ranges and random players, as equity() takes them
        left = None
        if deadline is not None:  # one timeout for all the streets: each gets what is left
            check_deadline(deadline, "equity_by_street", len(results), len(STREETS))
            left = deadline - time.monotonic()
        results[street] = equity(everyone, list(shown), list(spot.dead), exact=exact, samples=samples, seed=seed,
                                 threads=threads, executor=executor, progress=progress, timeout=left,
                                 partial=partial, max_deals=max_deals)
    return StreetEquities(names, boards, results)


# ---------------------------------------------------------------------------- next street


