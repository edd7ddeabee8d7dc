"""A union's parts folded in one pass over the universe (o8r_fold_union),
and the cost model that decides when that pays: each hand is tested against
the parts ("terms") needing only ranks it holds, the highest values first,
until one takes it.

>>> from omaha8_fast.ranges._classes import _ClassReader
>>> from omaha8_fast.ranges._syntax import _Parser
>>> reader = _ClassReader(4)
>>> terms = [(1, p) for p in _Parser("RsOsA, RhOhK", 4).parse().parts]
>>> all(_is_term(reader, node) for _, node in terms), _union_pays(reader, terms)  # two cheap lists: no pass
(True, False)
>>> w = np.zeros(reader.n, dtype=np.uint8)
>>> _fold_union(reader, terms, w)
>>> int(np.count_nonzero(w))
21439
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._atoms import _SCAN, _compile_atom, _memo, _memo_key, _memo_size
from ._classes import _SPARSE_SHARE, _ClassReader, _memo_fields, _table_fields
from ._syntax import _Filter, _filter_parts, _Hand, _Macro, _node_key, _Percent
from ._tables import _class_sizes, _percent_thresholds, _ranking32, _universe

__all__: list[str] = []

# At least _UNION_TERMS parts of a union that can be tested hand by hand
# (_is_term) are folded in one pass (_fold_union) when one of them needs a
# pass anyway or they cost more on their own than that pass (_union_pays; in
# hands listed: a part on its own costs its listed hands and _ATOM_COST or
# _FILTER_COST for its Python). Its memos take at most _UNION_MEMO_BYTES
# together.
_UNION_TERMS = 2
_UNION_PASS = 6
_UNION_TEST = 0.25
_ATOM_COST = 10_000
_FILTER_COST = 50_000
_UNION_MEMO_BYTES = 1 << 25

_Condition = tuple[int, Any, Any, str]  # (cost, key, part or (kind, table), op)
# (value, ranks and suits every hand of it holds, conditions, tables by kind)
_Described = tuple[int, int, int, list[_Condition], dict[str, npt.NDArray[np.uint8]]]
_Term = tuple[int, int, int, tuple[int, ...]]  # (value, ranks, suits, indices of its conditions)


def _is_term(reader: _ClassReader, node: Any) -> bool:
    """Whether a part of a union can be tested hand by hand in the
    union's one pass (_fold_union): a pattern not read by class, or a
    filter of patterns, parts read by class and percentages."""
    if isinstance(node, (_Hand, _Macro)):
        return not reader.tree_kind(node)
    if not isinstance(node, _Filter):
        return False
    return all(isinstance(p, (_Hand, _Macro, _Percent)) or reader.tree_kind(p)
               for p in [node.left] + [r for _, r in node.ops])


def _alone_cost(reader: _ClassReader, node: Any) -> float | None:
    """What a term of fold_union costs on its own (in hands listed, its
    Python included): a pattern listed by o8r_generate, a filter whose
    left side is listed and tested against each right side; None when
    it would take a pass over the universe."""
    limit = reader.n / _SPARSE_SHARE
    if isinstance(node, (_Hand, _Macro)):
        cost = _compile_atom(node, reader.k).generate_cost
        return None if cost is None or cost > limit else cost + _ATOM_COST
    listed = reader.listed(node.left)
    if listed is not None:
        return len(listed) * (1 + len(node.ops)) + _FILTER_COST
    kind = reader.tree_kind(node.left)
    if not kind:
        return None
    # a part read by class in a universe too big to keep its classes' hands: one pass
    # folds it in by class, then its hands are collected and tested
    size = int(_class_sizes(reader.k, kind)[reader.class_weights(node.left, kind) > 0].sum())
    if size * _SPARSE_SHARE >= reader.n:
        return None
    return reader.n * _SCAN + size * (1 + len(node.ops)) + _FILTER_COST


def _union_pays(reader: _ClassReader, terms: list[tuple[int, Any]]) -> bool:
    """Whether one pass for all the terms (_fold_union) costs less than
    each on its own: always when one of them needs a pass anyway. The
    pass costs _UNION_PASS per hand, and _UNION_TEST per hand a term is
    looked at (the hands holding its lowest needed rank, about k/13 of
    them, or all)."""
    alone = 0.0
    looked = 0.0
    for _, node in terms:
        cost = _alone_cost(reader, node)
        if cost is None:
            return True
        alone += cost
        atom = node if isinstance(node, (_Hand, _Macro)) else node.left
        ranks = _compile_atom(atom, reader.k).ranks if isinstance(atom, (_Hand, _Macro)) else 0
        looked += reader.k / 13 if ranks else 1.0
    return alone > reader.n * (_UNION_PASS + _UNION_TEST * looked)


def _fold_union(reader: _ClassReader, terms: list[tuple[int, Any]], w: npt.NDArray[np.uint8]) -> None:
    """w = max(w, value) on the hands of each (value, part) of ``terms``
    (_is_term), in one pass over the universe (o8r_fold_union): each hand
    is tested against the parts needing only ranks it holds, the highest
    values first, until one takes it; a condition shared by parts is
    tested once per hand, a pattern with rank variables once per class
    of hands through a memo shared by the patterns that differ only in
    the ranks they name."""
    alive: list[Any] = []  # the buffers the conditions point into
    fields, built = _condition_fields(reader, _described(reader, terms), alive)
    term_fields, starts, index = _bucketed(built)
    c_conds = ffi.new("o8r_condition[]", fields or 1)
    c_terms = ffi.new("o8r_term[]", term_fields or 1)
    c_starts = ffi.new("int32_t[]", starts)
    c_index = ffi.new("int32_t[]", index or 1)
    seen = ffi.new("uint32_t[]", len(fields) or 1)
    if lib.o8r_fold_union(ffi.from_buffer(w), ffi.from_buffer(_universe(reader.k)), reader.k, reader.n, c_terms,
                          len(term_fields), c_starts, c_index, len(index), c_conds, len(fields), seen) < 0:
        raise RuntimeError("o8r_fold_union rejected its terms")


def _described(reader: _ClassReader, terms: list[tuple[int, Any]]) -> list[_Described]:
    """Each term as its value, the ranks and suits its hands hold, its
    conditions (the parts tested hand by hand, then one per table) and its
    tables of classes kept by kind; terms alike but for their table of one
    kind are one, the tables joined."""
    described: list[_Described] = []
    merged: dict[Any, int] = {}  # terms alike but for a table of one kind -> where in described
    for value, node in terms:
        parts = _filter_parts(node) if isinstance(node, _Filter) else [(":", node)]
        tables: dict[str, npt.NDArray[np.uint8]] = {}
        conditions: list[_Condition] = []
        ranks = suits = 0
        for op, part in parts:
            kind = reader.tree_kind(part)
            if kind:
                reader.narrow_table(tables, kind, op, part)
                if op == ":" and isinstance(part, (_Hand, _Macro)):
                    compiled = _compile_atom(part, reader.k)
                    ranks, suits = ranks | compiled.ranks, suits | compiled.suits
            elif isinstance(part, _Percent):
                conditions.append((0, ("percent", _percent_thresholds(part, reader.n), op), part, op))
            else:
                compiled = _compile_atom(part, reader.k)
                if op == ":":
                    if compiled.atom.match_all and not compiled.atom.feature:
                        continue  # every hand
                    ranks, suits = ranks | compiled.ranks, suits | compiled.suits
                cost = 3 if compiled.variables and compiled.memo_ranks is None else 2 if compiled.variables else 1
                conditions.append((cost, ("atom", _node_key(part), op), part, op))
        if len(tables) == 1:  # terms alike but for their table of one kind: one term, the tables joined
            (kind, table), = tables.items()
            group = (value, kind, frozenset(c[1] for c in conditions))
            at_group = merged.get(group)
            if at_group is not None:  # the ranks and suits both need
                v, r, s, c, t = described[at_group]
                np.maximum(t[kind], table, out=t[kind])
                described[at_group] = (v, r & ranks, s & suits, c, t)
                continue
            merged[group] = len(described)
        described.append((value, ranks, suits, conditions, tables))
    for value, ranks, suits, conditions, tables in described:
        for kind, table in tables.items():
            conditions.append((0, ("table", kind, table.tobytes()), (kind, table), ":"))
    return described


def _condition_fields(reader: _ClassReader, described: list[_Described],
                      alive: list[Any]) -> tuple[list[dict[str, Any]], dict[_Term, None]]:
    """The fields of the distinct o8r_conditions of the terms and each term
    with the indices of its conditions, the cheapest first and among those
    the most shared (terms that share their first are skipped together);
    ``alive`` gets the buffers the conditions point into."""
    uses: Counter[Any] = Counter()
    for value, ranks, suits, conditions, _ in described:
        uses.update({key for _, key, _, _ in conditions})
    fields: list[dict[str, Any]] = []
    at: dict[Any, int] = {}  # a condition's key -> its index in fields
    memos: dict[Any, npt.NDArray[np.uint8]] = {}
    memo_bytes = 0
    built: dict[_Term, None] = {}
    for value, ranks, suits, conditions, _ in described:
        conds: list[int] = []
        for _, key, part, op in sorted(conditions, key=lambda c: (c[0], -uses[c[1]])):
            if key not in at:
                at[key] = len(fields)
                field: dict[str, Any] = {"negate": op == "!"}
                if key[0] == "table":
                    kind, table = part
                    field.update(_table_fields(reader.k, kind, table, alive))
                elif key[0] == "percent":
                    low, high = key[1]
                    field.update(key=ffi.cast("int32_t *", ffi.from_buffer(_ranking32())), key_low=low,
                                 key_high=high)
                else:
                    compiled = _compile_atom(part, reader.k)
                    field["atom"] = compiled.atom
                    if compiled.variables and compiled.memo_ranks is not None:
                        r1, r2 = compiled.memo_ranks
                        memo_key = (_memo_key(part), r1 >= 0, r2 >= 0)
                        memo = memos.get(memo_key)
                        if memo is None and memo_bytes + _memo_size(reader.k, r1, r2) <= _UNION_MEMO_BYTES:
                            memo = memos[memo_key] = _memo(reader.k, r1, r2)
                            memo_bytes += len(memo)
                        if memo is not None:
                            field.update(_memo_fields(reader.k, compiled.memo_ranks, memo, alive))
                fields.append(field)
            conds.append(at[key])
        built[(value, ranks, suits, tuple(conds))] = None
    return fields, built


def _bucketed(built: dict[_Term, None]) -> tuple[list[dict[str, int]], list[int], list[int]]:
    """The o8r_term fields of the terms in buckets by their lowest needed
    rank (the last: none), the highest values first; where each bucket
    starts; the conditions' indices the terms point into."""
    buckets: list[list[_Term]] = [[] for _ in range(lib.O8R_BUCKETS)]
    for term in built:
        ranks = term[1]
        buckets[(ranks & -ranks).bit_length() - 1 if ranks else lib.O8R_BUCKETS - 1].append(term)
    term_fields: list[dict[str, int]] = []
    index: list[int] = []
    starts = [0]
    for bucket in buckets:
        bucket.sort(key=lambda t: (-t[0], t[3][0] if t[3] else -1))
        skips = [0] * len(bucket)
        for i in range(len(bucket) - 2, -1, -1):
            if bucket[i][3] and bucket[i][3][:1] == bucket[i + 1][3][:1]:
                skips[i] = skips[i + 1] + 1
        for (value, ranks, suits, term_conds), skip in zip(bucket, skips):
            term_fields.append({"value": value, "suits": suits, "ranks": ranks, "first": len(index),
                                "n_conds": len(term_conds), "skip": skip})
            index += term_conds
        starts.append(len(term_fields))
    return term_fields, starts, index
