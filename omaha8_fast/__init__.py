"""omaha8_fast: Omaha Hi/Lo (8-or-better) evaluation with a C core.

>>> from omaha8_fast import evaluate_hilo
>>> evaluate_hilo("As 2s Kd Kh", "3s 4s 5c Qh Jd")
(1609, 54321)

``equity`` and ``showdown`` are both functions and the modules that define
them: ``import omaha8_fast.equity as m`` gives the module (``m.EXACT_LIMIT``),
and ``omaha8_fast.equity(...)`` (the module, callable) calls the function.

>>> import omaha8_fast.equity as m
>>> m.EXACT_LIMIT, m(["As Ad 2s 3d", "Kh Kd 9c 8c"], "2h 7s 8h")[0].exact
(3000000, True)
"""

from typing import TYPE_CHECKING, Any

from ._bootstrap import find_core as _find_core
from ._version import __version__

_find_core(__path__, __version__)  # run from a checkout's root: use the installed copy's compiled core
from .cards import RANKS, SUITS, Card, CardsLike, format_cards, parse_card, parse_cards
from .engine import (
    BETTING_STRUCTURES,
    Action,
    Hand,
    HandHistory,
    IllegalAction,
    LegalActions,
    Table,
)
from .engine.rake import Rake
from .engine.simulation import SimulationResult, simulate
from .engine.views import SeatView
from .equity import DoubleBoardEquity, EquityPlan, PlayerEquity, double_board_equity, equity, plan_equity
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
from .evaluator.kernels import KernelChoice, available_kernels, kernel, kernel_choice, set_kernel
from .histories import (
    Audit,
    HandHistoryError,
    ImportedHand,
    audit,
    from_phh,
    parse_pokerstars,
    read_pokerstars,
    to_engine,
    to_phh,
    to_pokerstars,
)
from .showdown import (
    Contributions,
    Pot,
    PotResult,
    Showdown,
    double_board_showdown,
    pots_from_contributions,
    showdown,
    split_double_board,
    split_pot,
)

if TYPE_CHECKING:
    from . import pql as pql
    from .analysis import (
        Distribution,
        NextStreet,
        Outs,
        StreetEquities,
        equity_by_street,
        low_odds,
        next_street,
        outs,
        range_distribution,
    )
    from .evaluator import AllHoles, rank_all_holes
    from .tournament import icm
    from .ranges import Range, RangeSyntaxError
else:
    # The package attributes ``equity`` and ``showdown`` are the modules, made
    # callable (omaha8_fast/_modules.py), so that ``import omaha8_fast.equity``
    # gives the module. Type checkers keep seeing the functions imported above.
    import sys as _sys

    equity = _sys.modules[__name__ + ".equity"]
    showdown = _sys.modules[__name__ + ".showdown"]

    from ._modules import function_help as _function_help

    # help(omaha8_fast) lists functions only, and these two are modules: the
    # package's docstring gives their signatures and summaries instead.
    __doc__ = (__doc__ or "") + _function_help("Functions that are also modules (``help(omaha8_fast.equity)``)",
                                               [equity, showdown])

__all__ = [
    "__version__",
    # cards
    "RANKS", "SUITS", "Card", "CardsLike", "format_cards", "parse_card", "parse_cards",
    # evaluation
    "BOARD_SIZES", "CATEGORIES", "HOLE_SIZES", "Evaluation", "HighHand", "LowHand", "evaluate",
    "evaluate_batch", "evaluate_high", "evaluate_high_batch", "evaluate_hilo", "evaluate_low", "high_category",
    "available_kernels", "kernel", "kernel_choice", "set_kernel", "KernelChoice", "AllHoles", "rank_all_holes",
    # showdowns and pot splitting
    "Contributions", "Pot", "PotResult", "Showdown", "pots_from_contributions", "showdown", "split_pot",
    "double_board_showdown", "split_double_board",
    # equity and hand ranges
    "EquityPlan", "PlayerEquity", "equity", "plan_equity", "DoubleBoardEquity", "double_board_equity", "Range", "RangeSyntaxError",
    # street analysis
    "Distribution", "NextStreet", "Outs", "StreetEquities", "equity_by_street", "low_odds", "next_street", "outs",
    "range_distribution",
    # hand engine
    "BETTING_STRUCTURES", "Action", "Hand", "HandHistory", "IllegalAction", "LegalActions", "Table",
    "Rake", "SeatView", "SimulationResult", "simulate",
    # hand histories
    "Audit", "HandHistoryError", "ImportedHand", "audit", "from_phh", "parse_pokerstars", "read_pokerstars",
    "to_engine", "to_phh", "to_pokerstars",
    # tournaments
    "icm",
]

_ANALYSIS = ("Distribution", "NextStreet", "Outs", "StreetEquities", "equity_by_street", "low_odds", "next_street",
             "outs", "range_distribution")


def __dir__() -> list[str]:
    # The lazily loaded names are public too: list them for dir(), help() and completion.
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> Any:
    # Ranges need numpy, which takes longer to import than all the rest: load
    # them on first use so that `import omaha8_fast` stays fast.
    if name in ("Range", "RangeSyntaxError"):
        from . import ranges

        return getattr(ranges, name)
    if name in ("AllHoles", "rank_all_holes"):
        from . import evaluator

        return getattr(evaluator, name)
    if name == "icm":
        from .tournament import icm

        return icm
    if name in _ANALYSIS:
        from . import analysis

        return getattr(analysis, name)
    if name == "pql":  # the subpackage, loaded on first use (numpy): omaha8_fast.pql.run(...)
        import importlib

        return importlib.import_module(__name__ + ".pql")
    raise AttributeError(f"module 'omaha8_fast' has no attribute {name!r}")
