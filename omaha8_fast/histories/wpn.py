"""Winning Poker Network hand histories (Americas Cardroom, BlackChip,
True Poker, Yachting): the Omaha Hi/Lo hands, read into
:class:`~omaha8_fast.histories.ImportedHand` (``site == "wpn"``).

The game is written ``Omaha H/L``; the header is ``Hand #N - Omaha H/L (Pot
Limit) - $0.25/$0.50 - DATE`` (cash) or ``Game Hand #N - Tournament #T -
Omaha H/L (Pot Limit) - Level L (SB/BB) - DATE``, older clients ``Game Hand
#N - Omaha H/L Pot Limit ($0.25/$0.50) - DATE``. Lines have no colon after
the name (``NAME raises $1 to $1.50``), posts read ``posts the small blind``,
a player joining ``posts $0.50``; the summary's ``Rake`` and ``JP Fee``
together are the hand's rake. Run twice is written ``*** FLOP 1 ***``,
``*** FLOP 2 ***`` (and ``Board 1``/``Board 2`` in the summary).

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
from ._sites import register
from ._text_b import TextHand, checked_lines, hilo_game, read_body, split_hands, stakes_and_money, table_fields

__all__ = ["WPNReader", "READER"]

_HEADER = re.compile(r"(?:Game )?Hand #(\d{1,30}) - ")


class WPNReader:
    """The reader of Winning Poker Network text (see the module docstring)."""

    site = "wpn"
    header_starts: tuple[str, ...] = ("Hand #", "Game Hand #")  # see _sites.py

    def is_header(self, line: str) -> bool:
        return line.startswith(("Hand #", "Game Hand #")) and _HEADER.match(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = _HEADER.match(text)
        if head is None:
            raise HandHistoryError("not a Winning Poker Network hand header", line=first_line)
        hand = TextHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        rest = lines[0][head.end():]
        body, _, hand.date = rest.rpartition(" - ") if " - " in rest else (rest, "", "")
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
        read_body(hand, lines, first_line, 2, colon=False)
        if hand.total is None:
            raise hand.error("the hand has no 'Total pot' line (is it cut short?)", first_line)
        hand.label_halves()
        hand.breakdown_from_collections()
        return hand.build()


#: The Winning Poker Network reader, registered for ``omaha8_fast.histories.parse``.
READER = WPNReader()
register(READER)
