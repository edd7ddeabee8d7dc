/* Per-deal showdowns for omaha8_fast.pql (declared in omaha8.h, section
 * "PQL"): every player's high and low on a street of each deal and, on the
 * river, each player's pot share and outcome flags, so that a query's
 * selectors run as array arithmetic instead of a Python loop per deal. */
#include <string.h>
#include "omaha8.h"

/* Rows evaluated per batch call (16 KB of stack): the players' holes and boards are copied
 * into blocks of this many rows on the stack (the batch kernels read
 * contiguous holes and boards; the rows are interleaved). */
#define PQL_BLOCK 1024

/* Column `offset` (size bytes wide) of m rows of `stride` into a packed block. */
static void gather(uint8_t *out, const uint8_t *first, int64_t stride, int m, int offset,
                   int size) {
    const uint8_t *src = first + offset;
    switch (size) {  /* fixed-size copies: the compiler turns each into a load and a store */
    case 3: for (int i = 0; i < m; i++) memcpy(out + 3 * i, src + i * stride, 3); break;
    case 4: for (int i = 0; i < m; i++) memcpy(out + 4 * i, src + i * stride, 4); break;
    case 5: for (int i = 0; i < m; i++) memcpy(out + 5 * i, src + i * stride, 5); break;
    case 6: for (int i = 0; i < m; i++) memcpy(out + 6 * i, src + i * stride, 6); break;
    default:
        for (int i = 0; i < m; i++)
            for (int j = 0; j < size; j++) out[i * size + j] = src[i * stride + j];
    }
}

/* Pot units of the high half (or the whole pot without a low: [0]) split
 * n ways, and the outcome flags of a winner among n: constant tables (the
 * divisions and the tests become loads, not branches). */
static const int16_t HIGH_POT[2][O8_MAX_PLAYERS + 1] = {
    {0, O8_POT_UNITS, O8_POT_UNITS / 2, O8_POT_UNITS / 3, O8_POT_UNITS / 4, O8_POT_UNITS / 5,
     O8_POT_UNITS / 6, O8_POT_UNITS / 7, O8_POT_UNITS / 8, O8_POT_UNITS / 9},
    {0, O8_POT_UNITS / 2, O8_POT_UNITS / 4, O8_POT_UNITS / 6, O8_POT_UNITS / 8, O8_POT_UNITS / 10,
     O8_POT_UNITS / 12, O8_POT_UNITS / 14, O8_POT_UNITS / 16, O8_POT_UNITS / 18}};
static const uint8_t HIGH_FLAG[O8_MAX_PLAYERS + 1] = {0, 1, 2, 2, 2, 2, 2, 2, 2, 2};
static const uint8_t LOW_FLAG[O8_MAX_PLAYERS + 1] = {0, 4, 8, 8, 8, 8, 8, 8, 8, 8};

/* The best high and low of each deal of a block so far and how many players
 * hold it (lows as low - 1 in unsigned: no low, 0, wraps to the largest). */
typedef struct {
    uint16_t best_h[PQL_BLOCK];
    uint32_t best_l[PQL_BLOCK];
    uint8_t n_hi[PQL_BLOCK], n_lo[PQL_BLOCK];
    int16_t hi_units[PQL_BLOCK], lo_units[PQL_BLOCK];  /* settle's: a winner's units and flags */
    uint8_t hi_flag[PQL_BLOCK], lo_flag[PQL_BLOCK];
} pql_best;

/* One more player's values into the block's best (branch-free: vectorised). */
static void best_add(pql_best *b, const uint16_t *hv, const int32_t *lv, int m) {
    for (int i = 0; i < m; i++) {
        unsigned h = hv[i], bh = b->best_h[i];
        uint32_t l = (uint32_t)lv[i] - 1u, bl = b->best_l[i];
        b->n_hi[i] = (uint8_t)(h < bh ? 1 : b->n_hi[i] + (h == bh));
        b->best_h[i] = (uint16_t)(h < bh ? h : bh);
        b->n_lo[i] = (uint8_t)(l < bl ? 1 : b->n_lo[i] + (l == bl));
        b->best_l[i] = l < bl ? l : bl;
    }
}

/* The river settlement of m deals of n players: share and flags (either may be
 * NULL) from high and low (rows of n values) and the block's best. */
static inline void settle_n(pql_best *b, const uint16_t *high, const int32_t *low, int m, int n,
                            int16_t *share, uint8_t *flags) {
    for (int i = 0; i < m; i++) {  /* per deal: the split and the flags of a winner, by table */
        int has_lo = b->best_l[i] != 0xFFFFFFFFu, n_hi = b->n_hi[i], n_lo = b->n_lo[i] & -has_lo;
        b->hi_units[i] = HIGH_POT[has_lo][n_hi];
        b->lo_units[i] = (int16_t)(HIGH_POT[1][n_lo] & -has_lo);
        b->hi_flag[i] = HIGH_FLAG[n_hi];
        b->lo_flag[i] = (uint8_t)(LOW_FLAG[n_lo] & -has_lo);
    }
    for (int p = 0; p < n; p++)  /* per player: comparisons and masks only */
        for (int i = 0; i < m; i++) {
            int64_t at = (int64_t)i * n + p;
            int hi_win = high[at] == b->best_h[i], lo_win = (uint32_t)low[at] - 1u == b->best_l[i];
            int units = (b->hi_units[i] & -hi_win) + (b->lo_units[i] & -lo_win);
            if (share) share[at] = (int16_t)units;
            if (flags)
                flags[at] = (uint8_t)((b->hi_flag[i] & -hi_win) | (b->lo_flag[i] & -lo_win) |
                                      (units == O8_POT_UNITS) << 4);
        }
}

/* settle_n with n a constant for the common table sizes (the player loop unrolled). */
static void settle(pql_best *b, const uint16_t *high, const int32_t *low, int m, int n, int16_t *share,
                   uint8_t *flags) {
    switch (n) {
    case 2: settle_n(b, high, low, m, 2, share, flags); break;
    case 3: settle_n(b, high, low, m, 3, share, flags); break;
    default: settle_n(b, high, low, m, n, share, flags);
    }
}

int o8_pql_showdowns(const uint8_t *deals, int64_t stride, int64_t n, int n_players, int hole_size,
                     int board_size, uint16_t *high, int32_t *low, int16_t *share, uint8_t *flags) {
    if (n < 0 || n_players < 1 || n_players > O8_MAX_PLAYERS || hole_size < O8_MIN_HOLE ||
        hole_size > O8_MAX_HOLE || board_size < O8_MIN_BOARD || board_size > O8_MAX_BOARD ||
        stride < (int64_t)n_players * hole_size + board_size || !deals || !high || !low ||
        ((share || flags) && board_size != 5))
        return -1;
    uint8_t holes[PQL_BLOCK * O8_MAX_HOLE], boards[PQL_BLOCK * O8_MAX_BOARD];
    uint16_t hv[PQL_BLOCK];
    int32_t lv[PQL_BLOCK];
    pql_best best;
    int river = share || flags;
    for (int64_t start = 0; start < n; start += PQL_BLOCK) {
        int m = (int)(n - start < PQL_BLOCK ? n - start : PQL_BLOCK);
        const uint8_t *first = deals + start * stride;
        uint16_t *hi = high + start * n_players;
        int32_t *lo = low + start * n_players;
        gather(boards, first, stride, m, n_players * hole_size, board_size);
        if (river) {
            memset(best.best_h, 0xFF, sizeof best.best_h);
            memset(best.best_l, 0xFF, sizeof best.best_l);
            memset(best.n_hi, 0, sizeof best.n_hi);
            memset(best.n_lo, 0, sizeof best.n_lo);
        }
        for (int p = 0; p < n_players; p++) {
            gather(holes, first, stride, m, p * hole_size, hole_size);
            if (o8_eval_batch(holes, hole_size, boards, board_size, m, hv, lv) != 0) return -1;
            for (int i = 0; i < m; i++) {
                hi[i * n_players + p] = hv[i];
                lo[i * n_players + p] = lv[i];
            }
            if (river) best_add(&best, hv, lv, m);
        }
        if (river)
            settle(&best, hi, lo, m, n_players, share ? share + start * n_players : 0,
                   flags ? flags + start * n_players : 0);
    }
    return 0;
}

int o8_pql_evals(const uint8_t *deals, int64_t stride, int64_t n, int hole_offset, int hole_size,
                 int board_offset, int board_size, uint16_t *high, int32_t *low) {
    if (n < 0 || hole_size < O8_MIN_HOLE || hole_size > O8_MAX_HOLE || board_size < O8_MIN_BOARD ||
        board_size > O8_MAX_BOARD || hole_offset < 0 || board_offset < 0 ||
        (int64_t)hole_offset + hole_size > stride || (int64_t)board_offset + board_size > stride || !deals ||
        !high || !low)
        return -1;
    uint8_t holes[PQL_BLOCK * O8_MAX_HOLE], boards[PQL_BLOCK * O8_MAX_BOARD];
    for (int64_t start = 0; start < n; start += PQL_BLOCK) {
        int m = (int)(n - start < PQL_BLOCK ? n - start : PQL_BLOCK);
        const uint8_t *first = deals + start * stride;
        gather(boards, first, stride, m, board_offset, board_size);
        gather(holes, first, stride, m, hole_offset, hole_size);
        if (o8_eval_batch(holes, hole_size, boards, board_size, m, high + start, low + start) != 0) return -1;
    }
    return 0;
}

/* ---- Exact enumeration (the cursor of omaha8.h) ---------------------------- */

static int level_size(const o8_pql_cursor *c, int level) {
    return level == c->n_players ? c->missing : c->hole_size;
}

static int is_list(const o8_pql_cursor *c, int level) {
    return level < c->n_players && c->players[level].holes != 0;
}

static int64_t list_weight(const o8_range *r, int64_t i) {
    if (!r->cum_weights) return 1;
    return i ? r->cum_weights[i] - r->cum_weights[i - 1] : r->cum_weights[0];
}

/* Level `level`'s current choice taken: its cards, and the cards and weight
 * the next level starts from. 0 when the choice conflicts (lists only). */
static int take(o8_pql_cursor *c, int level) {
    int k = level_size(c, level);
    uint64_t m = 0;
    if (is_list(c, level)) {
        const uint8_t *hole = c->players[level].holes + c->pick[level] * c->hole_size;
        for (int j = 0; j < k; j++) {
            if (hole[j] >= 52 || (m >> hole[j] & 1)) return 0;  /* a bad or repeated card: skipped */
            c->cards[level][j] = hole[j];
            m |= (uint64_t)1 << hole[j];
        }
        if (m & c->used[level]) return 0;
        c->weight[level + 1] = c->weight[level] * list_weight(&c->players[level], c->pick[level]);
    } else {
        for (int j = 0; j < k; j++) {
            uint8_t card = c->avail[level][c->comb[level][j]];
            c->cards[level][j] = card;
            m |= (uint64_t)1 << card;
        }
        c->weight[level + 1] = c->weight[level];
    }
    c->used[level + 1] = c->used[level] | m;
    return 1;
}

/* The next choice of `level` (the first when `fresh`), 0 when none is left.
 * Random holes and the board: combinations of the cards not yet used, in
 * lexicographic order; lists: candidates in order, conflicts skipped. */
static int choose(o8_pql_cursor *c, int level, int fresh, int64_t *steps) {
    int k = level_size(c, level);
    if (is_list(c, level)) {
        int64_t i = fresh ? 0 : c->pick[level] + 1;
        for (; i < c->players[level].n_holes; i++) {
            ++*steps;
            c->pick[level] = i;
            if (take(c, level)) return 1;
        }
        return 0;
    }
    uint8_t *comb = c->comb[level];
    int n = c->n_avail[level];
    if (fresh) {
        n = 0;
        for (int card = 0; card < 52; card++)
            if (!(c->used[level] >> card & 1)) c->avail[level][n++] = (uint8_t)card;
        c->n_avail[level] = (uint8_t)n;
        if (n < k) return 0;
        for (int j = 0; j < k; j++) comb[j] = (uint8_t)j;
    } else {
        int j = k - 1;
        while (j >= 0 && comb[j] == n - k + j) j--;
        if (j < 0) return 0;
        comb[j]++;
        for (int t = j + 1; t < k; t++) comb[t] = (uint8_t)(comb[t - 1] + 1);
    }
    ++*steps;
    return take(c, level);
}

int o8_pql_exact_begin(o8_pql_cursor *c, const o8_range *players, int n_players, int hole_size,
                       const uint8_t *board, int board_size, const uint8_t *dead, int n_dead) {
    if (!c || !players || n_players < 1 || n_players > O8_MAX_PLAYERS || hole_size < O8_MIN_HOLE ||
        hole_size > O8_MAX_HOLE || board_size < 0 || board_size > 5 || (board_size && !board) ||
        n_dead < 0 || n_dead > 52 || (n_dead && !dead))
        return O8_ERR_INPUT;
    memset(c, 0, sizeof *c);
    uint64_t fixed = 0;
    for (int i = 0; i < board_size + n_dead; i++) {
        uint8_t card = i < board_size ? board[i] : dead[i - board_size];
        if (card >= 52 || (fixed >> card & 1)) return O8_ERR_INPUT;
        fixed |= (uint64_t)1 << card;
        if (i < board_size) c->board[i] = card;
    }
    for (int p = 0; p < n_players; p++) {
        const o8_range *r = &players[p];
        if (!r->holes) continue;
        if (r->n_holes < 1) return O8_ERR_INPUT;
        if (r->cum_weights) {
            if (r->cum_weights[0] <= 0) return O8_ERR_INPUT;
            for (int64_t i = 1; i < r->n_holes; i++)
                if (r->cum_weights[i] <= r->cum_weights[i - 1]) return O8_ERR_INPUT;
        }
    }
    c->players = players;
    c->n_players = n_players;
    c->hole_size = hole_size;
    c->board_size = board_size;
    c->missing = 5 - board_size;
    c->used[0] = fixed;
    c->weight[0] = 1;
    c->fresh = 1;
    return 0;
}

int64_t o8_pql_exact_next(o8_pql_cursor *c, uint8_t *rows, int64_t *weights, int64_t capacity,
                          const volatile int32_t *cancel) {
    if (!c || !c->players || capacity < 0 || (capacity && !rows)) return O8_ERR_INPUT;
    int width = c->n_players * c->hole_size + 5, last = c->n_players;
    int64_t out = 0, steps = 0, check_at = 1 << 16;
    while (out < capacity && !c->done) {
        if (steps >= check_at) {
            if (cancel && *cancel) return O8_CANCELLED;
            check_at = steps + (1 << 16);
        }
        int level = c->level;
        if (level == last && !c->fresh && out > 0 && !is_list(c, last)) {
            /* The board's next completions, the holes unchanged: each row is the
             * previous one with other dealt cards (the loop of choose and take
             * without their per-level bookkeeping). */
            int k = c->missing, n = c->n_avail[last], head = width - k;
            uint8_t *comb = c->comb[last];
            const uint8_t *avail = c->avail[last];
            int64_t w = c->weight[last + 1];
            while (out < capacity && steps < check_at) {
                int j = k - 1;
                while (j >= 0 && comb[j] == n - k + j) j--;
                if (j < 0) break;  /* none left: choose() says so below */
                comb[j]++;
                for (int t = j + 1; t < k; t++) comb[t] = (uint8_t)(comb[t - 1] + 1);
                uint8_t *row = rows + out * width;
                memcpy(row, row - width, (size_t)head);
                for (int t = 0; t < k; t++) row[head + t] = avail[comb[t]];
                if (weights) weights[out] = w;
                out++;
                steps += 2;
            }
            if (out >= capacity || steps >= check_at) continue;
        }
        if (!choose(c, level, c->fresh, &steps)) {
            if (level == 0) { c->done = 1; break; }
            c->level = level - 1;
            c->fresh = 0;
            continue;
        }
        if (level < last) {
            c->level = level + 1;
            c->fresh = 1;
            continue;
        }
        uint8_t *row = rows + out * width;
        for (int p = 0; p < c->n_players; p++) memcpy(row + p * c->hole_size, c->cards[p], (size_t)c->hole_size);
        memcpy(row + c->n_players * c->hole_size, c->board, (size_t)c->board_size);
        memcpy(row + c->n_players * c->hole_size + c->board_size, c->cards[last], (size_t)c->missing);
        if (weights) weights[out] = c->weight[last + 1];
        out++;
        c->fresh = 0;
        steps++;
    }
    return out;
}
