"""Entraction hand histories: the Omaha Hi/Lo hands (``site == "entraction"``).

A hand starts ``Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR
100.00/200.00 - Table "Portland"`` (a limit game's stakes are its bets;
``Pot Limit`` and ``No Limit`` give the blinds), then, in blocks apart,
``Players(max 2):`` and one line a player, ``NAME   (EUR 3,999.25 in seat
1)``; ``Dealer: NAME``, ``Big Blind: NAME (100.00)``, ``Small Blind: NAME
(50.00)``; and the play, a column for the name and one for the verb: ``NAME
Raise (150.00)``, ``Call``, ``Bet`` (the chips the action adds), ``Check``,
``Fold``; the streets ``Flop 4h - 7h - 6c``, ``Turn 4h - 7h - 6c - 8h``
(the board so far); ``NAME shows: 9d - 5d - Ad - 6h`` and ``NAME didn't
show hand (Jd - Qh - 6s - Ac)`` (a muck with the cards); each share paid,
``NAME wins: EUR 799.25`` (a player paid both halves has two such lines), and
``Rake: EUR 1.50``. No uncalled bet is printed: the reader infers it, the
total pot is what the players put in, and the halves are named from the
shown hands.

>>> text = '''Game # 10 - Omaha Hi/Lo Pot Limit EUR 0.50/1.00 - Table "Oslo"
...
... Players(max 6):
... ann           (EUR 50.00 in seat 1)
... bob           (EUR 1,000.00 in seat 2)
...
... Dealer:       ann
... Big Blind:    bob      (1.00)
... Small Blind:  ann      (0.50)
...
... ann           Raise    (2.50)
... bob           Fold
...
... ann wins:     EUR 2.00
... Rake:         EUR 0.00'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.currency, hand.total_pot, hand.paid, hand.returned
('entraction', '10', 'EUR', 200, {'ann': 200}, (('ann', 200),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, checked_lines, split_hands

__all__ = ["EntractionReader", "READER"]

_HEADER = re.compile(r"Game # (\d{1,30}) - (.{1,120}?) - Table \"(.{0,80})\"\s*$")
_GAME = re.compile(r"Omaha Hi/Lo (Fixed Limit|Pot Limit|No Limit) ([A-Z]{3}) ([\d.,]{1,20})/([\d.,]{1,20})$")
_BETTING = {"Fixed Limit": "limit", "Pot Limit": "pot-limit", "No Limit": "no-limit"}
_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "SEK": "kr", "DKK": "kr", "NOK": "kr"}
_COLUMNS = re.compile(r"\s{2,}")
_STREETS = {"Flop": ("flop", 3), "Turn": ("turn", 4), "River": ("river", 5)}
_VERBS = {"Raise": "raise", "Call": "call", "Bet": "bet", "Check": "check", "Fold": "fold"}


class EntractionReader:
    """The Entraction reader (see the module docstring)."""

    site = "entraction"
    name = "Entraction"

    header_starts: tuple[str, ...] = ("Game # ",)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        return line.startswith("Game # ") and _HEADER.match(line[:300]) is not None

    def hand_id(self, line: str) -> str | None:
        match = _HEADER.match(line[:300])
        return match.group(1) if match else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = _HEADER.match(text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")[:300])
        if head is None:
            raise HandHistoryError("not an Entraction hand header ('Game # N - GAME - Table \"NAME\"')",
                                   line=first_line)
        hand = RoomHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game = _GAME.match(head.group(2).strip())
        if game is None:
            if "Omaha Hi/Lo" in head.group(2):
                raise hand.error(f"cannot read the game {head.group(2)[:60]!r}", first_line)
            return head.group(2).strip()[:60]
        limit, code, small, big = game.groups()
        if code not in _SYMBOLS:
            raise hand.error(f"unknown currency {code!r}", first_line)
        hand.betting, hand.currency, hand.symbol, hand.unit = _BETTING[limit], code, _SYMBOLS[code], "cents"
        hand.stakes = (hand.money(small, first_line), hand.money(big, first_line))
        hand.table = head.group(3)
        _read(hand, lines, first_line)
        hand.pay_back_uncalled(False)
        hand.total = sum(hand.put_in().values()) - sum(v for _, v in hand.returned)
        hand.label_halves()
        return hand.build()


def _amount(hand: TextHand, text: str, line: int) -> int:
    """``(150.00)``, ``EUR 799.25``, ``(EUR 3,999.25 in seat 1)``'s amount."""
    text = text.strip().removeprefix("(").removesuffix(")").strip()
    if hand.currency and text.startswith(hand.currency + " "):
        text = text[len(hand.currency) + 1:]
    return hand.money(text, line)


def _cards(hand: TextHand, text: str, line: int) -> tuple[int, ...]:
    """``4h - 7h - 6c``."""
    return hand.cards(text.replace(" - ", " "), line)


def _read(hand: TextHand, lines: list[str], first: int) -> None:
    seats_open = blinds_open = False
    rake = None
    dealer = None
    blinds: list[tuple[str, str, int, int]] = []
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            seats_open = False
            continue
        if text.startswith("Players(max ") and text.endswith("):"):
            number = text[12:-2]
            if number.isascii() and number.isdigit() and len(number) < 3:
                hand.max_seats = int(number)
            seats_open = True
            continue
        if seats_open:
            _seat(hand, text, line)
            continue
        columns = _COLUMNS.split(text)
        head = columns[0]
        if head in ("Dealer:", "Big Blind:", "Small Blind:"):
            if len(columns) < 2:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            name = hand.known(columns[1], line)
            if head == "Dealer:":
                dealer = name
            else:
                if len(columns) != 3:
                    raise hand.error(f"cannot read {text[:60]!r}", line)
                blinds.append(("big blind" if head == "Big Blind:" else "small blind", name, _amount(hand, columns[2], line), line))
            blinds_open = True
            continue
        if blinds_open:  # the blinds are posted, the small first, when the play starts
            for kind, name, amount, at in sorted(blinds, key=lambda b: b[0] != "small blind"):
                hand.post(name, kind, amount, at)
            blinds_open = False
            blinds = []
        if head in _STREETS and len(columns) == 2:
            street, size = _STREETS[head]
            cards = _cards(hand, columns[1], line)
            if len(cards) != size:
                raise hand.error(f"the {street} needs {size} board cards, got {len(cards)}", line)
            hand.deal(street, cards, line)
            continue
        if head == "Rake:":
            rake = _amount(hand, " ".join(columns[1:]), line)
            continue
        if text.startswith("Game ended "):
            continue
        if head.endswith(" shows:") or head.endswith(" wins:"):
            name, _, verb = head.rpartition(" ")
            name = hand.known(name, line)
            if len(columns) != 2:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            if verb == "shows:":
                hand.show(name, _cards(hand, columns[1], line), None, line)
            else:
                hand.collect(name, _amount(hand, columns[1], line), "pot", line)
            continue
        if " didn't show hand" in text:
            name, _, shown = text.partition(" didn't show hand")
            shown = shown.strip()
            hand.muck(hand.known(name, line), _cards(hand, shown.strip("()"), line) if shown else (), line)
            continue
        if head in hand.names:
            _verb(hand, head, columns[1:], line)
            continue
        if len(columns) > 1 and columns[1] in _VERBS and hand.seats:  # an action of a name with no seat
            raise hand.error(f"{head[:40]!r} is not seated at the table", line)
        if hand.player(text) is not None:
            raise hand.error(f"cannot read {text[:60]!r}", line)
    if blinds:
        raise hand.error("the hand stops after the blinds (is it cut short?)", first)
    if not hand.collected:
        raise hand.error("nobody wins anything (is the hand cut short?)", first)
    if dealer is not None:
        hand.button = hand.names[dealer]
    hand.rake = rake if rake is not None else 0


def _seat(hand: TextHand, text: str, line: int) -> None:
    """``NAME   (EUR 3,999.25 in seat 1)``."""
    open_ = text.rfind("(")
    inside = text[open_ + 1:-1] if open_ > 0 and text.endswith(")") else ""
    amount, sep, seat = inside.rpartition(" in seat ")
    if not sep or not (seat.isascii() and seat.isdigit()) or len(seat) > 3:
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    hand.seat(int(seat), text[:open_].strip(), _amount(hand, amount, line), line)


def _verb(hand: TextHand, name: str, columns: list[str], line: int) -> None:
    verb = columns[0] if columns else ""
    kind = _VERBS.get(verb)
    if kind is None:
        raise hand.error(f"cannot read {name[:40]} {' '.join(columns)[:60]!r}", line)
    if kind in ("check", "fold"):
        if len(columns) != 1:
            raise hand.error(f"cannot read {name[:40]} {' '.join(columns)[:60]!r}", line)
        hand.act(name, kind, line)
        return
    if len(columns) != 2:
        raise hand.error(f"cannot read {name[:40]} {' '.join(columns)[:60]!r}", line)
    hand.act(name, kind, line, added=_amount(hand, columns[1], line))


#: The Entraction reader, registered for ``omaha8_fast.histories.parse``.
READER = EntractionReader()
register(READER)
