"""Omaha Hi/Lo hand evaluation on the C core.

Every hand uses exactly two hole cards and three board cards. High values are
the standard classes 1..7462 (1 = royal flush, lower is stronger); low values
are the five low ranks read high to low with ace = 1 (``85421``; lower is
stronger), ``None`` (0 in arrays) when there is no 8-or-better low.

>>> evaluate_high("As Ks 2c 3h", "Qs Js Ts 9c 8c")
1
>>> evaluate_low("As Ks 2c 3h", "Qs Js 4d 5c 8c")  # the board's 8-5-4 must play
85421
>>> evaluate_hilo([51, 47, 0, 6], "Qs Js 4s 5d 9c")  # AKQJ4 spade flush, no low
(328, None)
>>> print(evaluate("As 2c Kd 7h", "3s 4d 5c Kh Qd"))
High: Five-high straight (As 2c + 3s 4d 5c)
Low:  Five-four low (As 2c + 3s 4d 5c)
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import total_ordering
from typing import TYPE_CHECKING, Any, ClassVar

from .._core import ffi, lib
from .._modules import lazy_submodules as _lazy_submodules
from ..cards import RANKS, SUITS, Card, CardsLike, card_ids, check_unique, is_bool
from ._all_holes import AllHoles, rank_all_holes
from .kernels import KERNEL_ID, KernelChoice, available_kernels, kernel, kernel_choice, set_kernel

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "HOLE_SIZES",
    "BOARD_SIZES",
    "CATEGORIES",
    "high_category",
    "HighHand",
    "LowHand",
    "Evaluation",
    "evaluate_high",
    "evaluate_low",
    "evaluate_hilo",
    "evaluate",
    "evaluate_batch",
    "evaluate_high_batch",
    "AllHoles",
    "rank_all_holes",
    "KernelChoice",
    "available_kernels",
    "kernel",
    "kernel_choice",
    "set_kernel",
]

HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (3, 4, 5)

#: Category names with the weakest class number of each, strongest first.
CATEGORIES = (
    ("Straight Flush", 10),
    ("Four of a Kind", 166),
    ("Full House", 322),
    ("Flush", 1599),
    ("Straight", 1609),
    ("Three of a Kind", 2467),
    ("Two Pair", 3325),
    ("One Pair", 6185),
    ("High Card", 7462),
)

_eval = lib.o8_eval
_eval_high = lib.o8_eval_high
_eval_text = lib.o8_eval_text
_eval_ids = lib.o8_eval_ids  # takes bytes without a copy (a char pointer)
_eval_batch = lib.o8_eval_batch_kernel
_ID_OF = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
# Bytes of every canonical one- and two-card text ("As", "AsKd"): packed
# strings parse in a few dictionary lookups, four characters at a time.
_CHUNKS = {text: bytes([i]) for text, i in _ID_OF.items()}
_CHUNKS.update({a + b: bytes([i, j]) for a, i in _ID_OF.items() for b, j in _ID_OF.items()})


def _id_bytes(cards: list[Any] | tuple[Any, ...]) -> bytes | None:
    """A list or tuple of ids as bytes, or None when it needs the general
    parser (strings, values outside 0..255, bools)."""
    try:
        ids = bytes(cards)
    except (TypeError, ValueError):
        return None
    # bytes() takes True/False as 1/0, card_ids rejects bools: only ids 0 and
    # 1 can come from one, so most hands skip the scan.
    if (0 in ids or 1 in ids) and any(map(is_bool, cards)):
        return None
    return ids


def _as_bytes(cards: Any) -> bytes:
    """Card ids as bytes, cheaply for the common forms. Values are checked by
    the C core (which rejects ids >= 52 and repeats) or by ``_invalid``."""
    kind = type(cards)
    if kind is list or kind is tuple:
        ids = _id_bytes(cards)
        if ids is not None:
            return ids
    elif kind is str:
        try:
            if " " in cards:  # "As Kd 2c 3h"
                return b"".join([_CHUNKS[token] for token in cards.split()])
            return b"".join([_CHUNKS[cards[i:i + 4]] for i in range(0, len(cards), 4)])
        except KeyError:  # commas, lower case, "10": the general parser
            pass
    return bytes(card_ids(cards))


_SEQUENCES = (list, tuple)


def _hand_bytes(hole: Any, board: Any) -> tuple[bytes, bytes]:
    """``_as_bytes`` of both, with the commonest case (lists of ids) first."""
    if type(hole) in _SEQUENCES and type(board) in _SEQUENCES:
        h, b = _id_bytes(hole), _id_bytes(board)
        if h is not None and b is not None:
            return h, b
    return _as_bytes(hole), _as_bytes(board)


def _invalid(hole: Any, board: Any) -> ValueError:
    """The error for a hand the fast path rejected, naming the problem."""
    ids = {}
    for where, cards in (("the hole", hole), ("the board", board)):
        try:
            ids[where] = card_ids(cards)
        except ValueError as error:  # say which of the two holds the bad card
            return ValueError(f"{where}: {error}")
    hole_ids, board_ids = ids["the hole"], ids["the board"]
    if len(hole_ids) not in HOLE_SIZES:
        return ValueError(f"the hole must have 4, 5 or 6 cards, got {len(hole_ids)}")
    if len(board_ids) not in BOARD_SIZES:
        return ValueError(f"the board must have 3, 4 or 5 cards, got {len(board_ids)}")
    for i, card in enumerate(hole_ids + board_ids):
        first = (hole_ids + board_ids).index(card)
        if first < i:
            where = "the hole" if i < len(hole_ids) else "the board" if first >= len(hole_ids) else "the hole and the board"
            return ValueError(f"duplicate card {RANKS[card >> 2]}{SUITS[card & 3]} in {where}")
    return ValueError(f"invalid hand {hole!r} on {board!r}")  # not reached for valid cards


def _has_bool(cards: Any, ids: bytes) -> bool:
    """Whether the cards of a valid hand (no id twice) hold True or False:
    only ids 0 and 1 can come from one, so only those are looked at."""
    zero, one = ids.find(0), ids.find(1)
    return (zero >= 0 and is_bool(cards[zero])) or (one >= 0 and is_bool(cards[one]))


def _direct(hole: Any, board: Any) -> int:
    """The fast path of the single-hand functions: ``o8_eval``'s packed
    value straight from two lists (or two tuples) of int ids or from two
    strings, or -1 when the hand needs the general path (other forms, bools,
    any error: that path raises the error with its message)."""
    kind = type(hole)
    if (kind is list or kind is tuple) and type(board) is kind:
        try:  # bytes() takes ints 0..255 (and bools, checked below)
            ids = bytes(hole + board)
        except (TypeError, ValueError):
            return -1
        packed: int = _eval_ids(ids, len(hole), len(board))
        return -1 if packed < 0 or _has_bool(hole + board, ids) else packed
    if kind is str and type(board) is str:
        try:
            h, b = hole.encode(), board.encode()
        except UnicodeEncodeError:  # lone surrogates: the general parser explains
            return -1
        packed = _eval_text(h, len(h), b, len(b))
        return packed
    return -1


def _hilo_general(hole: Any, board: Any) -> tuple[int, int | None]:
    """evaluate_hilo through cffi, for every input (the path without the
    ``_entry`` extension, and for whatever it leaves: it raises the errors)."""
    kind = type(hole)
    if (kind is list or kind is tuple) and type(board) is kind:  # the commonest case
        seq: Any = hole
        other: Any = board
        both: Any = ()
        ids = b""
        try:
            both = seq + other
            ids = bytes(both)
            packed = _eval_ids(ids, len(seq), len(other))
        except (TypeError, ValueError):
            packed = -1
        # _has_bool, inlined: only ids 0 and 1 can come from True/False
        if packed >= 0 and not ((0 in ids and is_bool(both[ids.index(0)]))
                                or (1 in ids and is_bool(both[ids.index(1)]))):
            return packed & 0xFFFF, (packed >> 16) or None
        packed = -1
    elif kind is str and type(board) is str:  # _direct, inlined
        try:
            h, b = hole.encode(), board.encode()
            packed = _eval_text(h, len(h), b, len(b))
        except UnicodeEncodeError:  # lone surrogates: the general parser explains
            packed = -1
        if packed >= 0:
            return packed & 0xFFFF, (packed >> 16) or None
    else:
        packed = -1
    if packed < 0:
        h, b = _hand_bytes(hole, board)
        packed = _eval(h, len(h), b, len(b))
        if packed < 0 or len(h) < 4:
            raise _invalid(hole, board)
    return packed & 0xFFFF, (packed >> 16) or None


def _high_general(hole: Any, board: Any) -> int:
    """evaluate_high through cffi, for every input (see ``_hilo_general``)."""
    packed = _direct(hole, board)
    if packed >= 0:
        return packed & 0xFFFF
    h, b = _hand_bytes(hole, board)
    value: int = _eval_high(h, len(h), b, len(b))
    if value < 0 or len(h) < 4:
        raise _invalid(hole, board)
    return value


def _entry_points() -> tuple[Callable[[Any, Any], tuple[int, int | None] | None],
                             Callable[[Any, Any], int | None]] | None:
    """The direct entry points of the ``_entry`` extension (csrc/cpython/entry.c),
    bound to the C evaluator of ``_core``; None without the extension, or
    when ``OMAHA8_ENTRY=0`` turns it off (tests of the fallback)."""
    if os.environ.get("OMAHA8_ENTRY", "1") == "0":
        return None
    try:
        from .._entry import bind
    except ImportError:  # a build without it: the cffi paths answer everything
        return None
    return bind(int(ffi.cast("uintptr_t", lib.o8_entry_table())))


_ENTRY = _entry_points()
# Each returns the answer, or None when the general path must answer (other
# forms, bools, int subclasses, any error): that path raises the error.
_fast_hilo: Callable[[Any, Any], tuple[int, int | None] | None] = _hilo_general if _ENTRY is None else _ENTRY[0]
_fast_high: Callable[[Any, Any], int | None] = _high_general if _ENTRY is None else _ENTRY[1]


def evaluate_hilo(hole: CardsLike, board: CardsLike) -> tuple[int, int | None]:
    """Both halves at once: ``(high, low)``, ``low`` None when there is none.

    ``hole`` has 4, 5 or 6 cards and ``board`` 3, 4 or 5, as a string
    (``"AsKd2c3h"``, ``"As Kd 2c 3h"``), card strings or ids 0..51.
    """
    result = _fast_hilo(hole, board)
    return _hilo_general(hole, board) if result is None else result


def evaluate_high(hole: CardsLike, board: CardsLike) -> int:
    """The best high hand, as its class 1..7462 (1 = royal flush; lower wins).

    >>> evaluate_high("2c3d4h9s", "AdAcAhKsKd")  # the board's full house never plays
    1652
    """
    result = _fast_high(hole, board)
    return _high_general(hole, board) if result is None else result


def evaluate_low(hole: CardsLike, board: CardsLike) -> int | None:
    """The best 8-or-better low as a number like ``85421`` (lower wins), or None.

    >>> evaluate_low("AsAdKcKh", "2c3d4h5s6c") is None  # one low hole rank is not enough
    True
    """
    return evaluate_hilo(hole, board)[1]


_RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")
_LOW_NAMES = ("", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")


def high_category(value: int) -> str:
    """The category name of a high class number.

    >>> high_category(1), high_category(167), high_category(7462)
    ('Straight Flush', 'Full House', 'High Card')
    """
    try:
        if isinstance(value, bool):
            raise TypeError
        value = operator.index(value)  # 3.5 is no class
    except TypeError:
        raise TypeError(f"a high class must be an int, not {type(value).__name__}") from None
    if not 1 <= value <= 7462:
        raise ValueError(f"a high class is 1..7462, got {value}")
    return next(name for name, last in CATEGORIES if value <= last)


def _describe_high(value: int, cards: tuple[Card, ...]) -> str:
    category = high_category(value)
    ranks = sorted((c.rank for c in cards), key=lambda r: (sum(x.rank == r for x in cards), r), reverse=True)
    top, second = ranks[0], ranks[3] if category == "Full House" else ranks[0]
    if category in ("Straight", "Straight Flush"):
        top = 3 if sorted(c.rank for c in cards) == [0, 1, 2, 3, 12] else max(ranks)
        if value == 1:
            return "Royal flush"
        return f"{_RANK_NAMES[top]}-high {category.lower()}"
    if category == "Four of a Kind":
        return f"Four {_PLURALS[top].lower()}"
    if category == "Full House":
        return f"{_PLURALS[top]} full of {_PLURALS[second].lower()}"
    if category == "Flush":
        return f"{_RANK_NAMES[top]}-high flush"
    if category == "Three of a Kind":
        return f"Three {_PLURALS[top].lower()}"
    if category == "Two Pair":
        return f"Two pair, {_PLURALS[top].lower()} and {_PLURALS[ranks[2]].lower()}"
    if category == "One Pair":
        return f"Pair of {_PLURALS[top].lower()}"
    return f"{_RANK_NAMES[top]} high"


def _describe_low(value: int) -> str:
    digits = str(value)
    return f"{_LOW_NAMES[int(digits[0])]}-{_LOW_NAMES[int(digits[1])].lower()} low"


@total_ordering
@dataclass(frozen=True, eq=False)
class _MadeHand:
    """A made five-card hand: its value (smaller is stronger), its cards and
    where they came from; hands of one kind compare by strength (a stronger
    hand is greater; equal values are equal)."""

    _KIND: ClassVar[str]

    value: int
    hole_cards: tuple[Card, Card]
    board_cards: tuple[Card, Card, Card]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards: the two hole cards, then the three board cards."""
        return self.hole_cards + self.board_cards

    @property
    def description(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return f"{self.description} ({_text(self.hole_cards)} + {_text(self.board_cards)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.value == other.value

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.value > other.value

    def __hash__(self) -> int:
        return hash((self._KIND, self.value))


@dataclass(frozen=True, eq=False)
class HighHand(_MadeHand):
    """The best high hand: its class, five cards and where they came from.

    Compares by strength: a stronger hand is greater; equal classes are equal.
    """

    _KIND = "high"

    @property
    def category(self) -> str:
        """``"Flush"``, ``"Full House"``, ... (see ``CATEGORIES``)."""
        return high_category(self.value)

    @property
    def description(self) -> str:
        """A human description: ``"Ace-high flush"``, ``"Kings full of fives"``."""
        return _describe_high(self.value, self.cards)


@dataclass(frozen=True, eq=False)
class LowHand(_MadeHand):
    """The best 8-or-better low: its number, five cards and where they came from.

    Compares by strength: a better (smaller-numbered) low is greater.
    """

    _KIND = "low"

    @property
    def description(self) -> str:
        """``"Seven-five low"``: the two highest ranks of the low."""
        return _describe_low(self.value)


@total_ordering
@dataclass(frozen=True, eq=False)
class Evaluation:
    """Both halves of a hand. Orders by the high hand, then by the low (no
    low is weakest), so that a stronger evaluation is greater."""

    high: HighHand
    low: LowHand | None

    def _key(self) -> tuple[int, int]:
        return (-self.high.value, -self.low.value if self.low else -10**6)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Evaluation) and self._key() == other._key()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Evaluation):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return f"High: {self.high}\nLow:  {self.low if self.low else 'none'}"


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def evaluate(hole: CardsLike, board: CardsLike) -> Evaluation:
    """Both halves with their cards, categories and descriptions.

    >>> e = evaluate("Ks Kd 5h 2c", "Kh 5c 5d Ac 8s")
    >>> e.high.value, e.high.category, e.high.description
    (187, 'Full House', 'Kings full of fives')
    >>> e.high.hole_cards, e.low
    ((Card('Ks'), Card('Kd')), None)
    """
    h, b = _hand_bytes(hole, board)
    out = ffi.new("o8_explanation *")
    if lib.o8_explain(h, len(h), b, len(b), out) < 0 or len(h) < 4:
        raise _invalid(hole, board)
    hole_cards = [Card(c) for c in h]
    board_cards = [Card(c) for c in b]

    def pick(hole_idx: Any, board_idx: Any) -> tuple[tuple[Card, Card], tuple[Card, Card, Card]]:
        two = (hole_cards[hole_idx[0]], hole_cards[hole_idx[1]])
        three = (board_cards[board_idx[0]], board_cards[board_idx[1]], board_cards[board_idx[2]])
        return two, three

    high = HighHand(out.high, *pick(out.high_hole, out.high_board))
    low = LowHand(out.low, *pick(out.low_hole, out.low_board)) if out.low else None
    return Evaluation(high, low)


# --- batches -----------------------------------------------------------------


def _card_array(values: Any, name: str, sizes: tuple[int, ...], one_row_ok: bool = False) -> np.ndarray:
    """``values`` as a C-contiguous ``(N, size)`` uint8 array; with
    ``one_row_ok`` a single row ``(size,)`` is taken as ``(1, size)``."""
    import numpy as np

    array = np.asarray(values)
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise TypeError(f"{name} must hold integer card ids (uint8), got dtype {array.dtype}")
        bad = np.argwhere((array < 0) | (array > 51))
        if bad.size:
            where = tuple(int(i) for i in bad[0])
            raise ValueError(f"{name}: card id {array[where]} at {where} is out of range 0..51")
        array = array.astype(np.uint8)
    if array.ndim == 1 and one_row_ok:
        array = array[np.newaxis, :]
    if array.ndim != 2 or array.shape[1] not in sizes:
        raise ValueError(f"{name} must have shape (N, {' or '.join(map(str, sizes))}), got {array.shape}")
    return np.ascontiguousarray(array)


def _batch_inputs(holes: Any, boards: Any) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    hole_array = _card_array(holes, "holes", HOLE_SIZES)
    board_array = _card_array(boards, "boards", BOARD_SIZES, one_row_ok=True)
    n = len(hole_array)
    if len(board_array) == 1 and n != 1:  # one board for every hole
        board_array = np.ascontiguousarray(np.broadcast_to(board_array, (n, board_array.shape[1])))
    if len(board_array) != n:
        raise ValueError(f"holes has {n} rows but boards has {len(board_array)}")
    return hole_array, board_array


def _row_error(holes: np.ndarray, boards: np.ndarray, row: int) -> ValueError:
    cards = [int(c) for c in holes[row]] + [int(c) for c in boards[row]]
    for c in cards:
        if c > 51:
            return ValueError(f"row {row}: card id {c} is out of range 0..51")
    try:
        check_unique(cards)
    except ValueError as error:
        return ValueError(f"row {row}: {error}")
    return ValueError(f"row {row} is invalid")  # not reached: the C check agrees with the two above


def _check_flag(check: Any) -> None:
    if check is not True and check is not False:
        raise TypeError(f"check must be True or False, not {check!r}")


def _refuse_overlap(outs: list[np.ndarray], inputs: tuple[np.ndarray, np.ndarray]) -> None:
    """Output arrays may not share memory with the inputs or with each other."""
    import numpy as np

    for i, out in enumerate(outs):
        for other in [*inputs, *outs[i + 1:]]:
            if np.shares_memory(out, other):
                raise ValueError("out arrays must not overlap the inputs or each other")


def _out_array(array: Any, name: str, dtype: str, n: int) -> np.ndarray:
    import numpy as np

    if not isinstance(array, np.ndarray):
        raise TypeError(f"out {name} must be a numpy array, not {type(array).__name__}")
    if array.dtype != np.dtype(dtype):
        raise TypeError(f"out {name} must have dtype {dtype}, got {array.dtype}")
    if array.shape != (n,):
        raise ValueError(f"out {name} must have shape ({n},), got {array.shape}")
    if not array.flags.c_contiguous or not array.flags.writeable:
        raise ValueError(f"out {name} must be writeable and contiguous")
    return array


def _run_batch(holes: np.ndarray, boards: np.ndarray, check: bool, high: Any, low: Any) -> None:
    """Evaluate in C; with ``check``, each row is validated as it is evaluated."""
    bad_row = _eval_batch(
        KERNEL_ID,
        ffi.from_buffer("uint8_t[]", holes), holes.shape[1],
        ffi.from_buffer("uint8_t[]", boards), boards.shape[1], len(holes),
        ffi.NULL if high is None else ffi.from_buffer("uint16_t[]", high, require_writable=True),
        ffi.NULL if low is None else ffi.from_buffer("int32_t[]", low, require_writable=True),
        check,
    )
    if bad_row >= 0:
        raise _row_error(holes, boards, bad_row)


def evaluate_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    out: tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32]] | None = None,
    check: bool = True,
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32]]:
    """Evaluate N hands at once in C (the GIL is released while it runs).

    ``holes`` is ``(N, 4)``, ``(N, 5)`` or ``(N, 6)`` and ``boards`` ``(N, 3)``,
    ``(N, 4)`` or ``(N, 5)`` card ids, ideally ``uint8`` and C-contiguous
    (passed to C without a copy); a single board ``(k,)`` or ``(1, k)`` is
    used for every row. Returns ``(high, low)``: ``uint16`` classes 1..7462
    and ``int32`` low numbers with 0 for no low. ``out`` reuses a pair of
    arrays. ``check=False`` skips validating ids and repeats for trusted data
    (the C core stays memory safe, but results for invalid rows are garbage).

    >>> import numpy as np
    >>> from omaha8_fast import parse_cards
    >>> holes = np.array([parse_cards("As 2c Kd 7h"), parse_cards("Kc Ks 8d 8h")], np.uint8)
    >>> high, low = evaluate_batch(holes, np.array(parse_cards("3s 4d 5c Kh Qd"), np.uint8))
    >>> [high_category(v) for v in high], low.tolist()
    (['Straight', 'Three of a Kind'], [54321, 0])
    """
    import numpy as np

    _check_flag(check)
    hole_array, board_array = _batch_inputs(holes, boards)
    n = len(hole_array)
    if out is None:
        high, low = np.empty(n, np.uint16), np.empty(n, np.int32)
    else:
        if not isinstance(out, tuple) or len(out) != 2:
            raise TypeError("out must be a (high, low) pair of arrays")
        high, low = _out_array(out[0], "high", "uint16", n), _out_array(out[1], "low", "int32", n)
        _refuse_overlap([high, low], (hole_array, board_array))
    if n:
        _run_batch(hole_array, board_array, check, high, low)
    return high, low


def evaluate_high_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, *, out: npt.NDArray[np.uint16] | None = None, check: bool = True
) -> npt.NDArray[np.uint16]:
    """The high half only of :func:`evaluate_batch` (cheaper)."""
    import numpy as np

    _check_flag(check)
    hole_array, board_array = _batch_inputs(holes, boards)
    n = len(hole_array)
    high = np.empty(n, np.uint16) if out is None else _out_array(out, "high", "uint16", n)
    if out is not None:
        _refuse_overlap([high], (hole_array, board_array))
    if n:
        _run_batch(hole_array, board_array, check, high, None)
    return high

if TYPE_CHECKING:
    from . import reference as reference

__getattr__: Callable[[str], Any] = _lazy_submodules(__name__, ('reference',))  # reference: loaded on first use
