"""``omaha8_fast.agents``: the public name of :mod:`omaha8_fast.engine.agents`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .engine.agents import (
    ActionLike as ActionLike,
    Agent as Agent,
    EquityAgent as EquityAgent,
    RandomAgent as RandomAgent,
    calling_station as calling_station,
    equity_agent as equity_agent,
    random_agent as random_agent,
)

__all__ = ["ActionLike", "Agent", "EquityAgent", "RandomAgent", "calling_station", "equity_agent", "random_agent"]
