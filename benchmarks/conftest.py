"""Shared fixtures for the benchmarks: the same random deals for everyone."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pytest's importlib mode adds no folder: _size for every module
from _size import size  # noqa: E402

from omaha8_fast.cards.deals import random_deals  # noqa: E402

N_DEALS = size(1_000_000, 20_000)


@pytest.fixture(scope="session")
def deals() -> tuple[np.ndarray, np.ndarray]:
    """1,000,000 random Omaha deals (4 hole cards, 5 board cards)."""
    return random_deals(N_DEALS, seed=2026)


@pytest.fixture(scope="session")
def print_summary(request: pytest.FixtureRequest) -> Callable[[list[str]], None]:
    """A function that prints lines to the terminal, past pytest's capture
    (for the summaries that benchmark modules print at their end)."""

    def write(lines: list[str]) -> None:
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is None:
            return
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        with capture.global_and_fixture_disabled():
            for line in lines:
                reporter.write_line(line)

    return write
