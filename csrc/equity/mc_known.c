/* Monte Carlo with every hole known: the per-call tables, the lane
 * generators and the scalar kernel (the reference for mc_avx2.c). The
 * sampler and showdown themselves are in mc_known.h; equity.c runs them. */
#include <string.h>
#include "equity/mc_known.h"

/* The tables of the known holes (holes[p], NULL for the others) in work:
 * rows[p][row] = best non-flush high | best low << 16 on each five-card rank
 * multiset (row as o8_board_row's minus O8_ROWS_BOARD5), and, with
 * `with_flush`, flush[p][suit * O8_FLUSH_ROWS + r] = its best flush in that
 * suit on O8_FLUSH row r (O8_NO_HAND in row 0 and in suits where it holds
 * fewer than two cards), then two padding entries. One pass over the O8_HIGH
 * rows serves every player. */
void o8_mc_tables(const uint8_t *const *holes, int n, int hole_size, o8_equity_work *work, int with_flush) {
    o8_hole h[O8_MAX_PLAYERS];
    int players[O8_MAX_PLAYERS], k = 0;
    for (int p = 0; p < n; p++) {
        if (!holes[p]) continue;
        o8_hole *e = &h[k];
        o8_prepare_hole(e, holes[p], hole_size);
        int distinct = 0;  /* rank pairs once each (AsAd2s3d: AA A2 A3 23, not 6 columns) */
        for (int i = 0; i < e->n_pairs; i++) {
            int seen = 0;
            for (int j = 0; j < distinct; j++) seen |= e->pair_col[j] == e->pair_col[i];
            if (!seen) e->pair_col[distinct++] = e->pair_col[i];
        }
        e->n_pairs = (uint8_t)distinct;
        players[k++] = p;
    }
    /* rows in colex order: the largest rank outermost, so row counts up */
    unsigned row = 0;
    uint8_t r[5];
    for (r[4] = 0; r[4] < 13; r[4]++)
    for (r[3] = 0; r[3] <= r[4]; r[3]++)
    for (r[2] = 0; r[2] <= r[3]; r[2]++)
    for (r[1] = 0; r[1] <= r[2]; r[1]++)
    for (r[0] = 0; r[0] <= r[1]; r[0]++, row++) {
        const uint16_t *high_row = O8_HIGH + (O8_ROWS_BOARD5 + row) * O8_HIGH_STRIDE;
        unsigned board_low = O8_LOW_BIT[r[0]] | O8_LOW_BIT[r[1]] | O8_LOW_BIT[r[2]] | O8_LOW_BIT[r[3]]
                           | O8_LOW_BIT[r[4]];
        for (int q = 0; q < k; q++) {
            unsigned best = O8_NO_HAND;
            for (int i = 0; i < h[q].n_pairs; i++) {
                unsigned v = high_row[h[q].pair_col[i]];
                best = v < best ? v : best;
            }
            work->rows[players[q]][row] = best | (uint32_t)O8_LOW[h[q].low_mask | board_low] << 16;
        }
    }
    if (!with_flush) return;
    for (int q = 0; q < k; q++) {
        uint16_t *flush = work->flush[players[q]];
        for (int s = 0; s < 4; s++) {
            uint16_t *table = flush + s * O8_FLUSH_ROWS;
            uint8_t cols[15];
            int m = 0;
            for (unsigned a = h[q].suit_ranks[s]; a; a &= a - 1)
                for (unsigned b = a & (a - 1); b; b &= b - 1)
                    cols[m++] = O8_PAIR[o8_ctz(a) * 13 + o8_ctz(b)];
            if (!m) {
                for (int i = 0; i < O8_FLUSH_ROWS; i++) table[i] = O8_NO_HAND;
                continue;
            }
            for (int i = 0; i < O8_FLUSH_ROWS; i++) {
                const uint16_t *flush_row = O8_FLUSH + i * O8_N_PAIRS;
                unsigned best = flush_row[cols[0]];
                for (int j = 1; j < m; j++) best = flush_row[cols[j]] < best ? flush_row[cols[j]] : best;
                table[i] = (uint16_t)best;
            }
        }
        flush[4 * O8_FLUSH_ROWS] = flush[4 * O8_FLUSH_ROWS + 1] = O8_NO_HAND;
    }
}

/* The lanes' generators for (seed, stream): distinct streams of one seed get
 * unrelated states (splitmix64 of the stream mixed into the seed, as the
 * general sampler's xoshiro256** is seeded), each lane two splitmix64 words. */
void o8_mc_seed(o8_mc_rng *g, uint64_t seed, uint64_t stream) {
    uint64_t x = stream;
    uint64_t mixed = seed ^ o8_splitmix64(&x);
    for (int lane = 0; lane < O8_MC_LANES; lane++) {
        uint64_t a = o8_splitmix64(&mixed), b = o8_splitmix64(&mixed);
        if (!(a | b)) a = 1;  /* xoshiro's one forbidden state */
        g->s[0][lane] = (uint32_t)a;
        g->s[1][lane] = (uint32_t)(a >> 32);
        g->s[2][lane] = (uint32_t)b;
        g->s[3][lane] = (uint32_t)(b >> 32);
    }
}

/* Everything of the plan but the tables: the board, the deck, the draws. */
void o8_mc_plan_deck(o8_mc_plan *p, int n_players, const uint8_t *board, int board_size, uint64_t base) {
    memset(p, 0, sizeof *p);
    p->n = n_players;
    p->known = board_size;
    p->k = 5 - board_size;
    memcpy(p->board, board, (size_t)board_size);
    for (int c = 0; c < 52; c++)
        if (!(base >> c & 1)) p->deck[p->m++] = c;
    for (int i = 0; i < p->k; i++) {
        p->bound[i] = (uint32_t)(p->m - p->k + i + 1);
        p->thresh[i] = (1u << O8_MC_BITS) % p->bound[i];
    }
}

static inline void classes_of(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes,
                              const int K, const int N) {
    uint32_t c[5];
    uint8_t board[5];
    for (int64_t b = 0; b < blocks; b++)
        for (int lane = 0; lane < O8_MC_LANES; lane++) {
            o8_mc_draw_k(p, g, lane, c, K);
            o8_mc_board_k(p, c, board, K);
            classes[b * O8_MC_LANES + lane] = o8_mc_showdown_n(p, board, N);
        }
}

/* `blocks` blocks of samples: classes[8 * b + lane] (constant k and, heads-up, n). */
void o8_mc_classes_scalar(const o8_mc_plan *p, o8_mc_rng *g, int64_t blocks, uint32_t *classes) {
    int two = p->n == 2;
    switch (p->k) {
        case 0: classes_of(p, g, blocks, classes, 0, p->n); break;
        case 1: classes_of(p, g, blocks, classes, 1, p->n); break;
        case 2: if (two) classes_of(p, g, blocks, classes, 2, 2); else classes_of(p, g, blocks, classes, 2, p->n); break;
        case 3: if (two) classes_of(p, g, blocks, classes, 3, 2); else classes_of(p, g, blocks, classes, 3, p->n); break;
        case 4: classes_of(p, g, blocks, classes, 4, p->n); break;
        default: if (two) classes_of(p, g, blocks, classes, 5, 2); else classes_of(p, g, blocks, classes, 5, p->n); break;
    }
}
