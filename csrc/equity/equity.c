/* Equity kernels declared in omaha8.h: exact enumeration and Monte Carlo.
 *
 * Both prepare every hole once per deal and every board once, evaluate all
 * players on it and tally the outcome (who won each half); outcomes are
 * settled in integer pot units at the end (add_outcome). Exact preflop
 * enumeration walks the deck in increasing card order, so board ranks arrive
 * sorted and the board's table row and card bits are built one card at a time
 * instead of per board.
 */
#include <stddef.h>
#include <string.h>
#include "omaha8.h"
#include "eval/eval_inline.h"
#include "eval/kernels.h"
#include "equity/mc_known.h"

#define HALF (O8_POT_UNITS / 2)
#define MAX_REJECTED 1000000

/* A hole as the equity loops use it: like o8_hole, plus the O8_FLUSH columns
 * of its suited pairs for each suit, padded to one count per hole with a
 * column that never makes a flush. The flush lookup then needs no branch on
 * whether the board has a flush (flush_row is row 0, all O8_NO_HAND, when it
 * has none): that branch goes either way on ~40% of boards and mispredicts. */
typedef struct {
    uint8_t cols[15];          /* O8_HIGH columns of the rank pairs */
    uint8_t suited[4][15];     /* O8_FLUSH columns of the suited pairs, per suit */
    int n_cols, n_suited;      /* n_suited = the most suited pairs in one suit */
    unsigned low_mask;
} eq_hole;

static void eq_prepare(eq_hole *e, const uint8_t *cards, int hole_size) {
    o8_hole h;
    o8_prepare_hole(&h, cards, hole_size);
    memcpy(e->cols, h.pair_col, sizeof e->cols);
    e->n_cols = h.n_pairs;
    e->low_mask = h.low_mask;
    e->n_suited = 0;
    memset(e->suited, O8_PAIR[0], sizeof e->suited);  /* 2-2: never a flush */
    for (int s = 0; s < 4; s++) {
        int k = 0;
        for (unsigned a = h.suit_ranks[s]; a; a &= a - 1)
            for (unsigned b = a & (a - 1); b; b &= b - 1)
                e->suited[s][k++] = O8_PAIR[o8_ctz(a) * 13 + o8_ctz(b)];
        e->n_suited = k > e->n_suited ? k : e->n_suited;
    }
}

/* The best high: min(the best non-flush hand `best`, the best flush). */
O8_INLINE unsigned eq_with_flush(const eq_hole *h, const o8_board *b, unsigned best) {
    const uint8_t *suited = h->suited[b->flush_suit];
    for (int i = 0; i < h->n_suited; i++) {
        unsigned v = b->flush_row[suited[i]];
        best = v < best ? v : best;
    }
    return best;
}

O8_INLINE unsigned eq_high(const eq_hole *h, const o8_board *b) {
    unsigned best = O8_NO_HAND;
    for (int i = 0; i < h->n_cols; i++) {
        unsigned v = b->high_row[h->cols[i]];
        best = v < best ? v : best;
    }
    return eq_with_flush(h, b, best);
}

/* Units of a half (or of the whole pot) per winner, for 1..9 winners. */
static const int32_t HALF_PER[O8_MAX_PLAYERS + 1] = {
    0, HALF, HALF / 2, HALF / 3, HALF / 4, HALF / 5, HALF / 6, HALF / 7, HALF / 8, HALF / 9};

/* Count `count` showdowns won by the players of mask `high` (the best high)
 * and of mask `low` (the best low; 0 when nobody has one). `squares`: also
 * sum the squared units (Monte Carlo, whose count is 1 per deal and whose
 * samples are bounded by O8_MAX_SAMPLES; exact counts weigh deals up to
 * 2^63 / O8_POT_UNITS, whose squares would overflow). The sums are done in
 * uint64_t, so even a caller that breaks the bound gets wrapped numbers, not
 * undefined behaviour. */
static void add_outcome(int n, unsigned high, unsigned low, int64_t count, int squares,
                        o8_equity_counts *out) {
    int n_high = o8_popcount(high), n_low = o8_popcount(low);
    uint64_t high_units = (uint64_t)HALF_PER[n_high] * (low ? 1 : 2);
    uint64_t low_units = low ? (uint64_t)HALF_PER[n_low] : 0, ucount = (uint64_t)count;
    out->showdowns += count;
    if (!low) out->no_low += count;
    for (int p = 0; p < n; p++) {
        o8_player_counts *c = &out->player[p];
        int high_won = high >> p & 1, low_won = low >> p & 1;
        uint64_t units = (uint64_t)high_won * high_units + (uint64_t)low_won * low_units;
        if (high_won) *(n_high == 1 ? &c->high_win : &c->high_tie) += count;
        if (low_won) *(n_low == 1 ? &c->low_win : &c->low_tie) += count;
        if (high == 1u << p && (!low || low == 1u << p)) c->scoop += count;
        c->share = (int64_t)((uint64_t)c->share + units * ucount);
        if (squares) c->share_sq = (int64_t)((uint64_t)c->share_sq + units * units * ucount);
    }
}

/* Showdowns are tallied by outcome (high winners, low winners) and settled
 * once per outcome at the end: far cheaper than updating every player's
 * counts per showdown. Up to TALLY_PLAYERS players (6: 4,096 bins, 32 KB;
 * settling each 6-way Monte Carlo showdown at once cost more than its
 * evaluation); beyond, each showdown is
 * settled at once. Up to TALLY_SPLIT players, tally_classes spreads
 * consecutive showdowns over 4 copies of the bins (no chain of increments of
 * one counter). */
#define TALLY_PLAYERS 6
#define TALLY_SPLIT 3
typedef struct {
    int n, squares;
    int64_t count[1 << (2 * TALLY_PLAYERS)];  /* index [copy <<] high << n | low */
} tally;

static void tally_start(tally *t, int n, int squares) {
    t->n = n;
    t->squares = squares;
    if (n <= TALLY_PLAYERS)  /* only the bins used: a turn's few dozen showdowns cost less than 32 KB of zeros */
        memset(t->count, 0, sizeof t->count[0] * ((size_t)(n <= TALLY_SPLIT ? 4 : 1) << (2 * n)));
}

/* Settle the showdown of high[] and low[] values (lower is better; no_low:
 * the value of no qualifying low), counting it `weight` times. */
O8_INLINE void tally_add_values(tally *t, const unsigned *high, const unsigned *low, unsigned no_low,
                                int64_t weight, o8_equity_counts *out) {
    int n = t->n;
    unsigned best_high = ~0u, best_low = ~0u, high_mask = 0, low_mask = 0;
    for (int p = 0; p < n; p++) {
        best_high = high[p] < best_high ? high[p] : best_high;
        best_low = low[p] < best_low ? low[p] : best_low;
    }
    for (int p = 0; p < n; p++) {
        high_mask |= (unsigned)(high[p] == best_high) << p;
        low_mask |= (unsigned)(low[p] == best_low) << p;
    }
    low_mask &= -(unsigned)(best_low != no_low);
    if (n <= TALLY_PLAYERS) t->count[high_mask << n | low_mask] += weight;
    else add_outcome(n, high_mask, low_mask, weight, t->squares, out);
}

/* tally_add of the tables' values: lows as positions, O8_NO_LOW for none. */
O8_INLINE void tally_add(tally *t, const unsigned *high, const unsigned *low, int64_t weight,
                         o8_equity_counts *out) {
    tally_add_values(t, high, low, O8_NO_LOW, weight, out);
}

/* Count showdowns of outcome classes[0..count) (high << n | low, Monte Carlo). */
static void tally_classes(tally *t, const uint32_t *classes, int64_t count, o8_equity_counts *out) {
    int n = t->n;
    if (n <= TALLY_SPLIT) {
        for (int64_t i = 0; i < count; i++) t->count[(i & 3) << (2 * n) | classes[i]]++;
    } else if (n <= TALLY_PLAYERS) {
        for (int64_t i = 0; i < count; i++) t->count[classes[i]]++;
    } else {
        for (int64_t i = 0; i < count; i++)
            add_outcome(n, classes[i] >> n, classes[i] & ((1u << n) - 1), 1, t->squares, out);
    }
}

static void tally_finish(const tally *t, o8_equity_counts *out) {
    if (t->n > TALLY_PLAYERS) return;
    unsigned mask = (1u << t->n) - 1, bins = 1u << (2 * t->n);
    for (unsigned i = 0; i < bins; i++) {
        int64_t count = t->count[i];
        if (t->n <= TALLY_SPLIT) count += t->count[i + bins] + t->count[i + 2 * bins] + t->count[i + 3 * bins];
        if (count) add_outcome(t->n, i >> t->n, i & mask, count, t->squares, out);
    }
}

/* Exact enumeration's showdown (Monte Carlo has its own, with tables). */
O8_INLINE void showdown(int n, const eq_hole *holes, const o8_board *board, int64_t weight,
                        tally *t, o8_equity_counts *out) {
    unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        high[p] = eq_high(&holes[p], board);
        low[p] = O8_LOW[holes[p].low_mask | board->low_mask];
    }
    tally_add(t, high, low, weight, out);
}

/* ---- validation ----------------------------------------------------------- */

/* 1 when a job is valid; then *base = the cards known for sure: the board, the
 * dead cards and the holes of one-candidate players. */
static int check_job(const o8_range *players, int n_players, int hole_size, const uint8_t *board,
                     int board_size, const uint8_t *dead, int n_dead, uint64_t *base) {
    uint64_t known, dead_mask, m;
    if (n_players < 2 || n_players > O8_MAX_PLAYERS || hole_size < O8_MIN_HOLE
        || hole_size > O8_MAX_HOLE || board_size < 0 || board_size > 5 || n_dead < 0
        || n_dead > 52 || !players || (board_size && !board) || (n_dead && !dead))
        return 0;
    if (!o8_cards_mask(board, board_size, &known) || !o8_cards_mask(dead, n_dead, &dead_mask)
        || (known & dead_mask))
        return 0;
    known |= dead_mask;
    int open_players = 0;
    for (int p = 0; p < n_players; p++) {
        const o8_range *r = &players[p];
        if (!r->holes) { open_players++; continue; }
        if (r->n_holes < 1) return 0;
        for (int64_t k = 0; k < r->n_holes; k++) {
            if (!o8_cards_mask(r->holes + k * hole_size, hole_size, &m)) return 0;
            if (r->cum_weights && r->cum_weights[k] <= (k ? r->cum_weights[k - 1] : 0)) return 0;
        }
        if (r->n_holes == 1) {
            o8_cards_mask(r->holes, hole_size, &m);
            if (m & known) return 0;
            known |= m;
        } else {
            open_players++;
        }
    }
    /* the cards left must cover the open holes and the rest of the board */
    if (52 - o8_popcount(known) < open_players * hole_size + 5 - board_size) return 0;
    *base = known;
    return 1;
}

static int64_t weight_of(const o8_range *r, int64_t k) {
    return r->cum_weights ? r->cum_weights[k] - (k ? r->cum_weights[k - 1] : 0) : 1;
}

/* ---- exact enumeration ----------------------------------------------------- */

typedef struct {
    const o8_range *players;
    int n, hole_size;
    const uint8_t *cards[O8_MAX_PLAYERS];        /* current hole of each player */
    uint8_t random_cards[O8_MAX_PLAYERS][O8_MAX_HOLE];
    eq_hole holes[O8_MAX_PLAYERS];
    unsigned changed;                             /* players whose holes[] is stale */
    uint8_t board[5];
    int board_size;
    int64_t part, n_parts, unit;                  /* unit = index of the next unit mod n_parts */
    int first_open;                               /* first player not known, or -1 */
    o8_equity_counts *out;
    const volatile int32_t *cancel;               /* stop when *cancel != 0 (may be NULL) */
    int stop;                                     /* set once cancelled: every loop unwinds */
    unsigned ticks;
    tally tally;                                  /* last: zeroed by tally_start, not with the rest */
} exact_job;

/* Has the caller asked to stop? Read at most every few thousand showdowns. */
O8_INLINE int cancelled(const volatile int32_t *cancel) {
    return cancel && o8_load_relaxed(cancel);
}

static int exact_stop(exact_job *x) {
    if (!x->stop && cancelled(x->cancel)) x->stop = 1;
    return x->stop;
}

/* Is the next unit of work ours? Units: when every hole is known, the whole
 * enumeration (one deal); else a choice of the first open player's
 * hole (its candidate, or its first two cards if random), so that the other
 * parts skip whole subtrees. */
static int take_unit(exact_job *x) {
    int mine = x->unit == x->part;
    if (++x->unit == x->n_parts) x->unit = 0;
    return mine;
}

/* ---- exact preflop: boards by rank multiset ---------------------------------
 *
 * Without a flush, a five-card board's outcome depends only on its multiset
 * of ranks: the best non-flush high is the O8_HIGH row of the multiset, and
 * the low mask is that of its ranks. So the preflop boards are counted in two
 * passes, each board counted exactly once in the end:
 *
 * 1. every rank multiset r0 <= .. <= r4 (6,175 of them), weighed by the
 *    number of boards of the deck that have it (the product over its ranks of
 *    C(cards of that rank left, times it appears)), settled as if no board
 *    made a flush;
 * 2. every board that holds 3+ cards of a suit in which some player holds 2+
 *    cards (the only boards on which a flush can change anything): when the
 *    flushes change the high winners, the board's outcome is added and the
 *    non-flush outcome pass 1 counted for it is taken back.
 *
 * Boards with 3+ cards of a suit nobody can flush in are right in pass 1; a
 * board holds 3+ cards of at most one suit. Pass 2 picks the suited cards in
 * an outer loop (their flush row and every player's best flush are then
 * fixed) and the ranks of the other cards inside, each rank choice standing
 * for all the boards with those ranks in the other suits. Heads-up that is
 * ~6,000 multisets plus ~60,000 flush rank choices instead of 1,086,008
 * boards with a flush check each.
 * Counts are the same integers as a board-by-board enumeration's; the whole
 * preflop of one deal is one unit of work (some bins of the tally go
 * negative within a deal, never at its end). */

/* Players up to which the best non-flush high of every rank multiset is kept
 * from pass 1 for pass 2 (12 KB of stack per player); beyond, pass 2 reads the
 * row's pair columns again. */
#define PREFLOP_TABLE_PLAYERS 3

O8_INLINE unsigned nonflush_high(const eq_hole *h, unsigned row5) {
    const uint16_t *high_row = O8_HIGH + (O8_ROWS_BOARD5 + row5) * O8_HIGH_STRIDE;
    unsigned best = O8_NO_HAND;
    for (int i = 0; i < h->n_cols; i++) {
        unsigned v = high_row[h->cols[i]];
        best = v < best ? v : best;
    }
    return best;
}

/* The five-card row of ranks r[0..5) in any order. */
O8_INLINE unsigned ranks_row(const uint8_t *ranks) {
    uint8_t r[5];
    memcpy(r, ranks, 5);
    O8_SWAP(r[0], r[1]); O8_SWAP(r[3], r[4]); O8_SWAP(r[2], r[4]); O8_SWAP(r[2], r[3]); O8_SWAP(r[0], r[3]);
    O8_SWAP(r[0], r[2]); O8_SWAP(r[1], r[4]); O8_SWAP(r[1], r[3]); O8_SWAP(r[1], r[2]);
    return o8_row5(r);
}

O8_INLINE unsigned ranks_low(const uint8_t *r) {
    return O8_LOW_BIT[r[0]] | O8_LOW_BIT[r[1]] | O8_LOW_BIT[r[2]] | O8_LOW_BIT[r[3]] | O8_LOW_BIT[r[4]];
}

typedef struct {
    exact_job *x;
    int64_t weight;
    uint16_t (*table)[O8_BOARD5_ROWS];    /* NULL: no table (too many players) */
    unsigned suit;
    int other[13];                        /* cards of each rank left in the other suits */
    uint8_t ranks[5];                     /* the board's ranks: suited ones first */
    uint8_t fixed[5];                     /* the given board cards' ranks not in the suit */
    int n_fixed;
    unsigned flush[O8_MAX_PLAYERS];       /* each player's best flush on the suited cards */
} flush_pass;

/* Pass 2, one board's ranks (f->ranks, in any order), standing for `ways`
 * boards whose other cards have these ranks in other suits. */
static void flush_board(flush_pass *f, int64_t ways) {
    exact_job *x = f->x;
    int n = x->n;
    const uint8_t *r = f->ranks;
    unsigned row = ranks_row(r);
    unsigned nf[O8_MAX_PLAYERS], hi[O8_MAX_PLAYERS];
    unsigned best_nf = ~0u, best_hi = ~0u, mask_nf = 0, mask_hi = 0;
    for (int p = 0; p < n; p++) {
        nf[p] = f->table ? f->table[p][row] : nonflush_high(&x->holes[p], row);
        hi[p] = f->flush[p] < nf[p] ? f->flush[p] : nf[p];
        best_nf = nf[p] < best_nf ? nf[p] : best_nf;
        best_hi = hi[p] < best_hi ? hi[p] : best_hi;
    }
    for (int p = 0; p < n; p++) {
        mask_nf |= (unsigned)(nf[p] == best_nf) << p;
        mask_hi |= (unsigned)(hi[p] == best_hi) << p;
    }
    if (mask_nf == mask_hi) return;  /* the flushes change nobody's share */
    unsigned board_low = ranks_low(r);
    unsigned low[O8_MAX_PLAYERS];
    for (int p = 0; p < n; p++) low[p] = O8_LOW[x->holes[p].low_mask | board_low];
    tally_add(&x->tally, hi, low, f->weight * ways, x->out);
    tally_add(&x->tally, nf, low, -f->weight * ways, x->out);
}

/* Pass 2: suited cards ranks[depth..k) from suited[from..ns) (ranks[0..depth)
 * and `mask`: those already on the board); then the given board's other ranks
 * (fixed[0..n_fixed)) and the other cards dealt by rank (at most 2 of them: a
 * flush suit has 3+ cards). */
static void flush_suited(flush_pass *f, const uint8_t *suited, int ns, int k, int depth, int from,
                         unsigned mask) {
    if (depth < k) {
        for (int i = from; i <= ns - (k - depth); i++) {
            f->ranks[depth] = suited[i];
            flush_suited(f, suited, ns, k, depth + 1, i + 1, mask | 1u << suited[i]);
        }
        return;
    }
    exact_job *x = f->x;
    const uint16_t *flush_row = O8_FLUSH + O8_FLUSH_ROW[mask] * O8_N_PAIRS;
    for (int p = 0; p < x->n; p++) {
        const eq_hole *h = &x->holes[p];
        unsigned best = O8_NO_HAND;
        for (int i = 0; i < h->n_suited; i++) {
            unsigned v = flush_row[h->suited[f->suit][i]];
            best = v < best ? v : best;
        }
        f->flush[p] = best;
    }
    int at = k;
    for (int i = 0; i < f->n_fixed; i++) f->ranks[at++] = f->fixed[i];
    const int *c = f->other;
    if (at == 5) {
        flush_board(f, 1);
    } else if (at == 4) {
        for (uint8_t a = 0; a < 13; a++)
            if (c[a]) { f->ranks[4] = a; flush_board(f, c[a]); }
    } else {
        for (uint8_t a = 0; a < 13; a++) {
            if (!c[a]) continue;
            f->ranks[3] = a;
            for (uint8_t b = a; b < 13; b++) {
                int64_t ways = a == b ? O8_BINOM[2 * 19 + c[a]] : c[a] * c[b];
                if (!ways) continue;
                f->ranks[4] = b;
                flush_board(f, ways);
            }
        }
    }
}

/* Whether some player holds 2+ cards of suit s: only then can a board of
 * 3+ cards of that suit change a high (pass 2). */
static int someone_suited(const exact_job *x, unsigned s) {
    int someone = 0;
    for (int p = 0; p < x->n; p++) someone |= x->holes[p].suited[s][0] != O8_PAIR[0];
    return someone;
}

/* Pass 2 in suit s: the deck's cards d[0..m) of the suit into suited[] by
 * rank (returns how many), the others counted by rank in f->other. */
static int split_deck(flush_pass *f, const uint8_t *d, int m, unsigned s, uint8_t *suited) {
    int ns = 0;
    f->suit = s;
    memset(f->other, 0, sizeof f->other);
    for (int i = 0; i < m; i++) {
        if ((d[i] & 3u) == s) suited[ns++] = O8_RANK[d[i]];
        else f->other[O8_RANK[d[i]]]++;
    }
    return ns;
}

/* All 5-card boards from deck d[0..m) (sorted by id); the whole is one unit. */
static void boards_preflop(exact_job *x, const uint8_t *d, int m, int64_t weight) {
    const uint16_t *B = O8_BINOM;
    uint16_t table[PREFLOP_TABLE_PLAYERS][O8_BOARD5_ROWS];
    int n = x->n, tabulate = n <= PREFLOP_TABLE_PLAYERS;
    if (x->first_open < 0 && !take_unit(x)) return;
    if (exact_stop(x)) return;
    int left[13] = {0};
    for (int i = 0; i < m; i++) left[O8_RANK[d[i]]]++;
    /* pass 1: rank multisets */
    uint8_t r[5];
    unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS];
    for (r[0] = 0; r[0] < 13; r[0]++) {
        if (!left[r[0]]) continue;
        for (r[1] = r[0]; r[1] < 13; r[1]++)
        for (r[2] = r[1]; r[2] < 13; r[2]++)
        for (r[3] = r[2]; r[3] < 13; r[3]++)
        for (r[4] = r[3]; r[4] < 13; r[4]++) {
            int64_t ways = 1;
            for (int i = 0, j; i < 5; i = j) {
                for (j = i + 1; j < 5 && r[j] == r[i]; j++) continue;
                ways *= B[(j - i) * 19 + left[r[i]]];  /* C(cards left of the rank, times on board) */
            }
            if (!ways) continue;
            unsigned row = o8_row5(r);
            unsigned board_low = ranks_low(r);
            for (int p = 0; p < n; p++) {
                high[p] = nonflush_high(&x->holes[p], row);
                if (tabulate) table[p][row] = (uint16_t)high[p];
                low[p] = O8_LOW[x->holes[p].low_mask | board_low];
            }
            tally_add(&x->tally, high, low, weight * ways, x->out);
        }
    }
    /* pass 2: boards with 3+ cards of a suit some player can flush in */
    flush_pass f;
    f.x = x;
    f.weight = weight;
    f.table = tabulate ? table : NULL;
    f.n_fixed = 0;
    for (unsigned s = 0; s < 4; s++) {
        if (!someone_suited(x, s)) continue;
        if (exact_stop(x)) return;
        uint8_t suited[13];
        int ns = split_deck(&f, d, m, s, suited);
        for (int k = 3; k <= 5 && k <= ns; k++) flush_suited(&f, suited, ns, k, 0, 0, 0);
    }
}

/* ---- exact flop and turn: boards by rank multiset ---------------------------
 *
 * The completions of a 3- or 4-card board, counted as preflop's are
 * (boards_preflop): pass 1 by the rank multiset of the 2 or 1 cards dealt (at
 * most 91 or 13 of them, each standing for every choice of deck cards with
 * those ranks), as if no board made a flush; pass 2 settles again every
 * completion that holds 3+ cards of a suit some player holds 2+ of, its cards
 * of that suit picked one by one and the others by rank. The same integer
 * counts as board by board (990 boards on a heads-up flop); the completions
 * of one deal are one unit of work. */
static void ranked_board(exact_job *x, const uint8_t *r, int64_t ways) {
    unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS];
    unsigned row = ranks_row(r), board_low = ranks_low(r);
    for (int p = 0; p < x->n; p++) {
        high[p] = nonflush_high(&x->holes[p], row);
        low[p] = O8_LOW[x->holes[p].low_mask | board_low];
    }
    tally_add(&x->tally, high, low, ways, x->out);
}

static void boards_ranked(exact_job *x, const uint8_t *d, int m, int64_t weight) {
    int k = x->board_size;
    if (x->first_open < 0 && !take_unit(x)) return;
    if (exact_stop(x)) return;
    int left[13] = {0};
    for (int i = 0; i < m; i++) left[O8_RANK[d[i]]]++;
    /* pass 1: the ranks dealt */
    uint8_t r[5];
    for (int i = 0; i < k; i++) r[i] = O8_RANK[x->board[i]];
    if (k == 4) {
        for (uint8_t a = 0; a < 13; a++)
            if (left[a]) { r[4] = a; ranked_board(x, r, weight * left[a]); }
    } else {
        for (uint8_t a = 0; a < 13; a++) {
            if (!left[a]) continue;
            r[3] = a;
            for (uint8_t b = a; b < 13; b++) {
                int64_t ways = a == b ? O8_BINOM[2 * 19 + left[a]] : (int64_t)left[a] * left[b];
                if (!ways) continue;
                r[4] = b;
                ranked_board(x, r, weight * ways);
            }
        }
    }
    /* pass 2: completions with 3+ cards of a suit some player can flush in */
    flush_pass f;
    f.x = x;
    f.weight = weight;
    f.table = NULL;
    for (unsigned s = 0; s < 4; s++) {
        if (!someone_suited(x, s)) continue;
        int given = 0;
        unsigned mask = 0;
        f.n_fixed = 0;
        for (int i = 0; i < k; i++) {
            uint8_t rank = O8_RANK[x->board[i]];
            if ((x->board[i] & 3u) == s) { f.ranks[given++] = rank; mask |= 1u << rank; }
            else f.fixed[f.n_fixed++] = rank;
        }
        if (given + 5 - k < 3) continue;
        uint8_t suited[13];
        int ns = split_deck(&f, d, m, s, suited);
        for (int total = given > 3 ? given : 3; total <= given + 5 - k && total <= given + ns; total++)
            flush_suited(&f, suited, ns, total, given, 0, mask);
    }
}

/* The given five-card board (one unit when every hole is known). */
static void board_given(exact_job *x, int64_t weight) {
    if (x->first_open < 0 && !take_unit(x)) return;
    o8_board bd;
    o8_prepare_board(&bd, x->board, 5);
    showdown(x->n, x->holes, &bd, weight, &x->tally, x->out);
}

/* Deal players p.. every hole that fits (`used` = cards taken so far). */
static void deal_from(exact_job *x, int p, uint64_t used, int64_t weight);

static void deal_random(exact_job *x, int p, int k, int from, uint64_t used, int64_t weight) {
    if (k == x->hole_size) {
        x->cards[p] = x->random_cards[p];
        x->changed |= 1u << p;
        deal_from(x, p + 1, used, weight);
        return;
    }
    for (int c = from; c < 52 && !x->stop; c++) {
        if (used >> c & 1) continue;
        if (k == 1 && p == x->first_open && !take_unit(x)) continue;
        x->random_cards[p][k] = (uint8_t)c;
        deal_random(x, p, k + 1, c + 1, used | 1ull << c, weight);
    }
}

static void deal_from(exact_job *x, int p, uint64_t used, int64_t weight) {
    if (p == x->n) {
        if ((x->ticks++ & 255) == 0 && exact_stop(x)) return;
        for (int q = 0; x->changed; q++, x->changed >>= 1)
            if (x->changed & 1) eq_prepare(&x->holes[q], x->cards[q], x->hole_size);
        if (x->board_size == 5) {
            board_given(x, weight);
            return;
        }
        uint8_t deck[52];
        int m = 0;
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1)) deck[m++] = (uint8_t)c;
        if (x->board_size == 0) boards_preflop(x, deck, m, weight);
        else boards_ranked(x, deck, m, weight);
        return;
    }
    const o8_range *r = &x->players[p];
    if (!r->holes) {
        deal_random(x, p, 0, 0, used, weight);
        return;
    }
    if (r->n_holes == 1) {  /* a known hole, already in `used`, prepared once */
        x->cards[p] = r->holes;
        deal_from(x, p + 1, used, weight * weight_of(r, 0));
        return;
    }
    for (int64_t k = 0; k < r->n_holes && !x->stop; k++) {
        if (p == x->first_open && !take_unit(x)) continue;
        const uint8_t *hole = r->holes + k * x->hole_size;
        uint64_t m;
        o8_cards_mask(hole, x->hole_size, &m);
        if (m & used) continue;
        x->cards[p] = hole;
        x->changed |= 1u << p;
        deal_from(x, p + 1, used | m, weight * weight_of(r, k));
    }
}

/* ---- exact: known hands against one random hand, board of 3..5 -----------
 *
 * Boards outside, random holes inside: each board is prepared once, the best
 * high of every pair of the cards left is tabulated once per board (pair[][]),
 * and a random hole's high is the minimum over its pairs, built one card at a
 * time through the nested choice of its cards; its low is O8_LOW of its
 * cards' low bits. The known players' values are settled once per board, so
 * a random hole only decides which side of them it falls on: one of 12
 * outcome bins per board. Units: each (board, first two random cards). */

typedef struct {
    exact_job *x;
    int k, m;                          /* random hole size, cards left */
    const uint8_t *cards;              /* the cards left, m of them */
    uint16_t pair[47][47];             /* best high of cards i < j on the board */
    unsigned low_bits[47];             /* each card's low bits, O8_LOW row units */
    unsigned board_low, fixed_high, fixed_low;
    int64_t bins[12];                  /* high side * 4 + low side */
} random_hole_job;

O8_INLINE void bin_hole(random_hole_job *j, unsigned high, unsigned low_mask) {
    unsigned low = O8_LOW[low_mask | j->board_low];
    unsigned best_low = low < j->fixed_low ? low : j->fixed_low;
    int hc = (high >= j->fixed_high) + (high > j->fixed_high);
    int lc = best_low == O8_NO_LOW ? 3 : (int)((low == best_low) | (j->fixed_low == best_low) << 1) - 1;
    j->bins[hc * 4 + lc]++;
}

/* Cards chosen[0..depth) so far with best high `high` and low bits `low`. */
static void random_holes_from(random_hole_job *j, int *chosen, int depth, int from, unsigned high,
                              unsigned low) {
    if (depth >= j->k - 1 || depth >= O8_MAX_HOLE - 1) {  /* the last card: the tight loop */
        for (int c = from; c < j->m; c++) {
            unsigned h = high;
            for (int i = 0; i < depth; i++) {
                unsigned v = j->pair[chosen[i]][c];
                h = v < h ? v : h;
            }
            bin_hole(j, h, low | j->low_bits[c]);
        }
        return;
    }
    for (int c = from; c <= j->m - (j->k - depth); c++) {
        if (depth == 1 && (!take_unit(j->x) || exact_stop(j->x))) continue;
        unsigned h = high;
        for (int i = 0; i < depth; i++) {
            unsigned v = j->pair[chosen[i]][c];
            h = v < h ? v : h;
        }
        chosen[depth] = c;
        random_holes_from(j, chosen, depth + 1, c + 1, h, low | j->low_bits[c]);
        if (j->x->stop) return;
    }
}

static void random_hole_board(exact_job *x, random_hole_job *j, int random_player, int64_t weight) {
    o8_board bd;
    o8_prepare_board(&bd, x->board, 5);
    unsigned fixed_high = ~0u, fixed_low = ~0u, high_mask = 0, low_mask = 0;
    unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS];
    for (int p = 0; p < x->n; p++) {
        if (p == random_player) continue;
        high[p] = eq_high(&x->holes[p], &bd);
        low[p] = O8_LOW[x->holes[p].low_mask | bd.low_mask];
        fixed_high = high[p] < fixed_high ? high[p] : fixed_high;
        fixed_low = low[p] < fixed_low ? low[p] : fixed_low;
    }
    for (int p = 0; p < x->n; p++) {
        if (p == random_player) continue;
        high_mask |= (unsigned)(high[p] == fixed_high) << p;
        low_mask |= (unsigned)(low[p] == fixed_low && fixed_low != O8_NO_LOW) << p;
    }
    /* the cards left once the board is complete */
    uint64_t on_board;
    o8_cards_mask(x->board, 5, &on_board);
    uint8_t left[47];
    int m = 0;
    for (int i = 0; i < j->m; i++)
        if (!(on_board >> j->cards[i] & 1)) left[m++] = j->cards[i];
    for (int a = 0; a < m; a++) {
        unsigned ra = left[a] >> 2, sa = left[a] & 3;
        j->low_bits[a] = o8_low_mask(O8_CARD_BITS[left[a]]) << 8;
        for (int b = a + 1; b < m; b++) {
            unsigned rb = left[b] >> 2, sb = left[b] & 3;
            unsigned v = bd.high_row[O8_PAIR64[ra << 6 | rb]];
            if (sa == sb && sa == bd.flush_suit) {
                unsigned lo = ra < rb ? ra : rb, hi = ra < rb ? rb : ra;
                unsigned f = bd.flush_row[O8_PAIR[lo * 13 + hi]];
                v = f < v ? f : v;
            }
            j->pair[a][b] = (uint16_t)v;
        }
    }
    const uint8_t *all = j->cards;
    int all_m = j->m;
    j->cards = left;
    j->m = m;
    j->board_low = bd.low_mask;
    j->fixed_high = fixed_high;
    j->fixed_low = fixed_low;
    memset(j->bins, 0, sizeof j->bins);
    int chosen[O8_MAX_HOLE];
    for (int a = 0; a <= m - j->k && !x->stop; a++) {
        chosen[0] = a;
        random_holes_from(j, chosen, 1, a + 1, O8_NO_HAND, j->low_bits[a]);
    }
    j->cards = all;
    j->m = all_m;
    unsigned me = 1u << random_player;
    static const unsigned LOW_SIDE[4] = {1, 2, 3, 0};  /* bit 0: the random hand, bit 1: the known ones */
    for (int i = 0; i < 12; i++) {
        if (!j->bins[i]) continue;
        int hc = i / 4, lc = i % 4;
        unsigned hm = hc == 0 ? me : hc == 1 ? high_mask | me : high_mask;
        unsigned ls = LOW_SIDE[lc];
        unsigned lm = (ls & 1 ? me : 0) | (ls & 2 ? low_mask : 0);
        int64_t count = j->bins[i] * weight;
        if (x->n <= TALLY_PLAYERS) x->tally.count[hm << x->n | lm] += count;
        else add_outcome(x->n, hm, lm, count, 0, x->out);
    }
}

/* Every completion of the board from the cards left, then the random holes. */
static void random_hole_boards(exact_job *x, random_hole_job *j, int random_player, int at, int from,
                               int64_t weight) {
    if (at == 5) {
        random_hole_board(x, j, random_player, weight);
        return;
    }
    for (int i = from; i <= j->m - (5 - at) && !x->stop; i++) {
        x->board[at] = j->cards[i];
        random_hole_boards(x, j, random_player, at + 1, i + 1, weight);
    }
}

/* 1 when the job is known hands against one random hand on a board of 3+
 * cards (then counted by random_hole_boards), else 0. */
static int one_random_hand(exact_job *x, uint64_t base) {
    int random_player = -1;
    int64_t weight = 1;
    if (x->board_size < 3) return 0;
    for (int p = 0; p < x->n; p++) {
        const o8_range *r = &x->players[p];
        if (!r->holes) {
            if (random_player >= 0) return 0;
            random_player = p;
        } else if (r->n_holes != 1) {
            return 0;
        } else {
            eq_prepare(&x->holes[p], r->holes, x->hole_size);
            weight *= weight_of(r, 0);
        }
    }
    if (random_player < 0) return 0;
    random_hole_job j;
    uint8_t cards[52];
    j.x = x;
    j.k = x->hole_size;
    j.m = 0;
    for (int c = 0; c < 52; c++)
        if (!(base >> c & 1)) cards[j.m++] = (uint8_t)c;
    j.cards = cards;
    random_hole_boards(x, &j, random_player, x->board_size, 0, weight);
    return 1;
}

int o8_equity_exact_cancel(const o8_range *players, int n_players, int hole_size,
                           const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                           int64_t part, int64_t n_parts, const volatile int32_t *cancel,
                           o8_equity_counts *out) {
    uint64_t base;
    if (!out || n_parts < 1 || part < 0 || part >= n_parts
        || !check_job(players, n_players, hole_size, board, board_size, dead, n_dead, &base))
        return O8_ERR_INPUT;
    memset(out, 0, sizeof *out);
    exact_job x;
    memset(&x, 0, offsetof(exact_job, tally));
    x.players = players;
    x.n = n_players;
    x.hole_size = hole_size;
    x.board_size = board_size;
    memcpy(x.board, board, (size_t)board_size);
    x.part = part;
    x.n_parts = n_parts;
    x.first_open = -1;
    for (int p = n_players - 1; p >= 0; p--)
        if (!players[p].holes || players[p].n_holes > 1) x.first_open = p;
    x.out = out;
    x.cancel = cancel;
    x.changed = (1u << n_players) - 1;
    tally_start(&x.tally, n_players, 0);
    if (!one_random_hand(&x, base)) deal_from(&x, 0, base, 1);
    tally_finish(&x.tally, out);
    return x.stop ? O8_CANCELLED : 0;
}

int o8_equity_exact(const o8_range *players, int n_players, int hole_size,
                    const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                    int64_t part, int64_t n_parts, o8_equity_counts *out) {
    return o8_equity_exact_cancel(players, n_players, hole_size, board, board_size, dead, n_dead,
                                  part, n_parts, NULL, out);
}

/* ---- Monte Carlo ------------------------------------------------------------ */

typedef struct { uint64_t s[4]; } rng;

static void rng_seed(rng *g, uint64_t seed, uint64_t stream) {
    uint64_t x = stream;
    uint64_t mixed = seed ^ o8_splitmix64(&x);  /* distinct streams of one seed */
    for (int i = 0; i < 4; i++) g->s[i] = o8_splitmix64(&mixed);
}

/* xoshiro256** */
O8_INLINE uint64_t rng_next(rng *g) {
    uint64_t *s = g->s;
    uint64_t result = o8_rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = o8_rotl64(s[3], 45);
    return result;
}

/* Uniform in [0, n) for 0 < n <= 2^32 from a 32-bit random word `word`
 * (Lemire's multiply-shift; the rare rejection draws fresh words). */
O8_INLINE uint32_t below32(rng *g, uint32_t word, uint32_t n) {
    uint64_t product = (uint64_t)word * n;
    if ((uint32_t)product < n) {
        uint32_t floor = (uint32_t)-n % n;
        while ((uint32_t)product < floor) product = (rng_next(g) >> 32) * n;
    }
    return (uint32_t)(product >> 32);
}

/* Uniform in [0, n) for any n > 0. */
static uint64_t rng_below(rng *g, uint64_t n) {
    if (n <= 0xFFFFFFFFull) return below32(g, (uint32_t)(rng_next(g) >> 32), (uint32_t)n);
    uint64_t mask = n - 1, x;
    for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
    do x = rng_next(g) & mask; while (x >= n);
    return x;
}

/* A candidate index of a list player, by weight. */
static int64_t pick(rng *g, const o8_range *r) {
    if (!r->cum_weights) return (int64_t)rng_below(g, (uint64_t)r->n_holes);
    int64_t target = (int64_t)rng_below(g, (uint64_t)r->cum_weights[r->n_holes - 1]);
    int64_t lo = 0, hi = r->n_holes - 1;  /* first k with cum_weights[k] > target */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (r->cum_weights[mid] > target) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* The deal sampler shared by o8_equity_monte_carlo and o8_equity_deals, so
 * that one (seed, stream) gives the same deals to both. */
typedef struct {
    const o8_range *players;
    int n_players, hole_size, n_listed, n_random, missing, m, need;
    int listed[O8_MAX_PLAYERS], random[O8_MAX_PLAYERS];
    uint64_t base;
    /* cards = the known board, then the deck: the first `missing` cards that
     * the deal moves to the front of the deck complete the board in place,
     * the next ones are the random holes */
    uint8_t cards[5 + 52];
    const uint8_t *hole[O8_MAX_PLAYERS];   /* this deal's hole of each player */
    rng g;
} sampler;

static void sampler_start(sampler *s, const o8_range *players, int n_players, int hole_size,
                          const uint8_t *board, int board_size, uint64_t base, uint64_t seed,
                          uint64_t stream) {
    s->players = players;
    s->n_players = n_players;
    s->hole_size = hole_size;
    s->base = base;
    s->n_listed = s->n_random = 0;
    for (int p = 0; p < n_players; p++) {
        const o8_range *r = &players[p];
        if (!r->holes) s->random[s->n_random++] = p;
        else if (r->n_holes == 1) s->hole[p] = r->holes;
        else s->listed[s->n_listed++] = p;
    }
    uint8_t *deck = s->cards + board_size;
    s->missing = 5 - board_size;
    s->need = s->missing + s->n_random * hole_size;
    s->m = 0;
    memcpy(s->cards, board, (size_t)board_size);
    for (int c = 0; c < 52; c++)
        if (!(base >> c & 1)) deck[s->m++] = (uint8_t)c;
    for (int i = 0; i < s->n_random; i++)
        s->hole[s->random[i]] = deck + s->missing + i * hole_size;
    rng_seed(&s->g, seed, stream);
}

/* One attempt at a deal: every list player's hole by weight, all at once;
 * 0 when two of them share a card (the caller tries again: accepting only
 * disjoint draws samples the weighted product restricted to disjoint deals
 * exactly). Then the random holes and the rest of the board, uniformly from
 * the cards left, by a partial Fisher-Yates over the deck that skips the list
 * holes' cards. */
O8_INLINE int sampler_draw(sampler *s) {
    uint64_t taken = 0;  /* cards of this deal's list holes */
    for (int i = 0; i < s->n_listed; i++) {
        const o8_range *r = &s->players[s->listed[i]];
        const uint8_t *hole = r->holes + pick(&s->g, r) * s->hole_size;
        uint64_t mask;
        o8_cards_mask(hole, s->hole_size, &mask);
        if (mask & (taken | s->base)) return 0;
        taken |= mask;
        s->hole[s->listed[i]] = hole;
    }
    uint8_t *deck = s->cards + (5 - s->missing);
    uint64_t bits = 0;  /* two 32-bit draws per generator output */
    for (int i = 0, halves = 0; i < s->need;) {
        if (!halves) { bits = rng_next(&s->g); halves = 2; }
        int j = i + (int)below32(&s->g, (uint32_t)bits, (uint32_t)(s->m - i));
        bits >>= 32;
        halves--;
        uint8_t c = deck[j];
        if (taken >> c & 1) continue;
        deck[j] = deck[i];
        deck[i++] = c;
    }
    return 1;
}

/* Check every CHECK_EVERY attempts whether the caller cancelled. */
#define CHECK_EVERY 1024

/* Every hole known: the lanes of mc_known.h, CHECK_EVERY samples at a time
 * (classes from the kernel, tallied here). */
static int monte_carlo_known(int kernel, const o8_range *players, int n_players, int hole_size,
                             const uint8_t *board, int board_size, uint64_t base, int64_t samples,
                             uint64_t seed, uint64_t stream, const volatile int32_t *cancel,
                             o8_equity_work *work, o8_equity_counts *out) {
    o8_mc_plan plan;
    o8_mc_plan_deck(&plan, n_players, board, board_size, base);
    const uint8_t *holes[O8_MAX_PLAYERS];
    for (int p = 0; p < n_players; p++) holes[p] = players[p].holes;
    o8_mc_tables(holes, n_players, hole_size, work, 1);
    for (int p = 0; p < n_players; p++) {
        plan.rows[p] = work->rows[p];
        plan.flush[p] = work->flush[p];
    }
    o8_mc_rng g;
    o8_mc_seed(&g, seed, stream);
    tally t;
    tally_start(&t, n_players, 1);
    uint32_t classes[CHECK_EVERY];
    int code = 0;
    for (int64_t done = 0; done < samples;) {
        if (cancelled(cancel)) { code = O8_CANCELLED; break; }
        int64_t count = samples - done < CHECK_EVERY ? samples - done : CHECK_EVERY;
        int64_t blocks = (count + O8_MC_LANES - 1) / O8_MC_LANES;
#if O8_X86_KERNELS
        if (kernel == O8_KERNEL_AVX2 || kernel == O8_KERNEL_AVX512) o8_mc_classes_avx2(&plan, &g, blocks, classes);
        else
#elif O8_NEON_KERNELS
        if (kernel == O8_KERNEL_NEON) o8_mc_classes_neon(&plan, &g, blocks, classes);
        else
#endif
        o8_mc_classes_scalar(&plan, &g, blocks, classes);
        (void)kernel;
        tally_classes(&t, classes, count, out);
        done += count;
        out->attempts = done;
    }
    tally_finish(&t, out);
    return code;
}

/* Deals of the Monte Carlo loop with dealt holes, a block at a time: each
 * player's holes and the boards, one row a deal, and one row more that the
 * batch kernel evaluates too (its SIMD blocks are taken while a row follows
 * them, so every deal of the block gets one; the row's content does not
 * matter). */
#define MC_BLOCK 128
typedef struct {
    uint8_t boards[(MC_BLOCK + 1) * 5];
    uint8_t holes[O8_MAX_PLAYERS][(MC_BLOCK + 1) * O8_MAX_HOLE];
    uint16_t high[O8_MAX_PLAYERS][MC_BLOCK + 1];
    int32_t low[O8_MAX_PLAYERS][MC_BLOCK + 1];
} mc_block;

/* A hole's cards into its row (sizes 4..6 unrolled: no memcpy call a hole). */
O8_INLINE void mc_copy_hole(uint8_t *to, const uint8_t *from, int hole_size) {
    if (hole_size < 4) {
        for (int i = 0; i < hole_size; i++) to[i] = from[i];
        return;
    }
    to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = from[3];
    if (hole_size > 4) to[4] = from[4];
    if (hole_size > 5) to[5] = from[5];
}

/* Evaluate the first `filled` deals of a block, each player's with the batch
 * kernel, and tally them in order. Lows come as numbers (54321 ..; lower is
 * better, as their positions), 0 for none: tallied as ~0, which is then the
 * no-low value. */
static void mc_block_tally(mc_block *b, int kernel, int n_players, int hole_size, int filled, tally *t,
                           o8_equity_counts *out) {
    for (int p = 0; p < n_players; p++)
        o8_eval_batch_kernel(kernel, b->holes[p], hole_size, b->boards, 5, filled + 1, b->high[p], b->low[p], 0);
    for (int d = 0; d < filled; d++) {
        unsigned high[O8_MAX_PLAYERS], low[O8_MAX_PLAYERS];
        for (int p = 0; p < n_players; p++) {
            high[p] = b->high[p][d];
            low[p] = (unsigned)b->low[p][d] - 1u;  /* 0 (no low) -> ~0 */
        }
        tally_add_values(t, high, low, ~0u, 1, out);
    }
}

/* Are all the players' holes known (one candidate each)? */
static int all_known(const o8_range *players, int n_players) {
    for (int p = 0; p < n_players; p++)
        if (!players[p].holes || players[p].n_holes != 1) return 0;
    return 1;
}

int o8_equity_monte_carlo_kernel(int kernel, const o8_range *players, int n_players, int hole_size,
                                 const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                                 int64_t samples, uint64_t seed, uint64_t stream,
                                 const volatile int32_t *cancel,
                                 o8_equity_work *work, o8_equity_counts *out) {
    uint64_t base;
    if (kernel == O8_KERNEL_CHOSEN) kernel = o8_kernel_current();
    if (!out || !work || samples < 0 || samples > O8_MAX_SAMPLES || !o8_kernel_supported(kernel)
        || !check_job(players, n_players, hole_size, board, board_size, dead, n_dead, &base))
        return O8_ERR_INPUT;
    memset(out, 0, sizeof *out);
    if (all_known(players, n_players))
        return monte_carlo_known(kernel, players, n_players, hole_size, board, board_size, base, samples,
                                 seed, stream, cancel, work, out);

    /* Some hole is dealt (random or from a range): the deals go into a block
     * of MC_BLOCK rows per player, evaluated by the batch kernel a player at
     * a time, then tallied in order. The deals and their counts are those of
     * one deal at a time (the sampler is the same), for every kernel. */
    mc_block *b = &(mc_block){0};
    int fixed[O8_MAX_PLAYERS];
    for (int p = 0; p < n_players; p++) {
        const o8_range *r = &players[p];
        fixed[p] = r->holes && r->n_holes == 1;
        if (fixed[p])  /* a known hole: in every row once */
            for (int d = 0; d <= MC_BLOCK; d++) memcpy(b->holes[p] + d * hole_size, r->holes, (size_t)hole_size);
    }
    sampler s;
    sampler_start(&s, players, n_players, hole_size, board, board_size, base, seed, stream);
    tally t;
    tally_start(&t, n_players, 1);

    int64_t rejected = 0;
    int code = 0, filled = 0;
    for (int64_t done = 0; done < samples;) {
        if ((++out->attempts & (CHECK_EVERY - 1)) == 0 && cancelled(cancel)) { code = O8_CANCELLED; break; }
        if (!sampler_draw(&s)) {
            if (++rejected >= MAX_REJECTED) { code = O8_ERR_NO_DEAL; break; }
            continue;
        }
        rejected = 0;
        for (int i = 0; i < 5; i++) b->boards[filled * 5 + i] = s.cards[i];
        for (int p = 0; p < n_players; p++)
            if (!fixed[p]) mc_copy_hole(b->holes[p] + filled * hole_size, s.hole[p], hole_size);
        if (++filled == MC_BLOCK) {
            mc_block_tally(b, kernel, n_players, hole_size, filled, &t, out);
            filled = 0;
        }
        done++;
    }
    if (filled) mc_block_tally(b, kernel, n_players, hole_size, filled, &t, out);
    tally_finish(&t, out);
    return code;
}

int o8_equity_monte_carlo_cancel(const o8_range *players, int n_players, int hole_size,
                                 const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                                 int64_t samples, uint64_t seed, uint64_t stream,
                                 const volatile int32_t *cancel,
                                 o8_equity_work *work, o8_equity_counts *out) {
    return o8_equity_monte_carlo_kernel(O8_KERNEL_CHOSEN, players, n_players, hole_size, board, board_size,
                                        dead, n_dead, samples, seed, stream, cancel, work, out);
}

int o8_equity_monte_carlo(const o8_range *players, int n_players, int hole_size,
                          const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                          int64_t samples, uint64_t seed, uint64_t stream,
                          o8_equity_work *work, o8_equity_counts *out) {
    return o8_equity_monte_carlo_cancel(players, n_players, hole_size, board, board_size, dead, n_dead,
                                        samples, seed, stream, NULL, work, out);
}

/* o8_equity_deals when every hole is known: the lanes' boards, in order. */
static void deals_known(const o8_range *players, int n_players, int hole_size, const uint8_t *board,
                        int board_size, uint64_t base, int64_t samples, uint64_t seed, uint64_t stream,
                        uint8_t *out) {
    o8_mc_plan plan;
    o8_mc_plan_deck(&plan, n_players, board, board_size, base);
    o8_mc_rng g;
    o8_mc_seed(&g, seed, stream);
    size_t row = (size_t)(n_players * hole_size + 5);
    uint32_t c[5];
    for (int64_t done = 0; done < samples; done++) {
        uint8_t *at = out + (size_t)done * row;
        o8_mc_draw(&plan, &g, (int)(done % O8_MC_LANES), c);
        for (int p = 0; p < n_players; p++, at += hole_size) memcpy(at, players[p].holes, (size_t)hole_size);
        o8_mc_board(&plan, c, at);
    }
}

int o8_equity_deals(const o8_range *players, int n_players, int hole_size,
                    const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                    int64_t samples, uint64_t seed, uint64_t stream, uint8_t *out) {
    uint64_t base;
    if (!out || samples < 0 || samples > O8_MAX_SAMPLES
        || !check_job(players, n_players, hole_size, board, board_size, dead, n_dead, &base))
        return O8_ERR_INPUT;
    if (all_known(players, n_players)) {
        deals_known(players, n_players, hole_size, board, board_size, base, samples, seed, stream, out);
        return 0;
    }
    sampler s;
    sampler_start(&s, players, n_players, hole_size, board, board_size, base, seed, stream);
    size_t row = (size_t)(n_players * hole_size + 5);
    int64_t rejected = 0;
    for (int64_t done = 0; done < samples;) {
        if (!sampler_draw(&s)) {
            if (++rejected >= MAX_REJECTED) return O8_ERR_NO_DEAL;
            continue;
        }
        rejected = 0;
        uint8_t *at = out + (size_t)done * row;
        for (int p = 0; p < n_players; p++, at += hole_size) memcpy(at, s.hole[p], (size_t)hole_size);
        memcpy(at, s.cards, 5);
        done++;
    }
    return 0;
}
