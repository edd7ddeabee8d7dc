"""Boss Media hand histories (XML): the Omaha Hi/Lo hands (``site == "boss"``).

Each hand is one ``<HISTORY ID="N" TABLE="..." GAME="GAME_OMAHL"
GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="USD" LIMIT="PL" STAKES="2.50/5.00"
DATE="unix time" ...>`` element: its seats (``<PLAYER NAME SEAT AMOUNT
STATE DEALER="Y|N">``; ``STATE_EMPTY`` is no player), then ``<ACTION>``
elements in order: ``HAND_BLINDS`` (``KIND`` ``HAND_SB``, ``HAND_BB``;
``HAND_DB`` a dead blind), ``HAND_ANTE``, ``HAND_DEAL`` (the player's
``<CARD LINK>``: ``b`` an unknown card), ``ACTION_FOLD``, ``ACTION_CHECK``,
``ACTION_CALL`` and ``ACTION_BET`` (``VALUE`` the chips added),
``ACTION_RAISE`` and ``ACTION_ALLIN`` (``VALUE`` the street's bet reached)
and ``HAND_BOARD`` (``VALUE="BOARD_FLOP"``, the whole board so far). The
``<SHOWDOWN POT RAKE>`` gives the pot after the rake and the rake, and a
``<RESULT PLAYER WIN WINTYPE>`` per player with the cards shown; ``WIN`` is
what the player was paid after the rake. A card ``LINK`` is 0-51: 13 per
suit, diamonds, clubs, hearts, spades, each from the ace up to the king.
Boss prints no uncalled bet: the reader infers it, and names the halves of
a split pot from the shown hands (``WINTYPE`` is not read: no public
description says what its values mean). Tournament amounts are chips
(``1500.00`` is 1500 chips; a fraction of a chip is an error).

>>> text = '''<HISTORY ID="77" TABLE="Nice" GAME="GAME_OMAHL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL" STAKES="0.50/1.00">
... <PLAYER NAME="ann" SEAT="1" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
... <PLAYER NAME="bob" SEAT="2" AMOUNT="80.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
... <ACTION TYPE="HAND_BLINDS" PLAYER="ann" KIND="HAND_SB" VALUE="0.50"></ACTION>
... <ACTION TYPE="HAND_BLINDS" PLAYER="bob" KIND="HAND_BB" VALUE="1.00"></ACTION>
... <ACTION TYPE="HAND_DEAL" PLAYER="ann"><CARD LINK="0"></CARD><CARD LINK="14"></CARD>
... <CARD LINK="38"></CARD><CARD LINK="47"></CARD></ACTION>
... <ACTION TYPE="ACTION_RAISE" PLAYER="ann" VALUE="3.00"></ACTION>
... <ACTION TYPE="ACTION_FOLD" PLAYER="bob"></ACTION>
... <SHOWDOWN NAME="HAND_SHOWDOWN" POT="2.00" RAKE="0.00">
... <RESULT PLAYER="ann" WIN="2.00" HAND="" WINCARDS=""></RESULT></SHOWDOWN></HISTORY>'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.currency, hand.total_pot, hand.paid, hand.returned, hand.hole_cards["ann"]
('boss', '77', 'EUR', 200, {'ann': 200}, (('ann', 200),), (Card('Ad'), Card('2c'), Card('Kh'), Card('9s')))
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card
from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, split_hands
from ._xml_tags import XMLTagError, line_of, tags

__all__ = ["BossReader", "READER", "card_of_link"]

_HEADER = "<HISTORY "
_BETTING = {"PL": "pot-limit", "NL": "no-limit", "FL": "limit"}
_SUITS = "dchs"
_RANKS = "A23456789TJQK"
_CARDS = {str(k): int(Card(_RANKS[k % 13] + _SUITS[k // 13])) for k in range(52)}
_STREETS = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}
_QUIET_ACTIONS = ("ACTION_SITOUT", "ACTION_SITIN", "ACTION_CHAT", "ACTION_MUCK", "ACTION_SHOW")


def card_of_link(link: str) -> int | None:
    """The card id of a ``<CARD LINK>``: 0-12 the diamonds from the ace to
    the king, 13-25 the clubs, 26-38 the hearts, 39-51 the spades; None for
    ``b`` (an unknown card); KeyError for anything else.

    >>> str(Card(card_of_link("13"))), str(Card(card_of_link("51"))), card_of_link("b")
    ('Ac', 'Ks', None)
    """
    return None if link == "b" else _CARDS[link]


class BossReader:
    """The Boss Media reader (see the module docstring)."""

    site = "boss"
    name = "Boss Media"
    prefixes: tuple[str, ...] = ("<",)  # one pass for both XML rooms (and any other reader of "<" lines)

    def is_header(self, line: str) -> bool:
        return line.startswith(_HEADER) and ' ID="' in line[:200]

    def hand_id(self, line: str) -> str | None:
        at = line.find(' ID="')
        return line[at + 5:line.find('"', at + 5)][:30] if at >= 0 and line.startswith(_HEADER) else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        if not self.is_header(text.lstrip("\ufeff")[:200]):
            raise HandHistoryError("not a Boss Media hand ('<HISTORY ID=...>')", line=first_line)
        end = text.find("</HISTORY>")
        if end < 0:
            raise HandHistoryError("the hand has no '</HISTORY>' (is it cut short?)", hand_id=self.hand_id(text),
                                   line=first_line)
        body = text[:end + 10]
        try:
            found = tags(body.lstrip("\ufeff"))
        except XMLTagError as problem:
            raise HandHistoryError(str(problem), hand_id=self.hand_id(text),
                                   line=line_of(body, problem.at, first_line)) from None
        head = found[0][1]
        hand = RoomHand(self.site, head.get("ID", ""), first_line)
        if not hand.hand_id:
            raise hand.error("the HISTORY has no ID", first_line)
        game = _header(hand, head, first_line)
        if game is not None:
            return game
        _walk(hand, found, body, first_line)
        hand.pay_back_uncalled(False)
        hand.label_halves()
        return hand.build()


def _amount(hand: TextHand, value: str | None, line: int) -> int:
    if value is None:
        raise hand.error("an amount is missing", line)
    if hand.unit == "chips" and value.endswith(".00"):
        value = value[:-3]
    return hand.money(value, line)


def _header(hand: TextHand, head: dict[str, str], line: int) -> str | None:
    game, limit = head.get("GAME", ""), head.get("LIMIT", "")
    if game != "GAME_OMAHL":
        return f"{game.removeprefix('GAME_')} {limit}".strip()
    if limit not in _BETTING:
        raise hand.error(f"unknown LIMIT {limit[:20]!r}", line)
    hand.betting = _BETTING[limit]
    hand.table = head.get("TABLE", "")
    hand.date = head.get("DATE", "")
    kind = head.get("GAMEKIND", "")
    if kind not in ("GAMEKIND_CASH", "GAMEKIND_SITGO", "GAMEKIND_TOURNAMENT"):
        raise hand.error(f"unknown GAMEKIND {kind[:30]!r}", line)
    if kind == "GAMEKIND_CASH" and head.get("GAMETYPE", "GAMETYPE_REAL") == "GAMETYPE_REAL":
        currency = head.get("TABLECURRENCY", "")
        symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency)
        if symbol is None:
            raise hand.error(f"unknown TABLECURRENCY {currency[:10]!r}", line)
        hand.unit, hand.currency, hand.symbol = "cents", currency, symbol
    else:
        hand.unit = "chips"
        if kind != "GAMEKIND_CASH":
            hand.tournament = Tournament(head.get("TABLETOURNEYID", ""), "", "")
    small, slash, big = head.get("STAKES", "").partition("/")
    if not slash:
        raise hand.error("no STAKES 'SB/BB'", line)
    hand.stakes = (_amount(hand, small, line), _amount(hand, big, line))
    return None


def _walk(hand: TextHand, found: list[tuple[str, dict[str, str], bool, int]], body: str, first: int) -> None:
    holder: tuple[str, str, int] | None = None  # the element whose CARDs are being read: (kind, player, line)
    cards: list[int] = []
    showdown = False
    total = 0
    for name, attributes, closing, at in found[1:]:
        line = first + at
        if name == "CARD":
            if closing:
                continue
            if holder is None:
                raise hand.error("a CARD outside a deal, a board or a result", line)
            try:
                card = card_of_link(attributes.get("LINK", ""))
            except KeyError:
                raise hand.error(f"bad card LINK {attributes.get('LINK', '')[:10]!r}", line) from None
            if card is not None:
                cards.append(card)
            continue
        if closing:
            if holder is not None and name in ("ACTION", "RESULT"):
                _cards_of(hand, holder, tuple(cards))
            holder, cards = None, []
            continue
        if name == "PLAYER":
            _player(hand, attributes, line)
        elif name == "ACTION":
            holder = _action(hand, attributes, line)
        elif name == "SHOWDOWN":
            showdown = True
            total = _amount(hand, attributes.get("POT"), line)
            hand.rake = _amount(hand, attributes.get("RAKE", "0"), line)
        elif name == "RESULT":
            if not showdown:
                raise hand.error("a RESULT outside the SHOWDOWN", line)
            player = hand.known(attributes.get("PLAYER", ""), line)
            win = _amount(hand, attributes.get("WIN"), line)
            if win:  # which half: inferred from the shown hands (WINTYPE's values are not documented)
                hand.collect(player, win, "pot", line)
            holder = ("result", player, line)
        elif name != "HISTORY":
            raise hand.error(f"unknown element {name[:30]!r}", line)
    if not showdown:
        raise hand.error("the hand has no SHOWDOWN (is it cut short?)", first)
    hand.total = total + hand.rake


def _player(hand: TextHand, attributes: dict[str, str], line: int) -> None:
    state = attributes.get("STATE", "")
    if state == "STATE_EMPTY":
        return
    seat = attributes.get("SEAT", "")
    if not (seat.isascii() and seat.isdigit()) or len(seat) > 3:
        raise hand.error(f"bad SEAT {seat[:10]!r}", line)
    name = attributes.get("NAME", "")
    hand.seat(int(seat), name, _amount(hand, attributes.get("AMOUNT"), line), line, state != "STATE_PLAYING")
    if attributes.get("DEALER") == "Y":
        hand.button = int(seat)


def _action(hand: TextHand, attributes: dict[str, str], line: int) -> tuple[str, str, int] | None:
    kind = attributes.get("TYPE", "")
    if kind == "HAND_BOARD":
        street = _STREETS.get(attributes.get("VALUE", ""))
        if street is None:
            raise hand.error(f"unknown board {attributes.get('VALUE', '')[:20]!r}", line)
        return ("board", street, line)
    player = hand.known(attributes.get("PLAYER", ""), line)
    value = attributes.get("VALUE")
    if kind == "HAND_DEAL":
        return ("deal", player, line)
    if kind == "HAND_BLINDS":
        blind = attributes.get("KIND", "")
        amount = _amount(hand, value, line)
        if blind == "HAND_SB":
            hand.post(player, "small blind", amount, line)
        elif blind == "HAND_BB":
            hand.post(player, "big blind", amount, line)
        elif blind == "HAND_DB":
            hand.post(player, "small blind", amount, line, dead=amount)
        else:
            raise hand.error(f"unknown blind {blind[:20]!r}", line)
    elif kind == "HAND_ANTE":
        amount = _amount(hand, value, line)
        hand.post(player, "ante", amount, line, dead=amount)
    elif kind in ("ACTION_FOLD", "ACTION_CHECK"):
        hand.act(player, "fold" if kind == "ACTION_FOLD" else "check", line)
    elif kind in ("ACTION_CALL", "ACTION_BET"):
        hand.act(player, "call" if kind == "ACTION_CALL" else "bet", line, added=_amount(hand, value, line))
    elif kind in ("ACTION_RAISE", "ACTION_ALLIN"):
        reached = _amount(hand, value, line)
        all_in = kind == "ACTION_ALLIN"
        top = max(hand.bets.values(), default=0)
        before = hand.bets.get(player, 0)
        if reached <= before:
            raise hand.error(f"{kind} to {value} adds nothing", line)
        if reached > top:
            hand.act(player, "raise" if top or hand.street == "preflop" else "bet", line,
                     added=reached - before, to=reached if top or hand.street == "preflop" else None, all_in=all_in)
        elif all_in:
            hand.act(player, "call", line, added=reached - before, all_in=True)
        else:
            raise hand.error(f"a raise to {value} does not raise the bet", line)
    elif kind not in _QUIET_ACTIONS:
        raise hand.error(f"unknown action {kind[:30]!r}", line)
    return None


def _cards_of(hand: TextHand, holder: tuple[str, str, int], cards: tuple[int, ...]) -> None:
    what, who, line = holder
    if what == "board":
        hand.deal(who, cards, line)
    elif what == "deal":
        if cards:
            if len(cards) != hand.hole_size:
                raise hand.error(f"{who[:40]} is dealt {len(cards)} known cards", line)
            hand.dealt(who, cards)
    elif cards:
        if who not in {s[0] for s in hand.shown}:
            hand.show(who, cards, None, line)


#: The Boss Media reader, registered for ``omaha8_fast.histories.parse``.
READER = BossReader()
register(READER)
