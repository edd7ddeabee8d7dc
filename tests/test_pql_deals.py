"""The C side of omaha8_fast.pql: the exact-enumeration cursor
(o8_pql_exact_begin/next) against nested itertools loops written here, and
o8_pql_showdowns (blocks of the batch kernels) against the reference
evaluator; the outcome-only path (equity kernels) against the general path."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from omaha8_fast import Range
from omaha8_fast.cards import card_ids
from omaha8_fast._core import ffi, lib
from omaha8_fast.equity import range_structs
from omaha8_fast.equity._players import read_spot
from omaha8_fast.evaluator import reference
from omaha8_fast.pql import run
from omaha8_fast.pql._deals import CHUNK, exact_deals, player_evals, showdowns
from omaha8_fast.pql._functions import Deals


def _nested_loops(players: list[list[tuple[int, ...]] | None], weights: list[list[int] | None], hole_size: int,
                  board: list[int], dead: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every deal as (row, weight): player by player, a list's candidates in
    order or a random player's combinations of the unused cards, then the
    combinations completing the board; conflicting candidates skipped."""
    out: list[tuple[tuple[int, ...], int]] = []

    def level(i: int, used: set[int], cards: tuple[int, ...], weight: int) -> None:
        if i == len(players):
            rest = [c for c in range(52) if c not in used]
            for extra in itertools.combinations(rest, 5 - len(board)):
                out.append((cards + tuple(board) + extra, weight))
            return
        options = players[i]
        if options is None:
            rest = [c for c in range(52) if c not in used]
            for hole in itertools.combinations(rest, hole_size):
                level(i + 1, used | set(hole), cards + hole, weight)
            return
        w = weights[i]
        for j, hole in enumerate(options):
            if used.isdisjoint(hole) and len(set(hole)) == len(hole):
                level(i + 1, used | set(hole), cards + hole, weight * (1 if w is None else w[j]))
    level(0, set(board) | set(dead), (), 1)
    return out


def _cursor_deals(players: list[list[tuple[int, ...]] | None], weights: list[list[int] | None], hole_size: int,
                  board: list[int], dead: list[int], capacity: int) -> list[tuple[tuple[int, ...], int]]:
    packed = [None if p is None else bytes(c for hole in p for c in hole) for p in players]
    cum = [None if w is None else tuple(itertools.accumulate(w)) for w in weights]
    structs, keep = range_structs(packed, cum, hole_size)
    cursor = ffi.new("o8_pql_cursor *")
    assert lib.o8_pql_exact_begin(cursor, structs, len(players), hole_size, bytes(board), len(board), bytes(dead),
                                  len(dead)) == 0
    width = len(players) * hole_size + 5
    out: list[tuple[tuple[int, ...], int]] = []
    while True:
        rows = np.empty((capacity, width), dtype=np.uint8)
        w = np.empty(capacity, dtype=np.int64)
        got = lib.o8_pql_exact_next(cursor, ffi.from_buffer("uint8_t[]", rows), ffi.from_buffer("int64_t[]", w),
                                    capacity, ffi.NULL)
        assert got >= 0
        if got == 0:
            break
        out += [(tuple(r), int(x)) for r, x in zip(rows[:got].tolist(), w[:got].tolist())]
    del keep
    return out


_CASES = [
    # two known hands, a flop
    ([[(48, 49, 0, 1)], [(44, 45, 28, 24)]], [None, None], 4, [2, 21, 26], []),
    # a random player after a known one, a turn, dead cards
    ([[(48, 49, 0, 1)], None], [None, None], 4, [2, 21, 26, 13], list(range(30, 47))),
    # a weighted list with a candidate that conflicts with the first player, then a random player
    ([[(48, 49, 0, 1)], [(44, 45, 28, 24), (48, 45, 28, 24), (40, 41, 30, 31)], None], [None, [3, 7, 2], None], 4,
     [2, 21, 26, 13, 9], [3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 16, 17, 18, 19]),
    # two-card holes, no board: a repeated card in a candidate is skipped
    ([[(0, 1), (3, 3), (7, 11)], [(0, 2), (12, 13)]], [[1, 5, 2], None], 2, [4, 5, 6, 8], [50, 51, 49]),
    # six-card holes, the river
    ([[(0, 1, 2, 3, 4, 5)], None], [None, None], 6, [40, 41, 42, 47, 51], list(range(8, 33))),
]


@pytest.mark.parametrize("players, weights, hole_size, board, dead", _CASES)
@pytest.mark.parametrize("capacity", [3, 4096])
def test_the_cursor_walks_the_nested_loops(players: list[list[tuple[int, ...]] | None],
                                           weights: list[list[int] | None], hole_size: int, board: list[int],
                                           dead: list[int], capacity: int) -> None:
    expected = _nested_loops(players, weights, hole_size, board, dead)
    assert expected  # every case deals something
    assert _cursor_deals(players, weights, hole_size, board, dead, capacity) == expected


def test_the_cursor_refuses_bad_input() -> None:
    cursor = ffi.new("o8_pql_cursor *")
    structs, keep = range_structs([bytes([0, 1, 2, 3]), None], [None, None], 4)
    assert lib.o8_pql_exact_begin(cursor, structs, 2, 4, bytes([60, 1, 2]), 3, b"", 0) == lib.O8_ERR_INPUT
    assert lib.o8_pql_exact_begin(cursor, structs, 2, 4, bytes([5, 5, 6]), 3, b"", 0) == lib.O8_ERR_INPUT
    assert lib.o8_pql_exact_begin(cursor, structs, 2, 7, b"", 0, b"", 0) == lib.O8_ERR_INPUT
    assert lib.o8_pql_exact_begin(cursor, structs, 10, 4, b"", 0, b"", 0) == lib.O8_ERR_INPUT
    bad_weights, keep2 = range_structs([bytes([0, 1, 2, 3, 4, 5, 6, 7]), None], [(3, 3), None], 4)
    assert lib.o8_pql_exact_begin(cursor, bad_weights, 2, 4, b"", 0, b"", 0) == lib.O8_ERR_INPUT
    del keep, keep2


def test_the_cursor_stops_on_its_cancel_flag() -> None:
    structs, keep = range_structs([bytes([48, 49, 0, 1]), None], [None, None], 4)
    cursor = ffi.new("o8_pql_cursor *")
    assert lib.o8_pql_exact_begin(cursor, structs, 2, 4, b"", 0, b"", 0) == 0
    flag = ffi.new("int32_t *", 1)
    rows = np.empty((1 << 17, 13), dtype=np.uint8)
    assert lib.o8_pql_exact_next(cursor, ffi.from_buffer("uint8_t[]", rows), ffi.NULL, 1 << 17, flag) \
        == lib.O8_CANCELLED
    del keep


def test_exact_deals_of_a_spot_come_in_chunks() -> None:
    spot = read_spot(["AsAd2s3d", "KhKd9c8c"])
    sizes = [len(r) for r, _ in exact_deals(spot)]
    assert sizes[:-1] == [CHUNK] * (len(sizes) - 1) and 0 < sizes[-1] <= CHUNK
    assert sum(sizes) == spot.deals == 1_086_008  # C(44, 5) boards


def test_showdowns_match_the_reference() -> None:
    rng = random.Random(11)
    for n_players, hole_size, board_size in [(2, 4, 5), (3, 5, 4), (9, 4, 5), (2, 6, 3), (4, 4, 5)]:
        rows = []
        for _ in range(1100 if n_players < 9 else 40):  # more than one block of 1,024 rows
            cards = rng.sample(range(52), n_players * hole_size + 5)
            rows.append(cards)
        deals = np.array(rows, dtype=np.uint8)
        got = showdowns(deals, n_players, hole_size, board_size, board_size == 5)
        for r, row in enumerate(rows):
            board = row[n_players * hole_size:n_players * hole_size + board_size]
            holes = [row[p * hole_size:(p + 1) * hole_size] for p in range(n_players)]
            hi = [reference.evaluate_high(h, board) for h in holes]
            lo = [reference.evaluate_low(h, board) for h in holes]
            assert got["high"][r].tolist() == hi
            assert got["low"][r].tolist() == [0 if x is None else x for x in lo]  # decimal lows, 0: none
            if board_size == 5:
                lows = [x for x in lo if x is not None]
                hw = [p for p in range(n_players) if hi[p] == min(hi)]
                lw = [p for p in range(n_players) if lows and lo[p] == min(lows)]
                for p in range(n_players):
                    units = (5040 // len(hw) if p in hw else 0) if not lows else \
                        (2520 // len(hw) if p in hw else 0) + (2520 // len(lw) if p in lw else 0)
                    assert got["share"][r, p] == units
                    flags = (1 if hw == [p] else 2 if p in hw else 0) | \
                        (4 if lw == [p] else 8 if p in lw else 0) | (16 if units == 5040 else 0)
                    assert got["flags"][r, p] == flags


def test_showdowns_settle_ties_and_missing_lows() -> None:
    # one board, holes chosen for the cases: a split high, a quartered low, no low at all
    board = card_ids("2c 3d 4h Ks Kd")
    cases = [
        (["AcAh9s9c", "AdAs9d9h"], [2520, 2520], [2, 2]),  # same high, no low: halves, tied
        (["Ac6hKhQc", "Ad6dJdJc", "QhQs9c9d"], [2520 + 1260, 1260, 0], [1 | 8, 8, 0]),  # trips; a shared low
        (["QcQhTc9c", "Ac8dJhTd"], [2520, 2520], [1, 4]),  # one wins high, the other the low
        (["QcQhTc9c", "JhJs9d8h"], [5040, 0], [1 | 16, 0]),  # no low: the high scoops
    ]
    for holes, share, flags in cases:
        row = [c for h in holes for c in card_ids(h)] + board
        got = showdowns(np.array([row], dtype=np.uint8), len(holes), 4, 5, True)
        assert got["share"][0].tolist() == share, holes
        assert got["flags"][0].tolist() == flags, holes


_OUTCOMES = ("select avg(riverEquity(hero)) as e, avg(fractionalRiverEquity(villain)) as f, count(winsHi(hero)) "
             "as wh, count(tiesHi(villain)) as th, count(winsLo(hero)) as wl, count(tiesLo(hero)) as tl, "
             "count(scoops(villain)) as s from game='omaha8', {}")


@pytest.mark.parametrize("spot, exact", [
    ("hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h'", True),
    ("hero='A2**', villain='KhKd9c8c', board='2h7s8h4c'", True),
    ("hero='AsAd2s3d', villain='*', board='2h7s8h4c'", True),
    ("hero='AsAd2s3d', villain='*'", False),
    ("hero='AsAd2s3d@5, KhKd9c8c@2, 7c7d8s9s@1', villain='Ah2h3c4c@4, QsQdJcJd@3', board='2h7s8h'", True),
    ("hero='AsAd2s3d@5, KhKd9c8c@2, 7c7d8s9s@1', villain='*', board='2h7s8h'", False),
    ("hero='A2**', villain='*', p3='KK**'", False),
])
def test_the_outcome_path_matches_the_general_path(spot: str, exact: bool) -> None:
    query = _OUTCOMES.format(spot)
    fast = run(query, exact=exact, trials=70_000, seed=5)  # more than one chunk of 65,536
    general = run(query + " where true", exact=exact, trials=70_000, seed=5)  # a where clause: rows in Python
    assert (fast.trials, fast.deals, fast.exact, fast.hits) == (general.trials, general.deals, general.exact,
                                                               general.hits)
    for name in fast:
        assert fast[name] == pytest.approx(general[name], rel=1e-13), name
    assert fast["f"] == general["f"]  # exact fractions


def test_a_range_of_every_hand_is_random() -> None:
    a = run("select avg(riverEquity(hero)) as e from game='omaha8', hero='AsAd2s3d', villain='****', "
            "board='2h7s8h4c'", exact=True)
    b = run("select avg(riverEquity(hero)) as e from game='omaha8', hero='AsAd2s3d', villain='*', "
            "board='2h7s8h4c'", exact=True)
    assert a["e"] == b["e"] and a.trials == b.trials == len(Range("*").without("AsAd2s3d2h7s8h4c")) * 40


def test_player_evals_match_the_reference() -> None:
    rng = random.Random(12)
    for n_players, hole_size in [(2, 4), (3, 5), (2, 6)]:
        width = n_players * hole_size + 5
        rows = np.array([rng.sample(range(52), width) for _ in range(1100)], dtype=np.uint8)  # > one block
        for p in range(n_players):
            for street in (3, 4, 5):
                high, low = player_evals(rows, p * hole_size, hole_size, n_players * hole_size, street)
                for r in range(0, len(rows), 7):
                    hole = rows[r, p * hole_size:(p + 1) * hole_size].tolist()
                    board = rows[r, n_players * hole_size:n_players * hole_size + street].tolist()
                    assert high[r] == reference.evaluate_high(hole, board)
                    assert low[r] == (reference.evaluate_low(hole, board) or 0)


def test_player_evals_refuse_offsets_beyond_the_row() -> None:
    rows = np.zeros((4, 13), dtype=np.uint8)
    with pytest.raises(ValueError):
        player_evals(rows, 10, 4, 8, 5)  # the hole would end past the row
    with pytest.raises(ValueError):
        player_evals(rows, 0, 4, 9, 5)  # the board too


def test_one_players_values_equal_the_showdowns_columns() -> None:
    # Deals.player evaluates one player alone when the query settles no river: the same values
    rng = random.Random(13)
    rows = np.array([rng.sample(range(52), 13) for _ in range(500)], dtype=np.uint8)
    alone = Deals(rows, 2, 4, 5, b"", showdown=False)
    both = Deals(rows, 2, 4, 5, b"")
    for street in (3, 4, 5):
        for p in (0, 1):
            h, l = alone.player(p, street)
            e = both.evals(street)
            assert h.tolist() == e["high"][:, p].tolist() and l.tolist() == e["low"][:, p].tolist()
