"""Shared test configuration: the Hypothesis profiles (see budget.py).

``quick`` in the default run; ``long`` in the slow stage of ``.ci/run``."""

from __future__ import annotations

from budget import LONG
from hypothesis import HealthCheck, settings

settings.register_profile("long", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("quick", max_examples=50, deadline=None)
settings.load_profile("long" if LONG else "quick")
