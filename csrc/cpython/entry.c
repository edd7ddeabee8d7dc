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
 * Each function takes exactly (hole, board) and returns its result, or None
 * for anything it does not take: other types than two lists, two tuples or
 * two str, int subclasses (bool included), values outside 0..51, wrong
 * sizes, repeated cards, text its parser does not read, non-UTF-8-encodable
 * str. The Python wrapper then runs the general path, which raises the
 * error naming the problem. It never raises itself (except MemoryError).
 */
#include <Python.h>
#include <string.h>

#include "entry_api.h"

#define MAX_HOLE 6
#define MAX_BOARD 5

static const char CAPSULE_NAME[] = "omaha8_fast._entry.api";

/* Up to `max` card ids from a list or tuple of exact ints 0..51 into out;
 * the count, or -1 (not taken here). */
static int read_ids(PyObject *cards, int is_list, uint8_t *out, int max) {
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
        if (PyLong_CheckExact(item)) { /* not bool, not an int subclass */
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
        int nh = read_ids(hole, is_list, h, MAX_HOLE);
        int nb = nh < 4 ? -1 : read_ids(board, is_list, b, MAX_BOARD);
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

/* Static and never written: the bound functions point at them. */
static PyMethodDef BOUND[] = {
    {"hilo", (PyCFunction)(void (*)(void))hilo, METH_FASTCALL,
     "hilo(hole, board): (high, low or None), or None when the general path must answer."},
    {"high", (PyCFunction)(void (*)(void))high, METH_FASTCALL,
     "high(hole, board): the high class, or None when the general path must answer."},
};

/* bind(address): the entry points on the o8_entry_api at `address` (an int
 * from _core's o8_entry_table()), as a tuple (hilo, high). */
static PyObject *bind(PyObject *module, PyObject *address) {
    const o8_entry_api *api;
    PyObject *capsule, *name, *out;
    size_t i;
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
        || !api->eval || !api->eval_text || !api->eval_high) {
        PyErr_SetString(PyExc_ValueError, "bind(): not an o8_entry_api of this version (rebuild the package)");
        return NULL;
    }
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

static PyMethodDef METHODS[] = {
    {"bind", bind, METH_O,
     "bind(address): (hilo, high) bound to the o8_entry_api at address (private: omaha8_fast.evaluator)."},
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
