// Web Mercator forward over eight lanes (see include/CSIMDShim_projection.h).
//
// y/a = asinh(tan φ) = ln((1 + tan(φ/2)) / (1 − tan(φ/2))) = ln(cot(π/4 − φ/2)), for φ ≥ 0
// (the sign is put back at the end). With t = |φ| in radians:
// - t ≤ 0.4: u = tan(t/2) ≤ 0.2027 and y/a = 2·atanh(u), from u itself (relative accuracy
//   near the equator);
// - t > 0.4: w = π/4 − t/2 (to about half an ulp, π/4 split in two) and y/a = ln(N/D) with
//   N/D = cot w, taken apart into 2^k·(N/D') with N/D' in [0.66, 1.5] by the exponents of
//   N and D; then ln(N/D') = 2·atanh((N − D')/(N + D')), N − D' exact (Sterbenz).
// tan on [0, 0.59] is the Padé approximant [8/8] of tan x / x in z = x² (integer
// coefficients: no rounding of them), relative error below 1e-20 there; numerator and
// denominator go into the quotient separately, so the rational costs no division.
// atanh(s) = s + s·z·A(z), z = s² ≤ 0.0415: A of degree 7 by Chebyshev interpolation,
// absolute error 3.3e-19 on ln. scripts/projection-coefficients.py derives every
// constant and checks these figures.
#include "CSIMDShim_projection.h"

#include <string.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"  // eight-lane vectors in registers of any width

#include "vector_math.h"

static const double radius = 6378137.0;            // a, metres
static const double aLn2Hi = 4420987.5;            // a·ln 2 = hi + lo, hi of 24 bits:
static const double aLn2Lo = 0.1787750678959705;   // k·hi is exact for k < 2^29
static const double smallAngle = 0.4;              // the two branches' boundary, rad

// Eight points; returns the mask of the lanes outside the domain (|lat| ≥ 90, |lon| ≥ 2^51
// or a NaN or infinity), whose outputs are +infinity.
GK_INLINE u8 block(d8 lon, d8 lat, d8 *xOut, d8 *yOut) {
    if (__builtin_reduce_or((u8)(gkAbs(lon) > 180.0))) lon = gkNormalizedDegrees(lon);  // rare
    d8 absLat = gkAbs(lat);
    u8 bad = (u8)(!(absLat < 90.0)) | (u8)(!(gkAbs(lon) <= 180.0));

    d8 t = absLat * gkDegree;
    d8 h = t * 0.5;
    d8 w0 = gkQuarterPiHi - h;  // Fast2Sum: w0 + e = π/4_hi − h exactly
    d8 e = (gkQuarterPiHi - w0) - h;
    d8 w = w0 + (e + gkQuarterPiLo);
    u8 small = (u8)(t <= smallAngle);
    d8 arg = gkSelect(small, h, w);

    // tan(arg) = arg·P(z)/Q(z)
    d8 z = arg * arg;
    d8 p = (((z - 990.0) * z + 135135.0) * z - 4729725.0) * z + 34459425.0;
    d8 q = ((((z * 45.0) - 13860.0) * z + 945945.0) * z - 16216200.0) * z + 34459425.0;
    d8 ap = arg * p;

    // Large branch: ln(q / ap) = k·ln 2 + 2·atanh((q − d) / (q + d)), d = ap·2^k, q − d
    // exact. Small branch: 2·atanh(ap / q).
    d8 k, d;
    gkSplitRatio(q, ap, &k, &d);
    k = gkSelect(small, (d8)0.0, k);
    d8 s = gkSelect(small, ap, q - d) / gkSelect(small, q, q + d);
    d8 twoS, rest;
    gkTwoAtanh(s, &twoS, &rest);
    d8 twoSA = twoS * radius;
    d8 y = k * aLn2Hi + (twoSA + (k * aLn2Lo + rest * radius));

    d8 infinity = (d8)__builtin_inf();
    *yOut = gkSelect(bad, infinity, gkCopySign(y, lat));
    *xOut = gkSelect(bad, infinity, lon * gkDegree * radius);
    return bad;
}

#define GK_KERNEL_NAME webmerc
#define GK_KERNEL_PARAMS
#define GK_KERNEL_BLOCK(lo, la, xo, yo) block(lo, la, xo, yo)
#define GK_KERNEL_ARGS
#include "kernel_loop.h"

#ifndef GK_BASELINE_FILE
ptrdiff_t CSIMDShim_webmerc_forward(int level, const double *lon, const double *lat, ptrdiff_t in_stride,
                                    double *x, double *y, ptrdiff_t out_stride, ptrdiff_t count) {
    return webmercDispatch(level, lon, lat, in_stride, x, y, out_stride, count);
}
#endif

// The inverse, eight points: λ = x/a, φ = atan(sinh(y/a)), in degrees (the longitude brought
// into [−180, 180]); a NaN or infinite coordinate gives +infinity.
GK_INLINE u8 inverseBlock(d8 x, d8 y, d8 *lonOut, d8 *latOut) {
    u8 bad = (u8)(!(gkAbs(x) < __builtin_inf())) | (u8)(!(gkAbs(y) < __builtin_inf()));
    d8 v = gkSelect(bad, (d8)0.0, y) / radius;
    d8 lat = gkAtan2(gkSinh(v), (d8)1.0) * 57.29577951308232;
    d8 lon = gkNormalizedDegrees(gkSelect(bad, (d8)0.0, x) / radius * 57.29577951308232);
    d8 infinity = (d8)__builtin_inf();
    *lonOut = gkSelect(bad, infinity, lon);
    *latOut = gkSelect(bad, infinity, lat);
    return bad;
}

#define GK_KERNEL_NAME webmercInverse
#define GK_KERNEL_PARAMS
#define GK_KERNEL_BLOCK(xi, yi, lo, la) inverseBlock(xi, yi, lo, la)
#define GK_KERNEL_ARGS
#include "kernel_loop.h"

#ifndef GK_BASELINE_FILE
ptrdiff_t CSIMDShim_webmerc_inverse(int level, const double *x, const double *y, ptrdiff_t in_stride, double *lon,
                                    double *lat, ptrdiff_t out_stride, ptrdiff_t count) {
    return webmercInverseDispatch(level, x, y, in_stride, lon, lat, out_stride, count);
}
#endif
