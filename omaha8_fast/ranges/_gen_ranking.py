"""The preflop Omaha Hi/Lo ranking behind top-N% ranges (``"15%"``).

Every 4-card starting hand belongs to one of 16,432 classes of hands equal up
to renaming suits (:func:`omaha8_fast.ranges.hand_classes`). A class's value
is the hi/lo equity (expected share of the pot) of its first hand in colex
order against one random hand, by Monte Carlo: ``SAMPLES`` deals on random
stream ``class index`` of seed ``SEED``. Every entry is therefore reproducible
on its own, and the table is the same however the work is spread. The shipped
table ``data/preflop_hilo.npz`` stores ``round(equity * 65535)`` as uint16
with the samples and seed used (read at run time by
:mod:`omaha8_fast.ranges._ranking`; this module only generates it). Regenerate it
with::

    python -m omaha8_fast.ranges._gen_ranking [--samples N] [--seed S] [--workers W]

(about 2 minutes on 2 cores; ``generate(executor=...)`` takes any
``concurrent.futures.Executor``, e.g. a Dask client's, to use a cluster).

>>> values = class_equities([0], samples=1000, seed=SEED)
>>> values.dtype, values.shape
(dtype('uint16'), (1,))
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ._ranking import DATA_PATH

__all__ = ["SAMPLES", "SEED", "class_equities", "generate", "main"]

SAMPLES = 50_000
SEED = 20240605
_SCALE = 65535

_representatives: list[npt.NDArray[np.uint8]] = []


def _representative_hands() -> npt.NDArray[np.uint8]:
    """The first hand (colex order) of every class, one row per class."""
    if not _representatives:
        from ._tables import _universe, hand_classes

        _, cls = hand_classes(4)
        _, first = np.unique(cls, return_index=True)
        _representatives.append(np.ascontiguousarray(_universe(4)[first]))
    return _representatives[0]


def class_equities(classes: Sequence[int], samples: int = SAMPLES, seed: int = SEED) -> npt.NDArray[np.uint16]:
    """Quantized equity vs a random hand of the given classes: one Monte Carlo
    run of the equity kernel per class, on stream ``class`` of ``seed``."""
    from .._core import ffi, lib

    hands = _representative_hands()
    players = ffi.new("o8_range[2]")
    players[1].holes = ffi.NULL  # the random opponent
    work = ffi.new("o8_equity_work *")
    counts = ffi.new("o8_equity_counts *")
    out = np.empty(len(classes), dtype=np.uint16)
    for i, c in enumerate(classes):
        hole = ffi.new("uint8_t[4]", hands[c].tolist())
        players[0].holes, players[0].n_holes = hole, 1
        if lib.o8_equity_monte_carlo(players, 2, 4, ffi.NULL, 0, ffi.NULL, 0, samples, seed, int(c), work, counts):
            raise RuntimeError("o8_equity_monte_carlo failed")
        equity = counts.player[0].share / lib.O8_POT_UNITS / counts.showdowns
        out[i] = round(equity * _SCALE)
    return out


def generate(samples: int = SAMPLES, seed: int = SEED, executor: Executor | None = None,
             blocks: int = 64) -> npt.NDArray[np.uint16]:
    """The whole table, computed in ``blocks`` jobs on ``executor`` (or here)."""
    n = len(_representative_hands())
    cuts = np.linspace(0, n, blocks + 1).astype(int)
    parts = [list(range(a, b)) for a, b in zip(cuts[:-1], cuts[1:])]
    if executor is None:
        return np.concatenate([class_equities(p, samples, seed) for p in parts])
    futures = [executor.submit(class_equities, p, samples, seed) for p in parts]
    return np.concatenate([f.result() for f in futures])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate the preflop Omaha Hi/Lo ranking table.")
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--out", type=Path, default=DATA_PATH)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.workers) as pool:
        equity = generate(args.samples, args.seed, pool)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, equity=equity, samples=np.int64(args.samples), seed=np.int64(args.seed))
    print(f"wrote {args.out}: {len(equity)} classes, {args.samples} samples each, seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
