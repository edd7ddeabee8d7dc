"""The AVX-512 batch kernel on an emulated CPU: this machine (and CI's) has
no AVX-512, so tests/test_kernels.py skips that kernel. Here the C driver
tests/c/kernel_compare.c, built bare metal (no OS, no C library) with the
core's kernels and tables, runs on Bochs' x86-64 CPU emulator, which has
AVX-512 (PyPI's ``bochscpu-python``; tests/bochs_run.py), and compares the
AVX-512 kernel with the scalar kernel: every hole size 2-6 and board size
3-5, the leftover lengths 0, 1, 7, 15-17, 31-33 and 1000, high / low / both,
check on and off (same first bad row), misaligned inputs, random and
flush-, low- and pair-heavy deals, rows of random bytes with check off.

The same driver, built as a normal program, runs the AVX2 kernel on this CPU
(the same deals: the checksums agree), and once with a spoiled kernel output,
which it must report. Skipped without a C compiler, off x86-64 Linux, or
without bochscpu (CI installs it; ``pip install bochscpu-python``).
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import platform
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from omaha8_fast import available_kernels

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
C = ROOT / "tests" / "c"
RUNNER = ROOT / "tests" / "bochs_run.py"
#: The core's sources the driver needs: the scalar kernel and the SIMD ones.
CORE = ["eval/eval.c", "eval/kernel_avx2.c", "eval/kernel_avx512.c"]
#: Built once for the hosted and the bare-metal driver alike: no PIC, no
#: C library calls the driver does not define, no red zone or unwind tables.
COMMON = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-fno-pic", "-fno-pie", "-fno-stack-protector",
          "-mno-red-zone", "-fno-asynchronous-unwind-tables", f"-I{CSRC}"]
FREESTANDING = ["-ffreestanding", "-nostdlib", "-static"]
#: build.py's flags for the extension: the kernels under test are compiled alike.
RELEASE = ["-O3", "-fno-strict-aliasing"]
#: The emulator raises #UD on a gather whose index is in zmm16-31 (real
#: AVX-512 CPUs take any of the 32), so the AVX-512 kernel is compiled here
#: without those registers: the same instructions, fewer registers to hold them.
EMULATOR_SAFE = [f"-ffixed-xmm{i}" for i in range(16, 32)]
FIELDS = ("magic", "kernel", "batches", "rows", "simd_rows", "bad_batches", "garbage_rows", "flush_rows",
          "low_rows", "mismatches", "first_hole", "first_board", "first_n", "first_row", "checksum", "cpuid7_ebx")
MAGIC = 0x4F38434B

pytestmark = pytest.mark.skipif(
    not CSRC.is_dir() or sys.platform != "linux" or platform.machine() not in ("x86_64", "AMD64"),
    reason="needs csrc/ and x86-64 Linux")
pytestmark = [pytestmark, pytest.mark.slow]  # minutes of compiling: the slow stage


def _run(cmd: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def _build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The drivers and the shim, built once per run (even across xdist workers)."""
    cc = os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")
    if not cc or not shutil.which("objcopy"):
        pytest.skip("needs a C compiler and objcopy")
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    out = base / "kernel_emulated"
    out.mkdir(exist_ok=True)
    with open(out / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "done").exists():
            _build_into(cc, out)
            (out / "done").write_text("")
    return out


def _check(done: subprocess.CompletedProcess[str], cmd: list[str]) -> None:
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout}\n{done.stderr}"


def _build_into(cc: str, out: Path) -> None:
    def run(cmd: list[str]) -> None:
        _check(_run(cmd), cmd)

    run([sys.executable, str(CSRC / "eval" / "gen_tables.py"), str(out / "tables.c")])
    # The core's objects at the extension's optimisation (build.py), in parallel.
    objects = [out / "tables.o", *(out / Path(name).with_suffix(".o").name for name in CORE)]
    compiles = [[cc, *COMMON, "-O0", "-ffreestanding", "-c", str(out / "tables.c"), "-o", str(objects[0])]]
    compiles += [[cc, *COMMON, *RELEASE, *(EMULATOR_SAFE if "avx512" in name else []), "-ffreestanding", "-c",
                  str(CSRC / name), "-o", str(obj)]
                 for name, obj in zip(CORE, objects[1:], strict=True)]
    jobs = [(cmd, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
            for cmd in compiles]
    for cmd, job in jobs:
        output, _ = job.communicate(timeout=300)
        assert job.returncode == 0, f"{' '.join(cmd)}\n{output}"
    for name, flags in (("hosted", ["-DO8_COMPARE_HOSTED"]), ("broken", ["-DO8_COMPARE_HOSTED", "-DO8_COMPARE_BREAK"])):
        run([cc, *COMMON, "-O2", "-no-pie", *flags, str(C / "kernel_compare.c"), *map(str, objects),
             "-o", str(out / name)])
    run([cc, *COMMON, "-O2", *FREESTANDING, "-no-pie", "-T", str(C / "kernel_compare.ld"), "-Wl,--build-id=none",
         "-Wl,--no-warn-rwx-segments", str(C / "kernel_compare_start.S"), str(C / "kernel_compare.c"),
         *map(str, objects), "-lgcc", "-o", str(out / "bare.elf")])
    run(["objcopy", "-O", "binary", str(out / "bare.elf"), str(out / "bare.bin")])
    run([cc, "-shared", "-fPIC", "-O2", str(C / "isoc23_shim.c"), "-o", str(out / "isoc23_shim.so")])


def _report(line: str) -> dict[str, int]:
    assert line.startswith("ok "), line
    data = bytes.fromhex(line.split()[1])
    return dict(zip(FIELDS, struct.unpack(f"<{len(FIELDS)}I", data[:4 * len(FIELDS)]), strict=True))


def _hosted(tmp_path_factory: pytest.TempPathFactory, name: str, kernel: str) -> dict[str, int]:
    if kernel not in available_kernels():
        pytest.skip(f"this CPU cannot run the {kernel} kernel")
    done = _run([str(_build(tmp_path_factory) / name), kernel])
    return _report(done.stdout.strip())


def _assert_full(report: dict[str, int], kernel: int) -> None:
    """The run finished, compared the kernel with no mismatch, and went
    through every kind of row it is meant to."""
    assert report["magic"] == MAGIC and report["kernel"] == kernel
    assert report["mismatches"] == 0, report
    assert report["batches"] == 4140 and report["rows"] == 158_400
    assert report["simd_rows"] > 60_000  # the SIMD kernel did the whole blocks, not the scalar one
    assert report["bad_batches"] > 300 and report["garbage_rows"] > 5_000
    assert report["flush_rows"] > 5_000 and report["low_rows"] > 50_000


def test_hosted_avx2_agrees(tmp_path_factory: pytest.TempPathFactory) -> None:
    _assert_full(_hosted(tmp_path_factory, "hosted", "avx2"), 1)


def test_spoiled_kernel_is_caught(tmp_path_factory: pytest.TempPathFactory) -> None:
    report = _hosted(tmp_path_factory, "broken", "avx2")
    assert report["magic"] == MAGIC and report["mismatches"] > 500
    assert report["first_row"] == 3 and report["first_hole"] == 4  # the first SIMD block: 4 hole cards


def test_avx512_kernel_on_an_emulated_cpu(tmp_path_factory: pytest.TempPathFactory,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("bochscpu") is None:
        pytest.skip("bochscpu-python is not installed (pip install bochscpu-python): no AVX-512 emulator")
    out = _build(tmp_path_factory)
    cmd = [sys.executable, str(RUNNER), str(out / "bare.bin"), "02", str(4 * len(FIELDS)), str(out / "isoc23_shim.so")]
    done = _run(cmd)
    _check(done, cmd)
    report = _report(done.stdout.strip())
    assert report["cpuid7_ebx"] >> 16 & 1 and report["cpuid7_ebx"] >> 30 & 1  # AVX512F, AVX512BW
    _assert_full(report, 2)
    if "avx2" in available_kernels():  # the same deals as the AVX2 run on this CPU
        assert report["checksum"] == _hosted(tmp_path_factory, "hosted", "avx2")["checksum"]
    with capsys.disabled():
        print(f"\navx512 kernel on Bochs' emulated CPU: {report['rows']} rows in {report['batches']} batches, "
              f"{report['simd_rows']} by the AVX-512 kernel, {report['mismatches']} mismatches")
