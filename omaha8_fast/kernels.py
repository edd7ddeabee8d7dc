"""``omaha8_fast.kernels``: the public name of :mod:`omaha8_fast.evaluator.kernels`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .evaluator.kernels import (
    KERNELS as KERNELS,
    KernelChoice as KernelChoice,
    available_kernels as available_kernels,
    kernel as kernel,
    kernel_choice as kernel_choice,
    set_kernel as set_kernel,
)

__all__ = ["KERNELS", "KernelChoice", "available_kernels", "kernel", "kernel_choice", "set_kernel"]
