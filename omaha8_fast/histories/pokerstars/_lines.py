"""The general PokerStars reader: one hand's lines through a small state machine (:func:`_parse_one`), which owns
the rules and the error messages."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from itertools import islice
from typing import IO, Any, Literal, Union

from ...cards import Card
from .._model import (
    MAX_HAND_LINES,
    MAX_LINE,
    HandHistoryError,
    ImportedHand,
    Tournament,
    Unit,
    board_problem,
    new_hand,
    parse_amount,
    repeated_post,
)
from .._text_common import CARD_IDS

# Every pattern reads a line in linear time: no two unbounded repeats that
# can trade characters (nested or side by side), and every search pattern
# fails in constant time where it cannot start (tests/test_histories_hostile.py).
# The table line is read by str methods (_table_fields).
_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(\d{1,30}):(.*)")  # group 2: lstrip(" ")
_GAME = re.compile(r"((?:5 Card |6 Card )?Omaha Hi/Lo|Courchevel Hi/Lo) (Pot Limit|No Limit|Fixed Limit|Limit)\b")
# Starts only where a run of amount characters starts (or at the symbol just before it): a search through a
# long run of digits would otherwise try every position of it, and each try scans the rest of the run.
_STAKES = re.compile(r"(?:(?<![\d.,])|(?=[$€£]))([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?\)")
_LEVEL = re.compile(r"Level ([^\s(]+)")
_BREAKDOWN = re.compile(r"(Main pot|Side pot(?:-\d+)?) (\S+?)\.(?= |$)")
_BUTTON = " is the button"
_BETTING = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Limit": "limit", "Fixed Limit": "limit"}
# Courchevel Hi/Lo: five hole cards, the flop's first card dealt face up before the pre-flop betting
# ("*** PRE-FLOP *** [8s]", then "*** FLOP *** [8s] [2c 9h]"); otherwise 5 Card Omaha Hi/Lo
_HOLE_SIZE = {"Omaha Hi/Lo": 4, "5 Card Omaha Hi/Lo": 5, "6 Card Omaha Hi/Lo": 6, "Courchevel Hi/Lo": 5}
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


_CARD = CARD_IDS  # plain ids: a tuple of them is not tracked by the GC (see records)


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
        self.seats: list[Any] = []  # records as plain tuples (see histories._model.records)
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
    if name == "PRE-FLOP" and hand.game == "Courchevel Hi/Lo" and hand.section == "hole cards" and end > 0:
        cards = _bracket_groups(text[end:], hand.hand_id, line)  # the flop's first card, dealt before the betting
        if len(cards) != 1 or hand.boards[0]:
            raise hand.error(f"Courchevel's pre-flop shows one board card, not {len(cards)}", line)
        hand.boards[0] = cards
        return
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
    if len(hand.posts) > 1:
        again = repeated_post(hand.posts)
        if again is not None:
            raise hand.error(f"{again[0]} posts the {again[1]} twice", again[5])
    first, second = hand.boards
    boards = ((first, second) if second else (first,)) if first else ((second,) if second else ())
    if second:
        problem = board_problem(boards)
        if problem is not None:
            raise hand.error(problem, hand.first)
    for board in boards or ((),):
        if len(set(known).union(board)) != len(known) + len(board):
            dealt = known + list(board)
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise hand.error(f"the card {Card(twice)} is dealt twice", hand.first)
    return new_hand(
        "pokerstars", hand.hand_id, hand.game, hand.hole_size, hand.betting, hand.unit, hand.currency, hand.symbol,
        hand.stakes, hand.table, hand.max_seats, hand.button, tuple(hand.seats), tuple(hand.posts),
        tuple(hand.actions), boards, hand.hero, holes, shown, tuple(hand.mucked),
        tuple(hand.collected), tuple(hand.returned), hand.total, hand.rake, hand.breakdown, hand.date, hand.mixed,
        hand.tournament, hand.cashed_out, hand.first,
    )


def _flat_holes(holes: dict[str, tuple[int, ...]]) -> tuple[Any, ...]:
    """The hole cards as the hand stores them: ``(name, count, *card ids, name, ...)`` (see histories._model.stored_holes)."""
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


def _button_at(text: str, at: int) -> int:
    """The button's seat if ``text[at:]`` starts with ``" Seat #N is the
    button"``, else -1."""
    digits = at + 7  # len(" Seat #")
    end = digits
    while end < len(text) and text[end].isdecimal():
        end += 1
    if end == digits or not text.startswith(_BUTTON, end):
        return -1
    return int(text[digits:end])


def _buttons(text: str, start: int) -> Iterator[tuple[int, int]]:
    """``(where, seat)`` of each ``" Seat #N is the button"`` in ``text``
    from ``start`` on, in order (one pass: str.find does the scanning)."""
    at = text.find(" Seat #", start)
    while at >= 0:
        seat = _button_at(text, at)
        if seat >= 0:
            yield at, seat
        at = text.find(" Seat #", at + 7)


def _table_fields(text: str) -> tuple[str, int | None, int] | None:
    """``(table name, max seats or None, button seat)`` of a table line,
    ``Table 'NAME'[ N-max] ... Seat #B is the button``, or None. The name
    runs to the last quote before the last button phrase (names may hold
    quotes), the button is the first phrase after the name. Linear time: a
    line full of quotes costs one pass (a regex with ``'(.*)'...(.*?)``
    backtracked over every quote)."""
    if not text.startswith("Table '"):
        return None
    last = -1
    for last, _ in _buttons(text, 7):
        pass
    if last < 0:
        return None
    close = text.rfind("'", 7, last)
    if close < 0:
        return None
    name, at = text[7:close], close + 1
    max_seats = None
    if text.startswith(" ", at):
        end = at + 1
        while end < len(text) and text[end].isdecimal():
            end += 1
        if end > at + 1 and text.startswith("-max", end):
            max_seats, at = int(text[at + 1:end]), end + 4
    for _, seat in _buttons(text, at):
        return name, max_seats, seat
    return None  # the phrase overlapped the "N-max" (cannot: it starts with " Seat")


def _table_line(hand: _Hand, text: str, line: int) -> None:
    """:func:`_parse_one`: the first ``Table '...' ... Seat #N is the button`` line."""
    table = _table_fields(text)
    if table is None:
        raise hand.error(f"cannot read the table line {text!r}", line)
    hand.table, hand.max_seats, hand.button = table


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
    other = _read_header(header.group(2).lstrip(" "), hand, first)
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


