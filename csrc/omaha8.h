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
#include <stddef.h>
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

/* Checked batch evaluation: validates each row (ids < 52, no card repeated
 * within a row) as it evaluates it. Returns -1 when every row was valid and
 * evaluated, the index of the first invalid row (rows before it are
 * evaluated), or -2 if a size is out of range (hole 4..6, board 3..5 here). */
int64_t o8_eval_batch_checked(const uint8_t *holes, int hole_size, const uint8_t *boards,
                              int board_size, int64_t n, uint16_t *high, int32_t *low);

/* Read-only bytes of generated lookup table `index` (0, 1, ... in the order
 * csrc/gen_tables.py lists them) and their size; NULL past the last one. For
 * the test that checks the compiled tables against a fresh generation. */
const void *o8_table(int index, size_t *size);

/* Checked showdown of n players (1..O8_MAX_PLAYERS) on one board.
 *
 * Player r's hole is holes[r * hole_size ...]; bit r of `live` says whether
 * they are still in the hand (a folded player's row is ignored). Leftover
 * chips inside a half go one each to the tied winners in seat order starting
 * at player `first` (0..n-1) and wrapping around. `pots` holds n_pots pairs
 * (amount, eligible player bit mask). Each pot is split among its live
 * eligible players as RULES.md says: hi/lo halves with the odd chip high when
 * one of them has a qualifying low, else all to the best high; a pot with one
 * live eligible player is theirs, unshown.
 *
 * Fills payouts[n] (what each player wins in all); if not NULL, detail[2 *
 * n_pots * n] (for pot p, detail[2 * p * n + i] is player i's share of the
 * high half -- the whole pot when there is no low or no showdown -- and
 * detail[(2 * p + 1) * n + i] of the low half; -1 when not a winner of that
 * half), high[n] and low[n] (each player's values; 0 for a folded player, low
 * 0 = none).
 *
 * Returns 0; -1 (nothing written) when a size, n, first or live is out of
 * range, or a live player's or board card is >= 52 or appears twice; -2
 * (nothing written) when a pot has a negative amount, an eligible bit >= n,
 * no live eligible player, or the amounts overflow int64. */
#define O8_MAX_PLAYERS 63
int o8_showdown(const uint8_t *board, int board_size, const uint8_t *holes, int hole_size,
                int n, uint64_t live, int first, const int64_t *pots, int n_pots,
                int64_t *payouts, int64_t *detail, uint16_t *high, int32_t *low);

#ifdef __cplusplus
}
#endif
#endif
