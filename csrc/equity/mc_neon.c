/* Monte Carlo with every hole known, NEON (AArch64): mc_avx2.c's blocks of
 * eight samples on pairs of 128-bit registers (eval/neon_pair.h), bit for
 * bit the scalar kernel's results (o8_mc_classes_scalar). The steps are
 * those of mc_avx2.c: the generators' words, Floyd's draws, the cards from
 * the deck by byte shuffles, the rank row by a sorting network and the colex
 * index, the flush suit and its rank mask, then per player its row and flush
 * tables by scalar loads. A block in which some lane rejects a word is drawn
 * again from its start by the scalar code.
 *
 * NEON is baseline on AArch64: equity.c calls this on every AArch64 build
 * when the NEON kernel is chosen. */
#include "eval/kernels.h"
#include "equity/mc_known.h"

#if O8_NEON_KERNELS
#include "eval/neon_pair.h"

#define V o8_v8
#define set1(x) o8_v8_set1((uint32_t)(x))
#define add(a, b) o8_v8_add(a, b)
#define shl(a, n) o8_v8_shl(a, n)
#define shr(a, n) o8_v8_shr(a, n)
#define v_rotl(a, n) o8_v8_or(shl(a, n), shr(a, 32 - (n)))  /* o8_rotl32 in each lane */
#define lut(table, i) o8_v8_lut(table, i)
#define SORT2(a, b) do { V lo_ = o8_v8_minu(a, b); b = o8_v8_maxu(a, b); a = lo_; } while (0)

typedef struct {
    V tri;              /* rank r -> C(r + 1, 2) */
    V b3lo, b3hi;       /* rank r -> C(r + 2, 3), low and high bytes */
    V b4lo, b4hi;       /* rank r -> C(r + 3, 4) */
    V b5lo, b5hi;       /* rank r -> C(r + 4, 5) */
} luts;

static void make_luts(luts *t) {
    uint8_t bytes[7][16] = {{0}};
    for (int r = 0; r < 13; r++) {
        bytes[0][r] = (uint8_t)O8_BINOM[2 * 19 + r + 1];
        for (int k = 3; k <= 5; k++) {
            unsigned v = O8_BINOM[k * 19 + r + k - 1];
            bytes[2 * k - 5][r] = (uint8_t)(v & 0xFF);
            bytes[2 * k - 4][r] = (uint8_t)(v >> 8);
        }
    }
    t->tri = o8_v8_table16(bytes[0]);
    t->b3lo = o8_v8_table16(bytes[1]); t->b3hi = o8_v8_table16(bytes[2]);
    t->b4lo = o8_v8_table16(bytes[3]); t->b4hi = o8_v8_table16(bytes[4]);
    t->b5lo = o8_v8_table16(bytes[5]); t->b5hi = o8_v8_table16(bytes[6]);
}

/* 16-bit entries of ranks i (0..12 in byte 0 of each lane; the other bytes
 * must have their top bit set, so that the shuffles give 0 there). */
#define LUT16(lo, hi, i) o8_v8_or(lut(lo, i), shl(lut(hi, i), 8))

/* The deck's cards at indices c (< 52) from four 16-byte shuffle tables. */
O8_INLINE V deck_cards(const V *deck, V c) {
    V index = o8_v8_and(c, set1(15)), high = shr(c, 4);
    V card = lut(deck[0], index);
    for (int t = 1; t < 4; t++)
        card = o8_v8_blendv8(card, lut(deck[t], index), o8_v8_cmpeq(high, set1(t)));
    return o8_v8_and(card, set1(0xFF));
}

/* xoshiro128** in each lane: the next word. */
O8_INLINE V next_word(V *s) {
    V x = add(shl(s[1], 2), s[1]);  /* * 5 */
    x = v_rotl(x, 7);
    V result = add(shl(x, 3), x);   /* * 9 */
    V t = shl(s[1], 9);
    s[2] = o8_v8_xor(s[2], s[0]);
    s[3] = o8_v8_xor(s[3], s[1]);
    s[1] = o8_v8_xor(s[1], s[2]);
    s[0] = o8_v8_xor(s[0], s[3]);
    s[2] = o8_v8_xor(s[2], t);
    s[3] = v_rotl(s[3], 11);
    return result;
}

O8_INLINE void load_state(V *s, const o8_mc_rng *g) {
    for (int i = 0; i < 4; i++) s[i] = o8_v8_loadu(g->s[i]);
}

O8_INLINE void store_state(o8_mc_rng *g, const V *s) {
    for (int i = 0; i < 4; i++) o8_v8_storeu(g->s[i], s[i]);
}

O8_INLINE void blocks_of(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes, const int K) {
    const V one = set1(1), low16 = set1(0xFFFF), low26 = set1((1u << O8_MC_BITS) - 1);
    const V lut_mask = set1(0x80808000u), zero = set1(0);
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
    for (int i = 0; i < 4; i++) deck[i] = o8_v8_table16(deck_bytes + 16 * i);
    V s[4];
    load_state(s, g);
    for (int64_t b = 0; b < blocks; b++) {
        V start[4] = {s[0], s[1], s[2], s[3]}, c[5], reject = zero;
        for (int i = 0; i < K; i++) {
            V product = o8_v8_mullo(shr(next_word(s), 32 - O8_MC_BITS), bound[i]);
            reject = o8_v8_or(reject, o8_v8_cmpgt(thresh[i], o8_v8_and(product, low26)));
            V draw = shr(product, O8_MC_BITS), taken = zero;
            for (int q = 0; q < i; q++) taken = o8_v8_or(taken, o8_v8_cmpeq(draw, c[q]));
            c[i] = o8_v8_blendv8(draw, last[i], taken);
        }
        if (o8_v8_any(reject)) {  /* redo the block lane by lane */
            uint32_t drawn[5][O8_MC_LANES], lane_c[5];
            store_state(g, start);
            for (int lane = 0; lane < O8_MC_LANES; lane++) {
                o8_mc_draw(p, g, lane, lane_c);
                for (int i = 0; i < K; i++) drawn[i][lane] = lane_c[i];
            }
            load_state(s, g);
            for (int i = 0; i < K; i++) c[i] = o8_v8_loadu(drawn[i]);
        }
        V card[5], rank[5], suit8[5];
        for (int i = 0; i < 5; i++) {
            card[i] = i < known ? known_card[i] : deck_cards(deck, c[i - known]);
            rank[i] = shr(card[i], 2);
            suit8[i] = shl(o8_v8_and(card[i], set1(3)), 3);  /* the suit's byte */
        }
        /* the row: ranks sorted, then their colex index */
        V r0 = rank[0], r1 = rank[1], r2 = rank[2], r3 = rank[3], r4 = rank[4];
        SORT2(r0, r1); SORT2(r3, r4); SORT2(r2, r4); SORT2(r2, r3); SORT2(r0, r3);
        SORT2(r0, r2); SORT2(r1, r4); SORT2(r1, r3); SORT2(r1, r2);
        V row = add(add(r0, lut(t.tri, o8_v8_or(r1, lut_mask))),
                    add(add(LUT16(t.b3lo, t.b3hi, o8_v8_or(r2, lut_mask)),
                            LUT16(t.b4lo, t.b4hi, o8_v8_or(r3, lut_mask))),
                        LUT16(t.b5lo, t.b5hi, o8_v8_or(r4, lut_mask))));
        /* the flush suit (a suit with 3+ cards; at most one) and its ranks */
        V count = zero;
        for (int i = 0; i < 5; i++) count = add(count, o8_v8_shlv(one, suit8[i]));
        V three = o8_v8_and(add(count, set1(0x7D7D7D7Du)), set1(0x80808080u));
        V mask = zero, suit = zero;
        for (int i = 0; i < 5; i++) {
            V in = o8_v8_and(o8_v8_shrv(three, add(suit8[i], set1(7))), one);
            mask = o8_v8_or(mask, o8_v8_shlv(in, rank[i]));
            suit = o8_v8_or(suit, o8_v8_and(o8_v8_sub(zero, in), shr(suit8[i], 3)));
        }
        V flush_row = o8_v8_lookup16(O8_FLUSH_ROW, mask);
        V flush_at = add(o8_v8_mullo(suit, set1(O8_FLUSH_ROWS)), flush_row);
        /* the players */
        V high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS], best_high = set1(~0u), best_low = set1(~0u);
        for (int q = 0; q < n; q++) {
            V e = o8_v8_lookup32(p->rows[q], row);
            V f = o8_v8_lookup16(p->flush[q], flush_at);
            high[q] = o8_v8_minu(o8_v8_and(e, low16), f);
            low[q] = shr(e, 16);
            best_high = o8_v8_minu(best_high, high[q]);
            best_low = o8_v8_minu(best_low, low[q]);
        }
        V high_mask = zero, low_mask = zero;
        for (int q = 0; q < n; q++) {
            V bit = set1(1u << q);
            high_mask = o8_v8_or(high_mask, o8_v8_and(o8_v8_cmpeq(high[q], best_high), bit));
            low_mask = o8_v8_or(low_mask, o8_v8_and(o8_v8_cmpeq(low[q], best_low), bit));
        }
        low_mask = o8_v8_andnot(o8_v8_cmpeq(best_low, set1(O8_NO_LOW)), low_mask);
        o8_v8_storeu(classes + b * O8_MC_LANES, o8_v8_or(shl(high_mask, n), low_mask));
    }
    store_state(g, s);
}

void o8_mc_classes_neon(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes) {
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
typedef int o8_no_mc_neon_kernel; /* ISO C: a translation unit is not empty */
#endif
