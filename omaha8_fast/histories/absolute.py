"""Absolute Poker and UltimateBet (the Cereus network) hand histories: the
Omaha Hi/Lo hands (``site == "absolute"``, both rooms).

A hand starts ``Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 -
2009-12-31 18:23:36.005 (ET) [ ... ]`` (``Normal`` is fixed limit, whose
stakes are the bets; ``Pot Limit`` and ``No Limit`` give the blinds; chips
without a ``$``), then ``Table: NAME (Real Money) Seat #6 is the dealer``
and the seats (``Seat 6 - NAME ($1,195.50 in chips)``). A player's line is
``NAME - Verb``: ``Posts small blind $15``, ``Posts big blind $30``,
``Raises $45 to $60`` (the chips added, then the street's bet reached),
``Calls $30``, ``Bets $30``, ``Checks``, ``Folds``, ``returned ($30) : not
called`` (an uncalled bet), ``Shows [cards] (...)``, ``Does not show``,
``Mucks``; the streets are ``*** FLOP *** [Jc 5h 2c]``; the pots are paid
as ``NAME Collects $119.25 from main pot`` (``from side pot #1``), and the
summary gives ``Total Pot($120) | Rake ($0.75)``. The halves of a pot are
named from the shown hands.

>>> text = '''Stage #5: Omaha Hi/Lo  Pot Limit $0.50/$1 - 2009-12-31 18:23:36 (ET)
... Table: Elm St (Real Money) Seat #1 is the dealer
... Seat 1 - ann ($40 in chips)
... Seat 2 - bob ($50 in chips)
... ann - Posts small blind $0.50
... bob - Posts big blind $1
... *** POCKET CARDS ***
... ann - Raises $2.50 to $3
... bob - Folds
... ann - returned ($2) : not called
... *** SHOW DOWN ***
... ann - Does not show
... ann Collects $2 from main pot
... *** SUMMARY ***
... Total Pot($2) | Rake ($0)'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.total_pot, hand.paid, hand.returned
('absolute', '5', 200, {'ann': 200}, (('ann', 200),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, checked_lines, hilo_game, marker, split_hands

__all__ = ["AbsoluteReader", "READER"]

_HEADER = re.compile(r"Stage #(\d{1,30}): (.{1,200}?) - (\d{4}-\d\d-\d\d .{0,80})$")
_BETTING = (("Pot Limit", "pot-limit"), ("No Limit", "no-limit"), ("Normal", "limit"), ("Fixed Limit", "limit"),
            ("Limit", "limit"))
_STAKES = re.compile(r"(\$?)([\d,]{1,12}(?:\.\d{1,2})?)/\$?([\d,]{1,12}(?:\.\d{1,2})?)\s*$")
_QUIET = ("Does not show", "Sits out", "Sitting out", "Is sitting out", "has joined", "has left", "Time Bank",
          "Disconnected", "Reconnected", "Returned")


class AbsoluteReader:
    """The Absolute Poker/UltimateBet reader (see the module docstring)."""

    site = "absolute"
    name = "Absolute Poker/UltimateBet"

    header_starts: tuple[str, ...] = ("Stage #",)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        return line.startswith("Stage #") and _HEADER.match(line[:400].rstrip()) is not None

    def hand_id(self, line: str) -> str | None:
        match = _HEADER.match(line[:400].rstrip())
        return match.group(1) if match else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = _HEADER.match(text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")[:400].rstrip())
        if head is None:
            raise HandHistoryError("not an Absolute/UltimateBet hand header ('Stage #N: GAME - DATE')",
                                   line=first_line)
        hand = RoomHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game_text = head.group(2)
        hand.date = head.group(3).strip()
        game = hilo_game(game_text)
        if game is None:
            return " ".join(game_text.split())[:60]
        hand.hole_size = game[0]
        betting = next((b for words, b in _BETTING if words in game_text), None)
        stakes = _STAKES.search(game_text)
        if betting is None or stakes is None:
            raise hand.error(f"cannot read the game {game_text[:60]!r}", first_line)
        hand.betting = betting
        symbol, small, big = stakes.groups()
        if symbol:
            hand.unit, hand.symbol, hand.currency = "cents", "$", "USD"
        else:
            hand.unit = "chips"
        if "Tourney" in game_text or "Tournament" in game_text or not symbol:
            hand.tournament = Tournament("", "", "")
        hand.stakes = (hand.money(small, first_line), hand.money(big, first_line))
        _read(hand, lines, first_line)
        if hand.total is None:
            raise hand.error("the hand has no 'Total Pot(...)' line (is it cut short?)", first_line)
        if any(c[2].startswith("side pot") for c in hand.collected) or len({c[2] for c in hand.collected}) > 1:
            hand.breakdown_from_collections()
        else:
            hand.collected = [(n, v, "pot", r, line) for n, v, p, r, line in hand.collected]
        hand.label_halves()
        return hand.build()


def _read(hand: TextHand, lines: list[str], first: int) -> None:
    section = "header"
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if text.startswith("***") and (text.endswith("***") or text.endswith("]")):
            section = marker(hand, text, line)
            continue
        if section == "summary":
            if text.startswith("Total Pot("):
                _total(hand, text, line)
            continue
        if section == "header" and text.startswith("Table: "):
            _table(hand, text, line)
            continue
        if section == "header" and text.startswith("Seat ") and " - " in text and not hand.posts:
            _seat(hand, text, line)
            continue
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at < 0:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.dealt(hand.known(text[9:at], line), hand.cards(text[at:], line))
            continue
        name = next((n for n in hand.by_length if text.startswith(n + " - ")), None)
        if name is not None:
            _verb(hand, name, text[len(name) + 3:].strip(), line)
            continue
        name = next((n for n in hand.by_length if text.startswith(n + " Collects ")), None)
        if name is not None:
            _collects(hand, name, text[len(name) + 10:], line)
            continue
        if hand.player(text) is not None:
            raise hand.error(f"cannot read {text[:60]!r}", line)
        at = text.find(" - ")
        if 0 < at <= 60 and text[at + 3:].split(" ", 1)[0] in _WORDS or 0 < text.find(" Collects ") <= 60:
            name = text[:at] if 0 < at <= 60 else text[:text.find(" Collects ")]
            raise hand.error(f"{name[:40]!r} is not seated at the table", line)  # a line of a name with no seat


def _table(hand: TextHand, text: str, line: int) -> None:
    """``Table: Linden Ct (Real Money) Seat #6 is the dealer``."""
    head, sep, number = text[7:].rpartition(" Seat #")
    number = number.removesuffix(" is the dealer")
    if not sep or not (number.isascii() and number.isdigit()) or len(number) > 3:
        raise hand.error(f"cannot read {text[:60]!r}", line)
    hand.button = int(number)
    hand.table = head.rsplit(" (", 1)[0].strip()


def _seat(hand: TextHand, text: str, line: int) -> None:
    """``Seat 6 - NAME ($1,195.50 in chips)`` (``(... in chips) (sitting out)``)."""
    number, _, rest = text[5:].partition(" - ")
    out = rest.endswith(" (sitting out)")
    if out:
        rest = rest[:-14]
    open_ = rest.rfind(" (")
    if not (number.isascii() and number.isdigit()) or len(number) > 3 or open_ <= 0 or not rest.endswith(" in chips)"):
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    hand.seat(int(number), rest[:open_].strip(), hand.money(rest[open_ + 2:-10], line), line, out)


#: The words of a player's line after ``NAME - `` (a line of a name with no seat is an error of the hand).
_WORDS = frozenset(("Folds", "Checks", "Calls", "Bets", "Raises", "Posts", "Shows", "Mucks", "returned", "Antes",
                    "All-In"))


def _verb(hand: TextHand, name: str, rest: str, line: int) -> None:
    all_in = rest.endswith(" (All-In)") or rest.endswith(" (all-in)")
    if all_in:
        rest = rest[:-9].rstrip()
    word, _, tail = rest.partition(" ")
    if word in ("Folds", "Checks") and not tail:
        hand.act(name, "fold" if word == "Folds" else "check", line)
    elif word in ("Calls", "Bets") and tail:
        hand.act(name, "call" if word == "Calls" else "bet", line, added=hand.money(tail, line), all_in=all_in)
    elif word == "Raises" and " to " in tail:
        added, _, to = tail.partition(" to ")
        hand.money(added, line)
        hand.act(name, "raise", line, to=hand.money(to, line), all_in=all_in)
    elif word == "Posts":
        for prefix, kind in (("small blind ", "small blind"), ("big blind ", "big blind"), ("dead blind ", "dead"),
                             ("ante ", "ante")):
            if tail.startswith(prefix):
                value = hand.money(tail[len(prefix):], line)
                if kind == "dead":
                    hand.post(name, "small blind", value, line, all_in, dead=value)
                else:
                    hand.post(name, kind, value, line, all_in, value if kind == "ante" else 0)
                return
        raise hand.error(f"unknown post {rest[:60]!r}", line)
    elif word == "returned" and tail.endswith(" : not called") and tail.startswith("("):
        hand.uncalled(name, hand.money(tail[1:tail.find(")")], line), line)
    elif word == "Shows" and tail.startswith("["):
        end = tail.find("]")
        if end < 0:
            raise hand.error(f"cannot read the shown cards {rest[:60]!r}", line)
        hand.show(name, hand.cards(tail[:end + 1], line), tail[end + 1:].strip().strip("()") or None, line)
    elif word == "Mucks":
        hand.muck(name, hand.cards(tail, line) if tail.startswith("[") else (), line)
    elif not rest.startswith(_QUIET):
        raise hand.error(f"cannot read {name[:40]} {rest[:60]!r}", line)


def _collects(hand: TextHand, name: str, rest: str, line: int) -> None:
    """``$119.25 from main pot``, ``$10 from side pot #1``."""
    amount, sep, pot = rest.partition(" from ")
    pot = pot.strip()
    if not sep:
        raise hand.error(f"cannot read {name[:40]} Collects {rest[:60]!r}", line)
    if pot in ("main pot", "pot"):
        label = "main pot"
    elif pot.startswith("side pot") and pot[8:].strip(" #-").isdigit():
        label = f"side pot-{pot[8:].strip(' #-')}"
    else:
        raise hand.error(f"cannot read the pot {pot[:40]!r}", line)
    hand.collect(name, hand.money(amount, line), label, line)


def _total(hand: TextHand, text: str, line: int) -> None:
    """``Total Pot($120) | Rake ($0.75)``."""
    parts = text.split("|")
    inside = parts[0].strip()[10:].rstrip(")").strip()
    hand.total = hand.money(inside, line)
    hand.rake = 0
    for part in parts[1:]:
        label, _, amount = part.strip().partition("(")
        if label.strip().lower() in ("rake", "jackpot", "jp fee", "fee"):
            hand.rake += hand.money(amount.rstrip(")"), line)


#: The Absolute Poker/UltimateBet reader, registered for ``omaha8_fast.histories.parse``.
READER = AbsoluteReader()
register(READER)
