"""The four site readers against the PokerStars reader, on random engine hands.

Random legal hands are played in the engine and written as PokerStars text
(``to_pokerstars``); each PokerStars line is rewritten the way Full Tilt,
Bovada/Ignition, Everleaf or PartyPoker prints the same event (Bovada twice:
with street markers, and in its older text without them, where the reader
has to end the betting rounds itself; Everleaf and PartyPoker print raises
as the chips added and no uncalled bet, PartyPoker paying it back inside the
winner's amount). Each site's reader must then read the hand the PokerStars
reader reads: the same posts, actions (street, kind, amounts, all-ins where
the site says them), board, uncalled bets, total, rake, payouts and shown
cards.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from random_play import play_out

from budget import examples
from omaha8_fast.engine import Hand
from omaha8_fast.histories import ImportedHand, parse_pokerstars, to_pokerstars
from omaha8_fast.histories.bovada import READER as BOVADA
from omaha8_fast.histories.everleaf import READER as EVERLEAF
from omaha8_fast.histories.fulltilt import READER as FULLTILT
from omaha8_fast.histories.partypoker import READER as PARTY

_FT_BETTING = {"Pot Limit": "PL", "No Limit": "NL", "Limit": "FL"}
_BOV_BETTING = {"Pot Limit": "Pot Limit", "No Limit": "No Limit", "Limit": "Fixed Limit"}


def _play(rng: random.Random) -> Hand:
    n = rng.randint(2, 6)
    hand = Hand([rng.choice([3, 20, 60, 200, 1000]) for _ in range(n)], button=rng.randrange(n), small_blind=1,
                big_blind=2, betting=rng.choice(["limit", "pot-limit", "no-limit"]),  # type: ignore[arg-type]
                ante=rng.choice([0, 0, 1]), seed=rng.getrandbits(32))
    return play_out(hand, rng, raise_below=0.3, fold_below=0.35, shove=0.2)


def _named(line: str) -> tuple[str, str] | None:
    """``NAME: verb`` as (NAME, verb) for the writer's plain names (``Player3``)."""
    name, sep, verb = line.partition(": ")
    return (name, verb) if sep and name.startswith("Player") and " " not in name else None


def _game(header: str) -> tuple[str, str, str]:
    """(betting words, small, big) of a written PokerStars header."""
    game = header.split("Omaha Hi/Lo ", 1)[1]
    betting, _, stakes = game.partition(" (")
    small, _, big = stakes.split(" ", 1)[0].partition("/")
    return betting, small, big


def to_fulltilt(text: str) -> str:
    lines = text.split("\n")
    betting, small, big = _game(lines[0])
    out = [f"Full Tilt Poker Game #{lines[0].split('#', 1)[1].split(':', 1)[0]}: Table omaha8_fast - "
           f"{_FT_BETTING[betting]} Omaha H/L - {small}/{big} - 00:00:00 ET - 2024/01/01"]
    button = lines[1].split("Seat #", 1)[1].split(" ", 1)[0]
    section = "header"
    for line in lines[2:]:
        if line.startswith("*** "):
            if line == "*** HOLE CARDS ***":
                out.append(f"The button is in seat #{button}")
            section = "summary" if line == "*** SUMMARY ***" else section
            out.append(line)
        elif section == "summary":
            if line.startswith("Total pot "):
                out.append(f"Total pot {line.split(' ')[2]} | Rake {line.rsplit(' ', 1)[1]}")
            elif line.startswith("Board ["):
                out.append("Board: " + line[6:])
        elif line.startswith("Seat "):
            out.append(line.replace(" in chips)", ")"))
        elif line.startswith(("Dealt to ", "*** ")):
            out.append(line)
        elif line.startswith("Uncalled bet ("):
            amount, _, name = line[14:].partition(") returned to ")
            out.append(f"Uncalled bet of {amount} returned to {name}")
        elif " collected " in line:
            name, _, rest = line.partition(" collected ")
            amount, _, pot = rest.partition(" from ")
            pot = {"pot": "the pot", "main pot": "the main pot"}.get(pot) or "side pot #" + pot.rsplit("-", 1)[1]
            out.append(f"{name} wins {pot} ({amount})")
        elif (named := _named(line)) is not None:
            name, verb = named
            tail = ", and is all in" if verb.endswith(" and is all-in") else ""
            verb = verb.removesuffix(" and is all-in")
            word, _, rest = verb.partition(" ")
            if word == "posts":
                kind, _, amount = rest.rpartition(" ")
                phrase = {"the ante": "antes", "small blind": "posts the small blind of",
                          "big blind": "posts the big blind of"}[kind]
                out.append(f"{name} {phrase} {amount}{tail}")
            elif word == "raises":
                out.append(f"{name} raises to {rest.split(' to ', 1)[1]}{tail}")
            elif word == "shows":
                out.append(f"{name} shows {rest.split(']', 1)[0]}]")
            elif word == "mucks":
                out.append(f"{name} mucks")
            else:
                out.append(f"{name} {verb}{tail}")
    return "\n".join(out)


def to_bovada(text: str, markers: bool) -> str:
    lines = text.split("\n")
    betting, _, _ = _game(lines[0])
    out = [f"Bovada Hand #{lines[0].split('#', 1)[1].split(':', 1)[0]} TBL#1 OMAHA HiLo {_BOV_BETTING[betting]} - "
           "2024-01-01 00:00:00"]
    button = lines[1].split("Seat #", 1)[1].split(" ", 1)[0]
    hero = next((line[9:].split(" [", 1)[0] for line in lines if line.startswith("Dealt to ")), "")
    known = {}  # every known hand is printed as dealt
    for line in lines:
        if line.startswith("Dealt to ") or ": shows [" in line:
            name = line[9:].split(" [", 1)[0] if line.startswith("Dealt to ") else line.split(": shows [", 1)[0]
            known[name] = "[" + line.split("[", 1)[1].split("]", 1)[0] + "]"

    def who(name: str) -> str:
        return f"{name}  [ME]" if name == hero else name

    section = "header"
    for line in lines[2:]:
        if line.startswith("*** "):
            if line == "*** HOLE CARDS ***":
                out.append(line)
                out += [f"{who(name)} : Card dealt to a spot {cards}" for name, cards in known.items()]
            elif line == "*** SUMMARY ***":
                section = "summary"
                out.append(line)
            elif markers and not line.startswith("*** SHOW DOWN"):
                out.append(line)
        elif section == "summary":
            if line.startswith("Total pot "):
                out.append(f"Total Pot({line.split(' ')[2]}) | Rake ({line.rsplit(' ', 1)[1]})")
            elif line.startswith("Board ["):
                out.append(line)
        elif line.startswith("Seat "):
            seat, _, rest = line.partition(": ")
            name, _, stack = rest.partition(" (")
            out.append(f"{seat}: {name}{' [ME]' if name == hero else ''} ({stack}")
            if seat == f"Seat {button}":
                out.append(f"Dealer : Set dealer [{button}]")
        elif line.startswith("Uncalled bet ("):
            amount, _, name = line[14:].partition(") returned to ")
            out.append(f"{who(name)} : Return uncalled portion of bet {amount}")
        elif " collected " in line:
            name, _, rest = line.partition(" collected ")
            amount, _, pot = rest.partition(" from ")
            out.append(f"{who(name)} : Hand result{'-Side pot' if pot.startswith('side') else ''} {amount}")
        elif (named := _named(line)) is not None:
            name, verb = named
            all_in = verb.endswith(" and is all-in")
            verb = verb.removesuffix(" and is all-in")
            word, _, rest = verb.partition(" ")
            if word == "posts":
                kind, _, amount = rest.rpartition(" ")
                verb = {"the ante": "Ante chip", "small blind": "Small Blind", "big blind": "Big blind"}[kind]
                verb += " " + amount
            elif word == "raises":
                by, _, to = rest.partition(" to ")
                verb = (f"All-in(raise) {by} to {to}" if all_in else f"Raises {by} to {to}") if markers \
                    else (f"All-in(raise) {to}" if all_in else f"Raises {to}")
            elif word in ("calls", "bets"):
                verb = f"All-in {rest}" if all_in else f"{word.title()} {rest}"
            elif word in ("folds", "checks"):
                verb = word.title()
            elif word == "shows":
                verb = f"Showdown {rest.split(']', 1)[0]}]"
            else:
                continue
            out.append(f"{who(name)} : {verb}")
    return "\n".join(out)


def _cents(amount: str) -> int:
    return round(float(amount[1:].replace(",", "")) * 100)


def _dollars(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


_EVERLEAF: dict[str, Any] = {
    "seat": lambda seat, name, stack: f"{seat}: {name} (  $ {stack[1:]} USD )",
    "dealt": lambda name, cards: f"Dealt to {name} [ {', '.join(cards.split())} ]",
    "post": lambda name, kind, amount: f"{name}: posts {kind} [$ {amount[1:]} USD]",
    "act": lambda name, word, added, all_in: f"{name}{':' if word == 'bets' else ''} {word} [$ {added[1:]} USD]",
    "show": lambda name, cards: f"{name} shows [ {', '.join(cards.split())} ] a hand",
}
_PARTY: dict[str, Any] = {
    "seat": lambda seat, name, stack: f"{seat}: {name} ( {stack} USD )",
    "dealt": lambda name, cards: f"Dealt to {name} [  {cards} ]",
    "post": lambda name, kind, amount: f"{name} posts {kind} [{amount} USD].",
    "act": lambda name, word, added, all_in: f"{name} is all-In  [{added} USD]" if all_in
    else f"{name} {word} [{added} USD]",
    "show": lambda name, cards: f"{name} shows [ {', '.join(cards.split())} ]a hand.",
}


def _bracketed(lines: list[str], style: dict[str, Any]) -> list[str]:
    """The body of a hand (seats to showdown) as the bracketed sites print it
    (Everleaf, PartyPoker, each with its ``style``): amounts in brackets, a
    raise as the chips it adds (the street's bets followed for it), no
    uncalled bet, no summary; the payouts are the caller's."""
    out: list[str] = []
    bets: dict[str, int] = {}
    for line in lines[2:lines.index("*** SUMMARY ***")]:
        if line.startswith("Seat "):
            seat, _, rest = line.partition(": ")
            name, _, stack = rest.partition(" (")
            out.append(style["seat"](seat, name, stack.split(" ", 1)[0]))
        elif line == "*** HOLE CARDS ***":
            out.append("** Dealing down cards **")
        elif line.startswith("*** ") and not line.startswith("*** SHOW"):
            bets = {}
            new = line.rsplit("[", 1)[1].rstrip("]").replace(" ", ", ")
            out.append(f"** Dealing {line[4:].split(' ', 1)[0].title()} ** [ {new} ]")
        elif line.startswith("Dealt to "):
            name, _, cards = line[9:].partition(" [")
            out.append(style["dealt"](name, cards.rstrip("]")))
        elif (named := _named(line)) is not None:
            name, verb = named
            all_in = verb.endswith(" and is all-in")
            word, _, rest = verb.removesuffix(" and is all-in").partition(" ")
            if word == "posts":
                kind, _, amount = rest.rpartition(" ")
                if kind != "the ante":
                    bets[name] = bets.get(name, 0) + _cents(amount)
                out.append(style["post"](name, "ante" if kind == "the ante" else kind, amount))
            elif word in ("calls", "bets", "raises"):
                cents, before = _cents(rest.split(" to ")[-1]), bets.get(name, 0)
                bets[name] = cents if word == "raises" else before + cents
                out.append(style["act"](name, word, _dollars(cents - before if word == "raises" else cents), all_in))
            elif word in ("folds", "checks"):
                out.append(f"{name} {word}")
            elif word == "shows":
                out.append(style["show"](name, rest[1:].split("]", 1)[0]))
    return out


def _payouts(lines: list[str]) -> list[list[Any]]:
    """``[name, cents, pot]`` of each ``collected`` line."""
    out: list[list[Any]] = []
    for line in lines[:lines.index("*** SUMMARY ***")]:
        if " collected " in line:
            name, _, rest = line.partition(" collected ")
            amount, _, pot = rest.partition(" from ")
            out.append([name, _cents(amount), pot])
    return out


def to_everleaf(text: str) -> str:
    lines = text.split("\n")
    betting, small, big = _game(lines[0])
    number = lines[0].split("#", 1)[1].split(":", 1)[0]
    limit = {"Pot Limit": "Blinds {} PL ", "No Limit": "Blinds {} NL ", "Limit": "{} "}[betting].format(f"{small}/{big}")
    out = [f"Everleaf Gaming Game #{number}", f"***** Hand history for game #{number} *****",
           f"{limit}Omaha Hi/Lo - 2024/01/01 - 00:00:00", "Table omaha8_fast",
           f"Seat {lines[1].split('Seat #', 1)[1].split(' ', 1)[0]} is the button", "Total number of players: 9"]
    out += _bracketed(lines, _EVERLEAF)
    for name, cents, pot in _payouts(lines):
        pot = "main pot" if pot == "pot" else pot.replace("side pot-", "side pot # ")
        out.append(f"{name} wins $ {_dollars(cents)[1:]} USD from {pot}")
    return "\n".join(out)


def to_partypoker(text: str) -> str:
    lines = text.split("\n")
    betting, small, big = _game(lines[0])
    number = lines[0].split("#", 1)[1].split(":", 1)[0]
    limit = {"Pot Limit": "PL", "No Limit": "NL", "Limit": "FL"}[betting]
    out = [f"#Game No : {number}", f"***** Hand History for Game {number} *****",
           f"{small}/{big} USD {limit} Omaha Hi-Lo - Monday, January 01, 00:00:00 EST 2024",
           "Table omaha8_fast (Real Money)", f"Seat {lines[1].split('Seat #', 1)[1].split(' ', 1)[0]} is the button",
           "Total number of players : 6/9"]
    out += _bracketed(lines, _PARTY)
    wins = _payouts(lines)
    for line in lines:  # the uncalled bet: paid back inside the winner's amount, else as a side pot of its own
        if line.startswith("Uncalled bet ("):
            amount, _, name = line[14:].partition(") returned to ")
            mine = [w for w in wins if w[0] == name]
            if mine:
                mine[0][1] += _cents(amount)
            else:
                sides = [int(w[2].rsplit("-", 1)[1]) for w in wins if w[2].startswith("side pot-")]
                wins.append([name, _cents(amount), f"side pot-{max(sides, default=0) + 1}"])
    for name, cents, pot in wins:
        where = "the main pot" if pot in ("pot", "main pot") else "the side pot " + pot.rsplit("-", 1)[1]
        out.append(f"{name} wins {_dollars(cents)} USD from {where} with a hand.")
    return "\n".join(out)


def _facts(hand: ImportedHand, all_in_posts: bool = True, all_in: bool = True) -> dict[str, Any]:
    return {
        "seats": [(s.number, s.name, s.stack) for s in hand.seats],
        "button": hand.button_seat,
        "posts": [(p.player, p.kind, p.amount, p.dead) + ((p.all_in,) if all_in_posts else ()) for p in hand.posts],
        "actions": [a[:6] if all_in else a[:5] for a in hand.actions],
        "board": hand.board,
        "returned": hand.returned,
        "total": hand.total_pot,
        "rake": hand.rake,
        "paid": hand.paid,
        "shown": {s.player: s.cards for s in hand.shown},
        "betting": hand.betting,
    }


def _hands(seed: int) -> list[tuple[str, ImportedHand]]:
    rng = random.Random(seed)
    out = []
    for k in range(examples(120, 2000)):
        text = to_pokerstars(_play(rng), hand_id=k + 1, currency="USD")
        [hand] = parse_pokerstars(text)
        out.append((text, hand))
    return out


@pytest.mark.property
def test_full_tilt_reads_what_pokerstars_reads() -> None:
    for text, want in _hands(11):
        got = FULLTILT.parse_hand(to_fulltilt(text))
        assert got is not None
        assert _facts(got) == _facts(want), text
        assert [(c.player, c.amount) for c in got.collected] == [(c.player, c.amount) for c in want.collected]


@pytest.mark.property
@pytest.mark.parametrize("markers", [True, False], ids=["street markers", "older text, rounds worked out"])
def test_bovada_reads_what_pokerstars_reads(markers: bool) -> None:
    for text, want in _hands(12):
        got = BOVADA.parse_hand(to_bovada(text, markers))
        assert got is not None
        assert _facts(got, all_in_posts=False) == _facts(want, all_in_posts=False), (text, to_bovada(text, markers))
        hero = next((line[9:].split(" [", 1)[0] for line in text.split("\n") if line.startswith("Dealt to ")), None)
        assert got.hero == hero


@pytest.mark.property
def test_everleaf_reads_what_pokerstars_reads() -> None:
    for text, want in _hands(13):
        got = EVERLEAF.parse_hand(to_everleaf(text))
        assert got is not None
        assert _facts(got, all_in_posts=False, all_in=False) == _facts(want, all_in_posts=False, all_in=False), (
            text, to_everleaf(text))


@pytest.mark.property
def test_partypoker_reads_what_pokerstars_reads() -> None:
    for text, want in _hands(14):
        [(first, hand_text)] = PARTY.split(to_partypoker(text))
        got = PARTY.parse_hand(hand_text, first)
        assert got is not None
        assert _facts(got, all_in_posts=False) == _facts(want, all_in_posts=False), (text, to_partypoker(text))
