"""Imported hands as a pandas DataFrame, one row per hand (:func:`to_dataframe`).

pandas is an optional extra: ``pip install 'omaha8_fast[dataframe]'``.

>>> from omaha8_fast.engine import Hand
>>> from omaha8_fast.histories import parse_pokerstars, to_pokerstars
>>> hand = Hand([10, 10], button=0, small_blind=1, big_blind=2, betting="limit", seed=1)
>>> hand.fold()
>>> hands = parse_pokerstars(to_pokerstars(hand, hand_id=1))
>>> rows = hand_rows(hands)
>>> rows[0]["hand_id"], rows[0]["players"], rows[0]["winners"], rows[0]["total_pot"]
('1', 2, 'Player2', 2)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from ._model import ImportedHand

__all__ = ["COLUMNS", "hand_rows", "to_dataframe"]

#: The columns of :func:`to_dataframe`, in order.
COLUMNS = (
    "site", "hand_id", "date", "table", "tournament", "game", "betting", "hole_size", "unit", "currency",
    "small_stake", "big_stake", "players", "hero", "hero_cards", "board", "run_twice", "total_pot", "rake",
    "returned", "winners", "paid", "showdown", "actions",
)


def hand_rows(hands: Iterable[ImportedHand]) -> list[dict[str, Any]]:
    """The rows of :func:`to_dataframe` as dicts (no pandas needed)."""
    rows = []
    for hand in hands:
        if not isinstance(hand, ImportedHand):
            raise TypeError(f"to_dataframe takes ImportedHand objects, not {type(hand).__name__}")
        paid = hand.paid
        hero_cards = hand.hole_cards.get(hand.hero) if hand.hero else None
        rows.append({
            "site": hand.site, "hand_id": hand.hand_id, "date": hand.date, "table": hand.table,
            "tournament": hand.tournament.id if hand.tournament else None, "game": hand.game,
            "betting": hand.betting, "hole_size": hand.hole_size, "unit": hand.unit, "currency": hand.currency,
            "small_stake": hand.stakes[0], "big_stake": hand.stakes[1], "players": len(hand.seats),
            "hero": hand.hero, "hero_cards": " ".join(map(str, hero_cards)) if hero_cards else None,
            "board": " ".join(map(str, hand.board)), "run_twice": hand.run_twice, "total_pot": hand.total_pot,
            "rake": hand.rake, "returned": sum(amount for _, amount in hand.returned),
            "winners": ", ".join(name for name, amount in paid.items() if amount), "paid": sum(paid.values()),
            "showdown": bool(hand.shown), "actions": len(hand.actions),
        })
    return rows


def to_dataframe(hands: Iterable[ImportedHand]) -> Any:
    """One row per hand (the columns of :data:`COLUMNS`; amounts are ints in
    each hand's ``unit``), as a ``pandas.DataFrame``. pandas is the optional
    extra ``dataframe``: without it, an ImportError that says so."""
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise ImportError("to_dataframe needs pandas: pip install 'omaha8_fast[dataframe]' (or pip install pandas)") \
            from None
    return pandas.DataFrame(hand_rows(hands), columns=list(COLUMNS))
