"""``omaha8 hh audit|convert|show``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from omaha8_fast.cli import main

DATA = Path(__file__).resolve().parent / "data"
O8 = str(DATA / "pokerstars_o8.txt")
BAD = str(DATA / "pokerstars_bad_pay.txt")
MIXED = str(DATA / "pokerstars_mixed.txt")


def test_audit_of_good_hands_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "audit", O8, MIXED]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "500000000001  ok"
    assert len(out) == 9 + 3 + 2 + 1  # the hands, the per-site table (a header, one site), the summary
    assert out[-3].split() == ["site", "hands", "other", "games", "errors", "mispaid"]
    assert out[-2].split() == ["pokerstars", "12", "3", "0", "0"]
    assert out[-1] == ("12 hands: 12 ok, 0 mis-paid, 0 unjudged, 0 with a wrong description; "
                       "3 of other games skipped, 0 unreadable")


def test_audit_of_a_mispaid_hand_exits_1_and_says_who_should_get_what(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "audit", BAD]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("530000000001  mispaid: bob should get $5.76, was paid $0; "
                             "alice should get $5.76, was paid $11.52")
    assert "a flush, Queen high" in out[0]
    assert out[1] == "530000000002  unjudged: a player cashed out the hand"
    assert out[-1].startswith("2 hands: 0 ok, 1 mis-paid, 1 unjudged, 1 with a wrong description")


def test_audit_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "audit", "--json", BAD]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0]["hand_id"] == "530000000001" and rows[0]["verdict"] == "mispaid"
    assert rows[0]["differences"] == [{"player": "bob", "expected": 576, "paid": 0},
                                      {"player": "alice", "expected": 576, "paid": 1152}]
    assert rows[-1]["summary"]["mispaid"] == 1


def test_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "audit", str(tmp_path / "missing.txt")]) == 2
    assert "omaha8 hh audit: error:" in capsys.readouterr().err
    broken = tmp_path / "broken.txt"
    broken.write_text((DATA / "pokerstars_o8.txt").read_text(encoding="utf-8").replace("[Kc]", "[Kx]", 1),
                      encoding="utf-8")
    assert main(["hh", "audit", str(broken)]) == 2
    captured = capsys.readouterr()
    assert "hand 500000000001, line 18" in captured.err
    assert "8 hands: 8 ok" in captured.out  # the other hands are still audited


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO((DATA / "pokerstars_o8.txt").read_text(encoding="utf-8")))
    assert main(["hh", "audit", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("9 hands: 9 ok")


def test_show_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "show", O8, "--id", "500000000005"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand 500000000005: Omaha Hi/Lo pot-limit, PokerStars, table 'Uncalled III'")
    assert "ivy raises to 175" in out and "Uncalled bet of 375 returned to ivy" in out
    assert "Site paid: ivy $3.57; rake $0.18; audit: ok" in out
    assert main(["hh", "show", O8, "--id", "1"]) == 2
    assert "no hand 1" in capsys.readouterr().err


def test_convert_to_json_and_phh(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.histories import from_json, from_phh_all, parse_pokerstars

    assert main(["hh", "convert", O8, "--to", "json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [from_json(line) for line in lines] == parse_pokerstars((DATA / "pokerstars_o8.txt").read_text(encoding="utf-8"))
    assert main(["hh", "convert", O8, "--to", "phh"]) == 0
    text = capsys.readouterr().out
    pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    hands = from_phh_all(text)
    assert len(hands) == 9
    assert hands[6].starting_stacks == [1500, 4000, 3000] or sorted(hands[6].starting_stacks) == [1500, 3000, 4000]
