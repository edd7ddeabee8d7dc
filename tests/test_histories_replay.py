"""Real tables' ways, replayed (issue 26): every text here (written for these
tests from the PokerStars format) is read, audited and replayed in the
engine, and the replay must pay exactly what the text's ``collected`` lines
say (worked out by hand in each text: the oracle), in both engines.

Cases: a player joining posts a big blind out of position (live); small and
big blinds (the small dead, into the pot); a straddle (with rake); a player
sitting out, no small blind, a fold when checking was free; an all-in for
less than a full raise; an old text that does not print the uncalled bet.
"""

from __future__ import annotations

import pytest

from omaha8_fast.engine import Hand
from omaha8_fast.histories import HandHistoryError, audit, parse, to_engine

_HEAD = "PokerStars Hand #{id}:  Omaha Hi/Lo {game} ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET\n"
_FOUR = ("Seat 1: alice ($20 in chips)\nSeat 2: bob ($20 in chips)\nSeat 3: carl ($20 in chips)\n"
         "Seat 4: dave ($20 in chips)\n")

TEXTS = {
    # dave joins and posts a live big blind out of position; he acts first and checks his option
    "join": _HEAD.format(id=9001, game="Pot Limit") + "Table 'Join' 6-max Seat #1 is the button\n" + _FOUR + """\
bob: posts small blind $0.25
carl: posts big blind $0.50
dave: posts big blind $0.50
*** HOLE CARDS ***
dave: checks
alice: calls $0.50
bob: calls $0.25
carl: checks
*** FLOP *** [Kh 9d 4c]
bob: bets $1
carl: folds
dave: folds
alice: folds
Uncalled bet ($1) returned to bob
bob collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Board [Kh 9d 4c]
Seat 2: bob (small blind) collected ($2)""",
    # dave posts small and big blinds: $0.25 dead in the pot, $0.50 live
    "dead small": _HEAD.format(id=9002, game="Pot Limit") + "Table 'Dead' 6-max Seat #1 is the button\n" + _FOUR + """\
bob: posts small blind $0.25
carl: posts big blind $0.50
dave: posts small & big blinds $0.75
*** HOLE CARDS ***
dave: checks
alice: calls $0.50
bob: calls $0.25
carl: checks
*** FLOP *** [Kh 9d 4c]
bob: bets $1
carl: calls $1
dave: folds
alice: folds
*** TURN *** [Kh 9d 4c] [2s]
bob: checks
carl: checks
*** RIVER *** [Kh 9d 4c 2s] [7h]
bob: bets $2
carl: folds
Uncalled bet ($2) returned to bob
bob collected $4.25 from pot
*** SUMMARY ***
Total pot $4.25 | Rake $0
Board [Kh 9d 4c 2s 7h]
Seat 2: bob (small blind) collected ($4.25)""",
    # dave straddles to $1; erin raises on the flop, bets the turn and takes a raked pot of $16
    "straddle": _HEAD.format(id=9003, game="No Limit") + "Table 'Straddle' 6-max Seat #1 is the button\n"
    + _FOUR.replace("$20", "$50") + """Seat 5: erin ($50 in chips)
bob: posts small blind $0.25
carl: posts big blind $0.50
dave: posts straddle $1
*** HOLE CARDS ***
erin: calls $1
alice: folds
bob: calls $0.75
carl: calls $0.50
dave: checks
*** FLOP *** [Kh 9d 4c]
bob: checks
carl: checks
dave: bets $2
erin: raises $4 to $6
bob: folds
carl: folds
dave: calls $4
*** TURN *** [Kh 9d 4c] [2s]
dave: checks
erin: bets $10
dave: folds
Uncalled bet ($10) returned to erin
erin collected $15.50 from pot
*** SUMMARY ***
Total pot $16 | Rake $0.50
Board [Kh 9d 4c 2s]
Seat 5: erin collected ($15.50)""",
    # bob sits out: no small blind, carl (left of the button) posts the big blind; dave folds when he could check
    "sitting out": _HEAD.format(id=9004, game="Pot Limit") + "Table 'Out' 6-max Seat #1 is the button\n"
    + _FOUR.replace("Seat 2: bob ($20 in chips)", "Seat 2: bob ($20 in chips) is sitting out") + """\
carl: posts big blind $0.50
*** HOLE CARDS ***
dave: calls $0.50
alice: calls $0.50
carl: checks
*** FLOP *** [Kh 9d 4c]
carl: checks
dave: folds
alice: bets $1.50
carl: folds
Uncalled bet ($1.50) returned to alice
alice collected $1.50 from pot
*** SUMMARY ***
Total pot $1.50 | Rake $0
Board [Kh 9d 4c]
Seat 1: alice (button) collected ($1.50)""",
    # bob's all-in raise to $2.80 is short of a full raise (to $3.50): alice, who raised, may only call
    "short all-in": _HEAD.format(id=9005, game="No Limit") + "Table 'Short' 6-max Seat #1 is the button\n" + """\
Seat 1: alice ($20 in chips)
Seat 2: bob ($2.80 in chips)
Seat 3: carl ($20 in chips)
bob: posts small blind $0.25
carl: posts big blind $0.50
*** HOLE CARDS ***
alice: raises $1.50 to $2
bob: raises $0.80 to $2.80 and is all-in
carl: folds
alice: calls $0.80
*** FLOP *** [Kh Qd 9s]
*** TURN *** [Kh Qd 9s] [9c]
*** RIVER *** [Kh Qd 9s 9c] [Jh]
*** SHOW DOWN ***
bob: shows [2c 3c 4d 5d]
alice: shows [Ah Ad Ks Kd]
alice collected $6.10 from pot
*** SUMMARY ***
Total pot $6.10 | Rake $0
Board [Kh Qd 9s 9c Jh]
Seat 1: alice (button) showed [Ah Ad Ks Kd] and won ($6.10)
Seat 2: bob (small blind) showed [2c 3c 4d 5d] and lost""",
    # a 2005 text: alice's uncalled $1 goes back to her, which the text does not print
    "old uncalled": """\
PokerStars Game #9006: Omaha Hi/Lo Limit ($1/$2) - 2005/06/01 - 12:00:00 (ET)
Table 'Old' 10-max Seat #1 is the button
Seat 1: alice ($20 in chips)
Seat 2: bob ($20 in chips)
alice: posts small blind $0.50
bob: posts big blind $1
*** HOLE CARDS ***
alice: raises $1 to $2
bob: folds
alice collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: alice (button) (small blind) collected ($2)""",
}

#: What each text says was paid (its collected lines), by name: the oracle.
PAID = {"join": {"bob": 200}, "dead small": {"bob": 425}, "straddle": {"erin": 1550}, "sitting out": {"alice": 150},
        "short all-in": {"alice": 610}, "old uncalled": {"alice": 200}}


def _replay_paid(name: str) -> dict[str, int]:
    [hand] = parse(TEXTS[name])
    engine = to_engine(hand)
    assert isinstance(engine, Hand) and engine.is_over
    dealt = [s.name for s in hand.seats if s.name in {p.player for p in hand.posts} | {a.player for a in hand.actions}]
    return {dealt[s]: won for s, won in enumerate(engine.payouts or []) if won}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_the_replay_pays_what_the_site_paid(name: str) -> None:
    [hand] = parse(TEXTS[name])
    assert hand.paid == PAID[name]
    assert _replay_paid(name) == PAID[name]
    result = audit(hand)
    assert result.verdict == "ok" and result.differences == (), result


def test_the_unprinted_uncalled_bet_is_inferred_and_noted() -> None:
    [hand] = parse(TEXTS["old uncalled"])
    assert hand.returned == ()
    result = audit(hand)
    assert any("uncalled bet of $1 returned to alice" in note for note in result.notes), result.notes


def test_a_fold_when_checking_is_free_is_told_to_the_engine_only_when_needed() -> None:
    [out] = parse(TEXTS["sitting out"])
    [join] = parse(TEXTS["join"])
    free = to_engine(out)
    assert isinstance(free, Hand) and free.history.free_folds and free.history.dead_small_blind
    plain = to_engine(join)
    assert isinstance(plain, Hand) and not plain.history.free_folds and plain.history.posts == (3,)


@pytest.mark.parametrize("flop", [
    # bob's bet is uncalled: the dead 0.25 of dave is no part of dave's stake (0.50), so $1 goes back
    "*** FLOP *** [Kh 9d 4c]\nbob: bets $1\ncarl: folds\ndave: folds\nalice: folds\n"
    "Uncalled bet ($1) returned to bob\nbob collected $2.25 from pot\n*** SUMMARY ***\nTotal pot $2.25 | Rake $0",
    # dave, who posted dead, bets and nobody calls: his $1 back, not $1.25
    "*** FLOP *** [Kh 9d 4c]\nbob: checks\ncarl: checks\ndave: bets $1\nalice: folds\nbob: folds\ncarl: folds\n"
    "Uncalled bet ($1) returned to dave\ndave collected $2.25 from pot\n*** SUMMARY ***\nTotal pot $2.25 | Rake $0",
])
def test_a_dead_blind_is_no_part_of_the_uncalled_bet(flop: str) -> None:
    text = TEXTS["dead small"].split("*** FLOP ***")[0] + flop
    [hand] = parse(text)
    assert audit(hand).verdict == "ok"
    engine = to_engine(hand)
    assert isinstance(engine, Hand)
    winner = hand.returned[0][0]
    seat = [s.name for s in hand.seats].index(winner)
    assert engine.returned == (seat, 100) and engine.payouts is not None and engine.payouts[seat] == 225


def test_a_mispaid_hand_has_per_player_differences() -> None:
    text = TEXTS["join"].replace("bob collected $2 from pot", "bob collected $1.50 from pot\ncarl collected $0.50 from pot")
    [hand] = parse(text)
    result = audit(hand)
    assert result.verdict == "mispaid"
    assert {(d.player, d.expected, d.paid) for d in result.differences} == {("bob", 200, 150), ("carl", 0, 50)}


def test_totals_that_do_not_add_up_are_unjudged_not_mispaid() -> None:
    [hand] = parse(TEXTS["join"].replace("Total pot $2 |", "Total pot $7 |"))
    result = audit(hand)
    assert result.verdict == "unjudged" and "total pot" in (result.reason or "")


# Both engines replay these texts alike: tests/test_engine_extra_blinds.py (one process with the Python engine).
