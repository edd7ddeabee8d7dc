"""All-in equity: what each player would have won on average in a hand
whose money all went in before the river.

For every pot of the hand (the audit's pots, after their rake), the
expected share of each player who can win it, by
:func:`omaha8_fast.equity.equity` with the board as it was when the last
chip went in, every other known hand of the hand as dead cards. Every such
spot is enumerated exactly (a known heads-up pre-flop spot is C(44, 5) =
1,086,008 boards, under :data:`~omaha8_fast.equity.EXACT_LIMIT`); a spot
over that limit (none with every hand known) would be sampled with
:data:`SAMPLES` seeded deals, its standard error kept. The expected share
is also split into the high half and the low half: exactly from the
equity's counts when two players contest a pot (a tied low gives each a
quarter), by enumerating the runouts with
:func:`omaha8_fast.evaluator.evaluate_batch` when three or more do on the
flop or the turn (at most 780 runouts). A pot three or more players went
all-in for pre-flop has its expected value exact but no halves (None: the
hundreds of thousands of runouts would cost 50 ms a hand).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ..equity import EXACT_LIMIT, equity
from ..histories import ImportedHand
from ._showdowns import claimants

__all__ = ["allin_ev", "pot_halves", "SAMPLES", "SEED"]

#: Monte Carlo deals for a spot over the exact limit, and their seed.
SAMPLES = 100_000
SEED = 20240601
#: Most runouts times players the multiway halves enumerate (a 4-way pre-flop spot is 377k runouts).
_MAX_ROWS = 4_000_000

EV = tuple[float, "float | None", "float | None", float]


def pot_halves(holes: Sequence[Any], board: Sequence[int], dead: Sequence[int]) -> list[tuple[float, float]] | None:
    """Each player's expected share of a pot's high half and low half (as
    fractions of the pot: the high half is the whole pot when nobody has a
    low), over every runout of ``board``; None when there are too many."""
    import numpy as np

    from ..evaluator import evaluate_batch

    used = {int(c) for h in holes for c in h} | {int(c) for c in board} | {int(c) for c in dead}
    left = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    count = math.comb(len(left), missing)
    if count * len(holes) > _MAX_ROWS:
        return None
    if missing:
        runs = np.fromiter(itertools.chain.from_iterable(itertools.combinations(left, missing)), np.uint8,
                           count * missing).reshape(count, missing)
        boards = np.hstack([np.tile(np.array([int(c) for c in board], np.uint8), (count, 1)), runs])
    else:
        boards = np.array([[int(c) for c in board]], np.uint8)
    boards = np.ascontiguousarray(boards)
    highs, lows = [], []
    for hole in holes:
        rows = np.ascontiguousarray(np.tile(np.array([int(c) for c in hole], np.uint8), (len(boards), 1)))
        high, low = evaluate_batch(rows, boards, check=False)
        highs.append(high.astype(np.int64))
        lows.append(np.where(low == 0, np.int64(1 << 40), low.astype(np.int64)))
    high_m, low_m = np.vstack(highs), np.vstack(lows)
    best_high = high_m.min(axis=0)  # high classes: 1 is a royal flush, lower wins
    best_low = low_m.min(axis=0)
    has_low = best_low < (1 << 40)
    win_high = high_m == best_high
    win_low = (low_m == best_low) & has_low
    high_part = np.where(has_low, 0.5, 1.0) * win_high / win_high.sum(axis=0)
    low_part = 0.5 * win_low / np.maximum(win_low.sum(axis=0), 1)
    return [(float(high_part[i].mean()), float(low_part[i].mean())) for i in range(len(holes))]


def allin_ev(hand: ImportedHand, pots: Sequence[Any], board_at: int) -> dict[str, EV]:
    """Per player who could win a pot of ``hand``: ``(expected chips won,
    of the high halves, of the low halves, standard error)``, the board cut
    to its first ``board_at`` cards (0, 3 or 4); empty when a contested
    pot's player did not show their cards."""
    showing = claimants(hand)
    board = [int(c) for c in hand.board[:board_at]]
    holes_all = hand.hole_cards
    out: dict[str, list[Any]] = {}
    for pot in pots:
        net = pot.amount - pot.rake
        eligible = list(pot.eligible)
        if len(eligible) == 1:
            e = out.setdefault(eligible[0], [0.0, 0.0, 0.0, 0.0])
            e[0] += net
            if e[1] is not None:
                e[1] += net
            continue
        if any(n not in showing for n in eligible):
            return {}
        holes = [showing[n] for n in eligible]
        dead = [int(c) for name, cards in holes_all.items() if name not in eligible for c in cards]
        spot_left = 52 - len(board) - len(dead) - sum(len(h) for h in holes)
        deals = math.comb(spot_left, 5 - len(board))
        if deals <= EXACT_LIMIT:
            result = equity(holes, board, dead)
        else:
            result = equity(holes, board, dead, exact=False, samples=SAMPLES, seed=SEED)
        halves: list[tuple[float, float]] | None = None
        if len(eligible) > 2 and board:  # a multiway pre-flop spot: 377k to 658k runouts, halves left out
            halves = pot_halves(holes, board, dead)
        for i, name in enumerate(eligible):
            r = result[i]
            e = out.setdefault(name, [0.0, 0.0, 0.0, 0.0])
            share = r.equity * net
            e[0] += share
            if len(eligible) == 2:
                low = net * (0.5 * r.low_win + 0.25 * r.low_tie)
                hi_lo: tuple[float, float] | None = (share - low, low)
            elif halves is not None:
                hi_lo = (halves[i][0] * net, halves[i][1] * net)
            else:
                hi_lo = None
            if hi_lo is None or e[1] is None:
                e[1] = e[2] = None
            else:
                e[1] += hi_lo[0]
                e[2] += hi_lo[1]
            e[3] = math.hypot(e[3], r.std_error * net)
    return {name: (e[0], e[1], e[2], e[3]) for name, e in out.items()}
