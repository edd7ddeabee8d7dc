/* Internal building blocks of the evaluator, shared by eval.c and the
 * equity kernels. Every index is bounded by construction (cards go through the
 * 256-entry O8_RANK / O8_SUIT / O8_LOW_BIT tables), so any byte values are
 * memory safe.
 *
 * Evaluating a hand is split in two halves that can be prepared separately:
 * a board (its rank-multiset row of O8_HIGH, its flush suit and row of
 * O8_FLUSH, its low mask) and a hole (its rank-pair columns, per-suit rank
 * masks, low mask). Equity loops prepare each hole once and each board once.
 */
#ifndef OMAHA8_EVAL_INLINE_H
#define OMAHA8_EVAL_INLINE_H
#include <stdint.h>
#include "tables.h"

#if defined(_MSC_VER)
#include <intrin.h>
#define O8_INLINE static __forceinline
static __forceinline int o8_ctz(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
#else
#define O8_INLINE static inline __attribute__((always_inline))
#define o8_ctz(x) __builtin_ctz(x)
#endif

typedef struct {
    const uint16_t *high_row;  /* O8_HIGH row of the board's rank multiset */
    const uint16_t *flush_row; /* O8_FLUSH row (row 0 when no flush is possible) */
    unsigned flush_suit;       /* suit of flush_row (any when there is none) */
    unsigned low_mask;         /* low ranks on the board, bit 0 = ace */
} o8_board;

typedef struct {
    uint8_t pair_col[15];      /* O8_PAIR column of every hole rank pair */
    uint8_t n_pairs;
    uint16_t suit_ranks[4];    /* rank mask of the hole cards of each suit */
    unsigned low_mask;         /* low ranks in the hole, shifted left by 8 */
} o8_hole;

#define O8_SWAP(a, b) do { uint8_t lo_ = a < b ? a : b; b = a < b ? b : a; a = lo_; } while (0)

/* Row of O8_HIGH for a board of 3..5 cards: colex index of its sorted ranks. */
O8_INLINE unsigned o8_board_row(const uint8_t *board, int n) {
    uint8_t r0 = O8_RANK[board[0]], r1 = O8_RANK[board[1]], r2 = O8_RANK[board[2]];
    uint8_t r3 = n > 3 ? O8_RANK[board[3]] : 0, r4 = n > 4 ? O8_RANK[board[4]] : 0;
    if (n == 3) {  /* sorting networks: 3, 5 and 9 comparators */
        O8_SWAP(r1, r2); O8_SWAP(r0, r2); O8_SWAP(r0, r1);
        return O8_ROWS_BOARD3 + O8_BINOM[1 * 19 + r0] + O8_BINOM[2 * 19 + r1 + 1]
             + O8_BINOM[3 * 19 + r2 + 2];
    }
    if (n == 4) {
        O8_SWAP(r0, r1); O8_SWAP(r2, r3); O8_SWAP(r0, r2); O8_SWAP(r1, r3); O8_SWAP(r1, r2);
        return O8_ROWS_BOARD4 + O8_BINOM[1 * 19 + r0] + O8_BINOM[2 * 19 + r1 + 1]
             + O8_BINOM[3 * 19 + r2 + 2] + O8_BINOM[4 * 19 + r3 + 3];
    }
    O8_SWAP(r0, r1); O8_SWAP(r3, r4); O8_SWAP(r2, r4); O8_SWAP(r2, r3); O8_SWAP(r0, r3);
    O8_SWAP(r0, r2); O8_SWAP(r1, r4); O8_SWAP(r1, r3); O8_SWAP(r1, r2);
    return O8_ROWS_BOARD5 + O8_BINOM[1 * 19 + r0] + O8_BINOM[2 * 19 + r1 + 1]
         + O8_BINOM[3 * 19 + r2 + 2] + O8_BINOM[4 * 19 + r3 + 3] + O8_BINOM[5 * 19 + r4 + 4];
}

O8_INLINE void o8_prepare_board(o8_board *b, const uint8_t *board, int n) {
    uint32_t suit_count = 0;  /* one nibble per suit */
    uint64_t suit_ranks = 0;  /* 16 bits per suit */
    unsigned low = 0;
    for (int i = 0; i < n; i++) {
        uint8_t c = board[i];
        suit_count += 1u << (4 * O8_SUIT[c]);
        suit_ranks |= 1ull << (16 * O8_SUIT[c] + O8_RANK[c]);
        low |= O8_LOW_BIT[c];
    }
    b->high_row = O8_HIGH + o8_board_row(board, n) * O8_N_PAIRS;
    uint32_t three = (suit_count + 0x5555u) & 0x8888u;  /* nibble >= 3 */
    b->flush_suit = three ? (unsigned)o8_ctz(three) >> 2 : 0;
    b->flush_row = O8_FLUSH
        + (three ? O8_FLUSH_ROW[(suit_ranks >> (16 * b->flush_suit)) & 0x1FFF] : 0) * O8_N_PAIRS;
    b->low_mask = low;
}

O8_INLINE void o8_prepare_hole(o8_hole *h, const uint8_t *hole, int n) {
    unsigned k = 0, low = 0;
    h->suit_ranks[0] = h->suit_ranks[1] = h->suit_ranks[2] = h->suit_ranks[3] = 0;
    for (int i = 0; i < n; i++) {
        uint8_t c = hole[i];
        h->suit_ranks[O8_SUIT[c]] |= (uint16_t)(1u << O8_RANK[c]);
        low |= O8_LOW_BIT[c];
        for (int j = i + 1; j < n; j++)
            h->pair_col[k++] = O8_PAIR[O8_RANK[c] * 13 + O8_RANK[hole[j]]];
    }
    h->n_pairs = (uint8_t)k;
    h->low_mask = low << 8;
}

/* Best flush of hole ranks `mask` (all of the board's flush suit) on the row. */
O8_INLINE unsigned o8_flush(const uint16_t *flush_row, unsigned mask) {
    unsigned best = O8_NO_HAND;
    while (mask) {
        unsigned a = (unsigned)o8_ctz(mask);
        mask &= mask - 1;
        for (unsigned rest = mask; rest; rest &= rest - 1) {
            unsigned v = flush_row[O8_PAIR[a * 13 + (unsigned)o8_ctz(rest)]];
            best = v < best ? v : best;
        }
    }
    return best;
}

O8_INLINE unsigned o8_high(const o8_hole *h, const o8_board *b) {
    unsigned best = O8_NO_HAND;
    for (int i = 0; i < h->n_pairs; i++) {
        unsigned v = b->high_row[h->pair_col[i]];
        best = v < best ? v : best;
    }
    if (b->flush_row != O8_FLUSH) {
        unsigned f = o8_flush(b->flush_row, h->suit_ranks[b->flush_suit]);
        best = f < best ? f : best;
    }
    return best;
}

/* Position of the best low, 1 (wheel) .. 56, or O8_NO_LOW. */
O8_INLINE unsigned o8_low(const o8_hole *h, const o8_board *b) {
    return O8_LOW[h->low_mask | b->low_mask];
}

#endif
