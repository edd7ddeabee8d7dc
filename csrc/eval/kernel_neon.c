/* The NEON batch kernel (AArch64): 8 deals per step, the code of the AVX2
 * kernel (simd_rows.h) on pairs of 128-bit registers (eval/neon_pair.h),
 * table lookups by scalar loads as in kernel_avx2.c.
 *
 * NEON is part of the AArch64 base instruction set: no target attribute, no
 * CPU check (o8_kernel_supported says yes on every AArch64 build). */
#include "eval/kernels.h"
#include "eval/eval_inline.h"

#if O8_NEON_KERNELS
#include "eval/neon_pair.h"

#define O8_TARGET
#define O8_POPCOUNT(x) o8_popcount(x)

#define V o8_v8
#define O8_LANES O8_NEON_LANES
#define O8_RPREFIX(name) o8_neon_##name
#define v_zero() o8_v8_set1(0)
#define v_set1(x) o8_v8_set1((uint32_t)(x))
#define v_add(a, b) o8_v8_add(a, b)
#define v_sub(a, b) o8_v8_sub(a, b)
#define v_and(a, b) o8_v8_and(a, b)
#define v_or(a, b) o8_v8_or(a, b)
#define v_srli(a, n) o8_v8_shr(a, n)
#define v_slli(a, n) o8_v8_shl(a, n)
#define v_srlv(a, b) o8_v8_shrv(a, b)
#define v_sllv(a, b) o8_v8_shlv(a, b)
#define v_minu(a, b) o8_v8_minu(a, b)
#define v_maxu(a, b) o8_v8_maxu(a, b)
#define v_minu8(a, b) o8_v8_minu8(a, b)
#define v_count80(a, ones8) ((void)(ones8), o8_v8_count80(a))
#define v_mullo(a, b) o8_v8_mullo(a, b)
#define v_lut(table, index) o8_v8_lut(table, index)
#define v_lut_table(p) o8_v8_table16(p)
#define v_gather(base, index, scale) o8_v8_gather((const uint8_t *)(const void *)(base), index, scale)

#define V16 uint16x8_t
#define v16_lookup(table, index) o8_v8_words(table, index)
#define v16_set1(x) vdupq_n_u16((uint16_t)(x))
#define v16_min(a, b) vminq_u16(a, b)
#define v16_store(p, a) vst1q_u16(p, a)
#define v16_lanes(p, a) o8_v8_store_words(p, a)
/* 16 bytes from p + at[q] into half q of a vector */
#define v_load_quarters(p, at) o8_v8_make(O8_FROM_U8(vld1q_u8((p) + (at)[0])), O8_FROM_U8(vld1q_u8((p) + (at)[1])))
#define v_loadu(p) o8_v8_loadu(p)
#define v_any(a) o8_v8_any(a)
#define v_store_low(p, a) o8_v8_storeu(p, a)
#define v_storeu(p, a) o8_v8_storeu(p, a)
#define v_cmpeq8(a, b) o8_v8_cmpeq8(a, b)
#define v_subs_u8(a, b) o8_v8_subs8(a, b)
/* Writes base + l for each bit l of the 8-bit mask, in order, to p (8
 * entries may be written); returns their number. */
O8_INLINE int o8_neon_list(int32_t *p, unsigned mask, int base) {
    uint8x8_t at = vld1_u8(O8_LANE_LIST + 8 * mask);
    uint16x8_t wide = vmovl_u8(at);
    int32x4_t add = vdupq_n_s32(base);
    vst1q_s32(p, vaddq_s32(vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(wide))), add));
    vst1q_s32(p + 4, vaddq_s32(vreinterpretq_s32_u32(vmovl_u16(vget_high_u16(wide))), add));
    return o8_popcount(mask);
}
#define v_list(p, mask, base) o8_neon_list(p, mask, base)
/* bit l set when lane l of a is greater than lane l of b (signed) */
#define v_lanes_gt(a, b) o8_v8_movemask(o8_v8_cmpgt(a, b))

/* No O8_HIGH prefetching (not measured on an AArch64 machine yet). */
#define O8_PREFETCH_LINES 0
#include "eval/simd_rows.h"

int64_t o8_rows_neon(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                     int64_t n, uint16_t *high, int32_t *low, int check) {
    return o8_neon_entry(holes, hole_size, boards, board_size, n, high, low, check);
}
#else
typedef int o8_no_neon_kernel; /* ISO C: a translation unit is not empty */
#endif
