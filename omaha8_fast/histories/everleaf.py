"""Everleaf Gaming hand histories: the Omaha Hi/Lo hands (issue 26).

A hand starts ``Everleaf Gaming Game #N``, then ``***** Hand history for
game #N *****``, the game line (``Blinds $0.50/$1 PL Omaha Hi/Lo - 2008/12/07
- 21:59:48``; limit games print the bets without ``Blinds``; tournaments
chips without a currency), ``Table NAME``, ``Seat N is the button`` and
the seats (``Seat 1: NAME (  $ 77.50 USD )``). Blinds and bets carry a
colon (``NAME: posts small blind [$ 0.50 USD]``, ``NAME: bets [$ 2 USD]``),
calls and raises do not (``NAME raises [$ 4.50 USD]``: the chips the raise
adds); streets are ``** Dealing Flop ** [ qs, 3d, 8h ]``. There is no
summary: no uncalled bet, total or rake is printed (the reader works them
out, see :mod:`._text_common`), and the pots are paid as ``NAME wins $ 5
USD from main pot with ...``, or by halves, ``NAME wins  high ($ 2.57 USD)
from main pot ...`` and ``NAME wins  low ($2.56) from main pot ...``; the
halves of unlabelled lines are inferred from the shown hands.

>>> text = '''Everleaf Gaming Game #7
... ***** Hand history for game #7 *****
... Blinds $0.50/$1 PL Omaha Hi/Lo - 2009/02/21 - 11:21:57
... Table Lyon
... Seat 2 is the button
... Total number of players: 2
... Seat 1: ann (  $ 40 USD )
... Seat 2: bob (  $ 40 USD )
... bob: posts small blind [$ 0.50 USD]
... ann: posts big blind [$ 1 USD]
... ** Dealing down cards **
... bob raises [$ 2.50 USD]
... ann folds
... bob wins $ 2 USD from main pot'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.total_pot, hand.rake, hand.returned
('everleaf', 200, 0, (('bob', 200),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand
from ._sites import register
from ._text_common import HandBuilder, body_lines, bracket_action, bracket_post, checked_lines, name_at_start, pot_name, split_hands, table_line

__all__ = ["EverleafReader", "READER"]

_HEADER = "Everleaf Gaming Game #"
_HILO = ("Omaha Hi/Lo", "Omaha H/L", "Omaha Hi-Lo", "Omaha 8", "Omaha Hi/Lo 8")
_BETTING = {"NL": "no-limit", "PL": "pot-limit", "": "limit"}


class EverleafReader:
    """The Everleaf Gaming reader (see the module docstring)."""

    site = "everleaf"
    header_starts: tuple[str, ...] = (_HEADER,)  # see _sites.py

    def is_header(self, line: str) -> bool:
        return line.startswith(_HEADER) and line[len(_HEADER):].strip().isdigit()

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")
        if not self.is_header(head[:200]):
            raise HandHistoryError("not an Everleaf hand header", line=first_line)
        hand = HandBuilder(self.site, head[len(_HEADER):].strip(), first_line)
        lines = checked_lines(text, first_line, hand.hand_id)
        game_at = next((k for k, t in enumerate(lines[1:4], 1) if " - " in t and "/" in t.split(" - ", 1)[0]), -1)
        if game_at < 0:
            raise hand.error("no game line (stakes, game - date)", first_line + 1)
        if not _game(hand, lines[game_at].strip(), first_line + game_at):
            return None
        _body(hand, lines[game_at + 1:], first_line + game_at + 1)
        hand.infer_returned(None)
        return hand.finish()


def _game(hand: HandBuilder, text: str, number: int) -> bool:
    """``Blinds $0.50/$1 PL Omaha Hi/Lo - 2008/12/07 - 21:59:48`` (euro tables:
    ``Blinds  €0.50/ €1 ...``); False for another game."""
    head, _, hand.date = text.partition(" - ")
    head = head.removeprefix("Blinds ").strip().replace("/ ", "/")
    stakes, _, game = head.partition(" ")
    limit, _, name = game.partition(" ")
    if limit not in ("NL", "PL"):
        limit, name = "", game
    if name.strip() not in _HILO:
        return False
    hand.betting = _BETTING[limit]
    low, slash, high = stakes.partition("/")
    if not slash:
        raise hand.error(f"cannot read the stakes {stakes[:40]!r}", number)
    symbol = low[0] if low[:1] in "$€£" else ""
    hand.money(symbol, None)
    hand.stakes = (hand.amount(low, number), hand.amount(high, number))
    return True


def _body(hand: HandBuilder, lines: list[str], first: int) -> None:
    for number, text in body_lines(lines, first):
        if text.startswith("Table ") and not hand.table:
            hand.table = text[6:]
        elif not table_line(hand, text, number):
            name = name_at_start(text, hand.names)
            if name is None or not _named(hand, name, text[len(name):].lstrip(":").strip(), number):
                hand.unread(text, number)


def _named(hand: HandBuilder, name: str, verb: str, number: int) -> bool:
    """Read ``NAME verb``; False when the verb is none of Everleaf's."""
    if bracket_action(hand, name, verb, number):
        return True
    word, _, rest = verb.partition(" ")
    if word == "posts":
        bracket_post(hand, name, rest, number, "both blinds")
    elif word == "shows":
        end = rest.find("]")
        if not rest.startswith("[") or end < 0:
            raise hand.error(f"cannot read the shown cards {verb[:60]!r}", number)
        hand.show(name, hand.cards(rest[:end + 1], number), number, rest[end + 1:].strip() or None)
    elif verb == "does not show cards":  # a muck at the showdown (a winner who does not show is not one)
        hand.muck(name, number)
    elif word == "wins":
        _wins(hand, name, rest, number)
    else:
        return False
    return True


def _wins(hand: HandBuilder, name: str, rest: str, number: int) -> None:
    """``$ 102 USD from main pot with a pair of aces [ ad, ah, qs, 8h, 6c ]``, or one half of it:
    ``high ($ 1.71 USD) from main pot ...``, ``low ($0.09) from main pot ...``."""
    rest, half = rest.strip(), None
    for word, label in (("high ", "hi"), ("low ", "lo")):
        if rest.startswith(word):
            rest, half = rest[len(word):], label
    amount, sep, pot = rest.partition(" from ")
    if not sep:
        raise hand.error(f"cannot read {name} wins {rest[:60]!r}", number)
    pot = pot_name(hand, pot.split(" with ", 1)[0], number)
    hand.collect(name, hand.amount(amount, number), pot, number, half)


READER = register(EverleafReader())
