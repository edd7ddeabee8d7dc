"""Start-up cost: a fresh interpreter importing omaha8_fast (target: under 100 ms
on top of the bare interpreter start). Compare the rows of one run; numpy is
only imported by the batch API, so the first batch call pays for it.

Run: ``python -m pytest benchmarks/test_import_time.py``
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

CASES = {
    "bare interpreter": "pass",
    "import omaha8_fast": "import omaha8_fast",
    "import + evaluate_hilo": "import omaha8_fast as o; o.evaluate_hilo('As 2s Kd Kh', '3s 4s 5c Qh Jd')",
    "import numpy": "import numpy",
}


@pytest.mark.parametrize("code", CASES.values(), ids=list(CASES))
def test_import_time(benchmark: Any, code: str) -> None:
    benchmark.group = "fresh interpreter start-up"
    benchmark.pedantic(subprocess.run, args=([sys.executable, "-c", code],), kwargs={"check": True},
                       rounds=15, warmup_rounds=1)
