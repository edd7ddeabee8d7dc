"""Which batch kernel runs :func:`~omaha8_fast.evaluate_batch`,
:func:`~omaha8_fast.evaluate_high_batch` and the Monte Carlo equity.

The C core has a scalar kernel, which runs everywhere, on x86-64 an AVX2
kernel (8 deals per step) and an AVX-512 kernel (16 deals per step), and on
AArch64 (Linux, macOS, Windows on ARM) a NEON kernel (8 deals per step; NEON
is part of every AArch64 CPU). All kernels give identical results.

Which one is the fastest is measured, not guessed from a CPU table: at the
first call that needs it, the C core times every kernel the CPU offers on a
fixed batch of 1,024 deals (a few runs each, well under a millisecond with
SIMD) and keeps the fastest for the process. :func:`kernel_choice` says what
was measured. :func:`set_kernel` makes another kernel the process's, from any
thread at any time (calls already running finish with theirs). The
environment variable ``OMAHA8_KERNEL`` (``scalar``, ``avx2``, ``avx512`` or
``neon``) forces one at import, for tests and benchmarks. Forcing a kernel
this CPU (or build) lacks warns (a :class:`RuntimeWarning` naming the kernels
it has) and falls back to the measured choice; with ``OMAHA8_KERNEL_STRICT=1``
it makes the import fail with a ``RuntimeError`` instead. An unknown name
always fails the import.

>>> kernel() in available_kernels()
True
>>> "scalar" in available_kernels()
True
>>> choice = kernel_choice()
>>> choice.kernel == kernel() and sorted(choice.ns_per_deal) == sorted(available_kernels())
True
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass

from .._core import ffi, lib

__all__ = ["KERNELS", "KernelChoice", "available_kernels", "kernel", "kernel_choice", "set_kernel"]

#: Every kernel name, slowest first.
KERNELS = ("scalar", "avx2", "avx512", "neon")
_IDS: dict[str, int] = {
    "scalar": lib.O8_KERNEL_SCALAR,
    "avx2": lib.O8_KERNEL_AVX2,
    "avx512": lib.O8_KERNEL_AVX512,
    "neon": lib.O8_KERNEL_NEON,
}
_NAMES = {number: name for name, number in _IDS.items()}

#: The kernel argument the batch functions pass to C: "the process's kernel"
#: (the C core reads its choice at each call, so set_kernel applies at once).
KERNEL_ID: int = lib.O8_KERNEL_CHOSEN


@dataclass(frozen=True)
class KernelChoice:
    """Why :func:`kernel` is the kernel it is.

    ``reason`` is ``"measured"`` (the fastest on the fixed batch),
    ``"OMAHA8_KERNEL"`` (forced at import) or ``"set_kernel"``;
    ``ns_per_deal`` has, for every kernel of :func:`available_kernels`, the
    best time per deal measured on that batch (4-card holes, 5-card boards,
    high and low, checked), in nanoseconds. When the choice was not measured
    (forced), the times come from a measurement made for this call.
    """

    kernel: str
    reason: str
    ns_per_deal: dict[str, float]


def available_kernels() -> tuple[str, ...]:
    """The kernels this build and CPU can run, slowest first."""
    return tuple(name for name in KERNELS if lib.o8_kernel_supported(_IDS[name]))


def kernel() -> str:
    """The batch kernel in use: ``"avx512"``, ``"avx2"``, ``"neon"`` or ``"scalar"``."""
    return _NAMES[int(lib.o8_kernel_current())]


#: How the kernel was set, when it was not measured ("OMAHA8_KERNEL" or "set_kernel").
_set_by: list[str] = []


def set_kernel(name: str) -> None:
    """Make kernel ``name`` (one of :func:`available_kernels`) the process's
    kernel: every batch evaluation and Monte Carlo run started afterwards, in
    any thread, uses it. Raises :class:`ValueError` for a name that is not a
    kernel or that this CPU (or build) cannot run.

    >>> before = kernel()
    >>> set_kernel("scalar"); kernel()
    'scalar'
    >>> set_kernel(before)
    """
    if not isinstance(name, str):
        raise TypeError(f"a kernel name must be a str, not {type(name).__name__}")
    if name not in _IDS:
        raise ValueError(f"{name!r} is not a kernel: use one of {', '.join(KERNELS)}")
    if lib.o8_kernel_set(_IDS[name]) != 0:
        raise ValueError(f"this CPU (or build) cannot run the {name!r} kernel; it can run {', '.join(available_kernels())}")
    _set_by[:] = ["set_kernel"]


def kernel_choice() -> KernelChoice:
    """The kernel in use and why: the times measured for every available kernel.

    >>> choice = kernel_choice()
    >>> choice.reason in ("measured", "OMAHA8_KERNEL", "set_kernel")
    True
    >>> all(t > 0 for t in choice.ns_per_deal.values())
    True
    """
    name = kernel()  # measures first, when nothing was chosen yet
    ns = ffi.new("int64_t[4]")
    how = int(lib.o8_kernel_choice(ns))
    if not any(ns[k] for k in range(4)):
        lib.o8_kernel_measure(ns)
    deals = int(lib.O8_CHOICE_DEALS)
    times = {k: int(ns[_IDS[k]]) / deals for k in available_kernels()}
    reason = "measured" if how == 1 else (_set_by[0] if _set_by else "set_kernel")
    return KernelChoice(name, reason, times)


def _force(forced: str | None, strict: bool = False) -> None:
    """Apply ``OMAHA8_KERNEL=forced`` (unset or empty: nothing; the choice is
    measured at first use). A kernel this CPU lacks: a RuntimeWarning, or
    with ``strict`` a RuntimeError."""
    if not forced:
        return
    if forced not in _IDS:
        raise RuntimeError(f"OMAHA8_KERNEL={forced!r} is not a kernel: use one of {', '.join(KERNELS)}")
    if not lib.o8_kernel_supported(_IDS[forced]):
        message = (
            f"OMAHA8_KERNEL={forced!r}: this CPU (or build) cannot run that kernel; "
            f"it can run {', '.join(available_kernels())}"
        )
        if strict:
            raise RuntimeError(message + " (OMAHA8_KERNEL_STRICT is set)")
        warnings.warn(f"{message}: using the fastest of those (measured)", RuntimeWarning, stacklevel=2)
        return
    lib.o8_kernel_set(_IDS[forced])
    _set_by[:] = ["OMAHA8_KERNEL"]


def _strict(value: str | None) -> bool:
    """Whether ``OMAHA8_KERNEL_STRICT`` asks for an error (set, and not 0/empty)."""
    return bool(value) and value not in ("0", "false", "no")


_force(os.environ.get("OMAHA8_KERNEL"), _strict(os.environ.get("OMAHA8_KERNEL_STRICT")))
