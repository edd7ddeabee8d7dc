#!/usr/bin/env bash
# The portable proof of the C core, run by .ci/run (about 50 s on 2 cores
# once zig's cache is warm):
#
#   bash .ci/portable.sh PYTHON
#
# PYTHON is a venv's interpreter with omaha8_fast installed (its
# evaluate_hilo is the oracle of a subset) into which ziglang (zig's clang and
# C libraries, from PyPI) is installed if missing. Builds the standalone
# checker csrc/tools/o8check.c natively (cc) and, with zig cc, statically for
# aarch64-linux-musl and s390x-linux-musl (big-endian), runs each (the cross
# builds under qemu-user, installed with apt-get if missing) on the same
# 20,000 seeded random deals and 120 Monte Carlo equity jobs with every kernel
# it can run (NEON on aarch64; scalar, AVX2, AVX-512 natively where the CPU has
# them), and requires every output to be byte for byte the native scalar one.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PY=${1:-python3}
START=$SECONDS
DEALS=${O8CHECK_DEALS:-20000}
JOBS=${O8CHECK_JOBS:-120}
SEED=${O8CHECK_SEED:-29}
W=$(mktemp -d "${TMPDIR:-/tmp}/o8-portable.XXXXXX")
trap 'rm -rf "$W"' EXIT
die() { echo "portable: $*" >&2; exit 1; }

"$PY" -c 'import ziglang' 2> /dev/null || "$PY" -m pip install -q ziglang
if ! command -v qemu-aarch64 > /dev/null || ! command -v qemu-s390x > /dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq qemu-user > /dev/null
    else sudo apt-get install -y -qq qemu-user > /dev/null; fi
fi
ZIG=("$PY" -m ziglang cc)
echo "zig $("$PY" -m ziglang version), $(qemu-aarch64 --version | head -1)"

# A copy of csrc/ (the tables are generated into it, not into the checkout).
cp -R "$REPO/csrc" "$W/csrc"
rm -f "$W/csrc/eval/tables.c"
"$PY" "$W/csrc/eval/gen_tables.py" "$W/csrc/eval/tables.c"

# The three builds side by side, at -O1: the native one compiles the AVX-512
# kernel, the slowest file, in half the time of -O2 (the outputs are the
# same at any level; that is the point of the check).
export O8CHECK_OPT=${O8CHECK_OPT:--O1}
build() {  # NAME COMPILER...
    local name=$1
    shift
    bash "$W/csrc/tools/build_o8check.sh" "$W/o8check-$name" "$@" > "$W/build-$name.log" 2>&1 \
        || { cat "$W/build-$name.log"; return 1; }
}
build native "${CC:-cc}" & native=$!
# The cross builds take the strict warnings of tests/c/compile_check.sh:
# they are its aarch64 (NEON) and big-endian compile checks.
STRICT=(-Wall -Wextra -Wpedantic -Werror)
build aarch64 "${ZIG[@]}" -target aarch64-linux-musl -static "${STRICT[@]}" & aarch64=$!
build s390x "${ZIG[@]}" -target s390x-linux-musl -static "${STRICT[@]}" & s390x=$!
wait "$native" || die "native build failed"
wait "$aarch64" || die "aarch64 build failed"
wait "$s390x" || die "s390x build failed"
echo "built in $((SECONDS - START)) s"

(cd "$W" && "$PY" "$REPO/.ci/portable_deals.py" deals "$DEALS" "$SEED" > deals.txt \
    && "$PY" "$REPO/.ci/portable_deals.py" jobs "$JOBS" "$SEED" > jobs.txt)

run() {  # ARCH ARGS...: the checker of ARCH, under qemu for a cross build
    local arch=$1
    shift
    case $arch in
        native) "$W/o8check-native" "$@" ;;
        *) "qemu-$arch" "$W/o8check-$arch" "$@" ;;
    esac
}

OMAHA8_KERNEL=scalar run native < "$W/deals.txt" > "$W/want.txt"
OMAHA8_KERNEL=scalar run native --equity 2048 < "$W/jobs.txt" > "$W/want-equity.txt"
grep -q error "$W/want.txt" "$W/want-equity.txt" && die "the checker refused a generated deal or job"
for arch in native aarch64 s390x; do
    kernels=$(run "$arch" --kernels | tr '\n' ' ')
    for k in $kernels; do
        OMAHA8_KERNEL=$k run "$arch" < "$W/deals.txt" > "$W/got.txt" || die "$arch $k: o8check failed"
        cmp "$W/want.txt" "$W/got.txt" || die "$arch, kernel $k: deals differ from the native scalar kernel"
        OMAHA8_KERNEL=$k run "$arch" --equity 2048 < "$W/jobs.txt" > "$W/got.txt" || die "$arch $k: o8check --equity failed"
        cmp "$W/want-equity.txt" "$W/got.txt" || die "$arch, kernel $k: equity differs from the native scalar kernel"
    done
    echo "ok    $arch: kernels ${kernels% }: $DEALS deals and $JOBS equity jobs identical to the native scalar kernel"
done
(cd "$W" && "$PY" "$REPO/.ci/portable_deals.py" check deals.txt want.txt 10)
echo "portable stage: $((SECONDS - START)) s"
