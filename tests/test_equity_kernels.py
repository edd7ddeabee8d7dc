"""The exact kernel's path for known hands against one random hand (boards
prepared once, random holes evaluated through a pair table) against the
general enumeration, which it must match count for count: the same spot with
the random player given as the explicit list of every hole of the cards left."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from omaha8_fast.equity import EquityJob, run_job


def _every_hole(used: set[int], size: int) -> bytes:
    left = [c for c in range(52) if c not in used]
    return b"".join(bytes(h) for h in combinations(left, size))


def _spots(count: int, seed: int) -> list[EquityJob]:
    rng = random.Random(seed)
    jobs = []
    while len(jobs) < count:
        size = rng.choice([4, 4, 4, 5, 6])
        n = rng.choice([2, 2, 3, 4, 6, 9])
        board_size = rng.choice([5, 5, 4, 3])
        dead = rng.choice([0, 5, 20]) + {3: 25, 4: 12, 5: 0}[board_size] + (20 if size > 4 else 0)
        if (n - 1) * size + board_size + dead + size + 5 - board_size > 52:
            continue
        cards = rng.sample(range(52), (n - 1) * size + board_size + dead)
        known = [bytes(cards[i * size:(i + 1) * size]) for i in range(n - 1)]
        rest = cards[(n - 1) * size:]
        seat = rng.randrange(n)
        players = tuple(known[:seat] + [None] + known[seat:])
        weights = tuple(None if p is None or rng.random() < 0.6 else (rng.randint(1, 99),) for p in players)
        jobs.append(EquityJob(players, weights, size, bytes(rest[:board_size]), bytes(rest[board_size:]),
                              exact=True, parts=rng.choice([1, 2, 5])))
    return jobs


@pytest.mark.parametrize("job", _spots(24, seed=3))
def test_one_random_hand_matches_general_enumeration(job: EquityJob) -> None:
    seat = job.players.index(None)
    used = set(job.board) | set(job.dead) | {c for p in job.players if p is not None for c in p}
    players = list(job.players)
    players[seat] = _every_hole(used, job.hole_size)
    general = EquityJob(tuple(players), job.weights, job.hole_size, job.board, job.dead, exact=True, parts=1)
    fast = run_job(job, threads=1)
    assert fast[0] > 0 and fast == run_job(general, threads=1)


# --- Monte Carlo with dealt holes on every batch kernel ----------------------

@pytest.mark.parametrize("players", [
    ["As Ad 2s 3d", None],
    ["As Ad 2s 3d", None, "Kh Kd 9c 8c", None],
    ["As Ad 2s 3d", None, None, None, None, None],  # 6-way: tallied by outcome
    ["As Ad 2s 3d", None, None, None, None, None, None],  # 7-way: settled one showdown at a time
    ["As Ad 2s 3d", "KK", None],  # a range player
])
def test_monte_carlo_with_dealt_holes_is_the_same_on_every_kernel(players: list[str | None]) -> None:
    """The deals go through the process's batch kernel in blocks: every
    kernel gives the same counts for a seed (the choice is set in turn with
    set_kernel, then restored)."""
    from omaha8_fast import available_kernels, equity, kernel, set_kernel

    before = kernel()
    results = {}
    try:
        for name in available_kernels():
            set_kernel(name)
            results[name] = equity(players, exact=False, samples=3_001, seed=11, threads=1)
    finally:
        set_kernel(before)
    first = results["scalar"]
    assert first[0].showdowns == 3_001
    for name, got in results.items():
        assert got == first, name
