"""Street analysis: every summary is checked against an independent count
(equity() on the board plus the card, brute-force evaluation, showdown())."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from omaha8_fast import Range, equity, evaluate, showdown
from omaha8_fast.analysis import (
    QUANTILE_LEVELS,
    equity_by_street,
    low_odds,
    next_street,
    outs,
    range_distribution,
)
from omaha8_fast.cards import card_ids, format_cards

HU = ["As 2s 5d Kc", "Qh Qd Jc Tc"]
FLOP = "Qs 7h 4d"
TURN = "Qs 7h 4d 9s"


def _cards(text: str) -> list[int]:
    return card_ids(text)


# ---------------------------------------------------------------------------- next_street


@pytest.mark.parametrize("players, board", [
    (HU, FLOP),
    (HU, TURN),
    (["As 2s 5d Kc", "Qh Qd Jc Tc", "8c 8d 6h 3h"], FLOP),
    (["Ac 3c 4d 8h 9s", "Kh Kd Jc Js 2d"], "2c 7s Td"),  # 5-card holes
])
def test_next_street_mean_is_equity_exactly(players: list[str], board: str) -> None:
    ns = next_street(players, board)
    assert ns.exact
    assert ns.mean == tuple(p.equity for p in equity(players, board))
    assert np.allclose(ns.weights, 1 / len(ns.cards))  # known hands: every card equally likely


def test_next_street_each_card_is_equity_on_the_longer_board() -> None:
    ns = next_street(HU, FLOP)
    seen = set(_cards(FLOP)) | {c for h in HU for c in _cards(h)}
    assert sorted(ns.cards) == [c for c in range(52) if c not in seen]
    for i, (card, row) in enumerate(zip(ns.cards, ns.equities)):
        direct = equity(HU, _cards(FLOP) + [card])
        assert list(row) == [p.equity for p in direct]
        assert ns.results(i) == direct


def test_next_street_range_weights_count_compatible_deals() -> None:
    # weighted range: each card's probability is the weight of the villain
    # hands without it (the runouts per hand are the same for every card)
    villain = Range("AhAd**@3, KhKd**@1").without(_cards("As 2s 5d Kc") + _cards(FLOP))
    players = ["As 2s 5d Kc", "AhAd**@3, KhKd**@1"]
    ns = next_street(players, FLOP)
    assert ns.exact
    assert ns.mean == tuple(p.equity for p in equity(players, FLOP))
    hands, w = villain.hands, villain.weights.astype(float)
    expected = np.array([w[~np.any(hands == c, axis=1)].sum() for c in ns.cards])
    assert np.allclose(ns.weights, expected / expected.sum(), rtol=0, atol=1e-15)
    assert not np.allclose(ns.weights, ns.weights[0])  # an ace or a king is less likely
    # uniform weighting would give a different mean
    assert abs(float(ns.equities[:, 0].mean()) - ns.mean[0]) > 1e-6


def test_next_street_monte_carlo_within_four_standard_errors() -> None:
    players = ["As 2s 5d Kc", None]
    exact = equity(players, TURN, exact=True)
    ns = next_street(players, TURN, exact=False, samples=40_000, seed=11)
    assert not ns.exact
    for p in range(2):
        assert 0 < ns.std_error[p] < 0.01
        assert abs(ns.mean[p] - exact[p].equity) <= 4 * ns.std_error[p]
    again = next_street(players, TURN, exact=False, samples=40_000, seed=11, threads=2)
    assert np.array_equal(again.equities, ns.equities)  # a seed gives the same numbers on any threads


def test_next_street_two_ranges_monte_carlo() -> None:
    players = ["As 2s 5d Kc", "QhQd[JT]*", "Ah3h[KQ]*"]  # no river Qh, Qd, Ah or 3h
    exact = equity(players, TURN, exact=True)
    ns = next_street(players, TURN, exact=False, samples=60_000, seed=3)
    for p in range(3):
        assert abs(ns.mean[p] - exact[p].equity) <= 4 * ns.std_error[p] + 2e-3  # weights are estimated


def test_next_street_summaries() -> None:
    ns = next_street(HU, FLOP)
    hero = ns.equities[:, 0]
    assert ns.spread[0] == pytest.approx(float(np.sqrt(np.mean((hero - ns.mean[0]) ** 2))), abs=1e-12)
    q = ns.quantiles
    assert q.shape == (2, len(QUANTILE_LEVELS)) and list(q[0]) == sorted(q[0])
    assert q[0][2] == float(np.sort(hero)[(len(hero) - 1) // 2])  # lower median of 41 values
    counts, edges = ns.histogram(0, bins=10)
    assert len(counts) == 10 and len(edges) == 11 and counts.sum() == pytest.approx(1.0)
    # brute force of the board-texture lists: Qs 7h 4d has low ranks 7, 4
    low_ranks = {"A", "2", "3", "5", "6", "8"}
    assert {str(c) for c in ns.makes_low} == {str(c) for c in ns.cards if str(c)[0] in low_ranks}
    assert ns.kills_low == ()  # one card to come after the turn still leaves a chance
    assert {str(c) for c in ns.pairs_board} == {str(c) for c in ns.cards if str(c)[0] in "Q74"}
    assert ns.completes_flush == ()  # a rainbow flop: no suit has two cards
    turn = next_street(HU, "Qs 7s 4d Kd")  # two low ranks: the river must bring a third
    assert {str(c)[0] for c in turn.kills_low} == set("479TJQK")  # 4 and 7 pair a low rank
    assert {str(c)[1] for c in turn.completes_flush} == {"s", "d"}


def test_next_street_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="flop or a turn"):
        next_street(HU, "Qs 7h 4d 9s 2c")
    with pytest.raises(ValueError, match="duplicate card Qs"):
        next_street(HU, "Qs Qs 4d")
    with pytest.raises(TypeError, match="exact"):
        next_street(HU, FLOP, exact=1)
    with pytest.raises(ValueError, match="bins"):
        next_street(HU, FLOP).histogram(0, bins=0)
    with pytest.raises(ValueError, match="player"):
        next_street(HU, FLOP).histogram(2)
    with pytest.raises(ValueError, match="index"):
        next_street(HU, FLOP).results(41)
    with pytest.raises(ValueError, match="k must"):
        range_distribution("As 2s 5d Kc", "QQ", FLOP).best(-1)


# ---------------------------------------------------------------------------- range_distribution


def test_range_distribution_mean_is_range_equity_exactly() -> None:
    hero, villain = "As 2s 5d Kc", "QQ@2, JJ@1, 87**@1"
    d = range_distribution(hero, villain, FLOP)
    assert d.exact
    assert d.mean == equity([hero, villain], FLOP, exact=True)[0].equity
    assert d.counts.sum() == pytest.approx(1.0)
    assert len(d.counts) == 20 and len(d.edges) == 21


def test_range_distribution_per_hand_equities() -> None:
    hero, villain = "As 2s 5d Kc", "KK:$ds"
    d = range_distribution(hero, villain, TURN)
    r = Range(villain).without(_cards(hero) + _cards(TURN))
    assert len(d) == len(r)
    rng = random.Random(5)
    for i in rng.sample(range(len(d)), 6):
        hand = d.hands[i].tolist()
        assert d.equities[i] == equity([hero, hand], TURN)[0].equity
    best_hand, best_eq = d.best(1)[0]
    assert best_eq == float(d.equities.min())
    assert d.worst(1)[0][1] == float(d.equities.max())
    ahead = float(np.sum(d.weights[d.equities > 0.5]) / d.weights.sum())
    assert d.ahead == pytest.approx(ahead, abs=1e-12)


def test_range_distribution_monte_carlo_within_four_standard_errors() -> None:
    hero, villain = "As 2s 5d Kc", "QQ, 87**"
    exact = equity([hero, villain], FLOP, exact=True)[0].equity
    d = range_distribution(hero, villain, FLOP, exact=False, samples=200_000, seed=9)
    assert not d.exact and 0 < d.std_error < 0.01
    assert abs(d.mean - exact) <= 4 * d.std_error


def test_range_distribution_published_figure() -> None:
    # Steve Badger, "Omaha Poker Hand Equity" (stevebadger.com/poker/omaha/equity,
    # Omaha high-low): 6666 is a 54.04% favourite over 5432 offsuit. 6666 holds
    # every suit once, so each rainbow 5432 gives the same number.
    d = range_distribution("6c 6d 6h 6s", "5432r", exact=True)
    assert len(d) == 24 and d.exact
    assert abs(d.mean - 0.5404) <= 0.00005
    assert max(d.equities) - min(d.equities) < 1e-12
    assert d.ahead == pytest.approx(1.0)


def test_range_distribution_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="hero"):
        range_distribution("As 2s", "QQ", FLOP)
    with pytest.raises(ValueError, match="empty"):
        range_distribution("Qh Qd Qc Kc", "QQ", FLOP)  # every QQ hand holds Qs or a hero card
    with pytest.raises(TypeError):
        range_distribution("As 2s 5d Kc", 7, FLOP)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- outs


def _winners(values: list[int]) -> tuple[int, ...]:
    best = min(values)
    return tuple(i for i, v in enumerate(values) if v == best)


@pytest.mark.parametrize("players, board", [
    (HU, TURN),
    (HU, FLOP),
    (["As 2s 5d Kc", "Ah 2h Jd Js", "8c 8d 6h 3h"], "Qs 7h 4d 9c"),  # a quartered low is possible
])
def test_outs_agree_with_evaluating_each_card(players: list[str], board: str) -> None:
    o = outs(players, board)
    for card, result in o.items():
        full = _cards(board) + [card]
        evs = [evaluate(h, full) for h in players]
        highs = [e.high.value for e in evs]
        lows = [e.low.value for e in evs if e.low is not None]
        assert result.high_winners == _winners(highs)
        if lows:
            best = min(lows)
            assert result.low_winners == tuple(i for i, e in enumerate(evs) if e.low is not None and e.low.value == best)
        else:
            assert result.low_winners == ()
        assert sum(result.units) == 5040
        if len(full) == 5:  # the river: the showdown splits the pot the same way
            assert list(result.units) == showdown(full, players, 5040).payouts
    for s in o.summary:
        assert s.high_count == sum(s.player in r.high_winners for r in o.values())
        assert s.low_count == sum(s.player in r.low_winners for r in o.values())
        assert s.scoop_count == sum(r.scoop == s.player for r in o.values())


def test_outs_from_the_turn_average_to_equity() -> None:
    o = outs(HU, TURN)
    assert o.equity == tuple(p.equity for p in equity(HU, TURN))


def test_outs_rejects_ranges() -> None:
    with pytest.raises(ValueError, match="known"):
        outs(["As 2s 5d Kc", "QQ"], FLOP)


# ---------------------------------------------------------------------------- by street


def test_by_street_river_is_the_showdown() -> None:
    board = "Qs 7h 4d 3c 9s"
    streets = equity_by_street(HU, board)
    assert list(streets) == ["preflop", "flop", "turn", "river"]
    payouts = showdown(board, HU, 5040).payouts
    assert [p.equity for p in streets["river"]] == [u / 5040 for u in payouts]
    for street, size in (("preflop", 0), ("flop", 3), ("turn", 4)):
        assert streets[street] == equity(HU, _cards(board)[:size])
    assert streets.no_low["river"] == 0.0  # A-2 makes a low
    text = streets.table()
    assert text.count("\n") == 4 and "river" in text
    assert "<table>" in streets._repr_html_()
    rows = streets.rows()
    assert len(rows) == 8 and {r["street"] for r in rows} == {"preflop", "flop", "turn", "river"}


def test_by_street_dataframe() -> None:
    pd = pytest.importorskip("pandas")
    df = equity_by_street(HU, FLOP).to_dataframe()
    assert isinstance(df, pd.DataFrame) and len(df) == 4 and set(df["street"]) == {"preflop", "flop"}


def test_by_street_with_a_range_and_a_seed() -> None:
    s = equity_by_street(["As 2s 5d Kc", "QQ"], FLOP, exact=False, samples=20_000, seed=1)
    assert not s["preflop"][0].exact
    assert s["preflop"] == equity(["As 2s 5d Kc", "QQ"], exact=False, samples=20_000, seed=1)


# ---------------------------------------------------------------------------- low odds


def _low_rank(card: int) -> int | None:
    """A = 0, 2 = 1 .. 8 = 7; None for 9..K."""
    rank = card >> 2
    return 0 if rank == 12 else rank + 1 if rank <= 6 else None


def _brute_low_odds(holes: list[str], board: str) -> tuple[int, int, list[int], list[int], list[int]]:
    b = _cards(board)
    hs = [_cards(h) for h in holes]
    deck = [c for c in range(52) if c not in set(b) | {c for h in hs for c in h}]
    runs = low = 0
    makes, nut, counterfeit = [0] * len(hs), [0] * len(hs), [0] * len(hs)
    for extra in itertools.combinations(deck, 5 - len(b)):
        full = b + list(extra)
        runs += 1
        low += len({_low_rank(c) for c in full} - {None}) >= 3
        outside = [c for c in range(52) if c not in full]
        filler = [c for c in outside if _low_rank(c) is None][:2]  # two cards that never make a low
        best_possible = min((lo.value for pair in itertools.combinations(outside, 2)
                             if None not in (_low_rank(pair[0]), _low_rank(pair[1]))
                             and _low_rank(pair[0]) != _low_rank(pair[1])
                             and (lo := evaluate(list(pair) + filler, full).low) is not None), default=None)
        dealt = {_low_rank(c) for c in extra}
        for i, h in enumerate(hs):
            lo = evaluate(h, full).low
            makes[i] += lo is not None
            nut[i] += lo is not None and lo.value == best_possible
            key = sorted({_low_rank(c) for c in h} - {None})[:2]  # type: ignore[type-var]
            counterfeit[i] += len(key) == 2 and bool(dealt & set(key))
    return runs, low, makes, nut, counterfeit


def test_low_odds_match_brute_force_on_the_turn() -> None:
    holes = ["As 2s 5d Kc", "Ah 3h Jd Js"]
    board = "Qs 7h 4d 9c"
    lo = low_odds(holes, board)
    runs, low, makes, nut, counterfeit = _brute_low_odds(holes, board)
    assert lo.runouts == runs
    assert lo.low_board == low / runs
    assert list(lo.makes_low) == [m / runs for m in makes]
    assert list(lo.nut_low) == [m / runs for m in nut]
    assert list(lo.counterfeited) == [m / runs for m in counterfeit]
    assert lo.nut_low[0] > 0 and lo.counterfeited[0] > 0


def test_low_odds_low_board_from_the_flop_counts_runouts() -> None:
    # Qs 7h 4d: a low needs one of the 6 other low ranks among the 2 cards to
    # come; count the runouts with none of them (the deck has 45 cards left)
    lo = low_odds(["Kh Kd Jc Js"], "Qs 7h 4d")
    deck = [c for c in range(52) if c not in _cards("Kh Kd Jc Js Qs 7h 4d")]
    new_low = [c for c in deck if (c >> 2) in (12, 0, 1, 3, 4, 6)]
    assert lo.runouts == math.comb(45, 2)
    assert lo.low_board == 1 - math.comb(45 - len(new_low), 2) / math.comb(45, 2)
    assert lo.makes_low == (0.0,) and lo.counterfeited == (0.0,)
    assert format_cards(lo.board) == "Qs 7h 4d"


# ---------------------------------------------------------------------------- options


def test_executor_and_threads_give_the_seeded_numbers() -> None:
    import pickle
    from concurrent.futures import ThreadPoolExecutor

    players = ["As 2s 5d Kc", "QQ"]
    one = next_street(players, TURN, exact=False, samples=300_000, seed=4, threads=1)
    with ThreadPoolExecutor(2) as pool:
        other = next_street(players, TURN, exact=False, samples=300_000, seed=4, executor=pool)
    assert np.array_equal(one.equities, other.equities) and one.mean == other.mean
    d1 = range_distribution("As 2s 5d Kc", "KK", FLOP, threads=1)
    d2 = range_distribution("As 2s 5d Kc", "KK", FLOP, threads=2)
    assert np.array_equal(d1.equities, d2.equities) and d1.mean == d2.mean
    from omaha8_fast.analysis._common import _CardJob, _count_cards  # executor tasks must pickle

    job = _CardJob((bytes(_cards("As 2s 5d Kc")), bytes(_cards("Qh Qd Jc Tc"))), (None, None), 4,
                   bytes(_cards(TURN)), b"", True, 1, 0)
    assert _count_cards(*pickle.loads(pickle.dumps((job, bytes([0, 1]))))) == _count_cards(job, bytes([0, 1]))


@pytest.mark.parametrize("kwargs, error", [
    ({"seed": -1}, ValueError), ({"samples": 0}, ValueError), ({"samples": 1.5}, TypeError),
    ({"threads": 0}, ValueError), ({"progress": 1}, TypeError), ({"executor": object()}, TypeError),
    ({"colour": 1}, TypeError),
])
def test_bad_options(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        next_street(HU, FLOP, **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- C kernels


def test_kernels_refuse_bad_input() -> None:
    from omaha8_fast._core import ffi, lib

    hero, villain = bytes(_cards("As 2s 5d Kc")), bytes(_cards("Qh Qd Jc Tc"))
    board = bytes(_cards(FLOP))
    out = ffi.new("o8a_duel_counts[]", 3)
    # a villain with a card >= 52 or sharing a card with the hero gets a zero row
    villains = villain + bytes([60, 1, 2, 3]) + bytes(_cards("As 3c 4c 6c"))
    assert lib.o8a_duels(hero, 4, board, 3, b"", 0, villains, 3, 1, 0, 0, 0, ffi.NULL, ffi.NULL, out) == 0
    assert out[0].showdowns == 820 and out[1].showdowns == 0 and out[2].showdowns == 0
    assert lib.o8a_duels(hero, 4, board, 3, b"", 0, villains, -1, 1, 0, 0, 0, ffi.NULL, ffi.NULL, out) == -1
    assert lib.o8a_duels(hero, 7, board, 3, b"", 0, villains, 1, 1, 0, 0, 0, ffi.NULL, ffi.NULL, out) == -1
    assert lib.o8a_duels(hero, 4, hero[:3], 3, b"", 0, villains, 1, 1, 0, 0, 0, ffi.NULL, ffi.NULL, out) == -1
    assert lib.o8a_duels(hero, 4, board, 3, b"", 0, villains, 1, 0, 10, 0, 0, ffi.NULL, ffi.NULL, out) == -1  # MC, no work
    players = ffi.new("o8_range[]", 2)
    keep = [ffi.from_buffer("uint8_t[]", hero), ffi.from_buffer("uint8_t[]", villain)]
    for i in range(2):
        players[i].holes, players[i].n_holes = keep[i], 1
    counts = ffi.new("o8_equity_counts[]", 2)
    five = bytes(_cards("Qs 7h 4d 9s 2c"))
    assert lib.o8a_next_card_exact(players, 2, 4, five, 5, b"", 0, bytes([3]), 1, ffi.NULL, counts) == -1
    assert lib.o8a_next_card_exact(players, 2, 4, board, 3, b"", 0, bytes([51]), 1, ffi.NULL, counts) == -1  # hero's As
    assert lib.o8a_next_card_exact(players, 2, 4, board, 3, b"", 0, bytes([0]), -1, ffi.NULL, counts) == -1
    low = ffi.new("o8a_low_counts *")
    assert lib.o8a_low_odds(hero * 10, 10, 4, board, 3, b"", 0, low) == -1  # 10 players
    assert lib.o8a_low_odds(hero + hero, 2, 4, board, 3, b"", 0, low) == -1  # a card twice
    assert lib.o8a_low_odds(hero, 1, 4, board, 3, board, 3, low) == -1  # board and dead overlap
