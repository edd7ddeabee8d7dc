"""The PQL grammar: text to a tree of :class:`Node` (no evaluation here).

::

    query     := "select" selector ("," selector)* "from" item ("," item)* ["where" expr] [";"]
    selector  := ("avg" | "count" | "histogram" | "max" | "min") "(" expr ")" ["as" NAME]
    item      := NAME "=" STRING                 game, syntax, board, dead, or a player
    expr      := and ("or" and)*
    and       := not ("and" not)*
    not       := "not" not | compare
    compare   := sum [("=" | "<>" | "!=" | "<" | "<=" | ">" | ">=") sum]
    sum       := product (("+" | "-") product)*
    product   := unary (("*" | "/") unary)*
    unary     := "-" unary | atom
    atom      := NUMBER | STRING | "true" | "false" | NAME ["(" [expr ("," expr)*] ")"] | "(" expr ")"

Keywords and names are case-insensitive.

>>> q = parse("select avg(riverEquity(hero)) as eq from game='omaha8', hero='AA', villain='*'")
>>> q.selectors[0].kind, q.selectors[0].name, q.items["hero"]
('avg', 'eq', 'AA')
>>> parse("select avg(x from game='omaha8'")
Traceback (most recent call last):
...
omaha8_fast.pql._parser.PQLSyntaxError: line 1, column 14: expected ')' or an operator, found 'from'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["PQLSyntaxError", "Node", "Selector", "Query", "parse", "parse_expression", "SELECTORS"]

SELECTORS = ("avg", "count", "histogram", "max", "min")
MAX_QUERY = 20_000
MAX_DEPTH = 60
#: The most operators on one path from an expression's top to a leaf (a chain
#: ``1+1+...+1`` counts each ``+``): compiling and evaluating walk the tree
#: recursively, so a deeper tree is refused rather than overflowing the stack.
MAX_TREE_DEPTH = 200
_KEYWORDS = {"select", "from", "where", "as", "and", "or", "not", "true", "false"}
_TOKEN = re.compile(
    r"(?P<space>\s+|--[^\n]*)|(?P<number>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<string>'[^'\n]*'|\"[^\"\n]*\")|(?P<op><>|!=|<=|>=|[=<>+\-*/(),;])"
)


class PQLSyntaxError(ValueError):
    """A query that does not parse, with the ``line`` and ``column`` (from 1)
    where it went wrong and what was ``expected`` there."""

    def __init__(self, message: str, line: int, column: int, expected: str = "") -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line: int = line
        self.column: int = column
        self.expected: str = expected


@dataclass(frozen=True)
class Node:
    """An expression: ``kind`` is "num", "str", "bool", "name", "call", "op"
    (binary, ``value`` the operator), "not" or "neg"; ``args`` its operands."""

    kind: str
    value: object
    args: tuple[Node, ...] = ()
    pos: int = 0


@dataclass(frozen=True)
class Selector:
    kind: str
    expr: Node
    name: str


@dataclass(frozen=True)
class Query:
    selectors: tuple[Selector, ...]
    items: dict[str, str]
    where: Node | None
    text: str = field(repr=False, default="")


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _tokens(text: str) -> list[_Tok]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            line, col = _where(text, pos)
            quote = text[pos] in "'\""
            what = "an unterminated string" if quote else f"unexpected character {text[pos]!r}"
            raise PQLSyntaxError(what, line, col, "a token")
        kind = m.lastgroup or ""
        if kind != "space":
            value = m.group()
            if kind == "name" and value.lower() in _KEYWORDS:
                kind, value = "kw", value.lower()
            out.append(_Tok(kind, value, pos))
        pos = m.end()
    out.append(_Tok("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a PQL query is a str, not {type(text).__name__}")
        if len(text) > MAX_QUERY:
            raise ValueError(f"a PQL query is at most {MAX_QUERY:,} characters, got {len(text):,}")
        self.text, self.toks, self.i, self.depth = text, _tokens(text), 0, 0

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def fail(self, expected: str, tok: _Tok | None = None) -> PQLSyntaxError:
        tok = tok or self.tok
        found = "the end" if tok.kind == "end" else repr(tok.text)
        line, col = _where(self.text, tok.pos)
        return PQLSyntaxError(f"expected {expected}, found {found}", line, col, expected)

    def accept(self, *texts: str) -> _Tok | None:
        tok = self.tok
        if tok.kind in ("kw", "op") and tok.text.lower() in texts:
            self.i += 1
            return tok
        return None

    def expect(self, text: str, expected: str | None = None) -> _Tok:
        tok = self.accept(text)
        if tok is None:
            raise self.fail(expected or repr(text))
        return tok

    def name(self, expected: str) -> _Tok:
        tok = self.tok
        if tok.kind != "name":
            raise self.fail(expected)
        self.i += 1
        return tok

    def query(self) -> Query:
        self.expect("select", "'select'")
        selectors = [self.selector(0)]
        while self.accept(","):
            selectors.append(self.selector(len(selectors)))
        self.expect("from", "',' or 'from'")
        items: dict[str, str] = {}
        while True:
            key = self.name("a name (game, board, dead or a player)")
            self.expect("=", "'='")
            value = self.tok
            if value.kind != "string":
                raise self.fail("a quoted string")
            self.i += 1
            lowered = key.text.lower()
            if lowered in items:
                line, col = _where(self.text, key.pos)
                raise PQLSyntaxError(f"{key.text!r} is given twice", line, col, "each name once")
            items[lowered] = value.text[1:-1]
            if not self.accept(","):
                break
        where = None
        if self.accept("where"):
            where = self.expr()
        self.accept(";")
        if self.tok.kind != "end":
            raise self.fail("',' , 'where' or the end" if where is None else "an operator or the end")
        names = [s.name for s in selectors]
        for s in selectors:
            if names.count(s.name) > 1:
                raise PQLSyntaxError(f"two selectors are named {s.name!r} (use 'as')", 1, 1, "distinct names")
        return Query(tuple(selectors), items, where, self.text)

    def selector(self, index: int) -> Selector:
        tok = self.name("a selector (" + ", ".join(SELECTORS) + ")")
        kind = tok.text.lower()
        if kind not in SELECTORS:
            line, col = _where(self.text, tok.pos)
            raise PQLSyntaxError(f"unknown selector {tok.text!r}; expected one of " + ", ".join(SELECTORS),
                                 line, col, "a selector")
        self.expect("(", "'('")
        expr = self.expr()
        self.expect(")", "')' or an operator")
        name = f"{kind}{index + 1}"
        if self.accept("as"):
            name = self.name("a name after 'as'").text
        return Selector(kind, expr, name)

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"at most {MAX_DEPTH} nested expressions")
        try:
            node = self.conj()
            while (tok := self.accept("or")) is not None:
                node = Node("op", "or", (node, self.conj()), tok.pos)
            return node
        finally:
            self.depth -= 1

    def conj(self) -> Node:
        node = self.negation()
        while (tok := self.accept("and")) is not None:
            node = Node("op", "and", (node, self.negation()), tok.pos)
        return node

    def negation(self) -> Node:
        tok = self.accept("not")
        if tok is not None:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail(f"at most {MAX_DEPTH} nested expressions")
            try:
                return Node("not", "not", (self.negation(),), tok.pos)
            finally:
                self.depth -= 1
        return self.compare()

    def compare(self) -> Node:
        node = self.sum()
        tok = self.accept("=", "<>", "!=", "<", "<=", ">", ">=")
        if tok is not None:
            op = "<>" if tok.text == "!=" else tok.text
            node = Node("op", op, (node, self.sum()), tok.pos)
        return node

    def sum(self) -> Node:
        node = self.product()
        while (tok := self.accept("+", "-")) is not None:
            node = Node("op", tok.text, (node, self.product()), tok.pos)
        return node

    def product(self) -> Node:
        node = self.unary()
        while (tok := self.accept("*", "/")) is not None:
            node = Node("op", tok.text, (node, self.unary()), tok.pos)
        return node

    def unary(self) -> Node:
        tok = self.accept("-")
        if tok is not None:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail(f"at most {MAX_DEPTH} nested expressions")
            try:
                return Node("neg", "-", (self.unary(),), tok.pos)
            finally:
                self.depth -= 1
        return self.atom()

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind == "number":
            self.i += 1
            return Node("num", _number(tok.text), (), tok.pos)
        if tok.kind == "string":
            self.i += 1
            return Node("str", tok.text[1:-1], (), tok.pos)
        if tok.kind == "kw" and tok.text in ("true", "false"):
            self.i += 1
            return Node("bool", tok.text == "true", (), tok.pos)
        if tok.kind == "name":
            self.i += 1
            if self.accept("("):
                args: list[Node] = []
                if not self.accept(")"):
                    args.append(self.expr())
                    while self.accept(","):
                        args.append(self.expr())
                    self.expect(")", "',' or ')'")
                return Node("call", tok.text, tuple(args), tok.pos)
            return Node("name", tok.text, (), tok.pos)
        if self.accept("("):
            node = self.expr()
            self.expect(")", "')' or an operator")
            return node
        raise self.fail("a number, a string, a name, a function call or '('")


def _number(text: str) -> int | float:
    """A literal's value: an int while it fits in 64 bits (the arrays' integers),
    else the nearest float, so that no literal wraps around."""
    if "." in text:
        return float(text)
    value = int(text)
    return value if value < 2 ** 63 else float(value)


def _check_depth(text: str, roots: list[Node]) -> None:
    """Refuse a tree deeper than :data:`MAX_TREE_DEPTH` (walked without recursion)."""
    stack = [(node, 1) for node in roots]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            line, col = _where(text, node.pos)
            raise PQLSyntaxError(f"the expression is too deep: at most {MAX_TREE_DEPTH} operators nested "
                                 "or chained", line, col,
                                 "a shallower expression")
        stack.extend((arg, depth + 1) for arg in node.args)


def parse(text: str) -> Query:
    """The query ``text`` as a :class:`Query`; :class:`PQLSyntaxError` if it does not parse."""
    query = _Parser(text).query()
    _check_depth(text, [s.expr for s in query.selectors] + ([] if query.where is None else [query.where]))
    return query


def parse_expression(text: str) -> Node:
    """One expression (a ``where`` condition) as a :class:`Node`.

    >>> parse_expression("nutLo and handType >= straight").value
    'and'
    """
    p = _Parser(text)
    node = p.expr()
    if p.tok.kind != "end":
        raise p.fail("an operator or the end")
    _check_depth(text, [node])
    return node
