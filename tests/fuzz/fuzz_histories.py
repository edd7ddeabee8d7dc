"""Coverage-guided fuzz target (atheris) for the hand-history parsers.

Each input is either raw text for the PokerStars reader and the PHH and JSON
readers, or a list of edits (delete, repeat, swap or cut lines, change
characters) applied to one of the hand-written hands in tests/data. The
oracle: the PokerStars reader reads alike with and without its C scanner
(csrc/histories/hh_scan.c) and C record builder; the readers raise only ``ValueError`` (``HandHistoryError``) or
``TypeError``; every hand they return audits without raising, converts to
JSON and back to the same hand, and replays in the engine or raises
``HandHistoryError``; and nothing takes long (libFuzzer's ``-timeout``) or
much memory (``-rss_limit_mb``; run as a script the address space is also
capped with ``resource``).

Run by hand (``pip install atheris``)::

    python tests/fuzz/fuzz_histories.py -max_total_time=600 -rss_limit_mb=2048 -timeout=10

``one_input(data)`` needs no atheris: tests/test_histories_fuzz.py replays
inputs with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # instrument the package for coverage before it is imported below
    import resource

    import atheris

    limit = 4 << 30
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    with atheris.instrument_imports(include=["omaha8_fast"]):
        import omaha8_fast.histories  # noqa: F401

from omaha8_fast import histories
from omaha8_fast.histories import HandHistoryError
from omaha8_fast.histories.pokerstars import _fast as _pokerstars, _read as ps_read

DATA = Path(__file__).resolve().parent.parent / "data"
SEEDS = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("pokerstars_*.txt"))]


def _generated_seed(count: int = 12) -> str:
    """Engine hands written by ``to_pokerstars`` (the shapes the C scanner reads), chips and dollars in turn."""
    import random

    from omaha8_fast.engine import Hand

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # loaded by path: find the shared player
    from random_play import play_out

    rng = random.Random(12)
    out = []
    for k in range(count):
        n = rng.randint(2, 6)
        hand = Hand([rng.choice([6, 40, 400]) for _ in range(n)], rng.randrange(n), 1, 2,
                    betting=("limit", "pot-limit", "no-limit")[k % 3], seed=k)  # type: ignore[arg-type]
        play_out(hand, rng, raise_below=0.2, fold_below=0.4)
        out.append(histories.to_pokerstars(hand, hand_id=k + 1, currency="USD" if k % 2 else None))
    return "\n\n".join(out)


SEEDS.append(_generated_seed())


class Finding(Exception):
    """The target misbehaved on this input."""


def _mutate(data: bytes) -> str:
    """A seed hand history edited as ``data`` says."""
    text = SEEDS[data[1] % len(SEEDS)] if len(data) > 1 else SEEDS[0]
    lines = text.split("\n")
    pos = 2
    while pos + 2 < len(data) and len(lines) < 5000:
        op, a, b = data[pos] % 6, data[pos + 1], data[pos + 2]
        pos += 3
        if not lines:
            break
        i = (a * 7 + b) % len(lines)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[(i + b) % len(lines)])
        elif op == 2:
            j = (i + b + 1) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and lines[i]:
            k = b % len(lines[i])
            lines[i] = lines[i][:k] + chr(32 + a % 95) + lines[i][k + 1:]
        elif op == 4:
            lines[i] = lines[i][: b % (len(lines[i]) + 1)]
        else:
            lines.insert(i, ["\r", "\ufeff", "*** SUMMARY ***", "*** FLOP *** [", " said, \"", "$", "Seat 1: x ($1 in chips)"][a % 7])
    return "\n".join(lines)


def _check_hand(hand: histories.ImportedHand) -> None:
    result = histories.audit(hand)
    if result.verdict not in ("ok", "mispaid", "unjudged"):
        raise Finding(f"bad verdict {result.verdict!r}")
    again = histories.from_json(histories.to_json(hand))
    if again != hand:
        raise Finding("JSON round trip changed the hand")
    try:
        engine = histories.to_engine(hand)
    except HandHistoryError:
        return
    try:
        phh = histories.to_phh(engine)
    except ValueError:  # a hand with posts PHH cannot state (the writer says so)
        return
    if histories.from_phh(phh).actions != engine.actions:
        raise Finding("PHH round trip changed the actions")


def _read(text: str) -> tuple[list[histories.ImportedHand], list[str], dict[str, int]]:
    reader = ps_read.PokerStarsReader([ps_read._split(text.removeprefix("\ufeff"))], "skip")
    hands = list(reader)
    return hands, [str(e) for e in reader.errors], dict(reader.skipped)


def _same_without_the_scanner(text: str) -> None:
    """The reader with its C scanner and record builder, with the Python
    builder, and with neither (the Python fast path) reads ``text`` alike."""
    saved = _pokerstars._SCAN, _pokerstars._RECORDS
    try:
        with_c = _read(text)
        _pokerstars._RECORDS = None
        python_builder = _read(text)
        _pokerstars._SCAN = None
        python = _read(text)
    finally:
        _pokerstars._SCAN, _pokerstars._RECORDS = saved
    if not with_c == python_builder == python:
        raise Finding("the C scanner or record builder reads the text otherwise than the Python fast path")


def one_input(data: bytes) -> None:
    """Run one fuzz input (see the module docstring)."""
    if not data:
        return
    mode = data[0] % 4
    text = _mutate(data) if mode < 2 else data[1:].decode("utf-8", errors="replace")
    try:
        if mode == 3:
            for reader in (histories.from_phh_all, histories.from_json):
                try:
                    reader(text)  # type: ignore[operator]
                except (ValueError, TypeError):
                    pass
            return
        hands = histories.parse_pokerstars(text, errors="skip")
        _same_without_the_scanner(text)
    except (ValueError, TypeError):
        return
    except Exception as error:  # noqa: BLE001 - any other exception is a finding
        raise Finding(f"{type(error).__name__}: {error}") from error
    for hand in hands:
        try:
            _check_hand(hand)
        except Finding:
            raise
        except Exception as error:  # noqa: BLE001
            raise Finding(f"{type(error).__name__} on hand {hand.hand_id}: {error}") from error


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
