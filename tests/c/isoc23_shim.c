/* The two glibc 2.38 symbols that the bochscpu-python wheel asks for, for an
 * older glibc (tests/bochs_run.py loads this first; a newer glibc keeps its
 * own, which come first). They differ from the old ones only on "0b" input. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

unsigned long long __isoc23_strtoull(const char *s, char **end, int base);
int __isoc23_sscanf(const char *s, const char *format, ...);

unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }

int __isoc23_sscanf(const char *s, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsscanf(s, format, args);
    va_end(args);
    return n;
}
