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


#: A pot of $7.75 after the rake, both halves tied: Full Tilt split it in units of $0.05 ($3.90 and $3.85;
#: in cents it would be $3.88 and $3.87), the odd unit of the low half to cal, the first left of the button.
NICKELS = """Full Tilt Poker Game #3300: Table Brook (6 max) - $0.25/$0.50 - Pot Limit Omaha Hi/Lo - 21:04:05 ET - 2008/11/12
Seat 1: abe ($20)
Seat 2: bea ($20)
Seat 4: cal ($20)
bea posts the small blind of $0.25
cal posts the big blind of $0.50
The button is in seat #1
*** HOLE CARDS ***
Dealt to abe [As Ks 2d 3d]
abe raises to $1.50
bea folds
cal calls $1
*** FLOP *** [Tc 9c 7c]
cal bets $2.50
abe calls $2.50
*** TURN *** [Tc 9c 7c] [4s]
cal checks
abe checks
*** RIVER *** [Tc 9c 7c 4s] [5d]
cal checks
abe checks
*** SHOW DOWN ***
cal shows [Ah Kh 2h 3h]
abe shows [As Ks 2d 3d]
cal ties for the high pot ($1.95) with Ace King high
abe ties for the high pot ($1.95) with Ace King high
cal ties for the low pot ($1.95) with 7,5,4,2,A
abe ties for the low pot ($1.90) with 7,5,4,2,A
*** SUMMARY ***
Total pot $8.25 | Rake $0.50
Board: [Tc 9c 7c 4s 5d]
Seat 1: abe (button) showed [As Ks 2d 3d] and won ($3.85)
Seat 2: bea (small blind) folded before the Flop
Seat 4: cal (big blind) showed [Ah Kh 2h 3h] and won ($3.90)"""


def test_a_pot_split_in_five_cent_units_replays_to_the_site_s_payouts() -> None:
    import pickle

    from omaha8_fast.engine import Hand
    from omaha8_fast.histories import from_phh, to_phh

    [hand] = parse(NICKELS)
    assert (hand.total_pot, hand.rake, hand.paid) == (825, 50, {"cal": 390, "abe": 385})
    result = audit(hand)
    assert result.verdict == "ok" and any("units of $0.05" in note for note in result.notes)
    engine = to_engine(hand)
    assert list(engine.payouts) == [385, 0, 390] and engine.history.chip == 5
    [pot] = engine.showdown_result.pots  # the shares say the same as the payouts
    assert (pot.amount, pot.high_shares, pot.low_shares) == (775, (195, 195), (195, 190))
    assert list(Hand.replay(engine.history).payouts) == [385, 0, 390]
    assert list(pickle.loads(pickle.dumps(engine)).payouts) == [385, 0, 390]
    assert list(from_phh(to_phh(engine)).payouts) == [385, 0, 390]


def test_a_pot_split_in_cents_is_replayed_in_cents() -> None:
    text = NICKELS.replace("($1.95) with Ace King high\nabe", "($1.94) with Ace King high\nabe").replace(
        "ties for the high pot ($1.95) with Ace King high\ncal", "ties for the high pot ($1.94) with Ace King high\ncal")
    text = text.replace("($1.95) with 7,5,4,2,A", "($1.94) with 7,5,4,2,A").replace(
        "($1.90) with 7,5,4,2,A", "($1.93) with 7,5,4,2,A").replace("won ($3.85)", "won ($3.87)").replace(
        "won ($3.90)", "won ($3.88)")
    [hand] = parse(text)
    assert hand.paid == {"cal": 388, "abe": 387}
    assert audit(hand).verdict == "ok"
    engine = to_engine(hand)
    assert list(engine.payouts) == [387, 0, 388] and engine.history.chip == 1


def test_the_engine_splits_in_its_chip_only_pots_that_are_multiples_of_it() -> None:
    from omaha8_fast.engine._settle import settle
    from omaha8_fast.showdown import Pot

    board, holes = [48, 44, 40, 0, 4], [[51, 47, 1, 5], [50, 46, 2, 6]]  # Ac Kc Qc 2c 3c; A-K-2-3 twice: all tied
    assert settle([board], holes, [Pot(775, (0, 1))], False, 5)[0] == [390, 385]
    assert settle([board], holes, [Pot(776, (0, 1))], False, 5)[0] == [388, 388]  # not a multiple of 5: cents
    assert settle([board], holes, [Pot(775, (0, 1))], False, 1)[0] == [388, 387]


def test_the_engine_s_chip_is_checked() -> None:
    import pytest

    from omaha8_fast.engine import Hand

    with pytest.raises(ValueError, match="chip"):
        Hand([100, 100], 0, 1, 2, chip=0)
    with pytest.raises(TypeError, match="chip"):
        Hand([100, 100], 0, 1, 2, chip="5")  # type: ignore[arg-type]


def test_the_engine_pays_in_its_chip_without_rake_too() -> None:
    """A hand with no rake and the showdown mode "all" is otherwise paid by the C core, in single chips."""
    import pickle

    from omaha8_fast.engine import Hand

    deck = [51, 47, 1, 5, 50, 46, 2, 6, 32, 28, 20, 11, 13]  # As Ks 2d 3d / Ah Kh 2h 3h, board Tc 9c 7c 4s 5d
    paid = {}
    for chip in (1, 5):
        hand = Hand([1000, 1000], 0, 25, 50, betting="no-limit", deck=deck, chip=chip)
        hand.raise_to(155)
        hand.call()
        while not hand.is_over:
            hand.act("check")
        [pot] = hand.showdown_result.pots
        assert sum(pot.high_shares) + sum(pot.low_shares) == 310
        assert sorted(hand.payouts) == sorted(pot.payouts.values())  # the shares say what was paid
        assert list(pickle.loads(pickle.dumps(hand)).payouts) == list(Hand.replay(hand.history).payouts)
        paid[chip] = list(hand.payouts)
    # 310 chips, both halves tied: 78/77 each half in chips; 16/15 units of 5 (80/75); the odd ones to seat 1
    assert paid == {1: [154, 156], 5: [150, 160]}
