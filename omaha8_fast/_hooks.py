"""Functions that a lower layer calls and a higher layer provides.

The layers import only downward (docs/architecture.md), yet a few methods of a
lower layer's classes are conveniences over a higher layer: ``Hand.to_phh()``
is the hand-history writer's job, ``ImportedHand.audit()`` the audit's. Such a
method looks its function up here, by name, and the layer that defines the
function registers it when it is imported; the table imports that layer by
name on first use when nothing has registered yet (``import omaha8_fast``
loads the layers lazily, so a hand may exist before the histories are
loaded). Neither side imports the other.

>>> hooks = Hooks("demo")
>>> hooks.register(double=lambda x: 2 * x)
>>> hooks("double")(21)
42
>>> hooks("triple")
Traceback (most recent call last):
...
RuntimeError: demo: nothing provides 'triple' (import omaha8_fast first)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["HAND_FORMATS", "IMPORTED_HAND", "RANGE_BOARD", "Hooks"]


class Hooks:
    """A table of functions by name, filled by the layer that defines them."""

    def __init__(self, owner: str, provider: str | None = None) -> None:
        # provider: the module that registers the functions, imported by name
        # on first use when nothing has registered yet (so that a lower
        # layer's method works even when only that layer was imported).
        self._owner, self._provider = owner, provider
        self._functions: dict[str, Callable[..., Any]] = {}

    def register(self, **functions: Callable[..., Any]) -> None:
        """Provide (or replace) the functions named by the keywords."""
        self._functions.update(functions)

    def __call__(self, name: str) -> Callable[..., Any]:
        """The function registered as ``name``; ``RuntimeError`` if none is."""
        if name not in self._functions and self._provider is not None:
            importlib.import_module(self._provider)
        try:
            return self._functions[name]
        except KeyError:
            raise RuntimeError(f"{self._owner}: nothing provides {name!r} (import omaha8_fast first)") from None


#: ``Hand.to_phh`` / ``Hand.from_phh`` / ``Hand.to_pokerstars``: provided by omaha8_fast.histories.
HAND_FORMATS = Hooks("omaha8_fast.engine.Hand", provider="omaha8_fast.histories")
#: ``ImportedHand.to_phh`` / ``to_json`` / ``to_engine`` / ``audit``: provided by omaha8_fast.histories.
IMPORTED_HAND = Hooks("omaha8_fast.histories.ImportedHand", provider="omaha8_fast.histories")
#: ``Range.on(board)``: provided by omaha8_fast.pql (imported on first use).
RANGE_BOARD = Hooks("omaha8_fast.ranges.Range", provider="omaha8_fast.pql")
