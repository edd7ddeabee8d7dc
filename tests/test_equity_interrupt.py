"""Ctrl-C during equity(): every kernel stops, the worker threads are joined,
and a KeyboardInterrupt landing anywhere in the waiting loop never leaves
equity() hung (concurrent.futures.wait, used before, could be interrupted
while holding a future's lock, and the pool's shutdown then waited forever).

Each job below would run for minutes or hours; a SIGINT is sent at a varying
moment and the subprocess must report the interrupt. No timing assert beyond
a generous bound: latency figures are in docs/equity-internals.md."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from budget import examples

#: Rounds over every job (each round sends the signal at other moments).
ROUNDS = examples(1, 3)

JOBS = {
    "exact flop, two random hands": 'equity(["As Ad 2s 3d", None, None], board="Kh 7c 2d", exact=True, '
                                    "max_deals=10**14, threads=THREADS)",
    "exact preflop, a range and a random hand": 'equity(["As Ad 2s 3d", "A2**ds", None], exact=True, '
                                                "max_deals=10**14, threads=THREADS)",
    "exact turn, two random hands": 'equity(["As Ad 2s 3d", None, None], board="Kh 7c 2d 9s", exact=True, '
                                    "max_deals=10**14, threads=THREADS)",
    "Monte Carlo, 9 players": 'equity(["As Ad 2s 3d"] + [None] * 8, samples=10**10, threads=THREADS)',
    "Monte Carlo, ranges": 'equity(["As Ad 2s 3d", "A2**ds", "KK**"], samples=10**10, threads=THREADS)',
    "Monte Carlo, known hands": 'equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], exact=False, samples=10**11, threads=THREADS)',
}


@pytest.mark.property
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_every_kernel(threads: int) -> None:
    calls = "\n".join(f"    ({name!r}, lambda: {call.replace('THREADS', str(threads))})," for name, call in JOBS.items())
    code = textwrap.dedent("""
        import os, signal, threading, time
        from omaha8_fast import equity
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a test runner may ignore SIGINT
        equity(["As Ad 2s 3d", "A2**ds"], board="Kh 7c 2d 9s 3c")  # imports numpy: not what is interrupted
        JOBS = [
        %s
        ]
        for round_ in range(%d):
            for i, (name, job) in enumerate(JOBS):
                sent = []
                def fire():
                    sent.append(time.process_time())
                    os.kill(os.getpid(), signal.SIGINT)
                timer = threading.Timer(0.05 + 0.07 * ((i + round_) %% 5), fire)
                timer.start()
                try:
                    job()
                    print("finished", name)
                except KeyboardInterrupt:
                    late = time.process_time() - sent[0]
                    timer.join()  # the timer's own thread may still be returning from os.kill
                    print("interrupted", round(late, 3), threading.active_count(), name)
    """) % (calls, ROUNDS)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    lines = done.stdout.splitlines()
    assert len(lines) == ROUNDS * len(JOBS), done.stdout + done.stderr
    for line in lines:
        word, seconds, alive, _ = line.split(" ", 3)
        assert word == "interrupted", line
        assert float(seconds) < 5 and alive == "1", line  # CPU seconds after the signal, generous: it acts in milliseconds
