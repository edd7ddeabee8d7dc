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
    for (int64_t start = 0; start < n; start += PQL_BLOCK) {
        int m = (int)(n - start < PQL_BLOCK ? n - start : PQL_BLOCK);
        const uint8_t *first = deals + start * stride;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < board_size; j++)
                boards[i * board_size + j] = first[i * stride + n_players * hole_size + j];
        for (int p = 0; p < n_players; p++) {
            for (int i = 0; i < m; i++)
                for (int j = 0; j < hole_size; j++) holes[i * hole_size + j] = first[i * stride + p * hole_size + j];
            if (o8_eval_batch(holes, hole_size, boards, board_size, m, hv, lv) != 0) return -1;
            for (int i = 0; i < m; i++) {
                high[(start + i) * n_players + p] = hv[i];
                low[(start + i) * n_players + p] = lv[i];
            }
        }
        if (!share && !flags) continue;
        for (int i = 0; i < m; i++) {
            const uint16_t *h = high + (start + i) * n_players;
            const int32_t *l = low + (start + i) * n_players;
            unsigned best_h = 0xFFFFu;
            int32_t best_l = 0;  /* decimal lows: smaller is better, 0 = none */
            int n_hi = 0, n_lo = 0;
            for (int p = 0; p < n_players; p++) {
                if (h[p] < best_h) { best_h = h[p]; n_hi = 0; }
                if (h[p] == best_h) n_hi++;
                if (l[p] && (!best_l || l[p] < best_l)) { best_l = l[p]; n_lo = 0; }
                if (l[p] && l[p] == best_l) n_lo++;
            }
            for (int p = 0; p < n_players; p++) {
                int units, f = 0;
                int hi_win = h[p] == best_h, lo_win = best_l && l[p] == best_l;
                if (!best_l) units = hi_win ? O8_POT_UNITS / n_hi : 0;
                else units = (hi_win ? O8_POT_UNITS / 2 / n_hi : 0) + (lo_win ? O8_POT_UNITS / 2 / n_lo : 0);
                if (hi_win) f |= n_hi == 1 ? 1 : 2;
                if (lo_win) f |= n_lo == 1 ? 4 : 8;
                if (units == O8_POT_UNITS) f |= 16;
                if (share) share[(start + i) * n_players + p] = (int16_t)units;
                if (flags) flags[(start + i) * n_players + p] = (uint8_t)f;
            }
        }
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
