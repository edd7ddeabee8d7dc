#!/usr/bin/env bash
# Builds the standalone checker csrc/tools/o8check.c from csrc/ alone:
#
#   bash csrc/tools/build_o8check.sh OUT [COMPILER [ARGS...]]
#
# COMPILER defaults to $CC or cc; ARGS are added to the command (a cross
# target, -static, ...); O8CHECK_OPT replaces -O2. Generates csrc/eval/tables.c first when it is
# missing (with $PYTHON, default python3). The command it runs, from the
# repository root:
#
#   cc -O2 -std=c11 -Icsrc -o OUT csrc/tools/o8check.c \
#       csrc/eval/*.c csrc/equity/*.c csrc/engine/*.c csrc/histories/*.c -lm
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT [COMPILER [ARGS...]]" >&2; exit 2; }
OUT=$(realpath -m "$1")
shift
[ $# -ge 1 ] || set -- "${CC:-cc}"
cd "$ROOT"
[ -f csrc/eval/tables.c ] || "${PYTHON:-python3}" csrc/eval/gen_tables.py csrc/eval/tables.c
"$@" "${O8CHECK_OPT:--O2}" -std=c11 -Icsrc -o "$OUT" csrc/tools/o8check.c \
    csrc/eval/*.c csrc/equity/*.c csrc/engine/*.c csrc/histories/*.c -lm
