"""KingsClub hand histories: Omaha Hi/Lo and Big O (5-card Omaha Hi/Lo)
(``site == "kingsclub"``).

A hand starts ``#37580510: Pot Limit Big O - 11/22`` (the game and the
blinds; ``Limit Omaha Hi-Lo - 40/80``, ``Pot Limit Omaha Hi-Lo - 5/10``),
then the date, ``Table 'NAME' Seat 7 is the button`` and the seats
(``Seat 1: NAME (880)``, ``(407.49)``: amounts have cents and no currency, so
they are read in hundredths). Posts carry a colon (``NAME: posts ante 22``,
``NAME: posts the small blind 11``), actions do not (``NAME calls 22``,
``NAME raises to 187``, ``NAME bets 198.49, and is all in``: a call and a
raise give the street's bet reached). Hole cards are ``Dealt to NAME: [6d 2s
Qh 9s 3s]`` (``[X X X X X]`` for unknown ones), streets ``*** FLOP *** [2h
7h Td]``, ``*** TURN *** [2h 7h Td] [Ks]``; a hand run twice deals each
board's rest on its own line, ``*** BOARD 1 - RIVER *** [2h 7h Td Ks] [4d]``
and ``*** BOARD 2 - RIVER *** [- - - Qd] [Jd]`` (``-``: the first board's
card). The summary lists the stacks after the hand, ``Rake 3.50``, and what
each player won in all, ``NAME wins (222.12) from pot`` or ``NAME wins pot
(179)``; the total pot is what the players put in.

>>> text = '''#12: Pot Limit Omaha Hi-Lo - 5/10
... 2021-01-02 15:45:10
... Table 'Mix' Seat 1 is the button
... Seat 1: ann (500)
... Seat 4: bob (700)
... ann: posts the small blind 5
... bob: posts the big blind 10
... *** HOLE CARDS ***
... Dealt to ann: [Ah 2h Kd 9c]
... Dealt to bob: [X X X X]
... ann raises to 30
... bob folds
... *** SUMMARY ***
... Seat 1: ann (510) +10
... Seat 4: bob (690) -10
... ann wins pot (20)'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.unit, hand.total_pot, hand.paid, hand.returned
('kingsclub', '12', 'cents', 2000, {'ann': 2000}, (('ann', 2000),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, checked_lines, split_hands
from ._text_common import player_line_problem

__all__ = ["KingsClubReader", "READER"]

_HEADER = re.compile(r"#(\d{1,30}): (.{1,80}) - ([\d.,]{1,20})/([\d.,]{1,20})\s*$")
_GAMES = {"Omaha Hi-Lo": 4, "Omaha Hi/Lo": 4, "Omaha H/L": 4, "Big O": 5, "5 Card Omaha Hi-Lo": 5}
_BETTING = (("Pot Limit ", "pot-limit"), ("No Limit ", "no-limit"), ("Fixed Limit ", "limit"), ("Limit ", "limit"))
_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_QUIET = ("sits out", "is sitting out", "has returned", "is disconnected", "is connected", "has timed out",
          "leaves the table", "joins the table", "mucks", "doesn't show", "does not show", "is away", "is back")


class KingsClubReader:
    """The KingsClub reader (see the module docstring)."""

    site = "kingsclub"
    name = "KingsClub"

    header_starts: tuple[str, ...] = ("#",)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        return line.startswith("#") and _HEADER.match(line[:200]) is not None

    def hand_id(self, line: str) -> str | None:
        match = _HEADER.match(line[:200])
        return match.group(1) if match else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = _HEADER.match(text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")[:200])
        if head is None:
            raise HandHistoryError("not a KingsClub hand header ('#N: GAME - SB/BB')", line=first_line)
        hand = RoomHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game = head.group(2).strip()
        for words, betting in _BETTING:
            if game.startswith(words):
                hand.betting, game = betting, game[len(words):]
                break
        else:
            return game
        if game not in _GAMES:
            return head.group(2).strip()
        hand.hole_size = _GAMES[game]
        hand.game = "Omaha Hi/Lo"
        hand.unit = "cents"  # chips with hundredths, no currency
        hand.stakes = (hand.money(head.group(3), first_line), hand.money(head.group(4), first_line))
        _read(hand, lines, first_line)
        hand.pay_back_uncalled(None)
        hand.total = sum(hand.put_in().values()) - sum(v for _, v in hand.returned)
        hand.label_halves()
        return hand.build()


def _read(hand: TextHand, lines: list[str], first: int) -> None:
    summary = False
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if text.startswith("***"):
            end = text.find(" ***", 3)
            if end < 0:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            name = text[4:end].strip()
            if name == "SUMMARY":
                summary = True
            elif name in _STREETS:
                hand.deal(_STREETS[name], hand.cards(text[end + 4:], line), line)
            elif name.startswith("BOARD ") and " - " in name:
                _board(hand, name, text[end + 4:], line)
            elif name not in ("HOLE CARDS", "SHOW DOWN", "SHOWDOWN"):
                raise hand.error(f"unknown section {text[:60]!r}", line)
            continue
        if summary:
            _summary(hand, text, line)
            continue
        if text.startswith("Table ") and text.endswith(" is the button") and not hand.seats:
            head, _, number = text[:-14].rpartition(" Seat ")
            number = number.lstrip("#")
            if not head.startswith("Table ") or not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.table, hand.button = head[6:].strip().strip("'"), int(number)
            continue
        if text.startswith("Seat ") and not hand.posts and not hand.actions:
            _seat(hand, text, line)
            continue
        if text.startswith("Dealt to "):
            name, colon, cards = text[9:].partition(": ")
            if not colon:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.known(name, line)
            if cards.strip("[] ").replace("X", "").strip():
                hand.dealt(name, hand.cards(cards, line))
            continue
        if text.startswith("Uncalled bet ("):
            close = text.find(") returned to ")
            if close < 0:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.uncalled(hand.known(text[close + 14:].strip(), line), hand.money(text[14:close], line), line)
            continue
        who = next((n for n in hand.by_length if text.startswith(n) and text[len(n):len(n) + 1] in (" ", ":")), None)
        if who is not None:
            _verb(hand, who, text[len(who):].lstrip(":").strip(), line)
        elif not hand.seats and k > 2:
            raise hand.error(f"cannot read {text[:60]!r}", line)
        elif hand.seats and (problem := player_line_problem(text, hand.by_length)) is not None:
            raise hand.error(problem, line)  # an action, a post, a show or a win of a name with no seat
    if not summary:
        raise hand.error("the hand has no '*** SUMMARY ***' (is it cut short?)", first)
    one, two = hand.boards
    if two and (len(one) != 5 or len(two) != 5):
        raise hand.error("a hand run twice needs both boards dealt to the river", first)


def _seat(hand: TextHand, text: str, line: int) -> None:
    number, colon, rest = text[5:].partition(": ")
    open_ = rest.rfind(" (")
    if not colon or not (number.isascii() and number.isdigit()) or open_ <= 0 or not rest.endswith(")"):
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    hand.seat(int(number), rest[:open_].strip(), hand.money(rest[open_ + 2:-1], line), line)


def _board(hand: TextHand, name: str, cards: str, line: int) -> None:
    """``BOARD 2 - RIVER`` with ``[- - - Qd] [Jd]``: run 2's board so far, ``-`` for run 1's cards."""
    number, _, street = name[6:].partition(" - ")
    if number not in ("1", "2") or street not in _STREETS:
        raise hand.error(f"unknown section {name[:40]!r}", line)
    run = int(number)
    first = hand.boards[0]
    words = cards.replace("[", " ").replace("]", " ").split()
    out = []
    for k, word in enumerate(words):
        if word == "-":
            if k >= len(first):
                raise hand.error("a '-' card stands for no card of the first board", line)
            out.append(first[k])
        else:
            out.extend(hand.cards(word, line))
    hand.deal(_STREETS[street], tuple(out), line, run)


def _verb(hand: TextHand, name: str, rest: str, line: int) -> None:
    all_in = False
    for mark in (", and is all in", " and is all in", ", and is all-in"):
        if rest.endswith(mark):
            rest, all_in = rest[: -len(mark)], True
    word, _, tail = rest.partition(" ")
    if word in ("folds", "checks") and not tail:
        hand.act(name, "fold" if word == "folds" else "check", line)
    elif word == "calls" and tail:  # the street's bet reached
        added = hand.money(tail, line) - hand.bets.get(name, 0)
        if added <= 0:
            raise hand.error(f"a call to {tail[:30]!r} adds nothing", line)
        hand.act(name, "call", line, added=added, all_in=all_in)
    elif word == "bets" and tail:
        hand.act(name, "bet", line, added=hand.money(tail, line), all_in=all_in)
    elif word == "raises" and tail.startswith("to "):
        hand.act(name, "raise", line, to=hand.money(tail[3:], line), all_in=all_in)
    elif word == "posts":
        for prefix, kind in (("the small blind ", "small blind"), ("the big blind ", "big blind"),
                             ("small blind ", "small blind"), ("big blind ", "big blind"), ("ante ", "ante"),
                             ("the ante ", "ante")):
            if tail.startswith(prefix):
                value = hand.money(tail[len(prefix):], line)
                hand.post(name, kind, value, line, all_in, value if kind == "ante" else 0)
                return
        raise hand.error(f"unknown post {rest[:60]!r}", line)
    elif word == "shows" and tail.startswith("["):
        hand.show(name, hand.cards(tail[:tail.find("]") + 1], line), None, line)
    elif not rest.startswith(_QUIET):
        raise hand.error(f"cannot read {name[:40]} {rest[:60]!r}", line)


def _summary(hand: TextHand, text: str, line: int) -> None:
    """``Rake 3.50``, ``NAME wins (222.12) from pot``, ``NAME wins pot (179)``; the seats' stacks after the hand."""
    if text.startswith("Rake "):
        hand.rake = hand.money(text[5:], line)
        return
    if text.startswith("Seat "):
        return
    at = text.rfind(" wins ")
    if at <= 0:
        raise hand.error(f"cannot read {text[:60]!r}", line)
    name, rest = hand.known(text[:at], line), text[at + 6:]
    if rest.startswith("("):
        amount, _, pot = rest[1:].partition(") from ")
    else:
        pot, _, amount = rest.partition(" (")
        amount = amount.removesuffix(")")
    pot = pot.strip()
    if pot in ("pot", "the pot", "main pot"):
        label = "main pot" if pot == "main pot" else "pot"
    elif pot.startswith("side pot") and pot[8:].strip(" -#").isdigit():
        label = f"side pot-{pot[8:].strip(' -#')}"
    else:
        raise hand.error(f"cannot read the pot {pot[:40]!r}", line)
    hand.collect(name, hand.money(amount, line), label, line)


#: The KingsClub reader, registered for ``omaha8_fast.histories.parse``.
READER = KingsClubReader()
register(READER)
