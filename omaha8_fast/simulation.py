"""``omaha8_fast.simulation``: the public name of :mod:`omaha8_fast.engine.simulation`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .engine.simulation import (
    BATCH as BATCH,
    SeatResult as SeatResult,
    SimulationResult as SimulationResult,
    simulate as simulate,
)

__all__ = ["BATCH", "SeatResult", "SimulationResult", "simulate"]
