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
]
