"""The data model of imported hand histories (see :mod:`omaha8_fast.histories`).

Every amount is an ``int`` in the hand's smallest unit: cents for a cash game
played for money (``unit == "cents"``), chips for tournaments and play money
(``unit == "chips"``). Nothing here is ever a float.

>>> parse_amount("$1.05", "cents"), parse_amount("€20", "cents"), parse_amount("1,500", "chips")
(105, 2000, 1500)
>>> format_amount(105, "cents", "$"), format_amount(2000, "cents", "$"), format_amount(1500, "chips", "")
('$1.05', '$20', '1500')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .._hooks import IMPORTED_HAND
from ..cards import Card

if TYPE_CHECKING:
    from ..engine import Hand

__all__ = [
    "HandHistoryError",
    "Seat",
    "Post",
    "PlayerAction",
    "Collection",
    "ShownHand",
    "Tournament",
    "ImportedHand",
    "Unit",
    "parse_amount",
    "AMOUNT_WORDS",
    "decimal_mark",
    "AMOUNT_SYMBOLS",
    "format_amount",
    "MAX_LINE",
    "MAX_HAND_LINES",
    "MAX_HAND_CHARS",
    "records",
    "stored",
    "stored_holes",
    "new_hand",
    "board_problem",
    "repeated_post",
]

Unit = Literal["cents", "chips"]

#: Longest line the parsers accept (characters); longer ones are an error, not a slowdown.
MAX_LINE = 4096
#: Most lines one hand may have (a real one has well under 200).
MAX_HAND_LINES = 2000
#: Most characters one hand may have when read by ``parse``/``read`` (a real one has well under 20,000).
MAX_HAND_CHARS = 1 << 20
_MAX_AMOUNT = 10**15  # amounts above this are not real; refuse them instead of carrying huge ints


class HandHistoryError(ValueError):
    """A hand history the parser cannot understand.

    ``hand_id`` is the site's hand number (None if the header itself was not
    readable) and ``line`` the 1-based line number in the input.

    >>> str(HandHistoryError("bad amount 'x'", hand_id="123", line=7))
    "hand 123, line 7: bad amount 'x'"

    ``path`` names the file when the hand came from a file of a directory
    (or any named file) read by :func:`omaha8_fast.histories.read`.
    """

    path: str | None = None

    def __init__(self, message: str, *, hand_id: str | None = None, line: int | None = None) -> None:
        where = []
        if hand_id is not None:
            where.append(f"hand {hand_id}")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.message = message
        self.hand_id = hand_id
        self.line = line


#: The currency words an amount may end with (``$ 0.50 USD``, ``1,500 Chips``).
AMOUNT_WORDS = ("USD", "EUR", "EURO", "GBP", "CAD", "INR", "CNY", "Chips", "chips", "T$")
#: The currency symbols an amount may start or end with.
AMOUNT_SYMBOLS = "$€£¥₹"
_AMOUNT_CACHE: dict[str, dict[str, int]] = {}  # amounts already read, by unit and decimal mark (bounded)


def parse_amount(text: str, unit: Unit, decimal: str = ".") -> int:
    """An amount as a site writes it, in the hand's smallest unit: the one
    amount parser of every reader (never a float).

    ``decimal`` is the room's decimal mark, which the reader knows (never
    guessed amount by amount): with ``"."`` a comma or a space groups the
    thousands (``$1,000.50``), with ``","`` a point or a space does
    (``1.000,50 €``); a separator anywhere but between groups of three
    digits is an error (so ``$0,10`` in a room writing ``$0.10`` is refused,
    never read as 10 dollars). Brackets, spaces, currency symbols before or
    after and currency words after (``[$ 0.50 USD]``, ``( €2 EUR )``,
    ``0,05 €``, ``1,500 Chips``) are dropped. Raises ValueError on anything
    else.

    >>> parse_amount("[$ 1,000.50 USD]", "cents"), parse_amount("0,05 €", "cents", ","), parse_amount("1 500", "chips")
    (100050, 5, 1500)
    >>> parse_amount("$0,10", "cents")
    Traceback (most recent call last):
    ...
    ValueError: bad amount '$0,10' (the room writes 1,234.56)
    """
    cache = _AMOUNT_CACHE.get(unit + decimal)
    if cache is None:
        if decimal not in (".", ","):
            raise ValueError(f"the decimal mark is '.' or ',', not {decimal!r}")
        cache = _AMOUNT_CACHE[unit + decimal] = {}
    value = cache.get(text)
    if value is None:
        value = _amount(text, unit, decimal)
        if len(cache) > 20_000:
            cache.clear()
        cache[text] = value
    return value


def decimal_mark(stakes: str) -> str:
    """The decimal mark of a hand whose header writes its stakes as
    ``stakes`` (``0.25/0.50``, ``0,05€/0,10€``, ``1,000/2,000``): ``","``
    when a number there ends in a comma and one or two digits and none has
    a point, else ``"."``. A reader of a room that writes both asks this
    once per hand; every amount of the hand is then read with it.

    >>> decimal_mark("(0,05€/0,10€)"), decimal_mark("($0.25/$0.50)"), decimal_mark("(1,000/2,000)")
    (',', '.', '.')
    """
    if "," not in stakes or "." in stakes:
        return "."
    for part in stakes.replace("/", " ").replace("(", " ").replace(")", " ").split():
        digits = part.strip(AMOUNT_SYMBOLS)
        whole, comma, frac = digits.rpartition(",")
        if comma and 1 <= len(frac) <= 2 and frac.isdigit():
            return ","
    return "."


def _amount(text: str, unit: Unit, decimal: str) -> int:
    """:func:`parse_amount` (without its cache)."""
    s = text.strip().replace("\xa0", " ").strip("[]()").strip()
    for word in AMOUNT_WORDS:
        if s.endswith(word):
            s = s[: -len(word)].rstrip()
            break
    s = s.strip(AMOUNT_SYMBOLS + " ")
    if not s or len(s) > 30:
        raise ValueError(f"bad amount {text!r}")
    whole, dot, frac = s.rpartition(decimal) if decimal in s else (s, "", "")
    if " " in whole or (("," if decimal == "." else ".") in whole):
        groups = whole.replace(" ", "," if decimal == "." else ".").split("," if decimal == "." else ".")
        if not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
            grouped = "1,234.56" if decimal == "." else "1.234,56"
            raise ValueError(f"bad amount {text!r} (the room writes {grouped})")
        whole = "".join(groups)
    if whole == "" and dot:
        whole = "0"
    if not (whole.isascii() and whole.isdigit()) or (dot and not (frac.isascii() and frac.isdigit())):
        raise ValueError(f"bad amount {text!r}")
    if unit == "chips":
        if dot and frac.strip("0"):
            raise ValueError(f"bad amount {text!r}: chips are whole")
        value = int(whole)
    else:
        if len(frac) > 2:
            if frac[2:].strip("0"):
                raise ValueError(f"bad amount {text!r}: more than two decimals")
            frac = frac[:2]
        value = int(whole) * 100 + (int(frac.ljust(2, "0")) if frac else 0)
    if value > _MAX_AMOUNT:
        raise ValueError(f"amount {text!r} is too large")
    return value


def board_problem(boards: tuple[tuple[Any, ...], ...], courchevel: bool = False) -> str | None:
    """What is wrong with a hand's ``boards`` (None: nothing): one board of
    0, 3, 4 or 5 cards (or 1, the flop's first card, in Courchevel, which
    shows it before the pre-flop betting), or, for a hand run twice, two
    boards of 5 cards each, which differ (the second run deals its own cards).

    >>> board_problem(((1, 2, 3),)), board_problem(((1, 2, 3, 4, 5), (1, 2, 3)))
    (None, 'a hand run twice needs two boards of 5 cards, not 5 and 3')
    """
    if len(boards) > 2:
        return f"{len(boards)} boards (at most two: a hand run twice)"
    if len(boards) == 2:
        first, second = boards
        if len(first) != 5 or len(second) != 5:
            return f"a hand run twice needs two boards of 5 cards, not {len(first)} and {len(second)}"
        if tuple(first) == tuple(second):
            return "the two boards of a hand run twice are the same"
        return None
    if boards and len(boards[0]) not in ((0, 1, 3, 4, 5) if courchevel else (0, 3, 4, 5)):
        return f"a board of {len(boards[0])} cards"
    return None


def repeated_post(posts: Any) -> tuple[Any, ...] | None:
    """The first post record (``(player, kind, amount, all_in, dead, line,
    ...)``) that repeats an earlier post of the same kind by the same player
    (a blind posted twice: no site's format has that), or None.

    >>> repeated_post([("a", "small blind", 1, False, 0, 5), ("b", "big blind", 2, False, 0, 6)]) is None
    True
    >>> repeated_post([("b", "big blind", 2, False, 0, 6), ("b", "big blind", 2, False, 0, 7)])[5]
    7
    """
    seen = set()
    for post in posts:
        key = (post[0], post[1])
        if key in seen:
            return tuple(post)
        seen.add(key)
    return None


def format_amount(value: int, unit: Unit, symbol: str = "") -> str:
    """``value`` written the way PokerStars writes it: ``$1.05``, ``$20``, ``1500``."""
    if unit == "chips":
        return f"{symbol}{value}"
    whole, cents = divmod(value, 100)
    return f"{symbol}{whole}" if cents == 0 else f"{symbol}{whole}.{cents:02d}"


class Seat(NamedTuple):
    """A seat at the table: its number, the player's name and stack before the hand."""

    number: int
    name: str
    stack: int
    sitting_out: bool = False


class Post(NamedTuple):
    """A forced bet: ``kind`` is ``"small blind"``, ``"big blind"``,
    ``"small & big blinds"`` (a dead small blind plus the big blind, ``dead``
    the part that does not count as a bet), ``"ante"`` or ``"straddle"``."""

    player: str
    kind: str
    amount: int
    all_in: bool = False
    dead: int = 0
    line: int = 0


class PlayerAction(NamedTuple):
    """A voluntary action. ``kind``: fold, check, call, bet, raise.

    ``amount`` is what the site wrote: the chips added for a call or a bet,
    the total street bet reached ("to") for a raise; ``added`` is always the
    chips this action put in. A check with ``all_in`` is a player left in
    the hand all-in for what they have put in so far, whatever their stack
    (a disconnected player's all-in protection: WPN's ``is disconnected and
    ALL IN``); they act no more."""

    street: str
    player: str
    kind: str
    amount: int
    added: int
    all_in: bool
    line: int


class Collection(NamedTuple):
    """A ``collected`` line: who took how much from which pot (``"pot"``,
    ``"main pot"``, ``"side pot-1"``, ...) on which run (1, or 2 when run twice)."""

    player: str
    amount: int
    pot: str
    run: int
    line: int


class ShownHand(NamedTuple):
    """A hand shown at showdown (or after winning, or when all-in before the
    board is out): its cards, the site's description as written (None if it
    wrote none), the run it was shown for, its line, and how many board cards
    were out when it was shown (what the description describes)."""

    player: str
    cards: tuple[Card, ...]
    description: str | None
    run: int
    line: int
    board_cards: int = 5


class Tournament(NamedTuple):
    """Tournament information from the header: id, buy-in text and level text."""

    id: str
    buy_in: str
    level: str


@dataclass(eq=True, slots=True)
class ImportedHand:
    """One hand read from a site's hand history.

    Amounts are ints in ``unit`` (see the module docstring). ``boards`` has
    one board, or two when the hand was run twice; ``hole_cards`` maps each
    player whose cards are known (the hero's dealt cards, shown and mucked
    hands) to them; ``descriptions`` keeps the site's text for every shown
    hand; ``returned`` the uncalled bets given back.
    """

    site: str
    hand_id: str
    game: str
    hole_size: int
    betting: str
    unit: Unit
    currency: str | None
    symbol: str
    stakes: tuple[int, int]
    table: str
    max_seats: int | None
    button_seat: int
    seats: tuple[Seat, ...]
    posts: tuple[Post, ...]
    actions: tuple[PlayerAction, ...]
    boards: tuple[tuple[Card, ...], ...]
    hero: str | None
    hole_cards: dict[str, tuple[Card, ...]]
    shown: tuple[ShownHand, ...]
    mucked: tuple[str, ...]
    collected: tuple[Collection, ...]
    returned: tuple[tuple[str, int], ...]
    total_pot: int
    rake: int
    pot_breakdown: tuple[int, ...]
    date: str = ""
    mixed: str | None = None
    tournament: Tournament | None = None
    cashed_out: bool = False
    first_line: int = 1

    @property
    def run_twice(self) -> bool:
        """Whether the hand was run twice (two boards)."""
        return len(stored(self, "boards")) == 2

    @property
    def board(self) -> tuple[Card, ...]:
        """The (first) board."""
        return self.boards[0] if self.boards else ()

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(s.name for s in self.seats)

    def seat_of(self, name: str) -> Seat:
        """The seat of the player called ``name``."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    @property
    def paid(self) -> dict[str, int]:
        """What the site paid each player from the pots (uncalled bets not included)."""
        out: dict[str, int] = {}
        for c in records(self, "collected"):  # (player, amount, pot, run, line)
            out[c[0]] = out.get(c[0], 0) + c[1]
        return out

    def to_phh(self) -> str:
        """This hand in pokerkit's PHH format (see :func:`omaha8_fast.histories.to_phh`)."""
        result: str = IMPORTED_HAND("to_phh")(self)
        return result

    def to_json(self) -> str:
        """This hand as JSON (see :func:`omaha8_fast.histories.to_json`)."""
        result: str = IMPORTED_HAND("to_json")(self)
        return result

    def to_engine(self) -> Hand:
        """The hand replayed in the engine (see :func:`omaha8_fast.histories.to_engine`)."""
        result: Hand = IMPORTED_HAND("to_engine")(self)
        return result

    def audit(self) -> object:
        """The payout audit, an :class:`~omaha8_fast.histories.Audit` (see
        :func:`omaha8_fast.histories.audit`, which is typed as returning it:
        this module is below the audit's)."""
        result: object = IMPORTED_HAND("audit")(self)
        return result


_CARDS = tuple(Card(c) for c in range(52))


def _as_cards(ids: tuple[Any, ...]) -> tuple[Card, ...]:
    """Card ids as Cards (Cards stay as they are)."""
    return tuple(map(_CARDS.__getitem__, ids)) if ids and type(ids[0]) is int else ids


class _Records:
    """The descriptor of an :class:`ImportedHand` field the reader stores in
    a compact form: the records (``seats``, ``posts``, ``actions``,
    ``shown``, ``collected``), ``boards`` and ``hole_cards``.

    Named tuples and :class:`~omaha8_fast.cards.Card` objects are always
    tracked by the garbage collector, and so are the tuples holding them;
    hands kept by the thousand made every collection slow. The reader stores
    each record as a plain tuple of atomic values and cards as plain ids,
    which the collector stops tracking. The named tuples (:class:`Seat`,
    :class:`PlayerAction`, ...) and the Cards are built from them, once, on
    the first read of the attribute: what callers see is always that form.
    :func:`records` and :func:`stored` give the stored form (the same fields
    in the same order; cards as ints or Cards) without building anything.
    Two fields are stored flat, so that a hand holds no tuple nested more
    than two deep (the collector untracks one level per pass, and a hand
    reaching the oldest generation still tracked makes full collections
    come sooner): ``shown`` as ``(player, description, run, line,
    board_cards, *cards)`` records, which :func:`records` turns back into
    the named tuple's order, and ``hole_cards`` as ``(name, count, *cards,
    name, ...)``, which :func:`stored_holes` reads as a dict.
    """

    __slots__ = ("slot", "build")

    def __init__(self, slot: Any, build: Any) -> None:
        self.slot, self.build = slot, build

    def __get__(self, hand: Any, owner: Any = None) -> Any:
        if hand is None:
            return self
        value = self.slot.__get__(hand, owner)
        built = self.build(value)
        if built is not value:
            self.slot.__set__(hand, built)
        return built

    def __set__(self, hand: Any, value: Any) -> None:
        self.slot.__set__(hand, value)


def _records_of(kind: Any) -> Any:
    def build(value: Any) -> Any:
        if value and type(value[0]) is tuple:
            new = tuple.__new__
            return tuple([new(kind, r) for r in value])
        return value
    return build


def _build_shown(value: Any) -> Any:
    if value and type(value[0]) is tuple:
        new = tuple.__new__
        if type(value[0][1]) is not tuple:  # the reader's flat records (see _flat_shown)
            return tuple([new(ShownHand, (r[0], _as_cards(r[5:])) + r[1:5]) for r in value])
        return tuple([new(ShownHand, (r[0], _as_cards(r[1])) + r[2:]) for r in value])
    return value


def _flat_shown(value: Any) -> Any:
    """The shown records in the named tuple's order, from the reader's flat
    records ``(player, description, run, line, board_cards, *card ids)``
    (one level of tuples, which the collector stops tracking at once)."""
    if value and type(value[0]) is tuple and type(value[0][1]) is not tuple:
        return tuple([(r[0], r[5:]) + r[1:5] for r in value])
    return value


def _build_boards(value: Any) -> Any:
    if value and value[0] and type(value[0][0]) is int:
        return tuple([_as_cards(board) for board in value])
    return value


def _holes_dict(value: tuple[Any, ...]) -> dict[str, tuple[Any, ...]]:
    """The reader's flat hole cards, ``(name, count, *card ids, name, ...)``, as a dict."""
    if not value:
        return {}
    step = value[1] + 2
    if len(value) % step == 0 and value[1::step].count(value[1]) == len(value) // step:  # every hole of one size
        return {value[i]: value[i + 2:i + step] for i in range(0, len(value), step)}
    out: dict[str, tuple[Any, ...]] = {}
    i = 0
    while i < len(value):
        count = value[i + 1]
        out[value[i]] = value[i + 2:i + 2 + count]
        i += 2 + count
    return out


def _build_holes(value: Any) -> Any:
    if type(value) is tuple:  # the reader's flat form (see _holes_dict)
        return {name: _as_cards(cards) for name, cards in _holes_dict(value).items()}
    for cards in value.values():
        if cards and type(cards[0]) is int:
            return {name: _as_cards(cards) for name, cards in value.items()}
        break
    return value


_BUILDERS = {
    "seats": _records_of(Seat), "posts": _records_of(Post), "actions": _records_of(PlayerAction),
    "shown": _build_shown, "collected": _records_of(Collection), "boards": _build_boards, "hole_cards": _build_holes,
}
_SLOTS: dict[str, Any] = {}
for _name, _build in _BUILDERS.items():
    _SLOTS[_name] = ImportedHand.__dict__[_name]
    setattr(ImportedHand, _name, _Records(_SLOTS[_name], _build))


_SET_SEATS = _SLOTS["seats"].__set__
_SET_POSTS = _SLOTS["posts"].__set__
_SET_ACTIONS = _SLOTS["actions"].__set__
_SET_SHOWN = _SLOTS["shown"].__set__
_SET_COLLECTED = _SLOTS["collected"].__set__
_SET_BOARDS = _SLOTS["boards"].__set__
_SET_HOLE_CARDS = _SLOTS["hole_cards"].__set__


def new_hand(
    site: Any,
    hand_id: Any,
    game: Any,
    hole_size: Any,
    betting: Any,
    unit: Any,
    currency: Any,
    symbol: Any,
    stakes: Any,
    table: Any,
    max_seats: Any,
    button_seat: Any,
    seats: Any,
    posts: Any,
    actions: Any,
    boards: Any,
    hero: Any,
    hole_cards: Any,
    shown: Any,
    mucked: Any,
    collected: Any,
    returned: Any,
    total_pot: Any,
    rake: Any,
    pot_breakdown: Any,
    date: Any,
    mixed: Any,
    tournament: Any,
    cashed_out: Any,
    first_line: Any,
) -> ImportedHand:
    """``ImportedHand(...)`` (all the fields, in order) without the cost of
    the records' descriptors (see :class:`_Records`): the reader makes hands
    by the hundred thousand.

    >>> from omaha8_fast.histories import parse_pokerstars
    >>> [hand] = parse_pokerstars("PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET\\n"
    ...     "Table 'T' Seat #1 is the button\\nSeat 1: a (10 in chips)\\nSeat 2: b (10 in chips)\\n"
    ...     "a: posts small blind 1\\nb: posts big blind 2\\n*** HOLE CARDS ***\\na: folds\\n"
    ...     "Uncalled bet (1) returned to b\\nb collected 2 from pot\\n*** SUMMARY ***\\nTotal pot 2 | Rake 0")
    >>> from dataclasses import fields
    >>> values = [getattr(hand, f.name) for f in fields(ImportedHand)]
    >>> new_hand(*values) == ImportedHand(*values) == hand
    True
    """
    hand: ImportedHand = object.__new__(ImportedHand)
    hand.site = site
    hand.hand_id = hand_id
    hand.game = game
    hand.hole_size = hole_size
    hand.betting = betting
    hand.unit = unit
    hand.currency = currency
    hand.symbol = symbol
    hand.stakes = stakes
    hand.table = table
    hand.max_seats = max_seats
    hand.button_seat = button_seat
    _SET_SEATS(hand, seats)
    _SET_POSTS(hand, posts)
    _SET_ACTIONS(hand, actions)
    _SET_BOARDS(hand, boards)
    hand.hero = hero
    _SET_HOLE_CARDS(hand, hole_cards)
    _SET_SHOWN(hand, shown)
    hand.mucked = mucked
    _SET_COLLECTED(hand, collected)
    hand.returned = returned
    hand.total_pot = total_pot
    hand.rake = rake
    hand.pot_breakdown = pot_breakdown
    hand.date = date
    hand.mixed = mixed
    hand.tournament = tournament
    hand.cashed_out = cashed_out
    hand.first_line = first_line
    return hand


def stored(hand: ImportedHand, name: str) -> Any:
    """The field ``name`` of ``hand`` as stored (see :class:`_Records`):
    for ``boards`` and ``hole_cards``, cards as ids or as Cards (and
    ``hole_cards`` a dict or the reader's flat tuple: see
    :func:`stored_holes`)."""
    return _SLOTS[name].__get__(hand, ImportedHand)


def stored_holes(hand: ImportedHand) -> dict[str, tuple[Any, ...]]:
    """``hand.hole_cards`` as stored (see :class:`_Records`), as a dict
    (the reader stores them flat, ``(name, count, *card ids, name, ...)``,
    one level of tuples; cards as ids or Cards).

    >>> from omaha8_fast.histories import parse_pokerstars
    >>> [hand] = parse_pokerstars("PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET\\n"
    ...     "Table 'T' Seat #1 is the button\\nSeat 1: a (10 in chips)\\nSeat 2: b (10 in chips)\\n"
    ...     "a: posts small blind 1\\nb: posts big blind 2\\n*** HOLE CARDS ***\\nDealt to a [Ah 2d Ks 9c]\\n"
    ...     "a: folds\\nUncalled bet (1) returned to b\\nb collected 2 from pot\\n*** SUMMARY ***\\nTotal pot 2 | Rake 0")
    >>> stored_holes(hand), hand.hole_cards
    ({'a': (50, 1, 47, 28)}, {'a': (Card('Ah'), Card('2d'), Card('Ks'), Card('9c'))})
    """
    value = _SLOTS["hole_cards"].__get__(hand, ImportedHand)
    return value if type(value) is dict else _holes_dict(value)


def records(hand: ImportedHand, name: str) -> tuple[tuple[Any, ...], ...]:
    """The ``name`` records of ``hand`` as stored (see :class:`_Records`):
    tuples with the named tuple's fields in order, to read by index.

    >>> from omaha8_fast.histories import parse_pokerstars
    >>> [hand] = parse_pokerstars("PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET\\n"
    ...     "Table 'T' Seat #1 is the button\\nSeat 1: a (10 in chips)\\nSeat 2: b (10 in chips)\\n"
    ...     "a: posts small blind 1\\nb: posts big blind 2\\n*** HOLE CARDS ***\\na: folds\\n"
    ...     "Uncalled bet (1) returned to b\\nb collected 2 from pot\\n*** SUMMARY ***\\nTotal pot 2 | Rake 0")
    >>> records(hand, "seats")
    ((1, 'a', 10, False), (2, 'b', 10, False))
    >>> hand.seats, type(records(hand, "seats")[0]).__name__
    ((Seat(number=1, name='a', stack=10, sitting_out=False), Seat(number=2, name='b', stack=10, sitting_out=False)), 'Seat')
    """
    value: tuple[tuple[Any, ...], ...] = _SLOTS[name].__get__(hand, ImportedHand)
    return _flat_shown(value) if name == "shown" else value
