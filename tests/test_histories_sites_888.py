"""888poker texts as the site prints them (issue 38), written here from the
format's facts: play money has cents (``1,459.13``); a hand where the site
printed no award, or paid the pots short by exactly the uncalled bet, is a
broken text: read, and ``unjudged`` by the audit (never ``ok`` with the whole
pot as rake, never ``mispaid`` blaming a player the site paid right)."""

from __future__ import annotations

from omaha8_fast.histories import audit, parse, to_engine

PRACTICE = """#Game No : 7001
***** 888poker Hand History for Game 7001 *****
10/20 Blinds Pot Limit Omaha Hi/Lo - *** 02 01 2024 03:04:05
Table Lyon 6 Max (Practice Play)
Seat 1 is the button
Total number of players : 3
Seat 1: wes ( 1,459.13 )
Seat 2: xia ( 2,000 )
Seat 3: yan ( 812.50 )
xia posts small blind [10]
yan posts big blind [20]
** Dealing down cards **
wes calls [20]
xia calls [10]
yan checks
** Dealing flop ** [ 2s, 7h, Jc ]
xia bets [50.50]
yan calls [50.50]
wes folds
** Dealing turn ** [ Ks ]
xia checks
yan checks
** Dealing river ** [ 4d ]
xia checks
yan checks
** Summary **
xia shows [ Ah, 3c, Qd, Qs ]
yan shows [ Kd, Kc, 9h, 9s ]
yan collected [ 80.50 ]
xia collected [ 80.50 ]"""


def test_play_money_amounts_have_cents() -> None:
    [hand] = parse(PRACTICE)
    assert (hand.site, hand.unit, hand.stakes) == ("888", "cents", (1000, 2000))
    assert [s.stack for s in hand.seats] == [145913, 200000, 81250]
    assert (hand.total_pot, hand.rake, hand.paid) == (16100, 0, {"yan": 8050, "xia": 8050})
    assert audit(hand).verdict == "ok"  # trip Kings high, 7-4-3-2-A low
    assert list(to_engine(hand).payouts) == [0, 8050, 8050]


def test_no_award_printed_is_unjudged() -> None:
    text = PRACTICE.rsplit("\nyan collected", 1)[0]
    [hand] = parse(text)
    result = audit(hand)
    assert hand.paid == {} and hand.rake == 0
    assert result.verdict == "unjudged" and result.differences == ()
    assert "no award" in (result.reason or "")


SHORT = """#Game No : 7003
***** 888poker Hand History for Game 7003 *****
$0.10/$0.20 Blinds Pot Limit Omaha Hi/Lo - *** 02 01 2024 03:10:05
Table Lyon 6 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: wes ( $1 )
Seat 2: xia ( $20 )
Seat 3: yan ( $20 )
xia posts small blind [$0.10]
yan posts big blind [$0.20]
** Dealing down cards **
wes raises [$1]
xia calls [$0.90]
yan calls [$0.80]
** Dealing flop ** [ 2s, 7h, Jc ]
xia bets [$4]
yan calls [$4]
** Dealing turn ** [ Ks ]
xia bets [$5]
yan folds
** Dealing river ** [ 4d ]
** Summary **
wes shows [ Ah, 3c, Kd, Kc ]
xia shows [ Qd, Qs, 9h, 9s ]
wes collected [ $3 ]
xia collected [ $3 ]"""


def test_a_side_pot_printed_short_by_the_uncalled_bet_is_unjudged() -> None:
    # main pot $3 (wes's high and low); xia's side pot is $8, and the $5 bet yan left uncalled went back:
    # "$3" is the side pot less that bet, which it never held
    [hand] = parse(SHORT)
    assert hand.returned == (("xia", 500),) and hand.total_pot == 1100 and hand.rake == 0
    result = audit(hand)
    assert result.verdict == "unjudged" and result.differences == ()
    assert "do not add up" in (result.reason or "")
    fixed = parse(SHORT.replace("xia collected [ $3 ]", "xia collected [ $13 ]"))[0]  # the side pot and the bet
    assert fixed.paid == {"wes": 300, "xia": 800} and fixed.rake == 0 and audit(fixed).verdict == "ok"
