/* 16-bit table entries by 16-bit loads and inserts, for the SIMD kernels'
 * O8_HIGH and O8_FLUSH lookups (v16_lookup): kernel_avx2.c takes one of
 * these per lookup of 8 lanes, kernel_avx512.c two per lookup of 16. On Zen
 * 3 (AVX2) and Zen 5 (AVX-512) they beat gather instructions (see
 * docs/performance-kernels.md). Needs O8_TARGET, O8_RPREFIX and
 * <immintrin.h>. */
#include <stdint.h>
#include "eval/eval_inline.h"

/* table[at[0..7]] as the eight words of an xmm register. */
O8_TARGET O8_INLINE __m128i O8_RPREFIX(words8)(const uint16_t *table, const uint32_t *at) {
    __m128i v = _mm_cvtsi32_si128(table[at[0]]);
    v = _mm_insert_epi16(v, table[at[1]], 1);
    v = _mm_insert_epi16(v, table[at[2]], 2);
    v = _mm_insert_epi16(v, table[at[3]], 3);
    v = _mm_insert_epi16(v, table[at[4]], 4);
    v = _mm_insert_epi16(v, table[at[5]], 5);
    v = _mm_insert_epi16(v, table[at[6]], 6);
    return _mm_insert_epi16(v, table[at[7]], 7);
}
