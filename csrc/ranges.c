/* Hand ranges: the hand universe and pattern matching over lists of hands
 * (the equity of ranges runs on the kernels of equity.c). Declared in
 * omaha8.h; no allocation, no global mutable state.
 */
#include "omaha8.h"

/* ------------------------------------------------------------ combinations */

int64_t o8r_combinations(int k, uint8_t *out, int64_t capacity) {
    int c[O8_MAX_HOLE];
    int64_t n = 0;
    if (k < 1 || k > O8_MAX_HOLE) return -1;
    for (int i = 0; i < k; i++) c[i] = i;
    for (;;) {  /* colex order: the row of c0 < c1 < ... has index sum C(c_i, i + 1) */
        if (n >= capacity) return -1;
        for (int i = 0; i < k; i++) out[n * k + i] = (uint8_t)c[i];
        n++;
        int i = 0;
        while (i < k - 1 && c[i] + 1 == c[i + 1]) { c[i] = i; i++; }
        if (i == k - 1 && c[i] == 51) return n;
        c[i]++;
    }
}

/* ---------------------------------------------------------------- matching */

typedef struct {
    const o8r_pattern *p;
    const uint8_t *hand;
    int size;
    unsigned used;          /* hand cards taken by earlier elements */
    int rank_of_var[O8R_MAX_ELEMENTS];
    int suit_of_var[4];
    unsigned ranks_bound;   /* ranks taken by rank variables */
    unsigned suits_bound;
} match_state;

static int match_from(match_state *s, int e) {
    const o8r_pattern *p = s->p;
    if (e == p->n) return 1;
    int rv = p->rank_var[e], sv = p->suit_var[e];
    for (int j = 0; j < s->size; j++) {
        if (s->used >> j & 1) continue;
        int card = s->hand[j], rank = card >> 2, suit = card & 3;
        int bind_rank = 0, bind_suit = 0;
        if (rv < 0) {
            if (!(p->ranks[e] >> rank & 1)) continue;
        } else if (s->rank_of_var[rv] >= 0) {
            if (s->rank_of_var[rv] != rank) continue;
        } else {
            if (!(p->var_ranks >> rank & 1) || (s->ranks_bound >> rank & 1)) continue;
            bind_rank = 1;
        }
        if (sv < 0) {
            if (!(p->suits[e] >> suit & 1)) continue;
        } else if (s->suit_of_var[sv] >= 0) {
            if (s->suit_of_var[sv] != suit) continue;
        } else {
            if (!(p->var_suits >> suit & 1) || (s->suits_bound >> suit & 1)) continue;
            bind_suit = 1;
        }
        if (bind_rank) { s->rank_of_var[rv] = rank; s->ranks_bound |= 1u << rank; }
        if (bind_suit) { s->suit_of_var[sv] = suit; s->suits_bound |= 1u << suit; }
        s->used |= 1u << j;
        if (match_from(s, e + 1)) return 1;
        s->used &= ~(1u << j);
        if (bind_rank) { s->rank_of_var[rv] = -1; s->ranks_bound &= ~(1u << rank); }
        if (bind_suit) { s->suit_of_var[sv] = -1; s->suits_bound &= ~(1u << suit); }
    }
    return 0;
}

int o8r_match(const o8r_pattern *p, const uint8_t *hands, int hole_size, int64_t n, uint8_t *out) {
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || p->n < 0 || p->n > O8R_MAX_ELEMENTS) return -1;
    for (int e = 0; e < p->n; e++)
        if (p->rank_var[e] >= O8R_MAX_ELEMENTS || p->suit_var[e] >= 4) return -1;
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *hand = hands + r * hole_size;
        int ok = p->n <= hole_size;
        for (int j = 0; j < hole_size && ok; j++) ok = hand[j] < 52;
        if (ok) {
            match_state s = {p, hand, hole_size, 0, {-1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1}, 0, 0};
            ok = match_from(&s, 0);
        }
        out[r] = (uint8_t)ok;
    }
    return 0;
}
