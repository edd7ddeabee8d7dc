"""Showdowns and pot splitting (docs/rules.md, "Splitting the pot").

Scripted hands check each rule with payouts worked out by hand; their premises
(who has which high, who has a low) are checked with the pure-Python reference
evaluator. Property tests compare everything against a straightforward
implementation written here on top of ``omaha8_fast.evaluator.reference``, which deals
split chips out one at a time round the table instead of dividing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from omaha8_fast import evaluate, high_category, parse_cards
from omaha8_fast.evaluator import reference
from omaha8_fast.showdown import Contributions, Pot, pots_from_contributions, showdown, split_pot

# --- a straightforward implementation on the reference evaluator -------------


def reference_pots(contributions: list[int], live: set[int]) -> list[tuple[int, set[int]]]:
    """Main and side pots by peeling off the smallest live stake each time."""
    left = list(contributions)
    pots: list[tuple[int, set[int]]] = []
    while any(left[i] for i in live):
        level = min(left[i] for i in live if left[i])
        eligible = {i for i in live if left[i] >= level}
        amount = 0
        for i in range(len(left)):
            take = min(left[i], level)
            amount += take
            left[i] -= take
        pots.append((amount, eligible))
    dead = sum(left)  # folded players' chips above every live stake
    if dead and pots:
        amount, eligible = pots[-1]
        pots[-1] = (amount + dead, eligible)
    elif dead:
        pots.append((dead, set(live)))
    return pots


def reference_split(board, holes, pots, first=0):
    """Payouts for pots given as (amount, eligible): every half is dealt out
    one chip at a time round the table, starting at seat ``first``."""
    n = len(holes)
    values = {i: reference.evaluate_hilo(hole, board) for i, hole in enumerate(holes) if hole is not None}
    around = [(first + k) % n for k in range(n)]
    payouts = [0] * n
    for amount, eligible in pots:
        players = [i for i in around if i in set(eligible) and holes[i] is not None]
        if len(players) == 1:
            payouts[players[0]] += amount
            continue
        best_high = min(values[i][0] for i in players)
        highs = [i for i in players if values[i][0] == best_high]
        lows = [values[i][1] for i in players if values[i][1] is not None]
        if not lows:
            halves = [(amount, highs)]
        else:
            lows_winners = [i for i in players if values[i][1] == min(lows)]
            halves = [((amount + 1) // 2, highs), (amount // 2, lows_winners)]
        for chips, winners in halves:
            for chip in range(chips):
                payouts[winners[chip % len(winners)]] += 1
    return payouts


def hilo(hole, board):
    """The reference evaluator's (high category, low) for checking premises."""
    high, low = reference.evaluate_hilo(hole, board)
    return high_category(high), low


# --- docs/rules.md, "Splitting the pot", one rule at a time----------------

QUARTER_BOARD = "Kh 5c 5d Ac 8s"  # low ranks A, 5, 8: lows are possible


def test_rules_nobody_has_a_low_the_best_high_takes_the_whole_pot():
    board = "Kh Qd 9c 9s 2h"  # one low rank on the board: no low for anybody
    holes = ["As Ad 3c 4c", "Kc Kd 5h 6h"]
    assert hilo(holes[0], board) == ("Two Pair", None)
    assert hilo(holes[1], board) == ("Full House", None)
    assert split_pot(board, holes, 100) == [0, 100]
    assert split_pot(board, holes, 101) == [0, 101]
    (pot,) = showdown(board, holes, 101).pots
    assert pot.low_winners == () and pot.high_winners == (1,) and pot.high_shares == (101,)
    assert pot.scoop


def test_rules_two_equal_lows_split_the_low_half_quartering():
    # Player 0: kings full and 8-5-3-2-A; player 1 ties the low only.
    holes = ["Ks Kd 2s 3s", "2h 3h Qc Tc"]
    assert reference.evaluate_low(holes[0], QUARTER_BOARD) == reference.evaluate_low(holes[1], QUARTER_BOARD) == 85321
    assert reference.evaluate_high(holes[0], QUARTER_BOARD) < reference.evaluate_high(holes[1], QUARTER_BOARD)
    assert split_pot(QUARTER_BOARD, holes, 400) == [300, 100]  # half plus a quarter, and a quarter
    # Two players each quartered by a third who takes the high:
    holes = ["2s 3s Qd Jd", "Ks Kd 9h 9c", "2h 3h Qc Tc"]
    assert split_pot(QUARTER_BOARD, holes, 400) == [100, 200, 100]
    (pot,) = showdown(QUARTER_BOARD, holes, 400).pots
    assert pot.low_winners == (0, 2) and pot.low_shares == (100, 100)
    assert pot.high_winners == (1,) and pot.high_shares == (200,)
    assert not pot.scoop


def test_rules_one_player_scoops_with_a_low_that_is_a_straight_flush():
    board = "As 2s 3s Kd 9c"
    holes = ["4s 5s Qd Jd", "Ks Kh 9h 9d"]
    assert reference.evaluate_high(holes[0], board) == 10  # five-high straight flush
    assert reference.evaluate_low(holes[0], board) == 54321  # ... and the wheel
    assert split_pot(board, holes, 101) == [101, 0]
    result = showdown(board, holes, 101)
    (pot,) = result.pots
    assert pot.scoop and pot.high_winners == pot.low_winners == (0,)
    assert (pot.high_shares, pot.low_shares) == ((51,), (50,))
    assert pot.high_hand.description == "Five-high straight flush"
    assert pot.low_hand.description == "Five-four low"


def test_rules_win_the_high_and_tie_the_low():
    holes = ["Ks Kd 2s 3s", "2h 3h Qc Tc", "2d 3d Jc Jh"]
    assert {reference.evaluate_low(h, QUARTER_BOARD) for h in holes} == {85321}
    assert split_pot(QUARTER_BOARD, holes, 300) == [200, 50, 50]


def test_rules_tie_the_high_and_win_the_low():
    board = "Ac 2d 7h Kd Qs"
    holes = ["Jh Th 3c 4c", "Js Ts 9c 9h"]  # both make broadway; only player 0 has a low
    assert reference.evaluate_high(holes[0], board) == reference.evaluate_high(holes[1], board) == 1600
    assert hilo(holes[0], board)[1] == 74321 and hilo(holes[1], board)[1] is None
    assert split_pot(board, holes, 100) == [75, 25]
    assert split_pot(board, holes, 102) == [77, 25]  # high 51: 26 + 25, the low 51
    (pot,) = showdown(board, holes, 102).pots
    assert pot.high_winners == (0, 1) and pot.high_shares == (26, 25) and pot.low_winners == (0,)


def test_rules_odd_chip_between_the_halves_goes_to_the_high_half():
    holes = ["2s 3s Qd Jd", "Ks Kd 9h 9c", "2h 3h Qc Tc"]
    assert split_pot(QUARTER_BOARD, holes, 301) == [75, 151, 75]
    heads_up = ["Ks Kd 9h 9c", "2h 4h Qc Tc"]  # one takes the high, the other the low
    assert split_pot(QUARTER_BOARD, heads_up, 1) == [1, 0]
    assert split_pot(QUARTER_BOARD, heads_up, 7) == [4, 3]


def test_rules_leftover_chips_in_a_half_go_first_to_the_button_left():
    holes = ["2s 3s Qd Jd", "Ks Kd 9h 9c", "2h 3h Qc Tc"]
    assert split_pot(QUARTER_BOARD, holes, 303) == [76, 152, 75]  # low 151: 76 + 75
    # holes[0] being the button, player 2 is the first tied winner after it
    assert split_pot(QUARTER_BOARD, holes, 303, button_order=False) == [75, 152, 76]


def test_rules_side_pots_are_each_split_hi_lo_among_their_own_players():
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "2d 4d Jc Jh"]  # lows 85321, none, 85421
    assert [reference.evaluate_low(h, QUARTER_BOARD) for h in holes] == [85321, None, 85421]
    # Player 0 is all-in for 50: main pot 150 for everyone, side pot 200 for 1 and 2.
    assert pots_from_contributions([50, 150, 150]) == [Pot(150, (0, 1, 2)), Pot(200, (1, 2))]
    expected = [75, 75 + 100, 100]
    assert split_pot(QUARTER_BOARD, holes, Contributions([50, 150, 150])) == expected
    assert split_pot(QUARTER_BOARD, holes, [(150, [0, 1, 2]), (200, [1, 2])]) == expected
    main, side = showdown(QUARTER_BOARD, holes, Contributions([50, 150, 150])).pots
    assert (main.high_winners, main.low_winners) == ((1,), (0,))
    assert (side.high_winners, side.low_winners) == ((1,), (2,))


def test_side_pot_with_no_eligible_low_goes_whole_to_its_high():
    # Only player 0, all-in in the main pot, has a low. The side pot has no low
    # among its players, so it is not split (pokerkit 0.7.7 splits it anyway).
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "Qs Qh Jc Jh"]
    assert [reference.evaluate_low(h, QUARTER_BOARD) for h in holes] == [85321, None, None]
    assert split_pot(QUARTER_BOARD, holes, Contributions([50, 150, 150])) == [75, 75 + 200, 0]
    main, side = showdown(QUARTER_BOARD, holes, Contributions([50, 150, 150])).pots
    assert side.low_winners == () and side.high_shares == (200,) and side.scoop


def test_rules_everyone_else_folded_the_last_player_wins_unshown():
    holes = [None, "Ks Kd 9h 9c", None]
    assert split_pot(QUARTER_BOARD, holes, 120) == [0, 120, 0]
    result = showdown(QUARTER_BOARD, holes, Contributions([10, 80, 30]))
    assert result.payouts == [0, 120, 0]
    (pot,) = result.pots
    assert not pot.shown and not pot.scoop and pot.high_value is None and pot.high_hand is None
    assert result.hand(1) is None  # the cards were never shown
    assert "uncontested" in str(result)


def test_single_eligible_player_of_a_side_pot_wins_it_unshown():
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", None]
    result = showdown(QUARTER_BOARD, holes, [(90, [0, 1, 2]), (40, [1, 2])])
    main, side = result.pots
    assert main.shown and not side.shown
    assert side.eligible == (1,) and side.high_winners == (1,) and side.high_shares == (40,)
    assert result.payouts == [45, 45 + 40, 0]


def test_uncalled_chips_come_back_as_a_pot_of_their_own():
    assert pots_from_contributions([100, 300, 100]) == [Pot(300, (0, 1, 2)), Pot(200, (1,))]
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "Qs Qh Jc Jh"]
    assert split_pot(QUARTER_BOARD, holes, Contributions([100, 300, 100])) == [150, 150 + 200, 0]


def test_folded_chips_stay_in_the_pots_they_fed():
    # Player 1 folded after putting in 120, more than all-in player 2's 50.
    assert pots_from_contributions([200, 120, 50, 200], folded=[1]) == [Pot(200, (0, 2, 3)), Pot(370, (0, 3))]
    # ... and more than anyone still in: those dead chips join the last pot.
    assert pots_from_contributions([60, 100, 60], folded=[1]) == [Pot(220, (0, 2))]
    assert pots_from_contributions([0, 30, 0], folded=[1]) == [Pot(30, (0, 2))]
    assert pots_from_contributions([0, 0]) == []


# --- many-way ties --------------------------------------------------------


def test_four_way_tie_in_both_halves_with_identical_ranks_across_suits():
    board = "3c 4d 8h Ks Qd"
    holes = ["Ac 2c Jc Tc", "Ad 2d Jd Td", "Ah 2h Jh Th", "As 2s Js Ts"]
    assert len({reference.evaluate_hilo(h, board) for h in holes}) == 1  # A-K-Q-J-8 and 8-4-3-2-A each
    assert split_pot(board, holes, 103) == [26, 26, 26, 25]  # high 52 = 4 x 13, low 51 = 13 + 13 + 13 + 12
    assert split_pot(board, holes, 100) == [26, 26, 24, 24]  # each half 50 = 13 + 13 + 12 + 12
    (pot,) = showdown(board, holes, 103).pots
    assert pot.high_shares == (13, 13, 13, 13) and pot.low_shares == (13, 13, 13, 12)


def test_four_way_tie_for_the_low_one_high():
    board = "2c 3d 7h Ks Qd"
    holes = ["Ac 4c 9s 9h", "Ad 4d Ts Tc", "Ah 4h Jc Jd", "As 4s 8c 8d"]
    assert {reference.evaluate_low(h, board) for h in holes} == {74321}
    assert split_pot(board, holes, 103) == [13, 13, 52 + 13, 12]


def test_three_way_broadway_tie_no_low_with_a_folded_seat():
    board = "Ks Qd Jc 4h 2s"
    holes = ["Ac Tc 8d 8h", "Ad Td 9c 9h", None, "Ah Th 7c 7d"]
    assert split_pot(board, holes, 100) == [34, 33, 0, 33]
    assert split_pot(board, holes, 101) == [34, 34, 0, 33]
    # holes[0] as the button: player 1 is first after it, player 0 last
    assert split_pot(board, holes, 101, button_order=False) == [33, 34, 0, 34]


@pytest.mark.parametrize("size", [5, 6])
def test_big_omaha_holes(size):
    rng = random.Random(size)
    for _ in range(30):
        deck = rng.sample(range(52), 5 + 4 * size)
        board, holes = deck[:5], [deck[5 + k * size:5 + (k + 1) * size] for k in range(4)]
        assert split_pot(board, holes, 1001) == reference_split(board, holes, [(1001, range(4))])


# --- the rich result --------------------------------------------------------


def test_showdown_result_details_match_the_evaluator():
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "2d 4d Jc Jh"]
    result = showdown(QUARTER_BOARD, holes, Contributions([50, 150, 150]))
    assert result.payouts == split_pot(QUARTER_BOARD, holes, Contributions([50, 150, 150]))
    assert result.total == 350 == sum(result.payouts)
    assert result.board == parse_cards(QUARTER_BOARD)
    assert result.holes == tuple(parse_cards(h) for h in holes)
    for i, hole in enumerate(holes):
        assert result.hand(i) == evaluate(hole, QUARTER_BOARD)
    main, side = result.pots
    assert main.high_value == reference.evaluate_high(holes[1], QUARTER_BOARD)
    assert main.low_value == 85321 and side.low_value == 85421
    assert main.high_hand.description == "Kings full of fives"
    assert main.payouts == {1: 75, 0: 75} and side.payouts == {1: 100, 2: 100}


def test_showdown_text_reads_like_a_dealer():
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "Qs Qh Jc Jh"]
    text = str(showdown(QUARTER_BOARD, holes, Contributions([51, 151, 151])))
    assert text.splitlines() == [
        "Board: Kh 5c 5d Ac 8s",
        "Main pot of 153, players 0, 1, 2:",
        "  High, 77: player 1 with Kings full of fives (Ks Kd + Kh 5c 5d)",
        "  Low, 76: player 0 with Eight-five low (2h 3h + 5c Ac 8s)",
        "Side pot 1 of 200, players 1, 2:",
        "  No qualifying low; the high takes it all: player 1 with Kings full of fives (Ks Kd + Kh 5c 5d)",
        "Payouts: player 0 76, player 1 277",
    ]


# --- properties ---------------------------------------------------------------


@st.composite
def tables(draw, max_players=9):
    """A board and the holes of 1..max_players players (some folded)."""
    size = draw(st.sampled_from([4, 5, 6]))
    n = draw(st.integers(1, min(max_players, (52 - 5) // size)))
    deck = draw(st.permutations(range(52)))
    holes = [deck[5 + k * size:5 + (k + 1) * size] for k in range(n)]
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if not any(live):
        live[draw(st.integers(0, n - 1))] = True
    return deck[:5], [hole if alive else None for hole, alive in zip(holes, live)]


@st.composite
def pots_for(draw, holes, most=600):
    """A ``pot`` argument in one of the three forms, and the same pots as
    (amount, eligible) pairs built independently."""
    n = len(holes)
    live = [i for i in range(n) if holes[i] is not None]
    kind = draw(st.sampled_from(["int", "pots", "contributions"]))
    if kind == "int":
        amount = draw(st.integers(0, most))
        return amount, [(amount, range(n))]
    if kind == "pots":
        pots = []
        for _ in range(draw(st.integers(0, 4))):
            eligible = draw(st.sets(st.integers(0, n - 1))) | {draw(st.sampled_from(live))}
            pots.append((draw(st.integers(0, most)), sorted(eligible)))
        return pots, pots
    stakes = draw(st.lists(st.integers(0, most // 2), min_size=n, max_size=n))
    return Contributions(stakes), reference_pots(stakes, set(live))


@settings(max_examples=150, deadline=None)
@given(st.data(), tables(), st.booleans())
def test_agrees_with_a_straightforward_implementation(data, table, button_order):
    board, holes = table
    pot, pairs = data.draw(pots_for(holes))
    expected = reference_split(board, holes, pairs, first=0 if button_order else 1 % len(holes))
    assert split_pot(board, holes, pot, button_order=button_order) == expected
    assert showdown(board, holes, pot, button_order=button_order).payouts == expected


@settings(max_examples=300, deadline=None)
@given(st.data(), tables(max_players=11))
def test_chips_are_conserved_exactly(data, table):
    board, holes = table
    pot, pairs = data.draw(pots_for(holes, most=2**62 // 8))
    payouts = split_pot(board, holes, pot)
    assert sum(payouts) == sum(amount for amount, _ in pairs)
    assert min(payouts) >= 0
    assert all(chips == 0 for chips, hole in zip(payouts, holes) if hole is None)


@settings(max_examples=200, deadline=None)
@given(st.data(), tables(max_players=11), st.permutations(range(4)))
def test_payouts_do_not_depend_on_suit_names(data, table, suits):
    board, holes = table
    pot, _ = data.draw(pots_for(holes))

    def relabel(cards):
        return None if cards is None else [c - c % 4 + suits[c % 4] for c in cards]

    assert split_pot(relabel(board), [relabel(h) for h in holes], pot) == split_pot(board, holes, pot)


@settings(max_examples=200, deadline=None)
@given(st.data(), tables(max_players=11))
def test_nobody_is_paid_from_a_pot_they_could_not_win(data, table):
    board, holes = table
    pot, pairs = data.draw(pots_for(holes))
    result = showdown(board, holes, pot)
    assert len(result.pots) == len(pairs)
    total = [0] * len(holes)
    for (amount, eligible), pot_result in zip(pairs, result.pots):
        allowed = {i for i in eligible if holes[i] is not None}
        assert set(pot_result.eligible) == allowed
        assert set(pot_result.payouts) <= allowed
        assert set(pot_result.high_winners) | set(pot_result.low_winners) <= allowed
        assert sum(pot_result.payouts.values()) == amount == pot_result.amount
        alone = split_pot(board, holes, [(amount, eligible)])  # this pot on its own
        assert {i for i, chips in enumerate(alone) if chips} <= allowed
        total = [a + b for a, b in zip(total, alone)]
        for i, chips in pot_result.payouts.items():
            assert alone[i] == chips
    assert total == result.payouts


@settings(max_examples=100, deadline=None)
@given(st.data(), tables(max_players=7))
def test_winning_hands_are_the_best_of_their_pot(data, table):
    board, holes = table
    pot, _ = data.draw(pots_for(holes))
    result = showdown(board, holes, pot)
    for pot_result in result.pots:
        if not pot_result.shown:
            assert pot_result.high_hand is None and pot_result.low_hand is None
            continue
        hands = {i: evaluate(holes[i], board) for i in pot_result.eligible}
        assert pot_result.high_hand.value == pot_result.high_value == min(h.high.value for h in hands.values())
        assert pot_result.high_winners == tuple(i for i in pot_result.eligible if hands[i].high.value == pot_result.high_value)
        lows = [h.low.value for h in hands.values() if h.low]
        assert pot_result.low_value == min(lows, default=None)
        assert pot_result.low_winners == tuple(i for i in pot_result.eligible if hands[i].low and hands[i].low.value == pot_result.low_value)
        if lows:
            assert pot_result.low_hand.value == pot_result.low_value
        for i in pot_result.eligible:
            assert result.hand(i) == hands[i]


def test_threads_get_the_same_payouts_as_one_thread():
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(3)
    jobs = []
    for _ in range(2000):
        deck = rng.sample(range(52), 5 + 4 * 6)
        holes = [deck[5 + 4 * k:9 + 4 * k] for k in range(6)]
        stakes = Contributions(rng.randrange(0, 300) for _ in range(6))
        jobs.append((deck[:5], holes, stakes))
    serial = [split_pot(*job) for job in jobs]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda job: split_pot(*job), jobs)) == serial


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=10), st.data())
def test_pots_from_contributions_agrees_with_peeling(stakes, data):
    folded = data.draw(st.sets(st.integers(0, len(stakes) - 1), max_size=len(stakes) - 1))
    live = set(range(len(stakes))) - folded
    pots = pots_from_contributions(stakes, folded=folded)
    assert [(p.amount, set(p.eligible)) for p in pots] == reference_pots(stakes, live)
    assert sum(p.amount for p in pots) == sum(stakes)
    assert all(p.amount > 0 for p in pots)
    assert all(set(later.eligible) < set(earlier.eligible) for earlier, later in zip(pots, pots[1:]))


# --- bad input ---------------------------------------------------------------

HOLES = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "Qs Qh Jc Jh"]


@pytest.mark.parametrize(
    ("board", "holes", "pot", "message"),
    [
        (QUARTER_BOARD, ["2h 3h Qc Tc", "2h 4d 9s 9c"], 10, "duplicate card 2h in player 0's hole and player 1's hole"),
        (QUARTER_BOARD, ["Kh 3h Qc Tc", "Ks Kd 9h 9c"], 10, "duplicate card Kh in the board and player 0's hole"),
        (QUARTER_BOARD, ["2h 2h Qc Tc", "Ks Kd 9h 9c"], 10, "duplicate card 2h in player 0's hole$"),
        ("Kh 5c 5d Ac", HOLES, 10, "board must have 5 cards.*got 4"),
        ("Kh 5c 5d Ac 8s 2c", HOLES, 10, "board must have 5 cards.*got 6"),
        (QUARTER_BOARD, ["2h 3h Qc", "Ks Kd 9h 9c"], 10, "player 0's hole must have 4, 5 or 6 cards, got 3"),
        (QUARTER_BOARD, ["2h 3h Qc Tc 2c 2d 2s", "Ks Kd 9h 9c"], 10, "player 0's hole must have 4, 5 or 6 cards, got 7"),
        (QUARTER_BOARD, ["2h 3h Qc Tc", "Ks Kd 9h 9c 2c"], 10, "as many cards: player 0 has 4, player 1 has 5"),
        (QUARTER_BOARD, ["2h 3h Qc Xx", "Ks Kd 9h 9c"], 10, "player 0's hole: invalid card 'Xx'"),
        (QUARTER_BOARD, [[0, 1, 2, 52], "Ks Kd 9h 9c"], 10, "player 0's hole: card id 52 is out of range"),
        (QUARTER_BOARD, [[0, 1, 2, 300], "Ks Kd 9h 9c"], 10, "player 0's hole: card id 300 is out of range"),
        (QUARTER_BOARD, [], 10, "needs 1..63 players, got 0"),
        (QUARTER_BOARD, HOLES, -1, "the pot must not be negative"),
        (QUARTER_BOARD, HOLES, 2**63, "the pot is too large"),
        (QUARTER_BOARD, HOLES, [(10, [0, 1]), (-5, [1, 2])], "the amount of pot 1 must not be negative"),
        (QUARTER_BOARD, HOLES, [(10, [0, 3])], "pot 0: eligible player 3 is out of range 0..2"),
        (QUARTER_BOARD, HOLES, [(10, [-1, 0])], "pot 0: eligible player -1 is out of range 0..2"),
        (QUARTER_BOARD, HOLES, [(10, [0, 1, 1])], "pot 0 lists player 1 twice"),
        (QUARTER_BOARD, HOLES, [(10, [])], "pot 0 has no eligible live player"),
        (QUARTER_BOARD, [None, *HOLES[1:]], [(10, [1]), (5, [0])], "pot 1 has no eligible live player"),
        (QUARTER_BOARD, [None, None], 10, "no eligible live player"),
        (QUARTER_BOARD, HOLES, [10, 20], "pot 0 must be an \\(amount, eligible players\\) pair, got 10"),
        (QUARTER_BOARD, HOLES, [(10, 1)], "pot 0 must be an \\(amount, eligible players\\) pair"),
        (QUARTER_BOARD, HOLES, [(2**62, [0]), (2**62, [1])], "the pots hold more than"),
        (QUARTER_BOARD, HOLES, Contributions([10, 20]), "contributions has 2 amounts for 3 players"),
    ],
)
def test_bad_input_is_a_clear_value_error(board, holes, pot, message):
    for function in (split_pot, showdown):
        with pytest.raises(ValueError, match=message):
            function(board, holes, pot)


@pytest.mark.parametrize(
    "pot, message",
    [
        (10.5, "the pot must be an int, not float 10.5"),
        (10.0, "the pot must be an int, not float 10.0"),
        (True, "the pot must be an int, not bool"),
        ([(10, [0, 1]), ("5", [1, 2])], "the amount of pot 1 must be an int, not str"),
        ([(10, [0, 1.0])], "pot 0: eligible player must be an int, not float"),
    ],
)
def test_a_non_integer_amount_is_a_type_error(pot, message):
    # The package's integer rule (omaha8_fast._checks.check_int): the wrong
    # kind of value is a TypeError, an integer out of range a ValueError.
    for function in (split_pot, showdown):
        with pytest.raises(TypeError, match=message):
            function(QUARTER_BOARD, HOLES, pot)


def test_bad_containers_are_type_errors():
    with pytest.raises(TypeError, match="holes must be a list"):
        split_pot(QUARTER_BOARD, "2h 3h Qc Tc", 10)
    with pytest.raises(TypeError, match="player 1's hole"):
        split_pot(QUARTER_BOARD, ["2h 3h Qc Tc", 5], 10)


def test_bad_contributions():
    with pytest.raises(TypeError, match="contribution 1 must be an int"):
        Contributions([10, 2.5])
    with pytest.raises(ValueError, match="a folded player 3 is out of range 0..2"):
        pots_from_contributions([10, 10, 10], folded=[3])
    with pytest.raises(ValueError, match="every player folded"):
        pots_from_contributions([10, 10], folded=[0, 1])


def test_failed_calls_change_nothing():
    """Inputs are never mutated, and a rejected call leaves no trace."""
    holes = ["2h 3h Qc Tc", "Ks Kd 9h 9c", "Qs Qh Jc Jh"]
    pots = [(10, [0, 1]), (20, [1, 2])]
    before = (list(holes), [tuple(p) for p in pots])
    assert split_pot(QUARTER_BOARD, holes, pots) == split_pot(QUARTER_BOARD, holes, pots)
    with pytest.raises(ValueError):
        split_pot(QUARTER_BOARD, holes, pots + [(5, [7])])
    assert (holes, [tuple(p) for p in pots]) == before


def test_accepts_card_ids_cards_and_numpy():
    np = pytest.importorskip("numpy")
    text = split_pot(QUARTER_BOARD, HOLES, 301)
    as_ids = [[int(c) for c in parse_cards(h)] for h in HOLES]
    assert split_pot(parse_cards(QUARTER_BOARD), as_ids, 301) == text
    assert split_pot(QUARTER_BOARD, [parse_cards(h) for h in HOLES], 301) == text
    assert split_pot(QUARTER_BOARD, np.array(as_ids, np.uint8), np.int64(301)) == text
    assert split_pot(QUARTER_BOARD, HOLES, [(np.int32(301), np.array([0, 1, 2]))]) == text
