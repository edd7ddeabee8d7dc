"""Every example of docs/rules.md, by name, on the C core and on the reference."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from omaha8_fast import evaluate, evaluate_high, evaluate_hilo, evaluate_low, high_category
from omaha8_fast.evaluator import reference

Evaluator = Callable[[str, str], "int | None"]
BOTH = pytest.mark.parametrize("impl", ["c", "reference"])


def high(impl: str, hole: str, board: str) -> int:
    return evaluate_high(hole, board) if impl == "c" else reference.evaluate_high(hole, board)


def low(impl: str, hole: str, board: str) -> int | None:
    return evaluate_low(hole, board) if impl == "c" else reference.evaluate_low(hole, board)


@BOTH
def test_two_plus_three_board_full_house_does_not_play(impl: str) -> None:
    # The board is aces full of kings; the player must use two hole cards.
    value = high(impl, "2c 3d 4h 9s", "Ad Ac Ah Ks Kd")
    assert high_category(value) == "Three of a Kind"


@BOTH
def test_rules_aakx_example_follows_the_two_plus_three_rule(impl: str) -> None:
    # One rules source said "hole A-A-K-x on a board of A-A-K-7-5 is NOT four
    # aces"; the 2+3 rule contradicts that: the two hole aces with A-A-K from
    # the board are a legal five-card hand, four aces (the first class with a
    # king kicker, 11). We implement the rule; see docs/rules.md, "Where the
    # sources disagreed".
    value = high(impl, "As Ah Kd 8c", "Ad Ac Kh 7s 5s")
    assert value == 11 and high_category(value) == "Four of a Kind"


@BOTH
def test_one_hole_ace_never_makes_quads_with_two_board_aces(impl: str) -> None:
    # The spirit of that example: with one ace in the hole and two on the
    # board there are only three aces to use; K-K-x in the hole with a paired
    # board is a full house, not a board full house.
    assert high_category(high(impl, "As Kd 8c 2h", "Ad Ac Kh 7s 5s")) == "Full House"


@BOTH
def test_four_suited_board_cards_plus_one_suited_hole_card_is_not_a_flush(impl: str) -> None:
    value = high(impl, "As Kd 8c 2h", "Qs Js 7s 3s 9d")
    assert high_category(value) != "Flush"
    assert high_category(high(impl, "As Ks 8c 2h", "Qs Js 7s 3s 9d")) == "Flush"


@BOTH
def test_ace_plays_high_or_low_in_straights(impl: str) -> None:
    assert high(impl, "As 2d Kc Kh", "3c 4d 5h Qs Qd") == 1609  # 5-high, the lowest straight
    assert high(impl, "As Kd 2c 2h", "Qc Jd Th 3s 4d") == 1600  # ace-high, the highest


@BOTH
def test_class_numbers_span_royal_flush_to_seven_high(impl: str) -> None:
    assert high(impl, "As Ks 2c 2h", "Qs Js Ts 3d 4c") == 1
    # 7-5-4-3-2 offsuit is class 7462 (as a five-card hand; in Omaha another
    # hole pair always beats it).
    assert reference.rank_five("7c 5d 4h 3s 2c") == 7462
    assert high(impl, "7c 5d Kh Kd", "4h 3s 2c") == reference.rank_five("Kh Kd 4h 3s 2c")


@BOTH
def test_pair_disqualifies_a_low(impl: str) -> None:
    # A-A-4-3-2 is not a low: with A-A in the hole and 4-3-2 on the board there
    # are only four low ranks.
    assert low(impl, "Ac Ad Kc Qd", "4h 3s 2c Kh Qs") is None


@BOTH
def test_nine_does_not_qualify(impl: str) -> None:
    assert low(impl, "Ac 2d Kc Qd", "9h 4s 3c Kh Qs") is None


@BOTH
def test_straights_and_flushes_are_ignored_for_the_low(impl: str) -> None:
    # A-2 of spades with 3-4-5 of spades: a straight flush high and the wheel low.
    assert (high(impl, "As 2s Kd Kh", "3s 4s 5s Qh Jd"), low(impl, "As 2s Kd Kh", "3s 4s 5s Qh Jd")) == (10, 54321)


@BOTH
@pytest.mark.parametrize(
    "worse_hole, worse_board, better_hole, better_board",
    [
        # 8-5-4-3-2 loses to 6-5-3-2-A
        ("8c 5d Kc Kd", "4h 3s 2c Qh Qs", "6c 5d Kc Kd", "3h 2s Ac Qh Qs"),
        # 7-5-4-3-2 loses to 7-4-3-2-A
        ("7c 5d Kc Kd", "4h 3s 2c Qh Qs", "7c 4d Kc Kd", "3h 2s Ac Qh Qs"),
        # 6-5-4-3-2 loses to 6-4-3-2-A
        ("6c 5d Kc Kd", "4h 3s 2c Qh Qs", "6c 4d Kc Kd", "3h 2s Ac Qh Qs"),
    ],
)
def test_low_comparisons(impl: str, worse_hole: str, worse_board: str, better_hole: str, better_board: str) -> None:
    worse, better = low(impl, worse_hole, worse_board), low(impl, better_hole, better_board)
    assert worse is not None and better is not None and better < worse


@BOTH
def test_low_encoding(impl: str) -> None:
    assert low(impl, "8c 5d Kc Kd", "4h 2s Ac Qh Qs") == 85421
    assert low(impl, "8c 7d Kc Kd", "3h 2s Ac Qh Qs") == 87321


LOWS_WEAKEST_FIRST = [87654, 87653, 86421, 84321, 76542, 76521, 75432, 65432, 64321, 54321]
SUIT = "cdhs"


def low_hand(number: int) -> tuple[str, str]:
    """A hole and board whose best low is exactly ``number``: the two highest
    low ranks in the hole (with two kings), the other three on the board."""
    text = ["A" if d == "1" else d for d in str(number)]
    hole = f"{text[0]}c {text[1]}d Kc Kd"
    board = f"{text[2]}h {text[3]}s {text[4]}c Qh Qs"
    return hole, board


@BOTH
def test_ordered_lows_weakest_to_strongest(impl: str) -> None:
    values = [low(impl, *low_hand(n)) for n in LOWS_WEAKEST_FIRST]
    assert values == LOWS_WEAKEST_FIRST
    assert sorted(values, reverse=True) == values  # smaller number = better low


@BOTH
def test_low_needs_two_hole_ranks_and_three_other_board_ranks(impl: str) -> None:
    assert low(impl, "Ac Kd Qc Jd", "2h 3s 4c 5h 6s") is None  # one low hole card
    assert low(impl, "Ac Ad 2c 2d", "3h 4s 5c Kh Qs") == 54321
    assert low(impl, "Ac 2d Kc Qd", "2h As 5c 6h Ks") is None  # board lows are the hole's ranks
    assert low(impl, "Ac 2d Kc Qd", "2h 3s 5c 6h Ks") == 65321


@BOTH
def test_three_high_board_cards_mean_nobody_has_a_low(impl: str) -> None:
    board = "9h Ts Jc 2h 3s"
    for hole in ("Ac 4d 5c 6d", "As 2d 3c 4d", "7c 8d 6c 5d"):
        assert low(impl, hole, board) is None


def test_high_and_low_may_use_different_hole_pairs() -> None:
    result = evaluate("Kc Kd Ah 2s", "Ks 3c 4d 8h Qs")
    assert result.high.category == "Three of a Kind" and {str(c) for c in result.high.hole_cards} == {"Kc", "Kd"}
    assert result.low is not None and result.low.value == 84321
    assert {str(c) for c in result.low.hole_cards} == {"Ah", "2s"}


def test_a_qualifying_low_that_is_a_straight_can_scoop() -> None:
    result = evaluate("As 2d Kc Kh", "3c 4d 5h Qs Jd")
    assert result.high.category == "Straight" and result.low is not None and result.low.value == 54321
    assert set(result.high.cards) == set(result.low.cards)


def test_hilo_agrees_with_each_half() -> None:
    hole, board = "As 2d Kc Kh", "3c 4d 5h Qs Jd"
    assert evaluate_hilo(hole, board) == (evaluate_high(hole, board), evaluate_low(hole, board))
