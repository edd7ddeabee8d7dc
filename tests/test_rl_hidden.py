"""No observation of a seat ever holds another seat's hole cards: every
observation (arrays, info dicts, render strings) of every seat along many
random episodes of each environment is searched for the others' cards, and
the observations are shown not to change when only the others' cards change
(the same actions, another deal of their holes)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from budget import examples

from omaha8_fast.cards import format_cards
from omaha8_fast.engine import Hand
from omaha8_fast.rl import TableBatch

BETTINGS = ("limit", "pot-limit", "no-limit")
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a nested info value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _check(seat: int, hand: Hand, vector: np.ndarray, texts: list[str]) -> None:
    """The vector's card sections hold the seat's own cards and the board only; no text names another seat's card."""
    own = {int(c) for c in hand.holes[seat]}
    board = {int(c) for c in hand.board}
    others = {int(c) for s, cards in enumerate(hand.holes) if s != seat for c in cards}
    assert {int(i) for i in np.flatnonzero(vector[:52])} == own
    assert {int(i) for i in np.flatnonzero(vector[52:104])} == board
    named = {card for text in texts for card in CARD.findall(text)}
    leaked = named & set(format_cards(sorted(others)).split())
    assert not leaked, f"seat {seat} saw {leaked}"


def _deck_pair(rng: random.Random, players: int, seat: int) -> tuple[list[int], list[int]]:
    """Two decks dealing ``seat`` the same hole and the same board, the other seats other cards."""
    cards = list(range(52))
    rng.shuffle(cards)
    k = 4
    dealt = cards[:players * k + 5]
    spare = cards[players * k + 5:]
    rng.shuffle(spare)
    other = list(dealt)
    for s in range(players):
        if s != seat:
            for i in range(s * k, s * k + k):
                other[i] = spare.pop()
    return dealt, other




@pytest.mark.property
@pytest.mark.parametrize("betting", BETTINGS)
def test_pettingzoo_observations_hold_no_other_seats_cards(betting: str) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from omaha8_fast.rl import pettingzoo_env

    rng = np.random.default_rng(BETTINGS.index(betting))
    for episode in range(examples(12, 80)):
        players = 2 + episode % 8
        env = pettingzoo_env(players, betting, stacks=int(rng.integers(5, 300)), seed=episode, render_mode="ansi")
        env.reset()
        for agent in env.agent_iter():
            hand = env.hand
            for seat in range(players):
                obs = env.observe(f"player_{seat}")
                _check(seat, hand, obs["observation"], list(_strings(env.infos.get(f"player_{seat}", {}))))
            obs, _, terminated, truncated, info = env.last()
            seat = int(agent.split("_")[1])
            _check(seat, hand, obs["observation"], [env.render()] + list(_strings(info)))
            mask = obs["action_mask"]
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("betting", BETTINGS)
def test_pettingzoo_observations_do_not_change_with_the_other_seats_cards(betting: str) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from omaha8_fast.rl import pettingzoo_env

    rng = random.Random(BETTINGS.index(betting))
    for episode in range(10):
        players = 2 + episode % 5
        seat = rng.randrange(players)
        decks = _deck_pair(rng, players, seat)
        envs = [pettingzoo_env(players, betting, stacks=60, render_mode="ansi") for _ in decks]
        for env, deck in zip(envs, decks):
            env.reset(seed=episode)
            env.hand = env.settings.hand(episode % players, None, deck=deck)  # the same seats, these cards
            env._select()
        agent = f"player_{seat}"
        while not envs[0].hand.is_over:
            first, second = (env.observe(agent) for env in envs)
            assert np.array_equal(first["observation"], second["observation"])
            assert np.array_equal(first["action_mask"], second["action_mask"])
            if envs[0].agent_selection == agent:
                assert envs[0].render() == envs[1].render()
            action = rng.choice(np.flatnonzero(first["action_mask"] if envs[0].agent_selection == agent
                                               else envs[0].observe(envs[0].agent_selection)["action_mask"]))
            for env in envs:
                env.step(int(action))
        assert envs[1].hand.is_over


@pytest.mark.parametrize("betting", BETTINGS)
def test_gymnasium_and_batch_observations_hold_no_other_seats_cards(betting: str) -> None:
    rng = np.random.default_rng(7)
    batch = TableBatch(6, num_players=5, betting=betting, stacks=40, seed=1)
    obs, masks, seats = batch.reset()
    for _ in range(80):
        for i in range(6):
            _check(int(seats[i]), batch._hands[i], obs[i], [])
        obs, masks, seats, _, _ = batch.step([int(rng.choice(np.flatnonzero(m))) for m in masks])
    pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
    from omaha8_fast.rl import gymnasium_env

    env = gymnasium_env(4, betting, stacks=30, seat=2, seed=3, render_mode="ansi")
    for episode in range(15):
        observation, info = env.reset(seed=episode)
        done = False
        while True:
            _check(2, env.hand, observation["observation"], [env.render()] + list(_strings(info)))
            if done:
                break
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, done, _, info = env.step(action)


@pytest.mark.property
@pytest.mark.parametrize("betting", BETTINGS)
def test_openspiel_information_states_do_not_change_with_the_other_players_cards(betting: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    from omaha8_fast.rl import openspiel_game

    rng = random.Random(BETTINGS.index(betting) + 10)
    for episode in range(examples(8, 60)):
        players = 2 + episode % 4
        game = openspiel_game(players, betting, stacks=40)
        player = rng.randrange(players)
        decks = _deck_pair(rng, players, player)
        states = [game.new_initial_state() for _ in decks]
        dealt = 0
        while not states[0].is_terminal():
            if states[0].is_chance_node():
                for state, deck in zip(states, decks):
                    state.apply_action(deck[dealt])
                dealt += 1
            else:
                action = rng.choice(states[0].legal_actions())
                for state in states:
                    state.apply_action(action)
            if states[0].is_terminal():
                break
            for view in ("information_state", "observation"):
                tensors = [np.array(getattr(s, f"{view}_tensor")(player)) for s in states]
                assert np.array_equal(*tensors)
                texts = [getattr(s, f"{view}_string")(player) for s in states]
                assert texts[0] == texts[1]
                others = {format_cards([c]) for s in range(players) if s != player
                          for c in states[0].holes[4 * s:4 * s + 4]}
                assert not set(CARD.findall(texts[0])) & others
            own = [int(c) for c in states[0].own_cards(player)]
            assert sorted(np.flatnonzero(tensors[0][players:players + 52])) == sorted(own)
        assert states[1].is_terminal() and pyspiel.PlayerId.TERMINAL == states[1].current_player()
