/* A SIMD batch kernel against the scalar kernel, for a CPU (or an emulated
 * one) that the Python tests cannot reach: built by tests/test_kernel_emulated.py.
 *
 * Two builds of the same file:
 *   hosted (-DO8_COMPARE_HOSTED): a normal program; `kernel_compare avx2` or
 *       `kernel_compare avx512` runs the comparison on this CPU and prints
 *       the report ("ok" and its bytes in hex): the emulated run's
 *       counterpart, on a kernel the CPU has;
 *   -DO8_COMPARE_BREAK: a hosted build whose kernel output is spoiled in one
 *       row of each batch, so that its report must show mismatches;
 *   bare metal (freestanding, no C library, linked at 0x400000 by
 *       kernel_compare.ld after kernel_compare_start.S): _start calls
 *       compare_main with the kernel named by the byte at O8_COMPARE_ARGS
 *       (1 = avx2, 2 = avx512), which writes its report at O8_COMPARE_REPORT
 *       and returns to a `hlt`. tests/bochs_run.py runs it on an emulated
 *       x86-64 CPU with AVX-512 (Bochs) and reads the report back.
 *
 * For every hole size 2-6 and board size 3-5, batch lengths 0, 1, 7, 15, 16,
 * 17, 31-33 and 1000, high only / low only / both, check on and off, inputs
 * misaligned by 0-3 bytes, and deals random or biased (flush-, low- and
 * pair-heavy decks): the kernel's rows plus the scalar kernel's rest (as
 * eval.c composes them) must give the scalar kernel's return value and every
 * output it defines. With check on, some batches get one bad card (repeated
 * or >= 52) at a random row: same first bad row, same outputs before it.
 * With check off, some rows are random bytes: same outputs on the valid rows.
 */
#include <stdint.h>

#include "omaha8.h"
#include "eval/kernels.h"

#ifdef O8_COMPARE_HOSTED
#include <stdio.h>
#include <string.h>
#else
#include <time.h> /* struct timespec (a header, no library) */
/* The C library functions the core may call, for the freestanding build. */
void *memcpy(void *dst, const void *src, unsigned long n);
void *memset(void *dst, int c, unsigned long n);
void *memmove(void *dst, const void *src, unsigned long n);
int memcmp(const void *a, const void *b, unsigned long n);
unsigned long strlen(const char *s);
void *memcpy(void *dst, const void *src, unsigned long n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}
void *memset(void *dst, int c, unsigned long n) {
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}
void *memmove(void *dst, const void *src, unsigned long n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) while (n--) *d++ = *s++;
    else while (n--) d[n] = s[n];
    return dst;
}
int memcmp(const void *a, const void *b, unsigned long n) {
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++) if (*x != *y) return *x - *y;
    return 0;
}
unsigned long strlen(const char *s) {
    unsigned long n = 0;
    while (s[n]) n++;
    return n;
}
/* The core's clock (o8_kernel_measure, never called here: the driver names
 * each kernel it runs). */
int timespec_get(struct timespec *ts, int base) {
    ts->tv_sec = 0;
    ts->tv_nsec = 0;
    return base;
}
#define O8_COMPARE_ARGS ((volatile const uint8_t *)0x3F00000)
#define O8_COMPARE_REPORT ((volatile compare_report *)0x3F01000)
#endif

typedef struct {
    uint32_t magic;        /* 0x4F38434B when the run finished */
    uint32_t kernel;       /* O8_KERNEL_* compared */
    uint32_t batches;      /* batches compared */
    uint32_t rows;         /* rows in them */
    uint32_t simd_rows;    /* rows the SIMD kernel itself evaluated */
    uint32_t bad_batches;  /* batches with a bad card, check on */
    uint32_t garbage_rows; /* rows of random bytes, check off */
    uint32_t flush_rows;   /* valid rows whose best high hand is a flush */
    uint32_t low_rows;     /* valid rows with a low */
    uint32_t mismatches;   /* outputs or return values that differ */
    uint32_t first_hole, first_board, first_n, first_row;  /* the first mismatch */
    uint32_t checksum;     /* of the scalar kernel's outputs: the same deals give the same sum */
    uint32_t cpuid7_ebx;   /* CPUID leaf 7 EBX of the CPU it ran on (bit 16 AVX512F, bit 30 AVX512BW) */
} compare_report;

#define MAX_ROWS 1000
#define SLACK 64
static uint8_t holes_buf[MAX_ROWS * 6 + SLACK], boards_buf[MAX_ROWS * 5 + SLACK];
static uint16_t high_want[MAX_ROWS], high_got[MAX_ROWS];
static int32_t low_want[MAX_ROWS], low_got[MAX_ROWS];
static uint8_t garbage[MAX_ROWS];
static compare_report rep;

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rng(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}
static int below(int n) { return (int)(rng() % (uint32_t)n); }

/* One deal of h + b distinct valid cards into out: from the whole deck, or
 * a biased one (two suits: flushes; ranks A-8: lows; four ranks: pairs). */
static void deal(uint8_t *out, int count, int kind) {
    uint8_t deck[52];
    int size = 0;
    int r0 = below(13), r1 = below(13), r2 = below(13), r3 = below(13), s0 = below(4), s1 = (s0 + 1 + below(3)) % 4;
    for (int c = 0; c < 52; c++) {
        int r = c / 4, s = c % 4;
        int keep = kind == 0 || (kind == 1 && (s == s0 || s == s1)) || (kind == 2 && (r <= 6 || r == 12))
                   || (kind == 3 && (r == r0 || r == r1 || r == r2 || r == r3));
        if (keep) deck[size++] = (uint8_t)c;
    }
    if (size < count) {  /* four ranks that were not distinct: the whole deck */
        size = 0;
        for (int c = 0; c < 52; c++) deck[size++] = (uint8_t)c;
    }
    for (int i = 0; i < count; i++) {
        int j = i + below(size - i);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        out[i] = deck[i];
    }
}

typedef int64_t (*rows_fn)(const uint8_t *, int, const uint8_t *, int, int64_t, uint16_t *, int32_t *, int);

/* The kernel's rows, then the scalar kernel's, as eval.c's eval_batch_with. */
static int64_t composed(rows_fn rows, const uint8_t *holes, int h, const uint8_t *boards, int b, int64_t n,
                        uint16_t *high, int32_t *low, int check) {
    int64_t done = rows(holes, h, boards, b, n, high, low, check);
#ifdef O8_COMPARE_BREAK  /* a wrong kernel, for the test that the comparison can fail */
    if (done > 3 && high) high[3] ^= 1;
#endif
    int64_t bad = o8_eval_batch_kernel(O8_KERNEL_SCALAR, holes + done * h, h, boards + done * b, b, n - done,
                                       high ? high + done : 0, low ? low + done : 0, check);
    rep.simd_rows += (uint32_t)done;
    return bad >= 0 ? bad + done : bad;
}

static void mismatch(int h, int b, int n, int row) {
    if (!rep.mismatches++) {
        rep.first_hole = (uint32_t)h;
        rep.first_board = (uint32_t)b;
        rep.first_n = (uint32_t)n;
        rep.first_row = (uint32_t)row;
    }
}

static void batch(rows_fn rows, int h, int b, int n, int kind, int mode, int check, int offset) {
    uint8_t *holes = holes_buf + offset, *boards = boards_buf + (offset ^ 1);
    uint16_t *hw = mode & 1 ? high_want : 0, *hg = mode & 1 ? high_got : 0;
    int32_t *lw = mode & 2 ? low_want : 0, *lg = mode & 2 ? low_got : 0;
    for (int r = 0; r < n; r++) {
        uint8_t cards[11];
        deal(cards, h + b, kind == 4 ? below(4) : kind);
        for (int i = 0; i < h; i++) holes[r * h + i] = cards[i];
        for (int i = 0; i < b; i++) boards[r * b + i] = cards[h + i];
        garbage[r] = 0;
    }
    int bad_at = -1;
    if (check && n && below(3) == 0) {  /* one bad card: repeated, or out of range */
        bad_at = below(n);
        int at = below(h + b);
        uint8_t *card = at < h ? holes + bad_at * h + at : boards + bad_at * b + at - h;
        int other = below(h + b - 1);
        if (other >= at) other++;
        *card = below(2) ? (uint8_t)(52 + below(204))
                         : (other < h ? holes[bad_at * h + other] : boards[bad_at * b + other - h]);
        rep.bad_batches++;
    }
    if (!check)
        for (int r = 0; r < n; r++)
            if (below(8) == 0) {  /* random bytes, some of them valid cards */
                for (int i = 0; i < h; i++) holes[r * h + i] = (uint8_t)(below(3) ? below(52) : below(256));
                for (int i = 0; i < b; i++) boards[r * b + i] = (uint8_t)(below(3) ? below(52) : below(256));
                garbage[r] = 1;
                rep.garbage_rows++;
            }
    for (int r = 0; r < n; r++) {
        high_want[r] = high_got[r] = 0xBEEF;
        low_want[r] = low_got[r] = -7;
    }
    int64_t want = o8_eval_batch_kernel(O8_KERNEL_SCALAR, holes, h, boards, b, n, hw, lw, check);
    int64_t got = composed(rows, holes, h, boards, b, n, hg, lg, check);
    if (want != got) mismatch(h, b, n, -1);
    if (check && want != bad_at) mismatch(h, b, n, -2);  /* the scalar kernel itself */
    int upto = want >= 0 ? (int)want : n;
    for (int r = 0; r < upto; r++) {
        if (garbage[r]) continue;
        if (high_want[r] != high_got[r] || low_want[r] != low_got[r]) mismatch(h, b, n, r);
        if (hw && (high_want[r] <= 10 || (high_want[r] >= 323 && high_want[r] < 1600))) rep.flush_rows++;
        if (lw && low_want[r] >= 0) rep.low_rows++;
        rep.checksum = rep.checksum * 31u + high_want[r] * 7u + (uint32_t)low_want[r];
    }
    rep.batches++;
    rep.rows += (uint32_t)n;
}

static const int LENGTHS[] = {0, 1, 7, 15, 16, 17, 31, 32, 33, 1000};

static void compare(int kernel) {
    rows_fn rows = kernel == O8_KERNEL_AVX512 ? o8_rows_avx512 : o8_rows_avx2;
    uint32_t eax = 7, ebx, ecx = 0, edx;
    __asm__ volatile("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
    rep.cpuid7_ebx = ebx;
    rep.kernel = (uint32_t)kernel;
    for (int h = 2; h <= 6; h++)
        for (int b = 3; b <= 5; b++)
            for (unsigned li = 0; li < sizeof LENGTHS / sizeof LENGTHS[0]; li++)
                for (int mode = 1; mode <= 3; mode++)
                    for (int check = 0; check <= 1; check++) {
                        int n = LENGTHS[li];
                        /* the long batches once per mode and check, with a random kind */
                        int kinds = n >= 1000 ? 1 : 5;
                        for (int kind = 0; kind < kinds; kind++)
                            batch(rows, h, b, n, n >= 1000 ? below(5) : kind, mode, check, below(4));
                    }
    rep.magic = 0x4F38434B;
}

#ifdef O8_COMPARE_HOSTED
int main(int argc, char **argv) {
    int kernel = argc > 1 && !strcmp(argv[1], "avx512") ? O8_KERNEL_AVX512 : O8_KERNEL_AVX2;
    if (!o8_kernel_supported(kernel)) {
        printf("unsupported\n");
        return 3;
    }
    compare(kernel);
    printf("ok ");  /* the report's bytes in hex, as tests/bochs_run.py prints them */
    for (size_t i = 0; i < sizeof rep; i++) printf("%02x", ((const unsigned char *)&rep)[i]);
    printf("\n");
    return rep.mismatches != 0;
}
#else
void compare_main(void);
void compare_main(void) {
    compare(O8_COMPARE_ARGS[0] == 2 ? O8_KERNEL_AVX512 : O8_KERNEL_AVX2);
    *O8_COMPARE_REPORT = rep;
}
#endif
