"""The shared hand-history framework against hostile input (issue 40: F6-F9, F11-F13) and the writers' refusals
(issue 38): every text here is written for this test from the formats' facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha8_fast.engine import Hand
from omaha8_fast.histories import (
    HandHistoryError,
    audit,
    parse,
    parse_pokerstars,
    read,
    readers,
    to_engine,
    to_ohh,
)
from omaha8_fast.histories._text_b import pot_name
from test_histories_sites_b import SPLIT, TEXT_SITES

DATA = Path(__file__).resolve().parent / "data"


def _checked_down(seed: int, hand_id: int) -> str:
    """A three-handed pot-limit hand checked down, as PokerStars text."""
    hand = Hand([200, 200, 200], 0, 1, 2, betting="pot-limit", seed=seed)
    hand.call()
    hand.call()
    hand.check()
    while not hand.is_over:
        hand.check()
    return hand.to_pokerstars(hand_id=hand_id, currency="USD")


def _first_hands() -> dict[str, str]:
    """One hand of each text reader: the sample files' first hands and the rendered ones."""
    out = {"pokerstars": _checked_down(3, 77)}
    for site in ("bovada", "everleaf", "fulltilt", "partypoker"):
        reader = next(r for r in readers() if r.site == site)
        text = (DATA / "sites" / f"{site}.txt").read_text(encoding="utf-8")
        out[site] = next(iter(reader.split(text)))[1].rstrip("\n")
    for site, (_, render) in TEXT_SITES.items():
        out[site] = render(SPLIT).strip("\n")
    return out


# --- F7: a header is never absorbed by the hand before it ------------------------------------------------------------

def test_bom_at_a_line_start_is_dropped(tmp_path: Path) -> None:
    """Two UTF-8 files with byte-order marks joined as ``cat a b`` does: both hands read, from a file and from text."""
    a, b = _checked_down(11, 1), _checked_down(12, 2)
    joined = tmp_path / "all.txt"
    joined.write_bytes(("\ufeff" + a + "\n\n").encode() + ("\ufeff" + b + "\n\n").encode())
    assert [h.hand_id for h in read(joined)] == ["1", "2"]
    assert [h.hand_id for h in parse("\ufeff" + a + "\n\n\ufeff\ufeff" + b)] == ["1", "2"]


@pytest.mark.parametrize("second", sorted(_first_hands()))
@pytest.mark.parametrize("first", sorted(_first_hands()))
def test_another_sites_header_right_after_a_hand_starts_a_hand(first: str, second: str) -> None:
    """Every ordered pair of sites, the second hand straight after the first (no blank line): two hands come out,
    each read or counted as an error, never one hand swallowing the other."""
    hands = _first_hands()
    assert len(parse(hands[first])) == 1 and len(parse(hands[second])) == 1
    both = parse(hands[first] + "\n" + hands[second], errors="collect")
    assert len(both) + both.error_count == 2, (first, second, [h.site for h in both], both.errors)
    assert second in [h.site for h in both] or any(second in str(e) or e.line and e.line > 1 for e in both.errors)


def test_every_reader_says_where_its_headers_start() -> None:
    """The framework finds a header at any line only through ``prefixes`` or ``header_starts``: every reader has one
    (a new reader without them is found only after blank lines), and its sample header starts with one of them."""
    hands = _first_hands()
    for reader in readers():
        starts = getattr(reader, "prefixes", None) or getattr(reader, "header_starts", None)
        assert starts, reader.site
        if reader.site in hands:
            header = next(line for line in hands[reader.site].split("\n") if reader.is_header(line))
            assert header.startswith(tuple(starts)), reader.site


# --- F8: the pot name is read in linear time ---------------------------------------------------------------------

def test_pot_name_with_a_long_run_of_spaces() -> None:
    """The half label is found from the end: spaces anywhere cost their length (the old regex searched from every
    space); the names come out as before."""
    assert pot_name("pot" + " " * 100_000) == "pot"
    assert pot_name(" " * 100_000 + "side pot 2" + " " * 100_000 + "( LOW )  ") == "side pot-2 (lo)"
    assert pot_name("main pot (hi)") == "main pot (hi)"
    assert pot_name("main pot (middle)") == "main pot (middle)"
    assert pot_name("pot(") == "pot("


# --- F9: a blind posted twice -------------------------------------------------------------------------------------

def _raised_and_folded() -> str:
    hand = Hand([200, 200, 200], 0, 1, 2, betting="no-limit", seed=5)
    hand.raise_to(6)
    hand.fold()
    hand.fold()
    return hand.to_pokerstars(hand_id=9)


def test_a_blind_posted_twice_is_refused() -> None:
    text = _raised_and_folded()
    [plain] = parse(text)
    assert audit(plain).ok
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if "posts big blind" in line)
    doubled = "\n".join(lines[:k + 1] + [lines[k]] + lines[k + 1:])
    with pytest.raises(HandHistoryError, match="posts the big blind twice") as caught:
        parse(doubled)
    assert caught.value.line == k + 2


def test_wpn_blind_posted_twice_is_refused() -> None:
    render = TEXT_SITES["wpn"][1]
    text = render(SPLIT)
    post = next(line for line in text.split("\n") if "posts the big blind" in line)
    with pytest.raises(HandHistoryError, match="twice"):
        parse(text.replace(post, post + "\n" + post))


def test_no_uncalled_bet_is_invented_for_a_folded_player() -> None:
    """An old text's missing uncalled bet goes back to the top contributor only when they did not fold."""
    from omaha8_fast.histories._audit import _unprinted_return
    assert _unprinted_return({"a": 6, "b": 2}, 4, set()) == "a"
    assert _unprinted_return({"a": 6, "b": 2}, 4, {"a"}) is None


# --- F12: a run-twice hand with a short board ----------------------------------------------------------------------

def test_run_twice_with_a_short_first_board_is_refused() -> None:
    text = (DATA / "pokerstars_o8.txt").read_text(encoding="utf-8")
    twice = next(h for h in text.split("\n\n\n") if "run twice" in h)
    [hand] = parse(twice)
    assert hand.run_twice and to_engine(hand).is_over
    lines = twice.split("\n")
    second = next(k for k, line in enumerate(lines) if line.startswith("SECOND Board ["))
    flop = next(k for k, line in enumerate(lines) if line.startswith("*** FLOP ***"))
    lines[second], lines[flop] = lines[flop], lines[second]  # the flop now comes after the first board's summary
    with pytest.raises(HandHistoryError, match="run twice needs two boards of 5 cards"):
        parse("\n".join(lines))


def test_to_engine_refuses_boards_that_cannot_be() -> None:
    """A hand built by hand (or from JSON) with a short second board is a HandHistoryError, not an IndexError."""
    from dataclasses import replace
    [hand] = parse(_checked_down(4, 5))
    board = hand.board
    for boards in ((board, board[:3]), (board[:3], board)):
        with pytest.raises(HandHistoryError, match="run twice"):
            to_engine(replace(hand, boards=boards))


# --- F11: the OHH reader checks what it is given -------------------------------------------------------------------

def _ohh_doc() -> dict:
    [imported] = parse_pokerstars(_checked_down(11, 3))
    return json.loads(to_ohh(imported))  # type: ignore[no-any-return]


@pytest.mark.parametrize("edit, field", [
    (lambda o: o["omaha8_fast"]["collected"][0].__setitem__(0, "Nobody"), "collected"),
    (lambda o: o["omaha8_fast"]["shown"][0].__setitem__(0, "Nobody"), "shown"),
])
def test_ohh_names_that_are_not_seated(edit, field) -> None:  # type: ignore[no-untyped-def]
    doc = _ohh_doc()
    edit(doc["ohh"])
    with pytest.raises(HandHistoryError, match=f"{field}.*Nobody.*not seated"):
        parse(json.dumps(doc))
    assert parse(json.dumps(doc), errors="collect").error_count == 1


def test_ohh_a_card_twice_in_a_shown_hand() -> None:
    doc = _ohh_doc()
    shows = next(a for r in doc["ohh"]["rounds"] for a in r["actions"] if a["action"] == "Shows Cards")
    shows["cards"][3] = shows["cards"][2].lower()
    with pytest.raises(HandHistoryError, match="cards"):
        parse(json.dumps(doc))


def test_ohh_round_trip_of_a_hand_with_one_card_shown() -> None:
    """A player who shows one card and mucks the rest (PokerStars prints ``shows [Js]``, then ``mucked [Js]``): the
    text reads, and so does this library's own OHH of it, to the same payouts and the same shown cards."""
    text = _checked_down(11, 3)
    text = text.replace("Player3: shows [8d Jc Js 8h] (HI: two pair, Aces and Jacks)", "Player3: shows [Js]")
    text = text.replace("Seat 3: Player3 (big blind) showed [8d Jc Js 8h] and lost with HI: two pair, Aces and Jacks",
                        "Seat 3: Player3 (big blind) mucked [Js]")
    [hand] = parse(text)
    assert [(s.player, len(s.cards)) for s in hand.shown if s.player == "Player3"] == [("Player3", 1)]
    [back] = parse(to_ohh(hand))
    assert back.paid == hand.paid == {"Player1": 3, "Player2": 3}
    assert [(s.player, s.cards) for s in back.shown] == [(s.player, s.cards) for s in hand.shown]
    assert "Player3" not in back.hole_cards


# --- F6: a payout the reader cannot see is never rake ----------------------------------------------------------------

def _everleaf_first() -> str:
    return _first_hands()["everleaf"]


WREN_WINS = "Wren wins $ 7.50 USD from main pot with 8,5,3,2,A [ ah, 2h, 3c, 5s, 8d ]"


@pytest.mark.parametrize("line, words", [
    ("Wren\twins $ 7.50 USD from main pot with 8,5,3,2,A [ ah, 2h, 3c, 5s, 8d ]", "cannot read"),
    ("Wren Wins $ 7.50 USD from main pot with 8,5,3,2,A [ ah, 2h, 3c, 5s, 8d ]", "cannot read"),
    ("Robin wins $ 7.50 USD from main pot with 8,5,3,2,A [ ah, 2h, 3c, 5s, 8d ]", "'Robin' is not seated"),
    ("Wren\tshows [ ah, 2h, kd, qc ]a pair of kings", "cannot read"),
])
def test_a_players_line_that_cannot_be_read_is_an_error(line: str, words: str) -> None:
    """A line of a seated player the reader cannot read, or a win of a name that is not seated, is an error of the
    hand naming the line (it was skipped, its payout then passing for rake)."""
    text = _everleaf_first()
    [hand] = parse(text)
    assert audit(hand).ok and hand.rake == 75
    old = WREN_WINS if "wins" in line.lower() else "Wren shows [ ah, 2h, kd, qc ]a pair of kings"
    number = text.split("\n").index(old) + 1
    with pytest.raises(HandHistoryError, match=words) as caught:
        parse(text.replace(old, line))
    assert caught.value.line == number


def test_a_no_break_space_is_a_space() -> None:
    """Text copied from a web page has no-break spaces for spaces: the line reads as with a space."""
    text = _everleaf_first()
    [plain] = parse(text)
    [copied] = parse(text.replace("Wren shows", "Wren\u00a0shows").replace("Old Mole", "Old\u00a0Mole"))
    assert copied.paid == plain.paid and copied.shown == plain.shown and audit(copied).ok


@pytest.mark.parametrize("site, removed", [
    ("everleaf", WREN_WINS),
    ("bovada", "Dealer [ME] : Hand result $7.50"),
    ("partypoker", None),
    ("888", None),
])
def test_a_missing_payout_is_never_rake(site: str, removed: str | None) -> None:
    """Where a room prints no rake (the total less what was paid), a collection line taken out leaves a "rake" far
    beyond any room's (half the pot, the whole pot): unjudged, never ok."""
    text = _first_hands()[site]
    [hand] = parse(text)
    assert audit(hand).ok
    if removed is None:
        removed = next(line for line in text.split("\n") if " wins " in line or " collected " in line)
    assert removed in text
    [cut] = parse(text.replace("\n" + removed, ""))
    result = audit(cut)
    assert result.verdict == "unjudged" and "is more than" in (result.reason or ""), result


def test_a_rake_within_the_rooms_bound_is_judged() -> None:
    """The bound is the room's: 10% of the pot is still rake; one chip more is not."""
    from dataclasses import replace
    from omaha8_fast.histories._audit import INFERRED_RAKE
    [hand] = parse(_everleaf_first())
    assert INFERRED_RAKE["everleaf"].percent == 10
    assert hand.total_pot == 1575 and hand.rake == 75
    within, beyond = audit(replace(hand, rake=157)), audit(replace(hand, rake=158))
    assert "is more than everleaf takes" not in (within.reason or ""), within
    assert beyond.verdict == "unjudged" and "is more than everleaf takes" in (beyond.reason or ""), beyond


# --- F13: one amount parser, told the room's decimal mark ----------------------------------------------------------

def test_a_decimal_comma_in_a_room_that_writes_points_is_refused() -> None:
    text = _everleaf_first()
    with pytest.raises(HandHistoryError, match=r"bad amount .*0,50") as caught:
        parse(text.replace("Wren wins $ 7.50 USD", "Wren wins $ 0,50 USD"))
    assert caught.value.line == text.split("\n").index(WREN_WINS) + 1


def test_the_amount_parser() -> None:
    from omaha8_fast.histories._model import decimal_mark, parse_amount
    assert parse_amount("[$ 1,000.50 USD]", "cents") == 100050
    assert parse_amount("1.000,50 €", "cents", ",") == 100050
    assert parse_amount("1 000,50", "cents", ",") == parse_amount("1 000.50", "cents") == 100050
    assert parse_amount("1,459", "chips") == 1459 and parse_amount("( €2 EUR )", "cents") == 200
    for bad, mark in [("$0,10", "."), ("12,34", "."), ("1,5000", "."), ("0.05", ","), ("1,000.50", ","), ("-1", "."),
                      ("1.5", "chips")]:
        with pytest.raises(ValueError):
            parse_amount(bad, "chips" if mark == "chips" else "cents", "." if mark == "chips" else mark)
    assert decimal_mark("(0,25€/0,50€)") == "," and decimal_mark("(€0.25/€0.50)") == "."
    assert decimal_mark("(1,000/2,000)") == "."


def test_winamax_with_decimal_commas_reads_the_same_hand() -> None:
    """A Winamax hand written with decimal commas (its header's stakes say so) reads to the same amounts."""
    render = TEXT_SITES["winamax"][1]
    text = render(SPLIT)
    [points] = parse(text)
    import re
    commas = re.sub(r"(\d)\.(\d\d)€", r"\1,\2€", text)
    assert commas != text
    [hand] = parse(commas)
    assert (hand.paid, hand.total_pot, hand.rake, hand.stakes) == (points.paid, points.total_pot, points.rake,
                                                                  points.stakes)


def test_collections_above_the_pot_are_unjudged() -> None:
    from dataclasses import replace
    from omaha8_fast.histories import Collection
    [hand] = parse(_everleaf_first())
    more = replace(hand, collected=hand.collected + (Collection("Kestrel", 1000, "main pot", 1, 99),))
    result = audit(more)
    assert result.verdict == "unjudged" and "more than the pot" in (result.reason or "")


# --- issue 38: a writer never writes another hand ------------------------------------------------------------------

def _joining_post() -> str:
    """The checked-down hand with the button joining: it posts a big blind of its own (out of turn) and checks."""
    text = _checked_down(11, 31)
    for old, new in [("Player3: posts big blind $0.02", "Player3: posts big blind $0.02\nPlayer1: posts big blind $0.02"),
                     ("Player1: calls $0.02", "Player1: checks")]:
        assert old in text
        text = text.replace(old, new)
    return text


def test_phh_of_an_imported_hand_refuses_a_post_it_cannot_state() -> None:
    """PHH's blinds are the two seats after the button: a joining player's post cannot be written, so the hand is
    refused with its id (it was written without the post: a file of another hand), as to_phh(to_engine(h)) is."""
    from omaha8_fast.histories import imported_to_phh, to_json, to_phh
    [hand] = parse(_joining_post())
    assert audit(hand).ok and to_engine(hand).payouts == [3, 3, 0]
    with pytest.raises(HandHistoryError, match="cannot state") as caught:
        imported_to_phh(hand)
    assert caught.value.hand_id == "31"
    with pytest.raises(HandHistoryError):
        hand.to_phh()
    with pytest.raises(ValueError, match="cannot state"):
        to_phh(to_engine(hand))
    [back] = parse(to_ohh(hand))
    assert back.paid == hand.paid and [p.player for p in back.posts] == [p.player for p in hand.posts]
    assert to_json(hand)


@pytest.mark.parametrize("site", ["fulltilt", "everleaf", "garbage"])
def test_the_pokerstars_readers_refuse_text_of_no_pokerstars_hand(site: str, tmp_path: Path) -> None:
    """parse_pokerstars / read_pokerstars of another site's hands (or of text that is no hand) raise the error that
    parse(text, site="pokerstars") raises, instead of giving no hands; errors="skip" counts it."""
    from omaha8_fast.histories import read_pokerstars
    text = "nothing to see\nhere" if site == "garbage" else _first_hands()[site]
    with pytest.raises(HandHistoryError) as expected:
        parse(text, site="pokerstars")
    with pytest.raises(HandHistoryError) as caught:
        parse_pokerstars(text)
    assert str(caught.value) == str(expected.value) and "not a pokerstars hand history" in str(caught.value)
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HandHistoryError, match="not a pokerstars hand history"):
        list(read_pokerstars(path))
    skipping = read_pokerstars(path, errors="skip")
    assert list(skipping) == [] and skipping.error_count == 1
    assert parse_pokerstars("") == [] and len(parse_pokerstars(_checked_down(1, 2))) == 1


@pytest.mark.parametrize("site", ["ggpoker", "wpn", "winamax"])
def test_a_players_line_that_cannot_be_read_is_an_error_in_the_pokerstars_like_rooms(site: str) -> None:
    """The same rule in the readers of GGPoker, WPN and Winamax (read_body): a collection line with a tab after the
    name, or of a name not seated, is an error naming the line; a no-break space reads as a space."""
    text = TEXT_SITES[site][1](SPLIT)
    [plain] = parse(text)
    line = next(t for t in text.split("\n") if t.startswith("bob collected "))
    number = text.split("\n").index(line) + 1
    for bad, words in ((line.replace("bob ", "bob\t", 1), "cannot read"), (line.replace("bob ", "dan ", 1), "not seated")):
        with pytest.raises(HandHistoryError, match=words) as caught:
            parse(text.replace(line, bad))
        assert caught.value.line == number
    [copied] = parse(text.replace(line, line.replace("bob ", "bob\u00a0", 1)))
    assert copied.paid == plain.paid


def test_a_rake_above_the_rooms_cap_is_unjudged() -> None:
    """888 publishes a cap for every stake ($5 at most): a "rake" of more than that is no rake, even within 10%."""
    from dataclasses import replace
    [hand] = parse(_first_hands()["888"])
    assert hand.unit == "cents" and audit(hand).ok
    big = replace(hand, total_pot=hand.total_pot * 1000, rake=500, collected=())
    assert "is more than 888 takes" not in (audit(big).reason or "")
    bigger = replace(big, rake=501)
    assert "at most 10% of the pot and $5" in (audit(bigger).reason or "")


def test_to_ohh_of_a_hand_with_a_name_not_seated() -> None:
    """A hand built by hand with a collection of a name that is not seated: a HandHistoryError naming it."""
    from dataclasses import replace
    from omaha8_fast.histories import Collection
    [hand] = parse(_checked_down(11, 3))
    odd = replace(hand, collected=(Collection("Nobody", 6, "pot", 1, 30),))
    with pytest.raises(HandHistoryError, match="'Nobody', who is not seated"):
        to_ohh(odd)
