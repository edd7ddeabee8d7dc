/* The AVX2 batch kernel: 8 deals per step, table lookups by scalar loads.
 *
 * Only the functions here are compiled for AVX2 (a per-function target
 * attribute; with MSVC the intrinsics need no flag), never the whole module:
 * eval.c calls o8_rows_avx2 only when the CPU has AVX2 (kernels.h). */
#include "eval/kernels.h"
#include "eval/eval_inline.h"

#if O8_X86_KERNELS
#include <immintrin.h>
#include <string.h>

#define O8_TARGET O8_TARGET_ATTR("avx2,popcnt")
#define O8_POPCOUNT(x) o8_popcnt32(x)

#define V __m256i
#define O8_LANES O8_AVX2_LANES
#define O8_RPREFIX(name) o8_avx2_##name
#define v_zero() _mm256_setzero_si256()
#define v_set1(x) _mm256_set1_epi32(x)
#define v_add(a, b) _mm256_add_epi32(a, b)
#define v_sub(a, b) _mm256_sub_epi32(a, b)
#define v_and(a, b) _mm256_and_si256(a, b)
#define v_or(a, b) _mm256_or_si256(a, b)
#define v_srli(a, n) _mm256_srli_epi32(a, n)
#define v_slli(a, n) _mm256_slli_epi32(a, n)
#define v_srlv(a, b) _mm256_srlv_epi32(a, b)
#define v_sllv(a, b) _mm256_sllv_epi32(a, b)
#define v_minu(a, b) _mm256_min_epu32(a, b)
#define v_maxu(a, b) _mm256_max_epu32(a, b)
#define v_minu8(a, b) _mm256_min_epu8(a, b)
/* bytes 0 or 0x80 (-128): 128 * the number of 0x80 bytes of each lane (ones8: 1 in every byte) */
#define v_count80(a, ones8) _mm256_madd_epi16(_mm256_maddubs_epi16(ones8, a), _mm256_set1_epi16(-1))
#define v_mullo(a, b) _mm256_mullo_epi32(a, b)
#define v_lut(table, index) _mm256_shuffle_epi8(table, index)
#define v_lut_table(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
/* Zen 3 runs vpgatherdd at about half the rate of eight scalar loads and
 * inserts, so the AVX2 "gather" is those: the same 32-bit reads (the tables
 * are padded alike). The indices go through memory (one store, eight 32-bit
 * loads), which takes fewer instructions than extracting them. */
O8_TARGET O8_INLINE uint32_t o8_avx2_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
O8_TARGET O8_INLINE __m256i o8_avx2_gather(const uint8_t *base, __m256i index, const int scale) {
    uint32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, index);
#define O8_AT(l) o8_avx2_load32(base + (size_t)at[l] * (size_t)scale)
    __m128i lo = _mm_cvtsi32_si128((int)O8_AT(0));
    lo = _mm_insert_epi32(lo, (int)O8_AT(1), 1);
    lo = _mm_insert_epi32(lo, (int)O8_AT(2), 2);
    lo = _mm_insert_epi32(lo, (int)O8_AT(3), 3);
    __m128i hi = _mm_cvtsi32_si128((int)O8_AT(4));
    hi = _mm_insert_epi32(hi, (int)O8_AT(5), 1);
    hi = _mm_insert_epi32(hi, (int)O8_AT(6), 2);
    hi = _mm_insert_epi32(hi, (int)O8_AT(7), 3);
#undef O8_AT
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
/* 16-bit entries table[index] of the 8 lanes, as 8 words of an xmm register
 * (simd_words.h): no 32-bit lane to mask afterwards. */
#include "eval/simd_words.h"
O8_TARGET O8_INLINE __m128i o8_avx2_lookup16(const uint16_t *table, __m256i index) {
    uint32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, index);
    return o8_avx2_words8(table, at);
}
#define V16 __m128i
#define v16_lookup(table, index) o8_avx2_lookup16(table, index)
#define v16_set1(x) _mm_set1_epi16((short)(x))
#define v16_min(a, b) _mm_min_epu16(a, b)
#define v16_store(p, a) _mm_storeu_si128((__m128i *)(void *)(p), a)
#define v16_lanes(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), _mm256_cvtepu16_epi32(a))
#define v_gather(base, index, scale) o8_avx2_gather((const uint8_t *)(const void *)(base), index, scale)
/* 16 bytes from p + at[q] into quarter q (128 bits) of a vector */
#define v_load_quarters(p, at) _mm256_inserti128_si256(_mm256_castsi128_si256( \
    _mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[0]))), \
    _mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[1])), 1)
#define v_loadu(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define v_any(a) (!_mm256_testz_si256(a, a))
#define v_lanes() _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
#define v_store_low(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), a)

#define v_storeu(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), a)
#define v_cmpeq8(a, b) _mm256_cmpeq_epi8(a, b)
#define v_subs_u8(a, b) _mm256_subs_epu8(a, b)
/* bit l set when lane l of a is greater than lane l of b (signed) */
/* Writes base + l for each bit l of the 8-bit mask, in order, to p (8
 * entries may be written); returns their number. */
#define v_list(p, mask, base) (_mm256_storeu_si256((__m256i *)(void *)(p), _mm256_add_epi32( \
    _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(O8_LANE_LIST + 8 * (mask)))), \
    _mm256_set1_epi32(base))), O8_POPCOUNT(mask))
#define v_lanes_gt(a, b) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b))))

/* O8_HIGH lines of each board row prefetched a few blocks ahead (simd_rows.h):
 * measured on Zen 3, +5-10% on random deals. */
#define O8_PREFETCH_LINES 3
#include "eval/simd_rows.h"

int64_t o8_rows_avx2(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                     int64_t n, uint16_t *high, int32_t *low, int check) {
    return o8_avx2_entry(holes, hole_size, boards, board_size, n, high, low, check);
}
#else
typedef int o8_no_avx2_kernel; /* ISO C: a translation unit is not empty */
#endif
