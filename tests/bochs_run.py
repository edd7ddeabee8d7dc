"""Run a flat 64-bit bare-metal image on Bochs' emulated x86-64 CPU, which
has AVX-512 (the ``bochscpu-python`` package from PyPI), and print what the
image left at a given address.

    python tests/bochs_run.py IMAGE ARGS_HEX REPORT_LEN [SHIM]

The image is loaded and started at 0x400000 in 64 MiB of identity-mapped
memory (2 MiB pages), in long mode at ring 0 with SSE, AVX and AVX-512 state
enabled (CR4.OSXSAVE, XCR0 = x87 | SSE | AVX | opmask | ZMM). The bytes
ARGS_HEX go to 0x3F00000; when the image halts, REPORT_LEN bytes from
0x3F01000 are printed as hex on one line, ``ok HEX``. A CPU exception
prints ``exception VECTOR ERROR RIP`` instead, exit code 1.

The bochscpu wheel is built against glibc 2.38 and asks for two of its
symbols (``__isoc23_strtoull``, ``__isoc23_sscanf``); SHIM, a shared object
built by tests/test_kernel_emulated.py from tests/c/isoc23_shim.c, provides
them on an older glibc (a newer one keeps its own, which come first).

Used by tests/test_kernel_emulated.py, in a subprocess, so that a crash of the
emulator cannot take a test worker down.
"""

from __future__ import annotations

import ctypes
import struct
import sys

LOAD = 0x400000
ARGS = 0x3F00000
REPORT = 0x3F01000
MEMORY = 64 << 20
PAGE_TABLES = 0x10000000  # outside the identity-mapped 64 MiB
PAGE = 0x1000


def run(image: bytes, args: bytes, report_len: int) -> tuple[str, bytes]:
    """Run ``image``; ("ok", report) or ("exception VECTOR ERROR RIP", b"")."""
    import bochscpu  # type: ignore[import-not-found]
    import bochscpu.cpu  # type: ignore[import-not-found]
    import bochscpu.memory  # type: ignore[import-not-found]

    memory = bochscpu.memory
    for gpa in [*range(0, MEMORY, PAGE), *range(PAGE_TABLES, PAGE_TABLES + 3 * PAGE, PAGE)]:
        memory.page_insert(gpa, memory.allocate_host_page())

    def write(gpa: int, data: bytes) -> None:  # page by page: phy_write stays in one page
        at = 0
        while at < len(data):
            size = PAGE - (gpa + at) % PAGE
            memory.phy_write(gpa + at, list(data[at:at + size]))
            at += size

    # PML4[0] -> PDPT[0] -> a page directory of 2 MiB pages (present, writable).
    write(PAGE_TABLES, struct.pack("<Q", (PAGE_TABLES + PAGE) | 3))
    write(PAGE_TABLES + PAGE, struct.pack("<Q", (PAGE_TABLES + 2 * PAGE) | 3))
    write(PAGE_TABLES + 2 * PAGE, b"".join(struct.pack("<Q", (i << 21) | 0x83) for i in range(MEMORY >> 21)))
    write(LOAD, image)
    write(ARGS, args)

    session = bochscpu.Session()

    def missing_page(gpa: int) -> None:
        raise RuntimeError(f"the image touched unmapped memory at {gpa:#x}")

    session.missing_page_handler = missing_page
    state = bochscpu.State()
    bochscpu.cpu.set_long_mode(state)
    cr0 = bochscpu.cpu.ControlRegister(state.cr0)
    cr0.MP, cr0.EM, cr0.TS = True, False, False
    state.cr0 = int(cr0)
    cr4 = bochscpu.cpu.ControlRegister(state.cr4)
    cr4.OSFXSR, cr4.OSXMMEXCPT, cr4.OSXSAVE = True, True, True
    state.cr4 = int(cr4)
    state.xcr0 = 0xE7  # x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
    state.mxcsr = 0x1F80
    state.cr3 = PAGE_TABLES
    code, data = bochscpu.Segment(), bochscpu.Segment()
    for segment, selector, attr in ((code, 0x10, 0x209B), (data, 0x18, 0xC093)):  # 64-bit code; data
        segment.present, segment.selector, segment.base, segment.limit, segment.attr = True, selector, 0, 0xFFFFFFFF, attr
    state.cs = code
    state.ss = state.ds = state.es = state.fs = state.gs = data
    state.rip = LOAD
    state.rsp = ARGS - 0x100000  # 1 MiB below the arguments, growing down
    state.rflags = 0x2
    session.cpu.state = state

    outcome: list[str] = []
    hook = bochscpu.Hook()

    def halted(s: object, cpu_id: int) -> None:
        outcome.append("ok")
        session.stop()

    def exception(s: object, cpu_id: int, vector: int, error: int) -> None:
        outcome.append(f"exception {vector} {error} {session.cpu.rip:#x}")
        session.stop()

    hook.hlt = halted
    hook.exception = exception
    session.run([hook])
    result = outcome[0] if outcome else "exception none 0 0"
    return result, bytes(memory.phy_read(REPORT, report_len)) if result == "ok" else b""


def main(argv: list[str]) -> int:
    image_path, args_hex, report_len = argv[1], argv[2], int(argv[3])
    if len(argv) > 4:
        ctypes.CDLL(argv[4], mode=ctypes.RTLD_GLOBAL)
    with open(image_path, "rb") as f:
        image = f.read()
    result, report = run(image, bytes.fromhex(args_hex), report_len)
    print(result if result != "ok" else f"ok {report.hex()}", flush=True)
    return 0 if result == "ok" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
