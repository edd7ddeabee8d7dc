"""What the readers of Winamax, Winning Poker Network, 888, GGPoker and
iPoker share: a hand being read (:class:`TextHand`, which keeps the bets
street by street and builds the :class:`~omaha8_fast.histories.ImportedHand`),
cards and amounts as these sites write them, the split of a text into hands,
the inference of the uncalled bet a site pays back as a pot of its own, and
of which collection was the high half and which the low one where the site
does not say.

Conventions every reader here keeps (the model's, as the PokerStars reader
fills it): amounts are ints (cents for money, chips for tournaments);
``total_pot`` is what the players put in less the uncalled bets returned
(the rake included); ``collected`` holds what each player was paid from the
pots, uncalled bets not included (those are in ``returned``); a collection's
pot is named ``"pot"``, ``"main pot"`` or ``"side pot-N"``, with ``" (hi)"``
or ``" (lo)"`` after it when it is known to be a half.

>>> money("1,250.50", "cents"), money("0,05 €", "cents", ","), money("$ 25 USD", "cents"), money("1 500", "chips")
(125050, 5, 2500, 1500)
>>> [str(Card(c)) for c in card_ids("[ 7h, 2c, 10d, AS ]", "1", 3)], [str(Card(c)) for c in card_ids("HA D10", "1", 3)]
(['7h', '2c', 'Td', 'As'], ['Ah', 'Td'])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from ..cards import Card
from ..evaluator import evaluate_hilo
from ._model import (
    MAX_HAND_LINES,
    MAX_LINE,
    HandHistoryError,
    ImportedHand,
    Tournament,
    Unit,
    board_problem,
    decimal_mark,
    new_hand,
    parse_amount,
)
from ._text_common import player_line_problem

__all__ = [
    "TextHand", "money", "card_ids", "split_hands", "pot_name", "checked_lines", "MAX_SEATS", "strip_all_in",
    "read_total", "marker", "verb", "other_line", "hilo_game", "table_fields", "seat_line", "stakes_and_money",
    "summary_line", "read_body",
]

#: Most seats a hand may have (a real table has at most 10).
MAX_SEATS = 23

_CARD: dict[str, int] = {}
for _c in range(52):
    _rank, _suit = str(Card(_c))[0], str(Card(_c))[1]
    for _r in {_rank, _rank.lower()} | ({"10"} if _rank == "T" else set()):
        for _s in (_suit, _suit.upper()):
            _CARD[_r + _s] = _c
        _CARD[_suit.upper() + _r.upper()] = _c  # iPoker writes the suit first: "HA", "D10", "ST"
_SYMBOLS = "$€£¥₹"


def money(text: str, unit: Unit, decimal: str = ".") -> int:
    """An amount as these sites write it (``0.50€``, ``€0.50``, ``$ 25 USD``,
    ``1,250.50``, ``1 500``; ``0,05 €`` where the room's decimal mark is a
    comma) in the smallest unit: :func:`~omaha8_fast.histories._model.parse_amount`.
    ValueError on anything else."""
    return parse_amount(text, unit, decimal)


def card_ids(text: str, hand_id: str | None, line: int) -> tuple[int, ...]:
    """The cards in ``text`` (``[Ah 2d]``, ``[ 7h, 2c ]``, ``HA D10``) as card ids."""
    out = []
    for token in text.replace("[", " ").replace("]", " ").replace(",", " ").split():
        card = _CARD.get(token)
        if card is None:
            raise HandHistoryError(f"bad card {token[:20]!r}", hand_id=hand_id, line=line)
        out.append(card)
    return tuple(out)


def checked_lines(text: str, hand_id: str | None, first: int) -> list[str]:
    """The lines of one hand, refused when there are more than MAX_HAND_LINES
    or one is longer than MAX_LINE (bounded work per hand)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n", MAX_HAND_LINES + 1)
    if len(lines) > MAX_HAND_LINES:
        raise HandHistoryError(f"the hand has more than {MAX_HAND_LINES} lines", hand_id=hand_id, line=first)
    for k, line in enumerate(lines):
        if len(line) > MAX_LINE:
            raise HandHistoryError(f"line longer than {MAX_LINE} characters", hand_id=hand_id, line=first + k)
    return lines


def split_hands(text: str, is_header: Callable[[str], bool]) -> Iterator[tuple[int, str]]:
    """The hands of ``text``: each line for which ``is_header`` holds starts
    one; lines before the first header are left out. Yields (first line
    number, the hand's text)."""
    start = -1
    lines: list[str] = []
    text = text[1:] if text.startswith("\ufeff") else text  # a byte order mark
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if is_header(line):
            if start > 0:
                yield start, "\n".join(lines).rstrip("\n")
            start, lines = number, []
        if start > 0:
            lines.append(line)
    if start > 0:
        yield start, "\n".join(lines).rstrip("\n")


_HALVES = {"hi": " (hi)", "high": " (hi)", "lo": " (lo)", "low": " (lo)"}


def pot_name(text: str) -> str:
    """A site's pot name in the model's words: ``pot``, ``main pot``,
    ``side pot-N``, with `` (hi)``/`` (lo)`` for a labelled half (read in
    one pass over the text: a run of spaces costs its length, never more).

    >>> pot_name("pot(HI)"), pot_name("side pot 2 (LO)"), pot_name("Main Pot"), pot_name("side pot-1")
    ('pot (hi)', 'side pot-2 (lo)', 'main pot', 'side pot-1')
    """
    half = ""
    tail = text.rstrip()
    if tail.endswith(")"):
        open_ = tail.rfind("(")
        label = _HALVES.get(tail[open_ + 1:-1].strip().lower()) if open_ >= 0 else None
        if label is not None:
            half, text = label, tail[:open_]
    name = " ".join(text.lower().split())
    if name.startswith("side pot"):
        number = name[len("side pot"):].strip(" -#")
        name = f"side pot-{number}" if (number.isascii() and number.isdigit()) else "side pot-1"
    elif name not in ("pot", "main pot"):
        name = "pot" if not name or name == "the pot" else name[:40]
    return name + half


# What amounts and card groups read as, kept (bounded) because hands repeat them: by unit, the text -> value.
_SEEN_MAX = 20_000
_CARDS_SEEN: dict[str, tuple[int, ...]] = {}


class TextHand:
    """One hand being read: the readers call its methods line by line, then
    :meth:`build`. It keeps every player's bet on the current street, so that
    a raise "to" an amount and a raise "by" the chips added both give the
    model's ``amount`` (the street total for raises) and ``added``."""

    def __init__(self, site: str, hand_id: str, first: int) -> None:
        self.site, self.hand_id, self.first = site, hand_id, first
        self.game, self.hole_size, self.betting = "Omaha Hi/Lo", 4, "pot-limit"
        self.unit: Unit = "cents"
        self.decimal = "."  # the decimal mark of the hand's amounts (stakes_and_money reads it from the header)
        self.currency: str | None = None
        self.symbol = ""
        self.stakes: tuple[int, int] = (0, 0)
        self.table = ""
        self.max_seats: int | None = None
        self.button = 0
        self.date = ""
        self.tournament: Tournament | None = None
        self.seats: list[tuple[int, str, int, bool]] = []
        self.names: dict[str, int] = {}
        self.by_length: list[str] = []
        self.spaced = False  # a seated name holds a space (then names are tried longest first)
        self.posts: list[tuple[str, str, int, bool, int, int]] = []
        self.actions: list[tuple[str, str, str, int, int, bool, int]] = []
        self.boards: list[list[int]] = [[], []]
        self.hero: str | None = None
        self.holes: dict[str, tuple[int, ...]] = {}
        self.shown: list[tuple[str, tuple[int, ...], str | None, int, int, int]] = []
        self.mucked: list[str] = []
        self.collected: list[tuple[str, int, str, int, int]] = []
        self.returned: list[tuple[str, int]] = []
        self.total: int | None = None
        self.rake = 0
        self.breakdown: tuple[int, ...] = ()
        self.street = "preflop"
        self.bets: dict[str, int] = {}
        self.run = 1
        self.cashed_out = False

    # --- reading -------------------------------------------------------------

    def error(self, message: str, line: int) -> HandHistoryError:
        return HandHistoryError(message, hand_id=self.hand_id, line=line)

    def money(self, text: str, line: int) -> int:
        """An amount of this hand, or HandHistoryError naming the line."""
        try:
            return parse_amount(text, self.unit, self.decimal)
        except ValueError as problem:
            raise self.error(str(problem), line) from None

    def cards(self, text: str, line: int) -> tuple[int, ...]:
        found = _CARDS_SEEN.get(text)
        if found is None:
            found = card_ids(text, self.hand_id, line)
            if len(_CARDS_SEEN) > _SEEN_MAX:
                _CARDS_SEEN.clear()
            _CARDS_SEEN[text] = found
        return found

    def seat(self, number: int, name: str, stack: int, line: int, sitting_out: bool = False) -> None:
        if not name:
            raise self.error("a seat without a player's name", line)
        if name in self.names:
            raise self.error(f"two seats for {name[:40]!r}", line)
        if len(self.seats) >= MAX_SEATS:
            raise self.error(f"more than {MAX_SEATS} seats", line)
        self.seats.append((number, name, stack, sitting_out))
        self.names[name] = number
        self.by_length = sorted(self.names, key=len, reverse=True)
        self.spaced = self.spaced or " " in name

    def player(self, text: str) -> tuple[str, str] | None:
        """``(name, rest)`` when ``text`` is ``NAME rest`` for a seated player
        (the longest name that fits: names may hold spaces)."""
        if not self.spaced:  # the name is the first word
            at = text.find(" ")
            if at > 0 and text[:at] in self.names:
                return text[:at], text[at + 1:]
            return None
        for name in self.by_length:
            if text.startswith(name) and text[len(name):len(name) + 1] == " ":
                return name, text[len(name) + 1:]
        return None

    def known(self, name: str, line: int) -> str:
        if name not in self.names:
            raise self.error(f"{name[:40]!r} has no seat", line)
        return name

    def post(self, name: str, kind: str, amount: int, line: int, all_in: bool = False, dead: int = 0) -> None:
        """A forced bet; ``dead`` of it does not count as the player's bet."""
        self.known(name, line)
        if any(p[0] == name and p[1] == kind for p in self.posts):
            raise self.error(f"{name[:40]} posts the {kind} twice", line)
        self.bets[name] = self.bets.get(name, 0) + amount - dead
        self.posts.append((name, kind, amount, all_in, dead, line))

    def act(self, name: str, kind: str, line: int, added: int = 0, to: int | None = None, all_in: bool = False) -> None:
        """fold, check, call (``added``), bet (``added``), raise (``to`` the
        street total, or ``added`` the chips this raise put in)."""
        self.known(name, line)
        before = self.bets.get(name, 0)
        if kind in ("fold", "check"):  # a check all-in: left in, all-in for what they have put in
            self.actions.append((self.street, name, kind, 0, 0, all_in and kind == "check", line))
            return
        if kind == "raise":
            if to is None:
                to = before + added
            added = to - before
            if added <= 0:
                raise self.error("a raise that adds nothing", line)
            amount = to
        else:
            if added <= 0 and not all_in:
                raise self.error(f"a {kind} of nothing", line)
            amount = added
        self.bets[name] = before + added
        self.actions.append((self.street, name, kind, amount, added, all_in, line))

    def deal(self, street: str, cards: tuple[int, ...], line: int, run: int = 1) -> None:
        """The board of ``street`` (flop, turn, river) on run 1 or 2: all its
        cards so far, or only the cards this street adds (the board so far,
        or the first run's for a second run, gives the others)."""
        want = {"flop": 3, "turn": 4, "river": 5}[street]
        board = self.boards[run - 1]
        if len(cards) < want:
            base = board if board else self.boards[0]
            cards = tuple(base[: want - len(cards)]) + cards
        if len(cards) != want:
            raise self.error(f"the {street} needs {want} board cards, got {len(cards)}", line)
        board[:] = cards
        self.street = street
        self.run = run
        self.bets = {}

    def dealt(self, name: str, cards: tuple[int, ...]) -> None:
        if cards:
            self.holes[name] = cards
            if self.hero is None:
                self.hero = name

    def show(self, name: str, cards: tuple[int, ...], description: str | None, line: int) -> None:
        self.known(name, line)
        if len(cards) == self.hole_size:
            self.holes[name] = cards
        out = len(self.boards[self.run - 1] or self.boards[0])
        self.shown.append((name, cards, description or None, self.run, line, out if out >= 3 else 5))

    def muck(self, name: str, cards: tuple[int, ...], line: int) -> None:
        self.known(name, line)
        if name not in self.mucked:
            self.mucked.append(name)
        if len(cards) == self.hole_size:
            self.holes.setdefault(name, cards)

    def collect(self, name: str, amount: int, pot: str, line: int) -> None:
        self.known(name, line)
        self.collected.append((name, amount, pot, self.run, line))

    def uncalled(self, name: str, amount: int, line: int) -> None:
        self.known(name, line)
        self.returned.append((name, amount))

    # --- what the sites leave out ------------------------------------------------

    def put_in(self) -> dict[str, int]:
        """What each player put in (posts and actions), uncalled bets not taken back."""
        put: dict[str, int] = {}
        for post in self.posts:
            put[post[0]] = put.get(post[0], 0) + post[2]
        for action in self.actions:
            put[action[1]] = put.get(action[1], 0) + action[4]
        return put

    def pay_back_uncalled(self, included: bool | None) -> int:
        """Infer the uncalled bet of a site that prints none: what the
        player who put in most put in beyond everyone else. It goes to
        ``returned``; when the site paid it as part of a collection
        (``included``; None: decide from the amounts, a site that paid out
        more than the called chips paid it), it is taken out of that
        player's collections, the last first. Returns it (0 if none)."""
        if self.returned:
            return 0
        put = self.put_in()
        if not put:
            return 0
        ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
        top_name, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        extra = top - second
        if extra <= 0:
            return 0
        self.returned.append((top_name, extra))
        if included is None:
            included = sum(c[1] for c in self.collected) > sum(put.values()) - extra
        if included:
            left = extra
            for k in range(len(self.collected) - 1, -1, -1):
                name, amount, pot, run, line = self.collected[k]
                if name != top_name or not left:
                    continue
                take = min(amount, left)
                left -= take
                if amount - take:
                    self.collected[k] = (name, amount - take, pot, run, line)
                else:
                    del self.collected[k]
        return extra

    def label_halves(self) -> None:
        """Name the high and the low half of an unlabelled pot from the shown
        hands, where that is sure: one pot, split between the best high and
        the best low of the players who showed, the collections being theirs."""
        pots = {c[2] for c in self.collected}
        if len(pots) != 1 or any(p.endswith(")") for p in pots) or len(self.collected) < 2:
            return
        if any(p[3] for p in self.posts) or any(a[5] for a in self.actions):
            return  # an all-in may make side pots the site does not name
        folded = {a[1] for a in self.actions if a[2] == "fold"}
        for run, board in enumerate(self.boards, 1):
            runs = [c for c in self.collected if c[3] == run]
            if len(board) != 5 or len(runs) < 2:
                continue
            values = {}
            for name in {s[0] for s in self.shown}:
                cards = self.holes.get(name)
                if name in folded or cards is None or len(cards) != self.hole_size:
                    continue
                try:
                    values[name] = evaluate_hilo([Card(c) for c in cards], [Card(c) for c in board])
                except ValueError:
                    return
            lows = [v[1] for v in values.values() if v[1] is not None]
            if not values or not lows:
                continue
            best_high = min(v[0] for v in values.values())
            best_low = min(lows)
            high = {n for n, v in values.items() if v[0] == best_high}
            low = {n for n, v in values.items() if v[1] == best_low}
            if not {c[0] for c in runs} <= high | low:
                continue
            seen: dict[str, int] = {}
            for k, (name, amount, pot, r, line) in enumerate(self.collected):
                if r != run:
                    continue
                count = sum(1 for c in runs if c[0] == name)
                if name in high and name not in low:
                    half = "hi"
                elif name in low and name not in high:
                    half = "lo"
                elif count == 2:
                    half = "hi" if seen.get(name, 0) == 0 else "lo"
                else:
                    continue
                seen[name] = seen.get(name, 0) + 1
                self.collected[k] = (name, amount, f"{pot} ({half})", r, line)

    def breakdown_from_collections(self) -> None:
        """The pots after rake, main pot first, from what was collected from
        each (when there is more than one pot and the site prints no breakdown)."""
        per: dict[str, int] = {}
        for c in self.collected:
            base = c[2].split(" (", 1)[0]
            per[base] = per.get(base, 0) + c[1]
        if len(per) > 1 and "main pot" in per:
            order = ["main pot"] + sorted((p for p in per if p.startswith("side pot-")),
                                          key=lambda p: int(p[9:]) if (p[9:].isascii() and p[9:].isdigit()) else 0)
            if len(order) == len(per):
                self.breakdown = tuple(per[p] for p in order)

    # --- the result ----------------------------------------------------------------

    def build(self) -> ImportedHand:
        """The hand read, after the checks every hand must pass."""
        if len(self.seats) < 2:
            raise self.error("fewer than two seated players", self.first)
        if self.total is None:
            raise self.error("the hand has no total pot (is it cut short?)", self.first)
        known: list[int] = []
        for name, cards in self.holes.items():
            if len(cards) != self.hole_size:
                raise self.error(f"{name[:40]} has {len(cards)} hole cards in a {self.hole_size}-card game", self.first)
            known += cards
        first, second = (tuple(b) for b in self.boards)
        boards = ((first, second) if second else (first,)) if first else ()
        problem = board_problem(boards) if second else None
        if problem is not None:
            raise self.error(problem, self.first)
        for board in boards or ((),):
            if len(set(known).union(board)) != len(known) + len(board):
                raise self.error("a card is dealt twice", self.first)
        holes: list[Any] = []
        for name, cards in self.holes.items():
            holes += [name, len(cards), *cards]
        shown = tuple((s[0], s[2], s[3], s[4], s[5], *s[1]) for s in self.shown)
        return new_hand(
            self.site, self.hand_id, self.game, self.hole_size, self.betting, self.unit, self.currency, self.symbol,
            self.stakes, self.table, self.max_seats, self.button, tuple(self.seats), tuple(self.posts),
            tuple(self.actions), boards, self.hero, tuple(holes), shown, tuple(self.mucked), tuple(self.collected),
            tuple(self.returned), self.total, self.rake, self.breakdown, self.date, None, self.tournament,
            self.cashed_out, self.first,
        )


_ALL_IN = (" and is all-in", " and is all in", " (all-in)", " [all-in]", " all-in")


def strip_all_in(text: str) -> tuple[str, bool]:
    """``text`` without a trailing all-in mark, and whether it had one."""
    if not text.endswith(_ALL_IN):
        return text, False
    for mark in _ALL_IN:
        if text.endswith(mark):
            return text[: -len(mark)].rstrip(), True
    return text, False


_FEES = ("rake", "jp fee", "jackpot", "jackpot fee", "bingo", "fortune", "tax", "fee")


def read_total(hand: TextHand, text: str, line: int) -> int:
    """A ``Total pot X | Rake Y | Jackpot Z ...`` line: sets ``hand.rake``
    (every fee taken from the pot: rake, jackpot, JP fee, bingo, fortune,
    tax) and returns the total as written."""
    parts = text.split("|")
    head = parts[0].strip()[len("Total pot"):].strip()
    if head[:1] in _SYMBOLS and head[1:2] == " ":  # "$ 25"
        head = head[0] + head[2:]
    total = hand.money(head.split(" ", 1)[0].rstrip("."), line)
    rake = 0
    for part in parts[1:]:
        label, _, amount = part.strip().rpartition(" ")
        if label.lower().rstrip(":") in _FEES:
            rake += hand.money(amount, line)
    hand.rake = rake
    return total


_STREET_NAMES = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_SHOWDOWN = ("SHOW DOWN", "SHOWDOWN")


def marker(hand: TextHand, text: str, line: int) -> str:
    """A ``*** NAME *** [cards]`` line: the section it opens (``"blinds"``,
    ``"preflop"``, ``"flop"``/``"turn"``/``"river"`` with the board dealt,
    ``"showdown"``, ``"summary"``, or ``"other"``). Run twice: ``FLOP 1``,
    ``FIRST FLOP``, ``SECOND TURN``, ``SHOW DOWN 2``, ``SECOND SHOWDOWN``."""
    end = text.find("***", 3)
    name = " ".join(text[3:end if end > 0 else len(text)].split()).upper()
    rest = text[end + 3:] if end > 0 else ""
    run = 1
    for prefix, number in (("FIRST ", 1), ("SECOND ", 2)):
        if name.startswith(prefix):
            name, run = name[len(prefix):], number
    for suffix, number in ((" 1", 1), (" 2", 2)):
        if name.endswith(suffix):
            name, run = name[: -len(suffix)], number
    if name in _STREET_NAMES:
        hand.deal(_STREET_NAMES[name], hand.cards(rest, line), line, run)
        return hand.street
    if name in _SHOWDOWN:
        hand.run = run
        return "showdown"
    if name == "SUMMARY":
        return "summary"
    if name in ("HOLE CARDS", "PRE-FLOP", "PREFLOP", "POCKET CARDS"):
        hand.street = "preflop"
        return "preflop"
    if name in ("ANTE/BLINDS", "BLINDS"):
        return "blinds"
    if name in ("3RD STREET", "DRAW", "FIRST DRAW"):
        raise hand.error(f"section {name!r} does not belong in Omaha Hi/Lo", line)
    return "other"


_POSTS = (
    ("small & big blinds ", "small & big blinds"), ("the small blind ", "small blind"), ("small blind ", "small blind"),
    ("the big blind ", "big blind"), ("big blind ", "big blind"), ("the ante ", "ante"), ("ante ", "ante"),
    ("straddle ", "straddle"), ("dead blind ", "small blind dead"), ("dead ", "small blind dead"),
    ("missed blind ", "small blind dead"),
)
_QUIET = ("doesn't show", "does not show", "didn't show", "did not show", "sits out", "is sitting out", "sitting out",
          "is disconnected", "is connected", "has returned", "has timed out", "timed out", "leaves the table",
          "joins the table", "will be allowed to play after the button", "is away", "is back")


def verb(hand: TextHand, name: str, text: str, line: int) -> bool:
    """``NAME text`` (or ``NAME: text``) for a seated player: an action, a
    post, a show, a muck or a collection read into ``hand``; False when the
    line says none of these (the reader decides whether that is noise)."""
    text = text.strip()
    first, _, rest = text.partition(" ")
    if first == "folds":
        if rest.startswith("["):
            hand.holes[name] = hand.cards(rest, line)
        hand.act(name, "fold", line)
        return True
    if first == "checks":
        hand.act(name, "check", line)
        return True
    if first in ("calls", "bets", "raises"):
        rest, all_in = strip_all_in(rest)
        cap = rest.find(" and has reached the ")
        if cap > 0:
            rest = rest[:cap]
        if first == "raises":
            by, to_word, to_text = rest.partition(" to ")
            if to_word:
                hand.act(name, "raise", line, to=hand.money(to_text, line), all_in=all_in)
                if by:
                    hand.money(by, line)
            elif rest.startswith("to "):
                hand.act(name, "raise", line, to=hand.money(rest[3:], line), all_in=all_in)
            else:  # "raises X": X more than the bet to call
                top = max(hand.bets.values(), default=0)
                hand.act(name, "raise", line, to=top + hand.money(rest, line), all_in=all_in)
        else:
            hand.act(name, "call" if first == "calls" else "bet", line, added=hand.money(rest, line), all_in=all_in)
        return True
    if first == "posts":
        rest, all_in = strip_all_in(rest)
        out_of_position = rest.endswith(" out of position")
        if out_of_position:
            rest = rest[: -len(" out of position")]
        for prefix, kind in _POSTS:
            if rest.startswith(prefix):
                amount = hand.money(rest[len(prefix):], line)
                break
        else:  # "posts $0.50": a player joining posts a big blind
            kind, amount = "big blind", hand.money(rest, line)
        dead = 0
        if kind == "small blind dead" or (kind == "small blind" and out_of_position):
            kind, dead = "small blind", amount
        elif kind == "ante":
            dead = amount
        elif kind == "small & big blinds":
            dead = max(0, amount - hand.stakes[1])
        hand.post(name, kind, amount, line, all_in, dead)
        return True
    if first == "shows":
        start, end = rest.find("["), rest.find("]")
        if start < 0 or end < start:
            raise hand.error(f"cannot read the shown cards {text[:60]!r}", line)
        cards = hand.cards(rest[start:end + 1], line)
        description = rest[end + 1:].strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1].strip()
        hand.show(name, cards, description or None, line)
        return True
    if first == "mucks":
        hand.muck(name, hand.cards(rest, line) if rest.startswith("[") else (), line)
        return True
    if first == "collected":
        amount_text, sep, pot = rest.partition(" from ")
        hand.collect(name, hand.money(amount_text.strip("[] "), line), pot_name(pot if sep else "pot"), line)
        return True
    if text.startswith(_QUIET) or "said," in text:
        return True
    return False


def other_line(hand: TextHand, text: str, line: int) -> bool:
    """The lines of these sites that do not start with a player's name:
    ``Dealt to NAME [cards]``, ``Uncalled bet (X) returned to NAME``."""
    if text.startswith("Dealt to "):
        at = text.find(" [", 9)
        if at > 0:
            hand.dealt(hand.known(text[9:at], line), hand.cards(text[at:], line))
        return True
    if text.startswith("Uncalled bet ("):
        close = text.find(") returned to ")
        if close < 0:
            raise hand.error(f"cannot read {text[:60]!r}", line)
        hand.uncalled(hand.known(text[close + 14:].strip(), line), hand.money(text[14:close], line), line)
        return True
    return False



_HILO = re.compile(r"\b(?:(5|6) ?-?Card )?(?:Omaha ?(?:Hi/Lo|Hi-Lo|HiLow|HiLo|Hi Lo|H/L|H-L|8)|PLO-?8|FLO-?8|Omaha8|OmahaHL)\b",
                   re.IGNORECASE)
_LIMITS = (("pot limit", "pot-limit"), ("pot-limit", "pot-limit"), ("no limit", "no-limit"), ("no-limit", "no-limit"),
           ("fixed limit", "limit"), ("fix limit", "limit"), ("limit", "limit"))


def hilo_game(text: str) -> tuple[int, str] | None:
    """``(hole size, betting)`` when the game named in ``text`` is Omaha
    Hi/Lo (``Omaha Hi/Lo``, ``Omaha H/L``, ``Omaha8``, ``PLO8``, ``5 Card
    Omaha Hi/Lo``, ...), else None.

    >>> hilo_game("Omaha H/L (Pot Limit)"), hilo_game("Omaha8 fixed limit"), hilo_game("Omaha Pot Limit")
    ((4, 'pot-limit'), (4, 'limit'), None)
    """
    match = _HILO.search(text)
    if match is None:
        return None
    size = int(match.group(1)) if match.group(1) else 4
    lowered = text.lower()
    name = match.group(0).upper()
    if name.startswith("PLO"):
        return size, "pot-limit"
    if name.startswith("FLO"):
        return size, "limit"
    for words, betting in _LIMITS:
        if words in lowered:
            return size, betting
    for short, betting in ((" pl", "pot-limit"), (" nl", "no-limit"), (" fl", "limit"), (" l ", "limit")):
        if short in f" {lowered} ":
            return size, betting
    return size, "limit"


def table_fields(text: str) -> tuple[str, int | None, int] | None:
    """``(name, max seats, button seat)`` of ``Table 'NAME' 6-max ... Seat #N
    is the button`` (also ``Table: 'NAME'`` and a bare ``NAME 6-max``)."""
    if not text.endswith(" is the button"):
        return None
    at = text.rfind(" Seat #")
    number = text[at + 7:-14] if at >= 0 else ""
    if not (number.isascii() and number.isdigit()) or len(number) > 4:
        return None
    head = text[:at]
    if head.startswith(("Table '", "Table: '")):
        close = head.rfind("'")
        name, tail = head[head.find("'") + 1:close], head[close + 1:]
    else:
        name, _, tail = head.rpartition(" ")
        if not tail.endswith("-max"):
            name, tail = head, ""
    max_seats = None
    for word in tail.split():
        if word.endswith("-max") and (word[:-4].isascii() and word[:-4].isdigit()) and len(word) < 8:
            max_seats = int(word[:-4])
    return name.removeprefix("Table ").strip(), max_seats, int(number)


def seat_line(hand: TextHand, text: str, line: int) -> bool:
    """A ``Seat N: NAME (STACK)`` line (``$100 in chips``, ``10.50€``,
    ``20000, 2.50€ bounty``, `` $10.00 ``) read into ``hand``; False when
    ``text`` is not one."""
    number, colon, rest = text[5:].partition(": ")
    if not colon or not (number.isascii() and number.isdigit()) or len(number) > 3:
        return False
    sitting_out = False
    for tail in (" is sitting out", " (sitting out)", " out of hand", " is out"):
        if rest.endswith(tail):
            rest, sitting_out = rest[: -len(tail)], True
    if not rest.endswith(")"):
        return False
    open_ = rest.rfind(" (")
    if open_ <= 0:
        return False
    inside = rest[open_ + 2:-1].split(",", 1)[0] if "bounty" in rest[open_:] else rest[open_ + 2:-1]
    inside = inside.replace(" in chips", "").strip()
    hand.seat(int(number), rest[:open_].strip(), hand.money(inside, line), line, sitting_out)
    return True


_STAKES = re.compile(r"\(([^()]{1,60})\)")


def stakes_and_money(hand: TextHand, text: str, line: int, chips: bool) -> None:
    """The stakes from the last ``(SB/BB)`` (or ``(ANTE/SB/BB)``) group of
    ``text``, and the hand's unit, currency and symbol (chips when ``chips``
    or when no money sign is written)."""
    groups = [g for g in _STAKES.findall(text) if "/" in g]
    inside = groups[-1] if groups else ""
    hand.decimal = decimal_mark(inside)
    symbol = next((ch for ch in inside if ch in _SYMBOLS), "")
    code = next((c for c in ("USD", "EUR", "GBP", "CAD") if c in inside), None)
    if chips or not (symbol or code):
        hand.unit, hand.symbol, hand.currency = "chips", "", None
    else:
        hand.unit, hand.symbol = "cents", symbol or {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}.get(code or "", "")
        hand.currency = code or {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol)
    parts = (inside if hand.decimal == "," else inside.split(",")[-1]).split("/")
    if len(parts) < 2 or not parts[-2].split():
        return
    small_text, big_text = parts[-2].split()[-1], parts[-1].strip()
    for unit in (hand.unit, "cents"):  # play money may be written with cents: "(0.10/0.20)"
        try:
            hand.stakes = (money(small_text, unit, hand.decimal), money(big_text, unit, hand.decimal))
        except ValueError:
            continue
        hand.unit = unit
        return



_ACTION_WORDS = ("folds", "checks", "calls", "bets", "raises", "posts", "collected", "shows")


def summary_line(hand: TextHand, text: str, line: int) -> None:
    """The summary lines these sites share: ``Total pot ...`` (the total as
    written goes to ``hand.total``), ``Board [...]`` (checked against the
    board dealt), and seat lines that show a hand."""
    if text.startswith("Total pot "):
        hand.total = read_total(hand, text, line)
        return
    for prefix, run in (("Board [", 1), ("Board: [", 1), ("FIRST Board [", 1), ("SECOND Board [", 2),
                        ("Board 1 [", 1), ("Board 2 [", 2)):
        if text.startswith(prefix):
            cards = hand.cards(text[len(prefix) - 1:], line)
            board = hand.boards[run - 1]
            if not board:
                board[:] = cards
            elif tuple(board) != cards:
                raise hand.error("the summary's board differs from the board dealt", line)
            return
    if text.startswith("Seat ") and (" showed [" in text or " mucked [" in text):
        number, _, rest = text[5:].partition(": ")
        name = next((n for n, s in hand.names.items() if str(s) == number and rest.startswith(n)), None)
        if name is not None:
            at = rest.find("[", len(name))
            end = rest.find("]", at)
            if 0 < at < end:
                cards = hand.cards(rest[at:end + 1], line)
                if len(cards) == hand.hole_size:
                    hand.holes.setdefault(name, cards)


def read_body(hand: TextHand, lines: list[str], first: int, start: int, colon: bool,
              summary: Callable[[TextHand, str, int], None] = summary_line) -> None:
    """Read the lines ``lines[start:]`` of a PokerStars-like hand: seats,
    ``*** ... ***`` sections, ``NAME: verb`` (``colon``) or ``NAME verb``
    lines, ``Dealt to``, uncalled bets, and the summary (``summary`` reads
    its lines). A line starting with a player's name and an action word that
    cannot be read raises HandHistoryError; other lines are noise."""
    section = "header"
    for k in range(start, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if "\xa0" in text:  # a no-break space is a space (text copied from a web page)
            text = text.replace("\xa0", " ")
        if text.startswith("***") and text.endswith("]") or text.startswith("***") and text.endswith("***"):
            section = marker(hand, text, line)
            continue
        if section == "summary":
            summary(hand, text, line)
            continue
        if section == "header" and text.startswith("Seat ") and seat_line(hand, text, line):
            continue
        named: tuple[str, str] | None = None
        if colon:
            at = text.find(": ")
            while at > 0 and named is None:
                if text[:at] in hand.names:
                    named = text[:at], text[at + 2:]
                at = text.find(": ", at + 2)
            if named is None and " collected " in text:  # "NAME collected X from pot": no colon
                named = hand.player(text)
        else:
            named = hand.player(text)
        if named is not None:
            name, rest = named
            if "Cashout" in rest or "Cash Out" in rest or "cashed out" in rest:
                hand.cashed_out = True
                continue
            if verb(hand, name, rest, line):
                continue
            if rest.split(" ", 1)[0] in _ACTION_WORDS:
                raise hand.error(f"cannot read {text[:80]!r}", line)
            continue
        if not other_line(hand, text, line) and section != "header":
            problem = player_line_problem(text, hand.by_length)
            if problem is not None:
                raise hand.error(problem, line)

