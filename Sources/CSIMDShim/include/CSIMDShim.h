#ifndef CSIMDSHIM_H
#define CSIMDSHIM_H
// Vector helpers for the SIMD kernels (and, in CSIMDShim_haversine.h, the AVX2 twin of
// the batch haversine kernel).
//
// Why this shim exists: on baseline x86-64, Swift's SIMD4<Double>.squareRoot() is split
// into four scalar libm sqrt calls with errno checks. A clang ext_vector_type of four
// doubles imports into Swift as SIMD4<Double>, and __builtin_elementwise_sqrt on it
// compiles to sqrtpd with no unsafe flags. It can go once Swift emits a vector sqrt.

#include "CSIMDShim_haversine.h"
#include "CSIMDShim_projection.h"
#include "CSIMDShim_simplify.h"

typedef double CSIMDShim_double4 __attribute__((ext_vector_type(4)));

static inline __attribute__((always_inline))
CSIMDShim_double4 CSIMDShim_sqrt4(CSIMDShim_double4 x) {
    return __builtin_elementwise_sqrt(x);
}

/// a·b + c lane by lane: one fused multiply-add where the build's target has FMA
/// (x86-64-v3 and up, every arm64), else a multiply and an add (a libm fma call per
/// lane would be far slower there). Results differ in the last bit between the two.
static inline __attribute__((always_inline))
CSIMDShim_double4 CSIMDShim_muladd4(CSIMDShim_double4 a, CSIMDShim_double4 b, CSIMDShim_double4 c) {
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
    return __builtin_elementwise_fma(a, b, c);
#else
    return a * b + c;
#endif
}

// Helpers of the spatial index's searches (PackedRun+Search.swift), for the same reason:
// on baseline x86-64 Swift compiles pointwiseMax, SIMD16<Float>.min() and SIMDMask
// reductions of SIMD16<Float> into per-lane loops through the stack (measured: the node
// bounds of a k-nearest search took most of its 6.4 us per query). These compile to
// maxps, minps and cmpps + pmovmskb. They can go once Swift emits vector code for those.

typedef float CSIMDShim_float16 __attribute__((ext_vector_type(16)));
typedef int CSIMDShim_int16 __attribute__((ext_vector_type(16)));
typedef _Bool CSIMDShim_bool16 __attribute__((ext_vector_type(16)));
typedef long CSIMDShim_long4 __attribute__((ext_vector_type(4)));
typedef _Bool CSIMDShim_bool4 __attribute__((ext_vector_type(4)));

/// max(x, 0) lane by lane (x not NaN).
static inline __attribute__((always_inline))
CSIMDShim_float16 CSIMDShim_positive16(CSIMDShim_float16 x) {
    return __builtin_elementwise_max(x, (CSIMDShim_float16)0.0f);
}

/// The smallest lane (no lane NaN).
static inline __attribute__((always_inline))
float CSIMDShim_min16(CSIMDShim_float16 x) {
    return __builtin_reduce_min(x);
}

/// Bit j set when lane j of x is at most t.
static inline __attribute__((always_inline))
unsigned CSIMDShim_atMost16(CSIMDShim_float16 x, float t) {
    CSIMDShim_int16 m = x <= t;
    return (unsigned)__builtin_bit_cast(unsigned short, __builtin_convertvector(m, CSIMDShim_bool16));
}

/// Bit j set when lane j of x is at most t (a NaN lane never is).
static inline __attribute__((always_inline))
unsigned CSIMDShim_atMost4(CSIMDShim_double4 x, double t) {
    CSIMDShim_long4 m = x <= t;
    return (unsigned)__builtin_bit_cast(unsigned char, __builtin_convertvector(m, CSIMDShim_bool4)) & 15u;
}

/// Asks the CPU to start loading the cache line at p: a hint that never faults, whatever
/// the address (Swift has no prefetch). Used where a loop would otherwise meet its cache
/// misses one at a time (Nearby's search results).
static inline __attribute__((always_inline))
void CSIMDShim_prefetch(const void *p) {
    __builtin_prefetch(p);
}

#endif
