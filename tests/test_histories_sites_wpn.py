"""Winning Poker Network (ACR) texts as the sites print them (issue 38).

The texts are written here from the format's facts (no site's or project's
file is copied): the summary's ``Total pot`` is what was left after the rake
and the jackpot fee; an uncontested pot is paid only in the summary (``did
not show and won``), its uncalled bet not printed; a tournament's draw for
the button deals one card each before the hand; the classic client of
2014-2017 writes ``Game started at:`` hands. Each hand is checked against its
own numbers, the payout audit and the engine's replay.
"""

from __future__ import annotations

import pytest

from omaha8_fast.histories import audit, parse, to_engine


def _replayed(hand: object) -> dict[str, int]:
    """What the engine pays each dealt player."""
    engine = to_engine(hand)  # type: ignore[arg-type]
    dealt = {p.player for p in hand.posts} | {a.player for a in hand.actions}  # type: ignore[attr-defined]
    names = [s.name for s in hand.seats if s.name in dealt]  # type: ignore[attr-defined]
    return {names[k]: w for k, w in enumerate(engine.payouts) if w}


RAKED = """Hand #5100 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2022/05/06 07:08:09 UTC
Lisbon 6-max Seat #1 is the button
Seat 1: ivy ($100.00)
Seat 2: jon ($100.00)
Seat 3: kim ($100.00)
jon posts the small blind $1.00
kim posts the big blind $2.00
*** HOLE CARDS ***
Dealt to ivy [Ah 2h Kc Kd]
ivy raises $4.00 to $6.00
jon folds
kim calls $4.00
*** FLOP *** [3c 8d Ks]
Main pot $12.40 | Rake $0.60
kim checks
ivy bets $10.00
kim calls $10.00
*** TURN *** [3c 8d Ks] [5s]
Main pot $32.00 | Rake $1.00
kim checks
ivy checks
*** RIVER *** [3c 8d Ks 5s] [Qd]
Main pot $32.00 | Rake $1.00
kim checks
ivy checks
*** SHOW DOWN ***
Main pot $32.00 | Rake $1.00
kim shows [Qs Qc 9h 9c] (HI - three of a kind, Set of Queens [Qs Qc Qd Ks 8d])
ivy shows [Ah 2h Kc Kd] (HI - three of a kind, Set of Kings [Kc Kd Ks Qd 8d] | LO - [8,5,3,2,1])
ivy collected $32.00 from main pot
*** SUMMARY ***
Total pot $32.00 | Rake $0.90 | JP Fee $0.10
Board [3c 8d Ks 5s Qd]
Seat 1: ivy (button) showed [Ah 2h Kc Kd] and won $32.00 with HI - three of a kind
Seat 2: jon (small blind) folded on the Pre-Flop
Seat 3: kim (big blind) showed [Qs Qc 9h 9c] and lost with HI - three of a kind"""


def test_the_total_pot_is_printed_after_the_rake_and_the_jackpot_fee() -> None:
    [hand] = parse(RAKED)
    assert hand.site == "wpn"
    assert (hand.total_pot, hand.rake, hand.paid) == (3300, 100, {"ivy": 3200})  # 1 + 16 + 16 put in; $1 kept
    assert audit(hand).verdict == "ok"
    assert _replayed(hand) == {"ivy": 3200}


WALK = """Hand #5101 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2022/05/06 07:09:09 UTC
Lisbon 6-max Seat #2 is the button
Seat 1: ivy ($100.00)
Seat 2: jon ($100.00)
Seat 3: kim ($100.00)
kim posts the small blind $1.00
ivy posts the big blind $2.00
*** HOLE CARDS ***
jon folds
kim folds
ivy does not show
*** SUMMARY ***
Total pot $3.00
Seat 1: ivy (big blind) did not show and won $3.00
Seat 2: jon (button) folded on the Pre-Flop and did not bet
Seat 3: kim (small blind) folded on the Pre-Flop"""

STOLEN = """Hand #5102 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2022/05/06 07:10:09 UTC
Lisbon 6-max Seat #3 is the button
Seat 1: ivy ($100.00)
Seat 2: jon ($100.00)
Seat 3: kim ($100.00)
ivy posts the small blind $1.00
jon posts the big blind $2.00
*** HOLE CARDS ***
kim raises $7.00 to $7.00
ivy folds
jon calls $5.00
*** FLOP *** [2d 7c Jh]
Main pot $14.25 | Rake $0.75
jon checks
kim bets $10.00
jon folds
Uncalled bet ($10.00) returned to kim
kim does not show
*** SUMMARY ***
Total pot $14.25 | Rake $0.70 | JP Fee $0.05
Board [2d 7c Jh]
Seat 1: ivy (small blind) folded on the Pre-Flop
Seat 2: jon (big blind) folded on the Flop
Seat 3: kim (button) did not show and won $14.25"""


def test_an_uncontested_winner_is_paid_from_the_summary() -> None:
    walk, stolen = parse(WALK + "\n\n" + STOLEN)
    # the walk: the big blind's own $1 above the small blind went back (not printed), the $2 pot was paid
    assert (walk.paid, walk.returned, walk.total_pot, walk.rake) == ({"ivy": 200}, (("ivy", 100),), 200, 0)
    assert (stolen.paid, stolen.returned, stolen.total_pot, stolen.rake) == ({"kim": 1425}, (("kim", 1000),), 1500, 75)
    for hand in (walk, stolen):
        assert audit(hand).verdict == "ok"
        assert _replayed(hand) == hand.paid


TOURNAMENT = """Game Hand #5200 - Tournament #77 - Omaha H/L(Pot Limit) - Level 1 (25.00/50.00)- 2020/02/03 04:05:06 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: lou (3000.00)
Seat 2: max (3000.00)
Seat 3: ned (3000.00)
Dealt to lou [9s]
Dealt to max [Kd]
Dealt to ned [4c]
max posts the small blind 25.00
ned posts the big blind 50.00
*** HOLE CARDS ***
Main pot 75.00
Dealt to ned [Ac 2c 3d Th]
lou folds
max calls 25.00
ned checks
*** FLOP *** [5h 6h Qs]
Main pot 100.00
max checks
ned bets 100.00
max folds
Uncalled bet (100.00) returned to ned
ned does not show
*** SUMMARY ***
Total pot 100.00
Board [5h 6h Qs]
Seat 1: lou (button) folded on the Pre-Flop and did not bet
Seat 2: max (small blind) folded on the Flop
Seat 3: ned did not show and won 100.00"""


def test_the_draw_for_the_button_is_not_the_hole_cards() -> None:
    [hand] = parse(TOURNAMENT)
    assert hand.unit == "chips" and hand.tournament is not None and hand.tournament.id == "77"
    assert hand.hero == "ned"
    assert {name: " ".join(map(str, cards)) for name, cards in hand.hole_cards.items()} == {"ned": "Ac 2c 3d Th"}
    assert hand.date == "2020/02/03 04:05:06 UTC"
    assert (hand.paid, hand.total_pot) == ({"ned": 100}, 100)
    assert audit(hand).verdict == "ok"
    assert _replayed(hand) == {"ned": 100}


CLASSIC = """Game started at: 2015/6/7 8:09:10
Game ID: 5300 1/2 Harbor (Omaha HiLow)
Seat 2 is the button
Seat 1: olga (80).
Seat 2: pete (120.50).
Seat 4: quin (60).
Player quin has small blind (1)
Player olga has big blind (2)
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player olga received card: [Ad]
Player olga received card: [2s]
Player olga received card: [9c]
Player olga received card: [Kh]
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player pete raises (6)
Player quin calls (5)
Player olga calls (4)
*** FLOP ***: [3h 4c 8s]
Player quin checks
Player olga bets (10)
Player pete calls (10)
Player quin folds
*** TURN ***: [3h 4c 8s] [Jd]
Player olga checks
Player pete checks
*** RIVER ***: [3h 4c 8s Jd] [Js]
Player olga checks
Player pete bets (20)
Player olga calls (20)
------ Summary ------
Pot: 77. Rake 0.70. JP fee 0.30
Board: [3h 4c 8s Jd Js]
*Player olga shows: One pair, Jacks [Ad 2s 9c Kh] Low hand (A 2 3 4 8).Bets: 36. Collects: 38.50. Wins: 2.50.
*Player pete shows: Three of a kind, Jacks [Jc Qc Qd 7h]. Bets: 36. Collects: 38.50. Wins: 2.50.
Player quin does not show cards.Bets: 6. Collects: 0. Loses: 6.
Game ended at: 2015/6/7 8:10:00

Game started at: 2015/6/7 8:11:10
Game ID: 5301 1/2 Harbor (Omaha HiLow)
Seat 4 is the button
Seat 1: olga (79.50).
Seat 2: pete (120).
Seat 4: quin (54).
Player olga has small blind (1)
Player pete has big blind (2)
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player olga received card: [5d]
Player olga received card: [5c]
Player olga received card: [Td]
Player olga received card: [Qs]
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player quin folds
Player olga folds
Uncalled bet (1) returned to pete
Player pete mucks cards
------ Summary ------
Pot: 2. Rake 0
*Player pete mucks (does not show cards). Bets: 1. Collects: 2. Wins: 1.
Player olga does not show cards.Bets: 1. Collects: 0. Loses: 1.
Player quin does not show cards.Bets: 0. Collects: 0. Wins: 0.
Game ended at: 2015/6/7 8:11:20"""


def test_the_classic_client_is_read() -> None:
    split, walk = parse(CLASSIC)
    assert (split.site, split.hand_id, split.unit, split.stakes, split.button_seat) == ("wpn", "5300", "cents",
                                                                                        (100, 200), 2)
    assert split.hero == "olga" and " ".join(map(str, split.hole_cards["olga"])) == "Ad 2s 9c Kh"
    assert " ".join(map(str, split.hole_cards["pete"])) == "Jc Qc Qd 7h"
    assert " ".join(map(str, split.board)) == "3h 4c 8s Jd Js"
    # "Pot:" is what the fees left: 36 + 36 + 6 went in, $1 was kept, the pot split $38.50 / $38.50
    assert (split.total_pot, split.rake, split.paid) == (7800, 100, {"olga": 3850, "pete": 3850})
    assert [(s.number, s.name, s.stack) for s in split.seats] == [(1, "olga", 8000), (2, "pete", 12050), (4, "quin", 6000)]
    assert audit(split).verdict == "ok"
    assert _replayed(split) == split.paid
    assert (walk.paid, walk.returned, walk.total_pot) == ({"pete": 200}, (("pete", 100),), 200)
    assert audit(walk).verdict == "ok"
    assert _replayed(walk) == {"pete": 200}


SIDE = """Game started at: 2016/1/2 3:04:05
Game ID: 5400 20/40 (PRR) Gull (Omaha HiLow)
Seat 3 is the button
Seat 1: rae (500).
Seat 2: sam (30).
Seat 3: tom (500).
Player rae has small blind (10)
Player sam has big blind (20)
Player rae received a card.
Player rae received a card.
Player rae received a card.
Player rae received a card.
Player sam received a card.
Player sam received a card.
Player sam received a card.
Player sam received a card.
Player tom received card: [Ks]
Player tom received card: [Kd]
Player tom received card: [7c]
Player tom received card: [7d]
Player tom raises (40)
Player rae calls (30)
Player sam allin (10)
*** FLOP ***: [2c 5d 9h]
Player rae bets (20)
Player tom calls (20)
*** TURN ***: [2c 5d 9h] [Qh]
Player rae checks
Player tom checks
*** RIVER ***: [2c 5d 9h Qh] [8c]
Player rae checks
Player tom checks
------ Summary ------
Pot: 148. Rake 1.50. JP fee 0.50
Board: [2c 5d 9h Qh 8c]
*Player rae shows: One pair [As 3s Qd Jc]. Bets: 60. Collects: 74. Wins: 14.
*Player sam shows: Straight [Ah 4h Jd Tc]. Bets: 30. Collects: 44. Wins: 14.
*Player tom shows: One pair [Ks Kd 7c 7d]. Bets: 60. Collects: 30. Loses: 30.
Game ended at: 2016/1/2 3:05:05"""


def test_the_classic_client_takes_the_rake_from_the_main_pot() -> None:
    # the main pot (30 each) less the $2 kept: 88, high to sam (a straight), low to rae (A-3 beats sam's
    # A-4); the side pot (rae and tom, 30 each more) is paid whole: high to tom, low to rae. A rake spread
    # over both pots would pay otherwise.
    [hand] = parse(SIDE)
    assert hand.betting == "limit" and hand.stakes == (2000, 4000)  # the stakes are the bets: blinds 10/20
    assert (hand.total_pot, hand.rake, hand.paid) == (15000, 200, {"rae": 7400, "sam": 4400, "tom": 3000})
    assert hand.pot_breakdown == (8800, 6000)
    assert audit(hand).verdict == "ok"
    assert _replayed(hand) == hand.paid


JOINED = """Game started at: 2015/6/7 9:00:00
Game ID: 5500 1/2 Harbor ( Beast ) (Omaha HiLow)
Seat 1 is the button
Seat 1: olga (80).
Seat 2: pete (100).
Seat 3: quin (6).
Seat 4: rosa (50).
Player pete has small blind (1)
Player quin has big blind (2)
Player rosa posts (2)
Player olga posts (1) as a dead bet
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player pete received a card.
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player quin received a card.
Player rosa received a card.
Player rosa received a card.
Player rosa received a card.
Player rosa received a card.
Player olga received card: [Ad]
Player olga received card: [2s]
Player olga received card: [9c]
Player olga received card: [Kh]
Player rosa checks
Player olga calls (2)
Player pete folds
Player quin checks
*** FLOP ***: [3h 4c 8s]
Player quin allin(4)
Player rosa folds
Player olga calls (4)
*** TURN ***: [3h 4c 8s] [Jd]
*** RIVER ***: [3h 4c 8s Jd] [Js]
------ Summary ------
Pot: 16. Rake 0
Board: [3h 4c 8s Jd Js]
*Player olga shows: One pair [Ad 2s 9c Kh]. Bets: 7. Collects: 8. Wins: 1.
Player pete does not show cards.Bets: 1. Collects: 0. Loses: 1.
*Player quin shows: Three of a kind [Jc Qc Qd 7h]. Bets: 6. Collects: 8. Wins: 2.
Player rosa does not show cards.Bets: 2. Collects: 0. Loses: 2.
Game ended at: 2015/6/7 9:01:00"""


def test_the_classic_client_s_posts_and_an_all_in_without_a_space() -> None:
    [hand] = parse(JOINED)
    assert hand.table == "Harbor ( Beast )"
    assert [(p.player, p.kind, p.amount, p.dead) for p in hand.posts] == [
        ("pete", "small blind", 100, 0), ("quin", "big blind", 200, 0), ("rosa", "big blind", 200, 0),
        ("olga", "small blind", 100, 100)]
    shove = hand.actions[-3]
    assert (shove.player, shove.kind, shove.added, shove.all_in) == ("quin", "bet", 400, True)
    # pete 1, quin 2 + 4 (all in), rosa 2, olga 1 dead + 2 + 4: 16, split high (quin's Jacks) and low (olga)
    assert (hand.total_pot, hand.paid) == (1600, {"olga": 800, "quin": 800})
    assert audit(hand).verdict == "ok"
    assert _replayed(hand) == {"olga": 800, "quin": 800}


def _classic_deal(hero: str, cards: list[str], others: list[str]) -> str:
    """The classic client's deal lines: four 'received a card.' per other player, the hero's cards named."""
    lines = [f"Player {name} received a card." for name in others for _ in range(4)]
    return "\n".join(lines + [f"Player {hero} received card: [{c}]" for c in cards])


DISCONNECTED = f"""Game started at: 2016/3/4 5:06:07
Game ID: 5600 20/40 (PRR) Gull (Omaha HiLow)
Seat 1 is the button
Seat 1: ann (500).
Seat 2: ben (500).
Seat 3: cal (500).
Seat 4: dee (500).
Player ben has small blind (10)
Player cal has big blind (20)
{_classic_deal("ann", ["Jc", "Js", "8d", "6d"], ["ben", "cal", "dee"])}
Player dee calls (20)
Player ann calls (20)
Player ben calls (10)
Player cal checks
*** FLOP ***: [Kh 7h 2c]
Player ben checks
Player cal checks
Player dee checks
Player ann bets (20)
Player ben folds
Player cal calls (20)
Player dee is disconnected and ALL IN.
Player dee allin
*** TURN ***: [Kh 7h 2c] [9s]
Player cal checks
Player ann checks
*** RIVER ***: [Kh 7h 2c 9s] [Jd]
Player cal checks
Player ann checks
------ Summary ------
Pot: 120. Rake 0
Board: [Kh 7h 2c 9s Jd]
*Player ann shows: Three of a kind [Jc Js 8d 6d]. Bets: 40. Collects: 40. Wins: 0.
Player ben does not show cards.Bets: 20. Collects: 0. Loses: 20.
*Player cal shows: Three of a kind [9c 9h Tc Td]. Bets: 40. Collects: 0. Loses: 40.
*Player dee shows: Three of a kind [Kd Ks 4c 5c]. Bets: 20. Collects: 80. Wins: 60.
Game ended at: 2016/3/4 5:07:07"""


def test_a_disconnected_player_is_left_all_in_for_what_they_put_in() -> None:
    # dee checks the flop, then disconnects facing ann's bet: the site leaves dee in, all-in for the 20
    # put in, so dee's kings take the main pot (4 x 20, no low: two low cards on the board) and ann's
    # jacks the side pot of ann's and cal's flop bets (2 x 20).
    from omaha8_fast.histories import HandHistoryError, to_ohh
    from omaha8_fast.histories._phh import imported_to_phh

    [hand] = parse(DISCONNECTED)
    protected = [a for a in hand.actions if a.player == "dee" and a.street == "flop"]
    assert [(a.kind, a.added, a.all_in) for a in protected] == [("check", 0, False), ("check", 0, True)]
    assert (hand.total_pot, hand.paid) == (12000, {"dee": 8000, "ann": 4000})
    assert audit(hand).verdict == "ok"
    assert _replayed(hand) == {"dee": 8000, "ann": 4000}  # the engine starts dee with the 20 put in
    [back] = parse(to_ohh(hand))
    assert back.paid == hand.paid and _replayed(back) == hand.paid
    assert [(a.kind, a.all_in) for a in back.actions if a.player == "dee"][-1] == ("check", True)
    with pytest.raises(HandHistoryError, match="dee stayed in all-in") as problem:  # PHH states stacks
        imported_to_phh(hand)
    assert problem.value.hand_id == "5600"
