/* Hand ranges: the hand universe and pattern matching over lists of hands
 * (the equity of ranges runs on the kernels of equity.c). Declared in
 * omaha8.h; no allocation, no global mutable state.
 */
#include "omaha8.h"
#include "o8_port.h" /* O8_POPCNT_CLONES, o8_popcnt64, o8_ctz, o8_ctz64 */

/* The matching loops are built twice, for CPUs with the popcnt instruction
 * (count_cards below compiles to it) and for any x86-64, and the loader picks
 * one at run time (GCC's target_clones: an ifunc, which glibc has and musl
 * has not). Elsewhere: once. */
#define O8R_CLONES O8_POPCNT_CLONES

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

/* --------------------------------------------- compiled atoms (ranges.py) */

#if O8_HAVE_POPCNT_CLONES  /* popcnt in the popcnt clones, a libgcc call in the others */
static inline int count_cards(uint64_t x) { return o8_popcnt64(x); }
#else
static inline int count_cards(uint64_t x) {  /* popcount, portable */
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

#define SUIT_CLUBS 0x1111111111111ull  /* every rank of suit 0 */
#define DECK ((1ull << 52) - 1)

static inline uint64_t row_mask(const uint8_t *row, int k) {
    uint64_t m = 0;
    for (int j = 0; j < k; j++) {
        if (row[j] >= 52) return 0;
        m |= 1ull << row[j];
    }
    return count_cards(m) == k ? m : 0;  /* 0: an invalid row, never matches */
}

/* The ranks present in a row, one bit per rank 2..A. */
static inline unsigned row_ranks(const uint8_t *row, int k) {
    unsigned ranks = 0;
    for (int j = 0; j < k; j++) ranks |= 1u << (row[j] >> 2 & 15);
    return ranks & 0x1fff;
}

/* Whether an operation looks at a row of weight x: SET only raises
 * weights below `value`, KEEP and DROP only touch hands still in. */
static inline int op_touches(int op, uint8_t x, uint8_t value) {
    return op == O8R_SET ? x < value : x != 0;
}

/* The row's new weight once the atom matched it (m) or not. */
static inline uint8_t op_result(int op, uint8_t x, int m, uint8_t value) {
    if (op == O8R_SET) return m ? value : x;
    return (op == O8R_KEEP) != m ? 0 : x;
}

static inline unsigned ranks_of(uint64_t hand) {
    unsigned r = 0;
    while (hand) { r |= 1u << (o8_ctz64(hand) >> 2); hand &= hand - 1; }
    return r;
}

static int has_feature(int feature, uint64_t hand) {
    if (feature == 0) return 1;
    if (feature == 4) return count_cards(ranks_of(hand)) == count_cards(hand);
    int most = 0, twos = 0;
    for (int s = 0; s < 4; s++) {
        int c = count_cards(hand & (SUIT_CLUBS << s));
        most = c > most ? c : most;
        twos += c == 2;
    }
    if (feature == 1) return twos == 2 && most <= 2;
    if (feature == 2) return twos == 1 && most <= 2;
    return most <= 1;
}

/* Hall's condition for n elements with card sets e[]: every k of them
 * together allow at least k cards of the hand. */
O8R_CLONES static int hall(const uint64_t *e, int n, uint64_t hand) {
    uint64_t u[64];
    u[0] = 0;
    for (unsigned s = 1; s < (1u << n); s++) {
        u[s] = u[s & (s - 1)] | e[o8_ctz(s)];
        if (count_cards(hand & u[s]) < count_cards(s)) return 0;
    }
    return 1;
}

/* groups_only variants: each rank variable v needs var_need[v] cards of one
 * rank in var_cards[v], different variables different ranks (their cards
 * never meet the other elements'). A rank is eligible for v when the hand has
 * that many such cards of it; an injective choice of eligible ranks exists
 * when a search over the eligible masks finds one. by_suit[s]: the hand's
 * ranks in suit s. */
static int assign_ranks(const unsigned *eligible, int n, int var, unsigned used) {
    if (var == n) return 1;
    for (unsigned cand = eligible[var] & ~used; cand; cand &= cand - 1)
        if (assign_ranks(eligible, n, var + 1, used | (cand & -cand))) return 1;
    return 0;
}

O8R_CLONES static int vars_fit(const o8r_variant *v, uint64_t hand, unsigned present, const unsigned *by_suit) {
    unsigned eligible[O8R_MAX_ELEMENTS];
    int n = v->n_rank_vars;
    for (int var = 0; var < n; var++) {
        unsigned e = 0, suits = v->var_suits[var];
        if (suits) {  /* whole suits: count each rank's cards by bit slices */
            unsigned c0 = 0, c1 = 0, c2 = 0;
            for (int s = 0; s < 4; s++) {
                if (!(suits >> s & 1)) continue;
                unsigned m = by_suit[s], carry0 = c0 & m, carry1 = c1 & carry0;
                c0 ^= m; c1 ^= carry0; c2 |= carry1;
            }
            int need = v->var_need[var];
            e = need <= 1 ? (c0 | c1 | c2) : need == 2 ? (c1 | c2) : need == 3 ? (c2 | (c1 & c0)) : need == 4 ? c2 : 0;
            e &= present;
        } else {
            uint64_t held = hand & v->var_cards[var];
            for (unsigned cand = present; cand; cand &= cand - 1) {
                int r = o8_ctz(cand);
                e |= (unsigned)(count_cards(held & (0xfull << (4 * r))) >= v->var_need[var]) << r;
            }
        }
        if (!e) return 0;
        eligible[var] = e;
    }
    return assign_ranks(eligible, n, 0, 0);
}

static void suit_ranks(uint64_t hand, unsigned *by_suit) {
    for (int s = 0; s < 4; s++) {
        uint64_t x = (hand >> s) & SUIT_CLUBS;
        unsigned m = 0;
        for (; x; x &= x - 1) m |= 1u << (o8_ctz64(x) >> 2);
        by_suit[s] = m;
    }
}

/* Variants with rank variables that are not groups_only: bind them in turn,
 * then Hall's condition over the elements. */
O8R_CLONES static int bind_ranks(const o8r_variant *v, uint64_t hand, unsigned present, int var, int *rank_of,
                      unsigned bound) {
    if (var == v->n_rank_vars) {
        uint64_t e[O8R_MAX_ELEMENTS];
        for (int i = 0; i < v->n; i++)
            e[i] = v->rank_var[i] < 0 ? v->cards[i] : v->cards[i] & (0xfull << (4 * rank_of[v->rank_var[i]]));
        return hall(e, v->n, hand);
    }
    unsigned cand = present & ~bound;
    if (v->var_after[var] >= 0) cand &= ~((2u << rank_of[v->var_after[var]]) - 1);
    while (cand) {
        int r = o8_ctz(cand);
        cand &= cand - 1;
        if (count_cards(hand & v->var_cards[var] & (0xfull << (4 * r))) < v->var_need[var]) continue;
        rank_of[var] = r;
        if (bind_ranks(v, hand, present, var + 1, rank_of, bound | 1u << r)) return 1;
    }
    return 0;
}

static int variant_matches(const o8r_variant *v, uint64_t hand, unsigned ranks, unsigned *by_suit) {
    for (int i = 0; i < v->n_conditions; i++)
        if (count_cards(hand & v->cond_cards[i]) < v->cond_need[i]) return 0;
    if (v->n_rank_vars == 0) return 1;
    unsigned present = ranks & v->var_ranks;
    if (count_cards(present) < v->n_rank_vars) return 0;
    if (v->groups_only) {
        if (by_suit[4] == 0) { suit_ranks(hand, by_suit); by_suit[4] = 1; }
        return vars_fit(v, hand, present, by_suit);
    }
    int rank_of[O8R_MAX_ELEMENTS];
    return bind_ranks(v, hand, present, 0, rank_of, 0);
}

O8R_CLONES static int atom_matches(const o8r_atom *a, uint64_t hand, unsigned ranks) {
    if (!hand || !has_feature(a->feature, hand)) return 0;
    if (a->match_all) return 1;
    unsigned by_suit[5];  /* by_suit[4]: whether the first four were computed */
    by_suit[4] = 0;
    for (int i = 0; i < a->n_variants; i++)
        if (variant_matches(&a->variants[i], hand, ranks, by_suit)) return 1;
    return 0;
}

static int atom_ok(const o8r_atom *a) {
    if (a->feature < 0 || a->feature > 4 || a->n_variants < 0 || (a->n_variants && !a->variants)) return 0;
    for (int i = 0; i < a->n_variants; i++) {
        const o8r_variant *v = &a->variants[i];
        if (v->n < 0 || v->n > O8R_MAX_ELEMENTS || v->n_rank_vars < 0 || v->n_rank_vars > O8R_MAX_ELEMENTS
            || v->tail_from < 0 || v->tail_from > v->n_rank_vars
            || v->n_conditions < 0 || v->n_conditions > 63)
            return 0;
        for (int e = 0; e < v->n; e++)
            if (v->rank_var[e] >= v->n_rank_vars) return 0;
        for (int r = 0; r < v->n_rank_vars; r++)
            if (v->var_after[r] >= r) return 0;
    }
    return 1;
}

O8R_CLONES int64_t o8r_apply(const o8r_atom *atom, const uint8_t *rows, int hole_size, int64_t n,
                  uint8_t *w, int op, uint8_t value) {
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0 || op < O8R_SET || op > O8R_DROP || !atom_ok(atom))
        return -1;
    int64_t nonzero = 0;
    for (int64_t r = 0; r < n; r++) {
        uint8_t x = w[r];
        if (op_touches(op, x, value)) {
            const uint8_t *row = rows + r * hole_size;
            x = op_result(op, x, atom_matches(atom, row_mask(row, hole_size), row_ranks(row, hole_size)), value);
            w[r] = x;
        }
        nonzero += x != 0;
    }
    return nonzero;
}

static const int64_t *binomials(void);

/* The class of a hand under renaming every rank but r1 and r2 (-1: none):
 * the suit masks m1, m2 of r1 and r2 and the rank-free shape of the other
 * ranks (as o8r_shape_classes): (m1 * (r2 >= 0 ? 16 : 1) + m2) * C(15 + k, k)
 * + shape, below memo_need(). */
static int64_t relative_shape(const uint8_t *row, int k, int r1, int r2, const int64_t *C) {
    unsigned v[O8_MAX_HOLE], m1 = 0, m2 = 0;
    int m = 0, last = -1;
    for (int i = 0; i < k; i++) {
        int rank = row[i] >> 2;
        unsigned bit = 1u << (row[i] & 3);
        if (rank == r1) m1 |= bit;
        else if (rank == r2) m2 |= bit;
        else if (rank == last) v[m - 1] |= bit;
        else { v[m++] = bit; last = rank; }
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) { unsigned t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    int64_t key = 0;
    for (int i = 0; i < m; i++) key += C[(v[i] + k - m + i) * 7 + k - m + i + 1];
    return ((int64_t)m1 * (r2 >= 0 ? 16 : 1) + m2) * C[(15 + k) * 7 + k] + key;
}

static int64_t memo_need(int k, int r1, int r2, const int64_t *C) {
    return (r1 >= 0 ? 16 : 1) * (r2 >= 0 ? 16 : 1) * C[(15 + k) * 7 + k];
}

/* The same class from the shape of the whole hand (o8r_shape_classes; the
 * other ranks' shape is it less the masks of r1 and r2): -1 when that is
 * out of range. */
static int64_t shape_key(const uint8_t *row, int k, int r1, int r2, uint16_t shape, const int64_t *C) {
    unsigned m1 = 0, m2 = 0;
    if (shape >= C[(15 + k) * 7 + k]) return -1;
    for (int i = 0; i < k; i++) {
        int rank = row[i] >> 2;
        if (rank == r1) m1 |= 1u << (row[i] & 3);
        else if (rank == r2) m2 |= 1u << (row[i] & 3);
    }
    return ((int64_t)m1 * (r2 >= 0 ? 16 : 1) + m2) * C[(15 + k) * 7 + k] + shape;
}

static int memo_matches(const o8r_atom *atom, uint8_t *memo, const uint8_t *row, int k, int r1, int r2,
                        const uint16_t *shape_of, int64_t r, uint64_t mask, unsigned ranks, const int64_t *C) {
    int64_t key = shape_of ? shape_key(row, k, r1, r2, shape_of[r], C) : relative_shape(row, k, r1, r2, C);
    if (key < 0) return atom_matches(atom, mask, ranks);
    if (memo[key] > 1) memo[key] = (uint8_t)atom_matches(atom, mask, ranks);
    return memo[key];
}

O8R_CLONES int64_t o8r_apply_memo(const o8r_atom *atom, const uint8_t *rows, int hole_size, int64_t n,
                                  uint8_t *w, int op, uint8_t value, int r1, int r2, const uint16_t *shape_of,
                                  uint8_t *memo, int64_t memo_size) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0 || op < O8R_SET || op > O8R_DROP || !atom_ok(atom)
        || r1 < -1 || r1 > 12 || r2 < -1 || r2 > 12 || (r1 == r2 && r1 >= 0)
        || memo_size < memo_need(hole_size, r1, r2, C))
        return -1;
    int64_t nonzero = 0;
    for (int64_t r = 0; r < n; r++) {
        uint8_t x = w[r];
        if (op_touches(op, x, value)) {
            const uint8_t *row = rows + r * hole_size;
            uint64_t mask = row_mask(row, hole_size);
            int m = mask ? memo_matches(atom, memo, row, hole_size, r1, r2, shape_of, r, mask, row_ranks(row, hole_size), C)
                         : 0;
            x = op_result(op, x, m, value);
            w[r] = x;
        }
        nonzero += x != 0;
    }
    return nonzero;
}

/* *have: whether *mask and *ranks were computed for this row. */
static int condition_holds(const o8r_condition *c, int64_t r, const uint8_t *row, int k, int *have,
                           uint64_t *mask, unsigned *ranks, const int64_t *C) {
    int m;
    if (c->class_of) {
        uint16_t cls = c->class_of[r];
        m = cls < c->n_table && c->table[cls] != 0;
        return m != c->negate;
    }
    if (c->key) {
        m = c->key[r] >= c->key_low && c->key[r] < c->key_high;
        return m != c->negate;
    }
    if (!*have) {
        *mask = row_mask(row, k);
        *ranks = row_ranks(row, k);
        *have = 1;
    }
    if (!*mask) m = 0;
    else if (c->memo) m = memo_matches(c->atom, c->memo, row, k, c->r1, c->r2, c->shape_of, r, *mask, *ranks, C);
    else m = atom_matches(c->atom, *mask, *ranks);
    return m != c->negate;
}

static int conditions_ok(const o8r_condition *conds, int n_conds, int hole_size, const int64_t *C) {
    if (n_conds < 0 || (n_conds && !conds)) return 0;
    for (int i = 0; i < n_conds; i++) {
        const o8r_condition *c = &conds[i];
        if (c->negate < 0 || c->negate > 1) return 0;
        if (c->class_of) {
            if (c->n_table < 0 || (c->n_table && !c->table)) return 0;
        } else if (c->key) {
            continue;
        } else if (!c->atom || !atom_ok(c->atom)) {
            return 0;
        } else if (c->memo && (c->r1 < -1 || c->r1 > 12 || c->r2 < -1 || c->r2 > 12 || (c->r1 == c->r2 && c->r1 >= 0)
                               || c->memo_size < memo_need(hole_size, c->r1, c->r2, C))) {
            return 0;
        }
    }
    return 1;
}

O8R_CLONES int64_t o8r_fold_where(uint8_t *w, const uint8_t *rows, int hole_size, int64_t n, uint8_t value,
                                  const o8r_condition *conds, int n_conds) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0 || n_conds < 0 || (n_conds && !conds)) return -1;
    if (!conditions_ok(conds, n_conds, hole_size, C)) return -1;
    int64_t nonzero = 0;
    for (int64_t r = 0; r < n; r++) {
        if (w[r] < value) {
            const uint8_t *row = rows + r * hole_size;
            uint64_t mask = 0;
            unsigned ranks = 0;
            int have = 0, all = 1;
            for (int i = 0; i < n_conds && all; i++)
                all = condition_holds(&conds[i], r, row, hole_size, &have, &mask, &ranks, C);
            if (all) w[r] = value;
        }
        nonzero += w[r] != 0;
    }
    return nonzero;
}

/* Whether the buckets, terms and condition indices of o8r_fold_union are
 * consistent (see omaha8.h). */
static int union_ok(const o8r_term *terms, int n_terms, const int32_t *bucket_start, const int32_t *cond_index,
                    int n_index, int n_conds) {
    if (n_terms < 0 || n_index < 0 || (n_terms && !terms) || !bucket_start || (n_index && !cond_index)) return 0;
    if (bucket_start[0] != 0 || bucket_start[O8R_BUCKETS] != n_terms) return 0;
    for (int b = 0; b < O8R_BUCKETS; b++)  /* first all of them: then 0 <= each <= n_terms */
        if (bucket_start[b + 1] < bucket_start[b]) return 0;
    for (int b = 0; b < O8R_BUCKETS; b++) {
        for (int t = bucket_start[b]; t < bucket_start[b + 1]; t++) {
            const o8r_term *term = &terms[t];
            if (term->ranks >> 13 || term->suits >> 4) return 0;
            if (b < 13 && (term->ranks & ((2u << b) - 1)) != 1u << b) return 0;
            if (t > bucket_start[b] && term->value > terms[t - 1].value) return 0;
            if (term->first < 0 || term->n_conds < 0 || term->first > n_index - term->n_conds) return 0;
            if (term->skip < 0 || term->skip >= bucket_start[b + 1] - t || (term->skip && !term->n_conds)) return 0;
        }
    }
    for (int i = 0; i < n_index; i++)
        if (cond_index[i] < 0 || cond_index[i] >= n_conds) return 0;
    for (int t = 0; t + 1 < n_terms; t++) {  /* in range, so the next term is in the same bucket */
        const o8r_term *term = &terms[t], *next = &terms[t + 1];
        if (term->skip && (next->skip != term->skip - 1 || !next->n_conds
                           || cond_index[next->first] != cond_index[term->first]))
            return 0;
    }
    return 1;
}

O8R_CLONES int64_t o8r_fold_union(uint8_t *w, const uint8_t *rows, int hole_size, int64_t n,
                                  const o8r_term *terms, int n_terms, const int32_t *bucket_start,
                                  const int32_t *cond_index, int n_index,
                                  const o8r_condition *conds, int n_conds, uint32_t *seen) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0 || n >= (1ll << 31) - 1 || (n_conds && !seen)
        || !conditions_ok(conds, n_conds, hole_size, C)
        || !union_ok(terms, n_terms, bucket_start, cond_index, n_index, n_conds))
        return -1;
    uint8_t top = 0;
    for (int t = 0; t < n_terms; t++) top = terms[t].value > top ? terms[t].value : top;
    for (int i = 0; i < n_conds; i++) seen[i] = 0;
    int64_t nonzero = 0;
    for (int64_t r = 0; r < n; r++) {
        uint8_t x = w[r];
        if (x < top) {
            const uint8_t *row = rows + r * hole_size;
            uint64_t mask = row_mask(row, hole_size);
            unsigned ranks = row_ranks(row, hole_size), suits = 0;
            for (int s = 0; s < 4; s++) suits |= (unsigned)((mask & (SUIT_CLUBS << s)) != 0) << s;
            uint32_t stamp = (uint32_t)(r + 1) << 1;
            int have = 1;
            unsigned todo = mask ? (ranks | 1u << 13) : 0;
            while (todo && x < top) {
                int b = o8_ctz(todo);
                todo &= todo - 1;
                for (int t = bucket_start[b]; t < bucket_start[b + 1]; t++) {
                    const o8r_term *term = &terms[t];
                    if (term->value <= x) break;
                    if ((term->ranks & ~ranks) | (term->suits & ~suits)) continue;
                    int all = 1;
                    for (int i = 0; i < term->n_conds && all; i++) {
                        int c = cond_index[term->first + i];
                        const o8r_condition *cond = &conds[c];
                        if (cond->class_of || cond->key) {  /* a lookup: cheaper than the cache */
                            all = condition_holds(cond, r, row, hole_size, &have, &mask, &ranks, C);
                        } else if ((seen[c] & ~1u) == stamp) {
                            all = (int)(seen[c] & 1);
                        } else {
                            all = condition_holds(cond, r, row, hole_size, &have, &mask, &ranks, C);
                            seen[c] = stamp | (uint32_t)all;
                        }
                        if (!all && i == 0) t += term->skip;
                    }
                    if (all) {
                        x = term->value;
                        break;
                    }
                }
            }
            w[r] = x;
        }
        nonzero += x != 0;
    }
    return nonzero;
}

/* ------------------------------------------------------------- generation */

typedef struct {
    const o8r_atom *a;
    int k;
    uint8_t *w;
    int op;
    uint8_t value;
    const int64_t *C;  /* C[c * 7 + i] = C(c, i) */
    int32_t *list;     /* when not NULL: the indices are listed here instead */
    int64_t listed, capacity;
} gen_state;

O8R_CLONES static void visit(gen_state *g, uint64_t hand) {
    if (!has_feature(g->a->feature, hand)) return;
    int64_t index = 0;
    int i = 1;
    for (uint64_t h = hand; h; h &= h - 1, i++) index += g->C[o8_ctz64(h) * 7 + i];
    if (g->list) {
        if (g->listed < g->capacity) g->list[g->listed] = (int32_t)index;
        g->listed++;  /* past capacity only counted */
    } else if (g->op == O8R_SET) {
        if (g->w[index] < g->value) g->w[index] = g->value;
    } else {
        g->w[index] = 0;
    }
}

/* Every way to add `left` cards above card `from` (and not in `taken`). */
static void complete(gen_state *g, uint64_t hand, int left, int from) {
    if (left == 0) { visit(g, hand); return; }
    for (int c = from; c <= 52 - left; c++)
        if (!(hand >> c & 1)) complete(g, hand | 1ull << c, left - 1, c + 1);
}

/* Cards for elements e..n-1 (element i takes a card of cards[i]); identical
 * neighbours take increasing cards. */
static void cores(gen_state *g, const uint64_t *cards, int n, int e, uint64_t hand, int last) {
    if (e == n) {
        int left = g->k - count_cards(hand);
        /* Each completion card goes anywhere free: enumerate the free cards in
         * increasing order; duplicates (a hand reached from several cores)
         * write the same weight again. */
        complete(g, hand, left, 0);
        return;
    }
    uint64_t allowed = cards[e] & ~hand & DECK;
    if (e > 0 && cards[e] == cards[e - 1]) allowed &= ~((2ull << last) - 1);
    while (allowed) {
        int c = o8_ctz64(allowed);
        allowed &= allowed - 1;
        cores(g, cards, n, e + 1, hand | 1ull << c, c);
    }
}

/* Binds rank variables var.. of v to different ranks of var_ranks (an
 * interchangeable variable above the one before it), then lists the cores
 * with each variable's elements in the cards of its rank. */
static void bind_and_list(gen_state *g, const o8r_variant *v, int var, int *rank_of, unsigned bound) {
    if (var == v->n_rank_vars) {
        uint64_t cards[O8R_MAX_ELEMENTS];
        for (int e = 0; e < v->n; e++)
            cards[e] = v->rank_var[e] < 0 ? v->cards[e] : v->cards[e] & (0xfull << (4 * rank_of[v->rank_var[e]]));
        cores(g, cards, v->n, 0, 0, -1);
        return;
    }
    unsigned cand = v->var_ranks & 0x1fffu & ~bound;
    if (v->var_after[var] >= 0) cand &= ~((2u << rank_of[v->var_after[var]]) - 1);
    for (; cand; cand &= cand - 1) {
        int r = o8_ctz(cand);
        rank_of[var] = r;
        bind_and_list(g, v, var + 1, rank_of, bound | 1u << r);
    }
}

static void generate(gen_state *g) {
    const o8r_atom *atom = g->a;
    if (atom->match_all) {
        complete(g, 0, g->k, 0);
        return;
    }
    for (int i = 0; i < atom->n_variants; i++) {
        int rank_of[O8R_MAX_ELEMENTS];
        bind_and_list(g, &atom->variants[i], 0, rank_of, 0);
    }
}

O8R_CLONES int o8r_generate(const o8r_atom *atom, int hole_size, uint8_t *w, int64_t n, int op, uint8_t value) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n != C[52 * 7 + hole_size] || (op != O8R_SET && op != O8R_DROP)
        || !atom_ok(atom))
        return -1;
    for (int i = 0; i < atom->n_variants; i++)
        if (atom->variants[i].n > hole_size) return -1;
    gen_state g = {atom, hole_size, w, op, value, C, NULL, 0, 0};
    generate(&g);
    return 0;
}

int64_t o8r_generate_list(const o8r_atom *atom, int hole_size, int32_t *index, int64_t capacity) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || capacity < 0 || !atom_ok(atom)) return -1;
    for (int i = 0; i < atom->n_variants; i++)
        if (atom->variants[i].n > hole_size) return -1;
    gen_state g = {atom, hole_size, NULL, O8R_SET, 1, C, index, 0, capacity};
    generate(&g);
    return g.listed;
}

/* C(c, i) for c <= 52, i <= 6, at C[c * 7 + i]: read-only data. */
static const int64_t *binomials(void) {
#define ROW(c) 1, (c), (c) * ((c) - 1) / 2, (c) * ((c) - 1) * ((c) - 2) / 6, \
    (int64_t)(c) * ((c) - 1) * ((c) - 2) * ((c) - 3) / 24, \
    (int64_t)(c) * ((c) - 1) * ((c) - 2) * ((c) - 3) * ((c) - 4) / 120, \
    (int64_t)(c) * ((c) - 1) * ((c) - 2) * ((c) - 3) * ((c) - 4) * ((c) - 5) / 720
    static const int64_t table[53 * 7] = {
        ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7), ROW(8), ROW(9),
        ROW(10), ROW(11), ROW(12), ROW(13), ROW(14), ROW(15), ROW(16), ROW(17), ROW(18), ROW(19),
        ROW(20), ROW(21), ROW(22), ROW(23), ROW(24), ROW(25), ROW(26), ROW(27), ROW(28), ROW(29),
        ROW(30), ROW(31), ROW(32), ROW(33), ROW(34), ROW(35), ROW(36), ROW(37), ROW(38), ROW(39),
        ROW(40), ROW(41), ROW(42), ROW(43), ROW(44), ROW(45), ROW(46), ROW(47), ROW(48), ROW(49),
        ROW(50), ROW(51), ROW(52),
    };
#undef ROW
    return table;
}

int64_t o8r_without(const uint8_t *rows, int hole_size, int64_t n_rows, const int32_t *index, int64_t n,
                    uint64_t dead, uint8_t *keep) {
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0 || n_rows < 0) return -1;
    int64_t kept = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t r = index ? index[i] : i;
        if (r < 0 || r >= n_rows) return -1;
        uint64_t m = row_mask(rows + r * hole_size, hole_size);
        keep[i] = m && !(m & dead);
        kept += keep[i];
    }
    return kept;
}

int64_t o8r_collect(const uint8_t *w, int64_t n, int32_t *index, uint8_t *weights, int64_t capacity) {
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {
        if (!w[i]) continue;
        if (m >= capacity) return -1;
        index[m] = (int32_t)i;
        weights[m++] = w[i];
    }
    return m;
}

int o8r_rank_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0) return -1;
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *row = rows + r * hole_size;
        int64_t key = 0;
        for (int i = 0; i < hole_size; i++) {
            if (row[i] >= 52 || (i && row[i] < row[i - 1])) return -1;
            key += C[((row[i] >> 2) + i) * 7 + i + 1];
        }
        out[r] = (uint16_t)key;
    }
    return 0;
}

int o8r_suit_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out) {
    static const uint16_t power[4] = {1, 7, 49, 343};
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0) return -1;
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *row = rows + r * hole_size;
        unsigned key = 0;
        for (int i = 0; i < hole_size; i++) {
            if (row[i] >= 52) return -1;
            key += power[row[i] & 3];
        }
        out[r] = (uint16_t)key;
    }
    return 0;
}

/* The rank-free shape of a hand: the multiset of its ranks' suit masks
 * (bit s of a rank's mask: the hand holds that rank in suit s), padded with
 * zero masks to hole_size values v_0 <= v_1 <= ...; key sum C(v_i + i, i + 1),
 * below C(15 + hole_size, hole_size). Two hands that differ by renaming
 * ranks have the same key. */
int o8r_shape_classes(const uint8_t *rows, int hole_size, int64_t n, uint16_t *out) {
    const int64_t *C = binomials();
    if (hole_size < 1 || hole_size > O8_MAX_HOLE || n < 0) return -1;
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *row = rows + r * hole_size;
        unsigned v[O8_MAX_HOLE];
        int m = 0;
        for (int i = 0; i < hole_size; i++) {
            if (row[i] >= 52 || (i && row[i] <= row[i - 1])) return -1;
            if (i && row[i] >> 2 == row[i - 1] >> 2) v[m - 1] |= 1u << (row[i] & 3);
            else v[m++] = 1u << (row[i] & 3);
        }
        for (int i = 1; i < m; i++)  /* insertion sort, ascending */
            for (int j = i; j > 0 && v[j - 1] > v[j]; j--) { unsigned t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
        int64_t key = 0;
        for (int i = 0; i < m; i++) {
            int at = hole_size - m + i;  /* the zero masks come first and add C(i, i + 1) = 0 */
            key += C[(v[i] + at) * 7 + at + 1];
        }
        out[r] = (uint16_t)key;
    }
    return 0;
}

int64_t o8r_keep_classes(uint8_t *w, const uint16_t *class_of, int64_t n, const uint8_t *keep, int64_t n_classes) {
    int64_t nonzero = 0;
    for (int64_t i = 0; i < n; i++) {
        if (!w[i]) continue;
        if (class_of[i] >= n_classes || !keep[class_of[i]]) w[i] = 0;
        else nonzero++;
    }
    return nonzero;
}

/* ------------------------------------------- folding weights (ranges.py) */

int64_t o8r_max_classes(uint8_t *w, const uint16_t *class_of, int64_t n, const uint8_t *by_class,
                        int64_t n_classes) {
    int64_t nonzero = 0;
    for (int64_t i = 0; i < n; i++) {
        uint16_t c = class_of[i];
        uint8_t x = w[i];
        if (c < n_classes && by_class[c] > x) w[i] = x = by_class[c];
        nonzero += x != 0;
    }
    return nonzero;
}

int64_t o8r_max_at(uint8_t *w, int64_t n_w, const int32_t *index, const uint8_t *values, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if (index[i] < 0 || index[i] >= n_w) return -1;
    for (int64_t i = 0; i < n; i++)
        if (values[i] > w[index[i]]) w[index[i]] = values[i];
    return 0;
}

int64_t o8r_fold(uint8_t *w, const uint8_t *inner, int64_t n, uint8_t value) {
    int64_t nonzero = 0;
    for (int64_t i = 0; i < n; i++) {
        if (inner[i] && w[i] < value) w[i] = value;
        nonzero += w[i] != 0;
    }
    return nonzero;
}
