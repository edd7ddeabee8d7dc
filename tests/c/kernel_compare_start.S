/* Entry of the bare-metal kernel_compare build: the emulator sets up long
 * mode, the stack and SSE/AVX state; this calls compare_main and halts. */
    .section .text.start, "ax"
    .globl _start
_start:
    and $-64, %rsp
    call compare_main
    hlt
    .section .note.GNU-stack, "", @progbits
