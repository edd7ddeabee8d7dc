"""Which halves of which pots each player won at a showdown: scoops,
quarters, high only, low only (docs/tracker.md defines them).

Each pot the audit rebuilt (:class:`~omaha8_fast.histories.AuditPot`) that
two or more players could win is *contested*; its claimants are those of
them who showed their cards (a hand mucked gives up its claim). Each run's
board splits it (:func:`omaha8_fast.evaluator.evaluate_hilo`: the best high,
the best 8-or-better low when one qualifies, ties sharing the half).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..histories import ImportedHand
from ..evaluator import evaluate_hilo
from ..histories._model import stored, stored_holes

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


def claimants(hand: ImportedHand, holes: Mapping[str, Sequence[Any]] | None = None) -> dict[str, Any]:
    """The players who showed a whole hand, with their cards (ids or Cards:
    read from the stored records, see :func:`omaha8_fast.histories._model.records`);
    ``holes``, when given, is ``stored_holes(hand)`` already read."""
    if holes is None:
        holes = stored_holes(hand)
    size = hand.hole_size
    out: dict[str, Any] = {}
    for shown in stored(hand, "shown"):  # the player first in either stored form (see records)
        player = shown[0]
        cards = holes.get(player)
        if cards is not None and len(cards) == size:
            out[player] = cards
    return out


def classify(hand: ImportedHand, pots: Sequence[Any]) -> dict[str, Split]:
    """Per player at the showdown, their :class:`Split`; empty when it
    cannot be told (a contested pot nobody showed for)."""
    showing = claimants(hand)
    events: dict[str, list[bool]] = {}  # name: [lost a part, quartered, hi only, lo only, contested]
    stored_boards = stored(hand, "boards")
    boards = stored_boards if len(stored_boards) == 2 else stored_boards[:1]
    values: dict[str, list[tuple[int, int | None]]] = {}  # per player who showed: (high, low) on each run's board
    plain = [tuple([int(c) for c in board]) for board in boards]  # plain ids: the evaluator's fast path
    try:
        for name, cards in showing.items():
            ids = tuple([int(c) for c in cards])
            values[name] = [evaluate_hilo(ids, board) for board in plain]
    except ValueError:
        return {}
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
        for r in range(len(boards)):
            his = [values[n][r][0] for n in claim]
            los = [values[n][r][1] for n in claim]
            best_high = min(his)
            high = [n for n, v in zip(claim, his) if v == best_high]
            lows = [v for v in los if v is not None]
            best_low = min(lows) if lows else None
            low = [n for n, v in zip(claim, los) if v is not None and v == best_low]
            for name in claim:
                e = events[name]
                in_high, in_low = name in high, name in low
                if not (len(high) == 1 and in_high and (not low or (len(low) == 1 and in_low))):
                    e[0] = True
                if low and ((in_high and len(high) == 2 and not in_low) or (in_low and len(low) == 2 and not in_high)):
                    e[1] = True
                if low and in_high and not in_low:
                    e[2] = True
                if low and in_low and not in_high:
                    e[3] = True
    return {name: Split(not e[0], e[1], e[2], e[3]) for name, e in events.items()}
