// Transverse Mercator forward over eight lanes (see include/CSIMDShim_projection.h):
// Krüger's series to n⁶ after Karney 2011 with the exact conformal latitude (the series
// GeoKernel's TransverseMercator inverts in Swift), with vector sine, cosine, arctangent
// and logarithm (vector_math.h) in place of libm, and the conformal sphere's quantities
// scaled by cos φ so that the poles need no special case:
//   T = τ'·cos φ = sin φ·√(1 + σ²) − σ, σ = sinh(e·atanh(e·sin φ)); C = cos λ·cos φ;
//   ξ' = atan2(T, C); sin 2ξ' = 2TC/(T² + C²), cos 2ξ' = (C − T)(C + T)/(T² + C²);
//   η' = asinh(u), u = |sin λ|·cos φ/√(T² + C²), as log1p(u + u²/(1 + √(1 + u²))).
#include "CSIMDShim_projection.h"

#include <string.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"  // eight-lane vectors in registers of any width

#include "vector_math.h"

/// sinh(e·atanh(x)) for |x| ≤ e ≤ 0.0825 (TransverseMercator.sinhEAtanh: the same two
/// Taylor polynomials, exact to the last bit for the Earth).
GK_INLINE d8 sinhEAtanh(double e, d8 x) {
    d8 x2 = x * x;
    d8 t = (((((((x2 * (1.0 / 17) + 1.0 / 15) * x2 + 1.0 / 13) * x2 + 1.0 / 11) * x2 + 1.0 / 9) * x2 + 1.0 / 7)
             * x2 + 1.0 / 5) * x2 + 1.0 / 3);
    d8 y = e * (x + x * x2 * t);
    d8 y2 = y * y;
    return y + y * y2 * ((y2 * (1.0 / 5040) + 1.0 / 120) * y2 + 1.0 / 6);
}

// Σ c_j sin 2jζ (j = 1…6, the six coefficients c) for the complex ζ = ξ + iη, given
// sin 2ξ, cos 2ξ, sinh 2η, cosh 2η, by Clenshaw summation (Karney 2011): real and
// imaginary parts.
GK_INLINE void kruegerSum(const double c[6], d8 s2, d8 c2, d8 sh2, d8 ch2, d8 *sumR, d8 *sumI) {
    d8 ar = 2.0 * c2 * ch2, ai = -2.0 * s2 * sh2;  // 2 cos 2ζ
    d8 yr = (d8)0.0, yi = (d8)0.0, zr = (d8)0.0, zi = (d8)0.0;
    for (int j = 5; j >= 0; j--) {
        d8 nr = ar * yr - ai * yi - zr + c[j];
        d8 ni = ar * yi + ai * yr - zi;
        zr = yr; zi = yi;
        yr = nr; yi = ni;
    }
    d8 sr = s2 * ch2, si = c2 * sh2;  // sin 2ζ
    *sumR = sr * yr - si * yi;
    *sumI = sr * yi + si * yr;
}

GK_INLINE u8 block(const CSIMDShim_tmerc_params *p, d8 lon, d8 lat, d8 *xOut, d8 *yOut) {
    // λ − λ0 as an exact sum s + err (TwoSum), s brought into [−180, 180] by an exact
    // multiple of 360°, then err added back: as ExactDegrees.difference does, so a
    // longitude beyond ±180° loses no bits.
    u8 bad = (u8)(!(gkAbs(lat) <= 90.0));
    d8 negCM = (d8)(-p->central_meridian);
    d8 s = lon + negCM;
    d8 bp = s - lon;
    d8 err = (lon - (s - bp)) + (negCM - bp);
    d8 dl = gkNormalizedDegrees(s) + err;
    bad |= (u8)(!(gkAbs(dl) < 90.0));

    d8 sphi, cphi, slam, clam;
    gkSinCosDegrees(gkSelect(bad, (d8)0.0, lat), &sphi, &cphi);
    gkSinCosDegrees(gkSelect(bad, (d8)0.0, dl), &slam, &clam);

    d8 sig = sinhEAtanh(p->e, p->e * sphi);
    d8 sig2 = sig * sig;
    // √(1 + σ²) for σ² ≤ 4.6e-5: 1 + σ²/2 − σ⁴/8 + σ⁶/16 (next term below 3e-21)
    d8 root = 1.0 + sig2 * ((sig2 * (1.0 / 16) - 1.0 / 8) * sig2 + 0.5);
    d8 t = sphi * root - sig;
    d8 c = clam * cphi;
    d8 r2 = t * t + c * c;
    d8 xip = gkAtan2(t, c);
    d8 inv = 1.0 / r2;
    d8 s2 = 2.0 * t * c * inv, c2 = (c - t) * (c + t) * inv;
    d8 u = gkAbs(slam) * cphi / __builtin_elementwise_sqrt(r2);
    d8 grow = u + u * u / (1.0 + __builtin_elementwise_sqrt(1.0 + u * u));
    d8 etap = gkCopySign(gkLog1p(grow), slam);
    d8 e2 = (1.0 + grow) * (1.0 + grow);  // e^{2|η'|}
    d8 e2inv = 1.0 / e2;
    u8 west = (u8)(gkBits(slam) >> 63) * (u8)0xFFFFFFFFFFFFFFFFull;
    d8 sh2 = (e2 - e2inv) * 0.5, ch2 = (e2 + e2inv) * 0.5;
    sh2 = gkSelect(west, -sh2, sh2);

    // ζ + Σ α_j sin 2jζ, ζ = ξ' + iη'.
    d8 sumR, sumI;
    kruegerSum(p->alpha, s2, c2, sh2, ch2, &sumR, &sumI);
    d8 xi = xip + sumR;
    d8 eta = etap + sumI;

    d8 infinity = (d8)__builtin_inf();
    *xOut = gkSelect(bad, infinity, p->false_easting + p->scale * eta);
    *yOut = gkSelect(bad, infinity, p->false_northing + p->scale * xi);
    return bad;
}

#define GK_KERNEL_NAME tmerc
#define GK_KERNEL_PARAMS const CSIMDShim_tmerc_params *params,
#define GK_KERNEL_BLOCK(lo, la, xo, yo) block(params, lo, la, xo, yo)
#define GK_KERNEL_ARGS params,
#include "kernel_loop.h"

#ifndef GK_BASELINE_FILE
ptrdiff_t CSIMDShim_tmerc_forward(int level, const CSIMDShim_tmerc_params *params, const double *lon,
                                  const double *lat, ptrdiff_t in_stride, double *x, double *y,
                                  ptrdiff_t out_stride, ptrdiff_t count) {
    return tmercDispatch(level, params, lon, lat, in_stride, x, y, out_stride, count);
}
#endif

// ζ − Σ β_j sin 2jζ, ζ = ξ + iη.
GK_INLINE void kruegerInverse(const CSIMDShim_tmerc_params *p, d8 xi, d8 eta, d8 *xiOut, d8 *etaOut) {
    d8 s2, c2;
    gkSinCosRadians(xi + xi, &s2, &c2);
    d8 e2 = gkExp(eta + eta);
    d8 e2inv = 1.0 / e2;
    d8 sh2 = (e2 - e2inv) * 0.5, ch2 = (e2 + e2inv) * 0.5;
    d8 sumR, sumI;
    kruegerSum(p->beta, s2, c2, sh2, ch2, &sumR, &sumI);
    *xiOut = xi - sumR;
    *etaOut = eta - sumI;
}

// τ' = tan χ from τ = tan φ (Karney 2011, eq. 7), with √(1 + σ²) as the forward's series.
GK_INLINE d8 conformalTangent(const CSIMDShim_tmerc_params *p, d8 tau, d8 *tau1Out) {
    d8 tau1 = __builtin_elementwise_sqrt(1.0 + tau * tau);
    d8 sig = sinhEAtanh(p->e, p->e * tau / tau1);
    d8 sig2 = sig * sig;
    d8 root = 1.0 + sig2 * ((sig2 * (1.0 / 16) - 1.0 / 8) * sig2 + 0.5);
    *tau1Out = tau1;
    return root * tau - sig * tau1;
}

GK_INLINE u8 inverseBlock(const CSIMDShim_tmerc_params *p, d8 x, d8 y, d8 *lonOut, d8 *latOut) {
    u8 bad = (u8)(!(gkAbs(x) < __builtin_inf())) | (u8)(!(gkAbs(y) < __builtin_inf()));
    d8 xi = (gkSelect(bad, (d8)p->false_northing, y) - p->false_northing) / p->scale;
    d8 eta = (gkSelect(bad, (d8)p->false_easting, x) - p->false_easting) / p->scale;
    d8 xip, etap;
    kruegerInverse(p, xi, eta, &xip, &etap);
    d8 sxi, cxi;
    gkSinCosRadians(xip, &sxi, &cxi);
    d8 seta = gkSinh(etap);
    d8 r = __builtin_elementwise_sqrt(seta * seta + cxi * cxi);
    d8 lam = gkAtan2Degrees(seta, gkAbs(cxi));
    u8 pole = (u8)(r == 0.0);
    d8 taup = sxi / gkSelect(pole, (d8)1.0, r);
    // τ from τ' by Newton's method (TransverseMercator.geodeticTangent: four steps).
    d8 tau = taup / p->e2m;
#pragma clang loop unroll(disable)
    for (int step = 0; step < 4; step++) {
        d8 tau1;
        d8 taupa = conformalTangent(p, tau, &tau1);
        d8 dtau = (taup - taupa) * (1.0 + p->e2m * tau * tau)
                  / (p->e2m * tau1 * __builtin_elementwise_sqrt(1.0 + taupa * taupa));
        tau = tau + dtau;
    }
    d8 phi = gkSelect(pole, gkCopySign((d8)90.0, sxi), gkAtan2Degrees(tau, (d8)1.0));
    d8 lon = gkNormalizedDegrees(p->central_meridian + lam);
    d8 infinity = (d8)__builtin_inf();
    *lonOut = gkSelect(bad, infinity, lon);
    *latOut = gkSelect(bad, infinity, phi);
    return bad;
}

#define GK_KERNEL_NAME tmercInverse
#define GK_KERNEL_PARAMS const CSIMDShim_tmerc_params *params,
#define GK_KERNEL_BLOCK(xi, yi, lo, la) inverseBlock(params, xi, yi, lo, la)
#define GK_KERNEL_ARGS params,
#include "kernel_loop.h"

#ifndef GK_BASELINE_FILE
ptrdiff_t CSIMDShim_tmerc_inverse(int level, const CSIMDShim_tmerc_params *params, const double *x,
                                  const double *y, ptrdiff_t in_stride, double *lon, double *lat,
                                  ptrdiff_t out_stride, ptrdiff_t count) {
    return tmercInverseDispatch(level, params, x, y, in_stride, lon, lat, out_stride, count);
}
#endif
