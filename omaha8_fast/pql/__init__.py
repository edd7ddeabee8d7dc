"""PQL, the Poker Query Language of ProPokerTools, for Omaha Hi/Lo.

>>> from omaha8_fast import pql
>>> r = pql.run("select avg(riverEquity(hero)) as eq from game='omaha8', "
...             "hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c'")
>>> r.exact, round(r["eq"], 4)
(True, 0.9125)

The language, every function and where this implementation differs from
ProPokerTools: docs/pql.md.
"""

from __future__ import annotations

from .._hooks import RANGE_BOARD
from ._board import COMPOSITION, Composition, RangeOnBoard, on_board
from ._functions import FUNCTIONS, HAND_TYPES
from ._parser import PQLSyntaxError
from ._result import PQLResult
from ._run import DEFAULT_TRIALS, EXACT_LIMIT, GAMES, run

__all__ = ["run", "PQLResult", "PQLSyntaxError", "DEFAULT_TRIALS", "EXACT_LIMIT", "GAMES", "FUNCTIONS", "HAND_TYPES",
           "RangeOnBoard", "Composition", "COMPOSITION"]

RANGE_BOARD.register(on=on_board)
