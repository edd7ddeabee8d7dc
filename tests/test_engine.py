"""The hand engine: scripted hands for every betting rule, property tests, and
a differential run against pokerkit (when installed)."""

from __future__ import annotations

import dataclasses
import os
import random
import warnings
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from random_play import random_action

from omaha8_fast import evaluate_hilo, parse_cards
from omaha8_fast.engine import Hand, IllegalAction, Table
from omaha8_fast.showdown import Contributions, pots_from_contributions, split_pot

# Board K K Q J 9: nobody can make a low, so only the high hands matter.
NO_LOW_BOARD = "Ks Kd Qh Jc 9s"


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand, to compare states."""
    over = hand.is_over
    return (
        hand.street, hand.to_act, hand.pot, hand.pots, hand.bets, hand.stacks, hand.board, hand.holes,
        over, hand.actions, hand.folded, hand.contributions, hand.payouts, hand.returned,
        None if over else repr(hand.legal_actions()),
    )


def play_randomly(hand: Hand, rng: random.Random, limit: int = 1000) -> int:
    """Random legal actions until the hand ends; returns how many were taken."""
    for count in range(limit):
        if hand.is_over:
            return count
        random_action(hand, rng, edges=True)
    raise AssertionError(f"the hand did not end in {limit} actions")


# --- positions and turn order ---------------------------------------------------


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_only() -> None:
    hand = Hand([100, 100], button=1, small_blind=1, big_blind=2, betting="no-limit")
    assert hand.bets == [2, 1] and hand.to_act == 1
    hand.call()
    assert hand.to_act == 0 and hand.legal_actions().actions == ("check", "raise")  # the big blind's option
    hand.check()
    assert hand.street == "flop" and hand.to_act == 0  # the big blind acts first after the flop


def test_blinds_left_of_button_and_under_the_gun_first() -> None:
    hand = Hand([100] * 4, button=2, small_blind=1, big_blind=2, betting="no-limit")
    assert hand.bets == [2, 0, 0, 1] and hand.to_act == 1
    hand.call()  # seat 1
    hand.call()  # seat 2, the button
    hand.fold()  # seat 3, the small blind
    assert hand.to_act == 0
    hand.check()
    # First live player clockwise from the button: seat 3 folded, so seat 0.
    assert hand.street == "flop" and hand.to_act == 0 and len(hand.board) == 3


def test_round_ends_when_all_matched_and_streets_advance() -> None:
    hand = Hand([100] * 3, button=0, small_blind=1, big_blind=2, betting="no-limit")
    hand.call(); hand.call(); hand.check()
    for street, cards in (("flop", 3), ("turn", 4), ("river", 5)):
        assert hand.street == street and len(hand.board) == cards and hand.bets == [0, 0, 0]
        assert hand.to_act == 1  # left of the button
        hand.check(); hand.check(); hand.check()
    assert hand.is_over and hand.street == "showdown"


def test_fold_to_a_bet_ends_hand_without_showdown() -> None:
    hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, betting="no-limit", seed=1)
    hand.raise_to(10)
    hand.fold(); hand.fold()
    assert hand.is_over and hand.street == "preflop" and hand.board == ()
    assert hand.returned == (0, 8)  # the 8 nobody called go back
    assert hand.payouts == [5, 0, 0] and hand.stacks == [103, 99, 98] and hand.showdown_order == []


# --- no-limit -------------------------------------------------------------------


def test_no_limit_minimum_bet_and_raise_sizes() -> None:
    hand = Hand([200, 200], button=0, small_blind=1, big_blind=2, betting="no-limit")
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (1, 4, 200)
    with pytest.raises(IllegalAction, match="from 4 to 200, not 3"):
        hand.raise_to(3)
    hand.raise_to(7)  # a raise of 5
    assert hand.legal_actions().min_raise_to == 12  # at least another 5
    hand.raise_to(20)  # a raise of 13
    assert hand.legal_actions().min_raise_to == 33
    hand.call()
    assert hand.legal_actions().actions == ("check", "bet") and hand.legal_actions().min_raise_to == 2  # min bet = big blind
    hand.bet(5)
    assert hand.legal_actions().min_raise_to == 10 and hand.legal_actions().max_raise_to == 180


def test_short_all_in_does_not_reopen_betting() -> None:
    # Seat 0 raises to 100; the small blind goes all-in for 152, 52 more: less
    # than the 98 of a full raise.
    hand = Hand([1000, 152, 1000], button=0, small_blind=1, big_blind=2, betting="no-limit")
    hand.raise_to(100)
    hand.all_in()
    legal = hand.legal_actions()  # the big blind has not acted yet: may raise, by a full 98
    assert legal.seat == 2 and legal.actions == ("fold", "call", "raise") and legal.min_raise_to == 250
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.actions == ("fold", "call") and legal.call_amount == 52
    with pytest.raises(IllegalAction, match="does not reopen"):
        hand.raise_to(400)
    with pytest.raises(IllegalAction):
        hand.all_in()
    hand.call()
    assert hand.street == "flop"


def test_short_all_ins_adding_up_to_a_full_raise_reopen_betting() -> None:
    # Seat 3 raises to 100 (by 98); the blinds go all-in for 150 and 200: each
    # short, but together 100 more than seat 3 faced when it acted.
    hand = Hand([1000, 150, 200, 1000], button=0, small_blind=1, big_blind=2, betting="no-limit")
    hand.raise_to(100)  # seat 3
    hand.call()  # seat 0
    hand.all_in()  # seat 1 to 150
    hand.all_in()  # seat 2 to 200
    legal = hand.legal_actions()
    assert legal.seat == 3 and "raise" in legal and legal.min_raise_to == 298
    hand.call()
    assert hand.legal_actions().seat == 0 and "raise" in hand.legal_actions()


def test_all_in_bet_below_the_minimum_sets_no_new_minimum() -> None:
    hand = Hand([3, 100, 100, 100], button=3, small_blind=1, big_blind=2, betting="no-limit")
    hand.call(); hand.call(); hand.call(); hand.check()  # seat 0 (small blind) has 1 chip left
    assert hand.street == "flop" and hand.to_act == 0
    legal = hand.legal_actions()
    assert legal.actions == ("check", "bet") and (legal.min_raise_to, legal.max_raise_to) == (1, 1)
    hand.all_in()
    legal = hand.legal_actions()  # seat 1 has not acted: may raise, by a full big blind
    assert legal.seat == 1 and legal.call_amount == 1 and legal.min_raise_to == 3


# --- pot-limit ------------------------------------------------------------------


def test_pot_limit_rules_example() -> None:
    # docs/rules.md, "Betting structures": pot 100, A bets 100; B may raise to at most 400.
    hand = Hand([1000, 1000], button=0, small_blind=25, big_blind=50, betting="pot-limit")
    hand.call(); hand.check()
    assert hand.pot == 100 and hand.street == "flop"
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (50, 100)  # bet from the big blind to the pot
    hand.bet(100)
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (100, 200, 400)
    with pytest.raises(IllegalAction, match="from 200 to 400, not 401"):
        hand.raise_to(401)
    with pytest.raises(IllegalAction, match="the most allowed is raise to 400"):
        hand.all_in()
    hand.raise_to(400)
    assert hand.pot == 600


def test_pot_limit_preflop_maximum_counts_the_blinds() -> None:
    hand = Hand([500] * 3, button=0, small_blind=1, big_blind=2, betting="pot-limit")
    assert hand.legal_actions().max_raise_to == 7  # 2 to call, pot of 5, raise by 5
    hand.raise_to(7)
    # small blind: 6 to call makes the pot 16; raise by 16 to 23
    assert hand.legal_actions().max_raise_to == 23
    assert hand.legal_actions().min_raise_to == 12


# --- fixed limit ----------------------------------------------------------------


def test_limit_sizes_and_cap_of_four_bets() -> None:
    hand = Hand([100] * 4, button=0, small_blind=1, big_blind=2, betting="limit", small_bet=2, big_bet=4)
    # Pre-flop the big blind is the first bet: raise, re-raise, cap.
    for to in (4, 6, 8):
        legal = hand.legal_actions()
        assert (legal.min_raise_to, legal.max_raise_to) == (to, to)
        with pytest.raises(IllegalAction):
            hand.raise_to(to + 1)
        hand.raise_to(to)
    assert hand.legal_actions().actions == ("fold", "call")
    with pytest.raises(IllegalAction, match="capped"):
        hand.raise_to(10)
    hand.call(); hand.call(); hand.call()
    assert hand.street == "flop"
    hand.bet(2)
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert hand.legal_actions().actions == ("fold", "call")
    hand.call(); hand.call(); hand.call()
    assert hand.street == "turn" and hand.legal_actions().min_raise_to == 4  # the big bet
    hand.bet(4); hand.raise_to(8)
    hand.call(); hand.call(); hand.call()
    assert hand.street == "river" and hand.legal_actions().max_raise_to == 4
    assert hand.pot == 4 * (8 + 8 + 8)


def test_limit_short_all_in_neither_reopens_nor_counts_toward_cap() -> None:
    hand = Hand([50, 50, 5], button=2, small_blind=1, big_blind=2, betting="limit")
    hand.call(); hand.call(); hand.check()  # seat 2 has 3 left
    hand.bet(2)  # seat 0
    hand.call()  # seat 1
    hand.all_in()  # seat 2: to 3, one more than the bet
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.actions == ("fold", "call") and legal.call_amount == 1


def test_limit_small_bet_must_be_big_blind() -> None:
    with pytest.raises(ValueError, match="small bet is the big blind"):
        Hand([100, 100], 0, 1, 2, betting="limit", small_bet=4)


# --- all-ins, side pots, uncalled chips, runouts ----------------------------------


def test_all_in_runout_deals_the_board_and_returns_excess() -> None:
    deck = "As Ad Kc Kh  2c 3d 7h 8s" + " " + NO_LOW_BOARD  # seat 0 has aces, seat 1 nothing
    hand = Hand([300, 100], button=0, small_blind=1, big_blind=2, betting="no-limit", deck=deck)
    hand.all_in()
    hand.call()  # all-in for 100
    assert hand.is_over and hand.street == "showdown" and len(hand.board) == 5
    assert hand.returned == (0, 200)
    assert hand.stacks == [400, 0] and hand.payouts == [200, 0]
    text = hand.history_text()
    assert "*** FLOP ***" in text and "*** RIVER ***" in text and "Uncalled bet of 200 returned to seat 0" in text


def test_side_pots_and_betting_continues_between_deep_stacks() -> None:
    # Seat 0 (50) and seat 1 (100) all-in pre-flop; seats 2 and 3 play on.
    deck = "Qs Qc 4h 5h  Js Jd 4c 5c  Ah Ac 6d 7d  Th Tc 2d 3s " + NO_LOW_BOARD
    hand = Hand([50, 100, 300, 300], button=0, small_blind=1, big_blind=2, betting="no-limit", deck=deck)
    hand.call()  # seat 3
    hand.all_in()  # seat 0 to 50
    hand.all_in()  # seat 1 to 100
    hand.call(); hand.call()  # seats 2, 3
    assert hand.street == "flop" and hand.to_act == 2
    assert hand.pots == [(200, (0, 1, 2, 3)), (150, (1, 2, 3))]
    hand.bet(40)
    assert hand.bets == [0, 0, 40, 0] and hand.pot == 390
    hand.call()
    hand.check(); hand.check(); hand.check(); hand.check()
    # Seat 0: queens full of kings; seat 1: jacks full; seat 2: aces and
    # kings; seat 3: kings and tens. Main pot 200 to seat 0, side pot 150 to
    # seat 1, the 80 bet on the flop to seat 2.
    assert hand.payouts == [200, 150, 80, 0]
    assert hand.stacks == [200, 150, 240, 160]


def test_showdown_order_last_river_aggressor_first() -> None:
    hand = Hand([100] * 3, button=0, small_blind=1, big_blind=2, betting="no-limit", seed=4)
    hand.call(); hand.call(); hand.check()
    for _ in range(2):
        hand.check(); hand.check(); hand.check()
    hand.check()  # seat 1
    hand.bet(10)  # seat 2
    hand.call(); hand.call()
    assert hand.showdown_order == [2, 0, 1]


def test_showdown_order_without_river_bet_starts_left_of_button() -> None:
    hand = Hand([100] * 4, button=1, small_blind=1, big_blind=2, betting="no-limit", seed=4)
    hand.call(); hand.call(); hand.fold(); hand.check()  # seat 2 (small blind) folds
    for _ in range(3):
        hand.check(); hand.check(); hand.check()
    assert hand.showdown_order == [3, 0, 1]


def test_antes_are_dead_money_and_a_short_player_is_all_in_from_the_ante() -> None:
    hand = Hand([1, 100, 100, 100], button=0, small_blind=1, big_blind=2, betting="no-limit", ante=1, seed=2)
    assert hand.pot == 4 + 3 and hand.bets == [0, 1, 2, 0] and hand.stacks == [0, 98, 97, 99]
    assert hand.to_act == 3
    hand.call(); hand.call(); hand.check()
    assert hand.street == "flop" and hand.pots == [(4, (0, 1, 2, 3)), (6, (1, 2, 3))]
    play_randomly(hand, random.Random(0))
    assert sum(hand.stacks) == 301


def test_short_big_blind_must_still_be_called_in_full() -> None:
    hand = Hand([100, 100, 1], button=0, small_blind=1, big_blind=2, betting="no-limit")
    assert hand.bets == [0, 1, 1] and hand.stacks[2] == 0
    assert hand.legal_actions().call_amount == 2
    hand.call(); hand.call()
    assert hand.street == "flop" and hand.pots == [(3, (0, 1, 2)), (2, (0, 1))]


def test_lone_player_with_chips_is_not_asked_to_act() -> None:
    hand = Hand([100, 10], button=0, small_blind=1, big_blind=2, betting="no-limit", seed=3)
    hand.call()
    hand.all_in()  # the big blind shoves 8 more
    assert hand.legal_actions().actions == ("fold", "call")  # nobody left to raise against
    hand.call()
    assert hand.is_over and len(hand.board) == 5 and sum(hand.stacks) == 110


# --- illegal actions ------------------------------------------------------------


def test_illegal_actions_change_nothing() -> None:
    hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, betting="pot-limit", seed=9)
    attempts = [
        (hand.check, (), "cannot check: 2 to call"),
        (hand.bet, (4,), "already a bet"),
        (hand.raise_to, (3,), "from 4 to 7, not 3"),
        (hand.raise_to, (8,), "from 4 to 7, not 8"),
        
        (hand.act, ("raise",), "needs an amount"),
        (hand.act, ("fold!",), "unknown action"),
        (hand.act, ("call", 2), "takes no amount"),
    ]
    for method, args, message in attempts:
        before = snapshot(hand)
        with pytest.raises(IllegalAction, match=message) as info:
            method(*args)
        assert info.value.reason and snapshot(hand) == before
    hand.call(); hand.call(); hand.check()
    before = snapshot(hand)
    for method, args, message in [(hand.fold, (), "check instead"), (hand.call, (), "nothing to call"),
                                  (hand.raise_to, (6,), "no bet to raise")]:
        with pytest.raises(IllegalAction, match=message):
            method(*args)
        assert snapshot(hand) == before
    play_randomly(hand, random.Random(1))
    for method in (hand.fold, hand.check, hand.call, hand.all_in, hand.legal_actions):
        with pytest.raises(IllegalAction, match="over"):
            method()


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (([100], 0, 1, 2), {}, ValueError, "2 to 11 players"),
        (([100] * 12, 0, 1, 2), {}, ValueError, "2 to 11 players"),
        (([100] * 9, 0, 1, 2), {"hole_size": 6}, ValueError, "2 to 7 players"),
        (([100, 0], 0, 1, 2), {}, ValueError, "needs chips"),
        (([100, -5], 0, 1, 2), {}, ValueError, "negative"),
        (([100, 2.5], 0, 1, 2), {}, TypeError, "integer"),
        (([100, 100], 2, 1, 2), {}, ValueError, "button"),
        (([100, 100], 0, 3, 2), {}, ValueError, "blinds"),
        (([100, 100], 0, 1, 0), {}, ValueError, "blinds"),
        (([100, 100], 0, 1, 2), {"betting": "spread"}, ValueError, "betting"),
        (([100, 100], 0, 1, 2), {"betting": "no-limit", "small_bet": 2}, ValueError, "limit betting"),
        (([100, 100], 0, 1, 2), {"hole_size": 3}, ValueError, "hole_size"),
        (([100, 100], 0, 1, 2), {"deck": "As As"}, ValueError, "duplicate"),
        (([100, 100], 0, 1, 2), {"deck": "As Xx"}, ValueError, "invalid card"),
    ],
)
def test_bad_settings(args: tuple[Any, ...], kwargs: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Hand(*args, **kwargs)


# --- cards ------------------------------------------------------------------------


def test_given_deck_is_dealt_in_order_and_completed_at_random() -> None:
    hand = Hand([10, 10], 0, 1, 2, deck="As Ks Qs Js  2c 3c 4c 5c  7d")
    assert hand.holes == [parse_cards("As Ks Qs Js"), parse_cards("2c 3c 4c 5c")]
    hand.call(); hand.check()
    assert hand.board[0] == parse_cards("7d")[0]
    used = [c for hole in hand.holes for c in hole] + list(hand.board)
    assert len(set(used)) == len(used) == 11


def test_seed_reproduces_the_deal() -> None:
    deals = [Hand([10] * 6, 0, 1, 2, seed=s).holes for s in (5, 5, 6)]
    assert deals[0] == deals[1] != deals[2]


def test_random_deals_are_uniform_enough() -> None:
    # 6,000 seeded deals of seat 0's first card: each of 52 cards ~115 times.
    counts = [0] * 52
    for seed in range(6000):
        counts[Hand([10, 10], 0, 1, 2, seed=seed).holes[0][0]] += 1
    expected = 6000 / 52
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 100, chi2  # 51 degrees of freedom: p < 1e-4 to fail


@pytest.mark.parametrize("hole_size", [5, 6])
def test_big_o_hole_sizes(hole_size: int) -> None:
    rng = random.Random(hole_size)
    for _ in range(30):
        hand = Hand([rng.randint(1, 60) for _ in range(5)], 0, 1, 2, betting="pot-limit", hole_size=hole_size, seed=rng.getrandbits(32))
        play_randomly(hand, rng)
        assert all(len(h) == hole_size for h in hand.holes) and sum(hand.stacks) == sum(hand.starting_stacks)


# --- history and replay -------------------------------------------------------------


def test_history_text_reads_like_a_hand_log() -> None:
    deck = "As 2s 3d Kh  Qc Qd Jc Jd  " + "4s 5s 8c Kd Tc"
    hand = Hand([100, 100], button=0, small_blind=1, big_blind=2, betting="limit", ante=1, deck=deck)
    hand.raise_to(4); hand.call()  # button first pre-flop
    hand.bet(2); hand.call()  # the big blind first after
    hand.bet(4); hand.call()
    hand.check(); hand.check()
    # Pot 22: seat 0's kings beat queens and its 8-5-4-2-A is the only low.
    text = str(hand)
    for line in [
        "Omaha Hi/Lo limit, blinds 1/2, bets 2/4, ante 1",
        "Seat 0: 100 in chips (button)",
        "Seat 0 posts the small blind 1",
        "Seat 1 posts the big blind 2",
        "Seat 0: As 2s 3d Kh",
        "Seat 0 raises to 4",
        "Seat 1 bets 2",
        "Seat 0 calls 4",
        "*** FLOP *** [4s 5s 8c]",
        "*** TURN *** [4s 5s 8c] [Kd]",
        "*** RIVER *** [4s 5s 8c] [Tc]",
        "*** SHOWDOWN ***",
        "Seat 1 shows Qc Qd Jc Jd",
        "Seat 0 shows As 2s 3d Kh",
        "Pot of 22 (seats 1, 0):",
        "  high: seat 0 11 with Pair of kings",
        "  low: seat 0 11 with Eight-five low",
        "Seat 0: 100 -> 111, won 22",
    ]:
        assert line in text.splitlines(), line
    assert text.index("Seat 1 shows") < text.index("Seat 0 shows")


def test_replay_rebuilds_the_hand_and_rejects_tampering() -> None:
    hand = Hand([80, 120, 60], button=2, small_blind=1, big_blind=2, betting="no-limit", ante=1, seed=11)
    play_randomly(hand, random.Random(3))
    again = Hand.replay(hand.history)
    assert snapshot(again) == snapshot(hand) and again.history_text() == hand.history_text()
    hand = Hand([80, 120, 60], button=2, small_blind=1, big_blind=2, betting="no-limit", seed=11)
    hand.call(); hand.raise_to(10)
    history = hand.history
    first, second = history.actions
    with pytest.raises(IllegalAction, match="out of turn"):
        Hand.replay(dataclasses.replace(history, actions=(first._replace(seat=1), second)))
    with pytest.raises(IllegalAction, match="the call is 2, not 3"):
        Hand.replay(dataclasses.replace(history, actions=(first._replace(amount=3), second)))
    with pytest.raises(IllegalAction, match="from 4 to 80, not 99"):
        Hand.replay(dataclasses.replace(history, actions=(first, second._replace(amount=99))))


# --- showdown and the known pokerkit deviation -----------------------------------------


def test_side_pot_without_an_eligible_low_goes_to_its_high_winners() -> None:
    # Seat 0 (small blind, all-in for 1) has the only low; seats 1 and 2 tie
    # for high without one. Main pot 3: high 2 (1 each), low 1 to seat 0.
    # Side pot 6 between seats 1 and 2: no eligible low, so the high takes it
    # all: 3 each. (pokerkit 0.7.7 still makes a low half here and splits each
    # half 2/1, giving seat 1 two chips more than seat 2.)
    deck = "As 4d 9c 9d  Kh Ks Jd Jc  Kc Kd 9s 8s  2h 3h 7c Qs Td"
    hand = Hand([1, 100, 100], button=2, small_blind=1, big_blind=2, betting="limit", deck=deck)
    hand.call(); hand.check()
    hand.bet(2); hand.call()
    for _ in range(4):
        hand.check()
    assert evaluate_hilo("As 4d 9c 9d", hand.board)[1] == 74321
    assert hand.payouts == [1, 4, 4] and hand.stacks == [1, 100, 100]
    result = hand.showdown_result
    assert result is not None and [pot.low_winners for pot in result.pots] == [(hand.showdown_seats.index(0),), ()]


def test_odd_chips_go_high_then_left_of_button() -> None:
    # Seats 0 and 1 tie for the low (8-4-3-2-A), seat 3 wins the high (jacks
    # and tens), seat 2 folded its small blind: pot 7. The odd chip between
    # the halves goes high (4 and 3); the odd chip of the low half goes to
    # the tied winner nearest the button's left: seat 0 (button seat 1).
    deck = "As 2s Kd Qd  Ah 2h Kc Qc  5c 6c 7s 7c  9s 9h Ts Th  3c 4d 8h Jh Jd"
    hand = Hand([10, 10, 10, 10], button=1, small_blind=1, big_blind=2, betting="no-limit", deck=deck)
    hand.call(); hand.call(); hand.fold(); hand.check()
    for _ in range(9):
        hand.check()
    assert hand.payouts == [2, 1, 0, 4]


# --- properties -------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[Hand, random.Random]:
    n = draw(st.integers(2, 9))
    betting = draw(st.sampled_from(["limit", "pot-limit", "no-limit"]))
    big = draw(st.integers(1, 10))
    small = draw(st.integers(0, big))
    stacks = draw(st.lists(st.integers(1, 40 * big), min_size=n, max_size=n))
    hand = Hand(
        stacks, draw(st.integers(0, n - 1)), small, big, betting=betting, ante=draw(st.sampled_from([0, 0, 1, big])),
        seed=draw(st.integers(0, 2**32)), hole_size=draw(st.sampled_from([4, 4, 5])),
    )
    return hand, random.Random(draw(st.integers(0, 2**32)))


@settings(max_examples=150, deadline=None)
@given(hands())
def test_random_play_conserves_chips_terminates_and_replays(case: tuple[Hand, random.Random]) -> None:
    hand, rng = case
    total = sum(hand.starting_stacks)
    checkpoints = []
    for _ in range(500):
        assert sum(hand.stacks) + hand.pot == total and min(hand.stacks) >= 0
        assert hand.pot == sum(amount for amount, _ in hand.pots) + sum(hand.bets)
        if hand.is_over:
            break
        if rng.random() < 0.1:
            checkpoints.append((len(hand.actions), snapshot(hand)))
        legal = hand.legal_actions()
        assert legal.seat == hand.to_act and legal.actions
        assert legal.call_amount <= hand.stacks[legal.seat]
        assert legal.max_raise_to <= hand.stacks[legal.seat] + hand.bets[legal.seat]
        play_one(hand, rng)
    assert hand.is_over, "did not terminate"
    assert sum(hand.stacks) == total and hand.pot == 0
    assert sum(hand.payouts or []) == sum(hand.contributions)
    assert Hand.replay(hand.history).stacks == hand.stacks
    history = hand.history
    for count, state in checkpoints:
        partial = Hand.replay(type(history)(**{**history.__dict__, "actions": history.actions[:count]}))
        assert snapshot(partial) == state


def play_one(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    kind = rng.choice(legal.actions + ("all-in",))
    if kind in ("bet", "raise"):
        hand.act(kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
        return
    try:
        hand.act(kind)
    except IllegalAction:
        assert kind == "all-in"  # not allowed in limit or pot-limit beyond the maximum
        hand.act(legal.actions[0] if legal.actions[0] != "fold" else "call")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["limit", "pot-limit", "no-limit", "mixed"]))
def test_table_carries_stacks_moves_button_and_busts_players(seed: int, betting: str) -> None:
    rng = random.Random(seed)
    table = Table([rng.randint(5, 60) for _ in range(rng.randint(2, 6))], 1, 2, betting=betting, seed=seed,  # type: ignore[arg-type]
                  hands_per_game=2)
    total = sum(table.stacks)
    previous = None
    for number in range(60):
        if table.is_over:
            break
        before = table.stacks
        hand = table.deal()
        seats = table.seats
        assert seats == [s for s, chips in enumerate(before) if chips]
        assert hand.starting_stacks == [before[s] for s in seats]
        if previous is not None:  # one seat clockwise, skipping players who are out
            n = len(before)
            assert table.button == next((previous + k) % n for k in range(1, n + 1) if before[(previous + k) % n])
        assert seats[hand.button] == table.button
        previous = table.button
        if betting == "mixed":
            assert hand.betting == ("limit" if number // 2 % 2 == 0 else "pot-limit")
        play_randomly(hand, rng)
        assert sum(table.stacks) == total and min(table.stacks) >= 0
    assert sum(table.stacks) == total


def test_mixed_table_raises_blinds_for_limit_hands() -> None:
    table = Table([100] * 3, 1, 2, betting="mixed", hands_per_game=1, seed=1)
    blinds = []
    for _ in range(4):
        hand = table.deal()
        blinds.append((hand.betting, sorted(hand.bets)[-2:]))
        while not hand.is_over:
            hand.fold() if "fold" in hand.legal_actions() else hand.check()
    assert blinds == [("limit", [2, 4]), ("pot-limit", [1, 2]), ("limit", [2, 4]), ("pot-limit", [1, 2])]


def test_table_plays_down_to_heads_up_and_a_winner() -> None:
    table = Table([4, 4, 30], 1, 2, betting="no-limit", seed=5)
    hands = 0
    while not table.is_over:
        hand = table.deal()
        hands += 1
        while not hand.is_over:
            try:
                hand.all_in()
            except IllegalAction:
                hand.act("call" if "call" in hand.legal_actions() else "check")
    assert hands > 1 and sorted(table.stacks) == [0, 0, 38]
    with pytest.raises(IllegalAction, match="over"):
        table.deal()


# --- differential run against pokerkit -----------------------------------------------

#: Random hands per betting structure: 1,000 in CI (3,000 in all), 20 by default.
POKERKIT_HANDS = int(os.environ.get("OMAHA8_POKERKIT_HANDS", 1000 if os.environ.get("CI") else 20))


def _pokerkit_classes() -> dict[str, Any]:
    pk = pytest.importorskip("pokerkit")
    official = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
    # pokerkit 0.7.7's "FixedLimit" Omaha 8 class actually has pot-limit
    # betting (it inherits PotLimitPokerMixin). It accepts every fixed-limit
    # action of ours, so it checks the limit payouts as the issue asks; a
    # no-limit variant of it checks no-limit betting bounds too.
    no_limit = type("NoLimitOmaha8", (pk.NoLimitPokerMixin, official), {})
    return {"pk": pk, "limit": official, "pot-limit": official, "no-limit": no_limit}


def _play_both(classes: dict[str, Any], rng: random.Random, betting: str) -> tuple[Hand, list[int], dict[str, int]]:
    pk = classes["pk"]
    n = rng.randint(2, 9)
    small, big, ante = 1, 2, rng.choice([0, 0, 1])
    stacks = [rng.randint(ante + big + 1, 150) for _ in range(n)]  # everyone covers ante and big blind
    button = rng.randrange(n)
    hand = Hand(stacks, button, small, big, betting=betting, ante=ante, seed=rng.getrandbits(32))  # type: ignore[arg-type]
    order = hand.showdown_seats  # pokerkit's player i is our seat order[i]
    automations = (
        pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING, pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING,
    )
    state = classes[betting].create_state(
        automations, True, ante, (small, big), big, 2 * big if betting == "limit" else big, [stacks[s] for s in order], n,
    )
    for s in order:
        state.deal_hole("".join(map(str, hand.holes[s])))
    board = list(map(str, hand.history.deck[n * 4:]))
    notes = {"pokerkit reopens": 0}

    def deal_pending() -> None:
        while state.status and state.actor_index is None:
            count = state.board_dealing_count
            assert count, "pokerkit is waiting for something other than a board card"
            state.deal_board("".join(board[:count]))
            del board[:count]

    while not hand.is_over:
        deal_pending()
        legal = hand.legal_actions()
        assert order[state.actor_index] == legal.seat
        if legal.call_amount:
            assert state.checking_or_calling_amount == legal.call_amount
        if betting == "no-limit" or betting == "pot-limit":
            if legal.max_raise_to:
                bounds = (state.min_completion_betting_or_raising_to_amount, state.max_completion_betting_or_raising_to_amount)
                assert bounds == (legal.min_raise_to, legal.max_raise_to), hand.history_text()
            elif state.can_complete_bet_or_raise_to():
                # pokerkit does not count the big blind as a bet, so an all-in
                # raise of less than a big blind pre-flop reopens its betting.
                with pytest.raises(IllegalAction, match="does not reopen"):
                    hand.raise_to(state.min_completion_betting_or_raising_to_amount)
                notes["pokerkit reopens"] += 1
        kind = rng.choice(legal.actions)
        if kind == "fold":
            hand.fold(); state.fold()
        elif kind in ("check", "call"):
            hand.act(kind); state.check_or_call()
        else:
            to = rng.choice([legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to)])
            hand.act(kind, to); state.complete_bet_or_raise_to(to)
    deal_pending()
    assert not state.status
    theirs = [0] * n
    for i, s in enumerate(order):
        theirs[s] = state.stacks[i]
    return hand, theirs, notes


def _pokerkit_merged_pots(hand: Hand) -> list[int]:
    """Our payouts if, like pokerkit, losing hands were mucked first and
    neighbouring pots left with the same players merged (which moves odd chips)."""
    order = hand.showdown_seats
    payouts = hand.payouts or []
    mucked = [hand.folded[s] or payouts[s] == 0 for s in order]
    holes = [None if out else hand.holes[s] for s, out in zip(order, mucked)]
    won = split_pot(hand.board, holes, Contributions(hand.contributions[s] for s in order))
    stacks = hand.stacks
    for k, s in enumerate(order):
        stacks[s] += won[k] - payouts[s]
    return stacks


def _side_pot_low_bug(hand: Hand) -> bool:
    """pokerkit 0.7.7 makes a low half in a pot where no eligible player has a
    low if someone outside that pot has one."""
    if hand.street != "showdown":
        return False
    live = [s for s in range(len(hand.folded)) if not hand.folded[s]]
    lows = {s: evaluate_hilo(hand.holes[s], hand.board)[1] for s in live}
    pots = pots_from_contributions(hand.contributions, folded=[s for s in range(len(hand.folded)) if hand.folded[s]])
    return any(lows.values()) and any(len(p.eligible) > 1 and not any(lows[s] for s in p.eligible) for p in pots)


@pytest.mark.parametrize("betting", ["limit", "pot-limit", "no-limit"])
def test_payouts_match_pokerkit(betting: str) -> None:
    classes = _pokerkit_classes()
    rng = random.Random(f"pokerkit {betting}")
    tally = {"same": 0, "pokerkit merges pots": 0, "pokerkit side-pot low": 0, "pokerkit reopens": 0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about dealing cards not on top of its own deck
        for _ in range(POKERKIT_HANDS):
            hand, theirs, notes = _play_both(classes, rng, betting)
            tally["pokerkit reopens"] += notes["pokerkit reopens"]
            if hand.stacks == theirs:
                tally["same"] += 1
            elif _pokerkit_merged_pots(hand) == theirs:
                tally["pokerkit merges pots"] += 1
            else:
                assert _side_pot_low_bug(hand), (hand.history_text(), theirs)
                tally["pokerkit side-pot low"] += 1
    print(betting, tally)
    assert tally["same"] >= POKERKIT_HANDS * 0.9


def test_pokerkit_makes_a_low_half_in_a_side_pot_without_eligible_low() -> None:
    """The same hand as test_side_pot_without_an_eligible_low_goes_to_its_high_winners
    in pokerkit 0.7.7, which splits the side pot of 6 into halves of 3 and
    each half 2/1 between the tied players: 101 and 99 instead of 100 each."""
    pk = _pokerkit_classes()["pk"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            tuple(a for a in pk.Automation if a not in (pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING)),
            True, 0, (1, 2), 2, 4, (1, 100, 100), 3,
        )
        for hole in ("As4d9c9d", "KhKsJdJc", "KcKd9s8s"):  # pokerkit's players start at the small blind: seats 0, 1, 2
            state.deal_hole(hole)
        state.check_or_call(); state.check_or_call()
        for cards, bet in (("2h3h7c", True), ("Qs", False), ("Td", False)):
            state.deal_board(cards)
            if bet:
                state.complete_bet_or_raise_to(2)
            else:
                state.check_or_call()
            state.check_or_call()
    assert not state.status and list(state.stacks) == [1, 101, 99]
