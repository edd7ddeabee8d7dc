/* The AVX2 batch kernel: 8 deals per step, table lookups by gathers.
 *
 * Only the functions here are compiled for AVX2 (a per-function target
 * attribute; with MSVC the intrinsics need no flag), never the whole module:
 * eval.c calls o8_rows_avx2 only when the CPU has AVX2 (kernels.h). */
#include "eval/kernels.h"
#include "eval/eval_inline.h"

#if O8_X86_KERNELS
#include <immintrin.h>

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
/* Table reads by hardware gathers (vpgatherdd: 32-bit reads; the tables
 * are padded, O8_PAD_BYTES). On the Intel Xeon of docs/performance.md they
 * beat the eight scalar loads and inserts an earlier version took (1.2-1.5x
 * on the whole kernel); the measured kernel choice (eval.c) keeps the
 * faster of this kernel and the others on each CPU. */
#define v_gather(base, index, scale) _mm256_i32gather_epi32((const int *)(const void *)(base), index, scale)
/* 16-bit entries table[index]: one 32-bit gather a lookup, the entry in the
 * low word of each lane and the next entry (junk) in the high word. Minimums
 * are taken word by word (vpminuw), so the junk never mixes with the
 * entries, and only the low words are stored: no mask per lookup. */
#define V16 __m256i
#define v16_lookup(table, index) v_gather(table, index, 2)
#define v16_set1(x) _mm256_set1_epi32((int)(x))
#define v16_min(a, b) _mm256_min_epu16(a, b)
/* the low words of the 8 lanes as 8 uint16 */
#define v16_store(p, a) _mm_storeu_si128((__m128i *)(void *)(p), _mm256_castsi256_si128(_mm256_permute4x64_epi64( \
    _mm256_shuffle_epi8(a, _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1, \
                                            0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1)), 0x08)))
#define v16_lanes(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), _mm256_and_si256(a, _mm256_set1_epi32(0xFFFF)))
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
