"""Which batch kernel runs :func:`~omaha8_fast.evaluate_batch` and
:func:`~omaha8_fast.evaluate_high_batch`.

The C core has a scalar kernel, which runs everywhere, and on x86-64 an AVX2
kernel (8 deals per step) and an AVX-512 kernel (16 deals per step). The
fastest one the CPU supports is chosen once, when the package is imported;
the environment variable ``OMAHA8_KERNEL`` (``scalar``, ``avx2`` or
``avx512``) forces one, for tests and benchmarks. Forcing a kernel the CPU
lacks, or an unknown name, makes the import fail with a ``RuntimeError`` that
says so. All kernels give identical results.

>>> kernel() in available_kernels()
True
>>> "scalar" in available_kernels()
True
"""

from __future__ import annotations

import os

from .._core import lib

__all__ = ["KERNELS", "available_kernels", "kernel"]

#: Every kernel name, slowest first.
KERNELS = ("scalar", "avx2", "avx512")
_IDS: dict[str, int] = {"scalar": lib.O8_KERNEL_SCALAR, "avx2": lib.O8_KERNEL_AVX2, "avx512": lib.O8_KERNEL_AVX512}
_NAMES = {number: name for name, number in _IDS.items()}


def available_kernels() -> tuple[str, ...]:
    """The kernels this build and CPU can run, slowest first."""
    return tuple(name for name in KERNELS if lib.o8_kernel_supported(_IDS[name]))


def _chosen(forced: str | None) -> int:
    """The kernel id for ``OMAHA8_KERNEL=forced`` (unset or empty: the best one)."""
    if not forced:
        return int(lib.o8_kernel_best())
    if forced not in _IDS:
        raise RuntimeError(f"OMAHA8_KERNEL={forced!r} is not a kernel: use one of {', '.join(KERNELS)}")
    if not lib.o8_kernel_supported(_IDS[forced]):
        raise RuntimeError(
            f"OMAHA8_KERNEL={forced!r}: this CPU (or build) cannot run that kernel; "
            f"it can run {', '.join(available_kernels())}"
        )
    return _IDS[forced]


#: The id the batch functions pass to C; set once at import, never changed.
KERNEL_ID: int = _chosen(os.environ.get("OMAHA8_KERNEL"))


def kernel() -> str:
    """The batch kernel in use: ``"avx512"``, ``"avx2"`` or ``"scalar"``."""
    return _NAMES[KERNEL_ID]
