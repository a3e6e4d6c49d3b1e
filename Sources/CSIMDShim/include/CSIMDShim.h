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

typedef double CSIMDShim_double4 __attribute__((ext_vector_type(4)));

static inline __attribute__((always_inline))
CSIMDShim_double4 CSIMDShim_sqrt4(CSIMDShim_double4 x) {
    return __builtin_elementwise_sqrt(x);
}

#endif
