/* Monte Carlo with every hole known, AVX2: the eight lanes of mc_known.h in
 * the eight 32-bit lanes of a vector, bit for bit the scalar kernel's
 * results (o8_mc_classes_scalar). Per block of eight samples: the
 * generators' words, Floyd's draws (compares against the cards drawn
 * before), the cards from the deck by byte shuffles, the rank row by a
 * sorting network and the colex index (binomials from byte shuffles), the
 * flush suit and its rank mask -> O8_FLUSH_ROW, then per player one lookup
 * in its row table (high and low) and one in its flush table. The table
 * lookups are eight scalar loads each: on Zen 3 that beats vpgatherdd (a
 * gather of eight lanes cost about 14 cycles here). A block in which some
 * lane rejects a word (about once per 10^5 blocks) is drawn again from its
 * start by the scalar code.
 *
 * Only these functions are compiled for AVX2 (a per-function target
 * attribute), never the module; equity.c calls them only when the CPU has
 * AVX2. Every index stays inside its table: deck indices < m <= 52, rows <
 * O8_BOARD5_ROWS, flush masks < 8192, flush entries < 4 * O8_FLUSH_ROWS. */
#include "eval/kernels.h"
#include "equity/mc_known.h"

#if O8_X86_KERNELS
#include <immintrin.h>

#define O8_TARGET O8_TARGET_ATTR("avx2")

#define V __m256i
#define set1(x) _mm256_set1_epi32((int)(x))
#define add(a, b) _mm256_add_epi32(a, b)
#define v_and(a, b) _mm256_and_si256(a, b)
#define v_or(a, b) _mm256_or_si256(a, b)
#define v_xor(a, b) _mm256_xor_si256(a, b)
#define shl(a, n) _mm256_slli_epi32(a, n)
#define shr(a, n) _mm256_srli_epi32(a, n)
#define v_rotl(a, n) v_or(shl(a, n), shr(a, 32 - (n)))  /* o8_rotl32 in each lane */
#define lut(table, i) _mm256_shuffle_epi8(table, i)
#define SORT2(a, b) do { V lo_ = _mm256_min_epu32(a, b); b = _mm256_max_epu32(a, b); a = lo_; } while (0)

/* 16 bytes broadcast to both halves: a byte table for lut(). */
O8_TARGET static inline V table16(const uint8_t *bytes) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)bytes));
}

typedef struct {
    V tri;              /* rank r -> C(r + 1, 2) */
    V b3lo, b3hi;       /* rank r -> C(r + 2, 3), low and high bytes */
    V b4lo, b4hi;       /* rank r -> C(r + 3, 4) */
    V b5lo, b5hi;       /* rank r -> C(r + 4, 5) */
} luts;

O8_TARGET static void make_luts(luts *t) {
    uint8_t bytes[7][16] = {{0}};
    for (int r = 0; r < 13; r++) {
        bytes[0][r] = (uint8_t)O8_BINOM[2 * 19 + r + 1];
        for (int k = 3; k <= 5; k++) {
            unsigned v = O8_BINOM[k * 19 + r + k - 1];
            bytes[2 * k - 5][r] = (uint8_t)(v & 0xFF);
            bytes[2 * k - 4][r] = (uint8_t)(v >> 8);
        }
    }
    t->tri = table16(bytes[0]);
    t->b3lo = table16(bytes[1]); t->b3hi = table16(bytes[2]);
    t->b4lo = table16(bytes[3]); t->b4hi = table16(bytes[4]);
    t->b5lo = table16(bytes[5]); t->b5hi = table16(bytes[6]);
}

/* 16-bit entries of ranks i (0..12 in byte 0 of each lane; the other bytes
 * must have their top bit set, so that the shuffles give 0 there). */
#define LUT16(lo, hi, i) v_or(lut(lo, i), shl(lut(hi, i), 8))

/* Table lookups by eight scalar loads and inserts: on Zen 3 a vpgatherdd
 * of eight lanes costs about twice as much. */
O8_TARGET static inline V lookup32(const uint32_t *table, V index) {
    uint32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, index);
    return _mm256_setr_epi32((int)table[at[0]], (int)table[at[1]], (int)table[at[2]], (int)table[at[3]],
                             (int)table[at[4]], (int)table[at[5]], (int)table[at[6]], (int)table[at[7]]);
}

O8_TARGET static inline V lookup16(const uint16_t *table, V index) {
    uint32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, index);
    return _mm256_setr_epi32(table[at[0]], table[at[1]], table[at[2]], table[at[3]],
                             table[at[4]], table[at[5]], table[at[6]], table[at[7]]);
}

/* The deck's cards at indices c (< 52) from four 16-byte shuffle tables. */
O8_TARGET static inline V deck_cards(const V *deck, V c) {
    V index = v_and(c, set1(15)), high = shr(c, 4);
    V card = lut(deck[0], index);
    for (int t = 1; t < 4; t++)
        card = _mm256_blendv_epi8(card, lut(deck[t], index), _mm256_cmpeq_epi32(high, set1(t)));
    return v_and(card, set1(0xFF));
}

/* xoshiro128** in each lane: the next word. */
O8_TARGET static inline V next_word(V *s) {
    V x = add(shl(s[1], 2), s[1]);  /* * 5 */
    x = v_rotl(x, 7);
    V result = add(shl(x, 3), x);   /* * 9 */
    V t = shl(s[1], 9);
    s[2] = v_xor(s[2], s[0]);
    s[3] = v_xor(s[3], s[1]);
    s[1] = v_xor(s[1], s[2]);
    s[0] = v_xor(s[0], s[3]);
    s[2] = v_xor(s[2], t);
    s[3] = v_rotl(s[3], 11);
    return result;
}

O8_TARGET static inline void load_state(V *s, const o8_mc_rng *g) {
    for (int i = 0; i < 4; i++) s[i] = _mm256_loadu_si256((const __m256i *)(const void *)g->s[i]);
}

O8_TARGET static inline void store_state(o8_mc_rng *g, const V *s) {
    for (int i = 0; i < 4; i++) _mm256_storeu_si256((__m256i *)(void *)g->s[i], s[i]);
}

O8_TARGET static inline void blocks_of(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks,
                                       uint32_t *classes, const int K) {
    const V one = set1(1), low16 = set1(0xFFFF), low26 = set1((1u << O8_MC_BITS) - 1);
    const V lut_mask = set1(0x80808000u);
    const int n = p->n, known = 5 - K;  /* p->known */
    luts t;
    make_luts(&t);
    V bound[5], thresh[5], last[5], known_card[5];
    for (int i = 0; i < K; i++) {
        bound[i] = set1(p->bound[i]);
        thresh[i] = set1(p->thresh[i]);
        last[i] = set1(p->bound[i] - 1);
    }
    for (int i = 0; i < known; i++) known_card[i] = set1(p->board[i]);
    uint8_t deck_bytes[64] = {0};
    V deck[4];
    for (int i = 0; i < p->m; i++) deck_bytes[i] = (uint8_t)p->deck[i];
    for (int t = 0; t < 4; t++) deck[t] = table16(deck_bytes + 16 * t);
    const __m128i players_shift = _mm_cvtsi32_si128(n);
    V s[4];
    load_state(s, g);
    for (int64_t b = 0; b < blocks; b++) {
        V start[4] = {s[0], s[1], s[2], s[3]}, c[5], reject = _mm256_setzero_si256();
        for (int i = 0; i < K; i++) {
            V product = _mm256_mullo_epi32(shr(next_word(s), 32 - O8_MC_BITS), bound[i]);
            reject = v_or(reject, _mm256_cmpgt_epi32(thresh[i], v_and(product, low26)));
            V draw = shr(product, O8_MC_BITS), taken = _mm256_setzero_si256();
            for (int q = 0; q < i; q++) taken = v_or(taken, _mm256_cmpeq_epi32(draw, c[q]));
            c[i] = _mm256_blendv_epi8(draw, last[i], taken);
        }
        if (!_mm256_testz_si256(reject, reject)) {  /* redo the block lane by lane */
            uint32_t drawn[5][O8_MC_LANES], lane_c[5];
            store_state(g, start);
            for (int lane = 0; lane < O8_MC_LANES; lane++) {
                o8_mc_draw(p, g, lane, lane_c);
                for (int i = 0; i < K; i++) drawn[i][lane] = lane_c[i];
            }
            load_state(s, g);
            for (int i = 0; i < K; i++) c[i] = _mm256_loadu_si256((const __m256i *)(const void *)drawn[i]);
        }
        V card[5], rank[5], suit8[5];
        for (int i = 0; i < 5; i++) {
            card[i] = i < known ? known_card[i] : deck_cards(deck, c[i - known]);
            rank[i] = shr(card[i], 2);
            suit8[i] = shl(v_and(card[i], set1(3)), 3);  /* the suit's byte */
        }
        /* the row: ranks sorted, then their colex index */
        V r0 = rank[0], r1 = rank[1], r2 = rank[2], r3 = rank[3], r4 = rank[4];
        SORT2(r0, r1); SORT2(r3, r4); SORT2(r2, r4); SORT2(r2, r3); SORT2(r0, r3);
        SORT2(r0, r2); SORT2(r1, r4); SORT2(r1, r3); SORT2(r1, r2);
        V row = add(add(r0, lut(t.tri, v_or(r1, lut_mask))),
                    add(add(LUT16(t.b3lo, t.b3hi, v_or(r2, lut_mask)), LUT16(t.b4lo, t.b4hi, v_or(r3, lut_mask))),
                        LUT16(t.b5lo, t.b5hi, v_or(r4, lut_mask))));
        /* the flush suit (a suit with 3+ cards; at most one) and its ranks */
        V count = _mm256_setzero_si256();
        for (int i = 0; i < 5; i++) count = add(count, _mm256_sllv_epi32(one, suit8[i]));
        V three = v_and(add(count, set1(0x7D7D7D7Du)), set1(0x80808080u));
        V mask = _mm256_setzero_si256(), suit = _mm256_setzero_si256();
        for (int i = 0; i < 5; i++) {
            V in = v_and(_mm256_srlv_epi32(three, add(suit8[i], set1(7))), one);
            mask = v_or(mask, _mm256_sllv_epi32(in, rank[i]));
            suit = v_or(suit, v_and(_mm256_sub_epi32(_mm256_setzero_si256(), in), shr(suit8[i], 3)));
        }
        V flush_row = lookup16(O8_FLUSH_ROW, mask);
        V flush_at = add(_mm256_mullo_epi32(suit, set1(O8_FLUSH_ROWS)), flush_row);
        /* the players */
        V high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS], best_high = set1(~0u), best_low = set1(~0u);
        for (int q = 0; q < n; q++) {
            V e = lookup32(p->rows[q], row);
            V f = lookup16(p->flush[q], flush_at);
            high[q] = _mm256_min_epu32(v_and(e, low16), f);
            low[q] = shr(e, 16);
            best_high = _mm256_min_epu32(best_high, high[q]);
            best_low = _mm256_min_epu32(best_low, low[q]);
        }
        V high_mask = _mm256_setzero_si256(), low_mask = _mm256_setzero_si256();
        for (int q = 0; q < n; q++) {
            V bit = set1(1u << q);
            high_mask = v_or(high_mask, v_and(_mm256_cmpeq_epi32(high[q], best_high), bit));
            low_mask = v_or(low_mask, v_and(_mm256_cmpeq_epi32(low[q], best_low), bit));
        }
        low_mask = _mm256_andnot_si256(_mm256_cmpeq_epi32(best_low, set1(O8_NO_LOW)), low_mask);
        V cls = v_or(_mm256_sll_epi32(high_mask, players_shift), low_mask);
        _mm256_storeu_si256((__m256i *)(void *)(classes + b * O8_MC_LANES), cls);
    }
    store_state(g, s);
}

O8_TARGET void o8_mc_classes_avx2(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes) {
    switch (p->k) {
        case 0: blocks_of(p, g, blocks, classes, 0); break;
        case 1: blocks_of(p, g, blocks, classes, 1); break;
        case 2: blocks_of(p, g, blocks, classes, 2); break;
        case 3: blocks_of(p, g, blocks, classes, 3); break;
        case 4: blocks_of(p, g, blocks, classes, 4); break;
        default: blocks_of(p, g, blocks, classes, 5); break;
    }
}
#else
typedef int o8_no_mc_avx2_kernel; /* ISO C: a translation unit is not empty */
#endif
