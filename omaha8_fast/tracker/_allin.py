"""All-in equity: what each player would have won on average in a hand
whose money all went in before the river.

For every pot of the hand (the audit's pots, after their rake), the
expected share of each player who can win it, over every runout of the
board as it was when the last chip went in, every other known hand of the
hand as dead cards: always exact (with every hole known no spot has more
runouts than a heads-up pre-flop one, C(44, 5) = 1,086,008). The expected
share is split into the high half and the low half: when at most three of
the pot's players hold two different low ranks, exactly, by one call of the
exact equity kernel (``o8_equity_exact``, the kernel of
:func:`omaha8_fast.equity.equity`: a tied low is a quarter, and the
three-way ties follow from the total, see :func:`_counts_kernel`); when four
or more do on the flop or the turn, exactly, the runouts enumerated and
settled in C (``o8_pql_exact_next`` and ``o8_pql_showdowns``, the kernels of
:mod:`omaha8_fast.pql`, which say who won each half alone or shared) and the
high half's units split among its winners here; when four or more do
pre-flop, from the kernel's counts too, but for the lows tied three or more
ways, estimated from :data:`SAMPLES` seeded runouts settled the same way
(docs/tracker.md states the error). Pot units are
integers (:data:`omaha8_fast.equity.POT`: a pot of 5,040 units splits
evenly among any number of winners), so the sums are exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._core import ffi, lib
from ..cards import card_ids, check_unique
from ..equity import equity
from ..histories import ImportedHand
from ..histories._model import stored, stored_holes
from ._showdowns import claimants

__all__ = ["allin_ev", "pot_halves", "SAMPLES", "SEED"]

#: The seeded runouts that split the exact expected value of a pre-flop pot
#: of four or more low hands into its halves, and their seed (every other
#: spot is counted exactly, halves included).
SAMPLES = 20_000
SEED = 20240601
_UNITS = int(lib.O8_POT_UNITS)  # a pot in the kernels' units: 2 * lcm(1..9), split evenly by any ties
_CHUNK = 1 << 16  # runouts per call of the multiway enumeration
_FIELDS = 7  # int64s of one o8_player_counts: share, share_sq, high_win, high_tie, low_win, low_tie, scoop

EV = tuple[float, "float | None", "float | None", float]


def _known_range(holes: Sequence[Any]) -> tuple[Any, Any]:
    """Known holes as the C kernels' ``o8_range[]`` (one hole each) and the buffer it points into."""
    size = len(holes[0])
    cards = ffi.from_buffer(b"".join(map(bytes, holes)))
    return ffi.new("o8_range[]", [(cards + size * i, ffi.NULL, 1) for i in range(len(holes))]), cards


def _counts_kernel(holes: Sequence[Any], low_hands: Sequence[bool], board: bytes,
                   dead: bytes) -> list[tuple[int, int | None, int | None]] | None:
    """Each player's (pot units, of the high half, of the low half) summed
    over every runout, from the exact kernel of :func:`omaha8_fast.equity.equity`
    (``o8_equity_exact``: one call, every hole known), when at
    most three players can make a low (``low_hands``). The kernel counts,
    per player, the lows won alone and shared; with at most three low
    hands a shared low is a quarter (2,520 / 2 units) except when all three
    tie (2,520 / 3 each), and those three-way ties ``t3`` follow from the
    total: the low halves dealt add up to 2,520 units per runout with a low,
    so ``2520 * sum(alone) + 1260 * sum(shared) - 3 * 420 * t3`` is that
    total. None when the kernel refuses the spot (``equity()`` then says why)."""
    n = len(holes)
    players, keep = _known_range(holes)
    out = ffi.new("o8_equity_counts *")
    if lib.o8_equity_exact(players, n, len(holes[0]), board, len(board), dead, len(dead), 0, 1, out) != 0:
        return None
    counts = ffi.unpack(ffi.cast("int64_t *", out), 3 + _FIELDS * n)  # o8_equity_counts as int64s
    del keep
    showdowns = counts[0]
    if showdowns <= 0:
        return None
    half = _UNITS // 2
    # per player: pot units won, lows won alone, lows shared (o8_player_counts' share, low_win, low_tie)
    stats = [(counts[3 + _FIELDS * i], counts[7 + _FIELDS * i], counts[8 + _FIELDS * i]) for i in range(n)]
    with_low = showdowns - counts[1]
    excess = half * sum(p[1] for p in stats) + (half // 2) * sum(p[2] for p in stats) - half * with_low
    if sum(low_hands) > 3:  # ties of three and of four cannot be told apart: the shares and the lows as quarters
        shares: list[tuple[int, int | None, int | None]] = [
            (p[0], None, half * p[1] + (half // 2) * p[2]) for p in stats]
        return shares + [(showdowns, 0, 0)]
    three, rest = divmod(excess, 3 * (half // 2 - half // 3))
    if rest or three < 0 or (three and sum(low_hands) != 3):
        return None  # cannot happen: the counts are the kernel's
    result: list[tuple[int, int | None, int | None]] = []
    for i, (share, low_win, low_tie) in enumerate(stats):
        low = half * low_win + (half // 2) * low_tie
        if three and low_hands[i]:
            low -= (half // 2 - half // 3) * three
        result.append((share, share - low, low))
    return result + [(showdowns, 0, 0)]


def _counts_runouts(holes: Sequence[Any], board: bytes, dead: bytes, samples: int | None = None,
                    excess: list[int] | None = None) -> list[tuple[int, int, int]] | None:
    """Each player's (pot units, of the high half, of the low half) summed
    over every runout: the runouts enumerated in C (``o8_pql_exact_next``),
    or ``samples`` seeded random ones (``o8_equity_deals``, seed
    :data:`SEED`), each settled in C (``o8_pql_showdowns``: the player's pot
    units and which halves they won, alone or shared), the high half's units
    split among its winners here (the low's are the rest). None when refused.
    ``excess``, when given, gets per player the units by which counting each
    low they shared as a quarter overstates it (lows tied three or more ways)."""
    import numpy as np

    n, size = len(holes), len(holes[0])
    players, keep = _known_range(holes)
    cursor = ffi.new("o8_pql_cursor *")
    if samples is None:
        if lib.o8_pql_exact_begin(cursor, players, n, size, board, len(board), dead, len(dead)) != 0:
            return None
        left = 52 - len(board) - len(dead) - n * size
        capacity = min(math.comb(max(left, 0), 5 - len(board)), _CHUNK) or 1
    else:
        capacity = min(samples, _CHUNK)
    width = n * size + 5
    rows = np.empty((capacity, width), np.uint8)
    high = np.empty((capacity, n), np.uint16)
    low = np.empty((capacity, n), np.int32)
    share = np.empty((capacity, n), np.int16)
    flags = np.empty((capacity, n), np.uint8)
    c_rows = ffi.from_buffer("uint8_t[]", rows)
    buffers = (ffi.from_buffer("uint16_t[]", high), ffi.from_buffer("int32_t[]", low),
               ffi.from_buffer("int16_t[]", share), ffi.from_buffer("uint8_t[]", flags))
    shares = np.zeros(n, np.int64)
    highs = np.zeros(n, np.int64)
    count = 0
    stream = 0
    while True:
        if samples is None:
            got = int(lib.o8_pql_exact_next(cursor, c_rows, ffi.NULL, capacity, ffi.NULL))
        else:
            got = min(capacity, samples - count)
            if got and lib.o8_equity_deals(players, n, size, board, len(board), dead, len(dead), got, SEED, stream,
                                           c_rows) != 0:
                return None
            stream += 1
        if got < 0:
            return None
        if got == 0:
            break
        if lib.o8_pql_showdowns(c_rows, width, got, n, size, 5, *buffers) != 0:
            return None
        f = flags[:got]
        won = [(f[:, i] & 3) != 0 for i in range(n)]  # columns: numpy is slow along a short axis
        any_low = f[:, 0] & 12
        winners = won[0].astype(np.int16)
        for i in range(1, n):
            any_low = any_low | (f[:, i] & 12)
            winners += won[i]
        unit = np.where(any_low != 0, _UNITS // 2, _UNITS) // winners
        for i in range(n):
            highs[i] += int(unit[won[i]].sum(dtype=np.int64))
        shares += share[:got].sum(axis=0, dtype=np.int64)
        if excess is not None:
            tied = [(f[:, i] & 8) != 0 for i in range(n)]
            ways = tied[0].astype(np.int16)
            for i in range(1, n):
                ways += tied[i]
            over = np.where(ways >= 3, _UNITS // 4 - _UNITS // 2 // np.maximum(ways, 1), 0)
            for i in range(n):
                excess[i] += int(over[tied[i]].sum(dtype=np.int64))
        count += got
    del keep
    if count == 0:
        return None
    return [(int(shares[i]), int(highs[i]), int(shares[i] - highs[i])) for i in range(n)] + [(count, 0, 0)]


def _sampled_halves(exact: list[tuple[int, int | None, int | None]], holes: Sequence[Any], board: bytes,
                    dead: bytes) -> list[tuple[int, int | None, int | None]]:
    """The halves of a spot of four or more low hands: the exact counts of
    the kernel (``exact``: shares, and lows counted as quarters when
    shared) less the overstatement of the lows tied three or more ways,
    estimated from :data:`SAMPLES` seeded runouts (the only part sampled:
    at most an eighth of the pot on the runouts with such a tie)."""
    excess = [0] * len(holes)
    sampled = _counts_runouts(holes, board, dead, SAMPLES, excess)
    if sampled is None:
        return [(share, None, None) for share, _, _ in exact[:-1]] + [exact[-1]]
    scale = exact[-1][0] / sampled[-1][0]
    out: list[tuple[int, int | None, int | None]] = []
    for (share, _, quarters), over in zip(exact[:-1], excess):
        low = (quarters or 0) - over * scale
        out.append((share, share - low, low))  # type: ignore[arg-type]  # floats: units, the tie part estimated
    return out + [exact[-1]]


def _can_make_low(hole: Sequence[Any]) -> bool:
    """Whether a hole holds two different ranks of 8 or lower (an ace counts): what a low needs."""
    ranks = 0
    for card in hole:
        ranks |= _LOW_BIT[card]
    return ranks & (ranks - 1) != 0  # two bits or more


_LOW_BIT = tuple(1 << (c >> 2) if (c >> 2) <= 6 or (c >> 2) == 12 else 0 for c in range(52))  # 0: no low card


def pot_halves(holes: Sequence[Any], board: Any = (), dead: Any = ()) -> list[tuple[float, float]] | None:
    """Each player's expected share of a pot's high half and low half (as
    fractions of the pot: the high half is the whole pot when nobody has a
    low), over every runout of ``board``, exactly; None when too few cards
    are left. Raises ValueError for holes of unequal or wrong sizes, a board
    of 1, 2 or more than 5 cards, or a card used twice.

    >>> [(round(h, 4), round(l, 4)) for h, l in pot_halves(["As 2s 3d Kc", "Ad 2d 3s Kh", "Qh Qd 3c Kd"],
    ...     "4c 7c Qc")]  # two A-2-3s on 4c 7c Qc share every low; the queens have none
    [(0.0255, 0.1787), (0.0255, 0.1787), (0.5916, 0.0)]
    """
    ids = [card_ids(h) for h in holes]
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    if not 2 <= len(ids) <= lib.O8_MAX_PLAYERS:
        raise ValueError(f"pot_halves takes 2 to {lib.O8_MAX_PLAYERS} holes, got {len(ids)}")
    if len({len(h) for h in ids}) != 1 or len(ids[0]) not in (4, 5, 6):
        raise ValueError(f"the holes must all have 4, 5 or 6 cards, got {sorted({len(h) for h in ids})}")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    check_unique([c for h in ids for c in h] + board_ids + dead_ids)
    counts = _counts_runouts(ids, bytes(board_ids), bytes(dead_ids))
    if counts is None:
        return None
    total = counts[-1][0] * _UNITS
    return [(hi / total, lo / total) for _, hi, lo in counts[:-1]]


def allin_ev(hand: ImportedHand, pots: Sequence[Any], board_at: int) -> dict[str, EV]:
    """Per player who could win a pot of ``hand``: ``(expected chips won,
    of the high halves, of the low halves, standard error)``, the board cut
    to its first ``board_at`` cards (0, 3 or 4); empty when a contested
    pot's player did not show their cards."""
    holes_all = {name: bytes(cards) for name, cards in stored_holes(hand).items()}  # card ids (Cards: ints)
    showing: dict[str, bytes] = claimants(hand, holes_all)
    can_low = {name: _can_make_low(hole) for name, hole in showing.items()}
    boards = stored(hand, "boards")
    board = bytes(boards[0][:board_at]) if boards else b""
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
        dead = b"".join([cards for name, cards in holes_all.items() if name not in eligible])
        low_hands = [can_low[n] for n in eligible]
        counts: list[tuple[int, int | None, int | None]] | None
        if sum(low_hands) <= 3 or not board:
            counts = _counts_kernel(holes, low_hands, board, dead)
            if counts is not None and counts[0][1] is None:  # four or more low hands pre-flop
                counts = _sampled_halves(counts, holes, board, dead)
        else:  # four or more low hands on the flop or the turn: every runout, settled
            counts = list(_counts_runouts(holes, board, dead) or ()) or None
        if counts is None:  # refused by the kernels: equity() says why
            equity([tuple(h) for h in holes], list(board), list(dead))
            raise ValueError(f"the all-in spot of pot {pot!r} cannot be counted")
        total = counts[-1][0] * _UNITS
        scale = net / total
        for i, name in enumerate(eligible):
            share, high, low = counts[i]
            e = out.setdefault(name, [0.0, 0.0, 0.0, 0.0])
            e[0] += share * scale
            if high is None or low is None or e[1] is None:
                e[1] = e[2] = None
            else:
                e[1] += high * scale
                e[2] += low * scale
    return {name: (e[0], e[1], e[2], e[3]) for name, e in out.items()}
