"""The engine's deal (csrc/engine/deal.c, ``o8_deal``) against the pure-Python
partial Fisher-Yates it replaced: the same cards for every random number, so
seeds keep dealing the same hands."""

from __future__ import annotations

import random

import pytest

from omaha8_fast._core import ffi, lib
from omaha8_fast.engine import Hand
from omaha8_fast.engine._hand import _deal


def python_deal(cards: list[int], start: int, count: int, bits: int) -> list[int]:
    """The reference: swap position i with i + (bits mod 52 - i), bits //= 52 - i."""
    cards = list(cards)
    for i in range(start, count):
        bits, j = divmod(bits, 52 - i)
        j += i
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:count]


def c_deal(cards: list[int], start: int, count: int, bits: int, n_bytes: int = 37) -> list[int]:
    buf = bytearray(cards)
    assert lib.o8_deal(bits.to_bytes(n_bytes, "little"), n_bytes, ffi.from_buffer(buf), start, count) == 0
    return list(buf[:count])


@pytest.mark.parametrize("count", [0, 1, 13, 29, 47, 52])
def test_c_deal_matches_the_python_shuffle(count: int) -> None:
    rng = random.Random(count)
    for _ in range(300):
        cards = list(range(52))
        rng.shuffle(cards)
        start = rng.randint(0, count)
        bits = rng.getrandbits(290)
        assert c_deal(cards, start, count, bits) == python_deal(cards, start, count, bits)


def test_c_deal_extreme_numbers() -> None:
    for bits in (0, 1, 2**290 - 1, 2**226, 2**64 - 1):
        assert c_deal(list(range(52)), 0, 52, bits) == python_deal(list(range(52)), 0, 52, bits)
    wide = 2**500 - 12345  # up to O8_DEAL_MAX_BYTES bytes
    assert c_deal(list(range(52)), 0, 52, wide, 63) == python_deal(list(range(52)), 0, 52, wide)


def test_c_deal_rejects_bad_sizes() -> None:
    buf = bytearray(range(52))
    before = bytes(buf)
    for n_bytes, start, count in ((-1, 0, 5), (lib.O8_DEAL_MAX_BYTES + 1, 0, 5), (37, -1, 5), (37, 6, 5), (37, 0, 53)):
        assert lib.o8_deal(bytes(80), n_bytes, ffi.from_buffer(buf), start, count) == -1
    assert bytes(buf) == before


def test_seeded_hands_deal_as_the_python_shuffle() -> None:
    for seed in range(50):
        expected = python_deal(list(range(52)), 0, 29, random.Random(seed).getrandbits(290))
        assert list(_deal(None, seed, 29)) == expected
        assert [int(c) for hole in Hand([100] * 6, 0, 1, 2, seed=seed).holes for c in hole] == expected[:24]
    given = [51, 47, 0]  # As Ks 2c
    rest = [c for c in range(52) if c not in given]
    assert list(_deal("As Ks 2c", 7, 29)) == python_deal(given + rest, 3, 29, random.Random(7).getrandbits(290))
