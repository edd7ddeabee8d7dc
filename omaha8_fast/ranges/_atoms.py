"""Range atoms compiled for C: a pattern (``_Hand``) or a macro becomes an
``o8r_atom`` (its variants with suit variables bound, Hall's conditions on
its cards, its rank variables), with what listing its hands would cost
(o8r_generate), what testing a hand against it in a pass costs, the ranks and
suits every hand it matches holds, and the memo of o8r_apply_memo for one with
rank variables.

>>> from omaha8_fast.ranges._syntax import _Parser
>>> compiled = _compile_atom(_Parser("AsKs", 4).parse().parts[0], 4)
>>> compiled.generate_cost, compiled.variables, compiled.ranks == (1 << 12 | 1 << 11)
(1225.0, False, True)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from .._core import ffi, lib
from ._syntax import (
    _ALL_RANKS,
    _ALL_SUITS,
    _Card,
    _Hand,
    _Macro,
    _node_key,
    _reads_only,
)

__all__: list[str] = []

_SUIT_CARDS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
_RANK_CARDS = tuple(0xF << (4 * r) for r in range(13))
_DECK = (1 << 52) - 1
_FEATURES = {"": 0, "ds": 1, "ss": 2, "r": 3, "np": 4}
# What a pass costs per hand, in hands listed by o8r_generate: a pattern's
# hands are listed when that costs less than the pass would. The pass skips
# the hands it cannot change (_SCAN each) and tests the others, 8 times
# faster than listing one hand for a pattern without rank variables, 6 times
# slower for one with (it binds the variables).
_SCAN = 1 / 50
_PLAIN_TEST = 1 / 8
_VARIABLE_TEST = 6.0
_MEMO_TEST = 1.0  # with rank variables but tested once per class of hands (o8r_apply_memo)


def _test_cost(compiled: _Compiled, memo: float = _MEMO_TEST) -> float:
    """What testing one hand against an atom costs in a pass, in hands listed
    (``memo``: for one tested by class, o8r_apply_memo)."""
    if not compiled.variables:
        return _PLAIN_TEST
    return memo if compiled.memo_ranks is not None else _VARIABLE_TEST


# The cards of each mask of suits, of ranks 0..6 and of ranks 7..12.
_BY_SUITS = tuple(sum(_SUIT_CARDS[s] for s in range(4) if m >> s & 1) for m in range(16))
_BY_LOW_RANKS = tuple(sum(_RANK_CARDS[r] for r in range(7) if m >> r & 1) for m in range(1 << 7))
_BY_HIGH_RANKS = tuple(sum(_RANK_CARDS[r + 7] for r in range(6) if m >> r & 1) for m in range(1 << 6))


def _cards(ranks: int, suits: int) -> int:
    """The card mask of the given rank and suit masks."""
    return _BY_SUITS[suits & 15] & (_BY_LOW_RANKS[ranks & 127] | _BY_HIGH_RANKS[ranks >> 7 & 63])



_Variant = tuple[tuple[Any, ...], ...]  # elements: ("fix", cards) or ("var", letter, suit cards)


def _variants(cards: tuple[_Card, ...]) -> list[_Variant]:
    """The pattern with its suit variables replaced by suits, every way."""
    explicit_ranks = 0
    explicit_suits = 0
    for c in cards:
        if c.kind in ("rank", "set"):
            explicit_ranks |= c.ranks
        if not c.suit_var and c.suits != _ALL_SUITS:
            explicit_suits |= c.suits
    var_ranks = _ALL_RANKS & ~explicit_ranks
    free_suits = [s for s in range(4) if not explicit_suits >> s & 1]
    names = list(dict.fromkeys(c.suit_var for c in cards if c.suit_var))
    out: dict[_Variant, None] = {}
    for suits in itertools.permutations(free_suits, len(names)):
        of = dict(zip(names, suits))
        elements: list[tuple[Any, ...]] = []
        for c in cards:
            suit_mask = 1 << of[c.suit_var] if c.suit_var else c.suits
            if c.kind == "var":
                elements.append(("var", c.rank_var, _cards(_ALL_RANKS, suit_mask)))
            else:
                elements.append(("fix", _cards(c.ranks, suit_mask)))
        out.setdefault(tuple(sorted(elements)) + (("ranks", var_ranks),), None)
    return list(out)


def _conditions(masks: list[int], k: int) -> list[tuple[int, int]] | None:
    """Hall's conditions for elements taking cards of ``masks``: (cards, need)
    pairs, none implied by another; None when no k-card hand can meet them."""
    best: dict[int, int] = dict(Counter(masks))
    seen = 0
    disjoint = True
    for m in best:
        disjoint = disjoint and not seen & m
        seen |= m
    if not disjoint:  # else each group of equal masks decides alone
        n = len(masks)
        unions = [0] * (1 << n)
        for s in range(1, 1 << n):
            unions[s] = unions[s & (s - 1)] | masks[(s & -s).bit_length() - 1]
            need = bin(s).count("1")
            if best.get(unions[s], 0) < need:
                best[unions[s]] = need
    candidates = []
    for cards, need in best.items():
        if bin(cards).count("1") < need:
            return None
        if k - bin(_DECK & ~cards).count("1") < need:  # else every k-card hand has that many of them
            candidates.append((cards, need))
    candidates.sort(key=lambda c: (-c[1], bin(c[0]).count("1"), c[0]))  # strongest first
    kept: list[tuple[int, int]] = []
    for cards, need in candidates:
        # (cards2, need2) implies (cards, need) when the hand's cards outside
        # `cards` cannot make up the difference.
        if not any(need2 - min(bin(cards2 & ~cards).count("1"), k) >= need for cards2, need2 in kept):
            kept.append((cards, need))
    return kept


def _listing_cost(elements: list[Any], letters: list[str], var_ranks: int, k: int) -> float:
    """How many hands o8r_generate visits for a variant: the choices of
    ranks for its rank variables (``letters``, interchangeable neighbours in
    increasing order), times the ways to pick its elements' cards, times the
    completions (an upper bound: cards taken twice are skipped)."""
    choices = float(math.perm(bin(var_ranks).count("1"), len(letters)))
    signature = [sorted(e[2] for e in elements if e[0] == "var" and e[1] == x) for x in letters]
    run = 1
    for i in range(1, len(letters) + 1):
        if i < len(letters) and signature[i] == signature[i - 1]:
            run += 1
            continue
        choices /= math.factorial(run)
        run = 1
    ways = 1.0
    # a rank variable's element takes one of its suits in the variable's rank
    masks = Counter(("fix", e[1]) if e[0] == "fix" else (e[1], e[2] & 0xF) for e in elements)
    for (_, mask), count in masks.items():
        ways *= comb(bin(mask).count("1"), count)
    return choices * ways * comb(52 - len(elements), k - len(elements))


@dataclass
class _Compiled:
    """A C atom and what keeps its memory alive."""

    atom: Any
    keep: Any
    generate_cost: float | None  # hands listed by o8r_generate, None when it cannot
    variables: bool = False  # whether a variant has rank variables (a slower pass)
    # the explicit ranks (-1: none) when the atom names at most two and reads
    # the others only through rank variables and '*': o8r_apply_memo
    memo_ranks: tuple[int, int] | None = None
    ranks: int = 0  # the ranks every hand it matches holds (bit r: rank r)
    suits: int = 0  # the suits every hand it matches holds (bit s: suit s)


_atom_cache: dict[tuple[Any, int], _Compiled] = {}
_ATOM_CACHE_SIZE = 4096


def _variant_fields(elements: list[Any], conditions: list[tuple[int, int]],
                    var_ranks: int) -> tuple[dict[str, Any], list[str]]:
    """The fields of an o8r_variant (see omaha8.h) for a variant's elements
    and conditions, and its rank variables in the order of the fields."""
    letters = list(dict.fromkeys(e[1] for e in elements if e[0] == "var"))
    signature = {x: sorted(e[2] for e in elements if e[0] == "var" and e[1] == x) for x in letters}
    # Interchangeable variables side by side, the most demanding first.
    letters.sort(key=lambda x: (-len(signature[x]), signature[x]))
    var_after, var_need, var_cards, var_suits = [], [], [], []
    for i, x in enumerate(letters):
        var_after.append(i - 1 if i and signature[letters[i - 1]] == signature[x] else -1)
        var_need.append(len(signature[x]))
        cards = 0
        for c in signature[x]:
            cards |= c
        var_cards.append(cards)
        whole = [s for s in range(4) if cards & _SUIT_CARDS[s]]
        var_suits.append(sum(1 << s for s in whole) if all(cards & _SUIT_CARDS[s] == _SUIT_CARDS[s] for s in whole)
                         else 0)
    cards_of = [e[1] if e[0] == "fix" else e[2] for e in elements]
    rank_var = [-1 if e[0] == "fix" else letters.index(e[1]) for e in elements]
    # The variables decide alone when each one's elements take the same
    # cards and no other element can take them (the conditions, checked
    # first, then settle the other elements: o8r_apply's vars_fit).
    fix_cards = var_all = 0
    for element in elements:
        if element[0] == "fix":
            fix_cards |= element[1]
        else:
            var_all |= element[2]
    groups_only = bool(letters) and all(len(set(signature[x])) == 1 for x in letters) and not (
        fix_cards & var_all & _cards(var_ranks, _ALL_SUITS))
    tail = len(letters)
    while tail > 0 and (tail == len(letters) or var_after[tail] == tail - 1):
        tail -= 1
    fields = {
        "n": len(elements), "cards": cards_of, "rank_var": rank_var, "n_rank_vars": len(letters),
        "var_after": var_after, "var_need": var_need, "var_cards": var_cards, "var_suits": var_suits,
        "var_ranks": var_ranks, "groups_only": int(groups_only), "tail_from": tail,
        "n_conditions": len(conditions), "cond_cards": [c for c, _ in conditions],
        "cond_need": [need for _, need in conditions],
    }
    return fields, letters


def _memo_ranks(node: _Hand | _Macro) -> tuple[int, int] | None:
    """The ranks (r1, r2; -1 for none) a pattern names, when it names at most
    two, each card naming one or none: the pattern then agrees on hands that
    differ by renaming the other ranks (o8r_apply_memo). None otherwise."""
    if isinstance(node, _Macro):
        return None
    named = 0
    for pattern in node.patterns:
        for c in pattern:
            if c.kind in ("rank", "set"):
                if bin(c.ranks).count("1") != 1:
                    return None
                named |= c.ranks
    ranks = [r for r in range(13) if named >> r & 1]
    if len(ranks) > 2:
        return None
    ranks += [-1] * (2 - len(ranks))
    return ranks[0], ranks[1]


def _required(fields: list[dict[str, Any]]) -> tuple[int, int]:
    """The ranks and the suits that every hand matching one of the variants
    (their o8r_variant fields) holds: a rank (suit) is needed by a variant
    when one of its conditions asks for a card among that rank's (suit's)
    cards."""
    ranks, suits = _ALL_RANKS, _ALL_SUITS
    for v in fields:
        need_ranks = need_suits = 0
        for cards, count in zip(v["cond_cards"], v["cond_need"]):
            if count >= 1 and cards:
                low = (cards & -cards).bit_length() - 1
                if cards & ~_RANK_CARDS[low >> 2] == 0:
                    need_ranks |= 1 << (low >> 2)
                if cards & ~_SUIT_CARDS[low & 3] == 0:
                    need_suits |= 1 << (low & 3)
        ranks &= need_ranks
        suits &= need_suits
    return ranks, suits


def _memo_key(node: _Hand) -> Any:
    """A key equal for patterns that differ only in the ranks they name
    (_memo_ranks, in order): they share one memo of o8r_apply_memo, a class
    standing for the same hands up to renaming ranks."""
    ranks = _memo_ranks(node)
    assert ranks is not None
    marker = {1 << r: -1 - i for i, r in enumerate(ranks) if r >= 0}

    def card(c: _Card) -> tuple[str, int, str, int, str]:
        return (c.kind, marker.get(c.ranks, c.ranks) if c.kind in ("rank", "set") else c.ranks, c.rank_var, c.suits,
                c.suit_var)

    return (tuple(tuple(sorted(card(c) for c in p)) for p in node.patterns), node.qualifier)


def _memo_size(k: int, r1: int, r2: int) -> int:
    """The entries of a memo of o8r_apply_memo."""
    return (16 if r1 >= 0 else 1) * (16 if r2 >= 0 else 1) * comb(15 + k, k)


def _memo(k: int, r1: int, r2: int) -> npt.NDArray[np.uint8]:
    """A fresh memo for o8r_apply_memo: every class not yet known (255)."""
    return np.full(_memo_size(k, r1, r2), 255, dtype=np.uint8)


def _apply(compiled: _Compiled, rows: npt.NDArray[np.uint8], w: npt.NDArray[np.uint8], op: int, value: int,
           shapes: npt.NDArray[np.uint16] | None = None) -> int:
    """o8r_apply of an atom over ``rows`` (o8r_apply_memo for one with rank
    variables that names at most two ranks, ``shapes`` the rows' shape
    classes if known); the number of nonzero weights after."""
    k = rows.shape[1]
    if compiled.variables and compiled.memo_ranks is not None:
        r1, r2 = compiled.memo_ranks
        memo = _memo(k, r1, r2)
        shape_of = ffi.NULL if shapes is None else ffi.cast("uint16_t *", ffi.from_buffer(shapes))
        left = lib.o8r_apply_memo(compiled.atom, ffi.from_buffer(rows), k, len(rows), ffi.from_buffer(w), op, value,
                                  r1, r2, shape_of, ffi.from_buffer(memo), len(memo))
    else:
        left = lib.o8r_apply(compiled.atom, ffi.from_buffer(rows), k, len(rows), ffi.from_buffer(w), op, value)
    if left < 0:
        raise RuntimeError("o8r_apply rejected an atom")
    return int(left)


def _compile_atom(node: _Hand | _Macro, k: int) -> _Compiled:
    key = (_node_key(node), k)
    hit = _atom_cache.get(key)
    if hit is not None:
        return hit
    structs: list[tuple[list[tuple[Any, ...]], list[tuple[int, int]], int]] = []
    match_all = False
    if isinstance(node, _Macro):
        match_all, feature = True, _FEATURES[node.name]
    else:
        feature = _FEATURES[node.qualifier]
        for pattern in node.patterns:
            for variant in _variants(pattern):
                elements: list[Any] = [e for e in variant if e[0] != "ranks"]
                var_ranks = next(e[1] for e in variant if e[0] == "ranks")
                rank_cards = _cards(var_ranks, _ALL_SUITS)
                named = [e for e in elements if e[0] == "var"]
                if len(named) == 1:  # a lone rank variable is any rank it may take
                    elements = sorted(("fix", e[1]) if e[0] == "fix" else ("fix", e[2] & rank_cards) for e in elements)
                masks = [e[1] if e[0] == "fix" else e[2] & rank_cards for e in elements]
                conditions = _conditions(masks, k)
                if conditions is None:
                    continue
                if not conditions and all(e[0] == "fix" for e in elements):
                    match_all = True
                structs.append((elements, conditions, var_ranks))
    seen: set[Any] = set()
    fields: list[dict[str, Any]] = []
    cost: float | None = 0.0
    for elements, conditions, var_ranks in structs:
        dedupe = (tuple(elements), tuple(conditions))
        if dedupe in seen:
            continue
        seen.add(dedupe)
        v, letters = _variant_fields(elements, conditions, var_ranks)
        fields.append(v)
        if cost is not None:
            cost += _listing_cost(elements, letters, var_ranks, k)
    n = len(fields)
    variants = ffi.new("o8r_variant[]", fields or 1)  # built from the dicts in one call (setting fields is slow)
    atom = ffi.new("o8r_atom *")
    atom.match_all, atom.n_variants, atom.variants, atom.feature = match_all, n, variants, feature
    compiled = _Compiled(atom, variants, None if match_all else cost, any(v["n_rank_vars"] for v in fields),
                         _memo_ranks(node), *((0, 0) if match_all else _required(fields)))
    return _cached(key, compiled)


def _cached(key: tuple[Any, int], compiled: _Compiled) -> _Compiled:
    """Keeps ``compiled`` in the atom cache (emptied when full) and returns it."""
    if len(_atom_cache) >= _ATOM_CACHE_SIZE:
        _atom_cache.clear()
    _atom_cache[key] = compiled
    return compiled


_SET, _KEEP, _DROP = lib.O8R_SET, lib.O8R_KEEP, lib.O8R_DROP


def _any_card_atom(cards: int, k: int) -> _Compiled:
    """The atom "at least one card of ``cards``" (unions of such parts in one)."""
    key = (("any card of", cards), k)
    hit = _atom_cache.get(key)
    if hit is None:
        variants = ffi.new("o8r_variant[]", 1)
        v = variants[0]
        v.n, v.cards[0], v.rank_var[0], v.n_conditions = 1, cards, -1, 1
        v.cond_cards[0], v.cond_need[0] = cards, 1
        atom = ffi.new("o8r_atom *")
        atom.n_variants, atom.variants = 1, variants
        hit = _cached(key, _Compiled(atom, variants, float(bin(cards).count("1") * comb(51, k - 1))))
    return hit


def _any_card_of(node: Any, k: int) -> int | None:
    """The card mask when ``node`` is exactly "a hand with one of these
    cards" (``As``, ``*s``...) and is read by neither class; else None."""
    if not isinstance(node, (_Hand, _Macro)) or _reads_only(node):
        return None
    atom = _compile_atom(node, k).atom
    if atom.match_all or atom.feature or atom.n_variants != 1:
        return None
    v = atom.variants[0]
    if v.n_rank_vars or v.n_conditions != 1 or v.cond_need[0] != 1:
        return None
    return int(v.cond_cards[0])


def _apply_to_classes(node: _Hand | _Macro, reps: npt.NDArray[np.uint8], by_class: npt.NDArray[np.uint8],
                      value: int) -> None:
    """by_class = max(by_class, value) on the classes whose hand (a row of
    ``reps``, see _classes) matches the atom ``node``."""
    k = reps.shape[1]
    if lib.o8r_apply(_compile_atom(node, k).atom, ffi.from_buffer(reps), k, len(reps), ffi.from_buffer(by_class),
                     _SET, value) < 0:
        raise RuntimeError("o8r_apply rejected an atom")

