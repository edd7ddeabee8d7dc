"""The batch kernels (scalar, AVX2, AVX-512): every kernel this machine has,
selected per call through ``o8_eval_batch_kernel``, agrees with the reference
and with the scalar kernel; choosing a kernel with ``OMAHA8_KERNEL``; the
single-call fast paths; the flag and ``out=`` checks of the batch functions."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pytest
from budget import examples

import omaha8_fast
from omaha8_fast import evaluate_batch, evaluate_high, evaluate_high_batch, evaluate_hilo
from omaha8_fast.evaluator import reference
from omaha8_fast._core import ffi, lib
from omaha8_fast.cards import format_cards
from omaha8_fast.cards.deals import random_deals
from omaha8_fast.evaluator.kernels import _IDS, KERNELS, available_kernels, kernel, kernel_choice, set_kernel

SIZES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]
LENGTHS = [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 1001]
#: Deals per size for the kernel-vs-kernel comparison (more in the slow stage).
DEALS = examples(3_000, 30_000)
#: Of which this many are also compared with the (slow) pure-Python reference.
REFERENCE_DEALS = examples(150, 400)
SIMD = [name for name in KERNELS if name != "scalar"]
HERE = available_kernels()


EXERCISED: set[str] = set()


def run(name: str, holes: np.ndarray, boards: np.ndarray, check: bool, high_only: bool = False,
        low_only: bool = False) -> tuple[int, np.ndarray, np.ndarray]:
    """Kernel ``name`` on raw (possibly misaligned) uint8 rows; the outputs
    start as sentinels so that rows a kernel does not write show."""
    n = len(holes)
    high = np.full(n, 0xBEEF, np.uint16)
    low = np.full(n, -7, np.int32)
    rc = lib.o8_eval_batch_kernel(
        _IDS[name], ffi.from_buffer("uint8_t[]", holes), holes.shape[1], ffi.from_buffer("uint8_t[]", boards),
        boards.shape[1], n, ffi.NULL if low_only else ffi.from_buffer("uint16_t[]", high),
        ffi.NULL if high_only else ffi.from_buffer("int32_t[]", low), int(check))
    EXERCISED.add(name)
    return int(rc), high, low


def needs(name: str) -> None:
    if name not in HERE:
        pytest.skip(f"this CPU cannot run the {name} kernel")


def biased(n: int, hole_size: int, board_size: int, kind: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Deals from a narrowed deck: one or two suits (flushes, straight
    flushes), ranks A-8 (lows, wheels) or four ranks (pairs, full houses,
    quads), topped up from the whole deck."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        if kind == "flush":
            suits = rng.sample(range(4), rng.choice([1, 2]))
            favoured = [c for c in range(52) if c & 3 in suits]
        elif kind == "low":
            favoured = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)]
        else:
            ranks = rng.sample(range(13), 4)
            favoured = [c for c in range(52) if c >> 2 in ranks]
        cards = rng.sample(favoured, min(len(favoured), hole_size + board_size))
        rest = [c for c in range(52) if c not in cards]
        cards += rng.sample(rest, hole_size + board_size - len(cards))
        rng.shuffle(cards)
        rows.append(cards)
    deals = np.array(rows, np.uint8).reshape(n, hole_size + board_size)
    return np.ascontiguousarray(deals[:, :hole_size]), np.ascontiguousarray(deals[:, hole_size:])


def deals_of(kind: str, n: int, hole_size: int, board_size: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    if kind == "random":
        return random_deals(n, hole_size, board_size, seed=np.random.default_rng(seed))
    return biased(n, hole_size, board_size, kind, seed)


def assert_same(got: tuple[int, np.ndarray, np.ndarray], want: tuple[int, np.ndarray, np.ndarray], what: str) -> None:
    assert got[0] == want[0], f"{what}: returned {got[0]}, scalar {want[0]}"
    for name, a, b in (("high", got[1], want[1]), ("low", got[2], want[2])):
        wrong = np.flatnonzero(a != b)
        assert not wrong.size, f"{what}: {wrong.size} {name} values differ, first at row {wrong[0]}: {a[wrong[0]]} vs {b[wrong[0]]}"


@pytest.mark.parametrize("kind", ["random", "flush", "low", "pair"])
@pytest.mark.parametrize("hole_size, board_size", SIZES)
@pytest.mark.parametrize("name", KERNELS)
def test_kernel_agrees_with_reference(name: str, hole_size: int, board_size: int, kind: str) -> None:
    needs(name)
    holes, boards = deals_of(kind, REFERENCE_DEALS, hole_size, board_size, seed=hole_size * 10 + board_size)
    rc, high, low = run(name, holes, boards, check=True)
    assert rc == -1
    for i, (hole, board) in enumerate(zip(holes.tolist(), boards.tolist())):
        want_high, want_low = reference.evaluate_hilo(hole, board)
        assert (int(high[i]), int(low[i])) == (want_high, want_low or 0), f"{name}: {hole} on {board}"


@pytest.mark.property
@pytest.mark.parametrize("kind", ["random", "flush", "low", "pair"])
@pytest.mark.parametrize("hole_size, board_size", SIZES)
@pytest.mark.parametrize("name", SIMD)
def test_simd_kernel_agrees_with_scalar(name: str, hole_size: int, board_size: int, kind: str) -> None:
    needs(name)
    holes, boards = deals_of(kind, DEALS, hole_size, board_size, seed=hole_size * 100 + board_size)
    for check in (True, False):
        for mode in ({}, {"high_only": True}, {"low_only": True}):
            assert_same(run(name, holes, boards, check, **mode), run("scalar", holes, boards, check, **mode),
                        f"{name} check={check} {mode}")


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("name", SIMD)
def test_leftover_rows(name: str, n: int) -> None:
    """Lengths around the vector widths: the SIMD blocks and the scalar tail."""
    needs(name)
    for hole_size, board_size in SIZES:
        holes, boards = deals_of("flush", n, hole_size, board_size, seed=n)
        for check in (True, False):
            got = run(name, holes, boards, check)
            assert_same(got, run("scalar", holes, boards, check), f"{name} n={n} ({hole_size}, {board_size})")
            assert n == 0 or (got[1] != 0xBEEF).all() and (got[2] != -7).all(), "a row was not written"


def misaligned(rows: np.ndarray, offset: int) -> np.ndarray:
    """A copy of ``rows`` whose data starts ``offset`` bytes into a buffer."""
    buffer = np.zeros(rows.size + offset, np.uint8)
    view = buffer[offset:].reshape(rows.shape)
    view[...] = rows
    return view


@pytest.mark.parametrize("offset", [1, 3, 5])
@pytest.mark.parametrize("name", SIMD)
def test_misaligned_inputs(name: str, offset: int) -> None:
    needs(name)
    for hole_size, board_size in SIZES:
        holes, boards = random_deals(333, hole_size, board_size, seed=np.random.default_rng(offset))
        want = run("scalar", holes, boards, True)
        assert_same(run(name, misaligned(holes, offset), misaligned(boards, offset + 1), True), want, f"{name}")


def test_non_contiguous_inputs_through_the_api() -> None:
    holes, boards = random_deals(777, 6, 5, seed=np.random.default_rng(5))
    wide = np.zeros((777, 13), np.uint8)
    wide[:, 1:7], wide[:, 8:13] = holes, boards
    strided_holes, strided_boards = wide[:, 1:7], wide[:, 8:13]
    assert not strided_holes.flags.c_contiguous
    high, low = evaluate_batch(strided_holes, strided_boards)
    want = run("scalar", holes, boards, True)
    assert (high == want[1]).all() and (low == want[2]).all()
    assert (evaluate_high_batch(strided_holes[:, :4], strided_boards[:, :3])
            == run("scalar", np.ascontiguousarray(holes[:, :4]), np.ascontiguousarray(boards[:, :3]), True)[1]).all()


def garbage(n: int, hole_size: int, board_size: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of valid deals with about a third replaced by random bytes."""
    rng = np.random.default_rng(seed)
    holes, boards = random_deals(n, hole_size, board_size, seed=rng)
    bad = rng.random(n) < 0.33
    holes[bad] = rng.integers(0, 256, (int(bad.sum()), hole_size), dtype=np.uint8)
    boards[bad] = rng.integers(0, 256, (int(bad.sum()), board_size), dtype=np.uint8)
    valid = np.array([len(set(h + b)) == hole_size + board_size and max(h + b) < 52
                      for h, b in zip(holes.tolist(), boards.tolist())])
    return holes, boards, valid


@pytest.mark.parametrize("name", SIMD)
def test_unchecked_garbage_is_safe_and_valid_rows_agree(name: str) -> None:
    needs(name)
    for hole_size, board_size in SIZES:
        holes, boards, valid = garbage(2000, hole_size, board_size, seed=hole_size * board_size)
        rc, high, low = run(name, holes, boards, check=False)
        _, want_high, want_low = run("scalar", holes, boards, check=False)
        assert rc == -1 and (~valid).sum() > 300
        assert (high[valid] == want_high[valid]).all() and (low[valid] == want_low[valid]).all()
        assert (high <= 0xFFFF).all()  # written, in range of the type: no crash is the real test


@pytest.mark.parametrize("name", KERNELS)
def test_first_bad_row(name: str) -> None:
    """With check, every kernel returns the first invalid row, has evaluated
    the rows before it and has not written the rows from it on."""
    needs(name)
    holes, boards = random_deals(200, 4, 5, seed=np.random.default_rng(9))
    _, want_high, want_low = run("scalar", holes, boards, True)
    for bad in (0, 5, 7, 8, 9, 15, 16, 17, 40, 150, 190, 199):
        for how in ("big", "repeat-hole", "repeat-board", "hole-board"):
            h, b = holes.copy(), boards.copy()
            if how == "big":
                h[bad, 2] = 52 + bad % 200
            elif how == "repeat-hole":
                h[bad, 3] = h[bad, 0]
            elif how == "repeat-board":
                b[bad, 4] = b[bad, 1]
            else:
                b[bad, 0] = h[bad, 2]
            h[min(bad + 3, 199), 0] = 99  # a later bad row does not matter
            rc, high, low = run(name, h, b, True)
            assert rc == bad, f"{name} {how}: first bad row {rc}, expected {bad}"
            assert (high[:bad] == want_high[:bad]).all() and (low[:bad] == want_low[:bad]).all()
            assert (high[bad:] == 0xBEEF).all() and (low[bad:] == -7).all(), f"{name} wrote rows from the bad one on"


def test_unsupported_kernel_is_refused() -> None:
    holes, boards = random_deals(20, 4, 5, seed=np.random.default_rng(1))
    for number in (-2, 3 if "neon" not in HERE else 1, 99):
        high = np.zeros(20, np.uint16)
        assert lib.o8_eval_batch_kernel(number, ffi.from_buffer("uint8_t[]", holes), 4, ffi.from_buffer("uint8_t[]", boards), 5,
                                        20, ffi.from_buffer("uint16_t[]", high), ffi.NULL, 1) == -3
        assert not high.any()
    for name in KERNELS:
        assert bool(lib.o8_kernel_supported(_IDS[name])) == (name in HERE)


def test_kernels_exercised(capsys: pytest.CaptureFixture[str]) -> None:
    """Which kernels this machine ran (printed: `pytest -s -k exercised`)."""
    holes, boards = random_deals(100, 5, 4, seed=np.random.default_rng(2))
    results = {name: run(name, holes, boards, True) for name in HERE}
    for got in results.values():
        assert_same(got, results["scalar"], "exercised")
    with capsys.disabled():
        print(f"\nbatch kernels: in use {kernel()}, exercised {', '.join(sorted(EXERCISED, key=KERNELS.index))}, "
              f"not on this CPU {', '.join(k for k in KERNELS if k not in HERE) or 'none'}")
    assert kernel() in HERE
    assert "scalar" in EXERCISED


# --- choosing the kernel -----------------------------------------------------


def _import_with(value: str, strict: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OMAHA8_KERNEL": value}
    env.pop("OMAHA8_KERNEL_STRICT", None)
    if strict is not None:
        env["OMAHA8_KERNEL_STRICT"] = strict
    code = "import omaha8_fast, numpy as np; print(omaha8_fast.kernel()); print(omaha8_fast.evaluate_batch(np.array([[51, 47, 0, 6]] * 40, np.uint8), np.array([43, 39, 35, 3, 20], np.uint8))[0][-1])"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("name", KERNELS)
def test_environment_variable_forces_a_kernel(name: str) -> None:
    done = _import_with(name)
    expected_high = str(evaluate_high([51, 47, 0, 6], [43, 39, 35, 3, 20]))
    assert done.returncode == 0, done.stderr
    if name in HERE:
        assert done.stdout.split() == [name, expected_high]
        assert "RuntimeWarning" not in done.stderr
    else:  # a warning naming what this CPU runs, and the fastest of those (measured)
        assert done.stdout.split()[1:] == [expected_high] and done.stdout.split()[0] in HERE
        assert "RuntimeWarning" in done.stderr and f"OMAHA8_KERNEL='{name}'" in done.stderr
        assert "cannot run" in done.stderr and f"it can run {', '.join(HERE)}" in done.stderr


@pytest.mark.parametrize("name", KERNELS)
def test_strict_kernel_choice_fails_where_the_cpu_lacks_it(name: str) -> None:
    done = _import_with(name, strict="1")
    if name in HERE:
        assert done.returncode == 0, done.stderr
        assert done.stdout.split()[0] == name
    else:
        assert done.returncode != 0
        assert "RuntimeError" in done.stderr and f"OMAHA8_KERNEL='{name}'" in done.stderr
        assert "OMAHA8_KERNEL_STRICT" in done.stderr and f"it can run {', '.join(HERE)}" in done.stderr


_CHOICE = (
    "import omaha8_fast as o8\n"
    "from omaha8_fast._core import ffi, lib\n"
    "c = o8.kernel_choice()\n"
    "ns = ffi.new('int64_t[4]')\n"
    "how = lib.o8_kernel_choice(ns)\n"
    "print(c.kernel, c.reason, how, ' '.join(f'{k}={ns[i]}' for i, k in enumerate(o8.evaluator.kernels.KERNELS)))\n"
)


def test_the_choice_is_the_fastest_kernel_measured() -> None:
    """With no OMAHA8_KERNEL, the first use measures every kernel this CPU
    has and keeps the one with the least time (from the times the C core
    recorded, not a fresh timing: nothing here depends on the load)."""
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8_KERNEL"}
    done = subprocess.run([sys.executable, "-c", _CHOICE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    name, reason, how, *times = done.stdout.split()
    ns = {k: int(v) for k, v in (t.split("=") for t in times)}
    assert reason == "measured" and how == "1"
    assert {k for k, v in ns.items() if v > 0} == set(HERE), ns  # every kernel this CPU has, and only those
    assert name == min(HERE, key=lambda k: ns[k])


def test_kernel_choice_lists_every_available_kernel() -> None:
    choice = kernel_choice()
    assert choice.kernel == kernel() and choice.kernel in HERE
    assert sorted(choice.ns_per_deal) == sorted(HERE)
    assert all(t > 0 for t in choice.ns_per_deal.values())
    assert choice.reason in ("measured", "OMAHA8_KERNEL", "set_kernel")
    if not os.environ.get("OMAHA8_KERNEL"):
        assert choice.reason in ("measured", "set_kernel")


@pytest.mark.parametrize("name", KERNELS)
def test_set_kernel_round_trip(name: str) -> None:
    needs(name)
    before = kernel()
    holes, boards = random_deals(3000, 4, 5, seed=np.random.default_rng(5))
    want = evaluate_batch(holes, boards)
    try:
        set_kernel(name)
        assert kernel() == name and kernel_choice().kernel == name and kernel_choice().reason == "set_kernel"
        got = evaluate_batch(holes, boards)
        assert (got[0] == want[0]).all() and (got[1] == want[1]).all()
    finally:
        set_kernel(before)
    assert kernel() == before


def test_set_kernel_refuses_what_is_not_a_kernel_here() -> None:
    before = kernel()
    for bad in ("sse9", "", "AVX2"):
        with pytest.raises(ValueError, match="is not a kernel"):
            set_kernel(bad)
    for missing in (k for k in KERNELS if k not in HERE):
        with pytest.raises(ValueError, match="cannot run"):
            set_kernel(missing)
    with pytest.raises(TypeError):
        set_kernel(1)  # type: ignore[arg-type]
    assert kernel() == before


def test_set_kernel_while_other_threads_evaluate() -> None:
    """Threads evaluate while the main thread switches the kernel: every
    result is the same (each call runs one kernel from start to end)."""
    import threading

    before = kernel()
    holes, boards = random_deals(5000, 5, 4, seed=np.random.default_rng(6))
    want = evaluate_batch(holes, boards)
    wrong: list[int] = []
    stop = threading.Event()

    def work() -> None:
        while not stop.is_set():
            high, low = evaluate_batch(holes, boards)
            if not ((high == want[0]).all() and (low == want[1]).all()):
                wrong.append(1)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        for i in range(200):
            set_kernel(HERE[i % len(HERE)])
    finally:
        stop.set()
        for t in threads:
            t.join()
        set_kernel(before)
    assert not wrong


def test_forced_kernel_says_so() -> None:
    env = {**os.environ, "OMAHA8_KERNEL": "scalar"}
    done = subprocess.run([sys.executable, "-c", _CHOICE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    name, reason, how, *times = done.stdout.split()
    assert (name, reason, how) == ("scalar", "OMAHA8_KERNEL", "2")


def test_strict_zero_is_not_strict() -> None:
    missing = [k for k in KERNELS if k not in HERE]
    done = _import_with(missing[0], strict="0")  # neon or avx512 is missing on any one CPU
    assert done.returncode == 0 and "RuntimeWarning" in done.stderr


def test_unknown_kernel_name_is_a_clear_error() -> None:
    done = _import_with("sse9")
    assert done.returncode != 0 and "RuntimeError: OMAHA8_KERNEL='sse9' is not a kernel" in done.stderr


def test_version_names_the_kernel(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert f"(kernel {kernel()})" in capsys.readouterr().out
    assert omaha8_fast.kernel() == kernel()


# --- single calls --------------------------------------------------------------


def _text_forms(rng: random.Random, ids: list[int]) -> str:
    cards = []
    for c in ids:
        rank, suit = "23456789TJQKA"[c >> 2], "cdhs"[c & 3]
        if rank == "T" and rng.random() < 0.3:
            rank = "10"
        if rng.random() < 0.3:
            rank = rank.lower()
        if rng.random() < 0.2:
            suit = suit.upper()
        cards.append(rank + suit)
    return rng.choice(["", " ", ",", ", ", "\t"]).join(cards)


def test_text_fast_path_matches_the_python_parser() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        size = rng.choice([4, 5, 6])
        cards = rng.sample(range(52), size + rng.choice([3, 4, 5]))
        hole, board = _text_forms(rng, cards[:size]), _text_forms(rng, cards[size:])
        want = evaluate_hilo(cards[:size], cards[size:])
        assert evaluate_hilo(hole, board) == want, (hole, board)
        assert lib.o8_eval_text(hole.encode(), len(hole), board.encode(), len(board)) >= 0, (hole, board)
        assert evaluate_high(hole, board) == want[0]


@pytest.mark.parametrize("hole, board", [
    ("As Kd 2c", "3h 4h 5h"),  # too few hole cards
    ("As Kd 2c 3c 4c 5c 6c", "3h 4h 5h"),  # too many
    ("As Kd 2c 3c", "3h 4h"),
    ("As Kd 2c 3c", "3h 4h 5h 6h 7h 8h"),
    ("As Kd 2c 3c", "3h 4h As"),  # repeated card
    ("As Kd 2c 1c", "3h 4h 5h"),
    ("As Kd 2c 3x", "3h 4h 5h"),
    ("As Kd 2c 3c", "3h 4h 5"),
    ("As\x00Kd 2c 3c", "3h 4h 5h"),  # a NUL does not end the text
    ("As Kd 2c 3c\ud800", "3h 4h 5h"),
    ("As Kd 2c 3c", "3h 4h 5h\u00e9"),
    ("10s 10d 2c 3c", "3h 4h 5h 1"),
])
def test_text_fast_path_errors(hole: str, board: str) -> None:
    with pytest.raises(ValueError):
        evaluate_hilo(hole, board)
    with pytest.raises(ValueError):
        evaluate_high(hole, board)


def test_int_fast_path_still_rejects_bools_and_bad_ids() -> None:
    for hole, board in ([True, 5, 9, 13], [20, 24, 28]), ([4, 5, 9, 13], [20, False, 28]), ([4, 5, 9, 300], [20, 24, 28]):
        with pytest.raises((TypeError, ValueError)):
            evaluate_hilo(hole, board)
        with pytest.raises((TypeError, ValueError)):
            evaluate_high(hole, board)
    with pytest.raises(TypeError):
        evaluate_hilo((True, 5, 9, 13), (20, 24, 28))
    assert evaluate_hilo((0, 1, 9, 13), (20, 24, 28)) == evaluate_hilo("2c 2d 4d 5d", "7c 8c 9c")
    assert evaluate_hilo([0, 1, 9, 13], (20, 24, 28)) == evaluate_hilo("2c2d4d5d", "7c8c9c")  # mixed sequence types


def test_single_call_forms_agree() -> None:
    rng = random.Random(8)
    for _ in range(500):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:4], cards[4:]
        want = reference.evaluate_hilo(hole, board)
        assert evaluate_hilo(hole, board) == want
        assert evaluate_hilo(tuple(hole), tuple(board)) == want
        assert evaluate_hilo(format_cards(hole, sep=""), format_cards(board)) == want
        assert evaluate_high(hole, board) == want[0]


# --- batch arguments (issue 15) -------------------------------------------------


@pytest.mark.parametrize("flag", [None, 0, 1, "", "yes", np.False_, np.True_, 0.0])
@pytest.mark.parametrize("function", [evaluate_batch, evaluate_high_batch])
def test_check_must_be_a_bool(function: Callable[..., object], flag: object) -> None:
    holes, boards = random_deals(3, 4, 5, seed=np.random.default_rng(1))
    with pytest.raises(TypeError, match="check must be True or False"):
        function(holes, boards, check=flag)


def test_out_may_not_overlap_the_inputs() -> None:
    holes, boards = random_deals(16, 4, 4, seed=np.random.default_rng(1))
    raw = np.zeros(200, np.uint8)
    raw[:64], raw[64:128] = holes.ravel(), boards.ravel()
    h, b = raw[:64].reshape(16, 4), raw[64:128].reshape(16, 4)
    high_on_holes = raw[:32].view(np.uint16)
    low_on_boards = raw[64:128].view(np.int32)
    spare_high, spare_low = np.zeros(16, np.uint16), np.zeros(16, np.int32)
    for out in ((high_on_holes, spare_low), (spare_high, low_on_boards)):
        with pytest.raises(ValueError, match="overlap"):
            evaluate_batch(h, b, out=out)
    with pytest.raises(ValueError, match="overlap"):
        evaluate_high_batch(h, b, out=high_on_holes)
    both = np.zeros(16, np.int32)
    with pytest.raises(ValueError, match="overlap"):
        evaluate_batch(h, b, out=(both.view(np.uint16)[:16], both))
    high, low = evaluate_batch(h, b, out=(spare_high, spare_low))
    assert high is spare_high and (high == evaluate_high_batch(holes, boards)).all() and (h == holes).all()


def test_high_category_rejects_bools() -> None:
    from omaha8_fast import high_category

    for flag in (True, False):
        with pytest.raises(TypeError):
            high_category(flag)
    assert high_category(np.int64(1)) == "Straight Flush"


def test_hand_comparisons_with_other_types_are_type_errors() -> None:
    from omaha8_fast import evaluate

    e = evaluate("As 2c Kd 7h", "3s 4d 5c Kh Qd")
    for left, right in ((e, 5), (e.high, 5), (e.low, 5), (5, e), (e.high, e.low)):
        for compare in (lambda a, b: a < b, lambda a, b: a <= b, lambda a, b: a > b, lambda a, b: a >= b):
            with pytest.raises(TypeError):
                compare(left, right)
    assert e == e and not e < e and e.high < evaluate("Ks Kd 5h 2c", "Kh 5c 5d Ac 8s").high


# --- an input another thread writes ------------------------------------------

_RACE = r"""
import sys, threading
import numpy as np
from omaha8_fast._core import ffi, lib
from omaha8_fast.evaluator.kernels import _IDS
kernel, check, batches = _IDS[sys.argv[1]], int(sys.argv[2]), int(sys.argv[3])
# The rows flip between a flush board with two of its suit in the hole
# (five clubs; Kc Qc 2d 3h) and a board with no flush (2c 5d 7h 9s Ac; Kd Qd
# 2h 3s): every form is valid, so a kernel that trusts an earlier read of a
# row it listed for its flush pass finds no flush and no suited card there
# the second time (an index of ~0: far past the table).
n = 1 << 16  # a batch long enough for the writer to wake up and run beside it
sys.setswitchinterval(1e-5)  # and the GIL back to the batches at once
hole_forms = np.array([[44, 40, 1, 6], [45, 41, 2, 7]], np.uint8)
board_forms = np.array([[0, 12, 20, 28, 48], [0, 13, 22, 31, 48]], np.uint8)
holes, boards = np.tile(hole_forms[0], (n, 1)), np.tile(board_forms[0], (n, 1))
high, low = np.zeros(n, np.uint16), np.zeros(n, np.int32)
stop = False
def writer():
    k = 0
    while not stop:
        for rows, forms in ((holes, hole_forms), (boards, board_forms)):
            rows[k & 1::2] = forms[0]
            rows[1 - (k & 1)::2] = forms[1]
        k += 1
thread = threading.Thread(target=writer)
thread.start()
args = (ffi.from_buffer("uint8_t[]", holes), 4, ffi.from_buffer("uint8_t[]", boards), 5, n,
        ffi.from_buffer("uint16_t[]", high), ffi.from_buffer("int32_t[]", low), check)
for _ in range(batches):
    assert lib.o8_eval_batch_kernel(kernel, *args) == -1
    assert 1 <= high.min() and high.max() <= 7462, (high.min(), high.max())
    assert set(np.unique(low)) <= {0} | set(range(54321, 87655)), np.unique(low)
stop = True
thread.join()
print("ok")
"""


@pytest.mark.parametrize("check", [0, 1])
@pytest.mark.parametrize("name", KERNELS)
def test_input_written_by_another_thread_stays_in_bounds(name: str, check: int) -> None:
    """The batch runs without the GIL while another thread rewrites its
    input: the values are then unspecified but in range, and no read leaves a
    table (a crash of the child, a signal, fails the test). The sanitizer
    stage runs the same race in C (tests/c/harness.c, race mode)."""
    needs(name)
    done = subprocess.run([sys.executable, "-c", _RACE, name, str(check), str(examples(100, 1000))],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and done.stdout.split() == ["ok"], (done.returncode, done.stderr[-2000:])
