"""Range typos that are valid syntax: a suit letter glued to a qualifier is
refused (``A2**dss``), spaces inside one hand pattern warn (``"AK QJ"`` is
one hand, not two)."""

from __future__ import annotations

import warnings

import pytest

from omaha8_fast.ranges import Range, RangeSyntaxError, RangeSyntaxWarning


@pytest.mark.parametrize("text", ["A2**dss", "A2**hds", "A2s3sss", "A2**xss", "KK, A2**dss"])
def test_a_suit_glued_to_a_qualifier_is_refused(text: str) -> None:
    with pytest.raises(RangeSyntaxError, match="a space between the last card's suit and"):
        Range(text)


@pytest.mark.parametrize(("text", "size"), [("A2**ds", 2382), ("A2**ss", 9948), ("AsKs**ss", 507)])
def test_the_qualifiers_alone_still_read(text: str, size: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(Range(text)) == size


def test_a_space_keeps_the_suit_and_the_qualifier_apart() -> None:
    # 'A2**d ss' is what 'A2**dss' read as before: one * of diamonds, single-suited.
    assert len(Range("A2**d ss")) == 4854


def test_spaces_inside_one_hand_warn() -> None:
    with pytest.warns(RangeSyntaxWarning, match="'AK QJ' reads as one hand of 4 cards") as caught:
        joined = Range("AK QJ")
    assert caught[0].filename == __file__  # the warning names the caller's line
    assert len(joined) == len(Range("AKQJ"))
    with pytest.warns(RangeSyntaxWarning):
        Range("AA, KK QQ")


@pytest.mark.parametrize("text", ["As Kd Tc 9h", "AKQJ, T987", "AA, KK", "A2** ds"])
def test_card_text_and_separated_hands_do_not_warn(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Range(text)
