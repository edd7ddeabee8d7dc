"""A readable pure-Python reference evaluator, independent of the C core.

It tries every pair of hole cards with every three board cards (the 2+3 rule,
``C(4, 2) * C(5, 3) = 60`` five-card hands for Omaha) and keeps the best high
and the best 8-or-better low. The five-card high ranker below computes the
standard class number (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit) by
counting how many classes beat the hand, with no lookup tables, so it shares
nothing with the generated tables of the C core. It is slow (tens of
microseconds a hand) and meant for tests and for reading.

>>> evaluate_high("2c3d4h9s", "AdAcAhKsKd")  # the board's full house does not play
1652
>>> evaluate_low("As2d9c9h", "3c4d5h9dKs")
54321
>>> evaluate_low("AsAdKcKh", "2c3d4h5s6c") is None
True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

from ..cards import CardsLike, card_ids, check_unique

__all__ = ["evaluate_high", "evaluate_low", "evaluate_hilo", "rank_five", "low_five"]

ACE = 12
#: The first class number of each category, strongest category first.
STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH, STRAIGHT = 1, 11, 167, 323, 1600
THREE_OF_A_KIND, TWO_PAIR, ONE_PAIR, HIGH_CARD = 1610, 2468, 3326, 6186


def _straight_top(ranks: tuple[int, ...]) -> int | None:
    """Top rank of a straight of five distinct ranks (5-high wheel = rank 3)."""
    if ranks == (ACE, 3, 2, 1, 0):
        return 3
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    return None


def _sets_above(desc: tuple[int, ...], universe: int) -> int:
    """How many sets of len(desc) distinct ranks from range(universe) rank above
    ``desc`` (sorted high to low) when compared high card first."""
    above, ceiling = 0, universe
    for i, rank in enumerate(desc):
        left = len(desc) - i - 1  # cards still to choose below this one
        above += sum(comb(higher, left) for higher in range(rank + 1, ceiling))
        ceiling = rank
    return above


def _kickers_above(kickers: tuple[int, ...], taken: tuple[int, ...]) -> int:
    """Like ``_sets_above`` for kickers, which may not use the ``taken`` ranks."""
    squeezed = tuple(k - sum(t < k for t in taken) for k in kickers)
    return _sets_above(squeezed, 13 - len(taken))


def _straights_above(desc: tuple[int, ...]) -> int:
    """Straights that outrank a non-straight set of five ranks, high card first."""
    straights = [(ACE, 3, 2, 1, 0)] + [tuple(range(top, top - 5, -1)) for top in range(4, 13)]
    return sum(1 for straight in straights if straight > desc)


@lru_cache(maxsize=None)
def _rank_ranks(desc: tuple[int, ...], flush: bool) -> int:
    """Class number of five ranks sorted high to low, suited or not."""
    counts = {r: desc.count(r) for r in desc}
    # Group by (count, rank), largest group first: quads, then trips, ...
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape == [1, 1, 1, 1, 1]:
        top = _straight_top(desc)
        if top is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT) + 12 - top
        rest = _sets_above(desc, 13) - _straights_above(desc)
        return (FLUSH if flush else HIGH_CARD) + rest
    if flush:
        raise ValueError("a flush cannot hold a pair")
    if shape == [4, 1]:
        quad, kicker = groups
        return FOUR_OF_A_KIND + (ACE - quad) * 12 + _kickers_above((kicker,), (quad,))
    if shape == [3, 2]:
        trips, pair = groups
        return FULL_HOUSE + (ACE - trips) * 12 + _kickers_above((pair,), (trips,))
    if shape == [3, 1, 1]:
        trips, *kickers = groups
        return THREE_OF_A_KIND + (ACE - trips) * comb(12, 2) + _kickers_above(tuple(kickers), (trips,))
    if shape == [2, 2, 1]:
        high, low, kicker = groups
        return TWO_PAIR + _sets_above((high, low), 13) * 11 + _kickers_above((kicker,), (high, low))
    if shape == [2, 1, 1, 1]:
        pair, *kickers = groups
        return ONE_PAIR + (ACE - pair) * comb(12, 3) + _kickers_above(tuple(kickers), (pair,))
    raise ValueError(f"no five-card hand has the ranks {desc}")


def rank_five(cards: CardsLike) -> int:
    """Class number 1..7462 of exactly five cards.

    >>> rank_five("AsKsQsJsTs"), rank_five("7c5d4h3s2c"), rank_five("5s4s3s2sAs")
    (1, 7462, 10)
    """
    return _high_of(_checked(cards, 5, 5, "a five-card hand"))


def _high_of(ids: tuple[int, ...] | list[int]) -> int:
    ranks = tuple(sorted((c >> 2 for c in ids), reverse=True))
    flush = len({c & 3 for c in ids}) == 1
    return _rank_ranks(ranks, flush)


def low_five(cards: CardsLike) -> int | None:
    """The 8-or-better low of exactly five cards as a number (``85421``), or None.

    >>> low_five("8s5d4hAc2c"), low_five("9s4s3s2sAs"), low_five("AsAd2c3c4c")
    (85421, None, None)
    """
    return _low_of(_checked(cards, 5, 5, "a five-card hand"))


def _low_of(ids: tuple[int, ...] | list[int]) -> int | None:
    low_ranks = {1 if c >> 2 == ACE else (c >> 2) + 2 for c in ids}
    if len(low_ranks) < 5 or max(low_ranks) > 8:
        return None
    return int("".join(str(r) for r in sorted(low_ranks, reverse=True)))


def _checked(cards: CardsLike, low: int, high: int, what: str) -> list[int]:
    ids = card_ids(cards)
    if not low <= len(ids) <= high:
        raise ValueError(f"{what} needs {low}..{high} cards, got {len(ids)}")
    check_unique(ids)
    return ids


def _hand_ids(hole: CardsLike, board: CardsLike) -> tuple[list[int], list[int]]:
    hole_ids = _checked(hole, 4, 6, "the hole")
    board_ids = _checked(board, 3, 5, "the board")
    check_unique(hole_ids + board_ids)
    return hole_ids, board_ids


def _high_parts(ids: list[int], size: int) -> list[tuple[tuple[int, ...], int | None]]:
    """Every ``size``-card part of ``ids`` as what the high ranker needs of it:
    its ranks high to low and its suit (None when the part mixes suits)."""
    parts = []
    for cards in combinations(ids, size):
        suits = {c & 3 for c in cards}
        parts.append((tuple(sorted((c >> 2 for c in cards), reverse=True)), suits.pop() if len(suits) == 1 else None))
    return parts


@lru_cache(maxsize=None)
def _high_of_parts(two: tuple[int, ...], three: tuple[int, ...], suited: bool) -> int:
    return _rank_ranks(tuple(sorted(two + three, reverse=True)), suited)


def _low_parts(ids: list[int], size: int) -> set[frozenset[int]]:
    """The low ranks (ace = 1) of every ``size``-card part of ``ids`` made of
    distinct ranks eight or lower: the only parts that can be in a low."""
    parts = set()
    for cards in combinations(ids, size):
        ranks = frozenset(1 if c >> 2 == ACE else (c >> 2) + 2 for c in cards)
        if len(ranks) == size and max(ranks) <= 8:
            parts.add(ranks)
    return parts


def evaluate_high(hole: CardsLike, board: CardsLike) -> int:
    """The best high class (1..7462) under the 2+3 rule: the best of every
    two hole cards with every three board cards."""
    return _best_high(*_hand_ids(hole, board))


def _best_high(hole_ids: list[int], board_ids: list[int]) -> int:
    threes = _high_parts(board_ids, 3)
    return min(
        _high_of_parts(two, three, two_suit is not None and two_suit == three_suit)
        for two, two_suit in _high_parts(hole_ids, 2)
        for three, three_suit in threes
    )


def evaluate_low(hole: CardsLike, board: CardsLike) -> int | None:
    """The best 8-or-better low (``85421``; lower is better) or None: the best
    of every two low hole cards with every three low board cards, all five
    ranks different."""
    return _best_low(*_hand_ids(hole, board))


def _best_low(hole_ids: list[int], board_ids: list[int]) -> int | None:
    threes = _low_parts(board_ids, 3)
    lows = [
        int("".join(str(r) for r in sorted(two | three, reverse=True)))
        for two in _low_parts(hole_ids, 2)
        for three in threes
        if not two & three
    ]
    return min(lows, default=None)


def evaluate_hilo(hole: CardsLike, board: CardsLike) -> tuple[int, int | None]:
    """Both halves: ``(evaluate_high(...), evaluate_low(...))``."""
    hole_ids, board_ids = _hand_ids(hole, board)
    return _best_high(hole_ids, board_ids), _best_low(hole_ids, board_ids)
