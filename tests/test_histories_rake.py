"""Issue 16's cross-check: random raked and run-twice engine hands written as
PokerStars text, read back and audited. The audit (the real-hand rules of
docs/histories.md) must agree with the engine on every payout, the rake and
the boards. OMAHA8_HH_RAKE_HANDS=N sets the number of hands (default 400; CI
uses more)."""

from __future__ import annotations

import os
import random

import pytest
from random_play import play_out

from omaha8_fast.engine import Hand
from omaha8_fast.histories import audit, parse_pokerstars, to_pokerstars
from omaha8_fast.engine.rake import Rake

HANDS = int(os.environ.get("OMAHA8_HH_RAKE_HANDS", "2000" if os.environ.get("CI") else "400"))


def play(rng: random.Random) -> Hand:
    """A finished raked hand, often all-in and run twice, by random legal agents."""
    hole_size = rng.choice([4, 4, 4, 5, 6])
    n = rng.randint(2, 6 if hole_size == 4 else 5)
    stacks = [rng.choice([3, 7, 20, 61, 200, 1001]) for _ in range(n)]
    rake = rng.choice([Rake(0.05, cap=3), Rake("1/20", cap=None, split="proportional"),
                       Rake(0.1, cap=7, no_flop_no_drop=False), Rake(0.1, cap=7, no_flop_no_drop=False, split="proportional"),
                       Rake(0.045, cap=60, split="proportional"), None])
    hand = Hand(stacks, button=rng.randrange(n), small_blind=1, big_blind=2,
                betting=rng.choice(["limit", "pot-limit", "no-limit"]),  # type: ignore[arg-type]
                ante=rng.choice([0, 0, 1]), seed=rng.getrandbits(32), hole_size=hole_size,
                rake=rake, runs=rng.choice([1, 2, 2]))
    shove = rng.random() < 0.5  # half the hands push to all-ins (side pots, runs)
    return play_out(hand, rng, raise_below=0.5 if shove else 0.25, fold_below=0.15 if shove else 0.4,
                    shove=0.6 if shove else 0.0)


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    rng = random.Random(16)
    return [play(rng) for _ in range(HANDS)]


def test_the_sample_has_raked_run_twice_and_side_pot_hands(hands: list[Hand]) -> None:
    assert sum(1 for h in hands if h.rake) > HANDS // 5
    assert sum(1 for h in hands if len(h.boards) == 2) > HANDS // 20
    assert sum(1 for h in hands if len(h.boards) == 2 and h.rake) > HANDS // 50
    assert sum(1 for h in hands if len(h.showdown_results) and len(h.showdown_results[0].pots) > 1 and h.rake) > 5


def test_raked_and_run_twice_hands_audit_as_the_engine_paid(hands: list[Hand]) -> None:
    texts = [to_pokerstars(h, hand_id=k + 1, currency="USD" if k % 2 else None) for k, h in enumerate(hands)]
    parsed = parse_pokerstars("\n\n\n".join(texts))
    assert len(parsed) == len(hands)
    for hand, imported, text in zip(hands, parsed, texts):
        result = audit(imported)
        assert result.ok, (result, text)
        assert imported.rake == hand.rake, text
        assert imported.total_pot == sum(hand.payouts or []) + hand.rake, text
        assert imported.boards == hand.boards or (hand.street != "showdown" and len(hand.boards) == 1), text
        assert imported.run_twice == (len(hand.boards) == 2), text
        payouts = hand.payouts or []
        assert [result.expected.get(f"Player{s + 1}", 0) for s in range(len(payouts))] == payouts, text
        assert [imported.paid.get(f"Player{s + 1}", 0) for s in range(len(payouts))] == payouts, text
        assert sum(p.rake for p in result.pots) == hand.rake, text


def test_a_run_twice_hand_reads_as_pokerstars_prints_it() -> None:
    deck = "Ah Ad 5c 6d  2c 3h Qs Jd  Ac 4s 9h 2d 7c 5s 3s"
    hand = Hand([6000, 6000], 1, 100, 200, betting="no-limit", deck=deck, rake=Rake(0.05, cap=50), runs=2)
    hand.raise_to(600); hand.raise_to(1800); hand.call()
    hand.bet(4200); hand.call()
    text = to_pokerstars(hand, currency="USD")
    for line in ("*** FLOP *** [Ac 4s 9h]", "*** FIRST TURN *** [Ac 4s 9h] [2d]", "*** FIRST RIVER *** [Ac 4s 9h 2d] [7c]",
                 "*** SECOND TURN *** [Ac 4s 9h] [5s]", "*** SECOND RIVER *** [Ac 4s 9h 5s] [3s]",
                 "*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***", "Total pot $120 | Rake $0.50",
                 "Hand was run twice", "FIRST Board [Ac 4s 9h 2d 7c]", "SECOND Board [Ac 4s 9h 5s 3s]"):
        assert line + "\n" in text, (line, text)
    assert hand.rake == 50
    (imported,) = parse_pokerstars(text)
    assert imported.rake == 50 and imported.run_twice
    assert audit(imported).ok
    assert imported.paid == {"Player1": hand.payouts[0], "Player2": hand.payouts[1]}  # type: ignore[index]


def test_three_runs_cannot_be_written_as_pokerstars() -> None:
    hand = Hand([10, 10], 0, 1, 2, betting="no-limit", seed=1, runs=3)
    hand.raise_to(10); hand.call()
    with pytest.raises(ValueError, match="at most twice"):
        to_pokerstars(hand)


def test_without_the_printed_pot_breakdown_the_audit_still_agrees(hands: list[Hand]) -> None:
    # The audit then spreads the rake by its own rule (in proportion, as real PokerStars hands do):
    # an engine that spread it the same way (split="proportional") must agree.
    raked = [h for h in hands if h.rake and h.history.rake is not None and h.history.rake.split == "proportional"
             and len(h.showdown_results) and len(h.showdown_results[0].pots) > 1]
    assert raked
    for hand in raked:
        text = to_pokerstars(hand)
        total = next(line for line in text.splitlines() if line.startswith("Total pot "))
        assert " Main pot " in total
        stripped = text.replace(total, total[:total.index(" Main pot ")] + total[total.index(" | Rake"):])
        (imported,) = parse_pokerstars(stripped)
        assert imported.pot_breakdown == ()
        result = audit(imported)
        assert result.ok, (result, stripped)
        assert [result.expected.get(f"Player{s + 1}", 0) for s in range(len(hand.stacks))] == hand.payouts, stripped


def test_phh_round_trip_keeps_the_rake_and_the_runs(hands: list[Hand]) -> None:
    from omaha8_fast.histories import from_phh, to_phh

    for hand in hands:
        text = to_phh(hand)
        again = from_phh(text)
        assert again.stacks == hand.stacks and again.actions == hand.actions and again.holes == hand.holes, text
        assert again.rake == hand.rake and again.payouts == hand.payouts and again.history.rake == hand.history.rake
        assert again.runs == hand.runs, text
        if hand.street == "showdown":  # every card was dealt: the very same history, the same boards
            assert again.history == hand.history, text
            assert again.boards == hand.boards, text
        assert (hand.history.rake is not None) == ("_omaha8_rake_fraction" in text)
        assert len(hand.boards) == 1 or "_omaha8_run_cards" in text


def test_to_engine_replays_the_rake_and_the_runs(hands: list[Hand]) -> None:
    from omaha8_fast.histories import to_engine

    checked = 0
    for hand in hands:
        if not (hand.rake or len(hand.boards) == 2):
            continue
        (imported,) = parse_pokerstars(to_pokerstars(hand))
        again = to_engine(imported)
        assert isinstance(again, Hand)
        assert again.is_over and again.rake == hand.rake
        if hand.street == "showdown":
            assert again.boards == hand.boards and again.payouts == hand.payouts
        checked += 1
    assert checked > HANDS // 5
