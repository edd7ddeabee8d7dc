/* Range-vs-range hi/lo showdown values on a river (see omaha8.h, "Range
 * against range"): every hand is evaluated once, both sides are ordered by
 * high class and by low, and one sweep per order sums the weights of the
 * compatible opposing hands that are weaker, tied and in all, with the card
 * removal made exact by inclusion-exclusion over the subsets of a hand's four
 * cards (per-card, per-pair and per-triple weight sums; the four-card term is
 * the identical hand). No allocation: every buffer is the caller's. */
#include <string.h>

#include "omaha8.h"
#include "eval/eval_inline.h"

#define SD_HOLE 4
#define SD_SINGLES 52
#define SD_PAIRS 1326
#define SD_TRIPLES 22100
#define SD_DEAD 0xFFFFu
#define SD_NO_LOW 0xFFFEu
#define SD_HIGH_KEYS 7464 /* 1..7462, and the dead hands last */
#define SD_LOW_KEYS 59    /* 1..56, 57 no low, 58 dead */

/* Index of the pair x < y among C(52, 2), and of the triple x < y < z. */
O8_INLINE int32_t pair_id(int x, int y) { return (int32_t)(x + y * (y - 1) / 2); }
O8_INLINE int32_t triple_id(int x, int y, int z) {
    return (int32_t)(x + y * (y - 1) / 2 + z * (z - 1) * (z - 2) / 6);
}

/* Counting sort of the n hands by key(i) in 0..n_keys-1 (stable). */
static void order_by(const uint16_t *rank, int64_t n, int is_low, int32_t *out) {
    int64_t count[SD_HIGH_KEYS + 1];
    int n_keys = is_low ? SD_LOW_KEYS : SD_HIGH_KEYS;
    memset(count, 0, sizeof(int64_t) * (size_t)(n_keys + 1));
    for (int64_t i = 0; i < n; i++) {
        unsigned r = rank[i];
        unsigned k = r == SD_DEAD ? (unsigned)n_keys - 1 : (r == SD_NO_LOW ? 57u : r);
        count[k + 1]++;
    }
    for (int k = 0; k < n_keys; k++) count[k + 1] += count[k];
    for (int64_t i = 0; i < n; i++) {
        unsigned r = rank[i];
        unsigned k = r == SD_DEAD ? (unsigned)n_keys - 1 : (r == SD_NO_LOW ? 57u : r);
        out[count[k]++] = (int32_t)i;
    }
}

int o8_sd_prepare(const uint8_t *board, const uint8_t *hands, int64_t n, uint16_t *high, uint16_t *low,
                  int32_t *by_high, int32_t *by_low, int32_t *subsets) {
    uint64_t on_board, bits;
    if (n < 0 || !o8_cards_mask(board, 5, &on_board)) return -1;
    for (int64_t i = 0; i < n; i++)
        if (!o8_cards_mask(hands + SD_HOLE * i, SD_HOLE, &bits)) return -1;
    o8_board b;
    o8_prepare_board(&b, board, 5);
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *h = hands + SD_HOLE * i;
        int c[SD_HOLE];
        for (int k = 0; k < SD_HOLE; k++) c[k] = h[k];
        for (int x = 1; x < SD_HOLE; x++) /* ascending card ids */
            for (int y = x; y > 0 && c[y - 1] > c[y]; y--) {
                int t = c[y]; c[y] = c[y - 1]; c[y - 1] = t;
            }
        int32_t *s = subsets + 14 * i;
        for (int k = 0; k < 4; k++) s[k] = c[k];
        s[4] = SD_SINGLES + pair_id(c[0], c[1]);
        s[5] = SD_SINGLES + pair_id(c[0], c[2]);
        s[6] = SD_SINGLES + pair_id(c[0], c[3]);
        s[7] = SD_SINGLES + pair_id(c[1], c[2]);
        s[8] = SD_SINGLES + pair_id(c[1], c[3]);
        s[9] = SD_SINGLES + pair_id(c[2], c[3]);
        s[10] = SD_SINGLES + SD_PAIRS + triple_id(c[0], c[1], c[2]);
        s[11] = SD_SINGLES + SD_PAIRS + triple_id(c[0], c[1], c[3]);
        s[12] = SD_SINGLES + SD_PAIRS + triple_id(c[0], c[2], c[3]);
        s[13] = SD_SINGLES + SD_PAIRS + triple_id(c[1], c[2], c[3]);
        uint64_t mask = 0;
        for (int k = 0; k < SD_HOLE; k++) mask |= 1ull << h[k];
        if (mask & on_board) {
            high[i] = (uint16_t)SD_DEAD;
            low[i] = (uint16_t)SD_DEAD;
            continue;
        }
        o8_hole hole;
        o8_prepare_hole(&hole, h, SD_HOLE);
        high[i] = (uint16_t)o8_high(&hole, &b);
        unsigned lo = o8_low(&hole, &b);
        low[i] = (uint16_t)(lo == O8_NO_LOW ? SD_NO_LOW : lo);
    }
    order_by(high, n, 0, by_high);
    order_by(low, n, 1, by_low);
    return 0;
}

int64_t o8_sd_ident_scratch(int64_t nb) {
    int64_t size = 1;
    while (size < 2 * nb + 2) size <<= 1;
    return size;
}

int o8_sd_ident(const uint8_t *hands_a, int64_t na, const uint8_t *hands_b, int64_t nb, int32_t *ident,
                int32_t *scratch, int64_t scratch_len) {
    int64_t size = o8_sd_ident_scratch(nb);
    if (na < 0 || nb < 0 || scratch_len < size) return -1;
    uint64_t mask_b = (uint64_t)size - 1;
    for (int64_t k = 0; k < size; k++) scratch[k] = -1;
    for (int64_t j = 0; j < nb; j++) {
        uint64_t m = 0;
        for (int k = 0; k < SD_HOLE; k++) m |= 1ull << (hands_b[SD_HOLE * j + k] & 63);
        uint64_t slot = (m * 0x9E3779B97F4A7C15ull) >> 20 & mask_b;
        while (scratch[slot] >= 0) slot = (slot + 1) & mask_b;
        scratch[slot] = (int32_t)j;
    }
    for (int64_t i = 0; i < na; i++) {
        uint64_t m = 0;
        for (int k = 0; k < SD_HOLE; k++) m |= 1ull << (hands_a[SD_HOLE * i + k] & 63);
        uint64_t slot = (m * 0x9E3779B97F4A7C15ull) >> 20 & mask_b;
        ident[i] = -1;
        while (scratch[slot] >= 0) {
            int64_t j = scratch[slot];
            uint64_t mj = 0;
            for (int k = 0; k < SD_HOLE; k++) mj |= 1ull << (hands_b[SD_HOLE * j + k] & 63);
            if (mj == m) {
                ident[i] = (int32_t)j;
                break;
            }
            slot = (slot + 1) & mask_b;
        }
    }
    return 0;
}

O8_INLINE void insert(double *table, double *total, const int32_t *s, double w) {
    *total += w;
    for (int k = 0; k < 14; k++) table[s[k]] += w;
}

O8_INLINE void insert2(double *table, double *total, const int32_t *s, double w, double w2) {
    total[0] += w;
    total[1] += w2;
    for (int k = 0; k < 14; k++) {
        table[2 * s[k]] += w;
        table[2 * s[k] + 1] += w2;
    }
}

/* The weight in the table of the hands compatible with the hand of subsets s
 * (the identical hand, when it is in the table, passed as `same`). */
O8_INLINE double compatible(const double *table, double total, const int32_t *s, double same) {
    double one = table[s[0]] + table[s[1]] + table[s[2]] + table[s[3]];
    double two = table[s[4]] + table[s[5]] + table[s[6]] + table[s[7]] + table[s[8]] + table[s[9]];
    double three = table[s[10]] + table[s[11]] + table[s[12]] + table[s[13]];
    return total - one + two - three + same;
}

/* Both weights' compatible sums from an interleaved table. */
O8_INLINE void compatible2(const double *table, const double *total, const int32_t *s, double same, double same2,
                           double *out, double *out2) {
    double x = total[0] + same, y = total[1] + same2;
    for (int k = 0; k < 4; k++) {
        x -= table[2 * s[k]];
        y -= table[2 * s[k] + 1];
    }
    for (int k = 4; k < 10; k++) {
        x += table[2 * s[k]];
        y += table[2 * s[k] + 1];
    }
    for (int k = 10; k < 14; k++) {
        x -= table[2 * s[k]];
        y -= table[2 * s[k] + 1];
    }
    *out = x;
    *out2 = y;
}

/* Zero what the live hands of b wrote (the table is all zero between calls). */
static void clear(double *table, const o8_sd_side *b, int stride) {
    for (int64_t j = 0; j < b->n; j++) {
        if (b->high[j] == SD_DEAD) continue;
        const int32_t *s = b->subsets + 14 * j;
        for (int k = 0; k < 14; k++) {
            table[stride * s[k]] = 0.0;
            if (stride == 2) table[2 * s[k] + 1] = 0.0;
        }
    }
}

/* The high sweep, two weights at once: out[i] (out2[i]) = sum over the
 * compatible live b of w_b (w2_b) * (1 if b's high is worse than a's, 1/2 if
 * equal); compat[i] (if not NULL) = the compatible weight of w. */
static void sweep_high(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *w,
                       const double *w2, double *out, double *out2, double *compat, double *table) {
    const uint16_t *ra = a->high, *rb = b->high;
    const int32_t *oa = a->by_high, *ob = b->by_high;
    double total[2] = {0.0, 0.0};
    int64_t i = 0, j = 0;
    while (i < a->n) {
        unsigned v = ra[oa[i]];
        if (v == SD_DEAD) break;
        int64_t end = i;
        while (end < a->n && ra[oa[end]] == v) end++;
        while (j < b->n && rb[ob[j]] < v) { /* the weight strictly stronger, then stronger or tied */
            int32_t h = ob[j++];
            insert2(table, total, b->subsets + 14 * (int64_t)h, w[h], w2[h]);
        }
        for (int64_t k = i; k < end; k++) {
            int32_t h = oa[k];
            compatible2(table, total, a->subsets + 14 * (int64_t)h, 0.0, 0.0, &out[h], &out2[h]);
        }
        while (j < b->n && rb[ob[j]] <= v) {
            int32_t h = ob[j++];
            insert2(table, total, b->subsets + 14 * (int64_t)h, w[h], w2[h]);
        }
        for (int64_t k = i; k < end; k++) {
            int32_t h = oa[k];
            int32_t m = ident[h];
            int live = m >= 0 && rb[m] != SD_DEAD;
            double x, y;
            compatible2(table, total, a->subsets + 14 * (int64_t)h, live ? w[m] : 0.0, live ? w2[m] : 0.0, &x, &y);
            out[h] += x;
            out2[h] += y;
        }
        i = end;
    }
    while (j < b->n && rb[ob[j]] != SD_DEAD) {
        int32_t h = ob[j++];
        insert2(table, total, b->subsets + 14 * (int64_t)h, w[h], w2[h]);
    }
    for (int64_t k = 0; k < a->n; k++) {
        if (ra[k] == SD_DEAD) {
            out[k] = out2[k] = 0.0;
            if (compat) compat[k] = 0.0;
            continue;
        }
        int32_t m = ident[k];
        int live = m >= 0 && rb[m] != SD_DEAD;
        double x, y;
        compatible2(table, total, a->subsets + 14 * k, live ? w[m] : 0.0, live ? w2[m] : 0.0, &x, &y);
        out[k] = x - 0.5 * out[k];
        out2[k] = y - 0.5 * out2[k];
        if (compat) compat[k] = x;
    }
    clear(table, b, 2);
}

/* The low sweep: out[i] = sum over the compatible live b of w_b * (1 if b's
 * low is worse than a's or b has none, 1/2 if equal), for the a with a low. */
static void sweep_low(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *w, double *out,
                      double *table) {
    const uint16_t *ra = a->low, *rb = b->low;
    const int32_t *oa = a->by_low, *ob = b->by_low;
    double total = 0.0;
    int64_t i = 0, j = 0;
    while (i < a->n) {
        unsigned v = ra[oa[i]];
        if (v >= SD_NO_LOW) break;
        int64_t end = i;
        while (end < a->n && ra[oa[end]] == v) end++;
        while (j < b->n && rb[ob[j]] < v) {
            int32_t h = ob[j++];
            insert(table, &total, b->subsets + 14 * (int64_t)h, w[h]);
        }
        for (int64_t k = i; k < end; k++) {
            int32_t h = oa[k];
            out[h] = compatible(table, total, a->subsets + 14 * (int64_t)h, 0.0);
        }
        while (j < b->n && rb[ob[j]] <= v) {
            int32_t h = ob[j++];
            insert(table, &total, b->subsets + 14 * (int64_t)h, w[h]);
        }
        for (int64_t k = i; k < end; k++) {
            int32_t h = oa[k];
            int32_t m = ident[h];
            out[h] += compatible(table, total, a->subsets + 14 * (int64_t)h, m >= 0 && rb[m] != SD_DEAD ? w[m] : 0.0);
        }
        i = end;
    }
    int64_t first_none = i;
    while (j < b->n && rb[ob[j]] != SD_DEAD) {
        int32_t h = ob[j++];
        insert(table, &total, b->subsets + 14 * (int64_t)h, w[h]);
    }
    for (int64_t k = 0; k < first_none; k++) {
        int32_t h = oa[k];
        int32_t m = ident[h];
        double all = compatible(table, total, a->subsets + 14 * (int64_t)h, m >= 0 && rb[m] != SD_DEAD ? w[m] : 0.0);
        out[h] = all - 0.5 * out[h];
    }
    clear(table, b, 1);
}

int o8_sd_values(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *wb, double *values,
                 double *compat, double *scratch) {
    if (a->n < 0 || b->n < 0) return -1;
    double *table = scratch, *half = scratch + 2 * O8_SD_TABLE, *high2 = half + b->n, *low = high2 + a->n;
    /* a with a low: half the high pot (against every b) and half the low pot
     * (a b without a low is worse than any low); a without a low: the high
     * pot, whole against a b without a low, half against a b with one. */
    int any_low = 0;
    for (int64_t k = 0; k < b->n; k++) {
        int none = b->low[k] >= SD_NO_LOW;
        half[k] = none ? wb[k] : 0.5 * wb[k];
        any_low |= !none;
    }
    for (int64_t k = 0; k < a->n && !any_low; k++) any_low |= a->low[k] < SD_NO_LOW;
    sweep_high(a, b, ident, wb, half, values, high2, compat, table);
    if (!any_low) return 0; /* no low on this board for anyone: the high is the pot */
    sweep_low(a, b, ident, wb, low, table);
    for (int64_t k = 0; k < a->n; k++) {
        unsigned l = a->low[k];
        if (l == SD_DEAD) values[k] = 0.0;
        else if (l == SD_NO_LOW) values[k] = high2[k];
        else values[k] = 0.5 * values[k] + 0.5 * low[k];
    }
    return 0;
}

int o8_sd_compat(const o8_sd_side *a, const o8_sd_side *b, const int32_t *ident, const double *wb, double *compat,
                 double *table) {
    if (a->n < 0 || b->n < 0) return -1;
    double total = 0.0;
    for (int64_t j = 0; j < b->n; j++)
        if (b->high[j] != SD_DEAD) insert(table, &total, b->subsets + 14 * j, wb[j]);
    for (int64_t k = 0; k < a->n; k++) {
        if (a->high[k] == SD_DEAD) {
            compat[k] = 0.0;
            continue;
        }
        double same = ident[k] >= 0 && b->high[ident[k]] != SD_DEAD ? wb[ident[k]] : 0.0;
        compat[k] = compatible(table, total, a->subsets + 14 * k, same);
    }
    clear(table, b, 1);
    return 0;
}

/* Carve n bytes (8-aligned) from the scratch, or NULL when it is too small. */
static void *take(unsigned char **at, unsigned char *end, int64_t n) {
    int64_t size = (n + 7) / 8 * 8;
    if (end - *at < size) return NULL;
    void *out = *at;
    *at += size;
    return out;
}

static int64_t side_bytes(int64_t n) { return 2 * ((2 * n + 7) / 8 * 8) + 16 * ((4 * n + 7) / 8 * 8); }

int64_t o8_showdown_values_scratch(int64_t na, int64_t nb) {
    if (na < 0 || nb < 0 || na > O8_SD_MAX_HANDS || nb > O8_SD_MAX_HANDS) return -1;
    int64_t most = na > nb ? na : nb;
    int64_t hashed = o8_sd_ident_scratch(most);
    return side_bytes(na) + side_bytes(nb) + (4 * na + 7) / 8 * 8 + (4 * nb + 7) / 8 * 8
        + (4 * hashed + 7) / 8 * 8 + 8 * (2 * O8_SD_TABLE + 3 * most) + 64;
}

static int carve_side(o8_sd_side *s, int64_t n, unsigned char **at, unsigned char *end) {
    s->n = n;
    uint16_t *high = take(at, end, 2 * n), *low = take(at, end, 2 * n);
    int32_t *by_high = take(at, end, 4 * n), *by_low = take(at, end, 4 * n), *sub = take(at, end, 56 * n);
    if (!high || !low || !by_high || !by_low || !sub) return -1;
    s->high = high;
    s->low = low;
    s->by_high = by_high;
    s->by_low = by_low;
    s->subsets = sub;
    return 0;
}

int o8_showdown_values(const uint8_t *board, const uint8_t *hands_a, int64_t na, const double *wa,
                       const uint8_t *hands_b, int64_t nb, const double *wb, double *values_a, double *values_b,
                       void *scratch, int64_t scratch_bytes) {
    int64_t need = o8_showdown_values_scratch(na, nb);
    if (need < 0) return -1;
    if (scratch_bytes < need) return -2;
    unsigned char *at = scratch, *end = at + scratch_bytes;
    o8_sd_side a, b;
    if (carve_side(&a, na, &at, end) || carve_side(&b, nb, &at, end)) return -2;
    uint16_t *ah = (uint16_t *)a.high, *al = (uint16_t *)a.low, *bh = (uint16_t *)b.high, *bl = (uint16_t *)b.low;
    if (o8_sd_prepare(board, hands_a, na, ah, al, (int32_t *)a.by_high, (int32_t *)a.by_low, (int32_t *)a.subsets)
        || o8_sd_prepare(board, hands_b, nb, bh, bl, (int32_t *)b.by_high, (int32_t *)b.by_low,
                         (int32_t *)b.subsets))
        return -1;
    int64_t most = na > nb ? na : nb, hashed = o8_sd_ident_scratch(most);
    int32_t *ident_a = take(&at, end, 4 * na), *ident_b = take(&at, end, 4 * nb), *hash = take(&at, end, 4 * hashed);
    double *work = take(&at, end, 8 * (2 * O8_SD_TABLE + 3 * most));
    if (!ident_a || !ident_b || !hash || !work) return -2;
    memset(work, 0, sizeof(double) * 2 * O8_SD_TABLE);
    o8_sd_ident(hands_a, na, hands_b, nb, ident_a, hash, hashed);
    o8_sd_ident(hands_b, nb, hands_a, na, ident_b, hash, hashed);
    o8_sd_values(&a, &b, ident_a, wb, values_a, NULL, work);
    o8_sd_values(&b, &a, ident_b, wa, values_b, NULL, work);
    return 0;
}
