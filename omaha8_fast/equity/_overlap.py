"""How often the hands of overlapping ranges fit together, before a Monte
Carlo run draws them.

Monte Carlo draws every listed player's hand by weight at once and starts the
deal again when two hands share a card: that samples exactly the product of
the weights restricted to deals whose hands are disjoint, and costs one
*draw* per attempt. :func:`omaha8_fast.equity._players.narrow` removes what overlap
it can without changing that distribution; what is left is priced here by a
short pilot of the same draws in C (``o8r_fit_rate``, a fixed seed: the same
players always give the same figures, whatever the threads or the seed of
the run). :func:`check_fit` refuses a run whose draws would almost never fit,
or whose rejected draws dominate (fewer than :data:`WASTEFUL_FIT_RATE` fit)
and would take more than :data:`MAX_DRAW_SECONDS`, with a ``ValueError`` naming
the players whose hands collide most; ``plan_equity`` adds the draws' time to
its estimate.

>>> fit = fit_rate([bytes([51, 47, 43, 39, 50, 46, 42, 38]), bytes([51, 35, 31, 27, 49, 45, 41, 37])], [None, None], 4)
>>> round(fit.rate, 1), fit.worst   # As in two of the four hand pairs
(0.8, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._core import ffi, lib

__all__ = ["Fit", "MAX_DRAW_SECONDS", "MIN_FIT_RATE", "PILOT_DRAWS", "RATE_DRAWS", "WASTEFUL_FIT_RATE", "check_fit",
           "draw_seconds", "fit_rate"]

#: The pilot stops after this many draws, or after PILOT_FITS fitting ones.
PILOT_DRAWS = 200_000
PILOT_FITS = 2_000
_PILOT_SEED = 0x6F6D61686138  # fixed: the decision depends on the players alone
#: Monte Carlo refuses players whose drawn hands fit less often than this.
MIN_FIT_RATE = 1e-4
#: ... or, when fewer than WASTEFUL_FIT_RATE of the draws fit (the rejected
#: draws are most of the work), whose rejected draws would take more than
#: MAX_DRAW_SECONDS of one core. A long run whose draws mostly fit is the
#: caller's to bound (``timeout``, Ctrl-C), never refused for its length.
WASTEFUL_FIT_RATE = 0.01
MAX_DRAW_SECONDS = 60.0
#: Draws per second of one core, per player drawn from a list (for estimates;
#: measured on a 2-core AMD EPYC, docs/resource-bounds.md).
RATE_DRAWS = 8e6


@dataclass(frozen=True)
class Fit:
    """The pilot's figures: ``rate`` the share of draws whose hands were
    disjoint (1.0 when at most one player is drawn from a list, or their
    cards never meet), ``draws`` and ``fits`` the counts behind it, ``listed``
    how many players are drawn from lists, and ``worst`` the two players
    (1-based) who shared a card most often (``None`` when no draw collided)."""

    rate: float
    draws: int
    fits: int
    listed: int
    worst: tuple[int, int] | None


def _cards_of(holes: bytes) -> int:
    import numpy as np  # lists of holes come from ranges: numpy is loaded

    mask = 0
    for c in np.flatnonzero(np.bincount(np.frombuffer(holes, dtype=np.uint8), minlength=52)).tolist():
        mask |= 1 << c
    return mask


def fit_rate(players: Sequence[bytes | None], weights: Sequence[Sequence[int] | None], hole_size: int) -> Fit:
    """The pilot for the players as :class:`omaha8_fast.equity.EquityJob`
    holds them (``None`` random; a single hole is known and never collides:
    the ranges have lost the hands that hold its cards)."""
    listed = [i for i, p in enumerate(players) if p is not None and len(p) > hole_size]
    if len(listed) < 2:
        return Fit(1.0, 0, 0, len(listed), None)
    masks = [_cards_of(p) for p in (players[i] for i in listed) if p is not None]
    if not any(masks[a] & masks[b] for a in range(len(masks)) for b in range(a + 1, len(masks))):
        return Fit(1.0, 0, 0, len(listed), None)
    n = len(players)
    structs = ffi.new("o8_range[]", n)
    keep = []
    for i in listed:
        holes = players[i]
        assert holes is not None
        keep.append(ffi.from_buffer("uint8_t[]", holes))
        structs[i].holes = keep[-1]
        structs[i].n_holes = len(holes) // hole_size
        cum = weights[i]
        if cum is not None:
            keep.append(ffi.new("int64_t[]", list(cum)))
            structs[i].cum_weights = keep[-1]
    draws = ffi.new("int64_t *")
    conflicts = ffi.new("int64_t[]", n * n)
    fits = lib.o8r_fit_rate(structs, n, hole_size, PILOT_DRAWS, PILOT_FITS, _PILOT_SEED, draws, conflicts)
    if fits < 0:
        raise ValueError("invalid players for the overlap pilot")
    most = max(range(n * n), key=lambda k: (conflicts[k], -k))
    worst = (most // n + 1, most % n + 1) if conflicts[most] else None
    return Fit(fits / draws[0], int(draws[0]), int(fits), len(listed), worst)


def check_fit(players: Sequence[bytes | None], weights: Sequence[Sequence[int] | None], hole_size: int,
              samples: int, exact_deals: int | None) -> Fit:
    """:func:`fit_rate`, refusing (``ValueError``) a Monte Carlo run of
    ``samples`` deals whose draws would fit less often than
    :data:`MIN_FIT_RATE`, or less often than :data:`WASTEFUL_FIT_RATE` with
    rejected draws that would take more than :data:`MAX_DRAW_SECONDS` on one
    core. ``exact_deals``: the deals exact
    enumeration would walk, offered instead (``None``: too many to offer)."""
    fit = fit_rate(players, weights, hole_size)
    needed = samples / fit.rate if fit.rate else float("inf")
    if fit.rate >= WASTEFUL_FIT_RATE or (
            fit.rate >= MIN_FIT_RATE and draw_seconds(fit, samples) <= MAX_DRAW_SECONDS):
        return fit
    who = f"players {fit.worst[0]} and {fit.worst[1]}" if fit.worst else "the players"
    if fit.fits:
        how = (f"only {fit.fits:,} of {fit.draws:,} random draws of the players' hands fit together "
               f"({fit.rate:.2g}): {samples:,} samples would need ~{needed:.2g} draws")
    else:
        how = f"none of {fit.draws:,} random draws of the players' hands fit together"
    raise ValueError(
        f"the ranges overlap too much for Monte Carlo: {how}; {who} most often hold the same card. "
        + (f"Use exact=True ({exact_deals:,} deals at most), " if exact_deals is not None else "Use ")
        + "fewer samples, or ranges that share fewer cards")


def draw_seconds(fit: Fit, samples: int) -> float:
    """Seconds on one core that the rejected draws of a run add."""
    if fit.rate >= 1.0 or not fit.listed:
        return 0.0
    return samples * (1 / fit.rate - 1) * fit.listed / RATE_DRAWS
