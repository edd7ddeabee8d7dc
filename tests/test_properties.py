"""Hypothesis properties of the public API.

* Relabelling suits and reordering cards never change a result.
* Results agree with the pure-Python reference, explanations included.
* ``evaluate_batch`` / ``evaluate_high_batch`` agree with ``evaluate_hilo`` and
  ``evaluate`` row by row, whatever the input dtype, with or without ``out``.
* Any input either gives the reference's answer or raises ``ValueError`` /
  ``TypeError`` with a message: never another exception, never a silent
  answer for invalid input.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from itertools import combinations
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import omaha8_fast as o8
from omaha8_fast import cli
from omaha8_fast.evaluator import reference

settings.register_profile("omaha8", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("omaha8")

CARD_TEXT = [o8.format_cards([c]) for c in range(52)]
SINGLE_HAND_API: list[Callable[[Any, Any], Any]] = [o8.evaluate_hilo, o8.evaluate_high, o8.evaluate_low, o8.evaluate]


# --- strategies ----------------------------------------------------------------

@st.composite
def hands(draw: st.DrawFn, hole_sizes: tuple[int, ...] = (4, 5, 6), board_sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[list[int], list[int]]:
    """A valid hand; the deck is often narrowed so that flushes, straight
    flushes, full houses and lows come up."""
    hole_size, board_size = draw(st.sampled_from(hole_sizes)), draw(st.sampled_from(board_sizes))
    deck = draw(st.sampled_from([
        list(range(52)),
        [c for c in range(52) if c & 3 in (2, 3)],  # two suits: flushes
        [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)],  # A..8: lows, wheels
        [c for c in range(52) if c >> 2 in (12, 11, 10, 0, 1)],  # five ranks: full houses, quads
        [c for c in range(52) if c >> 2 >= 7 and c & 3 >= 2],  # 9..A in two suits: royal and straight flushes
    ]))
    cards = draw(st.lists(st.sampled_from(deck), min_size=hole_size + board_size, max_size=hole_size + board_size, unique=True))
    return cards[:hole_size], cards[hole_size:]


def _relabel(cards: list[int], suits: list[int]) -> list[int]:
    return [c & ~3 | suits[c & 3] for c in cards]


CARD_ITEMS = st.one_of(
    st.integers(0, 51), st.integers(-3, 300), st.integers(), st.sampled_from(CARD_TEXT),
    st.text(max_size=4), st.booleans(), st.none(), st.floats(), st.binary(max_size=3),
    st.integers(0, 51).map(np.int64), st.lists(st.integers(0, 51), max_size=2),
)

NUMPY_CARDS = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.int8, np.int64, np.uint64, np.float64, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=7),
)

@st.composite
def spoiled_hands(draw: st.DrawFn) -> list[Any]:
    """Valid cards with one of them replaced by any item: the fast paths must
    not take what the slow ones reject (a bool, a float, a list...)."""
    cards: list[Any] = draw(st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True))
    cards[draw(st.integers(0, len(cards) - 1))] = draw(CARD_ITEMS)
    return draw(st.sampled_from([cards, tuple(cards)]))


#: Anything a caller might pass as cards: valid, nearly valid, or nonsense.
CARDS_LIKE = st.one_of(
    spoiled_hands(),
    st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True),
    st.lists(st.integers(0, 51), min_size=3, max_size=7),
    st.lists(st.sampled_from(CARD_TEXT), min_size=3, max_size=7),
    st.lists(st.sampled_from(CARD_TEXT), min_size=3, max_size=6).map("".join),
    st.lists(st.sampled_from(CARD_TEXT), min_size=3, max_size=6).map(" ".join),
    st.text(alphabet="23456789TJQKAtjqka10cdhsCDHSxz ,\t\n", max_size=16),
    st.text(max_size=12),
    st.lists(CARD_ITEMS, max_size=8),
    st.lists(CARD_ITEMS, max_size=8).map(tuple),
    st.binary(max_size=8), st.none(), st.integers(), st.floats(), st.booleans(),
    st.dictionaries(st.integers(0, 51), st.integers(), max_size=6),
    st.frozensets(st.integers(0, 51), max_size=7),
    NUMPY_CARDS,
)


def _error_ok(error: BaseException) -> None:
    assert type(error) in (ValueError, TypeError) or isinstance(error, (ValueError, TypeError)), repr(error)
    assert str(error).strip(), f"{type(error).__name__} without a message"


def _outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """(True, result) or (False, error); any error other than ValueError or
    TypeError, or one without a message, fails the test."""
    try:
        return True, function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        _error_ok(error)
        return False, error


# --- invariances and the reference -------------------------------------------

@given(hands(), st.permutations(range(4)), st.randoms(use_true_random=False))
@settings(max_examples=300)
def test_suit_relabelling_and_card_order_never_change_results(hand: tuple[list[int], list[int]], suits: list[int], rnd: Any) -> None:
    hole, board = hand
    expected = o8.evaluate_hilo(hole, board)
    new_hole, new_board = _relabel(hole, suits), _relabel(board, suits)
    rnd.shuffle(new_hole)
    rnd.shuffle(new_board)
    assert o8.evaluate_hilo(new_hole, new_board) == expected
    assert o8.evaluate_high(new_hole, new_board) == expected[0]
    assert o8.evaluate_low(new_hole, new_board) == expected[1]
    rich = o8.evaluate(new_hole, new_board)
    assert (rich.high.value, rich.low.value if rich.low else None) == expected
    # The same hand as text, in any of its spellings, gives the same answer.
    assert o8.evaluate_hilo(o8.format_cards(new_hole, sep=""), o8.format_cards(new_board, sep=", ")) == expected


@given(hands())
@settings(max_examples=200)
def test_matches_reference_with_consistent_explanation(hand: tuple[list[int], list[int]]) -> None:
    hole, board = hand
    high, low = reference.evaluate_hilo(hole, board)
    assert o8.evaluate_hilo(hole, board) == (high, low)
    rich = o8.evaluate(hole, board)
    assert rich.high.value == high
    assert set(rich.high.hole_cards) <= set(hole) and set(rich.high.board_cards) <= set(board)
    assert len(set(rich.high.cards)) == 5
    assert reference.rank_five(rich.high.cards) == high
    assert rich.high.category == o8.high_category(high) and rich.high.description
    if low is None:
        assert rich.low is None
    else:
        assert rich.low is not None and rich.low.value == low
        assert set(rich.low.hole_cards) <= set(hole) and set(rich.low.board_cards) <= set(board)
        assert reference.low_five(rich.low.cards) == low


# --- batches -------------------------------------------------------------------

@st.composite
def batches(draw: st.DrawFn) -> tuple[list[list[int]], list[list[int]], bool]:
    hole_size, board_size = draw(st.sampled_from((4, 5, 6))), draw(st.sampled_from((3, 4, 5)))
    shared_board = draw(st.booleans())
    rows = draw(st.lists(hands((hole_size,), (board_size,)), min_size=0 if not shared_board else 1, max_size=25))
    if shared_board:  # one board for all: redeal holes that clash with it
        board = rows[0][1]
        rows = [(h, board) for h, _ in rows if not set(h) & set(board)]
    return [h for h, _ in rows], [b for _, b in rows], shared_board


@given(batches(), st.sampled_from([np.uint8, np.int16, np.int64, np.uint32, "list"]), st.booleans(), st.booleans())
@settings(max_examples=150)
def test_batch_agrees_with_single_hands_row_by_row(batch: Any, dtype: Any, check: bool, use_out: bool) -> None:
    holes, boards, shared_board = batch
    hole_size = len(holes[0]) if holes else 4
    board_rows: Any = boards[:1] if shared_board else boards
    if dtype == "list":
        hole_in, board_in = holes, (boards[0] if shared_board and boards else board_rows)
    else:
        hole_in = np.array(holes, dtype).reshape(len(holes), hole_size)
        board_in = np.array(board_rows, dtype).reshape(len(board_rows), len(boards[0]) if boards else 3)
    assume(len(holes) or dtype != "list")  # an empty list has no integer dtype
    n = len(holes)
    out = (np.full(n, 9, np.uint16), np.full(n, 9, np.int32)) if use_out else None
    high, low = o8.evaluate_batch(hole_in, board_in, out=out, check=check)
    assert high.dtype == np.uint16 and low.dtype == np.int32 and high.shape == low.shape == (n,)
    if out is not None:
        assert high is out[0] and low is out[1]
    high_only = o8.evaluate_high_batch(hole_in, board_in, check=check)
    for i, (h, b) in enumerate(zip(holes, boards)):
        want_high, want_low = o8.evaluate_hilo(h, b)
        assert (int(high[i]), int(low[i]) or None) == (want_high, want_low)
        assert int(high_only[i]) == want_high
        rich = o8.evaluate(h, b)
        assert rich.high.value == want_high and (rich.low.value if rich.low else None) == want_low


# --- errors --------------------------------------------------------------------

def _reference_or_error(hole: Any, board: Any) -> tuple[bool, Any]:
    return _outcome(reference.evaluate_hilo, hole, board)


@given(CARDS_LIKE, CARDS_LIKE)
@settings(max_examples=800)
def test_any_input_gives_the_reference_answer_or_a_clean_error(hole: Any, board: Any) -> None:
    ok_ref, expected = _reference_or_error(hole, board)
    for function in SINGLE_HAND_API:
        ok, result = _outcome(function, hole, board)
        assert ok == ok_ref, f"{function.__name__}({hole!r}, {board!r}): {result!r}, reference: {expected!r}"
        if not ok:
            continue
        if function is o8.evaluate_hilo:
            assert result == expected
        elif function is o8.evaluate_high:
            assert result == expected[0]
        elif function is o8.evaluate_low:
            assert result == expected[1]
        else:
            assert (result.high.value, result.low.value if result.low else None) == expected


@given(spoiled_hands(), st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True), st.booleans())
@settings(max_examples=300)
def test_one_odd_card_is_judged_like_the_reference(spoiled: Any, other: list[int], spoil_board: bool) -> None:
    hole, board = (other + [0, 1, 2][: 4 - len(other)], spoiled[:5]) if spoil_board else (spoiled, other)
    test_any_input_gives_the_reference_answer_or_a_clean_error.hypothesis.inner_test(hole, board)  # type: ignore[attr-defined]


@given(CARDS_LIKE)
@settings(max_examples=400)
def test_card_parsing_accepts_or_raises_cleanly(cards: Any) -> None:
    ok, parsed = _outcome(o8.parse_cards, cards)
    if ok:
        assert all(isinstance(c, o8.Card) and 0 <= c <= 51 for c in parsed)
        assert len(set(parsed)) == len(parsed)
        text = o8.format_cards(parsed)
        assert o8.parse_cards(text) == parsed  # round trip
    ok_any, ids = _outcome(o8.parse_cards, cards, unique=False)
    assert ok_any or not ok  # only uniqueness separates the two
    ok_fmt, _ = _outcome(o8.format_cards, cards)
    assert ok_fmt == ok_any
    if isinstance(cards, (str, int, float)) or cards is None:
        ok_card, card = _outcome(o8.parse_card, cards)
        assert _outcome(o8.Card, cards)[0] == ok_card
        if ok_card:
            assert 0 <= card <= 51


@given(st.one_of(st.integers(), st.floats(), st.text(max_size=3), st.none(), st.booleans()))
def test_high_category_accepts_or_raises_cleanly(value: Any) -> None:
    ok, name = _outcome(o8.high_category, value)
    if ok:
        assert name in dict(o8.CATEGORIES)


BATCH_ARRAYS = st.one_of(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int8, np.int32, np.uint64, np.float32, np.bool_, np.complex64, "<U2", "M8[s]"]),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=7),
    ),
    st.lists(st.lists(st.integers(-2, 60), min_size=3, max_size=6), max_size=4),  # possibly ragged
    st.lists(st.integers(0, 51), max_size=6),
    CARDS_LIKE,
)


@given(BATCH_ARRAYS, BATCH_ARRAYS, st.booleans(), st.sampled_from(["none", "good", "bad"]))
@settings(max_examples=500)
def test_batch_input_gives_right_rows_or_raises_cleanly(holes: Any, boards: Any, check: bool, out_kind: str) -> None:
    out: Any = None
    if out_kind != "none":
        try:
            n = len(holes)
        except TypeError:
            n = 0
        out = (np.zeros(n, np.uint16), np.zeros(n, np.int32)) if out_kind == "good" else (np.zeros(n + 1, np.int16), None)
    for function in (o8.evaluate_batch, o8.evaluate_high_batch):
        kwargs: dict[str, Any] = {"check": check}
        if out is not None:
            kwargs["out"] = out if function is o8.evaluate_batch else out[0]
        ok, result = _outcome(function, holes, boards, **kwargs)
        if not ok or not check:
            continue  # unchecked rows may be garbage by contract; only bounds matter
        high, low = result if function is o8.evaluate_batch else (result, None)
        hole_rows = np.asarray(holes).astype(np.int64)
        board_rows = np.asarray(boards).astype(np.int64).reshape(-1, np.shape(boards)[-1])
        for i, hole_row in enumerate(hole_rows):
            board_row = board_rows[0 if len(board_rows) == 1 else i]
            want = o8.evaluate_hilo(hole_row.tolist(), board_row.tolist())
            assert int(high[i]) == want[0]
            if low is not None:
                assert (int(low[i]) or None) == want[1]


@given(st.text(max_size=20), st.text(max_size=20))
@settings(max_examples=200)
def test_cli_exits_0_or_2_on_any_text(hole: str, board: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(["eval", "--", hole, board])
        except SystemExit as exit_:  # argparse's own usage errors
            code = exit_.code  # type: ignore[assignment]
    ok, _ = _reference_or_error(hole, board)
    assert code == (0 if ok else 2), err.getvalue()
    if not ok:
        assert err.getvalue().count("\n") == 1 and "error:" in err.getvalue()


@pytest.mark.parametrize("hole_size, board_size", [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)])
def test_every_size_pair_against_reference(hole_size: int, board_size: int) -> None:
    """A fixed sweep, so that each size pair is always covered, whatever
    Hypothesis draws: all C(hole + board) splits of one deal of cards."""
    deal = [51, 50, 47, 46, 43, 0, 4, 8, 12, 16, 30][: hole_size + board_size]
    for hole in combinations(deal, hole_size):
        board = [c for c in deal if c not in hole]
        assert o8.evaluate_hilo(list(hole), board) == reference.evaluate_hilo(list(hole), board)


# --- equity ----------------------------------------------------------------------

@given(st.data())
@settings(max_examples=100)
def test_equity_ignores_suit_names_card_order_and_seats(data: st.DataObject) -> None:
    """Exact equity on a turn or river: relabelling suits, shuffling every
    hole and the board, and reseating the players only reseats the results."""
    n, board_size = data.draw(st.integers(2, 3)), data.draw(st.sampled_from([4, 5]))
    cards = data.draw(st.permutations(range(52)))[: 4 * n + board_size]
    holes, board = [cards[4 * i:4 * i + 4] for i in range(n)], cards[4 * n:]
    suits, seats = data.draw(st.permutations(range(4))), data.draw(st.permutations(range(n)))
    new_holes = [data.draw(st.permutations(_relabel(holes[seat], suits))) for seat in seats]
    new_board = data.draw(st.permutations(_relabel(board, suits)))

    def numbers(result: Any) -> tuple[Any, ...]:
        return (result.equity, result.high_win, result.high_tie, result.low_win, result.low_tie,
                result.scoop, result.no_low, result.showdowns, result.exact)

    before, after = o8.equity(holes, board, threads=1), o8.equity(new_holes, new_board, threads=1)
    assert [numbers(after[i]) for i in range(n)] == [numbers(before[seat]) for seat in seats]
    assert abs(sum(r.equity for r in after) - 1) < 1e-12
