"""What the text readers of the sites other than PokerStars share (issue 26).

Full Tilt, Everleaf, Bovada/Ignition and PartyPoker each have their own
module (:mod:`.fulltilt`, :mod:`.everleaf`, :mod:`.bovada`,
:mod:`.partypoker`) that reads its lines; they all fill one
:class:`HandBuilder`, which owns the rules every hand obeys (names are
seated players, raises add chips, streets reset the bets, one card is not
dealt twice, hole cards have the game's count) and builds the
:class:`~omaha8_fast.histories.ImportedHand`.

Where a site prints no uncalled bet, no total or no rake, the builder
works them out (``returned``: what the biggest contributor put in beyond
everybody else; ``total_pot``: what the players put in; ``rake``: the total
less what was paid). Where a site does not say which half of a hi/lo pot a
collection is, the builder infers it from the shown hands (:func:`halves`).
A collection's ``pot`` is the pot's name (``"pot"``, ``"main pot"``,
``"side pot-1"``), followed by ``" (hi)"`` or ``" (lo)"`` when the
collection is one half of it (:func:`pot_label`).

>>> cards("[ 2s, 9d, As ]") == cards("2s 9d AS"), cards("Ah 10d") == cards("ah Td")
(True, True)
>>> pot_label("main pot", "hi"), pot_label("side pot-1", None)
('main pot (hi)', 'side pot-1')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Callable

from ..cards import Card
from ..evaluator import evaluate_hilo
from ._model import (
    MAX_HAND_LINES,
    MAX_LINE,
    HandHistoryError,
    ImportedHand,
    Tournament,
    Unit,
    new_hand,
    parse_amount,
)

__all__ = [
    "CARD_IDS",
    "MAX_SEATS",
    "cards",
    "pot_label",
    "pot_name",
    "halves",
    "split_hands",
    "lines_of",
    "name_at_start",
    "seated_at_start",
    "player_line_problem",
    "HandBuilder",
    "checked_lines",
    "bracket_action",
    "dealing_street",
    "table_line",
    "star_section",
    "seat_parts",
    "bracket_post",
    "body_lines",
]

#: Card text -> card id (``"Ah"``, ``"AH"``, ``"ah"``: any case of rank and suit).
CARD_IDS: dict[str, int] = {str(Card(c)): c for c in range(52)}
CARD_IDS |= {k[0] + k[1].upper(): v for k, v in CARD_IDS.items()} | {k[0].lower() + k[1]: v for k, v in CARD_IDS.items()}
_CARD_WORDS = CARD_IDS | {"10" + k[1:]: v for k, v in CARD_IDS.items() if k[0] in "Tt"}  # and "10h"

#: Most seats a hand may list (no table has more than 10).
MAX_SEATS = 20
_STREET_CARDS = {"flop": 3, "turn": 4, "river": 5}
_CARDS_SEEN: dict[str, tuple[int, ...]] = {}  # card groups already read (bounded)


def cards(text: str) -> tuple[int, ...]:
    """The card ids in ``text``: cards separated by spaces and/or commas,
    brackets ignored; raises ValueError naming the first thing that is not a card."""
    out = []
    for word in text.replace("[", " ").replace("]", " ").replace(",", " ").split():
        card = _CARD_WORDS.get(word)
        if card is None:
            raise ValueError(f"{word[:20]!r} is not a card")
        out.append(card)
    return tuple(out)


def pot_label(pot: str, half: str | None) -> str:
    """The ``Collection.pot`` of a collection from ``pot`` (``"pot"``,
    ``"main pot"``, ``"side pot-1"``): ``"main pot (hi)"`` for one half."""
    return f"{pot} ({half})" if half else pot


def pot_name(hand: HandBuilder, text: str, line: int) -> str:
    """A pot as the sites name it (``pot``, ``the main pot``, ``side pot #2``,
    ``side pot # 1``, ``the side pot 1``) as the collection's pot name
    (``"pot"``, ``"main pot"``, ``"side pot-2"``); an error for anything else."""
    text = text.strip().removeprefix("the ")
    if text in ("pot", "main pot"):
        return text
    if text.startswith("side pot"):
        number = text[8:].replace("#", "").strip() or "1"
        if number.isdigit():
            return f"side pot-{number}"
    raise hand.error(f"cannot read the pot {text[:40]!r}", line)


def halves(collectors: list[str], holes: dict[str, tuple[int, ...]], board: tuple[int, ...]) -> dict[str, str]:
    """Which half of one pot each collector took, inferred from the shown hands.

    ``collectors`` took a share of the pot; each has its whole hand in
    ``holes`` or nothing is inferred. The best high hand among them won the
    high half and the best qualifying low the low half (the pot's winners
    are among its collectors): a collector who holds one of the best highs
    and none of the best lows took ``"hi"``, the other way round ``"lo"``;
    a scoop (or a pot with no low) is not a half, and is left out.

    >>> holes = {"a": cards("As Ks Qd Jd"), "b": cards("Ah 2h 9c 9d")}
    >>> halves(["a", "b"], holes, cards("Ts 3c 4d 8h Kd"))
    {'a': 'hi', 'b': 'lo'}
    """
    if len(board) != 5 or len(set(collectors)) < 2 or any(p not in holes for p in collectors):
        return {}
    try:
        values = {p: evaluate_hilo(holes[p], board) for p in dict.fromkeys(collectors)}
    except (ValueError, TypeError):
        return {}
    best_high = min(v[0] for v in values.values())
    lows = [v[1] for v in values.values() if v[1] is not None]
    if not lows:
        return {}
    best_low = min(lows)
    out = {}
    for player, (high, low) in values.items():
        is_high, is_low = high == best_high, low == best_low
        if is_high != is_low:
            out[player] = "hi" if is_high else "lo"
    return out


def _half_labels(collected: list[tuple[str, int, str, str | None, int]], holes: dict[str, tuple[int, ...]],
                 board: tuple[int, ...]) -> list[str | None]:
    """The half of each collection (``player, amount, pot, half, line``): as
    the site said, else inferred from the shown hands (:func:`halves`), else,
    for a pot one player took in two unlabelled lines (Everleaf pays a pot
    nobody contested that way), the larger is the high half (which gets the
    odd chip) and the other the low."""
    out = [c[3] for c in collected]
    pots = {c[2] for c in collected}
    for pot in pots:
        open_ = [k for k, c in enumerate(collected) if c[2] == pot and c[3] is None]
        if not open_:
            continue
        inferred = halves([collected[k][0] for k in range(len(collected)) if collected[k][2] == pot], holes, board)
        for k in open_:
            out[k] = inferred.get(collected[k][0])
        players = {collected[k][0] for k in range(len(collected)) if collected[k][2] == pot}
        if len(players) == 1 and len(open_) == 2 and not inferred:
            high, low = sorted(open_, key=lambda k: (-collected[k][1], k))
            out[high], out[low] = "hi", "lo"
    return out


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` (``\\r\\n``, ``\\r`` or ``\\n`` endings, a BOM dropped)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def split_hands(text: str, is_header: Callable[[str], bool]) -> Iterator[tuple[int, str]]:
    """The hands of ``text``: each starts on a line that ``is_header`` and
    runs to the next one (its trailing blank lines dropped), given as (its
    first line's number, counting from 1; its text). Lines before the first
    header are not a hand. The lines are visited one at a time, and a hand
    keeps at most ``MAX_HAND_LINES + 1`` lines of at most ``MAX_LINE + 1``
    characters (enough for its reader to refuse it), whatever the text holds."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start = -1
    kept: list[str] = []
    pos, number, size = 0, 0, len(text)
    while pos <= size:
        end = text.find("\n", pos)
        if end < 0:
            end = size
        number += 1
        line = text[pos:min(end, pos + MAX_LINE + 1)]
        pos = end + 1
        if is_header(line):
            if start > 0:
                yield start, _joined(kept)
            start, kept = number, []
        if start > 0 and len(kept) <= MAX_HAND_LINES:
            kept.append(line)
    if start > 0:
        yield start, _joined(kept)


def _joined(lines: list[str]) -> str:
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


#: The verbs of the lines that move chips or show cards (:meth:`HandBuilder.unread`).
_VERBS = ("wins", "shows", "collected", "collects", "posts", "calls", "bets", "raises", "folds", "checks", "mucks")
#: A win, a show, a collection, a post or an action as a line holds it after the player's name.
_PLAYER_VERBS = tuple(sep + verb for sep in (" ", ": ") for verb in (
    "wins ", "shows [", "collected ", "posts ", "folds", "checks", "calls ", "bets ", "raises "))


def player_line_problem(text: str, names: list[str]) -> str | None:
    """Why ``text``, a line its reader does not read, is a player's line the
    reader fails to see (None: it is noise, a chat line or ``NAME has timed
    out``): the name of a seated player (``names``, longest first) followed
    by a tab or another character that is not a space (``bob\\twins ...``);
    one of the verbs the readers know written in another case (``bob Wins
    ...``, ``bob SHOWS [...]``); or a win, a show, a collection, a post or an
    action (folds, checks, calls, bets, raises) of a name that is not seated.
    The readers make it an error of the hand naming the line: a payout, a
    shown hand or an action is never dropped without a word.

    >>> player_line_problem("bob\\twins $1", ["bob"]), player_line_problem("carl collected $1 from pot", ["bob"])
    ("cannot read 'bob\\\\twins $1' (a line of 'bob')", "'carl' is not seated at the table")
    >>> player_line_problem("bob has timed out", ["bob"]) is None
    True
    >>> player_line_problem("carl raises $2 to $4", ["bob"]), player_line_problem("carl folds", ["bob"])
    ("'carl' is not seated at the table", "'carl' is not seated at the table")
    """
    name = seated_at_start(text, names)
    if name is not None:
        after = text[len(name):len(name) + 1]
        rest = text[len(name) + 1:].lstrip(" ")
        word = rest.split(" ", 1)[0].rstrip(":")
        if (after and after not in " :") or (word.lower() in _VERBS and word not in _VERBS):
            return f"cannot read {text[:80]!r} (a line of {name[:40]!r})"
        return None
    for verb in _PLAYER_VERBS:
        at = text.find(verb)
        if 0 < at <= 60 and not any(c in text[:at] for c in '[("') and " said," not in text[:at] \
                and (verb[-1] == " " or verb[-1] == "[" or text[at + len(verb):at + len(verb) + 1] in ("", " ")):
            return f"{text[:at].rstrip(':')[:60]!r} is not seated at the table"
    return None


def seated_at_start(text: str, names: list[str]) -> str | None:
    """The longest of ``names`` (sorted longest first) that ``text`` starts
    with as a whole word (followed by the end or by anything but a letter,
    a digit or ``_``: a tab or a no-break space too); None if none."""
    for name in names:
        if text.startswith(name):
            after = text[len(name):len(name) + 1]
            if not after or not (after.isalnum() or after == "_"):
                return name
    return None


def name_at_start(text: str, names: list[str]) -> str | None:
    """The longest of ``names`` (sorted longest first) that ``text`` starts
    with followed by a space, a colon or the end; None if none."""
    for name in names:
        if text.startswith(name) and (len(text) == len(name) or text[len(name)] in " :"):
            return name
    return None


class HandBuilder:
    """One hand being read: the readers call its methods line by line, then
    :meth:`finish`. Every problem is a :class:`HandHistoryError` naming the
    hand and the line."""

    def __init__(self, site: str, hand_id: str, first: int) -> None:
        self.site, self.hand_id, self.first = site, hand_id, first
        self.game, self.hole_size, self.betting = "Omaha Hi/Lo", 4, "limit"
        self.unit: Unit = "chips"
        self.decimal = "."  # the decimal mark of the room's amounts (see parse_amount)
        self.currency: str | None = None
        self.symbol = ""
        self.stakes: tuple[int, int] = (0, 0)
        self.table, self.date = "", ""
        self.max_seats: int | None = None
        self.button = 0
        self.tournament: Tournament | None = None
        self.seats: list[tuple[int, str, int, bool]] = []
        self.names: list[str] = []  # longest first (see name_at_start)
        self.posts: list[tuple[Any, ...]] = []
        self.actions: list[tuple[Any, ...]] = []
        self.board: tuple[int, ...] = ()
        self.hero: str | None = None
        self.holes: dict[str, tuple[int, ...]] = {}
        self.shown: list[tuple[Any, ...]] = []
        self.mucked: list[str] = []
        self.collected: list[tuple[str, int, str, str | None, int]] = []  # player, amount, pot, half, line
        self.returned: list[tuple[str, int]] = []
        self.street = "preflop"
        self.bets: dict[str, int] = {}
        self.total: int | None = None  # as printed (None: what the players put in)
        self.rake: int | None = None  # as printed (None: the total less what was paid)

    # --- checks and amounts ---------------------------------------------------

    def error(self, message: str, line: int) -> HandHistoryError:
        return HandHistoryError(message, hand_id=self.hand_id, line=line)

    def amount(self, text: str, line: int) -> int:
        """An amount in the hand's unit and the room's decimal mark (see
        :func:`~omaha8_fast.histories._model.parse_amount`)."""
        try:
            return parse_amount(text, self.unit, self.decimal)
        except ValueError as problem:
            raise self.error(str(problem), line) from None

    def cards(self, text: str, line: int) -> tuple[int, ...]:
        found = _CARDS_SEEN.get(text)  # card groups recur from hand to hand (kept, bounded)
        if found is not None:
            return found
        try:
            found = cards(text)
        except ValueError as problem:
            raise self.error(f"bad cards [{text.strip()[:60]}]: {problem}", line) from None
        if len(_CARDS_SEEN) > 20_000:
            _CARDS_SEEN.clear()
        _CARDS_SEEN[text] = found
        return found

    def player(self, name: str, line: int) -> str:
        if name not in self.names:
            raise self.error(f"{name[:60]!r} is not seated at the table", line)
        return name

    def unread(self, text: str, line: int) -> None:
        """A line of the hand that its reader does not read: noise, or an
        error of the hand when :func:`player_line_problem` says it is a
        player's line the reader fails to see."""
        problem = player_line_problem(text, self.names)
        if problem is not None:
            raise self.error(problem, line)

    def money(self, symbol: str, currency: str | None) -> None:
        """A cash game for money in ``currency`` (``symbol`` as written), or
        chips when neither is given."""
        if symbol or currency:
            self.unit, self.symbol = "cents", symbol or {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency or "", "")
            self.currency = currency or {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol)
        else:
            self.unit, self.symbol, self.currency = "chips", "", None

    # --- what the lines say ---------------------------------------------------------

    def seat(self, number: int, name: str, stack: int, line: int, sitting_out: bool = False) -> None:
        if not name or name in self.names:
            raise self.error(f"two seats for {name[:60]!r}" if name else "a seat without a name", line)
        if len(self.seats) >= MAX_SEATS:
            raise self.error(f"more than {MAX_SEATS} seats", line)
        if any(s[0] == number for s in self.seats):
            raise self.error(f"seat {number} is listed twice", line)
        self.seats.append((number, name, stack, sitting_out))
        self.names.append(name)
        self.names.sort(key=len, reverse=True)

    def post(self, name: str, kind: str, amount: int, line: int, all_in: bool = False, dead: int = 0) -> None:
        """A forced bet: ``dead`` of it does not count as a bet."""
        self.player(name, line)
        if any(p[0] == name and p[1] == kind for p in self.posts):
            raise self.error(f"{name[:60]} posts the {kind} twice", line)
        if kind in ("small blind", "big blind", "small & big blinds", "straddle"):
            self.bets[name] = self.bets.get(name, 0) + amount - dead
        self.posts.append((name, kind, amount, all_in, dead, line))

    def stakes_from_posts(self) -> None:
        """For a header that prints no stakes: the first small and big blinds
        posted (limit games: the small and big bets, the big blind and twice it)."""
        if self.stakes != (0, 0):
            return
        first: dict[str, int] = {}
        for post in self.posts:
            first.setdefault(post[1], post[2])
        small, big = first.get("small blind", 0), first.get("big blind", 0)
        self.stakes = (big, 2 * big) if self.betting == "limit" else (small, big)

    def big_blind(self) -> int:
        """The big blind: the first one posted, else the stakes' (the small bet in limit games)."""
        for post in self.posts:
            if post[1] == "big blind":
                return int(post[2])
        return self.stakes[0] if self.betting == "limit" else self.stakes[1]

    def act(self, name: str, kind: str, line: int, value: int = 0, all_in: bool = False, to: bool = True) -> None:
        """A voluntary action. ``value``: the chips added (a call, a bet, a
        raise with ``to=False``) or the street bet reached (a raise with ``to``)."""
        self.player(name, line)
        if self.street == "showdown":
            raise self.error(f"{name} acts after the showdown", line)
        before = self.bets.get(name, 0)
        if kind in ("fold", "check"):  # a check all-in: left in, all-in for what they have put in
            self.actions.append((self.street, name, kind, 0, 0, all_in and kind == "check", line))
            return
        if kind == "raise":
            reached = value if to else before + value
            added = reached - before
            if added <= 0 or reached <= max(self.bets.values(), default=0):
                raise self.error(f"a raise to {reached} does not raise the bet", line)
            self.bets[name] = reached
            self.actions.append((self.street, name, "raise", reached, added, all_in, line))
            return
        if value <= 0:
            raise self.error(f"a {kind} of nothing", line)
        self.bets[name] = before + value
        self.actions.append((self.street, name, kind, value, value, all_in, line))

    def all_in(self, name: str, added: int, line: int) -> None:
        """An all-in that says only the chips added: a bet, a call or a raise
        by what it does to the street's bet."""
        self.player(name, line)
        high = max(self.bets.values(), default=0)
        reached = self.bets.get(name, 0) + added
        if added <= 0:
            raise self.error("an all-in of nothing", line)
        if high == 0 and self.street != "preflop":
            self.act(name, "bet", line, added, True)
        elif reached <= high:
            self.act(name, "call", line, added, True)
        else:
            self.act(name, "raise", line, reached, True)

    def street_cards(self, street: str, dealt: tuple[int, ...], line: int) -> None:
        """A new street; ``dealt`` its new card(s), or the whole board so far."""
        want = _STREET_CARDS[street]
        board = dealt if len(dealt) == want else self.board + dealt
        if len(board) != want or board[: len(self.board)] != self.board:
            raise self.error(f"the {street} needs {want} board cards, this makes {len(board)}", line)
        self._clash(board[len(self.board):], None, line)
        self.board = board
        self.street = street
        self.bets = {}

    def show(self, name: str, shown: tuple[int, ...], line: int, description: str | None = None) -> None:
        self.player(name, line)
        if len(shown) != self.hole_size:
            raise self.error(f"{name} shows {len(shown)} cards in a {self.hole_size}-card game", line)
        self._clash(shown, name, line)
        self.holes[name] = shown
        self.shown = [s for s in self.shown if s[0] != name]
        self.shown.append((name, shown, description or None, 1, line, len(self.board) if self.street != "showdown" else 5))

    def hole(self, name: str, held: tuple[int, ...], line: int, hero: bool = False) -> None:
        self.player(name, line)
        if len(held) != self.hole_size:
            raise self.error(f"{name} has {len(held)} hole cards in a {self.hole_size}-card game", line)
        self._clash(held, name, line)
        self.holes[name] = held
        if hero and self.hero is None:
            self.hero = name

    def _clash(self, new: tuple[int, ...], owner: str | None, line: int) -> None:
        """Refuse ``new`` cards (``owner``'s, or the board's) that are already dealt elsewhere."""
        seen = set(self.board)
        for name, held in self.holes.items():
            if name != owner:
                seen.update(held)
        if seen.isdisjoint(new) and len(set(new)) == len(new):
            return
        for k, card in enumerate(new):
            if card in seen or card in new[:k]:
                raise self.error(f"the card {Card(card)} is dealt twice", line)

    def muck(self, name: str, line: int) -> None:
        if self.player(name, line) not in self.mucked:
            self.mucked.append(name)

    def collect(self, name: str, amount: int, pot: str, line: int, half: str | None = None) -> None:
        self.collected.append((self.player(name, line), amount, pot, half, line))

    def give_back(self, name: str, amount: int, line: int) -> None:
        self.returned.append((self.player(name, line), amount))

    # --- the hand ---------------------------------------------------------------

    def _collectors(self) -> set[str]:
        """The players paid from a pot (one who "does not show" and is paid did not muck)."""
        return {c[0] for c in self.collected}

    def contributions(self) -> dict[str, int]:
        put: dict[str, int] = {}
        for post in self.posts:
            put[post[0]] = put.get(post[0], 0) + post[2]
        for action in self.actions:
            put[action[1]] = put.get(action[1], 0) + action[4]
        for name, value in self.returned:
            put[name] = put.get(name, 0) - value
        return put

    def infer_returned(self, paid_with_pot: bool | None) -> None:
        """For a site that prints no uncalled bets: what the biggest
        contributor put in beyond everybody else goes back to them.

        Such a site may pay it back inside the winner's collection
        (PartyPoker: ``wins $5.18 USD`` after a raise nobody called is the
        pot after rake *and* the raise; or a "side pot" of just the part
        nobody called): with ``paid_with_pot`` the part given back is taken
        out of the player's collection of exactly that amount, else of their
        largest one; with None only when the collections hold more than the
        pot without it."""
        put = sorted(self.contributions().items(), key=lambda item: -item[1])
        excess = put[0][1] - (put[1][1] if len(put) > 1 else 0) if put else 0
        if excess <= 0:
            return
        name = put[0][0]
        self.returned.append((name, excess))
        mine = [k for k, c in enumerate(self.collected) if c[0] == name]
        if not mine:
            return
        pot = sum(v for _, v in put) - excess
        if paid_with_pot is None:
            paid_with_pot = sum(c[1] for c in self.collected) > pot
        if paid_with_pot:  # a collection of exactly the uncalled bet is it (PartyPoker calls it "the side pot 1")
            k = next((k for k in mine if self.collected[k][1] == excess), max(mine, key=lambda k: self.collected[k][1]))
            player, value, label, half, line = self.collected[k]
            if value < excess:
                raise self.error(f"{player} collects {value}, less than their uncalled {excess}", line)
            self.collected[k] = (player, value - excess, label, half, line)
            if value == excess:
                del self.collected[k]

    def finish(self) -> ImportedHand:
        """The hand (``total`` and ``rake`` as printed, else worked out; the
        seats in the order of their numbers, as they sit, whatever order
        the site listed them in)."""
        total, rake = self.total, self.rake
        if len(self.seats) < 2:
            raise self.error("fewer than two seated players", self.first)
        if not self.collected:
            raise self.error("nobody collects anything (is the hand cut short?)", self.first)
        known = [c for held in self.holes.values() for c in held] + list(self.board)
        if len(set(known)) != len(known):
            twice = next(c for c in known if known.count(c) > 1)
            raise self.error(f"the card {Card(twice)} is dealt twice", self.first)
        put = self.contributions()
        if any(v < 0 for v in put.values()):
            raise self.error("more is returned to a player than they put in", self.first)
        if total is None:
            total = sum(put.values())
        paid = sum(c[1] for c in self.collected)
        if rake is None:
            rake = max(0, total - paid)
        labels = _half_labels(self.collected, self.holes, self.board)
        collected = tuple(
            (player, value, pot_label(pot, labels[k]), 1, line)
            for k, (player, value, pot, _, line) in enumerate(self.collected)
        )
        return new_hand(
            self.site, self.hand_id, self.game, self.hole_size, self.betting, self.unit, self.currency, self.symbol,
            self.stakes, self.table, self.max_seats, self.button, tuple(sorted(self.seats)), tuple(self.posts),
            tuple(self.actions), (self.board,) if self.board else (), self.hero, dict(self.holes), tuple(self.shown),
            tuple(m for m in self.mucked if m not in self._collectors()), collected, tuple(self.returned), total, rake,
            (), self.date, None,
            self.tournament, False, self.first,
        )


def checked_lines(text: str, first: int, hand_id: str) -> list[str]:
    """The lines of one hand, refused when it is too long or a line is."""
    lines = lines_of(text)
    if len(lines) > MAX_HAND_LINES:
        raise HandHistoryError(f"the hand has more than {MAX_HAND_LINES} lines", hand_id=hand_id, line=first)
    for k, line in enumerate(lines):
        if len(line) > MAX_LINE:
            raise HandHistoryError(f"line longer than {MAX_LINE} characters", hand_id=hand_id, line=first + k)
    return lines


_DEALING = {"** Dealing Flop **": "flop", "** Dealing Turn **": "turn", "** Dealing River **": "river"}


def dealing_street(hand: HandBuilder, text: str, line: int) -> bool:
    """``** Dealing Flop ** [ 2s, 9d, As ]`` (PartyPoker, Everleaf): a new
    street; False for a line that is no such marker."""
    head, bracket, cards_text = text.partition(" [")
    street = _DEALING.get(head)
    if street is None:
        return False
    if not bracket or not cards_text.endswith("]"):
        raise hand.error(f"no cards on {text[:60]!r}", line)
    hand.street_cards(street, hand.cards(cards_text, line), line)
    return True


def bracket_action(hand: HandBuilder, name: str, verb: str, line: int) -> bool:
    """An action as PartyPoker and Everleaf write it, ``folds``, ``checks``,
    ``calls [$1 USD]``, ``bets [$1 USD]``, ``raises [$3 USD]`` (the chips
    this raise adds), ``is all-In  [$5 USD]`` (the chips added, whatever it
    does to the bet); False for a verb that is none of them. A known verb
    that cannot be read is an error."""
    word, _, rest = verb.partition(" ")
    if word in ("folds", "checks"):
        if rest:
            raise hand.error(f"cannot read {name} {verb[:60]!r}", line)
        hand.act(name, "fold" if word == "folds" else "check", line)
        return True
    if word == "is" and rest.lower().startswith("all-in"):
        word, rest = "all-in", rest[6:]
    if word not in ("calls", "bets", "raises", "all-in"):
        return False
    rest = rest.strip()
    if not (rest.startswith("[") and rest.endswith("]")):
        raise hand.error(f"cannot read {name} {verb[:60]!r}", line)
    value = hand.amount(rest, line)
    if word == "all-in":
        hand.all_in(name, value, line)
    elif word == "raises":
        hand.act(name, "raise", line, value, to=False)
    else:
        hand.act(name, "call" if word == "calls" else "bet", line, value)
    return True


def table_line(hand: HandBuilder, text: str, line: int) -> bool:
    """The lines PartyPoker and Everleaf share before and around the deal:
    ``Seat N is the button``, ``Total number of players : 3/9``, the seats
    (``Seat 1: NAME ( $2.06 USD )``; ``( new player )`` is not dealt in),
    ``** Dealing ... **`` and ``Dealt to NAME [ cards ]``; False for any other line."""
    if text.startswith("Seat ") and text.endswith(" is the button"):
        seat = text[5:-14]
        if not seat.isdigit():
            raise hand.error(f"cannot read {text[:60]!r}", line)
        hand.button = int(seat)
    elif text.startswith("Total number of players"):
        most = text.rpartition("/")[2].strip()
        if "/" in text and most.isdigit():
            hand.max_seats = int(most)
    elif text.startswith("Seat ") and text.endswith(")") and not hand.posts and hand.street == "preflop":
        place, name, inside = seat_parts(hand, text, line)
        if inside.strip() != "new player":  # waiting for the next hand: not dealt in
            hand.seat(place, name, hand.amount(inside, line), line)
    elif text.startswith("** "):
        if text != "** Dealing down cards **" and not dealing_street(hand, text, line):
            raise hand.error(f"unknown section {text[:40]!r}", line)
    elif text.startswith("Dealt to "):
        at = text.find(" [")
        if at > 0 and text.endswith("]"):
            hand.hole(text[9:at], hand.cards(text[at:], line), line, hero=True)
    else:
        return False
    return True


_STAR_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}


def star_section(hand: HandBuilder, text: str, line: int) -> str | None:
    """A ``*** NAME *** [cards] (...)`` line (Full Tilt, Bovada): ``"hole
    cards"``, ``"summary"`` or the street it deals (its cards read); None
    for another name (the caller's to read)."""
    end = text.find(" ***", 4)
    name = text[4:end] if end > 0 else text[4:]
    if name == "HOLE CARDS":
        return "hole cards"
    if name == "SUMMARY":
        return "summary"
    street = _STAR_STREETS.get(name)
    if street is None:
        return None
    hand.street_cards(street, hand.cards(text[end + 4:].split("(", 1)[0] if end > 0 else "", line), line)
    return street


def seat_parts(hand: HandBuilder, text: str, line: int) -> tuple[int, str, str]:
    """``Seat N: NAME (INSIDE)`` as (N, NAME, INSIDE): the name runs to the last ``(``."""
    seat, colon, rest = text[5:].partition(": ")
    open_ = rest.rfind("(")
    if not colon or not seat.isdigit() or open_ < 0 or not text.endswith(")"):
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    return int(seat), rest[:open_].strip(), rest[open_ + 1:-1]


def bracket_post(hand: HandBuilder, name: str, rest: str, line: int, both: str) -> None:
    """``small blind [$0.25 USD]``, ``big blind [...]``, ``ante [...]`` or
    ``both`` (the site's words for a dead small blind posted with the big:
    its part beyond the big blind is dead), after ``NAME posts``."""
    kind, _, amount = rest.partition(" [")
    value = hand.amount("[" + amount, line)
    if kind in ("small blind", "big blind"):
        hand.post(name, kind, value, line)
    elif kind == both:
        hand.post(name, "small & big blinds", value, line, dead=max(0, value - hand.big_blind()))
    elif kind == "ante":
        hand.post(name, "ante", value, line, dead=value)
    else:
        raise hand.error(f"unknown post {rest[:60]!r}", line)


def body_lines(lines: list[str], first: int) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a hand's body, stripped, with their numbers
    (``lines[0]`` is line ``first``); a no-break space is a space (text
    copied from a web page has them for spaces; any other character after a
    player's name is an error: :meth:`HandBuilder.unread`)."""
    for number, text in enumerate(lines, first):
        text = text.strip()
        if text:
            yield number, text.replace("\xa0", " ") if "\xa0" in text else text
