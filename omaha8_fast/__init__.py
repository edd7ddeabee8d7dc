"""omaha8_fast: Omaha Hi/Lo (8-or-better) evaluation with a C core.

>>> from omaha8_fast import evaluate_hilo
>>> evaluate_hilo("As 2s Kd Kh", "3s 4s 5c Qh Jd")
(1609, 54321)

The map (each subpackage loads on first use: ``import omaha8_fast`` then
``omaha8_fast.engine.agents.random_agent`` works, and the import stays fast):

=============================  ===============================================
``omaha8_fast.cards``          card ids and text (``parse_cards``,
                               ``format_cards``); ``cards.deals`` random deals
``omaha8_fast.evaluator``      ``evaluate_hilo``, ``evaluate``, the batch
                               kernels (``evaluator.kernels``) and the plain
                               Python reference (``evaluator.reference``)
``omaha8_fast.showdown``       ``showdown``, ``split_pot``, side pots
``omaha8_fast.ranges``         ``Range`` (the range syntax) and its ranking
``omaha8_fast.equity``         ``equity``, ``plan_equity``, double boards
``omaha8_fast.engine``         ``Hand``, ``Table``; ``engine.agents``,
                               ``engine.views``, ``engine.rake``,
                               ``engine.simulation`` (``simulate``)
``omaha8_fast.histories``      every room's hand histories: ``parse``,
                               ``read``, ``audit``, ``to_engine``, PHH, JSON
``omaha8_fast.analysis``       equity by street, next cards, outs, low odds;
                               ``analysis.plots`` (matplotlib)
``omaha8_fast.pql``            the Poker Query Language (``pql.run``)
``omaha8_fast.rl``             PettingZoo, Gymnasium and OpenSpiel
                               environments, ``TableBatch``
``omaha8_fast.solver``         heads-up river and turn subgames solved by
                               CFR (``solver.Spot``, ``solver.solve``)
``omaha8_fast.tracker``        a DuckDB hand database with Omaha Hi/Lo
                               statistics (``tracker.Tracker``)
``omaha8_fast.tournament``     ``icm``
``omaha8_fast.cli``            the ``omaha8`` command
=============================  ===============================================

The most used names are also here (``omaha8_fast.__all__``): ``from
omaha8_fast import Hand, equity, Range``. ``equity`` and ``showdown`` are
both functions and the modules that define them: ``import
omaha8_fast.equity as m`` gives the module (``m.EXACT_LIMIT``), and
``omaha8_fast.equity(...)`` (the module, callable) calls the function.

>>> import omaha8_fast.equity as m
>>> m.EXACT_LIMIT, m(["As Ad 2s 3d", "Kh Kd 9c 8c"], "2h 7s 8h")[0].exact
(3000000, True)

Functions that are also modules (``help(omaha8_fast.equity)``)

equity(holes: 'Sequence[HandOrRandom]', board: 'CardsLike' = (), dead: 'CardsLike' = (), *, exact: 'bool | None' = None, samples: 'int | None' = None, seed: 'int | None' = None, threads: 'int | None' = None, executor: 'Executor | None' = None, progress: 'bool' = False, timeout: 'float | None' = None, partial: 'bool' = False, max_deals: 'int | None' = None) -> 'list[PlayerEquity]'
    Each player's equity, high and low wins and ties, scoops and no-low share.

showdown(board: 'CardsLike', holes: 'Sequence[CardsLike | None]', pot: 'PotLike', *, button_order: 'bool' = True) -> 'Showdown'
    Split the pots among the players' hands: payouts and how, per pot.
"""  # noqa: E501  (the section is function_help's text, written out so that the import loads neither module)

from __future__ import annotations

import importlib as _importlib

TYPE_CHECKING = False  # typing's own flag, without importing typing (part of the import's time)

from ._bootstrap import find_core as _find_core
from ._version import __version__

_find_core(__path__, __version__)  # run from a checkout's root: use the installed copy's compiled core

#: The subpackages and modules reachable as attributes of the package,
#: imported on first use (``omaha8_fast.histories.parse``). A new
#: subpackage is one more name here.
SUBPACKAGES = (
    "analysis", "cards", "cli", "engine", "equity", "evaluator", "histories", "pql", "ranges", "rl", "showdown",
    "solver", "tournament", "tracker",
)

#: Where each name of ``__all__`` lives (imported on first use).
_HOMES: dict[str, tuple[str, ...]] = {
    "cards": ("RANKS", "SUITS", "Card", "CardsLike", "format_cards", "parse_card", "parse_cards"),
    "evaluator": ("BOARD_SIZES", "CATEGORIES", "HOLE_SIZES", "Evaluation", "HighHand", "LowHand", "evaluate",
                  "evaluate_batch", "evaluate_high", "evaluate_high_batch", "evaluate_hilo", "evaluate_low",
                  "high_category", "AllHoles", "rank_all_holes"),
    "evaluator.kernels": ("KernelChoice", "available_kernels", "kernel", "kernel_choice", "set_kernel"),
    "showdown": ("Contributions", "Pot", "PotResult", "Showdown", "pots_from_contributions", "split_pot",
                 "double_board_showdown", "split_double_board"),
    "equity": ("EquityPlan", "PlayerEquity", "plan_equity", "DoubleBoardEquity", "double_board_equity"),
    "ranges": ("Range", "RangeSyntaxError"),
    "analysis": ("Distribution", "NextStreet", "Outs", "StreetEquities", "equity_by_street", "low_odds",
                 "next_street", "outs", "range_distribution"),
    "engine": ("BETTING_STRUCTURES", "Action", "Hand", "HandHistory", "IllegalAction", "LegalActions", "Table"),
    "engine.rake": ("Rake",),
    "engine.views": ("SeatView",),
    "engine.simulation": ("SimulationResult", "simulate"),
    "histories": ("Audit", "HandHistoryError", "ImportedHand", "audit", "from_phh", "parse_pokerstars",
                  "read_pokerstars", "to_engine", "to_phh", "to_pokerstars"),
    "tournament": ("icm",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

if TYPE_CHECKING:
    from typing import Any

    from . import (
        analysis as analysis,
        cards as cards,
        cli as cli,
        engine as engine,
        evaluator as evaluator,
        histories as histories,
        pql as pql,
        ranges as ranges,
        rl as rl,
        solver as solver,
        tournament as tournament,
        tracker as tracker,
    )
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
    from .cards import RANKS, SUITS, Card, CardsLike, format_cards, parse_card, parse_cards
    from .engine import BETTING_STRUCTURES, Action, Hand, HandHistory, IllegalAction, LegalActions, Table
    from .engine.rake import Rake
    from .engine.simulation import SimulationResult, simulate
    from .engine.views import SeatView

    # Type checkers see the functions; at run time the names are the callable modules.
    from .equity import DoubleBoardEquity, EquityPlan, PlayerEquity, double_board_equity, equity, plan_equity
    from .evaluator import (
        BOARD_SIZES,
        CATEGORIES,
        HOLE_SIZES,
        AllHoles,
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
        rank_all_holes,
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
    from .ranges import Range, RangeSyntaxError
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
    from .tournament import icm

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


del TYPE_CHECKING


def _present(name: str) -> bool:
    """Whether subpackage ``name`` is installed (a name of SUBPACKAGES may be one to come)."""
    from importlib.util import find_spec

    return find_spec(f"{__name__}.{name}") is not None


def __dir__() -> list[str]:
    # The lazily loaded names are public too: list them for dir(), help() and completion.
    return sorted(set(globals()) | set(__all__) | {name for name in SUBPACKAGES if _present(name)})


def __getattr__(name: str) -> Any:
    # Everything but the version loads on first use, so that `import
    # omaha8_fast` stays fast (numpy alone takes longer than all the rest).
    # ``equity`` and ``showdown`` are the modules, made callable (_modules.py).
    home = _HOME_OF.get(name)
    if home is not None:
        value = getattr(_importlib.import_module(f"{__name__}.{home}"), name)
    elif name in SUBPACKAGES and _present(name):
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the next look-up is a plain attribute
    return value
