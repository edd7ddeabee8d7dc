/* entry.c -- omaha8_fast._entry: direct CPython entry points for the single
 * calls (evaluate_hilo, evaluate_high), so that one call makes no
 * intermediate Python object (no bytes(), no cffi conversion).
 *
 * Built against the stable ABI (Py_LIMITED_API 0x030A0000, setup.py) except
 * on free-threaded CPython. It holds no evaluator and no table: _core's
 * o8_entry_table() gives the address of a const o8_entry_api
 * (csrc/entry_api.h), which bind() checks and wraps in a capsule; the
 * functions bind() returns carry that capsule as their `self`. So there is
 * no global mutable state at all: the module itself is stateless, and the
 * bound functions are immutable.
 *
 * equity() of known hands (bind_equity): known(holes, board, dead) runs
 * _core's exact kernel on the players' hands, read from text or ids, and
 * builds the result objects itself (the PlayerEquity class, the 52 Card
 * objects and the field names are given to bind_equity by
 * omaha8_fast.equity, which checks them against the dataclass).
 *
 * Each function takes exactly its positional arguments and returns its
 * result, or None for anything it does not take: other types than two lists, two tuples or
 * two str, int subclasses (bool included), values outside 0..51, wrong
 * sizes, repeated cards, text its parser does not read, non-UTF-8-encodable
 * str. The Python wrapper then runs the general path, which raises the
 * error naming the problem. It never raises itself (except MemoryError).
 */
#include <Python.h>
#include <string.h>

#include "entry_api.h"
#include "hh_records.h"

#define MAX_HOLE 6
#define MAX_BOARD 5

static const char CAPSULE_NAME[] = "omaha8_fast._entry.api";

/* Up to `max` card ids from a list or tuple of exact ints 0..51 (or of
 * `card_type` objects, an int subclass read as its true value; NULL: none)
 * into out; the count, or -1 (not taken here). */
static int read_ids(PyObject *cards, int is_list, uint8_t *out, int max, PyTypeObject *card_type) {
    Py_ssize_t n = is_list ? PyList_Size(cards) : PyTuple_Size(cards);
    if (n < 0) {
        PyErr_Clear();
        return -1;
    }
    if (n > max) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
#ifdef Py_GIL_DISABLED
        /* another thread may change the list: own a reference while reading */
        PyObject *item = is_list ? PyList_GetItemRef(cards, i) : Py_NewRef(PyTuple_GetItem(cards, i));
#else
        PyObject *item = is_list ? PyList_GetItem(cards, i) : PyTuple_GetItem(cards, i);
#endif
        long value = -1;
        int overflow = 0;
        if (item == NULL) {
            PyErr_Clear();
            return -1;
        }
        if (PyLong_CheckExact(item) || Py_TYPE(item) == card_type) { /* not bool, no other int subclass */
            value = PyLong_AsLongAndOverflow(item, &overflow);
            if (value == -1 && PyErr_Occurred()) PyErr_Clear();
        }
#ifdef Py_GIL_DISABLED
        Py_DECREF(item);
#endif
        if (overflow || value < 0 || value > 51) return -1;
        out[i] = (uint8_t)value;
    }
    return (int)n;
}

/* UTF-8 of an exact str (cached by CPython), or NULL (error cleared). */
static const char *read_text(PyObject *text, Py_ssize_t *size) {
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, size);
    if (utf8 == NULL) PyErr_Clear(); /* lone surrogates */
    return utf8;
}

/* Up to `max` card ids of an exact str (at most `text_max` cards, the
 * parser's limit) or of a list or tuple of exact ints; the count, or -1. */
static int read_cards(const o8_entry_api *api, PyObject *cards, uint8_t *out, int max, int text_max,
                      PyTypeObject *card_type) {
    PyTypeObject *kind = Py_TYPE(cards);
    if (kind == &PyList_Type || kind == &PyTuple_Type)
        return read_ids(cards, kind == &PyList_Type, out, max, card_type);
    if (kind == &PyUnicode_Type) {
        Py_ssize_t size;
        const char *text = read_text(cards, &size);
        return text == NULL ? -1 : api->parse_text(text, (size_t)size, out, text_max < max ? text_max : max);
    }
    return -1;
}

enum { HILO, HIGH };

/* o8_eval's packed value (or the high class alone, for HIGH) of the hand,
 * or -1 when it is not taken here. */
static int64_t evaluate(PyObject *self, PyObject *const *args, Py_ssize_t nargs, int what) {
    const o8_entry_api *api;
    PyObject *hole, *board;
    PyTypeObject *kind;
    if (nargs != 2) return -1;
    api = (const o8_entry_api *)PyCapsule_GetPointer(self, CAPSULE_NAME);
    if (api == NULL) {
        PyErr_Clear();
        return -1;
    }
    hole = args[0];
    board = args[1];
    kind = Py_TYPE(hole);
    if (Py_TYPE(board) != kind) return -1;
    if (kind == &PyList_Type || kind == &PyTuple_Type) {
        uint8_t h[MAX_HOLE], b[MAX_BOARD];
        int is_list = kind == &PyList_Type;
        int nh = read_ids(hole, is_list, h, MAX_HOLE, NULL);
        int nb = nh < 4 ? -1 : read_ids(board, is_list, b, MAX_BOARD, NULL);
        if (nb < 0) return -1;
        return what == HIGH ? (int64_t)api->eval_high(h, nh, b, nb) : api->eval(h, nh, b, nb);
    }
    if (kind == &PyUnicode_Type) {
        Py_ssize_t nh, nb;
        const char *h = read_text(hole, &nh), *b = h == NULL ? NULL : read_text(board, &nb);
        int64_t packed;
        if (b == NULL) return -1;
        packed = api->eval_text(h, (size_t)nh, b, (size_t)nb);
        if (packed < 0) return -1;
        return what == HIGH ? packed & 0xFFFF : packed;
    }
    return -1;
}

static PyObject *hilo(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int64_t packed = evaluate(self, args, nargs, HILO);
    PyObject *high, *low, *pair;
    if (packed < 0) Py_RETURN_NONE;
    high = PyLong_FromLong((long)(packed & 0xFFFF));
    if (high == NULL) return NULL;
    if (packed >> 16) {
        low = PyLong_FromLong((long)(packed >> 16));
        if (low == NULL) {
            Py_DECREF(high);
            return NULL;
        }
    } else {
        Py_INCREF(Py_None);
        low = Py_None;
    }
    pair = PyTuple_New(2);
    if (pair == NULL) {
        Py_DECREF(high);
        Py_DECREF(low);
        return NULL;
    }
    PyTuple_SetItem(pair, 0, high); /* steals */
    PyTuple_SetItem(pair, 1, low);
    return pair;
}

static PyObject *high(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int64_t value = evaluate(self, args, nargs, HIGH);
    if (value < 0) Py_RETURN_NONE;
    return PyLong_FromLong((long)value);
}

/* --- equity() of known hands --------------------------------------------- */

/* bind_equity's self: (capsule, result type, 52 cards, field names, "hand"). */
enum { SELF_API, SELF_TYPE, SELF_CARDS, SELF_NAMES, SELF_HAND, SELF_SIZE };
/* PlayerEquity's fields, in the order known() fills them (omaha8_fast.equity
 * passes their names in this order and checks it against the dataclass). */
enum { F_HOLE, F_EQUITY, F_HIGH_WIN, F_HIGH_TIE, F_LOW_WIN, F_LOW_TIE, F_SCOOP, F_NO_LOW, F_STD_ERROR,
       F_EXACT, F_SHOWDOWNS, F_READ_AS, N_FIELDS };
#define MAX_DEAD 52
#define EXACT_DOUBLE ((int64_t)1 << 53) /* counts below it divide as Python's int / int does */

/* `object.__new__(type)` with `values` (N_FIELDS new references, stolen,
 * NULL for an allocation that failed) set as its attributes the way a
 * frozen dataclass's __init__ sets them (object.__setattr__); NULL on error. */
static PyObject *new_result(PyObject *type, PyObject *names, PyObject **values) {
    newfunc make = (newfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_new);
    PyObject *empty = PyTuple_New(0), *result = NULL;
    int k, ok = make != NULL && empty != NULL;
    for (k = 0; ok && k < N_FIELDS; k++) ok = values[k] != NULL;
    if (ok) result = make((PyTypeObject *)type, empty, NULL);
    for (k = 0; result != NULL && k < N_FIELDS; k++)
        if (PyObject_GenericSetAttr(result, PyTuple_GetItem(names, k), values[k]) < 0) Py_CLEAR(result);
    for (k = 0; k < N_FIELDS; k++) Py_XDECREF(values[k]);
    Py_XDECREF(empty);
    return result;
}

/* The results of one player from the exact counts (showdowns > 0). */
static PyObject *player_result(PyObject *self, const o8_equity_counts *out, int p, const uint8_t *hole, int size) {
    PyObject *cards = PyTuple_GetItem(self, SELF_CARDS), *values[N_FIELDS];
    const o8_player_counts *c = &out->player[p];
    double showdowns = (double)out->showdowns;
    int i;
    values[F_HOLE] = PyTuple_New(size);
    for (i = 0; values[F_HOLE] != NULL && i < size; i++)
        PyTuple_SetItem(values[F_HOLE], i, Py_NewRef(PyTuple_GetItem(cards, hole[i])));
    /* share / POT / showdowns, as the fallback computes it: exact ints below
     * 2**53 divide correctly rounded in Python and in C alike */
    values[F_EQUITY] = PyFloat_FromDouble((double)c->share / (double)O8_POT_UNITS / showdowns);
    values[F_HIGH_WIN] = PyFloat_FromDouble((double)c->high_win / showdowns);
    values[F_HIGH_TIE] = PyFloat_FromDouble((double)c->high_tie / showdowns);
    values[F_LOW_WIN] = PyFloat_FromDouble((double)c->low_win / showdowns);
    values[F_LOW_TIE] = PyFloat_FromDouble((double)c->low_tie / showdowns);
    values[F_SCOOP] = PyFloat_FromDouble((double)c->scoop / showdowns);
    values[F_NO_LOW] = PyFloat_FromDouble((double)out->no_low / showdowns);
    values[F_STD_ERROR] = PyFloat_FromDouble(0.0);
    values[F_EXACT] = Py_NewRef(Py_True);
    values[F_SHOWDOWNS] = PyLong_FromLongLong((long long)out->showdowns);
    values[F_READ_AS] = Py_NewRef(PyTuple_GetItem(self, SELF_HAND));
    return new_result(PyTuple_GetItem(self, SELF_TYPE), PyTuple_GetItem(self, SELF_NAMES), values);
}

/* The hands of `holes` (a list or tuple of 2..O8_MAX_PLAYERS holes, each
 * read by read_cards, all of one size 4..6) into out at their size's
 * stride; the size, or -1. */
static int read_holes(const o8_entry_api *api, PyObject *holes, uint8_t *out, int *n_players,
                      PyTypeObject *card_type) {
    PyTypeObject *kind = Py_TYPE(holes);
    int is_list = kind == &PyList_Type, size = -1;
    Py_ssize_t n, i;
    if (!is_list && kind != &PyTuple_Type) return -1;
    n = is_list ? PyList_Size(holes) : PyTuple_Size(holes);
    if (n < 2 || n > O8_MAX_PLAYERS) return -1;
    for (i = 0; i < n; i++) {
        uint8_t hole[MAX_HOLE];
        int got;
#ifdef Py_GIL_DISABLED
        PyObject *item = is_list ? PyList_GetItemRef(holes, i) : Py_NewRef(PyTuple_GetItem(holes, i));
#else
        PyObject *item = is_list ? PyList_GetItem(holes, i) : PyTuple_GetItem(holes, i);
#endif
        if (item == NULL) {
            PyErr_Clear();
            return -1;
        }
        got = read_cards(api, item, hole, MAX_HOLE, MAX_HOLE, card_type);
#ifdef Py_GIL_DISABLED
        Py_DECREF(item);
#endif
        if (got < 4 || (size >= 0 && got != size)) return -1;
        size = got;
        memcpy(out + i * size, hole, (size_t)size);
    }
    *n_players = (int)n;
    return size;
}

/* known(holes, board, dead): equity() of known hands (text, or lists or
 * tuples of ids or of the card objects) on a board of 0, 3, 4 or 5 cards, every deal enumerated
 * in one part: the list of result objects, or None when the spot is
 * anything else or anything is wrong with it (the kernel checks the cards:
 * repeated ones, too few left for the board), left to the general path. */
static PyObject *known(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    uint8_t holes[O8_MAX_PLAYERS * MAX_HOLE], board[MAX_BOARD], dead[MAX_DEAD];
    o8_range players[O8_MAX_PLAYERS];
    o8_equity_counts out;
    PyObject *results;
    PyTypeObject *card;
    int n = 0, size, nb, nd, code, p;
    if (nargs != 3) Py_RETURN_NONE;
    api = (const o8_entry_api *)PyCapsule_GetPointer(PyTuple_GetItem(self, SELF_API), CAPSULE_NAME);
    if (api == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    card = Py_TYPE(PyTuple_GetItem(PyTuple_GetItem(self, SELF_CARDS), 0));
    size = read_holes(api, args[0], holes, &n, card);
    nb = size < 0 ? -1 : read_cards(api, args[1], board, MAX_BOARD, MAX_BOARD, card);
    nd = nb < 0 || nb == 1 || nb == 2 ? -1 : read_cards(api, args[2], dead, MAX_DEAD, MAX_HOLE, card);
    if (nd < 0) Py_RETURN_NONE;
    for (p = 0; p < n; p++) {
        players[p].holes = holes + p * size;
        players[p].cum_weights = NULL;
        players[p].n_holes = 1;
    }
    if (nb == MAX_BOARD) { /* one showdown: less than releasing the GIL costs */
        code = api->equity_exact(players, n, size, board, nb, dead, nd, 0, 1, &out);
    } else {
        PyThreadState *state = PyEval_SaveThread();
        code = api->equity_exact(players, n, size, board, nb, dead, nd, 0, 1, &out);
        PyEval_RestoreThread(state);
    }
    if (code != 0 || out.showdowns <= 0 || out.showdowns >= EXACT_DOUBLE / O8_POT_UNITS) Py_RETURN_NONE;
    results = PyList_New(n);
    for (p = 0; results != NULL && p < n; p++) {
        PyObject *result = player_result(self, &out, p, holes + p * size, size);
        if (result == NULL) {
            Py_CLEAR(results);
            break;
        }
        PyList_SetItem(results, p, result); /* steals */
    }
    return results;
}

static PyMethodDef KNOWN = {
    "known", (PyCFunction)(void (*)(void))known, METH_FASTCALL,
    "known(holes, board, dead): equity() of known hands, or None when the general path must answer.",
};


/* --- the hand engine: the turn rule, the deal, one board's showdown ------ */

/* bind_engine's self: (capsule, LegalActions, the descriptors of its 5 slots, the 5 kinds
 * tuples in O8_KINDS_* order, the 3 rules objects in O8_BET_* order). */
enum { E_API, E_TYPE, E_NAMES, E_KINDS, E_RULES, E_SIZE };
#define ENGINE_MAX O8_BET_MAX_PLAYERS

/* The items of an exact list of n exact ints, each in low..2**53, into out;
 * 0, or -1 (not taken; no error set). */
static int read_amounts(PyObject *list, Py_ssize_t n, int64_t *out, int64_t low) {
    Py_ssize_t i;
    if (!PyList_CheckExact(list) || PyList_Size(list) != n) return -1;
    for (i = 0; i < n; i++) {
#ifdef Py_GIL_DISABLED
        PyObject *item = PyList_GetItemRef(list, i);
#else
        PyObject *item = PyList_GetItem(list, i);
#endif
        long long value = -1;
        int overflow = 0, ok;
        if (item == NULL) {
            PyErr_Clear();
            return -1;
        }
        ok = PyLong_CheckExact(item);
        if (ok) {
            value = PyLong_AsLongLongAndOverflow(item, &overflow);
            if (value == -1 && PyErr_Occurred()) PyErr_Clear();
        }
#ifdef Py_GIL_DISABLED
        Py_DECREF(item);
#endif
        if (!ok || overflow || value < low || value > ((long long)1 << 53)) return -1;
        out[i] = (int64_t)value;
    }
    return 0;
}

/* An exact int in low..2**53 into *out; 0, or -1 (not taken). */
static int read_amount(PyObject *value, int64_t *out, int64_t low) {
    long long v;
    int overflow = 0;
    if (!PyLong_CheckExact(value)) return -1;
    v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    if (overflow || v < low || v > ((long long)1 << 53)) return -1;
    *out = (int64_t)v;
    return 0;
}

static const o8_entry_api *engine_api(PyObject *self) {
    const o8_entry_api *api = (const o8_entry_api *)PyCapsule_GetPointer(PyTuple_GetItem(self, E_API), CAPSULE_NAME);
    if (api == NULL) PyErr_Clear();
    return api;
}

/* Item i of the exact list `list` (length n) as an exact int in low..2**53;
 * 0, or -1 (not taken; no error set). */
static int item_amount(PyObject *list, Py_ssize_t i, int64_t *out, int64_t low) {
#ifdef Py_GIL_DISABLED
    PyObject *item = PyList_GetItemRef(list, i);
    int got = item == NULL ? -1 : read_amount(item, out, low);
    Py_XDECREF(item);
#else
    PyObject *item = PyList_GetItem(list, i);
    int got = item == NULL ? -1 : read_amount(item, out, low);
#endif
    if (item == NULL) PyErr_Clear();
    return got;
}

/* Item i of the exact list `list` as 1 (True) or 0 (False); -1 otherwise. */
static int item_flag(PyObject *list, Py_ssize_t i) {
#ifdef Py_GIL_DISABLED
    PyObject *item = PyList_GetItemRef(list, i);
    Py_XDECREF(item); /* only compared with the immortal True and False */
#else
    PyObject *item = PyList_GetItem(list, i);
#endif
    if (item == NULL) {
        PyErr_Clear();
        return -1;
    }
    return item == Py_True ? 1 : item == Py_False ? 0 : -1;
}

/* The seats' fields that o8_bet_next reads, read from the lists only as far
 * as the rule looks (the seats it scans): each read checked, so that
 * anything not as the engine keeps it is not taken. */
typedef struct {
    PyObject *stacks, *bets, *folded, *acted;
    int64_t stack[ENGINE_MAX], bet[ENGINE_MAX], acted_at[ENGINE_MAX];
    uint8_t fold[ENGINE_MAX], read[ENGINE_MAX];
} seats_in;

static int read_seat(seats_in *in, int s) {
    int flag;
    if (in->read[s]) return 0;
    flag = item_flag(in->folded, s);
    if (flag < 0 || item_amount(in->stacks, s, &in->stack[s], 0) || item_amount(in->bets, s, &in->bet[s], 0)
        || item_amount(in->acted, s, &in->acted_at[s], -1))
        return -1;
    in->fold[s] = (uint8_t)flag;
    in->read[s] = 1;
    return 0;
}

/* next_turn(stacks, bets, folded, acted, committed, after, high, min_raise,
 * bet_count, cap, rules): after seat `after` acted, the LegalActions of the
 * next seat to act (o8_bet_next's rule), False when nobody has to act (the
 * street is over), None when anything it reads is not as the engine keeps
 * it (the Python path then decides). The seats are read as far as the rule
 * looks; o8_bet_next then runs on the seats read, every other seat marked
 * as one it skips (folded), which gives the same answer. */
static PyObject *next_turn(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    seats_in in;
    int64_t after, high, min_raise, bet_count, cap, pot = 0;
    PyObject *rules, *legal, *values[5], *names, *type;
    Py_ssize_t n, i;
    int structure = -1, code, k, s = -1, o;
    o8_turn turn;
    newfunc make;
    if (nargs != 11 || (api = engine_api(self)) == NULL) Py_RETURN_NONE;
    in.stacks = args[0];
    in.bets = args[1];
    in.folded = args[2];
    in.acted = args[3];
    if (!PyList_CheckExact(in.stacks) || !PyList_CheckExact(in.bets) || !PyList_CheckExact(in.folded)
        || !PyList_CheckExact(in.acted) || !PyList_CheckExact(args[4]))
        Py_RETURN_NONE;
    n = PyList_Size(in.stacks);
    if (n < 2 || n > ENGINE_MAX || PyList_Size(in.bets) != n || PyList_Size(in.folded) != n
        || PyList_Size(in.acted) != n || PyList_Size(args[4]) != n || read_amount(args[5], &after, 0) || after >= n
        || read_amount(args[6], &high, 0) || read_amount(args[7], &min_raise, 0)
        || read_amount(args[8], &bet_count, 0) || read_amount(args[9], &cap, 0))
        Py_RETURN_NONE;
    rules = args[10];
    for (k = 0; k < 3; k++)
        if (rules == PyTuple_GetItem(PyTuple_GetItem(self, E_RULES), k)) structure = k;
    if (structure < 0) Py_RETURN_NONE;
    memset(in.read, 0, (size_t)n);
    /* The seats o8_bet_next looks at: up to the seat to act, then its
     * opponents up to the first who could put in more than the bet. */
    for (k = 1; k <= n && s < 0; k++) {
        o = (int)((after + k) % n);
        if (read_seat(&in, o)) Py_RETURN_NONE;
        if (in.stack[o] && !in.fold[o] && (in.acted_at[o] < 0 || in.bet[o] < high)) s = o;
    }
    if (s >= 0)
        for (k = 1; k < n; k++) {
            o = (int)((s + k) % n);
            if (read_seat(&in, o)) Py_RETURN_NONE;
            if (!in.fold[o] && in.bet[o] + in.stack[o] > high) break;
        }
    for (i = 0; i < n; i++)
        if (!in.read[i]) { /* not looked at: as a folded seat with nothing, which the rule skips */
            in.stack[i] = in.bet[i] = 0;
            in.acted_at[i] = -1;
            in.fold[i] = 1;
        }
    if (structure == O8_BET_POT_LIMIT)
        for (i = 0; i < n; i++) {
            int64_t chips;
            if (item_amount(args[4], i, &chips, 0)) Py_RETURN_NONE;
            pot += chips;
        }
    code = api->bet_next((int)n, in.stack, in.bet, in.acted_at, in.fold, (int)after, high, min_raise, bet_count, cap,
                         pot, structure, &turn);
    if (code == 0) Py_RETURN_FALSE;
    if (code != 1 || turn.kinds < 0 || turn.kinds > O8_KINDS_CHECK) Py_RETURN_NONE;
    type = PyTuple_GetItem(self, E_TYPE);
    make = (newfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_new);
    values[0] = PyLong_FromLong((long)turn.seat);
    values[1] = Py_NewRef(PyTuple_GetItem(PyTuple_GetItem(self, E_KINDS), turn.kinds));
    values[2] = PyLong_FromLongLong((long long)turn.call_amount);
    values[3] = PyLong_FromLongLong((long long)turn.min_raise_to);
    values[4] = PyLong_FromLongLong((long long)turn.max_raise_to);
    legal = NULL;
    if (make != NULL && values[0] && values[2] && values[3] && values[4]) {
        PyObject *empty = PyTuple_New(0);
        legal = empty == NULL ? NULL : make((PyTypeObject *)type, empty, NULL);
        Py_XDECREF(empty);
    }
    names = PyTuple_GetItem(self, E_NAMES);
    for (k = 0; legal != NULL && k < 5; k++) { /* the slots' descriptors set them, as `legal.<name> = ` does */
        PyObject *slot = PyTuple_GetItem(names, k);
        descrsetfunc set = (descrsetfunc)PyType_GetSlot(Py_TYPE(slot), Py_tp_descr_set);
        if (set == NULL || set(slot, legal, values[k]) < 0) Py_CLEAR(legal);
    }
    for (k = 0; k < 5; k++) Py_XDECREF(values[k]);
    return legal;
}

/* deal(bits, count): the first `count` (0..52) cards of a fresh deck
 * shuffled by o8_deal from `bits` (bytes, at most O8_DEAL_MAX_BYTES), as
 * bytes; None when not taken. */
static PyObject *deal(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    uint8_t cards[52];
    char *bits;
    Py_ssize_t size;
    int64_t count;
    int i;
    if (nargs != 2 || (api = engine_api(self)) == NULL || !PyBytes_CheckExact(args[0])
        || read_amount(args[1], &count, 0) || count > 52 || PyBytes_AsStringAndSize(args[0], &bits, &size) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    for (i = 0; i < 52; i++) cards[i] = (uint8_t)i;
    if (size > O8_DEAL_MAX_BYTES || api->deal((const uint8_t *)bits, (int)size, cards, 0, (int)count) != 0)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)cards, (Py_ssize_t)count);
}

/* split(cards, n, hole_size, live, first, pots): the payouts (a list of n
 * ints) of o8_showdown on the board cards[n * hole_size:][:5] with the holes
 * at the start of `cards` (bytes), `pots` a list of (amount, eligible mask)
 * ints flattened; None when not taken or o8_showdown refuses. */
static PyObject *split(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    int64_t n, size, live, first, pots[2 * ENGINE_MAX], payouts[ENGINE_MAX];
    char *cards;
    Py_ssize_t length, n_pots, i;
    PyObject *out;
    if (nargs != 6 || (api = engine_api(self)) == NULL || !PyBytes_CheckExact(args[0])
        || read_amount(args[1], &n, 2) || n > ENGINE_MAX || read_amount(args[2], &size, 4) || size > MAX_HOLE
        || !PyLong_CheckExact(args[3]) || read_amount(args[4], &first, 0) || !PyList_CheckExact(args[5])
        || PyBytes_AsStringAndSize(args[0], &cards, &length) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    live = (int64_t)PyLong_AsUnsignedLongLongMask(args[3]);
    if (live == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    n_pots = PyList_Size(args[5]);
    if (length < n * size + 5 || n_pots % 2 || n_pots > 2 * ENGINE_MAX || read_amounts(args[5], n_pots, pots, 0)
        || api->showdown((const uint8_t *)cards + n * size, 5, (const uint8_t *)cards, (int)size, (int)n,
                         (uint64_t)live, (int)first, pots, (int)(n_pots / 2), payouts, NULL, NULL, NULL) != 0)
        Py_RETURN_NONE;
    out = PyList_New((Py_ssize_t)n);
    for (i = 0; out != NULL && i < n; i++) {
        PyObject *chips = PyLong_FromLongLong((long long)payouts[i]);
        if (chips == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SetItem(out, i, chips); /* steals */
    }
    return out;
}

static PyMethodDef ENGINE[] = {
    {"next_turn", (PyCFunction)(void (*)(void))next_turn, METH_FASTCALL,
     "next_turn(stacks, bets, folded, acted, committed, after, high, min_raise, bet_count, cap, rules): "
     "the next seat's LegalActions, False at the end of the street, None when the Python path must answer."},
    {"deal", (PyCFunction)(void (*)(void))deal, METH_FASTCALL,
     "deal(bits, count): the first count cards of a deck shuffled from bits (bytes), None when not taken."},
    {"split", (PyCFunction)(void (*)(void))split, METH_FASTCALL,
     "split(cards, n, hole_size, live, first, pots): the payouts of one board's showdown, or None."},
};

/* Static and never written: the bound functions point at them. */
static PyMethodDef BOUND[] = {
    {"hilo", (PyCFunction)(void (*)(void))hilo, METH_FASTCALL,
     "hilo(hole, board): (high, low or None), or None when the general path must answer."},
    {"high", (PyCFunction)(void (*)(void))high, METH_FASTCALL,
     "high(hole, board): the high class, or None when the general path must answer."},
};

/* The o8_entry_api at `address` (an int from _core's o8_entry_table()),
 * checked; NULL with an exception set when it is not one. */
static const o8_entry_api *table_at(PyObject *address) {
    const o8_entry_api *api;
    if (!PyLong_CheckExact(address)) {
        PyErr_SetString(PyExc_TypeError, "bind() takes the int address of _core's o8_entry_table()");
        return NULL;
    }
    api = (const o8_entry_api *)PyLong_AsVoidPtr(address);
    if (api == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bind() got a NULL address");
        return NULL;
    }
    if (api->magic != O8_ENTRY_MAGIC || api->version != O8_ENTRY_VERSION || api->size != sizeof(o8_entry_api)
        || !api->eval || !api->eval_text || !api->eval_high || !api->parse_text || !api->equity_exact
        || !api->bet_next || !api->deal || !api->showdown) {
        PyErr_SetString(PyExc_ValueError, "bind(): not an o8_entry_api of this version (rebuild the package)");
        return NULL;
    }
    return api;
}

/* bind(address): the entry points on the o8_entry_api at `address`, as a
 * tuple (hilo, high). */
static PyObject *bind(PyObject *module, PyObject *address) {
    const o8_entry_api *api = table_at(address);
    PyObject *capsule, *name, *out;
    size_t i;
    if (api == NULL) return NULL;
    capsule = PyCapsule_New((void *)api, CAPSULE_NAME, NULL);
    if (capsule == NULL) return NULL;
    name = PyModule_GetNameObject(module);
    if (name == NULL) {
        Py_DECREF(capsule);
        return NULL;
    }
    out = PyTuple_New((Py_ssize_t)(sizeof BOUND / sizeof BOUND[0]));
    for (i = 0; out != NULL && i < sizeof BOUND / sizeof BOUND[0]; i++) {
        PyObject *function = PyCFunction_NewEx(&BOUND[i], capsule, name);
        if (function == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SetItem(out, (Py_ssize_t)i, function);
    }
    Py_DECREF(name);
    Py_DECREF(capsule);
    return out;
}

/* bind_equity(address, result_type, cards, names, hand): known() bound to
 * the table at `address`, making `result_type` objects (a type whose
 * instances take their N_FIELDS attributes `names`, in known()'s order)
 * with holes of `cards` (a tuple of the 52 card objects) and read_as `hand`. */
static PyObject *bind_equity(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    PyObject *capsule, *name, *self, *function;
    Py_ssize_t k;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "bind_equity() takes (address, result_type, cards, names, hand)");
        return NULL;
    }
    api = table_at(args[0]);
    if (api == NULL) return NULL;
    if (!PyType_Check(args[1]) || !PyTuple_CheckExact(args[2]) || PyTuple_Size(args[2]) != 52
        || !PyTuple_CheckExact(args[3]) || PyTuple_Size(args[3]) != N_FIELDS || !PyUnicode_CheckExact(args[4])) {
        PyErr_SetString(PyExc_TypeError, "bind_equity(): a type, a tuple of 52 cards, a tuple of "
                                         "12 field names and a str");
        return NULL;
    }
    for (k = 0; k < 52; k++)
        if (!PyLong_Check(PyTuple_GetItem(args[2], k))) {
            PyErr_SetString(PyExc_TypeError, "bind_equity(): the cards must be ints");
            return NULL;
        }
    for (k = 0; k < N_FIELDS; k++)
        if (!PyUnicode_CheckExact(PyTuple_GetItem(args[3], k))) {
            PyErr_SetString(PyExc_TypeError, "bind_equity(): field names must be str");
            return NULL;
        }
    capsule = PyCapsule_New((void *)api, CAPSULE_NAME, NULL);
    if (capsule == NULL) return NULL;
    self = PyTuple_New(SELF_SIZE);
    if (self == NULL) {
        Py_DECREF(capsule);
        return NULL;
    }
    PyTuple_SetItem(self, SELF_API, capsule); /* steals */
    for (k = 1; k < SELF_SIZE; k++) PyTuple_SetItem(self, k, Py_NewRef(args[k]));
    name = PyModule_GetNameObject(module);
    function = name == NULL ? NULL : PyCFunction_NewEx(&KNOWN, self, name);
    Py_XDECREF(name);
    Py_DECREF(self);
    return function;
}

/* bind_engine(address, legal_type, slots, kinds, rules): (next_turn, deal,
 * split) bound to the table at `address`; next_turn makes `legal_type`
 * objects (whose 5 attributes are set through `slots`, the descriptors of
 * seat, actions, call amount, minimum and maximum raise) with the actions of `kinds` (5 tuples, in
 * O8_KINDS_* order), the structure read from `rules` (the 3 rules objects,
 * in O8_BET_* order). */
static PyObject *bind_engine(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    PyObject *capsule, *name, *self, *out;
    Py_ssize_t k;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "bind_engine() takes (address, legal_type, slots, kinds, rules)");
        return NULL;
    }
    api = table_at(args[0]);
    if (api == NULL) return NULL;
    if (!PyType_Check(args[1]) || !PyTuple_CheckExact(args[2]) || PyTuple_Size(args[2]) != 5
        || !PyTuple_CheckExact(args[3]) || PyTuple_Size(args[3]) != 5 || !PyTuple_CheckExact(args[4])
        || PyTuple_Size(args[4]) != 3) {
        PyErr_SetString(PyExc_TypeError, "bind_engine(): a type, 5 slot descriptors, 5 kinds tuples and 3 rules");
        return NULL;
    }
    for (k = 0; k < 5; k++)
        if (PyType_GetSlot(Py_TYPE(PyTuple_GetItem(args[2], k)), Py_tp_descr_set) == NULL
            || !PyTuple_CheckExact(PyTuple_GetItem(args[3], k))) {
            PyErr_SetString(PyExc_TypeError, "bind_engine(): the fields must be data descriptors, the kinds tuples");
            return NULL;
        }
    capsule = PyCapsule_New((void *)api, CAPSULE_NAME, NULL);
    if (capsule == NULL) return NULL;
    self = PyTuple_New(E_SIZE);
    if (self == NULL) {
        Py_DECREF(capsule);
        return NULL;
    }
    PyTuple_SetItem(self, E_API, capsule); /* steals */
    for (k = 1; k < E_SIZE; k++) PyTuple_SetItem(self, k, Py_NewRef(args[k]));
    name = PyModule_GetNameObject(module);
    out = name == NULL ? NULL : PyTuple_New((Py_ssize_t)(sizeof ENGINE / sizeof ENGINE[0]));
    for (k = 0; out != NULL && k < (Py_ssize_t)(sizeof ENGINE / sizeof ENGINE[0]); k++) {
        PyObject *function = PyCFunction_NewEx(&ENGINE[k], self, name);
        if (function == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SetItem(out, k, function);
    }
    Py_XDECREF(name);
    Py_DECREF(self);
    return out;
}

static PyMethodDef METHODS[] = {
    {"bind", bind, METH_O,
     "bind(address): (hilo, high) bound to the o8_entry_api at address (private: omaha8_fast.evaluator)."},
    {"bind_equity", (PyCFunction)(void (*)(void))bind_equity, METH_FASTCALL,
     "bind_equity(address, result_type, cards, names, hand): known() bound to the o8_entry_api at address "
     "(private: omaha8_fast.equity)."},
    {"hh_records", (PyCFunction)(void (*)(void))o8_hh_records, METH_FASTCALL,
     "hh_records(body, values, hole_size, names): a PokerStars hand's records from what o8_hh_scan wrote, or None "
     "(private: omaha8_fast._pokerstars; see csrc/cpython/hh_records.c)."},
    {"bind_engine", (PyCFunction)(void (*)(void))bind_engine, METH_FASTCALL,
     "bind_engine(address, legal_type, slots, kinds, rules): (next_turn, deal, split) bound to the "
     "o8_entry_api at address (private: omaha8_fast.engine)."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot SLOTS[] = {
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "omaha8_fast._entry",
    "Private: direct CPython entry points for omaha8_fast's single calls (see csrc/cpython/entry.c).",
    0, METHODS, SLOTS, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__entry(void) {
    return PyModuleDef_Init(&MODULE);
}
