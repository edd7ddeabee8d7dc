"""The public API is visible and honest: dir() and help() list every public
name, and every public callable shows its real parameters (no ``*args,
**kwargs`` where the parameters are known)."""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
import typing
from collections.abc import Iterator

import pytest

import omaha8_fast

#: The public subpackages whose ``__all__`` is walked (with the package itself).
PACKAGES = ("omaha8_fast", "omaha8_fast.cards", "omaha8_fast.evaluator", "omaha8_fast.showdown", "omaha8_fast.ranges",
            "omaha8_fast.equity", "omaha8_fast.engine", "omaha8_fast.histories", "omaha8_fast.analysis",
            "omaha8_fast.rl", "omaha8_fast.pql", "omaha8_fast.solver", "omaha8_fast.cli", "omaha8_fast.tournament")

#: Callables allowed a ``*args`` or ``**kwargs`` parameter, each with the reason.
FORWARDING = {
    "SeatView.to_json": "its keyword arguments are json.dumps's, passed on as they are (documented there)",
    "Hand.to_pokerstars": "its options are omaha8_fast.histories.to_pokerstars's, reached through the _hooks "
                          "registry because the engine does not import the hand-history writers",
}


def _is_type_alias(value: object) -> bool:
    return typing.get_origin(value) is not None


def _public_callables() -> Iterator[tuple[str, object]]:
    """(qualified name, callable) for every public function and class of
    :data:`PACKAGES` and every public method or class method of those classes."""
    seen: set[int] = set()
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if not callable(value) or _is_type_alias(value) or id(value) in seen:
                continue
            seen.add(id(value))
            yield f"{package}.{name}", value
            if inspect.isclass(value):
                yield from _methods(value)


def _methods(cls: type) -> Iterator[tuple[str, object]]:
    """The public methods of ``cls``, its own and those of its bases and
    mixins (Hand's actions live in engine/_actions._Actions), each once."""
    done: set[str] = set()
    for klass in cls.__mro__:
        for attribute, member in vars(klass).items():
            if (attribute.startswith("_") and attribute != "__init__") or attribute in done:
                continue
            done.add(attribute)
            function = getattr(member, "__func__", member)  # class and static methods
            if inspect.isfunction(function):
                yield f"{cls.__name__}.{attribute}", function


def _forwarding_parameters(callable_: object) -> list[str]:
    parameters = inspect.signature(callable_).parameters.values()  # type: ignore[arg-type]
    return [p.name for p in parameters if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def test_the_walk_covers_the_public_api() -> None:
    names = {name for name, _ in _public_callables()}
    assert {"omaha8_fast.equity", "omaha8_fast.showdown", "omaha8_fast.Range", "omaha8_fast.next_street",
            "Hand.act", "omaha8_fast.cli.main"} <= names
    assert set(FORWARDING) <= names  # no stale exception


def test_every_public_callable_shows_its_real_parameters() -> None:
    hidden = {name: str(inspect.signature(value))  # type: ignore[arg-type]
              for name, value in _public_callables()
              if _forwarding_parameters(value) and name not in FORWARDING}
    assert hidden == {}


def test_the_modules_named_like_their_functions_show_the_functions_signatures() -> None:
    import omaha8_fast.equity as equity_module
    import omaha8_fast.showdown as showdown_module

    assert inspect.signature(omaha8_fast.equity) == inspect.signature(equity_module.equity)
    assert inspect.signature(omaha8_fast.showdown) == inspect.signature(showdown_module.showdown)
    assert list(inspect.signature(omaha8_fast.equity).parameters)[:3] == ["holes", "board", "dead"]
    assert equity_module.EXACT_LIMIT == 3_000_000  # still the module


def test_dir_lists_every_public_name() -> None:
    assert set(omaha8_fast.__all__) <= set(dir(omaha8_fast))


def _documented_names(text: str) -> set[str]:
    """The names pydoc's text gives an entry: a class, a function or a datum
    (indented 4 spaces), or a signature line in the package's description."""
    entry = re.compile(r"^    (?:class )?([A-Za-z_][A-Za-z_0-9]*)(?:\(| = )", re.MULTILINE)
    return set(entry.findall(text))


def test_help_documents_every_public_name() -> None:
    # In a fresh interpreter: help() must find the lazily loaded names
    # without anything having loaded them before.
    code = "import pydoc, omaha8_fast; print(pydoc.render_doc(omaha8_fast, renderer=pydoc.plaintext))"
    text = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    missing = set(omaha8_fast.__all__) - _documented_names(text) - {"__version__"}
    assert missing == set()
    assert re.search(r"^VERSION\n    \S", text, re.MULTILINE)  # pydoc's own section for __version__
    assert f"    equity{inspect.signature(omaha8_fast.equity)}" in text


@pytest.mark.parametrize("name", ["next_street", "range_distribution", "equity_by_street"])
def test_the_analysis_options_are_keywords_that_are_checked(name: str) -> None:
    function = getattr(omaha8_fast, name)
    assert inspect.signature(function).parameters["samples"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError, match="unexpected keyword argument 'sample'"):
        function(["As 2s 5d Kc", "Qh Qd Jc Tc"] if name != "range_distribution" else "As 2s 5d Kc",
                 *([] if name != "range_distribution" else ["AA"]), "Qs 7h 4d", sample=10)


def test_the_package_docstring_gives_the_callable_modules_current_signatures() -> None:
    # Written out in omaha8_fast/__init__.py so that `import omaha8_fast` loads neither module;
    # it must be exactly what function_help makes of them now.
    from omaha8_fast._modules import function_help

    section = function_help("Functions that are also modules (``help(omaha8_fast.equity)``)",
                            [omaha8_fast.equity, omaha8_fast.showdown]).strip("\n")
    assert omaha8_fast.__doc__ is not None and section in omaha8_fast.__doc__


def test_help_opens_with_a_map() -> None:
    doc = omaha8_fast.__doc__ or ""
    assert doc.index("The map") < 1200
    from importlib.util import find_spec

    for name in omaha8_fast.SUBPACKAGES:  # each installed one has its line in the map
        if find_spec(f"omaha8_fast.{name}") is not None:
            assert f"``omaha8_fast.{name}``" in doc, name
    import omaha8_fast.equity as equity_module

    assert (equity_module.__doc__ or "").startswith("Calling the module calls equity()")
