/* Monte Carlo with every hole known (internal to the C core): the sampler
 * and showdown shared by the scalar kernel (mc_known.c) and the AVX2 one
 * (mc_avx2.c), which give bit-identical results.
 *
 * Samples come in blocks of O8_MC_LANES: sample i is drawn by lane i % 8
 * from its own xoshiro128** generator (32-bit words), so a vector kernel
 * advances the eight generators side by side and a scalar one lane after
 * lane, with the same numbers. A lane draws the board cards still missing
 * (k of them) as a uniform k-subset of the m cards left by Floyd's method:
 * for j = m - k .. m - 1, t uniform in [0, j]; take t, or j when t is taken
 * already. Each t comes from one word: its top 26 bits x give
 * t = (x * (j + 1)) >> 26, rejected (a fresh word) when the low 26 bits of
 * the product are below 2^26 mod (j + 1) (Lemire's method: exactly uniform;
 * a rejection happens about once per million samples, and a vector kernel
 * then redoes its block with this scalar code).
 *
 * The showdown reads per known hole two small tables built once per call:
 * its best non-flush high and its best low on every five-card board rank
 * multiset (one 32-bit entry per O8_HIGH row), and its best flush per
 * (suit, O8_FLUSH row). Its outcome is one class number, high winners << n |
 * low winners, that the caller tallies.
 */
#ifndef OMAHA8_MC_KNOWN_H
#define OMAHA8_MC_KNOWN_H
#include <stdint.h>
#include "omaha8.h"
#include "eval/eval_inline.h"

#define O8_MC_LANES 8
#define O8_MC_BITS 26          /* random bits per draw */

typedef struct {
    uint32_t s[4][O8_MC_LANES];  /* xoshiro128** state words of each lane */
} o8_mc_rng;

typedef struct {
    int n;                       /* players, all known */
    int k;                       /* board cards to draw, 0..5 */
    int known;                   /* board cards given: 5 - k */
    int m;                       /* cards left to draw from */
    uint8_t board[5];            /* the given board cards */
    int32_t deck[52];            /* the cards left, by id */
    uint32_t bound[5];           /* draw i: uniform in [0, bound[i]), bound[i] = m - k + i + 1 */
    uint32_t thresh[5];          /* 2^26 mod bound[i] */
    const uint32_t *rows[O8_MAX_PLAYERS];   /* work->rows[p] */
    const uint16_t *flush[O8_MAX_PLAYERS];  /* work->flush[p] */
} o8_mc_plan;

/* Low bit of each rank (bit 0 = ace, bit r + 1 for ranks 2..8 = 0..6). */
static const uint8_t O8_LOW_BIT[13] = {2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1};

/* Row (0..O8_BOARD5_ROWS-1) of sorted ranks r[0] <= .. <= r[4] among the five-card rows. */
O8_INLINE unsigned o8_row5(const uint8_t *r) {
    const uint16_t *B = O8_BINOM;
    return B[19 + r[0]] + B[2 * 19 + r[1] + 1] + B[3 * 19 + r[2] + 2] + B[4 * 19 + r[3] + 3]
         + B[5 * 19 + r[4] + 4];
}

O8_INLINE uint64_t o8_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The next word of one generator (xoshiro128**), state s[0..3]. */
O8_INLINE uint32_t o8_mc_step(uint32_t *s) {
    uint32_t result = o8_rotl32(s[1] * 5, 7) * 9, t = s[1] << 9;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = o8_rotl32(s[3], 11);
    return result;
}

/* Lane `lane`'s next sample: the indices c[0..k) into plan->deck of the
 * board cards drawn (distinct). */
O8_INLINE void o8_mc_draw_k(const o8_mc_plan *p, o8_mc_rng *g, int lane, uint32_t *c, const int K) {
    const uint32_t low_bits = (1u << O8_MC_BITS) - 1;
    uint32_t s[4] = {g->s[0][lane], g->s[1][lane], g->s[2][lane], g->s[3][lane]}, drawn[5] = {0};
    uint64_t used = 0;  /* the indices drawn so far (< 52) */
    for (int i = 0; i < K; i++) {
        uint32_t product;
        do product = (o8_mc_step(s) >> (32 - O8_MC_BITS)) * p->bound[i];
        while ((product & low_bits) < p->thresh[i]);
        uint32_t t = product >> O8_MC_BITS;
        drawn[i] = used >> t & 1 ? p->bound[i] - 1 : t;
        used |= 1ull << drawn[i];
    }
    for (int i = 0; i < K; i++) c[i] = drawn[i];
    for (int w = 0; w < 4; w++) g->s[w][lane] = s[w];
}

O8_INLINE void o8_mc_draw(const o8_mc_plan *p, o8_mc_rng *g, int lane, uint32_t *c) {
    o8_mc_draw_k(p, g, lane, c, p->k);
}

/* The five board cards of a sample: the given ones, then the K = p->k drawn ones. */
O8_INLINE void o8_mc_board_k(const o8_mc_plan *p, const uint32_t *c, uint8_t *board, const int K) {
    for (int i = 0; i < 5; i++) board[i] = i < 5 - K ? p->board[i] : (uint8_t)p->deck[c[i - (5 - K)]];
}

O8_INLINE void o8_mc_board(const o8_mc_plan *p, const uint32_t *c, uint8_t *board) {
    o8_mc_board_k(p, c, board, p->k);
}

/* The outcome class of the N = p->n known holes on a five-card board. */
O8_INLINE uint32_t o8_mc_showdown_n(const o8_mc_plan *p, const uint8_t *board, const int N) {
    unsigned row = o8_board_row(board, 5) - O8_ROWS_BOARD5;
    uint32_t count = 0;  /* cards of each suit, one byte per suit */
    for (int i = 0; i < 5; i++) count += 1u << (8 * (board[i] & 3));
    uint32_t three = (count + 0x7D7D7D7Du) & 0x80808080u;  /* 0x80 in the byte of a suit with 3+ */
    unsigned suit = 0, mask = 0;  /* the flush suit (at most one) and its ranks; no branch */
    for (int i = 0; i < 5; i++) {
        unsigned in = three >> (8 * (board[i] & 3u) + 7) & 1u;
        mask |= in << (board[i] >> 2);
        suit |= -in & (board[i] & 3u);
    }
    unsigned flush_at = suit * O8_FLUSH_ROWS + O8_FLUSH_ROW[mask];  /* row 0 without a flush */
    unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS], best_high = ~0u, best_low = ~0u;
    for (int q = 0; q < N; q++) {
        uint32_t e = p->rows[q][row];
        unsigned f = p->flush[q][flush_at];
        high[q] = (e & 0xFFFF) < f ? (e & 0xFFFF) : f;
        low[q] = e >> 16;
        best_high = high[q] < best_high ? high[q] : best_high;
        best_low = low[q] < best_low ? low[q] : best_low;
    }
    uint32_t high_mask = 0, low_mask = 0;
    for (int q = 0; q < N; q++) {
        high_mask |= (uint32_t)(high[q] == best_high) << q;
        low_mask |= (uint32_t)(low[q] == best_low) << q;
    }
    low_mask &= -(uint32_t)(best_low != O8_NO_LOW);
    return high_mask << N | low_mask;
}

/* mc_known.c */
void o8_mc_tables(const uint8_t *const *holes, int n, int hole_size, o8_equity_work *work, int with_flush);
void o8_mc_seed(o8_mc_rng *g, uint64_t seed, uint64_t stream);
void o8_mc_plan_deck(o8_mc_plan *p, int n_players, const uint8_t *board, int board_size, uint64_t base);
void o8_mc_classes_scalar(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes);
/* mc_avx2.c (x86-64 builds with O8_X86_KERNELS only) */
void o8_mc_classes_avx2(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes);
/* mc_neon.c (AArch64 builds with O8_NEON_KERNELS only) */
void o8_mc_classes_neon(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes);

#endif
