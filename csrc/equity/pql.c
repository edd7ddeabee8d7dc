/* Per-deal showdowns for omaha8_fast.pql (declared in omaha8.h, section
 * "PQL"): every player's high and low on a street of each deal and, on the
 * river, each player's pot share and outcome flags, so that a query's
 * selectors run as array arithmetic instead of a Python loop per deal. */
#include <string.h>
#include "omaha8.h"
#include "eval/eval_inline.h"

int o8_pql_showdowns(const uint8_t *deals, int64_t stride, int64_t n, int n_players, int hole_size,
                     int board_size, uint16_t *high, int32_t *low, int16_t *share, uint8_t *flags) {
    if (n < 0 || n_players < 1 || n_players > O8_MAX_PLAYERS || hole_size < O8_MIN_HOLE ||
        hole_size > O8_MAX_HOLE || board_size < O8_MIN_BOARD || board_size > O8_MAX_BOARD ||
        stride < (int64_t)n_players * hole_size + board_size || !deals || !high || !low ||
        ((share || flags) && board_size != 5))
        return -1;
    o8_hole holes[O8_MAX_PLAYERS];
    const uint8_t *prepared[O8_MAX_PLAYERS] = {0};  /* the hole each holes[p] was prepared from */
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *row = deals + r * stride;
        const uint8_t *board = row + n_players * hole_size;
        o8_board b;
        unsigned hv[O8_MAX_PLAYERS], lv[O8_MAX_PLAYERS], best_h = O8_NO_HAND + 1u, best_l = O8_NO_LOW;
        int n_hi = 0, n_lo = 0;
        o8_prepare_board(&b, board, board_size);
        for (int p = 0; p < n_players; p++) {
            const uint8_t *hole = row + p * hole_size;
            if (!prepared[p] || memcmp(prepared[p], hole, (size_t)hole_size) != 0) {
                o8_prepare_hole(&holes[p], hole, hole_size);  /* a known hand is prepared once */
                prepared[p] = hole;
            }
            hv[p] = o8_high(&holes[p], &b);
            lv[p] = o8_low(&holes[p], &b);
            high[r * n_players + p] = (uint16_t)hv[p];
            low[r * n_players + p] = O8_LOW_DECIMAL[lv[p]];
            if (hv[p] < best_h) { best_h = hv[p]; n_hi = 0; }
            if (hv[p] == best_h) n_hi++;
            if (lv[p] < best_l) { best_l = lv[p]; n_lo = 0; }
            if (lv[p] == best_l) n_lo++;
        }
        if (!share && !flags) continue;
        for (int p = 0; p < n_players; p++) {
            int units = 0, f = 0;
            int hi_win = hv[p] == best_h, lo_win = best_l != O8_NO_LOW && lv[p] == best_l;
            if (best_l == O8_NO_LOW) {
                units = hi_win ? O8_POT_UNITS / n_hi : 0;
            } else {
                units = (hi_win ? O8_POT_UNITS / 2 / n_hi : 0) + (lo_win ? O8_POT_UNITS / 2 / n_lo : 0);
            }
            if (hi_win) f |= n_hi == 1 ? 1 : 2;
            if (lo_win) f |= n_lo == 1 ? 4 : 8;
            if (units == O8_POT_UNITS) f |= 16;
            if (share) share[r * n_players + p] = (int16_t)units;
            if (flags) flags[r * n_players + p] = (uint8_t)f;
        }
    }
    return 0;
}
