"""Shared fixtures for the benchmarks: the same random deals for everyone."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast.deals import random_deals

N_DEALS = 1_000_000


@pytest.fixture(scope="session")
def deals() -> tuple[np.ndarray, np.ndarray]:
    """1,000,000 random Omaha deals (4 hole cards, 5 board cards)."""
    return random_deals(N_DEALS, seed=2026)
