"""PokerStars hand-history text: read Omaha Hi/Lo hands, and write them.

The reader takes the text PokerStars writes (cash games and tournaments, the
``Hand #`` and older ``Game #`` headers, mixed games), keeps the Omaha Hi/Lo
hands (4, 5 and 6 cards; limit, pot limit, no limit) and skips the other games,
counting them. It is one pass over the lines with a small state machine; every
line is capped at :data:`MAX_LINE` characters and every hand at
:data:`MAX_HAND_LINES` lines, so no input can make it slow or large. A fast
path (:func:`_parse_fast`) reads the common hands and leaves every other hand
to the general reader (:func:`_parse_one`), which owns the rules and the error
messages. In the fast path, a hand of printable ASCII goes to a C scanner
(``o8_hh_scan``, csrc/hh_scan.c) that reads the common line shapes exactly as
the Python code does and gives up at anything else, and its records are built
in C (``_entry.hh_records``, csrc/cpython/hh_records.c); any other hand is read
from a bounded cache of what each line says (:func:`_fast_lines`).

>>> text = '''PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: alice ($10 in chips)
... Seat 2: bob ($10 in chips)
... alice: posts small blind $0.25
... bob: posts big blind $0.50
... *** HOLE CARDS ***
... alice: raises $1 to $1.50
... bob: folds
... Uncalled bet ($1) returned to alice
... alice collected $1 from pot
... *** SUMMARY ***
... Total pot $1 | Rake $0
... Seat 1: alice (button) (small blind) collected ($1)
... Seat 2: bob (big blind) folded before Flop'''
>>> [hand] = parse_pokerstars(text)
>>> hand.hand_id, hand.betting, hand.unit, hand.total_pot, hand.paid
('1', 'pot-limit', 'cents', 100, {'alice': 100})
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO, Any, Literal, Union

from .._core import ffi as _ffi, lib as _lib
from ..cards import Card
from ._model import (
    MAX_HAND_LINES,
    MAX_LINE,
    HandHistoryError,
    ImportedHand,
    Tournament,
    Unit,
    format_amount,
    new_hand,
    parse_amount,
)

__all__ = ["parse_pokerstars", "read_pokerstars", "PokerStarsReader", "to_pokerstars", "is_header"]

_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(\d{1,30}): *(.*)")
_GAME = re.compile(r"((?:5 Card |6 Card )?Omaha Hi/Lo) (Pot Limit|No Limit|Fixed Limit|Limit)\b")
_STAKES = re.compile(r"([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?\)")
_LEVEL = re.compile(r"Level ([^\s(]+)")
_TABLE = re.compile(r"Table '(.*)'(?: (\d+)-max)?.*? Seat #(\d+) is the button")
_BREAKDOWN = re.compile(r"(Main pot|Side pot(?:-\d+)?) (\S+?)\.(?= |$)")
_BETTING = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Limit": "limit", "Fixed Limit": "limit"}
_HOLE_SIZE = {"Omaha Hi/Lo": 4, "5 Card Omaha Hi/Lo": 5, "6 Card Omaha Hi/Lo": 6}
_CURRENCY_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$", "INR": "₹", "CNY": "¥"}
_SYMBOLS = "$€£¥₹"
_BOARD_AFTER = {"flop": 3, "turn": 4, "river": 5}
_STREETS = {
    "FLOP": ("flop", 0), "TURN": ("turn", 0), "RIVER": ("river", 0),
    "FIRST FLOP": ("flop", 0), "FIRST TURN": ("turn", 0), "FIRST RIVER": ("river", 0),
    "SECOND FLOP": ("flop", 1), "SECOND TURN": ("turn", 1), "SECOND RIVER": ("river", 1),
}

Source = Union[str, "os.PathLike[str]", IO[str]]
Errors = Literal["raise", "skip"]


def is_header(line: str) -> bool:
    """Whether ``line`` starts a PokerStars hand."""
    return line.startswith("PokerStars ") and _HEADER.match(line) is not None


_CARD = {str(Card(c)): c for c in range(52)}  # plain ids: a tuple of them is not tracked by the GC (see records)
_CARD |= {k[0] + k[1].upper(): v for k, v in _CARD.items()} | {k[0].lower() + k[1]: v for k, v in _CARD.items()}


_GROUPS: dict[str, tuple[int, ...]] = {}  # card groups already read (a board or a hand recurs in its hand)


def _cards(text: str, hand_id: str, line: int) -> tuple[int, ...]:
    """The cards in a ``[Ah 2d Ks]`` group (the brackets already removed)."""
    cards = _GROUPS.get(text)
    if cards is not None:
        return cards
    try:
        cards = tuple(map(_CARD.__getitem__, text.split()))
    except KeyError:
        raise HandHistoryError(f"bad cards [{text}]", hand_id=hand_id, line=line) from None
    if len(_GROUPS) > 50_000:
        _GROUPS.clear()
    _GROUPS[text] = cards
    return cards


def _known_cards(text: str) -> tuple[int, ...]:
    """The cards in ``text`` (``"Ah 2d Ks"``), or () if one is not a card."""
    try:
        cards = tuple(map(_CARD.__getitem__, text.split()))
    except KeyError:
        return ()
    if len(_GROUPS) > 50_000:
        _GROUPS.clear()
    _GROUPS[text] = cards
    return cards


def _bracket_groups(text: str, hand_id: str, line: int) -> tuple[int, ...]:
    """All the cards of every ``[...]`` group in ``text``, in order."""
    start = text.find("[")
    if start >= 0 and text[-1] == "]":  # the usual shape, "... [Kd 5c Ks] [2c]": all the groups in one look-up
        inner = text[start + 1:-1].replace("] [", " ")
        if "[" not in inner and "]" not in inner:
            cards = _GROUPS.get(inner)
            if cards is not None:
                return cards
            try:
                return _cards(inner, hand_id, line)
            except HandHistoryError:
                pass  # read group by group below, for the error naming the bad group
    out: list[int] = []
    while start >= 0:
        end = text.find("]", start)
        if end < 0:
            raise HandHistoryError("unclosed '['", hand_id=hand_id, line=line)
        out.extend(_cards(text[start + 1:end], hand_id, line))
        start = text.find("[", end)
    return tuple(out)


_PLAIN_STREETS = {"FLOP": ("flop", 3), "TURN": ("turn", 4), "RIVER": ("river", 5)}
_AMOUNTS: dict[str, dict[str, int]] = {"cents": {}, "chips": {}}  # amounts already read, by unit


class _Hand:
    """The state of one hand being read."""

    __slots__ = (
        "hand_id", "first", "unit", "symbol", "currency", "game", "betting", "hole_size", "stakes", "date",
        "mixed", "tournament", "table", "max_seats", "button", "seats", "names", "posts", "actions",
        "boards", "hero", "holes", "shown", "mucked", "collected", "returned", "total", "rake", "breakdown",
        "street", "bets", "high", "run", "section", "cashed_out", "big_blind", "cancelled",
    )

    def __init__(self, hand_id: str, first: int) -> None:
        self.hand_id, self.first = hand_id, first
        self.seats: list[Any] = []  # records as plain tuples (see _hh_model.records)
        self.names: set[str] = set()
        self.posts: list[Any] = []
        self.actions: list[Any] = []
        self.boards: list[tuple[int, ...]] = [(), ()]  # card ids (Cards when read: see _hh_model)
        self.hero: str | None = None
        self.holes: dict[str, tuple[int, ...]] = {}
        self.shown: list[Any] = []
        self.mucked: list[str] = []
        self.collected: list[Any] = []
        self.returned: list[tuple[str, int]] = []
        self.total: int | None = None
        self.rake = 0
        self.breakdown: tuple[int, ...] = ()
        self.street = "preflop"
        self.bets: dict[str, int] = {}
        self.high = 0
        self.run = 1
        self.section = "header"
        self.cashed_out = False
        self.cancelled = False
        self.big_blind = 0
        self.table: str = ""
        self.max_seats: int | None = None
        self.button = 0
        self.game = ""
        self.hole_size = 4
        self.betting = "limit"
        self.mixed: str | None = None
        self.tournament: Tournament | None = None
        self.unit: Unit = "chips"
        self.symbol = ""
        self.currency: str | None = None
        self.stakes: tuple[int, int] = (0, 0)
        self.date = ""

    def dealt(self, name: str, cards: tuple[int, ...]) -> None:
        """A "Dealt to" line: the player's cards (none: nothing known), the
        first player dealt cards being the hero."""
        if cards:
            self.holes[name] = cards
            if self.hero is None:
                self.hero = name

    def error(self, message: str, line: int) -> HandHistoryError:
        return HandHistoryError(message, hand_id=self.hand_id, line=line)

    def amount(self, text: str, line: int) -> int:
        cache = _AMOUNTS[self.unit]
        value = cache.get(text)
        if value is not None:
            return value
        try:
            value = parse_amount(text, self.unit)
        except ValueError as error:
            raise self.error(str(error), line) from None
        if len(cache) > 20_000:
            cache.clear()
        cache[text] = value
        return value


_HEADER_FIELDS = ("game", "hole_size", "betting", "mixed", "tournament", "unit", "symbol", "currency", "stakes", "date")
_HEADERS: dict[str, tuple[object, ...] | str] = {}  # header text before the date -> the fields it gives


def _read_header(rest: str, hand: _Hand, line: int) -> str | None:
    """Fill the game fields from the header; the other game's name if it is not Omaha Hi/Lo."""
    key, dash, _ = rest.rpartition(" - ")
    known = _HEADERS.get(key) if dash else None
    if known is None:
        other, date_at = _read_header_text(rest, hand, line)
        if dash:
            if len(_HEADERS) > 10_000:
                _HEADERS.clear()
            # the date's place is the same in every header of this key (it starts at or before the key's end)
            _HEADERS[key] = other if other is not None else tuple(getattr(hand, f) for f in _HEADER_FIELDS[:-1]) + (date_at,)
        return other
    if isinstance(known, str):
        return known
    (hand.game, hand.hole_size, hand.betting, hand.mixed, hand.tournament, hand.unit, hand.symbol, hand.currency,  # pyright: ignore[reportAttributeAccessIssue]
     hand.stakes, _) = known  # type: ignore[assignment]
    start = known[-1]
    assert isinstance(start, int)
    hand.date = rest[start:].strip() if start >= 0 else ""
    return None


def _read_header_text(rest: str, hand: _Hand, line: int) -> tuple[str | None, int]:
    """:func:`_read_header` without the cache, and where the date starts in ``rest`` (-1: no date)."""
    game = _GAME.search(rest)
    if game is None:
        return _other_name(rest), -1
    hand.game = game.group(1)
    hand.hole_size = _HOLE_SIZE[hand.game]
    hand.betting = _BETTING[game.group(2)]
    before = rest[:game.start()]
    hand.mixed = None
    tournament = None
    if before.startswith("Tournament #"):
        tid, _, buy = before[len("Tournament #"):].partition(",")
        buy = buy.strip()
        if buy.endswith("("):
            mixed_name = buy[:-1].rstrip()
            parts = mixed_name.rsplit(" ", 1) if " " in mixed_name else ["", mixed_name]
            # "$2+$1 HORSE (" : the buy-in, then the mixed game's name
            known = ("HORSE", "8-Game", "Mixed", "Triple", "HOSE", "Mixed Omaha H/L")
            idx = -1
            for name in known:
                idx = mixed_name.find(name)
                if idx >= 0:
                    break
            if idx >= 0:
                hand.mixed, buy = mixed_name[idx:], mixed_name[:idx].strip()
            else:
                hand.mixed, buy = parts[1], parts[0]
        level = _LEVEL.search(rest, game.end())
        tournament = Tournament(tid.strip(), buy, level.group(1) if level else "")
    elif before.rstrip().endswith("("):
        hand.mixed = before.rstrip()[:-1].strip() or None
    hand.tournament = tournament
    stakes = _STAKES.search(rest, game.end())
    symbol = ""
    currency = None
    if stakes is not None:
        currency = stakes.group(3)
        for ch in stakes.group(1):
            if ch in _SYMBOLS:
                symbol = ch
        if currency and not symbol:
            symbol = _CURRENCY_SYMBOL.get(currency, "")
    if tournament is not None:
        hand.unit, hand.symbol, hand.currency = "chips", "", None
    elif symbol or currency:
        hand.unit, hand.symbol, hand.currency = "cents", symbol, currency or {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol)
    else:
        hand.unit, hand.symbol, hand.currency = "chips", "", None
    if stakes is not None:
        hand.stakes = (hand.amount(stakes.group(1), line), hand.amount(stakes.group(2), line))
    else:
        hand.stakes = (0, 0)
    dash = rest.find(" - ", stakes.end() if stakes else game.end())
    hand.date = rest[dash + 3:].strip() if dash >= 0 else ""
    return None, dash + 3 if dash >= 0 else -1


def _other_name(rest: str) -> str:
    """The name of a game that is not Omaha Hi/Lo, from the header after the hand id."""
    text = rest
    if text.startswith("Tournament #"):
        text = text.partition(",")[2].strip()
        words = text.split(" ")
        while words and (any(ch.isdigit() for ch in words[0]) or words[0] in ("Freeroll", "USD", "EUR", "GBP", "FPP", "SC")):
            words.pop(0)
        text = " ".join(words)
    name = text.split(" - ", 1)[0]
    head, paren, inner = name.partition(" (")
    if paren and "/" not in inner.split(" ", 1)[0]:
        return f"{head}: {inner.split(',')[0].rstrip(')')}"
    return head.strip()[:60] or "unknown"


def _post(hand: _Hand, name: str, verb: str, line: int) -> None:
    all_in = verb.endswith(" and is all-in")
    if all_in:
        verb = verb[: -len(" and is all-in")]
    kind, _, amount_text = verb[len("posts "):].rpartition(" ")
    if kind == "the ante":
        kind = "ante"
    if kind not in ("small blind", "big blind", "small & big blinds", "ante", "straddle", "big blind dead", "small blind dead"):
        raise hand.error(f"unknown post {verb!r}", line)
    amount = hand.amount(amount_text, line)
    dead = 0
    if kind == "ante":
        dead = amount
    elif kind == "small & big blinds":
        bb = hand.big_blind or (hand.stakes[0] if hand.betting == "limit" else hand.stakes[1])
        dead = max(0, amount - bb)
    elif kind.endswith(" dead"):
        dead = amount
    elif kind == "big blind" and not hand.big_blind:
        hand.big_blind = amount
    live = amount - dead
    if live:
        hand.bets[name] = hand.bets.get(name, 0) + live
    hand.posts.append((name, kind, amount, all_in, dead, line))


def _action(hand: _Hand, name: str, verb: str, line: int) -> bool:
    """Read ``NAME: verb``; False if ``verb`` is not an action or post."""
    first, _, rest = verb.partition(" ")
    if first == "folds":
        if rest.startswith("["):
            hand.holes[name] = _bracket_groups(rest, hand.hand_id, line)
        hand.actions.append((hand.street, name, "fold", 0, 0, False, line))
        return True
    if first == "checks":
        hand.actions.append((hand.street, name, "check", 0, 0, False, line))
        return True
    if first in ("calls", "bets", "raises"):
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[: -len(" and is all-in")]
        bets = hand.bets
        before = bets.get(name, 0)
        if first == "raises":
            by, to_word, to_text = rest.partition(" to ")
            if not to_word:
                raise hand.error(f"cannot read the raise {verb!r}", line)
            hand.amount(by, line)
            amount = hand.amount(to_text, line)
            added = amount - before
            if added <= 0:
                raise hand.error(f"a raise to {to_text} adds nothing", line)
            bets[name] = amount
            kind = "raise"
        else:
            amount = added = hand.amount(rest, line)
            bets[name] = before + added
            kind = "call" if first == "calls" else "bet"
        hand.actions.append((hand.street, name, kind, amount, added, all_in, line))
        return True
    if first == "posts":
        _post(hand, name, verb, line)
        return True
    if first == "shows":
        start, end = rest.find("["), rest.find("]")
        if start != 0 or end < 0:
            raise hand.error(f"cannot read the shown cards {verb!r}", line)
        cards = _cards(rest[1:end], hand.hand_id, line)
        description = rest[end + 1:].strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1]
        if len(cards) == hand.hole_size:  # a partial show (one or two cards) is kept in ``shown`` only
            hand.holes[name] = cards
        out = 5 if hand.section in ("showdown", "summary") else len(hand.boards[0])
        hand.shown.append((name, cards, description or None, hand.run, line, out))
        return True
    if first == "mucks":
        hand.mucked.append(name)
        if rest.startswith("["):
            hand.holes[name] = _bracket_groups(rest, hand.hand_id, line)
        return True
    if verb in ("doesn't show hand", "sits out", "is sitting out", "sitting out", "is disconnected", "is connected",
                "has returned", "has timed out", "leaves the table", "timed out"):
        return True
    return False


def _summary(hand: _Hand, line_text: str, line: int) -> None:
    if line_text.startswith("Total pot "):
        body = line_text[len("Total pot "):]
        total_text = body.split(" ", 1)[0].rstrip(".")
        hand.total = hand.amount(total_text, line)
        if "pot" in body:
            hand.breakdown = tuple(hand.amount(m.group(2), line) for m in _BREAKDOWN.finditer(body))
        rake = body.find("| Rake ")
        if rake >= 0:
            hand.rake = hand.amount(body[rake + 7:].split(" ", 1)[0], line)
        return
    if line_text.startswith("Seat "):
        if " showed [" not in line_text and " mucked [" not in line_text:
            return
        number, colon, rest = line_text[5:].partition(": ")
        if not colon or not number.isdigit():
            return
        seat = int(number)
        for known in hand.seats:
            if known[0] == seat:
                name = known[1]
                break
        else:
            return
        if not rest.startswith(name):
            return
        tail = rest[len(name):]
        for word in (" mucked [", " showed ["):
            at = tail.find(word)
            if at >= 0:
                end = tail.find("]", at)
                if end > 0:
                    cards = _cards(tail[at + len(word):end], hand.hand_id, line)
                    if len(cards) == hand.hole_size:
                        hand.holes.setdefault(name, cards)
                if word == " mucked [" and name not in hand.mucked:
                    hand.mucked.append(name)
                break
        return
    for prefix, run in (("Board [", 0), ("FIRST Board [", 0), ("SECOND Board [", 1)):
        if line_text.startswith(prefix):
            cards = _bracket_groups(line_text, hand.hand_id, line)
            if not hand.boards[run]:
                hand.boards[run] = cards
            elif hand.boards[run] != cards:
                raise hand.error(f"the summary board {line_text[len(prefix) - 1:]} differs from the dealt board", line)
            return


def _named(hand: _Hand, name: str, text: str, verb: str, line: int) -> None:
    """The line ``text``, ``NAME: verb`` for a seated player ``name``."""
    if _action(hand, name, verb, line):
        return
    if "Cashout" in verb or "Cash Out" in verb or "cashed out" in verb:
        hand.cashed_out = True
        return
    if hand.section != "header" and verb.split(" ", 1)[0] in ("folds", "checks", "calls", "bets", "raises"):
        raise hand.error(f"cannot read {text!r}", line)


def _body(hand: _Hand, text: str, line: int) -> None:
    """One line between the header and the summary."""
    if ' said, "' in text:
        return  # chat
    start = text.find(": ")
    while start >= 0:
        name = text[:start]
        if name in hand.names:
            _named(hand, name, text, text[start + 2:].rstrip(), line)
            return
        start = text.find(": ", start + 2)
    if text.startswith("Dealt to "):
        rest = text[len("Dealt to "):]
        at = rest.find(" [")
        if at < 0:
            return  # "Dealt to NAME" without cards (other players)
        name = rest[:at]
        if name in hand.names:
            hand.dealt(name, _bracket_groups(rest[at:], hand.hand_id, line))
        return
    if text.startswith("Uncalled bet ("):
        close = text.find(") returned to ")
        if close < 0:
            raise hand.error(f"cannot read {text!r}", line)
        name = text[close + len(") returned to "):].rstrip()
        if name not in hand.names:
            raise hand.error(f"uncalled bet returned to an unknown player {name!r}", line)
        amount = hand.amount(text[len("Uncalled bet ("):close], line)
        hand.returned.append((name, amount))
        return
    at = text.find(" collected ")
    if at > 0 and text[:at] in hand.names:
        rest = text[at + len(" collected "):].rstrip()
        amount_text, sep, pot = rest.partition(" from ")
        if not sep:
            raise hand.error(f"cannot read {text!r}", line)
        hand.collected.append((text[:at], hand.amount(amount_text, line), pot, hand.run, line))
        return
    if text.startswith("Hand cancelled"):
        hand.cancelled = True
        return
    if " cashed out the hand" in text or "Cashout" in text or "Cash Out" in text:
        hand.cashed_out = True
        return
    # anything else (joins, leaves, time-outs, tournament news, "No low hand qualified", ...) is noise


def _section(hand: _Hand, text: str, line: int) -> None:
    end = text.find(" ***", 4)
    name = text[4:end] if end > 0 else text[4:]
    if name == "HOLE CARDS":
        hand.section = "hole cards"
        return
    if name == "SUMMARY":
        hand.section = "summary"
        return
    if name in ("SHOW DOWN", "FIRST SHOW DOWN", "SHOWDOWN"):
        hand.section, hand.run = "showdown", 1
        return
    if name == "SECOND SHOW DOWN":
        hand.section, hand.run = "showdown", 2
        return
    street = _STREETS.get(name)
    if street is None:
        if name in ("PRE-FLOP", "DEALING HANDS", "3rd STREET", "DRAW"):
            raise hand.error(f"section {name!r} does not belong in Omaha Hi/Lo", line)
        return
    cards = _bracket_groups(text[end:], hand.hand_id, line) if end > 0 else ()
    street_name, run = street
    want = _BOARD_AFTER[street_name]
    if run == 1 and len(cards) < want:  # a second board printed from the turn on only shows the new card
        cards = hand.boards[0][: want - len(cards)] + cards
    if len(cards) != want:
        raise hand.error(f"the {street_name} needs {want} board cards, got {len(cards)}", line)
    hand.boards[run] = cards
    if run == 1 and not hand.boards[0]:
        raise hand.error("a second board without a first", line)
    hand.street = street_name
    hand.section = street_name
    hand.bets = {}


def _build(hand: _Hand) -> ImportedHand:
    if hand.total is None:
        raise hand.error("the hand has no 'Total pot' line (is it cut short?)", hand.first)
    size = hand.hole_size
    known: list[int] = []
    for name, cards in hand.holes.items():
        if len(cards) != size:
            raise hand.error(f"{name} has {len(cards)} hole cards in a {size}-card game", hand.first)
        known += cards
    return _finish(hand, known, _flat_holes(hand.holes), tuple(_flat(hand.shown)))


def _finish(hand: _Hand, known: list[int], holes: tuple[Any, ...], shown: tuple[Any, ...]) -> ImportedHand:
    """:func:`_build` after the checks of the hole cards: ``known`` the hole
    cards, ``holes`` and ``shown`` as the hand stores them."""
    first, second = hand.boards
    boards = ((first, second) if second else (first,)) if first else ((second,) if second else ())
    for board in boards or ((),):
        if len(set(known).union(board)) != len(known) + len(board):
            dealt = known + list(board)
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise hand.error(f"the card {Card(twice)} is dealt twice", hand.first)
    return new_hand(
        "PokerStars", hand.hand_id, hand.game, hand.hole_size, hand.betting, hand.unit, hand.currency, hand.symbol,
        hand.stakes, hand.table, hand.max_seats, hand.button, tuple(hand.seats), tuple(hand.posts),
        tuple(hand.actions), boards, hand.hero, holes, shown, tuple(hand.mucked),
        tuple(hand.collected), tuple(hand.returned), hand.total, hand.rake, hand.breakdown, hand.date, hand.mixed,
        hand.tournament, hand.cashed_out, hand.first,
    )


def _flat_holes(holes: dict[str, tuple[int, ...]]) -> tuple[Any, ...]:
    """The hole cards as the hand stores them: ``(name, count, *card ids, name, ...)`` (see _hh_model.stored_holes)."""
    out: list[Any] = []
    for name, cards in holes.items():
        out.append(name)
        out.append(len(cards))
        out += cards
    return tuple(out)


def _flat(shown: list[Any]) -> Iterator[tuple[Any, ...]]:
    """The shown records as the hand stores them: ``(player, description, run, line, board_cards, *cards)``."""
    for player, cards, *rest in shown:
        yield (player, *rest, *cards)


def _marker_line(hand: _Hand, text: str, line: int) -> None:
    """:func:`_parse_one`: a ``*** ... ***`` line (a new section, or a street
    of the first board; anything else: :func:`_section`)."""
    if text == "*** HOLE CARDS ***":
        hand.section = "hole cards"
    elif text == "*** SUMMARY ***":
        hand.section = "summary"
    elif text == "*** SHOW DOWN ***":
        hand.section, hand.run = "showdown", 1
    elif (end := text.find(" *** [", 4)) > 0 and (kind := _PLAIN_STREETS.get(text[4:end])) is not None \
            and text[-1] == "]" and "[" not in (inner := text[end + 6:-1].replace("] [", " ")) \
            and "]" not in inner and len(cards := _GROUPS.get(inner) or _known_cards(inner)) == kind[1]:
        # "*** TURN *** [Tc 9d As] [Ah]": the first board's streets
        hand.boards[0] = cards
        hand.street, hand.section = kind[0], kind[0]
        hand.bets = {}
    else:
        _section(hand, text, line)


def _summary_line(hand: _Hand, text: str, line: int) -> None:
    """:func:`_parse_one`: a line of the summary (the common ones that say
    nothing new skipped here; the others: :func:`_summary`)."""
    c0 = text[0]
    if c0 == "S" and text.startswith("Seat ") and " showed [" not in text and " mucked [" not in text:
        return  # a seat that showed nothing: nothing to read
    if c0 == "B" and text.startswith("Board [") and _GROUPS.get(text[7:-1]) == hand.boards[0] \
            and text[-1] == "]" and hand.boards[0]:
        return  # the board as dealt
    _summary(hand, text, line)


def _seat_line(hand: _Hand, text: str, line: int, amounts: dict[str, int]) -> None:
    """:func:`_parse_one`: ``Seat N: NAME (STACK in chips)...`` before the hole cards."""
    number, sep, rest = text[5:].partition(": ")
    at = rest.rfind(" in chips")
    open_ = rest.rfind(" (", 0, at)
    if not sep or not number.isdigit() or open_ < 0:
        raise hand.error(f"cannot read the seat {text!r}", line)
    name = rest[:open_]
    if name in hand.names:
        raise hand.error(f"two seats for {name!r}", line)
    stack_text = rest[open_ + 2:at]
    stack = amounts.get(stack_text)
    if stack is None:
        stack = hand.amount(stack_text, line)
    tail = rest[at:]
    hand.seats.append((int(number), name, stack, "sitting out" in tail or "out of hand" in tail))
    hand.names.add(name)


def _table_line(hand: _Hand, text: str, line: int) -> None:
    """:func:`_parse_one`: the first ``Table '...' ... Seat #N is the button`` line."""
    table = _TABLE.match(text)
    if table is None:
        raise hand.error(f"cannot read the table line {text!r}", line)
    hand.table = table.group(1)
    hand.max_seats = int(table.group(2)) if table.group(2) else None
    hand.button = int(table.group(3))


def _unnamed_line(hand: _Hand, text: str, line: int, amounts: dict[str, int]) -> None:
    """:func:`_parse_one`: a line without ``NAME: ``: the hero's cards, an
    uncalled bet, a collection, chat, or noise (see :func:`_body`)."""
    if ' said, "' in text:
        return  # chat
    c0 = text[0]
    names = hand.names
    if c0 == "D" and text.startswith("Dealt to "):
        at = text.find(" [", 9)
        if at < 0:
            return  # "Dealt to NAME" without cards (other players)
        name = text[9:at]
        if name in names:
            if text[-1] == "]" and "]" not in text[at + 2:-1]:  # one group: "[Ah 2d Ks 9c]"
                inner = text[at + 2:-1]
                dealt = _GROUPS.get(inner)
                if dealt is None:
                    dealt = _cards(inner, hand.hand_id, line)
            else:
                dealt = _bracket_groups(text[at:], hand.hand_id, line)
            hand.dealt(name, dealt)
        return
    if c0 == "U" and text.startswith("Uncalled bet ("):
        close = text.find(") returned to ")
        if close > 0:
            name = text[close + 14:]
            if name in names:
                value = amounts.get(text[14:close])
                if value is None:
                    value = hand.amount(text[14:close], line)
                hand.returned.append((name, value))
                return
    else:
        at = text.find(" collected ")
        if at > 0:
            name = text[:at]
            if name in names:
                amount_text, sep, pot = text[at + 11:].partition(" from ")
                if sep and pot[-1:] != " ":
                    value = amounts.get(amount_text)
                    if value is None:
                        value = hand.amount(amount_text, line)
                    hand.collected.append((name, value, pot, hand.run, line))
                    return
    _body(hand, text, line)


def _parse_one(lines: list[str], first: int, check_length: bool = True) -> ImportedHand | str:
    """One hand from its lines (``first`` is the header's line number): the
    hand, or the name of the other game it is.

    The actions and blinds (``NAME: ...``, most of a hand's lines) are read
    here inline, on local variables; the other common lines by the line
    readers above (:func:`_marker_line`, :func:`_summary_line`,
    :func:`_seat_line`, :func:`_table_line`, :func:`_unnamed_line`);
    everything else goes to the general readers (:func:`_body`,
    :func:`_named`, :func:`_section`, :func:`_summary`), which own the rules."""
    header = _HEADER.match(lines[0])
    if header is None:
        raise HandHistoryError("not a PokerStars hand header", line=first)
    hand = _Hand(header.group(1), first)
    other = _read_header(header.group(2), hand, first)
    if other is not None:
        return other
    if len(lines) > MAX_HAND_LINES:
        raise hand.error(f"the hand has more than {MAX_HAND_LINES} lines", first)
    table_seen = False
    names = hand.names
    actions = hand.actions
    add = actions.append
    amount = hand.amount
    amounts = _AMOUNTS[hand.unit]  # the amount cache, looked up inline on the hot paths below
    street, bets, section = hand.street, hand.bets, hand.section
    # line by line only if some line is too long
    check_length = check_length and max(map(len, lines)) > MAX_LINE
    line = first
    for text in islice(lines, 1, None):
        line += 1
        if not text:
            continue
        if check_length and len(text) > MAX_LINE:
            raise hand.error(f"line longer than {MAX_LINE} characters", line)
        c0 = text[0]
        if c0 == "*" and text.startswith("*** "):
            _marker_line(hand, text, line)
            street, bets, section = hand.street, hand.bets, hand.section
            continue
        if section == "summary":
            _summary_line(hand, text, line)
            continue
        if section == "header" and c0 in "ST":
            if c0 == "S" and text.startswith("Seat ") and " in chips" in text:
                _seat_line(hand, text, line, amounts)
                continue
            if c0 == "T" and text.startswith("Table '") and not table_seen:
                _table_line(hand, text, line)
                table_seen = True
                continue
        colon = text.find(": ")
        if colon < 0:  # no "NAME: "
            _unnamed_line(hand, text, line, amounts)
            continue
        # the common case, "NAME: folds|checks|calls X|bets X|raises X to Y", read here directly
        name = text[:colon]
        if name in names and ' said, "' not in text:
            verb = text[colon + 2:]
            if verb[-1:] == " ":
                verb = verb.rstrip()
            first_word, _, rest = verb.partition(" ")
            if first_word == "folds" and not rest:
                add((street, name, "fold", 0, 0, False, line))
                continue
            if first_word == "checks":
                add((street, name, "check", 0, 0, False, line))
                continue
            if first_word == "calls" or first_word == "bets" or first_word == "raises":
                all_in = rest.endswith(" and is all-in")
                if all_in:
                    rest = rest[:-14]
                elif " and has reached the " in rest:  # capped no-limit tables
                    rest = rest[:rest.find(" and has reached the ")]
                if first_word == "raises":
                    by, to_word, to_text = rest.partition(" to ")
                    if not to_word:
                        raise hand.error(f"cannot read the raise {verb!r}", line)
                    if by not in amounts:
                        amount(by, line)
                    value = amounts.get(to_text)
                    if value is None:
                        value = amount(to_text, line)
                    added = value - bets.get(name, 0)
                    if added <= 0:
                        raise hand.error(f"a raise to {to_text} adds nothing", line)
                    bets[name] = value
                    add((street, name, "raise", value, added, all_in, line))
                else:
                    added = amounts.get(rest)  # type: ignore[assignment]
                    if added is None:
                        added = amount(rest, line)
                    bets[name] = bets.get(name, 0) + added
                    add((street, name, "call" if first_word == "calls" else "bet", added, added, all_in, line))
                continue
            if first_word == "posts" and (rest.startswith("small blind ") or rest.startswith("big blind ")) \
                    and not rest.endswith(" and is all-in"):
                big = rest[0] == "b"
                value = amount(rest[10 if big else 12:], line)
                if big and not hand.big_blind:
                    hand.big_blind = value
                bets[name] = bets.get(name, 0) + value
                hand.posts.append((name, "big blind" if big else "small blind", value, False, 0, line))
                continue
            _named(hand, name, text, verb.rstrip(), line)
            continue
        _body(hand, text, line)
    if hand.cancelled:
        return "(cancelled hands)"
    if not table_seen:
        raise hand.error("no 'Table ... is the button' line", first + 1)
    if len(hand.seats) < 2:
        raise hand.error("fewer than two seated players", first + 1)
    return _build(hand)


# --- the fast reader -------------------------------------------------------------
#
# Hand-history files repeat the same lines over and over ("bob: checks",
# "alice: calls $0.50", ...). _parse_fast reads a hand the way _parse_one does,
# but what each line says, as far as it depends on the line alone, is worked
# out once (_classify) and kept (_KINDS, by unit); the hand only applies it.
# At the first line it cannot read exactly as _parse_one would, or anything
# that would be an error, it gives the hand up (None) and _parse_one reads it:
# the rules for the rare lines and the error messages stay there.
# tests/test_histories_fast.py checks that the two read the same hands alike.

_ACT, _POST, _SEAT, _SHOW, _COLLECT, _STREET, _DEALT, _RETURN, _HOLE, _SHOWDOWN, _SUMMARY, _NOISE, _OTHER = range(13)
_KINDS: dict[str, dict[str, tuple[Any, ...]]] = {"cents": {}, "chips": {}}  # line -> what it says, by unit
_KIND_OTHER = (_OTHER,)
_KIND_KEY = 200  # longest line kept in _KINDS
_KEPT = frozenset((_ACT, _POST, _SEAT, _COLLECT, _RETURN, _HOLE, _SHOWDOWN, _SUMMARY, _NOISE))  # lines that recur
_NAMED = frozenset((_ACT, _POST, _SHOW, _COLLECT))  # kinds whose second field is the player named


def _classify(text: str, unit: Unit) -> tuple[Any, ...]:
    """What the line ``text`` says, worked out from it alone as
    :func:`_parse_one` reads it (whether a name is a player's is for the
    hand to check); ``(_OTHER,)`` for a line only _parse_one may read."""
    try:
        return _classify_text(text, unit)
    except ValueError:  # a bad amount or card: _parse_one says what
        return _KIND_OTHER


def _classify_text(text: str, unit: Unit) -> tuple[Any, ...]:
    """:func:`_classify`, raising ValueError on a bad amount or card."""
    c0 = text[0]
    if c0 == "*" and text.startswith("*** "):
        if text == "*** HOLE CARDS ***":
            return (_HOLE,)
        if text == "*** SHOW DOWN ***":
            return (_SHOWDOWN,)
        if text == "*** SUMMARY ***":
            return (_SUMMARY,)
        return _street(text)
    if ' said, "' in text:
        return _KIND_OTHER
    colon = text.find(": ")
    if c0 == "S" and text.startswith("Seat ") and " in chips" in text:
        number, sep, rest = text[5:].partition(": ")
        at = rest.rfind(" in chips")
        open_ = rest.rfind(" (", 0, at)
        if not sep or not number.isdigit() or open_ < 0:
            return _KIND_OTHER
        tail = rest[at:]
        return (_SEAT, int(number), rest[:open_], _amount(rest[open_ + 2:at], unit),
                "sitting out" in tail or "out of hand" in tail)
    if colon < 0:
        if c0 == "D" and text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at < 0:
                return (_NOISE,)
            if text[-1] == "]" and "]" not in text[at + 2:-1]:
                dealt = _cards(text[at + 2:-1], "", 0)
            else:
                dealt = _bracket_groups(text[at:], "", 0)
            return (_DEALT, text[9:at], dealt)
        if c0 == "U" and text.startswith("Uncalled bet ("):
            close = text.find(") returned to ")
            if close > 0:
                return (_RETURN, text[close + 14:], _amount(text[14:close], unit))
            return _KIND_OTHER
        at = text.find(" collected ")
        if at > 0:
            amount_text, sep, pot = text[at + 11:].partition(" from ")
            if sep and pot[-1:] != " ":
                return (_COLLECT, text[:at], _amount(amount_text, unit), pot)
        return _KIND_OTHER
    name = text[:colon]
    verb = text[colon + 2:]
    if verb[-1:] == " ":
        verb = verb.rstrip()
    if verb.startswith("shows ["):
        end = verb.find("]")
        if end < 0 or verb != verb.rstrip():
            return _KIND_OTHER
        description = verb[end + 1:].strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1]
        return (_SHOW, name, _cards(verb[7:end], "", 0), description or None)
    first_word, _, rest = verb.partition(" ")
    if first_word == "folds" and not rest:
        return (_ACT, name, "fold", 0, False)
    if first_word == "checks":
        return (_ACT, name, "check", 0, False)
    if first_word == "calls" or first_word == "bets" or first_word == "raises":
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[:-14]
        elif " and has reached the " in rest:
            rest = rest[:rest.find(" and has reached the ")]
        if first_word == "raises":
            by, to_word, to_text = rest.partition(" to ")
            if not to_word:
                return _KIND_OTHER
            _amount(by, unit)
            return (_ACT, name, "raise", _amount(to_text, unit), all_in)
        return (_ACT, name, "call" if first_word == "calls" else "bet", _amount(rest, unit), all_in)
    if first_word == "posts" and rest.startswith(("small blind ", "big blind ")) and not rest.endswith(" and is all-in"):
        big = rest[0] == "b"
        return (_POST, name, "big blind" if big else "small blind", _amount(rest[10 if big else 12:], unit))
    return _KIND_OTHER


def _street(text: str) -> tuple[Any, ...]:
    """``*** TURN *** [Tc 9d As] [Ah]``, the first board's streets, as
    :func:`_parse_one` reads them inline: ``(_STREET, street, cards)``."""
    end = text.find(" *** [", 4)
    kind = _PLAIN_STREETS.get(text[4:end]) if end > 0 else None
    if kind is None or text[-1] != "]":
        return _KIND_OTHER
    inner = text[end + 6:-1]
    cut = inner.find("] [")
    if cut > 0:  # the board so far (read on the street before), then the new card
        head = _GROUPS.get(inner[:cut])
        card = _CARD.get(inner[cut + 3:])
        if head is not None and card is not None and len(head) + 1 == kind[1]:
            cards = head + (card,)
            if len(_GROUPS) > 50_000:
                _GROUPS.clear()
            _GROUPS[f"{inner[:cut]} {inner[cut + 3:]}"] = cards
            return (_STREET, kind[0], cards)
        inner = inner.replace("] [", " ")
    if "[" in inner or "]" in inner or len(cards := _GROUPS.get(inner) or _known_cards(inner)) != kind[1]:
        return _KIND_OTHER
    return (_STREET, kind[0], cards)


def _amount(text: str, unit: Unit) -> int:
    """``text`` as an amount in ``unit`` (through the cache of :meth:`_Hand.amount`)."""
    cache = _AMOUNTS[unit]
    value = cache.get(text)
    if value is None:
        value = parse_amount(text, unit)
        if len(cache) > 20_000:
            cache.clear()
        cache[text] = value
    return value


def _parse_fast(body: str, first: int) -> ImportedHand | str | None:
    """The hand in ``body`` (its lines, the header first, no blank line at
    the end, none longer than MAX_LINE, at most MAX_HAND_LINES) as
    :func:`_parse_one` reads it, or None when only _parse_one may read it."""
    end0 = body.find("\n")
    end1 = body.find("\n", end0 + 1) if end0 >= 0 else -1
    header = _HEADER.match(body, 0, end0)
    if header is None or end1 < 0:
        return None
    hand = _Hand(header.group(1), first)
    try:
        other = _read_header(header.group(2), hand, first)
        if other is not None:
            return other
        table_line = body[end0 + 1:end1]
        table = _TABLES.get(table_line)
        if table is None:
            found = _TABLE.match(table_line) if table_line.startswith("Table '") else None
            if found is None:
                return None
            table = (found.group(1), int(found.group(2)) if found.group(2) else None, int(found.group(3)))
            if len(_TABLES) > 10_000:
                _TABLES.clear()
            _TABLES[table_line] = table
        hand.table, hand.max_seats, hand.button = table
        if _SCAN is not None and body.isascii():
            raw = body.encode("ascii")
            out = _new_out(_OUT_TYPE)
            count = _SCAN(raw, len(raw), end1 + 1, hand.unit == "cents", hand.hole_size, first, out, _OUT_SIZE)
            if count:
                return _scanned(hand, body, _ffi.unpack(out, count))
        lines = body.split("\n")
        line = _fast_lines(hand, lines, first)
        if not line or not _fast_summary(hand, lines, line - first + 1, line):
            return None
        if hand.cancelled or len(hand.seats) < 2:
            return None
        return _build(hand)
    except HandHistoryError:
        return None


_TABLES: dict[str, tuple[str, int | None, int]] = {}  # table lines already read

# The C scanner (csrc/hh_scan.c, o8_hh_scan): it reads the common hands'
# lines as _fast_lines and _fast_summary do, and gives up (0) at anything
# else. None: the Python fast path only (tests set it to compare the two).
_SCAN: Any = _lib.o8_hh_scan
_OUT_SIZE: int = _lib.O8_HH_OUT_SIZE
_OUT_TYPE = f"int64_t[{_OUT_SIZE}]"
_new_out = _ffi.new_allocator(should_clear_after_alloc=False)  # o8_hh_scan writes what it returns
_STREET_NAMES = ("preflop", "flop", "turn", "river")
_VERBS = ("fold", "check", "call", "bet", "raise")
_BOOLS = (False, True)
_POST_KINDS = ("small blind", "big blind")


def _records_entry() -> Any:
    """The ``_entry`` extension's ``hh_records`` (csrc/cpython/hh_records.c):
    :func:`_scanned_python` in C, which also leaves none of the records'
    tuples tracked by the garbage collector; None without the extension,
    or when ``OMAHA8_ENTRY=0`` turns it off (tests of the fallback)."""
    if os.environ.get("OMAHA8_ENTRY", "1") == "0":
        return None
    try:
        from .. import _entry
    except ImportError:  # a build without it: _scanned_python answers
        return None
    return _entry.hh_records


_RECORDS: Any = _records_entry()
_RECORD_NAMES = (*_STREET_NAMES, *_VERBS, *_POST_KINDS)


def _scanned(hand: _Hand, body: str, v: list[int]) -> ImportedHand | None:
    """The hand from what o8_hh_scan wrote (``v``; layout in csrc/hh_scan.c,
    write_out), ``hand`` holding the header and table fields; None when
    only _parse_one may read it."""
    if _RECORDS is None:
        return _scanned_python(hand, body, v)
    made = _RECORDS(body, v, hand.hole_size, _RECORD_NAMES)
    if made is None:
        return None
    (hand.seats, hand.posts, hand.actions, shown, hand.collected, hand.returned, breakdown, holes, board, hand.hero,
     hand.total, hand.rake) = made
    if breakdown:
        hand.breakdown = breakdown
    hand.boards = [board, ()]
    return _finish(hand, [], holes, shown)  # the extension checked the hole sizes and repeated cards


def _scanned_python(hand: _Hand, body: str, v: list[int]) -> ImportedHand | None:
    """:func:`_scanned` in Python."""
    n_seats, n_posts, n_actions, n_shown, n_collected, n_returned, n_breakdown, n_holes, total, rake, hero, n_board \
        = v[:12]
    if n_seats < 2:
        return None
    names = []
    seats = []
    i = 17
    for i in range(i, i + 5 * n_seats, 5):
        name = body[v[i + 1]:v[i + 2]]
        names.append(name)
        seats.append((v[i], name, v[i + 3], v[i + 4] == 1))
    i = 17 + 5 * n_seats
    hand.seats = seats
    hand.posts = [(names[v[k]], _POST_KINDS[v[k + 1]], v[k + 2], False, 0, v[k + 3]) for k in range(i, i + 4 * n_posts, 4)]
    i += 4 * n_posts
    j = i + 7 * n_actions
    hand.actions = list(zip(map(_STREET_NAMES.__getitem__, v[i:j:7]), map(names.__getitem__, v[i + 1:j:7]),
                            map(_VERBS.__getitem__, v[i + 2:j:7]), v[i + 3:j:7], v[i + 4:j:7],
                            map(_BOOLS.__getitem__, v[i + 5:j:7]), v[i + 6:j:7]))
    i = j
    shown = []
    if n_shown:
        shown = [(names[v[k]], body[v[k + 3]:v[k + 4]] if v[k + 3] >= 0 else None, 1, v[k + 1], v[k + 2],
                  *v[k + 6:k + 6 + v[k + 5]]) for k in range(i, i + 12 * n_shown, 12)]
        i += 12 * n_shown
    hand.collected = [(names[v[k]], v[k + 1], body[v[k + 2]:v[k + 3]], 1, v[k + 4]) for k in range(i, i + 5 * n_collected, 5)]
    i += 5 * n_collected
    if n_returned:
        hand.returned = [(names[v[k]], v[k + 1]) for k in range(i, i + 2 * n_returned, 2)]
        i += 2 * n_returned
    if n_breakdown:
        hand.breakdown = tuple(v[i:i + n_breakdown])
        i += n_breakdown
    holes: list[Any] = []
    known: list[int] = []
    for k in range(i, i + 8 * n_holes, 8):
        count = v[k + 1]
        if count != hand.hole_size:
            return None  # _build's error, from _parse_one
        holes.append(names[v[k]])
        holes += v[k + 1:k + 2 + count]
        known += v[k + 2:k + 2 + count]
    hand.boards = [tuple(v[12:12 + n_board]), ()]
    hand.hero = names[hero] if hero >= 0 else None
    if total < 0:
        return None  # _build's error, from _parse_one
    hand.total = total
    hand.rake = rake
    return _finish(hand, known, tuple(holes), tuple(shown) if n_shown else ())
_TOTALS: dict[str, dict[str, tuple[int, tuple[int, ...] | None, int | None]]] = {"cents": {}, "chips": {}}


def _fast_summary(hand: _Hand, lines: list[str], start: int, line: int) -> bool:
    """Read the summary, ``lines[start:]`` (``line`` the number of the line
    before), as :func:`_parse_one` reads it; False if only _parse_one may."""
    hand.section = "summary"
    boards = hand.boards
    groups = _GROUPS
    totals = _TOTALS[hand.unit]
    seat_names: dict[int, str] | None = None
    for text in islice(lines, start, None):
        line += 1
        if not text:
            continue
        c0 = text[0]
        if c0 == "S" and text.startswith("Seat "):
            if " showed [" not in text:
                if " mucked [" not in text:
                    continue
                _summary(hand, text, line)
                continue
            # "Seat N: NAME ... showed [cards] ...": as _summary reads it
            number, colon, rest = text[5:].partition(": ")
            if not colon or not number.isdigit() or not number.isascii():
                _summary(hand, text, line)
                continue
            if seat_names is None:
                seat_names = {}
                for known in reversed(hand.seats):  # the first seat of a number wins, as in _summary
                    seat_names[known[0]] = known[1]
            name = seat_names.get(int(number))
            if name is None or not rest.startswith(name):
                continue
            tail = rest[len(name):]
            if " mucked [" in tail:
                _summary(hand, text, line)
                continue
            at = tail.find(" showed [")
            end = tail.find("]", at) if at >= 0 else -1
            if end > 0:
                cards = _cards(tail[at + 9:end], hand.hand_id, line)
                if len(cards) == hand.hole_size:
                    hand.holes.setdefault(name, cards)
            continue
        if c0 == "B" and text.startswith("Board [") and groups.get(text[7:-1]) == boards[0] \
                and text[-1] == "]" and boards[0]:
            continue
        if c0 == "*" and text.startswith("*** "):
            return False
        if c0 == "T" and text.startswith("Total pot "):
            total = totals.get(text)
            if total is None:
                _summary(hand, text, line)
                if len(totals) > 20_000:
                    totals.clear()
                body = text[len("Total pot "):]
                totals[text] = (hand.total, hand.breakdown if "pot" in body else None,  # type: ignore[assignment]
                                hand.rake if body.find("| Rake ") >= 0 else None)
                continue
            hand.total = total[0]
            if total[1] is not None:
                hand.breakdown = total[1]
            if total[2] is not None:
                hand.rake = total[2]
            continue
        _summary(hand, text, line)
    return True


def _fast_lines(hand: _Hand, lines: list[str], first: int) -> int:
    """Read into ``hand`` the lines after the header and the table line up
    to the summary: the summary line's number, or 0 at the first line that
    only :func:`_parse_one` may read."""
    names = hand.names
    add = hand.actions.append
    unit = hand.unit
    kinds = _KINDS[unit]
    street, bets, section = hand.street, hand.bets, hand.section
    for line, text in enumerate(islice(lines, 2, None), first + 2):
        kind: tuple[Any, ...] | None = kinds.get(text)
        if kind is None:
            kind = _classify(text, unit) if text else (_NOISE,)
            if kind[0] in _KEPT and len(text) <= _KIND_KEY:
                if len(kinds) > 50_000:
                    kinds.clear()
                kinds[text] = kind
        k = kind[0]
        if k in _NAMED and kind[1] not in names:  # not a seated player: what the general reader makes of it
            if not _fast_line(hand, text, line):
                return 0
            continue
        if k == _ACT:
            _, name, verb, value, all_in = kind
            if verb == "fold" or verb == "check":
                add((street, name, verb, 0, 0, False, line))
            elif verb == "raise":
                added = value - bets.get(name, 0)
                if added <= 0:
                    return 0
                bets[name] = value
                add((street, name, "raise", value, added, all_in, line))
            else:
                bets[name] = bets.get(name, 0) + value
                add((street, name, verb, value, value, all_in, line))
        elif k == _SEAT:
            if section != "header":
                if not _fast_line(hand, text, line):
                    return 0
                continue
            _, number, name, stack, out = kind
            if name in names:
                return 0
            hand.seats.append((number, name, stack, out))
            names.add(name)
        elif k == _POST:
            _, name, verb, value = kind
            if verb == "big blind" and not hand.big_blind:
                hand.big_blind = value
            bets[name] = bets.get(name, 0) + value
            hand.posts.append((name, verb, value, False, 0, line))
        elif k == _STREET:
            hand.boards[0] = kind[2]
            street = section = hand.street = hand.section = kind[1]
            bets.clear()  # (hand.bets is bets)
        elif k == _SHOW:
            _, name, cards, description = kind
            if len(cards) == hand.hole_size:
                hand.holes[name] = cards
            out = 5 if section == "showdown" or section == "summary" else len(hand.boards[0])
            hand.shown.append((name, cards, description, hand.run, line, out))
        elif k == _COLLECT:
            _, name, value, pot = kind
            hand.collected.append((name, value, pot, hand.run, line))
        elif k == _DEALT:
            _, name, cards = kind
            if name in names:
                hand.dealt(name, cards)
        elif k == _RETURN:
            if kind[1] not in names:
                return 0
            hand.returned.append((kind[1], kind[2]))
        elif k == _HOLE:
            section = hand.section = "hole cards"
        elif k == _SHOWDOWN:
            section = hand.section = "showdown"
            hand.run = 1
        elif k == _SUMMARY:
            return line
        elif k == _OTHER:
            if text.startswith("*** ") or section == "header" and (
                    text.startswith("Seat ") and " in chips" in text or text.startswith("Table '")):
                return 0
            if not _fast_line(hand, text, line):
                return 0
        # _NOISE: nothing to read
    return 0


def _fast_line(hand: _Hand, text: str, line: int) -> bool:
    """A line that is not a section, a seat or the first table line, read
    as :func:`_parse_one` reads it; False if only _parse_one may read it."""
    names = hand.names
    colon = text.find(": ")
    if ' said, "' in text:
        return True  # chat
    if colon < 0:
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            return not (at >= 0 and text[9:at] in names)
        if text.startswith("Uncalled bet ("):
            return False
        at = text.find(" collected ")
        if at > 0 and text[:at] in names:
            return False
        _body(hand, text, line)
        return True
    name = text[:colon]
    if name not in names:
        _body(hand, text, line)
        return True
    verb = text[colon + 2:]
    if verb[-1:] == " ":
        verb = verb.rstrip()
    word, _, rest = verb.partition(" ")
    if word in ("checks", "calls", "bets", "raises") or word == "folds" and not rest or word == "posts" and \
            rest.startswith(("small blind ", "big blind ")) and not rest.endswith(" and is all-in"):
        return False  # read by _parse_one's own lines
    _named(hand, name, text, verb.rstrip(), line)
    return True


class PokerStarsReader(Iterator[ImportedHand]):
    """An iterator over the Omaha Hi/Lo hands of a PokerStars file.

    ``skipped`` counts the hands of other games by game name; ``errors``
    lists the :class:`HandHistoryError` of hands that could not be read
    (with ``errors="skip"``; with ``"raise"`` the first one is raised).
    """

    def __init__(self, batches: Iterable[str | list[str]], errors: Errors = "raise") -> None:
        if errors not in ("raise", "skip"):
            raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}")
        self._blocks = _blocks(batches)
        self._mode = errors
        self.skipped: Counter[str] = Counter()
        self.errors: list[HandHistoryError] = []
        self.hands_read: int = 0

    def __iter__(self) -> PokerStarsReader:
        return self

    def __next__(self) -> ImportedHand:
        for first, block, too_long, long_line in self._blocks:
            try:
                if too_long or long_line:
                    assert isinstance(block, list)
                    lines = block
                    if too_long:
                        header = _HEADER.match(lines[0])
                        raise HandHistoryError(f"the hand has more than {MAX_HAND_LINES} lines",
                                               hand_id=header.group(1) if header else None, line=first)
                    while lines and not lines[-1].strip():
                        lines.pop()
                    result = _parse_one(lines, first, long_line)
                else:
                    text = block if isinstance(block, str) else "\n".join(block)
                    body = text.rstrip("\n")
                    fast = _parse_fast(body, first) if body and not body[-1].isspace() else None
                    if fast is not None:
                        result = fast
                    else:  # the general reader, with its error messages
                        lines = text.split("\n")
                        while lines and not lines[-1].strip():
                            lines.pop()
                        result = _parse_one(lines, first, False)
            except HandHistoryError as error:
                if self._mode == "raise":
                    raise
                self.errors.append(error)
                continue
            if isinstance(result, str):
                self.skipped[result] += 1
                continue
            self.hands_read += 1
            return result
        raise StopIteration


_HEADER_START = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d{1,30}:")  # what _HEADER needs


def _headers(text: str) -> Iterator[int]:
    """Where the lines of ``text`` that are hand headers start (str.find does
    the scanning: no Python work per line)."""
    match = _HEADER_START.match
    if match(text):
        yield 0
    at = text.find("\nPokerStars ")
    while at >= 0:
        if match(text, at + 1):
            yield at + 1
        at = text.find("\nPokerStars ", at + 12)


def _add_lines(current: list[str], lines: list[str], too_long: bool, long_line: bool) -> tuple[bool, bool]:
    """Add ``lines`` to the hand ``current``, keeping at most MAX_HAND_LINES + 1
    lines of at most MAX_LINE + 1 characters; the hand's flags
    ``(too_long, long_line)`` updated."""
    room = MAX_HAND_LINES + 1 - len(current)
    if len(lines) > room:
        too_long, lines = True, lines[:max(room, 0)]
    if lines and max(map(len, lines)) > MAX_LINE:
        long_line, lines = True, [t[:MAX_LINE + 1] for t in lines]
    current += lines
    return too_long, long_line


def _blocks(batches: Iterable[str | list[str]]) -> Iterator[tuple[int, str | list[str], bool, bool]]:
    """Cut the text into hands: ``(header line number, the hand's text or
    lines, whether it had more than MAX_HAND_LINES lines, whether a line is
    longer than MAX_LINE)``. A batch is text of whole lines (``\n`` endings,
    none at its end) or a list of lines. Lines before the first header are
    ignored. A hand that lies in one batch and is within the limits comes as
    its text (lines joined by ``\n``); any other as a list of at most
    MAX_HAND_LINES + 1 lines, each cut to MAX_LINE + 1 characters."""
    done = 0  # lines in the batches before this one
    current: list[str] | None = None  # the lines of a hand begun in an earlier batch
    start = 0
    too_long = long_line = False
    for batch in batches:
        text = batch if isinstance(batch, str) else "\n".join(batch)
        pos = 0  # where the lines not yet given to a hand start
        here = False  # whether a hand begins at pos
        for at in _headers(text):
            if at > pos:
                piece = text[pos:at - 1]
                count = piece.count("\n") + 1
                if here:
                    yield _block(start, piece, count)
                elif current is not None:
                    too_long, long_line = _add_lines(current, piece.split("\n"), too_long, long_line)
                done += count
            if current is not None:
                yield start, current, too_long, long_line
                current = None
            here, start, pos = True, done + 1, at
        lines = text[pos:].split("\n")
        done += len(lines)
        if here:
            current, too_long, long_line = [], False, False
        if current is not None:
            too_long, long_line = _add_lines(current, lines, too_long, long_line)
    if current is not None:
        yield start, current, too_long, long_line


def _block(start: int, text: str, count: int) -> tuple[int, str | list[str], bool, bool]:
    """The hand ``text`` (``count`` lines) beginning on line ``start``, as :func:`_blocks` gives it."""
    if count <= MAX_HAND_LINES + 1 and (len(text) <= MAX_LINE or max(map(len, text.split("\n"))) <= MAX_LINE):
        return start, text, False, False
    lines: list[str] = []
    too_long, long_line = _add_lines(lines, text.split("\n"), False, False)
    return start, lines, too_long, long_line


def _split(text: str) -> str:
    """``text`` with every line ending (\\r\\n or \\r) made ``\\n``."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _stream_batches(stream: IO[str], chunk: int = 1 << 20) -> Iterator[str]:
    """The text of a stream in batches of whole lines (see :func:`_blocks`),
    read ``chunk`` characters at a time, so that a file without newlines
    cannot fill the memory."""
    carry = ""
    first = True
    while True:
        data = stream.read(chunk)
        if not isinstance(data, str):
            raise TypeError("read_pokerstars needs a file opened in text mode")
        if first:
            first = False
            if data.startswith("\ufeff"):
                data = data[1:]
        if not data:
            if carry:
                yield _split(carry)
            return
        text = carry + data
        end = len(text) - 1 if text.endswith("\r") else len(text)  # a \r\n may be cut between two chunks
        cut = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        if cut <= 0:
            carry = text if len(text) <= MAX_LINE else text[: MAX_LINE + 1]  # keep only what refuses it
            continue
        body, carry = text[:cut], text[cut:]
        if len(carry) > MAX_LINE + 1:
            carry = carry[: MAX_LINE + 1]
        body = body[:-2] if body.endswith("\r\n") else body[:-1]
        yield _split(body)


def read_pokerstars(source: Source, *, errors: Errors = "raise") -> PokerStarsReader:
    """Stream the Omaha Hi/Lo hands of a PokerStars hand-history file.

    ``source`` is a path or an open text file. With ``errors="skip"`` a hand
    that cannot be read is left out and its error kept in ``.errors``; with
    ``"raise"`` (the default) the :class:`HandHistoryError` is raised.
    Hands of other games are skipped and counted in ``.skipped``.
    """
    if isinstance(source, (str, os.PathLike)):
        stream: IO[str] = open(source, encoding="utf-8-sig", errors="replace", newline="")
        return _ClosingReader(stream, errors)
    if hasattr(source, "read"):
        return PokerStarsReader(_stream_batches(source), errors)
    raise TypeError(f"read_pokerstars takes a path or a text file, not {type(source).__name__}")


class _ClosingReader(PokerStarsReader):
    """A reader that closes the file it opened when it is exhausted."""

    def __init__(self, stream: IO[str], errors: Errors) -> None:
        super().__init__(_stream_batches(stream), errors)
        self._stream = stream

    def __next__(self) -> ImportedHand:
        try:
            return super().__next__()
        except BaseException:
            self._stream.close()
            raise

    def __del__(self) -> None:
        self._stream.close()


def parse_pokerstars(text: str, *, errors: Errors = "raise") -> list[ImportedHand]:
    """The Omaha Hi/Lo hands in PokerStars hand-history ``text`` (see :func:`read_pokerstars`)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_pokerstars takes a str, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return list(PokerStarsReader([_split(text)], errors))


# --- writing -------------------------------------------------------------------


_BET_NAMES = {"limit": "Limit", "pot-limit": "Pot Limit", "no-limit": "No Limit"}
_GAME_NAMES = {4: "Omaha Hi/Lo", 5: "5 Card Omaha Hi/Lo", 6: "6 Card Omaha Hi/Lo"}


def to_pokerstars(
    hand: object,
    *,
    hand_id: int | str = 1,
    names: list[str] | None = None,
    table: str = "omaha8_fast",
    currency: str | None = None,
    date: str = "2024/01/01 00:00:00 ET",
) -> str:
    """An engine :class:`~omaha8_fast.engine.Hand` that is over as PokerStars text.

    Amounts are the engine's chips; with ``currency="USD"`` (or ``"EUR"``,
    ``"GBP"``) a chip is written as one cent, else as play chips. Players are
    ``names`` (default ``Player1`` ...), sitting in seats 1 .. n. Shown hands
    carry PokerStars-style descriptions (``HI: ...; LO: ...``). A hand mucked
    at the showdown (``showdown="muck-losers"`` or ``"choose"``) is written as
    PokerStars writes it: ``NAME: mucks hand`` in the show down, no
    description, and ``Seat N: NAME mucked [cards]`` in the summary (the site
    prints the mucked cards there); in choose mode, a player whose opponents
    all mucked takes the pot without showing.
    """
    from ..engine import Hand

    if not isinstance(hand, Hand):
        raise TypeError(f"to_pokerstars takes an engine Hand, not {type(hand).__name__}")
    if not hand.is_over:
        raise ValueError("the hand is not over yet")
    history = hand.history
    n = len(history.stacks)
    names = [f"Player{s + 1}" for s in range(n)] if names is None else list(names)
    if len(names) != n or len(set(names)) != n:
        raise ValueError(f"names must be {n} different names")
    unit: Unit = "cents" if currency else "chips"
    symbol = _CURRENCY_SYMBOL.get(currency or "", "") if currency else ""
    if currency and not symbol:
        raise ValueError(f"unknown currency {currency!r}")

    def money(value: int) -> str:
        return format_amount(value, unit, symbol)

    out = _written_header(history, names, money, hand_id, table, currency, date)
    small_seat, big_seat = _written_posts(history, names, money, out)
    out.append("*** HOLE CARDS ***")
    h = history.hole_size
    deck = history.deck
    board = deck[n * h:n * h + 5]
    holes = [deck[s * h:(s + 1) * h] for s in range(n)]
    boards: list[Any] = list(hand.boards)
    if len(boards) > 2:
        raise ValueError(f"PokerStars runs a board at most twice; this hand ran it {len(boards)} times")
    common = next(k for k in range(6) if k == 5 or boards[0][k] != boards[1][k]) if len(boards) == 2 else 5
    out.append(f"Dealt to {names[0]} [{' '.join(map(str, holes[0]))}]")
    reached = _written_actions(history, names, money, board, out)
    returned = hand.returned
    if returned:
        out.append(f"Uncalled bet ({money(returned[1])}) returned to {names[returned[0]]}")
    showdown = hand.street == "showdown"
    if showdown:
        reached = _written_runs(board, boards, common, reached, out)
    shown_desc, pots_text = _written_showdown(hand, names, money, holes, boards, showdown, out)
    _written_summary(hand, names, money, holes, board, boards, reached, showdown, shown_desc, pots_text,
                     small_seat, big_seat, out)
    return "\n".join(out) + "\n"


_STREET_ORDER = ("preflop", "flop", "turn", "river")


def _street_line(k: int, cards: tuple[Card, ...], run: str = "") -> str:
    """The line that deals street ``k`` (1 flop .. 3 river) of ``cards``, of run ``run`` (``"FIRST "``...)."""
    title = run + _STREET_ORDER[k].upper()
    if k == 1:
        return f"*** {title} *** [{' '.join(map(str, cards[:3]))}]"
    return f"*** {title} *** [{' '.join(map(str, cards[:k + 1]))}] [{cards[k + 1]}]"


def _written_header(history: Any, names: list[str], money: Any, hand_id: int | str, table: str,
                    currency: str | None, date: str) -> list[str]:
    """:func:`to_pokerstars`: the header, the table line and the seats."""
    n = len(history.stacks)
    if history.betting == "limit":
        assert history.small_bet is not None and history.big_bet is not None
        stakes = f"{money(history.small_bet)}/{money(history.big_bet)}"
    else:
        stakes = f"{money(history.small_blind)}/{money(history.big_blind)}"
    if currency:
        stakes += f" {currency}"
    out = [
        f"PokerStars Hand #{hand_id}:  {_GAME_NAMES[history.hole_size]} {_BET_NAMES[history.betting]} ({stakes}) - {date}",
        f"Table '{table}' {max(n, 2)}-max Seat #{history.button + 1} is the button",
    ]
    out += [f"Seat {s + 1}: {names[s]} ({money(history.stacks[s])} in chips)" for s in range(n)]
    return out


def _written_posts(history: Any, names: list[str], money: Any, out: list[str]) -> tuple[int, int]:
    """:func:`to_pokerstars`: the antes and the blinds appended to ``out``; the blinds' seats."""
    n = len(history.stacks)
    button = history.button
    stacks = list(history.stacks)
    if history.ante:
        for s in range(n):
            paid = min(history.ante, stacks[s])
            stacks[s] -= paid
            out.append(f"{names[s]}: posts the ante {money(paid)}" + (" and is all-in" if not stacks[s] else ""))
    small_seat, big_seat = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
    for seat, blind, word in ((small_seat, history.small_blind, "small"), (big_seat, history.big_blind, "big")):
        paid = min(blind, stacks[seat])
        if paid:
            stacks[seat] -= paid
            out.append(f"{names[seat]}: posts {word} blind {money(paid)}" + (" and is all-in" if not stacks[seat] else ""))
    return small_seat, big_seat


def _written_actions(history: Any, names: list[str], money: Any, board: Any, out: list[str]) -> int:
    """:func:`to_pokerstars`: the actions and the streets they reach appended to ``out``; the last street reached."""
    high = history.big_blind
    street = "preflop"
    reached = 0
    for action in history.actions:
        if action.street == "showdown":  # a choose-mode show or muck: written in the show down
            continue
        while action.street != street:
            reached += 1
            street = _STREET_ORDER[reached]
            out.append(_street_line(reached, board))
            high = 0
        s, kind = action.seat, action.kind
        tail = " and is all-in" if action.all_in else ""
        if kind == "fold":
            out.append(f"{names[s]}: folds")
        elif kind == "check":
            out.append(f"{names[s]}: checks")
        elif kind == "call":
            out.append(f"{names[s]}: calls {money(action.amount)}{tail}")
        elif kind == "bet":
            high = action.amount
            out.append(f"{names[s]}: bets {money(action.amount)}{tail}")
        else:
            by = action.amount - high
            high = action.amount
            out.append(f"{names[s]}: raises {money(by)} to {money(action.amount)}{tail}")
    return reached


def _written_runs(board: Any, boards: list[Any], common: int, reached: int, out: list[str]) -> int:
    """:func:`to_pokerstars`: the streets dealt after the betting, to a showdown (both runs when run
    twice, sharing their first ``common`` cards), appended to ``out``; the last street reached (the river)."""
    twice = len(boards) == 2
    shared = (0, 0, 0, 1, 2, 3)[common]  # the last street dealt once, before the runs
    while reached < shared:
        reached += 1
        out.append(_street_line(reached, board))
    if twice:
        for run, cards in zip(("FIRST ", "SECOND "), boards):
            out += [_street_line(k, cards, run) for k in range(reached + 1, 4)]
    while reached < 3:
        reached += 1
        if not twice:
            out.append(_street_line(reached, board))
    return reached


def _written_showdown(hand: Any, names: list[str], money: Any, holes: list[Any], boards: list[Any], showdown: bool,
                      out: list[str]) -> tuple[dict[int, list[str]], str]:
    """:func:`to_pokerstars`: the show downs and the collections appended to ``out``; each shown
    seat's descriptions (one a run), and the summary's pots after rake (``""`` for one pot)."""
    from ._describe import describe_pokerstars

    results = hand.showdown_results
    seats_order = hand.showdown_seats
    twice = len(boards) == 2
    shown_desc: dict[int, list[str]] = {}
    shown, mucked = set(hand.shown_seats), set(hand.mucked_seats)
    pots_text = ""
    if showdown and results:
        after_rake = [0] * len(results[0].pots)
        for r, (result, cards) in enumerate(zip(results, boards)):
            out.append(f"*** {('FIRST ', 'SECOND ')[r] if twice else ''}SHOW DOWN ***")
            for s in hand.showdown_order:
                if s in mucked:  # as PokerStars writes it; the cards only in the summary
                    if r == 0:
                        out.append(f"{names[s]}: mucks hand")
                    continue
                if s not in shown:  # the others all mucked (choose mode): the pot is theirs unseen
                    continue
                desc = describe_pokerstars(holes[s], cards)
                shown_desc.setdefault(s, []).append(desc)
                out.append(f"{names[s]}: shows [{' '.join(map(str, holes[s]))}] ({desc})")
            multi = len(result.pots) > 1
            any_low = False
            for k, pot in enumerate(result.pots):
                after_rake[k] += pot.amount
                label = "pot" if not multi else ("main pot" if k == 0 else f"side pot-{k}")
                if pot.low_winners:
                    any_low = True
                if not pot.shown:  # one player eligible: theirs without a showdown
                    winners, shares = pot.eligible, (pot.amount,) * len(pot.eligible)
                else:
                    winners, shares = pot.high_winners + pot.low_winners, pot.high_shares + pot.low_shares
                for i, chips in zip(winners, shares):
                    if chips:
                        out.append(f"{names[seats_order[i]]} collected {money(chips)} from {label}")
            if not any_low:
                out.append("No low hand qualified")
        if len(after_rake) > 1:  # PokerStars prints the pots after the rake
            pots_text = f" Main pot {money(after_rake[0])}." + "".join(
                f" Side pot-{k} {money(p)}." for k, p in enumerate(after_rake[1:], 1)
            )
    else:
        payouts = hand.payouts or [0] * len(names)
        winner = payouts.index(max(payouts))
        out.append(f"{names[winner]} collected {money(payouts[winner])} from pot")
    return shown_desc, pots_text


def _written_summary(hand: Any, names: list[str], money: Any, holes: list[Any], board: Any, boards: list[Any],
                     reached: int, showdown: bool, shown_desc: dict[int, list[str]], pots_text: str,
                     small_seat: int, big_seat: int, out: list[str]) -> None:
    """:func:`to_pokerstars`: the summary appended to ``out``: the pot and the rake, the board(s),
    a line a seat."""
    history = hand.history
    n = len(names)
    payouts = hand.payouts or [0] * n
    results = hand.showdown_results
    seats_order = hand.showdown_seats
    mucked = set(hand.mucked_seats)
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {money(sum(payouts) + hand.rake)}{pots_text} | Rake {money(hand.rake)}")
    shown_board = board[:(0, 3, 4, 5)[reached]] if not showdown else board
    if len(boards) == 2:
        out.append("Hand was run twice")
        out += [f"{run} Board [{' '.join(map(str, cards))}]" for run, cards in zip(("FIRST", "SECOND"), boards)]
    elif shown_board:
        out.append(f"Board [{' '.join(map(str, shown_board))}]")
    run_won = [[0] * n for _ in results]
    for r, result in enumerate(results):
        for i, chips in enumerate(result.payouts):
            run_won[r][seats_order[i]] += chips
    folded_on = {}
    for action in history.actions:
        if action.kind == "fold":
            folded_on[action.seat] = action.street
    for s in range(n):
        role = " (button)" if s == history.button else ""
        role += " (small blind)" if s == small_seat and history.small_blind else ""
        role += " (big blind)" if s == big_seat else ""
        if s in folded_on:
            where = "before Flop" if folded_on[s] == "preflop" else f"on the {folded_on[s].capitalize()}"
            out.append(f"Seat {s + 1}: {names[s]}{role} folded {where}")
        elif s in mucked:
            out.append(f"Seat {s + 1}: {names[s]}{role} mucked [{' '.join(map(str, holes[s]))}]")
        elif s in shown_desc:
            verdicts = [
                (f"won ({money(run_won[r][s])})" if run_won[r][s] else "lost") + f" with {desc}"
                for r, desc in enumerate(shown_desc[s])
            ]
            out.append(f"Seat {s + 1}: {names[s]}{role} showed [{' '.join(map(str, holes[s]))}] and {', and '.join(verdicts)}")
        else:
            out.append(f"Seat {s + 1}: {names[s]}{role} collected ({money(payouts[s])})")
