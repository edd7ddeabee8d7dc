"""omaha8_fast.pql: differential against a plain-Python brute force (the
reference evaluator) and against equity(); the parser; each function on
hand-checked cases; Monte Carlo reproducibility; Range.on; the command."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from omaha8_fast import equity
from omaha8_fast.cards import card_ids
from omaha8_fast.evaluator import reference
from omaha8_fast.pql import PQLSyntaxError, run
from omaha8_fast.pql._functions import HAND_TYPES
from omaha8_fast.ranges import Range


def _brute(holes: list[list[int]], board: list[int], dead: list[int] = ()) -> dict[str, list[Fraction]]:
    """Every runout, settled by hand with the reference evaluator: per player
    the mean pot share and the shares of deals won/tied/scooped."""
    used = set(board) | set(dead) | {c for h in holes for c in h}
    rest = [c for c in range(52) if c not in used]
    n = len(holes)
    sums = {k: [Fraction(0)] * n for k in ("eq", "winsHi", "tiesHi", "winsLo", "tiesLo", "scoops")}
    runouts = list(itertools.combinations(rest, 5 - len(board)))
    for extra in runouts:
        full = list(board) + list(extra)
        hi = [reference.evaluate_high(h, full) for h in holes]
        lo = [reference.evaluate_low(h, full) for h in holes]
        best_hi = min(hi)
        hw = [i for i in range(n) if hi[i] == best_hi]
        lows = [x for x in lo if x is not None]
        lw = [i for i in range(n) if lows and lo[i] == min(lows)]
        for i in range(n):
            if lows:
                share = (Fraction(1, 2 * len(hw)) if i in hw else 0) + (Fraction(1, 2 * len(lw)) if i in lw else 0)
            else:
                share = Fraction(1, len(hw)) if i in hw else Fraction(0)
            sums["eq"][i] += share
            sums["winsHi"][i] += i in hw and len(hw) == 1
            sums["tiesHi"][i] += i in hw and len(hw) > 1
            sums["winsLo"][i] += i in lw and len(lw) == 1
            sums["tiesLo"][i] += i in lw and len(lw) > 1
            sums["scoops"][i] += share == 1
    return {k: [v / len(runouts) for v in vs] for k, vs in sums.items()}


_SPOTS = [
    (["AsAd2s3d", "KhKd9c8c"], "2h7s8h4c"),
    (["As2s5d6h", "Ad2d5c6c", "KsQsJdTd"], "3h4h9sKc"),      # quartered lows, three players
    (["Ac2c3d4d", "AhKh2h3s"], "5c6c7h8d9s"),                # river
    (["7c7d8h8s", "5h5s6c6d"], "2c3d4hKs"),                  # no low possible for one
]


@pytest.mark.parametrize("holes, board", _SPOTS)
def test_outcomes_match_a_brute_force(holes: list[str], board: str) -> None:
    names = ["hero", "villain", "p3"][:len(holes)]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, holes))
    funcs = ("winsHi", "tiesHi", "winsLo", "tiesLo", "scoops")
    selectors = ", ".join(f"count({f}({n})) as {f}_{n}" for f in funcs for n in names)
    selectors += ", " + ", ".join(f"avg(fractionalRiverEquity({n})) as eq_{n}" for n in names)
    selectors += ", " + ", ".join(f"avg(riverEquity({n})) as req_{n}" for n in names)
    r = run(f"select {selectors} from game='omaha8', {players}, board='{board}'", exact=True)
    expected = _brute([card_ids(h) for h in holes], card_ids(board))
    assert r.exact and r.trials == len(list(itertools.combinations(range(52 - 4 * len(holes) - len(card_ids(board))),
                                                                   5 - len(card_ids(board)))))
    for i, n in enumerate(names):
        assert r[f"eq_{n}"] == expected["eq"][i]
        assert r[f"req_{n}"] == pytest.approx(float(expected["eq"][i]), abs=1e-12)
        for f in funcs:
            assert r[f"{f}_{n}"] == pytest.approx(float(expected[f][i]), abs=1e-12), (f, n)


def test_a_small_range_on_the_turn_matches_a_brute_force() -> None:
    hero = ["AsAd2s3d", "AsAd2s4d", "AhKc2c3c"]
    villain, board = "KhKd9c8c", "2h7s8h4c"
    r = run(f"select avg(fractionalRiverEquity(hero)) as eq, count(scoops(villain)) as vs from game='omaha8', "
            f"hero='{', '.join(hero)}', villain='{villain}', board='{board}'", exact=True)
    total, scoops = Fraction(0), Fraction(0)
    for h in hero:
        b = _brute([card_ids(h), card_ids(villain)], card_ids(board))
        total += b["eq"][0] / len(hero)
        scoops += b["scoops"][1] / len(hero)
    assert r["eq"] == total
    assert r["vs"] == pytest.approx(float(scoops), abs=1e-12)


def test_flop_spots_match_equity() -> None:
    for holes, board in [(["AsAd2s3d", "KhKd9c8c"], "2h7s8h"), (["Ac2c3d4d", "AhKh2h3s", "9s9hTdJd"], "5c6c7h")]:
        names = ["hero", "villain", "p3"][:len(holes)]
        players = ", ".join(f"{n}='{h}'" for n, h in zip(names, holes))
        sel = ", ".join(f"avg(riverEquity({n})) as e{i}, count(winsHi({n})) as hw{i}, count(tiesLo({n})) as lt{i}, "
                        f"count(scoops({n})) as s{i}, avg(equity({n}, flop)) as f{i}" for i, n in enumerate(names))
        r = run(f"select {sel} from game='omaha8', {players}, board='{board}'", exact=True)
        for i, e in enumerate(equity(holes, board=board)):
            assert r[f"e{i}"] == pytest.approx(e.equity, abs=1e-12)
            assert r[f"f{i}"] == pytest.approx(e.equity, abs=1e-12)
            assert r[f"hw{i}"] == pytest.approx(e.high_win, abs=1e-12)
            assert r[f"lt{i}"] == pytest.approx(e.low_tie, abs=1e-12)
            assert r[f"s{i}"] == pytest.approx(e.scoop, abs=1e-12)


def test_a_range_against_equity_and_the_where_clause() -> None:
    q = "from game='omaha8', hero='A2**:$ds', villain='KhKd9c8c', board='2h7s8h4c'"
    r = run("select avg(riverEquity(hero)) as eq " + q, exact=True)
    [hero, _] = equity([Range("A2**:$ds"), "KhKd9c8c"], board="2h7s8h4c", exact=True)
    assert r["eq"] == pytest.approx(hero.equity, abs=1e-12)
    # the where clause keeps the trials where it holds: the mean over them only
    w = run("select avg(riverEquity(hero)) as eq, count(minHandType(hero, river, twopair)) as lo " + q
            + " where handType(hero, river) >= twopair",
            exact=True)
    assert w["lo"] == 1.0 and w.trials < r.trials


def test_street_functions_by_hand() -> None:
    q = ("select {} as v from game='omaha8', hero='As2s3d8h', villain='KhKd9c8c', board='4s5s9h2dKs'")
    one = lambda expr: run(q.format(f"avg({expr})"), exact=True)["v"]  # noqa: E731
    assert one("loRating(hero, flop)") == 0                  # 4 5 9: two low board cards, no low
    assert one("loRating(hero, turn)") == 54321              # A2/A3 + 4 5 2
    assert one("madeLo(hero, turn)") == 1 and one("madeLo(villain)") == 0
    assert one("minLoRating(hero, turn, 'A2345')") == 1
    assert one("minLoRating(hero, turn, 54321)") == 1 and one("minLoRating(hero, flop, 'A2345')") == 0
    assert one("handType(hero, flop) = highcard") == 1      # 2-3 + 4-5 needs a 6 or an A on the board
    assert one("handType(hero, turn) = straight") == 1 and one("minHandType(hero, turn, straight)") == 1  # A3 + 2 4 5
    assert one("minHandType(hero, turn, flush)") == 0
    assert one("handType(hero, river) = flush") == 1        # As 2s/3? As 2s + 4s 5s Ks
    assert one("handType(villain, river) = trips") == 1
    assert one("hiRating(hero, river)") == 7463 - reference.evaluate_high("As2s3d8h", "4s5s9h2dKs")
    assert one("nutLo(hero, turn)") == 1 and one("bestLoRating(hero, turn)") == 1
    assert one("boardLoCardCount(flop)") == 2 and one("boardLoCardCount(turn)") == 3
    assert one("boardAllowsMadeLo(flop)") == 0 and one("boardAllowsMadeLo(river)") == 1
    assert one("flushingBoard(flop)") == 0 and one("flushingBoard(river)") == 1
    assert one("twoToneBoard(flop)") == 1 and one("monotoneBoard(flop)") == 0 and one("rainbowBoard(flop)") == 0
    assert one("pairedBoard(river)") == 0 and one("straightBoard(flop)") == 0 and one("straightBoard(turn)") == 1
    h = run(q.format("histogram(boardRanks(turn))"), exact=True)["v"]
    assert h == {"9542": 1.0}
    assert one("inRange(hero, 'A2**')") == 1 and one("inRange(villain, 'A2**')") == 0
    assert one("boardInRange('45*')") == 1 and one("boardInRange('4s5s9h2c')") == 0 and one("boardInRange('4s5s9h2x')") == 1 and one("boardInRange('4s5s9h2d')") == 1


def test_nuts_and_outs_by_hand() -> None:
    base = "from game='omaha8', hero='{}', villain='KhKd9c8c', board='{}'"
    one = lambda expr, hero, board: run(f"select avg({expr}) as v " + base.format(hero, board), exact=True)["v"]  # noqa: E731
    # on Ks 7h 2c the nut low needs A3: A-3-x... hero A3 has it (73 2 A? 732A + 3? 7-3-2-A and a fifth: no)
    assert one("nutLo(hero, flop)", "Ah3d4c5c", "7h2c6s9d9s") == 1     # 76432? best: A3 + 762 -> 7632A vs A4? 
    assert one("nutHi(hero, flop)", "QsJsTh2d", "AsKs3s4d5h") == 1      # royal flush
    assert one("nutHi(hero, flop)", "QsJhTh2d", "AsKs3s4d5h") == 0      # any two spades beat Broadway
    # turn outs to a flush: four spades left unseen... hero As2s with board Ks 7s 3d: 13 - 4 = 9 spades
    assert one("outsToHandType(hero, flop, flush)", "As2s5d6h", "Ks7s3d4c9h") == 9
    assert one("outsToHandType(hero, river, flush)", "As2s5d6h", "Ks7s3d4c9h") == 0


def _low_of_two(two: tuple[int, ...], board: list[int]) -> int | None:
    """The best low of exactly these two hole cards and three of the board, by ranks (ace = 1)."""
    best = None
    for three in itertools.combinations(board, 3):
        ranks = {1 if c >> 2 == 12 else (c >> 2) + 2 for c in (*two, *three)}
        if len(ranks) == 5 and max(ranks) <= 8:
            value = int("".join(map(str, sorted(ranks, reverse=True))))
            best = value if best is None else min(best, value)
    return best


def test_nut_low_against_a_brute_force() -> None:
    """nutLo: no two cards outside the hero's hole, the board and the dead cards make a better low."""
    for hero, board in [("Ah3d4c5c", "7h2c6s"), ("2h3h9c9d", "Ad7s8c"), ("AcAd3h3s", "2c4d8h"), ("Ac2d5h5s", "3c4d8h")]:
        hole, b = card_ids(hero), card_ids(board)
        mine = reference.evaluate_low(hole, b)
        rest = [c for c in range(52) if c not in hole and c not in b]
        lows = [_low_of_two(pair, b) for pair in itertools.combinations(rest, 2)]
        best = min(x for x in lows if x is not None) if any(x is not None for x in lows) else None
        expected = mine is not None and (best is None or mine <= best)
        r = run(f"select count(nutLo(hero, flop)) as v from hero='{hero}', villain='*', board='{board}'", trials=64, seed=1)
        assert r["v"] == float(expected), hero


def test_monte_carlo_is_seeded() -> None:
    q = "select avg(riverEquity(hero)) as eq, histogram(handType(hero)) as h from game='omaha8', hero='A2**', villain='*'"
    a, b = run(q, trials=20_000, seed=7), run(q, trials=20_000, seed=7)
    assert a.to_dict() == b.to_dict() and not a.exact and a.seed == 7
    assert run(q, trials=20_000, seed=8)["eq"] != a["eq"]
    [hero, _] = equity([Range("A2**"), "random"], samples=200_000, seed=3)
    assert abs(a["eq"] - hero.equity) < 0.02


def test_exact_limit_and_impossible_ranges() -> None:
    with pytest.raises(ValueError, match="limit"):
        run("select avg(riverEquity(hero)) from hero='A2**', villain='*'", exact=True)
    with pytest.raises(ValueError, match="no deal fits|empty"):
        run("select avg(riverEquity(hero)) from hero='AsAd2s3d', villain='As**', board='Kd7c2h'", exact=True)
    with pytest.raises(ValueError, match="where clause"):
        run("select avg(riverEquity(hero)) from hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c5d' "
            "where madeLo(villain)", exact=True)


def test_syntax_errors_have_line_column_and_expected() -> None:
    with pytest.raises(PQLSyntaxError) as info:
        run("select avg(riverEquity(hero))\nfrom game='omaha8', hero='AA' villain='*'")
    assert (info.value.line, info.value.column) == (2, 31) and "',' , 'where' or the end" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(PQLSyntaxError, match="did you mean 'riverEquity'"):
        run("select avg(riverEquty(hero)) from hero='AA', villain='*'")
    with pytest.raises(PQLSyntaxError, match="did you mean 'nutLo'"):
        run("select count(nutlow(hero)) from hero='AA', villain='*'")
    with pytest.raises(PQLSyntaxError, match="not a player"):
        run("select avg(riverEquity(villian)) from hero='AA', villain='*'")
    with pytest.raises(PQLSyntaxError, match="unterminated"):
        run("select avg(riverEquity(hero)) from hero='AA")
    with pytest.raises(ValueError, match="count\\(\\) needs a condition"):
        run("select count(riverEquity(hero)) from hero='AA', villain='*'")
    with pytest.raises(ValueError, match="trials"):
        run("select avg(riverEquity(hero)) from hero='AA', villain='*'", trials=True)  # type: ignore[arg-type]


def test_range_on_a_board() -> None:
    on = Range("A2**:$ds, A3**:$ds, 34**:$ds").on("7h5d2c")
    nut = on.where("nutLo")
    # the nut low on 7-5-2 is A-3 (7532A): every hand kept holds an ace and a three
    assert len(nut) > 0
    assert all({c >> 2 for c in hand} >= {12, 1} for hand in nut)
    made = on.where("madeLo")
    assert len(nut) < len(made) <= len(on)
    assert on.share("madeLo") == pytest.approx(len(made) / len(on))
    table = on.composition()
    assert table.rows[0][2] == len(made) and "made low" in str(table)


def test_the_command(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from omaha8_fast.cli import main

    q = "select avg(riverEquity(hero)) as eq from game='omaha8', hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c'"
    monkeypatch.setattr(sys, "stdin", io.StringIO(q))
    assert main(["pql", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["values"]["eq"] == pytest.approx(0.9125)
    assert main(["pql", "select x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "column 8" in err


@pytest.mark.slow
def test_a_flop_spot_with_a_tiny_range_matches_a_brute_force() -> None:
    hero, villain, board = ["Ac2c3d4d", "AhKh2h3s"], "7c7d8h8s", "5c6c9h"
    r = run(f"select avg(fractionalRiverEquity(hero)) as eq, count(tiesLo(hero)) as lt from game='omaha8', "
            f"hero='{', '.join(hero)}', villain='{villain}', board='{board}'", exact=True)
    eq, lt = Fraction(0), Fraction(0)
    for h in hero:
        b = _brute([card_ids(h), card_ids(villain)], card_ids(board))
        eq, lt = eq + b["eq"][0] / 2, lt + b["tiesLo"][0] / 2
    assert r["eq"] == eq and r["lt"] == pytest.approx(float(lt), abs=1e-12)


def test_the_plan_timeout_and_progress() -> None:
    q = "select avg(riverEquity(hero)) as eq from game='omaha8', hero='AsAd2s3d', villain='KhKd9c8c'{}"
    assert run(q.format(", board='2h7s8h'")).exact                       # 820 deals: enumerated
    assert not run(q.format(""), trials=1000, seed=1).exact              # 1,086,008 deals: sampled
    seen: list[tuple[int, int]] = []
    r = run(q.format(""), trials=200_000, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (200_000, 200_000) and len(seen) == 4
    with pytest.raises(TimeoutError, match="after 0 of"):  # the deadline passed before any deal was done
        run(q.format(""), trials=10 ** 9, seed=1, exact=False, timeout=1e-9)
    with pytest.raises(TimeoutError):  # the players' hands are known: exact runs in chunks of the first board cards
        run("select avg(riverEquity(hero)) from hero='A2**:$ds', villain='KhKd9c8c', board='Ks7h2d'", exact=True,
            timeout=1e-9)
    assert r.trials == 200_000


def test_hooks_load_their_provider() -> None:
    from omaha8_fast._hooks import RANGE_BOARD
    from omaha8_fast.pql import RangeOnBoard

    assert isinstance(RANGE_BOARD("on")(Range("AA"), "Kc7d2h", ()), RangeOnBoard)


@pytest.mark.slow
def test_plots_render(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    r = run("select histogram(handType(hero)) as h, avg(riverEquity(hero)) as eq from game='omaha8', "
            "hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c'")
    ax = r.plot()
    assert [t.get_text() for t in ax.get_xticklabels()] == list(r["h"])
    with pytest.raises(ValueError, match="not a histogram"):
        r.plot("eq")
    ax2 = Range("A2**").on("7h5d2c").composition().plot()
    assert len(ax2.patches) == 9
    assert "<table>" in r._repr_html_()


@pytest.mark.slow
def test_the_batch_command(tmp_path: object) -> None:
    import csv
    import io
    from pathlib import Path

    path = Path(str(tmp_path)) / "q.csv"
    ok = "select count(scoops(hero)) as s from game='omaha8', hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c'"
    path.write_text(f'query\n"{ok}"\nselect x\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "omaha8_fast", "pql", "--batch", str(path)], capture_output=True,
                         text=True)
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert rows[0]["name"] == "s" and float(rows[0]["value"]) == pytest.approx(0.825) and rows[0]["exact"] == "True"
    assert rows[1]["row"] == "2" and "unknown selector" in rows[1]["error"]


def test_weighted_ranges_match_equity() -> None:
    text = "AsAd2s3d@3, AhKh2h3s@1, 9s9hTdJd@2"
    r = run(f"select avg(riverEquity(hero)) as eq, count(scoops(hero)) as s from game='omaha8', hero='{text}', "
            "villain='KcQc8d7d', board='2c7h8h4s'", exact=True)
    [hero, _] = equity([Range(text), "KcQc8d7d"], board="2c7h8h4s", exact=True)
    assert r["eq"] == pytest.approx(hero.equity, abs=1e-12) and r["s"] == pytest.approx(hero.scoop, abs=1e-12)
    assert r.trials == 40 * (3 + 1 + 2) and r.deals == 3 * 40  # 40 rivers; the trials are the total weight


@pytest.mark.parametrize("holes, game", [(["AsAd2s3d9c", "KhKd9h8c4s"], "omaha8"), (["AsAd2s3d9c", "KhKd9h8c4s"], "omaha85"),
                                         (["AsAd2s3d9cTc", "KhKd9h8c4s5s"], "omaha86")])
def test_five_and_six_card_hands_match_equity(holes: list[str], game: str) -> None:
    r = run(f"select avg(riverEquity(hero)) as eq, count(winsLo(villain)) as wl from game='{game}', "
            f"hero='{holes[0]}', villain='{holes[1]}', board='2h7s8h'", exact=True)
    hero, villain = equity(holes, board="2h7s8h")
    assert r["eq"] == pytest.approx(hero.equity, abs=1e-12) and r["wl"] == pytest.approx(villain.low_win, abs=1e-12)


def test_hand_type_histogram_of_one_player_matches_brute_force() -> None:
    # no showdown function: the hero is evaluated alone (o8_pql_evals), the histogram counted by bincount
    hero, villain, board = "As2s3d8h", "KhKd9c8c", "4s5s9h2d"
    r = run(f"select histogram(handType(hero)) as h, histogram(loRating(hero)) as lo, "
            f"avg(hiRating(hero, turn)) as t from game='omaha8', hero='{hero}', villain='{villain}', "
            f"board='{board}'", exact=True)
    seen = set(card_ids(hero + villain + board))
    rivers = [c for c in range(52) if c not in seen]
    types: dict[str, int] = {}
    lows: dict[int, int] = {}
    for c in rivers:
        full = card_ids(board) + [c]
        name = HAND_TYPES[8 - sum(reference.evaluate_high(card_ids(hero), full) > x
                                  for x in (10, 166, 322, 1599, 1609, 2467, 3325, 6185))]
        types[name] = types.get(name, 0) + 1
        low = reference.evaluate_low(card_ids(hero), full) or 0
        lows[low] = lows.get(low, 0) + 1
    assert r.trials == len(rivers) == 40
    assert r["h"] == {k: pytest.approx(v / 40) for k, v in types.items()}
    assert r["lo"] == {k: pytest.approx(v / 40) for k, v in lows.items()}
    assert r["t"] == 7463 - reference.evaluate_high(card_ids(hero), card_ids(board))
