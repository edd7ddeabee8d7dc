"""How much work the randomised tests do: the quick default run (the
README's command) or the slow stage's long run (``.ci/run``:
``HYPOTHESIS_PROFILE=long python -m pytest -m "slow or property"``).

Tests that choose their own number of examples take it from
:func:`examples` and carry the ``property`` marker, so that the slow stage
runs them again with the long count."""

from __future__ import annotations

import os

#: True in the slow stage's long property runs.
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def examples(quick: int, long: int) -> int:
    """``quick`` in the default run, ``long`` with ``HYPOTHESIS_PROFILE=long``."""
    return long if LONG else quick
