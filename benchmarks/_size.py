"""The size of every benchmark, from one setting.

``OMAHA8_BENCH_SIZE=full`` (the default) runs the sizes the figures in
docs/performance.md were measured at; ``OMAHA8_BENCH_SIZE=ci`` runs each
benchmark's small size, so that CI can run every benchmark once
(``pytest benchmarks --benchmark-disable``) in seconds and a broken
benchmark fails CI cheaply. Each module takes its sizes from :func:`size`.
"""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

SIZES = ("full", "ci")
SIZE = os.environ.get("OMAHA8_BENCH_SIZE", "full")
if SIZE not in SIZES:
    raise ValueError(f"OMAHA8_BENCH_SIZE must be one of {', '.join(SIZES)}, not {SIZE!r}")


def size(full: int, ci: int) -> int:
    """``full`` normally, ``ci`` under ``OMAHA8_BENCH_SIZE=ci``."""
    return full if SIZE == "full" else ci


def best(benchmark: object) -> float:
    """The best time of a benchmark's rounds in seconds; NaN when the run has
    no timings (``--benchmark-disable``: each benchmark runs once, untimed)."""
    if getattr(benchmark, "disabled", False):
        return float("nan")
    return float(benchmark.stats.stats.min)  # type: ignore[attr-defined]


def fast_enough(benchmark: object, seconds: float) -> bool:
    """Whether the best round took at most ``seconds`` (always, untimed)."""
    t = best(benchmark)
    return t != t or t <= seconds


def some(items: list[T], ci: int) -> list[T]:
    """Every case normally, the first ``ci`` under ``OMAHA8_BENCH_SIZE=ci``."""
    return list(items) if SIZE == "full" else list(items)[:ci]
