"""Regression tests for issue 15's hostile inputs owned here: chip totals past
int64 in :class:`Contributions` (item 7) and int subclasses that lie about
their value (item 10)."""

from __future__ import annotations

import pytest

import omaha8_fast as o8
from omaha8_fast import Contributions, pots_from_contributions
from omaha8_fast.evaluator import reference

BOARD = "As Ks Qs Js 2d"
HOLES = ["2c 3c 4c 5c", "Td 9d 8d 7d"]


# --- item 7: Contributions whose total does not fit the C core's int64 ------------


@pytest.mark.parametrize("function", [o8.split_pot, o8.showdown])
def test_contributions_past_int64_are_a_value_error(function: object) -> None:
    # Was OverflowError from cffi ("int too big to convert"), while the list
    # form of the same pots gave a ValueError.
    with pytest.raises(ValueError, match="more than 9223372036854775807 chips"):
        function(BOARD, HOLES, Contributions([2**62, 2**62]))  # type: ignore[operator]
    with pytest.raises(ValueError, match="more than 9223372036854775807 chips"):
        function(BOARD, HOLES, [(2**62, [0, 1]), (2**62, [0, 1])])  # type: ignore[operator]


def test_contributions_up_to_the_bound_are_paid_exactly() -> None:
    top = 2**63 - 1
    payouts = o8.split_pot(BOARD, HOLES, Contributions([top // 2 + 1, top // 2]))
    assert sum(payouts) == top
    # Td 9d + K Q J, a king-high straight, wins; the board has no low; player
    # 0's one uncalled chip comes back to them.
    assert payouts == [1, top - 1]
    assert o8.split_pot(BOARD, HOLES, top) == [0, top]


def test_the_bound_applies_wherever_contributions_are_read() -> None:
    with pytest.raises(ValueError, match="more than"):
        pots_from_contributions([2**63 - 1, 1])
    with pytest.raises(ValueError, match="more than"):
        Contributions(iter([2**40] * 3 + [2**63 - 2**41]))


# --- item 10: an int subclass whose __int__ (and comparisons) lie ------------------


class Liar(int):
    """An int whose __int__ and ordering claim something else than its value."""

    def __int__(self) -> int:
        return 99

    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True


def test_parse_card_uses_the_true_value_of_an_int_subclass() -> None:
    # parse_card checked the range through the subclass's comparisons, then
    # returned int(card) = 99: Card(Liar(3)) printed with an IndexError.
    assert o8.parse_card(Liar(3)) == 3
    assert type(o8.parse_card(Liar(3))) is int
    assert str(o8.Card(Liar(3))) == "2s"
    assert o8.format_cards([Liar(3), 4]) == "2s 3c"
    with pytest.raises(ValueError, match="card id 60"):
        o8.parse_card(Liar(60))  # its __le__ says it is in range; it is not


def test_evaluation_agrees_whatever_path_reads_a_lying_int() -> None:
    # The text+ids mix goes through parse_card, a list of ids through bytes():
    # both must read the same card, the one the reference reads.
    hole, board = ["As", Liar(3), 8, 12], [20, 24, 28]
    expected = reference.evaluate_hilo([51, 3, 8, 12], board)
    assert o8.evaluate_hilo(hole, board) == expected
    assert o8.evaluate_hilo([51, Liar(3), 8, 12], board) == expected
    assert str(o8.evaluate(hole, board)) == str(o8.evaluate([51, 3, 8, 12], board))
