"""Which batch kernel runs :func:`~omaha8_fast.evaluate_batch`,
:func:`~omaha8_fast.evaluate_high_batch` and the Monte Carlo equity of known
hands.

The C core has a scalar kernel, which runs everywhere, on x86-64 an AVX2
kernel (8 deals per step) and an AVX-512 kernel (16 deals per step), and on
AArch64 (Linux, macOS, Windows on ARM) a NEON kernel (8 deals per step; NEON
is part of every AArch64 CPU). The fastest one the CPU supports is chosen
once, when the package is imported; the environment variable
``OMAHA8_KERNEL`` (``scalar``, ``avx2``, ``avx512`` or ``neon``) forces one,
for tests and benchmarks. Forcing a kernel this CPU (or build) lacks warns
(a :class:`RuntimeWarning` naming the kernels it has) and falls back to the
best one; with ``OMAHA8_KERNEL_STRICT=1`` it makes the import fail with a
``RuntimeError`` instead. An unknown name always fails the import. All
kernels give identical results.

>>> kernel() in available_kernels()
True
>>> "scalar" in available_kernels()
True
"""

from __future__ import annotations

import os
import warnings

from .._core import lib

__all__ = ["KERNELS", "available_kernels", "kernel"]

#: Every kernel name, slowest first.
KERNELS = ("scalar", "avx2", "avx512", "neon")
_IDS: dict[str, int] = {
    "scalar": lib.O8_KERNEL_SCALAR,
    "avx2": lib.O8_KERNEL_AVX2,
    "avx512": lib.O8_KERNEL_AVX512,
    "neon": lib.O8_KERNEL_NEON,
}
_NAMES = {number: name for name, number in _IDS.items()}


def available_kernels() -> tuple[str, ...]:
    """The kernels this build and CPU can run, slowest first."""
    return tuple(name for name in KERNELS if lib.o8_kernel_supported(_IDS[name]))


def _chosen(forced: str | None, strict: bool = False) -> int:
    """The kernel id for ``OMAHA8_KERNEL=forced`` (unset or empty: the best
    one). A kernel this CPU lacks: a RuntimeWarning and the best one, or with
    ``strict`` a RuntimeError."""
    best = int(lib.o8_kernel_best())
    if not forced:
        return best
    if forced not in _IDS:
        raise RuntimeError(f"OMAHA8_KERNEL={forced!r} is not a kernel: use one of {', '.join(KERNELS)}")
    if not lib.o8_kernel_supported(_IDS[forced]):
        message = (
            f"OMAHA8_KERNEL={forced!r}: this CPU (or build) cannot run that kernel; "
            f"it can run {', '.join(available_kernels())}"
        )
        if strict:
            raise RuntimeError(message + " (OMAHA8_KERNEL_STRICT is set)")
        warnings.warn(f"{message}: using {_NAMES[best]!r}", RuntimeWarning, stacklevel=2)
        return best
    return _IDS[forced]


def _strict(value: str | None) -> bool:
    """Whether ``OMAHA8_KERNEL_STRICT`` asks for an error (set, and not 0/empty)."""
    return bool(value) and value not in ("0", "false", "no")


#: The id the batch functions pass to C; set once at import, never changed.
KERNEL_ID: int = _chosen(os.environ.get("OMAHA8_KERNEL"), _strict(os.environ.get("OMAHA8_KERNEL_STRICT")))


def kernel() -> str:
    """The batch kernel in use: ``"avx512"``, ``"avx2"``, ``"neon"`` or ``"scalar"``."""
    return _NAMES[KERNEL_ID]
