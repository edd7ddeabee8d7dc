"""One atom applied to an array of weights over the whole universe: by
listing its hands (o8r_generate) when that costs less than a pass, else by a
pass in C (o8r_apply, o8r_apply_memo); an atom used more than once in a range
keeps its matches and is passed over once.

>>> from collections import Counter
>>> from omaha8_fast.ranges._syntax import _Parser
>>> passes = _AtomPasses(4, Counter())
>>> w = np.zeros(passes.n, dtype=np.uint8)
>>> passes.apply(_Parser("AsAd", 4).parse().parts[0], w, _SET, 3), int(np.count_nonzero(w)), int(w.max())
(1, 1225, 3)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._atoms import (
    _KEEP,
    _SCAN,
    _SET,
    _apply,
    _compile_atom,
    _Compiled,
    _test_cost,
)
from ._syntax import _Hand, _Macro, _node_key
from ._tables import _classes, _universe

__all__: list[str] = []

_MATCH_BYTES = 1 << 27  # atoms used more than once keep their matches, up to this many bytes


class _AtomPasses:
    """Applies atoms over the k-card universe; ``uses`` counts each atom's
    uses in the range (by _node_key)."""

    def __init__(self, k: int, uses: Counter[Any]) -> None:
        self.k = k
        self.rows = _universe(k)
        self.n = len(self.rows)
        self.uses = uses
        self.matches: dict[Any, npt.NDArray[np.uint8]] = {}

    def zeros(self) -> npt.NDArray[np.uint8]:
        return np.zeros(self.n, dtype=np.uint8)

    def apply(self, node: _Hand | _Macro, w: npt.NDArray[np.uint8], op: int, value: int) -> int:
        """w = op(w, the hands of ``node``) (_SET: max with ``value``, _KEEP,
        _DROP), through its kept matches when it is used more than once;
        how many hands are left (or a positive number)."""
        compiled = _compile_atom(node, self.k)
        listed = self.lists(compiled, None, op, value)
        key = _node_key(node)
        match = self.matches.get(key)
        if match is None and (listed or self.uses[key] <= 1):
            return self.apply_compiled(compiled, w, op, value)
        if match is None and not listed and self.uses[key] > 1 and (len(self.matches) + 1) * self.n <= _MATCH_BYTES:
            match = self.matches[key] = self.zeros()
            _apply(compiled, self.rows, match, _SET, 1, _classes(self.k, "shapes")[1])
        if match is not None:
            if op == _SET:
                np.maximum(w, match * np.uint8(value), out=w)
            else:
                w *= match if op == _KEEP else match ^ 1
            return 1
        return self.apply_compiled(compiled, w, op, value)

    def lists(self, compiled: _Compiled, w: npt.NDArray[np.uint8] | None, op: int, value: int) -> bool:
        """Whether listing the hands of an atom costs less than a pass over
        ``w`` (None: a pass that tests every hand)."""
        visits = compiled.generate_cost
        if visits is None:
            return False
        test = _test_cost(compiled)
        if visits < _SCAN * self.n or visits >= (_SCAN + test) * self.n:
            return visits < _SCAN * self.n
        if w is None:
            return True
        if op != _SET:  # the pass tests the hands still in
            tested = int(np.count_nonzero(w))
        elif value == 1:
            tested = self.n - int(np.count_nonzero(w))
        else:
            tested = int(np.count_nonzero(w < value))
        return visits < _SCAN * self.n + test * tested

    def apply_compiled(self, compiled: _Compiled, w: npt.NDArray[np.uint8], op: int, value: int) -> int:
        """Applies an atom by listing its hands or by a pass over the universe."""
        if self.lists(compiled, w, op, value):
            if op == _KEEP:
                inside = self.zeros()
                if lib.o8r_generate(compiled.atom, self.k, ffi.from_buffer(inside), self.n, _SET, 1) != 0:
                    raise RuntimeError("o8r_generate rejected an atom")
                w *= inside
            elif lib.o8r_generate(compiled.atom, self.k, ffi.from_buffer(w), self.n, op, value) != 0:
                raise RuntimeError("o8r_generate rejected an atom")
            return 1
        return _apply(compiled, self.rows, w, op, value, _classes(self.k, "shapes")[1])
