"""Table management between hands (issue 16): joining, leaving, sitting out,
posting or waiting for the big blind, bust-outs; and out-of-turn posts."""

from __future__ import annotations

import random

import pytest

from omaha8_fast.engine import Hand, IllegalAction, Table


def finish(table: Table) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        hand.timeout()


def test_a_post_is_a_live_big_blind() -> None:
    hand = Hand([100] * 4, 0, 1, 2, betting="no-limit", seed=1, posts=[3])
    assert hand.bets == [0, 1, 2, 2] and hand.to_act == 3
    assert hand.legal_actions().actions == ("check", "raise")  # the poster has the option, like the big blind
    assert "Seat 3 posts a big blind 2" in hand.history_text()
    assert Hand.replay(hand.history) == hand and hand.view(0).posts == (3,)
    for bad, error in [([1], ValueError), ([2], ValueError), ([4], ValueError), ([3, 3], ValueError), (["3"], TypeError), (3, TypeError)]:
        with pytest.raises(error):
            Hand([100] * 4, 0, 1, 2, posts=bad)  # type: ignore[arg-type]


def test_a_joining_player_posts_a_big_blind_in_the_first_hand() -> None:
    table = Table([100, 100, 100, 0], 1, 2, betting="no-limit", seed=3)
    table.deal()
    finish(table)
    table.join(3, 80)
    hand = table.deal()
    assert table.seats == [0, 1, 2, 3] and hand.button == 1
    # Seat 3 is the big blind here anyway: no extra post.
    assert hand.history.posts == ()
    table2 = Table([100, 100, 100, 100, 0, 0], 1, 2, betting="no-limit", seed=3)
    table2.deal()
    finish(table2)
    table2.join(5, 80)
    hand = table2.deal()  # button 1, blinds 2 and 3: seat 5 posts
    assert table2.seats[hand.history.posts[0]] == 5 and hand.contributions[table2.seats.index(5)] == 2


def test_waiting_for_the_big_blind() -> None:
    table = Table([100, 100, 100, 100, 0], 1, 2, betting="no-limit", seed=5)
    table.deal()
    finish(table)
    table.join(4, 100, wait_for_big_blind=True)
    dealt_in = []
    for _ in range(6):
        hand = table.deal()
        dealt_in.append(4 in table.seats)
        if 4 in table.seats:
            big = table.seats[(hand.button + 2) % len(table.seats)]
            assert big == 4 or dealt_in.count(True) > 1  # first hand in: as the big blind
            assert hand.history.posts == ()
        finish(table)
    assert dealt_in[0] is False and True in dealt_in


def test_sit_out_sit_in_leave_and_bust_outs() -> None:
    table = Table([100, 100, 100], 1, 2, betting="no-limit", seed=7)
    table.deal()
    finish(table)
    table.sit_out(1)
    table.deal()
    assert 1 not in table.seats and table.sitting_out == [1]
    with pytest.raises(IllegalAction, match="not over"):
        table.sit_in(1)
    finish(table)
    table.sit_in(1)
    table.deal()
    assert 1 in table.seats
    finish(table)
    stacks = table.stacks
    assert table.leave(2) == stacks[2] and table.stacks[2] == 0
    with pytest.raises(IllegalAction, match="empty"):
        table.leave(2)
    with pytest.raises(IllegalAction, match="taken"):
        table.join(0, 50)
    with pytest.raises(TypeError):
        table.join(2, 50, wait_for_big_blind=1)  # type: ignore[arg-type]
    table.join(2, 1)
    hand = table.deal()
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act("call" if "call" in legal else "check")
    assert sum(table.stacks) == sum(stacks) - stacks[2] + 1
    if table.stacks[2] == 0:
        assert table.busted == [2] or table.deal() and table.busted == [2]


def test_random_table_management_keeps_chips_and_rules() -> None:
    rng = random.Random(11)
    for _ in range(30):
        table = Table([rng.randint(5, 60) for _ in range(6)], 1, 2, betting=rng.choice(["limit", "no-limit"]), seed=rng.getrandbits(32))
        bank = sum(table.stacks)
        for _ in range(40):
            try:
                hand = table.deal()
            except IllegalAction:
                break
            while not hand.is_over:
                hand.timeout() if rng.random() < 0.3 else hand.act("call" if "call" in hand.legal_actions() else "check")
            seat = rng.randrange(6)
            move = rng.randrange(5)
            try:
                if move == 0:
                    bank -= table.leave(seat)
                elif move == 1:
                    chips = rng.randint(1, 50)
                    table.join(seat, chips, wait_for_big_blind=rng.random() < 0.5)
                    bank += chips
                elif move == 2:
                    table.sit_out(seat)
                elif move == 3:
                    table.sit_in(seat, wait_for_big_blind=rng.random() < 0.5)
            except IllegalAction:
                pass
            assert sum(table.stacks) == bank


def _blinds(table: Table, hand: Hand) -> tuple[int | None, int]:
    """The table seats of the small blind (None when dead) and the big blind."""
    posted = [table.seats[k] for k, c in enumerate(hand.contributions) if c]
    seats = table.seats
    b = hand.button
    if hand.history.dead_small_blind:
        return None, seats[(b + 1) % len(seats)]
    return seats[(b + 1) % len(seats)], seats[(b + 2) % len(seats)] if posted else -1


def test_dead_button_moves_the_big_blind_one_seat() -> None:
    table = Table([100] * 5, 1, 2, betting="no-limit", seed=3, dead_button=True)
    hand = table.deal()
    small, big = _blinds(table, hand)
    assert (small, big) == (1, 2)
    for h in (hand,):
        while not h.is_over:
            h.fold() if "fold" in h.legal_actions() else h.check()
    table.leave(2)  # the last big blind leaves: next hand's small blind is dead
    hand = table.deal()
    assert hand.history.dead_small_blind and _blinds(table, hand) == (None, 3)
    assert hand.contributions[table.seats.index(3)] == 2 and sum(hand.contributions) == 2
    assert "The small blind is dead" in hand.history_text() and Hand.replay(hand.history) == hand
    while not hand.is_over:
        hand.fold() if "fold" in hand.legal_actions() else hand.check()
    hand = table.deal()
    assert not hand.history.dead_small_blind and _blinds(table, hand) == (3, 4)
    # Without the rule the button simply moves on and the blinds follow it.
    plain = Table([100] * 5, 1, 2, betting="no-limit", seed=3)
    hand = plain.deal()
    while not hand.is_over:
        hand.fold() if "fold" in hand.legal_actions() else hand.check()
    plain.leave(2)
    hand = plain.deal()
    assert not hand.history.dead_small_blind and _blinds(plain, hand) == (3, 4)
    with pytest.raises(TypeError, match="dead_button"):
        Table([5, 5], 1, 2, dead_button=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="3 players"):
        Hand([5, 5], 0, 1, 2, dead_small_blind=True)
