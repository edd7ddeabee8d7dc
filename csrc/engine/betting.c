/* The hand engine's turn rule (see o8_bet_next in omaha8.h): who acts next
 * on a street and what they may do, as omaha8_fast.engine.Hand decides it
 * (Hand._advance and Hand._compute_legal state the same rule in Python). */
#include "omaha8.h"

/* The largest amount taken (2**53: every sum below stays far from INT64_MAX). */
#define AMOUNT_MAX ((int64_t)1 << 53)

static int amount_ok(int64_t v, int64_t low) {
    return v >= low && v <= AMOUNT_MAX;
}

int o8_bet_next(int n, const int64_t *stacks, const int64_t *bets, const int64_t *acted, const uint8_t *folded,
                int after, int64_t high, int64_t min_raise, int64_t bet_count, int64_t cap, int64_t pot,
                int structure, o8_turn *out)
{
    int k, s = -1, o;
    int64_t stack, bet, owed, all_in_to;
    if (n < 2 || n > O8_BET_MAX_PLAYERS || after < 0 || after >= n || structure < O8_BET_LIMIT
        || structure > O8_BET_NO_LIMIT || !amount_ok(high, 0) || !amount_ok(min_raise, 0)
        || !amount_ok(bet_count, 0) || !amount_ok(cap, 0) || pot < 0 || pot > AMOUNT_MAX * O8_BET_MAX_PLAYERS)
        return -1;
    for (k = 0; k < n; k++)
        if (!amount_ok(stacks[k], 0) || !amount_ok(bets[k], 0) || !amount_ok(acted[k], -1) || folded[k] > 1)
            return -1;
    /* The first seat clockwise after `after` (ending with it) with chips, not
     * folded, that has not acted on this street or has not matched the bet. */
    for (k = 1; k <= n; k++) {
        o = (after + k) % n;
        if (stacks[o] && !folded[o] && (acted[o] < 0 || bets[o] < high)) {
            s = o;
            break;
        }
    }
    if (s < 0)
        return 0;
    stack = stacks[s];
    bet = bets[s];
    owed = high - bet;
    all_in_to = bet + stack;
    out->seat = s;
    out->call_amount = owed > stack ? stack : owed;
    if (all_in_to > high && bet_count < cap && (acted[s] < 0 || high - acted[s] >= min_raise)) {
        /* Short all-ins do not reopen; raising needs an opponent still in who
         * could put in more than the current bet. */
        for (k = 1; k < n; k++) {
            o = (s + k) % n;
            if (!folded[o] && bets[o] + stacks[o] > high) {
                int64_t low_to = high + min_raise, top;
                if (low_to > all_in_to)
                    low_to = all_in_to;
                out->kinds = owed > 0 ? O8_KINDS_FOLD_CALL_RAISE : high ? O8_KINDS_CHECK_RAISE : O8_KINDS_CHECK_BET;
                out->min_raise_to = low_to;
                if (structure == O8_BET_NO_LIMIT) {
                    out->max_raise_to = all_in_to;
                } else if (structure == O8_BET_LIMIT) {
                    out->max_raise_to = low_to;
                } else { /* pot limit: at most the pot after calling */
                    top = high + pot + owed;
                    out->max_raise_to = top < low_to ? low_to : top > all_in_to ? all_in_to : top;
                }
                return 1;
            }
        }
    }
    out->kinds = owed > 0 ? O8_KINDS_FOLD_CALL : O8_KINDS_CHECK;
    out->min_raise_to = 0;
    out->max_raise_to = 0;
    return 1;
}
