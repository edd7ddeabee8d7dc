"""The shipped preflop Omaha Hi/Lo ranking table, read at run time.

``data/preflop_hilo.npz`` holds the quantized hi/lo equity of each of the
16,432 suit-isomorphism classes of 4-card hands (see
:func:`omaha8_fast.ranges.hand_classes`), with the samples and seed used; it
is made by the generator :mod:`omaha8_fast.ranges._gen_ranking`, which only writes
it. This module only reads it.

>>> equity = load_ranking()
>>> equity.dtype, equity.shape
(dtype('uint16'), (16432,))
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["DATA_PATH", "load_ranking"]

DATA_PATH = Path(__file__).resolve().parent / "data" / "preflop_hilo.npz"


def load_ranking(path: Path = DATA_PATH) -> npt.NDArray[np.uint16]:
    """The shipped table: quantized equity of each class, in class order."""
    try:
        with np.load(path) as data:
            equity: npt.NDArray[np.uint16] = data["equity"]
    except FileNotFoundError:
        raise ValueError(f"the preflop ranking {path} is missing: run python -m omaha8_fast.ranges._gen_ranking") from None
    return equity
