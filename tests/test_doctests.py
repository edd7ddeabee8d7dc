"""Run the examples in every module's docstrings against the installed package."""

import doctest
import importlib
import pkgutil

import pytest

import omaha8_fast

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(omaha8_fast.__path__, "omaha8_fast.") if m.name.rsplit(".", 1)[1] not in ("_core", "_entry", "__main__")
) + ["omaha8_fast"]


#: Modules that need a library of an optional extra ([rl]: the environments of omaha8_fast.rl).
OPTIONAL = {"omaha8_fast.rl._pettingzoo": "pettingzoo", "omaha8_fast.rl._gymnasium": "gymnasium",
            "omaha8_fast.rl._openspiel": "pyspiel"}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    if name in ("omaha8_fast.analysis.plots", "omaha8_fast.solver._plot"):
        pytest.importorskip("matplotlib")  # the optional [plot] extra
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name], reason=f"{name} needs the rl extra")
    if name == "omaha8_fast.tracker" or name.startswith("omaha8_fast.tracker.") or name == "omaha8_fast.cli._db":
        pytest.importorskip("duckdb", reason=f"{name} needs the tracker extra")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failures in {name}"
