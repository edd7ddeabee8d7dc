"""The engine for simulators and servers (issue 16): copy and pickle, per-seat
views, showdown modes and mucking, rake, running the board more than once,
time-outs, and strict replay validation and chip bounds (issue 15)."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import pickle
import random
import re
from typing import Any

import pytest
from budget import examples

import omaha8_fast as o8
from omaha8_fast import Rake, SeatView
from omaha8_fast.engine import MAX_CHIPS, Action, Hand, IllegalAction, LegalActions, Table

HANDS = int(os.environ.get("OMAHA8_ENGINE_HANDS", "4000" if os.environ.get("CI") else "1500"))
VIEW_HANDS = int(os.environ.get("OMAHA8_ENGINE_HANDS", examples(250, 2000)))
CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")


def random_hand(rng: random.Random, **fixed: Any) -> Hand:
    """A hand with random settings: players, structure, stacks, ante, rake, runs, showdown mode."""
    n = rng.randint(2, 6)
    betting = rng.choice(["limit", "pot-limit", "no-limit"])
    settings: dict[str, Any] = {
        "betting": betting,
        "ante": rng.choice([0, 0, 1]),
        "seed": rng.getrandbits(32),
        "rake": rng.choice([None, Rake(0.05, cap=3), Rake(0.1)]),
        "runs": rng.choice([1, 1, 2, 3]),
        "showdown": rng.choice(["all", "muck-losers", "choose"]),
    }
    settings.update(fixed)
    stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 300)]) for _ in range(n)]
    return Hand(stacks, rng.randrange(n), 1, 2, **settings)


def random_move(hand: Hand, rng: random.Random) -> tuple[str, int | None]:
    legal = hand.legal_actions()
    kind = rng.choice(legal.actions + ("timeout",))
    if kind in ("bet", "raise"):
        return kind, rng.choice([legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to)])
    return kind, None


def play(hand: Hand, rng: random.Random, stop: int = 10_000) -> None:
    while not hand.is_over and stop:
        hand.act(*random_move(hand, rng))
        stop -= 1


def total(hand: Hand) -> int:
    return sum(hand.stacks) + hand.pot + hand.rake


# --- copy and pickle -------------------------------------------------------------


def test_copy_pickle_and_deepcopy_mid_hand_give_the_same_continuation() -> None:
    rng = random.Random(16)
    for _ in range(300):
        hand = random_hand(rng)
        for _ in range(rng.randint(0, 8)):
            if hand.is_over:
                break
            hand.act(*random_move(hand, rng))
        before = hand.history_text()
        clones = [hand.copy(), copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))]
        assert all(c == hand for c in clones)
        seed = rng.getrandbits(32)
        for clone in clones:
            play(clone, random.Random(seed))
        assert hand.history_text() == before  # playing a clone never touches the original
        play(hand, random.Random(seed))
        for clone in clones:
            assert clone == hand and clone.stacks == hand.stacks and clone.history_text() == hand.history_text()
            assert clone.payouts == hand.payouts and clone.rake == hand.rake and clone.boards == hand.boards


def test_finished_hands_and_their_showdowns_pickle() -> None:
    rng = random.Random(5)
    seen = 0
    for _ in range(200):
        hand = random_hand(rng)
        play(hand, rng)
        if hand.showdown_result is None:
            continue
        seen += 1
        again = pickle.loads(pickle.dumps(hand))
        assert again == hand and again.showdown_results == hand.showdown_results
        result = pickle.loads(pickle.dumps(hand.showdown_result))
        assert result == hand.showdown_result and str(result) == str(hand.showdown_result)
        assert copy.deepcopy(result.pots) == result.pots
    assert seen > 20


def test_everything_a_user_holds_pickles_and_compares_equal() -> None:
    sd = o8.showdown("Kh 5c 5d Ac 8s", ["Ks Kd 9h 9c", None, "2h 3h Qc Tc"], [(100, [0, 1, 2]), (41, [0, 1])])
    hand = Hand([50, 50, 50], 0, 1, 2, betting="no-limit", seed=3)
    table = Table([50, 50, 50], 1, 2, betting="pot-limit", seed=4)
    table.deal().call()
    objects = [
        sd, sd.pots[0], o8.evaluate("As 2s Kd Kh", "3s 4s 5c Qh Jd"), o8.Range("AA**"),
        o8.equity(["As Ad 2s 3s", "Kh Kd 9c 8c"], board="2c 7d Th")[0], hand.history, hand.legal_actions(),
        hand.view(0), hand.view(None), Rake(0.05, cap=3), table, hand,
    ]
    for thing in objects:
        for again in (pickle.loads(pickle.dumps(thing)), copy.deepcopy(thing)):
            assert again == thing, type(thing).__name__
    assert Table([50, 50], 1, 2, seed=4) != Table([50, 50], 1, 2, seed=5)


def test_table_copies_are_independent() -> None:
    table = Table([40, 40, 40], 1, 2, betting="no-limit", seed=8)
    table.deal()
    other = pickle.loads(pickle.dumps(table))
    clone = table.copy()
    rng = random.Random(1)
    for t in (table, other, clone):
        rng.seed(1)
        for _ in range(5):
            if t.is_over:
                break
            if t.hand is not None and not t.hand.is_over:
                play(t.hand, rng)
            else:
                t.deal()
    assert table == other == clone and table.stacks == other.stacks == clone.stacks


def test_legal_actions_compare_by_value() -> None:
    a = LegalActions(0, ("fold", "call"), 2, 0, 0)
    assert a == LegalActions(0, ("fold", "call"), 2, 0, 0) and a != LegalActions(1, ("fold", "call"), 2, 0, 0)
    assert hash(a) == hash(pickle.loads(pickle.dumps(a)))


# --- views ---------------------------------------------------------------------------


def _visible(hand: Hand, seat: int | None) -> set[str]:
    """The cards ``seat`` may know now: its own, the shown ones, the boards dealt."""
    holes = hand.holes
    cards = {str(c) for board in hand.boards for c in board}
    for s in hand.shown_seats:
        cards |= {str(c) for c in holes[s]}
    if seat is not None:
        cards |= {str(c) for c in holes[seat]}
    return cards


def _check_views(hand: Hand, with_log: bool = True) -> None:
    for seat in [None, *range(hand.players)]:
        view = hand.view(seat)
        allowed = _visible(hand, seat)
        for text in (view.to_json(), repr(view)) + ((view.history,) if with_log else ()):
            leaked = set(CARD.findall(text)) - allowed
            assert not leaked, (seat, leaked, text)
        assert view.hole_cards == (None if seat is None else hand.holes[seat])
        assert (view.legal is not None) == (seat is not None and seat == hand.to_act)
        assert view.stacks == tuple(hand.stacks) and view.pot == hand.pot and view.pots == hand.pots
        for s in range(hand.players):
            assert view.shown[s] == (hand.holes[s] if s in hand.shown_seats else None)


@pytest.mark.property
def test_no_view_ever_shows_a_card_its_seat_may_not_see() -> None:
    rng = random.Random(2016)
    mucked = folded_at_showdown = 0
    for _ in range(VIEW_HANDS):
        hand = random_hand(rng)
        _check_views(hand)
        while not hand.is_over:
            hand.act(*random_move(hand, rng))
            _check_views(hand, hand.is_over or rng.random() < 0.2)
        mucked += len(hand.mucked_seats)
        folded_at_showdown += hand.street == "showdown" and any(hand.folded)
        assert set(hand.shown_seats).isdisjoint(hand.mucked_seats)
    assert mucked > 20 and folded_at_showdown > 20  # the test saw hands it must hide


def test_view_is_an_immutable_snapshot_with_a_versioned_schema() -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s")
    view = hand.view(0)
    hand.call()
    assert view.to_act == 0 and hand.view(0).to_act == 1 and view.actions == ()
    with pytest.raises(AttributeError):
        view.stacks = (1, 2, 3)  # type: ignore[misc]
    data = json.loads(view.to_json())
    assert data["schema"] == "omaha8_fast.view" and data["version"] == 1
    assert data["hole_cards"] == ["As", "Ks", "2c", "3d"] and data["board"] == [] and data["shown"] == [None] * 3
    assert data["legal_actions"] == {"seat": 0, "actions": ["fold", "call", "raise"], "call_amount": 2, "min_raise_to": 4, "max_raise_to": 100}
    assert data["pot"] == 3 and data["stacks"] == [100, 99, 98] and data["settings"]["betting"] == "no-limit"
    with pytest.raises(ValueError, match="seat must be 0..2"):
        hand.view(3)
    with pytest.raises(TypeError, match="seat"):
        hand.view(True)  # type: ignore[arg-type]
    assert isinstance(hand.view(1), SeatView)


def test_folded_hands_stay_hidden_after_the_showdown() -> None:
    deck = "As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s"
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck=deck)
    hand.call(); hand.fold(); hand.check()
    while not hand.is_over:
        hand.check()
    assert hand.shown_seats == [2, 0]
    for seat in (None, 0, 2):
        view = hand.view(seat)
        assert view.shown[1] is None and "Qh" not in view.to_json() and "Qh" not in view.history
        assert "Seat 2 shows 4h 5h 6h 7h" in view.history
    assert "Qh Qd 7c 8c" in hand.view(1).history and "Qh Qd 7c 8c" in hand.history_text()


# --- showdown modes --------------------------------------------------------------------


def test_muck_losers_pays_the_same_and_hides_the_losers() -> None:
    rng = random.Random(41)
    mucks = 0
    for _ in range(400):
        seed = rng.getrandbits(32)
        hands = [random_hand(random.Random(seed), showdown=mode) for mode in ("all", "muck-losers")]
        moves = random.Random(seed + 1)
        while not hands[0].is_over:
            move = random_move(hands[0], moves)
            if move[0] == "timeout":
                move = ("check", None) if "check" in hands[0].legal_actions() else ("fold", None)
            for h in hands:
                h.act(*move)
        everyone, losers_muck = hands
        assert losers_muck.is_over and losers_muck.payouts == everyone.payouts and losers_muck.stacks == everyone.stacks
        assert sorted(losers_muck.shown_seats + losers_muck.mucked_seats) == sorted(everyone.shown_seats)
        assert losers_muck.shown_seats == [s for s in everyone.shown_seats if s in losers_muck.shown_seats]
        seats = everyone.showdown_seats
        for result in everyone.showdown_results:  # a mucked hand wins nothing contested (a pot only it is in, yes)
            for pot in result.pots:
                winners = {seats[i] for i in pot.high_winners + pot.low_winners}
                assert not pot.shown or winners.isdisjoint(losers_muck.mucked_seats)
        mucks += len(losers_muck.mucked_seats)
    assert mucks > 20


def test_muck_losers_example() -> None:
    # Seat 2 (4-5-6-7, a straight and a low) shows first without a river bet; seat 0's aces
    # and twos can still win the high: shown; seat 1's queens can win nothing: mucked.
    deck = "As Ad 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s".replace("As Ad", "As Ac")
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck=deck, showdown="muck-losers")
    hand.call(); hand.call(); hand.check()
    while not hand.is_over:
        hand.check()
    assert hand.showdown_order == [1, 2, 0]
    assert hand.shown_seats == [1, 2] and hand.mucked_seats == [0] or hand.shown_seats[0] == 1
    assert hand.payouts == Hand.replay(dataclasses.replace(hand.history, showdown="all")).payouts


def test_choose_show_and_muck_in_the_rules_order() -> None:
    deck = "As Ks 2c 3d  Qh Qd 7c 8c  4h 5h 6h 7h  Ad 4c 9s Td 2s"
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck=deck, showdown="choose")
    hand.call(); hand.call(); hand.check()
    for _ in range(3):
        hand.check(); hand.bet(2) if hand.to_act == 1 and hand.street == "river" else hand.check(); hand.check()
    assert hand.street == "showdown" and not hand.is_over and hand.to_act == hand.showdown_order[0]
    order = hand.showdown_order
    with pytest.raises(IllegalAction, match="show or muck"):
        hand.check()
    assert hand.legal_actions().actions == ("muck", "show")
    hand.show()
    hand.muck()
    assert hand.to_act == order[2] and hand.view(None).shown[order[1]] is None
    # The last may muck too: the shown hand takes the pot.
    assert hand.legal_actions().actions == ("muck", "show")
    hand.muck()
    assert hand.is_over and hand.shown_seats == [order[0]] and hand.mucked_seats == [order[1], order[2]]
    assert hand.payouts is not None and hand.payouts[order[0]] == sum(hand.contributions)
    assert Hand.replay(hand.history) == hand and [a.kind for a in hand.actions[-3:]] == ["show", "muck", "muck"]


def test_choose_when_everyone_else_mucks_the_last_wins_unseen() -> None:
    hand = Hand([50, 50], 0, 1, 2, seed=2, showdown="choose")
    hand.call(); hand.check()
    while hand.street != "showdown":
        hand.check()
    first = hand.to_act
    hand.muck()
    assert hand.is_over and hand.shown_seats == [] and hand.payouts is not None
    assert hand.payouts[1 - first] == 4 and hand.stacks[1 - first] == 52  # type: ignore[index]


# --- rake --------------------------------------------------------------------------------


def test_rake_rounds_down_caps_and_skips_hands_without_a_flop() -> None:
    rake = Rake(0.05, cap=3)
    assert [rake.amount(p, flop_seen=True) for p in (19, 20, 39, 40, 59, 60, 10**6)] == [0, 1, 1, 2, 2, 3, 3]
    assert rake.amount(100, flop_seen=False) == 0 and Rake(0.05, no_flop_no_drop=False).amount(100, flop_seen=False) == 5
    assert Rake(0.29).amount(100, flop_seen=True) == 29  # 0.29 read as 29/100, not 0.28999...
    for bad, error in [(1.0, ValueError), (-0.1, ValueError), ("x", ValueError), (True, TypeError), (None, TypeError)]:
        with pytest.raises(error):
            Rake(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bool"):
        Rake(0.05, no_flop_no_drop=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("split", "pots"), [("main-first", (25, 40)), ("proportional", (28, 37))])
def test_rake_comes_out_of_the_pots_as_its_split_says(split: str, pots: tuple[int, int]) -> None:
    # Seat 0 all-in for 10 (main pot 30), seats 1 and 2 bet on: side pot 40. Rake 10% of 70, capped at 5:
    # main-first (the default) takes all 5 from the main pot; proportional (what real PokerStars hands
    # show, docs/histories.md): the main pot pays round(5 * 30 / 70) = 2, the side pot the other 3.
    deck = "Ac 2c 3d 4d  Ks Kd Qs Qd  Jh Jd Th 9h  5h 6h 8s Kc 7c"
    hand = Hand([10, 100, 100], 0, 1, 2, betting="no-limit", deck=deck, rake=Rake(0.1, cap=5, split=split))  # type: ignore[arg-type]
    hand.all_in(); hand.call(); hand.call()
    hand.bet(20); hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.rake == 5 and sum(hand.stacks) + hand.rake == 210
    main, side = hand.showdown_result.pots  # type: ignore[union-attr]
    assert (main.amount, side.amount) == pots
    assert "Rake 5" in hand.history_text() and hand.view(None).rake == 5
    assert hand.history.rake == Rake(0.1, cap=5, split=split)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="split must be one of"):
        Rake(0.1, split="side-first")  # type: ignore[arg-type]


def test_rake_on_a_hand_won_without_showdown_after_the_flop() -> None:
    hand = Hand([100, 100], 0, 1, 2, seed=1, rake=Rake(0.05, cap=3))
    hand.call(); hand.check(); hand.bet(2); hand.fold()
    assert hand.rake == 0 and hand.stacks == [98, 102]  # pot 4 after the uncalled 2 went back: 5% rounds down to 0
    hand = Hand([100, 100], 0, 1, 2, betting="no-limit", seed=1, rake=Rake(0.05, cap=3))
    hand.raise_to(40); hand.call(); hand.bet(10); hand.fold()
    assert hand.rake == 3 and hand.stacks == [60, 137]  # 5% of 80 is 4, capped at 3


def test_chips_are_conserved_with_rake_and_runs() -> None:
    rng = random.Random(77)
    for _ in range(HANDS // 2):
        hand = random_hand(rng)
        start = sum(hand.starting_stacks)
        while not hand.is_over:
            assert total(hand) == start
            hand.act(*random_move(hand, rng))
        assert total(hand) == start and sum(hand.payouts or []) + hand.rake + (hand.returned or (0, 0))[1] == sum(
            hand.contributions) + (hand.returned or (0, 0))[1]
        rake = hand.history.rake
        if rake is not None and rake.cap is not None:
            assert hand.rake <= rake.cap
        if hand.street == "preflop":
            assert hand.rake == 0


# --- runs ----------------------------------------------------------------------------------


def test_run_it_twice_splits_each_pot_between_the_boards() -> None:
    # All-in pre-flop, heads-up. Run 1 ends K K 7 4 9 (no low: seat 0's kings take it all),
    # run 2 ends with 2 3 8 for a low and seat 1's aces-up: each run is split on its own board.
    deck = "Ks Kd 9c 9d  Ah Ad 5c 4c  Kc Qd Jh 7s Td  2h 3h 8d Qc 6s"
    hand = Hand([51, 51], 1, 1, 2, betting="no-limit", deck=deck, runs=2)
    hand.all_in(); hand.call()
    assert hand.is_over and len(hand.boards) == 2
    assert [str(c) for c in hand.boards[1]] == ["2h", "3h", "8d", "Qc", "6s"]
    first, second = hand.showdown_results
    assert first.total == 51 and second.total == 51  # 102 in two parts, no odd chip
    assert hand.payouts == [a + b for a, b in zip(first.payouts[::-1], second.payouts[::-1])] or hand.payouts == [
        x + y for x, y in zip(first.payouts, second.payouts)][::-1]
    assert sum(hand.stacks) == 102 and "*** RUN 2 ***" in hand.history_text()
    again = Hand.replay(hand.history)
    assert again == hand and again.boards == hand.boards and again.payouts == hand.payouts
    assert hand.view(0).boards == hand.boards and len(json.loads(hand.view(None).to_json())["boards"]) == 2


def test_runs_share_the_cards_dealt_before_the_all_in_and_odd_chips_go_to_run_one() -> None:
    deck = "Ks Kd 9c 9d  Ah Ad 5c 4c  Kc Qd Jh 7s Td  2h 3h 8d Qc 6s"
    hand = Hand([50, 51], 1, 1, 2, betting="no-limit", deck=deck, runs=2, ante=1)
    hand.call(); hand.check()
    assert hand.street == "flop"
    hand.all_in(); hand.call()
    one, two = hand.boards
    assert one[:3] == two[:3] and [str(c) for c in two[3:]] == ["2h", "3h"]  # the next cards after run 1's river
    first, second = hand.showdown_results
    assert first.total == second.total + 0 or first.total == second.total + 1
    assert first.total + second.total == sum(hand.contributions)


def test_no_extra_run_when_the_river_is_reached_by_betting() -> None:
    hand = Hand([50, 50], 0, 1, 2, seed=4, runs=3)
    hand.call(); hand.check()
    while not hand.is_over:
        hand.check()
    assert len(hand.boards) == 1 and len(hand.showdown_results) == 1
    with pytest.raises(ValueError, match="runs must be from 1"):
        Hand([50] * 6, 0, 1, 2, runs=6)
    with pytest.raises(TypeError, match="runs"):
        Hand([50, 50], 0, 1, 2, runs=2.0)  # type: ignore[arg-type]


def test_one_run_matches_the_plain_engine() -> None:
    rng = random.Random(3)
    for _ in range(200):
        seed = rng.getrandbits(32)
        a, b = (random_hand(random.Random(seed), runs=runs, rake=None, showdown="all") for runs in (1, 2))
        moves = random.Random(seed)
        while not a.is_over:
            move = random_move(a, moves)
            a.act(*move); b.act(*move)
        if len(b.boards) == 1:
            assert a.payouts == b.payouts
        assert a.board == b.board and sum(a.stacks) == sum(b.stacks)


# --- time-outs ---------------------------------------------------------------------------------


def test_timeout_checks_if_possible_else_folds_and_is_always_legal() -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, seed=5)
    hand.timeout()
    assert hand.actions[-1].kind == "fold"
    hand.call(); hand.timeout()
    assert hand.actions[-1].kind == "check" and hand.street == "flop"
    rng = random.Random(9)
    for _ in range(500):
        hand = random_hand(rng)
        while not hand.is_over:
            if rng.random() < 0.5:
                hand.timeout()
            else:
                hand.act(*random_move(hand, rng))


# --- replay and bounds (issue 15 items 8, 9 and 11) ------------------------------------------------


def test_replay_reproduces_hands_with_rake_mucks_and_runs() -> None:
    rng = random.Random(99)
    for _ in range(HANDS // 3):
        hand = random_hand(rng)
        for _ in range(rng.randint(0, 30)):
            if hand.is_over:
                break
            hand.act(*random_move(hand, rng))
        again = Hand.replay(hand.history)
        assert again == hand and again.history_text() == hand.history_text() and again.stacks == hand.stacks
        assert again.shown_seats == hand.shown_seats and again.boards == hand.boards and again.rake == hand.rake


def test_replay_refuses_malformed_and_tampered_histories() -> None:
    hand = Hand([80, 120, 60], 2, 1, 2, betting="no-limit", seed=11)
    hand.call(); hand.raise_to(10); hand.all_in()
    history = hand.history
    call, raise_, shove = history.actions
    for bad in (None, "history", 5, history.actions):
        with pytest.raises(TypeError, match="HandHistory"):
            Hand.replay(bad)  # type: ignore[arg-type]
    for actions, error, message in [
        ((tuple(call), raise_), TypeError, "must be an Action"),
        ((None,), TypeError, "must be an Action"),
        ((call._replace(amount=2.0),), TypeError, "amount"),
        ((call._replace(all_in=1),), TypeError, "all_in"),
        ((call._replace(street="river!"),), TypeError, "street"),
        ((call._replace(all_in=True),), IllegalAction, "recorded as"),
        ((call, raise_, shove._replace(all_in=False)), IllegalAction, "recorded as"),
        ((call, raise_._replace(kind="all-in")), IllegalAction, "not a recorded kind"),
        ((call, raise_, shove._replace(kind="all-in")), IllegalAction, "not a recorded kind"),
        ((call, raise_._replace(kind="check", amount=0)), IllegalAction, "cannot check"),
        ((call, raise_._replace(kind="fold", amount=0), Action("preflop", 1, "check", 5, False)), IllegalAction, "recorded as"),
    ]:
        with pytest.raises(error, match=message):
            Hand.replay(dataclasses.replace(history, actions=actions))
    with pytest.raises(TypeError, match="actions"):
        Hand.replay(dataclasses.replace(history, actions=None))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="deck has"):
        Hand.replay(dataclasses.replace(history, deck=history.deck[:-1]))
    with pytest.raises(ValueError):
        Hand.replay(dataclasses.replace(history, deck=history.deck[:-1] + history.deck[:1]))
    assert Hand.replay(history) == hand
    heads_up = Hand([50, 50], 0, 1, 2, seed=1)
    heads_up.call()
    with pytest.raises(IllegalAction, match="recorded as"):  # a check with an amount
        Hand.replay(dataclasses.replace(heads_up.history, actions=heads_up.history.actions + (Action("preflop", 1, "check", 5, False),)))


def test_chip_amounts_are_bounded_so_every_legal_action_works() -> None:
    with pytest.raises(ValueError, match="at most"):
        Hand([2**62] * 2, 0, 1, 2, betting="no-limit")
    with pytest.raises(ValueError, match="at most"):
        Hand([100, 100], 0, 1, 2**62)
    with pytest.raises(ValueError, match="at most"):
        Table([2**62, 5], 1, 2)
    hand = Hand([MAX_CHIPS] * 9, 0, MAX_CHIPS // 2, MAX_CHIPS, betting="no-limit", seed=1, rake=Rake(0.05))
    hand.all_in()
    while not hand.is_over:
        hand.call()
    assert sum(hand.stacks) + hand.rake == 9 * MAX_CHIPS


def test_flags_and_amounts_must_have_the_right_type() -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=1)
    for method in (hand.raise_to, hand.bet):
        for bad in (True, False, 4.0, "5", None):
            with pytest.raises(TypeError, match="amount must be an integer"):
                method(bad)  # type: ignore[arg-type]
    hand.call(); hand.call(); hand.check()
    with pytest.raises(TypeError, match="bool"):
        hand.bet(True)
    hand.bet(2)
    assert hand.actions[-1] == Action("flop", 1, "bet", 2, False)
    with pytest.raises(TypeError, match="reload"):
        Table([5, 5], 1, 2, reload=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="showdown must be"):
        Hand([5, 5], 0, 1, 2, showdown="some")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rake"):
        Hand([5, 5], 0, 1, 2, rake=0.05)  # type: ignore[arg-type]
