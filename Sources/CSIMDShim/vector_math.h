// Eight-lane building blocks of the projection kernels (webmercator.c, tmerc.c): bit
// operations, sine and cosine of degrees, arctangent, the logarithm of a ratio. Branch
// free, no libm, no fused multiply-add (the files set contraction off), so that every
// build of a kernel gives the same bits. scripts/projection-coefficients.py derives every
// constant and checks the error figures stated here.
#ifndef CSIMDSHIM_VECTOR_MATH_H
#define CSIMDSHIM_VECTOR_MATH_H

#include <stdint.h>

// The kernels' vectors: eight lanes, or GK_LANES where a file asks for fewer (the
// baseline builds: SSE2 has 16 registers of two doubles, and eight-lane code spills).
#ifndef GK_LANES
#define GK_LANES 8
#endif
typedef double d8 __attribute__((ext_vector_type(GK_LANES)));
typedef uint64_t u8 __attribute__((ext_vector_type(GK_LANES)));

#define GK_INLINE __attribute__((always_inline)) static inline

static const u8 gkSignBit = (u8)0x8000000000000000ull;
static const double gkDegree = 0.017453292519943295;  // π/180 rounded
static const double gkQuarterPiHi = 0.7853981633974483;  // π/4 = hi + lo
static const double gkQuarterPiLo = 3.061616997868383e-17;
static const double gkHalfPiHi = 1.5707963267948966;  // π/2 = hi + lo
static const double gkHalfPiLo = 6.123233995736766e-17;
static const double gkLn2Hi = 0.6931471805592082;   // ln 2 = hi + lo, hi of 40 bits:
static const double gkLn2Lo = 7.371002565167799e-13;  // k·hi is exact for k < 2^13

GK_INLINE u8 gkBits(d8 x) { return (u8)x; }
GK_INLINE d8 gkDouble(u8 x) { return (d8)x; }
GK_INLINE d8 gkSelect(u8 mask, d8 a, d8 b) { return gkDouble((gkBits(a) & mask) | (gkBits(b) & ~mask)); }
GK_INLINE d8 gkAbs(d8 x) { return gkDouble(gkBits(x) & ~gkSignBit); }
/// |x| with the sign of s.
GK_INLINE d8 gkCopySign(d8 x, d8 s) { return gkDouble((gkBits(x) & ~gkSignBit) | (gkBits(s) & gkSignBit)); }

/// Degrees brought into [−180, 180] by an exact multiple of 360 (±180 keeps the input's
/// sign, as GeoKernel's ExactDegrees.normalized), for |degrees| < 2^51; larger and
/// non-finite lanes come back as they are. The multiple is rint(degrees/360) by the
/// 1.5·2^52 trick, corrected by one step where the quotient's rounding missed it; the
/// difference is exact because both terms are multiples of the input's ulp (≤ 1).
GK_INLINE d8 gkNormalizedDegrees(d8 degrees) {
    const double magic = 6755399441055744.0;  // 1.5·2^52
    d8 n = (degrees * (1.0 / 360) + magic) - magic;
    d8 r = degrees - n * 360.0;
    r = gkSelect((u8)(r > 180.0), r - 360.0, r);
    r = gkSelect((u8)(r < -180.0), r + 360.0, r);
    r = gkSelect((u8)(gkAbs(r) == 180.0), gkCopySign((d8)180.0, degrees), r);
    u8 keep = (u8)(gkAbs(degrees) <= 180.0) | (u8)(!(gkAbs(degrees) < 2251799813685248.0));
    return gkSelect(keep, degrees, r);
}

/// sin x for |x| ≤ π/2: x + x·z·S(z), z = x², degree 7 (GeoKernel's SIMDMath.sinReduced,
/// same coefficients): 5.6e-18 relative with the coefficients rounded.
GK_INLINE d8 gkSin(d8 x) {
    d8 z = x * x;
    d8 s = ((((((z * 2.7211745623177786e-15 + -7.642991452221698e-13) * z + 1.605893970450953e-10) * z
               + -2.505210687277547e-08) * z + 2.755731921113699e-06) * z + -0.00019841269841209218) * z
            + 0.008333333333333194) * z + -0.16666666666666666;
    return x + (x * z) * s;
}

/// cos x for |x| ≤ π/4: 1 − z/2 + z²·C(z), degree 5 by interpolation at Chebyshev
/// nodes: 1.3e-18 relative.
GK_INLINE d8 gkCos(d8 x) {
    d8 z = x * x;
    d8 c = ((((z * -1.1382632425521717e-11 + 2.08761462684032e-09) * z + -2.7557317271729793e-07) * z
             + 2.480158729876569e-05) * z + -0.0013888888888887398) * z + 0.041666666666666664;
    d8 h = z * 0.5;
    d8 w = 1.0 - h;  // rounded; (1 − w) − h is its rounding error, exactly
    return w + (((1.0 - w) - h) + (z * z) * c);
}

/// sin and cos of an angle in degrees, |degrees| ≤ 90: reduced to [0°, 45°] exactly
/// (90° − a is exact for a ≥ 45°), so multiples of 90° and 45° come out exact.
GK_INLINE void gkSinCosDegrees(d8 degrees, d8 *s, d8 *c) {
    d8 a = gkAbs(degrees);
    u8 high = (u8)(a > 45.0);
    d8 m = gkSelect(high, 90.0 - a, a);
    d8 r = m * gkDegree;
    d8 sm = gkSin(r), cm = gkCos(r);
    *s = gkCopySign(gkSelect(high, cm, sm), degrees);
    *c = gkSelect(high, sm, cm);
}

/// The reduction of atan2(y, x), x ≥ 0 (not both 0): the smaller of |y|, x over the larger
/// (`swap` where |y| is the larger), above tan(π/8) moved by π/4 ((u − v)/(u + v), `mid`),
/// then atan of that by the Padé approximant [12/12] of atan q / q in q² (integer
/// coefficients), 9.1e-19 relative on [0, tan(π/8)]. The callers compose the result.
GK_INLINE d8 gkAtanReduced(d8 y, d8 x, u8 *swap, u8 *mid) {
    d8 ay = gkAbs(y);
    *swap = (u8)(ay > x);
    d8 u = gkSelect(*swap, x, ay), v = gkSelect(*swap, ay, x);
    *mid = (u8)(u > 0.41421356237309503 * v);
    d8 q = gkSelect(*mid, u - v, u) / gkSelect(*mid, u + v, v);
    d8 z = q * q;
    d8 p = (((((z * 15728640.0 + 1296036105.0) * z + 16979477515.0) * z + 80191217106.0) * z
             + 169269290190.0) * z + 163192434405.0) * z + 58561878375.0;
    d8 r = (((((z * 135270135.0 + 4058104050.0) * z + 34493884425.0) * z + 124835010300.0) * z
             + 218461268025.0) * z + 182713060530.0) * z + 58561878375.0;
    return q * p / r;
}

/// atan(y / x) for x ≥ 0 (not both 0), radians in [−π/2, π/2].
GK_INLINE d8 gkAtan2(d8 y, d8 x) {
    u8 swap, mid;
    d8 t = gkAtanReduced(y, x, &swap, &mid);
    t = gkSelect(mid, (gkQuarterPiHi + t) + gkQuarterPiLo, t);
    t = gkSelect(swap, (gkHalfPiHi - t) + gkHalfPiLo, t);
    return gkCopySign(t, y);
}

/// atan(y / x) for x ≥ 0 (not both 0), degrees in [−90, 90], composed in degrees (45° and
/// 90° exact) as GeoKernel's ExactDegrees.atan2 does.
GK_INLINE d8 gkAtan2Degrees(d8 y, d8 x) {
    u8 swap, mid;
    d8 t = gkAtanReduced(y, x, &swap, &mid) * 57.29577951308232;
    t = gkSelect(mid, 45.0 + t, t);
    t = gkSelect(swap, 90.0 - t, t);
    return gkCopySign(t, y);
}

/// sin and cos of an angle in radians, |a| ≤ π: a = q·π/2 + r with |r| ≤ π/4 (π/2 in two
/// parts; a − q·π/2_hi is exact), then the quadrant's signs and swap.
GK_INLINE void gkSinCosRadians(d8 a, d8 *s, d8 *c) {
    const double magic = 6755399441055744.0;  // 1.5·2^52
    d8 t = a * 0.6366197723675814 + magic;    // a·2/π, rounded to an integer
    d8 q = t - magic;
    u8 n = (gkBits(t) - gkBits((d8)magic)) & (u8)3;
    d8 r = (a - q * gkHalfPiHi) - q * gkHalfPiLo;
    d8 sr = gkSin(r), cr = gkCos(r);
    u8 odd = (u8)(n & (u8)1) * (u8)0xFFFFFFFFFFFFFFFFull;
    d8 s0 = gkSelect(odd, cr, sr), c0 = gkSelect(odd, sr, cr);
    u8 negS = (n >> 1) << 63;                       // quadrants 2, 3
    u8 negC = ((n ^ (n >> 1)) & (u8)1) << 63;       // quadrants 1, 2
    *s = gkDouble(gkBits(s0) ^ negS);
    *c = gkDouble(gkBits(c0) ^ negC);
}

/// n/d for positive normal n ≥ d, n/d < 2^60, taken apart as 2^k·(n/d') with n/d' in
/// [0.66, 1.5], d' = d·2^k: the difference of the bit patterns approximates
/// 2^52·log2(n/d) to within 0.0861·2^52, and the offset rounds it to the nearest power.
/// k comes back as a double (exact).
GK_INLINE void gkSplitRatio(d8 n, d8 d, d8 *k, d8 *scaledD) {
    u8 e = (gkBits(n) - gkBits(d) + (u8)(0x3FF0000000000000ull - 0x3FE6A09E667F3BCDull)) >> 52;
    *scaledD = gkDouble(gkBits(d) + (e << 52));
    *k = gkDouble(e | (u8)0x4330000000000000ull) - 4503599627370496.0;
}

/// 2·atanh(s) = 2s + 2s·z·A(z), z = s² ≤ 0.0415 (|s| ≤ 0.2037), as the two terms:
/// A of degree 7 by interpolation at Chebyshev nodes, 3.3e-19 absolute on the sum.
GK_INLINE void gkTwoAtanh(d8 s, d8 *twoS, d8 *rest) {
    d8 z = s * s;
    d8 a = ((((((z * 0.06839733963975679 + 0.06600187405442207) * z + 0.07694675390670448) * z
               + 0.09090862660038017) * z + 0.11111111603983777) * z + 0.14285714283150056) * z
            + 0.20000000000005075) * z + 0.3333333333333333;
    *twoS = s + s;
    *rest = *twoS * (z * a);
}

/// e^a = scale·(1 + m) for 0 ≤ a ≤ 40 (callers clamp): a = k·ln 2 + r, |r| ≤ 0.35,
/// m = e^r − 1 by Taylor's series to r^14 (2.8e-19 relative truncation), scale = 2^k.
/// `k` as a double (0 when a < 0.35: then m is e^a − 1 itself, relatively accurate).
GK_INLINE void gkExpParts(d8 a, d8 *m, d8 *scale, d8 *k) {
    const double magic = 6755399441055744.0;  // 1.5·2^52
    d8 t = a * 1.4426950408889634 + magic;
    *k = t - magic;
    u8 kInt = gkBits(t) - gkBits((d8)magic);
    d8 r = (a - *k * gkLn2Hi) - *k * gkLn2Lo;
    d8 p = ((((((((((((r * 1.1470745597729725e-11 + 1.6059043836821613e-10) * r + 2.08767569878681e-09) * r
                     + 2.505210838544172e-08) * r + 2.755731922398589e-07) * r + 2.7557319223985893e-06) * r
                  + 2.48015873015873e-05) * r + 0.0001984126984126984) * r + 0.001388888888888889) * r
               + 0.008333333333333333) * r + 0.041666666666666664) * r + 0.16666666666666666) * r + 0.5);
    *m = r + r * (r * p);
    *scale = gkDouble((kInt + (u8)1023) << 52);
}

/// sinh v for |v| ≤ 40 (larger lanes are clamped there: atan(sinh 40) is π/2 in doubles):
/// e^|v| from gkExpParts; for k = 0, sinh v = m(2 + m)/(2(1 + m)), which keeps the relative
/// accuracy near 0.
GK_INLINE d8 gkSinh(d8 v) {
    d8 a = gkAbs(v);
    a = gkSelect((u8)(a > 40.0), (d8)40.0, a);
    d8 m, scale, k;
    gkExpParts(a, &m, &scale, &k);
    d8 e = (1.0 + m) * scale;
    d8 big = (e - 1.0 / e) * 0.5;
    d8 small = m * (2.0 + m) / ((1.0 + m) * 2.0);
    return gkCopySign(gkSelect((u8)(k == 0.0), small, big), v);
}

/// e^v for |v| ≤ 40 (larger lanes clamped there).
GK_INLINE d8 gkExp(d8 v) {
    d8 a = gkAbs(v);
    a = gkSelect((u8)(a > 40.0), (d8)40.0, a);
    d8 m, scale, k;
    gkExpParts(a, &m, &scale, &k);
    d8 e = (1.0 + m) * scale;
    return gkSelect((u8)(v < 0.0), 1.0 / e, e);
}

/// ln(1 + t) for 0 ≤ t < 2^59: 1 + t split exactly into n + nLow (Fast2Sum on the larger
/// first), then ln(n/1) = k·ln 2 + 2·atanh((n − 2^k + nLow)/(n + 2^k)) with the
/// numerator's difference exact (Sterbenz): relative accuracy for small t too.
GK_INLINE d8 gkLog1p(d8 t) {
    d8 n = 1.0 + t;
    u8 big = (u8)(t > 1.0);
    d8 nLow = gkSelect(big, (t - n) + 1.0, (1.0 - n) + t);
    d8 k, d;
    gkSplitRatio(n, (d8)1.0, &k, &d);
    d8 twoS, rest;
    gkTwoAtanh(((n - d) + nLow) / (n + d), &twoS, &rest);
    return k * gkLn2Hi + (twoS + (k * gkLn2Lo + rest));
}

#endif
