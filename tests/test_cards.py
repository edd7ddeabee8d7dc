"""Card ids, parsing and formatting."""

import pytest

from omaha8_fast import Card, format_cards, parse_card, parse_cards


def test_ids_follow_rank_times_four_plus_suit() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert parse_card("Th") == 8 * 4 + 2


@pytest.mark.parametrize("text", ["AsKd2c3h", "As Kd 2c 3h", "As,Kd,2c,3h", "as kd 2C 3H", "As, Kd,  2c\t3h"])
def test_string_forms(text: str) -> None:
    assert parse_cards(text) == (51, 45, 0, 6)


def test_ten_as_10_and_t() -> None:
    assert parse_cards("10s Ts".replace("Ts", "Th")) == (35, 34)
    assert parse_cards("10h10d") == (34, 33)


def test_sequences_of_strings_and_ints() -> None:
    assert parse_cards(["As", "Kd"]) == parse_cards([51, 45]) == parse_cards((51, "Kd"))


def test_card_type() -> None:
    card = Card("Qh")
    assert isinstance(card, int) and card == 42
    assert (card.rank, card.suit, str(card), repr(card)) == (10, 2, "Qh", "Card('Qh')")
    assert Card(42) == card and str(Card(0)) == "2c"


def test_every_id_round_trips() -> None:
    for i in range(52):
        assert parse_card(str(Card(i))) == i
    assert format_cards(range(52), sep="") == "".join(str(Card(i)) for i in range(52))


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ("AsKx", ValueError, "'Kx'"),
        ("AsK", ValueError, "'K'"),
        ("1s", ValueError, "'1s'"),
        ([52], ValueError, "52"),
        ([-1], ValueError, "-1"),
        ([1.0], TypeError, "float"),
        ([None], TypeError, "NoneType"),
        (b"ab", TypeError, "bytes"),
        (7, TypeError, "int"),
        ("AsAs", ValueError, "duplicate card As"),
    ],
)
def test_bad_cards(bad: object, error: type, words: str) -> None:
    with pytest.raises(error, match=None) as info:
        parse_cards(bad)  # type: ignore[arg-type]
    assert words in str(info.value)


def test_duplicates_allowed_when_asked() -> None:
    assert parse_cards("AsAs", unique=False) == (51, 51)
