"""Modules that share their name with their main function.

``omaha8_fast.equity`` and ``omaha8_fast.showdown`` are modules *and* the
names of the functions they define. The package attributes are the modules
made callable, so that both ways of using them work:

- ``import omaha8_fast.equity as m`` gives the module (``m.EXACT_LIMIT``,
  ``m.run_job``), and ``m(...)`` is ``m.equity(...)``;
- ``omaha8_fast.equity(...)`` and ``from omaha8_fast import equity`` then
  ``equity(...)`` call the function.

Type checkers see ``from omaha8_fast import equity`` as the function (the
rebinding in ``omaha8_fast/__init__.py`` is hidden from them) and
``import omaha8_fast.equity`` as the module, so both are typed exactly.
"""

from __future__ import annotations

import sys
import types
from typing import Any

__all__ = ["make_callable"]


class CallableModule(types.ModuleType):
    """A module whose call is its main function's call."""

    _main: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, type(self)._main)(*args, **kwargs)


def make_callable(module_name: str, function_name: str) -> None:
    """Make module ``module_name`` callable as its function ``function_name``."""
    kind = type(f"CallableModule[{function_name}]", (CallableModule,), {"_main": function_name, "__module__": __name__})
    sys.modules[module_name].__class__ = kind
