/* The AVX-512 batch kernel (AVX512F + AVX512BW): 16 deals per step, the
 * same code as the AVX2 kernel on 512-bit vectors (simd_rows.h).
 *
 * Only the functions here are compiled for AVX-512 (a per-function target
 * attribute), never the whole module: eval.c calls o8_rows_avx512 only when
 * the CPU and the OS support AVX512F and AVX512BW (kernels.h). */
#include "eval/kernels.h"
#include "eval/eval_inline.h"

#if O8_X86_KERNELS
#include <immintrin.h>

#define O8_TARGET O8_TARGET_ATTR("avx512f,avx512bw,popcnt")
#define O8_POPCOUNT(x) o8_popcnt32(x)

#define V __m512i
#define O8_LANES O8_AVX512_LANES
#define O8_RPREFIX(name) o8_avx512_##name
#define v_zero() _mm512_setzero_si512()
#define v_set1(x) _mm512_set1_epi32(x)
#define v_add(a, b) _mm512_add_epi32(a, b)
#define v_sub(a, b) _mm512_sub_epi32(a, b)
#define v_and(a, b) _mm512_and_si512(a, b)
#define v_or(a, b) _mm512_or_si512(a, b)
#define v_srli(a, n) _mm512_srli_epi32(a, n)
#define v_slli(a, n) _mm512_slli_epi32(a, n)
#define v_srlv(a, b) _mm512_srlv_epi32(a, b)
#define v_sllv(a, b) _mm512_sllv_epi32(a, b)
#define v_minu(a, b) _mm512_min_epu32(a, b)
#define v_maxu(a, b) _mm512_max_epu32(a, b)
#define v_minu8(a, b) _mm512_min_epu8(a, b)
/* bytes 0 or 0x80 (-128): 128 * the number of 0x80 bytes of each lane (ones8: 1 in every byte) */
#define v_count80(a, ones8) _mm512_madd_epi16(_mm512_maddubs_epi16(ones8, a), _mm512_set1_epi16(-1))
#define v_mullo(a, b) _mm512_mullo_epi32(a, b)
#define v_lut(table, index) _mm512_shuffle_epi8(table, index)
#define v_lut_table(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define v_gather(base, index, scale) _mm512_i32gather_epi32(index, (const void *)(base), scale)
/* 16-bit entries table[index]: one 32-bit gather a lookup, the entry in the
 * low word of each lane and the next entry (junk) in the high word; minimums
 * word by word (vpminuw), only the low words stored (vpmovdw): no mask per
 * lookup. An earlier version took 16-bit loads and inserts, which measured
 * faster on Zen 5; on the Intel Xeon of docs/performance.md the gathers win
 * (1.2-1.5x), and the measured kernel choice (eval.c) keeps the faster
 * kernel on each CPU. */
#define V16 __m512i
#define v16_lookup(table, index) v_gather(table, index, 2)
#define v16_set1(x) _mm512_set1_epi32((int)(x))
#define v16_min(a, b) _mm512_min_epu16(a, b)
#define v16_store(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), _mm512_cvtepi32_epi16(a))
#define v16_lanes(p, a) _mm512_storeu_si512((void *)(p), _mm512_and_si512(a, _mm512_set1_epi32(0xFFFF)))
/* 16 bytes from p + at[q] into quarter q (128 bits) of a vector */
#define v_load_quarters(p, at) _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4( \
    _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[0]))), \
    _mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[1])), 1), \
    _mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[2])), 2), \
    _mm_loadu_si128((const __m128i *)(const void *)((p) + (at)[3])), 3)
#define v_loadu(p) _mm512_loadu_si512((const void *)(p))
#define v_any(a) (_mm512_test_epi32_mask(a, a) != 0)
#define v_lanes() _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define v_store_low(p, a) _mm512_storeu_si512((void *)(p), a)

#define v_storeu(p, a) _mm512_storeu_si512((void *)(p), a)
#define v_cmpeq8(a, b) _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(a, b))
#define v_subs_u8(a, b) _mm512_subs_epu8(a, b)
/* bit l set when lane l of a is greater than lane l of b (signed) */
/* Writes base + l for each bit l of the 16-bit mask, in order, to p;
 * returns their number. */
#define v_list(p, mask, base) (_mm512_mask_compressstoreu_epi32((void *)(p), (__mmask16)(mask), \
    _mm512_add_epi32(v_lanes(), _mm512_set1_epi32(base))), O8_POPCOUNT(mask))
#define v_lanes_gt(a, b) ((unsigned)_mm512_cmpgt_epi32_mask(a, b))

/* No O8_HIGH prefetching: on Zen 5 (1 MB L2 per core) prefetching three
 * lines of each row measured 0.80-1.00x on random high-only deals. */
#define O8_PREFETCH_LINES 0
#include "eval/simd_rows.h"

int64_t o8_rows_avx512(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                       int64_t n, uint16_t *high, int32_t *low, int check) {
    return o8_avx512_entry(holes, hole_size, boards, board_size, n, high, low, check);
}
#else
typedef int o8_no_avx512_kernel; /* ISO C: a translation unit is not empty */
#endif
