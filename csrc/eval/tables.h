/* Lookup tables of the C core, generated at build time by csrc/eval/gen_tables.py
 * into tables.c. Their layout is described at the top of the generator. */
#ifndef OMAHA8_TABLES_H
#define OMAHA8_TABLES_H
#include <stddef.h>
#include <stdint.h>
#include "o8_port.h" /* O8_ALIGN64 */

#define O8_N_PAIRS 91          /* columns: unordered hole rank pairs */
#define O8_HIGH_STRIDE 96      /* O8_HIGH entries per row: 192 bytes, three cache lines */
#define O8_ROWS_BOARD3 0       /* first O8_HIGH row of each board size */
#define O8_ROWS_BOARD4 455
#define O8_ROWS_BOARD5 2275
#define O8_NO_HAND 0xFFFF      /* table entry: no hand possible */
#define O8_NO_LOW 0xFF         /* O8_LOW entry: no qualifying low */
#define O8_PAD_BYTES 4         /* padding after the tables read by 32-bit gathers */

extern const uint16_t O8_HIGH[8463 * O8_HIGH_STRIDE + O8_PAD_BYTES / 2];
extern const uint16_t O8_FLUSH[2289 * O8_N_PAIRS + O8_PAD_BYTES / 2];
extern const uint16_t O8_FLUSH_ROW[8192 + O8_PAD_BYTES / 2];
extern const uint8_t O8_LOW[65536 + O8_PAD_BYTES];
extern const int32_t O8_LOW_DECIMAL[256];
extern const uint8_t O8_PAIR[169];
extern const uint16_t O8_BINOM[7 * 19];
extern const uint8_t O8_RANK[256];
extern const uint64_t O8_CARD_BITS[256];
extern const uint8_t O8_PAIR64[64 * 64];
extern const uint8_t O8_LANE_LIST[256 * 8];

/* All of the above, in order, for o8_table(). */
#define O8_N_TABLES 11
extern const void *const O8_TABLE_DATA[O8_N_TABLES];
extern const size_t O8_TABLE_SIZE[O8_N_TABLES];

#endif
