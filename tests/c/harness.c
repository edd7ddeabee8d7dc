/* C-level harness for the core, built by tests/test_c_harness.py with
 * AddressSanitizer + UndefinedBehaviorSanitizer (and plainly, for valgrind).
 *
 *   harness hands FILE       compare every entry point with the expected
 *                            results in FILE (written by the Python test from
 *                            omaha8_fast.evaluator.reference), one hand a line:
 *                            hole_size board_size cards... high low
 *   harness garbage SEED N   N rounds of random bytes and sizes through every
 *                            evaluator, showdown, range and betting entry
 *                            point (and o8_table), in buffers of exactly the
 *                            size claimed, so that any read or write out of
 *                            bounds is caught by the sanitizer or valgrind
 *   harness equity SEED N    N rounds of random equity jobs (valid and not,
 *                            buffers of exactly the claimed sizes) through
 *                            o8_equity_exact and o8_equity_monte_carlo, with
 *                            invariants: parts add up to the whole, shares to
 *                            the pot, Monte Carlo ignores its scratch content
 *   harness race SEED N      N batches on every batch kernel (checked and
 *                            not) while another thread rewrites the input:
 *                            the values are then unspecified, but no read
 *                            may leave a table (rows flip between two hole
 *                            cards in the board's flush suit and none, so
 *                            a kernel that trusts what it read before its
 *                            flush pass indexes past O8_FLUSH)
 *
 * Every failure prints a line starting with FAIL and makes the exit code 1.
 * It prints "ok MODE CHECKS" at the end.
 */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omaha8.h"

static long failures, checks;
static long valid_exact, valid_monte_carlo;  /* equity jobs that ran, not refused */
static long valid_showdowns, valid_matches;  /* showdowns and range matches that ran */
static long valid_unions;  /* o8r_fold_union calls that ran */

#define EXPECT(cond, ...) do { \
    checks++; \
    if (!(cond)) { \
        failures++; \
        if (failures <= 20) { printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
    } \
} while (0)

/* Exactly n bytes on the heap (at least one, so that malloc(0) is never NULL
 * by accident): reading element n is a heap-buffer-overflow. */
static void *alloc_exact(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) { perror("malloc"); exit(2); }
    return p;
}

/* xorshift64*: deterministic random numbers from a seed. */
static uint64_t rng_state;
static uint64_t rng(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static int rng_below(int n) { return (int)(rng() % (uint64_t)n); }

/* The harness's own notion of a valid hand, independent of eval.c. */
static int sizes_valid(int hole_size, int board_size) {
    return hole_size >= 2 && hole_size <= 6 && board_size >= 3 && board_size <= 5;
}
static int hand_valid(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size) {
    char seen[256] = {0};
    if (!sizes_valid(hole_size, board_size)) return 0;
    for (int i = 0; i < hole_size + board_size; i++) {
        uint8_t c = i < hole_size ? hole[i] : board[i - hole_size];
        if (c >= 52 || seen[c]) return 0;
        seen[c] = 1;
    }
    return 1;
}

/* The explanation must name distinct in-range indices whose five cards score
 * exactly the reported values (scored again through o8_eval, 2 + 3 cards). */
static void check_explanation(const uint8_t *hole, int hole_size, const uint8_t *board,
                              int board_size, const o8_explanation *e, int64_t packed) {
    EXPECT(e->high == (int32_t)(packed & 0xFFFF), "explain high %d != eval %lld", e->high, (long long)packed);
    EXPECT(e->low == (int32_t)(packed >> 16), "explain low %d != eval %lld", e->low, (long long)packed);
    const uint8_t *holes_idx[2] = {e->high_hole, e->low_hole};
    const uint8_t *boards_idx[2] = {e->high_board, e->low_board};
    for (int half = 0; half < 2; half++) {
        const uint8_t *h = holes_idx[half], *b = boards_idx[half];
        if (half == 1 && e->low == 0) continue;
        int in_range = h[0] < h[1] && h[1] < hole_size && b[0] < b[1] && b[1] < b[2] && b[2] < board_size;
        EXPECT(in_range, "explanation indices out of range (half %d)", half);
        if (!in_range) continue;
        uint8_t two[2] = {hole[h[0]], hole[h[1]]}, three[3] = {board[b[0]], board[b[1]], board[b[2]]};
        int64_t five = o8_eval(two, 2, three, 3);
        EXPECT(five >= 0, "the explained five cards are rejected");
        if (half == 0) EXPECT((five & 0xFFFF) == e->high, "explained high cards score %lld, not %d", (long long)(five & 0xFFFF), e->high);
        else EXPECT((five >> 16) == e->low, "explained low cards score %lld, not %d", (long long)(five >> 16), e->low);
    }
}

/* ---- hands: valid hands against the reference ---------------------------- */

#define MAX_HANDS 200000

static int run_hands(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 2; }
    /* All hands of one file share their sizes per line; keep them to batch
     * them afterwards, grouped by (hole size, board size). */
    static uint8_t holes[MAX_HANDS][6], boards[MAX_HANDS][5];
    static int hs[MAX_HANDS], bs[MAX_HANDS], want_high[MAX_HANDS], want_low[MAX_HANDS];
    int n = 0;
    while (n < MAX_HANDS && fscanf(f, "%d %d", &hs[n], &bs[n]) == 2) {
        if (!sizes_valid(hs[n], bs[n])) { printf("FAIL bad sizes in %s\n", path); return 1; }
        for (int i = 0; i < hs[n] + bs[n]; i++) {
            int c;
            if (fscanf(f, "%d", &c) != 1) { printf("FAIL truncated %s\n", path); return 1; }
            if (i < hs[n]) holes[n][i] = (uint8_t)c; else boards[n][i - hs[n]] = (uint8_t)c;
        }
        if (fscanf(f, "%d %d", &want_high[n], &want_low[n]) != 2) { printf("FAIL truncated %s\n", path); return 1; }
        n++;
    }
    fclose(f);
    if (n == 0) { printf("FAIL no hands in %s\n", path); return 1; }

    for (int k = 0; k < n; k++) {
        /* Copies of exactly the hand's size, so that over-reads are caught. */
        uint8_t *hole = alloc_exact((size_t)hs[k]), *board = alloc_exact((size_t)bs[k]);
        memcpy(hole, holes[k], (size_t)hs[k]);
        memcpy(board, boards[k], (size_t)bs[k]);
        int64_t packed = o8_eval(hole, hs[k], board, bs[k]);
        EXPECT(packed == ((int64_t)want_high[k] | (int64_t)want_low[k] << 16),
               "hand %d: o8_eval gives high %lld low %lld, reference %d %d", k,
               (long long)(packed & 0xFFFF), (long long)(packed >> 16), want_high[k], want_low[k]);
        EXPECT(o8_eval_high(hole, hs[k], board, bs[k]) == want_high[k], "hand %d: o8_eval_high", k);
        o8_explanation *e = alloc_exact(sizeof *e);
        EXPECT(o8_explain(hole, hs[k], board, bs[k], e) == 0, "hand %d: o8_explain rejects it", k);
        check_explanation(hole, hs[k], board, bs[k], e, packed);
        free(e);
        free(hole);
        free(board);
    }

    /* Batches: each size pair at once, in all three output modes. */
    for (int h = 2; h <= 6; h++)
    for (int b = 3; b <= 5; b++) {
        int m = 0;
        for (int k = 0; k < n; k++) m += hs[k] == h && bs[k] == b;
        if (!m) continue;
        uint8_t *hb = alloc_exact((size_t)m * h), *bb = alloc_exact((size_t)m * b);
        int *index = alloc_exact(sizeof(int) * m);
        for (int k = 0, r = 0; k < n; k++)
            if (hs[k] == h && bs[k] == b) {
                memcpy(hb + (size_t)r * h, holes[k], (size_t)h);
                memcpy(bb + (size_t)r * b, boards[k], (size_t)b);
                index[r++] = k;
            }
        EXPECT(o8_check_batch(hb, h, bb, b, m) == -1, "o8_check_batch rejects valid rows (%d, %d)", h, b);
        for (int mode = 0; mode < 3; mode++) {
            uint16_t *high = mode != 2 ? alloc_exact(sizeof(uint16_t) * m) : NULL;
            int32_t *low = mode != 1 ? alloc_exact(sizeof(int32_t) * m) : NULL;
            EXPECT(o8_eval_batch(hb, h, bb, b, m, high, low) == 0, "o8_eval_batch fails (%d, %d)", h, b);
            for (int r = 0; r < m; r++) {
                int k = index[r];
                if (high) EXPECT(high[r] == want_high[k], "batch (%d,%d) mode %d row %d high %d != %d", h, b, mode, r, high[r], want_high[k]);
                if (low) EXPECT(low[r] == want_low[k], "batch (%d,%d) mode %d row %d low %d != %d", h, b, mode, r, low[r], want_low[k]);
            }
            free(high);
            free(low);
        }
        free(hb);
        free(bb);
        free(index);
    }
    printf("ok hands %d hands %ld checks\n", n, checks);
    return failures ? 1 : 0;
}

/* ---- garbage: any bytes, any sizes ---------------------------------------- */

/* Sizes around and far outside the valid ranges. */
static int random_size(void) {
    static const int extreme[] = {INT_MIN, -1000000, -7, -1, 0, 1, 7, 8, 100, 1000000, INT_MAX};
    if (rng_below(8) == 0) return extreme[rng_below((int)(sizeof extreme / sizeof *extreme))];
    return rng_below(10) - 1;  /* -1 .. 8 */
}

/* A byte: with mostly_valid, nearly always a valid id not among the
 * previous ones; otherwise biased towards the interesting values (any byte,
 * repeats, 52..55). */
static uint8_t random_card(const uint8_t *previous, int n_previous, int mostly_valid) {
    if (mostly_valid && rng_below(16)) {
        for (;;) {
            uint8_t c = (uint8_t)rng_below(52);
            int again = 0;
            for (int j = 0; j < n_previous; j++) again |= previous[j] == c;
            if (!again || n_previous >= 52) return c;
        }
    }
    switch (rng_below(6)) {
    case 0: return (uint8_t)rng();
    case 1: return n_previous ? previous[rng_below(n_previous)] : 51;
    case 2: return (uint8_t)(52 + rng_below(4));
    default: return (uint8_t)rng_below(52);
    }
}

/* The buffer length a call may touch for a claimed size: the size itself when
 * it is plausible, otherwise a short buffer (a correct core rejects the size
 * before reading, so any read of it past its end is a bug). */
static size_t buffer_len(int size) { return size >= 0 && size <= 64 ? (size_t)size : 3; }

static void garbage_single(void) {
    int hole_size = random_size(), board_size = random_size();
    size_t hl = buffer_len(hole_size), bl = buffer_len(board_size);
    uint8_t *hole = alloc_exact(hl), *board = alloc_exact(bl);
    int mostly_valid = rng_below(2);
    uint8_t all[128];
    size_t k = 0;
    for (size_t i = 0; i < hl + bl; i++) {
        uint8_t c = random_card(all, k < 128 ? (int)k : 128, mostly_valid);
        all[k++ & 127] = c;
        if (i < hl) hole[i] = c; else board[i - hl] = c;
    }
    int valid = hand_valid(hole, hole_size, board, board_size);

    int64_t packed = o8_eval(hole, hole_size, board, board_size);
    int32_t high = o8_eval_high(hole, hole_size, board, board_size);
    o8_explanation *e = alloc_exact(sizeof *e);
    int explained = o8_explain(hole, hole_size, board, board_size, e);
    EXPECT((packed >= 0) == valid, "o8_eval %s an %s hand (sizes %d %d)", valid ? "rejects" : "accepts",
           valid ? "valid" : "invalid", hole_size, board_size);
    EXPECT(valid ? high >= 1 && high <= 7462 && high == (packed & 0xFFFF) : high == -1, "o8_eval_high %d", high);
    EXPECT(explained == (valid ? 0 : -1), "o8_explain returns %d", explained);
    if (valid) {
        EXPECT((packed & 0xFFFF) >= 1 && (packed & 0xFFFF) <= 7462, "high class %lld", (long long)(packed & 0xFFFF));
        check_explanation(hole, hole_size, board, board_size, e, packed);
    }
    free(e);
    free(hole);
    free(board);
}

/* Bit k: batch kernel k ran (reported at the end of a garbage run). */
static int kernels_run;

static void garbage_batch(void) {
    int hole_size = rng_below(4) ? rng_below(6) + 1 : random_size();
    int board_size = rng_below(4) ? rng_below(4) + 2 : random_size();
    int64_t n = rng_below(8) ? rng_below(rng_below(4) ? 40 : 300) : (rng_below(2) ? -rng_below(1000) - 1 : 0);
    int sizes_ok = sizes_valid(hole_size, board_size);
    /* Rows are only read when the sizes are valid, so buffers for bad sizes
     * (or negative n) are short on purpose. */
    size_t rows = n > 0 && sizes_ok ? (size_t)n : 0;
    size_t hl = rows * (size_t)(sizes_ok ? hole_size : 0), bl = rows * (size_t)(sizes_ok ? board_size : 0);
    uint8_t *holes = alloc_exact(hl), *boards = alloc_exact(bl);
    int mostly_valid = rng_below(2);
    for (size_t r = 0; r < rows; r++) {
        uint8_t row[11];
        int k = 0;
        uint8_t *h = holes + r * hole_size, *b = boards + r * board_size;
        for (int i = 0; i < hole_size + board_size; i++) {
            uint8_t c = random_card(row, k, mostly_valid);
            row[k++] = c;
            if (i < hole_size) h[i] = c; else b[i - hole_size] = c;
        }
    }
    int64_t want_bad = -1;
    for (size_t r = 0; r < rows && want_bad < 0; r++)
        if (!hand_valid(holes + r * hole_size, hole_size, boards + r * board_size, board_size))
            want_bad = (int64_t)r;
    int64_t bad = o8_check_batch(holes, hole_size, boards, board_size, n);
    EXPECT(bad == (sizes_ok ? want_bad : -2), "o8_check_batch %lld, expected %lld (sizes %d %d n %lld)",
           (long long)bad, (long long)(sizes_ok ? want_bad : -2), hole_size, board_size, (long long)n);

    /* The checked batch: the same rows, evaluated up to the first bad one. */
    {
        int mode = rng_below(3);  /* both halves, high only, low only */
        uint16_t *hi = mode == 2 ? NULL : alloc_exact(sizeof(uint16_t) * rows);
        int32_t *lo = mode == 1 ? NULL : alloc_exact(sizeof(int32_t) * rows);
        int64_t got = o8_eval_batch_checked(holes, hole_size, boards, board_size, n, hi, lo);
        EXPECT(got == (sizes_ok ? want_bad : -2), "o8_eval_batch_checked %lld, expected %lld", (long long)got,
               (long long)(sizes_ok ? want_bad : -2));
        for (size_t r = 0; sizes_ok && r < (want_bad < 0 ? rows : (size_t)want_bad); r++) {
            int64_t packed = o8_eval(holes + r * hole_size, hole_size, boards + r * board_size, board_size);
            if (hi) EXPECT(hi[r] == (packed & 0xFFFF), "checked batch row %zu high", r);
            if (lo) EXPECT(lo[r] == (packed >> 16), "checked batch row %zu low", r);
        }
        free(hi);
        free(lo);
    }

    /* Every batch kernel this CPU has, checked and not: the same first bad
     * row, the same values for the valid rows (in buffers of exactly the
     * claimed size: a SIMD load or gather past them is an error here). */
    for (int kernel = O8_KERNEL_SCALAR; kernel <= O8_KERNEL_AVX512; kernel++) {
        if (!o8_kernel_supported(kernel)) {
            EXPECT(o8_eval_batch_kernel(kernel, holes, hole_size, boards, board_size, n, NULL, NULL, 1) == -3,
                   "kernel %d is not supported but runs", kernel);
            continue;
        }
        kernels_run |= 1 << kernel;
        for (int check = 0; check <= 1; check++) {
            int mode = rng_below(3);
            uint16_t *hi = mode == 2 ? NULL : alloc_exact(sizeof(uint16_t) * rows);
            int32_t *lo = mode == 1 ? NULL : alloc_exact(sizeof(int32_t) * rows);
            int64_t got = o8_eval_batch_kernel(kernel, holes, hole_size, boards, board_size, n, hi, lo, check);
            int64_t want = !sizes_ok ? -2 : check ? want_bad : -1;
            EXPECT(got == want, "kernel %d check %d returns %lld, expected %lld", kernel, check, (long long)got,
                   (long long)want);
            for (size_t r = 0; sizes_ok && r < (check && want_bad >= 0 ? (size_t)want_bad : rows); r++) {
                const uint8_t *h = holes + r * hole_size, *b = boards + r * board_size;
                if (!hand_valid(h, hole_size, b, board_size)) continue;
                int64_t packed = o8_eval(h, hole_size, b, board_size);
                if (hi) EXPECT(hi[r] == (packed & 0xFFFF), "kernel %d row %zu high", kernel, r);
                if (lo) EXPECT(lo[r] == (packed >> 16), "kernel %d row %zu low", kernel, r);
            }
            free(hi);
            free(lo);
        }
    }

    int mode = rng_below(4);
    uint16_t *high = mode & 1 ? NULL : alloc_exact(sizeof(uint16_t) * rows);
    int32_t *low = mode & 2 ? NULL : alloc_exact(sizeof(int32_t) * rows);
    int rc = o8_eval_batch(holes, hole_size, boards, board_size, n, high, low);
    EXPECT(rc == (sizes_ok ? 0 : -1), "o8_eval_batch returns %d (sizes %d %d)", rc, hole_size, board_size);
    /* Valid rows of a garbage batch are still evaluated correctly; invalid
     * rows give some value, but always one of the defined range. */
    for (size_t r = 0; r < rows && sizes_ok; r++) {
        const uint8_t *h = holes + r * hole_size, *b = boards + r * board_size;
        if (hand_valid(h, hole_size, b, board_size)) {
            int64_t packed = o8_eval(h, hole_size, b, board_size);
            if (high) EXPECT(high[r] == (packed & 0xFFFF), "batch row %zu high %d != %lld", r, high[r], (long long)(packed & 0xFFFF));
            if (low) EXPECT(low[r] == (packed >> 16), "batch row %zu low %d != %lld", r, low[r], (long long)(packed >> 16));
        } else {
            if (low) EXPECT(low[r] == 0 || (low[r] >= 54321 && low[r] <= 87654), "garbage row low %d", low[r]);
        }
    }
    free(high);
    free(low);
    free(holes);
    free(boards);
}

/* Every byte value as every card of every size pair: all table lookups with
 * out-of-range ids (52..255) and with one card repeated everywhere. */
static void garbage_every_byte(void) {
    for (int h = 2; h <= 6; h++)
    for (int b = 3; b <= 5; b++)
    for (int v = 0; v < 256; v++) {
        uint8_t *hole = alloc_exact((size_t)h), *board = alloc_exact((size_t)b);
        memset(hole, v, (size_t)h);
        memset(board, v, (size_t)b);
        EXPECT(o8_eval(hole, h, board, b) == -1, "o8_eval accepts %d repeated", v);
        uint16_t *high = alloc_exact(sizeof(uint16_t));
        int32_t *low = alloc_exact(sizeof(int32_t));
        EXPECT(o8_eval_batch(hole, h, board, b, 1, high, low) == 0, "o8_eval_batch fails");
        EXPECT(o8_check_batch(hole, h, board, b, 1) == 0, "o8_check_batch misses row 0");
        free(high);
        free(low);
        free(hole);
        free(board);
    }
}

/* Cards for a job: mostly distinct valid ids taken from one shuffled deck
 * (so that many jobs are valid), sometimes anything. */
static uint8_t deck[52];
static int deck_next;
static uint8_t job_card(int junk) {
    if (junk && rng_below(8) == 0) return (uint8_t)rng();
    if (deck_next >= 52) return (uint8_t)rng_below(52);
    return deck[deck_next++];
}

/* o8_showdown with random players, pots and sizes; when it accepts, every
 * chip of every pot is paid out. */
static void garbage_showdown(void) {
    int junk = rng_below(4) == 0;
    int n = junk ? rng_below(70) - 2 : 1 + rng_below(8);
    int hole_size = junk && rng_below(2) ? random_size() : 4 + rng_below(3);
    int board_size = junk && rng_below(2) ? rng_below(9) - 1 : 5;
    int n_pots = junk && rng_below(2) ? rng_below(8) - 2 : 1 + rng_below(3);
    int rows = n > 0 && n <= 64 ? n : 0;
    size_t hole_bytes = rows && hole_size > 0 && hole_size <= 8 ? (size_t)rows * (size_t)hole_size : 3;
    uint8_t *board = alloc_exact((size_t)(board_size > 0 ? board_size : 0));
    uint8_t *holes = alloc_exact(hole_bytes);
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 51; i > 0; i--) { int k = rng_below(i + 1); uint8_t t = deck[i]; deck[i] = deck[k]; deck[k] = t; }
    deck_next = 0;
    for (int i = 0; i < board_size; i++) board[i] = job_card(junk);
    for (size_t i = 0; i < hole_bytes; i++) holes[i] = job_card(junk);
    uint64_t live = junk && rng_below(2) ? rng() : rng() & (rows >= 64 ? ~0ull : (1ull << rows) - 1);
    int first = junk && rng_below(2) ? rng_below(80) - 5 : (rows ? rng_below(rows) : 0);
    int pot_count = n_pots > 0 ? n_pots : 0;
    int64_t *pots = alloc_exact(sizeof(int64_t) * 2 * (size_t)pot_count);
    int64_t total = 0;
    for (int p = 0; p < pot_count; p++) {
        pots[2 * p] = junk && rng_below(3) == 0 ? (int64_t)rng() : (int64_t)rng_below(1000);
        pots[2 * p + 1] = (int64_t)(junk && rng_below(3) == 0 ? rng() : rng() & live);
        total += pots[2 * p] >= 0 && pots[2 * p] < 1000 ? pots[2 * p] : 0;
    }
    int64_t *payouts = alloc_exact(sizeof(int64_t) * (size_t)rows);
    int with_detail = rng_below(2);
    int64_t *detail = with_detail ? alloc_exact(sizeof(int64_t) * 2 * (size_t)pot_count * (size_t)rows) : NULL;
    uint16_t *high = rng_below(2) ? alloc_exact(sizeof(uint16_t) * (size_t)rows) : NULL;
    int32_t *low = rng_below(2) ? alloc_exact(sizeof(int32_t) * (size_t)rows) : NULL;
    int rc = o8_showdown(board, board_size, holes, hole_size, n, live, first, pots, n_pots, payouts, detail, high, low);
    EXPECT(rc == 0 || rc == -1 || rc == -2, "o8_showdown returns %d", rc);
    if (rc == 0) {
        valid_showdowns++;
        int64_t paid = 0;
        for (int i = 0; i < rows; i++) {
            paid += payouts[i];
            EXPECT(payouts[i] >= 0, "o8_showdown pays %lld", (long long)payouts[i]);
        }
        int sane = 1;
        for (int p = 0; p < pot_count; p++) sane &= pots[2 * p] >= 0 && pots[2 * p] < 1000;
        if (sane) EXPECT(paid == total, "o8_showdown pays %lld of %lld chips", (long long)paid, (long long)total);
    }
    free(board); free(holes); free(pots); free(payouts); free(detail); free(high); free(low);
}

static int64_t binomial(int n, int k) {
    int64_t c = 1;
    for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
    return c;
}

/* o8r_combinations into buffers too small or big enough; o8r_match with any
 * pattern bytes over any hand bytes. */
static void garbage_ranges(void) {
    int k = rng_below(9) - 1;
    int64_t total = k >= 1 && k <= 6 ? binomial(52, k) : 0;
    int64_t capacity = total && total <= 2000 && rng_below(2) ? total + rng_below(3) : rng_below(2000) - 2;
    size_t room = capacity > 0 && k > 0 ? (size_t)capacity * (size_t)k : 0;
    uint8_t *out = alloc_exact(room);
    int64_t got = o8r_combinations(k, out, capacity);
    EXPECT(got == (total && capacity >= total ? total : -1), "o8r_combinations(%d, %lld) = %lld", k,
           (long long)capacity, (long long)got);
    free(out);

    o8r_pattern *p = alloc_exact(sizeof *p);
    for (size_t i = 0; i < sizeof *p; i++) ((uint8_t *)p)[i] = (uint8_t)rng();
    if (rng_below(2)) p->n = rng_below(9) - 1;
    for (int e = 0; e < 6; e++) {
        if (rng_below(2)) p->rank_var[e] = (int8_t)(rng_below(9) - 2);
        if (rng_below(2)) p->suit_var[e] = (int8_t)(rng_below(7) - 2);
    }
    int hole_size = rng_below(4) ? 4 + rng_below(3) : random_size();
    int64_t n = rng_below(30);
    size_t bytes = hole_size >= 1 && hole_size <= 8 ? (size_t)n * (size_t)hole_size : 3;
    uint8_t *hands = alloc_exact(bytes), *match = alloc_exact((size_t)n);
    for (size_t i = 0; i < bytes; i++) hands[i] = random_card(hands, (int)(i < 6 ? i : 6), rng_below(2));
    int rc = o8r_match(p, hands, hole_size, n, match);
    EXPECT(rc == 0 || rc == -1, "o8r_match returns %d", rc);
    if (rc == 0) {
        valid_matches++;
        for (int64_t r = 0; r < n; r++) EXPECT(match[r] <= 1, "o8r_match writes %d", match[r]);
    }
    free(p); free(hands); free(match);
}

/* ---- o8_hh_scan: a valid hand's lines, randomly edited, in exact buffers ---- */

static const char *const HH_HAND[] = {
    "PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET",
    "Table 'T' 6-max Seat #2 is the button",
    "Seat 1: alice ($50 in chips)", "Seat 2: bob ($23.10 in chips)", "Seat 3: carol ($61.75 in chips) is sitting out",
    "alice: posts small blind $0.25", "bob: posts big blind $0.50", "*** HOLE CARDS ***",
    "Dealt to alice [Ah 2d Ks 9c]", "alice: raises $1 to $1.50", "bob: calls $1", "carol: folds",
    "*** FLOP *** [3c 7h Kd]", "alice: bets $5", "bob: calls $5", "*** TURN *** [3c 7h Kd] [Qs]",
    "alice: checks", "bob: bets $7.60 and is all-in", "alice: calls $7.60", "*** RIVER *** [3c 7h Kd Qs] [5h]",
    "*** SHOW DOWN ***", "alice: shows [Ah 2d Ks 9c] (HI: a pair of Kings; LO: 7,5,3,2,A)",
    "bob: shows [Kc Qh 4s 8s] (HI: two pair)", "Uncalled bet ($1) returned to alice",
    "bob collected $23.10 from pot", "alice collected $23.10 from side pot-1", "No low hand qualified",
    "*** SUMMARY ***", "Total pot $48.20 Main pot $40. Side pot-1 $8.20. | Rake $2", "Board [3c 7h Kd Qs 5h]",
    "Seat 1: alice showed [Ah 2d Ks 9c] and won ($23.10)", "Seat 2: bob (button) showed [Kc Qh 4s 8s] and lost",
    "Seat 3: carol folded before Flop",
};
static const char *const HH_JUNK[] = {
    "", " ", ": ", "[", "]", "] [", "*** ", " in chips", " (", " collected ", " from ", " to ", "$", ".", "..",
    "999999999999999999", " and is all-in", " and has reached the ", "Seat ", "Dealt to ", "Uncalled bet (",
    ") returned to ", "shows [", " showed [", " mucked [", "Total pot ", " | Rake ", " Main pot ", " Side pot-",
    "Board [", "*** SUMMARY ***", "*** SHOW DOWN ***", "\n", "\xff", "\t", "Ah", "Zz",
};
static long hh_scanned;

static void garbage_hh_scan(void) {
    char text[8192];
    size_t len = 0, n_lines = sizeof HH_HAND / sizeof HH_HAND[0], after_table = 0;
    int edits = rng_below(4);  /* none at all a quarter of the time: the scan must then succeed */
    for (size_t i = 0; i < n_lines; i++) {
        char line[512];
        size_t n = strlen(HH_HAND[i]);
        memcpy(line, HH_HAND[i], n);
        for (int e = 0; i >= 2 && e < edits; e++) {
            if (rng_below(8)) continue;
            size_t at = (size_t)rng_below((int)n + 1);
            switch (rng_below(4)) {
            case 0: n = at; break;                                            /* cut */
            case 1: if (at < n) line[at] = (char)rng_below(256); break;       /* any byte */
            case 2: if (at < n) line[at] = (char)(32 + rng_below(95)); break; /* printable */
            default: {                                                        /* insert junk */
                const char *j = HH_JUNK[rng_below((int)(sizeof HH_JUNK / sizeof HH_JUNK[0]))];
                size_t m = strlen(j);
                if (n + m < sizeof line) {
                    memmove(line + at + m, line + at, n - at);
                    memcpy(line + at, j, m);
                    n += m;
                }
            }
            }
        }
        int copies = i >= 2 && edits && !rng_below(16) ? rng_below(3) : 1; /* drop or repeat a line */
        for (int c = 0; c < copies && len + n + 1 < sizeof text; c++) {
            memcpy(text + len, line, n);
            len += n;
            text[len++] = '\n';
        }
        if (i == 1) after_table = len;
    }
    len -= len > 0 && !rng_below(2); /* with and without the last newline */
    char *exact = alloc_exact(len);
    memcpy(exact, text, len);
    size_t start = rng_below(8) ? after_table : (size_t)rng_below((int)len + 3);
    size_t out_size = rng_below(4) ? O8_HH_OUT_SIZE : (size_t)rng_below(O8_HH_OUT_SIZE + 2);
    int64_t *out = alloc_exact(out_size * sizeof(int64_t));
    int cents = rng_below(4) != 0, hole_size = rng_below(8) ? 4 : rng_below(9) - 1;
    int64_t count = o8_hh_scan(exact, len, start, cents, hole_size, 1, out, out_size);
    EXPECT(count >= 0 && (size_t)count <= out_size, "o8_hh_scan returns %lld for %zu values", (long long)count,
           out_size);
    if (!edits && start == after_table && out_size == O8_HH_OUT_SIZE && cents && hole_size == 4)
        EXPECT(count > 0, "o8_hh_scan refuses the unedited hand");
    if (count > 0) {
        hh_scanned++;
        int64_t expect = 17 + 5 * out[0] + 4 * out[1] + 7 * out[2] + 12 * out[3] + 5 * out[4] + 2 * out[5] + out[6] +
                         8 * out[7];
        EXPECT(expect == count, "o8_hh_scan's counts add up to %lld, not %lld", (long long)expect, (long long)count);
        EXPECT(out[0] >= 0 && out[0] <= 10 && out[11] >= 0 && out[11] <= 5, "o8_hh_scan: %lld seats, board %lld",
               (long long)out[0], (long long)out[11]);
        for (int64_t k = 0; k < out[0] && 17 + 5 * k + 2 < count; k++) {
            int64_t a = out[17 + 5 * k + 1], b = out[17 + 5 * k + 2];
            EXPECT(a >= (int64_t)start && a <= b && b <= (int64_t)len, "a name at %lld..%lld of %zu", (long long)a,
                   (long long)b, len);
        }
    }
    EXPECT(o8_hh_scan(NULL, 0, 0, 1, 4, 1, out, out_size) == 0, "o8_hh_scan reads NULL");
    free(out);
    free(exact);
}

/* A random atom for o8r_fold_union: variants of random bytes, their sizes
 * mostly made consistent (else atom_ok refuses them). */
static o8r_atom *random_atom(o8r_variant **variants_out) {
    int nv = rng_below(4);
    o8r_variant *v = alloc_exact(sizeof *v * (size_t)nv);
    for (size_t i = 0; i < sizeof *v * (size_t)nv; i++) ((uint8_t *)v)[i] = (uint8_t)rng();
    for (int i = 0; i < nv; i++) {
        if (!rng_below(30)) continue;
        v[i].n = rng_below(7);
        v[i].n_rank_vars = rng_below(v[i].n + 1);
        for (int e = 0; e < 6; e++) v[i].rank_var[e] = (int8_t)(rng_below(v[i].n_rank_vars + 1) - 1);
        for (int r = 0; r < 6; r++) v[i].var_after[r] = (int8_t)(rng_below(r + 1) - 1);
        v[i].tail_from = rng_below(v[i].n_rank_vars + 1);
        v[i].n_conditions = rng_below(8);
        v[i].groups_only = rng_below(2);
    }
    o8r_atom *a = alloc_exact(sizeof *a);
    a->match_all = rng_below(4) == 0;
    a->n_variants = rng_below(30) ? nv : -1 - rng_below(50);  /* never more than there are */
    a->variants = v;
    a->feature = rng_below(30) ? rng_below(5) : rng_below(20) - 10;
    *variants_out = v;
    return a;
}

/* o8r_fold_union with random terms, buckets and conditions (class lookups,
 * ranking intervals, atoms with and without a memo), in buffers of exactly
 * their claimed sizes; a run that is not refused only raises weights, to
 * some term's value, and counts the nonzero ones. */
static void garbage_union(void) {
    int k = rng_below(10) ? 4 + rng_below(3) - 1 : random_size();
    int64_t n = rng_below(40);
    size_t row_bytes = k >= 1 && k <= 8 ? (size_t)n * (size_t)k : 3;
    uint8_t *rows = alloc_exact(row_bytes), *w = alloc_exact((size_t)n), *before = alloc_exact((size_t)n);
    size_t row = k >= 1 && k <= 8 ? (size_t)k : 1;
    for (size_t i = 0; i < row_bytes; i++) rows[i] = random_card(rows + i / row * row, (int)(i % row), rng_below(4) != 0);
    for (int64_t r = 0; r < n; r++) before[r] = w[r] = (uint8_t)(rng_below(3) ? 0 : rng());
    int n_conds = rng_below(6);
    o8r_condition *conds = alloc_exact(sizeof *conds * (size_t)n_conds);
    void *owned[6][5] = {{0}};
    int64_t shapes = k >= 1 && k <= 6 ? binomial(15 + k, k) : 1;
    for (int i = 0; i < n_conds; i++) {
        o8r_condition *c = &conds[i];
        memset(c, 0, sizeof *c);
        c->negate = rng_below(20) ? rng_below(2) : 2;
        int kind = rng_below(4);
        if (kind == 0) {
            int64_t n_table = rng_below(40);
            uint16_t *class_of = alloc_exact(sizeof *class_of * (size_t)n);
            uint8_t *table = alloc_exact((size_t)n_table);
            for (int64_t r = 0; r < n; r++) class_of[r] = (uint16_t)rng_below(50);
            for (int64_t t = 0; t < n_table; t++) table[t] = (uint8_t)rng_below(2);
            c->class_of = class_of;
            c->table = table;
            c->n_table = n_table;
            owned[i][0] = class_of; owned[i][1] = table;
        } else if (kind == 1) {
            int32_t *key = alloc_exact(sizeof *key * (size_t)n);
            for (int64_t r = 0; r < n; r++) key[r] = (int32_t)rng_below(100) - 10;
            c->key = key;
            c->key_low = rng_below(100) - 10;
            c->key_high = rng_below(100) - 10;
            owned[i][0] = key;
        } else if (rng_below(30)) {
            o8r_variant *variants;
            c->atom = random_atom(&variants);
            owned[i][0] = (void *)c->atom; owned[i][1] = variants;
            if (kind == 3) {
                c->r1 = rng_below(10) ? rng_below(14) - 1 : rng_below(20) - 4;
                c->r2 = rng_below(10) ? rng_below(14) - 1 : rng_below(20) - 4;
                if (shapes > 5000) c->r2 = -1;  /* 6-card memos of two ranks: 14 MB, too slow to fill */
                int64_t need = (c->r1 >= 0 ? 16 : 1) * (c->r2 >= 0 ? 16 : 1) * shapes;
                c->memo_size = need + (rng_below(6) ? rng_below(2) : -1);
                if (c->memo_size < 0) c->memo_size = 0;
                uint8_t *memo = alloc_exact((size_t)c->memo_size);
                memset(memo, 255, (size_t)c->memo_size);
                c->memo = memo;
                owned[i][2] = memo;
                if (rng_below(2)) {
                    uint16_t *shape_of = alloc_exact(sizeof *shape_of * (size_t)n);
                    for (int64_t r = 0; r < n; r++) shape_of[r] = (uint16_t)rng_below((int)shapes + 3);
                    c->shape_of = shape_of;
                    owned[i][3] = shape_of;
                }
            }
        }
    }
    int n_terms = rng_below(7), n_index = rng_below(10);
    int32_t *cond_index = alloc_exact(sizeof *cond_index * (size_t)n_index);
    if (!n_conds && rng_below(8)) n_index = 0;
    for (int i = 0; i < n_index; i++) cond_index[i] = rng_below(40) && n_conds ? rng_below(n_conds) : rng_below(9) - 2;
    o8r_term *terms = alloc_exact(sizeof *terms * (size_t)n_terms);
    int bucket_of[7];
    for (int t = 0; t < n_terms; t++) {
        o8r_term *term = &terms[t];
        memset(term, 0, sizeof *term);
        term->value = (uint8_t)rng();
        term->ranks = (uint16_t)(rng_below(8) ? rng() & 0x1fff & rng() & rng() : rng());
        term->suits = (uint8_t)(rng_below(8) ? rng() & 15 & rng() : rng());
        term->n_conds = rng_below(4);
        term->first = rng_below(10) ? rng_below(n_index - term->n_conds + 1 > 0 ? n_index - term->n_conds + 1 : 1)
                                    : rng_below(n_index + 2) - 1;
        term->skip = rng_below(20) ? 0 : rng_below(3);
        bucket_of[t] = term->ranks & 0x1fff ? __builtin_ctz(term->ranks) : 13;
    }
    int sort = rng_below(8) != 0;
    for (int t = 1; t < n_terms && sort; t++)  /* mostly: by bucket, values down */
        for (int j = t; j > 0 && (bucket_of[j - 1] > bucket_of[j]
                                  || (bucket_of[j - 1] == bucket_of[j] && terms[j - 1].value < terms[j].value)); j--) {
            o8r_term x = terms[j]; terms[j] = terms[j - 1]; terms[j - 1] = x;
            int b = bucket_of[j]; bucket_of[j] = bucket_of[j - 1]; bucket_of[j - 1] = b;
        }
    int32_t *starts = alloc_exact(sizeof *starts * (O8R_BUCKETS + 1));
    for (int b = 0; b <= O8R_BUCKETS; b++) {
        int count = 0;
        for (int t = 0; t < n_terms; t++) count += bucket_of[t] < b;
        starts[b] = count;
    }
    if (!rng_below(8)) starts[rng_below(O8R_BUCKETS + 1)] = rng_below(9) - 1;
    uint32_t *seen = rng_below(20) ? alloc_exact(sizeof *seen * (size_t)n_conds) : NULL;
    int64_t rc = o8r_fold_union(w, rows, k, n, terms, n_terms, starts, cond_index, n_index, conds, n_conds, seen);
    EXPECT(rc >= -1 && rc <= n, "o8r_fold_union returns %lld", (long long)rc);
    if (rc >= 0) {
        valid_unions++;
        int64_t nonzero = 0;
        for (int64_t r = 0; r < n; r++) {
            int ok = w[r] == before[r];
            for (int t = 0; t < n_terms && !ok; t++) ok = w[r] == terms[t].value && w[r] > before[r];
            EXPECT(ok, "o8r_fold_union wrote %d over %d", w[r], before[r]);
            nonzero += w[r] != 0;
        }
        EXPECT(nonzero == rc, "o8r_fold_union counts %lld of %lld", (long long)rc, (long long)nonzero);
    } else {
        for (int64_t r = 0; r < n; r++) EXPECT(w[r] == before[r], "a refused o8r_fold_union wrote");
    }
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) free(owned[i][j]);
    free(rows); free(w); free(before); free(conds); free(cond_index); free(terms); free(starts); free(seen);
}

/* o8_bet_next on random states (often out of range) in buffers of exactly n
 * seats: it answers 1 (a seat to act, its amounts consistent), 0 or -1. */
static long valid_turns;
static int64_t bet_value(int junk) {
    switch (junk ? rng_below(6) : 0) {
    case 1: return -(int64_t)rng_below(5) - 1;
    case 2: return (int64_t)(rng() >> 1);
    case 3: return ((int64_t)1 << 53) + rng_below(3) - 1;
    case 4: return INT64_MIN;
    default: return rng_below(3) ? rng_below(60) : 0;
    }
}

static void garbage_betting(void) {
    int junk = rng_below(3) == 0;
    int n = junk && rng_below(3) == 0 ? rng_below(70) - 2 : 2 + rng_below(9);
    size_t rows = n > 0 && n <= 64 ? (size_t)n : 1;
    int64_t *stacks = alloc_exact(sizeof(int64_t) * rows), *bets = alloc_exact(sizeof(int64_t) * rows);
    int64_t *acted = alloc_exact(sizeof(int64_t) * rows), pot = 0, high = bet_value(junk);
    uint8_t *folded = alloc_exact(rows);
    o8_turn *out = alloc_exact(sizeof *out);
    for (size_t i = 0; i < rows; i++) {
        stacks[i] = bet_value(junk);
        bets[i] = bet_value(junk);
        acted[i] = rng_below(3) == 0 ? -1 : bet_value(junk);
        folded[i] = (uint8_t)(junk && rng_below(8) == 0 ? (int)(rng() & 255) : rng_below(2));
        pot += bets[i] > 0 && bets[i] < 1000 ? bets[i] : 0;
    }
    if (junk && rng_below(4) == 0) pot = bet_value(1);
    int after = junk && rng_below(4) == 0 ? rng_below(80) - 8 : rng_below((int)rows);
    int structure = junk && rng_below(4) == 0 ? rng_below(7) - 2 : rng_below(3);
    int rc = o8_bet_next(n, stacks, bets, acted, folded, after, high, bet_value(junk), bet_value(junk) % 6,
                         rng_below(2) ? 4 : 1000000, pot, structure, out);
    EXPECT(rc == 1 || rc == 0 || rc == -1, "o8_bet_next returns %d", rc);
    if (rc == 1) {
        valid_turns++;
        int s = out->seat;
        EXPECT(s >= 0 && s < n && stacks[s] > 0 && !folded[s], "o8_bet_next gives the turn to seat %d", s);
        EXPECT(out->kinds >= O8_KINDS_FOLD_CALL_RAISE && out->kinds <= O8_KINDS_CHECK, "kinds %d", out->kinds);
        if (s >= 0 && s < n) {
            EXPECT(out->call_amount <= stacks[s], "a call of %lld from %lld", (long long)out->call_amount,
                   (long long)stacks[s]);
            EXPECT(out->max_raise_to <= bets[s] + stacks[s] && out->min_raise_to <= out->max_raise_to,
                   "raise %lld..%lld with %lld", (long long)out->min_raise_to, (long long)out->max_raise_to,
                   (long long)(bets[s] + stacks[s]));
        }
    }
    free(stacks); free(bets); free(acted); free(folded); free(out);
}

/* o8_rank_all_holes on garbage sizes and cards, and on valid boards with
 * many dead cards (a few hundred holes): the buffers are exactly the
 * capacity (a write past them is a heap overflow), the answer is the count,
 * -1 or -2, and valid rows score as o8_eval scores them. */
static long valid_all_holes;
static void garbage_all_holes(void) {
    int junk = rng_below(4) == 0;
    int board_size = junk ? rng_below(9) - 1 : 3 + rng_below(3);
    int hole_size = junk ? rng_below(10) - 1 : 4 + rng_below(3);
    uint8_t deck[52], board[8], dead[64];
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 51; i > 0; i--) { int j = rng_below(i + 1); uint8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t; }
    int bs = board_size > 0 && board_size <= 8 ? board_size : 0;
    for (int i = 0; i < bs; i++) board[i] = junk && rng_below(4) == 0 ? (uint8_t)(rng() & 255) : deck[i];
    int n_dead = junk && rng_below(4) == 0 ? rng_below(70) - 3 : 52 - bs - hole_size - rng_below(6);
    int nd = n_dead > 0 && n_dead <= 64 ? n_dead : 0;
    for (int i = 0; i < nd; i++) dead[i] = junk && rng_below(4) == 0 ? (uint8_t)(rng() & 255) : deck[(bs + i) % 52];
    int64_t count = o8_all_holes_count(board_size, n_dead, hole_size);
    int64_t capacity = count > 0 && count < 100000 ? count - (rng_below(8) == 0) : 0;
    size_t rows = capacity > 0 ? (size_t)capacity : 0;
    int k = hole_size > 0 && hole_size <= 6 ? hole_size : 1;
    uint8_t *holes = alloc_exact(rows * (size_t)k);
    uint16_t *high = alloc_exact(rows * sizeof *high);
    int32_t *low = alloc_exact(rows * sizeof *low);
    int64_t rc = o8_rank_all_holes(board, board_size, dead, n_dead, hole_size, holes, high, low, capacity);
    EXPECT(rc == -1 || rc == -2 || (rc == count && rc <= capacity), "o8_rank_all_holes returns %lld (count %lld)",
           (long long)rc, (long long)count);
    for (int64_t r = 0; rc > 0 && r < rc; r += 1 + rng_below(7)) {
        int64_t v = o8_eval(holes + r * k, k, board, board_size);
        int32_t want_low = (int32_t)(v >> 16) == 0 ? -1 : (int32_t)(v >> 16);
        EXPECT(v >= 0 && high[r] == (uint16_t)(v & 0xFFFF) && low[r] == want_low, "o8_rank_all_holes row %lld",
               (long long)r);
    }
    if (rc > 0) valid_all_holes++;
    free(holes);
    free(high);
    free(low);
}

static int run_garbage(uint64_t seed, long rounds) {
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    garbage_every_byte();
    size_t size;
    for (int i = -3; i < 64; i++) {  /* every table, and indices past them */
        const uint8_t *t = o8_table(i, &size);
        if (t) {  /* both ends readable */
            volatile uint8_t ends = (uint8_t)(t[0] ^ t[size - 1]);
            (void)ends;
            checks++;
        }
    }
    EXPECT(o8_table(-1, &size) == NULL && o8_table(1 << 30, &size) == NULL, "o8_table out of range");
    for (long i = 0; i < rounds; i++) {
        garbage_single();
        garbage_batch();
        garbage_showdown();
        garbage_betting();
        if (i % 4 == 0) garbage_ranges();
        garbage_hh_scan();
        if (i % 4 == 1) garbage_union();
        garbage_all_holes();
    }
    EXPECT(rounds < 40 || valid_all_holes > 0, "o8_rank_all_holes ran on no valid board in %ld rounds", rounds);
    EXPECT(rounds < 40 || hh_scanned > 0, "o8_hh_scan read no hand in %ld rounds", rounds);
    printf("ok garbage %ld rounds %ld checks, %ld showdowns and %ld range matches valid, %ld hands scanned, "
           "%ld range unions valid, %ld turns valid\n",
           rounds, checks, valid_showdowns, valid_matches, hh_scanned, valid_unions, valid_turns);
    printf("batch kernels run:%s%s%s\n", kernels_run & 1 << O8_KERNEL_SCALAR ? " scalar" : "",
           kernels_run & 1 << O8_KERNEL_AVX2 ? " avx2" : "", kernels_run & 1 << O8_KERNEL_AVX512 ? " avx512" : "");
    return failures ? 1 : 0;
}

/* ---- equity: garbage jobs, and invariants of valid ones -------------------- */

typedef struct {
    int n_players, hole_size, board_size, n_dead, size_ok;
    o8_range *players;
    uint8_t *holes[16];
    int64_t *weights[16];
    uint8_t *board, *dead;
    int open;        /* players without a single known hole */
} job;

static void job_free(job *j) {
    for (int p = 0; p < 16; p++) { free(j->holes[p]); free(j->weights[p]); }
    free(j->players);
    free(j->board);
    free(j->dead);
}

/* A random job whose buffers are exactly as long as the sizes they claim.
 * `small` keeps valid exact jobs cheap: no open player, a flop at least. */
static void job_make(job *j, int small) {
    memset(j, 0, sizeof *j);
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 51; i > 0; i--) { int k = rng_below(i + 1); uint8_t t = deck[i]; deck[i] = deck[k]; deck[k] = t; }
    deck_next = 0;
    int junk = rng_below(3) == 0;
    j->n_players = junk && rng_below(2) ? rng_below(14) - 2 : 2 + rng_below(small ? 3 : 4);
    j->hole_size = junk && rng_below(2) ? random_size() : 4 + rng_below(3);
    static const int boards[] = {0, 3, 4, 5};
    j->board_size = junk && rng_below(2) ? rng_below(9) - 1 : boards[small ? 1 + rng_below(3) : rng_below(4)];
    j->n_dead = junk && rng_below(2) ? rng_below(70) - 5 : rng_below(4);
    j->size_ok = j->hole_size >= 2 && j->hole_size <= 6;
    int n = j->n_players > 0 && j->n_players <= 16 ? j->n_players : 0;
    j->players = alloc_exact(sizeof(o8_range) * (size_t)n);
    j->board = alloc_exact((size_t)(j->board_size > 0 ? j->board_size : 0));
    j->dead = alloc_exact((size_t)(j->n_dead > 0 ? j->n_dead : 0));
    for (int i = 0; i < j->board_size; i++) j->board[i] = job_card(junk);
    for (int i = 0; i < j->n_dead; i++) j->dead[i] = job_card(junk);
    for (int p = 0; p < n; p++) {
        o8_range *r = &j->players[p];
        int kind = rng_below(small ? 3 : 4);  /* 0, 1: one hole, 2: a list, 3: random */
        r->cum_weights = NULL;
        if (kind == 3 || !j->size_ok) {
            r->holes = NULL;
            r->n_holes = rng_below(2) ? 0 : (int64_t)rng();  /* ignored for a random player */
            j->open++;
            continue;
        }
        r->n_holes = kind < 2 ? 1 : 2 + rng_below(small ? 2 : 4);
        if (junk && rng_below(4) == 0) r->n_holes = -rng_below(3);  /* invalid: no buffer */
        size_t bytes = r->n_holes > 0 ? (size_t)r->n_holes * (size_t)j->hole_size : 0;
        j->holes[p] = alloc_exact(bytes);
        int saved = deck_next;
        for (size_t i = 0; i < bytes; i++) {
            /* list candidates reuse cards, as ranges do */
            if (kind == 2 && i % (size_t)j->hole_size == 0 && i) deck_next = saved + rng_below(3);
            j->holes[p][i] = job_card(junk);
        }
        r->holes = j->holes[p];
        if (r->n_holes > 1) j->open++;
        if (r->n_holes > 0 && rng_below(2)) {
            j->weights[p] = alloc_exact(sizeof(int64_t) * (size_t)r->n_holes);
            int64_t total = 0;
            for (int64_t k = 0; k < r->n_holes; k++)
                j->weights[p][k] = junk && rng_below(4) == 0 ? (int64_t)rng_below(7) - 3 : (total += 1 + rng_below(100));
            r->cum_weights = j->weights[p];
        }
    }
}

static int counts_equal(const o8_equity_counts *a, const o8_equity_counts *b, int n) {
    if (a->showdowns != b->showdowns || a->no_low != b->no_low || a->attempts != b->attempts) return 0;
    return memcmp(a->player, b->player, sizeof a->player[0] * (size_t)(n > 0 && n <= O8_MAX_PLAYERS ? n : 0)) == 0;
}

static void counts_add(o8_equity_counts *sum, const o8_equity_counts *c) {
    sum->showdowns += c->showdowns;
    sum->no_low += c->no_low;
    sum->attempts += c->attempts;
    for (int p = 0; p < O8_MAX_PLAYERS; p++) {
        int64_t *s = &sum->player[p].share;
        const int64_t *x = &c->player[p].share;
        for (int f = 0; f < 7; f++) s[f] += x[f];
    }
}

/* The pot is shared out exactly: all shares add up to the pot per showdown. */
static void check_pot(const o8_equity_counts *c, int n, const char *what) {
    int64_t total = 0;
    for (int p = 0; p < n; p++) total += c->player[p].share;
    EXPECT(total == c->showdowns * O8_POT_UNITS, "%s: shares add to %lld, not %lld pots", what,
           (long long)total, (long long)c->showdowns);
}

/* Deals of the holes that o8_equity_exact walks through, roughly. */
static double exact_deals(const job *j) {
    double deals = 1;
    int left = 52 - (j->board_size > 0 ? j->board_size : 0) - (j->n_dead > 0 ? j->n_dead : 0);
    for (int p = 0; p < j->n_players && p < 16; p++) {
        const o8_range *r = &j->players[p];
        if (r->holes) {
            deals *= r->n_holes > 1 ? (double)r->n_holes : 1;
            continue;
        }
        for (int i = 0; i < j->hole_size && j->size_ok; i++) deals = deals * (left - i) / (i + 1);
        if (j->size_ok) left -= j->hole_size;
    }
    return deals;
}

static void equity_exact_round(void) {
    job j;
    int small = rng_below(4) != 0;
    job_make(&j, small);
    o8_equity_counts *whole = alloc_exact(sizeof *whole), *part = alloc_exact(sizeof *part);
    o8_equity_counts sum;
    memset(&sum, 0, sizeof sum);
    if (small && j.open == 0) {
        /* cheap: the whole job, and the same job in 3 parts, must agree */
        int rc = o8_equity_exact(j.players, j.n_players, j.hole_size, j.board, j.board_size, j.dead, j.n_dead, 0, 1, whole);
        EXPECT(rc == 0 || rc == O8_ERR_INPUT, "o8_equity_exact returns %d", rc);
        for (int k = 0; k < 3; k++) {
            int rk = o8_equity_exact(j.players, j.n_players, j.hole_size, j.board, j.board_size, j.dead, j.n_dead, k, 3, part);
            EXPECT(rk == rc, "part %d returns %d, the whole %d", k, rk, rc);
            if (rk == 0) counts_add(&sum, part);
        }
        if (rc == 0) {
            valid_exact++;
            EXPECT(counts_equal(&sum, whole, j.n_players), "the 3 parts do not add up to the whole job");
            check_pot(whole, j.n_players, "exact");
        }
    } else if (exact_deals(&j) <= 200000 && (j.board_size != 0 || j.open == 0)) {
        /* Open players: the kernel walks every deal of the holes (it skips
         * those of other parts cheaply), and one unit at most of a job cut in
         * 2^40 parts is counted. Bigger jobs are the caller's to refuse, as
         * equity() does, so they are not run here. */
        int64_t n_parts = (int64_t)1 << 40, k = rng_below(1000);
        if (rng_below(8) == 0) { n_parts = (int64_t)rng_below(5) - 2; k = (int64_t)rng_below(5) - 2; }  /* junk */
        /* known holes preflop: the whole enumeration is unit 0 (boards by rank multiset) */
        if (j.board_size == 0 && j.open == 0 && rng_below(2)) k = 0;
        int rc = o8_equity_exact(j.players, j.n_players, j.hole_size, j.board, j.board_size, j.dead, j.n_dead, k, n_parts, whole);
        EXPECT(rc == 0 || rc == O8_ERR_INPUT, "o8_equity_exact returns %d", rc);
        if (rc == 0) {
            valid_exact++;
            check_pot(whole, j.n_players, "exact part");
        }
    }
    free(whole);
    free(part);
    job_free(&j);
}

static void equity_monte_carlo_round(void) {
    job j;
    job_make(&j, 0);
    int64_t samples = rng_below(8) ? rng_below(200) : -rng_below(3);
    uint64_t seed = rng(), stream = rng_below(40);
    o8_equity_work *work = alloc_exact(sizeof *work);
    o8_equity_counts *a = alloc_exact(sizeof *a), *b = alloc_exact(sizeof *b);
    /* The scratch memory's content must not matter: garbage, then zeros. */
    for (size_t i = 0; i < sizeof *work; i++) ((uint8_t *)work)[i] = (uint8_t)rng();
    int ra = o8_equity_monte_carlo(j.players, j.n_players, j.hole_size, j.board, j.board_size, j.dead, j.n_dead,
                                   samples, seed, stream, work, a);
    memset(work, 0, sizeof *work);
    int rb = o8_equity_monte_carlo(j.players, j.n_players, j.hole_size, j.board, j.board_size, j.dead, j.n_dead,
                                   samples, seed, stream, work, b);
    EXPECT(ra == rb && (ra == 0 || ra == O8_ERR_INPUT || ra == O8_ERR_NO_DEAL), "o8_equity_monte_carlo returns %d then %d", ra, rb);
    if (ra == 0) {
        valid_monte_carlo++;
        EXPECT(counts_equal(a, b, j.n_players), "Monte Carlo depends on the scratch memory's content");
        /* every kernel the CPU has gives the same counts (the best one ran above) */
        for (int kernel = O8_KERNEL_SCALAR; kernel <= O8_KERNEL_AVX512; kernel++) {
            if (!o8_kernel_supported(kernel)) continue;
            int rk = o8_equity_monte_carlo_kernel(kernel, j.players, j.n_players, j.hole_size, j.board, j.board_size,
                                                  j.dead, j.n_dead, samples, seed, stream, NULL, work, b);
            EXPECT(rk == 0 && counts_equal(a, b, j.n_players), "Monte Carlo kernel %d gives other counts", kernel);
        }
        EXPECT(a->showdowns == samples, "%lld showdowns for %lld samples", (long long)a->showdowns, (long long)samples);
        check_pot(a, j.n_players, "Monte Carlo");
    }
    free(work);
    free(a);
    free(b);
    job_free(&j);
}

/* Weights as large as equity() allows for exact jobs (total weight times
 * O8_POT_UNITS just below 2^63) on the river: no signed overflow anywhere
 * (the sanitizer build with -fno-wrapv sees it), and the pot adds up. Then
 * the cancellable kernels with the flag already set stop and say so. */
static void equity_big_weights(void) {
    static const uint8_t board[5] = {0, 9, 18, 27, 36};
    uint8_t *holes[4];
    int64_t *weights[4];
    o8_range players[4];
    int card = 1;
    for (int p = 0; p < 4; p++) {
        holes[p] = alloc_exact(8);
        weights[p] = alloc_exact(2 * sizeof(int64_t));
        for (int i = 0; i < 8; i++, card++) {
            if (card % 9 == 0) card++;  /* not a board card */
            holes[p][i] = (uint8_t)card;
        }
        weights[p][0] = 3000;
        weights[p][1] = 6100;
        players[p].holes = holes[p];
        players[p].cum_weights = weights[p];
        players[p].n_holes = 2;
    }
    o8_equity_counts *c = alloc_exact(sizeof *c);
    int rc = o8_equity_exact(players, 4, 4, board, 5, NULL, 0, 0, 1, c);
    EXPECT(rc == 0, "big weights: o8_equity_exact returns %d", rc);
    if (rc == 0) {
        EXPECT(c->showdowns == (int64_t)6100 * 6100 * 6100 * 6100, "big weights: %lld showdowns", (long long)c->showdowns);
        check_pot(c, 4, "big weights");
    }
    int32_t stop = 1;
    rc = o8_equity_exact_cancel(players, 4, 4, board, 5, NULL, 0, 0, 1, &stop, c);
    EXPECT(rc == O8_CANCELLED, "cancelled exact job returns %d", rc);
    o8_equity_work *work = alloc_exact(sizeof *work);
    rc = o8_equity_monte_carlo_cancel(players, 4, 4, board, 3, NULL, 0, 1000000, 1, 0, &stop, work, c);
    EXPECT(rc == O8_CANCELLED && c->showdowns < 2000, "cancelled Monte Carlo returns %d after %lld showdowns",
           rc, (long long)c->showdowns);
    stop = 0;
    rc = o8_equity_monte_carlo_cancel(players, 4, 4, board, 3, NULL, 0, 3000, 1, 0, &stop, work, c);
    EXPECT(rc == 0 && c->showdowns == 3000, "Monte Carlo not cancelled returns %d", rc);
    uint8_t *deals = alloc_exact(3000 * (4 * 4 + 5));
    rc = o8_equity_deals(players, 4, 4, board, 3, NULL, 0, 3000, 1, 0, deals);
    EXPECT(rc == 0, "o8_equity_deals returns %d", rc);
    EXPECT(o8_equity_deals(players, 4, 4, board, 3, NULL, 0, -1, 1, 0, deals) == O8_ERR_INPUT, "negative samples");
    free(deals);
    free(work);
    free(c);
    for (int p = 0; p < 4; p++) { free(holes[p]); free(weights[p]); }
}

static int run_equity(uint64_t seed, long rounds) {
    rng_state = seed * 0x9E3779B97F4A7C15ull + 3;
    /* NULL pointers where arrays are expected */
    uint8_t hole[4] = {0, 1, 2, 3};
    o8_range two[2] = {{hole, NULL, 1}, {NULL, NULL, 0}};
    o8_equity_counts c;
    o8_equity_work *work = alloc_exact(sizeof *work);
    EXPECT(o8_equity_exact(NULL, 2, 4, NULL, 0, NULL, 0, 0, 1, &c) == O8_ERR_INPUT, "NULL players");
    EXPECT(o8_equity_exact(two, 2, 4, NULL, 3, NULL, 0, 0, 1, &c) == O8_ERR_INPUT, "NULL board");
    EXPECT(o8_equity_exact(two, 2, 4, NULL, 0, NULL, 2, 0, 1, &c) == O8_ERR_INPUT, "NULL dead");
    EXPECT(o8_equity_exact(two, 2, 4, NULL, 0, NULL, 0, 0, 1, NULL) == O8_ERR_INPUT, "NULL out");
    EXPECT(o8_equity_monte_carlo(two, 2, 4, NULL, 0, NULL, 0, 10, 1, 0, NULL, &c) == O8_ERR_INPUT, "NULL work");
    EXPECT(o8_equity_monte_carlo(two, 2, 4, NULL, 0, NULL, 0, 10, 1, 0, work, NULL) == O8_ERR_INPUT, "NULL out");
    free(work);
    equity_big_weights();
    for (long i = 0; i < rounds; i++) {
        equity_exact_round();
        equity_monte_carlo_round();
    }
    printf("ok equity %ld rounds %ld checks, %ld exact and %ld Monte Carlo jobs valid\n", rounds, checks,
           valid_exact, valid_monte_carlo);
    return failures ? 1 : 0;
}

/* The race mode: a writer thread flips the rows of a batch between two
 * forms while the kernels run on it: a flush board (five clubs) with two
 * clubs in the hole, and a board with no flush with no club in the hole.
 * Both forms are valid, so a kernel that trusts an earlier read of a row it
 * listed for its flush pass finds no flush and no suited card there when it
 * reads the row again (an index of ~0 before the fix: far past O8_FLUSH). */
#define RACE_ROWS 16384
static const uint8_t race_holes[2][4] = {{44, 40, 1, 6}, {45, 41, 2, 7}};        /* Kc Qc 2d 3h, Kd Qd 2h 3s */
static const uint8_t race_boards[2][5] = {{0, 12, 20, 28, 48}, {0, 13, 22, 31, 48}};  /* 2c 5c 7c 9c Ac, 2c 5d 7h 9s Ac */
typedef struct {
    volatile uint8_t *holes, *boards;
    volatile int stop;
    long sweeps;
} race_state;

static void *race_writer(void *arg) {
    race_state *s = arg;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    while (!s->stop) {
        for (int r = 0; r < RACE_ROWS && !s->stop; r++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            for (int i = 0; i < 4; i++) s->holes[r * 4 + i] = race_holes[x & 1][i];
            for (int i = 0; i < 5; i++) s->boards[r * 5 + i] = race_boards[x >> 1 & 1][i];
        }
        s->sweeps++;
    }
    return NULL;
}

static int run_race(uint64_t seed, long rounds) {
    rng_state = seed * 0x9E3779B97F4A7C15ull + 5;
    uint8_t *holes = alloc_exact(RACE_ROWS * 4), *boards = alloc_exact(RACE_ROWS * 5);
    uint16_t *high = alloc_exact(RACE_ROWS * sizeof *high);
    int32_t *low = alloc_exact(RACE_ROWS * sizeof *low);
    for (int r = 0; r < RACE_ROWS; r++) {
        memcpy(holes + r * 4, race_holes[0], 4);
        memcpy(boards + r * 5, race_boards[0], 5);
    }
    race_state s = {holes, boards, 0, 0};
    pthread_t writer;
    if (pthread_create(&writer, NULL, race_writer, &s)) { perror("pthread_create"); return 2; }
    int ran = 0;
    long batches = 0;
    for (int kernel = O8_KERNEL_SCALAR; kernel <= O8_KERNEL_NEON; kernel++) {
        if (!o8_kernel_supported(kernel)) continue;
        ran |= 1 << kernel;
        for (long i = 0; i < rounds; i++) {
            int check = rng_below(2), mode = rng_below(3);  /* both halves, high only, low only */
            int64_t got = o8_eval_batch_kernel(kernel, holes, 4, boards, 5, RACE_ROWS, mode == 2 ? NULL : high,
                                               mode == 1 ? NULL : low, check);
            EXPECT(got == -1, "race: kernel %d check %d returns %lld (every form is valid)", kernel, check,
                   (long long)got);
            for (int r = 0; r < RACE_ROWS && mode != 2; r++)
                EXPECT(high[r] >= 1 && high[r] <= 7462, "race: kernel %d row %d high %d", kernel, r, high[r]);
            for (int r = 0; r < RACE_ROWS && mode != 1; r++)
                EXPECT(low[r] == 0 || (low[r] >= 54321 && low[r] <= 87654), "race: kernel %d row %d low %d",
                       kernel, r, low[r]);
            batches++;
        }
    }
    s.stop = 1;
    pthread_join(writer, NULL);
    printf("ok race %ld batches, %ld checks, %ld writer sweeps; kernels run:%s%s%s%s\n", batches, checks, s.sweeps,
           ran & 1 << O8_KERNEL_SCALAR ? " scalar" : "", ran & 1 << O8_KERNEL_AVX2 ? " avx2" : "",
           ran & 1 << O8_KERNEL_AVX512 ? " avx512" : "", ran & 1 << O8_KERNEL_NEON ? " neon" : "");
    free(holes);
    free(boards);
    free(high);
    free(low);
    return failures ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "hands") == 0) return run_hands(argv[2]);
    if (argc == 4 && strcmp(argv[1], "garbage") == 0)
        return run_garbage(strtoull(argv[2], NULL, 10), strtol(argv[3], NULL, 10));
    if (argc == 4 && strcmp(argv[1], "equity") == 0)
        return run_equity(strtoull(argv[2], NULL, 10), strtol(argv[3], NULL, 10));
    if (argc == 4 && strcmp(argv[1], "race") == 0)
        return run_race(strtoull(argv[2], NULL, 10), strtol(argv[3], NULL, 10));
    fprintf(stderr, "usage: %s hands FILE | garbage SEED ROUNDS | equity SEED ROUNDS | race SEED ROUNDS\n", argv[0]);
    return 2;
}
