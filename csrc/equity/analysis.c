/* Street analysis kernels declared in omaha8.h (section "Street analysis"):
 * many small equity jobs in one call, and the low odds of known holes.
 *
 * The equity loops are thin: each job is handed to the equity kernels of
 * csrc/equity/equity.c (o8_equity_exact / o8_equity_monte_carlo), so every showdown
 * is settled by the one rule that lives there. What this file adds is the
 * loop over the next street's cards or over a range's hands without a round
 * trip to Python per job, and the low-only enumeration of o8a_low_odds.
 */
#include <string.h>
#include "omaha8.h"
#include "eval/eval_inline.h"

/* ---- the next card ---------------------------------------------------------- */

/* The job's board with `card` appended, in `board2`; 0 when it does not fit. */
static int extend_board(const uint8_t *board, int board_size, uint8_t card, uint8_t *board2) {
    if (board_size < 0 || board_size > 4 || (board_size && !board)) return 0;
    memcpy(board2, board, (size_t)board_size);
    board2[board_size] = card;
    return 1;
}

int o8a_next_card_exact(const o8_range *players, int n_players, int hole_size,
                        const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                        const uint8_t *cards, int n_cards, const volatile int32_t *cancel,
                        o8_equity_counts *out) {
    uint8_t board2[5];
    if (n_cards < 0 || (n_cards && (!cards || !out))) return O8_ERR_INPUT;
    for (int i = 0; i < n_cards; i++) {
        if (cancel && *cancel) return O8_CANCELLED;
        if (!extend_board(board, board_size, cards[i], board2)) return O8_ERR_INPUT;
        int code = o8_equity_exact_cancel(players, n_players, hole_size, board2, board_size + 1, dead,
                                          n_dead, 0, 1, cancel, &out[i]);
        if (code) return code;
    }
    return 0;
}

int o8a_next_card_monte_carlo(const o8_range *players, int n_players, int hole_size,
                              const uint8_t *board, int board_size, const uint8_t *dead, int n_dead,
                              const uint8_t *cards, int n_cards, int64_t samples, uint64_t seed,
                              const volatile int32_t *cancel, o8_equity_work *work,
                              o8_equity_counts *out) {
    uint8_t board2[5];
    if (n_cards < 0 || (n_cards && (!cards || !out))) return O8_ERR_INPUT;
    for (int i = 0; i < n_cards; i++) {
        if (cancel && *cancel) return O8_CANCELLED;
        if (!extend_board(board, board_size, cards[i], board2)) return O8_ERR_INPUT;
        /* the stream is the card: the same numbers however the cards are split */
        int code = o8_equity_monte_carlo_cancel(players, n_players, hole_size, board2, board_size + 1,
                                                dead, n_dead, samples, seed, cards[i], cancel, work,
                                                &out[i]);
        if (code == O8_ERR_NO_DEAL) {  /* (almost) no deal fits this card: it (almost) never comes */
            memset(&out[i], 0, sizeof out[i]);
            continue;
        }
        if (code) return code;
    }
    return 0;
}

/* ---- one hand against each hand of a list ------------------------------------ */

/* 1 when villain `v` is a valid hole that shares no card with hero, board and
 * dead cards (`known`); the rows of those that do not fit stay zero. */
static int villain_fits(const uint8_t *v, int hole_size, uint64_t known) {
    uint64_t m;
    return o8_cards_mask(v, hole_size, &m) && !(m & known);
}

static int known_cards(const uint8_t *hero, int hole_size, const uint8_t *board, int board_size,
                       const uint8_t *dead, int n_dead, uint64_t *known) {
    uint64_t h, b, d;
    if (hole_size < O8_MIN_HOLE || hole_size > O8_MAX_HOLE || board_size < 0 || board_size > 5
        || n_dead < 0 || n_dead > 52 || !hero || (board_size && !board) || (n_dead && !dead))
        return 0;
    if (!o8_cards_mask(hero, hole_size, &h) || !o8_cards_mask(board, board_size, &b)
        || !o8_cards_mask(dead, n_dead, &d) || (h & b) || (h & d) || (b & d))
        return 0;
    *known = h | b | d;
    return 1;
}

int o8a_duels(const uint8_t *hero, int hole_size, const uint8_t *board, int board_size,
              const uint8_t *dead, int n_dead, const uint8_t *villains, int64_t n_villains,
              int exact, int64_t samples, uint64_t seed, int64_t first_stream,
              const volatile int32_t *cancel, o8_equity_work *work, o8a_duel_counts *out) {
    uint64_t known;
    if (n_villains < 0 || (n_villains && (!villains || !out)) || (!exact && (!work || samples < 0))
        || !known_cards(hero, hole_size, board, board_size, dead, n_dead, &known))
        return O8_ERR_INPUT;
    o8_range players[2];
    memset(players, 0, sizeof players);
    players[0].holes = hero;
    players[0].n_holes = 1;
    players[1].n_holes = 1;
    o8_equity_counts counts;
    for (int64_t i = 0; i < n_villains; i++) {
        const uint8_t *v = villains + i * hole_size;
        o8a_duel_counts *o = &out[i];
        if (cancel && *cancel) return O8_CANCELLED;
        memset(o, 0, sizeof *o);
        if (!villain_fits(v, hole_size, known)) continue;
        players[1].holes = v;
        int code = exact
            ? o8_equity_exact_cancel(players, 2, hole_size, board, board_size, dead, n_dead, 0, 1, cancel,
                                     &counts)
            : o8_equity_monte_carlo_cancel(players, 2, hole_size, board, board_size, dead, n_dead,
                                           samples, seed, (uint64_t)(first_stream + i), cancel, work,
                                           &counts);
        if (code) return code;
        o->showdowns = counts.showdowns;
        o->no_low = counts.no_low;
        o->player[0] = counts.player[0];
        o->player[1] = counts.player[1];
    }
    return 0;
}

/* ---- low odds ------------------------------------------------------------------ */

/* The best low (O8_LOW position) any two cards of distinct low ranks could
 * make with the board: ranks of `available` (bit 0 = ace .. bit 7 = eight). */
static unsigned nut_low(unsigned board_low, unsigned available) {
    unsigned best = O8_NO_LOW;
    for (unsigned a = available; a; a &= a - 1)
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
            unsigned pair = (1u << o8_ctz(a)) | (1u << o8_ctz(b));
            unsigned v = O8_LOW[pair << 8 | board_low];
            best = v < best ? v : best;
        }
    return best;
}

/* Low ranks (bit 0 = ace) of which no card is left outside the board. */
static unsigned low_ranks_used_up(uint64_t board_bits) {
    unsigned gone = 0;
    for (int r = 0; r < 8; r++) {
        int rank = r == 0 ? 12 : r - 1;  /* bit 0 = ace, bit r = rank r + 1 */
        int count = 0;
        for (int s = 0; s < 4; s++) count += (int)(board_bits >> (16 * s + rank) & 1);
        if (count == 4) gone |= 1u << r;
    }
    return gone;
}

typedef struct {
    const uint8_t *holes;
    int n, hole_size;
    o8_hole prepared[O8_MAX_PLAYERS];
    unsigned key[O8_MAX_PLAYERS];   /* the two lowest low ranks of each hole */
    uint8_t board[5];
    int board_size;
    o8a_low_counts *out;
} low_job;

static void low_showdown(low_job *x) {
    o8_board b;
    o8_prepare_board(&b, x->board, 5);
    uint64_t bits = o8_card_bits(x->board, 5);
    unsigned dealt = o8_low_mask(o8_card_bits(x->board + x->board_size, 5 - x->board_size));
    o8a_low_counts *o = x->out;
    o->runouts++;
    int board_low = o8_popcount(b.low_mask) >= 3;
    o->low_board += board_low;
    unsigned nut = board_low ? nut_low(b.low_mask, 0xFFu & ~low_ranks_used_up(bits)) : O8_NO_LOW;
    for (int p = 0; p < x->n; p++) {
        unsigned low = o8_low(&x->prepared[p], &b);
        o->makes_low[p] += low != O8_NO_LOW;
        o->nut_low[p] += low != O8_NO_LOW && low == nut;
        o->counterfeited[p] += (dealt & x->key[p]) != 0;
    }
}

static void low_deal(low_job *x, const uint8_t *deck, int m, int from, int at) {
    if (at == 5) {
        low_showdown(x);
        return;
    }
    for (int i = from; i <= m - (5 - at); i++) {
        x->board[at] = deck[i];
        low_deal(x, deck, m, i + 1, at + 1);
    }
}

int o8a_low_odds(const uint8_t *holes, int n_players, int hole_size, const uint8_t *board,
                 int board_size, const uint8_t *dead, int n_dead, o8a_low_counts *out) {
    uint64_t known, m;
    if (!out || !holes || n_players < 1 || n_players > O8_MAX_PLAYERS || hole_size < O8_MIN_HOLE
        || hole_size > O8_MAX_HOLE || board_size < 0 || board_size > 5 || n_dead < 0 || n_dead > 52
        || (board_size && !board) || (n_dead && !dead))
        return O8_ERR_INPUT;
    if (!o8_cards_mask(board, board_size, &known) || !o8_cards_mask(dead, n_dead, &m) || (known & m))
        return O8_ERR_INPUT;
    known |= m;
    memset(out, 0, sizeof *out);
    low_job x;
    memset(&x, 0, sizeof x);
    x.holes = holes;
    x.n = n_players;
    x.hole_size = hole_size;
    x.board_size = board_size;
    x.out = out;
    memcpy(x.board, board, (size_t)board_size);
    for (int p = 0; p < n_players; p++) {
        const uint8_t *h = holes + p * hole_size;
        if (!o8_cards_mask(h, hole_size, &m) || (m & known)) return O8_ERR_INPUT;
        known |= m;
        o8_prepare_hole(&x.prepared[p], h, hole_size);
        unsigned lows = x.prepared[p].low_mask >> 8, key = 0;
        for (int k = 0; k < 2 && lows; k++, lows &= lows - 1) key |= lows & -lows;
        x.key[p] = o8_popcount(key) == 2 ? key : 0;
    }
    uint8_t deck[52];
    int size = 0;
    for (int c = 0; c < 52; c++)
        if (!(known >> c & 1)) deck[size++] = (uint8_t)c;
    if (size < 5 - board_size) return O8_ERR_INPUT;
    low_deal(&x, deck, size, 0, board_size);
    return 0;
}
