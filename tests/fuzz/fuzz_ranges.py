"""Coverage-guided fuzz target (atheris) for the range parser and expander,
with resource limits.

Each input is decoded into a hole size and a range text: mostly a string of
grammar tokens (ranks, suits, variables, '*', lists, spans, filters,
weights, percentages, macros, parentheses), sometimes raw UTF-8. The oracle:
``Range(text, hole_size=k)`` returns a range whose hands are sorted,
distinct and weighted 1..100, or raises ``RangeSyntaxError`` with a short
message (at most 300 characters) and a column inside the text; ``omaha8
range`` exits 0 or 2. Anything else is a finding, and so is an input that
takes more than ``PER_INPUT_SECONDS`` (1 s of CPU time, bounded by the
driver, times its ``--cpu-factor``) or allocates more than ``MEGABYTES``
(256 MB, traced by tracemalloc, NumPy included) beyond the universe tables,
which are built before fuzzing starts (``warm_up``).

6-card texts are cut to ``SIX_CARD_CHARS`` (24 characters): the 1 s limit
is for any 4- or 5-card input, while a 6-card range of up to 100 characters
is promised 2 s (docs/ranges.md). Under atheris, whose instrumentation makes
the Python parser about 15 times slower, texts are cut to ``FUZZ_CHARS``
(1,000 characters, the size the speed targets are for); replayed in plain
pytest they are taken whole (up to the parser's own 10,000).

Run by hand (``pip install atheris``)::

    python tests/fuzz/driver.py tests/fuzz/fuzz_ranges.py -max_total_time=3600 tests/fuzz/corpus_ranges

Copy findings (``crash-*``, ``slow-unit-*``) into
``tests/fuzz/regressions/fuzz_ranges/``; tests/test_fuzz.py replays them.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tracemalloc

from omaha8_fast import cli
from omaha8_fast.ranges import Range, RangeSyntaxError, _classes, _universe

PER_INPUT_SECONDS = 1.0  # the driver's bound, stated: 1 s of CPU time per input
MEGABYTES = 256
SIX_CARD_CHARS = 24
FUZZ_CHARS = 1000
_cut: list[int] = []  # [FUZZ_CHARS] while fuzzing
if "atheris" in sys.modules:  # loaded for coverage-guided fuzzing (tests/fuzz/driver.py imports atheris first)
    _cut.append(FUZZ_CHARS)
HOLE_SIZES = (4, 4, 4, 4, 5, 3, 2, 1, 6, 6)
TOKENS = (
    list("AKQJT98765432akqjt") + list("shdcxyzwSHDC") + ["*", "**", "RR", "O", "N", "[", "]", "[A-T]", "-", "+",
    ",", ", ", ":", "!", "@", "@2", "@100", "@0", "(", ")", "$ds", "$ss", "$r", "$np", "$", "%", "15%", "5%-20%",
    "1", "0", ".", "ds", "ss", "r", " ", "²", "٣", "\u00a0", "AA", "KK", "A2", "xxyy", "RROO", "AsKd", "TT+",
    "KQJT-9876", "A2-A5", "(((", ")))"]
)


class Finding(AssertionError):
    """The range code broke its contract on this input."""


def _short(text: str) -> str:
    return repr(text) if len(text) <= 80 else f"{text[:60]!r}... ({len(text):,} characters)"


def decode(data: bytes) -> tuple[str, int]:
    """The range text and hole size an input stands for."""
    if not data:
        return "", 4
    k = HOLE_SIZES[data[0] % len(HOLE_SIZES)]
    body = data[1:]
    if body and body[0] % 8 == 0:
        text = body[1:].decode("utf-8", "replace")
    else:
        text = "".join(TOKENS[b % len(TOKENS)] for b in body)
    if k == 6:
        if _cut:  # coverage-guided: instrumented, a 6-card universe pass is past 1 s; replays keep 6-card inputs
            k = 5
        text = text[:SIX_CARD_CHARS]
    if _cut:
        text = text[:_cut[0]]
    return text, k


#: The driver's address-space bound (tests/fuzz/driver.py): a 6-card range
#: spans 20.4 M hands, which issue 15 bounds by 1 GB (the 256 MB traced
#: bound below still holds for every input).
PER_INPUT_MB = 1024


def check_range(text: str, k: int) -> None:
    try:
        r = Range(text, hole_size=k)
    except RangeSyntaxError as error:
        message = str(error)
        if not message or len(message) > 300:
            raise Finding(f"Range({_short(text)}, hole_size={k}): a message of {len(message)} characters") from error
        if not 1 <= error.column <= len(text) + 1:
            raise Finding(f"Range({_short(text)}, hole_size={k}): column {error.column} outside the text") from error
        return
    except Exception as error:  # noqa: BLE001 - anything but a syntax error is a finding
        raise Finding(f"Range({_short(text)}, hole_size={k}) raised {type(error).__name__}: {error}") from error
    index, weights = r._index, r.weights
    if len(index) and (index[0] < 0 or (index[1:] <= index[:-1]).any() or index[-1] >= len(_universe(k))):
        raise Finding(f"Range({_short(text)}, hole_size={k}): hands not sorted and distinct")
    if len(weights) and (weights.min() < 1 or weights.max() > 100):
        raise Finding(f"Range({_short(text)}, hole_size={k}): weights outside 1..100")


def check_cli(text: str, k: int) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["range", "--hole-size", str(k), "--show", "3", "--", text])
    if code not in (0, 2):
        raise Finding(f"omaha8 range {_short(text)} --hole-size {k} exits {code}")


def warm_up() -> None:
    """Build the universe tables once, outside the per-input limits."""
    for k in sorted(set(HOLE_SIZES)):
        for kind in ("ranks", "suits", "shapes"):
            _classes(k, kind)
    Range("10%")


def one_input(data: bytes) -> None:
    """Decode one range from ``data`` and check it against the oracle and the limits."""
    text, k = decode(data)
    started_tracing = not tracemalloc.is_tracing()
    if started_tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    try:
        check_range(text, k)
        if len(data) % 4 == 0:
            check_cli(text, k)
    finally:
        peak = (tracemalloc.get_traced_memory()[1] - base) / 2**20
        if started_tracing:
            tracemalloc.stop()
    if peak > MEGABYTES:
        raise Finding(f"Range({_short(text)}, hole_size={k}) allocated {peak:.0f} MB (limit {MEGABYTES} MB)")

