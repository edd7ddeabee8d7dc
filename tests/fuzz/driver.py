"""Run a fuzz target with per-input resource limits.

A fuzz target is a file ``tests/fuzz/fuzz_<name>.py`` that defines
``one_input(data: bytes) -> None``: it decodes one call from the bytes and
raises (anything but ``SlowInput``'s base, ``BaseException``, is fine) when the
library breaks its contract. This driver runs any target, so a target needs
nothing else (no atheris import, no ``main``). Every input is bounded:

- **time**: at most ``PER_INPUT_SECONDS`` (default 1 s) of CPU time, all
  threads together (times ``--cpu-factor`` in the replay modes: the test
  suite gives a generous bound, so that a busy machine never fails it). Past
  the bound the input is interrupted with :class:`SlowInput`, a finding. An
  input that stalls without using CPU is caught by wall-clock time only when
  asked: ``--stall SECONDS`` in the replay modes, libFuzzer's ``-timeout``
  (``STALL_SECONDS``, 5 s, or five times the CPU bound if larger) when
  fuzzing; the test suite's own backstop is the subprocess timeout.
- **memory**: the address space may grow by at most ``PER_INPUT_MB``
  (default 256 MiB) over what the process holds once the target is loaded
  (``RLIMIT_AS``), so an input that wants more gets ``MemoryError``, a finding,
  before it can take the machine's memory.

A target may raise the bounds for itself with module attributes
``PER_INPUT_SECONDS`` and ``PER_INPUT_MB``, and may define ``warm_up()``,
called once before the limits are set (build caches that every input
shares). The environment variables ``OMAHA8_FUZZ_INPUT_SECONDS`` and
``OMAHA8_FUZZ_INPUT_MB`` override both.

Three modes::

    python tests/fuzz/driver.py tests/fuzz/fuzz_api.py -max_total_time=3600 CORPUS_DIR
    python tests/fuzz/driver.py tests/fuzz/fuzz_api.py --replay FILE...
    python tests/fuzz/driver.py tests/fuzz/fuzz_api.py --random 3000 --seed 1 --max-len 64

The first is coverage-guided fuzzing with atheris (libFuzzer flags pass
through; the driver adds ``-timeout`` for the stall bound and ``-rss_limit_mb``
unless given). A finding is saved as ``crash-<sha1>`` (an exception, a
``SlowInput`` or a ``MemoryError``), ``timeout-<sha1>`` (libFuzzer's wall-clock
timeout, for code that never returns to Python) or ``oom-<sha1>``. The other
two need no atheris: they run the given files, or seeded random inputs,
stop at the first finding, print it (the input in hex and the traceback) and
exit with status 1.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import os
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

try:
    import resource
except ImportError:  # Windows: no memory limit
    resource = None  # type: ignore[assignment]

PER_INPUT_SECONDS = 1.0
PER_INPUT_MB = 256
STALL_SECONDS = 5.0


class SlowInput(BaseException):
    """An input ran past its time bound (a BaseException, so that no
    ``except Exception`` in a target or in the library can swallow it)."""


def load_target(path: str | Path) -> ModuleType:
    """The fuzz target module at ``path``."""
    path = Path(path)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "one_input", None)):
        raise SystemExit(f"{path}: a fuzz target must define one_input(data: bytes)")
    return module


def bounds(module: ModuleType) -> tuple[float, int]:
    """The target's per-input (CPU seconds, MiB)."""
    seconds = float(os.environ.get("OMAHA8_FUZZ_INPUT_SECONDS") or getattr(module, "PER_INPUT_SECONDS", PER_INPUT_SECONDS))
    mb = int(os.environ.get("OMAHA8_FUZZ_INPUT_MB") or getattr(module, "PER_INPUT_MB", PER_INPUT_MB))
    return seconds, mb


def stall_seconds(seconds: float) -> float:
    return max(STALL_SECONDS, 5 * seconds)


def _address_space() -> int | None:
    """The bytes of address space this process holds now (Linux), or None."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def limit_memory(mb: int) -> None:
    """Let the address space grow by at most ``mb`` MiB from now on."""
    now = _address_space()
    if now is None or resource is None:  # not Linux: no bound (macOS ignores RLIMIT_AS)
        return
    try:  # one malloc arena: per-thread arenas reserve 64 MiB of address space each
        ctypes.CDLL(None).mallopt(-8, 1)  # M_ARENA_MAX
    except (OSError, AttributeError, TypeError):
        pass
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = now + mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def _interrupt(what: str) -> Callable[[int, FrameType | None], None]:
    def handler(signum: int, frame: FrameType | None) -> None:
        raise SlowInput(what)

    return handler


def bounded(one_input: Callable[[bytes], None], seconds: float, stall: float | None) -> Callable[[bytes], None]:
    """``one_input`` interrupted with :class:`SlowInput` past ``seconds`` of
    CPU time (SIGPROF; the process's CPU time, all threads) and, if ``stall``
    is given, past that many seconds of wall time (SIGALRM; libFuzzer owns
    SIGALRM under atheris and enforces its own ``-timeout``)."""
    if not hasattr(signal, "setitimer"):  # Windows
        return _watched(one_input, seconds, stall)
    signal.signal(signal.SIGPROF, _interrupt(f"input used more than {seconds} s of CPU time"))
    wall = stall is not None
    if stall is not None:
        signal.signal(signal.SIGALRM, _interrupt(f"input ran more than {stall} s (wall clock)"))

    def run(data: bytes) -> None:
        signal.setitimer(signal.ITIMER_PROF, seconds)
        if wall:
            signal.setitimer(signal.ITIMER_REAL, stall)  # type: ignore[arg-type]
        try:
            one_input(data)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            if wall:
                signal.setitimer(signal.ITIMER_REAL, 0)

    return run


def _watched(one_input: Callable[[bytes], None], seconds: float, stall: float | None) -> Callable[[bytes], None]:
    """:func:`bounded` without interval timers (Windows): a watchdog thread
    polls the CPU and wall time of the input and interrupts the main thread,
    which notices when it next runs Python code (a blocking call is not cut
    short; the caller's own timeout is the backstop)."""
    import _thread

    state: dict[str, Any] = {"armed": False, "why": None}

    def watch() -> None:
        while True:
            time.sleep(0.02)
            if state["armed"] and state["why"] is None:
                if time.process_time() - state["cpu"] > seconds:
                    state["why"] = f"input used more than {seconds} s of CPU time"
                elif stall is not None and time.monotonic() - state["wall"] > stall:
                    state["why"] = f"input ran more than {stall} s (wall clock)"
                if state["why"]:
                    _thread.interrupt_main()

    threading.Thread(target=watch, daemon=True).start()

    def run(data: bytes) -> None:
        state.update(cpu=time.process_time(), wall=time.monotonic(), why=None, armed=True)
        try:
            one_input(data)
        except KeyboardInterrupt:
            if state["why"]:
                raise SlowInput(state["why"]) from None
            raise
        finally:
            state["armed"] = False

    return run


def _prepare(path: str) -> tuple[ModuleType, Callable[[bytes], None], float, int]:
    module = load_target(path)
    seconds, mb = bounds(module)
    warm_up = getattr(module, "warm_up", None)
    if callable(warm_up):
        warm_up()
    return module, module.one_input, seconds, mb


def _clip(text: str, limit: int = 2000) -> str:
    """``text`` cut to ``limit`` characters (an error message may hold a huge input)."""
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more characters]\n"


def _inputs(args: argparse.Namespace) -> Iterator[tuple[str, bytes]]:
    for name in args.replay or ():
        yield name, Path(name).read_bytes()
    if args.random:
        rng = random.Random(args.seed)
        for i in range(args.random):
            yield f"random input {i} (seed {args.seed})", rng.randbytes(rng.randrange(args.max_len + 1))


def replay(argv: list[str]) -> int:
    """``--replay``/``--random``: run inputs without atheris, stop at the first finding."""
    parser = argparse.ArgumentParser(prog="driver.py TARGET")
    parser.add_argument("--replay", nargs="*", metavar="FILE")
    parser.add_argument("--random", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-len", type=int, default=64)
    parser.add_argument("--cpu-factor", type=float, default=1.0, help="multiply the CPU bound (the test suite: 3)")
    parser.add_argument("--stall", type=float, default=None, metavar="SECONDS",
                        help="also interrupt an input after this much wall-clock time (default: no wall-clock bound)")
    args = parser.parse_args(argv[2:])
    module, one_input, seconds, mb = _prepare(argv[1])
    seconds *= args.cpu_factor
    limit_memory(mb)
    run = bounded(one_input, seconds, stall=args.stall)
    count, start = 0, time.perf_counter()
    for name, data in _inputs(args):
        try:
            run(data)
        except BaseException as error:  # noqa: BLE001 - every exception is a finding
            if isinstance(error, KeyboardInterrupt):
                raise
            hexed = data.hex() if len(data) <= 2048 else data[:2048].hex() + f"... ({len(data)} bytes)"
            print(f"FINDING in {name}: {_clip(f'{type(error).__name__}: {error}')}\ninput (hex): {hexed}", file=sys.stderr)
            print("".join(_clip(part) for part in traceback.format_exception(error)), file=sys.stderr)
            return 1
        count += 1
    print(f"{count} inputs, no finding, {time.perf_counter() - start:.1f} s (limits: {seconds} s CPU, {mb} MiB each)")
    return 0


def fuzz(argv: list[str]) -> None:
    """Coverage-guided fuzzing with atheris (the package instrumented)."""
    import atheris

    with atheris.instrument_imports(include=["omaha8_fast"]):
        import omaha8_fast  # noqa: F401

        _, one_input, seconds, mb = _prepare(argv[1])
    flags = [a for a in argv[2:]]
    if not any(a.startswith("-timeout=") for a in flags):
        flags.append(f"-timeout={int(stall_seconds(seconds))}")
    if not any(a.startswith("-rss_limit_mb=") for a in flags):
        # libFuzzer's RSS check is a sampling backstop; RLIMIT_AS below is the bound
        rss_now = int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) // 1024
        flags.append(f"-rss_limit_mb={rss_now + mb}")
    limit_memory(mb)
    atheris.Setup([argv[0], *flags], bounded(one_input, seconds, stall=None))
    atheris.Fuzz()


def main(argv: list[str]) -> Any:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    if "--replay" in argv or "--random" in argv:
        return replay(argv)
    return fuzz(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
