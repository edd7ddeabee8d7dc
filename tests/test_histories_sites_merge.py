"""The Merge Network reader (Carbon, Lock, ... XML) on texts written for these tests in the room's format (names,
ids, cards and amounts are this file's own; no line of a real file is copied).

Every amount asserted below was worked out by hand from the rules and the bets of the text (who holds the best
high and the best eight-or-better low, what each pot holds, the rake as the total less what was paid), not taken
from the reader's output."""

from __future__ import annotations

import pytest

from omaha8_fast.histories import HandHistoryError, audit, from_ohh, parse, to_engine, to_ohh
from omaha8_fast.histories._model import ImportedHand
from omaha8_fast.histories.merge import READER

PL = '<description type="Omaha H/L8" stakes="Pot Limit ($0.25/$0.50)"/>'

#: A raked pot-limit hand split between a high (Plover's kings full... three kings) and a low (Kestrel's 7-4-3-2-A):
#: 16.75 in the pot, 0.80 rake, 15.95 split 7.98 / 7.97 (the odd cent to the high half). Dunlin sits out.
SPLIT_GAME = '''<game id="61000001-12" starttime="20111120213005" numholecards="4" gametype="34" seats="6" realmoney="true" data="20111120|Juniper (61000001)|61000001|61000001-12|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Kestrel" balance="$30.00" dealtin="true" />
\t\t<player seat="2" nickname="Wren" balance="$25.00" dealtin="true" />
\t\t<player seat="3" nickname="Heron" balance="$40.00" dealtin="true" />
\t\t<player seat="4" nickname="Dunlin" balance="$12.00" dealtin="false" />
\t\t<player seat="5" nickname="Plover" balance="$18.50" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1321842605100" player="2" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1321842605300" player="3" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" timestamp="1321842608000" player="5" amount="0.50"/>
\t\t<event sequence="4" type="RAISE" timestamp="1321842611000" player="0" amount="1.50"/>
\t\t<event sequence="5" type="FOLD" timestamp="1321842613000" player="2"/>
\t\t<event sequence="6" type="CALL" timestamp="1321842615000" player="3" amount="1.00"/>
\t\t<event sequence="7" type="CALL" timestamp="1321842617000" player="5" amount="1.00"/>
\t\t<cards type="HOLE" cards="Ac,4s,8h,Td" player="0" hand="Ace High"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="8" type="CHECK" timestamp="1321842620000" player="3"/>
\t\t<event sequence="9" type="BET" timestamp="1321842623000" player="5" amount="2.00"/>
\t\t<event sequence="10" type="CALL" timestamp="1321842625000" player="0" amount="2.00"/>
\t\t<event sequence="11" type="FOLD" timestamp="1321842627000" player="3"/>
\t\t<cards type="COMMUNITY" cards="2c,7d,Kh" hand="Ace High"/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="12" type="CHECK" timestamp="1321842630000" player="5"/>
\t\t<event sequence="13" type="CHECK" timestamp="1321842632000" player="0"/>
\t\t<cards type="COMMUNITY" cards="2c,7d,Kh,9s" hand="Ace High"/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<event sequence="14" type="BET" timestamp="1321842635000" player="5" amount="4.00"/>
\t\t<event sequence="15" type="CALL" timestamp="1321842638000" player="0" amount="4.00"/>
\t\t<cards type="COMMUNITY" cards="2c,7d,Kh,9s,3h" hand="Ace High - Lo (7-4-3-2-A)"/>
\t</round>
\t<round id="SHOWDOWN" sequence="6">
\t\t<event sequence="16" type="SHOW" timestamp="1321842639000" player="5"/>
\t\t<event sequence="17" type="SHOW" timestamp="1321842640000" player="0"/>
\t\t<cards type="SHOWN" cards="Ks,Kd,Qc,Jd" player="5"/>
\t\t<cards type="SHOWN" cards="Ac,4s,8h,Td" player="0"/>
\t</round>
\t<round id="END_OF_GAME" sequence="7">
\t\t<winner amount="7.98" uncalled="false" potnumber="1" player="5" hand="Three of a Kind Kings" pottype="h"/>
\t\t<winner amount="7.97" uncalled="false" potnumber="1" player="0" hand="7-4-3-2-A" pottype="l"/>
\t</round>
</game>'''
SPLIT = PL + "\n" + SPLIT_GAME

#: Won uncontested, the 2012-and-later way: Kestrel raises to the pot, 1.75, everyone folds; the 1.25 nobody called
#: comes back on a line of its own (uncalled="true"), the 1.25 of blinds and call is the pot (no flop: no rake).
FOLDED = PL + '''
<game id="61000001-40" starttime="20130305101500" numholecards="4" gametype="34" seats="6" realmoney="true" data="20130305|Juniper (61000001)|61000001|61000001-40|false">
\t<players dealer="2">
\t\t<player seat="0" nickname="Kestrel" balance="$31.20" dealtin="true" />
\t\t<player seat="2" nickname="Wren" balance="$24.75" dealtin="true" />
\t\t<player seat="3" nickname="Heron" balance="$38.00" dealtin="true" />
\t\t<player seat="5" nickname="Plover" balance="$19.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1362478500100" player="3" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1362478500200" player="5" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="1362478503000" player="0" amount="1.75"/>
\t\t<event sequence="4" type="FOLD" timestamp="1362478505000" player="2"/>
\t\t<event sequence="5" type="FOLD" timestamp="1362478507000" player="3"/>
\t\t<event sequence="6" type="FOLD" timestamp="1362478509000" player="5"/>
\t\t<cards type="HOLE" cards="Ah,Ad,3c,5c" player="0" hand="Pair of Aces"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="3">
\t\t<event sequence="7" type="MUCK" timestamp="1362478510000" player="0"/>
\t\t<winner amount="1.25" uncalled="false" potnumber="1" player="0" pottype="n"/>
\t\t<winner amount="1.25" uncalled="true" potnumber="2" player="0" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="4">
\t</round>
</game>'''

#: The older way (2011): Heron's flop bet of 1.50 is not called and is paid back inside the winner's amount,
#: 3.40 = the 2.00 pot less 0.10 rake, and the 1.50.
OLD_FOLDED = PL + '''
<game id="61000001-3" starttime="20110604180000" numholecards="4" gametype="34" realmoney="true" data="20110604|Juniper (61000001)|61000001|61000001-3|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Kestrel" balance="$20.00" dealtin="true" />
\t\t<player seat="2" nickname="Wren" balance="$20.00" dealtin="true" />
\t\t<player seat="3" nickname="Heron" balance="$20.00" dealtin="true" />
\t\t<player seat="5" nickname="Plover" balance="$20.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1307224800100" player="2" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1307224800200" player="3" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" timestamp="1307224803000" player="5" amount="0.50"/>
\t\t<event sequence="4" type="CALL" timestamp="1307224805000" player="0" amount="0.50"/>
\t\t<event sequence="5" type="CALL" timestamp="1307224807000" player="2" amount="0.25"/>
\t\t<event sequence="6" type="CHECK" timestamp="1307224809000" player="3"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="7" type="CHECK" timestamp="1307224812000" player="2"/>
\t\t<event sequence="8" type="BET" timestamp="1307224814000" player="3" amount="1.50"/>
\t\t<event sequence="9" type="FOLD" timestamp="1307224816000" player="5"/>
\t\t<event sequence="10" type="FOLD" timestamp="1307224818000" player="0"/>
\t\t<event sequence="11" type="FOLD" timestamp="1307224820000" player="2"/>
\t\t<cards type="COMMUNITY" cards="5s,6s,Jc" hand=""/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<event sequence="12" type="MUCK" timestamp="1307224821000" player="3"/>
\t\t<winner amount="3.40" uncalled="false" potnumber="1" player="3" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="5">
\t</round>
</game>'''

#: Kestrel is all in on the flop for 4.25 more (6.00 in all) against Heron's 5.25 bet, which Wren calls: the main
#: pot is 3 x 6.00 = 18.00, the side pot 2 x 1.00 = 2.00; Wren's river bet of 4.00 is not called (Heron folds)
#: and comes back. Kestrel's A-3 makes the wheel, the best high and the best low: he scoops the main pot, 18.00
#: less 0.90 rake (its share of the 1.00 taken from 20.00), 8.55 a half; Wren takes the side pot, 2.00 less 0.10.
SIDE_POT = PL + '''
<game id="61000002-7" starttime="20120914200000" numholecards="4" gametype="34" seats="6" realmoney="true" data="20120914|Tamarack (61000002)|61000002|61000002-7|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Kestrel" balance="$6.00" dealtin="true" />
\t\t<player seat="2" nickname="Wren" balance="$30.00" dealtin="true" />
\t\t<player seat="3" nickname="Heron" balance="$25.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1347652800100" player="2" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1347652800200" player="3" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="1347652803000" player="0" amount="1.75"/>
\t\t<event sequence="4" type="CALL" timestamp="1347652805000" player="2" amount="1.50"/>
\t\t<event sequence="5" type="CALL" timestamp="1347652807000" player="3" amount="1.25"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="6" type="CHECK" timestamp="1347652810000" player="2"/>
\t\t<event sequence="7" type="BET" timestamp="1347652812000" player="3" amount="5.25"/>
\t\t<event sequence="8" type="ALL_IN" timestamp="1347652814000" player="0" amount="4.25"/>
\t\t<event sequence="9" type="CALL" timestamp="1347652816000" player="2" amount="5.25"/>
\t\t<cards type="COMMUNITY" cards="4c,5d,Jh" player="-1" hand=""/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="10" type="ALL_IN" timestamp="1347652818000" player="0"/>
\t\t<event sequence="11" type="CHECK" timestamp="1347652819000" player="2"/>
\t\t<event sequence="12" type="CHECK" timestamp="1347652820000" player="3"/>
\t\t<cards type="COMMUNITY" cards="4c,5d,Jh,Qs" player="-1" hand=""/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<event sequence="13" type="BET" timestamp="1347652823000" player="2" amount="4.00"/>
\t\t<event sequence="14" type="FOLD" timestamp="1347652825000" player="3"/>
\t\t<cards type="COMMUNITY" cards="4c,5d,Jh,Qs,2s" player="-1" hand=""/>
\t</round>
\t<round id="SHOWDOWN" sequence="6">
\t\t<event sequence="15" type="SHOW" timestamp="1347652826000" player="0"/>
\t\t<event sequence="16" type="SHOW" timestamp="1347652827000" player="2"/>
\t\t<cards type="SHOWN" cards="Ac,3h,Kc,Kd" player="0"/>
\t\t<cards type="SHOWN" cards="Qh,Qd,7c,8c" player="2"/>
\t</round>
\t<round id="END_OF_GAME" sequence="7">
\t\t<winner amount="8.55" uncalled="false" potnumber="1" player="0" hand="Five High Straight" pottype="h"/>
\t\t<winner amount="8.55" uncalled="false" potnumber="1" player="0" hand="5-4-3-2-A" pottype="l"/>
\t\t<winner amount="1.90" uncalled="false" potnumber="2" player="2" pottype="n"/>
\t\t<winner amount="4.00" uncalled="true" potnumber="3" player="2" pottype="n"/>
\t</round>
</game>'''

#: Play money, in chips: Avocet's three eights take the high half, Curlew's 6-4-3-2-A the low; 120 chips, no rake.
PLAY = '''<description type="Omaha H/L8" stakes="Pot Limit (10/20)"/>
<game id="70000001-5" starttime="20111212090000" numholecards="4" gametype="34" seats="6" realmoney="false" data="20111212|Play Money (70000001)|70000001|70000001-5|false">
\t<players dealer="1">
\t\t<player seat="1" nickname="Avocet" balance="2000.00" dealtin="true" />
\t\t<player seat="4" nickname="Curlew" balance="1500.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="1" amount="10.00"/>
\t\t<event sequence="2" type="BIG_BLIND" player="4" amount="20.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" player="1" amount="10.00"/>
\t\t<event sequence="4" type="CHECK" player="4"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="5" type="BET" player="4" amount="40.00"/>
\t\t<event sequence="6" type="CALL" player="1" amount="40.00"/>
\t\t<cards type="COMMUNITY" cards="8d,8s,Ad" hand=""/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="7" type="CHECK" player="4"/>
\t\t<event sequence="8" type="CHECK" player="1"/>
\t\t<cards type="COMMUNITY" cards="8d,8s,Ad,2h" hand=""/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<event sequence="9" type="CHECK" player="4"/>
\t\t<event sequence="10" type="CHECK" player="1"/>
\t\t<cards type="COMMUNITY" cards="8d,8s,Ad,2h,3c" hand=""/>
\t</round>
\t<round id="SHOWDOWN" sequence="6">
\t\t<cards type="SHOWN" cards="8c,Kc,Jh,Js" player="1"/>
\t\t<cards type="SHOWN" cards="4d,6c,9h,Th" player="4"/>
\t</round>
\t<round id="END_OF_GAME" sequence="7">
\t\t<winner amount="60.00" uncalled="false" potnumber="1" player="1" pottype="h"/>
\t\t<winner amount="60.00" uncalled="false" potnumber="1" player="4" pottype="l"/>
\t</round>
</game>'''

#: A tournament before the 2.1 format: the balances are the stacks after the blinds (Avocet 1475 + 25, Curlew
#: 2950 + 50). Avocet is all in for 1500 before the flop, Curlew calls; Curlew's three nines take the high half,
#: Avocet's 7-4-3-2-A the low: 1500 chips each, no rake in a tournament.
TOURNAMENT = '''<description type="Omaha H/L8 Tournament" stakes="No Limit Level 3 Blinds 25/50"/>
<game id="62000010-14" starttime="20110715193000" numholecards="4" gametype="30" realmoney="true" data="20110715|Sparrow Room - Omaha H/L8|62000003-1|62000010-14|true">
\t<players dealer="0">
\t\t<player seat="0" nickname="Avocet" balance="$1475.00" dealtin="true" />
\t\t<player seat="1" nickname="Curlew" balance="$2950.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1310758200100" player="0" amount="25.00"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1310758200100" player="1" amount="50.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="ALL_IN" timestamp="1310758203000" player="0" amount="1475.00"/>
\t\t<event sequence="4" type="CALL" timestamp="1310758206000" player="1" amount="1450.00"/>
\t\t<event sequence="5" type="SHOW" timestamp="1310758206100" player="0"/>
\t\t<event sequence="6" type="SHOW" timestamp="1310758206200" player="1"/>
\t\t<cards type="HOLE" cards="Ah,2h,Kd,Qc" player="0" hand="Ace High"/>
\t\t<cards type="SHOWN" cards="Ah,2h,Kd,Qc" player="0"/>
\t\t<cards type="SHOWN" cards="9s,9d,Ts,Js" player="1"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<cards type="COMMUNITY" cards="3c,4d,9h" hand=""/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<cards type="COMMUNITY" cards="3c,4d,9h,Jc" hand=""/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<cards type="COMMUNITY" cards="3c,4d,9h,Jc,7s" hand=""/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t\t<winner amount="1500.00" uncalled="false" potnumber="1" player="1" pottype="h"/>
\t\t<winner amount="1500.00" uncalled="false" potnumber="1" player="0" pottype="l"/>
\t</round>
</game>'''

#: 2009: a RAISE's amount is the chips it puts in. Heron (0.50 in) raises by putting in 4.00 (4.50 in all),
#: Kestrel (1.50 in) calls 3.00; Heron's flop bet of 5.00 is not called and comes back inside the winner's amount:
#: 13.79 = the 9.25 pot less 0.46 rake, and the 5.00.
OLD_RAISE = PL + '''
<game id="60000001-9" starttime="20090612210000" numholecards="4" gametype="34" realmoney="true" data="20090612|Birch (60000001)|60000001|60000001-9|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Kestrel" balance="$50.00" dealtin="true" />
\t\t<player seat="2" nickname="Wren" balance="$50.00" dealtin="true" />
\t\t<player seat="3" nickname="Heron" balance="$50.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="2" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" player="3" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" player="0" amount="1.50"/>
\t\t<event sequence="4" type="FOLD" player="2"/>
\t\t<event sequence="5" type="RAISE" player="3" amount="4.00"/>
\t\t<event sequence="6" type="CALL" player="0" amount="3.00"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="7" type="BET" player="3" amount="5.00"/>
\t\t<event sequence="8" type="FOLD" player="0"/>
\t\t<cards type="COMMUNITY" cards="Kh,Qs,2d" hand=""/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<winner amount="13.79" uncalled="false" potnumber="1" player="3" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="5">
\t</round>
</game>'''

CANCELLED = PL + '''
<game id="61000001-41" starttime="20130305101700" numholecards="4" gametype="34" realmoney="true" data="20130305|Juniper (61000001)|61000001|61000001-41|false">
\t<players dealer="3">
\t\t<player seat="0" nickname="Kestrel" balance="$32.45" dealtin="false" />
\t\t<player seat="3" nickname="Heron" balance="$37.75" dealtin="false" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1362478620000" player="3" amount="0.25"/>
\t</round>
\t<round id="GAME_CANCELLED" sequence="2">
\t\t<event sequence="2" type="GAME_CANCELLED" timestamp="1362478622000"/>
\t</round>
</game>'''


def _only(text: str) -> ImportedHand:
    [hand] = parse(text)
    return hand


def _engine_paid(hand: ImportedHand) -> dict[str, int]:
    """What the engine's replay of ``hand`` pays each player."""
    engine = to_engine(hand)
    dealt = {p.player for p in hand.posts} | {a.player for a in hand.actions}
    names = [s.name for s in hand.seats if s.name in dealt]
    return {names[k]: w for k, w in enumerate(engine.payouts or []) if w}


def _line_of(text: str, fragment: str) -> int:
    assert text.count(fragment) == 1, fragment
    return text[:text.index(fragment)].count("\n") + 1


# --- what is read -----------------------------------------------------------------------------------------------

def test_a_raked_split_pot() -> None:
    hand = _only(SPLIT)
    assert (hand.site, hand.hand_id, hand.table, hand.betting, hand.unit, hand.currency) == (
        "merge", "61000001-12", "Juniper (61000001)", "pot-limit", "cents", "USD")
    assert hand.stakes == (25, 50) and hand.max_seats == 6 and hand.button_seat == 0 and hand.date == "20111120213005"
    assert [(s.number, s.name, s.stack, s.sitting_out) for s in hand.seats] == [
        (0, "Kestrel", 3000, False), (2, "Wren", 2500, False), (3, "Heron", 4000, False), (4, "Dunlin", 1200, True),
        (5, "Plover", 1850, False)]
    assert [(p.player, p.kind, p.amount) for p in hand.posts] == [("Wren", "small blind", 25), ("Heron", "big blind", 50)]
    # the raise to 1.50 is the street's bet reached (2011): it adds 1.50; Heron's call adds 1.00 to his 0.50
    assert [(a.street, a.player, a.kind, a.amount, a.added) for a in hand.actions[:5]] == [
        ("preflop", "Plover", "call", 50, 50), ("preflop", "Kestrel", "raise", 150, 150), ("preflop", "Wren", "fold", 0, 0),
        ("preflop", "Heron", "call", 100, 100), ("preflop", "Plover", "call", 100, 100)]
    assert [str(c) for c in hand.board] == ["2c", "7d", "Kh", "9s", "3h"]
    assert hand.hero == "Kestrel" and [str(c) for c in hand.hole_cards["Plover"]] == ["Ks", "Kd", "Qc", "Jd"]
    assert hand.total_pot == 1675 and hand.rake == 80 and hand.returned == ()
    assert hand.paid == {"Plover": 798, "Kestrel": 797}
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [("Plover", 798, "pot (hi)"), ("Kestrel", 797, "pot (lo)")]
    result = audit(hand)
    assert result.verdict == "ok" and result.ok and result.expected == {"Wren": 0, "Heron": 0, "Plover": 798, "Kestrel": 797}
    assert _engine_paid(hand) == {"Plover": 798, "Kestrel": 797}


def test_won_uncontested_the_uncalled_bet_on_its_own_line() -> None:
    hand = _only(FOLDED)
    assert hand.hand_id == "61000001-40" and hand.button_seat == 2
    assert hand.actions[0][2:5] == ("raise", 175, 175)
    assert hand.paid == {"Kestrel": 125} and hand.returned == (("Kestrel", 125),)
    assert hand.total_pot == 125 and hand.rake == 0
    assert audit(hand).ok and _engine_paid(hand) == {"Kestrel": 125}


def test_older_texts_pay_the_uncalled_bet_inside_the_winners_amount() -> None:
    hand = _only(OLD_FOLDED)
    assert hand.returned == (("Heron", 150),) and hand.paid == {"Heron": 190}
    assert hand.total_pot == 200 and hand.rake == 10
    assert audit(hand).ok and _engine_paid(hand) == {"Heron": 190}


def test_an_all_in_with_a_side_pot() -> None:
    hand = _only(SIDE_POT)
    kestrel = [a for a in hand.actions if a.player == "Kestrel"]
    assert [(a.street, a.kind, a.added, a.all_in) for a in kestrel] == [("preflop", "raise", 175, False),
                                                                        ("flop", "call", 425, True)]
    # the second ALL_IN of Kestrel (no amount, on the turn) only says again that he is all in: no action
    assert [a.player for a in hand.actions if a.street == "turn"] == ["Wren", "Heron"]
    assert hand.total_pot == 2000 and hand.rake == 100 and hand.returned == (("Wren", 400),)
    assert hand.paid == {"Kestrel": 1710, "Wren": 190}
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [
        ("Kestrel", 855, "main pot (hi)"), ("Kestrel", 855, "main pot (lo)"), ("Wren", 190, "side pot-1")]
    assert hand.pot_breakdown == (1710, 190)
    result = audit(hand)
    assert result.ok, result
    assert [(p.name, p.amount, p.rake) for p in result.pots] == [("main pot", 1800, 90), ("side pot-1", 200, 10)]
    assert _engine_paid(hand) == {"Kestrel": 1710, "Wren": 190}


def test_play_money_is_chips() -> None:
    hand = _only(PLAY)
    assert (hand.unit, hand.currency, hand.symbol, hand.stakes) == ("chips", None, "", (10, 20))
    assert [s.stack for s in hand.seats] == [2000, 1500] and hand.hero is None
    assert hand.paid == {"Avocet": 60, "Curlew": 60} and hand.total_pot == 120 and hand.rake == 0
    assert audit(hand).ok and _engine_paid(hand) == {"Avocet": 60, "Curlew": 60}
    with pytest.raises(HandHistoryError, match="chips are whole") as caught:
        parse(PLAY.replace('balance="1500.00"', 'balance="1500.50"'))
    assert caught.value.line == _line_of(PLAY, 'balance="1500.00"') and caught.value.hand_id == "70000001-5"


def test_a_tournament_before_the_2_1_format_has_the_blinds_in_the_balances() -> None:
    hand = _only(TOURNAMENT)
    assert hand.unit == "chips" and hand.currency is None and hand.betting == "no-limit"
    assert hand.tournament is not None and (hand.tournament.id, hand.tournament.level) == ("62000003-1", "Level 3")
    assert hand.table == "Sparrow Room - Omaha H/L8" and hand.stakes == (25, 50)
    assert [(s.name, s.stack) for s in hand.seats] == [("Avocet", 1500), ("Curlew", 3000)]
    assert [(a.player, a.kind, a.amount, a.added, a.all_in) for a in hand.actions] == [
        ("Avocet", "raise", 1500, 1475, True), ("Curlew", "call", 1450, 1450, False)]
    assert hand.paid == {"Curlew": 1500, "Avocet": 1500} and hand.total_pot == 3000 and hand.rake == 0
    assert audit(hand).ok and _engine_paid(hand) == {"Curlew": 1500, "Avocet": 1500}


def test_a_tournament_of_the_2_1_format_has_the_stacks_before_the_blinds() -> None:
    text = TOURNAMENT.replace('Blinds 25/50"/>', 'Blinds 25/50" version="2.1" />').replace(
        'balance="$1475.00"', 'balance="1500.00"').replace('balance="$2950.00"', 'balance="3000.00"')
    hand = _only(text)
    assert [(s.name, s.stack) for s in hand.seats] == [("Avocet", 1500), ("Curlew", 3000)]
    assert audit(hand).ok
    # read as balances after the blinds, Avocet's ALL_IN of 1475 would leave 25 behind: the text says which it is
    with pytest.raises(HandHistoryError, match="leaves 25 behind"):
        parse(text.replace(' version="2.1"', ""))
    with pytest.raises(HandHistoryError, match="version '2' are not settled") as caught:
        parse(text.replace(' version="2.1"', ' version="2"'))
    assert caught.value.line == 2 and caught.value.hand_id == "62000010-14"


def test_before_september_2010_a_raise_gives_the_chips_it_puts_in() -> None:
    hand = _only(OLD_RAISE)
    heron = [a for a in hand.actions if a.player == "Heron"]
    assert [(a.kind, a.amount, a.added) for a in heron] == [("raise", 450, 400), ("bet", 500, 500)]
    assert hand.paid == {"Heron": 879} and hand.returned == (("Heron", 500),)
    assert hand.total_pot == 925 and hand.rake == 46
    assert audit(hand).ok and _engine_paid(hand) == {"Heron": 879}
    # the same events dated 2012, when a raise gives the bet reached: Kestrel's call of 3.00 is more than the 2.50
    # he would have to call, and the text is refused rather than read the other way
    later = OLD_RAISE.replace('starttime="20090612210000"', 'starttime="20120612210000"')
    with pytest.raises(HandHistoryError, match=r"the call of \$3 is more than the \$2.50 to call") as caught:
        parse(later)
    assert caught.value.line == _line_of(OLD_RAISE, 'type="CALL" player="0" amount="3.00"')


def test_the_description_before_the_games_is_every_games_own() -> None:
    second = SIDE_POT.split("\n", 1)[1]
    text = SPLIT + "\n\n" + second  # one description for both games (a file's header)
    hands = parse(text)
    assert [h.hand_id for h in hands] == ["61000001-12", "61000002-7"]
    assert hands[1].first_line == _line_of(text, '<game id="61000002-7"')
    assert [h.paid for h in hands] == [{"Plover": 798, "Kestrel": 797}, {"Kestrel": 1710, "Wren": 190}]
    pieces = list(READER.split(text))
    assert [first for first, _ in pieces] == [1, _line_of(text, '<game id="61000002-7"') - 1]
    # a game takes the description before it: Omaha high (skipped), then Omaha Hi/Lo again
    high = '<description type="Omaha" stakes="Pot Limit ($0.25/$0.50)"/>'
    mixed = parse(high + "\n" + SPLIT_GAME.replace("61000001-12", "61000001-13") + "\n\n" + SPLIT + "\n" + second)
    assert [h.hand_id for h in mixed] == ["61000001-12", "61000002-7"]
    assert dict(mixed.skipped) == {"merge: Omaha Pot Limit": 1}


def test_another_game_is_skipped_and_counted() -> None:
    holdem = FOLDED.replace('type="Omaha H/L8"', 'type="Holdem"').replace("No Limit", "x").replace(
        'stakes="Pot Limit', 'stakes="No Limit')
    high = FOLDED.replace('type="Omaha H/L8"', 'type="Omaha"')
    hands = parse(holdem + "\n\n" + high + "\n\n" + SPLIT)
    assert [h.hand_id for h in hands] == ["61000001-12"]
    assert dict(hands.skipped) == {"merge: Holdem No Limit": 1, "merge: Omaha Pot Limit": 1}
    with pytest.raises(HandHistoryError, match="no Omaha Hi/Lo hand: .*merge: Omaha Pot Limit"):
        parse(high)
    # a mixed game names its game in multigametype: Omaha H/L8 is read, another game skipped
    horse = SPLIT.replace(PL, '<description type="HORSE" stakes="Limit $0.50/$1.00"/>').replace(
        'gametype="34"', 'gametype="75" multigametype="35"')
    [mixed] = parse(horse)
    assert mixed.mixed == "HORSE" and mixed.betting == "limit" and mixed.stakes == (50, 100)
    stud = parse(horse.replace('multigametype="35"', 'multigametype="43"') + "\n\n" + SPLIT)
    assert dict(stud.skipped) == {"merge: HORSE Limit (game 43)": 1}


def test_a_cancelled_game_is_skipped_not_read() -> None:
    hands = parse(CANCELLED + "\n\n" + FOLDED)
    assert [h.hand_id for h in hands] == ["61000001-40"]
    assert dict(hands.skipped) == {"merge: Omaha H/L8 Pot Limit (cancelled: no hand played)": 1}


# --- what is refused, or read and left unjudged --------------------------------------------------------------------

def test_awards_that_do_not_add_up_are_read_and_unjudged() -> None:
    more = SPLIT.replace('amount="7.97"', 'amount="9.97"')  # 17.95 paid out of a 16.75 pot
    hand = _only(more)
    assert hand.paid == {"Plover": 798, "Kestrel": 997} and hand.total_pot == 1675 and hand.rake == 0
    result = audit(hand)
    assert result.verdict == "unjudged" and "more than the pot" in (result.reason or ""), result
    # a winner line missing: 7.98 paid of 16.75, the rest is no room's rake (more than 10% of the pot)
    less = SPLIT.replace('\t\t<winner amount="7.97" uncalled="false" potnumber="1" player="0" hand="7-4-3-2-A" '
                         'pottype="l"/>\n', "")
    assert less != SPLIT
    hand = _only(less)
    assert hand.paid == {"Plover": 798} and hand.rake == 877
    result = audit(hand)
    assert result.verdict == "unjudged" and "is more than merge takes" in (result.reason or ""), result
    # a tournament keeps no rake: chips missing from the payout do not add up
    short = _only(TOURNAMENT.replace('amount="1500.00" uncalled="false" potnumber="1" player="0"',
                                     'amount="1400.00" uncalled="false" potnumber="1" player="0"'))
    assert short.rake == 0 and audit(short).verdict == "unjudged" and "do not add up" in (audit(short).reason or "")


def test_an_uncalled_bet_that_is_not_the_bet_beyond_the_others_is_refused() -> None:
    text = FOLDED.replace('<winner amount="1.25" uncalled="true"', '<winner amount="1.50" uncalled="true"')
    with pytest.raises(HandHistoryError, match=r"returned to Kestrel is \$1.50, but the bet beyond the others' is "
                                               r"\$1.25") as caught:
        parse(text)
    assert caught.value.line == _line_of(text, 'amount="1.50" uncalled="true"')


@pytest.mark.parametrize("old, new, words", [
    ('player="5" amount="2.00"', 'player="5" amount="2.x0"', "bad amount"),
    ('type="CHECK" timestamp="1321842620000" player="3"', 'type="CHECK" timestamp="1321842620000" player="1"',
     "nobody sits in seat '1'"),
    ('type="CALL" timestamp="1321842625000" player="0" amount="2.00"',
     'type="CALL" timestamp="1321842625000" player="0" amount="1.00"', r"the call of \$1 is less than the \$2 to call"),
    ('type="FOLD" timestamp="1321842627000" player="3"', 'type="CALL" timestamp="1321842627000" player="2" amount="2.00"',
     "Wren acts after folding"),
    ('type="FOLD" timestamp="1321842627000" player="3"', 'type="CHECK" timestamp="1321842627000" player="4"',
     "Dunlin was not dealt in"),
    ('type="SHOWN" cards="Ks,Kd,Qc,Jd"', 'type="SHOWN" cards="Ks,Kd,Qc"', "Plover has 3 cards"),
    ('<winner amount="7.98" uncalled="false" potnumber="1" player="5"',
     '<winner amount="7.98" uncalled="false" potnumber="1" player="9"', "nobody sits in seat '9'"),
    ('type="CHECK" timestamp="1321842630000" player="5"', 'type="DISCONNECTED" timestamp="1321842630000" player="5"',
     "a player disconnected"),
    ('cards="2c,7d,Kh,9s" hand', 'cards="2c,7d,Kc,9s" hand', "the turn's board needs 4 cards following"),
])
def test_a_line_of_a_seated_player_that_cannot_be_read_is_an_error_naming_it(old: str, new: str, words: str) -> None:
    number = _line_of(SPLIT, old)
    with pytest.raises(HandHistoryError, match=words) as caught:
        parse(SPLIT.replace(old, new))
    assert caught.value.line == number and caught.value.hand_id == "61000001-12"


def test_cut_short_and_not_merge_texts_are_errors() -> None:
    with pytest.raises(HandHistoryError, match="no </game>") as caught:
        parse(SPLIT.split("\t<round id=\"SHOWDOWN\"")[0])
    assert caught.value.hand_id == "61000001-12" and caught.value.line == 2
    with pytest.raises(HandHistoryError, match="no END_OF_GAME round"):
        parse(SPLIT[:SPLIT.index('\t<round id="END_OF_GAME"')] + "</game>")
    with pytest.raises(HandHistoryError, match="not a known site's hand history format"):
        parse(SPLIT_GAME)  # a game with no description before it: no header of any room
    with pytest.raises(HandHistoryError, match="a line between the games that is no game") as caught:
        parse(SPLIT + "\nstray words\n")
    assert caught.value.line == SPLIT.count("\n") + 2
    with pytest.raises(HandHistoryError, match="not a merge hand history"):
        parse("PokerStars Hand #1: x", "merge")


def test_ohh_round_trip() -> None:
    for text in (SPLIT, FOLDED, SIDE_POT, PLAY, TOURNAMENT):
        hand = _only(text)
        back = from_ohh(to_ohh(hand))
        assert back.paid == hand.paid and back.total_pot == hand.total_pot and back.rake == hand.rake
        assert [s.stack for s in back.seats] == [s.stack for s in hand.seats]
        assert [(a.player, a.kind, a.added) for a in back.actions] == [(a.player, a.kind, a.added) for a in hand.actions]
        assert audit(back).ok
