"""Independent oracles, when installed: phevaluator (Omaha high, the same
class numbers) and pokerkit (Omaha high and 8-or-better low hands)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omaha8_fast import evaluate_batch, format_cards
from omaha8_fast.cards.deals import random_deals


def test_high_agrees_with_phevaluator() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    holes, boards = random_deals(20_000, seed=11)
    high, _ = evaluate_batch(holes, boards)
    theirs = [phevaluator.evaluate_omaha_cards(*b, *h) for h, b in zip(holes.tolist(), boards.tolist())]
    assert high.tolist() == theirs


def test_orders_agree_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    holes, boards = random_deals(300, seed=12)
    # Half the deals from ace..eight only, so that many have a low.
    rng = np.random.default_rng(13)
    low_deck = [r * 4 + s for r in (12, 0, 1, 2, 3, 4, 5, 6) for s in range(4)]
    low_deals = np.array([rng.permutation(low_deck)[:9] for _ in range(300)], np.uint8)
    holes = np.concatenate([holes, low_deals[:, :4]])
    boards = np.concatenate([boards, low_deals[:, 4:]])
    high, low = evaluate_batch(holes, boards)
    hands = []
    for hole, board, ours_high, ours_low in zip(holes.tolist(), boards.tolist(), high.tolist(), low.tolist()):
        h, b = format_cards(hole, ""), format_cards(board, "")
        their_high = pokerkit.OmahaHoldemHand.from_game(h, b)
        try:
            their_low = pokerkit.OmahaEightOrBetterLowHand.from_game(h, b)
        except ValueError:
            their_low = None
        assert (their_low is None) == (ours_low == 0), (h, b)
        hands.append((ours_high, ours_low, their_high, their_low))
    assert sum(1 for hand in hands if hand[1]) > 200
    for (h1, l1, th1, tl1), (h2, l2, th2, tl2) in itertools.combinations(hands[::3], 2):
        assert (h1 < h2) == (th1 > th2) and (h1 == h2) == (th1 == th2)
        if l1 and l2:
            assert (l1 < l2) == (tl1 > tl2) and (l1 == l2) == (tl1 == tl2)
