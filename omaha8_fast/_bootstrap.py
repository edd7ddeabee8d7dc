"""Find the compiled core when the source tree shadows an installed copy.

Run from the root of a checkout after ``pip install .``, Python imports the
checkout's ``omaha8_fast/`` folder, which holds no compiled ``_core``. Then
:func:`find_core` looks for an installed copy of the same version elsewhere on
``sys.path`` and lets the package load that copy's ``_core``; without one it
raises an ``ImportError`` that says what to do.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import MutableSequence

__all__ = ["find_core"]

_CORE = re.compile(r"^_core(\..*)?\.(so|pyd)$")


def _has_core(folder: str) -> bool:
    try:
        return any(_CORE.match(name) for name in os.listdir(folder))
    except OSError:
        return False


def _version_of(folder: str) -> str | None:
    try:
        with open(os.path.join(folder, "_version.py"), encoding="utf-8") as f:
            match = re.search(r"""__version__\s*=\s*["']([^"']+)["']""", f.read())
    except OSError:
        return None
    return match.group(1) if match else None


def find_core(package_path: MutableSequence[str], version: str) -> None:
    """Make ``omaha8_fast._core`` importable, or raise a helpful ``ImportError``."""
    here = package_path[0]
    if _has_core(here):
        return
    mismatched = None
    for entry in sys.path:
        candidate = os.path.join(entry or os.getcwd(), "omaha8_fast")
        if not os.path.isdir(candidate) or os.path.realpath(candidate) == os.path.realpath(here):
            continue
        if _has_core(candidate):
            if _version_of(candidate) == version:
                package_path.append(candidate)  # import _core (only) from the installed copy
                return
            mismatched = mismatched or candidate
    found = (f" The installed copy in {mismatched} is another version ({_version_of(mismatched)}, this is {version})."
             if mismatched else "")
    raise ImportError(
        f"omaha8_fast's compiled core (_core) is missing from {here}: Python is importing the source "
        f"folder of a checkout, which shadows any installed copy.{found} Run Python from another "
        "directory, or build the core in place with `pip install -e .` in the checkout."
    )
