"""``omaha8_fast.views``: the public name of :mod:`omaha8_fast.engine.views`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .engine.views import (
    VIEW_SCHEMA as VIEW_SCHEMA,
    VIEW_SCHEMA_VERSION as VIEW_SCHEMA_VERSION,
    SeatView as SeatView,
)

__all__ = ["VIEW_SCHEMA", "VIEW_SCHEMA_VERSION", "SeatView"]
