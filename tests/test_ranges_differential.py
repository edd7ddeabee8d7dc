"""The range expander against the one it replaced, on random range texts.

``OldEvaluator`` below is a copy of the evaluator ranges.py had before the
compiled one (one full-universe weight array per part, patterns matched by
the backtracking C matcher ``o8r_match``, suit shapes by NumPy). Both read
the same parse tree; on every text they must give the same hands and weights,
or the same error at the same column. budget.examples sets how many random
texts are tried (the slow stage tries more).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings, strategies as st

from omaha8_fast._core import ffi, lib
from omaha8_fast.ranges import (
    _ALL_RANKS,
    _ALL_SUITS,
    Range,
    RangeSyntaxError,
    _Card,
    _Filter,
    _Hand,
    _Macro,
    _Parser,
    _Percent,
    _Union,
    _universe,
    _Weighted,
    preflop_ranking,
)

pytestmark = pytest.mark.property  # the slow stage runs it again with the long count
EXAMPLES = examples(30, 200)

# ------------------------------------------------------------------ the old evaluator (a copy)

_features: dict[tuple[int, str], npt.NDArray[np.bool_]] = {}


def _feature(k: int, name: str) -> npt.NDArray[np.bool_]:
    key = (k, name)
    mask = _features.get(key)
    if mask is None:
        mask = _feature_rows(_universe(k), name)
        _features[key] = mask
    return mask


def _feature_rows(hands: npt.NDArray[np.uint8], name: str) -> npt.NDArray[np.bool_]:
    if name == "np":
        ranks = hands >> 2
        no_pair: npt.NDArray[np.bool_] = ~np.any(ranks[:, 1:] == ranks[:, :-1], axis=1)
        return no_pair
    counts = np.stack([np.count_nonzero((hands & 3) == s, axis=1) for s in range(4)], axis=1)
    most = counts.max(axis=1)
    twos = np.count_nonzero(counts == 2, axis=1)
    shape: npt.NDArray[np.bool_] = {"ds": (twos == 2) & (most <= 2), "ss": (twos == 1) & (most <= 2), "r": most <= 1}[name]
    return shape


def _compile(cards: tuple[_Card, ...]) -> Any:
    p = ffi.new("o8r_pattern *")
    explicit_ranks = 0
    explicit_suits = 0
    for c in cards:
        if c.kind in ("rank", "set"):
            explicit_ranks |= c.ranks
        if not c.suit_var and c.suits != _ALL_SUITS:
            explicit_suits |= c.suits
    rank_vars: dict[str, int] = {}
    suit_vars: dict[str, int] = {}
    order = sorted(cards, key=lambda c: (c.kind == "var" or bin(c.ranks).count("1")) * (4 if c.suit_var else bin(c.suits).count("1")))
    p.n = len(order)
    for e, c in enumerate(order):
        p.ranks[e] = c.ranks
        p.suits[e] = c.suits
        p.rank_var[e] = rank_vars.setdefault(c.rank_var, len(rank_vars)) if c.kind == "var" else -1
        p.suit_var[e] = suit_vars.setdefault(c.suit_var, len(suit_vars)) if c.suit_var else -1
    p.var_ranks = _ALL_RANKS & ~explicit_ranks
    p.var_suits = _ALL_SUITS & ~explicit_suits
    return p


def _match(cards: tuple[_Card, ...], hole_size: int) -> npt.NDArray[np.bool_]:
    hands = _universe(hole_size)
    out = np.empty(len(hands), dtype=np.uint8)
    assert lib.o8r_match(_compile(cards), ffi.from_buffer(hands), hole_size, len(hands), ffi.from_buffer(out)) == 0
    return out.view(np.bool_)


def _match_rows(cards: tuple[_Card, ...], rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    out = np.empty(len(rows), dtype=np.uint8)
    assert lib.o8r_match(_compile(cards), ffi.from_buffer(rows), rows.shape[1], len(rows), ffi.from_buffer(out)) == 0
    return out.view(np.bool_)


class OldEvaluator:
    def __init__(self, parser: _Parser) -> None:
        self.parser = parser
        self.k = parser.hole_size

    def mask(self, node: Any) -> npt.NDArray[np.bool_]:
        weights, _ = self.eval(node)
        return weights > 0

    def eval(self, node: Any) -> tuple[npt.NDArray[np.uint32], bool]:
        if isinstance(node, _Union):
            results = [self.eval(part) for part in node.parts]
            flags = {weighted for _, weighted in results}
            if len(flags) > 1:
                raise RangeSyntaxError(self.parser.text, node.column,
                                       "a weight ('@') on every comma-separated part or on none", "a mix")
            out = results[0][0]
            for weights, _ in results[1:]:
                out = np.maximum(out, weights)
            return out, flags.pop()
        if isinstance(node, _Weighted):
            weights, _ = self.eval(node.node)
            return np.where(weights > 0, np.uint32(node.weight), np.uint32(0)), True
        if isinstance(node, _Filter):
            out, weighted = self.eval(node.left)
            for op, right in node.ops:
                keep = self.mask(right)
                out = np.where(keep if op == ":" else ~keep, out, np.uint32(0))
            return out, weighted
        if isinstance(node, _Hand):
            mask = np.zeros(len(_universe(self.k)), dtype=np.bool_)
            for pattern in node.patterns:
                mask |= _match(pattern, self.k)
            if node.qualifier:
                mask &= _feature(self.k, node.qualifier)
            return mask.astype(np.uint32), False
        if isinstance(node, _Macro):
            return _feature(self.k, node.name).astype(np.uint32), False
        if isinstance(node, _Percent):
            if self.k != 4:
                raise RangeSyntaxError(self.parser.text, node.column, "no percentage: the ranking is for 4-card hands",
                                       f"a {self.k}-card range")
            rank = preflop_ranking()
            total = len(rank)
            mask = (rank < node.high / 100 * total) & ~(rank < node.low / 100 * total)
            return mask.astype(np.uint32), False
        raise TypeError(f"unknown range node {node!r}")


def old_range(text: str, hole_size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]:
    parser = _Parser(text, hole_size)
    weights, _ = OldEvaluator(parser).eval(parser.parse())
    index = np.flatnonzero(weights)
    return index, weights[index]


class Error(tuple):  # type: ignore[type-arg]
    """A syntax error: (column, message)."""


def outcome(make: Any) -> Any:
    try:
        return make()
    except RangeSyntaxError as error:
        return Error((error.column, str(error)))


def same(text: str, hole_size: int) -> None:
    old = outcome(lambda: old_range(text, hole_size))
    new = outcome(lambda: Range(text, hole_size=hole_size))
    if isinstance(old, Error):
        assert isinstance(new, Error) and new == old, (text, new, old)
        return
    assert not isinstance(new, Error), (text, new)
    index, weights = old
    assert np.array_equal(new._index, index), (text, len(new), len(index))
    assert np.array_equal(new.weights, weights), text


# --------------------------------------------------------------------------- random texts

RANK = st.sampled_from(list("AKQJT98765432") + ["a", "k", "t"])
SUIT = st.sampled_from(list("shdcxyzw") + ["S", "D"])
RANK_VAR = st.sampled_from(list("RON"))
RANK_SET = st.builds(lambda a, b, sep: f"[{a}{sep}{b}]", RANK, RANK, st.sampled_from(["", ",", "-"]))


@st.composite
def card(draw: Any) -> str:
    kind = draw(st.integers(0, 9))
    if kind <= 3:
        head = draw(RANK)
    elif kind == 4:
        head = "*"
    elif kind == 5:
        head = draw(RANK_VAR)
    elif kind == 6:
        head = draw(RANK_SET)
    else:
        return str(draw(SUIT))
    return head + (draw(SUIT) if draw(st.booleans()) else "")


@st.composite
def hand(draw: Any, k: int) -> str:
    text = "".join(draw(st.lists(card(), min_size=1, max_size=k)))
    tail = draw(st.integers(0, 7))
    if tail == 0:
        text += "+"
    elif tail == 1:
        text += "-"
    elif tail == 2:  # a span: the same shape with other ranks, or anything
        other = "".join(c if c not in "AKQJT98765432" else draw(RANK) for c in text) if draw(st.booleans()) else draw(card())
        text += "-" + other
    if draw(st.integers(0, 4)) == 0:
        text += draw(st.sampled_from(["ds", "ss", "r"]))
    return text


@st.composite
def atom(draw: Any, k: int, depth: int) -> str:
    kind = draw(st.integers(0, 11))
    if kind == 0:
        return draw(st.sampled_from(["$ds", "$ss", "$r", "$np", "$x"]))
    if kind == 1:
        a = draw(st.integers(0, 100))
        if draw(st.booleans()):
            return f"{a}%-{draw(st.integers(0, 100))}%"
        return f"{a}%"
    if kind == 2 and depth < 2:
        return "(" + draw(range_text(k, depth + 1)) + ")"
    return str(draw(hand(k)))


@st.composite
def filtered(draw: Any, k: int, depth: int) -> str:
    parts = [draw(atom(k, depth))]
    for _ in range(draw(st.integers(0, 2))):
        parts.append(draw(st.sampled_from([":", "!"])) + draw(atom(k, depth)))
    text = "".join(parts)
    if draw(st.integers(0, 3)) == 0:
        text += "@" + draw(st.sampled_from(["1", "2", "7", "100", "0", "101", ""]))
    return text


@st.composite
def range_text(draw: Any, k: int, depth: int = 0) -> str:
    parts = draw(st.lists(filtered(k, depth), min_size=1, max_size=4))
    if draw(st.integers(0, 5)) == 0:
        parts.append(parts[0])  # a repeated part
    return ", ".join(parts)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_new_expander_agrees_with_the_old_one(data: Any) -> None:
    k = data.draw(st.sampled_from([4, 4, 4, 3, 2]))
    same(data.draw(range_text(k)), k)


@settings(max_examples=examples(2, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_new_expander_agrees_on_5_card_hands(data: Any) -> None:
    same(data.draw(range_text(5)), 5)


@pytest.mark.parametrize("text", [
    "AA", "AAxx", "AA*x*x", "xyxy", "xxyy", "xyzw", "RROO", "RRON", "RONM", "RsOs", "RxOxNy", "AR", "ARx",
    "[AK]x[AK]x", "A2**ds", "KQJT-9876", "TT+:$ds", "*!$np", "AA@3, KK@2, (QQ@5, JJ@1)@4", "Axyz", "sxyz",
    "AsKs!xx", "(AA, KK):RROO!AAKK", "10%!AA, 5%-20%:$ds", "Rs Rh", "RRR", "ssxxy", "xxyyzz",
    "As, Kd, 2c", "As@2, Kd@3, 2c@2, AA@1", "*!As!Kd!2c", "AA!As!Ah:$ds", "[AK]s, Qd, Rx", "As, Ks:Kd, (Qh, Jc)",
])
@pytest.mark.parametrize("hole_size", [4, pytest.param(5, marks=pytest.mark.slow)])  # 5 cards: random texts below
def test_named_texts_agree(text: str, hole_size: int) -> None:
    same(text, hole_size)


@pytest.mark.parametrize("text", ["AA", "xxyyzz", "xyxyxy", "RROONN", "AsKsQs", "RxOxNx", "RONMLK", "AA**ds", "[AK]xRyOx",
                                  "RxOyA", "RsOhNdA", "RxOyAK", "RRxA"])
def test_six_card_patterns_agree_on_a_sample(text: str) -> None:
    """6-card hands: the old matcher on a sample of the universe (5,000
    random hands, 50,000 in the slow stage; the whole universe takes minutes
    the old way: OMAHA8_SLOW_TESTS=1 does it)."""
    if os.environ.get("OMAHA8_SLOW_TESTS"):
        same(text, 6)
        return
    rows = _universe(6)
    picks = np.sort(np.random.default_rng(6).choice(len(rows), examples(5_000, 50_000), replace=False))
    sample = np.ascontiguousarray(rows[picks])
    (node,) = _Parser(text, 6).parse().parts
    old = np.zeros(len(picks), dtype=np.bool_)
    for pattern in node.patterns:
        old |= _match_rows(pattern, sample)
    if node.qualifier:
        old &= _feature_rows(sample, node.qualifier)
    new = np.isin(picks, Range(text, hole_size=6)._index)
    assert np.array_equal(old, new)


# ------------------------------------------------- rank variables, listed atoms, filters on small parts
#
# The texts the shortcuts of the expander are for: patterns with rank
# variables and explicit suits or ranks (listed by o8r_generate, or read by
# rank-free shape), filters whose left side is a small atom (its hands
# listed, not a pass), weights, repeated parts.

VAR_CARD = st.builds(lambda r, s: r + s, st.sampled_from(list("RONM")),
                     st.sampled_from(["", "", "s", "h", "d", "c", "x", "y"]))
FIXED_CARD = st.builds(lambda r, s: r + s, st.sampled_from(list("AKT52*")), st.sampled_from(["", "s", "h", "x", "y"]))
SMALL = st.sampled_from(["AA", "KK", "As**", "15%", "5%-20%", "AxKx", "xxyy", "$ds", "$np", "RROO", "RsOs", "KsKh",
                         "A2**ds", "[AK][AK]", "Ax", "sss", "RRR"])


@st.composite
def variable_pattern(draw: Any, k: int) -> str:
    size = draw(st.integers(1, k))
    cards = [draw(VAR_CARD)] + [draw(st.one_of(VAR_CARD, FIXED_CARD)) for _ in range(size - 1)]
    text = "".join(draw(st.permutations(cards)))
    if draw(st.integers(0, 5)) == 0:
        text += draw(st.sampled_from(["ds", "ss", "r"]))
    return text


@st.composite
def variable_part(draw: Any, k: int) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return str(draw(variable_pattern(k)))
    left = draw(SMALL) if kind < 3 else draw(variable_pattern(k))
    ops = "".join(draw(st.sampled_from([":", "!"])) + draw(st.one_of(variable_pattern(k), SMALL))
                  for _ in range(draw(st.integers(1, 3))))
    text = left + ops
    return f"({text},{draw(SMALL)})" if draw(st.integers(0, 4)) == 0 else text


@st.composite
def variable_text(draw: Any, k: int) -> str:
    parts = draw(st.lists(variable_part(k), min_size=1, max_size=8))
    parts += draw(st.lists(st.sampled_from(parts), max_size=2))  # repeats
    if draw(st.booleans()):
        parts = [f"{p}@{draw(st.integers(1, 100))}" for p in parts]
    return ",".join(parts)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_rank_variables_and_small_filters_agree_with_the_old_expander(data: Any) -> None:
    text = data.draw(variable_text(4))
    if "%" in text:
        same(text, 4)
    else:
        same(text, data.draw(st.sampled_from([4, 4, 3, 2])))


@settings(max_examples=examples(2, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_rank_variables_agree_on_5_card_hands(data: Any) -> None:
    same(data.draw(variable_text(5)).replace("%", "").replace("5-20", "KK").replace("15", "QQ"), 5)


@pytest.mark.parametrize("text", [
    "RsOhA", "RxOAx", "RxOyA", "RRxA", "RxRyA", "RROA", "AsRO", "RsOsNs", "RxOxNyMy", "RhOh*s", "RsOhNdMc",
    "AA:RsOs", "15%:RxOx!RROO", "AxKx!RsOhK", "KK:RsOh, QQ:RhOs, JJ!RR", "*!RsOh!RhOs:$ds", "RsOhK@3, RsOhQ@5, RsOhK@2",
    "(*!RxOxA, AA)", "R[AK]O", "RsRh", "RRsO",
    # one pass testing each hand against every part of a filter (o8r_fold_where)
    "*!RsOhA", "$np:RxOyA!RRA", "[A-T][A-T]:RsOh", "*:RxOyA:RxOyK, *:RxOyQ:RxOxJ", "R:RsOhA!KK", "*!As!RxOyAK",
    "$np!RxOy:RsOhNd, 5%-60%:RxOyA", "(*!RxOyA)@3, KK@5",
])
@pytest.mark.parametrize("hole_size", [4, pytest.param(5, marks=pytest.mark.slow)])  # 5 cards: random texts below
def test_named_variable_texts_agree(text: str, hole_size: int) -> None:
    same(text, hole_size if "%" not in text else 4)
