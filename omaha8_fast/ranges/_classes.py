"""The parts of a range read by class, and the parts small enough to list.

A part whose atoms all read only a hand's ranks, only its suit counts or only
its shape (see :func:`omaha8_fast.ranges._syntax._tree_kinds`) is evaluated
once per class of hands (on the hand standing for each, see
:func:`omaha8_fast.ranges._tables._classes`) rather than once per hand; a part
holding under 1/_SPARSE_SHARE of the universe can be listed without a pass
over it. :class:`_ClassReader` does both for one evaluation and keeps what it
found (the tree outlives the evaluation, so compound parts are keyed by id).

>>> from omaha8_fast.ranges._syntax import _Parser
>>> reader = _ClassReader(4)
>>> pairs = _Parser("AA", 4).parse().parts[0]
>>> reader.tree_kind(pairs), int(reader.class_weights(pairs, "ranks").sum())
('ranks', 91)
>>> len(reader.listed(pairs))
6961
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._atoms import _apply_to_classes, _compile_atom
from ._syntax import (
    _distinct_parts,
    _Hand,
    _Macro,
    _node_key,
    _Percent,
    _reads_only,
    _tree_kinds,
    _Union,
    _Weighted,
)
from ._tables import (
    _CLASS_LISTS,
    _class_lists,
    _classes,
    _distinct,
    _percent_span,
    _ranking_order32,
    _universe,
)

__all__: list[str] = []

_SPARSE_SHARE = 4  # a filter whose left side holds under 1/4 of the universe works on its hands


def _max_classes(w: npt.NDArray[np.uint8], k: int, kind: str, by_class: npt.NDArray[np.uint8]) -> None:
    """w = max(w, by_class[class of the hand]) over the universe."""
    _, class_of = _classes(k, kind)
    lib.o8r_max_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)), len(w),
                        ffi.from_buffer(by_class), len(by_class))


def _keep_classes(w: npt.NDArray[np.uint8], k: int, kind: str, keep: npt.NDArray[np.uint8]) -> int:
    """Clears w where keep[class of the hand] is 0; the hands left (nonzero)."""
    _, class_of = _classes(k, kind)
    return int(lib.o8r_keep_classes(ffi.from_buffer(w), ffi.cast("uint16_t *", ffi.from_buffer(class_of)), len(w),
                                    ffi.from_buffer(keep), len(keep)))


class _ClassReader:
    """The classes parts are read by, their weights per class and the hands
    of small parts, for one evaluation over the k-card universe."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.n = len(_universe(k))
        self.kinds: dict[int, tuple[str, ...]] = {}  # id of a compound node -> _tree_kinds
        self.listings: dict[int, npt.NDArray[np.int32] | None] = {}  # id of a node -> listed()
        # class_weights by kind and atom key (compound nodes: their id, the tree outlives the evaluation)
        self.by_class: dict[tuple[Any, str], npt.NDArray[np.uint8]] = {}

    def tree_kind(self, node: Any) -> str:
        """The class (see _classes) a part is read by, "" when none."""
        if isinstance(node, (_Hand, _Macro)):
            return _reads_only(node)
        if isinstance(node, _Percent):
            return ""
        kinds = self.kinds.get(id(node))
        if kinds is None:
            kinds = self.kinds[id(node)] = _tree_kinds(node)
        return kinds[0] if kinds else ""

    def class_weights(self, node: Any, kind: str) -> npt.NDArray[np.uint8]:
        """The weights of a part read by the class ``kind``, one per class
        (for the hand that stands for it; the caller must not change them)."""
        key = (_node_key(node) if isinstance(node, (_Hand, _Macro)) else id(node), kind)
        hit = self.by_class.get(key)
        if hit is not None:
            return hit
        reps, _ = _classes(self.k, kind)
        if isinstance(node, (_Hand, _Macro)):
            out = np.zeros(len(reps), dtype=np.uint8)
            _apply_to_classes(node, reps, out, 1)
        elif isinstance(node, _Union):
            out = np.zeros(len(reps), dtype=np.uint8)
            for part in _distinct_parts(node):
                np.maximum(out, self.class_weights(part, kind), out=out)
        elif isinstance(node, _Weighted):
            out = np.where(self.class_weights(node.node, kind) > 0, np.uint8(node.weight), np.uint8(0))
        else:
            out = self.class_weights(node.left, kind).copy()
            for op, right in node.ops:
                if not out.any():
                    break
                self.narrow(out, kind, op, right)
        self.by_class[key] = out
        return out

    def narrow(self, table: npt.NDArray[np.uint8], kind: str, op: str, part: Any) -> None:
        """Clears the classes of ``table`` (one entry per class of ``kind``)
        that the filter ``op part`` removes: those not in ``part`` (":") or
        in it ("!")."""
        inside = self.class_weights(part, kind) > 0
        table[~inside if op == ":" else inside] = 0

    def narrow_table(self, tables: dict[str, npt.NDArray[np.uint8]], kind: str, op: str, part: Any) -> None:
        """narrow() on ``tables[kind]``, made keeping every class if missing:
        the filters of one kind in a chain become one table of classes kept."""
        table = tables.get(kind)
        if table is None:
            table = tables[kind] = np.ones(len(_classes(self.k, kind)[0]), dtype=np.uint8)
        self.narrow(table, kind, op, part)

    def class_members(self, node: Any) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]] | None:
        """For a part that reads only a hand's ranks or only its suit counts
        (``_reads_only``): whether each such class is in ``node`` (1 or 0)
        and every hand's class; None for any other part."""
        kind = self.tree_kind(node)
        if not kind:
            return None
        _, class_of = _classes(self.k, kind)
        return np.minimum(self.class_weights(node, kind), 1), class_of

    def listed(self, node: Any) -> npt.NDArray[np.int32] | None:
        """The hands (universe indices, ascending) of an atom that holds
        under 1/_SPARSE_SHARE of the universe, found without a pass over it:
        a percentage, a part read by class (4- and 5-card hands), a pattern
        listed by o8r_generate_list. None for any other part."""
        if id(node) in self.listings:
            return self.listings[id(node)]
        self.listings[id(node)] = out = self.list_hands(node)
        return out

    def list_hands(self, node: Any) -> npt.NDArray[np.int32] | None:
        """What listed() gives, found anew."""
        limit = self.n // _SPARSE_SHARE
        if isinstance(node, _Percent):
            low, high = _percent_span(node, self.n)
            return np.sort(_ranking_order32()[low:high]) if high - low <= limit else None
        if not isinstance(node, (_Hand, _Macro)):
            return None
        kind = _reads_only(node)
        if kind:
            if self.n > _CLASS_LISTS:
                return None
            by_class, _ = self.class_members(node)  # type: ignore[misc]
            order, starts = _class_lists(self.k, kind)
            picked = np.flatnonzero(by_class)
            sizes = starts[picked + 1] - starts[picked]
            total = int(sizes.sum())
            if total > limit:
                return None
            at = np.repeat(starts[picked] - (np.cumsum(sizes) - sizes), sizes) + np.arange(total)
            return np.sort(order[at])
        compiled = _compile_atom(node, self.k)
        visits = compiled.generate_cost
        if visits is None or visits > limit:
            return None
        out = np.empty(int(visits) + 1, dtype=np.int32)
        got = lib.o8r_generate_list(compiled.atom, self.k, ffi.cast("int32_t *", ffi.from_buffer(out)), len(out))
        if not 0 <= got <= len(out):
            raise RuntimeError("o8r_generate_list rejected an atom or listed more than its cost")
        return _distinct(out[:got])


def _table_fields(k: int, kind: str, table: npt.NDArray[np.uint8], alive: list[Any]) -> dict[str, Any]:
    """The fields of an o8r_condition (see omaha8.h) that holds when
    ``table`` keeps the hand's class of ``kind``; ``alive`` gets the buffers
    they point into."""
    alive += [ffi.from_buffer(_classes(k, kind)[1]), ffi.from_buffer(table)]
    return {"class_of": ffi.cast("uint16_t *", alive[-2]), "table": alive[-1], "n_table": len(table)}


def _memo_fields(k: int, ranks: tuple[int, int], memo: npt.NDArray[np.uint8], alive: list[Any]) -> dict[str, Any]:
    """The fields of an o8r_condition whose atom, naming the ``ranks``
    (see _memo_ranks), is tested once per class of hands through ``memo``;
    ``alive`` gets the buffers they point into."""
    alive += [ffi.from_buffer(memo), ffi.from_buffer(_classes(k, "shapes")[1])]
    return {"memo": alive[-2], "memo_size": len(memo), "r1": ranks[0], "r2": ranks[1],
            "shape_of": ffi.cast("uint16_t *", alive[-1])}
