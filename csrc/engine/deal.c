/* Dealing for the hand engine: a partial Fisher-Yates shuffle driven by the
 * mixed-radix digits of one random number (see o8_deal in omaha8.h). */
#include "omaha8.h"

int o8_deal(const uint8_t *bits, int n_bytes, uint8_t *cards, int from, int count)
{
    uint32_t limbs[O8_DEAL_MAX_BYTES / 4 + 1];
    int n_limbs, i, top;
    if (n_bytes < 0 || n_bytes > O8_DEAL_MAX_BYTES || from < 0 || count > 52 || from > count)
        return -1;
    n_limbs = (n_bytes + 3) / 4;
    for (i = 0; i < n_limbs; i++)
        limbs[i] = 0;
    for (i = 0; i < n_bytes; i++)
        limbs[i / 4] |= (uint32_t)bits[i] << (8 * (i % 4));
    top = n_limbs - 1;
    i = from;
    while (i < count) {
        /* Divide by the product of as many radices (52 - i, 51 - i, ...) as
         * fit in 32 bits, then read the digits off the remainder. */
        uint64_t divisor = 1;
        int k = i, d;
        uint64_t rem = 0;
        while (k < count && divisor * (uint64_t)(52 - k) <= 0xFFFFFFFFu) {
            divisor *= (uint64_t)(52 - k);
            k++;
        }
        for (d = top; d >= 0; d--) {
            uint64_t cur = (rem << 32) | limbs[d];
            limbs[d] = (uint32_t)(cur / divisor);
            rem = cur % divisor;
        }
        while (top > 0 && limbs[top] == 0)
            top--;
        for (; i < k; i++) {
            uint32_t radix = (uint32_t)(52 - i);
            int j = i + (int)(rem % radix);
            uint8_t swap = cards[i];
            rem /= radix;
            cards[i] = cards[j];
            cards[j] = swap;
        }
    }
    return 0;
}
