"""``omaha8_fast.reference``: the public name of :mod:`omaha8_fast.evaluator.reference`, kept so that
imports written for earlier versions go on working (see docs/architecture.md)."""

from .evaluator.reference import (
    evaluate_high as evaluate_high,
    evaluate_hilo as evaluate_hilo,
    evaluate_low as evaluate_low,
    low_five as low_five,
    rank_five as rank_five,
)

__all__ = ["evaluate_high", "evaluate_low", "evaluate_hilo", "rank_five", "low_five"]
