"""Equity: exact enumeration against brute force on the pure-Python reference
evaluator and against poker-equity, Monte Carlo against exact, reproducibility
however the chunks run, and input errors."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from omaha8_fast.evaluator import reference
from omaha8_fast._core import ffi, lib
from omaha8_fast.cards import card_ids, format_cards
from omaha8_fast.equity import CHUNKS, EquityJob, PlayerEquity, equity, run_job

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "no_low")


def brute_force(holes: list[list[int] | None], board: list[int], dead: list[int] = []) -> list[dict[str, Fraction]]:
    """Every deal settled from the rules with the reference evaluator; a
    ``None`` hole runs over every hole of the cards left."""
    used = {c for h in holes if h for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    random_seats = [i for i, h in enumerate(holes) if h is None]
    totals = [dict.fromkeys(FIELDS, Fraction(0)) for _ in holes]
    deals = 0

    def deal_random(seat: int, left: list[int], hands: list[list[int] | None]) -> Any:
        if seat == len(random_seats):
            yield left, hands
            return
        for hole in combinations(left, 4):
            rest = [c for c in left if c not in hole]
            filled = list(hands)
            filled[random_seats[seat]] = list(hole)
            yield from deal_random(seat + 1, rest, filled)

    for left, hands in deal_random(0, deck, list(holes)):
        for extra in combinations(left, 5 - len(board)):
            full = board + list(extra)
            values = [reference.evaluate_hilo(h, full) for h in hands]
            best_high = min(v[0] for v in values)
            high_winners = [i for i, v in enumerate(values) if v[0] == best_high]
            lows = [v[1] for v in values if v[1] is not None]
            low_winners = [i for i, v in enumerate(values) if lows and v[1] == min(lows)]
            high_pot = Fraction(1, 2) if lows else Fraction(1)
            deals += 1
            for i, t in enumerate(totals):
                t["no_low"] += not lows
                if i in high_winners:
                    t["equity"] += high_pot / len(high_winners)
                    t["high_win" if len(high_winners) == 1 else "high_tie"] += 1
                if i in low_winners:
                    t["equity"] += Fraction(1, 2) / len(low_winners)
                    t["low_win" if len(low_winners) == 1 else "low_tie"] += 1
                alone_low = not lows or low_winners == [i]
                t["scoop"] += high_winners == [i] and alone_low
    return [{k: v / deals for k, v in t.items()} for t in totals]


def assert_same(ours: list[PlayerEquity], expected: list[dict[str, Any]], tolerance: float = 1e-12) -> None:
    for mine, theirs in zip(ours, expected):
        for field in FIELDS:
            assert getattr(mine, field) == pytest.approx(float(theirs[field]), abs=tolerance), field


def random_spot(rng: random.Random, players: int, board: int, dead: int = 0, size: int = 4) -> tuple[list[list[int]], list[int], list[int]]:
    cards = rng.sample(range(52), players * size + board + dead)
    holes = [cards[i * size:(i + 1) * size] for i in range(players)]
    rest = cards[players * size:]
    return holes, rest[:board], rest[board:]


# --- exact enumeration vs brute force ------------------------------------------


# 5 and 6 players straddle the kernels' switch from outcome tallies to settling each showdown
@pytest.mark.parametrize("players,board,dead", [(2, 4, 0), (3, 4, 0), (2, 3, 22), (3, 3, 18), (2, 5, 0), (5, 4, 0), (6, 4, 0)])
def test_exact_matches_brute_force(players: int, board: int, dead: int) -> None:
    rng = random.Random(players * 100 + board * 10 + dead)
    for _ in range(2):
        holes, board_ids, dead_ids = random_spot(rng, players, board, dead)
        result = equity(holes, board_ids, dead_ids)
        assert all(p.exact for p in result)
        assert_same(result, brute_force(holes, board_ids, dead_ids))


def test_exact_random_opponent_matches_brute_force() -> None:
    # a river spot with most of the deck dead: the random hand runs over C(9, 4) holes
    holes, board, dead = random_spot(random.Random(5), 1, 5, 34)
    result = equity([holes[0], None], board, dead)
    assert result[0].showdowns == 126
    assert_same(result, brute_force([holes[0], None], board, dead))


def test_preflop_counts_are_exact_integers() -> None:
    # heads-up preflop: every one of the C(44, 5) boards, pot shares in 1/5040 units
    aces, kings = equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], threads=1)
    assert aces.exact and aces.showdowns == 1086008
    units = [round(p.equity * 5040 * p.showdowns) for p in (aces, kings)]
    assert sum(units) == 5040 * 1086008
    assert aces.equity + kings.equity == pytest.approx(1.0, abs=1e-15)


def test_published_matchup() -> None:
    # Steve Badger, "Omaha Poker Hand Equity" (Omaha high-low): 6666 is a 54.04%
    # favourite over 5432 offsuit. 6666 holds one card of each suit, so every
    # rainbow 5432 gives the same number; it is stated to 0.01%.
    quads, wheel = equity(["6c 6d 6h 6s", "5c 4d 3h 2s"])
    assert abs(quads.equity - 0.5404) <= 0.00005
    assert wheel.equity == pytest.approx(1 - quads.equity)


@pytest.mark.parametrize("size", [5, 6])
def test_big_holes_match_brute_force_on_the_turn(size: int) -> None:
    holes, board, _ = random_spot(random.Random(size), 2, 4, size=size)
    assert_same(equity(holes, board), brute_force(holes, board))


def test_parts_add_up_however_split() -> None:
    # the C kernel's parts sum to the same counts for any number of parts
    holes = [bytes(card_ids("As Ad 2s 3d")), bytes(card_ids("Kh Kd 9c 8c"))]
    board = bytes(card_ids("2h 7s 8h"))

    def counts(n_parts: int) -> list[int]:
        players = ffi.new("o8_range[]", 2)
        keep = [ffi.from_buffer("uint8_t[]", h) for h in holes]
        for i in range(2):
            players[i].holes, players[i].n_holes = keep[i], 1
        fields = ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop")
        total = [0] * (2 + 2 * len(fields))
        for part in range(n_parts):
            out = ffi.new("o8_equity_counts *")
            assert lib.o8_equity_exact(players, 2, 4, board, 3, b"", 0, part, n_parts, out) == 0
            row = [out.showdowns, out.no_low] + [getattr(out.player[p], f) for p in range(2) for f in fields]
            total = [a + b for a, b in zip(total, row)]
        return total

    assert counts(1) == counts(7) == counts(64)
    job = EquityJob(tuple(holes), (None, None), 4, board, b"", exact=True, parts=1)
    assert run_job(job) == run_job(replace(job, parts=CHUNKS), threads=2) == run_job(replace(job, parts=5))


# --- poker-equity, an independent engine ---------------------------------------


@pytest.mark.parametrize("board", [3, 4])
def test_exact_matches_poker_equity(board: int) -> None:
    pe = pytest.importorskip("poker_equity")
    rng = random.Random(board)
    for players in (2, 2, 3, 3, 2, 3):
        holes, board_ids, _ = random_spot(rng, players, board)
        theirs = pe.exact_from_text("omaha_hi_lo", [format_cards(h, "") for h in holes], format_cards(board_ids))
        assert theirs is not None and theirs["exact"]
        ours = equity(holes, board_ids)
        assert ours[0].showdowns == theirs["samples"]
        fields = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop")
        for mine, their in zip(ours, theirs["players"]):
            for field in fields:
                assert getattr(mine, field) == pytest.approx(their[field], abs=1e-12), (holes, board_ids, field)


def test_five_card_omaha_matches_poker_equity() -> None:
    pe = pytest.importorskip("poker_equity")
    holes, board, _ = random_spot(random.Random(55), 2, 3, size=5)
    theirs = pe.exact_from_text("omaha_five_hi_lo", [format_cards(h, "") for h in holes], format_cards(board))
    ours = equity(holes, board)
    for mine, their in zip(ours, theirs["players"]):
        assert mine.equity == pytest.approx(their["equity"], abs=1e-12)
        assert mine.scoop == pytest.approx(their["scoop"], abs=1e-12)


# --- Monte Carlo ----------------------------------------------------------------


def within(mc: list[PlayerEquity], exact: list[PlayerEquity], errors: float = 4.0) -> None:
    for m, e in zip(mc, exact):
        assert m.std_error > 0
        assert abs(m.equity - e.equity) <= errors * m.std_error, (m.equity, e.equity, m.std_error)


def test_monte_carlo_within_four_standard_errors() -> None:
    holes = ["As Ad 2s 3d", "Kh Kd 9c 8c", "7c 6c 5h 4h"]
    exact = equity(holes, exact=True)
    mc = equity(holes, exact=False, samples=200_000, seed=11)
    within(mc, exact)
    assert sum(p.equity for p in mc) == pytest.approx(1.0, abs=1e-12)
    # the other shares are proportions of the same deals: close, not equal
    for m, e in zip(mc, exact):
        assert m.scoop == pytest.approx(e.scoop, abs=0.01)
        assert m.no_low == pytest.approx(e.no_low, abs=0.01)


@pytest.mark.parametrize("size", [5, 6])
def test_big_holes_monte_carlo_within_four_standard_errors(size: int) -> None:
    holes, board, dead = random_spot(random.Random(size + 10), 3, 5, dead=10, size=size)
    within(equity(holes, board[:3], exact=False, samples=100_000, seed=size), equity(holes, board[:3]))
    # a random opponent on the river: C(31, size) of its holes
    hero = [holes[0], None]
    within(equity(hero, board, dead, exact=False, samples=100_000, seed=size), equity(hero, board, dead, exact=True))


def test_random_opponent_monte_carlo_vs_exact() -> None:
    exact = equity(["As Ad 2s 3d", None], "2h 7s 8h Kc", exact=True)
    assert exact[0].showdowns == 5430040  # C(44, 4) holes times 40 rivers
    mc = equity(["As Ad 2s 3d", "random"], "2h 7s 8h Kc", samples=200_000, seed=3)
    within(mc, exact)


def test_weighted_candidates_exact_and_sampled() -> None:
    # a player holding one of two hands, weights 1:3, against a known hand
    a, b, villain = (bytes(card_ids(h)) for h in ("As Ad 2s 3d", "Qs Qh Jd Tc", "Kh Kd 9c 8c"))
    board = bytes(card_ids("2h 7s 8h"))
    job = EquityJob((a + b, villain), ((1, 4), None), 4, board, b"", exact=True)
    counts = run_job(job, threads=1)
    alone = [equity([list(h), list(villain)], list(board))[0].equity for h in (a, b)]
    showdowns, share = counts[0], counts[3]
    assert showdowns == 4 * 820  # each deal of the weight-3 hand counts three times
    assert share / 5040 / showdowns == pytest.approx((alone[0] + 3 * alone[1]) / 4, abs=1e-12)
    sampled = run_job(EquityJob((a + b, villain), ((1, 4), None), 4, board, b"", exact=False, samples=100_000, seed=1))
    n, share, share_sq = sampled[0], sampled[3], sampled[4]
    mean = share / 5040 / n
    sd = ((share_sq / 5040**2 / n - mean**2) / n) ** 0.5
    assert abs(mean - (alone[0] + 3 * alone[1]) / 4) <= 4 * sd


def test_nine_players_sum_to_one() -> None:
    holes, board, _ = random_spot(random.Random(9), 9, 0)
    result = equity(holes, board)  # C(16, 5) = 4368 boards: exact
    assert result[0].exact and result[0].showdowns == 4368
    assert sum(p.equity for p in result) == pytest.approx(1.0, abs=1e-12)
    sampled = equity(holes, samples=100_000, seed=2, exact=False)
    within(sampled, result)
    assert sum(p.equity for p in sampled) == pytest.approx(1.0, abs=1e-12)
    with_random = equity(holes[:6] + [None] * 3, samples=20_000, seed=2)
    assert sum(p.equity for p in with_random) == pytest.approx(1.0, abs=1e-12)


# --- reproducibility --------------------------------------------------------------


def test_same_seed_same_numbers_however_run() -> None:
    holes = ["As Ad 2s 3d", None, "Kh Kd 9c 8c"]
    one = equity(holes, samples=30_000, seed=42, threads=1)
    assert equity(holes, samples=30_000, seed=42, threads=2) == one
    with ThreadPoolExecutor(3) as pool:
        assert equity(holes, samples=30_000, seed=42, executor=pool) == one
    with ProcessPoolExecutor(2) as pool:
        assert equity(holes, samples=30_000, seed=42, executor=pool) == one
    assert equity(holes, samples=30_000, seed=43, threads=1) != one


def test_dask_executor_gives_the_same_numbers() -> None:
    distributed = pytest.importorskip("distributed")
    holes = ["As Ad 2s 3d", "Kh Kd 9c 8c"]
    with distributed.Client(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None) as client:
        sampled = equity(holes, "2h 7s 8h", samples=50_000, seed=8, exact=False, executor=client.get_executor())
        exact = equity(holes, "2h 7s 8h", executor=client.get_executor())
    assert sampled == equity(holes, "2h 7s 8h", samples=50_000, seed=8, exact=False, threads=1)
    assert exact == equity(holes, "2h 7s 8h", threads=1)


def test_progress_bar() -> None:
    pytest.importorskip("tqdm")
    assert equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], "2h 7s 8h", progress=True) == equity(
        ["As Ad 2s 3d", "Kh Kd 9c 8c"], "2h 7s 8h"
    )


# --- bad input --------------------------------------------------------------------


@pytest.mark.parametrize("holes,board,dead,kwargs,message", [
    (["AsAd2s3d", "AsKd9c8c"], "", "", {}, "card As is used in player 1's hole and player 2's hole"),
    (["AsAd2s3d", "KhKd9c8c"], "2h7s2h", "", {}, "card 2h is used twice in the board"),
    (["AsAd2s3d", "KhKd9c8c"], "2h7s8h", "8h", {}, "card 8h is used in the board and the dead cards"),
    (["AsAd2s3d", "KhKd9c8c"], "", "Kh", {}, "card Kh is used in player 2's hole and the dead cards"),
    (["AsAd2s3d"], "", "", {}, "2 to 9 players, got 1"),
    (["AsAd2s3d"] * 10, "", "", {}, "2 to 9 players, got 10"),
    (["AsAd2s3d", "KhKd9c8c7c"], "", "", {}, "same number of cards: player 1 has 4, player 2 has 5"),
    (["AsAd2s", "KhKd9c"], "", "", {}, "player 1: a hole has 4, 5 or 6 cards, got 3"),
    (["AsAd2s3d", "KhKd9c8c"], "2h7s", "", {}, "the board must have 0, 3, 4 or 5 cards, got 2"),
    (["AsAd2s3d", "KhKd9c8c"], "", "", {"samples": 0}, "samples must be at least 1, got 0"),
    (["AsAd2s3d", "KhKd9c8c"], "", "", {"samples": -5}, "samples must be at least 1"),
    (["AsAd2s3d", "KhKd9c8c"], "", "", {"threads": 0}, "threads must be at least 1"),
    (["AsAd2s3d", "KhKd9c8c"], "", "", {"seed": -1}, "seed must be an int"),
    (["AsAd2s3d", "KhKd9c8c"], "", "", {"threads": 2, "executor": ThreadPoolExecutor(1)}, "threads or executor"),
    (["AsAd2s3d", "X?"], "", "", {}, "player 2: invalid card"),  # "Xx" is a range (a suited pair)
    ([None] * 9, "", "", {"samples": 10}, None),
    ([[0, 1, 2, 3, 4, 5]] + [None] * 8, "", "", {}, "not enough cards: 9 players with 6-card holes"),
    (["AsAd2s3d", None, None], "", list(range(6, 48)), {}, "not enough cards"),
    ([None] * 2, "", "", {"exact": True}, "too many to enumerate"),
])
def test_bad_input_raises_value_error(holes: Any, board: Any, dead: Any, kwargs: dict[str, Any], message: str | None) -> None:
    if message is None:  # valid edge cases that must work
        assert len(equity(holes, board, dead, **kwargs)) == len(holes)
        return
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        equity(holes, board, dead, **kwargs)


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="list of hands"):
        equity("AsAd2s3d KhKd9c8c")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="samples must be an int"):
        equity(["AsAd2s3d", "KhKd9c8c"], samples=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="exact must be"):
        equity(["AsAd2s3d", "KhKd9c8c"], exact="yes")  # type: ignore[arg-type]


def test_c_kernels_reject_bad_jobs() -> None:
    hole = ffi.from_buffer("uint8_t[]", bytes([51, 50, 3, 5]))
    bad = ffi.from_buffer("uint8_t[]", bytes([60, 1, 2, 3]))
    twice = ffi.from_buffer("uint8_t[]", bytes([7, 7, 2, 3]))
    out, work = ffi.new("o8_equity_counts *"), ffi.new("o8_equity_work *")

    def run(second: Any, n: int = 2, board: bytes = b"", parts: int = 1) -> tuple[int, int]:
        players = ffi.new("o8_range[]", 2)
        players[0].holes, players[0].n_holes = hole, 1
        players[1].holes, players[1].n_holes = second, 1
        return (lib.o8_equity_exact(players, n, 4, board, len(board), b"", 0, 0, parts, out),
                lib.o8_equity_monte_carlo(players, n, 4, board, len(board), b"", 0, 10, 1, 0, work, out))

    assert run(bad) == (lib.O8_ERR_INPUT,) * 2
    assert run(twice) == (lib.O8_ERR_INPUT,) * 2
    assert run(hole) == (lib.O8_ERR_INPUT,) * 2  # both hold the same cards
    assert run(ffi.NULL, n=1) == (lib.O8_ERR_INPUT,) * 2
    assert run(ffi.NULL, board=bytes([51, 1, 2])) == (lib.O8_ERR_INPUT,) * 2
    assert run(ffi.NULL, board=bytes(range(10, 16))) == (lib.O8_ERR_INPUT,) * 2
    assert run(ffi.NULL, parts=0)[0] == lib.O8_ERR_INPUT
    assert run(ffi.NULL, board=bytes([10, 11, 12, 13, 14])) == (0, 0)


def test_ranges_that_never_fit_are_reported() -> None:
    # two list players whose every candidate shares the ace of spades
    a = bytes(card_ids("As Ad 2s 3d") + card_ids("As Kd 2c 3c"))
    b = bytes(card_ids("As Kh 9c 8c") + card_ids("As Qh 9d 8d"))
    with pytest.raises(ValueError, match="almost never fit"):
        run_job(EquityJob((a, b), (None, None), 4, b"", b"", exact=False, samples=10), threads=1)
    counts = run_job(EquityJob((a, b), (None, None), 4, b"", b"", exact=True), threads=1)
    assert counts[0] == 0 and CHUNKS > 1


# --- command line ----------------------------------------------------------------


def test_cli_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.cli import main

    assert main(["equity", "AsAd2s3d", "KhKd9c8c", "--board", "2h7s8h"]) == 0
    lines = capsys.readouterr().out.splitlines()
    aces, kings = equity(["AsAd2s3d", "KhKd9c8c"], "2h7s8h")
    assert lines[0].split() == ["Hand", "Equity", "High", "win", "High", "tie", "Low", "win", "Low", "tie", "Scoop"]
    for line, p in zip(lines[1:3], (aces, kings)):
        cells = line.split()[4:]
        assert cells == [f"{v:.2%}" for v in (p.equity, p.high_win, p.high_tie, p.low_win, p.low_tie, p.scoop)]
    assert lines[3] == f"No low: {aces.no_low:.2%} of runouts"
    assert lines[4].startswith("Exact: 820 runouts enumerated in ")


def test_cli_monte_carlo_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.cli import main

    assert main(["equity", "AsAd2s3d", "random", "--monte-carlo", "--samples", "5000", "--seed", "4", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    hero = equity(["AsAd2s3d", None], samples=5000, seed=4)[0]
    assert f"{hero.equity:.2%} ±{hero.std_error:.2%}" in out
    assert "random" in out and "Monte Carlo: 5,000 samples, seed 4 in " in out
    assert main(["equity", "AsAd2s3d", "AsKd9c8c"]) == 2
    assert capsys.readouterr().err.strip() == "omaha8 equity: error: card As is used in player 1's hole and player 2's hole"
    assert main(["equity", "AsAd2s3d", "KhKd9c8c", "--samples", "0"]) == 2
    assert "samples must be at least 1" in capsys.readouterr().err
