"""iPoker network hand histories (XML session files): the Omaha Hi/Lo games,
read into :class:`~omaha8_fast.histories.ImportedHand` (``site == "ipoker"``).

A session file is ``<session>`` with a ``<general>`` block (``<gametype>Omaha
Hi-Lo PL €0.05/€0.10</gametype>``, ``<tablename>``, ``<nickname>`` the hero,
``<tournamentcode>`` in tournaments) and one ``<game gamecode="...">`` per
hand: its players (``<player seat name chips dealer win bet/>``) and its
rounds (``<round no="0">`` the blinds, 1 pre-flop, 2 to 4 the flop, turn and
river) of ``<cards type="Pocket|Flop|Turn|River" player="...">`` (suit
first: ``HA D10``; ``X`` for an unknown card) and ``<action player type
sum/>`` (type 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7
all-in, 15 ante, 23 raise; ``sum`` the chips the action puts in, for a
raise the street total it raises to, as each player's ``bet`` total shows;
an all-in's sum is read as what it adds, or as the total it reaches when
only that reading gives every player's ``bet`` total).
The game is ``Omaha HiLow`` in real files (also ``Omaha Hi-Lo``); the
file may open ``<?xml ...?><session ...>`` on one line.

The games are cut from the file by plain string search (bounded work and
memory per game) and each is parsed with the standard library's XML parser
on its own; a file that declares a DOCTYPE or an ENTITY is refused (no
entity expansion, no external resources). iPoker prints no uncalled bet and
pays it back in the ``win`` of the player it belongs to, and prints no rake:
the reader infers the uncalled bet (moved to ``returned``), takes the total
pot from what the players put in and the rake as what was not paid out.
Other players' pocket cards known in the file are hands shown at the
showdown.

>>> text = '''<session sessioncode="9">
... <general><gametype>Omaha Hi-Lo PL €0.05/€0.10</gametype><tablename>Nice</tablename>
... <nickname>gus</nickname></general>
... <game gamecode="123">
... <general><startdate>2024-01-02 03:04:05</startdate><players>
... <player seat="1" name="gus" chips="€10" dealer="1" win="€0.40" bet="€0.30"/>
... <player seat="2" name="hal" chips="€10" dealer="0" win="€0" bet="€0.10"/>
... </players></general>
... <round no="0"><action no="1" player="gus" type="1" sum="€0.05"/>
... <action no="2" player="hal" type="2" sum="€0.10"/></round>
... <round no="1"><cards type="Pocket" player="gus">HA D2 SK C9</cards>
... <cards type="Pocket" player="hal">X X X X</cards>
... <action no="3" player="gus" type="23" sum="€0.30"/>
... <action no="4" player="hal" type="0" sum="€0"/></round>
... </game>
... </session>'''
>>> [(first, game)] = READER.split(text)
>>> hand = READER.parse_hand(game, first)
>>> first, hand.hand_id, hand.hero, hand.total_pot, hand.rake, hand.paid, hand.returned
(4, '123', 'gus', 20, 0, {'gus': 20}, (('gus', 20),))
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

from ._model import MAX_HAND_LINES, MAX_LINE, HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_b import TextHand, card_ids, hilo_game, money, stakes_and_money

__all__ = ["IPokerReader", "READER", "MAX_GAME_CHARS"]

#: The longest ``<game>`` element read (characters); a longer one is an error, not a slowdown.
MAX_GAME_CHARS = MAX_HAND_LINES * 200
_MAX_GENERAL = 1 << 16
_STREETS = {"flop": "flop", "turn": "turn", "river": "river"}
_FORBIDDEN = ("<!DOCTYPE", "<!ENTITY", "<!doctype", "<!entity")


class IPokerReader:
    """The reader of iPoker XML (see the module docstring)."""

    site = "ipoker"
    header_starts: tuple[str, ...] = ("<session",)  # see _sites.py

    def is_header(self, line: str) -> bool:
        text = line.lstrip()
        if text.startswith("<?xml"):  # the declaration and the session on one line
            end = text.find("?>")
            text = text[end + 2:].lstrip() if end > 0 else ""
        return text.startswith("<session") and text[8:9] in (" ", ">", "")

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """One piece per ``<game>``: ``<session>``, the session's
        ``<general>`` on the game's first line, the game, ``</session>``
        (so that the game's lines keep their numbers)."""
        if any(word in text for word in _FORBIDDEN):
            at = min(text.find(w) for w in _FORBIDDEN if w in text)
            yield text.count("\n", 0, at) + 1, text[at:at + 200]
            return
        start = text.find("<general>")
        first_game = _game_at(text, 0)
        general = ""
        if 0 <= start < first_game:
            end = text.find("</general>", start)
            if 0 <= end < first_game and end - start < _MAX_GENERAL:
                general = " ".join(text[start:end + 10].split("\n"))
        at = first_game
        line = text.count("\n", 0, at) + 1 if at >= 0 else 0
        while at >= 0:
            end = text.find("</game>", at)
            stop = len(text) if end < 0 else end + 7
            piece = text[at:stop] if stop - at <= MAX_GAME_CHARS else text[at:at + MAX_GAME_CHARS + 1]
            yield line, f"<session>{general}{piece}</session>"
            following = _game_at(text, stop)
            if following < 0:
                return
            line += text.count("\n", at, following)
            at = following

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        if any(word in text for word in _FORBIDDEN):
            raise HandHistoryError("the XML declares a DOCTYPE or an ENTITY, which this reader refuses", line=first_line)
        if len(text) > MAX_GAME_CHARS + _MAX_GENERAL + 32:
            raise HandHistoryError(f"the game is longer than {MAX_GAME_CHARS} characters", line=first_line)
        for k, line_text in enumerate(text.split("\n")):
            if len(line_text) > MAX_LINE + _MAX_GENERAL:
                raise HandHistoryError(f"line longer than {MAX_LINE} characters", line=first_line + k)
        try:
            root = ET.fromstring(text)
        except ET.ParseError as problem:
            row = problem.position[0] if problem.position else 1
            raise HandHistoryError(f"bad XML: {problem}", line=first_line + row - 1) from None
        game = root if root.tag == "game" else root.find("game")
        if game is None:
            raise HandHistoryError("no <game> element", line=first_line)
        general = root.find("general") if root.tag != "game" else None
        hand = TextHand(self.site, (game.get("gamecode") or "")[:60], first_line)

        def text_of(node: ET.Element | None, tag: str) -> str:
            found = node.find(tag) if node is not None else None
            return (found.text or "").strip() if found is not None else ""

        gametype = text_of(general, "gametype")
        game_kind = hilo_game(gametype)
        if game_kind is None:
            if not gametype:
                raise hand.error("the session names no game (<gametype>)", first_line)
            return None
        hand.hole_size, hand.betting = game_kind
        tournament = bool(text_of(general, "tournamentcode"))
        if tournament:
            hand.tournament = Tournament(text_of(general, "tournamentcode"), text_of(general, "buyin"), "")
        stakes = gametype.rsplit(" ", 1)[-1]
        stakes_and_money(hand, f"({stakes})", first_line, tournament)
        if hand.unit == "cents" and not hand.currency:
            hand.currency = text_of(general, "tablecurrency") or text_of(general, "currency") or None
        hand.table = text_of(general, "tablename")[:80]
        hand.date = text_of(game.find("general"), "startdate")
        hero = text_of(general, "nickname")
        _players(hand, game, text, first_line)
        _rounds(hand, game, text, first_line, hero, False)
        if not _bets_agree(hand, game, text, first_line):
            # an all-in's sum may be its street total, like a raise's: the players' bet totals decide
            for field, empty in (("posts", list), ("actions", list), ("holes", dict), ("shown", list), ("bets", dict)):
                setattr(hand, field, empty())
            hand.boards, hand.hero, hand.street, hand.run = [[], []], None, "preflop", 1
            _rounds(hand, game, text, first_line, hero, True)
            if not _bets_agree(hand, game, text, first_line):  # neither: the totals say something else
                for field, empty in (("posts", list), ("actions", list), ("holes", dict), ("shown", list),
                                     ("bets", dict)):
                    setattr(hand, field, empty())
                hand.boards, hand.hero, hand.street, hand.run = [[], []], None, "preflop", 1
                _rounds(hand, game, text, first_line, hero, False)
        for player in game.iter("player"):
            win = player.get("win") or "0"
            value = _amount(hand, win, text, first_line, player.get("name") or "")
            if value:
                hand.collect(player.get("name") or "", value, "pot", _line(text, first_line, 'name="', player.get("name")))
        extra = hand.pay_back_uncalled(None)
        hand.total = sum(hand.put_in().values()) - extra
        hand.rake = max(0, hand.total - sum(c[1] for c in hand.collected))
        return hand.build()


def _game_at(text: str, start: int) -> int:
    """Where the next ``<game`` element starts (not ``<gametype>``), or -1."""
    at = text.find("<game", start)
    while at >= 0 and text[at + 5:at + 6] not in (" ", ">", "\t", "\n", "\r"):
        at = text.find("<game", at + 5)
    return at


def _line(text: str, first: int, key: str, value: str | None) -> int:
    """The line of ``key + value`` in the game's text (for error messages)."""
    at = text.find(f"{key}{value}") if value else -1
    return first + (text.count("\n", 0, at) if at >= 0 else 0)


def _amount(hand: TextHand, value: str, text: str, first: int, where: str) -> int:
    try:
        return money(value, hand.unit, hand.decimal)
    except ValueError as problem:
        raise hand.error(str(problem), _line(text, first, "", where)) from None


def _players(hand: TextHand, game: ET.Element, text: str, first: int) -> None:
    for player in game.iter("player"):
        name = player.get("name") or ""
        seat = player.get("seat") or ""
        line = _line(text, first, 'name="', name)
        if not (seat.isascii() and seat.isdigit()) or len(seat) > 3:
            raise hand.error(f"player {name[:40]!r} has no seat number", line)
        hand.seat(int(seat), name, _amount(hand, player.get("chips") or "0", text, first, name), line)
        if player.get("dealer") == "1":
            hand.button = int(seat)
    if not hand.button:
        raise hand.error("no player is the dealer (dealer=\"1\")", first)


_KINDS = {"0": "fold", "3": "call", "4": "check", "5": "bet", "23": "raise"}


def _bets_agree(hand: TextHand, game: ET.Element, text: str, first: int) -> bool:
    """Whether what each player put in is their ``bet`` total (where the file gives one)."""
    put = hand.put_in()
    for player in game.iter("player"):
        name, total = player.get("name") or "", player.get("bet")
        if total is not None and _amount(hand, total, text, first, name) != put.get(name, 0):
            return False
    return True


def _rounds(hand: TextHand, game: ET.Element, text: str, first: int, hero: str, all_in_to: bool) -> None:
    """The rounds' cards and actions (``all_in_to``: an all-in's sum is the street total it goes to)."""
    shown: list[tuple[str, tuple[int, ...], int]] = []
    for round_ in game.iter("round"):
        for node in round_:
            if node.tag == "cards":
                kind = (node.get("type") or "").lower()
                line = _line(text, first, 'type="', node.get("type"))
                cards_text = (node.text or "").strip()
                if kind == "pocket":
                    if not cards_text or "X" in cards_text.upper().split():
                        continue
                    name = hand.known(node.get("player") or "", line)
                    cards = card_ids(cards_text, hand.hand_id, line)
                    if name == hero:
                        hand.dealt(name, cards)
                    else:
                        shown.append((name, cards, line))
                elif kind in _STREETS:
                    hand.deal(_STREETS[kind], card_ids(cards_text, hand.hand_id, line), line)
                continue
            if node.tag != "action":
                continue
            line = _line(text, first, 'no="', node.get("no"))
            name = hand.known(node.get("player") or "", line)
            code = node.get("type") or ""
            added = _amount(hand, node.get("sum") or "0", text, first, f'no="{node.get("no")}"')
            if code == "1":
                hand.post(name, "small blind", added, line)
            elif code == "2":
                hand.post(name, "big blind", added, line)
            elif code == "15":
                hand.post(name, "ante", added, line, dead=added)
            elif code == "23":  # a raise: its sum is the street total raised to (the players' bet totals add so)
                hand.act(name, "raise", line, to=added)
            elif code in _KINDS:
                hand.act(name, _KINDS[code], line, added=added)
            elif code == "7":  # all-in: a bet, a call or a raise by what it puts in (or the total it goes to)
                top = max(hand.bets.values(), default=0)
                before = hand.bets.get(name, 0)
                if all_in_to:
                    added -= before
                kind = "bet" if top == 0 else ("call" if before + added <= top else "raise")
                hand.act(name, kind, line, added=added, all_in=True)
            elif added:
                raise hand.error(f"unknown action type {code[:10]!r} that puts in chips", line)
    folded = {a[1] for a in hand.actions if a[2] == "fold"}
    if hero in hand.holes and hero not in folded and len(set(hand.names) - folded) > 1:
        shown.append((hero, hand.holes[hero], first))  # the hero's hand at the showdown
    for name, cards, line in shown:
        hand.show(name, cards, None, line)


#: The iPoker reader, registered for ``omaha8_fast.histories.parse``.
READER = IPokerReader()
register(READER)
