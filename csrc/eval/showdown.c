/* Showdowns: every live player's hand against one board, and the pots split
 * hi/lo among them exactly as docs/rules.md ("Splitting the pot") says. */
#include "omaha8.h"
#include "eval/eval_inline.h"

/* `chips` split evenly among the players of `winners`; the leftover chips go
 * one each to the first winners in odd-chip order (first, first + 1, ...
 * wrapping around). Writes each winner's share to row (if any). */
static void award(int64_t chips, uint64_t winners, int n, int first, int64_t *payouts,
                  int64_t *row) {
    int64_t k = o8_popcount(winners), share = chips / k, extra = chips % k;
    for (int step = 0; step < n; step++) {
        int i = (first + step) % n;
        if (!(winners >> i & 1)) continue;
        int64_t mine = share + (extra-- > 0);
        payouts[i] += mine;
        if (row) row[i] = mine;
    }
}

int o8_showdown(const uint8_t *board, int board_size, const uint8_t *holes, int hole_size,
                int n, uint64_t live, int first, const int64_t *pots, int n_pots,
                int64_t *payouts, int64_t *detail, uint16_t *high, int32_t *low) {
    if (board_size < O8_MIN_BOARD || board_size > O8_MAX_BOARD || hole_size < O8_MIN_HOLE
        || hole_size > O8_MAX_HOLE || n < 1 || n > O8_SHOWDOWN_MAX_PLAYERS || first < 0 || first >= n
        || n_pots < 0 || (live >> n) != 0)
        return -1;
    /* Every card of the board and of the live holes is a distinct id < 52. */
    uint64_t seen, hole;
    if (!o8_cards_mask(board, board_size, &seen)) return -1;
    for (int r = 0; r < n; r++) {
        if (!(live >> r & 1)) continue;
        if (!o8_cards_mask(holes + r * hole_size, hole_size, &hole) || (hole & seen)) return -1;
        seen |= hole;
    }
    /* Every pot has a non-negative amount and a live eligible player, and
     * the chips add up without overflow. */
    int64_t total = 0;
    for (int p = 0; p < n_pots; p++) {
        int64_t amount = pots[2 * p];
        uint64_t eligible = (uint64_t)pots[2 * p + 1];
        if (amount < 0 || amount > INT64_MAX - total || (eligible >> n) != 0 || !(eligible & live))
            return -2;
        total += amount;
    }
    unsigned hi[O8_SHOWDOWN_MAX_PLAYERS], lo[O8_SHOWDOWN_MAX_PLAYERS];
    o8_board b;
    o8_prepare_board(&b, board, board_size);  /* once for the whole table */
    for (int r = 0; r < n; r++) {
        hi[r] = O8_NO_HAND;
        lo[r] = 0;
        if (live >> r & 1) {
            o8_hole h;
            o8_prepare_hole(&h, holes + r * hole_size, hole_size);
            hi[r] = o8_high(&h, &b);
            lo[r] = (unsigned)O8_LOW_DECIMAL[o8_low(&h, &b)];
        }
        if (high) high[r] = (uint16_t)(live >> r & 1 ? hi[r] : 0);
        if (low) low[r] = (int32_t)lo[r];
        payouts[r] = 0;
    }
    for (int p = 0; p < n_pots; p++) {
        int64_t amount = pots[2 * p];
        uint64_t eligible = (uint64_t)pots[2 * p + 1] & live, high_winners = 0, low_winners = 0;
        int64_t *high_row = detail ? detail + (int64_t)2 * p * n : 0;
        int64_t *low_row = detail ? high_row + n : 0;
        if (detail)
            for (int i = 0; i < 2 * n; i++) high_row[i] = -1;
        unsigned best_high = O8_NO_HAND + 1, best_low = 0;
        for (int i = 0; i < n; i++) {
            if (!(eligible >> i & 1)) continue;
            if (hi[i] < best_high) { best_high = hi[i]; high_winners = 0; }
            if (hi[i] == best_high) high_winners |= 1ull << i;
            if (lo[i] && (!best_low || lo[i] < best_low)) { best_low = lo[i]; low_winners = 0; }
            if (lo[i] && lo[i] == best_low) low_winners |= 1ull << i;
        }
        if (o8_popcount(eligible) == 1) {  /* uncontested: the whole pot, unshown */
            award(amount, eligible, n, first, payouts, high_row);
        } else if (!low_winners) {  /* no qualifying low: the high takes it all */
            award(amount, high_winners, n, first, payouts, high_row);
        } else {  /* an odd chip between the halves goes to the high half */
            award(amount - amount / 2, high_winners, n, first, payouts, high_row);
            award(amount / 2, low_winners, n, first, payouts, low_row);
        }
    }
    return 0;
}


int64_t o8_split_heads_up(const char *cards, int board_size, int hole0_size, int hole1_size, int64_t pot,
                          int first) {
    if (board_size != O8_MAX_BOARD || hole0_size != hole1_size || hole0_size < 4 /* Omaha holes: 4..6 */
        || hole0_size > O8_MAX_HOLE || pot < 0 || pot >= O8_SPLIT_ID01_FLAG || (first != 0 && first != 1))
        return -1;
    const uint8_t *board = (const uint8_t *)cards;
    uint64_t all;
    int64_t pots[2] = {pot, 3}, payouts[2];
    if (o8_showdown(board, board_size, board + board_size, hole0_size, 2, 3, first, pots, 1, payouts, 0, 0, 0))
        return -1;
    o8_cards_mask(board, board_size + 2 * hole0_size, &all);
    return payouts[0] | ((all & 3) ? O8_SPLIT_ID01_FLAG : 0);
}
