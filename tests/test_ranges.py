"""Hand ranges: syntax, counts against combinatorics, weights, dead cards,
the preflop ranking, and range equity against brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest

from omaha8_fast.evaluator import reference
from omaha8_fast.cards import card_ids, format_cards
from omaha8_fast.equity import equity
from omaha8_fast.equity._players import is_range
from omaha8_fast.ranges import Range, RangeSyntaxError, hand_classes, preflop_ranking

ALL4 = list(itertools.combinations(range(52), 4))
SAMPLE4 = random.Random(4).sample(ALL4, 20_000)


def ranks(hand):
    return [c >> 2 for c in hand]


def suit_counts(hand):
    return sorted(Counter(c & 3 for c in hand).values(), reverse=True)


def agrees(r: Range, predicate) -> bool:
    """The range and a plain Python predicate agree on every hand of the range
    and on a fixed random sample of all hands."""
    return all(predicate(h) for h in r) and all(r.contains(h) == bool(predicate(h)) for h in SAMPLE4)


def as_set(r: Range):
    return {tuple(sorted(h)) for h in r}


# --------------------------------------------------------------------------- counts

A, K, Q, J, T = 12, 11, 10, 9, 8
C13_2 = comb(13, 2)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("*", comb(52, 4)),
        ("****", comb(52, 4)),
        ("AA", comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1),     # at least two aces
        ("AA!AAA", comb(4, 2) * comb(48, 2)),                        # exactly two
        ("AAAA", 1),
        ("AsAd2s3d", 1),
        ("xxyy", comb(4, 2) * C13_2**2),                              # double suited
        ("$ds", comb(4, 2) * C13_2**2),
        ("$ss", 4 * C13_2 * comb(3, 2) * 13**2),                      # suits 2-1-1
        ("$r", 13**4),                                                # rainbow
        ("$np", comb(13, 4) * 4**4),                                  # no pair
        ("RROO", C13_2 * comb(4, 2) ** 2),                            # two pair
        ("RRON", 13 * comb(4, 2) * comb(12, 2) * 4**2),               # exactly one pair
        ("A2**ds", comb(4, 2) * (C13_2**2 - 2 * comb(12, 2) ** 2 + comb(11, 2) ** 2)),
        ("AxAy2x3y", 4 * 3),
        ("ssxx", C13_2 * 3 * C13_2),                                  # two spades + two of one other suit
        ("KQJT-9876", 5 * 4**4),                                      # five rundowns
        ("AKQJr", 4 * 3 * 2 * 1),
    ],
)
def test_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count


def test_ds_rundown() -> None:
    # A-K-Q-J double suited: choose the two suits (6), split the four ranks in
    # two suited pairs (3 ways), and assign the suits to the pairs (2 ways).
    assert len(Range("AKQJds")) == 6 * 3 * 2


def test_suit_shapes_partition_the_hands() -> None:
    shapes = {
        "ds": comb(4, 2) * C13_2**2,
        "ss": 4 * C13_2 * 3 * 13**2,
        "r": 13**4,
        "(3,1)": 4 * comb(13, 3) * 3 * 13,
        "(4)": 4 * comb(13, 4),
    }
    assert sum(shapes.values()) == comb(52, 4)
    assert len(Range("xxx")) == shapes["(3,1)"] + shapes["(4)"]
    assert len(Range("$ds, $ss, $r, xxx")) == comb(52, 4)
    assert len(Range("$ds:$ss")) == 0


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("AA", lambda h: ranks(h).count(A) >= 2),
        # A suit right after a rank belongs to that card: AAxx is A, Ax, x.
        ("AAxx", lambda h: any(a >> 2 == A and b >> 2 == A and (b & 3) == (c & 3)
                               for a, b, c, _ in itertools.permutations(h))),
        ("AA*x*x", lambda h: any(a >> 2 == A and b >> 2 == A and (c & 3) == (d & 3)
                                 for a, b, c, d in itertools.permutations(h))),
        ("A2**ds", lambda h: A in ranks(h) and 0 in ranks(h) and suit_counts(h) == [2, 2]),
        ("[A-T]x[A-T]x", lambda h: any((a & 3) == (b & 3) and a >> 2 >= T and b >> 2 >= T
                                       for a, b in itertools.combinations(h, 2))),
        ("TT+", lambda h: any(ranks(h).count(r) >= 2 for r in range(T, A + 1))),
        ("55-", lambda h: any(ranks(h).count(r) >= 2 for r in range(0, 4))),
        ("AARR", lambda h: ranks(h).count(A) == 2 and len(set(ranks(h))) == 2),
        ("sshh", lambda h: [c & 3 for c in h].count(3) >= 2 and [c & 3 for c in h].count(2) >= 2),
        ("wxy", lambda h: len({c & 3 for c in h}) >= 3),
        ("A2-A5", lambda h: A in ranks(h) and any(r in ranks(h) for r in (0, 1, 2, 3))),
        ("AA:xxyy, JJ!JJJ, KK", lambda h: (ranks(h).count(A) >= 2 and suit_counts(h) == [2, 2])
         or ranks(h).count(J) == 2 or ranks(h).count(K) >= 2),
        ("(AA, KK):$ds", lambda h: (ranks(h).count(A) >= 2 or ranks(h).count(K) >= 2) and suit_counts(h) == [2, 2]),
    ],
)
def test_patterns_against_brute_force(text, predicate) -> None:
    assert agrees(Range(text), predicate)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("AA-QQ", "AA, KK, QQ"),
        ("TT+", "TT, JJ, QQ, KK, AA"),
        ("55-", "55, 44, 33, 22"),
        ("JT98+", "JT98, QJT9, KQJT, AKQJ"),
        ("A2-A5", "A2, A3, A4, A5"),
        ("AxAy2x3y", "A2A3ds"),
        ("AA:$ds", "AAds"),
        ("aa*D*S", "AA*d*s"),                # upper-case suits are suits
        ("AADS", "sAAd"),                    # ... and never a qualifier: A, Ad, s
        ("As Kd 2c 3h", "AsKd2c3h"),
        ("[AK]x[AK]x", "AxAx, AxKx, KxKx"),
        ("[A,K,Q]", "A, K, Q"),
        ("*", "1%-100%"),
    ],
)
def test_equivalent_texts(left: str, right: str) -> None:
    assert Range(left) == Range(right)


def test_five_and_six_card_hands() -> None:
    assert len(Range("AA", hole_size=5)) == sum(comb(4, a) * comb(48, 5 - a) for a in range(2, 5))
    assert len(Range("*", hole_size=5)) == comb(52, 5)
    assert len(Range("AsAd2s3dKh", hole_size=5)) == 1
    with pytest.raises(RangeSyntaxError, match="at most 4 cards"):
        Range("AKQJT")


# --------------------------------------------------------------------------- API


def test_iteration_contains_and_order() -> None:
    r = Range("AsAd2s3d, KKKK")
    hands = list(r)
    assert len(hands) == len(r) == 2
    assert all(isinstance(c, int) and list(h) == sorted(h, reverse=True) for h in hands for c in h)
    assert {format_cards(h) for h in hands} == {"As Ad 3d 2s", "Ks Kh Kd Kc"}
    assert r.contains("2s 3d As Ad") and "KcKdKhKs" in r and not r.contains("AsAd2s3h")
    assert r.hands.shape == (2, 4) and r.weights.tolist() == [1, 1]
    with pytest.raises(ValueError, match="4 cards"):
        r.contains("AsAd2s")
    with pytest.raises(ValueError, match="duplicate"):
        r.contains("AsAsAd2s")


def test_dead_cards() -> None:
    # At least two of the three aces left, out of 51 cards.
    expected = comb(3, 2) * comb(48, 2) + comb(3, 3) * 48
    assert len(Range("AA", dead="As")) == expected
    r = Range("AA").without("As 2c")
    assert len(r) == comb(3, 2) * comb(47, 2) + 47
    assert not r.contains("AsAd3c4c") and not r.contains("AhAd2c4c") and r.contains("AhAd3c4c")


# --------------------------------------------------------------------------- weights


def test_weights_largest_wins_and_sampling_follows_them() -> None:
    r = Range("AA@2, KK@1")
    assert r.weight("AsAhKsKh") == 2 and r.weight("KsKh2c3c") == 1 and r.weight("2c3c4c5c") == 0
    total = 2 * len(Range("AA")) + len(Range("KK!AA"))
    assert r.total_weight == total
    rng = np.random.default_rng(5)
    n = 4000
    aces_range = Range("AA")
    aces = sum(aces_range.contains(r.sample(rng)) for _ in range(n))
    p = 2 * len(Range("AA")) / total
    assert abs(aces / n - p) < 4 * sqrt(p * (1 - p) / n)
    assert r.sample(random.Random(3)) in r


def test_weight_rules() -> None:
    assert Range("(AA@10, KK@5)@3").weights.tolist() == [3] * len(Range("AA, KK"))
    assert Range("AA:$ds@7").weights.tolist() == [7] * len(Range("AAds"))  # '@' after the filters
    with pytest.raises(RangeSyntaxError, match="on every comma-separated part or on none"):
        Range("AA@5, KK")
    for bad in ("AA@0", "AA@101", "AA@x"):
        with pytest.raises(RangeSyntaxError, match="weight"):
            Range(bad)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("", 1, "a range"),
        ("AA**@", 6, "a weight"),
        ("AA,,KK", 4, "a card"),
        ("AA ?", 4, "a card"),
        ("(AA", 4, "')'"),
        ("AA)", 3, "the end of the range"),
        ("AAAAA", 5, "at most 4 cards"),
        ("AsKdAs", 5, "each exact card only once"),
        ("AA-KKK", 4, "2 cards after '-'"),
        ("KQ-T8", 4, "same number of steps"),
        ("Ax-Ky", 4, "same suits and wildcards"),
        ("[AK", 4, "a rank in the list"),
        ("$foo", 2, "a macro"),
        ("150%", 1, "between 0 and 100"),
        ("10%-5%", 5, "the larger percentage second"),
        ("**+", 1, "explicit ranks"),
    ],
)
def test_syntax_errors_point_at_the_column(text: str, column: int, expected: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    assert info.value.column == column
    assert expected in str(info.value)
    assert info.value.pointer.splitlines()[1] == " " * (column - 1) + "^"


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        Range(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hole size"):
        Range("AA", hole_size=7)
    with pytest.raises(RangeSyntaxError, match="4-card"):
        Range("10%", hole_size=5)


# --------------------------------------------------------------------------- ranking


def test_hand_classes_are_suit_isomorphism_classes() -> None:
    keys, cls = hand_classes(4)
    assert len(keys) == 16_432
    index = {h: i for i, h in enumerate(sorted(ALL4, key=lambda h: sum(comb(c, j + 1) for j, c in enumerate(h))))}
    rng = random.Random(1)
    for _ in range(200):
        hand = rng.choice(ALL4)
        perm = rng.sample(range(4), 4)
        renamed = tuple(sorted((c & ~3) | perm[c & 3] for c in hand))
        assert cls[index[hand]] == cls[index[renamed]]
    # Class sizes: every class is an orbit of the 24 suit permutations.
    sizes = np.bincount(cls)
    assert sizes.sum() == comb(52, 4) and set(sizes.tolist()) <= {1, 4, 6, 12, 24}


def test_percent_ranges() -> None:
    total = comb(52, 4)
    rank = preflop_ranking()
    top10 = Range("10%")
    assert 0.10 * total <= len(top10) < 0.10 * total + 24  # whole classes of at most 24 hands
    assert Range("15%, 16%-50%") == Range("50%")
    assert as_set(Range("5%")) <= as_set(top10)
    assert "AsAh2s3h" in Range("1%") and "7c5d3h2s" not in Range("50%")
    assert len(Range("100%")) == total and len(Range("0%")) == 0
    assert rank.min() == 0 and rank.max() < total


def test_ranking_is_reproducible() -> None:
    from omaha8_fast.ranges._gen_ranking import class_equities
    from omaha8_fast.ranges._ranking import DATA_PATH, load_ranking

    with np.load(DATA_PATH) as data:
        samples, seed = int(data["samples"]), int(data["seed"])
    shipped = load_ranking()
    picks = [0, 1234, 8000, 16431]
    assert class_equities(picks, samples, seed).tolist() == shipped[picks].tolist()


# --------------------------------------------------------------------------- equity


def brute_equity(players, board):
    """Equity by enumeration with the pure-Python reference evaluator."""
    shares = [Fraction(0)] * len(players)
    total = Fraction(0)
    for deal in itertools.product(*players):
        cards = [c for hand, _ in deal for c in hand]
        if len(set(cards)) < len(cards) or set(cards) & set(board):
            continue
        w = 1
        for _, weight in deal:
            w *= weight
        rest = [c for c in range(52) if c not in cards and c not in board]
        for extra in itertools.combinations(rest, 5 - len(board)):
            full = list(board) + list(extra)
            values = [reference.evaluate_hilo(hand, full) for hand, _ in deal]
            high = min(v[0] for v in values)
            lows = [v[1] for v in values if v[1] is not None]
            n_high = sum(v[0] == high for v in values)
            for i, v in enumerate(values):
                if lows:
                    low = min(lows)
                    n_low = sum(x[1] == low for x in values)
                    shares[i] += w * (Fraction(v[0] == high, 2 * n_high) + Fraction(v[1] == low, 2 * n_low))
                else:
                    shares[i] += w * Fraction(v[0] == high, n_high)
            total += w
    return [float(s / total) for s in shares]


def small_range(text, board, n, seed):
    r = Range(text).without(board)
    picks = random.Random(seed).sample(range(len(r)), min(n, len(r)))
    items = [(tuple(r.hands[i].tolist()), int(r.weights[i])) for i in sorted(picks)]
    spelled = ", ".join(f"{format_cards(h, sep='')}@{w}" for h, w in items)
    return items, spelled


@pytest.mark.parametrize(
    ("texts", "board", "sizes"),
    [
        (("AA:$ds@3, KK!KKK@1", "A3**!AA"), "Qs 7h 4d 2c", (6, 5)),
        (("A2@5, $ds@2", "KK, QQ"), "Js 8h 3d 3s 6c", (25, 25)),
        (("A2", "A3", "KQJT-9876"), "Ac 5h 4d 8s", (4, 4, 3)),
    ],
)
def test_range_equity_matches_brute_force(texts, board, sizes) -> None:
    board_ids = card_ids(board)
    players = [small_range(t, board_ids, n, seed) for seed, (t, n) in enumerate(zip(texts, sizes))]
    expected = brute_equity([items for items, _ in players], board_ids)
    got = equity([spelled for _, spelled in players], board=board, exact=True)
    assert [g.equity for g in got] == pytest.approx(expected, abs=1e-12)
    assert sum(g.equity for g in got) == pytest.approx(1.0)


def test_monte_carlo_agrees_with_exact_and_is_reproducible() -> None:
    players = ["A23*:$ds", "KQJT-9876"]
    board = "Js 7h 3d 2c"
    exact = equity(players, board=board, exact=True)
    mc = equity(players, board=board, exact=False, samples=300_000, seed=11, threads=1)
    for e, m in zip(exact, mc):
        assert abs(m.equity - e.equity) < 4 * m.std_error
        assert abs(m.scoop - e.scoop) < 0.01
    again = equity(players, board=board, exact=False, samples=300_000, seed=11, threads=2)
    with ThreadPoolExecutor(3) as pool:
        spread = equity(players, board=board, exact=False, samples=300_000, seed=11, executor=pool)
    assert mc == again == spread
    assert not mc[0].exact and mc[0].showdowns == 300_000


def test_range_vs_random_and_card_removal() -> None:
    # A range against a known hand that holds two of its aces: only the other
    # aces can be dealt, so the result equals the explicit list of those hands.
    hero = "AsAh2c3d"
    result = equity(["AA:$ds", hero], board="Kd 7s 4h 9c", exact=True)
    allowed = [h for h in Range("AA:$ds") if not set(h) & set(card_ids(hero + "Kd7s4h9c"))]
    listed = ", ".join(format_cards(h, sep="") for h in allowed)
    assert result == equity([Range(listed), hero], board="Kd 7s 4h 9c", exact=True)
    vs_random = equity(["AA:$ds", None], board="Kd 7s 4h", samples=50_000, seed=1)
    assert 0.5 < vs_random[0].equity < 1 and not vs_random[0].exact


def test_what_counts_as_a_range() -> None:
    assert is_range("A2**ds") and is_range("AA") and is_range("15%") and is_range("AsKd**") and is_range(Range("AsKd"))
    assert not is_range("AsAd2s3d") and not is_range("AsKd") and not is_range("random") and not is_range(None)
    assert not is_range([51, 50, 1, 0])


def test_known_hands_keep_their_hole() -> None:
    ranged, known = equity(["AA:$ds", "KsKh2s3h"], board="Qs 7h 4d 2c")
    assert ranged.hole is None and known.hole is not None and format_cards(known.hole) == "Ks Kh 2s 3h"


def test_equity_errors() -> None:
    with pytest.raises(ValueError, match="empty"):
        equity(["AsAd**", "KK"], board="As 7c 2d")
    with pytest.raises(ValueError, match="empty"):
        equity(["AsKd**", "AsAd2c3c"], board="Qh 7c 2d")  # the known hand holds the As
    with pytest.raises(ValueError, match="never fit|shares a card"):
        equity(["AsKd**", "As**"], board="Qh 7c 2d", exact=False, samples=1000)
    with pytest.raises(ValueError, match=r"player 2: invalid cards or range: range 'AA\?', column 3"):
        equity(["KK", "AA?"])
    with pytest.raises(ValueError, match="4-card"):
        equity([Range("AA", hole_size=5), "AsKdQhJc"])
    with pytest.raises(ValueError, match="samples"):
        equity(["AA", "KK"], samples=0)
    with pytest.raises(ValueError, match="2 to 9"):
        equity(["AA"])
    with pytest.raises(ValueError, match="board"):
        equity(["AA", "KK"], board="As Kd")


# --------------------------------------------------------------------------- CLI


def test_cli(capsys) -> None:
    from omaha8_fast.cli import main

    assert main(["equity", "A2**ds", "KK**", "--board", "Qs 7h 4d", "--samples", "20000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith(("A2**ds", "KK**"))]
    assert len(rows) == 2 and "Monte Carlo: 20,000 samples, seed 1" in out
    shares = [float(row[1].rstrip("%")) for row in rows]
    assert abs(sum(shares) - 100) < 0.02
    assert main(["range", "AxAy2x3y", "--show", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("12 hands") and len(out.splitlines()) == 3
    assert main(["range", "AA**@"]) == 2
    assert "column 6" in capsys.readouterr().err
