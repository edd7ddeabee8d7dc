"""The fuzz targets tests/fuzz/fuzz_*.py in the test suite, under per-input limits.

Every file ``tests/fuzz/fuzz_<name>.py`` defining ``one_input(data: bytes)``
is a target, picked up by the glob below. Each runs through
tests/fuzz/driver.py in a subprocess that bounds every input to 1 s of CPU
time and 256 MiB of address space (a target may set ``PER_INPUT_SECONDS`` /
``PER_INPUT_MB`` for itself), so that slow and memory-hungry inputs are
findings, not only crashes. Per target:

- always: its saved findings (``tests/fuzz/regressions/fuzz_<name>/`` or
  ``tests/fuzz/regressions-<name>/``; the files directly in ``regressions/``
  are fuzz_api's) and 200 seeded random inputs (4,000 in the long
  run), no atheris needed;
- with ``OMAHA8_FUZZ_SECONDS=N`` (30 in CI) and atheris installed: a
  coverage-guided run, the N seconds shared equally among the targets.

The driver's limits themselves are tested on a small synthetic target.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from budget import examples

FUZZ = Path(__file__).resolve().parent / "fuzz"
DRIVER = FUZZ / "driver.py"
TARGETS = sorted(FUZZ.glob("fuzz_*.py"))
RANDOM_INPUTS = examples(200, 4000)
#: The suite's CPU bound per input is this many times the target's own (a
#: finding is a finding at 1x when fuzzing; in the suite a busy machine must
#: not turn a saved case into a failure). No wall-clock bound: HARD_TIMEOUT
#: is the backstop for an input that never returns.
CPU_FACTOR = "3"
#: a stalled input must die even if it never returns to Python
HARD_TIMEOUT = 600


def regressions(target: Path) -> list[Path]:
    """The saved findings of ``target``."""
    folders = [FUZZ / "regressions" / target.stem, FUZZ / f"regressions-{target.stem.removeprefix('fuzz_')}"]
    files = sorted(p for folder in folders for p in folder.glob("*") if p.is_file() and not p.name.startswith("."))
    if target.stem == "fuzz_api":
        files += sorted(p for p in (FUZZ / "regressions").glob("*") if p.is_file())
    return files


def _drive(*args: str | Path, timeout: float = HARD_TIMEOUT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(DRIVER), *map(str, args)], capture_output=True, text=True, timeout=timeout)


def _load(target: Path) -> ModuleType:
    """The target module, loaded in this process."""
    spec = importlib.util.spec_from_file_location("omaha8_fuzz_driver", DRIVER)
    assert spec and spec.loader
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    return driver.load_target(target)  # type: ignore[no-any-return]


def test_the_glob_finds_the_targets() -> None:
    assert {"fuzz_api", "fuzz_cards"} <= {t.stem for t in TARGETS}


@pytest.mark.parametrize("target", TARGETS, ids=[t.stem for t in TARGETS])
def test_saved_findings_stay_fixed(target: Path) -> None:
    files = regressions(target)
    if not files:
        pytest.skip(f"no saved findings for {target.stem}")
    done = _drive(target, "--cpu-factor", CPU_FACTOR, "--replay", *files)
    assert done.returncode == 0, done.stderr[-6000:]


@pytest.mark.property
@pytest.mark.parametrize("target", TARGETS, ids=[t.stem for t in TARGETS])
def test_random_inputs_through_the_target(target: Path) -> None:
    done = _drive(target, "--cpu-factor", CPU_FACTOR, "--random", str(RANDOM_INPUTS), "--seed", "20240607", "--max-len", "64")
    assert done.returncode == 0, done.stderr[-6000:]
    assert f"{RANDOM_INPUTS} inputs, no finding" in done.stdout


# --- the oracles can fail ------------------------------------------------------------


def test_the_api_oracle_reports_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """fuzz_api: an evaluator that is off by one class is caught."""
    import omaha8_fast

    target = _load(FUZZ / "fuzz_api.py")
    real = omaha8_fast.evaluate_high
    monkeypatch.setattr(omaha8_fast, "evaluate_high", lambda hole, board: real(hole, board) % 7462 + 1)
    data = bytes([1, 0, 1, 0, 0, 0, 0, 0, 0, 4, 4, 4])  # evaluate_high, ids 0-3 on 4-6
    with pytest.raises(target.Finding):
        target.one_input(data)


@pytest.mark.parametrize("mutant", ["drops the last card", "accepts a junk character", "long message"])
def test_the_cards_oracle_reports_a_broken_parser(monkeypatch: pytest.MonkeyPatch, mutant: str) -> None:
    """fuzz_cards: a parser that loses a card, tolerates junk or echoes the
    whole input in its message is caught by random inputs."""
    import omaha8_fast

    target = _load(FUZZ / "fuzz_cards.py")
    real = omaha8_fast.parse_cards

    def broken(cards: object, *, unique: bool = True) -> tuple[omaha8_fast.Card, ...]:
        if mutant == "accepts a junk character" and isinstance(cards, str):
            cards = cards.replace("x", "")
        try:
            parsed = real(cards, unique=unique)  # type: ignore[arg-type]
        except ValueError as error:
            if mutant == "long message" and isinstance(cards, str):
                raise ValueError(f"{error}: {cards!r}") from None
            raise
        return parsed[:-1] if mutant == "drops the last card" and len(parsed) > 1 else parsed

    monkeypatch.setattr(omaha8_fast, "parse_cards", broken)
    rng = random.Random(7)
    with pytest.raises(target.Finding):
        for _ in range(20000):
            target.one_input(rng.randbytes(rng.randrange(64)))


# --- the driver's limits ----------------------------------------------------------------

SYNTHETIC = '''
import time
def one_input(data: bytes) -> None:
    if data == b"SPIN":  # 3 s of CPU
        start = time.process_time()
        while time.process_time() - start < 3:
            pass
    elif data == b"WAIT":  # no CPU, but never done
        time.sleep(60)
    elif data == b"HOG":  # 400 MiB
        bytearray(400 * 2**20)
    elif data == b"SOME":  # 100 MiB: within the bound
        bytearray(100 * 2**20)
'''


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("synthetic")
    (folder / "fuzz_synthetic.py").write_text(SYNTHETIC)
    for name in ("SPIN", "WAIT", "HOG", "SOME", "FINE"):
        (folder / name).write_bytes(name.encode())
    return folder


LINUX = sys.platform.startswith("linux")  # the memory bound needs /proc and RLIMIT_AS


# The wall-clock stall is 3 s only for WAIT (which uses no CPU); SPIN's and
# HOG's findings must not depend on how busy the machine is, so they get 90 s.
@pytest.mark.parametrize(("name", "finding", "stall"), [
    ("SPIN", "SlowInput: input used more than 1.0 s of CPU time", "90"),
    pytest.param("WAIT", "SlowInput: input ran more than 3.0 s (wall clock)", "3", marks=pytest.mark.slow),
    pytest.param("HOG", "MemoryError", "90", marks=pytest.mark.skipif(not LINUX, reason="the memory bound is Linux only")),
])
def test_the_driver_turns_slow_and_hungry_inputs_into_findings(synthetic: Path, name: str, finding: str,
                                                               stall: str) -> None:
    done = _drive(synthetic / "fuzz_synthetic.py", "--stall", stall, "--replay", synthetic / "FINE", synthetic / name,
                  timeout=120)
    assert done.returncode == 1 and f"FINDING in {synthetic / name}" in done.stderr and finding in done.stderr, done.stderr


def test_the_driver_lets_bounded_inputs_pass(synthetic: Path) -> None:
    done = _drive(synthetic / "fuzz_synthetic.py", "--replay", synthetic / "SOME", synthetic / "FINE", synthetic / "SOME",
                  timeout=120)
    assert done.returncode == 0 and "3 inputs, no finding" in done.stdout, done.stderr


# --- coverage-guided ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("OMAHA8_FUZZ_SECONDS"), reason="set OMAHA8_FUZZ_SECONDS to fuzz")
@pytest.mark.parametrize("target", TARGETS, ids=[t.stem for t in TARGETS])
def test_coverage_guided_fuzzing(target: Path, tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    seconds = max(1, int(os.environ["OMAHA8_FUZZ_SECONDS"]) // len(TARGETS))
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in regressions(target):
        shutil.copy(path, corpus)
    done = _drive(target, f"-max_total_time={seconds}", f"-artifact_prefix={tmp_path}/", corpus,
                  timeout=seconds + HARD_TIMEOUT)
    findings = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-", "slow-unit-")))
    assert done.returncode == 0 and not findings, (
        f"fuzzing {target.name} found {findings} (copy them into tests/fuzz/regressions/{target.stem}/):\n"
        f"{done.stderr[-6000:]}"
    )
