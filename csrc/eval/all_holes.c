/* o8_rank_all_holes (omaha8.h): every hole of a size against one board.
 *
 * Under the 2+3 rule a hole's best high is the best, over its pairs of hole
 * cards, of that pair with three board cards, and likewise its best low. So
 * the board is prepared once (its O8_HIGH row, flush row and low mask), then
 * each pair of the m remaining cards gets its best high (the O8_HIGH entry of
 * its rank pair, and the O8_FLUSH entry when both cards have the board's
 * flush suit) and its best low position (O8_LOW of its two low ranks): m * (m
 * - 1) / 2 pairs, at most 1,176. A hole of k cards is then the minimum over
 * its k * (k - 1) / 2 pairs; the holes are walked in lexicographic order with
 * the minimum of each prefix kept, so the last card of a hole costs k - 1
 * lookups per half. Everything lives on the stack (about 8 KB): no
 * allocation, no global state.
 */
#include "omaha8.h"
#include "eval/eval_inline.h"

#define MAX_CARDS 52

typedef struct {
    uint16_t high[MAX_CARDS * MAX_CARDS]; /* [i * 52 + j], i < j: positions in `cards` */
    uint8_t low[MAX_CARDS * MAX_CARDS];   /* O8_LOW position, O8_NO_LOW for none */
    uint8_t cards[MAX_CARDS];             /* the remaining cards, increasing */
    int m, k;
    uint8_t *holes;
    uint16_t *out_high;
    int32_t *out_low;
} walk_state;

static void prepare_pairs(walk_state *w, const o8_board *b) {
    unsigned flush = b->flush_row != O8_FLUSH;
    for (int i = 0; i < w->m; i++) {
        unsigned ci = w->cards[i], ri = ci >> 2;
        for (int j = i + 1; j < w->m; j++) {
            unsigned cj = w->cards[j], rj = cj >> 2;
            unsigned high = b->high_row[O8_PAIR64[ri << 6 | rj]];
            if (flush && (ci & 3) == b->flush_suit && (cj & 3) == b->flush_suit) {
                unsigned f = b->flush_row[O8_PAIR[ri * 13 + rj]]; /* ri < rj: ids increase */
                high = f < high ? f : high;
            }
            unsigned pair_low = o8_low_mask(O8_CARD_BITS[ci] + O8_CARD_BITS[cj]) << 8;
            w->high[i * MAX_CARDS + j] = (uint16_t)high;
            w->low[i * MAX_CARDS + j] = O8_LOW[pair_low | b->low_mask];
        }
    }
}

/* The holes whose first t cards are prefix[0..t-1] (positions) and whose
 * next card is at `start` or later; hi and lo are the prefix's minima. */
static int64_t walk(walk_state *w, int t, int start, unsigned hi, unsigned lo, int *prefix, int64_t row) {
    const int m = w->m, k = w->k;
    if (t < 0 || t >= O8_MAX_HOLE) return row; /* never (t < k <= O8_MAX_HOLE): a bound the compiler sees */
    if (t == k - 1) {
        for (int x = start; x < m; x++) {
            unsigned h = hi, l = lo;
            uint8_t *out = w->holes + row * k;
            for (int p = 0; p < t; p++) {
                unsigned at = (unsigned)prefix[p] * MAX_CARDS + (unsigned)x;
                unsigned ph = w->high[at], pl = w->low[at];
                h = ph < h ? ph : h;
                l = pl < l ? pl : l;
                out[p] = w->cards[prefix[p]];
            }
            out[t] = w->cards[x];
            w->out_high[row] = (uint16_t)h;
            w->out_low[row] = l == O8_NO_LOW ? -1 : O8_LOW_DECIMAL[l];
            row++;
        }
        return row;
    }
    for (int x = start; x <= m - (k - t); x++) {
        unsigned h = hi, l = lo;
        for (int p = 0; p < t; p++) {
            unsigned at = (unsigned)prefix[p] * MAX_CARDS + (unsigned)x;
            unsigned ph = w->high[at], pl = w->low[at];
            h = ph < h ? ph : h;
            l = pl < l ? pl : l;
        }
        prefix[t] = x;
        row = walk(w, t + 1, x + 1, h, l, prefix, row);
    }
    return row;
}

int64_t o8_all_holes_count(int board_size, int n_dead, int hole_size) {
    if (board_size < O8_MIN_BOARD || board_size > O8_MAX_BOARD || hole_size < 4 || hole_size > O8_MAX_HOLE
        || n_dead < 0 || n_dead > MAX_CARDS)
        return -1;
    int m = MAX_CARDS - board_size - n_dead;
    if (m < hole_size) return 0;
    int64_t count = 1;
    for (int i = 0; i < hole_size; i++) count = count * (m - i) / (i + 1); /* exact at every step */
    return count;
}

int64_t o8_rank_all_holes(const uint8_t *board, int board_size, const uint8_t *dead, int n_dead, int hole_size,
                          uint8_t *holes, uint16_t *high, int32_t *low, int64_t capacity) {
    int64_t count = o8_all_holes_count(board_size, n_dead, hole_size);
    uint64_t on_board, dead_mask;
    if (count < 0 || !o8_cards_mask(board, board_size, &on_board) || !o8_cards_mask(dead, n_dead, &dead_mask)
        || (on_board & dead_mask))
        return -1;
    if (capacity < count) return -2;
    walk_state w;
    w.m = 0;
    w.k = hole_size;
    for (unsigned c = 0; c < MAX_CARDS; c++)
        if (!((on_board | dead_mask) >> c & 1)) w.cards[w.m++] = (uint8_t)c;
    w.holes = holes;
    w.out_high = high;
    w.out_low = low;
    if (count == 0) return 0;
    o8_board b;
    o8_prepare_board(&b, board, board_size);
    prepare_pairs(&w, &b);
    int prefix[O8_MAX_HOLE];
    return walk(&w, 0, 0, O8_NO_HAND, O8_NO_LOW, prefix, 0);
}
