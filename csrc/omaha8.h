/* omaha8.h -- the public C API of omaha8_fast (read by cffi as its cdef).
 *
 * Cards are bytes: id = rank * 4 + suit, rank 0..12 = 2..A, suit 0..3 = c d h s
 * (2c = 0, As = 51; the ids phevaluator uses). A hand is 2..6 hole cards and
 * 3..5 board cards; every five-card hand uses exactly two hole cards and three
 * board cards (the Omaha 2+3 rule).
 *
 * High values are the standard classes 1..7462 (1 = royal flush, 7462 =
 * 7-5-4-3-2 offsuit; lower is stronger). Low values are the five ranks of the
 * best 8-or-better low read high to low with ace = 1 (54321 best, 87654 worst;
 * lower is stronger), 0 when there is no qualifying low.
 *
 * Thread safety: no global mutable state, no allocation; every function may be
 * called from any number of threads at once. Functions whose comment says
 * "unchecked" stay in bounds for any byte values and sizes, but give
 * meaningless results for invalid cards. Preprocessor lines other than plain
 * integer #defines are skipped by the cffi builder.
 */
#ifndef OMAHA8_H
#define OMAHA8_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define O8_MIN_HOLE 2
#define O8_MAX_HOLE 6
#define O8_MIN_BOARD 3
#define O8_MAX_BOARD 5

/* Where the best hands come from: indices into the hole and board arrays. */
typedef struct {
    int32_t high;
    uint8_t high_hole[2];
    uint8_t high_board[3];
    int32_t low;
    uint8_t low_hole[2];
    uint8_t low_board[3];
} o8_explanation;

/* Checked: -1 when a size is out of range, a card is >= 52 or repeated;
 * otherwise high | low << 16. */
int64_t o8_eval(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);

/* Checked: the high value only, -1 on invalid input. */
int32_t o8_eval_high(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);

/* Checked: fills *out with both halves and the cards they use; -1 on invalid
 * input, else 0. */
int o8_explain(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size,
               o8_explanation *out);

/* First row of n (holes: n * hole_size bytes, boards: n * board_size bytes)
 * with a card >= 52 or a card repeated within the row; -1 if all are valid,
 * -2 if a size is out of range. */
int64_t o8_check_batch(const uint8_t *holes, int hole_size, const uint8_t *boards,
                       int board_size, int64_t n);

/* Unchecked batch evaluation of n rows. high or low may be NULL to skip that
 * half (high-only is cheaper). Returns 0, or -1 if a size is out of range. */
int o8_eval_batch(const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size,
                  int64_t n, uint16_t *high, int32_t *low);

/* ---- Hand ranges (csrc/ranges.c) ---- */

#define O8R_MAX_ELEMENTS 6
#define O8R_MAX_PLAYERS 9
#define O8R_STATS 7
#define O8R_POT 5040
#define O8R_MAX_TRIALS 268435456

/* A hand pattern: n elements, each matched by a different card of the hand.
 * An element's rank is a mask of allowed ranks (bit r = rank r) or, when
 * rank_var[e] >= 0, a rank variable; its suit likewise (suits mask or
 * suit_var[e] >= 0). Different variables take different values; variables
 * only take ranks in var_ranks and suits in var_suits. */
typedef struct {
    int32_t n;
    uint16_t ranks[6];
    uint8_t suits[6];
    int8_t rank_var[6];
    int8_t suit_var[6];
    uint16_t var_ranks;
    uint8_t var_suits;
} o8r_pattern;

/* One player of a range equity: n candidate hands (n * hole_size cards) with
 * strictly increasing cumulative weights cum (NULL: all weights 1), or
 * hands == NULL for a random hand. */
typedef struct {
    const uint8_t *hands;
    const uint64_t *cum;
    int64_t n;
} o8r_player;

/* All k-card hands (1 <= k <= 6) in colex order, k bytes each, into out
 * (room for capacity hands). Returns the number of hands, -1 on bad input. */
int64_t o8r_combinations(int k, uint8_t *out, int64_t capacity);

/* out[r] = 1 when hand r of n matches the pattern, else 0. Hands with a card
 * >= 52 never match. Returns 0, or -1 on an invalid pattern or size. */
int o8r_match(const o8r_pattern *p, const uint8_t *hands, int hole_size, int64_t n, uint8_t *out);

/* Equity statistics are added into out: O8R_STATS doubles per player (pot
 * share in units of O8R_POT per pot, its square, high win, high tie, low win,
 * low tie, scoop), then the total weight, the weight without a low, and the
 * number of rejected deals (Monte Carlo). Board is 0 or 3..5 cards.
 *
 * o8r_exact: every compatible deal of every board completion, weighted by the
 * product of the players' weights; player 0 runs over its hands [first, last)
 * only (to split the work). No random players. Returns 0 or -1 (bad input).
 *
 * o8r_monte_carlo: `trials` random deals (<= O8R_MAX_TRIALS) from the stream
 * (seed, stream); a deal whose hands share a card is drawn again whole.
 * Returns 0, -1 on bad input, -2 if deals almost never fit together. */
int o8r_exact(const o8r_player *players, int n_players, int hole_size, const uint8_t *board,
              int board_size, const uint8_t *dead, int n_dead, int64_t first, int64_t last,
              double *out);
int o8r_monte_carlo(const o8r_player *players, int n_players, int hole_size, const uint8_t *board,
                    int board_size, const uint8_t *dead, int n_dead, uint64_t seed, uint64_t stream,
                    int64_t trials, double *out);

#ifdef __cplusplus
}
#endif
#endif
