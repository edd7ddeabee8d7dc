"""From a parsed expression to a function of a chunk of deals (vectorised).

Names are resolved once, here: players to their index, streets to board
sizes, hand types, function names (an unknown one names the nearest known
one). The compiled expression returns ``(values, type)`` for a whole chunk.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

import numpy as np

from ._functions import FUNCTIONS, HAND_TYPES, STREETS, Deals, hand_type, low_rating
from ._parser import Node, PQLSyntaxError

__all__ = ["compile_expression", "Compiled", "truth"]

Compiled = Callable[[Deals], tuple[Any, str]]
_NUMERIC = ("num", "frac", "handtype", "bool")


def _error(text: str, node: Node, message: str, expected: str = "") -> PQLSyntaxError:
    line = text.count("\n", 0, node.pos) + 1
    col = node.pos - (text.rfind("\n", 0, node.pos) + 1) + 1
    return PQLSyntaxError(message, line, col, expected)


def _as_float(values: Any, kind: str) -> Any:
    if kind == "frac":
        return values / 5040.0
    if kind == "str":
        raise ValueError("text values (boardRanks) can only be compared with = or <>")
    return values


def truth(values: Any, kind: str) -> Any:
    """A condition's values as booleans; ``ValueError`` for a NaN (``0/0``),
    which is neither true nor false."""
    x = np.asarray(_as_float(values, kind))
    if x.dtype.kind == "f" and np.isnan(x).any():
        raise ValueError("a condition is NaN (not a number, e.g. 0/0) for some deal: "
                         "it is neither true nor false")
    return x if x.dtype == bool else x != 0


#: Integers beyond this magnitude leave int64 arithmetic for floats.
_INT_SAFE = float(2 ** 62)


def _arith(op: str, x: Any, y: Any) -> Any:
    """``x op y`` for + - *: int64 while every result fits (checked in floats,
    whose error is far below the margin), else float64, never wrapping."""
    f = {"+": np.add, "-": np.subtract, "*": np.multiply}[op]
    x, y = np.asarray(x), np.asarray(y)
    if x.dtype.kind in "iub" and y.dtype.kind in "iub":
        wide = f(x.astype(np.float64), y.astype(np.float64))
        if not len(wide) or np.abs(wide).max() < _INT_SAFE:
            return f(x.astype(np.int64), y.astype(np.int64))
        return wide
    return f(x, y)


class Compiler:
    """Compiles expressions of one query: ``players`` maps a lower-case name
    to its index; ``implicit``: the player a function's omitted player
    argument means (Range.on), else None."""

    def __init__(self, text: str, players: dict[str, int], implicit: int | None = None) -> None:
        self.text, self.players, self.implicit = text, players, implicit

    def compile(self, node: Node) -> Compiled:
        kind = node.kind
        if kind in ("num", "str", "bool"):
            value = node.value
            tag = {"num": "num", "str": "str", "bool": "bool"}[kind]
            return lambda d: (np.full(d.n, value, dtype=object if tag == "str" else None), tag)
        if kind == "name":
            return self.name(node)
        if kind == "call":
            return self.call(node, node.args)
        if kind == "not":
            inner = self.compile(node.args[0])

            def negate(d: Deals) -> tuple[Any, str]:
                v, t = inner(d)
                return ~truth(v, t), "bool"
            return negate
        if kind == "neg":
            inner = self.compile(node.args[0])

            def minus(d: Deals) -> tuple[Any, str]:
                v, t = inner(d)
                return (-v, "frac") if t == "frac" else (-_as_float(v, t), "num")
            return minus
        return self.binary(node)

    def name(self, node: Node) -> Compiled:
        name = str(node.value)
        key = name.lower()
        if key in FUNCTIONS:
            return self.call(node, ())
        try:
            index = hand_type(name)
        except ValueError:
            pass
        else:
            return lambda d: (np.full(d.n, index, dtype=np.int64), "handtype")
        raise self.unknown(node, name, "a function, a hand type or a value")

    def unknown(self, node: Node, name: str, what: str) -> PQLSyntaxError:
        known = [f.name for f in FUNCTIONS.values()] + list(HAND_TYPES) + list(self.players)
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        close = close or difflib.get_close_matches(name.lower(), [k.lower() for k in known], n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return _error(self.text, node, f"unknown name {name!r}{hint}", what)

    def binary(self, node: Node) -> Compiled:
        op = str(node.value)
        left, right = self.compile(node.args[0]), self.compile(node.args[1])

        def run(d: Deals) -> tuple[Any, str]:
            a, ta = left(d)
            b, tb = right(d)
            if op in ("and", "or"):
                x, y = truth(a, ta), truth(b, tb)
                return (x & y if op == "and" else x | y), "bool"
            if ta == "str" or tb == "str":
                if op not in ("=", "<>"):
                    raise ValueError("text values (boardRanks) can only be compared with = or <>")
                eq = np.asarray(a == b, dtype=bool)
                return (eq if op == "=" else ~eq), "bool"
            if ta == tb == "frac" and op in ("+", "-"):
                return (a + b if op == "+" else a - b), "frac"
            x, y = _as_float(a, ta), _as_float(b, tb)
            if op in ("+", "-", "*"):
                return _arith(op, x, y), "num"
            if op == "/":
                with np.errstate(divide="ignore", invalid="ignore"):
                    return np.true_divide(x, y), "num"
            result = {"=": np.equal, "<>": np.not_equal, "<": np.less, "<=": np.less_equal,
                      ">": np.greater, ">=": np.greater_equal}[op](x, y)
            return result, "bool"
        return run

    def call(self, node: Node, args: tuple[Node, ...]) -> Compiled:
        name = str(node.value)
        fn = FUNCTIONS.get(name.lower())
        if fn is None:
            raise self.unknown(node, name, "a known function")
        params = list(fn.params)
        given = list(args)
        if params and params[0] == "player" and self.implicit is not None:
            if not given or given[0].kind != "name" or str(given[0].value).lower() not in self.players:
                given.insert(0, Node("name", "_hand", (), node.pos))
        required = fn.required
        if "street" in params and self.implicit is not None:
            required = min(required, params.index("street"))
        if not required <= len(given) <= len(params):
            count = f"{required}" if required == len(params) else f"{required} to {len(params)}"
            raise _error(self.text, node, f"{fn.name} takes {count} arguments ({', '.join(params)}), "
                                          f"got {len(given)}", "the right number of arguments")
        values: list[Any] = []
        street_given = False
        for kind, arg in zip(params, given):
            values.append(self.argument(fn.name, kind, arg))
            street_given = street_given or kind == "street"
        if "street" in params and not street_given:
            values.insert(params.index("street"), None)
        values += [None] * (len(params) - len(values))
        impl = fn.impl

        def run(d: Deals) -> tuple[Any, str]:
            vals = [d.default_street if (k == "street" and v is None) else v for k, v in zip(params, values)]
            return impl(d, *vals)
        return run

    def argument(self, fname: str, kind: str, arg: Node) -> Any:
        if kind == "player":
            if arg.kind == "name" and str(arg.value) == "_hand":
                return self.implicit
            if arg.kind != "name" or str(arg.value).lower() not in self.players:
                got = arg.value if arg.kind in ("name", "str", "num") else "an expression"
                players = ", ".join(n for n in self.players if n != "_hand") or "none"
                raise _error(self.text, arg, f"{fname}: {got!r} is not a player of this query "
                                             f"(players: {players})", "a player")
            return self.players[str(arg.value).lower()]
        if kind == "street":
            if arg.kind != "name" or str(arg.value).lower() not in STREETS:
                raise _error(self.text, arg, f"{fname}: expected a street (flop, turn, river)", "a street")
            street = STREETS[str(arg.value).lower()]
            if street == 0 and fname != "equity":
                raise _error(self.text, arg, f"{fname}: preflop has no board", "flop, turn or river")
            return street
        if kind == "handtype":
            try:
                return hand_type(str(arg.value))
            except ValueError as error:
                raise _error(self.text, arg, f"{fname}: {error}", "a hand type") from None
        if kind == "lorating":
            if arg.kind not in ("num", "str"):
                raise _error(self.text, arg, f"{fname}: expected a low rating such as 76432 or '7643A'",
                             "a low rating")
            try:
                return low_rating(arg.value)
            except ValueError as error:
                raise _error(self.text, arg, f"{fname}: {error}", "a low rating") from None
        if kind == "range":
            if arg.kind != "str":
                raise _error(self.text, arg, f"{fname}: expected a quoted range", "a quoted range")
            return str(arg.value)
        raise AssertionError(kind)


def compile_expression(text: str, node: Node, players: dict[str, int], implicit: int | None = None) -> Compiled:
    """Compile ``node`` (parsed from ``text``) for a query with these players."""
    return Compiler(text, players, implicit).compile(node)
