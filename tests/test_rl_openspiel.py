"""The OpenSpiel game (skipped without the ``rl`` extra): OpenSpiel's own
random simulation test, zero-sum returns equal to the engine's payouts,
chance nodes that deal each card once, the sampling CFR solvers on a small
limit form, and the parameters' errors."""

from __future__ import annotations

import random

import numpy as np
import pytest
from budget import examples

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr  # noqa: E402

from omaha8_fast.rl import openspiel_game  # noqa: E402
from omaha8_fast.rl._openspiel import max_betting_actions  # noqa: E402

BETTINGS = ("limit", "pot-limit", "no-limit")


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("betting", BETTINGS)
def test_openspiel_random_simulation(betting: str, players: int) -> None:
    game = openspiel_game(players, betting, stacks=30)
    pyspiel.random_sim_test(game, num_sims=25, serialize=players == 3, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("betting", BETTINGS)
def test_openspiel_random_simulation_thousands(betting: str) -> None:
    for players, stacks, games in ((2, 200, 300), (4, 50, 220), (9, 40, 80)):  # 600 a structure, 1,800 in all
        game = openspiel_game(players, betting, stacks=stacks)
        pyspiel.random_sim_test(game, num_sims=games, serialize=False, verbose=False)


def _random_playthrough(game: object, rng: random.Random) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    dealt: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            cards = [c for c, _ in outcomes]
            assert not set(cards) & set(dealt) and abs(sum(p for _, p in outcomes) - 1) < 1e-12
            card = rng.choice(cards)
            dealt.append(card)
            state.apply_action(card)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.property
@pytest.mark.parametrize("betting", BETTINGS)
def test_returns_are_zero_sum_and_the_engines_payouts(betting: str) -> None:
    rng = random.Random(7)
    game = openspiel_game(3, betting, stacks=24, blinds=(1, 3))
    bound = max_betting_actions(game.spec)
    for _ in range(examples(40, 300)):
        state = _random_playthrough(game, rng)
        hand = state.hand
        assert len(state.bets) <= bound
        assert sum(hand.net) == 0
        assert state.returns() == [chips / 3 for chips in hand.net]
        assert abs(sum(state.returns())) < 1e-12
        assert hand.holes == [tuple(state.holes[4 * s:4 * s + 4]) for s in range(3)]


def test_a_reduced_deck_deals_only_its_cards() -> None:
    deck = "Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d"
    game = openspiel_game(2, "limit", stacks=8, deck=deck)
    allowed = {int(c) for c in __import__("omaha8_fast").parse_cards(deck)}
    rng = random.Random(1)
    for _ in range(20):
        state = _random_playthrough(game, rng)
        assert set(state.holes) | {int(c) for c in state.hand.board} <= allowed


def test_the_sampling_cfr_solvers_make_a_policy_on_a_small_limit_game() -> None:
    game = openspiel_game(2, "limit", stacks=6)
    external = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
    outcome = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(3)
    for _ in range(10):
        external.iteration()
        outcome.iteration()
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    for solver in (external, outcome):
        probabilities = solver.average_policy().action_probabilities(state)
        assert sorted(probabilities) == state.legal_actions()
        assert abs(sum(probabilities.values()) - 1) < 1e-9
    cpp = pyspiel.ExternalSamplingMCCFRSolver(game, seed=1)
    for _ in range(5):
        cpp.run_iteration()
    assert abs(sum(p for _, p in cpp.average_policy().get_state_policy(state)) - 1) < 1e-9


def test_tensor_sizes_and_strings() -> None:
    game = openspiel_game(2, "no-limit", stacks=20)
    assert game.num_distinct_actions() == 10 and game.max_chance_outcomes() == 52
    bound = max_betting_actions(game.spec)
    assert game.information_state_tensor_size() == 2 + 52 + 3 * 52 + bound * 10
    assert game.observation_tensor_size() == 2 + 52 + 3 * 52 + 4 * 2 + 1
    state = _random_playthrough(game, random.Random(4))
    assert state.information_state_string(0).startswith("p0 cards:")
    assert game.max_game_length() == 2 * 4 + 5 + bound


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"num_players": 10}, ValueError, "num_players must be from 2 to 9"),
    ({"betting": "spread"}, ValueError, "betting must be one of"),
    ({"stacks": [10, 10]}, TypeError, "stacks must be one int"),
    ({"deck": "As Ks Qs"}, ValueError, "deck has 3 cards"),
    ({"deck": "As As 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"}, ValueError, "names a card twice"),
])
def test_bad_parameters_are_refused_by_name(kwargs: dict[str, object], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        openspiel_game(**kwargs)  # type: ignore[arg-type]


def test_big_o_holes() -> None:
    game = openspiel_game(3, "pot-limit", hole_size=5, stacks=40)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    state = _random_playthrough(game, random.Random(3))
    assert [len(cards) for cards in state.hand.holes] == [5, 5, 5]
    assert state.own_cards(2) == state.holes[10:15]


def test_a_chance_action_must_be_a_chance_outcome() -> None:
    # A reduced deck (spades and the 2h): a card outside it, or one already dealt, is refused.
    deck = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s 2h"
    game = openspiel_game(2, "limit", 4, 20, (1, 2), deck)
    state = game.new_initial_state()
    outcomes = {c for c, _ in state.chance_outcomes()}
    for outside in (0, 4, 50):  # 2c, 3c, Ah
        assert outside not in outcomes
        with pytest.raises((ValueError, pyspiel.SpielError), match="not a card of the game's deck"):
            state.apply_action(outside)
    state.apply_action(51)
    with pytest.raises((ValueError, pyspiel.SpielError), match="already dealt"):
        state.apply_action(51)
    for card in (47, 43, 39, 35, 31, 27, 23):
        state.apply_action(card)
    state.apply_action(1)
    state.apply_action(1)  # call, check: the flop is next
    assert state.is_chance_node()
    with pytest.raises((ValueError, pyspiel.SpielError), match="not a card of the game's deck"):
        state.apply_action(4)
    with pytest.raises((ValueError, pyspiel.SpielError), match="already dealt"):
        state.apply_action(47)
    for card in (19, 15, 11):
        state.apply_action(card)
    assert len(state.hand.board) == 3
