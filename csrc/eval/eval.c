/* The evaluator entry points declared in omaha8.h. */
#include <string.h>
#include <time.h>
#include "omaha8.h"
#include "cpython/entry_api.h" /* o8_parse_text */
#include "eval/eval_inline.h"
#include "eval/kernels.h"


static int sizes_ok(int hole_size, int board_size) {
    return hole_size >= O8_MIN_HOLE && hole_size <= O8_MAX_HOLE
        && board_size >= O8_MIN_BOARD && board_size <= O8_MAX_BOARD;
}

/* 1 when all cards are < 52 and distinct. */
O8_INLINE int cards_ok(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size) {
    uint64_t in_hole, on_board;
    return o8_cards_mask(hole, hole_size, &in_hole) & o8_cards_mask(board, board_size, &on_board)
        & !(in_hole & on_board);
}

O8_INLINE void eval_one(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size,
                        unsigned *high, unsigned *low) {
    o8_hole h;
    o8_board b;
    o8_prepare_hole(&h, hole, hole_size);
    o8_prepare_board(&b, board, board_size);
    if (high) *high = o8_high(&h, &b);
    if (low) *low = o8_low(&h, &b);
}

int64_t o8_eval(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size) {
    unsigned high, low;
    if (!sizes_ok(hole_size, board_size) || !cards_ok(hole, hole_size, board, board_size)) return -1;
    eval_one(hole, hole_size, board, board_size, &high, &low);
    return (int64_t)high | (int64_t)O8_LOW_DECIMAL[low] << 16;
}

int64_t o8_eval_ids(const char *cards, int hole_size, int board_size) {
    if (hole_size < 4) return -1;
    return o8_eval((const uint8_t *)cards, hole_size, (const uint8_t *)cards + hole_size, board_size);
}

/* Card text to ids (see o8_eval_text); the number of cards, or -1 when the
 * text is not up to `max` cards of this form. */
static int parse_text(const char *text, size_t len, uint8_t *ids, int max) {
    char packed[3 * O8_MAX_HOLE];
    int n = 0, cards = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r') continue;
        if (n == 3 * max) return -1;
        packed[n++] = c;
    }
    for (int i = 0; i < n; cards++) {
        int rank = -1, suit = -1;
        char r = packed[i++];
        if (r == '1' && i < n && packed[i] == '0') { r = 'T'; i++; }
        if (i == n || cards == max) return -1;
        char u = packed[i++];
        if (r >= '2' && r <= '9') rank = r - '2';
        else switch (r) {
            case 'T': case 't': rank = 8; break;
            case 'J': case 'j': rank = 9; break;
            case 'Q': case 'q': rank = 10; break;
            case 'K': case 'k': rank = 11; break;
            case 'A': case 'a': rank = 12; break;
        }
        switch (u) {
            case 'c': case 'C': suit = 0; break;
            case 'd': case 'D': suit = 1; break;
            case 'h': case 'H': suit = 2; break;
            case 's': case 'S': suit = 3; break;
        }
        if (rank < 0 || suit < 0) return -1;
        ids[cards] = (uint8_t)(rank * 4 + suit);
    }
    return cards;
}

int o8_parse_text(const char *text, size_t len, uint8_t *ids, int max) {
    return max < 0 || max > O8_MAX_HOLE ? -1 : parse_text(text, len, ids, max); /* packed[] holds O8_MAX_HOLE cards */
}

int64_t o8_eval_text(const char *hole, size_t hole_len, const char *board, size_t board_len) {
    uint8_t h[O8_MAX_HOLE], b[O8_MAX_BOARD];
    int nh = parse_text(hole, hole_len, h, O8_MAX_HOLE), nb = parse_text(board, board_len, b, O8_MAX_BOARD);
    if (nh < 0 || nb < 0) return -2;
    if (nh < 4) return -1;
    return o8_eval(h, nh, b, nb);
}

int32_t o8_eval_high(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size) {
    unsigned high;
    if (!sizes_ok(hole_size, board_size) || !cards_ok(hole, hole_size, board, board_size)) return -1;
    eval_one(hole, hole_size, board, board_size, &high, 0);
    return (int32_t)high;
}

/* The value of the five cards hole[i], hole[j], board[a], board[b], board[c]. */
static void eval_five(const uint8_t *hole, const uint8_t *board, int i, int j, int a, int b, int c,
                      unsigned *high, unsigned *low) {
    uint8_t two[2] = {hole[i], hole[j]}, three[3] = {board[a], board[b], board[c]};
    eval_one(two, 2, three, 3, high, low);
}

int o8_explain(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size,
               o8_explanation *out) {
    unsigned best_high = O8_NO_HAND + 1, best_low = O8_NO_LOW;
    if (!sizes_ok(hole_size, board_size) || !cards_ok(hole, hole_size, board, board_size)) return -1;
    for (int i = 0; i < hole_size; i++)
    for (int j = i + 1; j < hole_size; j++)
    for (int a = 0; a < board_size; a++)
    for (int b = a + 1; b < board_size; b++)
    for (int c = b + 1; c < board_size; c++) {
        unsigned high, low;
        eval_five(hole, board, i, j, a, b, c, &high, &low);
        if (high < best_high) {
            best_high = high;
            out->high_hole[0] = (uint8_t)i; out->high_hole[1] = (uint8_t)j;
            out->high_board[0] = (uint8_t)a; out->high_board[1] = (uint8_t)b;
            out->high_board[2] = (uint8_t)c;
        }
        if (low < best_low) {
            best_low = low;
            out->low_hole[0] = (uint8_t)i; out->low_hole[1] = (uint8_t)j;
            out->low_board[0] = (uint8_t)a; out->low_board[1] = (uint8_t)b;
            out->low_board[2] = (uint8_t)c;
        }
    }
    out->high = (int32_t)best_high;
    out->low = O8_LOW_DECIMAL[best_low];
    if (best_low == O8_NO_LOW) {
        out->low_hole[0] = out->low_hole[1] = 0;
        out->low_board[0] = out->low_board[1] = out->low_board[2] = 0;
    }
    return 0;
}

int64_t o8_check_batch(const uint8_t *holes, int hole_size, const uint8_t *boards,
                       int board_size, int64_t n) {
    if (!sizes_ok(hole_size, board_size)) return -2;
    for (int64_t r = 0; r < n; r++)
        if (!cards_ok(holes + r * hole_size, hole_size, boards + r * board_size, board_size))
            return r;
    return -1;
}

/* One loop per (hole size, board size) so that the compiler unrolls each.
 * With `check`, stops at the first invalid row and returns its index. */
O8_INLINE int64_t eval_rows(const uint8_t *holes, int hole_size, const uint8_t *boards,
                            int board_size, int64_t n, uint16_t *high, int32_t *low, int check) {
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *hole = holes + r * hole_size, *board = boards + r * board_size;
        unsigned hi, lo;
        if (check && !cards_ok(hole, hole_size, board, board_size)) return r;
        eval_one(hole, hole_size, board, board_size, high ? &hi : 0, low ? &lo : 0);
        if (high) high[r] = (uint16_t)hi;
        if (low) low[r] = O8_LOW_DECIMAL[lo];
    }
    return -1;
}

#define O8_ROWS(H, B) \
    case H * 8 + B: \
        if (!low) return eval_rows(holes, H, boards, B, n, high, 0, check); \
        if (!high) return eval_rows(holes, H, boards, B, n, 0, low, check); \
        return eval_rows(holes, H, boards, B, n, high, low, check);

static int64_t eval_batch(const uint8_t *holes, int hole_size, const uint8_t *boards,
                          int board_size, int64_t n, uint16_t *high, int32_t *low, int check) {
    switch (hole_size * 8 + board_size) {
        O8_ROWS(2, 3) O8_ROWS(2, 4) O8_ROWS(2, 5)
        O8_ROWS(3, 3) O8_ROWS(3, 4) O8_ROWS(3, 5)
        O8_ROWS(4, 3) O8_ROWS(4, 4) O8_ROWS(4, 5)
        O8_ROWS(5, 3) O8_ROWS(5, 4) O8_ROWS(5, 5)
        O8_ROWS(6, 3) O8_ROWS(6, 4) O8_ROWS(6, 5)
    }
    return -2;
}

/* Whether the CPU and the OS support the kernel's instructions: no state of
 * our own (GCC and clang read the feature bits their run time fills in once
 * before main; MSVC asks cpuid and xgetbv each time). */
static int cpu_runs(int kernel) {
#if O8_X86_KERNELS && O8_MSVC  /* __cpuid, __cpuidex, _xgetbv: <intrin.h> (o8_port.h) */
    int r[4];
    __cpuid(r, 0);
    if (r[0] < 7) return 0;
    __cpuid(r, 1);
    if (!(r[2] >> 27 & 1) || !(r[2] >> 28 & 1)) return 0;  /* OSXSAVE, AVX */
    unsigned long long xcr0 = _xgetbv(0);
    __cpuidex(r, 7, 0);
    if (kernel == O8_KERNEL_AVX2) return (xcr0 & 0x6) == 0x6 && (r[1] >> 5 & 1);
    if (kernel == O8_KERNEL_AVX512) return (xcr0 & 0xE6) == 0xE6 && (r[1] >> 16 & 1) && (r[1] >> 30 & 1);
    return 0;
#elif O8_X86_KERNELS
    if (kernel == O8_KERNEL_AVX2) return o8_cpu_supports("avx2");
    if (kernel == O8_KERNEL_AVX512)
        return o8_cpu_supports("avx512f") && o8_cpu_supports("avx512bw");
    return 0;
#else
    (void)kernel;
    return 0;
#endif
}

/* Whether the CPU runs 512-bit vectors at half the width: AMD family 25
 * (19h) with AVX-512 (Zen 4; Zen 3 has no AVX-512) splits each into two
 * 256-bit halves, and its 16-lane gathers cost more than two 8-lane ones, so
 * the AVX2 kernel is the faster there (1.2x to 1.9x on a Zen 4 EPYC:
 * docs/performance-kernels.md). Zen 5 (family 26) and Intel's AVX-512 CPUs
 * run the AVX-512 kernel faster. Asked with the AVX-512 check, on every
 * o8_kernel_best call: no cpuid there with GCC and clang. */
static int avx512_half_width(void) {
#if O8_X86_KERNELS
    return o8_cpu_amd_family_19h();
#else
    return 0;
#endif
}

int o8_kernel_supported(int kernel) {
    if (kernel == O8_KERNEL_NEON) return O8_NEON_KERNELS;  /* AArch64: NEON is baseline */
    return kernel == O8_KERNEL_SCALAR || ((kernel == O8_KERNEL_AVX2 || kernel == O8_KERNEL_AVX512)
                                          && cpu_runs(kernel));
}

int o8_kernel_best(void) {
    if (O8_NEON_KERNELS) return O8_KERNEL_NEON;
    if (cpu_runs(O8_KERNEL_AVX512) && !avx512_half_width()) return O8_KERNEL_AVX512;
    if (cpu_runs(O8_KERNEL_AVX2)) return O8_KERNEL_AVX2;
    return O8_KERNEL_SCALAR;
}

/* The SIMD kernel's whole blocks, then the scalar kernel for the rest (the
 * leftover rows, or from a block with an invalid row on). Sizes are valid. */
static int64_t eval_batch_with(int kernel, const uint8_t *holes, int hole_size, const uint8_t *boards,
                               int board_size, int64_t n, uint16_t *high, int32_t *low, int check) {
    int64_t done = 0, bad;
#if O8_X86_KERNELS
    if (kernel == O8_KERNEL_AVX512)
        done = o8_rows_avx512(holes, hole_size, boards, board_size, n, high, low, check);
    else if (kernel == O8_KERNEL_AVX2)
        done = o8_rows_avx2(holes, hole_size, boards, board_size, n, high, low, check);
#elif O8_NEON_KERNELS
    if (kernel == O8_KERNEL_NEON)
        done = o8_rows_neon(holes, hole_size, boards, board_size, n, high, low, check);
#else
    (void)kernel;
#endif
    bad = eval_batch(holes + done * hole_size, hole_size, boards + done * board_size, board_size,
                     n - done, high ? high + done : 0, low ? low + done : 0, check);
    return bad >= 0 ? bad + done : bad;
}

/* ---- the process's kernel -------------------------------------------------
 *
 * The one piece of process state of the core: which kernel the entry points
 * without a kernel argument run, chosen at the first call by timing every
 * supported kernel on a fixed batch (o8_kernel_measure), or set by
 * o8_kernel_set; with it, once, the times of that first measurement. A CPU
 * table cannot know every core: on an Intel Xeon with AVX-512 the AVX2
 * kernel measured faster (docs/performance.md). */

/* -1: not chosen yet, -2: being measured, else kernel | how << 4 (how: 1
 * measured, 2 set by o8_kernel_set). */
static volatile int32_t kernel_choice = -1;
static volatile int32_t kernel_measured;  /* 1 once kernel_ns holds the first measurement */
static int64_t kernel_ns[4];
#define CHOICE_ROUNDS 6  /* timed runs of each kernel, after one untimed */

/* Nanoseconds of a clock that is monotonic where the C library has one (the
 * measurement compares durations of well under a millisecond). */
static int64_t now_ns(void) {
    struct timespec t;
#if defined(__APPLE__)
    clock_gettime(CLOCK_MONOTONIC, &t);
#else
    timespec_get(&t, TIME_UTC);
#endif
    return (int64_t)t.tv_sec * 1000000000 + (int64_t)t.tv_nsec;
}

/* The fixed batch: O8_CHOICE_DEALS random 4-card holes and 5-card boards
 * (the same on every run: a fixed generator and seed). */
static void choice_batch(uint8_t *holes, uint8_t *boards) {
    uint64_t x = 0x243F6A8885A308D3ull;
    for (int d = 0; d < O8_CHOICE_DEALS; d++) {
        uint8_t deck[52];
        for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
        for (int i = 0; i < 9; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            int j = i + (int)((x >> 33) % (uint64_t)(52 - i));
            uint8_t c = deck[j];
            deck[j] = deck[i];
            deck[i] = c;
        }
        memcpy(holes + 4 * d, deck, 4);
        memcpy(boards + 5 * d, deck + 4, 5);
    }
}

int o8_kernel_measure(int64_t *ns) {
    uint8_t holes[O8_CHOICE_DEALS * 4], boards[O8_CHOICE_DEALS * 5];
    uint16_t high[O8_CHOICE_DEALS];
    int32_t low[O8_CHOICE_DEALS];
    choice_batch(holes, boards);
    for (int k = 0; k < 4; k++) ns[k] = 0;
    for (int round = 0; round <= CHOICE_ROUNDS; round++)  /* round 0 warms the caches up */
        for (int k = O8_KERNEL_SCALAR; k <= O8_KERNEL_NEON; k++) {
            if (!o8_kernel_supported(k)) continue;
            int64_t start = now_ns();
            eval_batch_with(k, holes, 4, boards, 5, O8_CHOICE_DEALS, high, low, 1);
            int64_t took = now_ns() - start;
            took = took < 1 ? 1 : took;
            if (round && (!ns[k] || took < ns[k])) ns[k] = took;
        }
    int best = O8_KERNEL_SCALAR;
    for (int k = O8_KERNEL_SCALAR; k <= O8_KERNEL_NEON; k++)
        if (ns[k] && ns[k] < ns[best]) best = k;
    return best;
}

int o8_kernel_current(void) {
    int32_t c = o8_load_acquire(&kernel_choice);
    if (c >= 0) return c & 15;
    if (c == -1 && o8_compare_swap(&kernel_choice, -1, -2)) {  /* this thread measures */
        int64_t ns[4];
        int best = o8_kernel_measure(ns);
        memcpy(kernel_ns, ns, sizeof ns);
        o8_store_release(&kernel_measured, 1);
        o8_compare_swap(&kernel_choice, -2, best | 1 << 4);  /* unless o8_kernel_set came first */
        return o8_load_acquire(&kernel_choice) & 15;
    }
    return o8_kernel_best();  /* another thread is measuring */
}

int o8_kernel_set(int kernel) {
    if (!o8_kernel_supported(kernel)) return -1;
    o8_store_release(&kernel_choice, kernel | 2 << 4);
    return 0;
}

int o8_kernel_choice(int64_t *ns) {
    int32_t c = o8_load_acquire(&kernel_choice);
    if (o8_load_acquire(&kernel_measured)) memcpy(ns, kernel_ns, sizeof kernel_ns);
    else for (int k = 0; k < 4; k++) ns[k] = 0;
    return c < 0 ? 0 : c >> 4;
}

int64_t o8_eval_batch_kernel(int kernel, const uint8_t *holes, int hole_size, const uint8_t *boards,
                             int board_size, int64_t n, uint16_t *high, int32_t *low, int check) {
    if (kernel == O8_KERNEL_CHOSEN) kernel = o8_kernel_current();
    if (!o8_kernel_supported(kernel)) return -3;
    if (!sizes_ok(hole_size, board_size)) return -2;
    if (!high && !low) return check ? o8_check_batch(holes, hole_size, boards, board_size, n) : -1;
    return eval_batch_with(kernel, holes, hole_size, boards, board_size, n, high, low, check);
}

int o8_eval_batch(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                  int64_t n, uint16_t *high, int32_t *low) {
    if (!sizes_ok(hole_size, board_size)) return -1;
    if (!high && !low) return 0;
    eval_batch_with(o8_kernel_current(), holes, hole_size, boards, board_size, n, high, low, 0);
    return 0;
}

int64_t o8_eval_batch_checked(const uint8_t *holes, int hole_size, const uint8_t *boards,
                              int board_size, int64_t n, uint16_t *high, int32_t *low) {
    if (!sizes_ok(hole_size, board_size)) return -2;
    if (!high && !low) return o8_check_batch(holes, hole_size, boards, board_size, n);
    return eval_batch_with(o8_kernel_current(), holes, hole_size, boards, board_size, n, high, low, 1);
}

const void *o8_table(int index, size_t *size) {
    if (index < 0 || index >= O8_N_TABLES) return 0;
    *size = O8_TABLE_SIZE[index];
    return O8_TABLE_DATA[index];
}
