"""A filter folded into a union's weights in one pass (o8r_fold_where):
each hand is tested against the filter's parts in turn, the class lookups
first, then the patterns, when that costs less than the filter's own passes.

>>> from omaha8_fast.ranges._classes import _ClassReader
>>> from omaha8_fast.ranges._syntax import _Parser
>>> w = np.zeros(270725, dtype=np.uint8)
>>> _fold_where(_ClassReader(4), _Parser("*:RsOsA", 4).parse().parts[0], w, 2), int(np.count_nonzero(w))
(True, 10780)
>>> _fold_where(_ClassReader(4), _Parser("xxyy:AK", 4).parse().parts[0], w, 2)  # its hands are listed instead
False
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._atoms import _any_card_of, _compile_atom, _Compiled, _memo, _test_cost
from ._classes import _ClassReader, _memo_fields, _table_fields
from ._syntax import _Filter, _filter_parts, _Hand, _Macro
from ._tables import _universe

__all__: list[str] = []

# In the one pass of a filter (o8r_fold_where) a pattern tested by class
# costs a quarter of a listed hand (no memo to fill per call, no pass of its
# own, see _range_atoms._MEMO_TEST); the filter's own passes over a dense
# left side (making it, folding it) cost half a listed hand per hand.
_FOLD_MEMO_TEST = 0.25
_CHAIN_PASSES = 0.5


def _fold_where(reader: _ClassReader, node: _Filter, w: npt.NDArray[np.uint8], value: int) -> bool:
    """w = max(w, value) on the hands of a filter whose parts are all
    atoms or read by class, in one pass that tests each hand against
    them in turn (o8r_fold_where: class lookups first, then patterns).
    False (w untouched) for any other filter, one whose left side is
    small (its hands are listed instead: filter_chain), that removes
    single cards, or whose patterns cost less to list than to test on
    every hand."""
    parts = _filter_parts(node)
    if any(not isinstance(p, (_Hand, _Macro)) and not reader.tree_kind(p) for _, p in parts):
        return False
    if reader.listed(node.left) is not None:
        return False
    if any(op == "!" and _any_card_of(r, reader.k) is not None for op, r in parts):
        return False  # filter_chain removes all such cards in one pass
    tables: dict[str, npt.NDArray[np.uint8]] = {}
    atoms: list[tuple[str, _Compiled]] = []
    for op, part in parts:
        kind = reader.tree_kind(part)
        if kind:
            reader.narrow_table(tables, kind, op, part)
        else:
            atoms.append((op, _compile_atom(part, reader.k)))
    # Testing every hand against the patterns, or the filter's passes
    # (_CHAIN_PASSES) and each pattern listed or passed over on its own.
    chain_cost, fold_cost = _CHAIN_PASSES * reader.n, 0.0
    for _, compiled in atoms:
        fold_cost += _test_cost(compiled, _FOLD_MEMO_TEST) * reader.n
        test = _test_cost(compiled) * reader.n
        chain_cost += test if compiled.generate_cost is None else min(test, compiled.generate_cost)
    if fold_cost > chain_cost:
        return False
    atoms.sort(key=lambda a: (a[1].variables, a[1].memo_ranks is None))  # the cheapest tests first
    alive: list[Any] = []  # the buffers the conditions point into
    fields = [_table_fields(reader.k, kind, table, alive) for kind, table in tables.items()]
    for op, compiled in atoms:
        field: dict[str, Any] = {"atom": compiled.atom, "negate": op == "!"}
        if compiled.variables and compiled.memo_ranks is not None:
            field.update(_memo_fields(reader.k, compiled.memo_ranks, _memo(reader.k, *compiled.memo_ranks), alive))
        fields.append(field)
    conds = ffi.new("o8r_condition[]", fields)
    if lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(_universe(reader.k)), reader.k, reader.n, value, conds,
                          len(fields)) < 0:
        raise RuntimeError("o8r_fold_where rejected its conditions")
    return True