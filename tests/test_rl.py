"""omaha8_fast.rl without any RL library: the action layout against the
engine and against the pot-limit rule computed here in plain Python, the
observation vector decoded back, TableBatch, the settings' errors, and the
constructors' ImportError when the optional libraries are missing."""

from __future__ import annotations

import builtins
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from budget import examples

from omaha8_fast.engine import Hand
from omaha8_fast.rl import ActionLayout, TableBatch, encode_view, observation_size, table_spec
from omaha8_fast.rl._spec import STREET_NAMES

BETTINGS = ("limit", "pot-limit", "no-limit")


def _random_states(betting: str, players: int, hands: int, seed: int) -> Any:
    """(hand, view of the seat to act) along random hands, played by random legal raw engine actions."""
    rng = random.Random(seed)
    for _ in range(hands):
        stacks = [rng.choice([3, 10, 60, 200]) for _ in range(players)]
        hand = Hand(stacks, rng.randrange(players), 1, 2, betting=betting, seed=rng.randrange(2**32))
        while not hand.is_over:
            yield hand, hand.view(hand.to_act)
            legal = hand.legal_actions()
            kinds = legal.actions
            kind = rng.choice(kinds)
            if kind in ("bet", "raise"):
                hand.act(kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
            else:
                hand.act(kind)


@pytest.mark.property
@pytest.mark.parametrize("betting", BETTINGS)
def test_each_legal_index_is_the_engine_action_of_its_size(betting: str) -> None:
    layout = ActionLayout(betting)
    seen: set[int] = set()
    for hand, view in _random_states(betting, 3, examples(40, 200), seed=BETTINGS.index(betting)):
        legal = hand.legal_actions()
        amounts = layout.amounts(view)
        kinds = legal.actions
        # fold only facing a bet, check/call always, sizes only when the engine allows a bet or raise
        assert (amounts[0] is not None) == ("fold" in kinds)
        assert amounts[1] == legal.call_amount
        can_raise = "bet" in kinds or "raise" in kinds
        assert any(a is not None for a in amounts[2:]) == can_raise
        sizes = [a for a in amounts[2:] if a is not None]
        assert len(sizes) == len(set(sizes)), "two legal indices of the same size"
        for index, chips in enumerate(amounts):
            if chips is None:
                with pytest.raises(ValueError, match="not legal"):
                    layout.play(hand.copy(), index)
                continue
            seen.add(index)
            ours, theirs = hand.copy(), hand.copy()
            layout.play(ours, index)
            if index == 0:
                theirs.fold()
            elif index == 1:
                theirs.act("check" if "check" in kinds else "call")
            else:
                assert legal.min_raise_to <= chips <= legal.max_raise_to
                theirs.act(kinds[-1], chips)
            assert ours == theirs
    assert seen == set(range(len(layout))), f"indices never legal: {set(range(len(layout))) - seen}"


@pytest.mark.parametrize("betting", ["pot-limit", "no-limit"])
def test_pot_fractions_follow_the_pot_limit_rule(betting: str) -> None:
    """A fraction f raises to: call, then f times the pot after the call
    (computed here from the public chips alone), when strictly between the
    engine's minimum and maximum; in pot-limit the top index is the pot."""
    layout = ActionLayout(betting)
    for hand, view in _random_states(betting, 4, 30, seed=5):
        legal = hand.legal_actions()
        amounts = layout.amounts(view)
        if amounts[2] is None:
            continue
        high = max(hand.bets)
        owed = high - hand.bets[hand.to_act]
        pot_after_call = sum(hand.contributions) + owed
        for i, f in enumerate(layout.fractions, 3):
            to = high + int(f * pot_after_call)
            expected = to if legal.min_raise_to < to < legal.max_raise_to else None
            assert amounts[i] == expected
        if betting == "pot-limit" and legal.max_raise_to > legal.min_raise_to:
            cap = high + pot_after_call
            assert amounts[-1] == min(cap, hand.stacks[hand.to_act] + hand.bets[hand.to_act])


def test_the_layouts_are_as_documented() -> None:
    assert ActionLayout("limit").names == ("fold", "check/call", "bet/raise")
    assert ActionLayout("pot-limit").names == ("fold", "check/call", "min-raise", "1/4 pot", "1/2 pot", "3/4 pot", "pot")
    assert len(ActionLayout("no-limit")) == 10 and ActionLayout("no-limit").names[-1] == "all-in"
    with pytest.raises(ValueError, match="betting must be one of"):
        ActionLayout("spread-limit")


def test_the_observation_decodes_to_the_view() -> None:
    rng = random.Random(3)
    for hand, _ in _random_states("no-limit", 5, 12, seed=9):
        seat = rng.randrange(5)
        view = hand.view(seat)
        x = encode_view(view)
        n, bb = 5, 2
        assert x.shape == (observation_size(n),) and x.dtype == np.float32
        assert sorted(np.flatnonzero(x[:52])) == sorted(int(c) for c in hand.holes[seat])
        assert sorted(np.flatnonzero(x[52:104])) == sorted(int(c) for c in hand.board)
        assert STREET_NAMES[int(np.flatnonzero(x[104:109])[0])] == hand.street
        order = [(seat + k) % n for k in range(n)]
        base = 109
        assert [round(v * bb) for v in x[base:base + n]] == [hand.stacks[s] for s in order]
        assert [round(v * bb) for v in x[base + n:base + 2 * n]] == [hand.bets[s] for s in order]
        assert [round(v * bb) for v in x[base + 2 * n:base + 3 * n]] == [hand.contributions[s] for s in order]
        assert list(x[base + 3 * n:base + 4 * n]) == [float(hand.folded[s]) for s in order]
        assert list(x[base + 6 * n:base + 7 * n]) == [float(s == hand.to_act) for s in order]
        assert round(x[base + 7 * n] * bb) == hand.pot
    with pytest.raises(ValueError, match="spectator"):
        encode_view(Hand([10, 10], 0, 1, 2, seed=1).view(None))


def test_the_observation_never_shows_cards_shown_at_the_showdown() -> None:
    hand = Hand([10, 10], 0, 1, 2, betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h 9c")
    hand.all_in(); hand.call()
    assert hand.is_over and hand.view(0).shown[1] is not None  # the view holds seat 1's shown cards
    x = encode_view(hand.view(0))
    assert sorted(np.flatnonzero(x[:104])) == sorted([int(c) for c in hand.holes[0]] + [52 + c for c in hand.board])


@pytest.mark.parametrize("betting", BETTINGS)
def test_a_batch_of_tables_plays_zero_sum_hands(betting: str) -> None:
    batch = TableBatch(8, num_players=4, betting=betting, stacks=20, seed=4)
    obs, masks, seats = batch.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(60):
        assert masks.any(axis=1).all(), "every table has a seat to act"
        for i in range(8):
            view = batch._hands[i].view(int(seats[i]))
            assert np.array_equal(obs[i], encode_view(view))
            assert list(masks[i]) == batch.layout.mask(view)
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, masks, seats, rewards, done = batch.step(actions)
        assert np.all(rewards[~done] == 0)
        assert np.allclose(rewards.sum(axis=1), 0)
        ended += int(done.sum())
    assert ended == batch.hands_played > 0
    again = TableBatch(8, num_players=4, betting=betting, stacks=20, seed=4)
    assert np.array_equal(again.reset()[0], TableBatch(8, num_players=4, betting=betting, stacks=20, seed=4).reset()[0])
    illegal = [int(np.flatnonzero(~m)[0]) if (~m).any() else 99 for m in masks]
    with pytest.raises(ValueError, match="table 0"):
        batch.step(illegal)
    with pytest.raises(ValueError, match="one per table"):
        batch.step([1])


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"num_players": 1}, ValueError, "num_players must be from 2 to 9"),
    ({"num_players": True}, TypeError, "num_players must be an int"),
    ({"betting": "fixed"}, ValueError, "betting must be one of"),
    ({"hole_size": 7}, ValueError, "hole_size must be one of"),
    ({"num_players": 9, "hole_size": 6}, ValueError, "the deck has 52"),
    ({"stacks": [10, 10, 10]}, ValueError, "3 stacks for 2 players"),
    ({"stacks": 0}, ValueError, "each stack must be from 1"),
    ({"stacks": "100"}, TypeError, "stacks must be an int or a list"),
    ({"blinds": (2, 1)}, ValueError, "0 <= small <= big"),
    ({"blinds": 2}, TypeError, r"\(small, big\) pair"),
    ({"stacks": [100, 2]}, ValueError, "more than the big blind"),
])
def test_bad_settings_are_refused_by_name(kwargs: dict[str, Any], error: type, match: str) -> None:
    settings: dict[str, Any] = {"num_players": 2, "betting": "limit", "hole_size": 4, "stacks": 100, "blinds": (1, 2)}
    settings.update(kwargs)
    with pytest.raises(error, match=match):
        table_spec(**settings)
    batch_settings = dict(settings)
    with pytest.raises(error, match=match):
        TableBatch(2, **batch_settings)


def test_the_constructors_name_the_extra_when_a_library_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__
    blocked = ("pettingzoo", "gymnasium", "pyspiel")

    def no_rl(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    for module in [m for m in sys.modules if m.startswith("omaha8_fast.rl._") and m.split(".")[-1] in
                   ("_pettingzoo", "_gymnasium", "_openspiel")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(builtins, "__import__", no_rl)
    import omaha8_fast.rl as rl

    for make in (rl.pettingzoo_env, rl.gymnasium_env, rl.openspiel_game):
        with pytest.raises(ImportError, match=r"omaha8_fast\[rl\]"):
            make()


def test_importing_rl_loads_no_rl_library() -> None:
    code = ("import sys, omaha8_fast.rl; "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_tablebatch_step_checks_every_action_before_playing_any() -> None:
    # Short stacks in limit: a check/call often ends a hand, so a partial step would lose rewards.
    batch = TableBatch(6, num_players=2, betting="limit", stacks=3, blinds=(1, 2), seed=4)
    _, masks, _ = batch.reset()
    legal = [int(np.flatnonzero(m)[0]) for m in masks]
    for bad, error in ((9, ValueError), (-1, ValueError), (1.0, TypeError), (True, TypeError)):
        actions: list[Any] = list(legal)
        actions[4] = bad
        before = [batch._hands[i].actions for i in range(6)]
        with pytest.raises(error, match="table 4"):
            batch.step(actions)
        assert batch.hands_played == 0
        assert [batch._hands[i].actions for i in range(6)] == before  # no table moved
    _, _, _, rewards, done = batch.step(legal)  # the same legal actions still play
    assert done.any() and rewards[done].any()


def test_an_action_is_any_integer_scalar() -> None:
    layout = ActionLayout("limit")
    for index in (np.array(1), np.int16(1), np.uint8(1), 1):
        hand = Hand([50, 50], 0, 1, 2, seed=3)
        layout.play(hand, index)
        assert hand.actions[-1].kind == "call"
    for wrong in (np.array([1]), np.array(1.0), np.float64(1), True, "1"):
        with pytest.raises(TypeError, match="the action must be an int"):
            layout.play(Hand([50, 50], 0, 1, 2, seed=3), wrong)
