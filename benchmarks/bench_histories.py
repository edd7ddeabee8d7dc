"""Hand-history speed (issue 12): reading >= 20,000 PokerStars hands/s and
auditing >= 10,000 hands/s on one core, on a file of 100,000 generated hands;
and (issue 26) parse + audit through the site registry,
``omaha8_fast.histories.read``/``parse`` (each hand's site found from its
header), >= 20,000 hands/s on one core.

The file is made here (not checked in): random 2- to 6-player Omaha Hi/Lo
hands (limit, pot limit, no limit in turn; stacks 3 to 1000 big blinds;
random legal agents) played by the engine and written with
``to_pokerstars``, in dollars and cents. Run:

    python -m pytest benchmarks/bench_histories.py --benchmark-columns=min,median,mean

or, for the rates (CPU time of this process, which waiting for a busy core
does not inflate; with the garbage collector on, and off for the record):

    python benchmarks/bench_histories.py

and (issue 38) parse + audit of every room's text, one benchmark per room
(``test_parse_and_audit_per_room``; ``OMAHA8_HH_ROOM_HANDS``, default
20,000 hands a room), or its rates:

    python benchmarks/bench_histories.py rooms [ROOM ...]

``OMAHA8_HH_BENCH_HANDS=N`` changes the number of hands (default 100,000).

Side by side with pokerkit (the ``peers`` extra, Python 3.11+): pokerkit's
``PokerStarsParser`` reads PokerStars "Hold'em No Limit" text only, so it
gets the no-limit hands of the file rewritten as hold'em (the game name, the
first two of each hole's cards, no hi/lo labels): the same seats, actions,
amounts and summaries, in the format it knows. pokerkit builds its
``HandHistory`` (actions in its notation) and checks nothing; this library's
figure is parse alone and parse + audit of the Omaha Hi/Lo text of the same
hands.
"""

from __future__ import annotations

import gc
import os
import random
import re
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from _size import best, size

from omaha8_fast.engine import Hand
from omaha8_fast.histories import ImportedHand, audit, parse, read, read_pokerstars, to_pokerstars

HANDS = int(os.environ.get("OMAHA8_HH_BENCH_HANDS", str(size(100_000, 300))))
STRUCTURES = ("limit", "pot-limit", "no-limit")


def _play(rng: random.Random, betting: str) -> Hand:
    n = rng.randint(2, 6)
    hand = Hand([rng.choice([6, 40, 120, 400, 2000]) for _ in range(n)], rng.randrange(n), 1, 2,
                betting=betting, seed=rng.getrandbits(32))  # type: ignore[arg-type]
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if ("raise" in legal.actions or "bet" in legal.actions) and r < 0.2:
            hand.act(legal.actions[-1], rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif r < 0.45 and "fold" in legal.actions:
            hand.fold()
        elif "call" in legal.actions:
            hand.call()
        else:
            hand.check()
    return hand


def write_file(path: Path, count: int, seed: int = 12) -> None:
    """``count`` generated hands, as PokerStars text, into ``path``."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for k in range(count):
            out.write(to_pokerstars(_play(rng, STRUCTURES[k % 3]), hand_id=100_000_000 + k, currency="USD"))
            out.write("\n\n\n")


@pytest.fixture(scope="module")
def hand_file() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        write_file(path, HANDS)
        yield path


@pytest.fixture(scope="module")
def hands(hand_file: Path) -> list[ImportedHand]:
    return list(read_pokerstars(hand_file))


def test_read(benchmark: Callable[..., object], hand_file: Path, print_summary: Callable[[list[str]], None]) -> None:
    result = benchmark.pedantic(lambda: sum(1 for _ in read_pokerstars(hand_file)), rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert result == HANDS
    seconds = best(benchmark)
    print_summary([f"read_pokerstars: {HANDS / seconds:,.0f} hands/s ({HANDS:,} hands in {seconds:.2f} s)"])


def test_audit(benchmark: Callable[..., object], hands: list[ImportedHand], print_summary: Callable[[list[str]], None]) -> None:
    results = benchmark.pedantic(lambda: [audit(h) for h in hands], rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert all(r.ok for r in results)  # type: ignore[union-attr]
    seconds = best(benchmark)
    print_summary([f"audit: {len(hands) / seconds:,.0f} hands/s ({len(hands):,} hands in {seconds:.2f} s)"])


def test_read_and_audit_any_site(benchmark: Callable[..., object], hand_file: Path,
                                 print_summary: Callable[[list[str]], None]) -> None:
    """read() (the registry: the site found per hand) then audit(), the whole file."""
    result = benchmark.pedantic(lambda: sum(audit(h).ok for h in read(hand_file)), rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert result == HANDS
    seconds = best(benchmark)
    print_summary([f"read + audit (any site): {HANDS / seconds:,.0f} hands/s ({HANDS:,} hands in {seconds:.2f} s)"])


def test_parse_and_audit_any_site(benchmark: Callable[..., object], hand_file: Path,
                                  print_summary: Callable[[list[str]], None]) -> None:
    """parse() of the file's text (in memory) then audit()."""
    text = hand_file.read_text(encoding="utf-8")
    result = benchmark.pedantic(lambda: sum(audit(h).ok for h in parse(text)), rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert result == HANDS
    seconds = best(benchmark)
    print_summary([f"parse + audit (any site): {HANDS / seconds:,.0f} hands/s ({HANDS:,} hands in {seconds:.2f} s)"])


def _no_limit_hands(text: str) -> list[str]:
    """The Omaha Hi/Lo no-limit hands of ``text`` (to_pokerstars output)."""
    return [h for h in text.split("\n\n\n") if "Omaha Hi/Lo No Limit" in h]


_HOLE_LINE = re.compile(r"^(Dealt to \S+|\S+: shows|.* showed|.* mucked) \[(\S\S) (\S\S)(?: \S\S)+\]", re.M)


def as_holdem(text: str) -> str:
    """The no-limit hands of ``text`` (to_pokerstars output) as PokerStars
    "Hold'em No Limit" text, for pokerkit's parser: the game renamed, each
    hole cut to its first two cards, the hi/lo labels dropped."""
    out = "\n\n\n".join(_no_limit_hands(text)).replace("Omaha Hi/Lo No Limit", "Hold'em No Limit")
    out = _HOLE_LINE.sub(r"\1 [\2 \3]", out)
    out = re.sub(r" \((?:HI|LO): [^)]*\)| with HI: .*$|^No low hand qualified\n", "", out, flags=re.M)
    return out + "\n\n\n"


def pokerkit_side_by_side(text: str, rounds: int = 3, limit: int = 5000) -> list[str]:
    """Hands/s (CPU time, best of ``rounds``) of pokerkit's PokerStarsParser
    on the hold'em form of the first ``limit`` no-limit hands (pokerkit
    reads a few hundred a second), and of this library's parse (and parse +
    audit) of the same hands' Omaha Hi/Lo text."""
    from pokerkit.notation import PokerStarsParser

    omaha = "\n\n\n".join(_no_limit_hands(text)[:limit]) + "\n\n\n"
    holdem = as_holdem(omaha)
    parser = PokerStarsParser()
    best = {"pokerkit PokerStarsParser": float("inf"), "omaha8_fast parse": float("inf"),
            "omaha8_fast parse + audit": float("inf")}
    count = omaha.count("PokerStars Hand #")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of each hand's time zone field
        for _ in range(rounds):
            t0 = time.process_time()
            theirs = sum(1 for _ in parser(holdem))
            t1 = time.process_time()
            ours = len(parse(omaha))
            t2 = time.process_time()
            audited = sum(audit(h).ok for h in parse(omaha))
            t3 = time.process_time()
            assert theirs == ours == audited == count, (theirs, ours, audited, count)
            for name, seconds in zip(best, (t1 - t0, t2 - t1, t3 - t2)):
                best[name] = min(best[name], seconds)
    return [f"{name + ':':27} {count / seconds:,.0f} hands/s ({count:,} no-limit hands, CPU time, best of {rounds})"
            for name, seconds in best.items()]


def test_side_by_side_with_pokerkit(hand_file: Path, print_summary: Callable[[list[str]], None]) -> None:
    """pokerkit's PokerStars parser against parse (+ audit), on 5,000 no-limit hands of the file."""
    pytest.importorskip("pokerkit")
    print_summary(pokerkit_side_by_side(hand_file.read_text(encoding="utf-8")))


# --- one benchmark per room ---------------------------------------------------------------------
#
# parse + audit of each room's text (issue 38: >= 20,000 hands/s on one core for every room). The texts are
# the project's own test texts of each room (tests/data/sites/, the renderers of
# tests/test_histories_sites_b.py, the WPN classic client's of tests/test_histories_sites_wpn.py) and, for
# PokerStars and OHH, the generated hands above; each room's few hands are repeated to ROOM_HANDS hands.

ROOM_HANDS = int(os.environ.get("OMAHA8_HH_ROOM_HANDS", str(size(20000, 200))))
_TESTS = Path(__file__).resolve().parent.parent / "tests"


def _rendered(site: str) -> str:
    sys.path.insert(0, str(_TESTS))
    try:
        import test_histories_sites_b as b
    finally:
        sys.path.remove(str(_TESTS))
    if site == "ipoker":
        return str(b.render_ipoker(b.HANDS))
    render = {"wpn": b.render_wpn, "winamax": b.render_winamax, "888": b.render_888, "ggpoker": b.render_gg}[site]
    return "\n\n".join(render(p) for p in b.HANDS)


def _wpn_classic() -> str:
    sys.path.insert(0, str(_TESTS))
    try:
        import test_histories_sites_wpn as w
    finally:
        sys.path.remove(str(_TESTS))
    return str(w.CLASSIC + "\n\n" + w.SIDE)


def _generated(count: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        write_file(path, count, seed=38)
        return path.read_text(encoding="utf-8")


def _ohh(count: int) -> str:
    from omaha8_fast.histories import to_ohh
    return "\n".join(to_ohh(h) for h in parse(_generated(count)))


#: Each room's sample text (a few hands; repeated to ROOM_HANDS by room_text).
ROOM_SAMPLES: dict[str, Callable[[], str]] = {
    "pokerstars": lambda: _generated(500),
    "fulltilt": lambda: (_TESTS / "data" / "sites" / "fulltilt.txt").read_text(encoding="utf-8"),
    "everleaf": lambda: (_TESTS / "data" / "sites" / "everleaf.txt").read_text(encoding="utf-8"),
    "bovada": lambda: (_TESTS / "data" / "sites" / "bovada.txt").read_text(encoding="utf-8"),
    "partypoker": lambda: (_TESTS / "data" / "sites" / "partypoker.txt").read_text(encoding="utf-8"),
    "winamax": lambda: _rendered("winamax"),
    "wpn": lambda: _rendered("wpn"),
    "wpn classic": _wpn_classic,
    "888": lambda: _rendered("888"),
    "ggpoker": lambda: _rendered("ggpoker"),
    "ipoker": lambda: _rendered("ipoker"),
    "ohh": lambda: _ohh(200),
}
# the rooms added by issue 38, from their test hands (tests/data/rooms/)
for _room in ("ongame", "pkr", "kingsclub", "boss", "merge", "microgaming", "entraction", "absolute", "cake"):
    ROOM_SAMPLES[_room] = (lambda path: lambda: path.read_text(encoding="utf-8"))(_TESTS / "data" / "rooms" / f"{_room}.txt")


def room_text(room: str, count: int = ROOM_HANDS) -> tuple[str, int]:
    """``room``'s sample repeated to at least ``count`` hands: (the text, how many hands it holds)."""
    sample = ROOM_SAMPLES[room]().lstrip("\ufeff").strip("\n")  # (a byte order mark opens a file only)
    each = len(parse(sample))
    assert each, room
    copies = -(-count // each)
    joiner = "\n" if room == "ohh" else "\n\n\n"
    return joiner.join([sample] * copies) + "\n", each * copies


def _parse_and_audit(text: str) -> int:
    return sum(1 for h in parse(text) if audit(h).verdict != "mispaid")


@pytest.mark.parametrize("room", sorted(ROOM_SAMPLES))
def test_parse_and_audit_per_room(benchmark: Callable[..., object], room: str,
                                  print_summary: Callable[[list[str]], None]) -> None:
    """parse() then audit() of one room's text (issue 38: >= 20,000 hands/s for every room)."""
    text, count = room_text(room)
    result = benchmark.pedantic(lambda: _parse_and_audit(text), rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert result == count
    seconds = best(benchmark)  # NaN when untimed (--benchmark-disable)
    print_summary([f"parse + audit, {room}: {count / seconds:,.0f} hands/s ({count:,} hands in {seconds:.2f} s)"])


def rooms_main(rooms: list[str]) -> None:
    """Each room's parse + audit rate (CPU time, best of 3)."""
    for room in rooms or sorted(ROOM_SAMPLES):
        text, count = room_text(room)
        best = float("inf")
        for _ in range(3):
            t0 = time.process_time()
            assert _parse_and_audit(text) == count
            best = min(best, time.process_time() - t0)
        print(f"{'parse + audit, ' + room + ':':34} {count / best:9,.0f} hands/s (CPU time, best of 3, {count:,} hands)")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "rooms":  # python benchmarks/bench_histories.py rooms [ROOM ...]
        rooms_main(sys.argv[2:])
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else HANDS
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        started = time.perf_counter()
        write_file(path, count)
        print(f"generated {count:,} hands ({path.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - started:.0f} s")
        best = {"read": float("inf"), "audit": float("inf"), "read, gc off": float("inf"), "audit, gc off": float("inf"),
                "parse + audit (any site)": float("inf"), "read + audit (any site)": float("inf"),
                "read_pokerstars + audit": float("inf")}
        text = path.read_text(encoding="utf-8")
        for _ in range(3):  # gc on and off in turn, so both see the same machine
            for tail in ("", ", gc off"):
                if tail:
                    gc.disable()
                try:
                    t0 = time.process_time()
                    hands = list(read_pokerstars(path))
                    t1 = time.process_time()
                    results = [audit(h) for h in hands]
                    t2 = time.process_time()
                finally:
                    gc.enable()
                best["read" + tail] = min(best["read" + tail], t1 - t0)
                best["audit" + tail] = min(best["audit" + tail], t2 - t1)
                assert len(hands) == count and all(r.ok for r in results)
                del hands, results
                if not tail:  # the registry's parse against read_pokerstars, audited, in the same round
                    t0 = time.process_time()
                    assert sum(audit(h).ok for h in parse(text)) == count  # (every hand kept in the list)
                    t1 = time.process_time()
                    assert sum(audit(h).ok for h in read(path)) == count  # streamed
                    t2 = time.process_time()
                    assert sum(audit(h).ok for h in read_pokerstars(path)) == count  # streamed
                    t3 = time.process_time()
                    best["parse + audit (any site)"] = min(best["parse + audit (any site)"], t1 - t0)
                    best["read + audit (any site)"] = min(best["read + audit (any site)"], t2 - t1)
                    best["read_pokerstars + audit"] = min(best["read_pokerstars + audit"], t3 - t2)
        for name, seconds in best.items():
            print(f"{name + ':':27} {count / seconds:,.0f} hands/s (CPU time, best of 3)")
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            print("pokerkit is not installed: no side-by-side run (pip install pokerkit)")
        else:
            print("\n".join(pokerkit_side_by_side(text)))


if __name__ == "__main__":
    main()
