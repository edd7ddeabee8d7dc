"""The SIMD kernels' card check (byte compares on the card words) and their
deferred flush pass, against the scalar kernel: every pair of card positions
repeated and every position out of range, for every hole and board size, on
flush-heavy deals long enough for several flush passes (a pass runs every 64
vector steps, so rows before a bad one must already hold their flushes)."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast._core import ffi, lib
from omaha8_fast.evaluator.kernels import _IDS, KERNELS, available_kernels

ROWS = 1500  # more than two flush chunks of the avx2 kernel (64 steps of 8 rows)
SIZES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]
SIMD = [name for name in KERNELS if name != "scalar"]


def needs(name: str) -> None:
    if name not in available_kernels():
        pytest.skip(f"this CPU cannot run the {name} kernel")


def run(name: str, holes: np.ndarray, boards: np.ndarray, check: bool,
        high_only: bool = False) -> tuple[int, np.ndarray, np.ndarray]:
    """Kernel ``name`` on the rows; outputs start as sentinels."""
    n = len(holes)
    high, low = np.full(n, 0xBEEF, np.uint16), np.full(n, -7, np.int32)
    rc = lib.o8_eval_batch_kernel(
        _IDS[name], ffi.from_buffer("uint8_t[]", holes), holes.shape[1], ffi.from_buffer("uint8_t[]", boards),
        boards.shape[1], n, ffi.from_buffer("uint16_t[]", high),
        ffi.NULL if high_only else ffi.from_buffer("int32_t[]", low), int(check))
    return int(rc), high, low


def deals_of(kind: str, n: int, hole_size: int, board_size: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Flush-heavy deals: the cards of two suits first, then any."""
    assert kind == "flush"
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        suits = rng.choice(4, 2, replace=False)
        favoured = [c for c in range(52) if c % 4 in suits]
        first = list(rng.choice(favoured, 5, replace=False))
        rest = [c for c in range(52) if c not in first]
        cards = first + list(rng.choice(rest, hole_size + board_size - 5, replace=False))
        rows.append(rng.permutation(cards))
    deals = np.array(rows, np.uint8)
    return np.ascontiguousarray(deals[:, :hole_size]), np.ascontiguousarray(deals[:, hole_size:])


@pytest.mark.parametrize("hole_size, board_size", SIZES)
@pytest.mark.parametrize("name", SIMD)
def test_every_repeated_pair_and_big_card_is_found(name: str, hole_size: int, board_size: int) -> None:
    needs(name)
    holes, boards = deals_of("flush", ROWS, hole_size, board_size, seed=hole_size * 7 + board_size)
    _, want_high, want_low = run("scalar", holes, boards, True)
    width = hole_size + board_size
    cases = [(i, j) for i in range(width) for j in range(i + 1, width)] + [(i, None) for i in range(width)]
    for k, (i, j) in enumerate(cases):
        bad = 1030 + k * 7 % 400
        cards = np.concatenate([holes, boards], axis=1)
        if j is None:
            cards[bad, i] = 52 + k * 13 % 204  # 52..255
        else:
            cards[bad, j] = cards[bad, i]
        h, b = np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])
        assert run("scalar", h, b, True)[0] == bad
        rc, high, low = run(name, h, b, True)
        assert rc == bad, f"{name} ({hole_size}, {board_size}) cards {i}, {j}: first bad row {rc}, expected {bad}"
        assert (high[:bad] == want_high[:bad]).all() and (low[:bad] == want_low[:bad]).all()
        assert (high[bad:] == 0xBEEF).all() and (low[bad:] == -7).all()


@pytest.mark.parametrize("name", SIMD)
def test_flush_pass_on_all_flush_rows(name: str) -> None:
    """Every row a flush candidate (one suit only): the flush pass lists every
    row of a step, and its results agree with the scalar kernel."""
    needs(name)
    for hole_size, board_size in SIZES:
        rng = np.random.default_rng(hole_size * 10 + board_size)
        suit = np.arange(13) * 4 + 2  # the hearts
        cards = np.array([rng.permutation(suit)[:hole_size + board_size] for _ in range(ROWS)], np.uint8)
        h, b = np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])
        for check in (True, False):
            got, want = run(name, h, b, check, high_only=True), run("scalar", h, b, check, high_only=True)
            assert got[0] == want[0] == -1
            assert (got[1] == want[1]).all(), f"{name} ({hole_size}, {board_size}) check={check}"
