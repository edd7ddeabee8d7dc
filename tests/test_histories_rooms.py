"""The readers of the rooms of issue 38 (OnGame, PKR, KingsClub, Boss Media,
MicroGaming, Entraction, Absolute/UB, Merge and Cake), on
hands written for these tests from the formats' facts (tests/data/rooms).

Each hand's payouts below were worked out by hand from its cards and bets
(who holds the best high, the best low, what each pot holds after the rake),
not taken from the readers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from budget import examples
from call_count import python_calls
from omaha8_fast import histories
from omaha8_fast.histories import HandHistoryError, audit, parse, to_engine, to_ohh
from omaha8_fast.histories._sites import readers

DATA = Path(__file__).resolve().parent / "data" / "rooms"

#: site -> hand id -> what each player was paid (the unit's ints: cents, or chips).
PAID: dict[str, dict[str, dict[str, int]]] = {
    "ongame": {
        "R5-1000-1": {"ann": 405, "cy": 405},
        "T5-2000-7": {"eli": 1750, "dee": 750, "fay": 1000},
        "R5-3000-12": {"gil": 7500},
    },
    "pkr": {
        "9001": {"dan": 1000, "ann": 1000},
        "9100": {"gus": 2000},
    },
    "kingsclub": {  # amounts with cents and no currency: hundredths
        "5001": {"bob": 38925, "ann": 38925},
        "5002": {"dan": 16000},
        "5004": {"fay": 19800, "gus": 19800},
    },
    "boss": {
        "9001": {"cy & co": 3800, "ann": 3800},
        "9002": {"eve": 120},
    },
    "microgaming": {
        "700001": {"cy": 400, "ann": 400},
        "700002": {"dan": 1000},
    },
    "merge": {  # one description (the file's header) before both games; no rake printed: the total less the paid
        "63000005-21": {"Teal": 499, "Gannet": 499},
        "63000005-22": {"Gannet": 357},
    },
    "entraction": {
        "880001": {"cy": 2300, "ann": 2300},
        "880002": {"dan": 1950},
    },
    "absolute": {
        "600001": {"cy": 1125, "ann": 1125},
        "600002": {"dan": 1550},
    },
    "cake": {  # from the format's public descriptions: no real Cake hand was at hand
        "1001": {"cy": 600, "ann": 600},
        "2002": {"dan": 4000},
    },
}

#: site -> (a line of its text naming a seated player, the same line damaged).
BROKEN: dict[str, tuple[str, str]] = {
    "ongame": ("cy bets $1.50", "cy bets $1.50 and dances"),
    "pkr": ("dan bets $1.50", "dan bets $1.50 now"),
    "kingsclub": ("bob bets 100.50", "bob bets 100.50 twice"),
    "microgaming": ('<Action seq="8" type="Bet" seat="4" value="0.30"/>', '<Action seq="8" type="Bet" seat="4" value="0.3x"/>'),
    "merge": ('player="1" amount="3.00"/>', 'player="1" amount="3.0O"/>'),
    "entraction": ("cy                          Bet         (9.00)", "cy                          Bet         (9.00) twice"),
    "absolute": ("cy - Bets $4.50", "cy - Bets $4.50 quickly"),
    "cake": ("cy: bets $2.25", "cy: bets $2.25 now"),
    "boss": ('<ACTION TYPE="ACTION_BET" PLAYER="cy &amp; co" VALUE="10.00">', '<ACTION TYPE="ACTION_BET" PLAYER="cy &amp; co" VALUE="ten">'),
}

READERS = {r.site: r for r in readers()}


def text_of(site: str) -> str:
    return (DATA / f"{site}.txt").read_text(encoding="utf-8")


def engine_paid(hand: histories.ImportedHand) -> dict[str, int]:
    """What the engine's replay of ``hand`` pays each player (as check.py counts it)."""
    engine = to_engine(hand)
    dealt = {p.player for p in hand.posts} | {a.player for a in hand.actions}
    names = [s.name for s in hand.seats if s.name in dealt]
    return {names[k]: w for k, w in enumerate(engine.payouts or []) if w and k < len(names)}


@pytest.mark.parametrize("site", sorted(PAID))
def test_every_hand_reads_pays_audits_and_replays(site: str) -> None:
    hands = parse(text_of(site))
    assert [h.hand_id for h in hands] == list(PAID[site])
    for hand in hands:
        want = PAID[site][hand.hand_id]
        assert hand.site == site
        assert {n: v for n, v in hand.paid.items() if v} == want, hand.hand_id
        assert audit(hand).ok, (hand.hand_id, audit(hand))
        assert engine_paid(hand) == want, hand.hand_id
        [back] = parse(to_ohh(hand))
        assert {n: v for n, v in back.paid.items() if v} == want


@pytest.mark.parametrize("site", sorted(PAID))
def test_another_sites_text_and_garbage_are_refused(site: str) -> None:
    reader = READERS[site]
    others = [text_of(s) for s in sorted(PAID) if s != site]
    others += [(DATA.parent / "sites" / f"{s}.txt").read_text(encoding="utf-8") for s in ("everleaf", "partypoker")]
    for text in others + ["hello\nworld", "\x00\x01garbage" * 20]:
        with pytest.raises(HandHistoryError, match=f"not a {site} hand history"):
            parse(text, site)
        assert all(reader.is_header(t.split("\n")[0]) for _, t in reader.split(text)) or not list(reader.split(text))
    with pytest.raises(HandHistoryError, match="not a known site"):
        parse("Hello, this is no hand history at all\nSeat 1: x ($5)")


@pytest.mark.parametrize("site", sorted(BROKEN))
def test_a_seated_players_line_that_cannot_be_read_is_an_error(site: str) -> None:
    line, damaged = BROKEN[site]
    text = text_of(site)
    assert line in text
    number = text[:text.index(line)].count("\n") + 1
    with pytest.raises(HandHistoryError) as caught:
        parse(text.replace(line, damaged, 1))
    assert caught.value.line == number and caught.value.hand_id is not None


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randrange(1, 4)):
        lines = lines or [""]
        kind = rng.randrange(6)
        at = rng.randrange(len(lines))
        if kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif kind == 2 and lines[at]:
            cut = rng.randrange(len(lines[at]))
            lines[at] = lines[at][:cut] + rng.choice(["", "[", "]", "$", " ", ":", "0", "x", "\x00", "(", ")", '"', "<"]) \
                + lines[at][cut + 1:]
        elif kind == 3:
            lines = lines[:at + 1]
        elif kind == 4:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        else:
            lines[at] = "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(60)))
    return "\n".join(lines)


@pytest.mark.property
@pytest.mark.parametrize("site", sorted(PAID))
def test_edited_hands_raise_only_hand_history_errors(site: str) -> None:
    """Random edits: a hand, None, a skipped game's name or a HandHistoryError,
    nothing else; every hand read audits and replays (or refuses) without a
    crash; the reader's work stays proportional to the hand's lines."""
    reader = READERS[site]
    rng = random.Random(f"rooms-{site}")
    texts = [text for _, text in reader.split(text_of(site))]
    for k in range(examples(150, 3000)):
        text = _mutate(rng, rng.choice(texts))
        try:
            hand = reader.parse_hand(text, 1)
        except HandHistoryError as error:
            assert error.line is None or error.line >= 1
            continue
        if isinstance(hand, histories.ImportedHand):
            audit(hand)
            try:
                to_engine(hand)
            except HandHistoryError:
                pass
        if k % 10 == 0:
            assert python_calls(lambda: reader.parse_hand(text, 1)) <= 600 + 150 * (text.count("\n") + 1)


@pytest.mark.parametrize("site", sorted(PAID))
def test_binary_garbage_after_a_header_is_an_error(site: str) -> None:
    reader = READERS[site]
    header = next(iter(reader.split(text_of(site))))[1].split("\n")[0]
    rng = random.Random(7)
    for _ in range(40):
        junk = rng.randbytes(rng.randrange(400)).decode("latin-1")
        with pytest.raises(HandHistoryError):
            result = reader.parse_hand(header + "\n" + junk, 1)
            if result is None or isinstance(result, str):
                raise HandHistoryError("skipped")


def test_kingsclub_big_o_has_five_hole_cards_and_other_games_are_skipped() -> None:
    hands = parse(text_of("kingsclub"))
    assert [h.hole_size for h in hands] == [5, 4, 4]
    assert hands.skipped and sum(hands.skipped.values()) == 1
    assert hands[2].run_twice and len(hands[2].boards) == 2


def test_microgaming_names_come_from_their_unicode_alias() -> None:
    first = parse(text_of("microgaming"))[0]
    assert [s.name for s in first.seats] == ["ann", "jörg", "cy"] and first.currency == "EUR" and first.rake == 10


@pytest.mark.parametrize(("text", "looks", "not_said"), [
    ("***** Betfair Poker Hand History for Game 123456789 *****\nPL $0.05/$0.10 OMAHA HI/LO", "a Betfair hand",
     "888"),
    ("SwCPoker Hand #12345: Omaha Hi-Lo PL (5/10) - 2014-07-01 10:00:00\nTable 'x'(1) 6-max", "a Seals With Clubs hand",
     "WPN"),
    ("Hand #123-4 - 2014-07-01 10:00:00 Seals With Clubs\nGame: Omaha Hi-Lo", "a Seals With Clubs hand", "WPN"),
])
def test_the_looks_like_hint_names_the_room_the_line_is_from(text: str, looks: str, not_said: str) -> None:
    with pytest.raises(HandHistoryError, match="not a known site's hand history format") as caught:
        parse(text)
    assert f"looks like {looks}" in str(caught.value) and not_said not in str(caught.value).split("the sites read")[0]


def test_an_ongame_text_forced_to_another_site_is_said_to_look_like_ongame() -> None:
    with pytest.raises(HandHistoryError, match="looks like an OnGame hand"):
        parse(text_of("ongame"), "888")


def test_cake_refuses_amounts_converted_to_another_currency() -> None:
    text = text_of("cake").replace("Seat 1: ann ($25.00 in chips)", "Seat 1: ann ($25.00 in chips)  (EUR €19.00)")
    with pytest.raises(HandHistoryError, match="converted to another currency") as caught:
        parse(text)
    assert caught.value.line == 3


def test_ongame_a_show_before_the_summary_is_read() -> None:
    text = text_of("ongame").replace("ann calls $2\n---\nSummary:", "ann calls $2\ncy shows [Ac, 3d, 8s, Th]\n---\nSummary:", 1)
    assert "cy shows" in text
    hand = parse(text)[0]
    assert hand.hole_cards["cy"] == parse(text_of("ongame"))[0].hole_cards["cy"] and audit(hand).ok


def test_microgaming_the_heros_dealt_cards_are_read() -> None:
    dealt = ('<Action seq="2b" type="DealCards" seat="1"><Card value="A" suit="h" id="1"/><Card value="4" suit="c" id="2"/>'
             '<Card value="10" suit="c" id="3"/><Card value="10" suit="s" id="4"/></Action>')
    text = text_of("microgaming").replace('      <Action seq="3" type="Call" seat="1"', dealt + '\n      <Action seq="3" type="Call" seat="1"', 1)
    hand = parse(text)[0]
    assert hand.hero == "ann" and len(hand.hole_cards["ann"]) == 4 and audit(hand).ok
    with pytest.raises(HandHistoryError, match="is dealt 3 cards"):
        parse(text.replace('<Card value="10" suit="s" id="4"/></Action>', "</Action>", 1))
