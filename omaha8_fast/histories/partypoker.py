"""PartyPoker hand histories: the Omaha Hi/Lo hands (issue 26).

A hand starts with the banner ``***** Hand History for Game N *****``
(files put ``#Game No : N`` before it and end hands with ``Game #N
starts.``: both are passed over), then the game line (``$0.25/$0.50 USD PL
Omaha Hi-Lo - Monday, January 06, 16:33:56 EST 2014``; some tables print a
buy-in, ``$100 USD PL Omaha Hi-Lo``, and the blinds come from the posts),
``Table NAME (Real Money)``, ``Seat N is the button``, ``Total number of
players : 4/9`` and the seats (``Seat 3: NAME ( $2.06 USD )``, not in seat
order). Blinds end with a period (``NAME posts big blind [$0.50 USD].``,
``posts big blind + dead [$0.75 USD].``: a dead small blind with the big);
``raises [$X USD]`` and ``is all-In  [$X USD]`` give the chips the action
adds. There is no summary, no rake, no uncalled bet (the reader works them
out, see :mod:`._text_common`): a winner's amount holds their uncalled bet
(``NAME wins $2 USD`` for a pot of $1 and the $1 nobody called), which the
reader takes out into ``returned``. The winners are ``NAME wins $5 USD from the
main pot with ...`` and, for the low half, ``NAME wins Lo ($5 USD) from the
main pot with ...`` (the other collections of a pot with a low half are its
high half).

>>> text = '''***** Hand History for Game 5 *****
... $0.25/$0.50 USD PL Omaha Hi-Lo - Monday, January 06, 16:33:56 EST 2014
... Table Zurich (Real Money)
... Seat 1 is the button
... Total number of players : 2/9
... Seat 1: ann ( $20 USD )
... Seat 2: bob ( $20 USD )
... ann posts small blind [$0.25 USD].
... bob posts big blind [$0.50 USD].
... ** Dealing down cards **
... ann raises [$1.25 USD]
... bob folds
... ann wins $2 USD'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.total_pot, hand.paid, hand.returned
('partypoker', 100, {'ann': 100}, (('ann', 100),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_common import HandBuilder, body_lines, bracket_action, bracket_post, checked_lines, name_at_start, pot_name, split_hands, table_line

__all__ = ["PartyPokerReader", "READER"]

_BANNER, _BANNER_END = "***** Hand History for Game ", " *****"
_HILO = ("Omaha Hi-Lo", "Omaha Hi/Lo", "Omaha H/L")
_BETTING = {"NL": "no-limit", "PL": "pot-limit", "FL": "limit"}


class PartyPokerReader:
    """The PartyPoker reader (see the module docstring)."""

    site = "partypoker"
    header_starts: tuple[str, ...] = (_BANNER,)  # see _sites.py

    def is_header(self, line: str) -> bool:
        line = line.strip().lstrip("\ufeff")
        return line.startswith(_BANNER) and line.endswith(_BANNER_END) \
            and line[len(_BANNER):-len(_BANNER_END)].isdigit()

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = text.split("\n", 1)[0]
        if not self.is_header(head[:200]):
            raise HandHistoryError("not a PartyPoker hand banner", line=first_line)
        hand = HandBuilder(self.site, head.strip().lstrip("\ufeff")[len(_BANNER):-len(_BANNER_END)], first_line)
        lines = checked_lines(text, first_line, hand.hand_id)
        if len(lines) < 2 or not _game(hand, lines[1].strip(), first_line + 1):
            if len(lines) < 2 or " - " not in lines[1]:
                raise hand.error("no game line after the banner", first_line + 1)
            return None
        _body(hand, lines[2:], first_line + 2)
        hand.stakes_from_posts()
        hand.infer_returned(True)
        _label_high_halves(hand)
        return hand.finish()


def _game(hand: HandBuilder, text: str, number: int) -> bool:
    """``$0.25/$0.50 USD PL Omaha Hi-Lo - date``; False for another game."""
    head, _, hand.date = text.partition(" - ")
    words = head.split(" ")
    if "Trny:" in head:  # a tournament (chips): "PL Omaha Hi-Lo $6 USD Buy-in Trny:123 Level:8 Blinds-Antes(...)"
        tid = head.split("Trny:", 1)[1].split(" ", 1)[0]
        hand.tournament = Tournament(tid, "", head.split("Level:", 1)[1].split(" ", 1)[0] if "Level:" in head else "")
        for k, word in enumerate(words):
            if word in _BETTING and " ".join(words[k + 1:k + 3]) in _HILO:
                hand.betting = _BETTING[word]
                return True
        return False
    for k, word in enumerate(words):
        if word in _BETTING and " ".join(words[k + 1:]) in _HILO:
            hand.betting = _BETTING[word]
            stakes, currency = words[0], (words[1] if k > 1 else None)
            break
    else:
        return False
    symbol = stakes[0] if stakes[:1] in "$€£" else ""
    hand.money(symbol, currency)
    if "/" in stakes:
        low, _, high = stakes.partition("/")
        hand.stakes = (hand.amount(low, number), hand.amount(high, number))
    return True


def _body(hand: HandBuilder, lines: list[str], first: int) -> None:
    for number, text in body_lines(lines, first):
        if text.startswith(("#Game No :", "Game #")):
            continue
        if text.startswith("Table ") and not hand.table:
            hand.table = text[6:].removesuffix(" (Real Money)").removesuffix(" (Play Money)").strip()
        elif not table_line(hand, text, number):
            name = name_at_start(text, hand.names)
            if name is None or text[len(name):len(name) + 1] != " " or not _named(hand, name, text[len(name) + 1:],
                                                                                  number):
                hand.unread(text, number)


def _named(hand: HandBuilder, name: str, verb: str, number: int) -> bool:
    """Read ``NAME verb``; False when the verb is none of PartyPoker's."""
    if bracket_action(hand, name, verb, number):
        return True
    word, _, rest = verb.partition(" ")
    if word == "posts":
        bracket_post(hand, name, rest.rstrip("."), number, "big blind + dead")
    elif word == "shows" and rest.startswith("["):
        end = rest.find("]")
        if end < 0:
            raise hand.error(f"cannot read the shown cards {verb[:60]!r}", number)
        hand.show(name, hand.cards(rest[:end + 1], number), number, rest[end + 1:].strip().rstrip(".") or None)
    elif verb.startswith("doesn't show ["):
        end = verb.find("]")
        if end < 0:
            raise hand.error(f"cannot read the cards {verb[:60]!r}", number)
        hand.hole(name, hand.cards(verb[13:end + 1], number), number)
        hand.muck(name, number)
    # "NAME does not show cards." is a winner nobody called, keeping the cards hidden: no muck
    elif word == "wins":
        _wins(hand, name, rest, number)
    else:
        return False
    return True


def _wins(hand: HandBuilder, name: str, rest: str, number: int) -> None:
    """``$5 USD from the main pot with ...``, ``Lo ($5 USD) from the side pot 1 with ...``, or ``6,000 chips``."""
    half = None
    if rest.startswith("Lo ("):
        half, rest = "lo", rest[3:]
    amount, sep, pot = rest.partition(" from the ")
    if not sep:  # "NAME wins 6,000 chips": a pot nobody contested
        amount, pot = rest.rstrip("."), "main pot"
    pot = pot_name(hand, pot.split(" with ", 1)[0].strip().rstrip("."), number)
    hand.collect(name, hand.amount(amount, number), pot, number, half)


def _label_high_halves(hand: HandBuilder) -> None:
    """The collections of a pot that has a low half, and no label, are its high half."""
    with_low = {c[2] for c in hand.collected if c[3] == "lo"}
    hand.collected = [(p, v, pot, "hi" if half is None and pot in with_low else half, line)
                      for p, v, pot, half, line in hand.collected]


READER = register(PartyPokerReader())
