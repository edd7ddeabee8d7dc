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

/* Checked, for the Python API's fast path: the hole (4..6 cards) then the
 * board (3..5) in one array of card ids, `const char *` because cffi passes a
 * Python bytes object to it without a copy. Returns what o8_eval returns (-1
 * also for a hole of 2 or 3 cards). */
int64_t o8_eval_ids(const char *cards, int hole_size, int board_size);

/* Checked, from text (the Python API's fast path): `hole` (4..6 cards) and
 * `board` (3..5) are hole_len and board_len bytes of card text, parsed as
 * omaha8_fast.cards does: the separators " ,\t\n\r" are dropped, then "10"
 * becomes "T", then each two characters are a rank (2-9, T J Q K A, either
 * case) and a suit (c d h s, either case). Returns what o8_eval returns, -1
 * for a valid text but an invalid hand, -2 for text this parser does not
 * take (which the Python parser then explains). */
int64_t o8_eval_text(const char *hole, size_t hole_len, const char *board, size_t board_len);

/* The address of a read-only table of the evaluator's entry points, for the
 * private CPython extension omaha8_fast._entry (its layout: csrc/cpython/entry_api.h,
 * which cffi does not read). Never written; the same address on every call. */
const void *o8_entry_table(void);

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

/* Batch kernels: O8_KERNEL_SCALAR runs everywhere; AVX2 and AVX-512 only on
 * x86-64 CPUs with those instructions, NEON on every AArch64 build
 * (o8_kernel_supported). */
#define O8_KERNEL_SCALAR 0
#define O8_KERNEL_AVX2 1
#define O8_KERNEL_AVX512 2
#define O8_KERNEL_NEON 3

/* 1 when this build has `kernel` and the CPU (and OS) can run it, else 0. */
int o8_kernel_supported(int kernel);

/* The CPU table's guess at the fastest supported kernel (AVX-512 where
 * supported, but AVX2 on AMD Zen 4, whose 512-bit vectors run as two
 * halves), with no measurement: what runs while another thread is still
 * measuring (o8_kernel_current). */
int o8_kernel_best(void);

/* The kernel argument that means "the process's kernel" (o8_kernel_current):
 * o8_eval_batch_kernel and o8_equity_monte_carlo_kernel take it. */
#define O8_KERNEL_CHOSEN -1

/* The process's kernel, the one piece of process state the core keeps: at
 * the first call (of this or of any entry point that uses it: o8_eval_batch,
 * o8_eval_batch_checked, the Monte Carlo kernels) every supported kernel is
 * timed on a fixed batch of O8_CHOICE_DEALS deals (well under a millisecond
 * on a CPU with SIMD) and the fastest kept, unless o8_kernel_set chose one
 * first. Safe to call from any thread; while one thread measures, the others
 * get o8_kernel_best(). */
int o8_kernel_current(void);

/* Make `kernel` the process's kernel, from any thread at any time (calls
 * already running finish with the kernel they started with; every kernel
 * gives the same results). Returns 0, or -1 (nothing changed) when it is not
 * supported. */
int o8_kernel_set(int kernel);

/* The times of the measurement that chose the process's kernel: ns[k] for
 * kernel k (O8_KERNEL_SCALAR .. O8_KERNEL_NEON, 4 entries) the best of a few
 * runs of the fixed batch, in nanoseconds; 0 for the kernels not supported.
 * Returns 1 when the choice was measured (ns filled), 2 when o8_kernel_set
 * made it, 0 when nothing was chosen yet (ns not written in those two). */
int o8_kernel_choice(int64_t *ns);

/* Measure now (no state): every supported kernel on the fixed batch, ns as
 * for o8_kernel_choice; returns the fastest. */
int o8_kernel_measure(int64_t *ns);

/* Deals of the fixed batch of the measurement (4-card holes, 5-card boards,
 * high and low). */
#define O8_CHOICE_DEALS 1024

/* Batch evaluation of n rows with the given kernel: like
 * o8_eval_batch_checked when `check` is nonzero, o8_eval_batch (no
 * validation) when it is 0. All kernels give the same results for valid rows
 * and the same first bad row. Returns -1 when done (every row valid, or not
 * checked), the index of the first invalid row (rows before it evaluated,
 * rows from it on not written), -2 if a size is out of range (hole 2..6,
 * board 3..5), -3 (nothing done) if `kernel` is not supported.
 * O8_KERNEL_CHOSEN: the process's kernel (o8_kernel_current). */
int64_t o8_eval_batch_kernel(int kernel, const uint8_t *holes, int hole_size, const uint8_t *boards,
                             int board_size, int64_t n, uint16_t *high, int32_t *low, int check);

/* Read-only bytes of generated lookup table `index` (0, 1, ... in the order
 * csrc/eval/gen_tables.py lists them) and their size; NULL past the last one. For
 * the test that checks the compiled tables against a fresh generation. */
const void *o8_table(int index, size_t *size);

/* ---- Every hole against one board (csrc/eval/all_holes.c) ------------------
 *
 * The number of hole_size-card holes (4..6) among the 52 - board_size (3..5)
 * - n_dead (0..52) cards left: C(52 - board_size - n_dead, hole_size), 0 when
 * fewer cards are left; -1 when a size is out of range. */
int64_t o8_all_holes_count(int board_size, int n_dead, int hole_size);

/* Checked: every hole_size-card hole (4..6) of the cards neither on the board
 * (board_size 3..5 cards) nor among the n_dead dead cards, in lexicographic
 * order (the remaining card ids in increasing order, taken as combinations:
 * each hole's cards increase, and holes are ordered by their first card, then
 * their second, ...), each with its high class (1..7462) and its low as a
 * number (54321 ..; -1 when it has no 8-or-better low: not 0 as elsewhere).
 * Writes count * hole_size bytes to holes and count entries to high and low,
 * count being o8_all_holes_count(board_size, n_dead, hole_size). Returns
 * count; -1 (nothing written) when a size is out of range, a card is >= 52 or
 * a card is repeated (on the board, among the dead cards or in both); -2
 * (nothing written) when capacity < count. */
int64_t o8_rank_all_holes(const uint8_t *board, int board_size, const uint8_t *dead, int n_dead, int hole_size,
                          uint8_t *holes, uint16_t *high, int32_t *low, int64_t capacity);

/* Checked showdown of n players (1..O8_SHOWDOWN_MAX_PLAYERS) on one board.
 *
 * Player r's hole is holes[r * hole_size ...]; bit r of `live` says whether
 * they are still in the hand (a folded player's row is ignored). Leftover
 * chips inside a half go one each to the tied winners in seat order starting
 * at player `first` (0..n-1) and wrapping around. `pots` holds n_pots pairs
 * (amount, eligible player bit mask). Each pot is split among its live
 * eligible players as docs/rules.md says: hi/lo halves with the odd chip high when
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
#define O8_SHOWDOWN_MAX_PLAYERS 63
int o8_showdown(const uint8_t *board, int board_size, const uint8_t *holes, int hole_size,
                int n, uint64_t live, int first, const int64_t *pots, int n_pots,
                int64_t *payouts, int64_t *detail, uint16_t *high, int32_t *low);

/* Checked heads-up showdown of one pot, for split_pot's fast path: `cards`
 * holds the board (board_size, which must be 5) then two live players'
 * holes of one size (4..6), `pot` chips (0 .. 2**62 - 1) that both are
 * eligible for, the first leftover chip to player `first` (0 or 1). Returns
 * player 0's payout (player 1 gets the rest), plus the bit
 * O8_SPLIT_ID01_FLAG when a card is id 0 or 1 (the ids True and False
 * become in Python's bytes(): only then need the caller look for bools); -1 when
 * anything is out of range or a card is invalid or repeated (the caller's
 * general path then explains). */
#define O8_SPLIT_ID01_FLAG 4611686018427387904
int64_t o8_split_heads_up(const char *cards, int board_size, int hole0_size, int hole1_size, int64_t pot,
                          int first);

/* ---- Equity (csrc/equity/equity.c) -----------------------------------------
 *
 * A job is 2..O8_MAX_PLAYERS players with holes of one size, a known board of
 * 0..5 cards and dead cards; the rest of the board is dealt from the remaining
 * deck. Every showdown is settled exactly in integer pot units: the pot is
 * O8_POT_UNITS (= 2 * lcm(1..9)); with a qualifying low each half is
 * O8_POT_UNITS / 2 split evenly among its tied winners, otherwise the best
 * high takes the whole pot. Results are integer sums, so the counts of parts
 * of a job add up to the counts of the whole job, however it is split.
 *
 * Each player is an o8_range: a list of candidate holes with optional
 * cumulative integer weights (a known hand is a list of one), or "random"
 * (holes == NULL): any hole from the cards left over.
 */
#define O8_MAX_PLAYERS 9
#define O8_POT_UNITS 5040
/* Errors: invalid sizes, cards, weights or conflicts; Monte Carlo only: the
 * players' lists (almost) never fit together. */
#define O8_ERR_INPUT -1
#define O8_ERR_NO_DEAL -2
/* Returned by the _cancel kernels when *cancel became nonzero during the run:
 * Monte Carlo's counts are those of the deals finished (out->showdowns of
 * them); exact counts are then incomplete and meaningless. */
#define O8_CANCELLED -3
/* Monte Carlo's sample limit: sums of squared pot units stay in int64. */
#define O8_MAX_SAMPLES 300000000000

typedef struct {
    const uint8_t *holes;        /* n_holes * hole_size card ids; NULL = random hole */
    const int64_t *cum_weights;  /* NULL = equal weights; else n_holes cumulative
                                    weights, first > 0, strictly increasing */
    int64_t n_holes;             /* >= 1 unless holes is NULL */
} o8_range;

typedef struct {
    int64_t share;     /* pot units won (times the deal's weight) */
    int64_t share_sq;  /* Monte Carlo: sum of squared per-showdown units (0 when exact) */
    int64_t high_win;  /* best high alone */
    int64_t high_tie;  /* best high shared */
    int64_t low_win;   /* best low alone */
    int64_t low_tie;   /* best low shared */
    int64_t scoop;     /* the whole pot alone: both halves, or the high when no low */
} o8_player_counts;

/* Scratch memory of o8_equity_monte_carlo: per known hole, its best
 * non-flush high and its best low on each five-card board rank multiset
 * (rows: high | low << 16), and its best flush per suit and flush row (so a
 * showdown reads small tables instead of rows of the big ones). Allocate
 * once per thread and reuse; its content on entry does not matter. */
#define O8_BOARD5_ROWS 6188
#define O8_FLUSH_ROWS 2289
typedef struct {
    uint32_t rows[O8_MAX_PLAYERS][O8_BOARD5_ROWS];
    uint16_t flush[O8_MAX_PLAYERS][4 * O8_FLUSH_ROWS + 2];  /* + 2: padding for 32-bit gathers */
} o8_equity_work;

typedef struct {
    int64_t showdowns; /* showdowns counted (exact: times the deals' weights) */
    int64_t no_low;    /* showdowns in which nobody had a qualifying low */
    int64_t attempts;  /* Monte Carlo: deals tried, rejected ones included */
    o8_player_counts player[O8_MAX_PLAYERS];
} o8_equity_counts;

/* Exact enumeration of every deal: each combination of the players' holes
 * (candidates that share a card with another hole, the board or the dead
 * cards are skipped; a deal's weight is the product of its candidates'
 * weights, a random hole weighs 1) times every completion of the board.
 * The work is cut into units (each choice of the first open player's hole:
 * its candidate, or its first two cards if random; with every hole known,
 * the whole enumeration, one unit); this call counts
 * units part, part + n_parts, ...
 * (0 <= part < n_parts), so parts 0..n_parts-1 together count everything
 * once. The caller keeps the total weight * O8_POT_UNITS below 2^63 (else the
 * counts wrap around; share_sq is always 0).
 * Fills *out (zeroed first); returns 0 or O8_ERR_INPUT. */
int o8_equity_exact(const o8_range *players, int n_players, int hole_size,
                    const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                    int64_t part, int64_t n_parts, o8_equity_counts *out);

/* Monte Carlo: `samples` (0..O8_MAX_SAMPLES) random deals. Each deal draws
 * every list player's hole by weight (restarting the deal when holes share a
 * card, which samples the weighted product exactly), then the random holes
 * and the rest of the board uniformly from the cards left. The generator is
 * xoshiro256** seeded from (seed, stream); when every hole is known, eight
 * xoshiro128** lanes seeded from (seed, stream) draw the board (csrc/equity/mc_known.h).
 * The same arguments give the same counts on any machine and with any
 * kernel. Fills *out (zeroed first); returns 0, O8_ERR_INPUT,
 * or O8_ERR_NO_DEAL after 10^6 rejected deals in a row. */
int o8_equity_monte_carlo(const o8_range *players, int n_players, int hole_size,
                          const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                          int64_t samples, uint64_t seed, uint64_t stream,
                          o8_equity_work *work, o8_equity_counts *out);

/* The same two kernels, stopping within a few thousand showdowns once
 * *cancel (read from another thread; NULL = never) is nonzero: they then
 * return O8_CANCELLED. Otherwise identical, counts included. */
int o8_equity_exact_cancel(const o8_range *players, int n_players, int hole_size,
                           const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                           int64_t part, int64_t n_parts, const volatile int32_t *cancel,
                           o8_equity_counts *out);
int o8_equity_monte_carlo_cancel(const o8_range *players, int n_players, int hole_size,
                                 const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                                 int64_t samples, uint64_t seed, uint64_t stream,
                                 const volatile int32_t *cancel,
                                 o8_equity_work *work, o8_equity_counts *out);

/* o8_equity_monte_carlo_cancel with the given kernel (O8_KERNEL_*): every
 * kernel gives the same counts; O8_ERR_INPUT when the kernel is not
 * supported (o8_kernel_supported); O8_KERNEL_CHOSEN: the process's kernel.
 * The other entry points use the process's kernel (o8_kernel_current). */
int o8_equity_monte_carlo_kernel(int kernel, const o8_range *players, int n_players, int hole_size,
                                 const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                                 int64_t samples, uint64_t seed, uint64_t stream,
                                 const volatile int32_t *cancel,
                                 o8_equity_work *work, o8_equity_counts *out);

/* The deals o8_equity_monte_carlo counts for the same arguments, in order:
 * out[samples * (n_players * hole_size + 5)] gets, per deal, every player's
 * hole (in player order) and then the five board cards. Returns 0,
 * O8_ERR_INPUT or O8_ERR_NO_DEAL. For tests of the sampler, and simulations. */
int o8_equity_deals(const o8_range *players, int n_players, int hole_size,
                    const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                    int64_t samples, uint64_t seed, uint64_t stream, uint8_t *out);

/* ---- Hand ranges (csrc/equity/ranges.c) --------------------------------- */

#define O8R_MAX_ELEMENTS 6

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

/* All k-card hands (1 <= k <= 6) in colex order, k bytes each, into out
 * (room for capacity hands). Returns the number of hands, -1 on bad input. */
int64_t o8r_combinations(int k, uint8_t *out, int64_t capacity);

/* out[r] = 1 when hand r of n matches the pattern, else 0. Hands with a card
 * >= 52 never match. Returns 0, or -1 on an invalid pattern or size. */
int o8r_match(const o8r_pattern *p, const uint8_t *hands, int hole_size, int64_t n, uint8_t *out);

/* The compiled form ranges.py evaluates ranges with. A variant is a pattern
 * with its suit variables replaced by suits: n elements, element e takes one
 * card of cards[e] (for an element with a rank variable, rank_var[e] >= 0,
 * the cards of its suits in every rank). The hand matches when the elements
 * take different cards and the rank variables different ranks of var_ranks.
 * Every one of the n_conditions conditions "at least cond_need[i] cards of
 * the hand in cond_cards[i]" is necessary; without rank variables they are
 * also sufficient (Hall's theorem). Rank variable v binds a higher rank than
 * variable var_after[v] when var_after[v] >= 0 (interchangeable variables);
 * it needs var_need[v] cards of its rank in var_cards[v]. Card masks: bit
 * id (rank * 4 + suit). */
typedef struct {
    int32_t n;
    uint64_t cards[6];
    int8_t rank_var[6];
    int32_t n_rank_vars;
    int8_t var_after[6];
    uint8_t var_need[6];
    uint64_t var_cards[6];
    uint8_t var_suits[6];  /* when var_cards[v] is whole suits: their mask, else 0 */
    uint16_t var_ranks;
    int32_t groups_only;  /* no element without a rank variable, and the elements of
                             each variable take the same cards: var_need decides */
    int32_t tail_from;    /* variables tail_from.. are interchangeable (each binds above the last) */
    int32_t n_conditions;
    uint64_t cond_cards[63];
    uint8_t cond_need[63];
} o8r_variant;

/* An atom of a range: the hands that match any of the n_variants variants
 * (every hand when match_all), and have the suit shape `feature` (0 any,
 * 1 double suited, 2 single suited, 3 rainbow, 4 no pair). */
typedef struct {
    int32_t match_all;
    int32_t n_variants;
    const o8r_variant *variants;
    int32_t feature;
} o8r_atom;

#define O8R_SET 0
#define O8R_KEEP 1
#define O8R_DROP 2

/* Applies an atom to the weights w[n] of the hands rows[n * hole_size]:
 * O8R_SET: w[r] = value where w[r] < value and hand r matches;
 * O8R_KEEP: w[r] = 0 where hand r does not match; O8R_DROP: w[r] = 0 where
 * it matches. Hands with a card >= 52 never match. Returns the number of
 * nonzero weights after, or -1 on an invalid atom or size. */
int64_t o8r_apply(const o8r_atom *atom, const uint8_t *rows, int hole_size, int64_t n,
                  uint8_t *w, int op, uint8_t value);

/* The same for O8R_SET and O8R_DROP (w = 0 where it matches), by listing
 * the matching hands instead of testing every one: w is indexed by colex
 * index over all hole_size-card hands (n = C(52, hole_size)). Rank
 * variables take every choice of different ranks of var_ranks (variable v
 * above var_after[v] when that is >= 0). Work: the rank choices times the
 * ways to pick the elements' cards times the completions. Returns 0, or -1
 * on an invalid atom or size. */
int o8r_generate(const o8r_atom *atom, int hole_size, uint8_t *w, int64_t n, int op, uint8_t value);

/* The nonzero entries of w[n]: their positions into index[] and values into
 * weights[] (room for capacity each). Returns how many, -1 if more than
 * capacity. */
int64_t o8r_collect(const uint8_t *w, int64_t n, int32_t *index, uint8_t *weights, int64_t capacity);

/* The rank multiset of each of the n hands rows[n * hole_size] (cards
 * ascending): out[r] = sum of C(rank_i + i, i + 1) over its ranks r_0 <= r_1
 * <= ..., below C(12 + hole_size, hole_size). Returns 0, -1 on a bad size or
 * a card >= 52. */
int o8r_rank_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out);

/* The suit counts of each hand: out[r] = sum of count(suit s) * 7^s. Returns
 * 0, -1 on a bad size or a card >= 52. */
int o8r_suit_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out);

/* w[i] = 0 where keep[class_of[i]] is 0 (class_of[i] < n_classes, else
 * 0 too), for i < n. Returns the number of nonzero weights after. */
int64_t o8r_keep_classes(uint8_t *w, const uint16_t *class_of, int64_t n, const uint8_t *keep, int64_t n_classes);

/* w[i] = max(w[i], by_class[class_of[i]]) for i < n (classes >= n_classes
 * leave w[i] alone). Returns the number of nonzero weights after. */
int64_t o8r_max_classes(uint8_t *w, const uint16_t *class_of, int64_t n, const uint8_t *by_class,
                        int64_t n_classes);

/* w[index[i]] = max(w[index[i]], values[i]) for i < n. Returns 0, or -1
 * (w untouched) when an index is outside 0..n_w-1. */
int64_t o8r_max_at(uint8_t *w, int64_t n_w, const int32_t *index, const uint8_t *values, int64_t n);

/* w[i] = max(w[i], value) where inner[i] != 0, for i < n. Returns the
 * number of nonzero weights after. */
int64_t o8r_fold(uint8_t *w, const uint8_t *inner, int64_t n, uint8_t value);

/* keep[i] = 1 when hand index[i] of rows[n_rows * hole_size] (hand i when
 * index is NULL) holds no card of the card mask `dead`, else 0. Returns the
 * number kept, or -1 on a bad size or an index out of range. */
int64_t o8r_without(const uint8_t *rows, int hole_size, int64_t n_rows, const int32_t *index, int64_t n,
                    uint64_t dead, uint8_t *keep);

/* The rank-free shape of each hand rows[n * hole_size] (cards strictly
 * ascending): the multiset of the suit masks of its ranks (bit s: the rank
 * in suit s), as out[r] = sum of C(v_i + i, i + 1) over the masks v_0 <= v_1
 * <= ... padded with zeros to hole_size values, below C(15 + hole_size,
 * hole_size). Returns 0, -1 on a bad size, a card >= 52 or out of order. */
int o8r_shape_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out);

/* The hands o8r_generate visits, listed: the colex index of each (a hand
 * reached several ways appears as often) into index[] while there is room
 * for it (capacity). Returns how many were visited (more than capacity: the
 * list is cut), or -1 on an invalid atom or size. */
int64_t o8r_generate_list(const o8r_atom *atom, int hole_size, int32_t *index, int64_t capacity);

/* o8r_apply for an atom that reads the ranks r1 and r2 (-1: none) and no
 * other rank by name (renaming the others leaves it alone): each hand's
 * class under that renaming is looked up in memo[] (values above 1: not yet
 * known; the caller fills it with 255 and may keep it for the same atom,
 * ranks and shape_of or not), and the atom is tested once per class.
 * shape_of: NULL, or the o8r_shape_classes key of each of the n hands (the
 * class is then found faster). memo_size must be at least
 * (r1 >= 0 ? 16 : 1) * (r2 >= 0 ? 16 : 1) * C(15 + hole_size, hole_size).
 * Returns as o8r_apply, or -1 on a bad size or rank. */
int64_t o8r_apply_memo(const o8r_atom *atom, const uint8_t *rows, int hole_size, int64_t n,
                       uint8_t *w, int op, uint8_t value, int r1, int r2, const uint16_t *shape_of,
                       uint8_t *memo, int64_t memo_size);

/* One condition on a hand (o8r_fold_where): with class_of, that
 * table[class_of[r]] is nonzero (classes >= n_table: zero); else that the
 * hand matches `atom`, through memo as o8r_apply_memo when memo is not NULL.
 * negate: the condition is that it does not. */
typedef struct {
    const uint16_t *class_of;
    const uint8_t *table;
    int64_t n_table;
    const o8r_atom *atom;
    int32_t r1, r2;
    const uint16_t *shape_of;  /* as o8r_apply_memo's, n entries (or NULL) */
    uint8_t *memo;
    int64_t memo_size;
    int32_t negate;
    /* when not NULL (and class_of is NULL): the condition is instead
     * key_low <= key[r] < key_high (n entries: a percentage's ranking) */
    const int32_t *key;
    int32_t key_low, key_high;
} o8r_condition;

/* w[r] = value where w[r] < value and hand r of rows[n * hole_size] meets
 * every one of the n_conds conditions (tested in order; class_of arrays hold
 * n entries). Returns the number of nonzero weights after, or -1 on a bad
 * size, atom, rank or memo size. */
int64_t o8r_fold_where(uint8_t *w, const uint8_t *rows, int hole_size, int64_t n, uint8_t value,
                       const o8r_condition *conds, int n_conds);

/* One part of a union (o8r_fold_union): the hands that meet every condition
 * conds[cond_index[first + i]], i < n_conds, get weight `value`; every such
 * hand holds each rank of `ranks` (bit r: rank r) and each suit of `suits`
 * (necessary conditions, checked first). The `skip` terms after it in its bucket have the same
 * first condition (and skip - 1, skip - 2, ...): when a hand fails it they
 * are passed over. */
typedef struct {
    uint8_t value;
    uint8_t suits;   /* as ranks: the suits every such hand holds (bit s: suit s) */
    uint16_t ranks;
    int32_t first, n_conds, skip;
} o8r_term;

#define O8R_BUCKETS 14

/* A whole union in one pass: w[r] = the largest of w[r] and the values of
 * the terms that hand r of rows[n * hole_size] meets (hands with a card
 * >= 52 meet none). The terms are in O8R_BUCKETS buckets, bucket b being
 * terms[bucket_start[b] .. bucket_start[b + 1]) (bucket_start has
 * O8R_BUCKETS + 1 entries, from 0 to n_terms): bucket b < 13 holds terms
 * whose ranks have b as their lowest bit (looked at only for hands holding
 * rank b), bucket 13 the others (any ranks); values do not increase within
 * a bucket. A condition shared by several terms is tested at most once per
 * hand, its result kept in seen[n_conds] (scratch, overwritten). Returns the
 * number of nonzero weights after, or -1 on a bad size, bucket, term,
 * condition, atom, rank or memo size. */
int64_t o8r_fold_union(uint8_t *w, const uint8_t *rows, int hole_size, int64_t n,
                       const o8r_term *terms, int n_terms, const int32_t *bucket_start,
                       const int32_t *cond_index, int n_index,
                       const o8r_condition *conds, int n_conds, uint32_t *seen);

/* ---- Overlapping ranges (csrc/equity/overlap.c) --------------------------
 *
 * A pilot of the Monte Carlo sampler's draws: up to max_draws times, draw
 * every list player's hole by weight (players[p].holes != NULL, as in
 * o8_equity_monte_carlo; random players are skipped) from a splitmix64
 * stream seeded with `seed`, until max_fits draws had pairwise disjoint
 * holes. *draws gets the number of draws made; conflicts[i * n_players + j]
 * (i < j; n_players^2 entries, zeroed first) how many of them had players i
 * and j share a card. Returns the number of disjoint draws, or -1 on bad
 * input. The same arguments give the same numbers on any machine. */
int64_t o8r_fit_rate(const o8_range *players, int n_players, int hole_size, int64_t max_draws,
                     int64_t max_fits, uint64_t seed, int64_t *draws, int64_t *conflicts);

/* ---- Street analysis (csrc/equity/analysis.c) -------------------------------
 *
 * Loops of equity jobs for omaha8_fast.analysis, each job counted by the
 * equity kernels above, and the low odds of known holes.
 */

/* For each of n_cards cards, out[i] = the counts of the job whose board is
 * `board` plus cards[i] (board_size 0..4), enumerated exactly; Monte Carlo
 * takes `samples` deals per card, from random stream cards[i] of `seed`; a
 * card for which the equity kernel finds no deal that fits (O8_ERR_NO_DEAL)
 * gets an all-zero row. Returns 0, or the first other error of an equity
 * kernel (the rest unwritten). Once *cancel (read from another thread; NULL
 * = never) is nonzero, the call stops within a few thousand showdowns and
 * returns O8_CANCELLED (the rows then mean nothing). */
int o8a_next_card_exact(const o8_range *players, int n_players, int hole_size,
                        const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                        const uint8_t *cards, int n_cards, const volatile int32_t *cancel,
                        o8_equity_counts *out);
int o8a_next_card_monte_carlo(const o8_range *players, int n_players, int hole_size,
                              const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                              const uint8_t *cards, int n_cards, int64_t samples, uint64_t seed,
                              const volatile int32_t *cancel, o8_equity_work *work,
                              o8_equity_counts *out);

/* Heads-up counts of one hand against one villain hole. */
typedef struct {
    int64_t showdowns;
    int64_t no_low;
    o8_player_counts player[2];  /* [0] the hero, [1] the villain */
} o8a_duel_counts;

/* The hero against each of n_villains holes (villains: n_villains * hole_size
 * bytes): out[i] = the exact counts (exact != 0) or `samples` Monte Carlo
 * deals from stream first_stream + i of `seed` (work: scratch, Monte Carlo
 * only). A villain that is not a valid hole or shares a card with the hero,
 * board or dead cards gets an all-zero row. Returns 0 or O8_ERR_INPUT, or
 * O8_CANCELLED once *cancel (NULL = never) is nonzero, within a few thousand
 * showdowns. */
int o8a_duels(const uint8_t *hero, int hole_size, const uint8_t *board, int board_size,
              const uint8_t *dead, int n_dead, const uint8_t *villains, int64_t n_villains,
              int exact, int64_t samples, uint64_t seed, int64_t first_stream,
              const volatile int32_t *cancel, o8_equity_work *work, o8a_duel_counts *out);

/* Low odds of 1..O8_MAX_PLAYERS known holes over every completion of the
 * board (0..5 cards) from the cards that are not the board, dead or a hole:
 * how many runouts; how many end on a board that allows a low (three low
 * ranks); per player, how many give them a qualifying low, the nut low (the
 * best low any two cards outside the board could make), and how many deal a
 * card (after `board`) of the rank of one of their two key low cards (the two
 * lowest distinct low ranks of the hole; never when the hole has fewer).
 * Returns 0 or O8_ERR_INPUT. */
typedef struct {
    int64_t runouts;
    int64_t low_board;
    int64_t makes_low[O8_MAX_PLAYERS];
    int64_t nut_low[O8_MAX_PLAYERS];
    int64_t counterfeited[O8_MAX_PLAYERS];
} o8a_low_counts;
int o8a_low_odds(const uint8_t *holes, int n_players, int hole_size, const uint8_t *board,
                 int board_size, const uint8_t *dead, int n_dead, o8a_low_counts *out);

/* ---- PQL (csrc/equity/pql.c) -----------------------------------------------
 *
 * Unchecked showdowns of n deals for omaha8_fast.pql. Row r of `deals` starts
 * at deals + r * stride and holds n_players (1..O8_MAX_PLAYERS) holes of
 * hole_size (2..6) cards, then the board; the first board_size (3..5) board
 * cards are evaluated. Writes high[r * n_players + p] (class 1..7462) and
 * low[...] (the decimal low, 0 = none). With board_size 5, share (if not NULL)
 * gets each player's pot units (of O8_POT_UNITS, split as o8_equity_* split
 * it) and flags (if not NULL) bit 0 the best high alone, bit 1 the best high
 * shared, bit 2 the best low alone, bit 3 the best low shared, bit 4 the
 * whole pot alone. Returns 0, or -1 (nothing written) on bad sizes or NULL
 * arrays (share or flags with a board_size other than 5). */
int o8_pql_showdowns(const uint8_t *deals, int64_t stride, int64_t n, int n_players, int hole_size,
                     int board_size, uint16_t *high, int32_t *low, int16_t *share, uint8_t *flags);

/* One player's high and low on n deals (rows as for o8_pql_showdowns): the
 * hole_size cards at hole_offset of each row against the board_size (3..5)
 * cards at board_offset, into high[n] and low[n]. Returns 0, or -1 (nothing
 * written) on bad sizes, offsets beyond the stride or NULL arrays. */
int o8_pql_evals(const uint8_t *deals, int64_t stride, int64_t n, int hole_offset, int hole_size,
                 int board_offset, int board_size, uint16_t *high, int32_t *low);

/* Exact enumeration of every deal of a spot into rows, resumable: the
 * caller owns the cursor (no allocation here) and keeps `players` (and the
 * holes and weights they point to) alive and unchanged between calls.
 * Deals come in the order of nested loops over player 0's hole, player 1's,
 * ..., then the rest of the board: a list player's candidates in order, a
 * random player's holes and the board completions as combinations of the
 * cards still unused, in lexicographic order; a candidate that shares a card
 * with an earlier hole, the board or the dead cards is skipped (as is one
 * with a card >= 52 or repeated). Each row: every hole in player order, then
 * the board_size known board cards, then the dealt ones (n_players *
 * hole_size + 5 bytes); its weight is the product of its list players'
 * weights (the caller keeps the total below 2^63). */
typedef struct {
    const o8_range *players;
    int n_players, hole_size, board_size, missing;
    int level, fresh, done;
    uint8_t board[5];
    int64_t pick[O8_MAX_PLAYERS];                  /* list players: the candidate */
    uint8_t comb[O8_MAX_PLAYERS + 1][O8_MAX_HOLE];  /* random holes, the board: positions in avail */
    uint8_t avail[O8_MAX_PLAYERS + 1][52];
    uint8_t n_avail[O8_MAX_PLAYERS + 1];
    uint8_t cards[O8_MAX_PLAYERS + 1][O8_MAX_HOLE];
    uint64_t used[O8_MAX_PLAYERS + 2];              /* used[l]: the cards taken before level l */
    int64_t weight[O8_MAX_PLAYERS + 2];
} o8_pql_cursor;

/* Starts *cursor on the spot (players as for o8_equity_exact, 1..O8_MAX_PLAYERS
 * of hole_size 2..6 cards, a board of 0..5 cards). Returns 0 or O8_ERR_INPUT. */
int o8_pql_exact_begin(o8_pql_cursor *cursor, const o8_range *players, int n_players, int hole_size,
                       const uint8_t *board, int board_size, const uint8_t *dead, int n_dead);

/* The next deals: up to `capacity` rows into rows[capacity * (n_players *
 * hole_size + 5)] and, if weights is not NULL, their weights. Returns the
 * rows written (0 once every deal has come), O8_ERR_INPUT, or O8_CANCELLED
 * once *cancel (NULL = never) is nonzero, looked at every 65,536 steps (the
 * deals of that call are then lost: the enumeration cannot go on exactly). */
int64_t o8_pql_exact_next(o8_pql_cursor *cursor, uint8_t *rows, int64_t *weights, int64_t capacity,
                          const volatile int32_t *cancel);

/* ---- Dealing (csrc/engine/deal.c) -----------------------------------------
 *
 * A partial Fisher-Yates shuffle of cards[0..51] for positions from..count-1:
 * the random number `bits` (n_bytes little-endian bytes, at most
 * O8_DEAL_MAX_BYTES) is read as mixed-radix digits, position i swapping with
 * i + (digit of radix 52 - i), the lowest digits first (exactly
 * `bits, r = divmod(bits, 52 - i)` in turn). Returns 0; -1 (nothing written)
 * when a size is out of range. */
#define O8_DEAL_MAX_BYTES 64
int o8_deal(const uint8_t *bits, int n_bytes, uint8_t *cards, int from, int count);

/* ---- PokerStars hand histories (csrc/histories/hh_scan.c) ------------------
 *
 * The fast scanner of omaha8_fast.histories._pokerstars: the lines of one hand,
 * text[start..length) (after its header and table line, line numbers from
 * first_line + 2; `cents` 1 for money amounts, 0 for chips), read as the
 * Python reader reads them when every line has one of the common shapes.
 * Writes at most out_size values (O8_HH_OUT_SIZE always suffice; the layout
 * is read by _pokerstars._scanned) and returns how many, or 0 (nothing
 * meaningful written) when the Python reader must read the hand. Any bytes. */
#define O8_HH_OUT_SIZE 2304
int64_t o8_hh_scan(const char *text, size_t length, size_t start, int cents, int hole_size, int64_t first_line,
                   int64_t *out, size_t out_size);

/* ---- Betting (csrc/engine/betting.c) --------------------------------------
 *
 * The hand engine's turn rule (omaha8_fast.engine.Hand, docs/rules.md
 * "Playing a hand"), while two or more players can still bet: after seat
 * `after` acted, the first seat clockwise (ending with `after` itself) with
 * chips, not folded, that has not acted on this street (acted[s] < 0; else
 * the bet level when it last acted) or has not matched the bet `high`; and
 * what that seat may do: call_amount = min(stack, high - bet); a bet or raise
 * when bet + stack > high, bet_count < cap, the betting is open to the seat
 * (not acted, or raised by at least min_raise since) and an opponent still
 * in could put in more than `high`: from min(high + min_raise, bet + stack)
 * to the structure's maximum (limit: the minimum; pot limit: high + pot +
 * owed, within minimum .. bet + stack; no limit: bet + stack); `pot` is every
 * chip committed. The kinds are one of O8_KINDS_*.
 *
 * Returns 1 (out filled), 0 (nobody has to act: the street is over; nothing
 * written), -1 (nothing written) when n is not 2..O8_BET_MAX_PLAYERS, `after`
 * not a seat, structure not an O8_BET_*, an amount or count outside 0..2**53
 * (acted: -1..2**53; pot: up to 2**53 * O8_BET_MAX_PLAYERS) or a folded
 * flag not 0 or 1. */
#define O8_BET_MAX_PLAYERS 64
#define O8_BET_LIMIT 0
#define O8_BET_POT_LIMIT 1
#define O8_BET_NO_LIMIT 2
#define O8_KINDS_FOLD_CALL_RAISE 0
#define O8_KINDS_CHECK_RAISE 1
#define O8_KINDS_CHECK_BET 2
#define O8_KINDS_FOLD_CALL 3
#define O8_KINDS_CHECK 4
typedef struct {
    int32_t seat;  /* the seat to act */
    int32_t kinds; /* O8_KINDS_* */
    int64_t call_amount, min_raise_to, max_raise_to;
} o8_turn;
int o8_bet_next(int n, const int64_t *stacks, const int64_t *bets, const int64_t *acted, const uint8_t *folded,
                int after, int64_t high, int64_t min_raise, int64_t bet_count, int64_t cap, int64_t pot,
                int structure, o8_turn *out);

/* ---- Range against range on a river (csrc/solver/showdown_values.c) -------
 *
 * For the subgame solver: 4-card hands against one 5-card board, each hand's
 * share of a showdown pot against a weighted opposing range, summed over the
 * compatible opposing hands (no shared card; a hand that meets the board is
 * dead: value 0, and never counted as an opponent), split as split_pot does
 * (halves with a qualifying low, the tied winners sharing a half equally, the
 * best high taking all without a low; odd chips ignored: shares are exact
 * fractions 1, 3/4, 1/2, 1/4, 0). The value of a against b is
 * sum over compatible b of w_b * share(a, b), not normalised. Each side is
 * evaluated and ordered once (o8_sd_prepare); a sweep is then linear in the
 * hands (no N x M loop): per-card, per-pair and per-triple weight sums make
 * the card removal exact. Unchecked weights (any finite doubles). The
 * prepared calls (o8_sd_values, o8_sd_compat) are unchecked: their sides must
 * be as o8_sd_prepare wrote them and ident as o8_sd_ident wrote it (their
 * slots and indices index the tables); o8_showdown_values checks everything. */
#define O8_SD_TABLE 23478
#define O8_SD_MAX_HANDS 270725
typedef struct {
    int64_t n;               /* hands */
    const uint16_t *high;    /* 1..7462; 65535 when the hand meets the board */
    const uint16_t *low;     /* 1..56 (1 = wheel); 65534 no low; 65535 dead */
    const int32_t *by_high;  /* the hands by high, best first, the dead last */
    const int32_t *by_low;   /* the hands by low, best first, no low, then the dead */
    const int32_t *subsets;  /* 14 per hand: its cards, pair and triple table slots */
} o8_sd_side;

/* Checked: evaluates n hands (4 cards each) on the 5-card board and fills
 * high[n], low[n], by_high[n], by_low[n] and subsets[14 * n]. Returns 0; -1
 * (partly written) when a card is >= 52 or repeated within the board or a
 * hand. */
int o8_sd_prepare(const uint8_t *board, const uint8_t *hands, int64_t n, uint16_t *high, uint16_t *low,
                  int32_t *by_high, int32_t *by_low, int32_t *subsets);
/* The int32 scratch o8_sd_ident needs for nb opposing hands. */
int64_t o8_sd_ident_scratch(int64_t nb);
/* ident[i] = the index of hands_a[i]'s identical hand among hands_b, -1 when
 * there is none. Returns 0; -1 when scratch_len < o8_sd_ident_scratch(nb). */
int o8_sd_ident(const uint8_t *hands_a, int64_t na, const uint8_t *hands_b, int64_t nb, int32_t *ident,
                int32_t *scratch, int64_t scratch_len);
/* values[i] = the showdown value of a's hand i against the weights wb[nb] of
 * b; compat[i] (if not NULL) = the compatible weight of b. scratch: at least
 * 2 * O8_SD_TABLE + b->n + 2 * a->n doubles whose first 2 * O8_SD_TABLE are
 * zero on entry (and are left zero: the caller zeroes a new scratch once).
 * Returns 0. */
int o8_sd_values(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *wb, double *values,
                 double *compat, double *scratch);
/* compat[i] = the weight of b's hands compatible with a's hand i (0 for a
 * dead hand); table: O8_SD_TABLE doubles, zero on entry (left zero). Returns 0. */
int o8_sd_compat(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *wb, double *compat,
                 double *table);
/* The scratch bytes o8_showdown_values needs; -1 when a count is out of
 * range (0..O8_SD_MAX_HANDS). */
int64_t o8_showdown_values_scratch(int64_t na, int64_t nb);
/* Checked, all in one: values_a[na] and values_b[nb] for hands_a (4 cards
 * each, weights wa) against hands_b (weights wb) on board (5 cards). Returns
 * 0; -1 for a count out of range or an invalid card; -2 when the scratch is
 * smaller than o8_showdown_values_scratch(na, nb). */
int o8_showdown_values(const uint8_t *board, const uint8_t *hands_a, int64_t na, const double *wa,
                       const uint8_t *hands_b, int64_t nb, const double *wb, double *values_a, double *values_b,
                       void *scratch, int64_t scratch_bytes);

#ifdef __cplusplus
}
#endif
#endif
