"""A parse tree evaluated into weights over the universe of hands.

A range is evaluated into one array of weights (uint8, 0 = not in the range)
over the universe of hands in colex order. Unions fold their parts into that
array in place, filters clear entries of it, and each distinct atom is
applied once: the cost is the number of distinct atoms times the universe
(a pass in C, skipping hands already decided) or, for selective patterns,
the number of hands they hold (listed directly). No part keeps an array of
its own unless it is a compound (a parenthesized group, a filter) inside a
union, one per nesting level.

:class:`_Evaluator` walks the tree and folds; what it leans on lives below
it: parts read by class and small parts listed (:mod:`._range_classes`),
atoms applied by listing or by a pass (:mod:`._range_passes`), a filter in
one pass (:mod:`._range_filters`), a union in one pass and when that pays
(:mod:`._range_union`).

>>> from omaha8_fast.ranges._syntax import _Parser
>>> parser = _Parser("AA@3, KK!KKK@2", 4)
>>> w = _Evaluator(parser).evaluate(parser.parse())
>>> int(np.count_nonzero(w == 3)), int(np.count_nonzero(w == 2))
(6961, 6732)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._atoms import (
    _DROP,
    _KEEP,
    _SET,
    _any_card_atom,
    _any_card_of,
    _apply,
    _apply_to_classes,
    _compile_atom,
)
from ._classes import _SPARSE_SHARE, _ClassReader, _keep_classes, _max_classes
from ._filters import _fold_where
from ._passes import _AtomPasses
from ._syntax import (
    _atom_uses,
    _check_weights,
    _distinct_ops,
    _distinct_parts,
    _Filter,
    _Hand,
    _Macro,
    _Parser,
    _Percent,
    _Union,
    _Weighted,
)
from ._tables import (
    _classes,
    _collect,
    _percent_hands,
    _percent_span,
    _percent_thresholds,
    _ranking_order32,
    preflop_ranking,
)
from ._union import _UNION_TERMS, _fold_union, _is_term, _union_pays

__all__: list[str] = []


class _Evaluator:
    """Turns a parse tree into weights over the universe (0 = not in range)."""

    def __init__(self, parser: _Parser) -> None:
        self.text = parser.text
        self.k = parser.hole_size
        self.reader = _ClassReader(self.k)
        self.passes = _AtomPasses(self.k, Counter())
        self.rows = self.passes.rows
        self.n = self.passes.n
        # Weights by class (rank multiset, suit counts) of the atoms that
        # read only ranks or only suits, folded into the hands once per union
        # (see _classes).
        self.pending: list[dict[str, npt.NDArray[np.uint8]]] = []
        self.percent_top: dict[int, int] = {}  # id of a pending "percent" array -> its last position + 1

    def evaluate(self, node: Any) -> npt.NDArray[np.uint8]:
        _check_weights(node, self.text, self.k)
        uses: Counter[Any] = Counter()
        _atom_uses(node, uses)  # an atom used twice is matched once
        self.passes = _AtomPasses(self.k, uses)
        return self.weights(node)

    def zeros(self) -> npt.NDArray[np.uint8]:
        return np.zeros(self.n, dtype=np.uint8)

    def weights(self, node: Any) -> npt.NDArray[np.uint8]:
        """A fresh array of the weights of ``node``."""
        if isinstance(node, _Filter):
            kind = self.reader.tree_kind(node)
            if not kind:
                if isinstance(node.left, (_Hand, _Macro)):  # weights 1: as a part of a union
                    w = self.zeros()
                    if _fold_where(self.reader, node, w, 1):
                        return w
                return self.filtered(node)
            w = self.zeros()  # a filter of parts read by one class: at class level, then one pass
            _max_classes(w, self.k, kind, self.reader.class_weights(node, kind))
            return w
        self.pending.append({})
        try:
            w = self.folded(node)
        finally:
            pending = self.pending.pop()
        for kind, by_class in pending.items():
            if kind == "percent":
                top = self.percent_top.pop(id(by_class), 0)
                if lib.o8r_max_at(ffi.from_buffer(w), self.n, ffi.cast("int32_t *", ffi.from_buffer(_ranking_order32())),
                                  ffi.from_buffer(by_class), top) != 0:
                    raise RuntimeError("o8r_max_at rejected its input")
                continue
            _max_classes(w, self.k, kind, by_class)
        return w

    def folded(self, node: Any) -> npt.NDArray[np.uint8]:
        if isinstance(node, _Union):
            parts = _distinct_parts(node)
            if len(parts) == 1:
                return self.weights(parts[0])
            w = self.zeros()
            any_of: dict[int, int] = {}  # value -> cards: parts that are "any card of these"
            terms: list[tuple[int, Any]] = []  # (value, part): folded in one pass (_fold_union)
            for part in parts:
                value, inner = (part.weight, part.node) if isinstance(part, _Weighted) else (1, part)
                if isinstance(part, _Weighted) or not _check_weights(part, self.text, self.k):
                    self.union_parts(inner, value, w, any_of, terms)
                else:
                    self.fold_weighted(part, w, None)
            if len(terms) >= _UNION_TERMS and _union_pays(self.reader, terms):
                _fold_union(self.reader, terms, w)
            else:
                for value, part in terms:
                    self.fold(part, w, value)
            for value, cards in any_of.items():
                self.passes.apply_compiled(_any_card_atom(cards, self.k), w, _SET, value)
            return w
        if isinstance(node, _Weighted):
            w = self.zeros()
            self.fold(node.node, w, node.weight)
            return w
        w = self.zeros()
        self.fold(node, w, 1)
        return w

    def union_parts(self, node: Any, value: int, w: npt.NDArray[np.uint8], any_of: dict[int, int],
                    terms: list[tuple[int, Any]]) -> None:
        """Folds ``node`` (its own weights replaced by ``value``) into w,
        or sorts it (the parts of a union, in turn) for the union's last
        passes: "any card of these" into ``any_of``, terms of _fold_union
        into ``terms``."""
        if isinstance(node, _Union):
            for part in _distinct_parts(node):
                self.union_parts(part.node if isinstance(part, _Weighted) else part, value, w, any_of, terms)
            return
        cards = _any_card_of(node, self.k)
        if cards is not None:
            any_of[value] = any_of.get(value, 0) | cards
        elif _is_term(self.reader, node):
            terms.append((value, node))
        else:
            self.fold(node, w, value)

    def fold(self, node: Any, w: npt.NDArray[np.uint8], value: int) -> None:
        """w = max(w, value) on the hands of ``node``."""
        kind = self.reader.tree_kind(node)
        if kind and self.pending:
            reps, _ = _classes(self.k, kind)
            by_class = self.pending[-1].get(kind)
            if by_class is None:
                by_class = self.pending[-1][kind] = np.zeros(len(reps), dtype=np.uint8)
            if isinstance(node, (_Hand, _Macro)):
                _apply_to_classes(node, reps, by_class, value)
            else:
                inside = self.reader.class_weights(node, kind) > 0
                by_class[inside] = np.maximum(by_class[inside], np.uint8(value))
        elif isinstance(node, (_Hand, _Macro)):
            self.passes.apply(node, w, _SET, value)
        elif isinstance(node, _Percent):
            low, high = _percent_span(node, self.n)
            if self.pending:  # by position in the ranking order, spread once per union
                by_rank = self.pending[-1].get("percent")
                if by_rank is None:
                    by_rank = self.pending[-1]["percent"] = np.zeros(self.n, dtype=np.uint8)
                np.maximum(by_rank[low:high], np.uint8(value), out=by_rank[low:high])
                self.percent_top[id(by_rank)] = max(self.percent_top.get(id(by_rank), 0), high)
            else:
                index = _percent_hands(node, self.n)
                w[index] = np.maximum(w[index], np.uint8(value))
        elif isinstance(node, _Filter) and _fold_where(self.reader, node, w, value):
            pass
        elif isinstance(node, _Union):
            for part in _distinct_parts(node):
                self.fold(part, w, value)
        elif isinstance(node, _Weighted):
            self.fold(node.node, w, value)
        else:
            self.fold_weighted(node, w, value)

    def fold_weighted(self, node: Any, w: npt.NDArray[np.uint8], value: int | None) -> None:
        """w = max(w, the weights of a compound ``node``), its weights all
        replaced by ``value`` unless None."""
        inner = self.filter_chain(node) if isinstance(node, _Filter) else self.weights(node)
        if isinstance(inner, tuple):
            w[inner[0]] = np.maximum(w[inner[0]], inner[1] if value is None else np.uint8(value))
        elif value is None:
            np.maximum(w, inner, out=w)
        else:
            lib.o8r_fold(ffi.from_buffer(w), ffi.from_buffer(inner), self.n, value)

    def filtered(self, node: _Filter) -> npt.NDArray[np.uint8]:
        out = self.filter_chain(node)
        if isinstance(out, tuple):
            w = self.zeros()
            w[out[0]] = out[1]
            return w
        return out

    def filter_chain(self, node: _Filter) -> npt.NDArray[np.uint8] | tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
        """The weights of a filter: dense, or when its left side holds few
        hands, as (universe indices, weights), the filters then costing what
        those hands do rather than a pass over the universe each."""
        ops = _distinct_ops(node)
        listed = self.reader.listed(node.left)
        w = self.weights(node.left) if listed is None else self.zeros()[:0]
        if listed is not None or int(np.count_nonzero(w)) * _SPARSE_SHARE < self.n:
            index, values = (listed, np.ones(len(listed), dtype=np.uint8)) if listed is not None else _collect(w)
            for op, right in ops:
                if not len(index):
                    break
                inside = self.member(right, index)
                keep = inside if op == ":" else ~inside
                index, values = index[keep], values[keep]
            return index, values
        dropped = 0  # cards of the "!" parts that are "any card of these", removed in one pass
        keep_classes: dict[str, npt.NDArray[np.uint8]] = {}  # the parts read by class: one pass per class
        for op, right in ops:
            cards = _any_card_of(right, self.k) if op == "!" else None
            kind = self.reader.tree_kind(right)
            if cards is not None:
                dropped |= cards
            elif kind:
                self.reader.narrow_table(keep_classes, kind, op, right)
            elif not self.filter(w, right, _KEEP if op == ":" else _DROP):
                return w
        for kind, table in keep_classes.items():
            if not _keep_classes(w, self.k, kind, table):
                return w
        if dropped:
            self.passes.apply_compiled(_any_card_atom(dropped, self.k), w, _DROP, 0)
        return w

    def member(self, node: Any, index: npt.NDArray[np.int32]) -> npt.NDArray[np.bool_]:
        """Whether each hand ``index[i]`` of the universe is in ``node``."""
        classes = self.reader.class_members(node)
        if classes is not None:
            by_class, class_of = classes
            return by_class.view(np.bool_)[class_of[index]]
        if isinstance(node, (_Hand, _Macro)):
            rows = np.ascontiguousarray(self.rows[index])
            flags = np.ones(len(index), dtype=np.uint8)
            _apply(_compile_atom(node, self.k), rows, flags, _KEEP, 0)
            return flags.view(np.bool_)
        if isinstance(node, _Percent):
            low, high = _percent_thresholds(node, self.n)
            rank = preflop_ranking()[index]
            return (rank >= low) & (rank < high)
        return self.weights(node)[index] > 0

    def filter(self, w: npt.NDArray[np.uint8], node: Any, op: int) -> int:
        """Clears the hands of w not in ``node`` (KEEP) or in it (DROP);
        returns how many hands are left (or a positive number)."""
        kind = self.reader.tree_kind(node)
        if kind:
            by_class = np.minimum(self.reader.class_weights(node, kind), 1)
            if op == _DROP:
                by_class ^= 1
            return _keep_classes(w, self.k, kind, by_class)
        if isinstance(node, (_Hand, _Macro)):
            return self.passes.apply(node, w, op, 0)
        if isinstance(node, _Percent):
            index = _percent_hands(node, self.n)
            if op == _KEEP:
                kept = w[index]
                w[:] = 0
                w[index] = kept
            else:
                w[index] = 0
            return 1
        inside = self.weights(node)
        if op == _KEEP:
            np.minimum(inside, 1, out=inside)
            w *= inside
        else:
            w[inside > 0] = 0
        return 1
