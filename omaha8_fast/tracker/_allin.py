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
quarter), and likewise when three or more do but at most two of them hold
two different low ranks (no low can then be tied three ways); else by
enumerating the runouts with :func:`omaha8_fast.evaluator.evaluate_batch`
on the flop or the turn (at most 780 runouts). A pot three or more players
with low cards went all-in for pre-flop has its expected value exact but no
halves (None: the hundreds of thousands of runouts would cost 50 ms a hand).
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
    left = np.array([c for c in range(52) if c not in used], np.uint8)
    missing = 5 - len(board)
    count = math.comb(len(left), missing)
    n = len(holes)
    if count * n > _MAX_ROWS:
        return None
    boards = np.empty((count, 5), np.uint8)
    boards[:, :len(board)] = np.array([int(c) for c in board], np.uint8)
    if missing:
        boards[:, len(board):] = left[_combinations(len(left), missing)]
    size = len(holes[0])
    rows = np.repeat(np.array([[int(c) for c in h] for h in holes], np.uint8), count, axis=0).reshape(n * count, size)
    high, low = evaluate_batch(rows, np.tile(boards, (n, 1)), check=False)
    high_m = high.reshape(n, count)
    low_m = np.where(low == 0, np.int32(2**31 - 1), low).reshape(n, count)
    win_high = high_m == high_m.min(axis=0)  # high classes: 1 is a royal flush, lower wins
    best_low = low_m.min(axis=0)
    has_low = best_low < 2**31 - 1
    win_low = (low_m == best_low) & has_low
    high_part = np.where(has_low, 0.5, 1.0) * win_high / win_high.sum(axis=0)
    low_part = 0.5 * win_low / np.maximum(win_low.sum(axis=0), 1)
    high_mean, low_mean = high_part.mean(axis=1), low_part.mean(axis=1)
    return [(float(high_mean[i]), float(low_mean[i])) for i in range(n)]


_COMBINATIONS: dict[tuple[int, int], Any] = {}


def _combinations(n: int, k: int) -> Any:
    """Every k of range(n), as an array of rows (kept: the few sizes recur)."""
    key = (n, k)
    found = _COMBINATIONS.get(key)
    if found is None:
        import numpy as np

        found = np.array(list(itertools.combinations(range(n), k)), np.intp).reshape(-1, k)
        if len(_COMBINATIONS) < 64:
            _COMBINATIONS[key] = found
    return found


def _can_make_low(hole: Sequence[Any]) -> bool:
    """Whether a hole holds two different ranks of 8 or lower (an ace counts): what a low needs."""
    return len({int(c) >> 2 for c in hole if (int(c) >> 2) <= 6 or (int(c) >> 2) == 12}) >= 2


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
        pairs_only = sum(1 for h in holes if _can_make_low(h)) <= 2  # no low can then be tied three ways
        if not pairs_only and board:  # a multiway pre-flop spot: 377k to 658k runouts, halves left out
            halves = pot_halves(holes, board, dead)
        for i, name in enumerate(eligible):
            r = result[i]
            e = out.setdefault(name, [0.0, 0.0, 0.0, 0.0])
            share = r.equity * net
            e[0] += share
            if pairs_only:
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
