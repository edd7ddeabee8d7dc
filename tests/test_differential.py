"""The C core against the pure-Python reference: random deals for every hole
and board size, biased deals (flushes, straights, full houses, low boards,
paired boards), and every pair of hole and board low-rank sets."""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import pytest
from budget import examples
from hypothesis import given, strategies as st

from omaha8_fast import evaluate_batch, evaluate_hilo
from omaha8_fast.evaluator import reference
from omaha8_fast.cards.deals import random_deals

SIZES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]
#: Random deals per (hole size, board size): 40,000 in the slow stage, fewer by default.
DEALS = int(os.environ.get("OMAHA8_DIFF_DEALS", examples(8_000, 40_000)))
CHUNKS = 4  # split each size so that pytest-xdist spreads the work


def reference_results(holes: np.ndarray, boards: np.ndarray) -> tuple[list[int], list[int]]:
    highs, lows = [], []
    for hole, board in zip(holes.tolist(), boards.tolist()):
        high, low = reference.evaluate_hilo(hole, board)
        highs.append(high)
        lows.append(low or 0)
    return highs, lows


def assert_agree(holes: np.ndarray, boards: np.ndarray) -> None:
    high, low = evaluate_batch(holes, boards)
    ref_high, ref_low = reference_results(holes, boards)
    wrong = np.flatnonzero((high != np.array(ref_high)) | (low != np.array(ref_low)))
    if wrong.size:
        i = int(wrong[0])
        pytest.fail(f"{wrong.size} deals differ, first: hole {holes[i].tolist()} board {boards[i].tolist()}: "
                    f"C {(int(high[i]), int(low[i]))} vs reference {(ref_high[i], ref_low[i])}")


@pytest.mark.property
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("hole_size, board_size", SIZES)
def test_random_deals(hole_size: int, board_size: int, chunk: int) -> None:
    seed = [hole_size, board_size, chunk]
    holes, boards = random_deals(DEALS // CHUNKS, hole_size, board_size, seed=np.random.default_rng(seed))
    assert_agree(holes, boards)


def biased_deals(n: int, hole_size: int, pick: Callable[[np.random.Generator], list[int]], seed: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Deals drawn without repeats from a small favoured set of cards
    (``pick``), topped up from the full deck when the set runs short."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        favoured = list(dict.fromkeys(pick(rng)))
        rng.shuffle(favoured)
        rest = [c for c in rng.permutation(52).tolist() if c not in favoured]
        rows.append((favoured + rest)[: hole_size + 5])
    cards = np.array(rows, dtype=np.uint8)
    rng.permuted(cards, axis=1, out=cards)
    return np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])


def one_suit(rng: np.random.Generator) -> list[int]:  # flushes, straight flushes
    suit = int(rng.integers(4))
    return [r * 4 + suit for r in rng.permutation(13)[:9].tolist()]


def narrow_ranks(rng: np.random.Generator) -> list[int]:  # straights, wheels, broadways
    low = int(rng.integers(-1, 9))
    ranks = [12 if r < 0 else r for r in range(low, low + 5)]
    return [r * 4 + s for r in ranks for s in rng.permutation(4)[:2].tolist()]


def few_ranks(rng: np.random.Generator) -> list[int]:  # quads, full houses, paired boards
    ranks = rng.permutation(13)[:3].tolist()
    return [r * 4 + s for r in ranks for s in range(4)]


def low_cards(rng: np.random.Generator) -> list[int]:  # ace..eight only: lows everywhere
    return [r * 4 + s for r in [12, 0, 1, 2, 3, 4, 5, 6] for s in range(4)]


def suited_low(rng: np.random.Generator) -> list[int]:  # low straights and flushes together
    suit = int(rng.integers(4))
    return [r * 4 + suit for r in [12, 0, 1, 2, 3, 4]] + [r * 4 + (suit + 1) % 4 for r in [12, 0, 1, 2]]


@pytest.mark.property
@pytest.mark.parametrize("pick", [one_suit, narrow_ranks, few_ranks, low_cards, suited_low])
@pytest.mark.parametrize("hole_size", (4, 5, 6))
def test_biased_deals(pick: Callable[[np.random.Generator], list[int]], hole_size: int) -> None:
    holes, boards = biased_deals(DEALS // 20, hole_size, pick, seed=hole_size)
    for board_size in (3, 4, 5):
        assert_agree(holes, np.ascontiguousarray(boards[:, :board_size]))


def cards_for_low_masks(hole_mask: int, board_mask: int) -> tuple[list[int], list[int]]:
    """A hole and a 5-card board whose low ranks are exactly the masks (bit 0 =
    ace ... bit 7 = eight), filled up with distinct cards of nine or higher."""
    def low_rank(bit: int) -> int:
        return 12 if bit == 0 else bit - 1

    hole = [low_rank(b) * 4 + 0 for b in range(8) if hole_mask >> b & 1]  # clubs
    board = [low_rank(b) * 4 + 2 for b in range(8) if board_mask >> b & 1]  # hearts
    hole_fill = [r * 4 + s for s in (1, 3) for r in range(7, 12)]  # 9..K of diamonds, spades
    board_fill = [r * 4 + 0 for r in range(7, 12)]  # 9..K of clubs
    hole += hole_fill[: max(0, 4 - len(hole))]
    board += board_fill[: 5 - len(board)]
    return hole, board


def test_every_pair_of_low_rank_sets() -> None:
    checked = 0
    for hole_mask in range(256):
        if bin(hole_mask).count("1") > 6:  # no hole of six cards holds more
            continue
        for board_mask in range(256):
            if bin(board_mask).count("1") > 5:
                continue
            hole, board = cards_for_low_masks(hole_mask, board_mask)
            assert evaluate_hilo(hole, board)[1] == reference.evaluate_low(hole, board), (hole, board)
            checked += 1
    assert checked == 247 * 219


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    hole_size = draw(st.sampled_from([4, 5, 6]))
    board_size = draw(st.sampled_from([3, 4, 5]))
    cards = draw(st.permutations(range(52)))[: hole_size + board_size]
    return cards[:hole_size], cards[hole_size:]


@given(deals())
def test_hypothesis_deals(deal: tuple[list[int], list[int]]) -> None:
    hole, board = deal
    assert evaluate_hilo(hole, board) == reference.evaluate_hilo(hole, board)
