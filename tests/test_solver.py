"""omaha8_fast.solver: the showdown kernel against split_pot, the solver
against an independent sequence-form linear program (scipy) and an
independent exhaustive best response that reads only the public Solution API
and settles every pair of hands with split_pot; toy games; symmetry; bad input.
"""

from __future__ import annotations

import importlib.util
import json
import random

import numpy as np
import pytest

from omaha8_fast import split_pot
from omaha8_fast.cards import format_cards, parse_cards
from omaha8_fast.ranges import Range
from omaha8_fast.solver import MAX_NODES, Spot, showdown_matrix, showdown_values, solve

BOARD = "Ks 8d 7c 6h 2c"


# --- the kernel ---------------------------------------------------------------------


def _random_range(rng: random.Random, pool: list[int], deck: list[int], n: int) -> dict[str, float]:
    out: dict[str, float] = {}
    while len(out) < n:
        cards = rng.sample(pool if rng.random() < 0.8 else deck, 4)
        out[format_cards(sorted(cards, reverse=True))] = rng.choice([1.0, 2.5, 0.3, 7.0])
    return out


def _brute(a: dict[str, float], b: dict[str, float], board: list[int]) -> tuple[np.ndarray, np.ndarray]:
    on_board = set(board)
    va, vb = np.zeros(len(a)), np.zeros(len(b))
    for i, (ha, wa) in enumerate(a.items()):
        ca = {int(c) for c in parse_cards(ha)}
        for j, (hb, wb) in enumerate(b.items()):
            cb = {int(c) for c in parse_cards(hb)}
            if ca & cb or ca & on_board or cb & on_board:
                continue
            won = split_pot(board, [ha, hb], 840)  # 840: halves and quarters without odd chips
            va[i] += wb * won[0] / 840
            vb[j] += wa * won[1] / 840
    return va, vb


@pytest.mark.parametrize("seed", range(12))
def test_showdown_values_match_split_pot(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board = deck[:5]
    pool = deck[5:5 + rng.choice([7, 9, 12, 47])]  # few cards: many shared cards and ties
    a = _random_range(rng, pool, deck, rng.randint(1, 30))
    b = _random_range(rng, pool, deck, rng.randint(1, 30))
    va, vb = showdown_values(a, b, board)
    ea, eb = _brute(a, b, board)
    np.testing.assert_allclose(va, ea, atol=1e-9)
    np.testing.assert_allclose(vb, eb, atol=1e-9)
    m = showdown_matrix(a, b, board)
    wb = np.array(list(b.values()))
    np.testing.assert_allclose(np.nansum(m * wb[None, :], axis=1), ea, atol=1e-9)


def test_showdown_matrix_nan_and_quarters() -> None:
    # both make the same 8-5-3-2-A low: quartered; a shared card is NaN
    a = {"2s 3s Qd Jd": 1.0, "As 3h 4h 5h": 1.0}
    b = {"Ks Kd 9h 9c": 1.0, "2h 3h Qc Tc": 1.0}
    m = showdown_matrix(a, b, "Kh 5c 5d Ac 8s")
    assert m[0, 0] == 0.5  # kings full take the high, the only low takes the low half
    assert m[0, 1] == 0.75  # fives with Q-J beat fives with Q-T for the high; the low is quartered
    assert np.isnan(m[1, 1])
    assert m.shape == (2, 2)
    for i, ha in enumerate(a):
        for j, hb in enumerate(b):
            if not np.isnan(m[i, j]):
                assert m[i, j] == split_pot("Kh 5c 5d Ac 8s", [ha, hb], 840)[0] / 840


def test_showdown_values_ranges_in_range_order() -> None:
    r = Range("AA23")
    va, vb = showdown_values(r, "KK", BOARD)
    assert len(va) == len(r) and len(vb) == len(Range("KK"))
    combos = list(r)
    dead = {int(c) for c in parse_cards(BOARD)}
    for k, hand in enumerate(combos):
        if dead & set(hand):
            assert va[k] == 0.0


# --- an independent best response and game value --------------------------------------


def _share(board: str, h0: str, h1: str, cache: dict) -> float:
    key = (board, h0, h1)
    if key not in cache:
        cache[key] = split_pot(board, [h0, h1], 840)[0] / 840
    return cache[key]


def _pairs(spot_ranges: tuple[dict, dict], board: str) -> list[tuple[str, str, float]]:
    on_board = {int(c) for c in parse_cards(board)}
    out = []
    for h0, w0 in spot_ranges[0].items():
        c0 = {int(c) for c in parse_cards(h0)}
        for h1, w1 in spot_ranges[1].items():
            c1 = {int(c) for c in parse_cards(h1)}
            if not (c0 & c1) and not (c0 & on_board) and not (c1 & on_board):
                out.append((h0, h1, w0 * w1))
    return out


def _canon(h: str) -> str:
    return format_cards(sorted(parse_cards(h), reverse=True))


def _independent_br(sol, ranges: tuple[dict, dict], board: str, pot: float, p: int) -> float:
    """p's best response value against the other's strategy read from
    sol.strategy(), the tree from sol.actions/player/committed, the showdowns
    from split_pot: no code of the solver's numerics."""
    pairs = _pairs(ranges, board)
    total = sum(w for _, _, w in pairs)
    cache: dict = {}
    mine = sorted({pr[p] for pr in pairs})

    def value(history: tuple, hand: str, opp: dict[str, float], board: str = board) -> float:
        # opp: opponent combo -> reach weight (range weight times its actions' probabilities)
        acts = sol.actions(history)
        c = sol.committed(history)
        if acts and sol.player(history) is None:  # the turn's chance node: each river card, 40 per pair of hands
            out = 0.0
            for card in acts:
                if card in hand.split():
                    continue
                rest = {o: w for o, w in opp.items() if card not in o.split()}
                out += value(history + (card,), hand, rest, board + " " + card) / 40
            return out
        if not acts:
            last = history[-1]
            if last == "fold":
                folder = _last_actor(sol, history)
                won = (pot + c[1 - p]) if folder != p else -c[p]
                return won * sum(opp.values())
            tot = pot + c[0] + c[1]
            out = 0.0
            for o, w in opp.items():
                share = _share(board, hand, o, cache) if p == 0 else 1 - _share(board, o, hand, cache)
                out += w * (share * tot - c[p])
            return out
        q = sol.player(history)
        if q == p:
            return max(value(history + (a,), hand, opp, board) for a in acts)
        strat = sol.strategy(history)
        total_v = 0.0
        for a in acts:
            nxt = {o: w * strat[_canon(o)][a] for o, w in opp.items()}
            total_v += value(history + (a,), hand, nxt, board)
        return total_v

    out = 0.0
    for hand in mine:
        opp = {pr[1 - p]: pr[2] / ranges[p][hand] for pr in pairs if pr[p] == hand}
        out += ranges[p][hand] * value((), hand, opp)
    return out / total


def _last_actor(sol, history: tuple) -> int:
    q = sol.player(history[:-1])
    assert q is not None
    return q


def _lp_value(sol, ranges: tuple[dict, dict], board: str, pot: float) -> float:
    """The game value for player 0 by a sequence-form linear program (scipy)."""
    pytest.importorskip("scipy", reason="the independent linear program needs scipy (the test extra's peers)")
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix

    pairs = _pairs(ranges, board)
    total = sum(w for _, _, w in pairs)
    cache: dict = {}
    seqs: list[dict] = [{(): 0}, {(): 0}]  # sequence -> index; () the empty sequence
    infosets: list[list[tuple[int, list[int]]]] = [[], []]  # (parent seq, child seqs)
    seen_info: list[set] = [set(), set()]
    payoff: dict[tuple[int, int], float] = {}

    def seq(p: int, key: tuple) -> int:
        if key not in seqs[p]:
            seqs[p][key] = len(seqs[p])
        return seqs[p][key]

    def walk(history: tuple, h: tuple[str, str], last: tuple[int, int], w: float) -> None:
        acts = sol.actions(history)
        c = sol.committed(history)
        if not acts:
            if history[-1] == "fold":
                folder = _last_actor(sol, history)
                u0 = (pot + c[1]) if folder == 1 else -c[0]
            else:
                u0 = _share(board, h[0], h[1], cache) * (pot + c[0] + c[1]) - c[0]
            payoff[last] = payoff.get(last, 0.0) + w * u0
            return
        q = sol.player(history)
        kids = [seq(q, (h[q], history + (a,))) for a in acts]
        info = (h[q], history)
        if info not in seen_info[q]:
            seen_info[q].add(info)
            infosets[q].append((last[q], kids))
        for a, k in zip(acts, kids):
            nxt = (k, last[1]) if q == 0 else (last[0], k)
            walk(history + (a,), h, nxt, w)

    for h0, h1, w in pairs:
        walk((), (h0, h1), (0, 0), w / total)
    n0, n1 = len(seqs[0]), len(seqs[1])
    # variables: x (n0 sequences of player 0), v (one per player-1 infoset + 1 for the root)
    m1 = len(infosets[1])
    # F y = f: y_empty = 1; for each infoset: -y_parent + sum y_kids = 0
    F = lil_matrix((m1 + 1, n1))
    F[0, 0] = 1
    for r, (parent, kids) in enumerate(infosets[1], start=1):
        F[r, parent] = -1
        for k in kids:
            F[r, k] = 1
    E = lil_matrix((len(infosets[0]) + 1, n0))
    E[0, 0] = 1
    for r, (parent, kids) in enumerate(infosets[0], start=1):
        E[r, parent] = -1
        for k in kids:
            E[r, k] = 1
    A = lil_matrix((n0, n1))
    for (i, j), u in payoff.items():
        A[i, j] += u
    # max f^T v  s.t.  F^T v - A^T x <= 0,  E x = e,  x >= 0
    nv = m1 + 1
    c = np.concatenate([np.zeros(n0), -np.eye(nv)[0]])
    A_ub = np.hstack([-A.T.toarray(), F.T.toarray()])
    b_ub = np.zeros(n1)
    A_eq = np.hstack([E.toarray(), np.zeros((E.shape[0], nv))])
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1
    bounds = [(0, None)] * n0 + [(None, None)] * nv
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return float(-res.fun)


SMALL = [
    # (board, oop, ip, pot, stack, betting options)
    (BOARD, {"Ac 3c 4d 5s": 1, "Qh Qc Jd Td": 1, "9s 9h 4c 3h": 2}, {"Ad 4s 5c 3d": 1, "Kh Kd Jh Tc": 1.5,
                                                                     "Ts 9d 5d 4h": 1}, 100, 150,
     {"betting": "pot-limit", "bet_sizes": (0.5, 1.0), "raise_sizes": (1.0,)}),
    ("As Kd 8h 3c 2s", {"Ah 4h 9c 9d": 1, "Kc Ks 7d 6d": 1, "5c 4c Qd Jd": 1}, {"Ac 5d Th Tc": 1, "Qs Qh 4d 6h": 1},
     50, 100, {"betting": "limit", "limit_bet": 50, "max_raises": 2}),
    ("Jc Td 7s 4h 3d", {"As 2d Kc Qh": 1, "Ah 5h 9c 8c": 1}, {"Ad 2c Js Jh": 1, "6s 5s Qc 9d": 1, "Kd Ks 8h 8d": 1},
     100, 60, {"betting": "no-limit", "bet_sizes": (0.75,), "raise_sizes": (1.0,)}),
]


@pytest.mark.parametrize("case", range(len(SMALL)))
def test_small_spots_against_lp_and_independent_best_response(case: int) -> None:
    board, oop, ip, pot, stack, opts = SMALL[case]
    spot = Spot(board, ranges=(oop, ip), pot=pot, stacks=stack, **opts)
    target = 0.002
    sol = solve(spot, exploitability=target)
    assert sol.exploitability() <= target
    ranges = ({_canon(k): float(v) for k, v in oop.items()}, {_canon(k): float(v) for k, v in ip.items()})
    br0 = _independent_br(sol, ranges, board, pot, 0)
    br1 = _independent_br(sol, ranges, board, pot, 1)
    assert br0 == pytest.approx(sol.best_response(0), abs=1e-7)
    assert br1 == pytest.approx(sol.best_response(1), abs=1e-7)
    independent = (br0 + br1 - pot) / 2 / pot
    assert independent == pytest.approx(sol.exploitability(), abs=1e-9)
    value = _lp_value(sol, ranges, board, pot)
    # the strategies' value is within the exploitability of the game value
    ev0 = sol.ev(0).overall
    assert abs(ev0 - value) <= 2 * target * pot + 1e-7
    assert br0 >= value - 1e-7 and pot - br1 <= value + 1e-7


def test_dead_hands_never_call_and_nuts_win_the_pot() -> None:
    # out of position: the nut high (5-4 + 8-7-6, the straight; no flush or pair possible above it against
    # these hands) and the nut low (A-3 + 7-6-2); in position: two pairs of nothing and no low
    oop = {"Ac 3c 4d 5s": 1.0}
    ip = {"Qs Qd Jh Js": 1.0, "Jc Jd Ts Tc": 1.0}
    spot = Spot("Kh 8d 7c 6h 2c", ranges=(oop, ip), pot=100, stacks=300)
    va, _ = showdown_values(oop, ip, "Kh 8d 7c 6h 2c")
    assert va[0] == 2.0  # scoops both
    sol = solve(spot, exploitability=1e-4)
    for bet in ("bet 50%", "bet 100%"):
        for combo, probs in sol.strategy((bet,)).items():
            assert probs["fold"] > 0.99, (bet, combo, probs)
    assert sol.ev(0).overall == pytest.approx(100, abs=0.05)
    assert sol.ev(1).overall == pytest.approx(0, abs=0.05)


def test_symmetric_spot_gives_symmetric_strategies() -> None:
    # the two ranges are each other's suit mirror (spades <-> hearts) on a board symmetric in those suits
    board = "Kc Qd 7c 4d 2c"
    oop = {"As Ah 3s 5h": 1, "Js Th 9s 8h": 1, "Ks 6h 6s 3h": 1}
    swap = str.maketrans("sh", "hs")
    ip = {k.translate(swap): v for k, v in oop.items()}
    # the same ranges: the check-check line and the first decisions are mirror images in EV
    spot = Spot(board, ranges=(oop, ip), pot=100, stacks=100, bet_sizes=(1.0,), raise_sizes=())
    sol = solve(spot, exploitability=1e-4)
    s_ip = sol.strategy(("check",))
    ev0, ev1 = sol.ev(0).overall, sol.ev(1).overall
    assert ev0 + ev1 == pytest.approx(100, abs=1e-6)
    # a combo and its mirror have the same showdown values against the other range
    va, vb = showdown_values(oop, ip, board)
    for k, combo in enumerate(oop):
        j = list(ip).index(combo.translate(swap))
        assert va[k] == pytest.approx(vb[j])
    assert set(s_ip) == {_canon(k) for k in ip}


def test_symmetric_limit_strategies_match() -> None:
    # identical ranges (same combos) on both sides: in-position after a check faces
    # the same problem the first player faces; the solve agrees within its precision
    board = "Ks 8d 7c 6h 2c"
    r = {"Ac 3c 4d 5s": 1, "Qh Qc Jd Td": 1, "9s 9h 4c 3h": 1, "As Ad Th 3s": 1}
    spot = Spot(board, ranges=(r, r), pot=100, stacks=50, betting="limit", limit_bet=50, max_raises=0)
    sol = solve(spot, exploitability=2e-4)
    # with no raise allowed and one bet all-in, a bet at the root and a bet after check face the same calls
    a = sol.strategy(("bet",))
    b = sol.strategy(("check", "bet"))
    # the responder's call frequencies are the best responses to the same bettor ranges only at equilibrium;
    # check the values: EVs of identical ranges sum to the pot and the game is near-symmetric in value
    assert set(a) == set(b)
    ev0, ev1 = sol.ev(0).overall, sol.ev(1).overall
    assert ev0 + ev1 == pytest.approx(100, abs=1e-6)
    assert ev1 >= ev0 - 2 * 2e-4 * 100  # position is worth something, never negative


# --- the API -----------------------------------------------------------------------


def test_tree_sizes_pot_limit_exact() -> None:
    spot = Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=10_000,
                bet_sizes=(0.5, 1.0), raise_sizes=(1.0,), max_raises=2)
    assert spot.actions(()) == ("check", "bet 50%", "bet 100%")
    assert spot.committed(("bet 50%",)) == (50.0, 0.0)
    assert spot.committed(("bet 50%", "raise 100%")) == (50.0, 250.0)  # call 50, pot 200: raise to 250
    assert spot.committed(("bet 50%", "raise 100%", "raise 100%")) == (50 + 200 + 600, 250.0)  # pot 400, call 200: 600 more
    assert spot.actions(("bet 50%", "raise 100%", "raise 100%")) == ("fold", "call")
    assert spot.player(("bet 50%", "raise 100%", "raise 100%", "call")) is None
    assert spot.actions(("check", "check")) == ()


def test_all_in_threshold_and_no_limit_allin() -> None:
    two = ({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1})
    spot = Spot(BOARD, ranges=two, pot=100, stacks=120, betting="no-limit", bet_sizes=(1.0,), all_in_threshold=0.25)
    assert spot.actions(()) == ("check", "allin")  # 100 leaves 20 < 25 behind
    spot = Spot(BOARD, ranges=two, pot=100, stacks=120, bet_sizes=(0.8,), all_in_threshold=0.25)
    assert spot.actions(()) == ("check", "bet 80%")  # pot-limit: all-in for 120 would be more than the pot
    spot = Spot(BOARD, ranges=two, pot=100, stacks=90, bet_sizes=(0.5, 0.8), all_in_threshold=0.25)
    assert spot.actions(()) == ("check", "bet 50%", "allin")  # 80 leaves 10 < 25: all-in for 90
    nl = Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=500, betting="no-limit",
              bet_sizes=(0.5,), raise_sizes=())
    assert nl.actions(()) == ("check", "bet 50%", "allin")
    assert nl.committed(("allin",)) == (500.0, 0.0)
    lim = Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=500, betting="limit",
               limit_bet=40, max_raises=1)
    assert lim.actions(()) == ("check", "bet")
    assert lim.actions(("bet",)) == ("fold", "call", "raise")
    assert lim.actions(("bet", "raise")) == ("fold", "call")
    assert lim.committed(("bet", "raise")) == (40.0, 80.0)


def test_solution_api_json_dataframe_lock() -> None:
    board, oop, ip, pot, stack, opts = SMALL[0]
    spot = Spot(board, ranges=(oop, ip), pot=pot, stacks=stack, **opts)
    sol = solve(spot, exploitability=0.003)
    s = sol.strategy(())
    assert set(s) == {_canon(k) for k in oop}
    for probs in s.values():
        assert set(probs) == set(sol.actions(())) and sum(probs.values()) == pytest.approx(1)
    assert sol.player(()) == 0 and sol.player(("check",)) == 1 and sol.player(("check", "check")) is None
    ev = sol.ev(1, ("check",))
    assert set(ev.combos) == {_canon(k) for k in ip}
    back = type(sol).from_json(sol.to_json())
    again = back.strategy(())
    assert set(again) == set(s)
    assert all(again[k][a] == pytest.approx(s[k][a], abs=1e-9) for k in s for a in s[k])
    assert back.exploitability() == sol.exploitability()
    json.loads(sol.to_json())
    if importlib.util.find_spec("pandas") is not None:  # to_dataframe: the dataframe extra
        df = sol.to_dataframe()
        assert set(df.columns) == {"history", "player", "combo", "action", "probability"}
        assert df.groupby(["history", "combo"])["probability"].sum().round(9).eq(1).all()
    # lock every out-of-position combo to check at the root: then the root strategy is checking
    locked = sol.lock((), {c: {"check": 1.0} for c in s})
    assert all(p["check"] == 1.0 for p in locked.strategy(()).values())
    assert locked.exploitability() <= 0.003
    # locking to always check cannot be better for player 0 than the free solution by more than the precision
    assert locked.ev(0).overall <= sol.ev(0).overall + 2 * 0.003 * pot


def test_turn_spot_chance_node() -> None:
    board = "Ks 8d 7c 6h"
    oop = {"Ac 3c 4d 5s": 1, "Qh Qc Jd Td": 1}
    ip = {"Ad 2s 9h 9c": 1, "Kh Kd Jh Tc": 1}
    spot = Spot(board, ranges=(oop, ip), pot=100, stacks=100, bet_sizes=(1.0,), raise_sizes=())
    cards = spot.actions(("check", "check"))
    assert len(cards) == 48 and "2c" in cards and "Ks" not in cards
    assert spot.player(("check", "check")) is None
    assert spot.actions(("check", "check", "2c")) == ("check", "allin")  # 100 in a 100 pot: all-in
    sol = solve(spot, exploitability=0.005)
    assert sol.exploitability() <= 0.005
    # a combo holding the river card is not in that subtree's strategy
    s = sol.strategy(("check", "check", "5s"))
    assert "Ac 5s 4d 3c" not in s and len(s) == 1
    # the exploitability against the independent best response (every river card, split_pot showdowns)
    ranges = ({_canon(k): float(v) for k, v in oop.items()}, {_canon(k): float(v) for k, v in ip.items()})
    br0 = _independent_br(sol, ranges, board, 100, 0)
    br1 = _independent_br(sol, ranges, board, 100, 1)
    assert br0 == pytest.approx(sol.best_response(0), abs=1e-7)
    assert br1 == pytest.approx(sol.best_response(1), abs=1e-7)
    assert (br0 + br1 - 100) / 200 == pytest.approx(sol.exploitability(), abs=1e-9)
    ev = sol.ev(0, ("check", "check"))
    assert np.isfinite(ev.overall)
    # EV inside a river subtree (the per-node path) agrees with the whole-tree sums
    assert sol.ev(0).overall + sol.ev(1).overall == pytest.approx(100, abs=1e-9)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="shares a card with the board"):
        Spot(BOARD, ranges=({"Ks 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="empty after removing"):
        Spot(BOARD, ranges=("KsKh**", {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="stack"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=0)
    with pytest.raises(ValueError, match="stack"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=(100, -1))
    with pytest.raises(ValueError, match="duplicate"):
        Spot("Ks Ks 7c 6h 2c", ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="positive"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 0}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="nodes"):
        Spot("Ks 8d 7c 6h", ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=1, stacks=10**9,
             betting="no-limit", bet_sizes=(0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2), raise_sizes=(0.5, 1, 2),
             max_raises=6)
    with pytest.raises(ValueError, match="no node"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100).actions(("raise",))
    with pytest.raises(ValueError, match="pot-limit"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100, bet_sizes=(1.5,))
    with pytest.raises(TypeError, match="max_raises"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100, max_raises=1.5)
    with pytest.raises(ValueError, match="4 or 5 cards"):
        Spot("Ks 8d 7c", ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="pot"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=float("nan"), stacks=100)
    with pytest.raises(ValueError, match="4-card"):
        Spot(BOARD, ranges=(Range("AA", hole_size=5), {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    with pytest.raises(ValueError, match="every pair shares a card"):
        Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Ac Qd Jh Js": 1}), pot=100, stacks=100)
    spot = Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1}, {"Qs Qd Jh Js": 1}), pot=100, stacks=100)
    for bad in ({"exploitability": 0}, {"max_iterations": 0}, {"timeout": -1}, {"threads": 0}):
        with pytest.raises(ValueError):
            solve(spot, **bad)
    with pytest.raises(TypeError, match="tuple of action names"):
        solve(spot, exploitability=0.01).strategy("check")
    assert MAX_NODES > 0


def test_timeout_partial() -> None:
    r = Range("A2**ds").without(BOARD)
    spot = Spot(BOARD, ranges=(r, r), pot=100, stacks=1000)
    with pytest.raises(TimeoutError, match="timeout") as info:
        solve(spot, exploitability=1e-9, timeout=0.01)
    assert info.value.solution.timed_out  # type: ignore[attr-defined]
    part = solve(spot, exploitability=1e-9, timeout=0.01, partial=True)
    assert part.timed_out and part.exploitability() > 1e-9


def test_cli_solve_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.cli import main

    args = ["solve", "--board", "Ks", "8d", "7c", "6h", "2c", "--oop", "AsAd3d2s, QhQcJdTd", "--ip", "KhKd9c9h",
            "--pot", "100", "--stack", "100", "--sizes", "50,100"]
    assert main(args + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["actions"] == ["check", "bet 50%", "allin"]  # a pot bet of 100 is the whole stack
    assert set(out["strategy"]) == {"As Ad 3d 2s", "Qh Qc Jd Td"}
    assert out["exploitability"] <= 0.005
    assert main(args) == 0
    text = capsys.readouterr()
    assert "exploitability" in text.out and "As Ad 3d 2s" in text.out
    assert main(["solve", "--board", "Ks8d7c6h2c", "--oop", "KsKh**", "--ip", "AA", "--pot", "10", "--stack",
                 "10"]) == 2
    assert "empty after removing" in capsys.readouterr().err


def test_plot_by_high_and_low_class(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    spot = Spot(BOARD, ranges=({"Ac 3c 4d 5s": 1, "Qh Qc Jd Td": 1}, {"Kh Kd 9c 9h": 1}), pot=100, stacks=100)
    sol = solve(spot, exploitability=0.01)
    fig = sol.plot((), path=tmp_path / "root.png")
    assert (tmp_path / "root.png").stat().st_size > 0
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["no low", "8 low", "7 low", "6 low", "5 low"]
    # two combos: a straight with a 7 low, a pair (queens... on this board a pair of queens) with no low
    counts = sorted(t.get_text() for t in ax.texts)
    assert counts == ["1", "1"]


def _turn_spot() -> Spot:
    oop = {"Ac 3c 4d 5s": 1, "Qh Qc Jd Td": 1, "As 2d 9s 9d": 1}
    ip = {"Ad 2s 9h 9c": 1, "Kh Kd Jh Tc": 1}
    return Spot("Ks 8d 7c 6h", ranges=(oop, ip), pot=100, stacks=100, bet_sizes=(1.0,), raise_sizes=())


def test_turn_threads_give_the_same_solution() -> None:
    one = solve(_turn_spot(), exploitability=0.01, threads=1)
    two = solve(_turn_spot(), exploitability=0.01, threads=2)
    assert one.iterations == two.iterations  # the same numbers but for the order of a sum over the cards
    assert one.exploitability() == pytest.approx(two.exploitability(), rel=1e-9)
    a, b = one.strategy(("check", "check", "2c")), two.strategy(("check", "check", "2c"))
    assert set(a) == set(b) and all(b[k][x] == pytest.approx(a[k][x], abs=1e-9) for k in a for x in a[k])


def test_turn_threads_agree_on_random_ranges() -> None:
    """40 random combos a side: combos indifferent between actions (regrets of
    rounding size, whose signs depend on the order of the river cards' sum)
    must not play one action outright with one thread count and another with
    the next; the best responses agree to rounding after a few iterations."""
    deck = [c for c in range(52) if c not in parse_cards("Ks 8d 7c 6h")]
    rng = random.Random(7)
    combos = {format_cards(sorted(rng.sample(deck, 4))) for _ in range(200)}
    ordered = sorted(combos)
    oop, ip = ({h: 1.0 for h in ordered[:40]}, {h: 1.0 for h in ordered[40:80]})
    spot = Spot("Ks 8d 7c 6h", ranges=(oop, ip), pot=100, stacks=400, bet_sizes=(0.5, 1.0), raise_sizes=(1.0,),
                max_raises=1)
    runs = [solve(spot, exploitability=1e-9, max_iterations=4, threads=n) for n in (1, 2, 3)]
    first = runs[0].exploitability()
    assert first > 0.01  # four iterations are far from an equilibrium: the comparison is of unconverged strategies
    for other in runs[1:]:
        assert other.exploitability() == pytest.approx(first, rel=1e-9)


def test_turn_lock_inside_a_river_subtree_and_json() -> None:
    sol = solve(_turn_spot(), exploitability=0.01)
    history = ("check", "check", "2c")
    locked = sol.lock(history, {"Qh Qc Jd Td": {"allin": 1.0}})
    assert locked.strategy(history)["Qh Qc Jd Td"]["allin"] == 1.0
    assert locked.exploitability() <= 0.01
    back = type(sol).from_json(sol.to_json())
    s0, s1 = sol.strategy(("check", "check", "Ah")), back.strategy(("check", "check", "Ah"))
    assert all(s1[k][a] == pytest.approx(s0[k][a], abs=1e-9) for k in s0 for a in s0[k])


def test_next_check_comes_where_the_power_law_meets_the_target() -> None:
    from omaha8_fast.solver._cfr import next_step

    law = [(t, 100.0 * t ** -2.0) for t in (5, 6)]  # meets 0.5 at t = sqrt(200) = 14.1
    step = next_step(law, 0.5)
    assert 6 + step <= 14 and step >= 5  # four fifths of the way, not a quarter of the count
    assert next_step([(40, 0.51), (41, 0.505)], 0.5) == 1
    assert next_step([(5, 28.7)], 0.5) == 1  # one measure: a quarter of the count
    assert next_step([(20, 1.0), (21, 1.1)], 0.5) == 5  # rising: a quarter of the count
    assert next_step([(20, 1.0), (21, 1.0 - 1e-12)], 0.5) == 21  # flat: at most doubling, no overflow


def test_solve_stops_within_two_iterations_of_the_first_that_meets_the_target() -> None:
    from omaha8_fast.solver._cfr import Solver

    rng = random.Random(11)
    board = "Ks 8d 7c 6h 2c"
    deck = [c for c in range(52) if c not in parse_cards(board)]
    combos = sorted({format_cards(sorted(rng.sample(deck, 4), reverse=True)) for _ in range(300)})
    spot = Spot(board, ranges=({h: 1.0 for h in combos[:120]}, {h: 1.0 for h in combos[120:240]}), pot=100,
                stacks=400, bet_sizes=(0.5, 1.0), raise_sizes=(1.0,), max_raises=1)
    every = Solver(spot)
    every.run(0.003, 200, float("inf"), None, check_every=1)
    first = every.iterations  # measured after every iteration: the first that meets it
    passes: list[int] = []
    solver = Solver(spot)
    value, _, _, late = solver.run(0.003, 200, float("inf"), lambda i, e: passes.append(i))
    assert not late and value <= 0.003
    assert first <= solver.iterations <= first + 2
    assert len(passes) <= solver.iterations // 2  # far fewer best-response passes than iterations


def test_table_writes_into_given_arrays_or_refuses_them() -> None:
    from omaha8_fast.solver._showdown import Table, ident

    board = parse_cards("Ks 8d 7c 6h 2c")
    deck = [c for c in range(52) if c not in board]
    rng = random.Random(3)
    hands = tuple(np.array([sorted(rng.sample(deck, 4)) for _ in range(n)], dtype=np.uint8) for n in (30, 20))
    table = Table(board, hands, (ident(hands[0], hands[1]), ident(hands[1], hands[0])))
    w = np.linspace(0.5, 2.0, 20)
    values, compat = table.values(0, w)
    into = (np.full(30, np.nan), np.full(30, np.nan))
    table.values(0, w, None, into)
    assert np.array_equal(into[0], values) and np.array_equal(into[1], compat)
    only = np.full(30, np.nan)
    table.compat(0, w, None, only)
    assert np.array_equal(only, table.compat(0, w))
    assert np.allclose(only, compat, rtol=1e-12)  # the fold sums and the showdown's own, each their order
    for bad in ((np.empty(29), np.empty(30)), (np.empty(30, dtype=np.float32), np.empty(30)),
                (np.empty(60)[::2], np.empty(30))):
        with pytest.raises(ValueError, match="contiguous float64"):
            table.values(0, w, None, bad)
    with pytest.raises(ValueError, match="contiguous float64"):
        table.compat(0, w, None, np.empty(31))


def test_from_json_refuses_bad_text() -> None:
    from omaha8_fast.solver import Solution

    for bad in ("", "[]", '{"format": "omaha8_fast.solver/1"}', '{"format": "omaha8_fast.solver/1", "spot": 3}'):
        with pytest.raises(ValueError):
            Solution.from_json(bad)


@pytest.mark.parametrize("seed", range(6))
def test_random_small_river_spots_against_independent_best_response(seed: int) -> None:
    rng = random.Random(100 + seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board = format_cards(deck[:5])
    pool = deck[5:22]

    def hands(n: int) -> dict[str, float]:
        out: dict[str, float] = {}
        while len(out) < n:
            out[format_cards(sorted(rng.sample(pool, 4), reverse=True))] = float(rng.choice([1, 2, 3]))
        return out

    oop, ip = hands(rng.randint(2, 4)), hands(rng.randint(2, 4))
    if seed % 2 == 0:
        opts = {"betting": "limit", "limit_bet": 40.0, "max_raises": rng.randint(0, 2)}
    else:
        opts = {"betting": "pot-limit", "bet_sizes": (0.5, 1.0), "raise_sizes": (1.0,)}
    try:
        spot = Spot(board, ranges=(oop, ip), pot=80, stacks=rng.choice([60, 200]), **opts)
    except ValueError as error:  # every pair of combos shares a card: no game
        assert "shares a card" in str(error)
        return
    sol = solve(spot, exploitability=0.003)
    assert sol.exploitability() <= 0.003
    br0 = _independent_br(sol, (oop, ip), board, 80, 0)
    br1 = _independent_br(sol, (oop, ip), board, 80, 1)
    assert (br0 + br1 - 80) / 160 == pytest.approx(sol.exploitability(), abs=1e-9)
    value = _lp_value(sol, (oop, ip), board, 80)
    assert br0 >= value - 1e-7 and 80 - br1 <= value + 1e-7
