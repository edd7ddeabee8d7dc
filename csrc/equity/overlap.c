/* How often the hands of overlapping ranges fit together: a short pilot of
 * the Monte Carlo sampler's whole-deal draws (equity.c), so that plan_equity
 * can price (or refuse) the rejections before a run. Declared in omaha8.h;
 * no allocation, no global mutable state.
 */
#include "omaha8.h"
#include "eval/eval_inline.h"

static uint64_t mix64(uint64_t *x) {  /* splitmix64 */
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0 (rejection keeps it unbiased). */
static uint64_t below(uint64_t *state, uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do x = mix64(state); while (x >= limit);
    return x % n;
}

static int64_t pick_hole(uint64_t *state, const o8_range *r) {
    if (!r->cum_weights) return (int64_t)below(state, (uint64_t)r->n_holes);
    int64_t target = (int64_t)below(state, (uint64_t)r->cum_weights[r->n_holes - 1]);
    int64_t lo = 0, hi = r->n_holes - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (r->cum_weights[mid] > target) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

int64_t o8r_fit_rate(const o8_range *players, int n_players, int hole_size, int64_t max_draws,
                     int64_t max_fits, uint64_t seed, int64_t *draws, int64_t *conflicts) {
    if (!players || !draws || !conflicts || n_players < 1 || n_players > O8_MAX_PLAYERS
        || hole_size < 1 || hole_size > O8_MAX_HOLE || max_draws < 0 || max_fits < 1)
        return -1;
    int listed[O8_MAX_PLAYERS], n = 0;
    for (int p = 0; p < n_players; p++) {
        const o8_range *r = &players[p];
        if (!r->holes) continue;
        if (r->n_holes < 1 || (r->cum_weights && r->cum_weights[r->n_holes - 1] < 1)) return -1;
        listed[n++] = p;
    }
    for (int i = 0; i < n_players * n_players; i++) conflicts[i] = 0;
    uint64_t state = seed;
    int64_t fits = 0, d = 0;
    while (d < max_draws && fits < max_fits) {
        uint64_t mask[O8_MAX_PLAYERS];
        d++;
        for (int i = 0; i < n; i++) {
            const o8_range *r = &players[listed[i]];
            if (!o8_cards_mask(r->holes + pick_hole(&state, r) * hole_size, hole_size, &mask[i])) return -1;
        }
        int fit = 1;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (mask[i] & mask[j]) {
                    fit = 0;
                    conflicts[listed[i] * n_players + listed[j]]++;
                }
        fits += fit;
    }
    *draws = d;
    return fits;
}
