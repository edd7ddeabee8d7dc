"""iPoker XML as the real session files write it (issue 38), in texts written
here from the format's facts: the game named ``Omaha HiLow``, a raise's
``sum`` the street total raised to (each player's ``bet`` total adds so),
and the XML declaration on the session's line."""

from __future__ import annotations

from omaha8_fast.histories import audit, parse, to_engine

SESSION = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="31">
<general>
<mode>real</mode>
<gametype>Omaha HiLow PL €1/€2</gametype>
<tablename>Heron, 9001</tablename>
<tablecurrency>EUR</tablecurrency>
<nickname>uma</nickname>
</general>
<game gamecode="6001">
<general>
<startdate>2024-02-03 04:05:06</startdate>
<players>
<player chips="€200" dealer="0" seat="2" bet="€12" name="uma" win="€0"/>
<player chips="€1,000" dealer="1" seat="5" bet="€24" name="vic" win="€23"/>
</players>
</general>
<round no="0">
<action player="vic" type="1" no="1" sum="€1"/>
<action player="uma" type="2" no="2" sum="€2"/>
</round>
<round no="1">
<cards player="vic" type="Pocket">X X X X</cards>
<action player="vic" type="23" no="3" sum="€6"/>
<cards player="uma" type="Pocket">SA H2 D9 CK</cards>
<action player="uma" type="3" no="4" sum="€4"/>
</round>
<round no="2">
<cards type="Flop">C3 D8 H10</cards>
<action player="uma" type="4" no="5" sum="€0"/>
<action player="vic" type="5" no="6" sum="€6"/>
<action player="uma" type="3" no="7" sum="€6"/>
</round>
<round no="3">
<cards type="Turn">SJ</cards>
<action player="uma" type="4" no="8" sum="€0"/>
<action player="vic" type="5" no="9" sum="€12"/>
<action player="uma" type="0" no="10" sum="€0"/>
</round>
</game>
</session>"""


def test_a_real_session_reads_raises_to_their_total() -> None:
    [hand] = parse(SESSION)
    assert (hand.site, hand.hand_id, hand.unit, hand.currency, hand.betting) == ("ipoker", "6001", "cents", "EUR",
                                                                                  "pot-limit")
    raise_ = hand.actions[0]
    assert (raise_.player, raise_.kind, raise_.amount, raise_.added) == ("vic", "raise", 600, 500)  # 1 + 5 = 6
    # vic's bet total 24 = 6 + 6 + 12: the last 12 went back; the 24 pot paid 23 (1 kept)
    assert (hand.returned, hand.total_pot, hand.paid, hand.rake) == ((("vic", 1200),), 2400, {"vic": 2300}, 100)
    assert audit(hand).verdict == "ok"
    engine = to_engine(hand)
    assert list(engine.payouts) == [0, 2300]


ALL_IN = """<session sessioncode="32">
<general><gametype>Omaha HiLow PL €1/€2</gametype><tablename>Heron, 9001</tablename>
<tablecurrency>EUR</tablecurrency><nickname>uma</nickname></general>
<game gamecode="6002">
<general><startdate>2024-02-03 04:06:06</startdate><players>
<player chips="€20" dealer="0" seat="2" bet="€20" name="uma" win="€0"/>
<player chips="€100" dealer="1" seat="5" bet="€20" name="vic" win="€40"/>
</players></general>
<round no="0">
<action player="vic" type="1" no="1" sum="€1"/>
<action player="uma" type="2" no="2" sum="€2"/>
</round>
<round no="1">
<cards player="uma" type="Pocket">S7 H2 D9 CK</cards>
<action player="vic" type="23" no="3" sum="€6"/>
<action player="uma" type="7" no="4" sum="SUM"/>
<action player="vic" type="3" no="5" sum="€14"/>
</round>
<round no="2"><cards type="Flop">C3 D8 H10</cards></round>
<round no="3"><cards type="Turn">SJ</cards></round>
<round no="4"><cards type="River">SQ</cards></round>
<round no="5"><cards player="vic" type="Pocket">CA HK D4 H5</cards></round>
</game>
</session>"""


def test_an_all_in_reads_alike_by_what_it_adds_or_the_total_it_reaches() -> None:
    # uma had 2 in (the big blind) and goes all in for 20 in all: "€18" added or "€20" reached; her bet total
    # (20) says which the file means
    for written in ("€18", "€20"):
        [hand] = parse(ALL_IN.replace("SUM", written))
        shove = hand.actions[1]
        assert (shove.player, shove.kind, shove.amount, shove.added, shove.all_in) == ("uma", "raise", 2000, 1800,
                                                                                        True)
        assert (hand.total_pot, hand.paid, hand.rake) == (4000, {"vic": 4000}, 0)
        assert audit(hand).verdict == "ok"
