"""Double-board Omaha Hi/Lo and bomb pots: hand-checked splits, the engine
against a plain-Python oracle of the rules (docs/rules.md, "Double board"),
double-board equity against a brute force, and the history writers."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from omaha8_fast import Hand, double_board_equity, double_board_showdown, split_double_board
from omaha8_fast.evaluator import reference
from omaha8_fast.histories import to_phh, to_pokerstars
from omaha8_fast.histories._json import from_dict, to_json

A, B = "Ac 2c Kd Kh", "As 2s Qd Qh"
BOARD1, BOARD2 = "3h 4h 8d Kc 9s", "Qc Td 7s 6h 5c"


# --- hand-checked splits -------------------------------------------------------


def test_scoop_one_board_split_the_other() -> None:
    # Board 1: player 0 has a six-high straight and the wheel: scoops its 200.
    # Board 2: player 1's three queens take the high (100), player 0's 8-5-3-2-A the low (100).
    assert split_double_board(["As 2d 3c 4h Kd", "Qs Qd 3s 5h 8c"], ["5s 6d Ac 2h", "Kc Qh 9c 9d"], 400) == [300, 100]


def test_quarters_on_both_boards() -> None:
    # Both players hold A-2: they tie the low on both boards (quarters of each board's half).
    # Board 1: player 0's three kings win the high; board 2: player 1's three queens.
    # Each board: 200 = high 100 + low 50/50.  Player 0: 100 + 50 + 50, player 1: 50 + 100 + 50.
    assert split_double_board([BOARD1, BOARD2], [A, B], 400) == [200, 200]
    # 404: each board 202 = high 101 + low 101, the low's odd chip to player 0 (left of the button).
    assert split_double_board([BOARD1, BOARD2], [A, B], 404) == [101 + 51 + 51, 50 + 101 + 50]
    # button_order=False: the list starts at the button, so the odd chips go to player 1 first.
    assert split_double_board([BOARD1, BOARD2], [A, B], 404, button_order=False) == [101 + 50 + 50, 51 + 101 + 51]


def test_odd_chips_board_one_first_then_high() -> None:
    # 401: board 1 gets 201, board 2 200.  Board 1 (player 0 high, low tied): high 101, low 100 -> 50/50.
    first, second = double_board_showdown([BOARD1, BOARD2], [A, B], 401)
    assert first.total == 201 and second.total == 200
    assert first.payouts == [101 + 50, 50] and second.payouts == [50, 100 + 50]
    assert split_double_board([BOARD1, BOARD2], [A, B], 401) == [101 + 50 + 50, 50 + 100 + 50]
    # 1 chip: all of it goes to board 1, whose high half takes it.
    assert split_double_board([BOARD1, BOARD2], [A, B], 1) == [1, 0]


def test_no_low_on_either_board_and_side_pots() -> None:
    board1, board2 = "Kc Qs 9d 9h Td", "Jc Jd 8s Th Ts"
    # no low possible (three cards above 8 on each board): each half to its board's best high.
    # Board 1: player 1 (Q-Q: queens full); board 2: player 0 (K-K + J-J-T? no: A-A... ) checked by the reference:
    holes = ["Ac Ad Kd Kh", "Qc Qd 2s 3s", None]
    won = split_double_board([board1, board2], holes, [(300, [0, 1, 2]), (100, [0, 1])])
    expected = [0, 0, 0]
    for board, amounts in ((board1, (150, 50)), (board2, (150, 50))):
        values = [reference.evaluate_hilo(h, board)[0] for h in holes[:2]]
        winner = values.index(min(values))
        expected[winner] += sum(amounts)
    assert won == expected


def test_bad_double_board_input() -> None:
    with pytest.raises(ValueError, match="share"):
        split_double_board([BOARD1, "3h 2d 5d 6d 7d"], [A, B], 10)
    with pytest.raises(ValueError, match="pair of boards"):
        split_double_board([BOARD1], [A, B], 10)
    with pytest.raises(ValueError, match="pair of boards"):
        split_double_board(BOARD1, [A, B], 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        split_double_board([BOARD1, "Jc Td 7s 6h"], [A, B], 10)  # four cards
    with pytest.raises(ValueError):
        split_double_board([BOARD1, BOARD2], [A, "Qc Qd 2s 3s"], 10)  # Qc on board 2 and in a hand


# --- the engine against a plain-Python oracle ---------------------------------


def _oracle_split(board: list[int], holes: list[list[int]], amount: int, first: int) -> list[int]:
    """One board's share of one pot, every player eligible, by the rules:
    hi/lo halves (odd chip high) when someone has a low, leftover chips of a
    half to the tied winners from seat ``first`` clockwise."""
    n = len(holes)
    values = [reference.evaluate_hilo(h, board) for h in holes]
    won = [0] * n

    def give(chips: int, winners: list[int]) -> None:
        order = sorted(winners, key=lambda s: (s - first) % n)
        each, left = divmod(chips, len(order))
        for k, s in enumerate(order):
            won[s] += each + (1 if k < left else 0)

    best_high = min(v[0] for v in values)
    lows = [v[1] for v in values if v[1] is not None]
    high_winners = [s for s in range(n) if values[s][0] == best_high]
    if not lows:
        give(amount, high_winners)
    else:
        give(amount - amount // 2, high_winners)
        give(amount // 2, [s for s in range(n) if values[s][1] == min(lows)])
    return won


@pytest.mark.parametrize("seed", range(12))
def test_engine_double_board_checked_down_matches_the_oracle(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 4)
    hand = Hand([200] * n, rng.randrange(n), 1, 2, betting="limit", boards=2, seed=seed)
    assert hand.double_board and len(hand.boards) == 2 and hand.boards == ((), ())
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if hand.street == "flop":
            assert [len(b) for b in hand.boards] == [3, 3]
            assert hand.view(None).boards == hand.boards
        hand.act("check" if "check" in legal.actions else "call")
    boards = [[int(c) for c in b] for b in hand.boards]
    assert not set(boards[0]) & set(boards[1])
    holes = [[int(c) for c in h] for h in hand.holes]
    pot = sum(hand.contributions)
    first = (hand.button + 1) % n
    expected = [a + b for a, b in zip(_oracle_split(boards[0], holes, pot - pot // 2, first),
                                      _oracle_split(boards[1], holes, pot // 2, first))]
    assert hand.payouts == expected
    order = [(first + k) % n for k in range(n)]  # the showdown module's order: from the button's left
    won = split_double_board(hand.boards, [hand.holes[s] for s in order], pot)
    by_seat = [0] * n
    for k, s in enumerate(order):
        by_seat[s] = won[k]
    assert hand.payouts == by_seat
    again = Hand.replay(hand.history)
    assert again == hand and again.payouts == hand.payouts and again.boards == hand.boards


def test_engine_double_board_all_in_preflop_and_a_fold() -> None:
    hand = Hand([50, 50, 50], 0, 1, 2, betting="no-limit", boards=2, seed=5)
    hand.raise_to(50)
    hand.call()
    hand.fold()
    assert hand.is_over and [len(b) for b in hand.boards] == [5, 5]
    assert sum(hand.payouts or []) == 102 and hand.copy() == hand
    folded = Hand([50, 50], 0, 1, 2, betting="no-limit", boards=2, seed=5)
    folded.fold()
    assert folded.payouts == [0, 2] and folded.returned == (1, 1)  # the big blind's uncalled chip goes back


def test_engine_double_board_refusals() -> None:
    for kwargs, error in [({"boards": 3}, ValueError), ({"boards": True}, TypeError), ({"boards": 2, "runs": 2}, ValueError),
                          ({"boards": 2, "manual_board": True}, ValueError), ({"bomb_pot": -1}, ValueError),
                          ({"bomb_pot": True}, TypeError), ({"bomb_pot": 5, "ante": 1}, ValueError),
                          ({"bomb_pot": 5, "posts": (2,)}, ValueError), ({"bomb_pot": 2.5}, TypeError)]:
        with pytest.raises(error):
            Hand([100, 100, 100, 100], 0, 1, 2, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="double board"):
        Hand([100] * 11, 0, 1, 2, boards=2)  # 44 hole cards + 10 board cards > 52
    Hand([100] * 10, 0, 1, 2, boards=2)  # 40 + 10 cards
    Hand([100] * 7, 0, 1, 2, hole_size=6, boards=2)  # 42 + 10


# --- bomb pots ------------------------------------------------------------------


def test_bomb_pot_flow_and_payout() -> None:
    deck = "As 2s 3d Kd  Qh Qc Jh Tc  Jd Js Td Ts  9c 9d 8h Ks Kc"
    hand = Hand([100, 100, 3], 0, 1, 2, betting="limit", bomb_pot=5, deck=deck)
    # no blinds, no preflop betting: everyone antes 5 (seat 2 all-in for 3) and the flop is dealt
    assert hand.street == "flop" and hand.bomb_pot == 5 and not hand.actions
    assert hand.stacks == [95, 95, 0] and hand.pot == 13 and hand.bets == [0, 0, 0]
    assert hand.to_act == 1  # first live seat left of the button
    legal = hand.legal_actions()
    assert legal is not None and legal.actions == ("check", "bet") and legal.min_raise_to == 2  # the small bet
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act("check" if "check" in legal.actions else "call")
    # board 9c 9d 8h Ks Kc: seat 0 (Kd + As + Ks Kc 9c) has three kings; the others two pair; no low.
    # main pot 9 (3 each): seat 0 with kings full; side pot 4 (seats 0, 1): seat 0.
    assert hand.payouts == [13, 0, 0]
    assert Hand.replay(hand.history) == hand
    assert "bomb pot 5" in str(hand) and "blind" not in str(hand).split("*** HOLE CARDS ***")[0].split("\n", 1)[1]


def test_bomb_pot_everyone_all_in_runs_out() -> None:
    hand = Hand([4, 5, 5], 0, 1, 2, betting="no-limit", bomb_pot=5, seed=1)
    assert hand.is_over and hand.street == "showdown" and sum(hand.payouts or []) == 14


def test_bomb_pot_on_a_double_board() -> None:
    hand = Hand([100, 100], 1, 1, 2, betting="pot-limit", bomb_pot=10, boards=2, seed=9)
    assert hand.street == "flop" and [len(b) for b in hand.boards] == [3, 3]
    while not hand.is_over:
        hand.check()
    holes = [[int(c) for c in h] for h in hand.holes]
    boards = [[int(c) for c in b] for b in hand.boards]
    first = 0  # left of the button (seat 1)
    assert hand.payouts == [a + b for a, b in zip(_oracle_split(boards[0], holes, 10, first),
                                                  _oracle_split(boards[1], holes, 10, first))]


# --- histories ------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [{"boards": 2}, {"bomb_pot": 3}])
def test_writers_refuse_or_keep_the_variants(kwargs: dict[str, int]) -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="pot-limit", seed=3, **kwargs)  # type: ignore[arg-type]
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act("check" if "check" in legal.actions else "call")
    name = "double-board" if "boards" in kwargs else "bomb pot"
    for write in (lambda: to_phh(hand), lambda: to_phh(hand.history), lambda: to_pokerstars(hand), hand.to_phh,
                  hand.to_pokerstars):
        with pytest.raises(ValueError, match=name):
            write()
    back = from_dict(json.loads(to_json(hand.history)))
    assert back == hand.history and Hand.replay(back).payouts == hand.payouts


# --- equity ---------------------------------------------------------------------


def _brute_force_equity(hands: list[str], board1: str, board2: str) -> list[float]:
    """Both boards on the turn: every pair of distinct river cards, each
    board's half split hi/lo by the reference evaluator (shares, not chips)."""
    from omaha8_fast import parse_cards

    holes = [list(parse_cards(h)) for h in hands]
    b1, b2 = list(parse_cards(board1)), list(parse_cards(board2))
    seen = {c for h in holes for c in h} | set(b1) | set(b2)
    rest = [c for c in range(52) if c not in seen]

    def shares(board: list[int]) -> list[float]:
        values = [reference.evaluate_hilo(h, board) for h in holes]
        best = min(v[0] for v in values)
        high = [v[0] == best for v in values]
        lows = [v[1] for v in values if v[1] is not None]
        if not lows:
            return [h / sum(high) for h in high]
        low = [v[1] == min(lows) for v in values]
        return [0.5 * h / sum(high) + 0.5 * lo / sum(low) for h, lo in zip(high, low)]

    one = {c: shares(b1 + [c]) for c in rest}
    two = {c: shares(b2 + [c]) for c in rest}
    total = [0.0] * len(holes)
    count = 0
    for c, d in ((c, d) for c in rest for d in rest if c != d):
        count += 1
        for i in range(len(holes)):
            total[i] += 0.5 * (one[c][i] + two[d][i])
    return [t / count for t in total]


@pytest.mark.parametrize(("hands", "board1", "board2"), [
    (["As 2s 3d Kd", "Qh Qc Jh Tc"], "Ah 5c 9d Qs", "2h 3h Jd Kh"),
    (["Ac 2c 4d 5d", "Ad 3c Ks Kh", "7c 8c 9h Th"], "6c Jc 2h 3s", "4s 5s Qd 9d"),
])
def test_double_board_equity_against_brute_force(hands: list[str], board1: str, board2: str) -> None:
    got = double_board_equity(hands, (board1, board2))
    assert all(p.exact for p in got) and got[0].runouts == (52 - 4 * len(hands) - 8) * (51 - 4 * len(hands) - 8)
    assert [p.equity for p in got] == pytest.approx(_brute_force_equity(hands, board1, board2), abs=1e-12)


def test_double_board_equity_monte_carlo_agrees_with_exact() -> None:
    hands = ["As 2s 3d Kd", "Qh Qc Jh Tc"]
    exact = double_board_equity(hands, ("Ah 5c 9d", "2h 3h Jd"))
    mc = double_board_equity(hands, ("Ah 5c 9d", "2h 3h Jd"), samples=1)  # forced small: exact still (few pairs)
    assert exact[0].exact and mc[0].exact
    sampled = double_board_equity(hands, samples=20_000, seed=1)  # preflop: sampled
    assert not sampled[0].exact and sampled[0].runouts == 20_000
    assert sum(p.equity for p in sampled) == pytest.approx(1.0)


@pytest.mark.parametrize(("hands", "boards", "error"), [
    (["As 2s 3d Kd"], ((), ()), ValueError),
    (["As 2s 3d Kd", "Qh Qc Jh"], ((), ()), ValueError),
    (["As 2s 3d Kd", "Qh Qc Jh Tc"], ("Ah 5c", ()), ValueError),
    (["As 2s 3d Kd", "Qh Qc Jh Tc"], ("Ah 5c 9d", "Ah 3h Jd"), ValueError),
    (["As 2s 3d Kd", "Qh Qc Jh Tc"], ("Ah 5c 9d",), ValueError),
    ("As 2s 3d Kd", ((), ()), TypeError),
])
def test_double_board_equity_bad_input(hands: object, boards: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        double_board_equity(hands, boards)  # type: ignore[arg-type]


def test_all_pairs_of_two_turned_boards_are_counted() -> None:
    rest = 52 - 8 - 8
    assert len([1 for c, d in combinations(range(rest), 2)]) * 2 == rest * (rest - 1)


# --- random play, both engines ----------------------------------------------------

_RANDOM_PLAY = '''
import hashlib, json, random, sys
from omaha8_fast import Hand
out = []
for seed in range(int(sys.argv[1])):
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    kw = {}
    if seed % 3 != 1:
        kw["boards"] = 2
    if seed % 3 != 0:
        kw["bomb_pot"] = rng.randint(1, 30)
    stacks = [rng.randint(5, 200) for _ in range(n)]
    hand = Hand(stacks, rng.randrange(n), 1, 2, betting=rng.choice(["limit", "pot-limit", "no-limit"]), seed=seed,
                showdown=rng.choice(["all", "muck-losers", "choose"]), **kw)
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = rng.choice(legal.actions)
        if kind in ("bet", "raise"):
            hand.act(kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.act(kind)
    assert sum(hand.stacks) + hand.rake == sum(stacks), seed
    assert Hand.replay(hand.history) == hand, seed
    out.append((hand.payouts, [[int(c) for c in b] for b in hand.boards], hand.street, hand.shown_seats))
print(hashlib.sha256(json.dumps(out).encode()).hexdigest())
'''


def test_random_double_board_and_bomb_hands_in_both_engines() -> None:
    """Random legal play of double-board and bomb-pot hands (every showdown
    mode): chips kept, replays equal, and the C engine (the default) and the
    Python engine (OMAHA8_ENTRY=0) give the same payouts, boards and shows."""
    import os
    import subprocess
    import sys

    answers = []
    for entry in ("1", "0"):
        env = dict(os.environ, OMAHA8_ENTRY=entry)
        done = subprocess.run([sys.executable, "-c", _RANDOM_PLAY, "60"], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        answers.append(done.stdout)
    assert answers[0] == answers[1]
