"""Winamax hand histories: the Omaha Hi/Lo hands, read into
:class:`~omaha8_fast.histories.ImportedHand` (``site == "winamax"``).

Winamax writes amounts in euros after the number (``0.50€``; tournaments
in chips), ``Winamax Poker - CashGame - HandId: #A-B-C - Omaha Hi/Lo pot
limit (0.05€/0.10€) - DATE UTC`` (also ``Omaha8``), ``Table: 'NAME' 6-max
(real money) Seat #N is the button``, no colon after the names, and a
player joining ``posts big blind 0.10€ out of position`` (a live big blind)
or ``posts small blind 0.05€ out of position`` (a dead small blind).

Two habits differ from PokerStars, and the reader turns them into the
model's terms:

* no line returns an uncalled bet: Winamax pays it back as a pot of its own
  (``collected 1.59€ from side pot 1``, or inside ``pot`` when everybody
  folds). The reader infers it (what the player who put in most put in beyond
  everyone else), puts it in ``returned`` and takes it out of that player's
  collections;
* ``Total pot`` is what was paid out, the rake already taken: the model's
  ``total_pot`` is that plus the rake (less the uncalled bet).

The halves of a split pot may be labelled (``from pot (HI)``, ``from main
pot (LO)``); unlabelled halves are named from the shown hands.

>>> text = '''Winamax Poker - CashGame - HandId: #100-1-1700000000 - Omaha Hi/Lo pot limit (0.05€/0.10€) - 2024/01/02 03:04:05 UTC
... Table: 'Lille 02' 6-max (real money) Seat #1 is the button
... Seat 1: anne (10€)
... Seat 2: bert (10€)
... *** ANTE/BLINDS ***
... anne posts small blind 0.05€
... bert posts big blind 0.10€
... *** PRE-FLOP ***
... anne raises 0.20€ to 0.30€
... bert folds
... anne collected 0.40€ from pot
... *** SUMMARY ***
... Total pot 0.40€ | No rake'''
>>> [(first, hand)] = READER.split(text)
>>> imported = READER.parse_hand(hand, first)
>>> imported.currency, imported.total_pot, imported.paid, imported.returned
('EUR', 20, {'anne': 20}, (('anne', 20),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_b import TextHand, checked_lines, hilo_game, read_body, split_hands, stakes_and_money, table_fields

__all__ = ["WinamaxReader", "READER"]

_START = "Winamax Poker - "


class WinamaxReader:
    """The reader of Winamax text (see the module docstring)."""

    site = "winamax"
    header_starts: tuple[str, ...] = (_START,)  # see _sites.py

    def is_header(self, line: str) -> bool:
        return line.startswith(_START) and " - HandId: #" in line

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        header = text.split("\n", 1)[0].rstrip("\r")
        kind, sep, rest = header[len(_START):].partition(" - HandId: #")
        if not header.startswith(_START) or not sep:
            raise HandHistoryError("not a Winamax hand header", line=first_line)
        hand_id, _, rest = rest.partition(" - ")
        hand = TextHand(self.site, hand_id.strip()[:60], first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game_text, _, hand.date = rest.rpartition(" - ") if " - " in rest else (rest, "", "")
        game = hilo_game(game_text)
        if game is None:
            return None
        hand.hole_size, hand.betting = game
        tournament = kind.startswith("Tournament")
        if tournament:
            name = kind[len("Tournament"):].strip()
            buy_in = name[name.find("buyIn:") + 6:].split(" level:", 1)[0].strip() if "buyIn:" in name else ""
            level = name[name.find("level:") + 6:].strip() if "level:" in name else ""
            hand.tournament = Tournament(name.split('"')[1] if name.count('"') >= 2 else name[:60], buy_in, level)
        stakes_and_money(hand, game_text, first_line, tournament)
        if not tournament and hand.unit == "cents" and not hand.symbol:
            hand.symbol, hand.currency = "€", "EUR"
        if len(lines) < 2 or (table := table_fields(lines[1].strip())) is None:
            raise hand.error("no \"Table: '...' Seat #N is the button\" line", first_line + 1)
        hand.table, hand.max_seats, hand.button = table
        if "(play money)" in lines[1]:
            hand.symbol, hand.currency = "", None
        read_body(hand, lines, first_line, 2, colon=False)
        if hand.total is None:
            raise hand.error("the hand has no 'Total pot' line (is it cut short?)", first_line)
        _merge_dead_small(hand)
        paid = sum(c[1] for c in hand.collected)
        printed = hand.total
        contributed = sum(hand.put_in().values())
        # the total as printed is after rake (what was paid out); older texts may give it before rake
        before_rake = printed if printed == contributed else printed + hand.rake
        extra = hand.pay_back_uncalled(paid + hand.rake == contributed or None)
        hand.total = before_rake - extra
        hand.label_halves()
        hand.breakdown_from_collections()
        return hand.build()


def _merge_dead_small(hand: TextHand) -> None:
    """A player posting both a dead small blind and a big blind out of
    position posts the model's ``small & big blinds`` (the small one dead)."""
    for k, post in enumerate(hand.posts):
        if post[1] != "small blind" or post[4] != post[2]:
            continue
        for j, other in enumerate(hand.posts):
            if j != k and other[0] == post[0] and other[1] == "big blind":
                hand.posts[j] = (other[0], "small & big blinds", other[2] + post[2], other[3] or post[3], post[2],
                                 other[5])
                del hand.posts[k]
                return


#: The Winamax reader, registered for ``omaha8_fast.histories.parse``.
READER = WinamaxReader()
register(READER)
