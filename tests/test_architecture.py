"""The shape of the package (docs/architecture.md): no import circle, not even
through an import inside a function; no module over 900 lines and no class
over 400; every public name importable from its one home, and every
subpackage reachable from a bare ``import omaha8_fast``.

The layers themselves are import-linter's contract in pyproject.toml
(``lint-imports`` in .ci/run); the circle check here also covers the modules
inside each layer."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import omaha8_fast

PACKAGE = Path(omaha8_fast.__file__).parent
COMPILED = ("_core", "_entry")


def _modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("omaha8_fast", *path.relative_to(PACKAGE).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    for name in COMPILED:
        found[f"omaha8_fast.{name}"] = (Path(), False)
    return found


def _imports(name: str, path: Path, is_package: bool, modules: dict[str, tuple[Path, bool]]) -> set[str]:
    """Every module of the package that ``name`` imports, anywhere in its code."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" for alias in node.names] + [source]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target.startswith("omaha8_fast") and target != name:
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, is_package, modules) if path.name else set()
            for name, (path, is_package) in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_circle() -> None:
    graph = _graph()
    # the root imports every layer; nothing inside may import the root back
    graph["omaha8_fast"] = set()
    assert _circles(graph) == []
    assert not [name for name, targets in graph.items() if "omaha8_fast" in targets]


def test_the_circle_check_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = _graph()
    # omaha8_fast.analysis imports its plots inside a function only
    assert "omaha8_fast.analysis.plots" in graph["omaha8_fast.analysis"]
    assert "omaha8_fast._entry" in graph["omaha8_fast.evaluator"]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_and_classes_stay_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= 900, f"{path.name}: split it by responsibility"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            assert node.end_lineno - node.lineno + 1 <= 400, f"class {node.name} in {path.name}: split it"


#: The public names, each at its home, module by module.
PUBLIC = {
    "omaha8_fast.cards": ["RANKS", "SUITS", "Card", "CardsLike", "format_cards", "parse_card", "parse_cards"],
    "omaha8_fast.cards.deals": ["random_deals"],
    "omaha8_fast.evaluator": ["evaluate", "evaluate_batch", "evaluate_high", "evaluate_hilo", "HighHand", "LowHand"],
    "omaha8_fast.evaluator.kernels": ["KERNELS", "available_kernels", "kernel"],
    "omaha8_fast.evaluator.reference": ["evaluate_high", "evaluate_low", "evaluate_hilo", "rank_five", "low_five"],
    "omaha8_fast.showdown": ["showdown", "split_pot", "Pot", "pots_from_contributions"],
    "omaha8_fast.ranges": ["Range", "RangeSyntaxError"],
    "omaha8_fast.equity": ["equity", "plan_equity", "EXACT_LIMIT", "PlayerEquity"],
    "omaha8_fast.engine": ["Hand", "Table", "Action", "HandHistory", "IllegalAction", "LegalActions", "Rake",
                           "SeatView", "BETTING_STRUCTURES", "STREETS", "SHOWDOWN_MODES", "MAX_CHIPS", "Betting"],
    "omaha8_fast.engine.rake": ["Rake", "RAKE_SPLITS"],
    "omaha8_fast.engine.views": ["SeatView", "VIEW_SCHEMA"],
    "omaha8_fast.engine.agents": ["RandomAgent", "EquityAgent", "calling_station", "random_agent", "equity_agent"],
    "omaha8_fast.engine.simulation": ["simulate", "SimulationResult", "SeatResult", "BATCH"],
    "omaha8_fast.histories": ["parse_pokerstars", "read_pokerstars", "audit", "to_engine", "to_phh", "from_phh",
                              "to_json", "from_json", "ImportedHand", "HandHistoryError", "PokerStarsReader"],
    "omaha8_fast.analysis": ["equity_by_street", "next_street", "range_distribution", "outs", "low_odds"],
    "omaha8_fast.cli": ["main", "build_parser", "add_json_option", "print_json", "read_player", "SUBCOMMANDS"],
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_public_names_import_from_their_home(module: str) -> None:
    loaded = importlib.import_module(module)
    missing = [name for name in PUBLIC[module] if not hasattr(loaded, name)]
    assert missing == []
    for name in getattr(loaded, "__all__", ()):
        assert hasattr(loaded, name), f"{module}.__all__ names {name}, which it lacks"


def test_the_public_classes_keep_their_public_module() -> None:
    # pickles, reprs and tracebacks name where a class is public, not its file
    from omaha8_fast.analysis import NextStreet
    from omaha8_fast.engine import Hand, IllegalAction, Table

    assert Hand.__module__ == Table.__module__ == IllegalAction.__module__ == "omaha8_fast.engine"
    assert NextStreet.__module__ == "omaha8_fast.analysis"


#: Modules that only re-exported another module's names; each name has one home now.
GONE = ("agents", "views", "rake", "simulation", "plot", "reference", "kernels", "deals")


def test_no_alias_module_at_the_top() -> None:
    assert [name for name in GONE if (PACKAGE / f"{name}.py").exists()] == []


def test_every_subpackage_is_reachable_lazily() -> None:
    # A fresh interpreter: a bare import loads no capability, attribute access loads each on first use.
    code = (
        "import sys, omaha8_fast as o8\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('omaha8_fast.') and m.split('.')[1] in o8.SUBPACKAGES)\n"
        "assert loaded == [], loaded\n"
        "o8.engine.agents.random_agent; o8.engine.simulation.simulate; o8.engine.views.SeatView\n"
        "o8.histories.parse; o8.pql.run; o8.cards.deals.random_deals; o8.evaluator.reference.evaluate_hilo\n"
        "o8.evaluator.kernels.kernel; o8.tournament.icm; o8.ranges.Range; o8.rl.TableBatch\n"
        "assert o8.equity.EXACT_LIMIT and callable(o8.equity) and callable(o8.showdown)\n"
        "from omaha8_fast import Hand, Range, icm, equity\n"
        "assert Hand([100, 100], 0, 1, 2, seed=1).to_phh()  # the histories' hooks load on first use\n"
        "for name in o8.SUBPACKAGES:\n"
        "    if importlib.util.find_spec('omaha8_fast.' + name) is not None:\n"
        "        assert getattr(o8, name).__name__ == 'omaha8_fast.' + name\n"
        "try:\n"
        "    o8.agents\n"
        "except AttributeError as e:\n"
        "    assert 'agents' in str(e)\n"
        "else:\n"
        "    raise AssertionError('o8.agents exists')\n"
    )
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import importlib.util\n" + code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_dir_lists_the_lazy_names() -> None:
    names = dir(omaha8_fast)
    assert {"Hand", "equity", "histories", "pql", "engine"} <= set(names)
    assert set(omaha8_fast.__all__) <= set(names)
