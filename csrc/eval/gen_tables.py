"""Generate the lookup tables of the C core (``csrc/eval/tables.c``).

Run by ``build.py`` at build time (``python csrc/eval/gen_tables.py OUT`` works by
hand too). Pure Python, no dependencies, about a second.

Conventions shared with the C code (see ``omaha8.h`` and ``eval_inline.h``):

* rank 0..12 is 2..A, suit 0..3 is c, d, h, s, card id = rank * 4 + suit.
* High classes are the standard 1..7462 numbers (1 = royal flush).
* ``O8_HIGH``: one row of 91 ``uint16`` per board rank multiset (boards of
  3, 4 and 5 cards, rows of the three sizes one after another); column
  ``O8_PAIR[r1 * 13 + r2]`` is a hole rank pair. Rows are ``HIGH_STRIDE``
  (96) entries apart, the last 5 ``0xFFFF``, and the table starts on a
  64-byte boundary: each row is exactly three cache lines (at 91 entries,
  four rows in five straddled four lines), which the SIMD kernels prefetch. The entry is the best
  *non-flush* class of pair + any three board cards (flushes are handled by
  ``O8_FLUSH``; scoring a suited five as unsuited only gives a weaker value,
  so taking the minimum with the flush path stays exact).
* ``O8_FLUSH``: one row of 91 per board suited-rank mask with 3..5 ranks
  (row 0 = no flush possible, all ``0xFFFF``), same columns; entry = best
  flush or straight flush of the two hole ranks + three board ranks.
* ``O8_CARD_BITS``: per card byte, bit ``16 * suit + rank`` plus bit
  ``16 * suit + 13``; summed over distinct cards this gives each suit's rank
  mask (bits 0..12 of its 16) and card count (bits 13..15).
* ``O8_PAIR64``: ``O8_PAIR`` indexed by ``(card_a >> 2) << 6 | (card_b >> 2)``,
  so that any byte values stay in bounds (column 0 past rank 12).
* ``O8_LOW``: 65536 ``uint8`` indexed by ``hole_low_mask << 8 | board_low_mask``
  (bit 0 = ace, bit r = rank r + 1 for 2..8); value 1..56 = position of the
  best low in the order of lows (1 = 5-4-3-2-A), ``0xFF`` = no low.
* ``O8_LANE_LIST``: 8 bytes per 8-bit mask, the indices of its set bits in
  order, then zeros (the AVX2 kernel lists its flush rows with it).
* Padding: the SIMD kernels read ``uint8`` and ``uint16`` entries with 32-bit
  gathers, which read up to 3 bytes past the entry. ``O8_HIGH``, ``O8_FLUSH``,
  ``O8_FLUSH_ROW`` and ``O8_LOW`` end with ``PAD_BYTES`` bytes of padding
  (never a valid index), so that no gather reads outside its table.
"""

from __future__ import annotations

import itertools
import sys
from math import comb
from pathlib import Path

N_RANKS = 13
N_PAIRS = 91  # unordered rank pairs, repeats allowed: C(13 + 1, 2)
HIGH_STRIDE = 96  # O8_HIGH row stride: 192 bytes, three whole cache lines
NO_HAND = 0xFFFF
NO_LOW = 0xFF
PAD_BYTES = 4  # past the last entry of every table read by 32-bit gathers
STRAIGHTS = [tuple(range(top, top - 5, -1)) for top in range(12, 3, -1)] + [(12, 3, 2, 1, 0)]


def _descending_sets(size: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    ranks = [r for r in range(12, -1, -1) if r not in exclude]
    return list(itertools.combinations(ranks, size))  # already in descending order


def high_classes() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Number every five-card high class 1..7462, strongest first.

    Returns two maps from rank tuples sorted high to low: one for unsuited
    hands, one for flushes (straight flushes included).
    """
    unsuited: dict[tuple[int, ...], int] = {}
    suited: dict[tuple[int, ...], int] = {}
    straight_sets = {frozenset(s) for s in STRAIGHTS}
    no_straight = [s for s in _descending_sets(5) if frozenset(s) not in straight_sets]
    counter = itertools.count(1)

    def key(ranks: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(ranks, reverse=True))

    for s in STRAIGHTS:
        suited[key(s)] = next(counter)
    for quad in range(12, -1, -1):
        for kick in _descending_sets(1, (quad,)):
            unsuited[key((quad,) * 4 + kick)] = next(counter)
    for trip in range(12, -1, -1):
        for (pair,) in _descending_sets(1, (trip,)):
            unsuited[key((trip,) * 3 + (pair,) * 2)] = next(counter)
    for s in no_straight:
        suited[key(s)] = next(counter)
    for s in STRAIGHTS:
        unsuited[key(s)] = next(counter)
    for trip in range(12, -1, -1):
        for kicks in _descending_sets(2, (trip,)):
            unsuited[key((trip,) * 3 + kicks)] = next(counter)
    for hi, lo in _descending_sets(2):
        for kick in _descending_sets(1, (hi, lo)):
            unsuited[key((hi, hi, lo, lo) + kick)] = next(counter)
    for pair in range(12, -1, -1):
        for kicks in _descending_sets(3, (pair,)):
            unsuited[key((pair, pair) + kicks)] = next(counter)
    for s in no_straight:
        unsuited[key(s)] = next(counter)
    assert next(counter) == 7463
    return unsuited, suited


def multiset_index(ranks: tuple[int, ...]) -> int:
    """Colex index of a sorted rank multiset (the C code computes the same)."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


def pair_index(a: int, b: int) -> int:
    lo, hi = min(a, b), max(a, b)
    return multiset_index((lo, hi))


def high_rows(unsuited: dict[tuple[int, ...], int]) -> list[int]:
    pairs = sorted(itertools.combinations_with_replacement(range(N_RANKS), 2), key=lambda p: pair_index(*p))
    rows: list[int] = []
    triple_rows: dict[tuple[int, ...], list[int]] = {}
    for triple in itertools.combinations_with_replacement(range(N_RANKS), 3):
        row = []
        for pair in pairs:
            five = tuple(sorted(pair + triple, reverse=True))
            row.append(unsuited.get(five, NO_HAND))  # None for five of a kind
        triple_rows[triple] = row
    for size in (3, 4, 5):
        boards = sorted(itertools.combinations_with_replacement(range(N_RANKS), size), key=multiset_index)
        for board in boards:
            candidates = [triple_rows[t] for t in set(itertools.combinations(board, 3))]
            rows.extend(map(min, zip(*candidates)))
            rows.extend([NO_HAND] * (HIGH_STRIDE - N_PAIRS))
    return rows


def flush_masks() -> list[int]:
    """Board suited-rank masks that can make a flush (3..5 ranks), in table order."""
    return [m for m in range(1 << N_RANKS) if 3 <= bin(m).count("1") <= 5]


def flush_rows(suited: dict[tuple[int, ...], int]) -> list[int]:
    pairs = sorted(itertools.combinations_with_replacement(range(N_RANKS), 2), key=lambda p: pair_index(*p))
    rows = [NO_HAND] * N_PAIRS
    for mask in flush_masks():
        board = [r for r in range(N_RANKS) if mask >> r & 1]
        for a, b in pairs:
            best = NO_HAND
            if a != b:
                for triple in itertools.combinations([r for r in board if r not in (a, b)], 3):
                    best = min(best, suited[tuple(sorted((a, b) + triple, reverse=True))])
            rows.append(best)
    return rows


def low_number(ranks: tuple[int, ...]) -> int:
    """Ranks are 1..8 with ace = 1; the decimal number read high to low."""
    return int("".join(str(r) for r in sorted(ranks, reverse=True)))


def low_order() -> list[int]:
    return sorted(low_number(c) for c in itertools.combinations(range(1, 9), 5))


def low_table() -> list[int]:
    position = {n: i + 1 for i, n in enumerate(low_order())}
    table = []
    for hole in range(256):
        hole_ranks = [r + 1 for r in range(8) if hole >> r & 1]
        hole_pairs = list(itertools.combinations(hole_ranks, 2))
        for board in range(256):
            board_ranks = [r + 1 for r in range(8) if board >> r & 1]
            best = NO_LOW
            for pair in hole_pairs:
                rest = [r for r in board_ranks if r not in pair]
                for triple in itertools.combinations(rest, 3):
                    best = min(best, position[low_number(pair + triple)])
            table.append(best)
    return table


def lane_lists() -> list[int]:
    """For each 8-bit lane mask, the indices of its set bits in order, then zeros (8 bytes)."""
    table = []
    for mask in range(256):
        lanes = [lane for lane in range(8) if mask >> lane & 1]
        table.extend(lanes + [0] * (8 - len(lanes)))
    return table


def _padded(values: list[int], size: int, fill: int) -> list[int]:
    """``values`` followed by ``PAD_BYTES`` bytes of ``fill`` entries of ``size`` bytes."""
    return values + [fill] * (PAD_BYTES // size)


#: Tables whose rows must start on a cache line (``O8_ALIGN64`` in tables.h).
ALIGNED = {"O8_HIGH"}


def _c_array(ctype: str, name: str, values: list[int], per_line: int = 16) -> str:
    suffix = "ull" if ctype == "uint64_t" else ""
    align = "O8_ALIGN64 " if name in ALIGNED else ""
    lines = [f"{align}const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ",".join(f"{v}{suffix}" for v in values[i:i + per_line]) + ",")
    lines.append("};\n")
    return "\n".join(lines)


def tables() -> list[tuple[str, str, list[int]]]:
    """Every table as (C type, name, values), in the order of ``O8_TABLE_DATA``."""
    unsuited, suited = high_classes()
    flush_row = [0] * (1 << N_RANKS)
    for i, m in enumerate(flush_masks()):
        flush_row[m] = i + 1
    low_decimal = [0] * 256
    for i, n in enumerate(low_order()):
        low_decimal[i + 1] = n
    card = range(256)  # bytes >= 52 map like byte % 52, so garbage stays in bounds
    rank = [c % 52 // 4 for c in card]
    return [
        ("uint16_t", "O8_HIGH", _padded(high_rows(unsuited), 2, NO_HAND)),
        ("uint16_t", "O8_FLUSH", _padded(flush_rows(suited), 2, NO_HAND)),
        ("uint16_t", "O8_FLUSH_ROW", _padded(flush_row, 2, 0)),
        ("uint8_t", "O8_LOW", _padded(low_table(), 1, NO_LOW)),
        ("int32_t", "O8_LOW_DECIMAL", low_decimal),
        ("uint8_t", "O8_PAIR", [pair_index(a, b) for a in range(N_RANKS) for b in range(N_RANKS)]),
        ("uint16_t", "O8_BINOM", [comb(n, k) for k in range(7) for n in range(19)]),
        ("uint8_t", "O8_RANK", rank),
        ("uint64_t", "O8_CARD_BITS", [(1 << (16 * (c % 4) + r)) | (1 << (16 * (c % 4) + 13)) for c, r in zip(card, rank)]),
        ("uint8_t", "O8_PAIR64", [pair_index(a, b) if a < 13 and b < 13 else 0 for a in range(64) for b in range(64)]),
        ("uint8_t", "O8_LANE_LIST", lane_lists()),
    ]


def generate() -> str:
    parts = ["/* Generated by csrc/eval/gen_tables.py -- do not edit. */", '#include "eval/tables.h"\n']
    listed = tables()
    for ctype, name, values in listed:
        parts.append(_c_array(ctype, name, values, {"uint8_t": 32, "uint64_t": 4}.get(ctype, 16)))
    names = ", ".join(name for _, name, _ in listed)
    sizes = ", ".join(f"sizeof {name}" for _, name, _ in listed)
    parts.append(f"const void *const O8_TABLE_DATA[O8_N_TABLES] = {{{names}}};")
    parts.append(f"const size_t O8_TABLE_SIZE[O8_N_TABLES] = {{{sizes}}};\n")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("tables.c")
    text = generate()
    if not out.exists() or out.read_text() != text:
        out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
