"""The range syntax: the parse tree of a range text and what a tree says
before any hand is looked at (see :mod:`omaha8_fast.ranges` for the grammar).

:class:`_Parser` turns a text into a tree of ``_Union``, ``_Weighted``,
``_Filter``, ``_Hand``, ``_Percent`` and ``_Macro`` nodes or raises
:class:`RangeSyntaxError`; :func:`_check_weights` raises the errors only the
whole tree shows; :func:`_node_key` keys parts that mean the same;
:func:`_tree_kinds` tells which classes of hands always agree on a part.

>>> tree = _Parser("AA, KK:$ds", 4).parse()
>>> [type(p).__name__ for p in tree.parts]
['_Hand', '_Filter']
>>> _node_key(_Parser("AA, AA", 4).parse()) == _node_key(_Parser("AA", 4).parse())
True
>>> _tree_kinds(_Parser("AA:$np", 4).parse())
('ranks',)
"""

from __future__ import annotations

import warnings
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..cards import RANKS, SUITS

__all__ = ["RangeSyntaxError", "RangeSyntaxWarning", "MAX_LENGTH", "MAX_DEPTH"]

_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS) if r.isalpha()}
_SUIT_OF = {s: i for i, s in enumerate(SUITS)}
_SUIT_VARS = "xyzw"
_ALL_RANKS = (1 << 13) - 1
_ALL_SUITS = 15
_QUALIFIERS = ("ds", "ss", "r")
_MACROS = ("ds", "ss", "r", "np")
_TERMINATORS = ",:!@)"
_MAX_WEIGHT = 100
_DIGITS = "0123456789"
_QUOTE = 60  # error messages quote at most this many characters of the text
#: The longest range text accepted (characters, spaces included).
MAX_LENGTH = 10_000
#: The deepest nesting of parentheses accepted.
MAX_DEPTH = 32


class RangeSyntaxError(ValueError):
    """A range that does not parse: ``column`` (1-based) is where it went wrong.

    The message quotes the text, or for a long text only the part around the
    column.
    """

    __module__ = "omaha8_fast.ranges"  # where it is public (and named in tracebacks)

    def __init__(self, text: str, column: int, expected: str, found: str) -> None:
        self.text = text
        self.column = column
        self.expected = expected
        super().__init__(f"range {_excerpt(text, column)}, column {column}: expected {expected}, found {found}")

    @property
    def pointer(self) -> str:
        """The text (or the part of it around the column) with a caret under
        the offending column."""
        if len(self.text) <= _QUOTE:
            return f"{self.text}\n{' ' * (self.column - 1)}^"
        start = max(0, min(self.column - 1 - _QUOTE // 2, len(self.text) - _QUOTE))
        return f"{self.text[start:start + _QUOTE]}\n{' ' * (self.column - 1 - start)}^"


class RangeSyntaxWarning(UserWarning):
    """A range that parses but most likely not as meant: spaces inside one
    hand pattern (``"AK QJ"`` is the one hand ``AKQJ``, not two hands).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _Parser("AK QJ", 4).parse() and None
    >>> print(caught[0].message)
    range 'AK QJ': 'AK QJ' reads as one hand of 4 cards (spaces do not separate hands): write it without spaces, or with ',' between hands
    """

    __module__ = "omaha8_fast.ranges"

    def __init__(self, message: str) -> None:
        super().__init__(message)


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside the package (a warning names the user's line)."""
    import sys

    package = __name__.rsplit(".", 2)[0]
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == package:
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    return level


def _excerpt(text: str, column: int) -> str:
    """``repr(text)``, or for a long text (or one with many characters that
    repr escapes) the part around ``column`` and the length."""
    if len(text) <= _QUOTE and len(repr(text)) <= _QUOTE + 20:
        return repr(text)
    width = _QUOTE
    while True:
        start = max(0, min(column - 1 - width // 2, len(text) - width))
        part = text[start:start + width]
        if len(repr(part)) <= _QUOTE + 20 or width <= 4:
            break
        width //= 2
    part = ("\u2026" if start else "") + part + ("\u2026" if start + width < len(text) else "")
    return f"{part!r} ({len(text):,} characters)"



# --------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class _Card:
    """One card of a pattern. kind: 'rank' (one rank), 'set', 'any' or 'var'."""

    kind: str
    ranks: int       # mask of allowed ranks ('rank', 'set', 'any')
    rank_var: str    # the variable letter ('var')
    suits: int       # mask of allowed suits when no suit variable
    suit_var: str    # 'x', 'y', 'z', 'w' or ''
    column: int

    def shifted(self, by: int) -> _Card:
        rank = (self.ranks.bit_length() - 1) + by
        return _Card("rank", 1 << rank, "", self.suits, self.suit_var, self.column)

    @property
    def rank(self) -> int:
        return self.ranks.bit_length() - 1


@dataclass(frozen=True)
class _Hand:
    patterns: tuple[tuple[_Card, ...], ...]
    qualifier: str


@dataclass(frozen=True)
class _Percent:
    low: float
    high: float
    column: int


@dataclass(frozen=True)
class _Macro:
    name: str


@dataclass(frozen=True)
class _Filter:
    left: Any
    ops: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class _Weighted:
    node: Any
    weight: int


@dataclass(frozen=True)
class _Union:
    parts: tuple[Any, ...]
    column: int


class _Parser:
    def __init__(self, text: str, hole_size: int) -> None:
        self.text = text
        self.hole_size = hole_size
        # Past MAX_LENGTH parse() refuses the text before reading it.
        self.chars = [(c, i + 1) for i, c in enumerate(text) if not c.isspace()] if len(text) <= MAX_LENGTH else []
        self.squeezed = "".join(c for c, _ in self.chars)  # the text without spaces
        self.pos = 0
        self.depth = 0

    # -- helpers
    def peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.chars[i][0] if i < len(self.chars) else ""

    def column(self, pos: int | None = None) -> int:
        i = self.pos if pos is None else pos
        return self.chars[i][1] if i < len(self.chars) else len(self.text) + 1

    def fail(self, expected: str, pos: int | None = None) -> RangeSyntaxError:
        i = self.pos if pos is None else pos
        found = repr(self.chars[i][0]) if i < len(self.chars) else "the end"
        return RangeSyntaxError(self.text, self.column(i), expected, found)

    def at_terminator(self, ahead: int) -> bool:
        c = self.peek(ahead)
        return c == "" or c in _TERMINATORS

    # -- grammar
    def parse(self) -> Any:
        if len(self.text) > MAX_LENGTH:
            raise RangeSyntaxError(self.text, MAX_LENGTH + 1, f"at most {MAX_LENGTH:,} characters",
                                   f"{len(self.text):,}")
        if not self.chars:
            raise self.fail("a range")
        node = self.union()
        if self.pos < len(self.chars):
            raise self.fail("',', ':', '!', '@' or the end of the range")
        return node

    def union(self) -> _Union:
        column = self.column()
        parts = [self.weighted()]
        while self.peek() == ",":
            self.pos += 1
            parts.append(self.weighted())
        return _Union(tuple(parts), column)

    def weighted(self) -> Any:
        node = self.filtered()
        if self.peek() != "@":
            return node
        self.pos += 1
        start = self.pos
        while self.peek() in _DIGITS and self.peek():
            self.pos += 1
        digits = "".join(c for c, _ in self.chars[start:self.pos])
        if not digits or len(digits) > 3 or not 1 <= int(digits) <= _MAX_WEIGHT:
            raise self.fail("a weight (an integer 1..100) after '@'", start)
        return _Weighted(node, int(digits))

    def filtered(self) -> Any:
        left = self.atom()
        ops = []
        while self.peek() in (":", "!") and self.peek():
            op = self.peek()
            self.pos += 1
            ops.append((op, self.atom()))
        return _Filter(left, tuple(ops)) if ops else left

    def atom(self) -> Any:
        c = self.peek()
        if c == "(":
            if self.depth == MAX_DEPTH:
                raise self.fail(f"at most {MAX_DEPTH} nested parentheses")
            self.pos += 1
            self.depth += 1
            node = self.union()
            if self.peek() != ")":
                raise self.fail("',', ':', '!', '@' or ')'")
            self.pos += 1
            self.depth -= 1
            return node
        if c == "$":
            for name in _MACROS:
                if self.matches(name, 1) and self.at_terminator(1 + len(name)):
                    self.pos += 1 + len(name)
                    return _Macro(name)
            raise self.fail("a macro: $ds, $ss, $r or $np", self.pos + 1)
        if c and c in _DIGITS and self.is_percent():
            return self.percent()
        return self.hand()

    def is_percent(self) -> bool:
        i = 0
        while self.peek(i) and self.peek(i) in _DIGITS + ".":
            i += 1
        return self.peek(i) == "%"

    def number(self) -> float:
        start = self.pos
        while self.peek() and self.peek() in _DIGITS + ".":
            self.pos += 1
        text = "".join(c for c, _ in self.chars[start:self.pos])
        try:
            value = float(text)
        except ValueError:
            raise self.fail("a percentage such as 15%", start) from None
        if self.peek() != "%":
            raise self.fail("'%'")
        if not 0 <= value <= 100:
            raise self.fail("a percentage between 0 and 100", start)
        self.pos += 1
        return value

    def percent(self) -> _Percent:
        column = self.column()
        first = self.number()
        if self.peek() == "-":
            self.pos += 1
            second_at = self.pos
            if not (self.peek() and self.peek() in _DIGITS):
                raise self.fail("a percentage after '-', such as 5%-10%")
            second = self.number()
            if second < first:
                raise self.fail("the larger percentage second", second_at)
            return _Percent(max(first - 1, 0.0), second, column)
        return _Percent(0.0, first, column)

    def hand(self) -> _Hand:
        start = self.pos
        first = self.pattern()
        patterns = [first]
        c = self.peek()
        if c == "+" or (c == "-" and (self.at_terminator(1) or self.is_qualifier(1))):
            self.pos += 1
            patterns = self.shift_all(first, 1 if c == "+" else -1, start)
        elif c == "-":
            self.pos += 1
            second_at = self.pos
            patterns = self.span(first, self.pattern(), start, second_at)
        qualifier = ""
        if self.is_qualifier(0):
            qualifier = next(q for q in _QUALIFIERS if self.matches(q))
            last = patterns[-1][-1]
            if (qualifier[0] in _SUIT_OF and self.pos and self.peek(-1).lower() in (*_SUIT_OF, *_SUIT_VARS)
                    and (last.suits != _ALL_SUITS or last.suit_var) and self.column() == self.column(self.pos - 1) + 1):
                # 'A2**dss': a suit glued to 'ss' (or 'ds'): a suit letter too many, most likely
                raise self.fail(f"a space between the last card's suit and {qualifier!r} (one suit letter too "
                                f"many? {self.peek(-1)}{qualifier} reads as the suit {self.peek(-1)!r} then {qualifier!r})")
            self.pos += len(qualifier)
        return _Hand(tuple(patterns), qualifier)

    def matches(self, word: str, ahead: int = 0) -> bool:
        return self.squeezed.startswith(word, self.pos + ahead)

    def is_qualifier(self, ahead: int) -> bool:
        return any(self.matches(q, ahead) and self.at_terminator(ahead + len(q)) for q in _QUALIFIERS)

    def pattern(self) -> tuple[_Card, ...]:
        cards: list[_Card] = []
        groups = [0]  # the cards between spaces ('AK QJ': 2 and 2)
        while True:
            c = self.peek()
            if c == "" or c in _TERMINATORS or c in "+-" or self.is_qualifier(0):
                break
            if cards and self.column() > self.column(self.pos - 1) + 1:
                groups.append(0)
            cards.append(self.card())
            groups[-1] += 1
        if len(groups) > 1 and max(groups) > 1:  # 'As Kd Tc 9h' (a card a word) is the card text: no warning
            text = self.text[cards[0].column - 1:self.column(self.pos - 1)]
            warnings.warn(RangeSyntaxWarning(
                f"range {_excerpt(self.text, cards[0].column)!s}: {text!r} reads as one hand of "
                f"{len(cards)} cards (spaces do not separate hands): write it without spaces, or with ',' "
                "between hands"), stacklevel=_caller_level())
        if not cards:
            raise self.fail("a card: a rank (A K Q J T 9..2), a suit (s h d c), a suit variable (x y z w), "
                            "'*', a rank variable or '['")
        if len(cards) > self.hole_size:
            raise self.fail(f"at most {self.hole_size} cards in a hand pattern",
                            self.index_of_column(cards[self.hole_size].column))
        seen = set()
        for card in cards:
            if card.kind == "rank" and not card.suit_var and card.suits in (1, 2, 4, 8):
                if (card.rank, card.suits) in seen:
                    raise self.fail("each exact card only once", self.index_of_column(card.column))
                seen.add((card.rank, card.suits))
        return tuple(cards)

    def index_of_column(self, column: int) -> int:
        return next(i for i, (_, col) in enumerate(self.chars) if col == column)

    def card(self) -> _Card:
        c, column = self.peek(), self.column()
        if c in _RANK_OF:
            self.pos += 1
            kind, ranks, var = "rank", 1 << _RANK_OF[c], ""
        elif c == "*":
            self.pos += 1
            kind, ranks, var = "any", _ALL_RANKS, ""
        elif c == "[":
            self.pos += 1
            kind, ranks, var = "set", self.rank_list(), ""
        elif c.lower() in _SUIT_OF or c.lower() in _SUIT_VARS:
            kind, ranks, var = "any", _ALL_RANKS, ""  # a lone suit: any rank of it
        elif c.isalpha() and c.isupper():
            self.pos += 1
            kind, ranks, var = "var", _ALL_RANKS, c
        else:
            raise self.fail("a card: a rank (A K Q J T 9..2), a suit (s h d c), a suit variable (x y z w), "
                            "'*', a rank variable or '['")
        s = self.peek().lower()
        if s in _SUIT_OF and s and not self.is_qualifier(0):
            self.pos += 1
            return _Card(kind, ranks, var, 1 << _SUIT_OF[s], "", column)
        if s in _SUIT_VARS and s:
            self.pos += 1
            return _Card(kind, ranks, var, _ALL_SUITS, s, column)
        return _Card(kind, ranks, var, _ALL_SUITS, "", column)

    def rank_list(self) -> int:
        mask = 0
        while True:
            c = self.peek()
            if c not in _RANK_OF or not c:
                raise self.fail("a rank in the list (A K Q J T 9..2)")
            self.pos += 1
            low = high = _RANK_OF[c]
            if self.peek() == "-":
                self.pos += 1
                e = self.peek()
                if e not in _RANK_OF or not e:
                    raise self.fail("a rank after '-' (such as [A-T])")
                self.pos += 1
                low, high = sorted((low, _RANK_OF[e]))
            for r in range(low, high + 1):
                mask |= 1 << r
            if self.peek() == ",":
                self.pos += 1
            if self.peek() == "]":
                self.pos += 1
                return mask

    def shift_all(self, cards: tuple[_Card, ...], step: int, start: int) -> list[tuple[_Card, ...]]:
        ranks = [c.rank for c in cards if c.kind == "rank"]
        if not ranks:
            raise self.fail("a pattern with explicit ranks before '+' or '-'", start)
        steps = 12 - max(ranks) if step > 0 else min(ranks)
        return [tuple(c.shifted(step * t) if c.kind == "rank" else c for c in cards) for t in range(steps + 1)]

    def span(self, a: tuple[_Card, ...], b: tuple[_Card, ...], start: int, b_at: int) -> list[tuple[_Card, ...]]:
        if len(a) != len(b):
            raise self.fail(f"{len(a)} cards after '-', like the start of the span", b_at)
        deltas = set()
        for x, y in zip(a, b):
            same_shape = (x.kind, x.suits, x.suit_var) == (y.kind, y.suits, y.suit_var)
            if not same_shape or (x.kind != "rank" and (x.ranks, x.rank_var) != (y.ranks, y.rank_var)):
                raise self.fail("the same suits and wildcards on both ends of the span", self.index_of_column(y.column))
            if x.kind == "rank" and x.rank != y.rank:
                deltas.add(y.rank - x.rank)
        if len(deltas) > 1:
            raise self.fail("ranks that all move by the same number of steps", b_at)
        delta = deltas.pop() if deltas else 0
        step = 1 if delta > 0 else -1
        moving = [x.kind == "rank" and x.rank != y.rank for x, y in zip(a, b)]
        return [tuple(x.shifted(step * t) if m else x for x, m in zip(a, moving)) for t in range(abs(delta) + 1)]



# ------------------------------------------------------------ what a tree says


def _card_key(c: _Card) -> tuple[str, int, str, int, str]:
    return (c.kind, c.ranks, c.rank_var, c.suits, c.suit_var)


def _node_key(node: Any) -> Any:
    """A key equal for parts that mean the same (columns left out)."""
    if isinstance(node, _Hand):
        return ("hand", tuple(tuple(sorted(_card_key(c) for c in p)) for p in node.patterns), node.qualifier)
    if isinstance(node, _Macro):
        return ("macro", node.name)
    if isinstance(node, _Percent):
        return ("percent", node.low, node.high)
    if isinstance(node, _Weighted):
        return ("weighted", node.weight, _node_key(node.node))
    if isinstance(node, _Filter):
        return ("filter", _node_key(node.left), tuple(sorted({(op, _node_key(r)) for op, r in node.ops}, key=repr)))
    if isinstance(node, _Union):
        keys = {_node_key(p): None for p in node.parts}
        return ("union", tuple(sorted(keys, key=repr))) if len(keys) > 1 else next(iter(keys))
    raise TypeError(f"unknown range node {node!r}")



def _distinct_parts(node: _Union) -> list[Any]:
    """The parts of a union, one of each meaning (_node_key), first kept."""
    return list({_node_key(p): p for p in node.parts}.values())


def _distinct_ops(node: _Filter) -> list[tuple[str, Any]]:
    """The (op, right side) pairs of a filter, one of each meaning, first kept."""
    return list({(op, _node_key(r)): (op, r) for op, r in node.ops}.values())


def _filter_parts(node: _Filter) -> list[tuple[str, Any]]:
    """A filter as (op, part) pairs: its left side kept (":"), then its
    distinct right sides."""
    return [(":", node.left)] + _distinct_ops(node)


def _check_weights(node: Any, text: str, k: int) -> bool:
    """Whether the weights of ``node`` were given with '@'; raises the
    errors that only the whole tree shows (mixed weights, percentages of
    other than 4-card hands), in the order the rules are read (a part
    before its union)."""
    if isinstance(node, _Union):
        flags = {_check_weights(part, text, k) for part in node.parts}
        if len(flags) > 1:
            raise RangeSyntaxError(text, node.column, "a weight ('@') on every comma-separated part or on none", "a mix")
        return flags.pop()
    if isinstance(node, _Weighted):
        _check_weights(node.node, text, k)
        return True
    if isinstance(node, _Filter):
        weighted = _check_weights(node.left, text, k)
        for _, right in node.ops:
            _check_weights(right, text, k)
        return weighted
    if isinstance(node, _Percent) and k != 4:
        raise RangeSyntaxError(text, node.column, "no percentage: the ranking is for 4-card hands", f"a {k}-card range")
    return False


def _atom_uses(node: Any, uses: Counter[Any]) -> None:
    """Counts into ``uses`` how often each atom (by _node_key) appears."""
    if isinstance(node, (_Hand, _Macro)):
        uses[_node_key(node)] += 1
    elif isinstance(node, _Union):
        for part in node.parts:
            _atom_uses(part, uses)
    elif isinstance(node, _Weighted):
        _atom_uses(node.node, uses)
    elif isinstance(node, _Filter):
        _atom_uses(node.left, uses)
        for _, right in node.ops:
            _atom_uses(right, uses)


def _kinds(node: _Hand | _Macro) -> tuple[str, ...]:
    """The classes (see _classes) whose hands always agree on ``node``:
    "ranks" when hands with the same ranks do, "suits" when hands with the
    same number of cards of each suit do, "shapes" when hands that differ by
    renaming ranks do (no explicit rank: only ``*``, suits and rank
    variables)."""
    if isinstance(node, _Macro):
        return ("ranks", "shapes") if node.name == "np" else ("suits", "shapes")
    cards = [c for p in node.patterns for c in p]
    out = []
    if node.qualifier == "" and all(not c.suit_var and c.suits == _ALL_SUITS for c in cards):
        out.append("ranks")
    if all(c.kind != "var" and c.ranks == _ALL_RANKS for c in cards):
        out.append("suits")
    if all(c.kind in ("any", "var") for c in cards):
        out.append("shapes")
    return tuple(out)


def _reads_only(node: _Hand | _Macro) -> str:
    """The first of _kinds(node), "" when none."""
    kinds = _kinds(node)
    return kinds[0] if kinds else ""


def _tree_kinds(node: Any) -> tuple[str, ...]:
    """The classes whose hands always agree on every atom of ``node`` (a
    percentage on none)."""
    if isinstance(node, (_Hand, _Macro)):
        return _kinds(node)
    if isinstance(node, _Weighted):
        return _tree_kinds(node.node)
    parts = list(node.parts) if isinstance(node, _Union) else [node.left] + [r for _, r in node.ops] \
        if isinstance(node, _Filter) else []
    if not parts:
        return ()
    common = set(_tree_kinds(parts[0]))
    for part in parts[1:]:
        if not common:
            break
        common &= set(_tree_kinds(part))
    return tuple(k for k in ("ranks", "suits", "shapes") if k in common)

