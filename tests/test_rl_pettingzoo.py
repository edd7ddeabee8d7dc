"""The PettingZoo and Gymnasium environments (skipped without the ``rl``
extra): PettingZoo's own api_test and seed_test, Gymnasium's env_checker,
zero-sum rewards in big blinds against the engine's payouts, and the errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from omaha8_fast.engine.agents import RandomAgent, calling_station  # noqa: E402
from omaha8_fast.rl import ActionLayout, encode_view, gymnasium_env, pettingzoo_env  # noqa: E402

BETTINGS = ("limit", "pot-limit", "no-limit")


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("betting", BETTINGS)
def test_pettingzoo_api_test(betting: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation (its own classic games' too) and every
        # all-zero mask (the seats not to act): neither is an error of the API.
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(players, betting, stacks=40, seed=players, render_mode="ansi"), num_cycles=300)
        seed_test(lambda: pettingzoo_env(players, betting, stacks=40, render_mode="ansi"), num_cycles=100)


def _play(env: object, rng: np.random.Generator) -> tuple[dict[str, float], object]:
    """One episode with random legal actions: each agent's total reward and the finished hand."""
    totals: dict[str, float] = {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)  # type: ignore[attr-defined]
    return totals, env.hand  # type: ignore[attr-defined]


@pytest.mark.parametrize("betting", BETTINGS)
def test_pettingzoo_rewards_are_the_payouts_in_big_blinds(betting: str) -> None:
    env = pettingzoo_env(4, betting, stacks=[30, 50, 80, 200], blinds=(2, 5), seed=11)
    rng = np.random.default_rng(2)
    for _ in range(40):
        env.reset()
        totals, hand = _play(env, rng)
        net = [after - before for after, before in zip(hand.stacks, [30, 50, 80, 200])]
        assert sum(net) == 0
        assert [totals[f"player_{s}"] for s in range(4)] == [chips / 5 for chips in net]
        assert abs(sum(totals.values())) < 1e-9


def test_pettingzoo_observes_each_seat_and_refuses_illegal_actions() -> None:
    env = pettingzoo_env(3, "no-limit", seed=5)
    env.reset(seed=5)
    hand = env.hand
    layout = ActionLayout("no-limit")
    for seat in range(3):
        obs = env.observe(f"player_{seat}")
        assert np.array_equal(obs["observation"], encode_view(hand.view(seat)))
        expected = layout.mask(hand.view(seat)) if seat == hand.to_act else [False] * len(layout)
        assert obs["action_mask"].tolist() == [int(m) for m in expected]
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    before = hand.copy()
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="needs an action"):
        env.step(None)
    assert env.hand == before
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env(render_mode="rgb_array")  # "ansi" and "human" only
    assert pettingzoo_env().render() is None


@pytest.mark.parametrize("betting", BETTINGS)
def test_gymnasium_env_checker(betting: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec" (not made by gymnasium.make): informational
        check_env(gymnasium_env(3, betting, stacks=40, seed=1, render_mode="ansi"))
        check_env(gymnasium_env(2, betting, opponents=[calling_station], seed=2))


def test_gymnasium_rewards_match_the_opponents_losses() -> None:
    opponents = [RandomAgent(), calling_station]
    env = gymnasium_env(3, "pot-limit", stacks=60, opponents=opponents, seat=1, seed=3)
    rng = np.random.default_rng(4)
    for episode in range(30):
        obs, info = env.reset(seed=episode)
        assert env.hand.to_act == 1 and obs["action_mask"].any()
        done, reward = False, 0.0
        while not done:
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert not truncated
            assert "illegal" not in info
        assert reward == env.hand.net[1] / 2 == info["chips"] / 2
    obs, _ = env.reset(seed=1)
    forbidden = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    played = len(env.hand.actions)
    _, _, _, _, info = env.step(forbidden)
    assert info["illegal"] is True
    mine = env.hand.actions[played]
    assert mine.seat == 1 and mine.kind in ("check", "call")  # played as check/call
    strict = gymnasium_env(3, "pot-limit", stacks=60, opponents=opponents, seat=1, seed=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(forbidden)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"seat": 2}, "seat must be from 0 to 1"),
    ({"opponents": []}, "opponents must give 1 agents"),
    ({"opponents": ["call"]}, "must be callable"),
    ({"illegal": "ignore"}, "illegal must be one of"),
])
def test_gymnasium_refuses_bad_settings(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises((ValueError, TypeError), match=match):
        gymnasium_env(2, "limit", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "hole_size"), [(6, 5), (7, 6)])
def test_pettingzoo_big_o_holes(players: int, hole_size: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(players, "pot-limit", hole_size=hole_size, stacks=40, seed=1), num_cycles=100)
    env = pettingzoo_env(players, "pot-limit", hole_size=hole_size, seed=2)
    env.reset()
    for seat in range(players):
        cards = np.flatnonzero(env.observe(f"player_{seat}")["observation"][:52])
        assert sorted(cards) == sorted(int(c) for c in env.hand.holes[seat]) and len(cards) == hole_size


@pytest.mark.parametrize("illegal", ["check-call", "raise"])
def test_gymnasium_plays_a_0d_array_as_its_index(illegal: str) -> None:
    # Discrete.contains accepts np.array(2): the env must play index 2, not treat it as illegal.
    env = gymnasium_env(2, "limit", seed=5, illegal=illegal)
    obs, _ = env.reset(seed=5)
    assert obs["action_mask"][2] and env.action_space.contains(np.array(2))
    _, _, _, _, info = env.step(np.array(2))
    assert "illegal" not in info
    assert [a.kind for a in env.hand.actions if a.seat == env.seat][0] in ("bet", "raise")


def test_pettingzoo_plays_a_0d_array_as_its_index() -> None:
    env = pettingzoo_env(2, "limit", seed=5)
    env.reset(seed=5)
    agent = env.agent_selection
    seat = env._seat[agent]
    env.step(np.array(2))
    assert [a.kind for a in env.hand.actions if a.seat == seat][0] in ("bet", "raise")


def test_pettingzoo_render_test_passes() -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: pettingzoo_env(3, "pot-limit", seed=2, render_mode=render_mode))


def test_human_mode_prints_the_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium_env(2, "limit", seed=3, render_mode="human")
    env.reset(seed=3)
    assert env.render() is None
    assert "agent (seat" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human'"):
        gymnasium_env(2, "limit", render_mode="rgb_array")


@pytest.mark.parametrize("first", ["gymnasium", "omaha8_fast.rl"])
def test_gymnasium_make_finds_the_env_by_module(first: str) -> None:
    # A fresh interpreter: gymnasium first (then make() imports omaha8_fast.rl, which registers the id),
    # or omaha8_fast.rl first (the id is registered once gymnasium is imported).
    code = (
        ("import gymnasium, sys\n" if first == "gymnasium" else
         "import sys, omaha8_fast.rl\nassert 'gymnasium' not in sys.modules\nimport gymnasium\n")
        + ("assert 'omaha8_fast.rl' not in sys.modules\n" if first == "gymnasium" else "")
        + "env = gymnasium.make('omaha8_fast.rl:Omaha8-v0', num_players=3, betting='pot-limit')\n"
        "obs, info = env.reset(seed=1)\n"
        "assert env.spec.id == 'Omaha8-v0' and obs['action_mask'].shape == (7,)\n"
        "from gymnasium.utils.env_checker import check_env\n"
        "import warnings\n"
        "with warnings.catch_warnings():\n"
        "    warnings.simplefilter('error')\n"
        "    check_env(env.unwrapped)\n"
    )
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_import_omaha8_fast_rl_does_not_import_gymnasium() -> None:
    import subprocess
    import sys

    code = "import sys, omaha8_fast.rl; assert 'gymnasium' not in sys.modules and 'pettingzoo' not in sys.modules"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
