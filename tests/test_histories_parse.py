"""parse()/read() over the registry of site readers (issue 26): the site
found per hand, errors raised, skipped or collected with hand id and line,
unknown text refused saying what it looks like, directories, the shared
bounds (long lines, long hands, binary garbage), a reader written against
the SiteReader protocol alone, OHH read and written, to_dataframe and the
``omaha8 hh`` commands over all of it."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha8_fast import histories
from omaha8_fast.cli import main
from omaha8_fast.engine import Hand
from omaha8_fast.histories import (
    HandHistoryError,
    HandHistoryWarning,
    ImportedHand,
    from_ohh,
    parse,
    parse_pokerstars,
    read,
    to_ohh,
)
from omaha8_fast.histories import _sites

DATA = Path(__file__).parent / "data"
O8 = (DATA / "pokerstars_o8.txt").read_text(encoding="utf-8")
MIXED = (DATA / "pokerstars_mixed.txt").read_text(encoding="utf-8")
BROKEN = "PokerStars Hand #77:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET\nSeat 1: a (10 in chips)\n"


def _key(hand: ImportedHand) -> tuple[object, ...]:
    return (hand.hand_id, hand.hole_size, hand.betting, hand.unit, hand.seats, [p[:5] for p in hand.posts],
            [a[:6] for a in hand.actions], hand.boards, hand.hole_cards, hand.paid, hand.total_pot, hand.rake,
            hand.returned, hand.mucked)


# --- the registry and parse ---------------------------------------------------------------------------------


def test_the_registry_lists_pokerstars_and_ohh() -> None:
    assert {"pokerstars", "ohh"} <= set(histories.sites())
    assert all(isinstance(r, histories.SiteReader) for r in histories.readers())


def test_parse_reads_pokerstars_as_parse_pokerstars_does() -> None:
    hands = parse(O8 + "\n\n" + MIXED)
    assert [_key(h) for h in hands] == [_key(h) for h in parse_pokerstars(O8) + parse_pokerstars(MIXED)]
    assert {h.site for h in hands} == {"pokerstars"}
    assert hands.stats["pokerstars"].hands == len(hands) and hands.stats["pokerstars"].skipped == 3
    assert sum(hands.skipped.values()) == 3 and all(k.startswith("pokerstars: ") for k in hands.skipped)


def test_a_text_may_mix_sites_hand_by_hand() -> None:
    stars = parse_pokerstars(O8)
    text = O8 + "\n\n" + to_ohh(stars[0]) + "\n" + to_ohh(stars[1], indent=2) + "\n\n" + O8
    hands = parse(text)
    assert [h.site for h in hands] == ["pokerstars"] * 9 + ["ohh"] * 2 + ["pokerstars"] * 9
    assert [_key(h) for h in hands[9:11]] == [_key(h) for h in stars[:2]]
    assert hands.stats["ohh"].hands == 2


def test_site_forces_one_reader() -> None:
    assert len(parse(O8, "pokerstars")) == 9
    with pytest.raises(HandHistoryError, match="not a ohh hand history"):
        parse(O8, "ohh")
    with pytest.raises(ValueError, match="no reader for site 'nosuch'"):
        parse(O8, "nosuch")


@pytest.mark.parametrize(("text", "looks"), [
    ("hello\nworld", None),
    ("PokerStars Tournament #123, Omaha Hi/Lo Pot Limit\nBuy-In: $10", "a PokerStars text that is no hand"),
    ("<?xml version='1.0'?>\n<session/>", "XML"),
    ("\x00\x01\x02\x03\x04\x05 garbage \x06\x07", "binary data, not text"),
])
def test_unknown_text_is_refused_saying_what_it_looks_like(text: str, looks: str | None) -> None:
    with pytest.raises(HandHistoryError, match="not a known site's hand history format") as caught:
        parse(text)
    assert caught.value.line == 1
    if looks:
        assert f"looks like {looks}" in str(caught.value)
    collected = parse(text, errors="collect")
    assert list(collected) == [] and collected.error_count == 1 and collected.stats["unknown"].errors == 1


def test_blank_text_is_no_hand_and_no_error() -> None:
    assert parse("") == [] and parse("\n\n  \n") == []


def test_errors_raise_skip_collect() -> None:
    text = O8 + "\n\n" + BROKEN + "\n\n" + MIXED
    with pytest.raises(HandHistoryError) as caught:
        parse(text)
    assert caught.value.hand_id == "77"
    line = len(O8.split("\n")) + 2  # the broken hand's header line
    assert caught.value.line == line + 1  # its missing table line
    collected = parse(text, errors="collect")
    assert len(collected) == 12 and collected.error_count == 1
    assert (collected.errors[0].hand_id, collected.errors[0].line) == ("77", line + 1)
    with pytest.warns(HandHistoryWarning, match="1 hand\\(s\\) could not be read.*hand 77"):
        skipped = parse(text, errors="skip")
    assert list(skipped) == list(collected) and skipped.error_count == 1
    with pytest.raises(ValueError, match="errors must be"):
        parse(text, errors="ignore")  # type: ignore[arg-type]


def test_kept_errors_are_bounded_and_counted() -> None:
    text = "\n".join(BROKEN.replace("#77", f"#{k}") for k in range(250))
    collected = parse(text, errors="collect")
    assert collected.error_count == 250 and len(collected.errors) == histories._reading.MAX_KEPT_ERRORS


def test_only_other_games_raise_unless_asked_to_skip() -> None:
    holdem = "\n\n".join(block for block in MIXED.split("\n\n") if "Razz" in block)
    assert holdem.startswith("PokerStars Hand #520000000001")
    with pytest.raises(HandHistoryError, match="no Omaha Hi/Lo hand: the text looks like hands of other games: "
                                               "pokerstars: HORSE: Razz"):
        parse(holdem)
    collected = parse(holdem, errors="collect")
    assert list(collected) == [] and sum(collected.skipped.values()) >= 1


def test_read_streams_a_file_a_stream_and_a_directory(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text(MIXED, encoding="utf-8")
    (tmp_path / "a.txt").write_text(O8.replace("\n", "\r\n"), encoding="utf-8")
    (tmp_path / "c.txt").write_text(BROKEN, encoding="utf-8")
    (tmp_path / ".hidden").write_text("garbage", encoding="utf-8")
    reader = read(tmp_path, errors="collect")
    hands = list(reader)
    assert [h.hand_id for h in hands] == [h.hand_id for h in parse_pokerstars(O8) + parse_pokerstars(MIXED)]
    assert reader.error_count == 1 and reader.errors[0].path == str(tmp_path / "c.txt")
    assert list(read(tmp_path / "b.txt")) == parse_pokerstars(MIXED)
    assert list(read(io.StringIO(O8))) == parse_pokerstars(O8)
    with pytest.raises(TypeError):
        read(42)  # type: ignore[arg-type]


# --- bounds: never a hang, never a memory blow-up ----------------------------------------------------------


def test_a_hand_of_10000_actions_is_an_error_of_that_hand() -> None:
    head, _, rest = O8.partition("*** HOLE CARDS ***\n")
    long_hand = head + "*** HOLE CARDS ***\n" + "gus: checks\n" * 10_000 + rest.split("\n\n\n")[0]
    hands = parse(long_hand + "\n\n\n" + O8, errors="collect")
    assert len(hands) == 9 and hands.error_count == 1
    assert "more than 2000 lines" in hands.errors[0].message and hands.errors[0].line == 1


def _long_line(size: int) -> str:
    return O8.split("\n\n\n")[0].replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\n" + "x" * size)


def test_a_long_line_is_an_error_of_its_hand() -> None:
    hands = parse(_long_line(200_000) + "\n\n\n" + O8, errors="collect")
    assert len(hands) == 9 and hands.error_count == 1
    assert "line longer than 4096 characters" in hands.errors[0].message


@pytest.mark.slow
def test_a_50_mb_line_and_50_mb_of_garbage_read_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text(_long_line(50_000_000) + "\n\n\n" + O8, encoding="utf-8")
    tracemalloc.start()
    try:
        reader = read(path, errors="collect")
        hands = list(reader)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(hands) == 9 and reader.error_count == 1
    assert peak < 40_000_000  # the chunks, never the whole line
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 200_000)
    reader = read(garbage, errors="collect")
    assert list(reader) == [] and reader.error_count == 1
    assert "binary data" in str(reader.errors[0])
    assert parse(_long_line(50_000_000) + "\n\n\n" + O8, errors="collect").error_count == 1


def test_binary_garbage_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "garbage.bin"
    path.write_bytes(bytes(range(256)) * 400)
    with pytest.raises(HandHistoryError, match="not a known site's hand history format"):
        list(read(path))


# --- a reader written against the protocol alone -----------------------------------------------------------


class _Dummy:
    """A site whose hands are ``DUMMY HAND n`` then ``winner amount`` lines, not separated by blank lines."""

    site = "dummy"

    def is_header(self, line: str) -> bool:
        return line.startswith("DUMMY HAND ")

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        lines = text.split("\n")
        starts = [k for k, line in enumerate(lines) if self.is_header(line)]
        for a, b in zip(starts, starts[1:] + [len(lines)]):
            yield a + 1, "\n".join(lines[a:b])

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        lines = text.split("\n")
        if "crash" in text:
            raise KeyError("a reader bug")
        if "holdem" in lines[0]:
            return None
        [stars] = parse_pokerstars(O8.split("\n\n\n")[0])
        return ImportedHand(**{**{f: getattr(stars, f) for f in stars.__dataclass_fields__}, "site": "dummy",
                               "hand_id": lines[0].split()[2], "first_line": first_line})


@pytest.fixture
def dummy() -> Iterator[None]:
    _sites.register(_Dummy())
    try:
        yield
    finally:
        del _sites._READERS["dummy"]


def test_a_protocol_reader_is_found_after_blank_lines_and_splits_its_blocks(dummy: None) -> None:
    text = "DUMMY HAND 1\nDUMMY HAND 2\nDUMMY HAND 3 holdem\n\n\n" + O8 + "\n\nDUMMY HAND 4\nDUMMY HAND 5 crash"
    hands = parse(text, errors="collect")
    assert [(h.site, h.hand_id) for h in hands] == [("dummy", "1"), ("dummy", "2")] + [("pokerstars", h.hand_id)
                                                                                        for h in parse_pokerstars(O8)] + [("dummy", "4")]
    assert [h.first_line for h in hands[:2]] == [1, 2]
    assert hands.skipped == {"dummy: (other games)": 1}
    assert hands.error_count == 1 and "the dummy reader failed: KeyError" in str(hands.errors[0])
    assert hands.errors[0].line == len(text.split("\n"))


# --- OHH -----------------------------------------------------------------------------------------------------


def test_ohh_round_trips_every_hand_of_the_test_files() -> None:
    hands = [h for name in ("o8", "mixed", "bad_pay", "noise")
             for h in parse((DATA / f"pokerstars_{name}.txt").read_text(encoding="utf-8"), errors="collect")]
    assert len(hands) > 10
    for hand in hands:
        text = to_ohh(hand)
        data = json.loads(text)["ohh"]
        assert data["game_type"] == "OmahaHiLo" and data["game_number"] == hand.hand_id
        again = from_ohh(text)
        assert again.site == "ohh" and _key(again) == _key(hand)
        assert again.audit().verdict == hand.audit().verdict  # type: ignore[attr-defined]
        del data["omaha8_fast"]  # what a tool that does not know the namespace keeps
        plain = from_ohh(json.dumps({"ohh": data}))
        assert plain.paid == hand.paid and plain.total_pot == hand.total_pot
        assert [a[:6] for a in plain.actions] == [a[:6] for a in hand.actions]
        assert plain.board == hand.board and plain.hole_size == hand.hole_size


def test_ohh_raises_written_as_the_chips_added_are_read_too() -> None:
    [hand] = [h for h in parse_pokerstars(O8) if any(a.kind == "raise" and a.amount != a.added for a in h.actions)][:1]
    data = json.loads(to_ohh(hand))
    del data["ohh"]["omaha8_fast"]
    added = iter([a.added for a in hand.actions if a.kind == "raise"])
    for r in data["ohh"]["rounds"]:
        for a in r["actions"]:
            if a["action"] == "Raise":
                a["amount"] = next(added) / 100
    assert [a[:6] for a in from_ohh(json.dumps(data)).actions] == [a[:6] for a in hand.actions]


def test_ohh_of_other_games_and_broken_objects() -> None:
    [hand] = parse_pokerstars(O8)[:1]
    data = json.loads(to_ohh(hand))
    data["ohh"]["game_type"] = "Holdem"
    other = parse(json.dumps(data), errors="collect")
    assert list(other) == [] and other.skipped == {"ohh: OHH Holdem": 1}
    broken = parse('{"ohh": {"game_type": "OmahaHiLo", "game_number": "5", "players": 3}}', errors="collect")
    assert broken.error_count == 1 and broken.errors[0].hand_id == "5"
    assert parse('{"ohh": not json', errors="collect").errors[0].message.startswith("not valid JSON")


def test_to_ohh_of_an_engine_hand() -> None:
    hand = Hand([200, 200, 200], button=0, small_blind=1, big_blind=2, betting="pot-limit", seed=3)
    while not hand.is_over:
        hand.check_or_call()
    again = from_ohh(to_ohh(hand))
    assert sum(again.paid.values()) == 6 and again.unit == "chips"


# --- to_dataframe ------------------------------------------------------------------------------------------


def test_to_dataframe_has_one_row_per_hand() -> None:
    pandas = pytest.importorskip("pandas")
    hands = parse_pokerstars(O8)
    frame = histories.to_dataframe(hands)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 9
    assert list(frame["hand_id"]) == [h.hand_id for h in hands]
    assert list(frame["total_pot"]) == [h.total_pot for h in hands]
    assert list(frame["paid"]) == [sum(h.paid.values()) for h in hands]


def test_to_dataframe_without_pandas_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def refuse(name: str, *args: object) -> object:
        if name == "pandas":
            raise ImportError("no pandas here")
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", refuse)
    with pytest.raises(ImportError, match=r"omaha8_fast\[dataframe\]"):
        histories.to_dataframe(parse_pokerstars(O8))


# --- the command -------------------------------------------------------------------------------------------


def test_hh_audit_reads_a_directory_and_exits_by_skip_bad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.txt").write_text(O8, encoding="utf-8")
    (tmp_path / "b.ohh").write_text("\n".join(to_ohh(h) for h in parse_pokerstars(MIXED)), encoding="utf-8")
    assert main(["hh", "audit", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3].split() == ["ohh", "3", "0", "0", "0"] and out[-2].split() == ["pokerstars", "9", "0", "0", "0"]
    (tmp_path / "c.txt").write_text(BROKEN, encoding="utf-8")
    assert main(["hh", "audit", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "c.txt: hand 77, line 2" in captured.err and "12 hands: 12 ok" in captured.out
    assert main(["hh", "audit", "--skip-bad", str(tmp_path)]) == 0
    assert main(["hh", "audit", "--json", "--skip-bad", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary["sites"]["pokerstars"] == {"hands": 9, "skipped": 0, "errors": 1}


def test_hh_convert_to_ohh_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "o8.txt"
    source.write_text(O8, encoding="utf-8")
    assert main(["hh", "convert", str(source), "--to", "ohh"]) == 0
    captured = capsys.readouterr()
    assert "pokerstars" in captured.err  # the per-site table
    again = parse(captured.out)
    assert [_key(h) for h in again] == [_key(h) for h in parse_pokerstars(O8)]
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("nothing here\n", encoding="utf-8")
    assert main(["hh", "convert", str(unknown), "--to", "json"]) == 2
    assert "not a known site's hand history format" in capsys.readouterr().err
    assert main(["hh", "convert", str(unknown), "--to", "json", "--skip-bad"]) == 0


# --- fuzz: any text, through every registered reader -------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from budget import examples  # noqa: E402

_PIECES = [O8.split("\n\n\n")[0], "PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024", "{", '{"ohh": {}}',
           to_ohh(parse_pokerstars(O8)[0]), to_ohh(parse_pokerstars(O8)[0], indent=1), "*** SUMMARY ***",
           "\x00\xff garbage", "", "Seat 1: a (10 in chips)", "x" * 5000]


@pytest.mark.property
@settings(max_examples=examples(12, 400), deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=80)), max_size=12), st.randoms())
def test_any_text_gives_hands_or_hand_history_errors(parts: list[str], rng: object) -> None:
    text = "\n".join(parts)
    if parts and rng.random() < 0.5:  # type: ignore[attr-defined]
        at = rng.randrange(len(text) + 1)  # type: ignore[attr-defined]
        text = text[:at] + rng.choice(["\n", "}", "]", "$", "\r", " "]) + text[at + 1:]  # type: ignore[attr-defined]
    collected = parse(text, errors="collect")
    assert all(isinstance(h, ImportedHand) for h in collected)
    assert collected.error_count == sum(s.errors for s in collected.stats.values())
    assert len(collected) == sum(s.hands for s in collected.stats.values())
    try:
        raised = parse(text)
    except HandHistoryError:
        assert collected.error_count or not collected
    else:
        assert [_key(h) for h in raised] == [_key(h) for h in collected] and collected.error_count == 0
    assert [_key(h) for h in read(io.StringIO(text), errors="collect")] == [_key(h) for h in collected]


def test_hh_progress_bar_with_tqdm_and_none_without(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    source = tmp_path / "o8.txt"
    source.write_text(O8, encoding="utf-8")
    if importlib.util.find_spec("tqdm") is not None:
        assert main(["hh", "audit", "--progress", str(source)]) == 0
        assert "hands" in capsys.readouterr().err  # tqdm's bar, on stderr
    real = importlib.import_module

    def refuse(name: str, *args: object) -> object:
        if name == "tqdm":
            raise ImportError("no tqdm here")
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", refuse)
    assert main(["hh", "audit", "--progress", str(source)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "9 hands: 9 ok" in captured.out
