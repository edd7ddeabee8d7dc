"""Reference leaks of the ``_entry`` extension, measured: many engine hands
(played through ``act``/``start``, copied, pickled, viewed), single calls
on good and hostile input (``hilo``/``high``/``known``, and the public calls
that fall back and raise), ``hh_records`` on real and edited scanner output,
and ``act``/``start`` on hands with garbage in their members. Each workload
runs once to warm up, then in rounds; after each round the script prints
the growth since the warm-up of Python's allocated blocks
(``sys.getallocatedblocks``: one leaked object is one block), of the objects
the collector tracks and of the resident set. A leak grows with the rounds;
no leak stays flat.

    python tests/leaks_entry.py --hands 200000 --calls 1000000
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import entry_hostile
from entry_hostile import ACT, START
from random_play import random_action

from omaha8_fast import evaluate_hilo, evaluator
from omaha8_fast.engine import Hand, IllegalAction
from omaha8_fast.engine._native import HAND_FIELDS
from omaha8_fast.histories.pokerstars import _fast as ps


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def hands(rng: random.Random, n: int) -> None:
    for _ in range(n):
        seats = rng.randint(2, 6)
        hand = Hand([rng.randint(1, 300) for _ in range(seats)], rng.randrange(seats), 1, 2,
                    betting=rng.choice(["limit", "pot-limit", "no-limit"]), seed=rng.getrandbits(20))
        while not hand.is_over:
            random_action(hand, rng, edges=True)
            if rng.random() < 0.2:
                hand.copy()
        pickle.loads(pickle.dumps(hand))
        hand.view(0)
        try:
            hand.call()
        except IllegalAction:
            pass


def single_calls(rng: random.Random, n: int) -> None:
    entry: Any = evaluator._ENTRY
    hilo, high = entry if entry is not None else (None, None)
    assert hilo is not None and high is not None
    known: Any = sys.modules["omaha8_fast.equity"]._known
    good = ([51, 47, 0, 6], [42, 38, 11, 13, 31])
    text = ("As Ks 2c 3h", "Qs Js 4s 5d 9c")
    bad: list[Any] = [([51, 47, 0, True], [42, 38, 11, 13, 31]), ("As Ks 2c \ud800", "Qs Js 4s 5d 9c"), ([51, 47, 0], [1, 2, 3]),
           ([51, 47, 0, 6], [42, 38, 11, 13, 2**70]), ([51, 51, 0, 6], [42, 38, 11, 13, 31]), ([1] * 10**4, [2])]
    players: Any = ([[51, 47, 0, 6], [42, 38, 11, 13]], [1, 2, 3, 4, 5], [])
    for i in range(n):
        hilo(*good)
        high(*text)
        hilo(*bad[i % len(bad)])
        if i % 4 == 0:
            known(*players)
            known(players[0], "Ah Kh", "")
        if i % 10 == 0:
            try:
                evaluate_hilo(*bad[i % len(bad)])
            except (TypeError, ValueError):
                pass


def records(rng: random.Random, n: int, scanned: list[tuple[str, list[int], int]]) -> None:
    build = ps._RECORDS
    if build is None:
        return
    for i in range(n):
        body, v, hole_size = scanned[i % len(scanned)]
        if i % 2:
            v = list(v)
            v[rng.randrange(len(v))] = rng.randint(-1, 60)
        build(body, v, hole_size, ps._RECORD_NAMES)


def garbage(rng: random.Random, n: int) -> None:
    for _ in range(n):
        hand = Hand([rng.randint(1, 60) for _ in range(3)], 0, 1, 2, betting="no-limit", seed=rng.getrandbits(16))
        setattr(hand, rng.choice(HAND_FIELDS), entry_hostile._junk(rng))
        try:
            ACT(hand, rng.randrange(5), rng.choice([0, 1, 2, 4, 50]))
            START(Hand.__new__(Hand), *entry_hostile._start_args(rng, 3))
        except (TypeError, MemoryError):
            pass


def measure(name: str, work: Callable[[int], None], total: int, rounds: int = 4) -> None:
    work(max(1, total // 20))  # warm up: caches, free lists, interned names
    gc.collect()
    blocks, tracked, rss = sys.getallocatedblocks(), len(gc.get_objects()), _rss()
    started = time.monotonic()
    for r in range(1, rounds + 1):
        work(total // rounds)
        gc.collect()
        print(f"{name}: {r * (total // rounds)} done, blocks {sys.getallocatedblocks() - blocks:+d}, "
              f"tracked objects {len(gc.get_objects()) - tracked:+d}, RSS {(_rss() - rss) / 2**20:+.1f} MiB, "
              f"{time.monotonic() - started:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=100_000)
    args = parser.parse_args()
    if ACT is None:
        sys.exit("built without omaha8_fast._entry, or OMAHA8_ENTRY=0")
    rng = random.Random(1)
    scanned = entry_hostile._scanned_hands()
    measure("hands", lambda n: hands(rng, n), args.hands)
    measure("garbage act/start", lambda n: garbage(rng, n), args.hands)
    measure("single calls", lambda n: single_calls(rng, n), args.calls)
    measure("hh_records", lambda n: records(rng, n, scanned), args.calls)


if __name__ == "__main__":
    main()
