/* Hand ranges: pattern matching over lists of hands, and equity of players
 * given as weighted lists of candidate hands (ranges), exactly or by Monte
 * Carlo. Declared in omaha8.h; no allocation, no global mutable state.
 *
 * Pot shares are counted in units of O8R_POT = 5040 per pot (divisible by 2 x
 * every tie size 1..9), so Monte Carlo sums are exact integers.
 */
#include "omaha8.h"
#include "eval_inline.h"

#define POT O8R_POT

#if defined(_MSC_VER)
#define popcount64(x) ((int)__popcnt64(x))
#else
#define popcount64(x) __builtin_popcountll(x)
#endif

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

/* ------------------------------------------------------------------ random */

typedef struct { uint64_t s[4]; } rng_t;

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed, uint64_t stream) {
    uint64_t x = seed ^ splitmix64(&stream);
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *r) {  /* xoshiro256** */
    uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n) for 0 < n < 2^32, unbiased (Lemire's method). */
static inline uint32_t rng_below32(rng_t *r, uint32_t n) {
    uint64_t m = (rng_next(r) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t) m = (rng_next(r) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Uniform in [0, n) for 0 < n, unbiased. */
static inline uint64_t rng_below64(rng_t *r, uint64_t n) {
    if (n <= 0xFFFFFFFFull) return rng_below32(r, (uint32_t)n);
    uint64_t t = (0 - n) % n, x;
    do x = rng_next(r); while (x < t);
    return x % n;
}

/* ------------------------------------------------------------------ equity */

typedef struct {
    int n_players, hole_size, board_size;
    uint8_t board[5];
    uint64_t fixed;  /* board and dead cards */
} setup_t;

static int setup(setup_t *s, const o8r_player *players, int n_players, int hole_size,
                 const uint8_t *board, int board_size, const uint8_t *dead, int n_dead) {
    if (n_players < 1 || n_players > O8R_MAX_PLAYERS || hole_size < O8_MIN_HOLE
        || hole_size > O8_MAX_HOLE || !(board_size == 0 || (board_size >= 3 && board_size <= 5))
        || n_dead < 0 || n_dead > 52)
        return -1;
    s->n_players = n_players; s->hole_size = hole_size; s->board_size = board_size;
    s->fixed = 0;
    for (int i = 0; i < board_size + n_dead; i++) {
        uint8_t c = i < board_size ? board[i] : dead[i - board_size];
        if (c >= 52 || (s->fixed >> c & 1)) return -1;
        s->fixed |= 1ull << c;
        if (i < board_size) s->board[i] = c;
    }
    for (int p = 0; p < n_players; p++) {
        const o8r_player *pl = &players[p];
        if (!pl->hands) continue;
        if (pl->n < 1) return -1;
        for (int64_t h = 0; h < pl->n * hole_size; h++)
            if (pl->hands[h] >= 52) return -1;
        if (pl->cum) {  /* strictly increasing cumulative weights */
            for (int64_t h = 0; h < pl->n; h++)
                if (pl->cum[h] <= (h ? pl->cum[h - 1] : 0)) return -1;
        }
    }
    if (hole_size * n_players + 5 - board_size + popcount64(s->fixed) > 52) return -1;
    return 0;
}

static inline uint64_t card_mask(const uint8_t *cards, int n) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++) m |= 1ull << cards[i];
    return m;
}

/* Adds one showdown of weight w to out. */
static inline void showdown(const o8_hole *holes, int n_players, const uint8_t *board, double w,
                            double *out, int with_squares) {
    o8_board b;
    unsigned high[O8R_MAX_PLAYERS], low[O8R_MAX_PLAYERS], best_high = O8_NO_HAND + 1u,
             best_low = O8_NO_LOW, n_high = 0, n_low = 0;
    o8_prepare_board(&b, board, 5);
    for (int p = 0; p < n_players; p++) {
        high[p] = o8_high(&holes[p], &b);
        low[p] = o8_low(&holes[p], &b);
        if (high[p] < best_high) { best_high = high[p]; n_high = 0; }
        n_high += high[p] == best_high;
        if (low[p] < best_low) { best_low = low[p]; n_low = 0; }
        n_low += low[p] == best_low;
    }
    int has_low = best_low != O8_NO_LOW;
    unsigned high_part = has_low ? POT / 2 / n_high : POT / n_high;
    unsigned low_part = has_low ? POT / 2 / n_low : 0;
    for (int p = 0; p < n_players; p++) {
        double *o = out + p * O8R_STATS;
        unsigned share = (high[p] == best_high ? high_part : 0) + (has_low && low[p] == best_low ? low_part : 0);
        o[0] += w * share;
        if (with_squares) o[1] += w * ((double)share * share);
        if (high[p] == best_high) o[n_high == 1 ? 2 : 3] += w;
        if (has_low && low[p] == best_low) o[n_low == 1 ? 4 : 5] += w;
        if (share == POT) o[6] += w;
    }
    double *tail = out + n_players * O8R_STATS;
    tail[0] += w;
    if (!has_low) tail[1] += w;
}

/* Every completion of the board from the cards not in `used`. */
static void runouts(const setup_t *s, const o8_hole *holes, uint64_t used, double w, double *out) {
    uint8_t board[5], left[52];
    int n_left = 0, need = 5 - s->board_size;
    for (int i = 0; i < s->board_size; i++) board[i] = s->board[i];
    for (int c = 0; c < 52; c++) if (!(used >> c & 1)) left[n_left++] = (uint8_t)c;
    if (need == 0) { showdown(holes, s->n_players, board, w, out, 0); return; }
    int idx[5];
    for (int i = 0; i < need; i++) idx[i] = i;
    if (need > n_left) return;
    for (;;) {
        for (int i = 0; i < need; i++) board[s->board_size + i] = left[idx[i]];
        showdown(holes, s->n_players, board, w, out, 0);
        int i = need - 1;
        while (i >= 0 && idx[i] == n_left - need + i) i--;
        if (i < 0) return;
        idx[i]++;
        for (int j = i + 1; j < need; j++) idx[j] = idx[j - 1] + 1;
    }
}

static void exact_from(const setup_t *s, const o8r_player *players, int p, o8_hole *holes,
                       uint64_t used, double w, double *out) {
    if (p == s->n_players) { runouts(s, holes, used, w, out); return; }
    const o8r_player *pl = &players[p];
    for (int64_t h = 0; h < pl->n; h++) {
        const uint8_t *hand = pl->hands + h * s->hole_size;
        uint64_t m = card_mask(hand, s->hole_size);
        if ((m & used) || popcount64(m) != s->hole_size) continue;
        double wh = pl->cum ? (double)(pl->cum[h] - (h ? pl->cum[h - 1] : 0)) : 1.0;
        o8_prepare_hole(&holes[p], hand, s->hole_size);
        exact_from(s, players, p + 1, holes, used | m, w * wh, out);
    }
}

int o8r_exact(const o8r_player *players, int n_players, int hole_size, const uint8_t *board,
              int board_size, const uint8_t *dead, int n_dead, int64_t first, int64_t last,
              double *out) {
    setup_t s;
    o8_hole holes[O8R_MAX_PLAYERS];
    if (setup(&s, players, n_players, hole_size, board, board_size, dead, n_dead)) return -1;
    for (int p = 0; p < n_players; p++) if (!players[p].hands) return -1;
    if (first < 0 || last > players[0].n || first > last) return -1;
    o8r_player head = players[0];  /* player 0 restricted to [first, last) */
    o8r_player sub[O8R_MAX_PLAYERS];
    for (int p = 0; p < n_players; p++) sub[p] = players[p];
    for (int64_t h = first; h < last; h++) {
        const uint8_t *hand = head.hands + h * hole_size;
        uint64_t m = card_mask(hand, hole_size);
        if ((m & s.fixed) || popcount64(m) != hole_size) continue;
        double wh = head.cum ? (double)(head.cum[h] - (h ? head.cum[h - 1] : 0)) : 1.0;
        o8_prepare_hole(&holes[0], hand, hole_size);
        exact_from(&s, sub, 1, holes, s.fixed | m, wh, out);
    }
    return 0;
}

/* Draws `n` distinct cards not in *used into out, adding them to *used. */
static inline void draw_cards(rng_t *r, uint64_t *used, uint8_t *out, int n) {
    for (int i = 0; i < n; i++) {
        uint32_t c;
        do c = rng_below32(r, 52); while (*used >> c & 1);
        *used |= 1ull << c;
        out[i] = (uint8_t)c;
    }
}

int o8r_monte_carlo(const o8r_player *players, int n_players, int hole_size, const uint8_t *board,
                    int board_size, const uint8_t *dead, int n_dead, uint64_t seed, uint64_t stream,
                    int64_t trials, double *out) {
    setup_t s;
    rng_t r;
    o8_hole holes[O8R_MAX_PLAYERS];
    uint8_t cards[5], hand[O8_MAX_HOLE];
    int64_t rejected = 0, max_rejected = 1000 * trials + 100000;
    if (setup(&s, players, n_players, hole_size, board, board_size, dead, n_dead)
        || trials < 0 || trials > O8R_MAX_TRIALS) return -1;
    for (int i = 0; i < board_size; i++) cards[i] = s.board[i];
    rng_seed(&r, seed, stream);
    for (int64_t t = 0; t < trials;) {
        uint64_t used = s.fixed;
        int ok = 1;
        for (int p = 0; p < n_players && ok; p++) {  /* ranges first, whole deal rejected on a clash */
            const o8r_player *pl = &players[p];
            if (!pl->hands) continue;
            int64_t h;
            if (pl->cum) {
                uint64_t u = rng_below64(&r, pl->cum[pl->n - 1]);
                int64_t lo = 0, hi = pl->n - 1;  /* first h with cum[h] > u */
                while (lo < hi) { int64_t mid = (lo + hi) >> 1; if (pl->cum[mid] > u) hi = mid; else lo = mid + 1; }
                h = lo;
            } else {
                h = (int64_t)rng_below64(&r, (uint64_t)pl->n);
            }
            const uint8_t *cand = pl->hands + h * hole_size;
            uint64_t m = card_mask(cand, hole_size);
            if ((m & used) || popcount64(m) != hole_size) { ok = 0; break; }
            used |= m;
            o8_prepare_hole(&holes[p], cand, hole_size);
        }
        if (!ok) {
            if (++rejected > max_rejected) return -2;
            continue;
        }
        for (int p = 0; p < n_players; p++) {  /* random hands from what is left */
            if (players[p].hands) continue;
            draw_cards(&r, &used, hand, hole_size);
            o8_prepare_hole(&holes[p], hand, hole_size);
        }
        draw_cards(&r, &used, cards + board_size, 5 - board_size);
        showdown(holes, n_players, cards, 1.0, out, 1);
        t++;
    }
    out[n_players * O8R_STATS + 2] += (double)rejected;
    return 0;
}
