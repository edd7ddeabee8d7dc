"""Winning Poker Network hand histories (Americas Cardroom, BlackChip,
True Poker, Yachting): the Omaha Hi/Lo hands, read into
:class:`~omaha8_fast.histories.ImportedHand` (``site == "wpn"``).

The game is written ``Omaha H/L``; the header is ``Hand #N - Omaha H/L (Pot
Limit) - $0.25/$0.50 - DATE`` (cash) or ``Game Hand #N - Tournament #T -
Omaha H/L (Pot Limit) - Level L (SB/BB) - DATE``, older clients ``Game Hand
#N - Omaha H/L Pot Limit ($0.25/$0.50) - DATE``. Lines have no colon after
the name (``NAME raises $1 to $1.50``), posts read ``posts the small blind``,
a player joining ``posts $0.50``; the summary's ``Rake`` and ``JP Fee``
together are the hand's rake (all the site kept), and its ``Total pot`` is
what they left (the model's ``total_pot`` adds them back). An uncontested
pot is paid only in the summary (``Seat 3: NAME did not show and won
$12.00``; a walk's uncalled big blind is not printed). A tournament's draw
for the button deals each player one card before the hand (``Dealt to NAME
[Qc]`` above the posts): not hole cards. Run twice is written ``*** FLOP 1
***``, ``*** FLOP 2 ***`` (and ``Board 1``/``Board 2`` in the summary).

The classic client (2014-2017) writes another text: ``Game started at:
DATE``, ``Game ID: N SB/BB TABLE (Omaha HiLow)``, ``Seat N is the
button``, ``Seat N: NAME (STACK).``, ``Player NAME has small blind (X)``,
``Player NAME raises (X)`` (X what the action puts in), ``*** FLOP ***:
[cards]``, and a summary ``Pot: X. Rake Y. JP fee Z`` (the pot after the
fees) with each player's ``Bets: X. Collects: Y.``. It names no betting
structure: stakes twice the blinds posted are the bets of fixed limit, else
the hand is replayed as no limit (which allows every pot-limit action). Its
pots are paid unnamed, the rake taken from the main pot (the side pots paid
whole), which is what the reader states as the pots after rake. Amounts
carry no currency sign: dollars.

>>> text = '''Hand #77 - Omaha H/L (Pot Limit) - $0.25/$0.50 - 2024/01/02 03:04:05 UTC
... Cairo 6-max Seat #2 is the button
... Seat 1: carol ($50.00)
... Seat 2: dave ($50.00)
... dave posts the small blind $0.25
... carol posts the big blind $0.50
... *** HOLE CARDS ***
... dave raises $1.00 to $1.50
... carol folds
... Uncalled bet ($1.00) returned to dave
... dave collected $1.00 from main pot
... *** SUMMARY ***
... Total pot $1.00 | Rake $0.00 | JP Fee $0.00'''
>>> [(first, hand)] = READER.split(text)
>>> imported = READER.parse_hand(hand, first)
>>> imported.site, imported.button_seat, imported.total_pot, imported.paid
('wpn', 2, 100, {'dave': 100})
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ..showdown import pots_from_contributions
from ._sites import register
from ._text_b import (
    TextHand, checked_lines, hilo_game, other_line, read_body, seat_line, split_hands, stakes_and_money, summary_line,
    table_fields,
)
from ._text_common import player_line_problem

__all__ = ["WPNReader", "READER"]

_HEADER = re.compile(r"(?:Game )?Hand #(\d{1,30}) - ")


class WPNReader:
    """The reader of Winning Poker Network text (see the module docstring)."""

    site = "wpn"
    #: every header line starts so (the framework finds them all, and each block it cuts is one hand)
    prefixes: tuple[str, ...] = ("Hand #", "Game Hand #", "Game started at: ")
    whole_blocks = True

    def is_header(self, line: str) -> bool:
        if line.startswith("Game started at: "):  # the classic client (2014-2017)
            return True
        return line.startswith(("Hand #", "Game Hand #")) and _HEADER.match(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        if text.startswith("Game started at:"):
            return _parse_classic(self.site, text, first_line)
        head = _HEADER.match(text)
        if head is None:
            raise HandHistoryError("not a Winning Poker Network hand header", line=first_line)
        hand = TextHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        rest = lines[0][head.end():]
        dated = _DATE.search(rest)
        body, hand.date = (rest[:dated.start()], dated.group(1)) if dated else (rest, "")
        tournament = body.startswith("Tournament #")
        if tournament:
            tid, _, body = body[len("Tournament #"):].partition(" - ")
            level = body[body.find("Level"):] if "Level" in body else ""
            hand.tournament = Tournament(tid.strip(), "", level.split("(", 1)[0].strip())
        game = hilo_game(body)
        if game is None:
            return None
        hand.hole_size, hand.betting = game
        # the stakes: "(SB/BB)" (older and tournaments) or " - $SB/$BB" after the game (cash)
        stakes = body
        if " - " in body and "(" not in body.rsplit(" - ", 1)[1]:
            stakes = "(" + body.rsplit(" - ", 1)[1].split(",", 1)[0] + ")"
        stakes_and_money(hand, stakes, first_line, tournament)
        if len(lines) < 2 or (table := table_fields(lines[1].strip())) is None:
            raise hand.error("no '... Seat #N is the button' line", first_line + 1)
        hand.table, hand.max_seats, hand.button = table
        # a tournament's draw for the button deals every player one card before the hand ("Dealt to
        # NAME [Qc]" above the posts): not the hole cards, which come after "*** HOLE CARDS ***"
        for k in range(2, len(lines)):
            if lines[k].startswith("*** "):
                break
            if lines[k].startswith("Dealt to "):
                lines[k] = ""
        won: list[tuple[str, int, int]] = []

        def summary(hand: TextHand, text: str, line: int) -> None:
            summary_line(hand, text, line)
            if text.startswith("Seat ") and " won " in text:  # "Seat 3: NAME did not show and won $12.00"
                named = hand.player(text[text.find(": ") + 2:]) if ": " in text else None
                if named is not None:
                    amount = named[1][named[1].rfind(" won ") + 5:].split(" with ", 1)[0].split(" ", 1)[0]
                    won.append((named[0], hand.money(amount, line), line))

        read_body(hand, lines, first_line, 2, colon=False, summary=summary)
        if hand.total is None:
            raise hand.error("the hand has no 'Total pot' line (is it cut short?)", first_line)
        # "Total pot" is what was left after the rake and the jackpot fee: the model's total holds them
        hand.total += hand.rake
        if not hand.collected:  # an uncontested pot is paid only in the summary (its uncalled bet not printed)
            for name, amount, line in won:
                hand.collect(name, amount, "pot", line)
            hand.total -= hand.pay_back_uncalled(True)
        hand.label_halves()
        hand.breakdown_from_collections()
        return hand.build()


#: The Winning Poker Network reader, registered for ``omaha8_fast.histories.parse``.
READER = WPNReader()
register(READER)


# --- the classic client (2014-2017) ----------------------------------------------------------------------

_DATE = re.compile(r"\s*-\s*(\d{4}/\d{1,2}/\d{1,2}[^-]*)$")
_CLASSIC_ID = re.compile(r"Game ID: (\d{1,30}) ([0-9.,]{1,20})/([0-9.,]{1,20}) (.{0,200})$")
_CLASSIC_QUIET = ("received a card", "is timed out", "sitting out", "is sitting out", "is disconnected",
                  "mucks cards", "has returned", "is connected", "sits out", "wait", "leaves", "joins",
                  "does not show", "shows cards", "is back")


def _classic_amount(hand: TextHand, text: str, line: int) -> int:
    """The ``(X)`` amount of a classic line."""
    start, end = text.find("("), text.rfind(")")
    if start < 0 or end < start:
        raise hand.error(f"no amount in {text[:60]!r}", line)
    return hand.money(text[start + 1:end], line)


def _parse_classic(site: str, text: str, first_line: int) -> ImportedHand | None:
    """A hand of the classic client: ``Game started at: DATE``, ``Game ID: N
    SB/BB TABLE (GAME)``, ``Seat N is the button``, ``Seat N: NAME
    (STACK).``, ``Player NAME has small blind (X)``, ``Player NAME raises
    (X)`` (X what the action puts in), ``*** FLOP ***: [cards]``, and a
    summary ``Pot: X. Rake Y. JP fee Z`` (the pot after the fees) with
    ``Player NAME ... Bets: X. Collects: Y. ...`` per player."""
    lines = checked_lines(text, None, first_line)
    head = _CLASSIC_ID.match(lines[1].strip()) if len(lines) > 1 else None
    if head is None:
        raise HandHistoryError("no 'Game ID: N SB/BB TABLE (GAME)' line after 'Game started at:'",
                               line=first_line + 1)
    hand = TextHand(site, head.group(1), first_line)
    hand.date = lines[0][len("Game started at:"):].strip()
    tail = head.group(4).rstrip()
    open_ = tail.rfind("(")
    game = hilo_game(tail[open_:]) if open_ >= 0 and tail.endswith(")") else None
    if game is None:
        return None
    hand.hole_size = game[0]
    hand.table = tail[:open_].strip()[:80]
    if hand.table.endswith(" (Short)"):
        hand.table = hand.table[:-8]
    if hand.table.endswith(" (PRR)") or hand.table.startswith("(PRR) "):
        hand.table = hand.table.replace("(PRR)", "").strip()
    hand.unit, hand.symbol, hand.currency = "cents", "$", "USD"
    hand.stakes = (hand.money(head.group(2), first_line + 1), hand.money(head.group(3), first_line + 1))
    section = "header"
    won: list[tuple[str, int, int]] = []
    for k in range(2, len(lines)):
        raw = lines[k].strip()
        line = first_line + k
        if not raw:
            continue
        if section == "header" and raw.startswith("Seat "):
            if raw.endswith(" is the button"):
                number = raw[5:-14]
                if not (number.isascii() and number.isdigit()) or len(number) > 3:
                    raise hand.error(f"cannot read {raw[:60]!r}", line)
                hand.button = int(number)
                continue
            if not seat_line(hand, raw.rstrip("."), line):
                raise hand.error(f"cannot read the seat {raw[:60]!r}", line)
            continue
        if raw.startswith("***"):
            street = raw.strip("*: ").partition("***")[0].strip(" *:").lower()
            cards = raw[raw.find("["):] if "[" in raw else ""
            if street in ("flop", "turn", "river"):
                if cards:
                    hand.deal(street, hand.cards(cards, line), line)
                section = "play"
            continue
        if raw.startswith("------ Summary"):
            section = "summary"
            continue
        if raw.startswith(("Game ended at", "Board: [", "Board [")):
            continue
        if section == "summary":
            _classic_summary(hand, raw, line, won)
            continue
        if raw.startswith("Uncalled bet ("):
            other_line(hand, raw, line)
            continue
        if not raw.startswith("Player "):
            continue
        named = hand.player(raw[7:])
        if named is None:  # "Player NAME calls (...)" of a name with no seat: an error of the hand
            problem = player_line_problem(raw[7:], hand.by_length)
            if problem is not None:
                raise hand.error(problem, line)
            continue
        name, rest = named
        rest = rest.strip()
        if section == "header":
            section = "play" if rest.startswith(("received", "folds", "checks", "calls", "bets", "raises", "allin")) \
                else section
        if rest.startswith("has small blind"):
            hand.post(name, "small blind", _classic_amount(hand, rest, line), line)
        elif rest.startswith("has big blind"):
            hand.post(name, "big blind", _classic_amount(hand, rest, line), line)
        elif rest.startswith("posts (") and rest.endswith(" as a dead bet"):  # dead chips: no part of a bet
            value = _classic_amount(hand, rest[:-14], line)
            hand.post(name, "small blind", value, line, dead=value)
        elif rest.startswith("posts ("):  # a player joining posts a live big blind
            hand.post(name, "big blind", _classic_amount(hand, rest, line), line)
        elif rest.startswith(("straddle (", "straddles (")):
            hand.post(name, "straddle", _classic_amount(hand, rest, line), line)
        elif rest.startswith("ante ("):
            value = _classic_amount(hand, rest, line)
            hand.post(name, "ante", value, line, dead=value)
        elif rest.startswith("received card: ["):
            hand.holes[name] = hand.holes.get(name, ()) + hand.cards(rest[15:], line)
            if hand.hero is None:
                hand.hero = name
        elif rest in ("folds", "checks"):
            hand.act(name, rest[:-1], line)
        elif rest.startswith(("calls (", "bets (", "raises (")):
            kind = rest.split(" ", 1)[0][:-1]
            added = _classic_amount(hand, rest, line)
            if kind == "raise":
                hand.act(name, "raise", line, added=added)
            else:
                hand.act(name, kind, line, added=added)
        elif rest.startswith(("allin (", "allin(")):
            added = _classic_amount(hand, rest, line)
            top = max(hand.bets.values(), default=0)
            before = hand.bets.get(name, 0)
            kind = "bet" if top == 0 else ("call" if before + added <= top else "raise")
            hand.act(name, kind, line, added=added, all_in=True)
        elif rest == "allin":  # a disconnected player left all-in for what they put in
            hand.act(name, "check", line, all_in=True)
        elif rest.startswith(_CLASSIC_QUIET):
            continue
        elif "(" in rest and any(ch.isdigit() for ch in rest):
            raise hand.error(f"cannot read {raw[:80]!r}", line)
    if hand.total is None:
        raise hand.error("the hand has no summary 'Pot: ...' line (is it cut short?)", first_line)
    if hand.stakes[0] in {p[2] for p in hand.posts if p[1] == "big blind"} and hand.stakes[1] == 2 * hand.stakes[0]:
        hand.betting = "limit"  # the stakes are the fixed bets, the big blind their small bet
    else:
        hand.betting = "no-limit"  # not printed: no limit lets every pot-limit action through
    if hand.hero is not None and len(hand.holes.get(hand.hero, ())) != hand.hole_size:
        raise hand.error(f"{hand.hero} is dealt {len(hand.holes[hand.hero])} cards", first_line)
    for name, amount, line in won:
        hand.collect(name, amount, "pot", line)
    _rake_from_main_pot(hand)  # (the classic client prints every uncalled bet it returns)
    return hand.build()


def _rake_from_main_pot(hand: TextHand) -> None:
    """The classic client pays the pots without naming them and takes the
    rake out of the main pot (the side pots are paid whole): the pots after
    rake, main pot first, when there are side pots."""
    put = hand.put_in()
    for name, amount in hand.returned:
        put[name] = put.get(name, 0) - amount
    names = [n for n in put if put[n] > 0]
    folded = {a[1] for a in hand.actions if a[2] == "fold"}
    if not hand.rake or all(n in folded for n in names):
        return
    pots = pots_from_contributions([put[n] for n in names], [k for k, n in enumerate(names) if n in folded])
    if len(pots) > 1 and pots[0].amount > hand.rake:
        hand.breakdown = (pots[0].amount - hand.rake, *(p.amount for p in pots[1:]))


def _classic_summary(hand: TextHand, text: str, line: int, won: list[tuple[str, int, int]]) -> None:
    """A summary line of the classic client: ``Pot: X. Rake Y. JP fee Z`` or
    ``[*]Player NAME ...[cards]... Bets: X. Collects: Y. Wins|Loses: Z.``."""
    if text.startswith("Pot: "):
        fields = [f.strip() for f in text[5:].split(". ") if f.strip()]
        total = hand.money(fields[0].rstrip("."), line)
        rake = 0
        for field in fields[1:]:
            label, _, amount = field.rstrip(".").rpartition(" ")
            if label.lower() in ("rake", "jp fee", "jackpot fee"):
                rake += hand.money(amount, line)
        hand.total, hand.rake = total + rake, rake
        return
    text = text.lstrip("*")
    if not text.startswith("Player "):
        return
    named = hand.player(text[7:])
    if named is None:
        if "Collects: " in text:  # a payout line of a name with no seat: an error of the hand
            raise hand.error(f"{text[7:text.find(' ', 7) if ' ' in text[7:] else None][:40]!r} is not seated at the table",
                             line)
        return
    name, rest = named
    at = rest.find("Collects: ")
    if at < 0:
        raise hand.error(f"cannot read {text[:80]!r}", line)
    amount = rest[at + 10:].split(" ", 1)[0].rstrip(".")
    value = hand.money(amount, line)
    if value:
        won.append((name, value, line))
    if rest.startswith("shows: "):
        start, end = rest.find("["), rest.find("]")
        if 0 < start < end:
            cards = hand.cards(rest[start:end + 1], line)
            hand.show(name, cards, None, line)
    elif rest.startswith("mucks") and not value and name not in hand.mucked:
        hand.mucked.append(name)
