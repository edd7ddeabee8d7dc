/* o8check: a standalone checker of the C core, built from csrc/ alone (no
 * Python), for cross builds run under an emulator (.ci/portable.sh) and for
 * comparing kernels. From the repository root, after generating the tables:
 *
 *   python csrc/eval/gen_tables.py csrc/eval/tables.c
 *   cc -O2 -std=c11 -Icsrc -o o8check csrc/tools/o8check.c SOURCES -lm
 *
 * where SOURCES are the C files of csrc/eval, csrc/equity, csrc/engine and
 * csrc/histories (every C file of the core: all of csrc/ but cpython/, which
 * is _entry, and tools/). `bash csrc/tools/build_o8check.sh OUT [CC ARGS...]`
 * does both steps.
 *
 * Deals mode (the default) reads deals from stdin, one a line:
 *
 *   As Kd Tc 9h | 2c 3d 4h 5s 6c
 *
 * 4..6 hole cards, then 3..5 board cards, each a rank of 23456789TJQKA
 * and a suit of cdhs (either case), separated by blanks. It prints one line
 * per deal, "HIGH LOW": the values omaha8_fast.evaluate_hilo gives (LOW -1
 * where it gives None: no qualifying low). The deals are evaluated by the batch entry point
 * o8_eval_batch_kernel, grouped by size, with the kernel OMAHA8_KERNEL names
 * (scalar, avx2, avx512, neon; unset or empty: the best one), and each
 * result is also checked against the single-deal entry point o8_eval.
 *
 * Equity mode (`o8check --equity [SAMPLES]`, default 4096 samples) reads
 * lines of known holes and a board, '|' between them, the board last (0..5
 * cards, may be empty):
 *
 *   As Kd Tc 9h | 2c 3d 4h 5s | 7c 8d 9h
 *
 * and prints per line the Monte Carlo counts of o8_equity_monte_carlo_kernel
 * with that kernel (seed: the line number): "showdowns no_low" and then,
 * per player, "share high_win high_tie low_win low_tie scoop". Every hole
 * known, this runs the kernels' sampler (equity/mc_known.h). The counts of
 * a given seed are the same on every kernel and every machine.
 *
 * `o8check --kernels` prints the kernels this build and CPU can run, one a
 * line, slowest first; `o8check --kernel` the one OMAHA8_KERNEL selects.
 *
 * Errors: a line that is not a deal (or a job) gets "error" on stdout in its
 * place and a message with its line number on stderr, and the exit status is
 * 1 at the end; a kernel name that is unknown or that this CPU cannot run is
 * a message and exit status 2 (nothing read); a batch result that differs
 * from o8_eval's is a message and exit status 3.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omaha8.h"

#define MAX_LINE 4096
#define MAX_GROUPS (O8_MAX_PLAYERS + 1)

static const char *const KERNEL_NAMES[] = {"scalar", "avx2", "avx512", "neon"};
static const int KERNEL_IDS[] = {O8_KERNEL_SCALAR, O8_KERNEL_AVX2, O8_KERNEL_AVX512, O8_KERNEL_NEON};
#define N_KERNELS 4

static const char *kernel_name(int id) {
    for (int i = 0; i < N_KERNELS; i++)
        if (KERNEL_IDS[i] == id) return KERNEL_NAMES[i];
    return "?";
}

/* The kernel OMAHA8_KERNEL selects, or -1 after a message. */
static int chosen_kernel(void) {
    const char *name = getenv("OMAHA8_KERNEL");
    if (!name || !*name) return o8_kernel_best();
    for (int i = 0; i < N_KERNELS; i++) {
        if (strcmp(name, KERNEL_NAMES[i]) != 0) continue;
        if (o8_kernel_supported(KERNEL_IDS[i])) return KERNEL_IDS[i];
        fprintf(stderr, "o8check: OMAHA8_KERNEL=%s: this CPU (or build) cannot run that kernel; it can run", name);
        for (int k = 0; k < N_KERNELS; k++)
            if (o8_kernel_supported(KERNEL_IDS[k])) fprintf(stderr, " %s", KERNEL_NAMES[k]);
        fputc('\n', stderr);
        return -1;
    }
    fprintf(stderr, "o8check: OMAHA8_KERNEL=%s is not a kernel: use scalar, avx2, avx512 or neon\n", name);
    return -1;
}

/* Cards of text[0..len) into ids: the count, or -1 when the text is not up
 * to `max` blank-separated cards. */
static int parse_cards(const char *text, size_t len, uint8_t *ids, int max) {
    static const char RANKS[] = "23456789TJQKA", SUITS[] = "cdhs";
    int n = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) i++;
        if (i == len) return n;
        if (n == max || i + 1 >= len) return -1;
        char r = text[i], s = text[i + 1];
        if (r >= 'a' && r <= 'z') r = (char)(r - 'a' + 'A');
        if (s >= 'A' && s <= 'Z') s = (char)(s - 'A' + 'a');
        const char *rp = r ? strchr(RANKS, r) : NULL, *sp = s ? strchr(SUITS, s) : NULL;
        if (!rp || !sp) return -1;
        ids[n++] = (uint8_t)((rp - RANKS) * 4 + (sp - SUITS));
        i += 2;
        if (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') return -1;
    }
}

/* The '|'-separated groups of a line: their cards (up to 6 each) and counts;
 * the number of groups, or -1 when some group is not cards. */
static int parse_groups(const char *line, uint8_t cards[MAX_GROUPS][6], int *count) {
    int groups = 0;
    const char *start = line;
    for (;;) {
        const char *bar = strchr(start, '|');
        size_t len = bar ? (size_t)(bar - start) : strlen(start);
        if (groups == MAX_GROUPS) return -1;
        count[groups] = parse_cards(start, len, cards[groups], 6);
        if (count[groups] < 0) return -1;
        groups++;
        if (!bar) return groups;
        start = bar + 1;
    }
}

static int read_line(char *buf, FILE *in) {
    if (!fgets(buf, MAX_LINE, in)) return 0;
    size_t len = strlen(buf);
    if (len && buf[len - 1] == '\n') buf[--len] = 0;
    return 1;
}

typedef struct {
    uint8_t hole[6], board[5];
    int hole_size, board_size; /* 0: a bad line */
    int32_t high, low;
} deal;

static int deals_mode(int kernel) {
    size_t n = 0, cap = 1024;
    deal *deals = malloc(cap * sizeof *deals);
    char line[MAX_LINE];
    int status = 0;
    if (!deals) return 4;
    while (read_line(line, stdin)) {
        uint8_t cards[MAX_GROUPS][6];
        int count[MAX_GROUPS];
        if (n == cap) {
            deal *more = realloc(deals, 2 * cap * sizeof *deals);
            if (!more) { free(deals); return 4; }
            deals = more;
            cap *= 2;
        }
        deal *d = &deals[n++];
        d->hole_size = d->board_size = 0;
        int groups = parse_groups(line, cards, count);
        if (groups != 2 || count[0] < 4 || count[0] > 6 || count[1] < 3 || count[1] > 5
            || o8_eval(cards[0], count[0], cards[1], count[1]) < 0) {
            fprintf(stderr, "o8check: line %zu: not a deal of 4-6 hole and 3-5 board cards, all different: %s\n",
                    n, line);
            status = 1;
            continue;
        }
        memcpy(d->hole, cards[0], 6);
        memcpy(d->board, cards[1], 5);
        d->hole_size = count[0];
        d->board_size = count[1];
    }
    /* One batch per (hole size, board size), through the kernel dispatch. */
    uint8_t *holes = malloc(n * 6 + 16), *boards = malloc(n * 5 + 16);
    uint16_t *high = malloc((n + 1) * sizeof *high);
    int32_t *low = malloc((n + 1) * sizeof *low);
    size_t *rows = malloc((n + 1) * sizeof *rows);
    if (!holes || !boards || !high || !low || !rows) return 4;
    for (int h = 4; h <= 6; h++)
        for (int b = 3; b <= 5; b++) {
            size_t m = 0;
            for (size_t i = 0; i < n; i++) {
                if (deals[i].hole_size != h || deals[i].board_size != b) continue;
                memcpy(holes + m * (size_t)h, deals[i].hole, (size_t)h);
                memcpy(boards + m * (size_t)b, deals[i].board, (size_t)b);
                rows[m++] = i;
            }
            if (!m) continue;
            int64_t done = o8_eval_batch_kernel(kernel, holes, h, boards, b, (int64_t)m, high, low, 1);
            if (done != -1) {
                fprintf(stderr, "o8check: o8_eval_batch_kernel returned %lld\n", (long long)done);
                return 3;
            }
            for (size_t j = 0; j < m; j++) {
                deal *d = &deals[rows[j]];
                int64_t single = o8_eval(d->hole, h, d->board, b);
                d->high = high[j];
                d->low = low[j];
                if ((single & 0xFFFF) != d->high || single / 65536 != d->low) {
                    fprintf(stderr, "o8check: line %zu: kernel %s gives %d %d, o8_eval %lld %lld\n", rows[j] + 1,
                            kernel_name(kernel), d->high, d->low, (long long)(single & 0xFFFF),
                            (long long)(single / 65536));
                    return 3;
                }
            }
        }
    for (size_t i = 0; i < n; i++) {
        if (deals[i].hole_size) printf("%d %d\n", deals[i].high, deals[i].low ? deals[i].low : -1);
        else puts("error");
    }
    free(deals); free(holes); free(boards); free(high); free(low); free(rows);
    return status;
}

static int equity_mode(int kernel, int64_t samples) {
    o8_equity_work *work = malloc(sizeof *work);
    char line[MAX_LINE];
    int status = 0;
    unsigned long number = 0;
    if (!work) return 4;
    while (read_line(line, stdin)) {
        uint8_t cards[MAX_GROUPS][6], holes[O8_MAX_PLAYERS][6];
        int count[MAX_GROUPS];
        o8_range players[O8_MAX_PLAYERS];
        o8_equity_counts out;
        number++;
        int groups = parse_groups(line, cards, count), n = groups - 1, ok = groups >= 3 && count[n] <= 5;
        for (int p = 0; ok && p < n; p++) {
            ok = count[p] == count[0] && count[p] >= 4;
            memcpy(holes[p], cards[p], 6);
            players[p].holes = holes[p];
            players[p].cum_weights = NULL;
            players[p].n_holes = 1;
        }
        int code = ok ? o8_equity_monte_carlo_kernel(kernel, players, n, count[0], cards[n], count[n], NULL, 0,
                                                      samples, number, 0, NULL, work, &out)
                      : O8_ERR_INPUT;
        if (code != 0) {
            fprintf(stderr, "o8check: line %lu: not 2-9 known holes of one size (4-6) and a board of 0-5 "
                    "cards, all different (code %d): %s\n", number, code, line);
            puts("error");
            status = 1;
            continue;
        }
        printf("%lld %lld", (long long)out.showdowns, (long long)out.no_low);
        for (int p = 0; p < n; p++) {
            const o8_player_counts *c = &out.player[p];
            printf(" | %lld %lld %lld %lld %lld %lld", (long long)c->share, (long long)c->high_win,
                   (long long)c->high_tie, (long long)c->low_win, (long long)c->low_tie, (long long)c->scoop);
        }
        putchar('\n');
    }
    free(work);
    return status;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--kernels") == 0) {
        for (int i = 0; i < N_KERNELS; i++)
            if (o8_kernel_supported(KERNEL_IDS[i])) puts(KERNEL_NAMES[i]);
        return 0;
    }
    int kernel = chosen_kernel();
    if (kernel < 0) return 2;
    if (argc > 1 && strcmp(argv[1], "--kernel") == 0) {
        puts(kernel_name(kernel));
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--equity") == 0) {
        long long samples = argc > 2 ? atoll(argv[2]) : 4096;
        if (samples < 1 || samples > 100000000) {
            fprintf(stderr, "o8check: --equity SAMPLES: 1 to 100000000\n");
            return 2;
        }
        return equity_mode(kernel, samples);
    }
    if (argc > 1) {
        fprintf(stderr, "usage: o8check [--equity [SAMPLES] | --kernels | --kernel] < lines\n");
        return 2;
    }
    return deals_mode(kernel);
}
