"""omaha8_fast.tracker's files: bad input and damaged or locked databases
give clear errors and lose nothing, a kill in the middle of ``add`` leaves
only whole hands, Parquet read back by Dask gives the same statistics,
engine runs, the graph and the ``omaha8 db`` command."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("duckdb")
pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from tracker_hands import TEXT  # noqa: E402

from omaha8_fast.histories import parse  # noqa: E402
from omaha8_fast.tracker import Tracker, TrackerError  # noqa: E402

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _many(copies: int) -> str:
    """TEXT ``copies`` times, every hand id made new."""
    return "\n\n\n".join(re.sub(r"Hand #(\d+)", lambda m: f"Hand #{int(m.group(1)) + 10_000 * k}", TEXT)
                         for k in range(copies))


def test_a_file_that_is_no_hand_history(tmp_path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello, this is not poker\n", encoding="utf-8")
    with Tracker(tmp_path / "db.duckdb") as db:
        db.add(parse(TEXT))
        result = db.add(bad)
        assert (result.added, result.error_count) == (0, 1)
        assert "not a known site's hand history format" in result.errors[0]
        with pytest.raises(ValueError, match="not a known site"):
            db.add(bad, errors="raise")
        missing = db.add(tmp_path / "missing.txt")
        assert missing.error_count == 1 and "no such file" in missing.errors[0]
        assert len(db) == 5


def test_ctrl_c_during_add_loses_at_most_the_batch(tmp_path) -> None:
    hands = parse(_many(2))  # 10 hands

    def interrupted():
        yield from hands[:8]
        raise KeyboardInterrupt

    with Tracker(tmp_path / "db.duckdb") as db:
        with pytest.raises(KeyboardInterrupt):
            db.add(interrupted(), batch=3)
        assert len(db) == 6  # two whole batches; the third was never written
        again = db.add(hands, batch=3)
        assert (again.added, again.duplicates) == (4, 6)
        assert db.sql("SELECT count(DISTINCT hand_key), max(hand_key) FROM players").values.tolist() == [[10, 9]]


def test_a_damaged_database_is_refused_and_left_alone(tmp_path) -> None:
    path = tmp_path / "hands.duckdb"
    junk = bytes(random.Random(3).randrange(256) for _ in range(20_000))
    path.write_bytes(junk)
    with pytest.raises(TrackerError, match="hands.duckdb"):
        Tracker(path)
    assert path.read_bytes() == junk
    good = tmp_path / "good.duckdb"
    with Tracker(good) as db:
        db.add(parse(TEXT))
    data = bytearray(good.read_bytes())
    data[:4096] = bytes(4096)  # its header gone
    good.write_bytes(bytes(data))
    with pytest.raises(TrackerError):
        Tracker(good)
    other = tmp_path / "other.duckdb"
    import duckdb

    con = duckdb.connect(str(other))
    con.execute("CREATE TABLE t (x INTEGER)")
    con.close()
    with pytest.raises(TrackerError, match="not a hand tracker's"):
        Tracker(other)


def test_a_second_writer_gets_a_clear_error(tmp_path) -> None:
    path = tmp_path / "hands.duckdb"
    with Tracker(path) as db:
        db.add(parse(TEXT))
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom omaha8_fast.tracker import Tracker\n"
         "db = Tracker(sys.argv[1])\nprint('open', flush=True)\ntime.sleep(60)", str(path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(TrackerError, match="another process holds this database"):
            Tracker(path)
    finally:
        holder.kill()
        holder.wait()
    with Tracker(path) as db:
        assert len(db) == 5


def test_a_kill_during_add_leaves_whole_hands(tmp_path) -> None:
    source = tmp_path / "many.txt"
    source.write_text(_many(400), encoding="utf-8")  # 2,000 hands
    expected = {}
    for hand in parse(TEXT):
        expected[hand.hand_id] = (len(hand.posts) + len(hand.actions))
    rng = random.Random()
    for round_ in range(2):
        path = tmp_path / f"killed{round_}.duckdb"
        child = subprocess.Popen(
            [sys.executable, "-c", "import sys\nfrom omaha8_fast.tracker import Tracker\n"
             "db = Tracker(sys.argv[1])\nprint('go', flush=True)\ndb.add(sys.argv[2], batch=25)",
             str(path), str(source)], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "go"
        time.sleep(rng.uniform(0.05, 1.0))
        child.send_signal(signal.SIGKILL)
        child.wait()
        with Tracker(path) as db:
            count = len(db)
            assert count % 25 == 0 or count == 2000
            orphans = db.sql("SELECT (SELECT count(*) FROM players WHERE hand_key NOT IN (SELECT hand_key FROM hands)) "
                             "+ (SELECT count(*) FROM actions WHERE hand_key NOT IN (SELECT hand_key FROM hands))")
            assert orphans.values.tolist() == [[0]]
            per_hand = db.sql("SELECT h.hand_id, h.n_players, (SELECT count(*) FROM players p WHERE p.hand_key = "
                              "h.hand_key) AS p, (SELECT count(*) FROM actions a WHERE a.hand_key = h.hand_key) AS a "
                              "FROM hands h")
            for hand_id, n_players, players, actions in per_hand.values.tolist():
                assert players == n_players and actions == expected[str(int(hand_id) % 10_000)]
            again = db.add(source)  # the rest goes in; what was stored is a duplicate
            assert again.duplicates == count and again.added == 2000 - count


def test_parquet_read_back_by_dask_gives_the_same_statistics(tmp_path) -> None:
    dd = pytest.importorskip("dask.dataframe")
    import duckdb

    from omaha8_fast.tracker import HANDS, PLAYERS
    from omaha8_fast.tracker._schema import create
    from omaha8_fast.tracker._stats import run_stats

    with Tracker(":memory:") as db:
        db.add(parse(_many(3)))
        want = db.stats()
        counts = db.to_parquet(tmp_path / "pq")
        assert counts == {"hands": 15, "players": 39, "actions": 3 * (12 + 8 + 9 + 15 + 11)}  # posts and actions of H1..H5
        with pytest.raises(TrackerError, match="not empty"):
            db.to_parquet(tmp_path / "pq")
    assert sorted(os.listdir(tmp_path / "pq" / "hands")) == ["site=pokerstars"]
    months = sorted(os.listdir(tmp_path / "pq" / "players" / "site=pokerstars"))
    assert months == ["month=2024-03", "month=2024-04"]
    hands = dd.read_parquet(str(tmp_path / "pq" / "hands")).compute()
    players = dd.read_parquet(str(tmp_path / "pq" / "players")).compute()
    assert len(hands) == 15 and len(players) == 39
    con = duckdb.connect(":memory:")
    create(con)
    hands["site"] = hands["site"].astype(str)
    hands["month"] = hands["month"].astype(str)
    hands_frame = hands[[c for c, _ in HANDS]]
    players_frame = players[[c for c, _ in PLAYERS]]
    con.register("h", hands_frame)
    con.register("p", players_frame)
    con.execute("INSERT INTO hands SELECT * FROM h")
    con.execute("INSERT INTO players SELECT * FROM p")
    got = run_stats(con)
    assert got.drop(columns=["rake", "allin_ev_net", "net_bb100"]).equals(
        want.drop(columns=["rake", "allin_ev_net", "net_bb100"]))
    for column in ("rake", "allin_ev_net", "net_bb100"):
        assert got[column].tolist() == pytest.approx(want[column].tolist())


def test_engine_runs(tmp_path) -> None:
    from random_play import play_out

    from omaha8_fast.engine import Hand

    rng = random.Random(8)

    def run(n: int) -> list[Hand]:
        out = []
        for i in range(n):
            hand = Hand([200, 200, 200], button=i % 3, small_blind=1, big_blind=2, betting="pot-limit", seed=i)
            out.append(play_out(hand, rng, raise_below=0.3, fold_below=0.4, shove=0.2))
        return out

    hands = run(30)
    with Tracker(tmp_path / "engine.duckdb") as db:
        assert db.add_played(hands, run="base").added == 30
        ids = db.sql("SELECT hand_id FROM hands WHERE site = 'engine' ORDER BY hand_key").hand_id.tolist()
        assert ids == [f"base:{i}" for i in range(30)]
        with pytest.raises(ValueError, match="already stored"):
            db.add_played(hands, run="base")
        assert db.add_played(run(10), run="base", replace=True).added == 10
        assert len(db) == 10
        frame = db.stats(by="player")
        assert set(frame.player) == {"Player1", "Player2", "Player3"} and set(frame.hands) == {10}
        assert int(frame.net.sum()) == 0  # no rake: chips only change hands
        with pytest.raises(ValueError, match="without ':'"):
            db.add_played(hands, run="a:b")


def test_engine_nets_are_the_stacks_changes(tmp_path) -> None:
    from random_play import play_out

    from omaha8_fast.engine import Hand

    rng = random.Random(2)
    hands = []
    for i in range(20):
        hand = Hand([300, 300], button=i % 2, small_blind=1, big_blind=2, betting="no-limit", seed=100 + i)
        hands.append(play_out(hand, rng, raise_below=0.3, fold_below=0.3, shove=0.3))
    with Tracker(":memory:") as db:
        db.add_played(hands, run="hu")
        got = db.sql("SELECT hand_id, player, net FROM players JOIN hands USING (hand_key)").values.tolist()
    want = {(f"hu:{i}", f"Player{k + 1}"): h.stacks[k] - 300 for i, h in enumerate(hands) for k in range(2)}
    assert {(a, b): c for a, b, c in got} == want


def test_graph(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    with Tracker(":memory:") as db:
        db.add(parse(_many(4)))
        figure = db.graph("xena", path=tmp_path / "xena.png")
        assert (tmp_path / "xena.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        lines = figure.axes[0].get_lines()
        net, ev = lines[1].get_ydata(), lines[2].get_ydata()  # after the zero line
        assert list(net) == [0.0] * 5 and list(ev) == [475.0 * k for k in range(5)]
        with pytest.raises(ValueError, match="no hands"):
            db.graph("nobody")
        with pytest.raises(TrackerError):
            db.graph("xena", where="bad (")


def test_the_db_command(tmp_path, capsys) -> None:
    import json

    from omaha8_fast.cli import main

    source = tmp_path / "hands.txt"
    source.write_text(TEXT, encoding="utf-8")
    path = str(tmp_path / "cli.duckdb")
    assert main(["db", "add", str(source), "--db", path]) == 0
    assert "5 hands added" in capsys.readouterr().out
    assert main(["db", "add", str(source), "--db", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["duplicates"] == 5
    assert main(["db", "stats", "--db", path, "--by", "player", "--where", "NOT tournament", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["player"]: r["net"] for r in rows} == {"alice": -723, "bob": 950, "carol": -400, "dave": 255,
                                                     "erin": -172}
    assert main(["db", "stats", "--db", path, "--csv"]) == 0
    assert capsys.readouterr().out.startswith("site,player,unit,currency,hands,vpip")
    assert main(["db", "stats", "--db", path, "--where", "player = = 1"]) == 2
    assert "not a valid SQL condition" in capsys.readouterr().err
    out = tmp_path / "bob.png"
    assert main(["db", "graph", "bob", "-o", str(out), "--db", path]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"
    assert main(["db", "stats", "--db", str(tmp_path / "none.duckdb")]) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("nothing here", encoding="utf-8")
    assert main(["db", "add", str(bad), "--db", path]) == 2


def test_the_core_imports_without_the_extra() -> None:
    code = ("import sys\nsys.modules['duckdb'] = None\nimport omaha8_fast, omaha8_fast.histories\n"
            "from omaha8_fast.tracker import Tracker\n"
            "try:\n    Tracker(':memory:')\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "[tracker] extra" in out and "duckdb" in out
