"""Equity in double-board Omaha Hi/Lo: :func:`double_board_equity`.

Each board carries half of the pot, and each half is split high and low on
its board (docs/rules.md, "Double board"); a player's equity is their
expected share of the whole pot. Known hands only (no ranges).

>>> from omaha8_fast import double_board_equity
>>> hero, villain = double_board_equity(["As 2s 3d Kd", "Qh Qc Jh Tc"], ("Ah 5c 9d Qs", "2h 3h Jd Kh"))
>>> hero.exact, hero.runouts, round(hero.equity + villain.equity, 12)
(True, 1260, 1.0)
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardsLike, card_ids, check_unique
from ..evaluator import evaluate_batch

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DOUBLE_BOARD_EXACT_LIMIT", "DoubleBoardEquity", "double_board_equity"]

#: Exact when (completions of board 1) x (completions of board 2) is at most
#: this (two flops heads-up: 780 x 780 = 608,400; a river and a preflop board: 658,008).
DOUBLE_BOARD_EXACT_LIMIT = 2_000_000
_DEFAULT_SAMPLES = 100_000


@dataclass(frozen=True)
class DoubleBoardEquity:
    """One player's double-board equity: ``equity`` their expected share of
    the pot (0..1; the players' shares sum to 1), ``scoop`` the chance of
    winning the whole pot (every half of both boards, ties excluded),
    ``exact`` whether every runout was enumerated, ``runouts`` how many
    runouts (pairs of completed boards) were counted or sampled."""

    hand: tuple[Card, ...]
    equity: float
    scoop: float
    exact: bool
    runouts: int


def _shares(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``(K, P)``: each player's share of one board's pot on each of the K boards."""
    import numpy as np

    k, p = len(boards), len(holes)
    high = np.empty((k, p), np.float64)
    low = np.empty((k, p), np.float64)
    for i in range(p):
        h, lo = evaluate_batch(np.broadcast_to(holes[i], (k, holes.shape[1])), boards)
        high[:, i] = h
        low[:, i] = np.where(lo == 0, np.inf, lo)
    high_win = high == high.min(axis=1, keepdims=True)
    best_low = low.min(axis=1, keepdims=True)
    has_low = np.isfinite(best_low)
    low_win = (low == best_low) & has_low
    high_share = high_win / high_win.sum(axis=1, keepdims=True)
    low_share = low_win / np.maximum(low_win.sum(axis=1, keepdims=True), 1)
    share: np.ndarray = np.where(has_low, 0.5 * high_share + 0.5 * low_share, high_share)
    return share


def _completions(board: list[int], rest: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of ``board`` from ``rest``: the boards ``(K, 5)`` and the added cards' masks."""
    import numpy as np

    need = 5 - len(board)
    combos = list(itertools.combinations(rest, need))
    boards = np.array([board + list(c) for c in combos], np.uint8).reshape(len(combos), 5)
    masks = np.array([sum(1 << x for x in c) for c in combos], np.int64)
    return boards, masks


def _check_samples(samples: Any) -> int:
    if isinstance(samples, bool) or not hasattr(samples, "__index__"):
        raise TypeError(f"samples must be an int, not {type(samples).__name__}")
    value = operator.index(samples)
    if not 1 <= value <= 100_000_000:
        raise ValueError(f"samples must be 1 to 100,000,000, got {value}")
    return value


def double_board_equity(
    hands: Sequence[CardsLike],
    boards: tuple[CardsLike, CardsLike] = ((), ()),
    dead: CardsLike = (),
    *,
    samples: int = _DEFAULT_SAMPLES,
    seed: int | None = 0,
) -> list[DoubleBoardEquity]:
    """Each known hand's equity in double-board Omaha Hi/Lo.

    ``hands``: two or more hole-card sets of one size (4, 5 or 6).
    ``boards``: the two boards dealt so far (0, 3, 4 or 5 cards each; the
    default is preflop). ``dead``: cards out of the deck. Exact (every pair
    of completed boards that share no card, enumerated) when the completions
    of the first board times those of the second number at most
    :data:`DOUBLE_BOARD_EXACT_LIMIT` (both boards on the flop or later, and
    one preflop board against a rivered one), else Monte Carlo:
    ``samples`` runouts drawn with numpy's generator seeded by ``seed``
    (None: fresh randomness).

    >>> [round(p.equity, 4) for p in double_board_equity(["As 2s 3d Kd", "Qh Qc Jh Tc"],
    ...                                                  ("Ah 5c 9d Qs 7h", "2h 3h Jd Kh 4c"))]
    [0.25, 0.75]
    """
    import numpy as np

    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError(f"hands must be a list of hole cards, not {type(hands).__name__}")
    holes = [card_ids(h) for h in hands]
    if len(holes) < 2:
        raise ValueError(f"double_board_equity needs two or more hands, got {len(holes)}")
    size = len(holes[0])
    if size not in (4, 5, 6) or any(len(h) != size for h in holes):
        raise ValueError(f"every hand must have the same number of cards, 4, 5 or 6; got {[len(h) for h in holes]}")
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence) or len(boards) != 2:
        raise ValueError("boards must be a pair (first board, second board); () for an undealt board")
    first, second = card_ids(boards[0]), card_ids(boards[1])
    for name, board in (("the first board", first), ("the second board", second)):
        if len(board) not in (0, 3, 4, 5):
            raise ValueError(f"{name} has 0, 3, 4 or 5 cards, got {len(board)}")
    dead_ids = card_ids(dead)
    every = [c for h in holes for c in h] + first + second + dead_ids
    check_unique(every)
    samples = _check_samples(samples)
    if seed is not None and (isinstance(seed, bool) or type(seed) is not int):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    rest = [c for c in range(52) if c not in set(every)]
    need1, need2 = 5 - len(first), 5 - len(second)
    if need1 + need2 > len(rest):
        raise ValueError(f"the boards need {need1 + need2} cards, only {len(rest)} are left")
    hole_array = np.array(holes, np.uint8)
    if math.comb(len(rest), need1) * math.comb(len(rest), need2) <= DOUBLE_BOARD_EXACT_LIMIT:
        boards1, masks1 = _completions(first, rest)
        boards2, masks2 = _completions(second, rest)
        share1, share2 = _shares(hole_array, boards1), _shares(hole_array, boards2)
        valid = ((masks1[:, None] & masks2[None, :]) == 0).astype(np.float64)
        count = float(valid.sum())
        equity = 0.5 * (valid.sum(axis=1) @ share1 + valid.sum(axis=0) @ share2) / count
        whole1, whole2 = (share1 == 1).astype(np.float64), (share2 == 1).astype(np.float64)
        scoop = np.einsum("ip,ij,jp->p", whole1, valid, whole2) / count
        return [DoubleBoardEquity(tuple(map(Card, h)), float(e), float(s), True, int(count))
                for h, e, s in zip(holes, equity, scoop)]
    rng = np.random.default_rng(seed)
    deck = np.array(rest, np.uint8)
    keys = rng.random((samples, len(rest)))
    drawn = deck[np.argpartition(keys, need1 + need2 - 1, axis=1)[:, :need1 + need2]]
    boards1 = np.concatenate([np.broadcast_to(np.array(first, np.uint8), (samples, len(first))), drawn[:, :need1]], 1)
    boards2 = np.concatenate([np.broadcast_to(np.array(second, np.uint8), (samples, len(second))), drawn[:, need1:]], 1)
    share1 = _shares(hole_array, np.ascontiguousarray(boards1))
    share2 = _shares(hole_array, np.ascontiguousarray(boards2))
    equity = 0.5 * (share1 + share2).mean(axis=0)
    scoop = ((share1 == 1) & (share2 == 1)).mean(axis=0)
    return [DoubleBoardEquity(tuple(map(Card, h)), float(e), float(s), False, samples)
            for h, e, s in zip(holes, equity, scoop)]

