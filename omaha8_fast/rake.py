"""``omaha8_fast.rake``: the public name of :mod:`omaha8_fast.engine.rake`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .engine.rake import (
    RAKE_SPLITS as RAKE_SPLITS,
    Rake as Rake,
    RakeSplit as RakeSplit,
)

__all__ = ["RAKE_SPLITS", "Rake", "RakeSplit"]
