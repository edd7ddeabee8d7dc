/* hh_records.h -- the one entry point of csrc/cpython/hh_records.c (see there). */
#ifndef OMAHA8_HH_RECORDS_H
#define OMAHA8_HH_RECORDS_H
#include <Python.h>

PyObject *o8_hh_records(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
