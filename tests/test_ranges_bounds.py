"""Ranges under hostile input (issue 15, items 1, 2, 6 and 12): the cost of
a range follows the size of its result, not its parts times the universe;
long texts, deep nesting and odd digits are syntax errors with short
messages; iteration and ``omaha8 range --show`` stream.

Memory is measured in a subprocess with tracemalloc (NumPy reports its
arrays to it) after the universes are built, so the figures are what the
evaluation itself allocates. No timing asserts: the subprocess timeout is
only a hang check.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from omaha8_fast import cli
from omaha8_fast.ranges import MAX_DEPTH, MAX_LENGTH, Range, RangeSyntaxError

MB = 1 << 20


def measure(cases: list[tuple[str, int]], warm: tuple[int, ...] = (4,)) -> list[dict[str, float]]:
    """Peak traced memory of Range(text, hole_size=k) for each case, in a
    fresh process (60 s hang check)."""
    script = textwrap.dedent(f"""
        import json, sys, tracemalloc
        from omaha8_fast.ranges import Range, RangeSyntaxError, _universe, _classes
        for k in {warm!r}:
            _classes(k, 'ranks'), _classes(k, 'suits')
        Range("AA"), Range("10%")
        tracemalloc.start()
        out = []
        for text, k in json.loads(sys.stdin.read()):
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            try:
                size = len(Range(text, hole_size=k))
            except RangeSyntaxError as error:
                size = -len(str(error))
            out.append({{"size": size, "peak": tracemalloc.get_traced_memory()[1] - base}})
        print(json.dumps(out))
    """)
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=60 * len(cases))
    assert done.returncode == 0, done.stderr[-3000:]
    result: list[dict[str, float]] = json.loads(done.stdout)
    return result


def test_repeated_parts_cost_one_part() -> None:
    """Issue 15 item 1: 2,001 copies of AA took 2.1 GB; 200 in 5-card hands 2.0 GB."""
    aces, aces5, filters = measure([("AA" + ",AA" * 2000, 4), ("(" + ",".join(["AA"] * 200) + ")", 5),
                                    ("AA" + ":AA" * 3000, 4)], warm=(4, 5))
    assert aces["size"] == len(Range("AA"))
    assert aces["peak"] < 20 * MB
    assert aces5["size"] == len(Range("AA", hole_size=5)) and aces5["peak"] < 100 * MB
    assert filters["size"] == len(Range("AA")) and filters["peak"] < 20 * MB


def test_six_card_unions_and_suit_patterns_stay_bounded() -> None:
    """A union of 40 '*' in 6-card hands took 3.4 GB; xyxyxy 19-31 s, xxyyzz 27 s."""
    stars, xy, xxyyzz = measure([(",".join(["*"] * 40), 6), ("xyxyxy", 6), ("xxyyzz", 6)], warm=(6,))
    assert stars["size"] == 20_358_520 and stars["peak"] < 250 * MB  # the result itself is 100 MB
    assert xy["size"] == 490_776 and xy["peak"] < 80 * MB
    assert xxyyzz["size"] == 1_898_208 and xxyyzz["peak"] < 80 * MB


def test_huge_text_is_refused_at_once_with_a_short_message() -> None:
    """10 MB of text took 70-93 s and 2.8 GB, then an error quoting all of it."""
    (huge,) = measure([("AA," * 3_500_000, 4)])
    assert -huge["size"] < 300 and huge["peak"] < 200 * MB  # the text itself is 10 MB
    with pytest.raises(RangeSyntaxError) as info:
        Range("AA," * 3_500_000)
    assert info.value.column == MAX_LENGTH + 1 and f"at most {MAX_LENGTH:,} characters" in str(info.value)
    assert len(info.value.pointer) < 200


def test_long_error_messages_quote_an_excerpt() -> None:
    text = "AA, " * 1000 + "AA?" + ", KK" * 1000
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    message = str(info.value)
    assert len(message) < 250 and "AA?" in message and f"({len(text):,} characters)" in message
    assert info.value.column == text.index("?") + 1
    excerpt, caret = info.value.pointer.splitlines()
    assert excerpt[len(caret) - 1] == "?"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 250, 2000])
def test_deep_nesting_is_a_syntax_error(depth: int) -> None:
    """Issue 15 item 6: 250+ nested parentheses raised RecursionError."""
    with pytest.raises(RangeSyntaxError, match=f"at most {MAX_DEPTH} nested parentheses") as info:
        Range("(" * depth + "AA" + ")" * depth)
    assert info.value.column == MAX_DEPTH + 1


def test_nesting_up_to_the_limit_works() -> None:
    assert Range("(" * MAX_DEPTH + "AA" + ")" * MAX_DEPTH) == Range("AA")


def test_cli_deep_nesting_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["range", "(" * 300 + "AA" + ")" * 300]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nested parentheses" in err and len(err) < 300


@pytest.mark.parametrize(("text", "column"), [
    ("AA@" + "1" * 5000, 4),  # was "Exceeds the limit (4300 digits)"
    ("AA@²", 4),               # was "invalid literal for int()"
    ("AA@1000", 4),
    ("AA@٣", 4),               # other scripts' digits are not weights either
    ("²%", 1),
])
def test_odd_weights_are_syntax_errors_with_the_column(text: str, column: int) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    assert info.value.column == column
    assert len(str(info.value)) < 300


def test_iteration_streams(tmp_path: object) -> None:
    """Issue 15 item 2: `omaha8 range '****' --hole-size 6 --show 2` took 3 GB
    because every hand became a Python list; iteration makes a few thousand
    at a time."""
    script = textwrap.dedent("""
        import itertools, tracemalloc
        from omaha8_fast.ranges import Range
        r = Range("****", hole_size=6)
        tracemalloc.start()
        first = list(itertools.islice(r, 2)) + [h for h, _ in itertools.islice(r.items(), 2)]
        print(len(first), tracemalloc.get_traced_memory()[1])
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    count, peak = map(int, done.stdout.split())
    assert count == 4 and peak < 5 * MB


def test_cli_show_streams() -> None:
    # The peak resident size of the child's own image: VmHWM. ru_maxrss keeps,
    # across exec, the high-water mark of the process that started the child
    # (an xdist worker grown past 800 MB by earlier tests failed this in CI).
    script = textwrap.dedent("""
        import resource
        from omaha8_fast import cli
        cli.main(["range", "****", "--hole-size", "6", "--show", "2"])
        try:
            with open("/proc/self/status") as status:
                print(next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")))
        except (OSError, StopIteration):
            print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("20358520 hands") and len(lines) == 4
    assert int(lines[-1]) * 1024 < 800 * MB  # in KiB; it was 3 GB


def test_items_pairs_hands_with_weights() -> None:
    r = Range("AsAd2s3d@5, KsKdKhKc@2")
    assert list(r.items()) == list(zip(r, r.weights.tolist()))


def test_the_ranking_loads_without_its_generator() -> None:
    """Issue 14: loading the ranking does not live in its generator."""
    script = "import sys; from omaha8_fast.ranges import Range; Range('10%'); print('omaha8_fast.ranges._gen_ranking' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "False", done.stderr
