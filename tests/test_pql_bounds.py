"""omaha8_fast.pql on hostile input: every query either answers correctly or
is refused with a ValueError/TypeError/TimeoutError naming the problem; never
a RecursionError, a wrapped integer, a NaN read as true, a cache that grows
without bound or a timeout that is not honoured (docs/resource-bounds.md)."""

from __future__ import annotations

import csv
import json
import math
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from omaha8_fast import Range, equity
from omaha8_fast.pql import PQLSyntaxError, _functions, run
from omaha8_fast.pql._deals import CHUNK
from omaha8_fast.pql._parser import MAX_TREE_DEPTH

# Two known hands on a turn: 40 deals, enumerated.
HEADS_UP = " from game='omaha8', hero='Kc Qd Jh Td', villain='As 2s 3c 4c', board='9h 8h 5d 3d'"


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """time.monotonic advancing 10 ms a call: a timeout of 1 s passes after
    about a hundred checks, however fast or loaded the machine."""
    now = [1000.0]

    def tick() -> float:
        now[0] += 0.01
        return now[0]
    monkeypatch.setattr(time, "monotonic", tick)
    yield


def test_a_long_operator_chain_is_a_syntax_error_not_a_crash() -> None:
    chain = "+".join(["2"] * 4000)
    with pytest.raises(PQLSyntaxError, match="too deep"):
        run(f"select avg({chain}) as v" + HEADS_UP)
    with pytest.raises(PQLSyntaxError, match="too deep"):
        run("select count(true) as c" + HEADS_UP + " where " + " and ".join(["true"] * 1000))
    short = "+".join(["2"] * (MAX_TREE_DEPTH - 5))
    assert run(f"select avg({short}) as v" + HEADS_UP)["v"] == 2 * (MAX_TREE_DEPTH - 5)


def test_integers_never_wrap() -> None:
    beyond = 10 ** 19 + 12345  # past int64: read as the nearest float
    assert run(f"select avg({beyond}) as v" + HEADS_UP)["v"] == pytest.approx(1e19)
    assert run(f"select avg({2 ** 63}) as v" + HEADS_UP)["v"] == pytest.approx(2.0 ** 63)
    big = run("select avg(hiRating(hero) * 1000000000000000) as v, avg(hiRating(hero)) as h" + HEADS_UP)
    assert big["v"] == pytest.approx(big["h"] * 1e15)
    four = run("select avg(loRating(villain) * loRating(villain) * loRating(villain) * loRating(villain)) as v,"
               " min(loRating(villain)) as lo" + HEADS_UP)
    assert four["v"] >= four["lo"] ** 4 > 0  # some products exceed int64: the mean stays positive
    small = run("select avg(hiRating(hero) * 3 - 1) as v, max(hiRating(hero) * 3 - 1) as m" + HEADS_UP)
    assert isinstance(small["m"], int)  # small integer arithmetic stays exact ints


def test_non_ascii_digits_are_not_numbers() -> None:
    with pytest.raises(PQLSyntaxError, match="unexpected character"):
        run("select avg(\u0663) as v" + HEADS_UP)  # ARABIC-INDIC DIGIT THREE
    with pytest.raises(ValueError, match="low rating"):
        run("select count(minLoRating(villain, river, '\u0668\u0667\u0666\u0665\u0664')) as c" + HEADS_UP)


def test_a_nan_condition_is_refused() -> None:
    with pytest.raises(ValueError, match="NaN"):
        run("select count(true) as c" + HEADS_UP + " where 0/0")
    with pytest.raises(ValueError, match="NaN"):
        run("select count(not (0/0)) as c" + HEADS_UP)
    with pytest.raises(ValueError, match="NaN"):
        Range("A2**").on("7h5d2c").where("0/0")
    # an infinite value is a number other than 0: true
    assert run("select count(true) as c" + HEADS_UP + " where 1/0")["c"] == 1.0


def test_weights_beyond_64_bit_counts_are_refused() -> None:
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rest = [c for c in deck if c not in ("2c", "7d", "Kh")]
    n = 8
    pool = rest[4 * n:]
    ranges = [f"{''.join(rest[4 * i:4 * i + 4])}@100, {''.join(rest[4 * i:4 * i + 3] + [pool[i]])}@99"
              for i in range(n)]
    query = ("select avg(riverEquity(p1)) as eq from game='omaha8', "
             + ", ".join(f"p{i + 1}='{r}'" for i, r in enumerate(ranges)) + ", board='2c7dKh'")
    with pytest.raises(ValueError, match="too large for exact counts"):
        run(query, exact=True)
    with pytest.raises(ValueError, match="too large for exact counts"):
        equity(ranges, board="2c7dKh", exact=True)  # the same refusal
    sampled = run(query, trials=2000, seed=3)  # exact=None samples such a spot
    assert not sampled.exact and 0 <= sampled["eq"] <= 1


def test_weighted_sums_of_large_values_stay_exact() -> None:
    query = ("select avg(hiRating(hero) * 100000000000000) as v, avg(hiRating(hero)) as h from game='omaha8', "
             "hero='KcQdJhTd@100, KcQdJhTs@99', villain='As2s3c4c', board='9h8h5d3d'")
    r = run(query, exact=True)
    assert r.trials == 100 * 40 + 99 * 40 and r["v"] == pytest.approx(r["h"] * 1e14)


@pytest.mark.parametrize("game, size", [("omaha85", 5), ("omaha8-6", 6)])
def test_random_players_get_the_games_hole_size(game: str, size: int) -> None:
    r = run(f"select avg(riverEquity(hero)) as eq, avg(handType(hero) >= pair) as p from game='{game}', "
            "hero='*', villain='*'", trials=3000, seed=2)
    assert 0.4 < r["eq"] < 0.6 and r.trials == 3000
    players = ", ".join(f"p{i}='*'" for i in range(1, 9))
    query = f"select avg(riverEquity(p1)) as e from game='{game}', {players}, dead='2c2d'"
    if size == 5:  # 8 holes of 5, 5 board and 2 dead cards: 47 of 52
        assert run(query, trials=50, seed=1).trials == 50
    else:  # 8 holes of 6: 55 cards
        with pytest.raises(ValueError, match="not enough cards"):
            run(query, trials=50, seed=1)


def test_to_dict_is_strict_json() -> None:
    r = run("select avg(0/0) as n, max(1/0) as i, min(-1/0) as j, avg(riverEquity(hero)) as eq" + HEADS_UP)
    data = r.to_dict()
    text = json.dumps(data, allow_nan=False)  # raises on NaN or Infinity
    assert data["values"]["n"] is None and data["values"]["i"] is None and data["values"]["j"] is None
    assert json.loads(text)["values"]["eq"] == pytest.approx(r["eq"])


def test_timeout_cuts_a_chunk_of_slow_functions(fake_clock: None) -> None:
    # equity(hero, preflop) costs milliseconds a deal: the deadline is checked inside the chunk
    r = run("select avg(equity(hero, preflop)) as eq from game='omaha8', hero='AsAd2s3d', villain='*'",
            seed=1, timeout=1)
    assert r.timed_out and 0 < r.deals < CHUNK
    with pytest.raises(TimeoutError, match="exact"):
        run("select count(nutLo(hero)) as n from game='omaha8', hero='*', villain='8c6h2c2hKh5c', "
            "p3='QdTc5d7s8hTh', p4='6dAdJd9d2d6s', board='8sJs9c6c'", exact=True, timeout=1)


def test_timeout_counts_the_setup(fake_clock: None) -> None:
    # every check advances the clock: a timeout spent before the first deal is an error, not a result
    with pytest.raises(TimeoutError, match="after 0 of"):
        run("select avg(riverEquity(hero)) as eq from game='omaha8', hero='AsAd2s3d', villain='*'",
            seed=1, timeout=0.005)


def test_the_range_cache_is_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_functions, "RANGE_CACHE_BYTES", 1 << 20)
    monkeypatch.setattr(_functions, "_range_cache", type(_functions._range_cache)())
    q = ("select count(inRange(hero, '{}')) as c from game='omaha8', hero='*', villain='KhKd9c8c', "
         "board='2h7s8h'")
    everything = run(q.format("*"), trials=500, seed=1)  # 270,725 hands: 1.1 MB, never kept
    assert everything["c"] == 1.0 and not _functions._range_cache
    for text in ("AA", "A2", "KK", "A2*", "AK"):
        run(q.format(text), trials=500, seed=1)
    held = sum(v.nbytes for v in _functions._range_cache.values())
    assert 0 < held <= 1 << 20
    for _ in range(40):  # many texts of one large range keep nothing more
        run(q.format("A***"), trials=10, seed=1)
    assert sum(v.nbytes for v in _functions._range_cache.values()) <= 1 << 20


def test_membership_agrees_with_the_range() -> None:
    r = run("select count(inRange(hero, 'A2**, KKxx')) as c from game='omaha8', hero='*', villain='*'",
            trials=4000, seed=5)
    rng = Range("A2**, KKxx")
    assert 0.02 < r["c"] < 0.2
    assert abs(r["c"] - len(rng) / math.comb(52, 4)) < 0.03


def test_range_on_takes_a_timeout(fake_clock: None) -> None:
    on = Range("A***").on("7h5d2c")
    with pytest.raises(TimeoutError):
        on.share("nutHi", timeout=0.5)
    with pytest.raises(TimeoutError):
        on.where("nutHi", timeout=0.5)
    with pytest.raises(TimeoutError):
        on.composition(timeout=0.5)
    with pytest.raises(ValueError, match="timeout"):
        on.share("madeLo", timeout=0)


def _command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import sys; from omaha8_fast.cli import main; sys.exit(main())", "pql", *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


@pytest.mark.slow
def test_the_command_reports_bad_rows_and_goes_on(tmp_path: Path) -> None:
    good = "select avg(riverEquity(hero)) as eq" + HEADS_UP
    deep = "select avg(" + "+".join(["1"] * 3000) + ")" + HEADS_UP
    path = tmp_path / "queries.csv"
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows([["query"], [good], [deep], ["y" * 150_000], [good]])
    p = _command("--batch", str(path))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    rows = list(csv.reader(p.stdout.splitlines()))[1:]
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    assert rows[0][3] == rows[3][3] and rows[1][7].startswith("line 1") and "field limit" in rows[2][7]
    assert len(p.stderr.strip().splitlines()) == 2
    single = _command(deep)
    assert single.returncode != 0 and "Traceback" not in single.stderr
    assert len(single.stderr.strip().splitlines()) == 1
    nan = _command("select avg(0/0) as n" + HEADS_UP, "--json")
    assert json.loads(nan.stdout, parse_constant=lambda c: pytest.fail(f"{c} in the JSON"))["values"]["n"] is None


def test_large_integer_sums_are_exact_in_python_ints() -> None:
    from omaha8_fast.pql._run import _int_sum

    values = np.full(10, 2 ** 62, dtype=np.int64)
    assert _int_sum(values, None) == 10 * 2 ** 62
    assert _int_sum(values, np.full(10, 3, dtype=np.int64)) == 30 * 2 ** 62
    assert _int_sum(np.array([-5, 7], dtype=np.int64), None) == 2
