/* Internal building blocks of the evaluator, shared by eval.c, showdown.c and
 * the equity kernels. Every index is bounded by construction (cards go through
 * 256-entry tables such as O8_RANK and O8_CARD_BITS), so any byte values are
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
#include "o8_port.h" /* O8_INLINE, o8_ctz, o8_ctz64 */
#include "eval/tables.h"

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

/* Number of set bits (portable: no POPCNT instruction needed). */
O8_INLINE int o8_popcount(uint64_t x) {
    int k = 0;
    for (; x; x &= x - 1) k++;
    return k;
}

/* The cards as a set (bit c for card c) in *mask; returns 0 when one is >= 52
 * or repeated. Branch-free, and safe for any byte values: distinct cards'
 * bits sum to their OR, a repeated one carries. */
O8_INLINE int o8_cards_mask(const uint8_t *cards, int n, uint64_t *mask) {
    uint64_t sum = 0, any = 0;
    unsigned big = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = 1ull << (cards[i] & 63);
        sum += bit;
        any |= bit;
        big |= cards[i];
    }
    *mask = any;
    return (sum == any) & !(any >> 52) & !(big & 0xC0);
}

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

/* Sum of O8_CARD_BITS: per suit (16 bits each) the rank mask in bits 0..12
 * and the number of cards in bits 13..15. */
O8_INLINE uint64_t o8_card_bits(const uint8_t *cards, int n) {
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) sum += O8_CARD_BITS[cards[i]];
    return sum;
}

/* Low ranks present (bit 0 = ace, bit r = rank r + 1 for 2..8). */
O8_INLINE unsigned o8_low_mask(uint64_t bits) {
    unsigned ranks = (unsigned)((bits | bits >> 16 | bits >> 32 | bits >> 48) & 0x1FFF);
    return ((ranks & 0x7F) << 1) | (ranks >> 12);
}

/* Board fields other than high_row, from the summed card bits. */
O8_INLINE void o8_board_from_bits(o8_board *b, uint64_t bits) {
    /* a suit has three or more cards: count bit 2, or count bits 1 and 0 */
    uint64_t three = ((bits >> 15) | ((bits >> 14) & (bits >> 13))) & 0x0001000100010001ull;
    unsigned suit = three ? (unsigned)o8_ctz64(three) >> 4 : 0;
    b->flush_suit = suit;
    b->flush_row = O8_FLUSH + (three ? O8_FLUSH_ROW[(bits >> (16 * suit)) & 0x1FFF] : 0) * O8_N_PAIRS;
    b->low_mask = o8_low_mask(bits);
}

O8_INLINE void o8_prepare_board(o8_board *b, const uint8_t *board, int n) {
    b->high_row = O8_HIGH + o8_board_row(board, n) * O8_HIGH_STRIDE;
    o8_board_from_bits(b, o8_card_bits(board, n));
}

O8_INLINE void o8_prepare_hole(o8_hole *h, const uint8_t *hole, int n) {
    uint64_t bits = o8_card_bits(hole, n);
    unsigned k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            h->pair_col[k++] = O8_PAIR64[(unsigned)(hole[i] >> 2) << 6 | (unsigned)(hole[j] >> 2)];
    h->n_pairs = (uint8_t)k;
    for (int s = 0; s < 4; s++) h->suit_ranks[s] = (uint16_t)((bits >> (16 * s)) & 0x1FFF);
    h->low_mask = o8_low_mask(bits) << 8;
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
