"""omaha8_fast.icm against a brute force over every finishing order (plain
Python permutations of the Harville model), its Monte Carlo form against the
exact one, and its input checks."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from omaha8_fast import icm


def brute_force(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Every finishing order, its chance by the model (each next place: the
    player's share of the chips still in; chipless players last, in every
    order alike), in exact fractions."""
    n = len(stacks)
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p = Fraction(1)
        left = list(order)
        for player in order:
            chips = sum(stacks[i] for i in left)
            p *= Fraction(stacks[player], chips) if chips else Fraction(1, len(left))
            left.remove(player)
            if p == 0:
                break
        for place, player in enumerate(order[:len(payouts)]):
            equity[player] += p * payouts[place]
    return equity


@pytest.mark.parametrize("n", range(1, 8))
def test_exact_matches_brute_force(n: int) -> None:
    rng = random.Random(n)
    for trial in range(4) if n < 7 else (0, 3):  # 7! orders in fractions take a while
        stacks = [rng.randint(1, 1000) for _ in range(n)]
        if trial == 3 and n > 2:
            stacks[rng.randrange(n)] = 0  # a busted player
        payouts = sorted((rng.randint(0, 100) for _ in range(rng.randint(1, n + 2))), reverse=True)
        expected = brute_force(stacks, payouts)
        got = icm(stacks, payouts)
        assert got == pytest.approx([float(x) for x in expected], rel=1e-12, abs=1e-12)
        # the prize pool is paid out exactly (places past the last player are not)
        assert math.fsum(got) == pytest.approx(sum(payouts[:n]))


def test_hand_checked_examples() -> None:
    assert icm([100, 100], [70, 30]) == [50.0, 50.0]
    # 2 players: P(first) = 3/4 for the 3000 stack: 0.75 * 70 + 0.25 * 30 = 60
    assert icm([3000, 1000], [70, 30]) == pytest.approx([60.0, 40.0])
    # winner takes all: equity is the chip share
    assert icm([1, 2, 7], [100]) == pytest.approx([10.0, 20.0, 70.0])
    # a chipless player gets nothing when the paid places are fewer than those with chips
    assert icm([10, 10, 0], [1, 1])[2] == 0.0
    # more payouts than players: the extra places are never paid
    assert icm([5, 5], [6, 3, 1]) == pytest.approx([4.5, 4.5])


def test_ten_players_exact_and_monte_carlo() -> None:
    stacks = [1000 * (i + 1) for i in range(10)]
    payouts = [30, 20, 15, 10, 8, 6, 5, 3, 2, 1]
    exact = icm(stacks, payouts, method="exact")
    assert icm(stacks, payouts) == exact  # auto picks exact at 10 players
    assert math.fsum(exact) == pytest.approx(100)
    mc = icm(stacks, payouts, method="monte-carlo", samples=50_000, seed=3)
    assert icm(stacks, payouts, method="monte-carlo", samples=50_000, seed=3) == mc  # seeded
    assert max(abs(a - b) for a, b in zip(exact, mc)) < 1.0  # 1% of the pool: 8 standard errors or more
    assert exact == sorted(exact)  # more chips, more equity


def test_many_players_uses_the_approximation() -> None:
    stacks = [10 + i for i in range(40)]
    payouts = list(range(20, 0, -1))
    got = icm(stacks, payouts, samples=20_000)
    assert math.fsum(got) == pytest.approx(sum(payouts))
    with pytest.raises(ValueError, match="monte-carlo"):
        icm(stacks, payouts, method="exact")
    # few paid places: exact even with many players
    few = icm(stacks, [3, 2, 1])
    assert few == icm(stacks, [3, 2, 1], method="exact")


@pytest.mark.parametrize(
    ("stacks", "payouts", "error"),
    [
        ([], [1], ValueError),
        ([0, 0], [1], ValueError),
        ([-1, 5], [1], ValueError),
        ([float("nan"), 5], [1], ValueError),
        ([float("inf"), 5], [1], ValueError),
        ([5, 5], [-1], ValueError),
        ([5, 5], [float("nan")], ValueError),
        ([True, 5], [1], TypeError),
        ([5, 5], [True], TypeError),
        (["5", 5], [1], TypeError),
        ("55", [1], TypeError),
        ([5, 5], 1, TypeError),
    ],
)
def test_bad_input(stacks: object, payouts: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        icm(stacks, payouts)  # type: ignore[arg-type]


def test_bad_options() -> None:
    with pytest.raises(ValueError):
        icm([1, 2], [1], method="fast")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        icm([1, 2], [1], samples=True)
    with pytest.raises(ValueError):
        icm([1, 2], [1], samples=0)
    with pytest.raises(TypeError):
        icm([1, 2], [1], seed=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
@pytest.mark.parametrize("scale", [1e308, 9e307, 1e300, 1e-300, 1e-320, 5e-324])
def test_extreme_stacks_are_scaled_not_lost(method: str, scale: float) -> None:
    # Equal stacks at any scale split the prizes evenly; the prizes never vanish or pile up on one player.
    got = icm([scale, scale], [1, 0], method=method, samples=20_000)
    assert math.isclose(sum(got), 1.0, rel_tol=1e-9)
    assert abs(got[0] - 0.5) < 0.02


def test_a_common_scale_changes_nothing() -> None:
    stacks, payouts = [50, 30, 20, 7], [0.5, 0.3, 0.2]
    plain = icm(stacks, payouts, method="exact")
    for scale in (1e300, 1e-300):
        assert icm([s * scale for s in stacks], payouts, method="exact") == pytest.approx(plain, rel=1e-12)


def test_timeout_bounds_a_long_run() -> None:
    # 2,000 players and the default 200,000 samples would take most of a minute.
    with pytest.raises(TimeoutError, match="icm did not finish in time"):
        icm([1 + i % 7 for i in range(2000)], [50, 30, 20], method="monte-carlo", timeout=0.05)
    with pytest.raises(TimeoutError, match="exact"):
        icm([1 + i % 7 for i in range(300)], [50, 30, 20], method="exact", timeout=0.001)
    assert icm([100, 100], [70, 30], timeout=5) == [50.0, 50.0]
    for bad, error in ((0, ValueError), (-1, ValueError), ("1", TypeError), (True, TypeError)):
        with pytest.raises(error, match="timeout"):
            icm([1, 2], [1], timeout=bad)
