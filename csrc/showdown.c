/* Showdown support: every player's hand against one board in one call. */
#include "omaha8.h"
#include "eval_inline.h"

int o8_eval_showdown(const uint8_t *board, int board_size, const uint8_t *holes, int hole_size,
                     int n, uint16_t *high, int32_t *low) {
    if (board_size < O8_MIN_BOARD || board_size > O8_MAX_BOARD || hole_size < O8_MIN_HOLE
        || hole_size > O8_MAX_HOLE || n < 0 || n > 52)
        return -1;
    /* Every card of the board and of all the holes is a distinct id < 52. */
    uint64_t seen = 0;
    for (int i = 0; i < board_size + n * hole_size; i++) {
        uint8_t c = i < board_size ? board[i] : holes[i - board_size];
        if (c >= 52 || (seen >> c & 1)) return -1;
        seen |= 1ull << c;
    }
    o8_board b;
    o8_prepare_board(&b, board, board_size);  /* once for the whole table */
    for (int r = 0; r < n; r++) {
        o8_hole h;
        o8_prepare_hole(&h, holes + r * hole_size, hole_size);
        high[r] = (uint16_t)o8_high(&h, &b);
        low[r] = O8_LOW_DECIMAL[o8_low(&h, &b)];
    }
    return 0;
}
