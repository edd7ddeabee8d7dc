"""Each pot is split on its own in every showdown mode (rule 4 of
docs/rules.md), also when a muck leaves a main pot and a side pot with the
same players: the pots come from the betting, never from who shows."""

from __future__ import annotations

import random

from omaha8_fast import Hand, pots_from_contributions, split_pot
from omaha8_fast.engine.agents import RandomAgent


def _per_pot(hand: Hand) -> list[int]:
    """The payouts by seat with every pot of the betting split alone by
    :func:`split_pot` (one explicit pot a call), the mucked hands unseen."""
    seats = hand.showdown_seats
    index = {s: i for i, s in enumerate(seats)}
    out = set(hand.mucked_seats) if hand.showdown_mode == "choose" else set()
    holes = [None if hand.folded[s] or s in out else hand.holes[s] for s in seats]
    pots = pots_from_contributions([hand.contributions[s] for s in seats],
                                   folded=[index[s] for s in seats if hand.folded[s]])
    paid = [0] * hand.players
    carry = 0
    for amount, eligible in pots:
        claim = tuple(i for i in eligible if holes[i] is not None)
        if not claim:  # every claimant mucked: the chips go to the pot below
            carry += amount
            continue
        won = split_pot(hand.board, holes, [(amount + carry, claim)])
        carry = 0
        for i, chips in enumerate(won):
            paid[seats[i]] += chips
    return paid


def _play(seed: int, mode: str) -> tuple[Hand, bool]:
    """A random pot-limit hand with uneven stacks; at a choose-mode showdown
    each player mucks when allowed, with chance 1/2. Also whether it had a
    muck that left two pots with the same players (the case that merged)."""
    rng = random.Random(seed)
    stacks = [rng.choice([3, 5, 8, 20, 200]) for _ in range(rng.randint(3, 6))]
    hand = Hand(stacks, 0, 1, 2, betting="pot-limit", seed=seed, showdown=mode)
    agent = RandomAgent(seed)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if "show" in legal.actions:
            hand.act("muck" if "muck" in legal.actions and rng.random() < 0.5 else "show")
        else:
            hand.act(*_pair(agent(hand.view(seat))))
    merged = False
    if hand.mucked_seats:
        seats = hand.showdown_seats
        pots = pots_from_contributions([hand.contributions[s] for s in seats],
                                       folded=[i for i, s in enumerate(seats) if hand.folded[s]])
        mucked = {seats.index(s) for s in hand.mucked_seats}
        claims = [frozenset(e) - mucked for _, e in pots]
        merged = len(set(claims)) < len(claims)
    return hand, merged


def _pair(action: object) -> tuple[str, int | None]:
    if isinstance(action, str):
        return action, None
    assert isinstance(action, tuple)
    return action[0], action[1]


def test_choose_mode_splits_every_pot_on_its_own() -> None:
    merged = 0
    for seed in range(400):
        hand, had_merge = _play(seed, "choose")
        if hand.showdown_order:
            assert hand.payouts == _per_pot(hand), seed
        merged += had_merge
    assert merged >= 5  # the case that matters was played


def test_every_mode_splits_every_pot_on_its_own() -> None:
    for mode in ("all", "muck-losers"):
        for seed in range(150):
            hand, _ = _play(seed, mode)
            if hand.showdown_order:
                assert hand.payouts == _per_pot(hand), (mode, seed)


def test_a_muck_keeps_a_main_pot_of_its_own() -> None:
    # Three players: seat 2 all-in for 3, seats 0 and 1 in for 9 each (a
    # main pot of 9, a side pot of 12 between them). Seat 2 mucks: the main
    # pot and the side pot now have the same two players, and stay two pots.
    hand = Hand([200, 200, 3], 2, 1, 2, betting="no-limit", seed=5, showdown="choose")
    assert hand.to_act == 2  # the button acts first three-handed
    hand.act("raise", 3)  # all-in for less than a full raise
    hand.act("raise", 9)  # seat 0
    hand.act("call")  # seat 1
    while hand.street != "showdown" and not hand.is_over:
        hand.act("check")
    while not hand.is_over:
        hand.act("muck" if hand.to_act == 2 else "show")
    assert hand.mucked_seats == [2]
    assert hand.payouts == _per_pot(hand)
    assert sum(hand.payouts) == 21
