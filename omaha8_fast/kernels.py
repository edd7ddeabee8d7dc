"""``omaha8_fast.kernels``: the public name of :mod:`omaha8_fast.evaluator.kernels`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .evaluator.kernels import (
    KERNELS as KERNELS,
    available_kernels as available_kernels,
    kernel as kernel,
)

__all__ = ["KERNELS", "available_kernels", "kernel"]
