"""The direct entry points (omaha8_fast._entry, csrc/cpython/entry.c) against the
cffi fallback path and the pure-Python reference; the fallback itself (the
extension turned off or missing); and equity()'s fast path for known hands
on a complete board against its general path."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from omaha8_fast import (
    Card,
    equity as equity_module,
    evaluate_high,
    evaluate_hilo,
    evaluate_low,
    evaluator,
    format_cards,
)
from omaha8_fast._core import ffi, lib
from omaha8_fast.evaluator import reference

HAS_ENTRY = evaluator._ENTRY is not None
needs_entry = pytest.mark.skipif(not HAS_ENTRY, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")


def hands(n: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        hole_size, board_size = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
        deal = rng.sample(range(52), hole_size + board_size)
        out.append((deal[:hole_size], deal[hole_size:]))
    return out


def spellings(hole: list[int], board: list[int]) -> list[tuple[Any, Any]]:
    """Every accepted spelling of one hand, fast-path forms and others."""
    def ten(text: str) -> str:
        return text.replace("T", "10")
    return [
        (hole, board), (tuple(hole), tuple(board)),
        (format_cards(hole, ""), format_cards(board, "")), (format_cards(hole), format_cards(board)),
        (format_cards(hole).lower(), format_cards(board).upper()), (ten(format_cards(hole)), ten(format_cards(board))),
        (format_cards(hole, ","), format_cards(board, ", ")), (format_cards(hole, "\t"), format_cards(board, "\n")),
        ([format_cards([c]) for c in hole], [format_cards([c]) for c in board]),
        ([Card(c) for c in hole], [Card(c) for c in board]), (hole, tuple(board)), (format_cards(hole), board),
    ]


def test_the_entry_module_is_built_here() -> None:
    # The suite runs against a build with the extension (pip, cibuildwheel):
    # a wheel silently without it would lose the single-call speed.
    if os.environ.get("OMAHA8_ENTRY") == "0":
        pytest.skip("OMAHA8_ENTRY=0")
    if os.environ.get("OMAHA8_NO_ENTRY", "") not in ("", "0") or sys.implementation.name != "cpython":
        pytest.skip("built without _entry (OMAHA8_NO_ENTRY=1, or not CPython)")
    assert HAS_ENTRY
    import omaha8_fast
    from omaha8_fast import _entry

    assert os.path.dirname(_entry.__file__) == os.path.dirname(omaha8_fast.__file__)


@pytest.mark.parametrize("seed", range(3))
def test_entry_agrees_with_fallback_and_reference(seed: int) -> None:
    for i, (hole, board) in enumerate(hands(300, seed)):
        want = evaluator._hilo_general(hole, board)
        if i % 10 == 0:
            assert want == reference.evaluate_hilo(hole, board)
        for h, b in spellings(hole, board):
            assert evaluate_hilo(h, b) == want, (h, b)
            assert evaluate_high(h, b) == want[0] == evaluator._high_general(h, b)
            assert evaluate_low(h, b) == want[1]


@needs_entry
def test_entry_answers_the_fast_forms_itself() -> None:
    hilo, high = evaluator._ENTRY  # type: ignore[misc]
    for hole, board in hands(200, 7):
        want = evaluator._hilo_general(hole, board)
        for h, b in spellings(hole, board)[:4]:  # lists, tuples, packed and spaced text
            assert hilo(h, b) == want
            assert high(h, b) == want[0]


class Lying(int):
    """An int subclass whose value is 3 but which says otherwise."""

    def __index__(self) -> int:
        return 40

    def __int__(self) -> int:
        return 40


BAD = [
    ([True, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([0, 20, 24, 28], [False, 36, 40, 44, 48]),
    ([52, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([-1, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([256, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([2**70, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([-2**70, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([20, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([16, 20, 24, 28], [32, 36, 40, 44, 20]),
    ([16, 20, 24], [32, 36, 40, 44, 48]),
    ([16, 20, 24, 28, 1, 2, 3], [32, 36, 40, 44, 48]),
    ([16, 20, 24, 28], [32, 36]),
    ([16, 20, 24, 28], [32, 36, 40, 44, 48, 49]),
    ([], []),
    ([4.0, 20, 24, 28], [32, 36, 40, 44, 48]),
    ([None, 20, 24, 28], [32, 36, 40, 44, 48]),
    ("AsKd2c3h", "QsJs"),
    ("AsKd2c", "QsJs4d5c8c"),
    ("AsAs2c3h", "QsJs4d5c8c"),
    ("AsKd2c3h", "QsJs4d5c8cAs"),
    ("Aś Kd 2c 3h", "Qs Js 4d 5c 8c"),
    ("As Kd 2c 3h", "Qs Js 4d 5c 8\u00e7"),
    ("As Kd 2c 3h", "Qs Js 4d 5c \udcff"),
    ("As Kd 2c 3x", "Qs Js 4d 5c 8c"),
    ("", ""),
    (b"\x00\x01\x02\x03", b"\x04\x05\x06\x07\x08"),
    (12, 13),
    (None, None),
    ({"a": 0}, [4, 5, 6, 7, 8]),
]


def error_of(function: Any, hole: Any, board: Any) -> tuple[type, str]:
    with pytest.raises((ValueError, TypeError)) as info:
        function(hole, board)
    return type(info.value), str(info.value)


@pytest.mark.parametrize("hole, board", BAD, ids=range(len(BAD)))
def test_bad_input_gives_the_fallback_error(hole: Any, board: Any) -> None:
    assert error_of(evaluate_hilo, hole, board) == error_of(evaluator._hilo_general, hole, board)
    assert error_of(evaluate_high, hole, board) == error_of(evaluator._high_general, hole, board)
    if HAS_ENTRY:
        hilo, high = evaluator._ENTRY  # type: ignore[misc]
        assert hilo(hole, board) is None and high(hole, board) is None  # left to the fallback


def test_int_subclasses_are_read_as_their_true_value_by_the_fallback() -> None:
    hole, board = [Lying(3), 20, 24, 28], [32, 36, 40, 44, 48]
    want = evaluator._hilo_general([3, 20, 24, 28], board)
    assert evaluate_hilo(hole, board) == evaluator._hilo_general(hole, board) == want
    if HAS_ENTRY:
        assert evaluator._ENTRY[0](hole, board) is None  # type: ignore[index]


@needs_entry
def test_entry_takes_only_two_positional_arguments() -> None:
    hilo, _ = evaluator._ENTRY  # type: ignore[misc]
    assert hilo() is None and hilo([1, 2, 3, 4]) is None and hilo([1, 2, 3, 4], [5, 6, 7], [8]) is None
    with pytest.raises(TypeError):
        hilo(hole=[1, 2, 3, 4], board=[5, 6, 7])
    assert evaluate_hilo(hole=[51, 47, 0, 6], board=[42, 38, 11, 13, 31]) == (6186, None)  # the wrapper takes keywords


def test_a_list_is_read_as_it_is_at_each_call() -> None:
    hole, board = [51, 47, 0, 6], [42, 38, 11, 13, 31]
    first = evaluate_hilo(hole, board)
    hole[0] = 3
    assert evaluate_hilo(hole, board) == evaluator._hilo_general(hole, board) != first
    hole[2] = True
    with pytest.raises(TypeError, match="not bool"):
        evaluate_hilo(hole, board)


def test_fallback_forced_by_monkeypatch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator, "_fast_hilo", evaluator._hilo_general)
    monkeypatch.setattr(evaluator, "_fast_high", evaluator._high_general)
    for hole, board in hands(100, 11):
        want = reference.evaluate_hilo(hole, board)
        assert evaluate_hilo(hole, board) == want
        assert evaluate_hilo(format_cards(hole), format_cards(board)) == want
        assert evaluate_high(tuple(hole), tuple(board)) == want[0]
    with pytest.raises(TypeError, match="not bool"):
        evaluate_hilo([True, 20, 24, 28], [32, 36, 40, 44, 48])


def test_without_the_extension_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import omaha8_fast

    monkeypatch.delattr(omaha8_fast, "_entry", raising=False)
    monkeypatch.setitem(sys.modules, "omaha8_fast._entry", None)  # import fails: ImportError
    assert evaluator._entry_points() is None
    monkeypatch.setenv("OMAHA8_ENTRY", "0")
    monkeypatch.delitem(sys.modules, "omaha8_fast._entry")
    assert evaluator._entry_points() is None


def test_the_package_works_with_the_entry_turned_off() -> None:
    code = ("from omaha8_fast import evaluate_hilo, evaluate_high, evaluator\n"
            "assert evaluator._ENTRY is None\n"
            "print(evaluate_hilo([51, 47, 0, 6], 'Qs Js 4s 5d 9c'), evaluate_high('2c3d4h9s', 'AdAcAhKsKd'))\n"
            "try:\n    evaluate_hilo([True, 20, 24, 28], [32, 36, 40, 44, 48])\n"
            "except TypeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "OMAHA8_ENTRY": "0"},
                         capture_output=True, text=True, check=True).stdout
    assert out == "(328, None) 1652\na card must be an int id or a string, not bool\n"


@needs_entry
def test_bind_checks_its_table() -> None:
    from omaha8_fast import _entry

    with pytest.raises(TypeError):
        _entry.bind(True)
    with pytest.raises(TypeError):
        _entry.bind("0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NULL"):
        _entry.bind(0)
    zeros = ffi.new("char[]", 256)
    with pytest.raises(ValueError, match="not an o8_entry_api"):
        _entry.bind(int(ffi.cast("uintptr_t", zeros)))
    hilo, high = _entry.bind(int(ffi.cast("uintptr_t", lib.o8_entry_table())))
    assert hilo([51, 47, 0, 6], [42, 38, 11, 13, 31]) == (6186, None) and high("AsKs2c3h", "QsJsTs9c8c") == 1


# --- equity(): known hands on a complete board ---------------------------------------


def river_spots(n: int, seed: int) -> list[tuple[list[list[int]], list[int], list[int]]]:
    rng = random.Random(seed)
    spots = []
    for _ in range(n):
        size, players = rng.choice((4, 5, 6)), rng.randint(2, 9)
        players = min(players, (52 - 5) // size)
        n_dead = rng.randint(0, 52 - 5 - players * size) if rng.random() < 0.3 else 0
        deal = rng.sample(range(52), players * size + 5 + n_dead)
        holes = [deal[i * size:(i + 1) * size] for i in range(players)]
        spots.append((holes, deal[players * size:players * size + 5], deal[players * size + 5:]))
    return spots


def general(holes: Any, board: Any, dead: Any = ()) -> Any:
    return equity_module.equity(holes, board, dead, threads=1)  # threads: never the fast path


@pytest.mark.parametrize("seed", range(2))
def test_known_river_fast_path_agrees_with_the_general_path(seed: int) -> None:
    for holes, board, dead in river_spots(150, seed):
        want = general(holes, board, dead)
        assert sum(p.equity for p in want) == pytest.approx(1.0)
        as_text = [format_cards(h) for h in holes]
        for h, b, d in ((holes, board, dead), ([tuple(x) for x in holes], tuple(board), tuple(dead)),
                        (as_text, format_cards(board), format_cards(dead)),
                        ([format_cards(x, "") for x in holes], format_cards(board, ""), format_cards(dead, ""))):
            fast = equity_module._known_showdown(h, b, d)
            assert fast == want
            assert fast is not None and [p.read_as for p in fast] == ["hand"] * len(holes)
            assert [p.hole for p in fast] == [tuple(Card(c) for c in x) for x in holes]
            assert equity_module.equity(h, b, d) == want


def test_known_river_results_are_ordinary_results() -> None:
    values = ((Card(0),) * 4, 0.5, 0.25, 0.5, 0.0, 1.0, 0.0, 0.0, 0.0, True, 1, "hand")
    made = equity_module._new_result(values)
    assert made == equity_module.PlayerEquity(*values) and repr(made) == repr(equity_module.PlayerEquity(*values))
    assert hash(made) == hash(equity_module.PlayerEquity(*values))
    assert not hasattr(equity_module.PlayerEquity, "__post_init__")
    with pytest.raises(AttributeError):
        made.equity = 1.0  # type: ignore[misc]


RIVER_BAD = [
    (["AsKd2c3d", "AsQd4c5d"], "Ah Kh 4h 5h 9s", ()),
    (["AsKd2c3d", "QcQd4c5d"], "As Kh 4h 5h 9s", ()),
    (["AsKd2c3d", "QcQd4c5d"], "Ah Kh 4h 5h 9s", "Ah"),
    (["AsKd2c3d", "QcQd4c"], "Ah Kh 4h 5h 9s", ()),
    (["AsKd2c3d", "QcQd4c5d7c"], "Ah Kh 4h 5h 9s", ()),
    (["AsKd2c3", "QcQd4c5d"], "Ah Kh 4h 5h 9s", ()),
    (["AsKd2c3d", [40, 41, True, 43]], [0, 4, 8, 12, 16], ()),
    (["AsKd2c3d", [40, 41, 52, 43]], [0, 4, 8, 12, 16], ()),
    (["AsKd2c3d", [40, 41, 42, 43]], [0, 4, 8, 12, 16, 20], ()),
    (["AsKd2c3d"], "Ah Kh 4h 5h 9s", ()),
    ("AsKd2c3d", "Ah Kh 4h 5h 9s", ()),
]


@pytest.mark.parametrize("holes, board, dead", RIVER_BAD, ids=range(len(RIVER_BAD)))
def test_known_river_bad_input_gives_the_general_error(holes: Any, board: Any, dead: Any) -> None:
    assert equity_module._known_showdown(holes, board, dead) is None
    with pytest.raises((ValueError, TypeError)) as fast:
        equity_module.equity(holes, board, dead)
    with pytest.raises((ValueError, TypeError)) as slow:
        general(holes, board, dead)
    assert (type(fast.value), str(fast.value)) == (type(slow.value), str(slow.value))


def test_known_river_options_still_checked() -> None:
    holes, board = ["As Kd 2c 3d", "Qc Qd Jc Tc"], "Ah Kh 4c 5d 9s"
    assert equity_module.equity(holes, board, seed=5) == general(holes, board)
    for bad in ({"exact": 1}, {"progress": 1}, {"seed": -1}, {"samples": 0}, {"timeout": 0}, {"threads": 0}):
        with pytest.raises((TypeError, ValueError)):
            equity_module.equity(holes, board, **bad)
    mc = equity_module.equity(holes, board, exact=False, samples=10, seed=1)  # Monte Carlo: the general path
    assert mc[0].exact is False and mc[0].showdowns == 10
