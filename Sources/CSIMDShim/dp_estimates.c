// Douglas–Peucker's estimate pass on AVX2 and AVX-512F (see include/CSIMDShim_simplify.h).

#include "CSIMDShim_simplify.h"

#include <string.h>

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>
#endif

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"

#if defined(__x86_64__) && defined(__clang__)

#define DP_PASTE2(a, b) a##b
#define DP_PASTE(a, b) DP_PASTE2(a, b)
// mask ? a : b lane by lane (a comparison gives all-ones or zero lanes).
#define DP_SELECT(mask, a, b) ((__typeof__(b))(((M)(mask) & (M)(a)) | (~(M)(mask) & (M)(b))))

// The first `count` lanes from p (the lanes of `live`), zero in the others; nothing is read
// for them.
#define DP_LANES 4
#define DP_NAME dpEstimatesAVX2
#define DP_TARGET "avx2"
#define DP_MASKLOAD(p, live, count) ((V)_mm256_maskload_pd((p), (__m256i)(live)))
#include "dp_estimates_body.h"
#undef DP_LANES
#undef DP_NAME
#undef DP_TARGET
#undef DP_MASKLOAD

#define DP_LANES 8
#define DP_NAME dpEstimatesAVX512
#define DP_TARGET "avx512f"
#define DP_MASKLOAD(p, live, count) ((V)_mm512_maskz_loadu_pd((__mmask8)((1u << (count)) - 1u), (p)))
#include "dp_estimates_body.h"

CSIMDShim_dp_estimates CSIMDShim_dp_top_estimates(int level, const double *x, const double *y, ptrdiff_t from,
                                                  ptrdiff_t last, double ax, double ay, double bx, double by,
                                                  double len2) {
    if (level >= 2) return dpEstimatesAVX512(x, y, from, last, ax, ay, bx, by, len2);
    if (level == 1) return dpEstimatesAVX2(x, y, from, last, ax, ay, bx, by, len2);
    CSIMDShim_dp_estimates none = {-1.0, -1.0, from, from};
    return none;
}

#else

CSIMDShim_dp_estimates CSIMDShim_dp_top_estimates(int level, const double *x, const double *y, ptrdiff_t from,
                                                  ptrdiff_t last, double ax, double ay, double bx, double by,
                                                  double len2) {
    (void)level, (void)x, (void)y, (void)last, (void)ax, (void)ay, (void)bx, (void)by, (void)len2;
    CSIMDShim_dp_estimates none = {-1.0, -1.0, from, from};
    return none;
}

#endif
