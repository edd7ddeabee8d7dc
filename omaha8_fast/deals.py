"""``omaha8_fast.deals``: the public name of :mod:`omaha8_fast.cards.deals`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .cards.deals import (
    random_deals as random_deals,
)

__all__ = ["random_deals"]
