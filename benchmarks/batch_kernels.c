/* The batch kernels in C, without Python: 1M random 4+5 deals, every
 * kernel this CPU has (scalar, AVX2, AVX-512) in turns, round by round
 * (thread CPU time, so that time spent descheduled on a shared machine does
 * not count), medians and minimums, and each kernel's ratio to the scalar
 * one (the fixed C loop: compare ratios across runs and machines).
 *
 *   cc -O3 -fno-strict-aliasing -Icsrc benchmarks/batch_kernels.c csrc/eval/eval.c \
 *       csrc/eval/kernel_avx2.c csrc/eval/kernel_avx512.c TABLES.c -o batch_kernels
 *   ./batch_kernels [DEALS [ROUNDS]]      (TABLES.c: python csrc/eval/gen_tables.py TABLES.c)
 *   ./batch_kernels DEALS ROUNDS K:M      ROUNDS calls of kernel K (0 scalar,
 *                                         1 avx2, 2 avx512) in mode M only, for callgrind:
 *   valgrind --tool=callgrind --toggle-collect=o8_eval_batch_kernel ./batch_kernels 100000 2 1:2
 *       (instructions / 200,000 = per deal; modes 0 hi+lo checked, 1 hi+lo,
 *       2 high, 3 high checked)
 *   ./batch_kernels DEALS ROUNDS bound    the loads of hi+lo alone, for the
 *                                         limit in docs/performance.md: each
 *                                         deal's six O8_HIGH entries, O8_LOW
 *                                         and O8_LOW_DECIMAL (indices computed
 *                                         beforehand), by scalar loads and by
 *                                         AVX2 gathers; no other work
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <immintrin.h>
#include "omaha8.h"
#include "eval/eval_inline.h"
static uint64_t s = 88172645463325252ull;
static uint64_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
/* The loads of hi+lo by scalar loads: the best of six O8_HIGH entries, the low. */
static void bound_scalar(int n, const uint32_t *at, const uint16_t *lows, uint16_t *high, int32_t *low) {
    for (int r = 0; r < n; r++) {
        unsigned best = 0xFFFF;
        for (int k = 0; k < 6; k++) { unsigned v = O8_HIGH[at[k * n + r]]; best = v < best ? v : best; }
        high[r] = (uint16_t)best;
        low[r] = O8_LOW_DECIMAL[O8_LOW[lows[r]]];
    }
}
/* The same loads by AVX2 gathers, 8 deals a step. */
__attribute__((target("avx2"))) static void bound_gather(int n, const uint32_t *at, const uint16_t *lows,
                                                         uint16_t *high, int32_t *low) {
    for (int r = 0; r + 8 <= n; r += 8) {
        __m256i best = _mm256_set1_epi32(0xFFFF);
        for (int k = 0; k < 6; k++)
            best = _mm256_min_epu16(best, _mm256_i32gather_epi32((const int *)(const void *)O8_HIGH,
                                   _mm256_loadu_si256((const __m256i *)(const void *)(at + k * n + r)), 2));
        __m256i li = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(lows + r)));
        __m256i pos = _mm256_and_si256(_mm256_i32gather_epi32((const int *)(const void *)O8_LOW, li, 1), _mm256_set1_epi32(0xFF));
        _mm256_storeu_si256((__m256i *)(void *)(low + r), _mm256_i32gather_epi32(O8_LOW_DECIMAL, pos, 4));
        best = _mm256_and_si256(best, _mm256_set1_epi32(0xFFFF));
        _mm_storeu_si128((__m128i *)(void *)(high + r), _mm_packus_epi32(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1)));
    }
}
static int run_bound(int n, int rounds, const uint8_t *holes, const uint8_t *boards, uint16_t *high, int32_t *low) {
    uint32_t *at = malloc(sizeof *at * 6 * (size_t)n);
    uint16_t *lows = malloc(sizeof *lows * (size_t)n);
    for (int r = 0; r < n; r++) {
        o8_hole h; o8_board b;
        o8_prepare_hole(&h, holes + 4 * r, 4);
        o8_prepare_board(&b, boards + 5 * r, 5);
        for (int k = 0; k < 6; k++) at[k * n + r] = (uint32_t)(b.high_row - O8_HIGH) + h.pair_col[k];
        lows[r] = (uint16_t)(h.low_mask | b.low_mask);
    }
    static double t[2][256];
    for (int i = 0; i < rounds; i++) {
        double a = now(); bound_scalar(n, at, lows, high, low); t[0][i] = now() - a;
        if (o8_kernel_supported(O8_KERNEL_AVX2)) { a = now(); bound_gather(n, at, lows, high, low); t[1][i] = now() - a; }
    }
    qsort(t[0], rounds, sizeof(double), cmpd); qsort(t[1], rounds, sizeof(double), cmpd);
    printf("hi+lo loads alone: scalar loads med %6.1f min %6.1f M/s (%.2f ns/deal)", n / t[0][rounds / 2] / 1e6,
           n / t[0][0] / 1e6, t[0][0] / n * 1e9);
    if (t[1][0] > 0) printf("; avx2 gathers med %6.1f min %6.1f M/s (%.2f ns/deal)", n / t[1][rounds / 2] / 1e6, n / t[1][0] / 1e6, t[1][0] / n * 1e9);
    printf("\n");
    free(at); free(lows);
    return 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000000, rounds = argc > 2 ? atoi(argv[2]) : 11;
    const char *only = argc > 3 ? argv[3] : 0;  /* e.g. "1:high" for callgrind */
    uint8_t *holes = malloc(n * 4 + 64), *boards = malloc(n * 5 + 64);
    for (int r = 0; r < n; r++) {
        uint8_t d[52]; for (int i = 0; i < 52; i++) d[i] = i;
        for (int i = 0; i < 9; i++) { int j = i + rnd() % (52 - i); uint8_t t = d[i]; d[i] = d[j]; d[j] = t; }
        memcpy(holes + r * 4, d, 4); memcpy(boards + r * 5, d + 4, 5);
    }
    uint16_t *high = malloc(n * 2); int32_t *low = malloc(n * 4);
    const char *modes[4] = {"hilo-checked", "hilo-unchecked", "high-unchecked", "high-checked"};
    if (only && strcmp(only, "bound") == 0) return run_bound(n, rounds > 256 ? 256 : rounds, holes, boards, high, low);
    if (only) {
        int k = only[0] - '0'; int m = atoi(only + 2);
        for (int i = 0; i < rounds; i++) o8_eval_batch_kernel(k, holes, 4, boards, 5, n, high, m < 2 ? low : 0, m == 0 || m == 3);
        printf("%u\n", high[n / 2]);
        return 0;
    }
    int ks[3], nk = 0;
    for (int k = O8_KERNEL_SCALAR; k <= O8_KERNEL_AVX512; k++)
        if (o8_kernel_supported(k)) ks[nk++] = k;
    const char *names[3] = {"scalar", "avx2", "avx512"};
    static double t[3][256];
    rounds = rounds > 256 ? 256 : rounds;
    for (int m = 0; m < 4; m++) {
        for (int i = 0; i < rounds; i++)
            for (int ki = 0; ki < nk; ki++) {
                double a = now();
                int64_t rc = o8_eval_batch_kernel(ks[ki], holes, 4, boards, 5, n, high, m < 2 ? low : 0, m == 0 || m == 3);
                t[ki][i] = now() - a;
                if (rc != -1) { printf("rc %lld\n", (long long)rc); return 1; }
            }
        printf("%-15s", modes[m]);
        for (int ki = 0; ki < nk; ki++) {
            qsort(t[ki], rounds, sizeof(double), cmpd);
            printf("  %s med %6.1f min %6.1f M/s", names[ks[ki]], n / t[ki][rounds / 2] / 1e6, n / t[ki][0] / 1e6);
            if (ki) printf(" (%.2fx)", t[0][rounds / 2] / t[ki][rounds / 2]);
        }
        printf("\n");
    }
    return 0;
}
