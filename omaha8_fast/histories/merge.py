"""Merge Network hand histories (XML; Carbon Poker, Lock Poker and the other
rooms of the network, 2008-2014): the Omaha Hi/Lo hands (``site == "merge"``).

A file opens with the game's description, ``<description type="Omaha H/L8"
stakes="Pot Limit ($0.25/$0.50)"/>`` (``Limit $0.25/$0.50``: the bets;
``No Limit``; ``type="Omaha H/L8 Tournament"``, ``stakes="Pot Limit Level 2
Blinds 15/30"``; a mixed game's type is its name, ``HORSE``), once before all
its games or again before each (an exported file): a game takes the
description before it. Each game is ``<game id="46154255-645"
starttime="20111230232051" numholecards="4" realmoney="true"
data="DATE|TABLE|...">`` (``hand_id`` is its id as printed; in a mixed game
``multigametype`` names the game) holding ``<players dealer="SEAT">`` with a
``<player seat nickname balance dealtin>`` per seat (``dealtin="false"``: not
in the hand), then the ``<round id=...>`` in order: ``BLINDS``, ``PREFLOP``,
``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``, ``SHOWDOWN``, ``END_OF_GAME`` (or
``END_OF_FOLDED_GAME`` then ``END_OF_GAME``). Their ``<event sequence type
player amount>`` name a player by the seat number of ``<player seat>``, as the
dealer does (seats count from 0, and stay so here). ``SMALL_BLIND``,
``BIG_BLIND``, ``INITIAL_BLIND`` (a joining player's big blind), ``ANTE``,
``CALL``, ``BET`` and ``ALL_IN`` give the chips the event puts in; ``RAISE``
the street's bet reached from September 8th 2010 (the chips it puts in
before). ``<cards type="HOLE">`` are the hero's cards, ``COMMUNITY`` the
board so far (at the end of its round), ``SHOWN`` and ``MUCKED`` a player's
hand. ``<winner amount potnumber player pottype uncalled>`` is a share paid
after the rake (``pottype`` ``h``/``l``: the high or the low half;
``potnumber`` 1 the main pot, 2 the first side pot), or, with
``uncalled="true"``, the uncalled bet given back; older texts pay a folded
hand's uncalled bet inside the winner's share. No rake is printed: it is the
total less what was paid (none in tournaments). Cash-game balances are the
stacks before the hand; in tournaments before the 2.1 format they are the
stacks after the hand's blinds and antes. Money is US cents; tournament and
play-money amounts are chips.

>>> text = '''<description type="Omaha H/L8" stakes="Pot Limit ($0.25/$0.50)"/>
... <game id="5000-7" starttime="20120901120000" numholecards="4" realmoney="true" data="20120901|Elm|5000|5000-7|false">
...   <players dealer="1">
...     <player seat="1" nickname="ann" balance="$20.00" dealtin="true" />
...     <player seat="4" nickname="bob" balance="$15.00" dealtin="true" />
...   </players>
...   <round id="BLINDS" sequence="1">
...     <event sequence="1" type="SMALL_BLIND" player="1" amount="0.25"/>
...     <event sequence="2" type="BIG_BLIND" player="4" amount="0.50"/>
...   </round>
...   <round id="PREFLOP" sequence="2">
...     <event sequence="3" type="RAISE" player="1" amount="1.50"/>
...     <event sequence="4" type="FOLD" player="4"/>
...     <cards type="HOLE" cards="Ad,2c,Kh,9s" player="1"/>
...   </round>
...   <round id="END_OF_FOLDED_GAME" sequence="3">
...     <winner amount="1.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
...     <winner amount="1.00" uncalled="true" potnumber="2" player="1" pottype="n"/>
...   </round>
...   <round id="END_OF_GAME" sequence="4">
...   </round>
... </game>'''
>>> [(first, game)] = READER.split(text)
>>> hand = READER.parse_hand(game, first)
>>> hand.site, hand.hand_id, hand.table, hand.total_pot, hand.rake, hand.paid, hand.returned, hand.hero
('merge', '5000-7', 'Elm', 100, 0, {'ann': 100}, (('ann', 100),), 'ann')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from ._audit import INFERRED_RAKE, RakeBound
from ._model import MAX_HAND_LINES, MAX_LINE, HandHistoryError, ImportedHand, Tournament, format_amount
from ._rooms import RoomHand
from ._sites import register
from ._xml_tags import XMLTagError, tags

__all__ = ["MergeReader", "READER", "RAISE_TO_FROM"]

#: From this date (``starttime``, YYYYMMDD) a ``RAISE`` event's amount is the street's bet reached; before it, the
#: chips the raise puts in (real texts of 2008-10 and 2010-09-07 add up only the one way, of 2011-11 on the other).
RAISE_TO_FROM = "20100908"
#: The most characters of one block (a description and its games: a whole file of one table).
MAX_BLOCK_CHARS = 1 << 24

_HEADER = '<description type="'
_GAME = "<game "
_BETTINGS = (("Half Pot Limit", ""), ("Pot Limit", "pot-limit"), ("No Limit", "no-limit"), ("Limit", "limit"))
_MIXES = frozenset({"HORSE", "HOSE", "HA", "HO", "SHOE", "RASH", "HAR"})
_HILO_CODES = frozenset({"34", "35", "37"})  # a mixed game's multigametype of Omaha H/L8
_ROUNDS = {"BLINDS": 0, "PREFLOP": 1, "POSTFLOP": 2, "POSTTURN": 3, "POSTRIVER": 4, "SHOWDOWN": 5,
           "END_OF_FOLDED_GAME": 6, "END_OF_GAME": 7, "GAME_CANCELLED": 8}
_STREETS = {1: "preflop", 2: "flop", 3: "turn", 4: "river"}
_BOARD = {2: 3, 3: 4, 4: 5}  # the board cards a round's COMMUNITY shows
_POSTS = frozenset({"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "ANTE"})
_BETS = frozenset({"FOLD", "CHECK", "CALL", "BET", "RAISE", "ALL_IN"})
_QUIET = frozenset({"SHOW", "MUCK", "PLAYER_OUT"})
_REFUSED = {
    "DISCONNECTED": "a player disconnected", "RECONNECTED": "a player reconnected", "LEAVE": "a player left the table",
}
_NOT_OMAHA = frozenset({"BRING_IN", "COMPLETE", "DRAW"})
_HALVES = {"n": "", "h": " (hi)", "l": " (lo)"}
_GAME_ID = re.compile(r"\d{1,20}-\d{1,20}")
_DATE = re.compile(r"(\d{4})/?(\d{2})/?(\d{2})")
_LEVEL = re.compile(r"Level (\d{1,4})(?: Blinds ([^\s/]{1,20})/([^\s/]{1,20}))?")
_ID = re.compile(r' id="([^"]{0,60})"')


class _Description(NamedTuple):
    """A ``<description>`` line: the game as written (without `` Tournament``), a tournament, the betting (``""``
    for half pot limit), the limit as written, the stakes' two amounts (as written, or None), the level, the version."""

    game: str
    tournament: bool
    betting: str
    limit: str
    small: str | None
    big: str | None
    level: str
    version: str


def _description(text: str, line: int) -> _Description:
    """The ``<description .../>`` line ``text`` (line ``line``), or HandHistoryError."""
    try:
        found = tags(text.strip())
    except XMLTagError as problem:
        raise HandHistoryError(f"cannot read the description: {problem}", line=line) from None
    if len(found) != 2 or found[0][0] != "description" or found[1][:3] != ("description", {}, True):
        raise HandHistoryError(f"cannot read the description {text.strip()[:60]!r}", line=line)
    attributes = found[0][1]
    kind, stakes = attributes.get("type", ""), attributes.get("stakes")
    if stakes is None:
        raise HandHistoryError("the description has no stakes", line=line)
    tournament = kind.endswith(" Tournament")
    game = kind.removesuffix(" Tournament").strip()
    for words, betting in _BETTINGS:
        if stakes.startswith(words):
            limit, rest = words, stakes[len(words):].strip()
            break
    else:
        raise HandHistoryError(f"unknown stakes {stakes[:40]!r}", line=line)
    small: str | None = None
    big: str | None = None
    level = ""
    if rest.startswith("Level"):
        match = _LEVEL.fullmatch(rest)
        if match is None:
            raise HandHistoryError(f"cannot read the level {rest[:40]!r}", line=line)
        level, small, big = f"Level {match[1]}", match[2], match[3]
    elif rest:
        inside = rest[1:-1] if rest.startswith("(") and rest.endswith(")") else rest
        small, slash, big = inside.partition("/")
        if not slash or not small.strip() or not big.strip() or len(inside) > 40:
            raise HandHistoryError(f"cannot read the stakes {stakes[:40]!r}", line=line)
        small, big = small.strip(), big.strip()
    return _Description(game, tournament, betting, limit, small, big, level, attributes.get("version", ""))


def _other_game(description: _Description, head: dict[str, str], line: int) -> str | None:
    """None for Omaha Hi/Lo, else the other game's name (what ``parse`` counts it under)."""
    name = f"{description.game}{' Tournament' if description.tournament else ''} {description.limit}"
    if description.game in _MIXES:
        code = head.get("multigametype")
        if code is None:
            raise HandHistoryError(f"a {description.game} game without its multigametype", line=line)
        return None if code in _HILO_CODES else f"{name} (game {code[:10]})"
    if description.game == "Omaha H/L8":
        return None
    if "omaha" in description.game.lower() and description.game != "Omaha":
        raise HandHistoryError(f"unknown game {description.game[:30]!r} (Omaha H/L8 is read, Omaha is skipped)",
                               line=line)
    return name


class _Hand(RoomHand):
    """A Merge game being read: seats by their number, what each player put in, who is out of the play."""

    def __init__(self, hand_id: str, first: int) -> None:
        super().__init__("merge", hand_id, first)
        self.by_seat: dict[str, str] = {}
        self.stack: dict[str, int] = {}
        self.put: dict[str, int] = {}
        self.dealt_in: set[str] = set()
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.raise_to = True
        self.blinds_in_balance = False  # a tournament before the 2.1 format: balances are after the posts
        self.cancelled = False
        self.undealt_post = 0  # the line of a post by a player not dealt in (an error unless the game was cancelled)
        self.winners: list[tuple[str, int, int, str, int]] = []  # (player, amount, pot number, half, line)
        self.uncalled_lines: list[tuple[str, int, int]] = []  # (player, amount, line)

    def at_seat(self, attributes: dict[str, str], line: int) -> str:
        seat = attributes.get("player", "")
        name = self.by_seat.get(seat)
        if name is None:
            raise self.error(f"nobody sits in seat {seat[:10]!r}", line)
        return name

    def amount(self, attributes: dict[str, str], line: int) -> int:
        value = attributes.get("amount")
        if value is None:
            raise self.error(f"a {attributes.get('type', 'winner')[:20]} without an amount", line)
        return self.money(value, line)

    def chips_in(self, name: str, added: int, line: int) -> bool:
        """Put ``added`` of ``name``'s chips in (never more than the stack); whether they are all in now."""
        put = self.put.get(name, 0) + added
        if put > self.stack[name]:
            raise self.error(f"{name[:40]} puts in {format_amount(put, self.unit, self.symbol)}, more than the "
                             f"stack of {format_amount(self.stack[name], self.unit, self.symbol)}", line)
        self.put[name] = put
        if put == self.stack[name]:
            self.all_in.add(name)
            return True
        return False

    def player_seat(self, attributes: dict[str, str], line: int) -> None:
        number = attributes.get("seat", "")
        if not (number.isascii() and number.isdigit()) or len(number) > 2:
            raise self.error(f"bad seat number {number[:10]!r}", line)
        name = attributes.get("nickname", "")
        dealt = attributes.get("dealtin", "")
        if dealt not in ("true", "false"):
            raise self.error(f"bad dealtin {dealt[:10]!r}", line)
        balance = attributes.get("balance")
        if balance is None:
            raise self.error("a player without a balance", line)
        stack = self.money(balance, line)
        if number in self.by_seat:
            raise self.error(f"two players in seat {number}", line)
        self.seat(int(number), name, stack, line, dealt == "false")
        self.by_seat[number] = name
        self.stack[name] = stack
        if dealt == "true":
            self.dealt_in.add(name)

    def post_event(self, kind: str, attributes: dict[str, str], line: int) -> None:
        name = self.at_seat(attributes, line)
        amount = self.amount(attributes, line)
        if name not in self.dealt_in and not self.undealt_post:
            self.undealt_post = line
        if self.blinds_in_balance:
            self.stack[name] += amount
        all_in = self.chips_in(name, amount, line)
        if kind == "SMALL_BLIND":
            self.post(name, "small blind", amount, line, all_in)
        elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
            self.post(name, "big blind", amount, line, all_in)
        elif kind == "ANTE":
            self.post(name, "ante", amount, line, all_in, dead=amount)
        else:  # RETURN_BLIND: the blinds a returning player missed
            big = self.stakes[0] if self.betting == "limit" else self.stakes[1]  # limit stakes are the bets
            if not big or amount < big:
                raise self.error("a returning player's blind below the big blind (or of unknown stakes): whether it "
                                 "is live or dead is not settled", line)
            if amount == big:
                self.post(name, "big blind", amount, line, all_in)
            else:
                self.post(name, "small & big blinds", amount, line, all_in, dead=amount - big)

    def bet_event(self, kind: str, attributes: dict[str, str], line: int) -> None:
        name = self.at_seat(attributes, line)
        if kind == "ALL_IN" and "amount" not in attributes:
            if name in self.all_in:
                return  # says again that the player is all in
            raise self.error(f"an ALL_IN without an amount of {name[:40]}, who is not all in", line)
        if name not in self.dealt_in:
            raise self.error(f"{name[:40]} was not dealt in (dealtin=\"false\") but acts", line)
        if name in self.folded:
            raise self.error(f"{name[:40]} acts after folding", line)
        if name in self.all_in:
            raise self.error(f"{name[:40]} acts after going all in", line)
        before = self.bets.get(name, 0)
        top = max(self.bets.values(), default=0)
        if kind == "FOLD":
            self.act(name, "fold", line)
            self.folded.add(name)
            return
        if kind == "CHECK":
            if before < top:
                raise self.error(f"{name[:40]} checks facing a bet", line)
            self.act(name, "check", line)
            return
        amount = self.amount(attributes, line)
        money = self.unit, self.symbol
        if kind == "CALL":
            if top <= before:
                raise self.error(f"{name[:40]} calls with nothing to call", line)
            if before + amount > top:
                raise self.error(f"the call of {format_amount(amount, *money)} is more than the "
                                 f"{format_amount(top - before, *money)} to call", line)
            all_in = self.chips_in(name, amount, line)
            if before + amount < top and not all_in:
                raise self.error(f"the call of {format_amount(amount, *money)} is less than the "
                                 f"{format_amount(top - before, *money)} to call", line)
            self.act(name, "call", line, added=amount, all_in=all_in)
        elif kind == "BET":
            if top:
                raise self.error(f"{name[:40]} bets facing a bet", line)
            self.act(name, "bet", line, added=amount, all_in=self.chips_in(name, amount, line))
        elif kind == "RAISE":
            reached = amount if self.raise_to else before + amount
            if reached <= top:
                raise self.error(f"a raise to {format_amount(reached, *money)} does not raise the bet of "
                                 f"{format_amount(top, *money)}", line)
            self.act(name, "raise", line, to=reached, all_in=self.chips_in(name, reached - before, line))
        else:  # ALL_IN: the chips put in
            if not self.chips_in(name, amount, line):
                raise self.error(f"an ALL_IN of {format_amount(amount, *money)} leaves "
                                 f"{format_amount(self.stack[name] - self.put[name], *money)} behind", line)
            if before + amount > top:
                if top or self.street == "preflop":
                    self.act(name, "raise", line, to=before + amount, all_in=True)
                else:
                    self.act(name, "bet", line, added=amount, all_in=True)
            else:
                self.act(name, "call", line, added=amount, all_in=True)

    def event(self, attributes: dict[str, str], rank: int, line: int) -> None:
        kind = attributes.get("type", "")
        if kind in _BETS:
            if rank == 0:
                raise self.error(f"a {kind[:20]} in the BLINDS round (an all-in blind?): its meaning is not settled",
                                 line)
            if not 1 <= rank <= 4:
                raise self.error(f"a {kind[:20]} after the betting", line)
            self.bet_event(kind, attributes, line)
        elif kind in _POSTS:
            if rank != 0:
                raise self.error(f"a {kind[:20]} outside the BLINDS round", line)
            self.post_event(kind, attributes, line)
        elif kind in _QUIET:
            self.at_seat(attributes, line)
        elif kind == "SIT_OUT":
            name = self.at_seat(attributes, line)
            if name in self.dealt_in and name not in self.folded:
                if not 1 <= rank <= 4 or name in self.all_in:
                    raise self.error(f"{name[:40]} sits out outside the betting: its meaning is not settled", line)
                self.act(name, "fold", line)  # sitting out in the hand folds it
                self.folded.add(name)
        elif kind == "GAME_CANCELLED":
            self.cancelled = True
        elif kind in _REFUSED:
            raise self.error(f"{_REFUSED[kind]} ({kind}): the room's history of such a hand leaves actions out, "
                             "so it is not read", line)
        elif kind in _NOT_OMAHA:
            raise self.error(f"a {kind} event does not belong in Omaha Hi/Lo", line)
        else:
            raise self.error(f"unknown event {kind[:30]!r}", line)

    def cards_of(self, attributes: dict[str, str], rank: int, line: int) -> None:
        kind = attributes.get("type", "")
        cards = self.cards(attributes.get("cards", ""), line)
        if kind == "COMMUNITY":
            want = _BOARD.get(rank)
            if want is None:
                raise self.error("community cards outside the flop, turn and river rounds", line)
            board = self.boards[0]
            if len(cards) != want or tuple(board) != cards[:len(board)] or len(board) not in (0, want - 1, want):
                raise self.error(f"the {_STREETS[rank]}'s board needs {want} cards following the board so far, got "
                                 f"{attributes.get('cards', '')[:40]!r}", line)
            board[:] = cards
            return
        name = self.at_seat(attributes, line)
        if kind not in ("HOLE", "SHOWN", "MUCKED"):
            raise self.error(f"unknown cards {kind[:20]!r}", line)
        if len(cards) != self.hole_size:
            raise self.error(f"{name[:40]} has {len(cards)} cards in a {self.hole_size}-card game", line)
        known = self.holes.get(name)
        if known is not None and known != cards:
            raise self.error(f"{name[:40]}'s cards differ from the cards given before", line)
        if kind == "HOLE":
            self.dealt(name, cards)
        elif kind == "SHOWN":
            self.show(name, cards, None, line)
        else:
            self.muck(name, cards, line)

    def winner(self, attributes: dict[str, str], rank: int, line: int) -> None:
        if rank not in (6, 7):
            raise self.error("a winner outside the END_OF_GAME rounds", line)
        name = self.at_seat(attributes, line)
        amount = self.amount(attributes, line)
        uncalled, pot, half = attributes.get("uncalled", ""), attributes.get("potnumber", ""), attributes.get("pottype",
                                                                                                              "n")
        if uncalled not in ("true", "false"):
            raise self.error(f"bad uncalled {uncalled[:10]!r}", line)
        if not (pot.isascii() and pot.isdigit()) or not 1 <= len(pot) <= 2 or pot.startswith("0"):
            raise self.error(f"bad potnumber {pot[:10]!r}", line)
        if half not in _HALVES:
            raise self.error(f"bad pottype {half[:10]!r}", line)
        if uncalled == "true":
            self.uncalled_lines.append((name, amount, line))
        elif amount:
            self.winners.append((name, amount, int(pot), half, line))

    def settle(self) -> None:
        """The uncalled bet, the collections, the total and the rake, once every event is read."""
        ranked = sorted(self.put.items(), key=lambda kv: kv[1], reverse=True)
        top_name, top = ranked[0] if ranked else ("", 0)
        extra = top - (ranked[1][1] if len(ranked) > 1 else 0)
        winners = list(self.winners)
        if self.uncalled_lines:
            name, amount, line = self.uncalled_lines[0]
            if len(self.uncalled_lines) > 1:
                raise self.error("a second uncalled bet returned", self.uncalled_lines[1][2])
            if name != top_name or amount != extra:
                beyond = format_amount(extra, self.unit, self.symbol)
                raise self.error(f"the uncalled bet returned to {name[:40]} is "
                                 f"{format_amount(amount, self.unit, self.symbol)}, but the bet beyond the others' is "
                                 f"{beyond}" + (f" ({top_name[:40]}'s)" if extra else ""), line)
            self.uncalled(name, amount, line)
        elif extra > 0:  # older texts pay it inside the winner's share (when the shares can hold it)
            self.returned.append((top_name, extra))
            if sum(w[1] for w in winners if w[0] == top_name) >= extra:
                left = extra
                for k in range(len(winners) - 1, -1, -1):
                    name, amount, pot, half, line = winners[k]
                    if name == top_name and left:
                        take = min(amount, left)
                        left -= take
                        winners[k] = (name, amount - take, pot, half, line)
        several = len({w[2] for w in winners if w[1]}) > 1
        for name, amount, pot, half, line in winners:
            if amount:
                base = ("main pot" if pot == 1 else f"side pot-{pot - 1}") if several else "pot"
                self.collect(name, amount, base + _HALVES[half], line)
        self.total = sum(self.put.values()) - sum(v for _, v in self.returned)
        paid = sum(c[1] for c in self.collected)
        self.rake = 0 if self.tournament is not None else max(0, self.total - paid)
        if not any(c[2].endswith(")") for c in self.collected):
            self.label_halves()
        self.breakdown_from_collections()
        if self.blinds_in_balance:  # the stacks before the hand: the balances and the posts
            self.seats = [(number, name, self.stack[name], out) for number, name, _, out in self.seats]
        if not self.stakes[1]:  # no blinds in the description (a tournament): the posted ones
            small = next((p[2] for p in self.posts if p[1] == "small blind"), 0)
            self.stakes = (small, next((p[2] for p in self.posts if p[1] == "big blind"), 0))


def _head(hand: _Hand, description: _Description, head: dict[str, str], line: int) -> None:
    """The game line's facts and the description's into ``hand``."""
    if head.get("numholecards") != "4":
        raise hand.error(f"an Omaha H/L8 game of {head.get('numholecards', '?')[:4]} hole cards", line)
    if not description.betting:
        raise hand.error(f"{description.limit} betting is not one this library plays", line)
    hand.betting = description.betting
    start = head.get("starttime", "")
    date = _DATE.match(start)
    if date is None:
        raise hand.error(f"cannot read the starttime {start[:30]!r}", line)
    hand.date = start
    hand.raise_to = "".join(date.groups()) >= RAISE_TO_FROM
    data = head.get("data", "")
    fields = data.split("|") if "|" in data else data.split(":")
    hand.table = fields[1].strip() if len(fields) > 1 else ""
    seats = head.get("seats", "")
    if seats.isascii() and seats.isdigit() and len(seats) <= 2:
        hand.max_seats = int(seats)
    real = head.get("realmoney", "")
    if real not in ("true", "false"):
        raise hand.error(f"bad realmoney {real[:10]!r}", line)
    if description.tournament:
        hand.unit = "chips"
        version = head.get("version", description.version)
        if version not in ("", "2.1"):
            raise hand.error(f"the stacks of a tournament game of history version {version[:10]!r} are not settled "
                             "(read: before 2.1, balances after the blinds; 2.1, before them)", line)
        hand.blinds_in_balance = version == ""
        hand.tournament = Tournament(fields[2].strip() if len(fields) > 2 else "", head.get("buyIn", ""),
                                     description.level)
    elif real == "true":
        hand.unit, hand.currency, hand.symbol = "cents", "USD", "$"
    else:
        hand.unit = "chips"  # play money
    if description.small is not None and description.big is not None:
        hand.stakes = (hand.money(description.small, line), hand.money(description.big, line))


def _walk(hand: _Hand, found: list[tuple[str, dict[str, str], bool, int]], base: int) -> None:
    """The tags of one game (after ``<game>``) into ``hand``."""
    players = closed = False
    rank = -1  # the open round's (-1: none yet); rounds come in order
    last = -1
    ended = False
    for name, attributes, closing, at in found[1:]:
        line = base + at
        if closed:
            raise hand.error(f"a <{name[:20]}> after </game>", line)
        if closing:
            if name == "round":
                rank = -1
            elif name == "players":
                players = False
            elif name == "game":
                closed = True
            continue
        if name == "player":
            if not players:
                raise hand.error("a player outside <players>", line)
            hand.player_seat(attributes, line)
        elif name == "players":
            dealer = attributes.get("dealer", "")
            if not (dealer.isascii() and dealer.isdigit()) or len(dealer) > 2 or hand.seats or last >= 0:
                raise hand.error(f"bad players (dealer {dealer[:10]!r})", line)
            hand.button, players = int(dealer), True
        elif name == "round":
            kind = attributes.get("id", "")
            order = _ROUNDS.get(kind)
            if order is None:
                raise hand.error(f"round {kind[:30]!r} does not belong in Omaha Hi/Lo", line)
            if order <= last or rank >= 0 or players:
                raise hand.error(f"round {kind} out of order", line)
            rank = last = order
            ended = ended or order == 7
            if order in _STREETS and hand.street != _STREETS[order]:  # a new street: its bets start from none
                hand.street, hand.bets = _STREETS[order], {}
        elif rank < 0:
            raise hand.error(f"a <{name[:20]}> outside a round", line)
        elif name == "event":
            hand.event(attributes, rank, line)
        elif name == "cards":
            hand.cards_of(attributes, rank, line)
        elif name == "winner":
            hand.winner(attributes, rank, line)
        else:
            raise hand.error(f"unknown element {name[:30]!r}", line)
    if not closed:
        raise hand.error("the game has no </game> (is it cut short?)", hand.first)
    if not ended and not hand.cancelled:
        raise hand.error("the game has no END_OF_GAME round (is it cut short?)", hand.first)


class MergeReader:
    """The Merge Network reader (see the module docstring)."""

    site = "merge"
    name = "Merge Network"
    prefixes: tuple[str, ...] = ("<",)  # one pass for the XML rooms (and any other reader of "<" lines)
    max_lines = 400_000  # a block is a description and its games: a whole file (each game is bounded on its own)
    max_chars = MAX_BLOCK_CHARS

    def is_header(self, line: str) -> bool:
        return line.startswith(_HEADER)

    def hand_id(self, line: str) -> str | None:
        """A game line's id (a description line, the header, names no game)."""
        match = _ID.search(line, 0, 200) if line.startswith(_GAME) else None
        return match[1] if match else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """One piece per game: the description before it, then the game's lines (the piece's first line number is
        the game's less one, so that the game's lines keep their numbers). A description that cannot be read is a
        piece of its own; lines between the games that are no game are a piece too (an error)."""
        lines = text.split("\n")
        count = len(lines)
        k = 0
        while k < count and not self.is_header(lines[k].lstrip("\ufeff")):
            k += 1
        while k < count:
            head = lines[k].lstrip("\ufeff")
            try:
                _description(head, k + 1)
            except HandHistoryError:
                yield k + 1, head
                k += 1
                while k < count and not self.is_header(lines[k]):
                    k += 1
                continue
            k += 1
            while k < count and not self.is_header(lines[k]):
                if not lines[k].strip():
                    k += 1
                    continue
                start = k
                if lines[k].startswith(_GAME):
                    k += 1
                    while k < count and not lines[k].startswith(_GAME) and not self.is_header(lines[k]):
                        k += 1
                        if lines[k - 1].lstrip().startswith("</game>"):
                            break
                    stop = min(k, start + MAX_HAND_LINES + 1)  # a longer game is an error of its own
                else:
                    while k < count and lines[k].strip() and not lines[k].startswith(_GAME) \
                            and not self.is_header(lines[k]):
                        k += 1
                    stop = min(k, start + 3)
                yield start, head + "\n" + "\n".join(lines[start:stop])

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n", MAX_HAND_LINES + 4)
        at = next((k for k, t in enumerate(lines) if t.strip()), 0)
        if not self.is_header(lines[at].lstrip("\ufeff")):
            raise HandHistoryError("not a Merge hand ('<description type=...>' then '<game id=...>')",
                                   line=first_line + at)
        description = _description(lines[at].lstrip("\ufeff"), first_line + at)
        start = next((k for k in range(at + 1, len(lines)) if lines[k].strip()), None)
        if start is None:
            raise HandHistoryError("a description with no game after it", line=first_line + at)
        if not lines[start].startswith(_GAME):
            raise HandHistoryError(f"a line between the games that is no game: {lines[start].strip()[:40]!r}",
                                   line=first_line + start)
        hand_id = self.hand_id(lines[start]) or ""
        base = first_line + start
        if len(lines) - start > MAX_HAND_LINES or len(lines) > MAX_HAND_LINES + 4:
            raise HandHistoryError(f"the game has more than {MAX_HAND_LINES} lines", hand_id=hand_id, line=base)
        for k in range(start, len(lines)):
            if len(lines[k]) > MAX_LINE:
                raise HandHistoryError(f"line longer than {MAX_LINE} characters", hand_id=hand_id, line=first_line + k)
        body = "\n".join(lines[start:])
        end = body.find("</game>")
        if end < 0:
            raise HandHistoryError("the game has no </game> (is it cut short?)", hand_id=hand_id, line=base)
        try:
            found = tags(body[:end + 7])
        except XMLTagError as problem:
            raise HandHistoryError(str(problem), hand_id=hand_id, line=base + body.count("\n", 0, problem.at)) from None
        tail = body[end + 7:]
        if tail.strip():
            where = base + body.count("\n", 0, end + 7 + len(tail) - len(tail.lstrip()))
            raise HandHistoryError(f"text after </game>: {tail.strip()[:40]!r}", hand_id=hand_id, line=where)
        head = found[0][1]
        if found[0][0] != "game" or found[0][2]:
            raise HandHistoryError("no <game> element", hand_id=hand_id, line=base)
        if _GAME_ID.fullmatch(head.get("id", "")) is None:
            raise HandHistoryError(f"bad game id {head.get('id', '')[:30]!r}", hand_id=hand_id or None, line=base)
        other = _other_game(description, head, base)
        if other is not None:
            return other
        hand = _Hand(hand_id, base)
        _head(hand, description, head, base)
        _walk(hand, found, base)
        if hand.cancelled:
            return f"{description.game} {description.limit} (cancelled: no hand played)"
        if hand.undealt_post:
            raise hand.error("a player not dealt in (dealtin=\"false\") posts", hand.undealt_post)
        hand.settle()
        imported = hand.build()
        if description.game in _MIXES:
            imported.mixed = description.game
        return imported


#: The rake of a room whose texts print none is bounded (see ``_audit.INFERRED_RAKE``): about 5% in the real texts.
INFERRED_RAKE.setdefault("merge", RakeBound())

#: The Merge Network reader, registered for ``omaha8_fast.histories.parse``.
READER = MergeReader()
register(READER)
