/* hh_records.c -- omaha8_fast._entry.hh_records: the Python records of a
 * PokerStars hand from what o8_hh_scan (csrc/histories/hh_scan.c) wrote.
 *
 * hh_records(body, values, hole_size, names) takes the hand's text (str),
 * the list of ints o8_hh_scan wrote (its layout: write_out in hh_scan.c),
 * the game's hole size and a tuple of the 11 str the records use (the 4
 * streets, the 5 action kinds, the 2 blinds, in _pokerstars' order). It
 * returns (seats, posts, actions, shown, collected, returned, breakdown,
 * holes, board, hero, total, rake) in the forms _pokerstars._scanned
 * documents, or None for anything else: other types, a layout that does not
 * add up, an index or offset out of range, a card out of 0..51, a card
 * dealt twice, a hole of the wrong size, no total. It never raises (except
 * MemoryError). Every tuple it makes holds only str, int, bool, None and
 * tuples it made, so it leaves none of them tracked by the garbage
 * collector, as the collector itself would at its next pass (the reader
 * keeps hands by the hundred thousand).
 */
#include <Python.h>

#include "cpython/hh_records.h"

#define N_NAMES 11 /* 4 streets, 5 action kinds, 2 blinds */
#define MAX_SEATS 10
#define MAX_HOLE 6
#define MAX_VALUES 4096
#define HEAD 17

typedef struct {
    const long long *v;
    Py_ssize_t n;
    PyObject *body;
    Py_ssize_t body_len;
    PyObject *const *names; /* the 11 constants */
    PyObject *seat_names[MAX_SEATS];
    long long n_seats;
} ctx;

/* A new tuple of `n` items stolen from items[] (NULL items: a failure),
 * untracked; NULL on failure, with every item released. */
static PyObject *tuple_of(PyObject **items, Py_ssize_t n) {
    PyObject *t;
    Py_ssize_t k;
    for (k = 0; k < n; k++)
        if (items[k] == NULL) break;
    t = k == n ? PyTuple_New(n) : NULL;
    if (t == NULL) {
        for (k = 0; k < n; k++) Py_XDECREF(items[k]);
        return NULL;
    }
    for (k = 0; k < n; k++) PyTuple_SetItem(t, k, items[k]);
    PyObject_GC_UnTrack(t);
    return t;
}

static PyObject *num(long long x) { return PyLong_FromLongLong(x); }

static PyObject *ref(PyObject *o) {
    Py_INCREF(o);
    return o;
}

static PyObject *flag(long long x) { return ref(x ? Py_True : Py_False); }

/* The name of seat `s` (a new reference), or NULL (out of range). */
static PyObject *seat(const ctx *c, long long s) {
    return s >= 0 && s < c->n_seats ? ref(c->seat_names[s]) : NULL;
}

/* body[a:b], or NULL (out of range, or a Python error). */
static PyObject *slice(const ctx *c, long long a, long long b) {
    if (a < 0 || b < a || b > c->body_len) return NULL;
    return PyUnicode_Substring(c->body, (Py_ssize_t)a, (Py_ssize_t)b);
}

/* `count` records of `width` values each from v[*at]: a tuple of the
 * tuples make(c, row) returns; NULL when one is NULL. */
static PyObject *rows(ctx *c, Py_ssize_t *at, long long count, Py_ssize_t width,
                      PyObject *(*make)(ctx *, const long long *)) {
    PyObject *out = PyTuple_New((Py_ssize_t)count);
    Py_ssize_t k;
    if (out == NULL) return NULL;
    for (k = 0; k < (Py_ssize_t)count; k++) {
        PyObject *row = make(c, c->v + *at + k * width);
        if (row == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SetItem(out, k, row);
    }
    *at += (Py_ssize_t)count * width;
    PyObject_GC_UnTrack(out);
    return out;
}

static PyObject *const_name(const ctx *c, long long index, long long first, long long count) {
    return index >= 0 && index < count ? ref(c->names[first + index]) : NULL;
}

static PyObject *seat_row(ctx *c, const long long *r) { /* number, name at, name end, stack, out */
    PyObject *items[4];
    if (r[3] < 0) return NULL;
    items[0] = num(r[0]), items[1] = slice(c, r[1], r[2]), items[2] = num(r[3]), items[3] = flag(r[4]);
    return tuple_of(items, 4);
}

static PyObject *post_row(ctx *c, const long long *r) { /* seat, kind, amount, line */
    PyObject *items[6];
    items[0] = seat(c, r[0]), items[1] = const_name(c, r[1], 9, 2), items[2] = num(r[2]);
    items[3] = ref(Py_False), items[4] = num(0), items[5] = num(r[3]);
    return tuple_of(items, 6);
}

static PyObject *action_row(ctx *c, const long long *r) { /* street, seat, kind, amount, added, all-in, line */
    PyObject *items[7];
    items[0] = const_name(c, r[0], 0, 4), items[1] = seat(c, r[1]), items[2] = const_name(c, r[2], 4, 5);
    items[3] = num(r[3]), items[4] = num(r[4]), items[5] = flag(r[5]), items[6] = num(r[6]);
    return tuple_of(items, 7);
}

static PyObject *shown_row(ctx *c, const long long *r) { /* seat, line, out, desc at, desc end, n, cards[6] */
    PyObject *items[5 + MAX_HOLE];
    long long k, n = r[5];
    if (n < 1 || n > MAX_HOLE) return NULL;
    for (k = 0; k < n; k++)
        if (r[6 + k] < 0 || r[6 + k] > 51) return NULL;
    items[0] = seat(c, r[0]);
    items[1] = r[3] == -1 && r[4] == -1 ? ref(Py_None) : slice(c, r[3], r[4]);
    items[2] = num(1), items[3] = num(r[1]), items[4] = num(r[2]);
    for (k = 0; k < n; k++) items[5 + k] = num(r[6 + k]);
    return tuple_of(items, (Py_ssize_t)(5 + n));
}

static PyObject *collected_row(ctx *c, const long long *r) { /* seat, amount, pot at, pot end, line */
    PyObject *items[5];
    items[0] = seat(c, r[0]), items[1] = num(r[1]), items[2] = slice(c, r[2], r[3]);
    items[3] = num(1), items[4] = num(r[4]);
    return tuple_of(items, 5);
}

static PyObject *returned_row(ctx *c, const long long *r) { /* seat, amount */
    PyObject *items[2];
    items[0] = seat(c, r[0]), items[1] = num(r[1]);
    return tuple_of(items, 2);
}

/* The values v[at..at+n) as a tuple of ints. */
static PyObject *ints(ctx *c, Py_ssize_t at, Py_ssize_t n) {
    PyObject *items[MAX_SEATS * (2 + MAX_HOLE)];
    Py_ssize_t k;
    if (n > (Py_ssize_t)(sizeof items / sizeof items[0])) return NULL;
    for (k = 0; k < n; k++) items[k] = num(c->v[at + k]);
    return tuple_of(items, n);
}

/* The hole cards, flat: (name, count, *cards, name, ...); the cards must
 * be hole_size each, and no card of them or of the board twice. */
static PyObject *holes(ctx *c, Py_ssize_t at, long long count, long long hole_size, uint64_t used) {
    PyObject *items[MAX_SEATS * (2 + MAX_HOLE)];
    Py_ssize_t n = 0, k;
    long long h, j;
    for (h = 0; h < count; h++) {
        const long long *r = c->v + at + h * (2 + MAX_HOLE);
        if (r[1] != hole_size) break;
        for (j = 0; j < hole_size; j++) {
            if (r[2 + j] < 0 || r[2 + j] > 51 || (used >> r[2 + j] & 1)) break;
            used |= (uint64_t)1 << r[2 + j];
        }
        if (j < hole_size) break;
        items[n++] = seat(c, r[0]);
        items[n++] = num(hole_size);
        for (j = 0; j < hole_size; j++) items[n++] = num(r[2 + j]);
    }
    if (h < count) {
        for (k = 0; k < n; k++) Py_XDECREF(items[k]);
        return NULL;
    }
    return tuple_of(items, n);
}

PyObject *o8_hh_records(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    long long v[MAX_VALUES], n_seats, n_posts, n_actions, n_shown, n_collected, n_returned, n_breakdown, n_holes;
    long long hole_size, board_len, k;
    PyObject *out[12] = {NULL};
    Py_ssize_t n, at, i;
    uint64_t used = 0;
    ctx c;
    (void)module;
    memset(&c, 0, sizeof c);
    if (nargs != 4 || !PyUnicode_CheckExact(args[0]) || !PyList_CheckExact(args[1]) || !PyLong_CheckExact(args[2])
        || !PyTuple_CheckExact(args[3]) || PyTuple_Size(args[3]) != N_NAMES)
        Py_RETURN_NONE;
    n = PyList_Size(args[1]);
    if (n < HEAD || n > MAX_VALUES) Py_RETURN_NONE;
    for (i = 0; i < n; i++) {
        PyObject *item = PyList_GetItem(args[1], i);
        int overflow = 0;
        if (item == NULL || !PyLong_CheckExact(item)) {
            PyErr_Clear();
            Py_RETURN_NONE;
        }
        v[i] = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (overflow || (v[i] == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            Py_RETURN_NONE;
        }
    }
    hole_size = PyLong_AsLongLong(args[2]);
    if (hole_size < 2 || hole_size > MAX_HOLE) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    for (i = 0; i < N_NAMES; i++)
        if (!PyUnicode_CheckExact(PyTuple_GetItem(args[3], i))) Py_RETURN_NONE;
    n_seats = v[0], n_posts = v[1], n_actions = v[2], n_shown = v[3], n_collected = v[4], n_returned = v[5];
    n_breakdown = v[6], n_holes = v[7], board_len = v[11];
    if (n_seats < 2 || n_seats > MAX_SEATS || n_posts < 0 || n_posts > 64 || n_actions < 0 || n_actions > 512
        || n_shown < 0 || n_shown > 64 || n_collected < 0 || n_collected > 64 || n_returned < 0 || n_returned > 64
        || n_breakdown < 0 || n_breakdown > 64 || n_holes < 0 || n_holes > n_seats || board_len < 0 || board_len > 5
        || v[8] < 0 || v[9] < 0)
        Py_RETURN_NONE;
    if (HEAD + 5 * n_seats + 4 * n_posts + 7 * n_actions + (5 + 1 + MAX_HOLE) * n_shown + 5 * n_collected
            + 2 * n_returned + n_breakdown + (2 + MAX_HOLE) * n_holes != n)
        Py_RETURN_NONE;
    for (k = 0; k < board_len; k++) {
        if (v[12 + k] < 0 || v[12 + k] > 51 || (used >> v[12 + k] & 1)) Py_RETURN_NONE;
        used |= (uint64_t)1 << v[12 + k];
    }
    c.v = v, c.n = n, c.body = args[0], c.body_len = PyUnicode_GetLength(args[0]);
    {
        PyObject *names[N_NAMES]; /* borrowed from the tuple, alive for the call */
        for (i = 0; i < N_NAMES; i++) names[i] = PyTuple_GetItem(args[3], i);
        c.names = names;
        at = HEAD;
        for (k = 0; k < n_seats; k++, at += 5) {
            c.seat_names[k] = slice(&c, v[at + 1], v[at + 2]);
            if (c.seat_names[k] == NULL) break;
        }
        c.n_seats = k;
        at = HEAD;
        if (k == n_seats) {
            out[0] = rows(&c, &at, n_seats, 5, seat_row);
            out[1] = out[0] ? rows(&c, &at, n_posts, 4, post_row) : NULL;
            out[2] = out[1] ? rows(&c, &at, n_actions, 7, action_row) : NULL;
            out[3] = out[2] ? rows(&c, &at, n_shown, 5 + 1 + MAX_HOLE, shown_row) : NULL;
            out[4] = out[3] ? rows(&c, &at, n_collected, 5, collected_row) : NULL;
            out[5] = out[4] ? rows(&c, &at, n_returned, 2, returned_row) : NULL;
            out[6] = out[5] ? ints(&c, at, (Py_ssize_t)n_breakdown) : NULL;
            at += (Py_ssize_t)n_breakdown;
            out[7] = out[6] ? holes(&c, at, n_holes, hole_size, used) : NULL;
            out[8] = out[7] ? ints(&c, 12, (Py_ssize_t)board_len) : NULL;
            out[9] = out[8] ? (v[10] == -1 ? ref(Py_None) : seat(&c, v[10])) : NULL;
            out[10] = out[9] ? num(v[8]) : NULL;
            out[11] = out[10] ? num(v[9]) : NULL;
        }
        for (k = 0; k < c.n_seats; k++) Py_DECREF(c.seat_names[k]);
    }
    if (out[11] != NULL) {
        PyObject *result = PyTuple_New(12);
        if (result != NULL) {
            for (i = 0; i < 12; i++) PyTuple_SetItem(result, i, out[i]);
            return result;
        }
    }
    for (i = 0; i < 12; i++) Py_XDECREF(out[i]);
    if (PyErr_Occurred()) return NULL; /* MemoryError */
    Py_RETURN_NONE;
}
