"""Full Tilt texts as the site printed them (issue 38), written here from the
format's facts: the 2006-2008 client's ``FullTiltPoker Game #N`` header; the
turn and river lines repeating the board so far; Courchevel Hi (a high-only
game) skipped as another game."""

from __future__ import annotations

from omaha8_fast.histories import audit, parse, to_engine

OLD = """FullTiltPoker Game #2100: Table Ember (6 max) - $1/$2 - Pot Limit Omaha Hi/Lo - 21:04:05 ET - 2006/11/12
Seat 1: abe ($80)
Seat 2: bea ($60.50)
Seat 4: cal ($100)
bea posts the small blind of $1
cal posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Dealt to abe [Ah 2h Kc Kd]
abe raises to $6
bea folds
cal calls $4
*** FLOP *** [Tc Th 7h]
cal checks
abe bets $13
cal calls $13
*** TURN *** [Tc Th 7h] [4c]
cal checks
abe checks
*** RIVER *** [Tc Th 7h 4c] [3s]
cal checks
abe checks
*** SHOW DOWN ***
abe shows [Ah 2h Kc Kd]
cal shows [Js Jd 9c 8c]
abe wins the high pot ($19) with two pair, Kings and Tens
abe wins the low pot ($19) with 7,4,3,2,A
*** SUMMARY ***
Total pot $39 | Rake $1
Board: [Tc Th 7h 4c 3s]
Seat 1: abe (button) showed [Ah 2h Kc Kd] and won ($38)
Seat 2: bea (small blind) folded before the Flop
Seat 4: cal (big blind) showed [Js Jd 9c 8c] and lost"""


def test_the_2006_header_and_the_repeated_board() -> None:
    [hand] = parse(OLD)
    assert (hand.site, hand.hand_id, hand.betting, hand.stakes) == ("fulltilt", "2100", "pot-limit", (100, 200))
    assert " ".join(map(str, hand.board)) == "Tc Th 7h 4c 3s"  # five cards: the repeated ones are not new
    assert (hand.total_pot, hand.rake, hand.paid) == (3900, 100, {"abe": 3800})
    assert audit(hand).ok
    assert list(to_engine(hand).payouts) == [3800, 0, 0]


COURCHEVEL = """Full Tilt Poker Game #2200: Table Alps (6 max) - $1/$2 - PL Courchevel Hi - 10:00:00 ET - 2011/02/03
Seat 1: abe ($80)
Seat 2: bea ($60)
bea posts the small blind of $1
abe posts the big blind of $2
The button is in seat #2
*** HOLE CARDS ***
bea folds
abe wins the pot ($2)
*** SUMMARY ***
Total pot $2 | Rake $0"""


def test_courchevel_high_is_another_game() -> None:
    hands = parse(OLD + "\n\n" + COURCHEVEL)
    assert [h.hand_id for h in hands] == ["2100"]
