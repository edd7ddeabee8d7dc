"""The work a call does, counted in Python function calls (whatever the
machine's load): the hand-history tests bound a reader's work per line with
it (tests/test_histories_rooms.py, tests/test_histories_sites_a.py).

Test modules import it by name (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from omaha8_fast.histories import HandHistoryError

__all__ = ["python_calls"]


def python_calls(call: Callable[[], Any]) -> int:
    """The Python function calls ``call()`` makes; a :class:`HandHistoryError`
    it raises ends the count (the work up to the error is counted)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        call()
    except HandHistoryError:
        pass
    finally:
        sys.setprofile(None)
    return count
