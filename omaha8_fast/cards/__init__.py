"""Cards: ids, parsing and formatting.

A card id is ``rank * 4 + suit``: ranks ``2 3 4 5 6 7 8 9 T J Q K A`` are
0..12, suits ``c d h s`` are 0..3, so ``2c`` is 0 and ``As`` is 51 (the ids
phevaluator uses).

>>> parse_cards("As Kd 10c 9h")
(Card('As'), Card('Kd'), Card('Tc'), Card('9h'))
>>> format_cards([51, 46, 0])
'As Kh 2c'
>>> Card("Qs").rank, Card("Qs").suit, int(Card("Qs"))
(10, 3, 43)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Union

from .._modules import lazy_submodules as _lazy_submodules

__all__ = ["RANKS", "SUITS", "Card", "CardsLike", "parse_card", "parse_cards", "format_cards"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"

#: Anything accepted where cards are expected: a string of cards, or a
#: sequence of card strings or ids.
CardsLike = Union[str, Iterable[Union[int, str]]]

_SEPARATORS = str.maketrans("", "", " ,\t\n\r")
_ID_OF: dict[str, int] = {}
for _r, _rank in enumerate(RANKS):
    for _s, _suit in enumerate(SUITS):
        for _text in {_rank + _suit, _rank.lower() + _suit, _rank + _suit.upper(), _rank.lower() + _suit.upper()}:
            _ID_OF[_text] = _r * 4 + _s


class Card(int):
    """One card: an ``int`` (its id) that prints as ``As``.

    >>> c = Card("Th")
    >>> c, str(c), c == 34, c.rank, c.suit
    (Card('Th'), 'Th', True, 8, 2)
    >>> Card(52)
    Traceback (most recent call last):
    ...
    ValueError: card id 52 is out of range 0..51
    """

    __slots__ = ()

    def __new__(cls, card: int | str) -> Card:
        return super().__new__(cls, parse_card(card))

    @property
    def rank(self) -> int:
        """0..12 for 2..A."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def is_bool(value: object) -> bool:
    """Whether ``value`` is a bool: Python's, or numpy's (``np.True_``, whose
    ``__index__`` numpy before 2 still answers with 0 or 1). Booleans are
    never card ids.

    >>> is_bool(True), is_bool(1)
    (True, False)
    """
    kind = type(value)
    return kind is bool or isinstance(value, bool) or (kind.__name__ in ("bool_", "bool") and kind.__module__ == "numpy")


def parse_card(card: int | str) -> int:
    """The id of one card given as an id or as text (``"As"``, ``"10h"``)."""
    if isinstance(card, str):
        text = card.strip()
        if text[:2] == "10":
            text = "T" + text[2:]
        try:
            return _ID_OF[text]
        except KeyError:
            raise ValueError(f"invalid card {_quoted(card)}: expected a rank of {RANKS} and a suit of {SUITS}") from None
    if type(card) is not int:
        if not hasattr(card, "__index__") or is_bool(card):
            raise TypeError(f"a card must be an int id or a string, not {type(card).__name__}")
        # numpy integers; an int subclass as its true value (not what its
        # __int__ or comparisons claim, which bytes() and the C core ignore);
        # rejects an __index__ that is not an int
        card = int.__index__(operator.index(card))
    if not 0 <= card <= 51:
        raise ValueError(f"card id {card} is out of range 0..51")
    return card


def _quoted(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short for an error message when the text is long.

    >>> _quoted("As" * 100)
    "'AsAsAsAsAsAsAsAsAsAsAsAsAsAsAsAsAsAsAsAs...' (200 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    head = repr(text[:limit * 2 // 3])
    return f"{head[:-1]}...{head[-1]} ({len(text)} characters)"


def _split_text(text: str) -> list[str]:
    packed = text.translate(_SEPARATORS).replace("10", "T")
    if len(packed) % 2:
        raise _bad_text(text)
    return [packed[i:i + 2] for i in range(0, len(packed), 2)]


def _bad_text(text: str) -> ValueError:
    """The error for card text that does not parse: it quotes the first part
    that is not a card exactly as typed, with its column (from 1).

    >>> _bad_text("0 1 2 3")
    ValueError("invalid card '0' at column 1 of '0 1 2 3': cards are a rank of 23456789TJQKA and a suit of cdhs")
    >>> _bad_text("Ts;2c")
    ValueError("invalid card ';' at column 3 of 'Ts;2c': cards are a rank of 23456789TJQKA and a suit of cdhs")
    """
    i, n, bad = 0, len(text), text
    while i < n:
        if text[i] in " ,\t\n\r":
            i += 1
            continue
        size = 3 if text[i:i + 2] == "10" else 2
        if text[i:i + size].replace("10", "T") in _ID_OF:
            i += size
            continue
        if not text[i].isalnum():
            bad = text[i]  # punctuation: quote that character
        else:  # a rank and what follows it, up to the next separator or card
            end = i + size
            bad = text[i:end].rstrip(" ,\t\n\r") if end <= n else text[i:]
        break
    else:  # every part parsed (cannot happen for text the parser refused)
        i = 0
    return ValueError(f"invalid card {_quoted(bad)} at column {i + 1} of {_quoted(text)}: cards are a rank of {RANKS} and a suit of {SUITS}")


def card_ids(cards: CardsLike) -> list[int]:
    """The ids of ``cards``, validated (range and type; not duplicates)."""
    if isinstance(cards, str):
        try:
            return [_ID_OF[t] for t in _split_text(cards)]
        except KeyError:
            raise _bad_text(cards) from None
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raise TypeError("cards must be a string or a sequence of ids or card strings, not bytes")
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(f"cards must be a string or a sequence of ids or card strings, not {type(cards).__name__}") from None
    ids = []
    for item in items:
        if isinstance(item, str) and len(item.translate(_SEPARATORS)) > 3:
            ids.extend(card_ids(item))  # ["As Kd", "2c"] is tolerated
        else:
            ids.append(parse_card(item))
    return ids


def parse_cards(cards: CardsLike, *, unique: bool = True) -> tuple[Card, ...]:
    """Parse cards given as text or ids into a tuple of :class:`Card`.

    Text may be packed (``"AsKd"``), or separated by spaces or commas; ranks
    are accepted in either case, ``10`` for ten. With ``unique`` (the default)
    a repeated card is an error.

    >>> parse_cards("ah,KD, 2c")
    (Card('Ah'), Card('Kd'), Card('2c'))
    >>> parse_cards([51, "2c"])
    (Card('As'), Card('2c'))
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As
    """
    ids = card_ids(cards)
    if unique:
        check_unique(ids)
    return tuple(Card(i) for i in ids)


def check_unique(ids: Iterable[int]) -> None:
    """Raise ``ValueError`` naming the first card seen twice."""
    seen = 0
    for i in ids:
        if seen >> i & 1:
            raise ValueError(f"duplicate card {RANKS[i >> 2]}{SUITS[i & 3]}")
        seen |= 1 << i


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Cards as text, ``"As Kd 2c"``.

    >>> format_cards("askd2c", sep="")
    'AsKd2c'
    """
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a string, not {type(sep).__name__}")
    return sep.join(RANKS[i >> 2] + SUITS[i & 3] for i in card_ids(cards))

if TYPE_CHECKING:
    from . import deals as deals

__getattr__: Callable[[str], Any] = _lazy_submodules(__name__, ('deals',))  # deals: loaded on first use
