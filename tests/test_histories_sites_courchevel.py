"""PokerStars Courchevel Hi/Lo (issue 38), in texts written here from the
format's facts: five hole cards, the flop's first card dealt face up before
the pre-flop betting (``*** PRE-FLOP *** [8s]``, then ``*** FLOP *** [8s]
[2c 9h]``); otherwise 5 Card Omaha Hi/Lo, which the evaluator plays."""

from __future__ import annotations

import pytest

from omaha8_fast.histories import HandHistoryError, audit, parse, to_engine, to_ohh

SHOWDOWN = """PokerStars Hand #4100: Tournament #41, $1+$0.10 USD Courchevel Hi/Lo Pot Limit - Level I (15/30) - 2017/05/27 18:14:16 ET
Table '41 1' 6-max Seat #1 is the button
Seat 1: dan (3000 in chips)
Seat 2: eli (3000 in chips)
Seat 3: fay (3000 in chips)
eli: posts small blind 15
fay: posts big blind 30
*** HOLE CARDS ***
Dealt to dan [Qh 5s 4c Qs 6d]
*** PRE-FLOP *** [8s]
dan: calls 30
eli: raises 45 to 75
fay: folds
dan: calls 45
*** FLOP *** [8s] [2c 9h]
eli: checks
dan: checks
*** TURN *** [8s 2c 9h] [6s]
eli: bets 60
dan: calls 60
*** RIVER *** [8s 2c 9h 6s] [Jh]
eli: checks
dan: checks
*** SHOW DOWN ***
eli: shows [As 8h 4d Tc Ts] (HI: a pair of Tens; LO: 8,6,4,2,A)
dan: shows [Qh 5s 4c Qs 6d] (HI: a pair of Queens; LO: 8,6,5,4,2)
eli collected 150 from pot
dan collected 150 from pot
*** SUMMARY ***
Total pot 300 | Rake 0
Board [8s 2c 9h 6s Jh]
Seat 1: dan (button) showed [Qh 5s 4c Qs 6d] and won (150) with HI: a pair of Queens; LO: 8,6,5,4,2
Seat 2: eli (small blind) showed [As 8h 4d Tc Ts] and won (150) with HI: a pair of Tens; LO: 8,6,4,2,A
Seat 3: fay (big blind) folded before Flop"""


def test_courchevel_is_read_and_plays_as_five_card_omaha() -> None:
    [hand] = parse(SHOWDOWN)
    assert (hand.game, hand.hole_size, hand.unit) == ("Courchevel Hi/Lo", 5, "chips")
    assert " ".join(map(str, hand.board)) == "8s 2c 9h 6s Jh"
    assert (hand.total_pot, hand.paid) == (300, {"eli": 150, "dan": 150})
    result = audit(hand)
    assert result.ok, result  # Queens beat Tens high, A-2-4-6-8 beats 2-4-5-6-8 low
    assert list(to_engine(hand).payouts) == [150, 150, 0]
    [back] = parse(to_ohh(hand))
    assert back.paid == hand.paid


def test_a_courchevel_hand_over_before_the_flop() -> None:
    text = SHOWDOWN.split("dan: calls 30")[0] + """dan: raises 60 to 90
eli: folds
fay: folds
Uncalled bet (60) returned to dan
dan collected 75 from pot
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 1: dan (button) collected (75)"""
    [hand] = parse(text)
    assert " ".join(map(str, hand.board)) == "8s"
    assert (hand.paid, hand.returned) == ({"dan": 75}, (("dan", 60),))
    assert audit(hand).verdict == "ok"
    assert list(to_engine(hand).payouts) == [75, 0, 0]


def test_the_first_card_is_one_card() -> None:
    with pytest.raises(HandHistoryError, match="one board card"):
        parse(SHOWDOWN.replace("*** PRE-FLOP *** [8s]", "*** PRE-FLOP *** [8s 3d]"))
