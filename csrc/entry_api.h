/* entry_api.h -- the table of C functions that the private extension
 * omaha8_fast._entry (csrc/cpython/entry.c) calls, handed over by _core at import.
 *
 * _core exports only ffi and lib (cffi), and _entry must not link a second
 * copy of the 2 MB lookup tables: so _core's o8_entry_table() returns the
 * address of one const o8_entry_api (read-only, never written), Python passes
 * it as an int to _entry.bind(), which checks magic, version and size before
 * using it. Not read by cffi (omaha8.h declares o8_entry_table as a void
 * pointer). Bump O8_ENTRY_VERSION whenever the struct changes.
 */
#ifndef OMAHA8_ENTRY_API_H
#define OMAHA8_ENTRY_API_H
#include <stddef.h>
#include <stdint.h>

#define O8_ENTRY_MAGIC 0x4f38454eu /* "O8EN" */
#define O8_ENTRY_VERSION 1u

typedef struct {
    uint32_t magic;   /* O8_ENTRY_MAGIC */
    uint32_t version; /* O8_ENTRY_VERSION */
    uint32_t size;    /* sizeof(o8_entry_api) */
    int64_t (*eval)(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);
    int64_t (*eval_text)(const char *hole, size_t hole_len, const char *board, size_t board_len);
    int32_t (*eval_high)(const uint8_t *hole, int hole_size, const uint8_t *board, int board_size);
} o8_entry_api;

#endif
