"""Steps per second of random play in the environments of omaha8_fast.rl
(6-max no-limit, stacks 200, blinds 1/2, random legal actions), against
the bare engine playing the same kind of hands (the floor: no observation,
no mask). A step is one player action (OpenSpiel: chance nodes too, each
dealt card). Run:

    python -m pytest -p no:xdist benchmarks/bench_rl.py --benchmark-columns=min,median,rounds

or, for steps/s and the ratios in one run (CPU time of this process):

    python benchmarks/bench_rl.py

The PettingZoo, Gymnasium and OpenSpiel rows need the rl extra.
"""

from __future__ import annotations

import random
import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from _size import size

from omaha8_fast.engine import Hand
from omaha8_fast.rl import TableBatch

PLAYERS, STACK, BETTING = 6, 200, "no-limit"
STEPS = size(2000, 200)


def engine_steps() -> int:
    """Random legal actions on bare hands, STEPS of them (new hands as needed)."""
    rng = random.Random(1)
    done = 0
    hand = Hand([STACK] * PLAYERS, 0, 1, 2, betting=BETTING, seed=1)
    while done < STEPS:
        if hand.is_over:
            hand = Hand([STACK] * PLAYERS, rng.randrange(PLAYERS), 1, 2, betting=BETTING, seed=rng.randrange(2**32))
        legal = hand.legal_actions()
        kind = rng.choice(legal.actions)
        if kind in ("bet", "raise"):
            hand.act(kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.act(kind)
        done += 1
    return done


def batch_steps(tables: int = 64) -> int:
    """STEPS table-steps of a TableBatch of ``tables`` tables (actions drawn in numpy)."""
    batch = TableBatch(tables, num_players=PLAYERS, betting=BETTING, stacks=STACK, seed=1)
    rng = np.random.default_rng(1)
    _, masks, _ = batch.reset()
    for _ in range(STEPS // tables):
        scores = rng.random(masks.shape) * masks
        _, masks, _, _, _ = batch.step(scores.argmax(axis=1))
    return (STEPS // tables) * tables


def _pettingzoo() -> Callable[[], int]:
    from omaha8_fast.rl import pettingzoo_env

    env = pettingzoo_env(PLAYERS, BETTING, stacks=STACK, seed=1)
    rng = np.random.default_rng(1)

    def run() -> int:
        done = 0
        while done < STEPS:
            env.reset()
            for _ in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                done += 1
        return done

    return run


def _gymnasium() -> Callable[[], int]:
    from omaha8_fast.rl import gymnasium_env

    env = gymnasium_env(PLAYERS, BETTING, stacks=STACK, seed=1)
    rng = np.random.default_rng(1)

    def run() -> int:
        done = 0
        while done < STEPS:
            obs, _ = env.reset()
            finished = False
            while not finished:
                obs, _, finished, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                done += 1
        return done

    return run


def _random_play(game: Any) -> Callable[[], int]:
    """STEPS steps of an OpenSpiel game: chance outcomes and actions drawn at random (seeded)."""
    rng = random.Random(1)

    def run() -> int:
        done = 0
        while done < STEPS:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                done += 1
        return done

    return run


def _openspiel() -> Callable[[], int]:
    from omaha8_fast.rl import openspiel_game

    game = openspiel_game(PLAYERS, BETTING, stacks=STACK)
    return _random_play(game)


def _universal_poker() -> Callable[[], int]:
    """OpenSpiel's own C++ poker (universal_poker: at most 3 hole cards, so 2-card hold'em), 6-max no-limit
    fold/call/pot/all-in, the same random loop: the yardstick of the OpenSpiel game's speed."""
    import pyspiel

    game = pyspiel.load_game("universal_poker", {
        "numPlayers": PLAYERS, "numRounds": 4, "blind": "1 2" + " 0" * (PLAYERS - 2), "firstPlayer": "3 1 1 1",
        "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1",
        "stack": " ".join([str(STACK)] * PLAYERS), "betting": "nolimit", "bettingAbstraction": "fcpa"})
    return _random_play(game)


def test_engine_steps(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    assert benchmark(engine_steps) == STEPS


def test_table_batch_steps(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    assert benchmark(batch_steps) > 0


@pytest.mark.parametrize("library", ["pettingzoo", "gymnasium", "pyspiel", "universal_poker"])
def test_environment_steps(benchmark: Any, library: str) -> None:
    pytest.importorskip("pytest_benchmark")
    pytest.importorskip("pyspiel" if library == "universal_poker" else library)
    run = {"pettingzoo": _pettingzoo, "gymnasium": _gymnasium, "pyspiel": _openspiel,
           "universal_poker": _universal_poker}[library]()
    assert benchmark.pedantic(run, rounds=3, warmup_rounds=1) >= STEPS


def main() -> None:
    def rate(run: Callable[[], int]) -> float:
        steps = run()
        return steps / min(timeit.repeat(run, number=1, repeat=3, timer=time.process_time))

    floor = rate(engine_steps)
    print(f"bare engine, random legal actions: {floor:,.0f} steps/s")
    rows: list[tuple[str, Callable[[], Callable[[], int]] | None]] = [
        ("TableBatch, 64 tables", None), ("PettingZoo AEC", _pettingzoo), ("Gymnasium, 5 random opponents", _gymnasium),
        ("OpenSpiel (chance steps included)", _openspiel),
        ("OpenSpiel's universal_poker (C++, 2-card hold'em, fcpa)", _universal_poker),
    ]
    for name, make in rows:
        try:
            run = batch_steps if make is None else make()
        except ImportError as error:
            print(f"{name}: skipped ({error.name} not installed)")
            continue
        steps = rate(run)
        print(f"{name}: {steps:,.0f} steps/s ({floor / steps:.1f}x the bare engine's time a step)")


if __name__ == "__main__":
    main()
