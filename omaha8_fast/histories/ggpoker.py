"""GGPoker hand histories (GGPoker, Natural8 and the other skins of the GG
network): the Omaha Hi/Lo hands, read into
:class:`~omaha8_fast.histories.ImportedHand` (``site == "ggpoker"``).

The text is PokerStars-like: ``Poker Hand #OM123: Omaha Hi/Lo Pot Limit
($0.5/$1) - 2024/01/02 03:04:05``, ``NAME: raises $2 to $3``, every hand
shown at the showdown is printed, the fees of the summary line (``Rake``,
``Jackpot``, ``Bingo``, ``Fortune``, ``Tax``) together are the hand's rake,
and run twice is written ``*** FIRST FLOP ***`` / ``*** SECOND FLOP ***``.
Hands of other games give None.

>>> text = '''Poker Hand #OM1: Omaha Hi/Lo Pot Limit ($0.5/$1) - 2024/01/02 03:04:05
... Table 'PLO8Silver1' 6-max Seat #1 is the button
... Seat 1: alice ($100 in chips)
... Seat 2: bob ($100 in chips)
... alice: posts small blind $0.5
... bob: posts big blind $1
... *** HOLE CARDS ***
... Dealt to alice [Ah 2d Ks 9c]
... Dealt to bob
... alice: raises $2 to $3
... bob: folds
... Uncalled bet ($2) returned to alice
... *** SHOWDOWN ***
... alice collected $2 from pot
... *** SUMMARY ***
... Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0'''
>>> [(first, hand)] = READER.split(text)
>>> imported = READER.parse_hand(hand, first)
>>> imported.site, imported.hand_id, imported.total_pot, imported.paid, imported.returned
('ggpoker', 'OM1', 200, {'alice': 200}, (('alice', 200),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_b import TextHand, checked_lines, hilo_game, read_body, split_hands, stakes_and_money, table_fields

__all__ = ["GGPokerReader", "READER"]

_HEADER = re.compile(r"Poker Hand #([A-Za-z]{0,5}\d{1,30}): ")


class GGPokerReader:
    """The reader of GGPoker text (see the module docstring)."""

    site = "ggpoker"
    header_starts: tuple[str, ...] = ("Poker Hand #",)  # see _sites.py

    def is_header(self, line: str) -> bool:
        return line.startswith("Poker Hand #") and _HEADER.match(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = _HEADER.match(text)
        if head is None:
            raise HandHistoryError("not a GGPoker hand header", line=first_line)
        hand = TextHand(self.site, head.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        rest = lines[0][head.end():]
        game_text, _, hand.date = rest.rpartition(" - ") if " - " in rest else (rest, "", "")
        game = hilo_game(game_text)
        if game is None:
            return None
        hand.hole_size, hand.betting = game
        tournament = rest.startswith("Tournament #")
        if tournament:
            tid = rest[len("Tournament #"):].split(",", 1)[0].split(" ", 1)[0]
            level = game_text.rsplit(" - ", 1)[-1] if " - " in game_text else ""
            hand.tournament = Tournament(tid, "", level.strip())
        stakes_and_money(hand, game_text, first_line, tournament)
        if len(lines) < 2 or (table := table_fields(lines[1].strip())) is None:
            raise hand.error("no 'Table ... Seat #N is the button' line", first_line + 1)
        hand.table, hand.max_seats, hand.button = table
        read_body(hand, lines, first_line, 2, colon=True)
        if hand.total is None:
            raise hand.error("the hand has no 'Total pot' line (is it cut short?)", first_line)
        hand.label_halves()
        return hand.build()


#: The GGPoker reader, registered for ``omaha8_fast.histories.parse``.
READER = GGPokerReader()
register(READER)
