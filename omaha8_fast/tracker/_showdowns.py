"""Which halves of which pots each player won at a showdown: scoops,
quarters, high only, low only (docs/tracker.md defines them).

Each pot the audit rebuilt (:class:`~omaha8_fast.histories.AuditPot`) that
two or more players could win is *contested*; its claimants are those of
them who showed their cards (a hand mucked gives up its claim). Each run's
board splits it by :func:`omaha8_fast.showdown.showdown`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..histories import ImportedHand
from ..showdown import showdown

__all__ = ["Split", "classify", "claimants"]


class Split(NamedTuple):
    """What one player at the showdown won: ``scoop`` (every part of every
    pot they contested), ``quartered`` (in some contested pot, a half shared
    with one other player and nothing of the other half), ``hi_only`` /
    ``lo_only`` (in some contested pot with a low, a share of one half and
    nothing of the other)."""

    scoop: bool
    quartered: bool
    hi_only: bool
    lo_only: bool


def claimants(hand: ImportedHand) -> dict[str, Any]:
    """The players who showed a whole hand, with their cards."""
    holes = hand.hole_cards
    out: dict[str, Any] = {}
    for shown in hand.shown:
        cards = holes.get(shown.player)
        if cards is not None and len(cards) == hand.hole_size:
            out[shown.player] = cards
    return out


def classify(hand: ImportedHand, pots: Sequence[Any], order: list[str]) -> dict[str, Split]:
    """Per player at the showdown, their :class:`Split`; empty when it
    cannot be told (a contested pot nobody showed for)."""
    showing = claimants(hand)
    events: dict[str, list[bool]] = {}  # name: [lost a part, quartered, hi only, lo only, contested]
    boards = hand.boards if hand.run_twice else hand.boards[:1]
    for pot in pots:
        eligible = list(pot.eligible)
        if len(eligible) < 2:
            continue
        claim = [n for n in eligible if n in showing]
        if not claim:
            return {}
        for name in eligible:
            events.setdefault(name, [False, False, False, False])
            if name not in claim:
                events[name][0] = True
        if len(claim) == 1:
            continue
        ordered = [n for n in order if n in claim]
        holes = [showing[n] for n in ordered]
        for board in boards:
            try:
                result = showdown(board, holes, 1000).pots[0]
            except ValueError:
                return {}
            high, low = result.high_winners, result.low_winners
            for i, name in enumerate(ordered):
                e = events[name]
                in_high, in_low = i in high, i in low
                if not (len(high) == 1 and in_high and (not low or (len(low) == 1 and in_low))):
                    e[0] = True
                if low and ((in_high and len(high) == 2 and not in_low) or (in_low and len(low) == 2 and not in_high)):
                    e[1] = True
                if low and in_high and not in_low:
                    e[2] = True
                if low and in_low and not in_high:
                    e[3] = True
    return {name: Split(not e[0], e[1], e[2], e[3]) for name, e in events.items()}
