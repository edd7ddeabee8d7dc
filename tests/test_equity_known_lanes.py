"""Monte Carlo with every hole known (csrc/equity/mc_known.h, issue 11): eight
xoshiro128** lanes drawing the board by Floyd's method, a scalar and an AVX2
kernel that must give the same counts for every spot, seed and sample count,
the deals of ``o8_equity_deals`` (a pure-Python model of the sampler redraws
them), and the distribution (chi-square against the exact one, means against
exact enumeration)."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import pytest
from deal_winners import deal_winners

from omaha8_fast import available_kernels, equity
from omaha8_fast._core import ffi, lib
from omaha8_fast.cards import card_ids

KERNEL_IDS = {"scalar": lib.O8_KERNEL_SCALAR, "avx2": lib.O8_KERNEL_AVX2, "avx512": lib.O8_KERNEL_AVX512}
FIELDS = ("share", "share_sq", "high_win", "high_tie", "low_win", "low_tie", "scoop")
M32, M64 = 2**32 - 1, 2**64 - 1
HEADS_UP = ["As Ad 2s 3d", "Kh Kd 9c 8c"]


# --- a pure-Python model of the sampler ------------------------------------------------

def _splitmix(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & M64
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & M32


class Lanes:
    """The eight xoshiro128** generators of (seed, stream)."""

    def __init__(self, seed: int, stream: int) -> None:
        _, z = _splitmix(stream)
        mixed = seed ^ z
        self.s = []
        for _ in range(8):
            mixed, a = _splitmix(mixed)
            mixed, b = _splitmix(mixed)
            self.s.append([a & M32, a >> 32, b & M32, b >> 32])

    def word(self, lane: int) -> int:
        s = self.s[lane]
        result = (_rotl((s[1] * 5) & M32, 7) * 9) & M32
        t = (s[1] << 9) & M32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result


def model_deals(holes: list[str], board: str, samples: int, seed: int, stream: int = 0) -> tuple[list[list[int]], int]:
    """The boards the kernel draws (known cards first), and how many words were rejected."""
    known = card_ids(board)
    used = set(known) | {c for h in holes for c in card_ids(h)}
    deck = [c for c in range(52) if c not in used]
    m, k = len(deck), 5 - len(known)
    lanes, boards, rejected = Lanes(seed, stream), [], 0
    for i in range(samples):
        drawn: list[int] = []
        for d in range(k):
            bound = m - k + d + 1
            while True:
                product = (lanes.word(i % 8) >> 6) * bound
                if product & (2**26 - 1) >= (2**26) % bound:
                    break
                rejected += 1
            t = product >> 26
            drawn.append(bound - 1 if t in drawn else t)
        boards.append(list(known) + [deck[j] for j in drawn])
    return boards, rejected


# --- the C entry points --------------------------------------------------------------------

def _players(holes: list[str]) -> tuple[Any, list[Any]]:
    size = len(card_ids(holes[0]))
    players = ffi.new("o8_range[]", len(holes))
    keep = []
    for i, h in enumerate(holes):
        keep.append(ffi.from_buffer("uint8_t[]", bytes(card_ids(h))))
        players[i].holes = keep[-1]
        players[i].n_holes = 1
    assert all(len(card_ids(h)) == size for h in holes)
    return players, keep


def run_kernel(kernel: str, holes: list[str], board: str, samples: int, seed: int, stream: int = 0,
               dead: str = "") -> tuple[int, ...]:
    players, keep = _players(holes)
    b, d = bytes(card_ids(board)), bytes(card_ids(dead))
    work, out = ffi.new("o8_equity_work *"), ffi.new("o8_equity_counts *")
    code = lib.o8_equity_monte_carlo_kernel(KERNEL_IDS[kernel], players, len(holes), len(card_ids(holes[0])),
                                           b, len(b), d, len(d), samples, seed, stream, ffi.NULL, work, out)
    assert code == 0
    del keep
    return (out.showdowns, out.no_low, out.attempts,
            *(getattr(out.player[p], f) for p in range(len(holes)) for f in FIELDS))


def c_deals(holes: list[str], board: str, samples: int, seed: int, stream: int = 0) -> np.ndarray:
    players, keep = _players(holes)
    size = len(card_ids(holes[0]))
    b = bytes(card_ids(board))
    row = len(holes) * size + 5
    out = np.zeros(samples * row, dtype=np.uint8)
    code = lib.o8_equity_deals(players, len(holes), size, b, len(b), ffi.NULL, 0, samples, seed, stream,
                               ffi.from_buffer("uint8_t[]", out))
    assert code == 0
    del keep
    return out.reshape(samples, row)


def _random_spot(rng: random.Random) -> tuple[list[str], str, str]:
    size = rng.choice([4, 4, 5, 6])
    n = rng.choice([2, 2, 3, 4, 5, 6, 9]) if size == 4 else rng.choice([2, 3, 4])
    board_size = rng.choice([0, 0, 3, 4])
    cards = [_name(c) for c in rng.sample(range(52), n * size + board_size + rng.choice([0, 3]))]
    holes = [" ".join(cards[i * size:(i + 1) * size]) for i in range(n)]
    return holes, " ".join(cards[n * size:n * size + board_size]), " ".join(cards[n * size + board_size:])


def _name(card: int) -> str:
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]


# --- kernels agree ------------------------------------------------------------------------

SIMD = [k for k in available_kernels() if k != "scalar"]


@pytest.mark.skipif(not SIMD, reason="no SIMD kernel on this CPU")
@pytest.mark.parametrize("samples", [0, 1, 7, 8, 9, 1023, 1024, 1025, 5000])
def test_kernels_agree_on_every_sample_count(samples: int) -> None:
    scalar = run_kernel("scalar", HEADS_UP, "", samples, seed=samples)
    assert scalar[0] == samples and scalar[2] == samples
    for kernel in SIMD:
        assert run_kernel(kernel, HEADS_UP, "", samples, seed=samples) == scalar


@pytest.mark.skipif(not SIMD, reason="no SIMD kernel on this CPU")
@pytest.mark.parametrize("index", range(16))
def test_kernels_agree_on_random_spots(index: int) -> None:
    holes, board, dead = _random_spot(random.Random(index))
    scalar = run_kernel("scalar", holes, board, 3001, seed=index, stream=index, dead=dead)
    for kernel in SIMD:
        assert run_kernel(kernel, holes, board, 3001, seed=index, stream=index, dead=dead) == scalar


@pytest.mark.skipif(not SIMD, reason="no SIMD kernel on this CPU")
def test_kernels_agree_when_a_lane_rejects_a_word() -> None:
    # seed 88: lane 4 rejects a word in sample 60 (block 7): the vector
    # kernel redoes that block with the scalar code
    _, rejected = model_deals(HEADS_UP, "", 200, seed=88)
    assert rejected == 1
    assert model_deals(HEADS_UP, "", 60, seed=88)[1] == 0
    scalar = run_kernel("scalar", HEADS_UP, "", 200, seed=88)
    for kernel in SIMD:
        assert run_kernel(kernel, HEADS_UP, "", 200, seed=88) == scalar
        assert run_kernel(kernel, HEADS_UP, "", 400_003, seed=5) == run_kernel("scalar", HEADS_UP, "", 400_003, seed=5)


def test_forcing_the_scalar_kernel_gives_the_same_equity() -> None:
    code = ("from omaha8_fast import equity, kernel\n"
            "r = equity(['As Ad 2s 3d', 'Kh Kd 9c 8c', '7c 6c 5h 4h'], exact=False, samples=100_000, seed=3)\n"
            "print(kernel(), [(p.equity, p.high_win, p.low_tie, p.scoop) for p in r])\n")
    outputs = {}
    for name in available_kernels():
        env = {**os.environ, "OMAHA8_KERNEL": name}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        kernel, _, numbers = done.stdout.partition(" ")
        assert kernel == name
        outputs[name] = numbers
    assert len(set(outputs.values())) == 1, outputs


# --- the deals ------------------------------------------------------------------------------

@pytest.mark.parametrize("board", ["", "2h 7s 8h", "2h 7s 8h Kc"])
def test_deals_follow_the_documented_sampler(board: str) -> None:
    holes = HEADS_UP + ["7c 6c 5h 4h"]
    deals = c_deals(holes, board, 3000, seed=7, stream=2)
    boards, _ = model_deals(holes, board, 3000, seed=7, stream=2)
    assert deals[:, 12:].tolist() == boards
    assert (deals[:, :12] == np.array([c for h in holes for c in card_ids(h)])).all()


def test_counts_are_the_showdowns_of_the_deals() -> None:
    holes = HEADS_UP + ["7c 6c 5h 4h"]
    deals = c_deals(holes, "Ts", 5000, seed=4, stream=9)
    counts = run_kernel("scalar", holes, "Ts", 5000, seed=4, stream=9)
    high_win, low_win, has_low = deal_winners(deals, 3)
    assert counts[0] == 5000 and counts[1] == int((~has_low).sum())
    for p in range(3):
        base = 3 + 7 * p
        assert counts[base + 2] == int((high_win[:, p] & (high_win.sum(1) == 1)).sum())  # high_win
        assert counts[base + 4] == int((low_win[:, p] & (low_win.sum(1) == 1)).sum())    # low_win


# --- the distribution --------------------------------------------------------------------------

def _chi_square_limit(df: int) -> float:
    # Wilson-Hilferty: the 99.99th percentile
    z = 3.719
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_turn_and_river_pairs_are_uniform() -> None:
    # on a flop, the 820 unordered (turn, river) pairs of the 41 cards left
    n = 164_000
    deals = c_deals(HEADS_UP, "2h 7s 8h", n, seed=12)
    pairs = Counter(tuple(sorted(r)) for r in deals[:, 11:13].tolist())
    left = sorted(set(range(52)) - set(deals[0, :11].tolist()))
    cells = list(combinations(left, 2))
    assert len(cells) == 820 and set(pairs) <= set(cells)
    expected = n / len(cells)
    chi = sum((pairs.get(c, 0) - expected) ** 2 / expected for c in cells)
    assert chi < _chi_square_limit(len(cells) - 1)


def test_preflop_cards_and_rank_counts_are_right() -> None:
    n = 200_000
    deals = c_deals(HEADS_UP, "", n, seed=13)[:, 8:]
    left = sorted(set(range(52)) - {c for h in HEADS_UP for c in card_ids(h)})
    cards = Counter(deals.ravel().tolist())
    expected = n * 5 / len(left)  # each card is on the board with probability 5/44
    chi = sum((cards.get(c, 0) - expected) ** 2 / expected for c in left)
    assert chi < _chi_square_limit(len(left) - 1) and set(cards) == set(left)
    # the number of distinct ranks on the board against its exact law (by rank multisets)
    per_rank = Counter(c // 4 for c in left)
    exact: Counter[int] = Counter()
    for ranks in combinations_with_replacement(range(13), 5):
        times = Counter(ranks)
        exact[len(times)] += math.prod(math.comb(per_rank[r], t) for r, t in times.items())
    total = sum(exact.values())
    assert total == math.comb(len(left), 5)
    seen = Counter(len(set(r)) for r in (deals // 4).tolist())
    exact = Counter({k: v for k, v in exact.items() if v})  # five of a rank: impossible
    assert set(seen) <= set(exact)
    chi = sum((seen.get(k, 0) - n * v / total) ** 2 / (n * v / total) for k, v in exact.items())
    assert chi < _chi_square_limit(len(exact) - 1)


def test_means_match_exact_enumeration() -> None:
    n = 1_000_000
    mc = equity(HEADS_UP, exact=False, samples=n, seed=21)
    exact = equity(HEADS_UP, exact=True)
    for m, e in zip(mc, exact):
        assert abs(m.equity - e.equity) <= 4.5 * m.std_error
        for field in ("high_win", "high_tie", "low_win", "low_tie", "scoop"):
            p = getattr(e, field)
            se = math.sqrt(max(p * (1 - p), 1e-12) / n)
            assert abs(getattr(m, field) - p) <= 4.5 * se + 1e-12, (field, getattr(m, field), p)
    assert abs(mc[0].no_low - exact[0].no_low) <= 4.5 * math.sqrt(exact[0].no_low * (1 - exact[0].no_low) / n)
