/* The SIMD batch kernel, written once for any vector width: kernel_avx2.c
 * and kernel_avx512.c define the vector operations below and include this
 * file. One lane is one deal (32-bit lanes); the steps are those of the
 * scalar kernel in eval_inline.h, on the same tables:
 *
 *   cards     cut out of 16-byte loads by byte shuffles (one plain load for
 *             4-card rows), one byte each; gathered in the flush pass;
 *   check     per lane, a card >= 52 or a card seen twice (two 32-bit halves
 *             of the 52-bit card set);
 *   board     ranks sorted by a min/max network, the O8_HIGH row from the
 *             colex formula (binomials from byte shuffles), the suit holding
 *             three or more cards (per-suit counts in the bytes of a lane),
 *             its rank mask -> O8_FLUSH_ROW;
 *   high      for each hole rank pair, a gather from the O8_HIGH row; min
 *             over them; rows with two or more hole cards in the board's
 *             flush suit listed for a flush pass (O8_FLUSH, see flush_pass);
 *   low       O8_LOW[hole low mask << 8 | board low mask] -> O8_LOW_DECIMAL.
 *
 * Every index stays inside its table for any byte values (ranks are clamped
 * to 12), and the tables read with 32-bit gathers of 8- or 16-bit entries are
 * padded (O8_PAD_BYTES), so unchecked garbage is memory safe. No index
 * trusts an earlier read of the same row: the flush pass reads its rows
 * again, and an input another thread writes meanwhile may hold other cards
 * there (tests/c/harness.c, race mode).
 *
 * Needs: V, O8_LANES, O8_TARGET, O8_RPREFIX(name), v_zero(), v_set1(x),
 * v_add, v_sub, v_and, v_or, v_srli, v_slli, v_srlv, v_sllv, v_minu, v_maxu
 * (unsigned 32-bit), v_mullo, v_lut (byte shuffle within 128-bit lanes),
 * v_lut_table(p) (16 bytes broadcast), v_gather(base, index, scale) (32-bit
 * reads; a gather instruction or scalar loads), v_loadu(p),
 * v_load_quarters(p, at) (16 bytes from p + at[q] into each 128-bit quarter
 * q), v_any(a), v_lanes(), v_storeu(p, a), v_store_low(p, a), v_cmpeq8,
 * v_subs_u8, v_lanes_gt, v_list(p, mask, base) (the listed lanes' base +
 * lane written in order to p, up to O8_LANES entries; returns their number);
 * and for 16-bit table entries, one per lane, a type V16 with
 * v16_lookup(table, index) (table[index] of each lane of a V), v16_set1,
 * v16_min (unsigned), v16_store(p, a) (O8_LANES uint16) and v16_lanes(p, a)
 * (O8_LANES int32).
 */
#include "eval/eval_inline.h"
#include "eval/tables.h"

/* Byte k of each lane of the gathered words (k = 0..3). */
#define O8_BYTE(word, k) v_and(v_srli(word, 8 * (k)), v_set1(0xFF))

/* 16-bit lookups of indices 0..15: low and high bytes from two shuffles. */
#define O8_LUT16(lo, hi, i) v_or(v_lut(lo, i), v_slli(v_lut(hi, i), 8))

#define O8_SORT2(a, b) do { V lo_ = v_minu(a, b); b = v_maxu(a, b); a = lo_; } while (0)

/* Constants of the main loop, read from the luts (O8_K) rather than written
 * as v_set1: short of vector registers, GCC rebuilds each v_set1 in the loop
 * from an immediate (three instructions; 13 of them a 4+5 high-only block),
 * where a constant in memory is one operand. make_luts is not inlined, so
 * their values stay unknown to the loop. */
enum { O8_K_LUT_MASK, O8_K_RANK6, O8_K_TWELVE8, O8_K_SUIT8, O8_K_ONE, O8_K_ONE8, O8_K_FF, O8_K_THREE,
       O8_K_128, O8_K_256, O8_K_COUNT3, O8_K_HIGH_BIT8, O8_NK };
#define O8_K(name) (t->k[O8_K_##name])

typedef struct {
    V low_bit;          /* rank -> its bit in a low mask (0 for 9..K) */
    V tri;              /* rank r -> C(r + 1, 2) (pair columns, board rows) */
    V b3lo, b3hi;       /* rank r -> C(r + 2, 3) */
    V b4lo, b4hi;       /* rank r -> C(r + 3, 4) */
    V b5lo, b5hi;       /* rank r -> C(r + 4, 5) */
    V byte_sel[2];      /* byte shuffles: byte 1 or 2 of each lane to its byte 0 */
    V lane_base;        /* 4 * (lane within its 16 bytes), in each byte of the lane */
    V k[O8_NK];         /* the main loop's constants, O8_K(name) */
} O8_RPREFIX(luts);

O8_TARGET O8_NOINLINE static void O8_RPREFIX(make_luts)(O8_RPREFIX(luts) *t) {
    static const int32_t k[O8_NK] = {
        (int)0x80808000u, 0x3F3F3F3F, 0x0C0C0C0C, 0x03030303, 1, 0x01010101, 0xFF, 3,
        128, 256, 0x7D7D7D7D, (int)0x80808080u,
    };
    for (int i = 0; i < O8_NK; i++) t->k[i] = v_set1(k[i]);
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
    uint8_t sel[3][16];
    for (int i = 0; i < 16; i++) {
        sel[0][i] = i % 4 ? 0x80 : (uint8_t)(i + 1);
        sel[1][i] = i % 4 ? 0x80 : (uint8_t)(i + 2);
        sel[2][i] = (uint8_t)(i / 4 * 4);
    }
    t->byte_sel[0] = v_lut_table(sel[0]);
    t->byte_sel[1] = v_lut_table(sel[1]);
    t->lane_base = v_lut_table(sel[2]);
}

/* Byte k (0..B-1) of the board rows of a block, clamped ranks. */
O8_TARGET O8_INLINE void O8_RPREFIX(board_ranks)(V bw0, V bw1, const int B, V *br, V *bs) {
    for (int k = 0; k < B; k++) {
        V c = k < 4 ? O8_BYTE(bw0, k) : O8_BYTE(bw1, k - 4);
        if (bs) bs[k] = c;
        br[k] = v_minu(v_srli(c, 2), v_set1(12));
    }
}

/* The card words of a block's rows: bytes 0..3 of each row in w0, bytes
 * 4..5 in w1 (a 4-card row is one plain load). `at` is the byte offset of
 * each lane's row. */
#define O8_WORDS(p, at, S, w0, w1) do { \
    w0 = (S) == 4 && O8_CONTIGUOUS ? v_loadu(p) : v_gather(p, at, 1); \
    w1 = (S) > 4 ? v_gather(p, v_add(at, v_set1(4)), 1) : v_zero(); \
} while (0)

/* Where the loads of cut_words start, per 16-byte quarter of a vector: load
 * A at the quarter's first row (moved back to stay inside the block), load
 * B (rows of 5 and 6 cards) ending at the quarter's last row's end. */
O8_TARGET O8_INLINE int O8_RPREFIX(cut_at)(const int S, const int q, const int b) {
    int at = b ? 4 * q * S + 4 * S - 16 : 4 * q * S;
    return at + 16 > O8_LANES * S ? O8_LANES * S - 16 : at;
}

/* Byte shuffles that cut the rows of S cards (3, 5 or 6) of a block out of
 * its 16-byte loads A and B (cut_at): cut[2 * w + b] puts bytes 4w..4w+3 of
 * each row, from load b, into its lane (0x80, a zero, elsewhere). */
O8_TARGET O8_INLINE void O8_RPREFIX(make_cuts)(const int S, V *cut) {
    uint8_t bytes[4][4 * O8_LANES];
    for (int q = 0; q < O8_LANES / 4; q++)
        for (int k = 0; k < 4; k++)
            for (int w = 0; w < 2; w++)
                for (int j = 0; j < 4; j++) {
                    int at = (4 * q + k) * S + 4 * w + j, from_b = S > 4 && at >= O8_RPREFIX(cut_at)(S, q, 1);
                    for (int b = 0; b < 2; b++)
                        bytes[2 * w + b][16 * q + 4 * k + j] = (uint8_t)(4 * w + j >= S || b != from_b
                            ? 0x80 : at - O8_RPREFIX(cut_at)(S, q, b));
                }
    for (int i = 0; i < 4; i++) cut[i] = v_loadu(bytes[i]);
}

/* The card words (see O8_WORDS) of a block of contiguous rows of S cards,
 * by 16-byte loads and byte shuffles, none reading outside the block. */
O8_TARGET O8_INLINE void O8_RPREFIX(cut_words)(const uint8_t *p, const int S, const V *cut, V *w0, V *w1) {
    int a[O8_LANES / 4], b[O8_LANES / 4];
    for (int q = 0; q < O8_LANES / 4; q++) {
        a[q] = O8_RPREFIX(cut_at)(S, q, 0);
        b[q] = O8_RPREFIX(cut_at)(S, q, 1);
    }
    if (S == 4) {
        *w0 = v_loadu(p);
        *w1 = v_zero();
        return;
    }
    V la = v_load_quarters(p, a);
    if (S == 3) {
        *w0 = v_lut(la, cut[0]);
        *w1 = v_zero();
        return;
    }
    V lb = v_load_quarters(p, b);
    *w0 = v_or(v_lut(la, cut[0]), v_lut(lb, cut[1]));
    *w1 = S == 5 ? v_lut(lb, cut[3]) : v_or(v_lut(la, cut[2]), v_lut(lb, cut[3]));
}

/* O8_HIGH offset (row * O8_HIGH_STRIDE) of the boards' rank multisets: ranks
 * sorted by a network, then the colex index. */
O8_TARGET O8_INLINE V O8_RPREFIX(row_at)(const V *br, const O8_RPREFIX(luts) *t, const int B) {
    const V lut_mask = O8_K(LUT_MASK);
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
    return v_mullo(row, v_set1(O8_HIGH_STRIDE));
}

/* Byte shuffles within each 32-bit lane: rotations by 1..3 bytes, and byte 0
 * or 1 copied to all four. */
static const uint8_t O8_RPREFIX(shuffles)[5][16] = {
    {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12},
    {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13},
    {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14},
    {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12},
    {1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13},
};

/* A card word with m valid bytes, for bad_cards: its big cards (> 51) into
 * *bad, then the bytes past the m cards set to sentinels 0xC0 + 4 * i + byte
 * (distinct from every card and from each other). */
O8_TARGET O8_INLINE V O8_RPREFIX(card_word)(V w, const int m, const int i, V *bad) {
    const unsigned valid = m >= 4 ? 0xFFFFFFFFu : (1u << (8 * m)) - 1;
    const unsigned sentinel = (0xC0u + 4u * (unsigned)i) * 0x01010101u + 0x03020100u;
    if (m < 4) w = v_and(w, v_set1((int)valid));
    *bad = v_or(*bad, v_subs_u8(w, v_set1(0x33333333)));  /* 51 in every byte */
    return m < 4 ? v_or(w, v_set1((int)(sentinel & ~valid))) : w;
}

/* Nonzero in the lanes whose cards are not all < 52 and distinct, from the
 * card words themselves (one card a byte): a saturating subtraction finds the
 * big ones, byte compares against rotated and broadcast words the repeated
 * ones. Holes have 4..6 cards, boards 3..5: hw0 and bw0 hold 4 and 3..4
 * cards, hw1 and bw1 the 0..2 and 0..1 others. */
O8_TARGET O8_INLINE V O8_RPREFIX(bad_cards)(V hw0, V hw1, V bw0, V bw1, const int H, const int B) {
    const V rot1 = v_lut_table(O8_RPREFIX(shuffles)[0]), rot2 = v_lut_table(O8_RPREFIX(shuffles)[1]);
    const V rot3 = v_lut_table(O8_RPREFIX(shuffles)[2]);
    const V copy0 = v_lut_table(O8_RPREFIX(shuffles)[3]), copy1 = v_lut_table(O8_RPREFIX(shuffles)[4]);
    V bad = v_zero();
    hw0 = O8_RPREFIX(card_word)(hw0, 4, 0, &bad);
    bw0 = O8_RPREFIX(card_word)(bw0, B < 4 ? B : 4, 2, &bad);
    V b1 = v_lut(bw0, rot1), b2 = v_lut(bw0, rot2);
    bad = v_or(bad, v_or(v_cmpeq8(hw0, v_lut(hw0, rot1)), v_cmpeq8(hw0, v_lut(hw0, rot2))));
    bad = v_or(bad, v_or(v_cmpeq8(bw0, b1), v_cmpeq8(bw0, b2)));
    bad = v_or(bad, v_or(v_or(v_cmpeq8(hw0, bw0), v_cmpeq8(hw0, b1)),
                         v_or(v_cmpeq8(hw0, b2), v_cmpeq8(hw0, v_lut(bw0, rot3)))));
    V c4 = v_zero(), c5 = v_zero(), b4 = v_zero();
    if (B > 4) {
        bw1 = O8_RPREFIX(card_word)(bw1, B - 4, 3, &bad);
        b4 = v_lut(bw1, copy0);
        bad = v_or(bad, v_or(v_cmpeq8(hw0, b4), v_cmpeq8(bw0, b4)));
    }
    if (H > 4) {
        hw1 = O8_RPREFIX(card_word)(hw1, H - 4, 1, &bad);
        c4 = v_lut(hw1, copy0);
        bad = v_or(bad, v_or(v_cmpeq8(hw0, c4), v_cmpeq8(bw0, c4)));
        if (B > 4) bad = v_or(bad, v_cmpeq8(bw1, c4));
    }
    if (H > 5) {
        c5 = v_lut(hw1, copy1);
        bad = v_or(bad, v_or(v_cmpeq8(hw0, c5), v_or(v_cmpeq8(bw0, c5), v_cmpeq8(hw1, v_lut(hw1, rot1)))));
        if (B > 4) bad = v_or(bad, v_cmpeq8(bw1, c5));
    }
    return bad;
}

/* Suit counts in the bytes of a lane; 0x80 in the byte of a suit with >= 3. */
O8_TARGET O8_INLINE V O8_RPREFIX(three)(const V *bs, const O8_RPREFIX(luts) *t, const int B) {
    V count = v_zero();
    for (int k = 0; k < B; k++) count = v_add(count, v_sllv(O8_K(ONE), bs[k]));
    return v_and(v_add(count, O8_K(COUNT3)), O8_K(HIGH_BIT8));
}

/* The clamped ranks of the cards in the bytes of a card word (ranks and
 * suits are taken a word at a time, then one card a lane: the cut words hold
 * zeros past the row's cards, so a word of one card is its lane already). */
O8_TARGET O8_INLINE V O8_RPREFIX(rank_bytes)(V w, const O8_RPREFIX(luts) *t) {
    return v_minu8(v_and(v_srli(w, 2), O8_K(RANK6)), O8_K(TWELVE8));
}

/* The low bits (O8_LOW's masks: 0 for 9..K) of the first m ranks in the
 * bytes of a rank word (rank_bytes), still one a byte: one byte shuffle for
 * the whole word; the bytes past the m ranks (zeros, a deuce's rank) are
 * masked off. */
O8_TARGET O8_INLINE V O8_RPREFIX(low_bits)(V ranks, const O8_RPREFIX(luts) *t, const int m) {
    V bits = v_lut(t->low_bit, ranks);
    return m >= 4 ? bits : v_and(bits, v_set1((int)((1u << (8 * m)) - 1)));
}

/* Byte 0 of each lane: the OR of the lane's four bytes (bytes 1..3: junk). */
O8_TARGET O8_INLINE V O8_RPREFIX(fold_bytes)(V w) {
    w = v_or(w, v_srli(w, 16));
    return v_or(w, v_srli(w, 8));
}

/* Byte k (0..3) of each lane, alone in its lane. */
O8_TARGET O8_INLINE V O8_RPREFIX(byte_of)(V w, const int k, const O8_RPREFIX(luts) *t) {
    return k == 0 ? v_and(w, O8_K(FF)) : k == 3 ? v_srli(w, 24) : v_lut(w, t->byte_sel[k - 1]);
}

/* 128 times the number of the first m cards of card word w (bytes past the
 * row's cards are zero) in the suit marked 0x80 in its lane's byte of
 * `three`: the suits index `three` by a byte shuffle, whose 0x80 bytes are
 * counted by two multiply-adds. */
O8_TARGET O8_INLINE V O8_RPREFIX(suited)(V three, V w, const O8_RPREFIX(luts) *t, const int m) {
    V at = v_or(v_and(w, O8_K(SUIT8)), t->lane_base);  /* each card's suit byte in its lane */
    if (m < 4) at = v_or(at, v_set1((int)(0x80808080u << (8 * m))));  /* no card: index 0x80 gives 0 */
    return v_count80(v_lut(three, at), O8_K(ONE8));
}

/* The board part of a block's high hands, from its card words: its rows'
 * O8_HIGH offsets and flush suits (see three); with `prefetch`, its rows'
 * lines in O8_HIGH prefetched (the first O8_PREFETCH_LINES of each row's
 * three 64-byte lines: O8_HIGH rows are aligned, O8_HIGH_STRIDE; the table
 * is three times the size of a Zen 3 L2). For high hands alone, the main
 * loop takes it O8_AHEAD blocks ahead (measured: with the low hands too,
 * that costs more than it saves); with them, it reuses the block's words. */
#define O8_AHEAD 3
#define O8_RING 4  /* a power of two > O8_AHEAD */
O8_TARGET O8_INLINE void O8_RPREFIX(board_high)(V bw0, V bw1, const O8_RPREFIX(luts) *t,
                                                const int B, const int prefetch, V *row_at, V *three) {
    V br[5], bs[5];
    V brank0 = O8_RPREFIX(rank_bytes)(bw0, t), brank1 = B > 4 ? O8_RPREFIX(rank_bytes)(bw1, t) : v_zero();
    V bsuit0 = v_slli(v_and(bw0, O8_K(SUIT8)), 3);  /* suit * 8: its byte */
    for (int k = 0; k < B; k++) {
        br[k] = k < 4 ? O8_RPREFIX(byte_of)(brank0, k, t) : brank1;
        bs[k] = k < 4 ? O8_RPREFIX(byte_of)(bsuit0, k, t) : v_slli(v_and(bw1, O8_K(THREE)), 3);
    }
    *row_at = O8_RPREFIX(row_at)(br, t, B);
    *three = O8_RPREFIX(three)(bs, t, B);
#if O8_PREFETCH_LINES
    if (!prefetch) return;
    uint32_t at[O8_LANES];  /* byte offsets of the rows */
    v_storeu(at, v_add(*row_at, *row_at));
    for (int l = 0; l < O8_LANES; l++) {
        const char *line = (const char *)(const void *)O8_HIGH + at[l];
        for (int i = 0; i < O8_PREFETCH_LINES; i++) _mm_prefetch(line + 64 * i, _MM_HINT_T0);
    }
#else
    (void)prefetch;
#endif
}

#ifndef O8_FLUSH_BLOCKS
#define O8_FLUSH_BLOCKS 64  /* blocks between flush passes */
#endif

/* The flush pass over rows list[0..k) (k >= 1): the rows that can make a
 * flush, O8_LANES at a time (the last step repeats the last row). Each
 * row's high[] already holds its best non-flush hand; this lowers it to the
 * best flush where that is better. With `two`, every row has exactly two
 * hole cards in the board's flush suit, and only that pair is looked up.
 * Rows are of whole blocks, so a row follows each one and the 4-byte card
 * reads stay inside the input. */
O8_TARGET O8_INLINE void O8_RPREFIX(flush_pass)(const uint8_t *holes, const uint8_t *boards, uint16_t *high,
                                                int32_t *list, int k, const O8_RPREFIX(luts) *t,
                                                const int H, const int B, const int two) {
    const V one = v_set1(1), twelve = v_set1(12), lut_mask = v_set1((int)0x80808000u);
    while (k % O8_LANES) { list[k] = list[k - 1]; k++; }
    for (int g = 0; g < k; g += O8_LANES) {
        V rows = v_loadu(list + g);
        V hw0, hw1, bw0, bw1, hr[6], hs[6], br[5], bs[5];
        V hole_at = v_mullo(rows, v_set1(H)), board_at = v_mullo(rows, v_set1(B));
#define O8_CONTIGUOUS 0
        O8_WORDS(holes, hole_at, H, hw0, hw1);
        O8_WORDS(boards, board_at, B, bw0, bw1);
#undef O8_CONTIGUOUS
        for (int i = 0; i < H; i++) {
            V c = i < 4 ? O8_BYTE(hw0, i) : O8_BYTE(hw1, i - 4);
            hr[i] = v_minu(v_srli(c, 2), twelve);
            hs[i] = v_slli(v_and(c, v_set1(3)), 3);
        }
        O8_RPREFIX(board_ranks)(bw0, bw1, B, br, bs);
        for (int i = 0; i < B; i++) bs[i] = v_slli(v_and(bs[i], v_set1(3)), 3);
        V three = O8_RPREFIX(three)(bs, t, B), mask = v_zero(), suited[6];
        for (int i = 0; i < B; i++)  /* board ranks in the flush suit */
            mask = v_or(mask, v_sllv(v_and(v_srli(v_srlv(three, bs[i]), 7), one), br[i]));
        V flush_row = v_and(v_gather(O8_FLUSH_ROW, mask, 2), v_set1(0xFFFF));
        V flush_at = v_mullo(flush_row, v_set1(O8_N_PAIRS));
        V16 best = v16_set1(O8_NO_HAND);
        for (int i = 0; i < H; i++) suited[i] = v_and(v_srli(v_srlv(three, hs[i]), 7), one);
        if (two) {  /* the two suited ranks: the least and the greatest */
            /* lo starts at 12, not at ~0: the row was read again, and another
             * thread may have written it since the first pass found two
             * suited cards (none now would leave ~0, far past O8_FLUSH) */
            V lo = twelve, hi = v_zero();
            for (int i = 0; i < H; i++) {
                lo = v_minu(lo, v_or(hr[i], v_sub(suited[i], one)));
                hi = v_maxu(hi, v_and(hr[i], v_sub(v_zero(), suited[i])));
            }
            V col = v_add(lo, v_lut(t->tri, v_or(hi, lut_mask)));
            best = v16_lookup(O8_FLUSH, v_add(flush_at, col));
        } else
        for (int i = 0; i < H; i++)
            for (int j = i + 1; j < H; j++) {
                V col = v_add(v_minu(hr[i], hr[j]), v_lut(t->tri, v_or(v_maxu(hr[i], hr[j]), lut_mask)));
                V row_mask = v_sub(v_zero(), v_and(suited[i], suited[j]));  /* all ones or 0 */
                best = v16_min(best, v16_lookup(O8_FLUSH, v_add(v_and(flush_at, row_mask), col)));
            }
        int32_t lanes[O8_LANES];
        v16_lanes(lanes, best);
        for (int l = 0; l < O8_LANES; l++) {
            int32_t r = list[g + l];
            if (lanes[l] < high[r]) high[r] = (uint16_t)lanes[l];
        }
    }
}

/* The flush passes of a chunk of rows from row `chunk` on: its rows with
 * two hole cards in the board's flush suit listed in list[0..k), those with
 * more in more[0..m). */
O8_TARGET O8_INLINE void O8_RPREFIX(flushes)(const uint8_t *holes, const uint8_t *boards, uint16_t *high,
                                             int64_t chunk, int32_t *list, int k, int32_t *more, int m,
                                             const O8_RPREFIX(luts) *t, const int H, const int B) {
    if (k) O8_RPREFIX(flush_pass)(holes + chunk * H, boards + chunk * B, high + chunk, list, k, t, H, B, 1);
    if (m) O8_RPREFIX(flush_pass)(holes + chunk * H, boards + chunk * B, high + chunk, more, m, t, H, B, 0);
}

/* The hole's H ranks (4..6) in ascending order, by a sorting network. */
O8_TARGET O8_INLINE void O8_RPREFIX(sort_hole)(V *s, const int H) {
    static const uint8_t net4[5][2] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}};
    static const uint8_t net5[9][2] = {{0, 1}, {3, 4}, {2, 4}, {2, 3}, {0, 3}, {0, 2}, {1, 4}, {1, 3}, {1, 2}};
    static const uint8_t net6[12][2] = {{1, 2}, {4, 5}, {0, 2}, {3, 5}, {0, 1}, {3, 4},
                                        {2, 5}, {0, 3}, {1, 4}, {2, 4}, {1, 3}, {2, 3}};
    const uint8_t (*net)[2] = H == 4 ? net4 : H == 5 ? net5 : net6;
    const int n = H == 4 ? 5 : H == 5 ? 9 : 12;
    for (int i = 0; i < n; i++) O8_SORT2(s[net[i][0]], s[net[i][1]]);
}

/* Rows [0, returned) of n, in blocks of O8_LANES; H, B, want_high and
 * want_low are constants in each instantiation. */
O8_TARGET O8_INLINE int64_t O8_RPREFIX(rows)(const uint8_t *holes, const uint8_t *boards, int64_t n,
                                             uint16_t *high, int32_t *low, int check,
                                             const O8_RPREFIX(luts) *t,
                                             const int H, const int B, const int want_high,
                                             const int want_low) {
    V hole_cut[4], board_cut[4];
    O8_RPREFIX(make_cuts)(H, hole_cut);
    O8_RPREFIX(make_cuts)(B, board_cut);
    const V lut_mask = O8_K(LUT_MASK);
    const int64_t blocks = (n - 1) / O8_LANES;  /* a block is taken while a row follows it */
    /* the chunk's rows that can make a flush (see flushes), from its first row */
    int32_t list[O8_FLUSH_BLOCKS * O8_LANES + O8_LANES], more[O8_FLUSH_BLOCKS * O8_LANES + O8_LANES];
    int64_t r = 0, chunk = 0;  /* first row of the chunk */
    int listed = 0, more_listed = 0, chunk_blocks = 0;
    V ring_row[O8_RING], ring_three[O8_RING];  /* board_high of this block and the next ones */
    const int ahead = want_low ? 0 : O8_AHEAD;
    V bw0, bw1;
    if (want_high)
        for (int64_t a = 0; a < ahead && a < blocks; a++) {
            O8_RPREFIX(cut_words)(boards + a * O8_LANES * B, B, board_cut, &bw0, &bw1);
            O8_RPREFIX(board_high)(bw0, bw1, t, B, 1, &ring_row[a], &ring_three[a]);
        }
    for (int64_t j = 0; j < blocks; j++, r += O8_LANES) {
        const uint8_t *hp = holes + r * H, *bp = boards + r * B;
        V hw0, hw1;
        O8_RPREFIX(cut_words)(hp, H, hole_cut, &hw0, &hw1);
        O8_RPREFIX(cut_words)(bp, B, board_cut, &bw0, &bw1);
        if (check && v_any(O8_RPREFIX(bad_cards)(hw0, hw1, bw0, bw1, H, B))) break;
        V hr[6];
        V hrank0 = O8_RPREFIX(rank_bytes)(hw0, t), hrank1 = H > 4 ? O8_RPREFIX(rank_bytes)(hw1, t) : v_zero();
        for (int k = 0; k < H; k++)
            hr[k] = k < 4 ? O8_RPREFIX(byte_of)(hrank0, k, t) : H == 5 ? hrank1 : O8_RPREFIX(byte_of)(hrank1, k - 4, t);
        if (want_high) {
            if (j + ahead < blocks) {  /* with ahead 0, this block's words */
                const int a = (int)((j + ahead) & (O8_RING - 1));
                V aw0 = bw0, aw1 = bw1;
                if (ahead) O8_RPREFIX(cut_words)(bp + ahead * O8_LANES * B, B, board_cut, &aw0, &aw1);
                O8_RPREFIX(board_high)(aw0, aw1, t, B, ahead, &ring_row[a], &ring_three[a]);
            }
            V row_at = ring_row[j & (O8_RING - 1)], three = ring_three[j & (O8_RING - 1)];
            /* Pair columns: min rank + C(max rank + 1, 2). With the hole
             * ranks sorted (a network), the second term and the row offset
             * are added once per card instead of once per pair. */
            V sr[6], rt[6];
            for (int k = 0; k < H; k++) sr[k] = hr[k];
            O8_RPREFIX(sort_hole)(sr, H);
            for (int k = 1; k < H; k++) rt[k] = v_add(row_at, v_lut(t->tri, v_or(sr[k], lut_mask)));
            V16 best = v16_set1(O8_NO_HAND);
            /* unrolled whole (the hole's rank pairs): GCC otherwise keeps a loop
             * over the pairs' larger rank, with its counter and spills
             * (measured: 8% more instructions on 4+5 high-only deals) */
            O8_UNROLL(16)
            for (int b = 1; b < H; b++)
                O8_UNROLL(16)
                for (int a = 0; a < b; a++)
                    best = v16_min(best, v16_lookup(O8_HIGH, v_add(sr[a], rt[b])));
            v16_store(high + r, best);
            /* Rows with two hole cards in the board's flush suit wait for
             * the flush pass (about 7% of random rows). */
            V suited = O8_RPREFIX(suited)(three, hw0, t, 4);  /* 128 * hole cards in the flush suit */
            if (H > 4) suited = v_add(suited, O8_RPREFIX(suited)(three, hw1, t, H - 4));
            unsigned two = v_lanes_gt(suited, O8_K(128)), three_up = v_lanes_gt(suited, O8_K(256));
            listed += v_list(list + listed, two & ~three_up, (int)(r - chunk));
            more_listed += v_list(more + more_listed, three_up, (int)(r - chunk));
            if (++chunk_blocks == O8_FLUSH_BLOCKS) {
                chunk_blocks = 0;
                O8_RPREFIX(flushes)(holes, boards, high, chunk, list, listed, more, more_listed, t, H, B);
                chunk = r + O8_LANES;
                listed = more_listed = 0;
            }
        }
        if (want_low) {
            V hole_low = O8_RPREFIX(low_bits)(hrank0, t, 4), board_low = O8_RPREFIX(low_bits)(
                O8_RPREFIX(rank_bytes)(bw0, t), t, B < 4 ? B : 4);
            if (H > 4) hole_low = v_or(hole_low, O8_RPREFIX(low_bits)(hrank1, t, H - 4));
            if (B > 4) board_low = v_or(board_low, O8_RPREFIX(low_bits)(O8_RPREFIX(rank_bytes)(bw1, t), t, B - 4));
            hole_low = O8_RPREFIX(fold_bytes)(hole_low);
            board_low = v_and(O8_RPREFIX(fold_bytes)(board_low), O8_K(FF));
            V pos = v_and(v_gather(O8_LOW, v_or(v_and(v_slli(hole_low, 8), v_set1(0xFF00)), board_low), 1),
                          O8_K(FF));
            v_store_low(low + r, v_gather(O8_LOW_DECIMAL, pos, 4));
        }
    }
    if (want_high) O8_RPREFIX(flushes)(holes, boards, high, chunk, list, listed, more, more_listed, t, H, B);
    return r;
}

/* One function per (hole size, board size, mode), each compiled on its own:
 * always inlined into one entry function, the 36 instantiations made one
 * huge function (the NEON kernel took 32 s to compile at -O1: issue 42).
 * High hands alone get an instantiation per value of `check` (a run-time
 * `check` costs 3.4 instructions a 4+5 deal and measured 8-10%); the others
 * take it at run time. */
#define O8_RFUNC(h, b, mode, want_high, want_low, checked) \
    O8_TARGET O8_NOINLINE static int64_t O8_RPREFIX(rows_##h##_##b##_##mode)( \
        const uint8_t *holes, const uint8_t *boards, int64_t n, uint16_t *high, int32_t *low, int check, \
        const O8_RPREFIX(luts) *t) { \
        (void)check; \
        return O8_RPREFIX(rows)(holes, boards, n, want_high ? high : 0, want_low ? low : 0, checked, t, h, b, \
                                want_high, want_low); \
    }
#define O8_RFUNCS(h, b) \
    O8_RFUNC(h, b, high_checked, 1, 0, 1) O8_RFUNC(h, b, high, 1, 0, 0) \
    O8_RFUNC(h, b, low, 0, 1, check) O8_RFUNC(h, b, hilo, 1, 1, check)
O8_RFUNCS(4, 3) O8_RFUNCS(4, 4) O8_RFUNCS(4, 5)
O8_RFUNCS(5, 3) O8_RFUNCS(5, 4) O8_RFUNCS(5, 5)
O8_RFUNCS(6, 3) O8_RFUNCS(6, 4) O8_RFUNCS(6, 5)

#define O8_RCASE(h, b) \
    case h * 8 + b: \
        if (!low) return check ? O8_RPREFIX(rows_##h##_##b##_high_checked)(holes, boards, n, high, low, check, &t) \
                               : O8_RPREFIX(rows_##h##_##b##_high)(holes, boards, n, high, low, check, &t); \
        if (!high) return O8_RPREFIX(rows_##h##_##b##_low)(holes, boards, n, high, low, check, &t); \
        return O8_RPREFIX(rows_##h##_##b##_hilo)(holes, boards, n, high, low, check, &t);

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
