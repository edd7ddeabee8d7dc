"""equity() of known hands on any board (0, 3, 4 or 5 cards): the direct path
(the ``_entry`` extension's ``known``, csrc/cpython/entry.c, or without it
``_known_showdown`` through cffi) against the general path (read_spot, plan,
run_job), with the extension on and with ``OMAHA8_ENTRY=0``: the same result
objects, and bad input left to the general path, which raises its errors."""

from __future__ import annotations

import copy
import dataclasses
import gc
import importlib.util
import os
import pickle
import random
import subprocess
import sys
import threading
import tracemalloc
from typing import Any

import numpy as np
import pytest

from omaha8_fast import Card, equity as equity_module, evaluator, format_cards, parse_cards
from omaha8_fast._core import ffi, lib
from omaha8_fast.equity import PlayerEquity

HAS_ENTRY = evaluator._ENTRY is not None
needs_entry = pytest.mark.skipif(not HAS_ENTRY, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")


def spots(n: int, board_size: int, seed: int) -> list[tuple[list[list[int]], list[int], list[int]]]:
    """Random spots of known hands: 2-9 players of 4-6 cards, sometimes dead cards."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        size = rng.choice((4, 5, 6))
        players = min(rng.randint(2, 9), (52 - 5) // size)
        spare = 52 - 5 - players * size  # the board must still be dealt
        n_dead = rng.randint(0, min(spare, 8)) if rng.random() < 0.4 else 0
        deal = rng.sample(range(52), players * size + board_size + n_dead)
        holes = [deal[i * size:(i + 1) * size] for i in range(players)]
        out.append((holes, deal[players * size:players * size + board_size], deal[players * size + board_size:]))
    return out


def general(holes: Any, board: Any, dead: Any = ()) -> Any:
    return equity_module.equity(holes, board, dead, threads=1)  # threads: never the direct path


def spellings(holes: list[list[int]], board: list[int], dead: list[int]) -> list[tuple[Any, Any, Any]]:
    """The spot written in every form the direct path reads, and some it leaves."""
    def ten(text: str) -> str:
        return text.replace("T", "10")
    return [
        (holes, board, dead),
        ([tuple(h) for h in holes], tuple(board), tuple(dead)),
        (tuple(format_cards(h) for h in holes), format_cards(board), format_cards(dead)),
        ([format_cards(h, "") for h in holes], format_cards(board, ""), format_cards(dead, "")),
        ([format_cards(h).lower() for h in holes], format_cards(board, ",").upper(), dead),
        ([ten(format_cards(h, "\t")) for h in holes], ten(format_cards(board, "\n")), list(dead)),
        ([parse_cards(h) for h in holes], list(parse_cards(board)), parse_cards(dead)),
        ([format_cards(holes[0]), *holes[1:]], tuple(board), format_cards(dead)),
        ([[format_cards([c]) for c in h] for h in holes], board, dead),  # card strings: the general path
    ]


@pytest.mark.parametrize("board_size, n", [(5, 120), (4, 60), (3, 25), (0, 3)])
def test_direct_path_agrees_with_the_general_path(board_size: int, n: int) -> None:
    for holes, board, dead in spots(n, board_size, board_size):
        want = general(holes, board, dead)
        assert all(p.exact and p.read_as == "hand" and p.std_error == 0.0 for p in want)
        assert sum(p.equity for p in want) == pytest.approx(1.0)
        for h, b, d in spellings(holes, board, dead):
            assert equity_module.equity(h, b, d) == want, (h, b, d)
            known = equity_module._known(h, b, d)
            assert known is None or known == want
            fallback = equity_module._known_showdown(h, b, d)
            assert fallback is None or fallback == want
        # the forms each direct path reads itself
        assert equity_module._known_showdown(holes, board, dead) == want
        assert equity_module._known_showdown(format_cards(holes[0], ""), (), ()) is None
        if HAS_ENTRY:
            for h, b, d in spellings(holes, board, dead)[:8]:
                if isinstance(d, str) and len(dead) > 6:  # the C parser reads up to six cards of text
                    assert equity_module._known(h, b, d) is None
                else:
                    assert equity_module._known(h, b, d) == want, (h, b, d)


def test_direct_path_hands_are_the_package_cards() -> None:
    holes, board = ["As Kd 2c 3d", "Qc Qd Jc Tc"], "Ah Kh 4c 5d"
    for result in (equity_module.equity(holes, board), equity_module._known_showdown(holes, board, ())):
        assert result is not None
        assert [p.hole for p in result] == [parse_cards(h) for h in holes]
        assert all(type(c) is Card for p in result for c in p.hole or ())
        assert [p.showdowns for p in result] == [40, 40]
        assert [type(getattr(result[0], f.name)) for f in dataclasses.fields(PlayerEquity)] == \
            [tuple, float, float, float, float, float, float, float, float, bool, int, str]


def test_direct_results_are_ordinary_results() -> None:
    holes, board = ["As Kd 2c 3d", "Qc Qd Jc Tc"], "Ah Kh 4c"
    made, want = equity_module.equity(holes, board), general(holes, board)
    for a, b in zip(made, want):
        assert type(a) is PlayerEquity and a == b and hash(a) == hash(b) and repr(a) == repr(b)
        assert vars(a) == vars(b) and dataclasses.asdict(a) == dataclasses.asdict(b)
        assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
        assert dataclasses.replace(a, read_as="x") == dataclasses.replace(b, read_as="x")
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.equity = 1.0  # type: ignore[misc]
    assert equity_module._KNOWN_FIELDS == tuple(f.name for f in dataclasses.fields(PlayerEquity))


class Lying(int):
    """An int subclass whose true value is 3 but which says 40."""

    def __index__(self) -> int:
        return 40

    def __int__(self) -> int:
        return 40


class Card2(Card):
    """A subclass of Card: not the package's cards, left to the general path."""


K = "As Kd 2c 3d"
Q = "Qc Qd Jc Tc"
BAD: list[tuple[Any, Any, Any]] = [
    ([K, "AsQd4c5d"], "Ah Kh 4h 5h 9s", ()),  # As twice
    ([K, "QcQd4c5d"], "As Kh 4h", ()),
    ([K, "QcQd4c5d"], "Ah Kh 4h 5h", "Ah"),
    ([K, "QcQd4c5d"], "", [51]),
    ([K, "QcQd4c5d"], "Kd Kh 4h 5h", ()),
    ([K, K], "", ()),
    ([K, "QcQd4c"], "Ah Kh 4h 5h 9s", ()),  # sizes
    ([K, "QcQd4c5d7c"], "Ah Kh 4h", ()),
    (["AsKd2", "QcQd4"], "Ah Kh 4h", ()),
    ([[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13]], "Ah Kh 4h", ()),
    ([K, Q], "Ah Kh", ()),
    ([K, Q], "Ah", ()),
    ([K, Q], "Ah Kh 4h 5h 9s 8s", ()),
    ([K], "Ah Kh 4h 5h 9s", ()),  # players
    ([K] * 10, "", ()),
    ([], "", ()),
    (K, "Ah Kh 4h 5h 9s", ()),
    ({K: 1, Q: 2}, "Ah Kh 4h", ()),
    (iter([K, Q]), "Ah Kh 4h", ()),
    ([K, [40, 41, True, 43]], [0, 4, 8, 12, 16], ()),  # card values and types
    ([K, [40, 41, 52, 43]], [0, 4, 8, 12], ()),
    ([K, [40, 41, -1, 43]], [0, 4, 8], ()),
    ([K, [40, 41, 2**70, 43]], [0, 4, 8], ()),
    ([K, [40, 41, 42.0, 43]], [0, 4, 8], ()),
    ([K, [40, 41, None, 43]], [0, 4, 8], ()),
    ([K, [40, 41, 42, 43]], [0, 4, False], ()),
    ([K, [40, 41, 42, 43]], [0, 4, 8], [True]),
    ([K, [40, 41, 42, 43]], [0, 4, 8], [52]),
    ([K, b"\x28\x29\x2a\x2b"], [0, 4, 8], ()),
    ([K, bytearray(b"\x28\x29\x2a\x2b")], [0, 4, 8], ()),
    ([K, Q], b"\x00\x04\x08", ()),
    ([K, Q], "Ah Kh 4h", b""),
    ([K, Q], None, ()),
    ([K, Q], "Ah Kh 4h", None),
    ([K, Q], 7, ()),
    ([K, "AsKd2c3"], "Ah Kh 4h", ()),  # text
    ([K, "Qc Qd Jc T"], "Ah Kh 4h", ()),
    ([K, "Qc Qd Jc 1c"], "Ah Kh 4h", ()),
    ([K, "Qś Qd Jc Tc"], "Ah Kh 4h", ()),
    ([K, "Qc Qd Jc \udcff"], "Ah Kh 4h", ()),
    ([K, Q], "Ah Kh 4h;", ()),
    ([K, Q], "Ah Kh 4h", "Xx"),
    ([K, ""], "Ah Kh 4h", ()),
    # too few cards left for the board
    ([[i * 6 + j for j in range(6)] for i in range(8)], "", ()),
    ([[i * 5 + j for j in range(5)] for i in range(9)], "", [45, 46, 47, 48]),
    ([[i * 5 + j for j in range(5)] for i in range(9)], [45, 46, 47], [48, 49, 50]),
]
# spots the direct path leaves, which the general path answers
LEFT: list[tuple[Any, Any, Any]] = [
    ([K, [40, 41, 42, 43]], [16, 20, 24], ()),  # not left: a check that the others are
    ([K, [Lying(3), 41, 42, 43]], [16, 20, 24], ()),
    ([K, [np.int64(40), 41, 42, 43]], [16, 20, 24], ()),
    ([K, [Card2(40), 41, 42, 43]], [16, 20, 24], ()),
    ([K, ["Qc", "Qd", "Jc", "Tc"]], "Ah Kh 4h", ()),
    ([K, Q], "Ah Kh 4h", "2d 2h 2s 3c 3h 3s 4c"),  # dead text past six cards
    ([K, Q], "Ah Kh 4h", range(12, 16)),
    ([K, Q], ("Ah", "Kh", "4h"), ()),
    ([K, Q], "Ah Kh 4h", ()),  # not left
    ([K, Q], [16, 20, 24], [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 21, 22, 23]),  # not left
    ([K, "QQ**"], "Ah Kh 4h 5h 9s", ()),  # ranges and random hands: the general path reads them
    ([K, "Qc Qd Jc Tx"], "Ah Kh 4h", ()),
    ([K, "random"], "Ah Kh 4h 5h 9s", ()),
    ([K, None], "Ah Kh 4h 5h 9s", ()),
]


def outcome(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return type(error), str(error)


@pytest.mark.parametrize("holes, board, dead", BAD, ids=range(len(BAD)))
def test_bad_spots_are_left_to_the_general_path(holes: Any, board: Any, dead: Any) -> None:
    with pytest.raises((TypeError, ValueError)) as slow:
        general(holes, board, dead)
    with pytest.raises((TypeError, ValueError)) as fast:
        equity_module.equity(holes, board, dead)
    assert (type(fast.value), str(fast.value)) == (type(slow.value), str(slow.value))
    assert equity_module._known(holes, board, dead) is None
    assert equity_module._known_showdown(holes, board, dead) is None


@pytest.mark.parametrize("holes, board, dead", LEFT, ids=range(len(LEFT)))
def test_other_forms_are_answered_by_the_general_path(holes: Any, board: Any, dead: Any) -> None:
    want = general(holes, board, dead)
    assert equity_module.equity(holes, board, dead) == want
    known = equity_module._known(holes, board, dead)
    assert known is None or known == want


def test_lying_int_subclass_is_read_as_its_true_value() -> None:
    want = general([K, [3, 41, 42, 43]], [16, 20, 24])
    assert equity_module.equity([K, [Lying(3), 41, 42, 43]], [16, 20, 24]) == want
    assert want != general([K, [40, 41, 42, 43]], [16, 20, 24])


@needs_entry
def test_known_takes_exactly_three_positional_arguments() -> None:
    known = equity_module._known
    assert known() is None and known([K, Q]) is None and known([K, Q], "Ah Kh 4h") is None  # type: ignore[call-arg]
    assert known([K, Q], "Ah Kh 4h", (), ()) is None  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        known(holes=[K, Q], board="Ah Kh 4h", dead=())  # type: ignore[call-arg]
    assert known([K, Q], "Ah Kh 4h", ()) == general([K, Q], "Ah Kh 4h")


@needs_entry
def test_bind_equity_checks_its_arguments() -> None:
    from omaha8_fast import _entry

    address = int(ffi.cast("uintptr_t", lib.o8_entry_table()))
    cards, names = equity_module._CARDS, equity_module._KNOWN_FIELDS
    good = (address, PlayerEquity, cards, names, "hand")
    assert _entry.bind_equity(*good)([K, Q], "Ah Kh 4h", ()) == general([K, Q], "Ah Kh 4h")
    for bad in [
        (True, PlayerEquity, cards, names, "hand"),
        (address, "PlayerEquity", cards, names, "hand"),
        (address, PlayerEquity, cards[:51], names, "hand"),
        (address, PlayerEquity, list(cards), names, "hand"),
        (address, PlayerEquity, ("x",) * 52, names, "hand"),
        (address, PlayerEquity, cards, names[:11], "hand"),
        (address, PlayerEquity, cards, (1,) * 12, "hand"),
        (address, PlayerEquity, cards, names, b"hand"),
        good[:4],
    ]:
        with pytest.raises(TypeError):
            _entry.bind_equity(*bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NULL"):
        _entry.bind_equity(0, PlayerEquity, cards, names, "hand")
    zeros = ffi.new("char[]", 256)
    with pytest.raises(ValueError, match="not an o8_entry_api"):
        _entry.bind_equity(int(ffi.cast("uintptr_t", zeros)), PlayerEquity, cards, names, "hand")


def test_without_the_extension_the_cffi_path_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator, "_ENTRY", None)
    assert equity_module._known_entry() is equity_module._known_showdown
    monkeypatch.setattr(equity_module, "_known", equity_module._known_showdown)
    for holes, board, dead in spots(30, 4, 9):
        assert equity_module.equity(holes, board, dead) == general(holes, board, dead)
    for holes, board, dead in BAD[:20]:
        assert outcome(equity_module.equity, holes, board, dead) == outcome(general, holes, board, dead)


SCRIPT = """
import random
from omaha8_fast import evaluator
from omaha8_fast import equity as m, format_cards
print(evaluator._ENTRY is None, m._known is m._known_showdown)
rng = random.Random(5)
spots = []
for board_size in (5, 5, 5, 4, 4, 3, 0):
    deal = rng.sample(range(52), 8 + board_size + 2)
    spots.append(([deal[:4], deal[4:8]], deal[8:8 + board_size], deal[8 + board_size:]))
    spots.append(([format_cards(deal[:4]), tuple(deal[4:8])], format_cards(deal[8:8 + board_size]), ()))
spots += [(["AsKd2c3d", "AsQd4c5d"], "Ah Kh 4h", ()), (["AsKd2c3d", [1, 2, True, 4]], [5, 9, 13], ()),
          (["AsKd2c3d", "QcQdJc"], "Ah Kh 4h", ()), ([[i * 6 + j for j in range(6)] for i in range(8)], "", ()),
          (["AsKd2c3d", "QcQdJcT"], "Ah Kh 4h 5h 9s", ()), (["AsKd2c3d"] * 10, "", ())]
for holes, board, dead in spots:
    try:
        print(repr(m.equity(holes, board, dead)))
    except (TypeError, ValueError) as error:
        print(type(error).__name__, error)
"""


def test_the_extension_and_omaha8_entry_0_give_the_same_output() -> None:
    outputs = []
    for flag in ("1", "0"):
        run = subprocess.run([sys.executable, "-c", SCRIPT], env={**os.environ, "OMAHA8_ENTRY": flag},
                             capture_output=True, text=True, check=True)
        outputs.append(run.stdout.splitlines())
    on, off = outputs
    assert off[0] == "True True"
    if os.environ.get("OMAHA8_ENTRY") != "0" and importlib.util.find_spec("omaha8_fast._entry") is not None:
        assert on[0] == "False False"  # the extension is used where it is built and not turned off
    assert on[1:] == off[1:] and len(on) == 21
    assert [line.split()[0] for line in on[15:]] == ["ValueError", "TypeError"] + ["ValueError"] * 4


def test_threads_get_the_same_answers() -> None:
    work = spots(12, 3, 21)  # flop spots: the kernel runs with the GIL released
    want = [general(*spot) for spot in work]
    errors: list[BaseException] = []

    def run() -> None:
        try:
            for _ in range(3):
                assert [equity_module.equity(*spot) for spot in work] == want
        except BaseException as error:  # noqa: BLE001  (reported by the test thread)
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors


def test_a_list_is_read_as_it_is_at_each_call() -> None:
    holes, board = [[51, 46, 0, 5], [40, 41, 36, 32]], [50, 47, 8, 13, 31]
    first = equity_module.equity(holes, board)
    holes[1][0] = 3
    assert equity_module.equity(holes, board) == general(holes, board) != first
    holes[1][0] = True
    with pytest.raises(TypeError, match="player 1's hole|not bool"):
        equity_module.equity(holes, board)


def test_no_references_or_memory_kept() -> None:
    card = equity_module._CARDS[51]
    good, bad = ([K, Q], "Ah Kh 4h 5h", ()), ([K, "AsQd4c5d"], "Ah Kh 4h 5h", ())
    equity_module.equity(*good)
    gc.collect()
    # CPython's attribute cache holds references to the names it looked up ("hand"): drop them
    (getattr(sys, "_clear_internal_caches", None) or sys._clear_type_cache)()
    before = sys.getrefcount(card), sys.getrefcount(PlayerEquity), sys.getrefcount("hand")
    for _ in range(2000):
        equity_module.equity(*good)
        equity_module._known(*bad)
    gc.collect()
    (getattr(sys, "_clear_internal_caches", None) or sys._clear_type_cache)()
    assert (sys.getrefcount(card), sys.getrefcount(PlayerEquity), sys.getrefcount("hand")) == before
    tracemalloc.start()
    try:
        for _ in range(2000):
            equity_module.equity(*good)
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(20000):
            equity_module.equity(*good)
            equity_module._known(*bad)
        gc.collect()
        assert tracemalloc.get_traced_memory()[0] - start < 16 << 10
    finally:
        tracemalloc.stop()


def test_the_fuzz_oracle_reports_a_direct_path_that_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/fuzz/fuzz_api.py compares the direct path with the general one."""
    from pathlib import Path

    fuzz = Path(__file__).resolve().parent / "fuzz"
    spec = importlib.util.spec_from_file_location("omaha8_fuzz_driver", fuzz / "driver.py")
    assert spec and spec.loader
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    target = driver.load_target(fuzz / "fuzz_api.py")
    spot = ([K, Q], "Ah Kh 4c 5d", ())
    target._known_hands_equity(*spot)  # agrees
    target._known_hands_equity([K, "AsQd4c5d"], "Ah Kh 4c 5d", ())  # the same error
    real = equity_module._known
    monkeypatch.setattr(equity_module, "_known", lambda h, b, d: (lambda r: r and r[::-1])(real(h, b, d)))
    with pytest.raises(target.Finding):
        target._known_hands_equity(*spot)
    monkeypatch.setattr(equity_module, "_known", lambda h, b, d: [] if b == "Ah Kh 4c 5d" else None)
    with pytest.raises(target.Finding):
        target._known_hands_equity(*spot)
