/* Eight 32-bit lanes on AArch64 NEON: a pair of 128-bit registers with the
 * operations of an AVX2 vector that the NEON kernels (eval/kernel_neon.c,
 * equity/mc_neon.c) need, lane for lane the same results. Byte shuffles work
 * within each 128-bit half, as AVX2's vpshufb does within each 128-bit lane,
 * with its semantics (an index byte with its top bit set gives 0, else its
 * low four bits index the half). Variable shifts take counts 0..127 (NEON
 * reads the low byte of each count; the kernels' counts are below 32, or 32
 * and more only where AVX2's result, 0, is NEON's too).
 *
 * Only intrinsics of <arm_neon.h>, no vector operators or initializers, so
 * GCC, clang and MSVC for ARM64 take it. Include only where O8_NEON_KERNELS.
 */
#ifndef OMAHA8_NEON_PAIR_H
#define OMAHA8_NEON_PAIR_H
#include <arm_neon.h>
#include <stdint.h>
#include <string.h>
#include "o8_port.h"

typedef struct {
    uint32x4_t a; /* lanes 0..3 */
    uint32x4_t b; /* lanes 4..7 */
} o8_v8;

#define O8_U8(x) vreinterpretq_u8_u32(x)
#define O8_S8(x) vreinterpretq_s8_u32(x)
#define O8_S32(x) vreinterpretq_s32_u32(x)
#define O8_FROM_U8(x) vreinterpretq_u32_u8(x)

O8_INLINE o8_v8 o8_v8_make(uint32x4_t a, uint32x4_t b) {
    o8_v8 r;
    r.a = a;
    r.b = b;
    return r;
}
O8_INLINE o8_v8 o8_v8_set1(uint32_t x) { return o8_v8_make(vdupq_n_u32(x), vdupq_n_u32(x)); }
O8_INLINE o8_v8 o8_v8_add(o8_v8 x, o8_v8 y) { return o8_v8_make(vaddq_u32(x.a, y.a), vaddq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_sub(o8_v8 x, o8_v8 y) { return o8_v8_make(vsubq_u32(x.a, y.a), vsubq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_and(o8_v8 x, o8_v8 y) { return o8_v8_make(vandq_u32(x.a, y.a), vandq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_or(o8_v8 x, o8_v8 y) { return o8_v8_make(vorrq_u32(x.a, y.a), vorrq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_xor(o8_v8 x, o8_v8 y) { return o8_v8_make(veorq_u32(x.a, y.a), veorq_u32(x.b, y.b)); }
/* ~x & y (AVX2's andnot) */
O8_INLINE o8_v8 o8_v8_andnot(o8_v8 x, o8_v8 y) { return o8_v8_make(vbicq_u32(y.a, x.a), vbicq_u32(y.b, x.b)); }
O8_INLINE o8_v8 o8_v8_mullo(o8_v8 x, o8_v8 y) { return o8_v8_make(vmulq_u32(x.a, y.a), vmulq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_minu(o8_v8 x, o8_v8 y) { return o8_v8_make(vminq_u32(x.a, y.a), vminq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_maxu(o8_v8 x, o8_v8 y) { return o8_v8_make(vmaxq_u32(x.a, y.a), vmaxq_u32(x.b, y.b)); }

/* Shifts by the same count n (0..31) in every lane. */
O8_INLINE o8_v8 o8_v8_shl(o8_v8 x, int n) {
    int32x4_t s = vdupq_n_s32(n);
    return o8_v8_make(vshlq_u32(x.a, s), vshlq_u32(x.b, s));
}
O8_INLINE o8_v8 o8_v8_shr(o8_v8 x, int n) {
    int32x4_t s = vdupq_n_s32(-n);
    return o8_v8_make(vshlq_u32(x.a, s), vshlq_u32(x.b, s));
}
/* Shifts by each lane's count (0..127; 32 and more give 0). */
O8_INLINE o8_v8 o8_v8_shlv(o8_v8 x, o8_v8 n) {
    return o8_v8_make(vshlq_u32(x.a, O8_S32(n.a)), vshlq_u32(x.b, O8_S32(n.b)));
}
O8_INLINE o8_v8 o8_v8_shrv(o8_v8 x, o8_v8 n) {
    return o8_v8_make(vshlq_u32(x.a, vnegq_s32(O8_S32(n.a))), vshlq_u32(x.b, vnegq_s32(O8_S32(n.b))));
}

/* Lane compares: all ones where true. */
O8_INLINE o8_v8 o8_v8_cmpeq(o8_v8 x, o8_v8 y) { return o8_v8_make(vceqq_u32(x.a, y.a), vceqq_u32(x.b, y.b)); }
O8_INLINE o8_v8 o8_v8_cmpgt(o8_v8 x, o8_v8 y) { /* signed */
    return o8_v8_make(vcgtq_s32(O8_S32(x.a), O8_S32(y.a)), vcgtq_s32(O8_S32(x.b), O8_S32(y.b)));
}
/* Bytewise: y where mask's byte has its top bit set, else x (AVX2's blendv). */
O8_INLINE o8_v8 o8_v8_blendv8(o8_v8 x, o8_v8 y, o8_v8 mask) {
    uint8x16_t ma = vreinterpretq_u8_s8(vshrq_n_s8(O8_S8(mask.a), 7));
    uint8x16_t mb = vreinterpretq_u8_s8(vshrq_n_s8(O8_S8(mask.b), 7));
    return o8_v8_make(O8_FROM_U8(vbslq_u8(ma, O8_U8(y.a), O8_U8(x.a))),
                      O8_FROM_U8(vbslq_u8(mb, O8_U8(y.b), O8_U8(x.b))));
}

/* Bytewise operations. */
O8_INLINE o8_v8 o8_v8_minu8(o8_v8 x, o8_v8 y) {
    return o8_v8_make(O8_FROM_U8(vminq_u8(O8_U8(x.a), O8_U8(y.a))), O8_FROM_U8(vminq_u8(O8_U8(x.b), O8_U8(y.b))));
}
O8_INLINE o8_v8 o8_v8_subs8(o8_v8 x, o8_v8 y) { /* unsigned, saturating */
    return o8_v8_make(O8_FROM_U8(vqsubq_u8(O8_U8(x.a), O8_U8(y.a))), O8_FROM_U8(vqsubq_u8(O8_U8(x.b), O8_U8(y.b))));
}
O8_INLINE o8_v8 o8_v8_cmpeq8(o8_v8 x, o8_v8 y) {
    return o8_v8_make(O8_FROM_U8(vceqq_u8(O8_U8(x.a), O8_U8(y.a))), O8_FROM_U8(vceqq_u8(O8_U8(x.b), O8_U8(y.b))));
}
/* Minus the sum of each lane's four bytes read as signed (AVX2's
 * madd(maddubs(ones, x), -1)): 128 per 0x80 byte of a lane of 0 and 0x80 bytes. */
O8_INLINE o8_v8 o8_v8_count80(o8_v8 x) {
    int32x4_t a = vnegq_s32(vpaddlq_s16(vpaddlq_s8(O8_S8(x.a))));
    int32x4_t b = vnegq_s32(vpaddlq_s16(vpaddlq_s8(O8_S8(x.b))));
    return o8_v8_make(vreinterpretq_u32_s32(a), vreinterpretq_u32_s32(b));
}
/* vpshufb: per 16-byte half, table byte (index & 15), or 0 where the index
 * byte has its top bit set. */
O8_INLINE o8_v8 o8_v8_lut(o8_v8 table, o8_v8 index) {
    const uint8x16_t keep = vdupq_n_u8(0x8F);
    return o8_v8_make(O8_FROM_U8(vqtbl1q_u8(O8_U8(table.a), vandq_u8(O8_U8(index.a), keep))),
                      O8_FROM_U8(vqtbl1q_u8(O8_U8(table.b), vandq_u8(O8_U8(index.b), keep))));
}

/* Memory. */
O8_INLINE o8_v8 o8_v8_loadu(const void *p) {
    const uint8_t *q = (const uint8_t *)p;
    return o8_v8_make(O8_FROM_U8(vld1q_u8(q)), O8_FROM_U8(vld1q_u8(q + 16)));
}
O8_INLINE void o8_v8_storeu(void *p, o8_v8 x) {
    uint8_t *q = (uint8_t *)p;
    vst1q_u8(q, O8_U8(x.a));
    vst1q_u8(q + 16, O8_U8(x.b));
}
/* 16 bytes from p broadcast to both halves (a table for o8_v8_lut). */
O8_INLINE o8_v8 o8_v8_table16(const void *p) {
    uint32x4_t t = O8_FROM_U8(vld1q_u8((const uint8_t *)p));
    return o8_v8_make(t, t);
}
/* The 32-bit words at base + index * scale of each lane, by scalar loads. */
O8_INLINE o8_v8 o8_v8_gather(const uint8_t *base, o8_v8 index, int scale) {
    uint32_t at[8], w[8];
    o8_v8_storeu(at, index);
    for (int l = 0; l < 8; l++) memcpy(&w[l], base + (size_t)at[l] * (size_t)scale, 4);
    return o8_v8_loadu(w);
}
/* table[index] of each lane (16-bit entries, zero-extended). */
O8_INLINE o8_v8 o8_v8_lookup16(const uint16_t *table, o8_v8 index) {
    uint32_t at[8], w[8];
    o8_v8_storeu(at, index);
    for (int l = 0; l < 8; l++) w[l] = table[at[l]];
    return o8_v8_loadu(w);
}
O8_INLINE o8_v8 o8_v8_lookup32(const uint32_t *table, o8_v8 index) {
    uint32_t at[8], w[8];
    o8_v8_storeu(at, index);
    for (int l = 0; l < 8; l++) w[l] = table[at[l]];
    return o8_v8_loadu(w);
}
/* table[index] of each lane as the eight 16-bit words of one register. */
O8_INLINE uint16x8_t o8_v8_words(const uint16_t *table, o8_v8 index) {
    uint32_t at[8];
    uint16_t w[8];
    o8_v8_storeu(at, index);
    for (int l = 0; l < 8; l++) w[l] = table[at[l]];
    return vld1q_u16(w);
}
/* Eight 16-bit words zero-extended into eight 32-bit ones at p. */
O8_INLINE void o8_v8_store_words(void *p, uint16x8_t x) {
    o8_v8_storeu(p, o8_v8_make(vmovl_u16(vget_low_u16(x)), vmovl_u16(vget_high_u16(x))));
}

/* Lane tests. */
O8_INLINE int o8_v8_any(o8_v8 x) { return vmaxvq_u32(vorrq_u32(x.a, x.b)) != 0; }
/* Bit l set where lane l is all ones or has its top bit set (movemask). */
O8_INLINE unsigned o8_v8_movemask(o8_v8 x) {
    const uint32_t bits_a[4] = {1, 2, 4, 8}, bits_b[4] = {16, 32, 64, 128};
    uint32x4_t a = vandq_u32(vreinterpretq_u32_s32(vshrq_n_s32(O8_S32(x.a), 31)), vld1q_u32(bits_a));
    uint32x4_t b = vandq_u32(vreinterpretq_u32_s32(vshrq_n_s32(O8_S32(x.b), 31)), vld1q_u32(bits_b));
    return (unsigned)vaddvq_u32(vorrq_u32(a, b));
}

#endif
