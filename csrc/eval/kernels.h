/* The batch kernels: the scalar one in eval.c and the SIMD ones in
 * kernel_avx2.c and kernel_avx512.c (x86-64 only) and kernel_neon.c
 * (AArch64 only). Internal to the C core.
 *
 * A SIMD kernel evaluates whole blocks of O8_AVX2_LANES / O8_AVX512_LANES rows
 * and returns how many rows it did, from the start; the caller evaluates the
 * rest with the scalar kernel. A block is only taken while at least one row
 * follows it, because the card loads read up to 3 bytes past a block's last
 * row. With `check`, a kernel stops before the first block holding an invalid
 * row (nothing of that block is written), so the scalar kernel finds the
 * first bad row and the semantics stay those of the scalar kernel.
 *
 * Which kernel runs is chosen per call (o8_eval_batch_kernel's argument, or
 * the best one the CPU has); the CPU check reads only the feature bits the
 * compiler's run time fills in before main, so there is no mutable state.
 */
#ifndef OMAHA8_KERNELS_H
#define OMAHA8_KERNELS_H
#include <stdint.h>
#include "o8_port.h" /* O8_X86_TARGETS, O8_ARM64_NEON */

#if !defined(O8_NO_SIMD) && O8_X86_TARGETS
#define O8_X86_KERNELS 1
#else
#define O8_X86_KERNELS 0
#endif

#if !defined(O8_NO_SIMD) && O8_ARM64_NEON
#define O8_NEON_KERNELS 1
#else
#define O8_NEON_KERNELS 0
#endif

#define O8_AVX2_LANES 8
#define O8_NEON_LANES 8
#define O8_AVX512_LANES 16

#if O8_X86_KERNELS
int64_t o8_rows_avx2(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                     int64_t n, uint16_t *high, int32_t *low, int check);
int64_t o8_rows_avx512(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                       int64_t n, uint16_t *high, int32_t *low, int check);
#endif

#if O8_NEON_KERNELS
int64_t o8_rows_neon(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                     int64_t n, uint16_t *high, int32_t *low, int check);
#endif

#endif
