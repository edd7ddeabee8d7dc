"""PKR hand histories: the Omaha Hi/Lo hands (``site == "pkr"``).

A hand is ``Table #N - NAME`` (or ``- Tournament #T Table #K``), then
``Starting Hand #N`` (the header the reader finds; ``hand_id`` is N), ``Start
time of hand: ...``, ``Game Type: OMAHA HI/LO``, ``Limit Type: POT LIMIT``,
``Table Type: RING|TOURNAMENT``, ``Money Type: REAL MONEY|TOURNAMENT CHIPS``,
``Blinds are now $0.25 / $0.50``, ``Button is at seat N`` and the seats
(``Seat 1: NAME - 1,200``, ``- $50 (away from table)``); ``Moving Button to
seat N`` names the button of this hand. Posts are ``NAME posts small blind
(10)``, cards ``Dealing [9 s][7 s][Q s][T d] to HERO`` and ``Dealing Flop [3
d][6 s][4 h]``, actions ``calls 20``, ``bets 580``, ``raises to 1,090
(all-in)`` (a call and a raise give the street's bet reached), uncalled bets ``Returning 710 to NAME
uncalled``, and each half of each pot is paid on its own line, ``NAME wins
2,470 with high hand: ...``, ``NAME wins 230 from side pot #1 with low hand:
A2346``. The seats are listed again after the showdown with their new
stacks, and ``End of Hand #N`` closes the hand. Players also chat (``NAME:
text``, ``NAME says text``) and emote (``NAME yawns.``); the room prints no
total pot and no rake: the total is what the players put in, the rake what
was not paid out.

>>> text = '''Starting Hand #77
... Game Type: OMAHA HI/LO
... Limit Type: POT LIMIT
... Table Type: RING
... Money Type: REAL MONEY
... Blinds are now $0.25 / $0.50
... Button is at seat 1
... Seat 1: ann - $20
... Seat 2: bob - $30
... Moving Button to seat 1
... ann posts small blind ($0.25)
... bob posts big blind ($0.50)
... Dealing Cards
... ann raises to $1.50
... bob folds
... Returning $1 to ann uncalled
... ann wins $1
... End of Hand #77'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.total_pot, hand.paid, hand.returned
('pkr', '77', 100, {'ann': 100}, (('ann', 100),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, checked_lines, split_hands, strip_all_in
from ._text_common import player_line_problem

__all__ = ["PKRReader", "READER"]

_HEADER = "Starting Hand #"
_BETTING = {"POT LIMIT": "pot-limit", "NO LIMIT": "no-limit", "FIXED LIMIT": "limit", "LIMIT": "limit"}
_STREETS = {"Flop": "flop", "Turn": "turn", "River": "river"}
_QUIET = ("did not respond in time", "has requested more time", "has joined", "brings ", "sits out", "is sitting out",
          "has returned", "is disconnected", "is connected", "has timed out", "leaves the table", "has left",
          "joins the table", "is back", "is away", "says ", "has ")


class PKRReader:
    """The PKR reader (see the module docstring)."""

    site = "pkr"
    name = "PKR"

    header_starts: tuple[str, ...] = (_HEADER,)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        number = line[len(_HEADER):].rstrip()
        return line.startswith(_HEADER) and number.isascii() and number.isdigit() and len(number) < 30

    def hand_id(self, line: str) -> str | None:
        return line[len(_HEADER):].strip()[:30] if line.startswith(_HEADER) else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")
        if not self.is_header(head[:100]):
            raise HandHistoryError("not a PKR hand header ('Starting Hand #N')", line=first_line)
        hand = RoomHand(self.site, self.hand_id(head) or "", first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        game = _read(hand, lines, first_line)
        if game is not None:
            return game
        hand.pay_back_uncalled(None)
        if any(c[2].startswith("side pot") for c in hand.collected):
            hand.collected = [(n, v, "main pot" + p[3:] if p.startswith("pot") else p, r, line)
                              for n, v, p, r, line in hand.collected]
        hand.total = sum(hand.put_in().values()) - sum(v for _, v in hand.returned)
        hand.rake = max(0, hand.total - sum(c[1] for c in hand.collected))
        hand.label_halves()
        hand.breakdown_from_collections()
        return hand.build()


def _field(hand: TextHand, fields: dict[str, str], name: str, line: int) -> str:
    value = fields.get(name)
    if value is None:
        raise hand.error(f"no '{name}:' line before the seats", line)
    return value


def _header(hand: TextHand, fields: dict[str, str], line: int) -> str | None:
    """The game of the header's fields; its name when it is another game."""
    game = _field(hand, fields, "Game Type", line)
    limit = _field(hand, fields, "Limit Type", line)
    if game != "OMAHA HI/LO":
        return f"{game} {limit}"
    if limit not in _BETTING:
        raise hand.error(f"unknown limit type {limit[:30]!r}", line)
    hand.betting = _BETTING[limit]
    money = fields.get("Money Type", "")
    tournament = fields.get("Table Type", "") == "TOURNAMENT"
    if tournament:
        hand.tournament = Tournament("", "", "")
    blinds = fields.get("Blinds are now", "")
    small, slash, big = blinds.partition(" / ")
    symbol = small[:1] if small[:1] in "$€£" else ""
    if symbol or money == "REAL MONEY":
        if not symbol:
            raise hand.error(f"cannot read the blinds {blinds[:40]!r}", line)
        hand.unit, hand.symbol, hand.currency = "cents", symbol, {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
    else:
        hand.unit = "chips"
    if not slash:
        raise hand.error(f"no 'Blinds are now SB / BB' line (read {blinds[:40]!r})", line)
    hand.stakes = (hand.money(small, line), hand.money(big, line))
    return None


def _read(hand: TextHand, lines: list[str], first: int) -> str | None:
    fields: dict[str, str] = {}
    dealt = ended = False
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if text.startswith("End of Hand #"):
            ended = True
            break
        if not hand.seats and not text.startswith("Seat "):
            if text.startswith("Button is at seat "):
                fields["Button"] = text[18:]
            elif text.startswith("Blinds are now "):
                fields["Blinds are now"] = text[15:].strip()
            else:
                name, colon, value = text.partition(": ")
                if colon:
                    fields[name] = value.strip()
            continue
        if text.startswith("Seat "):
            if not dealt and not hand.posts:
                if not hand.seats:
                    game = _header(hand, fields, line)
                    if game is not None:
                        return game
                    _button(hand, fields.get("Button", ""), line)
                _seat(hand, text, line)
            continue  # after the deal: the stacks after the hand
        if text.startswith("Moving Button to seat "):
            _button(hand, text[22:], line)
            continue
        if text.startswith("Dealing "):
            _dealing(hand, text, line)
            dealt = True
            continue
        if text.startswith("Returning "):
            amount, to, rest = text[10:].partition(" to ")
            name = rest.removesuffix(" uncalled")
            if not to or name == rest:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.uncalled(hand.known(name, line), hand.money(amount, line), line)
            continue
        named = hand.player(text)
        if named is None:  # chat ("NAME: text") and the room's own lines (pot sizes, shuffling, players joining),
            at_colon, at_space = text.find(": "), text.find(" ")
            chat = 0 < at_colon and (at_space < 0 or at_colon < at_space)  # "NAME: text" (a name without a space)
            problem = None if chat else player_line_problem(text, hand.by_length)
            if problem is not None:  # but an action, a post, a show or a win of a name with no seat is an error
                raise hand.error(problem, line)
            continue
        _verb(hand, named[0], named[1].strip(), line)
    if not hand.seats:
        raise hand.error("the hand has no seats", first)
    if not ended:
        raise hand.error("the hand has no 'End of Hand' line (is it cut short?)", first)
    return None


def _button(hand: TextHand, number: str, line: int) -> None:
    number = number.strip()
    if not (number.isascii() and number.isdigit()) or len(number) > 3:
        raise hand.error(f"cannot read the button seat {number[:30]!r}", line)
    hand.button = int(number)


def _seat(hand: TextHand, text: str, line: int) -> None:
    number, colon, rest = text[5:].partition(": ")
    name, dash, stack = rest.rpartition(" - ")
    if not colon or not dash or not (number.isascii() and number.isdigit()) or len(number) > 3:
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    away = stack.endswith(")") and " (" in stack
    if away:
        stack = stack[:stack.rfind(" (")]
    hand.seat(int(number), name.strip(), hand.money(stack, line), line, away)


def _dealing(hand: TextHand, text: str, line: int) -> None:
    """``Dealing Cards``, ``Dealing [9 s][7 s] to NAME``, ``Dealing Flop [3 d][6 s][4 h]``."""
    rest = text[8:]
    if rest == "Cards":
        return
    street, _, cards = rest.partition(" ")
    if street in _STREETS:
        hand.deal(_STREETS[street], _cards(hand, cards, line), line)
        return
    cards, to, name = rest.rpartition(" to ")
    if not to or not cards.startswith("["):
        raise hand.error(f"cannot read {text[:60]!r}", line)
    hand.dealt(hand.known(name.strip(), line), _cards(hand, cards, line))


def _cards(hand: TextHand, text: str, line: int) -> tuple[int, ...]:
    """``[9 s][7 s][T d]``: a card per bracket, its rank and suit apart."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise hand.error(f"cannot read the cards {text[:60]!r}", line)
    return hand.cards(" ".join(c.replace(" ", "") for c in text[1:-1].split("][")), line)


def _verb(hand: TextHand, name: str, rest: str, line: int) -> None:
    rest, all_in = strip_all_in(rest)
    word, _, tail = rest.partition(" ")
    if word in ("folds", "checks") and not tail:
        hand.act(name, "fold" if word == "folds" else "check", line)
    elif word == "calls" and tail:  # the street's bet the call reaches
        added = hand.money(tail, line) - hand.bets.get(name, 0)
        if added <= 0:
            raise hand.error(f"a call to {tail[:30]!r} adds nothing", line)
        hand.act(name, "call", line, added=added, all_in=all_in)
    elif word == "bets" and tail:
        hand.act(name, "bet", line, added=hand.money(tail, line), all_in=all_in)
    elif word == "raises" and tail.startswith("to "):
        hand.act(name, "raise", line, to=hand.money(tail[3:], line), all_in=all_in)
    elif word == "posts":
        kind, open_, amount = tail.partition(" (")
        if kind not in ("small blind", "big blind", "ante") or not amount.endswith(")"):
            raise hand.error(f"unknown post {rest[:60]!r}", line)
        value = hand.money(amount[:-1], line)
        hand.post(name, kind, value, line, all_in, value if kind == "ante" else 0)
    elif word == "shows":
        hand.show(name, _cards(hand, tail, line), None, line)
    elif word == "wins":
        _wins(hand, name, tail, line)
    elif rest == "mucks":
        hand.muck(name, (), line)
    elif rest.startswith(_QUIET) or (" " not in rest and rest.endswith("s.") and rest[:-1].isalpha()):
        return  # chat, emotes ("yawns."), hand descriptions ("has Flush, King high"), the room's notices
    else:
        raise hand.error(f"cannot read {name[:40]} {rest[:60]!r}", line)


def _wins(hand: TextHand, name: str, tail: str, line: int) -> None:
    """``2,470 with high hand: ...``, ``230 from side pot #1 with low hand: A2346``, ``600``."""
    head, with_, what = tail.partition(" with ")
    amount, from_, pot = head.partition(" from ")
    label = "pot"
    if from_:
        pot = pot.strip()
        if pot == "main pot":
            label = "main pot"
        elif pot.startswith("side pot #") and pot[10:].isdigit():
            label = f"side pot-{pot[10:]}"
        else:
            raise hand.error(f"cannot read the pot {pot[:40]!r}", line)
    if with_:
        if what.startswith("high hand"):
            label += " (hi)"
        elif what.startswith("low hand"):
            label += " (lo)"
        else:
            raise hand.error(f"cannot read {name[:40]} wins {tail[:60]!r}", line)
    hand.collect(name, hand.money(amount, line), label, line)


#: The PKR reader, registered for ``omaha8_fast.histories.parse``.
READER = PKRReader()
register(READER)
