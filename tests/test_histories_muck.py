"""``to_pokerstars`` writes hands mucked at the showdown as PokerStars does
(``NAME: mucks hand`` in the show down, ``Seat N: NAME mucked [cards]`` in the
summary), and the text reads back and audits ok."""

from __future__ import annotations

import random

import pytest

from omaha8_fast.engine import Hand
from omaha8_fast.histories import audit, parse_pokerstars, to_pokerstars
from omaha8_fast.engine.rake import Rake


def _checked_down(showdown: str) -> Hand:
    """Heads-up, checked to the river: Player2 (seat 1) shows first and wins
    both halves; Player1's kings can win nothing."""
    hand = Hand([100, 100], 0, 1, 2, deck="Kc Kd 9s 9h  As Ah 2c 3d  Ad 7h 8c Jd Qs", showdown=showdown)  # type: ignore[arg-type]
    hand.call()
    hand.check()
    for _ in range(3):
        hand.check()
        hand.check()
    return hand


def test_a_muck_losers_muck_is_written_as_pokerstars_writes_it() -> None:
    hand = _checked_down("muck-losers")
    assert hand.mucked_seats == [0] and hand.shown_seats == [1]
    text = to_pokerstars(hand)
    lines = text.splitlines()
    showdown = lines[lines.index("*** SHOW DOWN ***") + 1:lines.index("*** SUMMARY ***")]
    assert showdown[:2] == ["Player2: shows [As Ah 2c 3d] (HI: three of a kind, Aces; LO: 8,7,3,2,A)",
                            "Player1: mucks hand"]
    assert "Player1: shows" not in text  # the loser's cards are not shown at the showdown
    assert "Seat 1: Player1 (button) (small blind) mucked [Kc Kd 9s 9h]" in lines  # the site prints them here
    assert "Dealt to Player1 [Kc Kd 9s 9h]" in lines  # the hero's own cards
    [imported] = parse_pokerstars(text)
    assert imported.mucked == ("Player1",)
    assert [s.player for s in imported.shown] == ["Player2"]
    result = audit(imported)
    assert result.ok and result.expected == {"Player1": 0, "Player2": 4}


def test_a_choose_mode_muck_leaves_the_pot_unseen() -> None:
    """Choose mode: Player2 mucks first, so Player1 takes the pot without showing."""
    hand = _checked_down("choose")
    hand.muck()
    assert hand.is_over and hand.mucked_seats == [1] and hand.shown_seats == []
    text = to_pokerstars(hand)
    assert "shows [" not in text
    lines = text.splitlines()
    assert "Player2: mucks hand" in lines and "Player1 collected 4 from pot" in lines
    assert "Seat 2: Player2 (big blind) mucked [As Ah 2c 3d]" in lines
    [imported] = parse_pokerstars(text)
    result = audit(imported)
    assert result.ok and result.expected == {"Player1": 4, "Player2": 0}


def test_every_hand_shown_writes_no_muck() -> None:
    text = to_pokerstars(_checked_down("all"))
    assert "mucks hand" not in text and " mucked [" not in text and "Player1: shows [Kc Kd 9s 9h]" in text


@pytest.mark.parametrize("mode", ["muck-losers", "choose"])
def test_mucked_hands_round_trip_and_audit_ok(mode: str) -> None:
    """Random hands, side pots, rake and run twice included: every mucked seat
    is written as a muck, never shown, and the text audits ok."""
    rng = random.Random(mode)
    mucked = unseen = 0
    for seed in range(250):
        n = rng.randint(2, 6)
        hand = Hand([rng.choice([20, 200, 1000]) for _ in range(n)], rng.randrange(n), 1, 2, seed=seed,
                    betting="no-limit", showdown=mode, runs=rng.choice([1, 2]),  # type: ignore[arg-type]
                    rake=rng.choice([None, Rake(0.05, cap=3)]))
        while not hand.is_over:
            legal = hand.legal_actions()
            if "show" in legal.actions:
                hand.act("muck" if "muck" in legal.actions and rng.random() < 0.6 else "show")
            elif "raise" in legal.actions and rng.random() < 0.2:
                hand.all_in()
            elif "call" in legal.actions:
                hand.call()
            else:
                hand.check()
        text = to_pokerstars(hand, currency="USD")
        names = [f"Player{s + 1}" for s in range(n)]
        for s in hand.mucked_seats:
            assert f"{names[s]}: mucks hand" in text and f"{names[s]}: shows" not in text
            assert f"Seat {s + 1}: {names[s]}" in text and " mucked [" in text
        [imported] = parse_pokerstars(text)
        assert set(imported.mucked) == {names[s] for s in hand.mucked_seats}
        result = audit(imported)
        assert result.ok, (result, text)
        assert all(result.expected.get(names[s], 0) == won for s, won in enumerate(hand.payouts or []) if won)
        mucked += bool(hand.mucked_seats)
        unseen += hand.street == "showdown" and len(hand.shown_seats) + len(hand.mucked_seats) < len(
            hand.showdown_order)
    assert mucked > 100
    if mode == "choose":
        assert unseen > 20
