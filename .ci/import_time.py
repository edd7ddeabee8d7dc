"""Print how long ``import omaha8_fast`` takes in a fresh interpreter.

CI output, not a test (speed targets live in benchmarks/). Two views: the wall
clock of ``python -c "import omaha8_fast"`` minus that of a bare interpreter
(best of several runs), and CPython's ``-X importtime`` breakdown.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

RUNS = 7
_LINE = re.compile(r"import time:\s+\d+ \|\s+(\d+) \|\s+(\S+)$")


def best_wall_ms(code: str) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def cumulative_ms(code: str) -> dict[str, float]:
    """Cumulative import time of every module ``code`` imports, from -X importtime."""
    err = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], check=True, capture_output=True, text=True
    ).stderr
    return {m[2]: int(m[1]) / 1000 for m in map(_LINE.match, err.splitlines()) if m}


def main() -> None:
    bare = best_wall_ms("pass")
    wall = best_wall_ms("import omaha8_fast") - bare
    numpy_wall = best_wall_ms("import numpy") - bare
    tree = cumulative_ms("import omaha8_fast")
    print(f"import omaha8_fast: {wall:.0f} ms wall clock over a bare interpreter start ({bare:.0f} ms),"
          f" best of {RUNS}; numpy alone: {numpy_wall:.0f} ms")
    print("-X importtime, cumulative: " + ", ".join(
        f"{name} {tree[name]:.1f} ms" for name in ("omaha8_fast", "numpy", "cffi", "omaha8_fast._core")
        if name in tree))


if __name__ == "__main__":
    main()
