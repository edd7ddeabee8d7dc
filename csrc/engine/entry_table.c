/* o8_entry_table (omaha8.h): the function table of csrc/cpython/entry_api.h. */
#include "omaha8.h"
#include "cpython/entry_api.h"

static const o8_entry_api ENTRY = {
    O8_ENTRY_MAGIC, O8_ENTRY_VERSION, (uint32_t)sizeof(o8_entry_api),
    o8_eval, o8_eval_text, o8_eval_high, o8_parse_text, o8_equity_exact, o8_bet_next, o8_deal, o8_showdown,
};

const void *o8_entry_table(void) {
    return &ENTRY;
}
