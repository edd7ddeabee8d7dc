"""The omaha8 command line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from omaha8_fast import __version__, available_kernels, evaluate, kernel
from omaha8_fast.cli import main


def test_eval_prints_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "AsKd2c3h", "Qs Js 4s 5d 3c"]) == 0
    out = capsys.readouterr().out
    result = evaluate("AsKd2c3h", "Qs Js 4s 5d 3c")
    assert result.low is not None
    assert f"High: {result.high.description} [{result.high.category}, class {result.high.value}]" in out
    assert f"Low:  {result.low.description} [{result.low.value}]" in out
    low_hole = " ".join(map(str, result.low.hole_cards))
    assert f"hole {low_hole} + board {' '.join(map(str, result.low.board_cards))}" in out


def test_eval_without_low(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "KsKdQcJh", "Qs Js 9s 5d 3c"]) == 0
    assert "Low:  none" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, words",
    [
        (["eval", "AsKd2c", "Qs Js 4s 5d 9c"], "hole must have 4, 5 or 6 cards"),
        (["eval", "AsKd2c3h", "Qs Js 4s 5d As"], "duplicate card As"),
        (["eval", "AsKd2c3x", "Qs Js 4s 5d 9c"], "'3x'"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and words in captured.err and captured.err.startswith("omaha8 eval: error:")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval"]) == 2
    assert capsys.readouterr().err == "omaha8 eval: error: the following arguments are required: CARDS (see omaha8 eval -h)\n"
    assert main(["eval", "AsKd2c3h"]) == 2  # a hole without a board
    assert "board of 3 to 5 cards" in capsys.readouterr().err


def test_module_entry_point_and_version() -> None:
    # each process measures its own kernel choice (two kernels may time within noise of each other): the child
    # is told this process's, so the line must name it; unforced, it names a kernel this CPU runs
    env = {**os.environ, "OMAHA8_KERNEL": kernel()}
    run = subprocess.run([sys.executable, "-m", "omaha8_fast", "--version"], capture_output=True, text=True, env=env)
    assert run.returncode == 0 and run.stdout.strip() == f"omaha8 {__version__} (kernel {kernel()})"
    env.pop("OMAHA8_KERNEL")
    free = subprocess.run([sys.executable, "-m", "omaha8_fast", "--version"], capture_output=True, text=True, env=env)
    assert free.returncode == 0 and free.stdout.strip().startswith(f"omaha8 {__version__} (kernel ")
    assert free.stdout.strip()[len(f"omaha8 {__version__} (kernel "):-1] in available_kernels()
    bad = subprocess.run([sys.executable, "-m", "omaha8_fast", "eval", "As", "Kd"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and "error" in bad.stderr


def test_eval_stdin_goes_on_after_a_bad_line(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import io

    lines = "AsKd2c3h Qs7h4d\nAsKd2c3h Qs7h4x\n\n# a comment\nAs 2c Kd 7h / 3s 4d 5c Kh Qd\nAsAs2c3h Qs7h4d\nKsKd\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["eval", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["6217 -  Ace high / no low", "1609 54321  Five-high straight / Five-four low"]
    errors = captured.err.splitlines()
    assert [e.split(":", 2)[:2] for e in errors[:3]] == [["omaha8 eval", " error"]] * 3
    assert [e.split(": ")[2] for e in errors[:3]] == ["stdin line 2", "stdin line 6", "stdin line 7"]
    assert "invalid card '4x'" in errors[0] and "duplicate card As" in errors[1]
    assert errors[3:] == ["omaha8 eval: error: 3 of 5 lines could not be read"]


def test_eval_stdin_all_good_exits_0(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("AsKd2c3h\nKsKdQcJh\n"))
    assert main(["eval", "-", "--board", "Qs Js 9s 5d 3c", "--json"]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2 and captured.err == ""


def _subcommands() -> set[str]:
    import argparse

    from omaha8_fast.cli import build_parser

    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(actions) == 1
    return set(actions[0].choices)


def _backticked(text: str) -> set[str]:
    import re

    return {word.removeprefix("omaha8 ") for word in re.findall(r"`([^`]+)`", text)}


def test_the_docs_name_every_subcommand() -> None:
    """docs/cli.md (its list and a section each), docs/index.md and README.md
    name exactly the subcommands of the parser."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    commands = _subcommands()
    assert {"eval", "showdown", "equity", "range", "unroll", "graph", "outs", "hh"} <= commands
    cli_page = (root / "docs" / "cli.md").read_text(encoding="utf-8")
    intro = cli_page.split("\n\n")[1]
    assert _backticked(intro) - {"omaha8", "python -m omaha8_fast", "COMMAND -h"} == commands
    headings = {name.strip() for line in re.findall(r"^## (.+)$", cli_page, re.M)
                for name in re.split(r",| and ", line)}
    assert commands <= headings
    for page, link in (("docs/index.md", "(cli.md)"), ("README.md", "(docs/cli.md)")):
        lines = [line for line in (root / page).read_text(encoding="utf-8").splitlines() if link in line]
        assert len(lines) == 1, page
        assert _backticked(lines[0]) == commands, page


_DATA = __import__("pathlib").Path(__file__).parent / "data" / "pokerstars_o8.txt"
_EVERY_SUBCOMMAND = [
    ["eval", "AsKd2c3h", "Qs Js 4s 5d 3c"],
    ["showdown", "2s3sQdJd", "KsKd9h9c", "--board", "Kh5c5dAc8s", "--pot", "10"],
    ["equity", "AsAd2s3d", "KhKd9c8c", "--board", "2h7s8h"],
    ["range", "AA"],
    ["unroll", "As 2s 5d Kc", "Qh Qd Jc Tc", "--board", "Qs 7h 4d 3c 9s"],
    ["graph", "As 2s 5d Kc", "Qh Qd Jc Tc", "--board", "Qs 7h 4d 3c"],
    ["outs", "As 2s 5d Kc", "Qh Qd Jc Tc", "--board", "Qs 7h 4d 9s"],
    ["hh", "audit", str(_DATA)],
    ["hh", "convert", str(_DATA), "--to", "json"],
    ["hh", "show", str(_DATA)],
]


@pytest.mark.parametrize("args", _EVERY_SUBCOMMAND, ids=lambda a: " ".join(a[:2]))
def test_closed_stdout_is_one_line_on_stderr(args: list[str]) -> None:
    """Started with stdout closed (``>&-``): the output cannot be written, so
    one line on stderr and exit 1, no traceback (issue 32, finding 10)."""
    import shlex

    line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "omaha8_fast", *args])
    run = subprocess.run(["bash", "-c", line + " >&-"], capture_output=True, text=True)
    command = args[0]
    assert run.stderr == f"omaha8 {command}: error: cannot write the output: stdout is closed\n", run.stderr
    assert run.returncode == 1
