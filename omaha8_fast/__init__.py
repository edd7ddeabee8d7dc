"""omaha8_fast: Omaha Hi/Lo (8-or-better) evaluation with a C core.

>>> from omaha8_fast import evaluate_hilo
>>> evaluate_hilo("As 2s Kd Kh", "3s 4s 5c Qh Jd")
(1609, 54321)
"""

from ._version import __version__
from .cards import RANKS, SUITS, Card, CardsLike, format_cards, parse_card, parse_cards
from .evaluator import (
    BOARD_SIZES,
    CATEGORIES,
    HOLE_SIZES,
    Evaluation,
    HighHand,
    LowHand,
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_high_batch,
    evaluate_hilo,
    evaluate_low,
    high_category,
)
from .equity import PlayerEquity, equity
from .ranges import Range, RangeSyntaxError

__all__ = [
    "__version__",
    "RANKS",
    "SUITS",
    "Card",
    "CardsLike",
    "format_cards",
    "parse_card",
    "parse_cards",
    "BOARD_SIZES",
    "CATEGORIES",
    "HOLE_SIZES",
    "Evaluation",
    "HighHand",
    "LowHand",
    "evaluate",
    "evaluate_batch",
    "evaluate_high",
    "evaluate_high_batch",
    "evaluate_hilo",
    "evaluate_low",
    "high_category",
    "PlayerEquity",
    "equity",
    "Range",
    "RangeSyntaxError",
]

# Showdowns and pot splitting. Note: the function ``showdown`` shadows the
# submodule as a package attribute; import the module's other names with
# ``from omaha8_fast.showdown import ...``.
from .showdown import Contributions, Pot, PotResult, Showdown, pots_from_contributions, showdown, split_pot

__all__ += ["Contributions", "Pot", "PotResult", "Showdown", "pots_from_contributions", "showdown", "split_pot"]

# Hand engine (issue 8)
from .engine import BETTING_STRUCTURES, Action, Hand, HandHistory, IllegalAction, LegalActions, Table  # noqa: E402

__all__ += ["BETTING_STRUCTURES", "Action", "Hand", "HandHistory", "IllegalAction", "LegalActions", "Table"]
