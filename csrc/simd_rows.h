/* The SIMD batch kernel, written once for any vector width: kernel_avx2.c
 * and kernel_avx512.c define the vector operations below and include this
 * file. One lane is one deal (32-bit lanes); the steps are those of the
 * scalar kernel in eval_inline.h, on the same tables:
 *
 *   cards     gathered from the rows (or loaded, for 4-card rows), one byte each;
 *   check     per lane, a card >= 52 or a card seen twice (two 32-bit halves
 *             of the 52-bit card set);
 *   board     ranks sorted by a min/max network, the O8_HIGH row from the
 *             colex formula (binomials from byte shuffles), the suit holding
 *             three or more cards (per-suit counts in the bytes of a lane),
 *             its rank mask -> O8_FLUSH_ROW;
 *   high      for each hole rank pair, a gather from the O8_HIGH row and,
 *             when that pair is suited in the flush suit, from the O8_FLUSH
 *             row (row 0, all "no hand", otherwise); min over all of them;
 *   low       O8_LOW[hole low mask << 8 | board low mask] -> O8_LOW_DECIMAL.
 *
 * Every index stays inside its table for any byte values (ranks are clamped
 * to 12), and the tables read with 32-bit gathers of 8- or 16-bit entries are
 * padded (O8_PAD_BYTES), so unchecked garbage is memory safe.
 *
 * Needs: V, O8_LANES, O8_TARGET, O8_RPREFIX(name), v_zero(), v_set1(x),
 * v_add, v_sub, v_and, v_or, v_srli, v_slli, v_srlv, v_sllv, v_minu, v_maxu
 * (unsigned 32-bit), v_minu16 (unsigned 16-bit), v_mullo, v_lut (byte
 * shuffle within 128-bit lanes), v_lut_table(p) (16 bytes broadcast),
 * v_gather(base, index, scale), v_loadu(p), v_any(a), v_lanes(),
 * v_store_high(p, a), v_store_low(p, a).
 */
#include "eval_inline.h"
#include "tables.h"

/* Byte k of each lane of the gathered words (k = 0..3). */
#define O8_BYTE(word, k) v_and(v_srli(word, 8 * (k)), v_set1(0xFF))

/* 16-bit lookups of indices 0..15: low and high bytes from two shuffles. */
#define O8_LUT16(lo, hi, i) v_or(v_lut(lo, i), v_slli(v_lut(hi, i), 8))

#define O8_SORT2(a, b) do { V lo_ = v_minu(a, b); b = v_maxu(a, b); a = lo_; } while (0)

typedef struct {
    V low_bit;          /* rank -> its bit in a low mask (0 for 9..K) */
    V tri;              /* rank r -> C(r + 1, 2) (pair columns, board rows) */
    V b3lo, b3hi;       /* rank r -> C(r + 2, 3) */
    V b4lo, b4hi;       /* rank r -> C(r + 3, 4) */
    V b5lo, b5hi;       /* rank r -> C(r + 4, 5) */
} O8_RPREFIX(luts);

O8_TARGET static void O8_RPREFIX(make_luts)(O8_RPREFIX(luts) *t) {
    uint8_t bytes[8][16] = {{0}};
    for (int r = 0; r < 13; r++) {
        bytes[0][r] = (uint8_t)o8_low_mask(O8_CARD_BITS[r * 4]);
        bytes[1][r] = (uint8_t)O8_BINOM[2 * 19 + r + 1];
        for (int k = 3; k <= 5; k++) {
            unsigned v = O8_BINOM[k * 19 + r + k - 1];
            bytes[2 * k - 4][r] = (uint8_t)(v & 0xFF);
            bytes[2 * k - 3][r] = (uint8_t)(v >> 8);
        }
    }
    t->low_bit = v_lut_table(bytes[0]);
    t->tri = v_lut_table(bytes[1]);
    t->b3lo = v_lut_table(bytes[2]); t->b3hi = v_lut_table(bytes[3]);
    t->b4lo = v_lut_table(bytes[4]); t->b4hi = v_lut_table(bytes[5]);
    t->b5lo = v_lut_table(bytes[6]); t->b5hi = v_lut_table(bytes[7]);
}

#ifndef O8_AHEAD
#define O8_AHEAD 4  /* blocks between prefetching a block's O8_HIGH rows and using them */
#endif

/* Byte k (0..B-1) of the board rows of a block, clamped ranks. */
O8_TARGET O8_INLINE void O8_RPREFIX(board_ranks)(const uint8_t *bp, V board_at, const int B, V *br, V *bs) {
    V bw0 = B == 4 ? v_loadu(bp) : v_gather(bp, board_at, 1);
    V bw1 = B > 4 ? v_gather(bp, v_add(board_at, v_set1(4)), 1) : v_zero();
    for (int k = 0; k < B; k++) {
        V c = k < 4 ? O8_BYTE(bw0, k) : O8_BYTE(bw1, k - 4);
        if (bs) bs[k] = c;
        br[k] = v_minu(v_srli(c, 2), v_set1(12));
    }
}

/* O8_HIGH offset (row * O8_N_PAIRS) of the boards' rank multisets: ranks
 * sorted by a network, then the colex index. */
O8_TARGET O8_INLINE V O8_RPREFIX(row_at)(const V *br, const O8_RPREFIX(luts) *t, const int B) {
    const V lut_mask = v_set1((int)0x80808000u);
    V s0 = br[0], s1 = br[1], s2 = br[2], s3 = B > 3 ? br[3] : v_zero(), s4 = B > 4 ? br[4] : v_zero();
    V row;
    if (B == 3) {
        O8_SORT2(s1, s2); O8_SORT2(s0, s2); O8_SORT2(s0, s1);
        row = v_add(v_set1(O8_ROWS_BOARD3), s0);
    } else if (B == 4) {
        O8_SORT2(s0, s1); O8_SORT2(s2, s3); O8_SORT2(s0, s2); O8_SORT2(s1, s3); O8_SORT2(s1, s2);
        row = v_add(v_set1(O8_ROWS_BOARD4), v_add(s0, O8_LUT16(t->b4lo, t->b4hi, v_or(s3, lut_mask))));
    } else {
        O8_SORT2(s0, s1); O8_SORT2(s3, s4); O8_SORT2(s2, s4); O8_SORT2(s2, s3); O8_SORT2(s0, s3);
        O8_SORT2(s0, s2); O8_SORT2(s1, s4); O8_SORT2(s1, s3); O8_SORT2(s1, s2);
        row = v_add(v_set1(O8_ROWS_BOARD5), v_add(s0, v_add(O8_LUT16(t->b4lo, t->b4hi, v_or(s3, lut_mask)),
                                                           O8_LUT16(t->b5lo, t->b5hi, v_or(s4, lut_mask)))));
    }
    row = v_add(row, v_add(v_lut(t->tri, v_or(s1, lut_mask)), O8_LUT16(t->b3lo, t->b3hi, v_or(s2, lut_mask))));
    return v_mullo(row, v_set1(O8_N_PAIRS));
}

/* The O8_HIGH rows of the next boards: one row is 182 bytes, 3 or 4 lines. */
O8_TARGET O8_INLINE V O8_RPREFIX(row_ahead)(const uint8_t *bp, V board_at, const O8_RPREFIX(luts) *t,
                                            const int B) {
    V br[5];
    int32_t at[O8_LANES];
    O8_RPREFIX(board_ranks)(bp, board_at, B, br, 0);
    V row_at = O8_RPREFIX(row_at)(br, t, B);
    v_storeu(at, row_at);
    for (int l = 0; l < O8_LANES; l++) {
        const char *p = (const char *)(O8_HIGH + at[l]);
        O8_PREFETCH(p);
        O8_PREFETCH(p + 64);
        O8_PREFETCH(p + 128);
        O8_PREFETCH(p + 2 * O8_N_PAIRS - 1);
    }
    return row_at;
}

/* Rows [0, returned) of n, in blocks of O8_LANES; H, B, want_high and
 * want_low are constants in each instantiation. */
O8_TARGET O8_INLINE int64_t O8_RPREFIX(rows)(const uint8_t *holes, const uint8_t *boards, int64_t n,
                                             uint16_t *high, int32_t *low, int check,
                                             const O8_RPREFIX(luts) *t,
                                             const int H, const int B, const int want_high,
                                             const int want_low) {
    const V lanes = v_lanes();
    const V hole_at = v_mullo(lanes, v_set1(H)), board_at = v_mullo(lanes, v_set1(B));
    const V one = v_set1(1), twelve = v_set1(12), lut_mask = v_set1((int)0x80808000u);
    const int64_t blocks = (n - 1) / O8_LANES;  /* a block is taken while a row follows it */
    V ahead[O8_AHEAD];
    if (want_high)
        for (int64_t j = 0; j < blocks && j < O8_AHEAD; j++)
            ahead[j] = O8_RPREFIX(row_ahead)(boards + j * O8_LANES * B, board_at, t, B);
    int64_t r = 0;
    for (int64_t j = 0; j < blocks; j++, r += O8_LANES) {
        const uint8_t *hp = holes + r * H, *bp = boards + r * B;
        V row_at = v_zero();
        if (want_high) {
            row_at = ahead[j % O8_AHEAD];
            if (j + O8_AHEAD < blocks)
                ahead[j % O8_AHEAD] = O8_RPREFIX(row_ahead)(bp + O8_AHEAD * O8_LANES * B, board_at, t, B);
        }
        V hw0 = H == 4 ? v_loadu(hp) : v_gather(hp, hole_at, 1);
        V hw1 = H > 4 ? v_gather(hp, v_add(hole_at, v_set1(4)), 1) : v_zero();
        V hc[6], bc[5], hr[6], hs[6], br[5], bs[5];
        for (int k = 0; k < H; k++) hc[k] = k < 4 ? O8_BYTE(hw0, k) : O8_BYTE(hw1, k - 4);
        O8_RPREFIX(board_ranks)(bp, board_at, B, br, bc);
        if (check) {  /* cards 0..31 in `lo`, 32..63 in `hi` (a shift >= 32 gives 0) */
            V lo = v_zero(), hi = v_zero(), dup = v_zero(), big = v_zero();
            for (int k = 0; k < H + B; k++) {
                V c = k < H ? hc[k] : bc[k - H];
                V lb = v_sllv(one, c), hb = v_sllv(one, v_sub(c, v_set1(32)));
                dup = v_or(dup, v_or(v_and(lo, lb), v_and(hi, hb)));
                lo = v_or(lo, lb);
                hi = v_or(hi, hb);
                big = v_or(big, c);
            }
            /* a card >= 64 (bits 6, 7) or 52..63 (bits 20.. of hi) */
            if (v_any(v_or(dup, v_or(v_and(big, v_set1(0xC0)), v_srli(hi, 20))))) break;
        }
        for (int k = 0; k < H; k++) {
            hr[k] = v_minu(v_srli(hc[k], 2), twelve);
            hs[k] = v_slli(v_and(hc[k], v_set1(3)), 3);  /* suit * 8: its byte */
        }
        for (int k = 0; k < B; k++) bs[k] = v_slli(v_and(bc[k], v_set1(3)), 3);
        /* Pair columns: min rank + C(max rank + 1, 2). */
        V col[15];
        int n_pairs = 0;
        for (int i = 0; i < H; i++)
            for (int j = i + 1; j < H; j++)
                col[n_pairs++] = v_add(v_minu(hr[i], hr[j]),
                                       v_lut(t->tri, v_or(v_maxu(hr[i], hr[j]), lut_mask)));
        if (want_high) {
            /* Suit counts in the bytes of a lane; 0x80 in the byte of a suit with >= 3. */
            V count = v_zero();
            for (int k = 0; k < B; k++) count = v_add(count, v_sllv(one, bs[k]));
            V three = v_and(v_add(count, v_set1(0x7D7D7D7D)), v_set1((int)0x80808080u));
            /* The 16-bit minimum keeps the low half (the entry) right; the
             * high half (the next entry) is masked off at the end. */
            V best = v_set1(O8_NO_HAND);
            for (int p = 0; p < n_pairs; p++)
                best = v_minu16(best, v_gather(O8_HIGH, v_add(row_at, col[p]), 2));
            /* Flushes: only pairs suited in the board's flush suit read
             * O8_FLUSH, and a pair suited in no lane is skipped. */
            V suited[6], both[15], any_both = v_zero();
            for (int k = 0; k < H; k++) suited[k] = v_and(v_srli(v_srlv(three, hs[k]), 7), one);
            for (int i = 0, p = 0; i < H; i++)
                for (int j = i + 1; j < H; j++, p++) {
                    both[p] = v_and(suited[i], suited[j]);
                    any_both = v_or(any_both, both[p]);
                }
            if (v_any(any_both)) {
                V mask = v_zero();
                for (int k = 0; k < B; k++)  /* board ranks in the flush suit */
                    mask = v_or(mask, v_sllv(v_and(v_srli(v_srlv(three, bs[k]), 7), one), br[k]));
                V flush_row = v_and(v_gather(O8_FLUSH_ROW, mask, 2), v_set1(0xFFFF));
                V flush_at = v_mullo(flush_row, v_set1(O8_N_PAIRS));
                for (int p = 0; p < n_pairs; p++)
                    if (v_any(both[p])) {
                        V row_mask = v_sub(v_zero(), both[p]);  /* all ones or 0 */
                        best = v_minu16(best, v_gather(O8_FLUSH, v_add(v_and(flush_at, row_mask), col[p]), 2));
                    }
            }
            v_store_high(high + r, v_and(best, v_set1(0xFFFF)));
        }
        if (want_low) {
            V hole_low = v_zero(), board_low = v_zero();
            for (int k = 0; k < H; k++) hole_low = v_or(hole_low, v_lut(t->low_bit, v_or(hr[k], lut_mask)));
            for (int k = 0; k < B; k++) board_low = v_or(board_low, v_lut(t->low_bit, v_or(br[k], lut_mask)));
            V pos = v_and(v_gather(O8_LOW, v_or(v_slli(hole_low, 8), board_low), 1), v_set1(0xFF));
            v_store_low(low + r, v_gather(O8_LOW_DECIMAL, pos, 4));
        }
    }
    return r;
}

#define O8_RCASE(h, b) \
    case h * 8 + b: \
        if (!low) return O8_RPREFIX(rows)(holes, boards, n, high, 0, check, &t, h, b, 1, 0); \
        if (!high) return O8_RPREFIX(rows)(holes, boards, n, 0, low, check, &t, h, b, 0, 1); \
        return O8_RPREFIX(rows)(holes, boards, n, high, low, check, &t, h, b, 1, 1);

O8_TARGET static int64_t O8_RPREFIX(entry)(const uint8_t *holes, int hole_size, const uint8_t *boards,
                                    int board_size, int64_t n, uint16_t *high, int32_t *low, int check) {
    O8_RPREFIX(luts) t;
    if (n <= O8_LANES || (!high && !low)) return 0;
    O8_RPREFIX(make_luts)(&t);
    switch (hole_size * 8 + board_size) {
        O8_RCASE(4, 3) O8_RCASE(4, 4) O8_RCASE(4, 5)
        O8_RCASE(5, 3) O8_RCASE(5, 4) O8_RCASE(5, 5)
        O8_RCASE(6, 3) O8_RCASE(6, 4) O8_RCASE(6, 5)
    }
    return 0;  /* 2- and 3-card holes: all scalar */
}
