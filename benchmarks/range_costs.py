"""Time and peak memory of each adversarial range, one fresh process per range.

    python benchmarks/range_costs.py [--json]

Prints, for every case of benchmarks/_range_cases.py: hands, wall and CPU
seconds of ``Range(text, hole_size=k)`` (universe tables built beforehand,
as a long-running server has them: the hands, their classes by ranks, suits
and shape, and for 4- and 5-card hands the hands of each class), and the peak memory of the process
(ru_maxrss) and of the evaluation alone (tracemalloc, NumPy included, in a
second evaluation: tracing slows Python code down, so the timed one is not
traced).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _range_cases import CASES_4, CASES_6, ISSUE  # noqa: E402

_SCRIPT = textwrap.dedent("""
    import json, resource, sys, time, tracemalloc
    from omaha8_fast.ranges import Range, RangeSyntaxError, _atom_cache, _classes, _class_lists, _CLASS_LISTS
    text, k = json.loads(sys.stdin.read())
    for kind in ('ranks', 'suits', 'shapes'):
        _classes(k, kind)
        if len(_classes(k, kind)[1]) <= _CLASS_LISTS:
            _class_lists(k, kind)
    Range("AA", hole_size=k)
    if k == 4:
        Range("10%")
    def make():
        try:
            return len(Range(text, hole_size=k))
        except RangeSyntaxError as error:
            return "error: " + str(error)[:60]
    wall, cpu = time.perf_counter(), time.process_time()
    size = make()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    _atom_cache.clear()  # again, for memory: tracemalloc slows Python code down, so it is off while timed
    tracemalloc.start()
    make()
    peak = tracemalloc.get_traced_memory()[1]
    # The peak resident size of this process image: VmHWM (ru_maxrss keeps the high-water
    # mark of the process that forked this one, across exec: a big parent would show).
    try:
        with open('/proc/self/status') as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith('VmHWM:')) / 1024
    except (OSError, StopIteration):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"hands": size, "wall": wall, "cpu": cpu, "traced_mb": peak / 2**20, "rss_mb": rss}))
""")


def cost(text: str, k: int) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", _SCRIPT], input=json.dumps([text, k]), capture_output=True,
                          text=True, timeout=600, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def all_cases() -> list[tuple[str, str, int]]:
    return ([(f"4-card {name}", t, 4) for name, t in CASES_4.items()]
            + [(f"6-card {name}", t, 6) for name, t in CASES_6.items()]
            + [(f"issue: {name}", t, k) for name, (t, k) in ISSUE.items()])


def main() -> None:
    rows = []
    for name, text, k in all_cases():
        row = {"case": name, "chars": len(text), **cost(text, k)}
        rows.append(row)
        if "--json" not in sys.argv:
            print(f"{name:<34} {row['chars']:>8,} chars {str(row['hands']):>12} hands  {row['wall']:7.3f} s wall "
                  f"{row['cpu']:7.3f} s cpu  {row['traced_mb']:7.1f} MB traced  {row['rss_mb']:7.0f} MB rss", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
