"""The traps a new user met in the first hour (issue 14), one test each.

Shell quoting (trap 3) and running every example of the docs (trap 5) are in
tests/test_docs.py.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import omaha8_fast
from omaha8_fast import Range, equity, showdown, split_pot
from omaha8_fast._checks import check_int
from omaha8_fast.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
OMAHA8 = [sys.executable, "-m", "omaha8_fast"]


def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*OMAHA8, *args], capture_output=True, text=True, timeout=120, **kwargs)  # type: ignore[call-overload,no-any-return]


# --- 1. the install text is honest -------------------------------------------------


@pytest.mark.skipif(not README.exists(), reason="README.md is in the source tree only")
def test_install_text_does_not_promise_pypi() -> None:
    for page in (README, ROOT / "docs" / "quickstart.md"):
        text = page.read_text(encoding="utf-8")
        commands = re.findall(r"^\$ (.*)$", text, flags=re.M) + re.findall(r"^\s*pip install .*$", text, flags=re.M)
        assert not [c for c in commands if re.search(r"pip install omaha8[_-]fast\b(?!\[)", c)], page
        assert "not on PyPI yet" in text, page


# --- 2. importing from the repository root -------------------------------------------


def _package_copy(where: Path, with_core: bool) -> Path:
    source = Path(omaha8_fast.__file__).resolve().parent
    target = where / "omaha8_fast"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", *([] if with_core else ["_core.*.so", "_core.*.pyd", "_core.so"])))
    return target


def test_source_tree_without_core_uses_the_installed_copy(tmp_path: Path) -> None:
    checkout, site = tmp_path / "checkout", tmp_path / "site"
    _package_copy(checkout, with_core=False)
    _package_copy(site, with_core=True)
    code = "import omaha8_fast; print(omaha8_fast.evaluate_hilo('As 2s Kd Kh', '3s 4s 5c Qh Jd'), omaha8_fast.__file__)"
    env = dict(os.environ, PYTHONPATH=str(site))
    done = subprocess.run([sys.executable, "-c", code], cwd=checkout, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("(1609, 54321) ") and str(checkout) in done.stdout


def test_source_tree_without_any_core_says_what_to_do(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    _package_copy(checkout, with_core=False)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", "import sys; sys.path.insert(0, ''); import omaha8_fast"],
                          cwd=checkout, capture_output=True, text=True)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: omaha8_fast's compiled core (_core) is missing")
    assert "pip install -e ." in last and "another directory" in last


# --- 4. a typo in a hand is not silently a range -----------------------------------


def test_mistyped_hand_is_refused_not_read_as_a_range() -> None:
    with pytest.raises(ValueError, match="'AsAd2s3' is neither a hand nor an unambiguous range"):
        equity(["AsAd2s3", "KhKd9c8c"])
    assert len(Range("AsAd2s3")) == 4  # an explicit Range still means the range
    done = run(["equity", "AsAd2s3", "KhKd9c8c"])
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "a typo in a hand?" in done.stderr


def test_equity_says_how_each_player_was_read() -> None:
    results = equity(["AsAd2s3d", "ZZ", None, "random"], samples=2000, seed=1)
    left = len(Range("ZZ", dead="AsAd2s3d"))  # the range's hands that the known hand leaves
    assert left < 242164
    assert [r.read_as for r in results] == ["hand", f"range of {left:,} hands", "random", "random"]


def test_cli_says_how_each_player_was_read() -> None:
    done = run(["equity", "AsAd2s3d", "ZZ", "random", "--samples", "2000", "--seed", "1"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "Read as: 1 hand; 2 range of 242,164 hands; 3 random hand"
    data = json.loads(run(["equity", "AsAd2s3d", "ZZ", "random", "--samples", "2000", "--seed", "1", "--json"]).stdout)
    assert [p["read_as"] for p in data["players"]] == ["hand", "range", "random"]
    assert data["players"][1]["hands"] == 242164


# --- 7. no tracebacks: missing tqdm, Ctrl-C, output errors ---------------------------


def test_progress_without_tqdm_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['tqdm'] = None  # as if not installed\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = run(["equity", "AsAd2s3d", "KhKd9c8c", "--progress"], env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "omaha8 equity: error: --progress needs tqdm: pip install tqdm\n"


def _wait_for_cpu(process: subprocess.Popen[str], seconds: float) -> None:
    """Wait until ``process`` has used ``seconds`` of CPU time (Linux:
    /proc; elsewhere that much wall-clock time and a margin): a count of its
    work, not of the clock, so that a busy machine does not cut it short."""
    stat = Path(f"/proc/{process.pid}/stat")
    if not stat.exists():
        time.sleep(3 * seconds)
        return
    tick = os.sysconf("SC_CLK_TCK")
    for _ in range(30_000):
        assert process.poll() is None, process.communicate()
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:  # utime + stime
            return
        time.sleep(0.01)
    raise AssertionError(f"process {process.pid} never used {seconds} s of CPU")


def test_ctrl_c_exits_130_quietly() -> None:
    process = subprocess.Popen([*OMAHA8, "equity", "AsAd2s3d", "random", "random", "--samples", "500000000", "--threads", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_cpu(process, 1.5)  # well into the run: the imports take ~0.5 s of CPU, the job minutes
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130 and out == "" and err == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*OMAHA8, "eval", "AsKd2c3h", "Qs Js 4s"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr == "omaha8 eval: error: cannot write the output: No space left on device\n"


def test_closed_pipe_is_not_an_error() -> None:
    pipeline = f"printf 'AsKd2c3h Qs7h4d\\n%.0s' $(seq 20000) | {sys.executable} -m omaha8_fast eval - | head -1"
    done = subprocess.run(["bash", "-c", f"set -o pipefail; {pipeline}; echo \"${{PIPESTATUS[1]}}\""],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines() == ["6217 -  Ace high / no low", "0"] and done.stderr == ""


# --- 8. the modules named like their functions -------------------------------------


def test_equity_and_showdown_modules_are_importable_and_callable() -> None:
    import omaha8_fast.equity as equity_module
    import omaha8_fast.showdown as showdown_module

    assert equity_module.EXACT_LIMIT == 3_000_000 and callable(equity_module.run_job)
    assert showdown_module.pots_from_contributions([10, 10])[0].amount == 20
    assert equity_module(["AsAd2s3d", "KhKd9c8c"], "2h7s8h") == equity_module.equity(["AsAd2s3d", "KhKd9c8c"], "2h7s8h")
    assert omaha8_fast.showdown("Kh 5c 5d Ac 8s", ["2s 3s Qd Jd", "Ks Kd 9h 9c"], 10).payouts == [5, 5]
    assert showdown("Kh 5c 5d Ac 8s", ["2s 3s Qd Jd", "Ks Kd 9h 9c"], 10).payouts == [5, 5]


# --- 9. one integer rule -----------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: equity(["AsAd2s3d", "KhKd9c8c"], samples=1e5),
        lambda: equity(["AsAd2s3d", "KhKd9c8c"], seed=1.5),
        lambda: equity(["AsAd2s3d", "KhKd9c8c"], threads=2.0),
        lambda: equity(["AsAd2s3d", "KhKd9c8c"], seed=True),
        lambda: split_pot("Kh 5c 5d Ac 8s", ["2s 3s Qd Jd", "Ks Kd 9h 9c"], 100.5),
        lambda: split_pot("Kh 5c 5d Ac 8s", ["2s 3s Qd Jd", "Ks Kd 9h 9c"], 100.0),
        lambda: check_int("3", "x"),
    ],
)
def test_a_float_or_bool_where_an_int_belongs_is_a_type_error(call: object) -> None:
    with pytest.raises(TypeError, match="must be an int, not"):
        call()  # type: ignore[operator]


def test_an_int_out_of_range_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="seed must be an int in 0..18446744073709551615, got -1"):
        equity(["AsAd2s3d", "KhKd9c8c"], seed=-1)
    with pytest.raises(ValueError, match="samples must be at least 1, got 0"):
        equity(["AsAd2s3d", "KhKd9c8c"], samples=0)


# --- 10. messages quote what was typed, and say where ------------------------------


@pytest.mark.parametrize(
    "hole, board, message",
    [
        ("0 1 2 3", "4 5 6", "invalid card '0' at column 1 of '0 1 2 3'"),
        ("As Kd 2c 3h", "Ts;2c 4d", "invalid card ';' at column 3 of 'Ts;2c 4d'"),
        ("As As 2c 3h", "Ks 4d 5c", "duplicate card As in the hole$"),
        ("As Kd 2c 3h", "As 4d 5c", "duplicate card As in the hole and the board$"),
        ("As Kd 2c 3h", "5s 4d 5s", "duplicate card 5s in the board$"),
    ],
)
def test_error_messages_quote_the_input_and_say_where(hole: str, board: str, message: str) -> None:
    from omaha8_fast import evaluate, evaluate_hilo

    for function in (evaluate, evaluate_hilo):
        with pytest.raises(ValueError, match=message):
            function(hole, board)


# --- 11. the command line ----------------------------------------------------------


def test_cli_accepts_unquoted_cards_and_the_board_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    forms = [
        ["eval", "As 2c Kd 7h", "3s 4d 5c Kh Qd"],
        ["eval", "As", "2c", "Kd", "7h", "3s", "4d", "5c", "Kh", "Qd"],
        ["eval", "As", "2c", "Kd", "7h", "/", "3s", "4d", "5c", "Kh", "Qd"],
        ["eval", "As2cKd7h", "--board", "3s 4d 5c Kh Qd"],
    ]
    outputs = []
    for args in forms:
        assert main(args) == 0
        outputs.append(capsys.readouterr().out)
    assert len(set(outputs)) == 1 and "Five-high straight" in outputs[0]
    assert main(["equity", "As", "Ad", "2s", "3d", "Kh", "Kd", "9c", "8c", "/", "2h", "7s", "8h"]) == 0
    positional = capsys.readouterr().out
    assert main(["equity", "AsAd2s3d", "KhKd9c8c", "--board", "2h7s8h"]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == positional.splitlines()[:4]


def test_cli_says_samples_and_seed_are_ignored_when_exact() -> None:
    done = run(["equity", "AsAd2s3d", "KhKd9c8c", "--board", "2h7s8h", "--samples", "10", "--seed", "3"])
    assert done.returncode == 0
    assert done.stderr == ("omaha8 equity: note: --samples and --seed ignored: every runout is enumerated exactly "
                           "(--monte-carlo samples instead)\n")


@pytest.mark.parametrize("command", ["eval", "equity", "range"])
def test_hole_size_3_is_refused(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = {"eval": ["eval", "AsKd2", "Qs Js 4s"], "equity": ["equity", "AsKd2", "QsJs4"], "range": ["range", "AA"]}[command]
    assert main([*args, "--hole-size", "3"]) == 2
    assert "--hole-size must be 4, 5 or 6, not 3" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "AsKd2c3h", "Qs Js 4s"],
        ["showdown", "2s3sQdJd", "KsKd9h9c", "/", "Kh5c5dAc8s"],
        ["equity", "AsAd2s3d", "KhKd9c8c", "--board", "2h7s8h"],
        ["range", "AA:$ds", "--show", "1"],
    ],
)
def test_every_subcommand_has_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*args, "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), dict)


def test_showdown_subcommand_matches_the_function(capsys: pytest.CaptureFixture[str]) -> None:
    holes = ["2s 3s Qd Jd", "Ks Kd 9h 9c", "2h 3h Qc Tc"]
    assert main(["showdown", *holes, "--board", "Kh 5c 5d Ac 8s", "--pot", "301"]) == 0
    assert capsys.readouterr().out == str(showdown("Kh 5c 5d Ac 8s", holes, 301)) + "\n"
    assert main(["showdown", holes[0], "fold", holes[2], "/", "Kh5c5dAc8s", "--pot", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payouts"] == split_pot("Kh 5c 5d Ac 8s", [holes[0], None, holes[2]], 10)


def test_eval_reads_one_hand_per_line_from_stdin() -> None:
    lines = "AsKd2c3h Qs7h4d\n# a comment\nAs 2c Kd 7h / 3s 4d 5c Kh Qd\n"
    done = run(["eval", "-"], input=lines)
    assert done.returncode == 0 and done.stdout.splitlines() == [
        "6217 -  Ace high / no low", "1609 54321  Five-high straight / Five-four low"]
    bad = run(["eval", "-"], input="AsKd2c3h Qs7h4d\nAsKd2c3h Qs7h4x\n")
    assert bad.returncode == 2 and bad.stderr.startswith("omaha8 eval: error: stdin line 2: invalid card '4x'")
    as_json = run(["eval", "-", "--json", "--board", "Qs 7h 4d"], input="AsKd2c3h\nKsKdQcJh\n")
    from omaha8_fast import evaluate_high

    expected = [evaluate_high(hole, "Qs 7h 4d") for hole in ("AsKd2c3h", "KsKdQcJh")]
    assert [json.loads(line)["high"]["value"] for line in as_json.stdout.splitlines()] == expected


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAd2s3d", "KhKd9c8c", "--samples", "1e5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--samples must be a whole number, not '1e5'" in err


# --- 13 and 16. package metadata and extras ----------------------------------------


def test_package_metadata_has_keywords_classifiers_and_urls() -> None:
    meta = importlib.metadata.metadata("omaha8_fast")
    classifiers = meta.get_all("Classifier") or []
    for wanted in ("Programming Language :: Python :: 3.10", "Programming Language :: Python :: 3.14",
                   "Operating System :: OS Independent", "Typing :: Typed", "Development Status :: 3 - Alpha"):
        assert wanted in classifiers
    assert "omaha" in (meta.get("Keywords") or "").lower()


def test_test_extra_is_light_and_peers_are_separate() -> None:
    requires = importlib.metadata.requires("omaha8_fast") or []
    extra = {name: [r.split(";")[0].strip() for r in requires if f'extra == "{name}"' in r]
             for name in ("test", "peers", "docs", "typing")}
    assert len(extra["test"]) <= 4, extra["test"]
    assert not {"phevaluator", "distributed", "poker-equity"} & {re.split(r"[<>=\[ ]", r)[0] for r in extra["test"]}
    assert {"phevaluator", "distributed", "poker-equity"} <= {re.split(r"[<>=\[ ]", r)[0] for r in extra["peers"]}
    assert extra["docs"] and extra["typing"]
