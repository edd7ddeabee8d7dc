"""Cake network hand histories: the Omaha Hi/Lo hands (``site == "cake"``).

No real Cake hand was at hand to check this reader against: it follows the
format as public converters describe it, and refuses (HandHistoryError
naming the line) what those descriptions leave open: amounts converted to
another currency (``(EUR €1.23)``), posts other than the blinds, a dead
blind and an ante, and any line of a seated player it does not know.

A hand starts ``Hand#N - TABLE -- $0.05/$0.10 PL Omaha Hi/Lo -- DATE``
(``FL``: the stakes are the bets; ``NL``; ``Omaha Hi/Lo`` or
``OmahaHiLo``; without a currency sign the amounts are chips), then
``Dealer: Seat N`` and the seats (``Seat 1: NAME ($10.00 in chips)``).
Lines of a player carry a colon: ``NAME: posts small blind $0.05``, ``posts
big blind $0.10``, ``posts ante of $0.01``, ``NAME:posts dead blind $0.05
and big blind $0.10``, ``bets $0.20``, ``calls $0.20`` and ``is all in
$1.00`` (the chips added), ``raises to $0.60`` (the street's bet reached),
``checks``, ``folds``, ``shows [Ah,2d,Kc,9s] (...)``, ``mucks [...]``; the
hero's cards are ``Dealt to NAME [Ah,2d,Kc,9s]``, the streets ``*** FLOP ***
[Ah,Kd,Qs]``, ``*** TURN *** [5c]``, ``*** RIVER *** [2h]``, and each share
won ``NAME wins $1.00``, ``NAME: wins high pot $0.50``, ``wins low pot
$0.50``. The total pot is what the players put in; an uncalled bet is
inferred (what the player who put in most put in beyond everyone else); the
rake is what was not paid out.

>>> text = '''Hand#77 - Oak 12 -- $0.05/$0.10 PL Omaha Hi/Lo -- 2013/02/03 - 12:34:56
... Dealer: Seat 1
... Seat 1: ann ($10.00 in chips)
... Seat 2: bob ($10.00 in chips)
... ann: posts small blind $0.05
... bob: posts big blind $0.10
... Dealt to ann [Ah,2d,Kc,9s]
... ann: raises to $0.30
... bob: folds
... ann wins $0.20'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.total_pot, hand.paid, hand.returned
('cake', '77', 20, {'ann': 20}, (('ann', 20),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._rooms import RoomHand
from ._sites import register
from ._text_b import TextHand, checked_lines, split_hands
from ._text_common import player_line_problem

__all__ = ["CakeReader", "READER"]

_HEADER = re.compile(r"Hand#([A-Z0-9]{1,30}) - (.{0,160}?)\s?-- (.{1,80}?) -- (.{0,60})$")
_GAME = re.compile(r"([$€£]?)([\d.,]{1,16})/[$€£]?([\d.,]{1,16})(?:/[$€£]?([\d.,]{1,16}))? (NL|PL|FL) (.{1,40})$")
_BETTING = {"NL": "no-limit", "PL": "pot-limit", "FL": "limit"}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_QUIET = ("sits out", "is sitting out", "has returned", "is disconnected", "is connected", "has timed out",
          "leaves the table", "joins the table", "finished ")


class CakeReader:
    """The Cake reader (see the module docstring)."""

    site = "cake"
    name = "Cake"

    header_starts: tuple[str, ...] = ("Hand#",)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        return line.startswith("Hand#") and _HEADER.match(line[:400].rstrip()) is not None

    def hand_id(self, line: str) -> str | None:
        match = _HEADER.match(line[:400].rstrip())
        return match.group(1) if match else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = _HEADER.match(text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")[:400].rstrip())
        if head is None:
            raise HandHistoryError("not a Cake hand header ('Hand#N - TABLE -- STAKES GAME -- DATE')",
                                   line=first_line)
        hand = RoomHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game = _GAME.match(head.group(3).strip())
        if game is None:
            raise hand.error(f"cannot read the game {head.group(3)[:60]!r}", first_line)
        symbol, first, second, third, limit, name = game.groups()
        if name.strip() not in ("Omaha Hi/Lo", "OmahaHiLo"):
            return name.strip()[:40]
        hand.betting, hand.table, hand.date = _BETTING[limit], head.group(2).strip(), head.group(4).strip()
        if symbol:
            hand.unit, hand.symbol, hand.currency = "cents", symbol, _CURRENCIES[symbol]
        else:
            hand.unit = "chips"
            hand.tournament = Tournament("", "", "")
        if third is not None:  # ANTE/SB/BB
            first, second = second, third
        hand.stakes = (hand.money(first, first_line), hand.money(second, first_line))
        _read(hand, lines, first_line)
        hand.pay_back_uncalled(None)
        hand.total = sum(hand.put_in().values()) - sum(v for _, v in hand.returned)
        hand.rake = max(0, hand.total - sum(c[1] for c in hand.collected))
        hand.label_halves()
        return hand.build()


def _read(hand: TextHand, lines: list[str], first: int) -> None:
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if "(EUR " in text:
            raise hand.error("an amount converted to another currency ('(EUR ...)') is not read", line)
        if text.startswith("Dealer: Seat "):
            number = text[13:].strip()
            if not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.button = int(number)
            continue
        if text.startswith("Seat ") and text.endswith(" in chips)") and not hand.posts:
            number, colon, rest = text[5:].partition(": ")
            open_ = rest.rfind(" (")
            if not colon or not (number.isascii() and number.isdigit()) or len(number) > 3 or open_ <= 0:
                raise hand.error(f"cannot read the seat {text[:80]!r}", line)
            hand.seat(int(number), rest[:open_].strip(), hand.money(rest[open_ + 2:-10], line), line)
            continue
        if text.startswith("***"):
            name = text.strip("* ").split("***", 1)[0].strip() if text.endswith("***") else \
                text[3:text.find("***", 3)].strip()
            if name in _STREETS:
                hand.deal(_STREETS[name], hand.cards(text[text.find("***", 3) + 3:], line), line)
            elif name not in ("SHOW DOWN", "SHOWDOWN", "HOLE CARDS", "SUMMARY"):
                raise hand.error(f"unknown section {text[:40]!r}", line)
            continue
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at < 0:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.dealt(hand.known(text[9:at], line), hand.cards(text[at:], line))
            continue
        if "uncalled bet" in text:
            continue  # the uncalled bet is worked out from the bets (its line's wording is not described)
        who = next((n for n in hand.by_length if text.startswith(n) and text[len(n):len(n) + 1] in (":", " ")), None)
        if who is not None:
            _verb(hand, who, text[len(who):].lstrip(":").strip(), line)
        elif (problem := player_line_problem(text, hand.by_length)) is not None:
            raise hand.error(problem, line)  # an action, a post, a show or a win of a name with no seat
    if not hand.collected:
        raise hand.error("nobody wins anything (is the hand cut short?)", first)


def _verb(hand: TextHand, name: str, rest: str, line: int) -> None:
    word, _, tail = rest.partition(" ")
    if word in ("folds", "checks") and not tail:
        hand.act(name, "fold" if word == "folds" else "check", line)
    elif word in ("bets", "calls") and tail:
        hand.act(name, "bet" if word == "bets" else "call", line, added=hand.money(tail, line))
    elif word == "raises" and tail.startswith("to "):
        hand.act(name, "raise", line, to=hand.money(tail[3:], line))
    elif rest.startswith("is all in "):
        added = hand.money(rest[10:], line)
        top = max(hand.bets.values(), default=0)
        reached = hand.bets.get(name, 0) + added
        kind = "call" if reached <= top else ("raise" if top or hand.street == "preflop" else "bet")
        hand.act(name, kind, line, added=added, all_in=True)
    elif word == "posts":
        _post(hand, name, tail, line)
    elif word in ("shows", "mucks") and tail.startswith("["):
        end = tail.find("]")
        if end < 0:
            raise hand.error(f"cannot read the cards {rest[:60]!r}", line)
        cards = hand.cards(tail[:end + 1], line)
        if word == "shows":
            hand.show(name, cards, tail[end + 1:].strip().strip("()") or None, line)
        else:
            hand.muck(name, cards, line)
    elif word == "wins":
        for half, label in (("high pot ", " (hi)"), ("low pot ", " (lo)"), ("", "")):
            if tail.startswith(half):
                amount = tail[len(half):].split(" with ", 1)[0]
                hand.collect(name, hand.money(amount, line), "pot" + label, line)
                return
    elif not rest.startswith(_QUIET):
        raise hand.error(f"cannot read {name[:40]} {rest[:60]!r}", line)


def _post(hand: TextHand, name: str, tail: str, line: int) -> None:
    if tail.startswith("dead blind ") and " and big blind " in tail:
        dead_text, _, live_text = tail[11:].partition(" and big blind ")
        dead, live = hand.money(dead_text.replace("-", ""), line), hand.money(live_text, line)
        hand.post(name, "small & big blinds", dead + live, line, dead=dead)
        return
    for prefix, kind in (("small blind ", "small blind"), ("big blind ", "big blind"), ("ante of ", "ante")):
        if tail.startswith(prefix):
            value = hand.money(tail[len(prefix):], line)
            hand.post(name, kind, value, line, dead=value if kind == "ante" else 0)
            return
    raise hand.error(f"unknown post {tail[:60]!r}", line)


#: The Cake reader, registered for ``omaha8_fast.histories.parse``.
READER = CakeReader()
register(READER)
