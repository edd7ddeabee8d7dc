"""MicroGaming network hand histories (XML): the Omaha Hi/Lo hands
(``site == "microgaming"``).

Each hand is one ``<Game hhversion="4" id="N" date="..." tablename="..."
stakes="0.01|0.02" betlimit="PL" gametype="Omaha H/L" realmoney="true"
currencysymbol="rCA=" playerseat="0" istournament="0" rake="10">``
element (``currencysymbol`` is the symbol in base64 of UTF-16: ``rCA=`` is
``€``; ``rake`` is in hundredths; ``playerseat`` the hero's seat, the hero of
the hand when their cards are known). Its
``<Seats>`` list ``<Seat num alias unicodealias balance endbalance
dealer="true">`` (``unicodealias``: the name in base64 of UTF-16), and its
``<Gameplay>`` the ``<Action seq type seat value>`` in order:
``SmallBlind``, ``BigBlind``, ``PostedToPlay``, ``Fold``, ``Check``, and
``Call``, ``Bet``, ``Raise``, ``AllIn`` whose ``value`` is the chips the
action adds; ``DealFlop``/``DealTurn``/``DealRiver`` with their ``<Card
value="J" suit="h">``, ``ShowCards``/``MuckCards`` with a player's cards,
``MoneyReturned`` (an uncalled bet), ``BadBeatContribution`` (a jackpot
fee) and ``Win`` with one ``<Seat num amount pot>`` per share paid. The
total pot is what the players put in; what was not paid out is the rake
(the jackpot fee with it).

>>> text = '''<Game hhversion="4" id="42" date="2013-09-23 15:38:37" tablename="Oslo" stakes="0.05|0.10"
... betlimit="PL" gametype="Omaha H/L" realmoney="true" currencysymbol="rCA=" playerseat="1" istournament="0" rake="0">
... <Seats><Seat num="1" alias="ann" balance="5.00" endbalance="5.10" dealer="true"/>
... <Seat num="2" alias="bob" balance="5.00" endbalance="4.90"/></Seats>
... <Gameplay><Action seq="1" type="SmallBlind" seat="1" value="0.05"/>
... <Action seq="2" type="BigBlind" seat="2" value="0.10"/>
... <Action seq="3" type="Raise" seat="1" value="0.25"/>
... <Action seq="4" type="Fold" seat="2"/>
... <Action seq="5" type="MoneyReturned" seat="1" value="0.20"/>
... <Action type="Win"><Seat num="1" amount="0.20" pot="0"/></Action>
... </Gameplay></Game>'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.currency, hand.total_pot, hand.paid, hand.returned
('microgaming', '42', 'EUR', 20, {'ann': 20}, (('ann', 20),))
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, split_hands
from ._xml_tags import XMLTagError, line_of, tags

__all__ = ["MicroGamingReader", "READER"]

_HEADER = "<Game "
_BETTING = {"PL": "pot-limit", "NL": "no-limit", "FL": "limit", "L": "limit"}
_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP"}
_STREETS = {"DealFlop": "flop", "DealTurn": "turn", "DealRiver": "river"}
_QUIET = ("Disconnect", "Reconnect", "DealCards", "SitOut", "SitIn", "Chat")


class MicroGamingReader:
    """The MicroGaming reader (see the module docstring)."""

    site = "microgaming"
    name = "MicroGaming"
    prefixes: tuple[str, ...] = ("<",)  # one pass for both XML rooms (and any other reader of "<" lines)

    def is_header(self, line: str) -> bool:
        return line.startswith(_HEADER) and ' hhversion="' in line[:100] and ' id="' in line

    def hand_id(self, line: str) -> str | None:
        at = line.find(' id="')
        return line[at + 5:line.find('"', at + 5)][:30] if at >= 0 and line.startswith(_HEADER) else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        text = text.lstrip("\ufeff")
        if not self.is_header(text[:400].split("\n", 1)[0]):
            raise HandHistoryError("not a MicroGaming hand ('<Game hhversion=... id=...>')", line=first_line)
        hand_id = self.hand_id(text.split("\n", 1)[0]) or ""
        end = text.find("</Game>")
        if end < 0:
            raise HandHistoryError("the hand has no '</Game>' (is it cut short?)", hand_id=hand_id, line=first_line)
        body = text[:end + 7]
        try:
            found = tags(body)
        except XMLTagError as problem:
            raise HandHistoryError(str(problem), hand_id=hand_id, line=line_of(body, problem.at, first_line)) from None
        hand = RoomHand(self.site, hand_id, first_line)
        if not hand_id:
            raise hand.error("the Game has no id", first_line)
        game = _header(hand, found[0][1], first_line)
        if game is not None:
            return game
        hero_seat = found[0][1].get("playerseat", "")
        _walk(hand, found, body, first_line)
        hand.hero = next((name for name, seat in hand.names.items() if str(seat) == hero_seat), None)
        if hand.hero is not None and hand.hero not in hand.holes:
            hand.hero = None
        hand.pay_back_uncalled(False)
        put = sum(hand.put_in().values()) - sum(v for _, v in hand.returned)
        hand.total = put
        hand.rake = max(0, put - sum(c[1] for c in hand.collected))
        if any(c[2].startswith("side pot") for c in hand.collected):
            hand.collected = [(n, v, "main pot" if p == "pot" else p, r, line) for n, v, p, r, line in hand.collected]
        hand.label_halves()
        return hand.build()


def _text(value: str) -> str:
    """A base64 UTF-16 text (``unicodealias``, ``currencysymbol``)."""
    try:
        return base64.b64decode(value, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ValueError(f"cannot read the base64 text {value[:20]!r}") from None


def _header(hand: TextHand, head: dict[str, str], line: int) -> str | None:
    game, limit = head.get("gametype", ""), head.get("betlimit", "")
    if game not in ("Omaha H/L", "Omaha Hi/Lo", "Omaha HiLo"):
        return f"{game} {limit}".strip()
    if limit not in _BETTING:
        raise hand.error(f"unknown betlimit {limit[:20]!r}", line)
    hand.betting = _BETTING[limit]
    hand.table, hand.date = head.get("tablename", ""), head.get("date", "")
    tournament = head.get("istournament", "0") != "0"
    if tournament:
        hand.tournament = Tournament("", "", "")
    if head.get("realmoney") == "true" and not tournament:
        try:
            symbol = _text(head.get("currencysymbol", ""))
        except ValueError as problem:
            raise hand.error(str(problem), line) from None
        if symbol not in _SYMBOLS:
            raise hand.error(f"unknown currency symbol {symbol[:10]!r}", line)
        hand.unit, hand.symbol, hand.currency = "cents", symbol, _SYMBOLS[symbol]
    else:
        hand.unit = "chips"
    small, bar, big = head.get("stakes", "").partition("|")
    if not bar:
        raise hand.error("no stakes 'SB|BB'", line)
    hand.stakes = (_amount(hand, small, line), _amount(hand, big, line))
    return None


def _amount(hand: TextHand, value: str | None, line: int) -> int:
    if value is None:
        raise hand.error("an amount is missing", line)
    if hand.unit == "chips" and value.endswith(".00"):
        value = value[:-3]
    return hand.money(value, line)


def _walk(hand: TextHand, found: list[tuple[str, dict[str, str], bool, int]], body: str, first: int) -> None:
    seats: dict[str, str] = {}
    action: tuple[str, str, int] | None = None  # the open Action: (type, player, line)
    cards: list[int] = []
    won = False
    for name, attributes, closing, at in found[1:]:
        line = first + at
        if closing:
            if name == "Action" and action is not None:
                _close(hand, action, tuple(cards))
                action, cards = None, []
            continue
        if name == "Seat" and action is None:
            number = attributes.get("num", "")
            if not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise hand.error(f"bad seat number {number[:10]!r}", line)
            alias = attributes.get("alias", "")
            if "unicodealias" in attributes:
                try:
                    alias = _text(attributes["unicodealias"]) or alias
                except ValueError as problem:
                    raise hand.error(str(problem), line) from None
            hand.seat(int(number), alias, _amount(hand, attributes.get("balance"), line), line,
                      "sittingout" in " ".join(attributes).lower() or attributes.get("sittingout") == "true")
            seats[number] = alias
            if attributes.get("dealer") == "true":
                hand.button = int(number)
        elif name == "Seat":  # a share of a Win
            if action is None or action[0] != "Win":
                raise hand.error("a Seat inside an action that is no Win", line)
            player = _player(hand, seats, attributes.get("num", ""), line)
            pot = attributes.get("pot", "0")
            if not (pot.isascii() and pot.isdigit()) or len(pot) > 2:
                raise hand.error(f"bad pot {pot[:10]!r}", line)
            amount = _amount(hand, attributes.get("amount"), line)
            if amount:
                hand.collect(player, amount, "pot" if pot == "0" else f"side pot-{pot}", line)
            won = True
        elif name == "Card":
            if action is None:
                raise hand.error("a Card outside an action", line)
            rank, suit = attributes.get("value", ""), attributes.get("suit", "")
            cards.extend(hand.cards(rank + suit, line))
        elif name == "Action":
            action = _action(hand, seats, attributes, line)
        elif name not in ("Seats", "Gameplay"):
            raise hand.error(f"unknown element {name[:30]!r}", line)
    if not won:
        raise hand.error("the hand has no Win (is it cut short?)", first)


def _player(hand: TextHand, seats: dict[str, str], seat: str, line: int) -> str:
    name = seats.get(seat)
    if name is None:
        raise hand.error(f"nobody sits in seat {seat[:10]!r}", line)
    return name


def _action(hand: TextHand, seats: dict[str, str], attributes: dict[str, str], line: int) -> tuple[str, str, int]:
    kind = attributes.get("type", "")
    if kind == "DealCards" and attributes.get("seat"):  # a player's own cards, when the file gives them
        return (kind, _player(hand, seats, attributes["seat"], line), line)
    if kind in _STREETS or kind == "Win" or kind in _QUIET:
        return (kind, "", line)
    player = _player(hand, seats, attributes.get("seat", ""), line)
    value = attributes.get("value")
    if kind in ("Fold", "Check"):
        hand.act(player, kind.lower(), line)
    elif kind in ("Call", "Bet", "Raise", "AllIn"):
        added = _amount(hand, value, line)
        if kind == "AllIn":
            top = max(hand.bets.values(), default=0)
            reached = hand.bets.get(player, 0) + added
            kind = "Call" if reached <= top else ("Raise" if top or hand.street == "preflop" else "Bet")
            hand.act(player, kind.lower(), line, added=added, all_in=True)
        else:
            hand.act(player, kind.lower(), line, added=added)
    elif kind in ("SmallBlind", "BigBlind", "PostedToPlay"):
        post = {"SmallBlind": "small blind", "BigBlind": "big blind", "PostedToPlay": "big blind"}[kind]
        hand.post(player, post, _amount(hand, value, line), line)
    elif kind == "MoneyReturned":
        hand.uncalled(player, _amount(hand, value, line), line)
    elif kind == "BadBeatContribution":
        _amount(hand, value, line)
    elif kind not in ("ShowCards", "MuckCards"):
        raise hand.error(f"unknown action {kind[:30]!r}", line)
    return (kind, player, line)


def _close(hand: TextHand, action: tuple[str, str, int], cards: tuple[int, ...]) -> None:
    kind, player, line = action
    if kind in _STREETS:
        hand.deal(_STREETS[kind], cards, line)
    elif kind == "ShowCards":
        hand.show(player, cards, None, line)
    elif kind == "MuckCards":
        hand.muck(player, cards, line)
    elif kind == "DealCards" and player:
        if cards and len(cards) != hand.hole_size:
            raise hand.error(f"{player[:40]} is dealt {len(cards)} cards", line)
        hand.dealt(player, cards)
    elif cards:
        raise hand.error(f"cards in a {kind[:30]} action", line)


#: The MicroGaming reader, registered for ``omaha8_fast.histories.parse``.
READER = MicroGamingReader()
register(READER)
