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
// absolute error 3.3e-19 on ln. scripts/webmercator-coefficients.py derives every
// constant and checks these figures.
#include "CSIMDShim_projection.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"  // eight-lane vectors in registers of any width

typedef double d8 __attribute__((ext_vector_type(8)));
typedef uint64_t u8 __attribute__((ext_vector_type(8)));

#define GK_INLINE __attribute__((always_inline)) static inline

static const double radius = 6378137.0;                // a, metres
static const double degrees = 0.017453292519943295;    // π/180 as PROJ rounds it
static const double quarterPiHi = 0.7853981633974483;  // π/4 = hi + lo
static const double quarterPiLo = 3.061616997868383e-17;
static const double aLn2Hi = 4420987.5;                // a·ln 2 = hi + lo, hi of 24 bits:
static const double aLn2Lo = 0.1787750678959705;       // k·hi is exact for k < 2^29
static const double smallAngle = 0.4;                  // the two branches' boundary, rad

// atanh(s)/s − 1 = z·A(z), z = s², on [0, 0.0415].
static const double atanhA0 = 0.3333333333333333;
static const double atanhA1 = 0.20000000000005075;
static const double atanhA2 = 0.14285714283150056;
static const double atanhA3 = 0.11111111603983777;
static const double atanhA4 = 0.09090862660038017;
static const double atanhA5 = 0.07694675390670448;
static const double atanhA6 = 0.06600187405442207;
static const double atanhA7 = 0.06839733963975679;

GK_INLINE u8 bits(d8 x) { return (u8)x; }
GK_INLINE d8 dbl(u8 x) { return (d8)x; }
GK_INLINE d8 select(u8 mask, d8 a, d8 b) { return dbl((bits(a) & mask) | (bits(b) & ~mask)); }

// Eight points; returns the mask of the lanes outside the domain (|lat| ≥ 90, |lon| > 180
// or NaN), whose outputs are +infinity.
GK_INLINE u8 block(d8 lon, d8 lat, d8 *xOut, d8 *yOut) {
    const u8 signBit = (u8)0x8000000000000000ull;
    u8 sign = bits(lat) & signBit;
    d8 absLat = dbl(bits(lat) & ~signBit);
    d8 absLon = dbl(bits(lon) & ~signBit);
    u8 bad = (u8)(!(absLat < 90.0)) | (u8)(!(absLon <= 180.0));

    d8 t = absLat * degrees;
    d8 h = t * 0.5;
    d8 w0 = quarterPiHi - h;  // Fast2Sum: w0 + e = π/4_hi − h exactly
    d8 e = (quarterPiHi - w0) - h;
    d8 w = w0 + (e + quarterPiLo);
    u8 small = (u8)(t <= smallAngle);
    d8 arg = select(small, h, w);

    // tan(arg) = arg·P(z)/Q(z)
    d8 z = arg * arg;
    d8 p = (((z - 990.0) * z + 135135.0) * z - 4729725.0) * z + 34459425.0;
    d8 q = ((((z * 45.0) - 13860.0) * z + 945945.0) * z - 16216200.0) * z + 34459425.0;
    d8 ap = arg * p;

    // Large branch: ln(q / ap) = k·ln 2 + 2·atanh((q − d) / (q + d)), d = ap·2^k. The
    // difference of the bit patterns approximates 2^52·log2(q/ap) to within 0.0861·2^52;
    // the offset makes k the nearest power with q/d in [0.66, 1.5], never negative.
    u8 k = ((bits(q) - bits(ap) + (u8)(0x3FF0000000000000ull - 0x3FE6A09E667F3BCDull)) >> 52) & ~small;
    d8 d = dbl(bits(ap) + (k << 52));
    d8 num = select(small, ap, q - d);
    d8 den = select(small, q, q + d);
    d8 kd = dbl(k | (u8)0x4330000000000000ull) - 4503599627370496.0;  // k as a double

    d8 s = num / den;
    d8 zs = s * s;
    d8 poly = ((((((zs * atanhA7 + atanhA6) * zs + atanhA5) * zs + atanhA4) * zs + atanhA3) * zs
                + atanhA2) * zs + atanhA1) * zs + atanhA0;
    d8 twoSA = (s + s) * radius;
    d8 low = kd * aLn2Lo + twoSA * (zs * poly);
    d8 y = kd * aLn2Hi + (twoSA + low);

    d8 infinity = (d8)__builtin_inf();
    *yOut = select(bad, infinity, dbl(bits(y) | sign));
    *xOut = select(bad, infinity, lon * degrees * radius);
    return bad;
}

// A longitude beyond ±180° brought into [-180, 180] (±180 keeps the input's sign), as
// GeoKernel's ExactDegrees.normalized does; NaN and infinities stay as they are.
static double normalizedLongitude(double lon) {
    if (!(fabs(lon) > 180.0) || isinf(lon)) return lon;
    double r = remainder(lon, 360.0);
    return fabs(r) == 180.0 ? copysign(180.0, lon) : r;
}

// Points i ..< i + n (n ≤ 8) into lanes, the rest (0, 0); longitudes normalised.
GK_INLINE void gather(const char *lon, const char *lat, ptrdiff_t stride, ptrdiff_t n, d8 *lo, d8 *la) {
    double a[8] = {0}, b[8] = {0};
    int far = 0;
    for (ptrdiff_t j = 0; j < n; j++) {
        memcpy(a + j, lon + j * stride, sizeof(double));
        memcpy(b + j, lat + j * stride, sizeof(double));
        far |= fabs(a[j]) > 180.0;
    }
    if (far) for (ptrdiff_t j = 0; j < n; j++) a[j] = normalizedLongitude(a[j]);
    memcpy(lo, a, sizeof a);
    memcpy(la, b, sizeof b);
}

GK_INLINE void scatter(char *x, char *y, ptrdiff_t stride, ptrdiff_t n, d8 xv, d8 yv) {
    double a[8], b[8];
    memcpy(a, &xv, sizeof a);
    memcpy(b, &yv, sizeof b);
    for (ptrdiff_t j = 0; j < n; j++) {
        memcpy(x + j * stride, a + j, sizeof(double));
        memcpy(y + j * stride, b + j, sizeof(double));
    }
}

GK_INLINE ptrdiff_t run(const double *lon, const double *lat, ptrdiff_t inStride, double *x, double *y,
                        ptrdiff_t outStride, ptrdiff_t count) {
    const char *lonB = (const char *)lon, *latB = (const char *)lat;
    char *xB = (char *)x, *yB = (char *)y;
    u8 failed = (u8)0;
    for (ptrdiff_t i = 0; i < count; i += 8) {
        ptrdiff_t n = count - i < 8 ? count - i : 8;
        d8 lo, la, xo, yo;
        int contiguous = n == 8 && inStride == (ptrdiff_t)sizeof(double);
        if (contiguous) {
            memcpy(&lo, lonB + i * inStride, sizeof lo);
            memcpy(&la, latB + i * inStride, sizeof la);
        } else {
            gather(lonB + i * inStride, latB + i * inStride, inStride, n, &lo, &la);
        }
        u8 bad = block(lo, la, &xo, &yo);
        if (contiguous && __builtin_reduce_or(bad)) {  // perhaps a longitude beyond ±180°
            gather(lonB + i * inStride, latB + i * inStride, inStride, n, &lo, &la);
            bad = block(lo, la, &xo, &yo);
        }
        failed += bad & (u8)1;  // padding lanes are valid
        if (n == 8 && outStride == (ptrdiff_t)sizeof(double)) {
            memcpy(xB + i * outStride, &xo, sizeof xo);
            memcpy(yB + i * outStride, &yo, sizeof yo);
        } else {
            scatter(xB + i * outStride, yB + i * outStride, outStride, n, xo, yo);
        }
    }
    return (ptrdiff_t)__builtin_reduce_add(failed);
}

#define RUN_ARGS const double *lon, const double *lat, ptrdiff_t inStride, double *x, double *y, \
                 ptrdiff_t outStride, ptrdiff_t count

static ptrdiff_t runBaseline(RUN_ARGS) { return run(lon, lat, inStride, x, y, outStride, count); }

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx2"))) static ptrdiff_t runAVX2(RUN_ARGS) {
    return run(lon, lat, inStride, x, y, outStride, count);
}

__attribute__((target("avx512f"))) static ptrdiff_t runAVX512(RUN_ARGS) {
    return run(lon, lat, inStride, x, y, outStride, count);
}
#endif

ptrdiff_t CSIMDShim_webmerc_forward(int level, RUN_ARGS) {
#if defined(__x86_64__) && defined(__clang__)
    if (level >= 2) return runAVX512(lon, lat, inStride, x, y, outStride, count);
    if (level == 1) return runAVX2(lon, lat, inStride, x, y, outStride, count);
#endif
    (void)level;
    return runBaseline(lon, lat, inStride, x, y, outStride, count);
}
