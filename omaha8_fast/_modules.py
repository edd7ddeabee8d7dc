"""Modules that share their name with their main function.

``omaha8_fast.equity`` and ``omaha8_fast.showdown`` are modules *and* the
names of the functions they define. The package attributes are the modules
made callable, so that both ways of using them work:

- ``import omaha8_fast.equity as m`` gives the module (``m.EXACT_LIMIT``,
  ``m.run_job``), and ``m(...)`` is ``m.equity(...)``;
- ``omaha8_fast.equity(...)`` and ``from omaha8_fast import equity`` then
  ``equity(...)`` call the function.

The callable module reports the function's signature
(``inspect.signature(omaha8_fast.equity)`` is that of the function, not
``(*args, **kwargs)``), so help, IDEs and notebooks show the real parameters.

Type checkers see ``from omaha8_fast import equity`` as the function (the
rebinding in ``omaha8_fast/__init__.py`` is hidden from them) and
``import omaha8_fast.equity`` as the module, so both are typed exactly.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
from collections.abc import Callable
from typing import Any

__all__ = ["function_help", "lazy_submodules", "main_function", "make_callable"]


class _MainSignature:
    """``module.__signature__``: the signature of the module's main function
    (``None`` on the class itself, which :mod:`inspect` reads as "none")."""

    def __get__(self, module: object, owner: type | None = None) -> inspect.Signature | None:
        if module is None:
            return None
        return inspect.signature(main_function(module))


class CallableModule(types.ModuleType):
    """A module whose call is its main function's call."""

    _main: str
    __signature__ = _MainSignature()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, type(self)._main)(*args, **kwargs)


def main_function(module: object) -> Callable[..., Any]:
    """The function a callable module calls (``module`` itself if it is not one).

    >>> import omaha8_fast
    >>> main_function(omaha8_fast.equity).__qualname__
    'equity'
    """
    if isinstance(module, CallableModule):
        function: Callable[..., Any] = getattr(module, type(module)._main)
        return function
    if not callable(module):
        raise TypeError(f"{module!r} is not callable")
    return module


def make_callable(module_name: str, function_name: str) -> None:
    """Make module ``module_name`` callable as its function ``function_name``."""
    kind = type(f"CallableModule[{function_name}]", (CallableModule,), {"_main": function_name, "__module__": __name__})
    module = sys.modules[module_name]
    module.__class__ = kind
    # help(module) opens with the function it calls: its signature and summary, then the module's own text.
    head = function_help(f"Calling the module calls {function_name}() (help({module_name}.{function_name})):",
                         [getattr(module, function_name)]).strip("\n")
    module.__doc__ = f"{head}\n\n{module.__doc__ or ''}"


def function_help(title: str, functions: list[object]) -> str:
    """A docstring section: ``title``, then each function's (or callable
    module's) signature and the first paragraph of its docstring.

    >>> import omaha8_fast
    >>> lines = function_help("Functions", [omaha8_fast.showdown]).splitlines()
    >>> lines[2], lines[5]
    ('Functions', "    Split the pots among the players' hands: payouts and how, per pot.")
    >>> print(lines[4])
    showdown(board: 'CardsLike', holes: ..., *, button_order: 'bool' = True) -> 'Showdown'
    """
    lines = ["", "", title, ""]
    for item in functions:
        function = main_function(item)
        summary = (inspect.getdoc(function) or "").split("\n\n", 1)[0]
        lines.append(f"{function.__name__}{inspect.signature(function)}")
        lines += [f"    {line}" for line in summary.splitlines()]
        lines.append("")
    return "\n".join(lines)


def lazy_submodules(package: str, names: tuple[str, ...]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` that imports the submodules
    ``names`` on first use, as numpy and scipy do: after ``import
    omaha8_fast``, ``omaha8_fast.engine.agents`` works without an ``import
    omaha8_fast.engine.agents``.

    >>> getattr_ = lazy_submodules("omaha8_fast.cards", ("deals",))
    >>> getattr_("deals").__name__
    'omaha8_fast.cards.deals'
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
