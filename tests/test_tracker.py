"""omaha8_fast.tracker: the rows and statistics of hand-written hands
(tests/tracker_hands.py), each number worked out by hand from the
definitions of docs/tracker.md."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("duckdb")
pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from tracker_hands import H1, H2, H3, H4, H5, TEXT  # noqa: E402

from omaha8_fast.equity import equity  # noqa: E402
from omaha8_fast.histories import parse, to_ohh  # noqa: E402
from omaha8_fast.tracker import Tracker, TrackerError, pot_halves  # noqa: E402

NAN = float("nan")

# (hands, vpip, pfr, three_bet, af, wtsd, wsd, net, net_bb100, rake, scoop, quartered, hi_only, lo_only,
#  allin_hands, allin_ev_net), per player, from the hands' comments:
EXPECTED = {
    # H1 +50, H2 +300 (BB checks, raises the flop), H4 -173 (quartered), H5 -900 (calls bob's open: a 3-bet chance)
    "alice": (4, 2 / 4, 1 / 4, 0.0, 2 / 2, 3 / 4, 2 / 3, -723, 100 * (0.5 + 3 - 173 / 200 - 9) / 4, 30.0,
              0.0, 1 / 3, 0.0, 2 / 3, 0, -723.0),
    # H1 3-bets and takes the high (+50), H2 folds, H5 scoops (+900)
    "bob": (3, 2 / 3, 2 / 3, 1.0, NAN, 2 / 2, 2 / 2, 950, 100 * (0.5 + 9) / 3, 0.0, 1 / 2, 0.0, 1 / 2, 0.0, 0, 950.0),
    # H1 folds the big blind (-100), H2 completes and folds the flop (-300)
    "carol": (2, 1 / 2, 0.0, NAN, NAN, 0 / 1, NAN, -400, 100 * (-1 - 3) / 2, 0.0, NAN, NAN, NAN, NAN, 0, -400.0),
    # H4: $8.55 for $6 in
    "dave": (1, 1.0, 0.0, NAN, 0.0, 1.0, 1.0, 255, 100 * 255 / 200, 30.0, 0.0, 0.0, 1.0, 0.0, 0, 255.0),
    # H4: $4.28 for $6 in
    "erin": (1, 1.0, 0.0, NAN, 0.0, 1.0, 1.0, -172, 100 * -172 / 200, 30.0, 0.0, 1.0, 0.0, 1.0, 0, -172.0),
    # H3 (chips): split 1000/1000; expected 2000 * 29.5/40 = 1475 and 2000 * 10.5/40 = 525
    "xena": (1, 1.0, 0.0, NAN, NAN, 1.0, 1.0, 0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1, 475.0),
    "yuri": (1, 0.0, 0.0, NAN, 1 / 1, 1.0, 1.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1, -475.0),
}
COLUMNS = ("hands", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "net", "net_bb100", "rake", "scoop",
           "quartered", "hi_only", "lo_only", "allin_hands", "allin_ev_net")


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@pytest.fixture()
def db() -> Tracker:
    tracker = Tracker(":memory:")
    assert tracker.add(parse(TEXT)).added == 5
    yield tracker
    tracker.close()


def test_every_statistic_of_every_player(db: Tracker) -> None:
    frame = db.stats()
    assert list(frame.columns[:4]) == ["site", "player", "unit", "currency"]
    assert list(frame.columns[4:]) == list(COLUMNS)
    assert sorted(frame.player) == sorted(EXPECTED)
    for row in frame.itertuples(index=False):
        want = EXPECTED[row.player]
        got = tuple(getattr(row, c) for c in COLUMNS)
        for column, g, w in zip(COLUMNS, got, want):
            assert _same(float(g), float(w)), (row.player, column, g, w)
        assert row.unit == ("chips" if row.player in ("xena", "yuri") else "cents")


def test_unit_and_currency_always_group(db: Tracker) -> None:
    frame = db.stats(by=["site"])
    assert list(frame.columns[:3]) == ["site", "unit", "currency"]
    assert sorted(frame.unit) == ["cents", "chips"]
    cents = frame[frame.unit == "cents"].iloc[0]
    assert cents.hands == 4 + 3 + 2 + 1 + 1 and cents.net == -723 + 950 - 400 + 255 - 172 == -90  # the rake


def test_where_filters_hands_and_players(db: Tracker) -> None:
    frame = db.stats(where="NOT tournament AND site = 'pokerstars'")
    assert "xena" not in set(frame.player)
    only = db.stats(by="player", where="position = 'BB'")
    assert dict(zip(only.player, only.hands)) == {"alice": 3, "carol": 1, "yuri": 1}  # H2, H4, H5; H1; H3


def test_rows_of_a_hand(db: Tracker) -> None:
    rows = db.sql("SELECT player, position, stack, put_in, returned, collected, net, coalesce(folded_street, '-'), saw_flop, "
                  "showdown FROM players JOIN hands USING (hand_key) WHERE hand_id = '9002' ORDER BY seat")
    assert rows.values.tolist() == [
        ["alice", "BB", 10050, 700, 400, 600, 300, "-", True, False],
        ["bob", "BTN", 10050, 0, 0, 0, 0, "preflop", False, False],
        ["carol", "SB", 9900, 300, 0, 0, -300, "flop", True, False],
    ]
    hand = db.sql("SELECT game, structure, big_blind, unit, currency, tournament, board, total_pot, rake, audit, "
                  "n_players, month FROM hands WHERE hand_id = '9004'").values.tolist()
    assert hand == [["Omaha Hi/Lo", "limit", 200, "cents", "USD", False, "As 2h 6c Jd Qh", 1800, 90, "ok", 3,
                     "2024-04"]]
    actions = db.sql("SELECT seq, street, player, kind, amount, added FROM actions JOIN hands USING (hand_key) "
                     "WHERE hand_id = '9002' ORDER BY seq").values.tolist()
    assert actions[:3] == [[0, "preflop", "carol", "small blind", 50, 50], [1, "preflop", "alice", "big blind", 100, 100],
                           [2, "preflop", "bob", "fold", 0, 0]]
    assert actions[-2] == [6, "flop", "alice", "raise", 600, 600] and len(actions) == 8


def test_allin_ev_of_a_turn_allin(db: Tracker) -> None:
    rows = db.sql("SELECT player, allin, allin_ev, allin_ev_hi, allin_ev_lo, allin_ev_error, net FROM players "
                  "JOIN hands USING (hand_key) WHERE hand_id = '9003' ORDER BY player").values.tolist()
    assert rows[0][:2] == ["xena", True] and rows[1][:2] == ["yuri", True]
    # xena: every high (19 rivers the whole pot, 21 the high half); yuri: the low half on 21 of 40 rivers
    assert rows[0][2:6] == pytest.approx([2000 * 29.5 / 40, 2000 * 29.5 / 40, 0.0, 0.0])
    assert rows[1][2:6] == pytest.approx([2000 * 10.5 / 40, 0.0, 2000 * 10.5 / 40, 0.0])
    assert db.sql("SELECT allin_street FROM hands WHERE hand_id = '9003'").values.tolist() == [["turn"]]
    assert db.sql("SELECT count(*) FROM players WHERE allin").values.tolist() == [[2]]


def test_multiway_halves_add_up_to_the_equity() -> None:
    holes = ["As 2s 5d Kc", "Qh Qd Jc Tc", "Ad 3h 9c 9d"]
    board = "Qs 7h 4d"
    from omaha8_fast.cards import card_ids

    halves = pot_halves([card_ids(h) for h in holes], card_ids(board), [])
    assert halves is not None
    for (high, low), result in zip(halves, equity(holes, board)):
        assert high + low == pytest.approx(result.equity, abs=1e-12)
    assert sum(h + lo for h, lo in halves) == pytest.approx(1.0)
    assert halves[1][1] == 0.0  # queens never make a low
    assert 0 < sum(lo for _, lo in halves) < 0.5  # the low half exists on some runouts only


def _halves_by_hand_dead(ids: list[tuple[int, ...]], board: list[int], dead: list[int]) -> list[tuple[float, float]]:
    """Each player's share of the high and the low half over every runout
    (``dead`` out of the deck), settled one runout at a time with
    evaluate_hilo (the reference)."""
    import itertools

    from omaha8_fast.evaluator import evaluate_hilo

    known = tuple(board)
    deck = [c for c in range(52) if c not in set(known).union(*ids, dead)]
    totals = [[0.0, 0.0] for _ in ids]
    count = 0
    for rest in itertools.combinations(deck, 5 - len(known)):
        values = [evaluate_hilo(h, known + rest) for h in ids]
        best_high = min(v[0] for v in values)
        lows = [v[1] for v in values if v[1] is not None]
        winners = [i for i, v in enumerate(values) if v[0] == best_high]
        for i in winners:
            totals[i][0] += (0.5 if lows else 1.0) / len(winners)
        if lows:
            low_winners = [i for i, v in enumerate(values) if v[1] == min(lows)]
            for i in low_winners:
                totals[i][1] += 0.5 / len(low_winners)
        count += 1
    return [(h / count, lo / count) for h, lo in totals]


def _halves_by_hand(holes: list[str], board: str) -> list[tuple[float, float]]:
    """Each player's share of the high and the low half over every runout,
    settled one runout at a time with evaluate_hilo (the reference)."""
    from omaha8_fast.cards import card_ids

    return _halves_by_hand_dead([tuple(card_ids(h)) for h in holes], card_ids(board), [])


def _flat(pairs: list[tuple[float, float]]) -> list[float]:
    return [x for pair in pairs for x in pair]


@pytest.mark.parametrize("holes", [
    ["As 2s 3d Kc", "Ad 2d 3s Kh", "Ah 2h 3c Kd"],  # the same low: a tie of three
    ["As 2s 3d Kc", "Ad 2d 5s Kh", "Ah 3h 5c 9d"],  # ties of two and of three, different pairs
    ["As 2s 3d Kc", "Ad 2d 3s Kh", "Ah 2h 3c Kd", "Qs Qh Jd Jc"],  # a fourth hand without a low
])
def test_multiway_halves_with_lows_tied_three_ways(holes: list[str]) -> None:
    """Both ways of splitting the halves (the runouts settled one by one,
    and the equity kernel's counts with the three-way ties worked out)
    against the reference."""
    from omaha8_fast.cards import card_ids
    from omaha8_fast.tracker._allin import _can_make_low, _counts_kernel

    expected = _flat(_halves_by_hand(holes, "4c 7c Qc"))
    halves = pot_halves(holes, "4c 7c Qc")
    assert halves is not None
    assert _flat(halves) == pytest.approx(expected, abs=1e-12)
    ids = [card_ids(h) for h in holes]
    counts = _counts_kernel(ids, [_can_make_low(h) for h in ids], bytes(card_ids("4c 7c Qc")), b"")
    assert counts is not None
    total = counts[-1][0] * 5040
    assert _flat([(hi / total, lo / total) for _, hi, lo in counts[:-1]]) == pytest.approx(expected, abs=1e-12)
    assert halves[0][1] > 0.1


@pytest.mark.parametrize("seed", range(8))
def test_kernel_halves_of_random_spots_with_dead_cards_match_the_reference(seed: int) -> None:
    """The exact kernel's counts (``_counts_kernel``, as ``allin_ev`` reads
    them) against every runout settled by hand, on random turn and flop
    spots of two or three players with other players' cards dead."""
    import random

    from omaha8_fast.cards import format_cards
    from omaha8_fast.tracker._allin import _can_make_low, _counts_kernel

    rng = random.Random(seed)
    deck = rng.sample(range(52), 4 * 5 + 4)
    players = 2 + seed % 2
    holes = [deck[4 * i:4 * i + 4] for i in range(players)]
    dead = deck[4 * players:20]
    board = deck[20:24 if seed < 6 else 23]  # turn spots, then flop ones
    low_hands = [_can_make_low(h) for h in holes]
    counts = _counts_kernel(holes, low_hands, bytes(board), bytes(dead))
    assert counts is not None
    total = counts[-1][0] * 5040
    got = _flat([(hi / total, lo / total) for _, hi, lo in counts[:-1]])
    expected = _flat(_halves_by_hand_dead([tuple(h) for h in holes], board, dead))
    assert got == pytest.approx(expected, abs=1e-12), [format_cards(h) for h in holes]


def test_pot_halves_refuses_bad_spots() -> None:
    with pytest.raises(ValueError, match="4, 5 or 6 cards"):
        pot_halves(["As 2s 3d Kc", "Ad 2d 3s"], "4c 7c Qc")
    with pytest.raises(ValueError, match="duplicate card"):
        pot_halves(["As 2s 3d Kc", "As 2d 3s Kh"], "4c 7c Qc")
    with pytest.raises(ValueError, match="0, 3, 4 or 5 cards"):
        pot_halves(["As 2s 3d Kc", "Ad 2d 3s Kh"], "4c 7c")
    with pytest.raises(ValueError, match="2 to 9 holes"):
        pot_halves(["As 2s 3d Kc"], "4c 7c Qc")


PREFLOP_THREE_LOWS = """PokerStars Hand #9100:  Omaha Hi/Lo Pot Limit ($1/$2 USD) - 2024/05/01 10:00:00 ET
Table 'P' 6-max Seat #1 is the button
Seat 1: ann ($10 in chips)
Seat 2: ben ($10 in chips)
Seat 3: cat ($10 in chips)
ben: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
ann: raises $4 to $6
ben: raises $4 to $10 and is all-in
cat: calls $8 and is all-in
ann: calls $4 and is all-in
*** FLOP *** [Kd 9s 4c]
*** TURN *** [Kd 9s 4c] [Jh]
*** RIVER *** [Kd 9s 4c Jh] [6d]
*** SHOW DOWN ***
ann: shows [As 2s Qh Qd] (a pair of Queens)
ben: shows [Ac 3d 8h 8s] (a pair of Eights)
cat: shows [2c 5h Ts Tc] (a pair of Tens)
ann collected $30 from pot
*** SUMMARY ***
Total pot $30 | Rake $0
Board [Kd 9s 4c Jh 6d]
"""


def test_preflop_allin_of_three_low_hands_has_its_halves() -> None:
    """Three players with low cards all-in pre-flop: the halves are exact
    too (no longer NULL) and add up to the expected value."""
    [hand] = parse(PREFLOP_THREE_LOWS)
    with Tracker(":memory:") as db:
        assert db.add(hand).added == 1
        rows = db.sql("SELECT player, allin, allin_ev, allin_ev_hi, allin_ev_lo FROM players ORDER BY player")
    assert rows.allin.all()
    assert rows.allin_ev_hi.notna().all() and rows.allin_ev_lo.notna().all()
    assert (rows.allin_ev_hi + rows.allin_ev_lo - rows.allin_ev).abs().max() < 1e-9
    assert rows.allin_ev.sum() == pytest.approx(3000)
    holes = ["As 2s Qh Qd", "Ac 3d 8h 8s", "2c 5h Ts Tc"]
    results = equity(holes)
    for i, result in enumerate(results):
        assert rows.allin_ev[i] == pytest.approx(3000 * result.equity, abs=1e-9)
    assert 0 < rows.allin_ev_lo.sum() < 1500  # a low on some boards only


PREFLOP_FOUR_LOWS = """PokerStars Hand #9101:  Omaha Hi/Lo Pot Limit ($1/$2 USD) - 2024/05/01 10:05:00 ET
Table 'P' 6-max Seat #1 is the button
Seat 1: ann ($10 in chips)
Seat 2: ben ($10 in chips)
Seat 3: cat ($10 in chips)
Seat 4: dan ($10 in chips)
ben: posts small blind $1
cat: posts big blind $2
*** HOLE CARDS ***
dan: raises $4 to $6
ann: raises $4 to $10 and is all-in
ben: calls $9 and is all-in
cat: calls $8 and is all-in
dan: calls $4 and is all-in
*** FLOP *** [Kd 9s 4c]
*** TURN *** [Kd 9s 4c] [Jh]
*** RIVER *** [Kd 9s 4c Jh] [6d]
*** SHOW DOWN ***
ann: shows [As 2s Qh Qd] (a pair of Queens)
ben: shows [Ac 3d 8h 8s] (a pair of Eights)
cat: shows [2c 5h Ts Tc] (a pair of Tens)
dan: shows [3c 4h 7s 7c] (two pair, Sevens and Fours)
dan collected $40 from pot
*** SUMMARY ***
Total pot $40 | Rake $0
Board [Kd 9s 4c Jh 6d]
"""


def test_preflop_allin_of_four_low_hands_splits_the_exact_value() -> None:
    """Four low hands all-in pre-flop: the expected value exact (the equity
    of the four), its halves from the kernel's counts with the lows tied
    three or more ways sampled, adding up to it."""
    [hand] = parse(PREFLOP_FOUR_LOWS)
    with Tracker(":memory:") as db:
        assert db.add(hand).added == 1
        rows = db.sql("SELECT player, allin, allin_ev, allin_ev_hi, allin_ev_lo, allin_ev_error FROM players "
                      "ORDER BY player")
    assert rows.allin.all() and (rows.allin_ev_error == 0).all()
    results = equity(["As 2s Qh Qd", "Ac 3d 8h 8s", "2c 5h Ts Tc", "3c 4h 7s 7c"])
    for i, result in enumerate(results):
        assert rows.allin_ev[i] == pytest.approx(4000 * result.equity, abs=1e-9)
    assert rows.allin_ev_hi.notna().all() and rows.allin_ev_lo.notna().all()
    assert (rows.allin_ev_hi + rows.allin_ev_lo - rows.allin_ev).abs().max() < 1e-9
    # against every runout (pot_halves enumerates them all): only the lows tied three or more ways are
    # sampled (20,000 runouts; at most an eighth of the pot each), so within 4 of their standard errors
    exact = pot_halves(["As 2s Qh Qd", "Ac 3d 8h 8s", "2c 5h Ts Tc", "3c 4h 7s 7c"])
    assert exact is not None
    bound = 4000 * 4 * 0.125 * 0.5 / 20_000 ** 0.5
    for i, (high, low) in enumerate(exact):
        assert abs(rows.allin_ev_lo[i] - 4000 * low) < bound
        assert abs(rows.allin_ev_hi[i] - 4000 * high) < bound


def test_reimport_adds_nothing(tmp_path, db: Tracker) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(TEXT, encoding="utf-8")
    again = db.add(path)
    assert (again.added, again.duplicates, again.error_count) == (0, 5, 0)
    assert len(db) == 5
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "a.txt").write_text(H1 + "\n\n" + H2, encoding="utf-8")
    assert db.add(tmp_path / "more").duplicates == 2
    assert db.sql("SELECT count(*) FROM players").values.tolist() == [[13]]


def test_another_site_reader_gives_the_same_numbers() -> None:
    hands = parse(TEXT)
    with Tracker(":memory:") as db:
        db.add([parse(to_ohh(h))[0] for h in hands])
        frame = db.stats(by="player")
        assert set(db.sql("SELECT DISTINCT site FROM hands").site) == {"ohh"}
        for row in frame.itertuples(index=False):
            assert row.net == EXPECTED[row.player][7] and row.hands == EXPECTED[row.player][0]


def test_add_checks_its_input() -> None:
    with Tracker(":memory:") as db:
        with pytest.raises(TypeError):
            db.add(42)
        with pytest.raises(ValueError):
            db.add(parse(H5), errors="ignore")
        with pytest.raises(TrackerError):
            db.stats(by="nonsense")
        with pytest.raises(TrackerError):
            db.stats(where="player = ")
        with pytest.raises(TrackerError):
            db.stats(where="1 = 1 GROUP BY player; DROP TABLE hands; SELECT 1 WHERE 1=1")
        db.add(parse(H3 + "\n\n" + H4))
        with pytest.raises(TrackerError):
            db.stats(where="no_such_column > 1")
        assert len(db) == 2  # nothing stored was lost
        assert db.stats(where="FALSE").empty


def test_invariants_over_played_hands() -> None:
    """Engine hands with many all-ins: the expected values of a hand add up
    to its pots, each split into its halves; a scoop is no partial win."""
    import random

    from random_play import play_out

    from omaha8_fast.engine import Hand

    rng = random.Random(43)
    hands = []
    for i in range(150):
        n = rng.choice([2, 3, 4])
        hand = Hand([rng.randint(20, 200) for _ in range(n)], button=i % n, small_blind=1, big_blind=2,
                    betting="pot-limit", seed=i)
        hands.append(play_out(hand, rng, raise_below=0.4, fold_below=0.3, shove=0.5))
    with Tracker(":memory:") as db:
        db.add_played(hands, run="check")
        per_hand = db.sql(
            "SELECT hand_key, sum(net)::BIGINT AS net, sum(CASE WHEN allin THEN allin_ev + returned - put_in "
            "ELSE net END) AS ev_net, count_if(allin) AS allins, any_value(allin_street) AS street "
            "FROM players JOIN hands USING (hand_key) GROUP BY hand_key")
        assert (per_hand.net == 0).all()
        assert per_hand.ev_net.abs().max() < 1e-6  # expected values share out exactly the pots
        assert (per_hand.allins > 0).sum() >= 20 and set(per_hand.street.dropna()) == {"preflop", "flop", "turn"}
        halves = db.sql("SELECT allin_ev, allin_ev_hi, allin_ev_lo FROM players WHERE allin AND allin_ev_hi IS NOT NULL")
        assert len(halves) > 0
        assert ((halves.allin_ev_hi + halves.allin_ev_lo - halves.allin_ev).abs() < 1e-6).all()
        assert db.sql("SELECT count(*) FROM players WHERE scoop AND (quartered OR hi_only OR lo_only)").values[0][0] == 0
        assert db.sql("SELECT count(*) FROM players WHERE won_showdown AND NOT showdown").values[0][0] == 0
        assert db.sql("SELECT count(*) FROM players WHERE allin_ev < 0 OR allin_ev_error <> 0").values[0][0] == 0
