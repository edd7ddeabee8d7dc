/* o8_port.h -- the C core's compiler builtins and portability helpers, all of
 * them: no other file of csrc/ names a __builtin_, an __attribute__, a
 * __declspec or a compiler pragma. Portable C11 plus, per compiler:
 *
 *   GCC and clang        the __GNUC__ branches (builtins, attributes);
 *   MSVC                 _MSC_VER without __clang__ (O8_MSVC): intrinsics of
 *                        <intrin.h>, __forceinline, __declspec;
 *   clang-cl             _MSC_VER with __clang__: the MSVC branch for
 *                        O8_INLINE and o8_ctz/o8_ctz64/o8_clz/o8_clz64, the
 *                        GCC-style one for everything else (it takes both).
 *
 * Included by eval/eval_inline.h, eval/tables.h and eval/kernels.h, so by
 * every file that evaluates; needs <stdint.h> only (and <intrin.h> with
 * _MSC_VER), so freestanding builds can include it.
 */
#ifndef OMAHA8_PORT_H
#define OMAHA8_PORT_H
#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#define O8_MSVC 1
#else
#define O8_MSVC 0
#endif

#if defined(_MSC_VER)
#include <intrin.h>
#endif

/* ---- inlining and alignment ------------------------------------------------ */

/* A static function inlined into every caller. */
#if defined(_MSC_VER)
#define O8_INLINE static __forceinline
#else
#define O8_INLINE static inline __attribute__((always_inline))
#endif

/* A function never inlined. */
#if O8_MSVC
#define O8_NOINLINE __declspec(noinline)
#else
#define O8_NOINLINE __attribute__((noinline))
#endif

/* On the definition of a table whose rows start on cache lines (O8_HIGH). */
#if O8_MSVC
#define O8_ALIGN64 __declspec(align(64))
#else
#define O8_ALIGN64 __attribute__((aligned(64)))
#endif

/* Branch hints: O8_LIKELY(x) and O8_UNLIKELY(x) are x (0 or 1) for the compiler
 * to lay out the likely path first; plain x where there is no hint. */
#if defined(__GNUC__)
#define O8_LIKELY(x) __builtin_expect(!!(x), 1)
#define O8_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define O8_LIKELY(x) (!!(x))
#define O8_UNLIKELY(x) (!!(x))
#endif

/* Before a loop: unroll it n times (a whole loop of up to n steps), where the
 * compiler takes the request (GCC and clang); nothing elsewhere. */
#if defined(__GNUC__)
#define O8_PRAGMA(text) _Pragma(#text)
#define O8_UNROLL(n) O8_PRAGMA(GCC unroll n)
#else
#define O8_UNROLL(n)
#endif

/* ---- x86-64 SIMD: target attributes, CPU features -------------------------- */

/* Compilers whose intrinsics work in a function compiled for more than the
 * module's instruction set (MSVC always; GCC from 5 and clang by the target
 * attribute below), on x86-64: the SIMD kernels exist there only. */
#if (defined(__x86_64__) || defined(_M_X64)) \
    && (defined(_MSC_VER) || defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 5))
#define O8_X86_TARGETS 1
#else
#define O8_X86_TARGETS 0
#endif

/* AArch64 (GCC, clang, MSVC for ARM64): NEON (Advanced SIMD) is part of the
 * base instruction set, so its kernels need no attribute and no CPU check. */
#if defined(__aarch64__) || defined(_M_ARM64)
#define O8_ARM64_NEON 1
#else
#define O8_ARM64_NEON 0
#endif

/* O8_TARGET_ATTR("avx2,popcnt"): compile one function for those instruction
 * set extensions (never the module: no -march). MSVC needs no attribute. */
#if O8_MSVC
#define O8_TARGET_ATTR(isa)
#else
#define O8_TARGET_ATTR(isa) __attribute__((target(isa)))
#endif

/* GCC on x86-64 glibc: a function built twice, for CPUs with the popcnt
 * instruction and for any x86-64, the loader picking one at run time
 * (target_clones: an ifunc, which glibc has and musl has not). Elsewhere
 * O8_POPCNT_CLONES is nothing and O8_HAVE_POPCNT_CLONES 0. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) && defined(__GLIBC__)
#define O8_HAVE_POPCNT_CLONES 1
#define O8_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define O8_HAVE_POPCNT_CLONES 0
#define O8_POPCNT_CLONES
#endif

/* o8_cpu_supports("avx2"): whether the CPU (and the OS) run those
 * instructions, from the feature bits GCC's and clang's run time fill in
 * before main (x86 feature names). MSVC asks cpuid and xgetbv instead
 * (__cpuid, __cpuidex, _xgetbv of <intrin.h>, see eval/eval.c). */
#if !O8_MSVC
#define o8_cpu_supports(feature) __builtin_cpu_supports(feature)
#endif

/* o8_cpu_amd_family_19h(): whether the CPU is an AMD of family 19h (Zen 3,
 * Zen 4). GCC and clang answer from the data their run time filled in
 * before main, as for o8_cpu_supports (no cpuid per call); MSVC asks cpuid
 * (vendor "AuthenticAMD", then the family). x86 targets only. */
#if O8_X86_TARGETS && O8_MSVC
static __forceinline int o8_cpu_amd_family_19h(void) {
    int r[4];
    unsigned family;
    __cpuid(r, 0);
    if (r[1] != 0x68747541 || r[3] != 0x69746e65 || r[2] != 0x444d4163) return 0;
    __cpuid(r, 1);
    family = (unsigned)r[0] >> 8 & 0xF;
    if (family == 0xF) family += (unsigned)r[0] >> 20 & 0xFF;
    return family == 0x19;
}
#elif O8_X86_TARGETS
#define o8_cpu_amd_family_19h() (__builtin_cpu_is("amdfam19h") != 0)
#endif

/* ---- bits ------------------------------------------------------------------ */

/* Index of the lowest (ctz) or highest (31 - clz, 63 - clz) set bit; x must
 * not be 0. */
#if defined(_MSC_VER)
static __forceinline int o8_ctz(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
static __forceinline int o8_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static __forceinline int o8_clz(uint32_t x) { unsigned long i; _BitScanReverse(&i, x); return 31 - (int)i; }
static __forceinline int o8_clz64(uint64_t x) { unsigned long i; _BitScanReverse64(&i, x); return 63 - (int)i; }
#else
#define o8_ctz(x) __builtin_ctz(x)
#define o8_ctz64(x) __builtin_ctzll(x)
#define o8_clz(x) __builtin_clz(x)
#define o8_clz64(x) __builtin_clzll(x)
#endif

/* Number of set bits by the compiler: the popcnt instruction in a function
 * compiled for it (O8_TARGET_ATTR, O8_POPCNT_CLONES), a library call
 * elsewhere with GCC and clang. With MSVC always the instruction: only where
 * the CPU has it. (eval/eval_inline.h's o8_popcount needs no instruction.) */
#if O8_MSVC
#define o8_popcnt32(x) ((int)__popcnt(x))
#define o8_popcnt64(x) ((int)__popcnt64(x))
#else
#define o8_popcnt32(x) __builtin_popcount(x)
#define o8_popcnt64(x) __builtin_popcountll(x)
#endif

/* Rotations left by k, 0 < k < 32 (64): GCC and clang make them one
 * rotate instruction. */
O8_INLINE uint32_t o8_rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
O8_INLINE uint64_t o8_rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* ---- atomics --------------------------------------------------------------- */

/* *p read once, relaxed (a flag another thread may set: no ordering). Without
 * GCC's atomics, a volatile read. */
O8_INLINE int32_t o8_load_relaxed(const volatile int32_t *p) {
#if defined(__GNUC__)
    return __atomic_load_n((const int32_t *)p, __ATOMIC_RELAXED);
#else
    return *p;
#endif
}

/* The process's kernel choice (eval/eval.c): an acquire load, a release
 * store and a compare-and-swap of one int32_t. */
O8_INLINE int32_t o8_load_acquire(const volatile int32_t *p) {
#if defined(__GNUC__)
    return __atomic_load_n((const int32_t *)p, __ATOMIC_ACQUIRE);
#elif defined(_MSC_VER)
    return (int32_t)_InterlockedOr((volatile long *)p, 0);
#else
    return *p;
#endif
}

O8_INLINE void o8_store_release(volatile int32_t *p, int32_t value) {
#if defined(__GNUC__)
    __atomic_store_n((int32_t *)p, value, __ATOMIC_RELEASE);
#elif defined(_MSC_VER)
    _InterlockedExchange((volatile long *)p, (long)value);
#else
    *p = value;
#endif
}

/* 1 (and *p = desired) when *p was `expected`, else 0. */
O8_INLINE int o8_compare_swap(volatile int32_t *p, int32_t expected, int32_t desired) {
#if defined(__GNUC__)
    return __atomic_compare_exchange_n((int32_t *)p, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
#elif defined(_MSC_VER)
    return _InterlockedCompareExchange((volatile long *)p, (long)desired, (long)expected) == (long)expected;
#else
    if (*p != expected) return 0;
    *p = desired;
    return 1;
#endif
}

#endif
