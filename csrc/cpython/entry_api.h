/* entry_api.h -- the table of C functions that the private extension
 * omaha8_fast._entry (csrc/cpython/entry.c) calls, handed over by _core at import.
 *
 * _core exports only ffi and lib (cffi), and _entry must not link a second
 * copy of the 2 MB lookup tables: so _core's o8_entry_table() returns the
 * address of one const o8_entry_api (read-only, never written), Python passes
 * it as an int to _entry.bind(), which checks magic, version and size before
 * using it. Not read by cffi (omaha8.h declares o8_entry_table as a void
 * pointer). Bump O8_ENTRY_VERSION whenever the struct changes.
 */
#ifndef OMAHA8_ENTRY_API_H
#define OMAHA8_ENTRY_API_H
#include <stddef.h>
#include <stdint.h>

#include "omaha8.h" /* o8_range, o8_equity_counts, o8_turn (types only: _entry calls nothing of _core directly) */

#define O8_ENTRY_MAGIC 0x4f38454eu /* "O8EN" */
#define O8_ENTRY_VERSION 3u

/* eval.c's card-text parser (the one behind o8_eval_text): up to `max` cards
 * (max <= O8_MAX_HOLE) of text into ids; the count, or -1 when the text is
 * not up to `max` cards of that form. Not in omaha8.h: only for this table. */
int o8_parse_text(const char *text, size_t len, uint8_t *ids, int max);

typedef struct {
    uint32_t magic;   /* O8_ENTRY_MAGIC */
    uint32_t version; /* O8_ENTRY_VERSION */
    uint32_t size;    /* sizeof(o8_entry_api) */
    int64_t (*eval)(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);
    int64_t (*eval_text)(const char *hole, size_t hole_len, const char *board, size_t board_len);
    int32_t (*eval_high)(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);
    int (*parse_text)(const char *text, size_t len, uint8_t *ids, int max);           /* o8_parse_text */
    int (*equity_exact)(const o8_range *players, int n_players, int hole_size,      /* o8_equity_exact */
                        const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                        int64_t part, int64_t n_parts, o8_equity_counts *out);
    int (*bet_next)(int n, const int64_t *stacks, const int64_t *bets, const int64_t *acted,      /* o8_bet_next */
                    const uint8_t *folded, int after, int64_t high, int64_t min_raise, int64_t bet_count,
                    int64_t cap, int64_t pot, int structure, o8_turn *out);
    int (*deal)(const uint8_t *bits, int n_bytes, uint8_t *cards, int from, int count);        /* o8_deal */
    int (*showdown)(const uint8_t *board, int board_size, const uint8_t *holes, int hole_size,  /* o8_showdown */
                    int n, uint64_t live, int first, const int64_t *pots, int n_pots,
                    int64_t *payouts, int64_t *detail, uint16_t *high, int32_t *low);
} o8_entry_api;

#endif
