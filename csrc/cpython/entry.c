/* entry.c -- omaha8_fast._entry: direct CPython entry points for the single
 * calls (evaluate_hilo, evaluate_high), so that one call makes no
 * intermediate Python object (no bytes(), no cffi conversion).
 *
 * Built against the stable ABI (Py_LIMITED_API 0x030A0000, setup.py) except
 * on free-threaded CPython. It holds no evaluator and no table: _core's
 * o8_entry_table() gives the address of a const o8_entry_api
 * (csrc/cpython/entry_api.h), which bind() checks and wraps in a capsule; the
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
#include <stddef.h>
#include <string.h>

#include <structmember.h>

#include "cpython/entry_api.h"
#include "cpython/hh_records.h"

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
enum { E_API, E_TYPE, E_NAMES, E_KINDS, E_RULES, E_STREETS, E_VERBS, E_HAND, E_SIZE };
#define E_GIVEN (E_HAND - 1) /* bind_engine's arguments after the address */
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
    if (value == NULL) { /* a tuple item that is not there */
        PyErr_Clear();
        return -1;
    }
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
 * 0, or -1 (not taken; no error set). `list` may be NULL (a member deleted:
 * see act()), and the item is never taken unchecked. */
static int item_amount(PyObject *list, Py_ssize_t i, int64_t *out, int64_t low) {
    if (list == NULL) return -1;
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
    if (list == NULL) return -1;
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

/* 1 when `list` is an exact list of n items (not NULL: a member act() reads
 * again after running code that may have deleted it), else 0. */
static int seat_list(PyObject *list, Py_ssize_t n) {
    return list != NULL && PyList_CheckExact(list) && PyList_Size(list) == n;
}

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

/* The LegalActions of turn `t` (a legal_type object, its 5 slots set through
 * their descriptors as `legal.<name> = ` does), or NULL with an error set. */
static PyObject *make_legal(PyObject *self, const o8_turn *t) {
    PyObject *type = PyTuple_GetItem(self, E_TYPE), *names = PyTuple_GetItem(self, E_NAMES), *legal = NULL, *values[5];
    newfunc make = (newfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_new);
    int k;
    values[0] = PyLong_FromLong((long)t->seat);
    values[1] = Py_NewRef(PyTuple_GetItem(PyTuple_GetItem(self, E_KINDS), t->kinds));
    values[2] = PyLong_FromLongLong((long long)t->call_amount);
    values[3] = PyLong_FromLongLong((long long)t->min_raise_to);
    values[4] = PyLong_FromLongLong((long long)t->max_raise_to);
    if (make != NULL && values[0] && values[2] && values[3] && values[4]) {
        PyObject *empty = PyTuple_New(0);
        legal = empty == NULL ? NULL : make((PyTypeObject *)type, empty, NULL);
        Py_XDECREF(empty);
    } else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "LegalActions has no tp_new");
    }
    for (k = 0; legal != NULL && k < 5; k++) {
        PyObject *slot = PyTuple_GetItem(names, k);
        descrsetfunc set = (descrsetfunc)PyType_GetSlot(Py_TYPE(slot), Py_tp_descr_set);
        if (set == NULL || set(slot, legal, values[k]) < 0) Py_CLEAR(legal);
    }
    for (k = 0; k < 5; k++) Py_XDECREF(values[k]);
    return legal;
}

/* The turn rule on the engine's lists (o8_bet_next): after seat `after` acted,
 * the next seat to act into *out (1), nobody (0: the street is over), or -1
 * when anything it reads is not as the engine keeps it (no error set). The
 * seats are read as far as the rule looks; o8_bet_next then runs on the
 * seats read, every other seat marked as one it skips (folded), which gives
 * the same answer. */
static int turn_of(const o8_entry_api *api, PyObject *stacks, PyObject *bets, PyObject *folded, PyObject *acted,
                   PyObject *committed, Py_ssize_t n, int64_t after, int64_t high, int64_t min_raise,
                   int64_t bet_count, int64_t cap, int structure, o8_turn *out) {
    seats_in in;
    int64_t pot = 0;
    Py_ssize_t i;
    int k, s = -1, o, code;
    if (n < 2 || n > ENGINE_MAX || after < 0 || after >= n || !seat_list(stacks, n) || !seat_list(bets, n)
        || !seat_list(folded, n) || !seat_list(acted, n) || !seat_list(committed, n))
        return -1;
    in.stacks = stacks;
    in.bets = bets;
    in.folded = folded;
    in.acted = acted;
    memset(in.read, 0, (size_t)n);
    /* The seats o8_bet_next looks at: up to the seat to act, then its
     * opponents up to the first who could put in more than the bet. */
    for (k = 1; k <= n && s < 0; k++) {
        o = (int)((after + k) % n);
        if (read_seat(&in, o)) return -1;
        if (in.stack[o] && !in.fold[o] && (in.acted_at[o] < 0 || in.bet[o] < high)) s = o;
    }
    if (s >= 0)
        for (k = 1; k < n; k++) {
            o = (int)((s + k) % n);
            if (read_seat(&in, o)) return -1;
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
            if (item_amount(committed, i, &chips, 0)) return -1;
            pot += chips;
        }
    code = api->bet_next((int)n, in.stack, in.bet, in.acted_at, in.fold, (int)after, high, min_raise, bet_count, cap,
                         pot, structure, out);
    if (code == 1 && (out->kinds < 0 || out->kinds > O8_KINDS_CHECK || out->seat < 0 || out->seat >= n)) return -1;
    return code == 0 || code == 1 ? code : -1;
}

/* The O8_BET_* structure of the rules object `rules` (one of the 3 bound), or -1. */
static int structure_of(PyObject *self, PyObject *rules) {
    int k;
    for (k = 0; k < 3; k++)
        if (rules == PyTuple_GetItem(PyTuple_GetItem(self, E_RULES), k)) return k;
    return -1;
}

/* next_turn(stacks, bets, folded, acted, committed, after, high, min_raise,
 * bet_count, cap, rules): after seat `after` acted, the LegalActions of the
 * next seat to act (o8_bet_next's rule), False when nobody has to act (the
 * street is over), None when anything it reads is not as the engine keeps
 * it (the Python path then decides). */
static PyObject *next_turn(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    int64_t after, high, min_raise, bet_count, cap;
    int structure, code;
    o8_turn turn;
    if (nargs != 11 || (api = engine_api(self)) == NULL || !PyList_CheckExact(args[0])
        || read_amount(args[5], &after, 0) || read_amount(args[6], &high, 0) || read_amount(args[7], &min_raise, 0)
        || read_amount(args[8], &bet_count, 0) || read_amount(args[9], &cap, 0)
        || (structure = structure_of(self, args[10])) < 0)
        Py_RETURN_NONE;
    code = turn_of(api, args[0], args[1], args[2], args[3], args[4], PyList_Size(args[0]), after, high, min_raise,
                   bet_count, cap, structure, &turn);
    if (code < 0) Py_RETURN_NONE;
    if (code == 0) Py_RETURN_FALSE;
    return make_legal(self, &turn);
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
        || !PyLong_CheckExact(args[3]) || read_amount(args[4], &first, 0) || first >= n || !PyList_CheckExact(args[5])
        || PyBytes_AsStringAndSize(args[0], &cards, &length) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    /* the mask itself, not its low 64 bits (o8_showdown refuses bits at n and above) */
    live = (int64_t)PyLong_AsUnsignedLongLong(args[3]);
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

/* --- the hand's betting state: HandState and act() ----------------------
 *
 * HandState is the C base class of omaha8_fast.engine.Hand: it holds the
 * fields every action reads and writes (the seats' lists, the bet level,
 * whose turn, the log), as members named as the Hand's attributes, so that
 * Python reads and writes them as before (they are Hand's slots), and act()
 * below does an action in one call, reading them straight from the struct.
 * The lists stay Python lists (views, copies, pickles and tables read them
 * as they are); act() checks every one it reads, and changes nothing unless
 * everything it reads is as the engine keeps it. A HandState made any other
 * way (with garbage in its members) only makes act() answer None. */
typedef struct {
    PyObject_HEAD
    /* Python objects, as slots hold them (so that CPython's attribute caches
     * serve Python's reads and writes as fast as a slot's): the lists, then ints. */
    PyObject *stacks, *bets, *committed, *folded, *acted, *actions, *legal, *rules, *sizes;
    PyObject *high, *min_raise, *bet_count, *cap, *n, *button, *street, *to_act, *aggressor, *live, *able;
    /* what the payout reads and writes */
    PyObject *cards, *hole_size, *mode, *rake, *runs, *run_from, *payouts, *returned;
} hand_state;
#define HS_OBJECTS 28
/* hs_objects() walks the members as an array: they must be the struct's HS_OBJECTS pointers, in a row */
typedef char hs_objects_in_a_row[offsetof(hand_state, returned) - offsetof(hand_state, stacks)
                                         == (HS_OBJECTS - 1) * sizeof(PyObject *) ? 1 : -1];

#define HS_MEMBER(name, field, doc) {name, T_OBJECT_EX, offsetof(hand_state, field), 0, doc}
static PyMemberDef HS_MEMBERS[] = {
    HS_MEMBER("_stacks", stacks, "chips behind, by seat (a list of ints)"),
    HS_MEMBER("_bets", bets, "this street's bets, by seat"),
    HS_MEMBER("_committed", committed, "chips put in this hand, by seat"),
    HS_MEMBER("_folded", folded, "folded, by seat (a list of bools)"),
    HS_MEMBER("_acted", acted, "the bet level when the seat last acted on this street, -1: not yet"),
    HS_MEMBER("_actions", actions, "the log (plain tuples, Actions once read)"),
    HS_MEMBER("_legal", legal, "the legal actions of the seat to act, or None"),
    HS_MEMBER("_rules", rules, "the betting structure's rules object"),
    HS_MEMBER("_sizes", sizes, "the bet size of each street (a tuple of 4 ints)"),
    HS_MEMBER("_high", high, "the bet to match"),
    HS_MEMBER("_min_raise", min_raise, "the smallest full raise"),
    HS_MEMBER("_bet_count", bet_count, "full bets and raises this street"),
    HS_MEMBER("_cap", cap, "bets allowed a street"),
    HS_MEMBER("_n", n, "the number of seats"),
    HS_MEMBER("_button", button, "the button's seat"),
    HS_MEMBER("_street", street, "0 preflop .. 3 river, 4 showdown"),
    HS_MEMBER("_to_act", to_act, "the seat to act, -1: nobody"),
    HS_MEMBER("_aggressor", aggressor, "the last to bet or raise this street, -1: nobody"),
    HS_MEMBER("_live", live, "players not folded"),
    HS_MEMBER("_able", able, "players not folded with chips behind"),
    HS_MEMBER("_cards", cards, "the dealt cards' ids (bytes): the holes by seat, the board, the other runs' boards"),
    HS_MEMBER("_hole_size", hole_size, "hole cards a player"),
    HS_MEMBER("_mode", mode, "the showdown mode"),
    HS_MEMBER("_rake", rake, "the Rake, or None"),
    HS_MEMBER("_runs", runs, "how many times the board runs when everyone is all-in"),
    HS_MEMBER("_run_from", run_from, "the board cards the runs share (5: one run)"),
    HS_MEMBER("_payouts", payouts, "chips won by seat once paid out, else None"),
    HS_MEMBER("_returned", returned, "(seat, chips) of an uncalled bet given back, or None"),
    {NULL, 0, 0, 0, NULL},
};

/* Replace the object field `field` with the new reference `value` (Py_SETREF, not in the limited API before 3.12). */
#define HS_SET(field, value)                  \
    do {                                      \
        PyObject *old_ = (PyObject *)(field); \
        (field) = (value);                    \
        Py_XDECREF(old_);                     \
    } while (0)

static PyObject **hs_objects(hand_state *h) {
    return &h->stacks;
}

static int hs_traverse(PyObject *self, visitproc visit, void *arg) {
    PyObject **objects = hs_objects((hand_state *)self);
    int k;
    Py_VISIT(Py_TYPE(self));
    for (k = 0; k < HS_OBJECTS; k++) Py_VISIT(objects[k]);
    return 0;
}

static int hs_clear(PyObject *self) {
    PyObject **objects = hs_objects((hand_state *)self);
    int k;
    for (k = 0; k < HS_OBJECTS; k++) Py_CLEAR(objects[k]);
    return 0;
}

/* Releasing a HandState releases its members, which may be HandStates holding
 * HandStates (members take any object): released recursively, a long chain
 * would overflow the C stack. CPython's trashcan (Py_TRASHCAN_BEGIN) is not in
 * the limited API, so hs_dealloc keeps its own: a HandState released while
 * another is being released (hs_depth > 0, on this thread) hands its members
 * to hs_later instead of releasing them, and the outermost release drains
 * hs_later one object at a time, so the depth stays bounded. Both are
 * thread-local: safe with or without the GIL (free-threaded builds). */
#if defined(_MSC_VER)
#define HS_THREAD_LOCAL __declspec(thread)
#else
#define HS_THREAD_LOCAL _Thread_local
#endif
static HS_THREAD_LOCAL int hs_depth;
static HS_THREAD_LOCAL PyObject *hs_later;

static void hs_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_ = (freefunc)PyType_GetSlot(type, Py_tp_free);
    PyObject **objects = hs_objects((hand_state *)self), *error_type, *error, *trace, *member;
    Py_ssize_t size;
    int k;
    PyObject_GC_UnTrack(self);
    PyErr_Fetch(&error_type, &error, &trace); /* a release must not lose (or see) the error being raised */
    if (hs_depth > 0) { /* inside another HandState's release: the outermost releases the members */
        if (hs_later == NULL) hs_later = PyList_New(0);
        for (k = 0; k < HS_OBJECTS && hs_later != NULL; k++) {
            member = objects[k];
            objects[k] = NULL;
            if (member != NULL && PyList_Append(hs_later, member) < 0) PyErr_Clear(); /* then released here */
            Py_XDECREF(member);
        }
        PyErr_Clear();
        hs_clear(self); /* (anything left: hs_later could not be made) */
    } else {
        hs_depth++;
        hs_clear(self);
        while (hs_later != NULL && (size = PyList_Size(hs_later)) > 0) {
            member = Py_NewRef(PyList_GetItem(hs_later, size - 1));
            if (PyList_SetSlice(hs_later, size - 1, size, NULL) < 0) { /* (never: shrinking a list) */
                PyErr_Clear();
                Py_DECREF(member);
                break;
            }
            Py_DECREF(member); /* may release HandStates: their members join hs_later */
        }
        Py_CLEAR(hs_later);
        hs_depth--;
    }
    PyErr_Restore(error_type, error, trace);
    free_(self);
    Py_DECREF(type);
}

static PyType_Slot HS_SLOTS[] = {
    {Py_tp_doc, (void *)"The betting state of a hand (private: the base class of omaha8_fast.engine.Hand; "
                        "see csrc/cpython/entry.c)."},
    {Py_tp_members, HS_MEMBERS},
    {Py_tp_traverse, (void *)hs_traverse},
    {Py_tp_clear, (void *)hs_clear},
    {Py_tp_dealloc, (void *)hs_dealloc},
    {0, NULL},
};

static PyType_Spec HS_SPEC = {
    "omaha8_fast._entry.HandState", sizeof(hand_state), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, HS_SLOTS,
};

/* An int field in low..2**53 into *out; 0, or -1 (unset or not such an int; no error set). */
static int hs_int(PyObject *field, int64_t *out, int64_t low) {
    return field == NULL ? -1 : read_amount(field, out, low);
}

/* Set the int field *field to value; -1 on MemoryError. */
static int hs_put(PyObject **field, int64_t value) {
    PyObject *item = PyLong_FromLongLong((long long)value);
    if (item == NULL) return -1;
    HS_SET(*field, item);
    return 0;
}

/* The hand's ints, read and checked by act() before it changes anything. */
typedef struct {
    int64_t high, min_raise, bet_count, cap, n, button, street, to_act, live, able;
} hs_ints;

enum { ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_BET, ACT_RAISE, ACT_KINDS };
/* What act() returns: done (the next turn is set), or what the Python side does next. */
enum { AFTER_DONE, AFTER_FINISH, AFTER_NEXT_ACTOR, AFTER_END_STREET, AFTER_FIRST_ACTOR };

/* A member act() found as the engine keeps it is not any more: code that
 * act() cannot help running (a finalizer, when an allocation starts a
 * garbage collection) changed the hand meanwhile. TypeError, -1. */
static int changed(void) {
    PyErr_SetString(PyExc_TypeError, "the hand's state was changed during act()");
    return -1;
}

/* Set item i of `list` (an exact list of at least i + 1 items, checked
 * again) to a new int; -1 with an error set. */
static int set_amount(PyObject *list, Py_ssize_t i, int64_t value) {
    PyObject *item;
    if (list == NULL || !PyList_CheckExact(list) || PyList_Size(list) <= i) return changed();
    item = PyLong_FromLongLong((long long)value);
    return item == NULL ? -1 : PyList_SetItem(list, i, item); /* steals */
}

/* A new list of n copies of `value`. */
static PyObject *filled(Py_ssize_t n, long value) {
    PyObject *list = PyList_New(n), *item;
    Py_ssize_t i;
    if (list == NULL) return NULL;
    for (i = 0; i < n; i++) {
        item = PyLong_FromLong(value);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, item);
    }
    return list;
}

/* Log (street, seat, verb, amount, all_in) onto the hand's actions. */
static int log_action(PyObject *self, hand_state *h, int street, int kind, int seat, int64_t amount, int all_in) {
    PyObject *entry = PyTuple_New(5), *value;
    int failed;
    if (entry == NULL) return -1;
    PyTuple_SetItem(entry, 0, Py_NewRef(PyTuple_GetItem(PyTuple_GetItem(self, E_STREETS), street)));
    value = PyLong_FromLong(seat);
    if (value == NULL) goto fail;
    PyTuple_SetItem(entry, 1, value);
    PyTuple_SetItem(entry, 2, Py_NewRef(PyTuple_GetItem(PyTuple_GetItem(self, E_VERBS), kind)));
    value = PyLong_FromLongLong((long long)amount);
    if (value == NULL) goto fail;
    PyTuple_SetItem(entry, 3, value);
    PyTuple_SetItem(entry, 4, PyBool_FromLong(all_in));
    /* read again: making the tuple may have run a collection, and a finalizer */
    failed = h->actions != NULL && PyList_CheckExact(h->actions) ? PyList_Append(h->actions, entry) : changed();
    Py_DECREF(entry);
    return failed;
fail:
    Py_DECREF(entry);
    return -1;
}

/* Give the turn to the next seat after `after` (o8_bet_next) with the bet
 * state `v`: 1 (set), 0 (the street is over), -1 (not taken: nothing
 * changed), -2 (error set). */
static int give_turn(PyObject *self, const o8_entry_api *api, hand_state *h, const hs_ints *v, int64_t after,
                     int structure) {
    o8_turn turn;
    PyObject *legal;
    int code = turn_of(api, h->stacks, h->bets, h->folded, h->acted, h->committed, (Py_ssize_t)v->n, after, v->high,
                       v->min_raise, v->bet_count, v->cap, structure, &turn);
    if (code <= 0) return code;
    legal = make_legal(self, &turn);
    if (legal == NULL) return -2;
    HS_SET(h->legal, legal);
    return hs_put(&h->to_act, turn.seat) < 0 ? -2 : 1;
}

/* A new list of the n ints `values`. */
static PyObject *int_list(Py_ssize_t n, const int64_t *values) {
    PyObject *list = PyList_New(n);
    Py_ssize_t i;
    for (i = 0; list != NULL && i < n; i++)
        if (set_amount(list, i, values[i]) < 0) Py_CLEAR(list);
    return list;
}

/* Whether the Python path must pay the hand: its Hand._extra (a slot of the
 * Python subclass; none on a bare HandState; `(extra blinds, free folds,
 * chip)`) lists a "dead" extra blind, names a chip above 1, or is not as the
 * engine keeps it. Dead chips are no part of their poster's stake
 * (engine/_setup.py dead_chips), and a chip above 1 (Hand(chip=)) splits the
 * pots in that unit; this payout splits in single chips. 1 yes, 0 no; no
 * error set. */
static int python_pays(hand_state *h) {
    PyObject *extra = PyObject_GetAttrString((PyObject *)h, "_extra"), *blinds, *item, *kind, *chip;
    Py_ssize_t i, n;
    int dead = 0;
    if (extra == NULL) {
        PyErr_Clear();
        return 0;
    }
    if (!PyTuple_CheckExact(extra) || PyTuple_Size(extra) < 1) {
        Py_DECREF(extra);
        return 1;
    }
    blinds = PyTuple_GetItem(extra, 0);
    chip = PyTuple_Size(extra) >= 3 ? PyTuple_GetItem(extra, 2) : NULL;
    if (!PyTuple_CheckExact(blinds) || (chip != NULL && (!PyLong_CheckExact(chip) || PyLong_AsLong(chip) != 1))) {
        PyErr_Clear();
        Py_DECREF(extra);
        return 1;
    }
    n = PyTuple_Size(blinds);
    for (i = 0; i < n && !dead; i++) {
        item = PyTuple_GetItem(blinds, i);
        if (!PyTuple_CheckExact(item) || PyTuple_Size(item) != 3) {
            dead = 1;
            break;
        }
        kind = PyTuple_GetItem(item, 2);
        dead = !PyUnicode_CheckExact(kind) || PyUnicode_CompareWithASCIIString(kind, "dead") == 0;
    }
    Py_DECREF(extra);
    return dead;
}

/* The payout of a hand with no rake (Hand._finish, Hand._return_uncalled and
 * Hand._split_one_board): an uncalled bet back to its owner, then the whole
 * pot to the one player left (`showdown` 0), or every main and side pot
 * split by o8_showdown on the one board (`showdown` 1; the caller checked
 * the mode, the runs and the rake). Writes the stacks, contributions,
 * payouts, returned chips, the bets (none), the seat to act (nobody) and the
 * legal actions (None). 1 (done), 0 (not taken: nothing changed), -2 (error set). */
static int settle(const o8_entry_api *api, hand_state *h, const hs_ints *v, int showdown) {
    int64_t stack[ENGINE_MAX], put[ENGINE_MAX], won[ENGINE_MAX], pots[2 * ENGINE_MAX], size, most = -1, second = -1;
    int64_t excess = 0, total = 0, level, below = 0, chips;
    uint8_t fold[ENGINE_MAX];
    uint64_t live = 0;
    Py_ssize_t n = (Py_ssize_t)v->n, i, j, top = -1, n_pots = 0, n_levels = 0, length;
    int64_t levels[ENGINE_MAX];
    char *cards = NULL;
    PyObject *stacks, *committed, *payouts, *bets, *returned = NULL;
    int flag, single = 1;
    if (h->rake != Py_None || h->payouts != Py_None || h->returned != Py_None || python_pays(h)) return 0;
    for (i = 0; i < n; i++) {
        flag = item_flag(h->folded, i);
        if (flag < 0 || item_amount(h->stacks, i, &stack[i], 0) || item_amount(h->committed, i, &put[i], 0)) return 0;
        fold[i] = (uint8_t)flag;
        won[i] = 0;
        total += put[i];
        if (!flag) live |= (uint64_t)1 << i;
    }
    /* The uncalled chips: above what anyone else put in, of the one who put in the most. */
    for (i = 0; i < n; i++)
        if (put[i] > most) {
            second = most;
            most = put[i];
            top = i;
        } else if (put[i] > second) {
            second = put[i];
        }
    if (top >= 0 && most > second && second >= 0) {
        excess = most - second;
        put[top] -= excess;
        stack[top] += excess;
        total -= excess;
        most = second; /* the most anyone put in now */
    }
    if (!showdown) {
        for (i = 0; i < n && fold[i]; i++) {
        }
        if (i == n || v->live != 1) return 0;
        won[i] = total;
    } else {
        if (h->cards == NULL || !PyBytes_CheckExact(h->cards) || hs_int(h->hole_size, &size, 4) || size > MAX_HOLE
            || PyBytes_AsStringAndSize(h->cards, &cards, &length) < 0) {
            PyErr_Clear();
            return 0;
        }
        if (length < n * size + 5) return 0;
        /* The pots (Hand._split_one_board, showdown._side_pots): one for each stake a live player is in for. */
        for (level = -1, i = 0; i < n; i++)
            if (!fold[i]) {
                if (level >= 0 && put[i] != level) single = 0;
                level = put[i];
            }
        for (i = 0; i < n; i++)
            if (!fold[i] && put[i]) {
                for (j = 0; j < n_levels && levels[j] != put[i]; j++) {
                }
                if (j == n_levels) levels[n_levels++] = put[i];
            }
        for (i = 1; i < n_levels; i++) /* ascending */
            for (j = i; j > 0 && levels[j - 1] > levels[j]; j--) {
                level = levels[j];
                levels[j] = levels[j - 1];
                levels[j - 1] = level;
            }
        if (single) { /* live players all in for the same: one pot (folded chips are dead money in it) */
            pots[0] = total;
            pots[1] = (int64_t)live;
            n_pots = 1;
        } else {
            for (j = 0; j < n_levels; j++) {
                uint64_t eligible = 0;
                level = j == n_levels - 1 ? most : levels[j]; /* the last pot takes folded chips above every live stake */
                for (chips = 0, i = 0; i < n; i++) chips += put[i] < level ? put[i] : level;
                for (i = 0; i < n; i++)
                    if (!fold[i] && put[i] >= levels[j]) eligible |= (uint64_t)1 << i;
                pots[2 * n_pots] = chips - below;
                pots[2 * n_pots + 1] = (int64_t)eligible;
                n_pots++;
                below = chips;
            }
        }
        if (api->showdown((const uint8_t *)cards + n * size, 5, (const uint8_t *)cards, (int)size, (int)n, live,
                          (int)((v->button + 1) % n), pots, (int)n_pots, won, NULL, NULL, NULL) != 0)
            return 0;
    }
    /* Everything decided: write it. */
    for (i = 0; i < n; i++) stack[i] += won[i];
    stacks = int_list(n, stack);
    committed = stacks == NULL ? NULL : int_list(n, put);
    payouts = committed == NULL ? NULL : int_list(n, won);
    bets = payouts == NULL ? NULL : filled(n, 0);
    if (bets != NULL && excess) returned = Py_BuildValue("(nL)", top, (long long)excess);
    if (bets == NULL || (excess && returned == NULL) || hs_put(&h->to_act, -1) < 0) {
        Py_XDECREF(stacks);
        Py_XDECREF(committed);
        Py_XDECREF(payouts);
        Py_XDECREF(bets);
        Py_XDECREF(returned);
        return -2;
    }
    HS_SET(h->stacks, stacks);
    HS_SET(h->committed, committed);
    HS_SET(h->payouts, payouts);
    HS_SET(h->bets, bets);
    if (returned != NULL) HS_SET(h->returned, returned);
    HS_SET(h->legal, Py_NewRef(Py_None));
    return 1;
}

/* The showdown on one board when the mode is "all" with no rake (settle), from
 * the street the betting ended on: as Hand._end_street runs out the board
 * when nobody can bet (each street passed resets the bet state), then
 * Hand._showdown. 1 (done), 0 (not taken: nothing changed), -2 (error set). */
static int showdown_now(const o8_entry_api *api, hand_state *h, hs_ints *v) {
    int64_t runs, run_from, last;
    PyObject *fresh, *old_acted;
    int code;
    if (h->mode == NULL || !PyUnicode_CheckExact(h->mode) || PyUnicode_CompareWithASCIIString(h->mode, "all") != 0
        || hs_int(h->runs, &runs, 1) || hs_int(h->run_from, &run_from, 0) || run_from != 5
        || (runs != 1 && v->street < 3) || h->sizes == NULL || !PyTuple_CheckExact(h->sizes)
        || read_amount(PyTuple_GetItem(h->sizes, 3), &last, 0))
        return 0;
    fresh = v->street < 3 ? filled((Py_ssize_t)v->n, -1) : NULL;
    if (v->street < 3 && fresh == NULL) return -2;
    old_acted = h->acted; /* NULL when a finalizer deleted it (see act()) */
    if (fresh != NULL) {
        Py_XINCREF(old_acted);
        HS_SET(h->acted, fresh);
    }
    code = settle(api, h, v, 1);
    if (code != 1) { /* nothing else changed: put the old street state back */
        if (fresh != NULL) HS_SET(h->acted, old_acted);
        return code;
    }
    Py_XDECREF(fresh == NULL ? NULL : old_acted);
    if (fresh != NULL
        && (hs_put(&h->high, 0) < 0 || hs_put(&h->min_raise, last) < 0 || hs_put(&h->bet_count, 0) < 0
            || hs_put(&h->aggressor, -1) < 0))
        return -2;
    return hs_put(&h->street, 4) < 0 ? -2 : 1;
}

/* Whether the hand's cards (exact bytes) hold the board of the street after v->street (0..2):
 * n * hole_size + 3, 4 or 5 cards. 1 yes, 0 no (no error set). */
static int board_dealt(hand_state *h, const hs_ints *v) {
    int64_t size;
    if (h->cards == NULL || !PyBytes_CheckExact(h->cards) || hs_int(h->hole_size, &size, 4) || size > MAX_HOLE)
        return 0;
    return PyBytes_Size(h->cards) >= v->n * size + 3 + v->street;
}

/* Whether seat `s`, the seat to act, may do `kind` (ACT_*) for `amount` (the
 * call's chips, or the bet or raise total), judged on the hand's lists and
 * ints `v` by the legal rule (turn_of from the seat before s: the same turn
 * Hand._compute_legal gives): 1 yes, 0 no (or anything read not as the
 * engine keeps it; no error set). */
static const char MOVES[5][ACT_KINDS] = {
    /* O8_KINDS_FOLD_CALL_RAISE */ {1, 0, 1, 0, 1}, /* O8_KINDS_CHECK_RAISE */ {0, 1, 0, 0, 1},
    /* O8_KINDS_CHECK_BET */ {0, 1, 0, 1, 0},       /* O8_KINDS_FOLD_CALL */ {1, 0, 1, 0, 0},
    /* O8_KINDS_CHECK */ {0, 1, 0, 0, 0},
};
static int move_fits(const o8_entry_api *api, hand_state *h, const hs_ints *v, Py_ssize_t s, int structure, int kind,
                     int64_t amount) {
    o8_turn turn;
    int64_t before = (s + (Py_ssize_t)v->n - 1) % (Py_ssize_t)v->n;
    if (turn_of(api, h->stacks, h->bets, h->folded, h->acted, h->committed, (Py_ssize_t)v->n, before, v->high,
                v->min_raise, v->bet_count, v->cap, structure, &turn) != 1
        || turn.seat != s || !MOVES[turn.kinds][kind])
        return 0;
    if (kind == ACT_CALL) return amount == turn.call_amount;
    if (kind >= ACT_BET) return turn.min_raise_to <= amount && amount <= turn.max_raise_to;
    return 1;
}

/* act(hand, kind, amount): the seat to act (hand._to_act) folds (kind 0),
 * checks (1), calls `amount` (2), bets (3) or raises (4) to `amount`, as
 * Hand._act does in Python (the action already checked legal): the chips
 * moved, the action logged, then the next seat's turn and legal actions
 * (o8_bet_next), through the end of a street and the first turn of the
 * next one. Returns 0 when that is done, else what the Python side must do
 * next (Hand._after): 1 pay out (one player left), 2 find the next actor
 * after the seat that acted (one player or none can bet), 3 end the street
 * (after the river, or nobody can bet any more: the board runs out), 4 find
 * the first actor of the street just begun (from the button). None
 * (nothing changed) when the hand is not a HandState or anything it reads
 * is not as the engine keeps it: the Python path then acts.
 *
 * Releasing an object can run Python code (its finalizer; an allocation can
 * also start a collection, which runs finalizers), and that code may change
 * or delete the hand's members. So the seat's acted level and _aggressor,
 * the first objects act() replaces, must be exact ints; the old _legal (any
 * object) is released only once act() is done (act_on() hands it back in
 * *old); and every member read after anything may have run is read again
 * and checked (item_amount, item_flag, seat_list, set_amount and log_action
 * take a member that is gone or no longer a list). */
static PyObject *act_on(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject **old) {
    const o8_entry_api *api;
    hand_state *h;
    hs_ints v;
    int64_t kind, amount, stack, bet, put, added = 0, size = 0, acted_at, aggressor;
    Py_ssize_t s, n;
    int structure, all_in = 0, code, flag;
    PyObject *empty, *fresh;
    if (nargs != 3 || (api = engine_api(self)) == NULL
        || !PyObject_TypeCheck(args[0], (PyTypeObject *)PyTuple_GetItem(self, E_HAND))
        || read_amount(args[1], &kind, 0) || kind >= ACT_KINDS || read_amount(args[2], &amount, 0))
        Py_RETURN_NONE;
    h = (hand_state *)args[0];
    if (hs_int(h->n, &v.n, 2) || v.n > ENGINE_MAX || hs_int(h->button, &v.button, 0) || v.button >= v.n
        || hs_int(h->street, &v.street, 0) || v.street > 3 || hs_int(h->to_act, &v.to_act, 0) || v.to_act >= v.n
        || hs_int(h->live, &v.live, 1) || v.live > v.n || hs_int(h->able, &v.able, 0) || v.able > v.live
        || hs_int(h->high, &v.high, 0) || hs_int(h->min_raise, &v.min_raise, 0)
        || hs_int(h->bet_count, &v.bet_count, 0) || hs_int(h->cap, &v.cap, 0) || hs_int(h->aggressor, &aggressor, -1)
        || h->legal == NULL || h->rules == NULL || (structure = structure_of(self, h->rules)) < 0
        || h->actions == NULL || !PyList_CheckExact(h->actions) || h->sizes == NULL || !PyTuple_CheckExact(h->sizes)
        || PyTuple_Size(h->sizes) != 4 || (v.street < 3 && read_amount(PyTuple_GetItem(h->sizes, v.street + 1), &size, 0)))
        Py_RETURN_NONE;
    n = (Py_ssize_t)v.n;
    s = (Py_ssize_t)v.to_act;
    if (h->stacks == NULL || h->bets == NULL || h->committed == NULL || h->folded == NULL || h->acted == NULL
        || !PyList_CheckExact(h->stacks) || !PyList_CheckExact(h->bets) || !PyList_CheckExact(h->committed)
        || !PyList_CheckExact(h->folded) || !PyList_CheckExact(h->acted) || PyList_Size(h->stacks) != n
        || PyList_Size(h->bets) != n || PyList_Size(h->committed) != n || PyList_Size(h->folded) != n
        || PyList_Size(h->acted) != n || item_amount(h->stacks, s, &stack, 0) || item_amount(h->bets, s, &bet, 0)
        || item_amount(h->committed, s, &put, 0) || item_flag(h->folded, s) != 0
        || item_amount(h->acted, s, &acted_at, -1))
        Py_RETURN_NONE;
    (void)acted_at; /* read to be replaced: an exact int */
    (void)aggressor;
    /* The action judged on the hand's own state (the legal rule, o8_bet_next, from the seat before),
     * never on the LegalActions handed out: anything else is not taken (Hand._act refuses it). */
    if (!move_fits(api, h, &v, s, structure, (int)kind, amount)) Py_RETURN_NONE;
    /* What the action moves: refused (nothing changed) when it does not fit the seat. */
    if (kind == ACT_CALL) {
        added = amount;
    } else if (kind >= ACT_BET) {
        if (amount < bet) Py_RETURN_NONE;
        added = amount - bet;
    }
    if (added > stack || (kind == ACT_FOLD && (v.able < 1 || v.live < 2))) Py_RETURN_NONE;
    /* Everything read: the action. */
    if (kind == ACT_FOLD) {
        if (PyList_SetItem(h->folded, s, Py_NewRef(Py_True)) < 0) return NULL;
        v.live -= 1;
        v.able -= 1;
    } else if (kind == ACT_CHECK) {
        if (set_amount(h->acted, s, v.high) < 0) return NULL;
    } else {
        if (set_amount(h->stacks, s, stack - added) < 0 || set_amount(h->bets, s, bet + added) < 0
            || set_amount(h->committed, s, put + added) < 0)
            return NULL;
        if (kind == ACT_CALL) {
            if (set_amount(h->acted, s, v.high) < 0) return NULL;
        } else {
            if (amount - v.high >= v.min_raise) { /* a full bet or raise; a short all-in changes neither */
                if (structure != O8_BET_LIMIT) v.min_raise = amount - v.high;
                v.bet_count += 1;
            }
            v.high = amount;
            if (set_amount(h->acted, s, amount) < 0 || hs_put(&h->aggressor, (int64_t)s) < 0) return NULL;
        }
        all_in = stack == added;
        if (all_in) v.able -= 1;
    }
    if (log_action(self, h, (int)v.street, (int)kind, (int)s, kind <= ACT_CHECK ? 0 : amount, all_in) < 0) return NULL;
    *old = h->legal; /* released by act() once nothing more is read */
    h->legal = Py_NewRef(Py_None);
    if (hs_put(&h->live, v.live) < 0 || hs_put(&h->able, v.able) < 0 || hs_put(&h->high, v.high) < 0
        || hs_put(&h->min_raise, v.min_raise) < 0 || hs_put(&h->bet_count, v.bet_count) < 0)
        return NULL;
    if (v.live == 1) { /* the last player left takes the pot */
        code = settle(api, h, &v, 0);
        return code == -2 ? NULL : PyLong_FromLong(code ? AFTER_DONE : AFTER_FINISH);
    }
    if (v.able <= 1) {
        if (v.able == 1) { /* one player with chips left: they only answer a bet they have not matched */
            int64_t mine = -1, other, o;
            for (o = 0; o < v.n; o++) {
                flag = item_flag(h->folded, (Py_ssize_t)o);
                if (flag < 0 || item_amount(h->stacks, (Py_ssize_t)o, &other, 0)) return PyLong_FromLong(AFTER_NEXT_ACTOR);
                if (!flag && other) break;
            }
            if (o == v.n || item_amount(h->bets, (Py_ssize_t)o, &mine, 0)) return PyLong_FromLong(AFTER_NEXT_ACTOR);
            for (s = 0; s < n; s++) {
                flag = item_flag(h->folded, s);
                if (flag < 0 || item_amount(h->bets, s, &other, 0)) return PyLong_FromLong(AFTER_NEXT_ACTOR);
                if (other > mine && !flag) /* their turn: Hand.legal_actions works out what they may do */
                    return hs_put(&h->to_act, o) < 0 ? NULL : PyLong_FromLong(AFTER_DONE);
            }
        }
        code = showdown_now(api, h, &v); /* nobody can bet any more: the board runs out */
        return code == -2 ? NULL : PyLong_FromLong(code ? AFTER_DONE : AFTER_NEXT_ACTOR);
    }
    code = give_turn(self, api, h, &v, (int64_t)s, structure);
    if (code == 1) return PyLong_FromLong(AFTER_DONE);
    if (code == -2) return NULL;
    if (code < 0) return PyLong_FromLong(AFTER_NEXT_ACTOR); /* not taken: the Python rule decides */
    if (v.street == 3) {
        code = showdown_now(api, h, &v);
        return code == -2 ? NULL : PyLong_FromLong(code ? AFTER_DONE : AFTER_END_STREET);
    }
    /* The street is over, two or more can bet: collect and deal on (Hand._end_street), when the next
     * street's cards are there (a hand whose board is dealt by hand waits for them: Python pauses it). */
    if (!board_dealt(h, &v)) return PyLong_FromLong(AFTER_END_STREET);
    empty = filled(n, 0);
    fresh = empty == NULL ? NULL : filled(n, -1);
    if (fresh == NULL) {
        Py_XDECREF(empty);
        return NULL;
    }
    HS_SET(h->bets, empty);
    HS_SET(h->acted, fresh);
    v.street += 1;
    v.high = 0;
    v.min_raise = size;
    v.bet_count = 0;
    if (hs_put(&h->street, v.street) < 0 || hs_put(&h->high, 0) < 0 || hs_put(&h->min_raise, size) < 0
        || hs_put(&h->bet_count, 0) < 0 || hs_put(&h->aggressor, -1) < 0)
        return NULL;
    code = give_turn(self, api, h, &v, v.button, structure);
    if (code == 1) return PyLong_FromLong(AFTER_DONE);
    if (code == -2) return NULL;
    return PyLong_FromLong(code < 0 ? AFTER_FIRST_ACTOR : AFTER_END_STREET);
}

static PyObject *act(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *old = NULL, *result = act_on(self, args, nargs, &old);
    Py_XDECREF(old);
    return result;
}

/* --- play(): the built-in agents' turns in one call ---------------------
 *
 * The verbs of each kind of LegalActions.actions (O8_KINDS_* order, the
 * tuples bind_engine was given), by position. */
static const int PLAY_VERBS[5][3] = {
    {ACT_FOLD, ACT_CALL, ACT_RAISE}, {ACT_CHECK, ACT_RAISE, -1}, {ACT_CHECK, ACT_BET, -1}, {ACT_FOLD, ACT_CALL, -1},
    {ACT_CHECK, -1, -1},
};
static const int PLAY_COUNTS[5] = {3, 2, 2, 2, 1};
/* The most turns one play() call takes (far more than any hand has). */
#define PLAY_TURNS 4096

/* One float of random.Random.random (the bound method `draw`) as a double
 * in [0, 1); -1 with an error set. */
static double play_draw(PyObject *draw) {
    PyObject *value = PyObject_CallNoArgs(draw);
    double d;
    if (value == NULL) return -1.0;
    if (!PyFloat_CheckExact(value)) {
        PyErr_SetString(PyExc_TypeError, "a random agent's random() must return a float");
        Py_DECREF(value);
        return -1.0;
    }
    d = PyFloat_AsDouble(value);
    Py_DECREF(value);
    if (!(d >= 0.0 && d < 1.0)) {
        PyErr_SetString(PyExc_ValueError, "a random agent's random() must return a float in [0, 1)");
        return -1.0;
    }
    return d;
}

/* Field k (E_NAMES order) of the LegalActions `legal`, a new reference or NULL (error set). */
static PyObject *legal_field(PyObject *self, PyObject *legal, int k) {
    PyObject *slot = PyTuple_GetItem(PyTuple_GetItem(self, E_NAMES), k);
    descrgetfunc get = slot == NULL ? NULL : (descrgetfunc)PyType_GetSlot(Py_TYPE(slot), Py_tp_descr_get);
    if (get == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "a LegalActions field has no getter");
        return NULL;
    }
    return get(slot, legal, (PyObject *)Py_TYPE(legal));
}

/* The action the turn's chooser picks: *verb and *amount (the call's chips,
 * or the bet or raise total) from the kinds `kinds` (0..4) of the
 * LegalActions `legal`; `draw` a random agent's random(), None the calling
 * station. 0, -1 (not taken: nothing drawn), -2 (error set). The same
 * choices as agents.RandomAgent.choose and agents._station_choice. */
static int play_choice(PyObject *self, PyObject *legal, int kinds, PyObject *draw, int *verb, int64_t *amount) {
    int64_t values[3];
    int k, position = 0;
    for (k = 0; k < 3; k++) { /* call_amount, min_raise_to, max_raise_to */
        PyObject *field = legal_field(self, legal, k + 2);
        int bad = field == NULL ? -2 : read_amount(field, &values[k], 0);
        Py_XDECREF(field);
        if (bad) return bad == -2 ? -2 : -1;
    }
    if (values[1] > values[2]) return -1;
    if (draw != Py_None) {
        double d = play_draw(draw);
        if (d < 0.0) return -2;
        position = (int)(d * (double)PLAY_COUNTS[kinds]); /* int(random() * len(kinds)) */
    }
    *verb = PLAY_VERBS[kinds][position];
    if (draw == Py_None && *verb == ACT_FOLD) *verb = ACT_CALL; /* the station calls a bet */
    *amount = 0;
    if (*verb == ACT_CALL) {
        *amount = values[0];
    } else if (*verb >= ACT_BET) { /* min_raise_to + int(random() * (max_raise_to - min_raise_to + 1)) */
        double d = draw == Py_None ? 0.0 : play_draw(draw);
        if (d < 0.0) return -2;
        *amount = values[1] + (int64_t)(d * (double)(values[2] - values[1] + 1));
    }
    return 0;
}

/* play(hand, choosers): the turns of the seats whose chooser (choosers[seat],
 * a tuple by the hand's seats) is built in, one after the other, as the
 * Python loop of omaha8_fast.simulation would do them: a random agent's
 * random.Random.random bound method, or None for the calling station; any
 * other chooser (False: an agent that sees its view) hands the turn back.
 * Returns the seat whose turn the Python side takes (a chooser not built
 * in, anything not exactly as the engine keeps it, or PLAY_TURNS turns
 * taken), or -1 when nobody is to act; None (nothing done) when the
 * arguments are not taken. */
static PyObject *play(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *hand, *choosers, *legal_type, *all_kinds, *call_args[3];
    hand_state *h;
    int turns;
    if (nargs != 2 || !PyObject_TypeCheck(args[0], (PyTypeObject *)PyTuple_GetItem(self, E_HAND))
        || !PyTuple_CheckExact(args[1]))
        Py_RETURN_NONE;
    hand = args[0];
    choosers = args[1];
    h = (hand_state *)hand;
    legal_type = PyTuple_GetItem(self, E_TYPE);
    all_kinds = PyTuple_GetItem(self, E_KINDS);
    for (turns = 0;; turns++) {
        int64_t s, street, amount;
        int kinds, verb, code;
        PyObject *chooser, *legal, *actions, *result;
        if (hs_int(h->to_act, &s, -1)) Py_RETURN_NONE;
        if (s < 0) return PyLong_FromLong(-1);
        /* A hand ends after a bounded number of turns, but one whose members
         * were tampered with need not: hand the turn back now and then, and
         * let Ctrl-C interrupt. */
        if (turns == PLAY_TURNS) return PyLong_FromLongLong(s);
        if (PyErr_CheckSignals() < 0) return NULL;
        if (hs_int(h->street, &street, 0) || street > 3 || s >= PyTuple_Size(choosers)) return PyLong_FromLongLong(s);
        chooser = PyTuple_GetItem(choosers, (Py_ssize_t)s);
        if (chooser != Py_None && !PyCallable_Check(chooser)) return PyLong_FromLongLong(s);
        legal = h->legal == NULL || h->legal == Py_None ? PyObject_CallMethod(hand, "legal_actions", NULL)
                                                        : Py_NewRef(h->legal);
        if (legal == NULL) return NULL;
        actions = Py_TYPE(legal) == (PyTypeObject *)legal_type ? legal_field(self, legal, 1) : NULL;
        if (actions == NULL && PyErr_Occurred()) {
            Py_DECREF(legal);
            return NULL;
        }
        /* the kinds tuple bound (act made it), or an equal tuple (the Python path made it);
         * PyObject_RichCompareBool answers an identical object at once */
        for (kinds = 0; actions != NULL && PyTuple_CheckExact(actions) && kinds < 5; kinds++) {
            int equal = PyObject_RichCompareBool(actions, PyTuple_GetItem(all_kinds, kinds), Py_EQ);
            if (equal < 0) {
                Py_DECREF(actions);
                Py_DECREF(legal);
                return NULL;
            }
            if (equal) break;
        }
        if (actions == NULL || !PyTuple_CheckExact(actions)) kinds = 5;
        Py_XDECREF(actions);
        code = kinds < 5 ? play_choice(self, legal, kinds, chooser, &verb, &amount) : -1;
        Py_DECREF(legal);
        if (code == -2) return NULL;
        if (code < 0) return PyLong_FromLongLong(s);
        call_args[0] = hand;
        call_args[1] = PyLong_FromLong(verb);
        call_args[2] = PyLong_FromLongLong((long long)amount);
        result = call_args[1] == NULL || call_args[2] == NULL ? NULL : act(self, call_args, 3);
        if (result == Py_None) { /* not taken in C: Hand._act does it */
            Py_DECREF(result);
            result = PyObject_CallMethod(hand, "_act", "OO", call_args[1], call_args[2]);
        }
        Py_XDECREF(call_args[1]);
        Py_XDECREF(call_args[2]);
        if (result == NULL) return NULL;
        code = PyLong_Check(result) ? (int)PyLong_AsLong(result) : -1;
        Py_DECREF(result);
        if (code == -1 && PyErr_Occurred()) return NULL;
        if (code) { /* what is left to do: Hand._after */
            result = PyObject_CallMethod(hand, "_after", "iL", code, (long long)s);
            if (result == NULL) return NULL;
            Py_DECREF(result);
        }
    }
}

/* A new list of n copies of the object `value`. */
static PyObject *repeated(Py_ssize_t n, PyObject *value) {
    PyObject *list = PyList_New(n);
    Py_ssize_t i;
    for (i = 0; list != NULL && i < n; i++) PyList_SetItem(list, i, Py_NewRef(value));
    return list;
}

/* Chips posted: min(amount, what is left), out of *stack. */
static int64_t post(int64_t *stack, int64_t amount) {
    int64_t paid = amount < *stack ? amount : *stack;
    *stack -= paid;
    return paid;
}

/* start(hand, stacks, button, small_seat, big_seat, small_blind, big_blind,
 * ante, posts, rules, sizes, cap, cards, hole_size, mode, rake, runs): the
 * betting state of a new hand, as Hand._begin sets it in Python (the
 * settings already checked): the antes, the blinds (no small blind when
 * small_seat is -1) and the big blinds `posts` posted, then the first turn
 * after the big blind (o8_bet_next). 0 when that is done, 1 when the Python
 * side must give the first turn (Hand._next_turn), None (nothing changed)
 * when anything is not as the engine passes it. */
static PyObject *start(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    hand_state *h;
    hs_ints v;
    int64_t stack[ENGINE_MAX], bet[ENGINE_MAX], put[ENGINE_MAX], small_seat, big_seat, sb, bb, ante, seat, size;
    int64_t hole_size, runs;
    Py_ssize_t n, i, n_posts;
    int structure, code, k;
    PyObject *fields[11], *old[HS_OBJECTS], **members, *result;
    if (nargs != 17 || (api = engine_api(self)) == NULL
        || !PyObject_TypeCheck(args[0], (PyTypeObject *)PyTuple_GetItem(self, E_HAND)) || !PyTuple_CheckExact(args[1])
        || (n = PyTuple_Size(args[1])) < 2 || n > ENGINE_MAX || read_amount(args[2], &v.button, 0) || v.button >= n
        || read_amount(args[3], &small_seat, -1) || small_seat >= n || read_amount(args[4], &big_seat, 0)
        || big_seat >= n || read_amount(args[5], &sb, 0) || read_amount(args[6], &bb, 0) || read_amount(args[7], &ante, 0)
        || !PyTuple_CheckExact(args[8]) || (n_posts = PyTuple_Size(args[8])) > n
        || (structure = structure_of(self, args[9])) < 0 || !PyTuple_CheckExact(args[10]) || PyTuple_Size(args[10]) != 4
        || read_amount(PyTuple_GetItem(args[10], 0), &size, 0) || read_amount(args[11], &v.cap, 0)
        || !PyBytes_CheckExact(args[12]) || read_amount(args[13], &hole_size, 4) || hole_size > MAX_HOLE
        || !PyUnicode_CheckExact(args[14]) || read_amount(args[16], &runs, 1))
        Py_RETURN_NONE;
    (void)structure;
    for (i = 0; i < n; i++) {
        if (read_amount(PyTuple_GetItem(args[1], i), &stack[i], 1)) Py_RETURN_NONE;
        bet[i] = put[i] = 0;
    }
    for (i = 0; i < n_posts; i++)
        if (read_amount(PyTuple_GetItem(args[8], i), &seat, 0) || seat >= n) Py_RETURN_NONE;
    if (ante)
        for (i = 0; i < n; i++) put[i] = post(&stack[i], ante);
    if (small_seat >= 0) bet[small_seat] = post(&stack[small_seat], sb);
    bet[big_seat] = post(&stack[big_seat], bb);
    for (i = 0; i < n_posts; i++) {
        read_amount(PyTuple_GetItem(args[8], i), &seat, 0); /* read above */
        bet[seat] = post(&stack[seat], bb);
    }
    v.n = n;
    v.able = 0;
    for (i = 0; i < n; i++) {
        put[i] += bet[i];
        if (stack[i]) v.able++;
    }
    v.high = bb;
    v.min_raise = size;
    v.bet_count = 1;
    v.street = 0;
    v.live = n;
    /* Everything read: the state. */
    fields[0] = int_list(n, stack);
    fields[1] = int_list(n, bet);
    fields[2] = int_list(n, put);
    fields[3] = repeated(n, Py_False);
    fields[4] = filled(n, -1);
    fields[5] = PyList_New(0);
    for (k = 6; k < 11; k++) fields[k] = NULL;
    fields[6] = PyLong_FromLongLong((long long)bb);
    fields[7] = PyLong_FromLongLong((long long)size);
    fields[8] = PyLong_FromLongLong((long long)v.cap);
    fields[9] = PyLong_FromSsize_t(n);
    fields[10] = PyLong_FromLongLong((long long)v.able);
    for (k = 0; k < 11; k++)
        if (fields[k] == NULL) {
            for (k = 0; k < 11; k++) Py_XDECREF(fields[k]);
            return NULL;
        }
    h = (hand_state *)args[0];
    /* The old members (any objects, whose release may run Python code that
     * changes the hand) are released once start() has read what it needs. */
    members = hs_objects(h);
    for (k = 0; k < HS_OBJECTS; k++) {
        old[k] = members[k];
        members[k] = NULL;
    }
    HS_SET(h->stacks, fields[0]);
    HS_SET(h->bets, fields[1]);
    HS_SET(h->committed, fields[2]);
    HS_SET(h->folded, fields[3]);
    HS_SET(h->acted, fields[4]);
    HS_SET(h->actions, fields[5]);
    HS_SET(h->high, fields[6]);
    HS_SET(h->min_raise, fields[7]);
    HS_SET(h->cap, fields[8]);
    HS_SET(h->n, fields[9]);
    HS_SET(h->able, fields[10]);
    HS_SET(h->live, Py_NewRef(fields[9]));
    HS_SET(h->legal, Py_NewRef(Py_None));
    HS_SET(h->rules, Py_NewRef(args[9]));
    HS_SET(h->sizes, Py_NewRef(args[10]));
    HS_SET(h->button, Py_NewRef(args[2]));
    HS_SET(h->cards, Py_NewRef(args[12]));
    HS_SET(h->hole_size, Py_NewRef(args[13]));
    HS_SET(h->mode, Py_NewRef(args[14]));
    HS_SET(h->rake, Py_NewRef(args[15]));
    HS_SET(h->runs, Py_NewRef(args[16]));
    HS_SET(h->payouts, Py_NewRef(Py_None));
    HS_SET(h->returned, Py_NewRef(Py_None));
    if (hs_put(&h->bet_count, 1) < 0 || hs_put(&h->street, 0) < 0 || hs_put(&h->to_act, -1) < 0
        || hs_put(&h->aggressor, -1) < 0 || hs_put(&h->run_from, 5) < 0)
        code = -2;
    else
        code = v.able <= 1 ? 0 : give_turn(self, api, h, &v, big_seat, structure);
    result = code == -2 ? NULL : PyLong_FromLong(code == 1 ? 0 : 1);
    for (k = 0; k < HS_OBJECTS; k++) Py_XDECREF(old[k]);
    return result;
}

static PyMethodDef ENGINE[] = {
    {"next_turn", (PyCFunction)(void (*)(void))next_turn, METH_FASTCALL,
     "next_turn(stacks, bets, folded, acted, committed, after, high, min_raise, bet_count, cap, rules): "
     "the next seat's LegalActions, False at the end of the street, None when the Python path must answer."},
    {"deal", (PyCFunction)(void (*)(void))deal, METH_FASTCALL,
     "deal(bits, count): the first count cards of a deck shuffled from bits (bytes), None when not taken."},
    {"split", (PyCFunction)(void (*)(void))split, METH_FASTCALL,
     "split(cards, n, hole_size, live, first, pots): the payouts of one board's showdown, or None."},
    {"act", (PyCFunction)(void (*)(void))act, METH_FASTCALL,
     "act(hand, kind, amount): one action of the seat to act, its chips, log and the next turn; 0 when done, "
     "else what the Python side does next, None when the Python path must act."},
    {"start", (PyCFunction)(void (*)(void))start, METH_FASTCALL,
     "start(hand, stacks, button, small_seat, big_seat, small_blind, big_blind, ante, posts, rules, sizes, cap, "
     "cards, hole_size, mode, rake, runs): a new hand's betting state and first turn; 0 when done, 1 when the "
     "Python side gives the first turn, None when the Python path must set it."},
    {"play", (PyCFunction)(void (*)(void))play, METH_FASTCALL,
     "play(hand, choosers): the turns of the seats with a built-in chooser (a random.Random.random bound method: "
     "the random agent; None: the calling station); the seat whose turn the Python side takes, -1 when nobody is "
     "to act, None when not taken."},
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

/* bind_engine(address, legal_type, slots, kinds, rules, streets, verbs):
 * (next_turn, deal, split, act, start, play, HandState) bound to the table at `address`;
 * next_turn and act make `legal_type` objects (whose 5 attributes are set
 * through `slots`, the descriptors of seat, actions, call amount, minimum
 * and maximum raise) with the actions of `kinds` (5 tuples, in O8_KINDS_*
 * order), the structure read from `rules` (the 3 rules objects, in O8_BET_*
 * order); act logs the street names `streets` (5 str) and the kinds `verbs`
 * (fold, check, call, bet, raise: 5 str). HandState is a new type each call
 * (the base class of the hands act() takes). On free-threaded CPython act,
 * start and play are None (the Python path acts). */
static PyObject *bind_engine(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    const o8_entry_api *api;
    PyObject *capsule, *name, *self, *out, *hand_type;
    Py_ssize_t k;
    if (nargs != E_GIVEN + 1) {
        PyErr_SetString(PyExc_TypeError,
                        "bind_engine() takes (address, legal_type, slots, kinds, rules, streets, verbs)");
        return NULL;
    }
    api = table_at(args[0]);
    if (api == NULL) return NULL;
    if (!PyType_Check(args[1]) || !PyTuple_CheckExact(args[2]) || PyTuple_Size(args[2]) != 5
        || !PyTuple_CheckExact(args[3]) || PyTuple_Size(args[3]) != 5 || !PyTuple_CheckExact(args[4])
        || PyTuple_Size(args[4]) != 3 || !PyTuple_CheckExact(args[5]) || PyTuple_Size(args[5]) != 5
        || !PyTuple_CheckExact(args[6]) || PyTuple_Size(args[6]) != ACT_KINDS) {
        PyErr_SetString(PyExc_TypeError, "bind_engine(): a type, 5 slot descriptors, 5 kinds tuples, 3 rules, "
                                         "5 street names and 5 action kinds");
        return NULL;
    }
    for (k = 0; k < 5; k++)
        if (PyType_GetSlot(Py_TYPE(PyTuple_GetItem(args[2], k)), Py_tp_descr_set) == NULL
            || !PyTuple_CheckExact(PyTuple_GetItem(args[3], k)) || !PyUnicode_CheckExact(PyTuple_GetItem(args[5], k))
            || !PyUnicode_CheckExact(PyTuple_GetItem(args[6], k))) {
            PyErr_SetString(PyExc_TypeError, "bind_engine(): the fields must be data descriptors, the kinds tuples, "
                                             "the names str");
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
    for (k = 1; k <= E_GIVEN; k++) PyTuple_SetItem(self, k, Py_NewRef(args[k]));
    hand_type = PyType_FromSpec(&HS_SPEC);
    if (hand_type == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    PyTuple_SetItem(self, E_HAND, hand_type); /* steals */
    name = PyModule_GetNameObject(module);
    out = name == NULL ? NULL : PyTuple_New((Py_ssize_t)(sizeof ENGINE / sizeof ENGINE[0]) + 1);
    for (k = 0; out != NULL && k < (Py_ssize_t)(sizeof ENGINE / sizeof ENGINE[0]); k++) {
        PyObject *function;
#ifdef Py_GIL_DISABLED
        /* act, start and play read the hand's members in place, which another thread
         * may replace meanwhile: without the GIL the Python path acts. */
        if (ENGINE[k].ml_meth == (PyCFunction)(void (*)(void))act
            || ENGINE[k].ml_meth == (PyCFunction)(void (*)(void))start
            || ENGINE[k].ml_meth == (PyCFunction)(void (*)(void))play) {
            PyTuple_SetItem(out, k, Py_NewRef(Py_None));
            continue;
        }
#endif
        function = PyCFunction_NewEx(&ENGINE[k], self, name);
        if (function == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SetItem(out, k, function);
    }
    if (out != NULL) PyTuple_SetItem(out, k, Py_NewRef(hand_type));
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
     "(private: omaha8_fast.histories._pokerstars; see csrc/cpython/hh_records.c)."},
    {"bind_engine", (PyCFunction)(void (*)(void))bind_engine, METH_FASTCALL,
     "bind_engine(address, legal_type, slots, kinds, rules, streets, verbs): (next_turn, deal, split, act, "
     "start, HandState) bound to the o8_entry_api at address (private: omaha8_fast.engine)."},
    {NULL, NULL, 0, NULL},
};

/* Free-threaded CPython (3.13t on; Py_mod_gil exists from 3.13): the module
 * keeps no shared mutable state (the HandState depth counters are
 * thread-local; act/start/play are left to Python there, see bind_engine),
 * so it runs without the GIL. Without the slot, importing it would turn the
 * GIL back on. */
static PyModuleDef_Slot SLOTS[] = {
#if defined(Py_GIL_DISABLED) && defined(Py_mod_gil)
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
