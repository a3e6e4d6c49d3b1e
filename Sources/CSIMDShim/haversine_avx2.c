// The AVX2 twin of GeoKernel's HaversineKernel (Sources/GeoKernel/SIMD/HaversineKernel.swift
// and SIMDMath.swift): see include/CSIMDShim_haversine.h for why it exists. Every
// operation below mirrors one line of the Swift kernel, in the same order and with the
// same constants, so that both give the same bits; change them together.
#include "CSIMDShim_haversine.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__clang__)

#pragma clang fp contract(off)

#define GK_AVX2 __attribute__((target("avx2"), always_inline)) static inline

typedef double d4 __attribute__((ext_vector_type(4)));
typedef uint64_t u4 __attribute__((ext_vector_type(4)));

// SIMDMath.swift's constants (same decimal text, so the same doubles).
static const double piHi = 3.141592653589793;
static const double piLo = 1.2246467991473532e-16;
static const double halfPiHi = 1.5707963267948966;
static const double halfPiLo = 6.123233995736766e-17;

static const double sinC0 = -0.16666666666666666;
static const double sinC1 = 0.008333333333333194;
static const double sinC2 = -0.00019841269841209218;
static const double sinC3 = 2.755731921113699e-06;
static const double sinC4 = -2.505210687277547e-08;
static const double sinC5 = 1.605893970450953e-10;
static const double sinC6 = -7.642991452221698e-13;
static const double sinC7 = 2.7211745623177786e-15;

static const double asinC0 = 0.16666666666665408;
static const double asinC1 = 0.07500000000337013;
static const double asinC2 = 0.04464285682832987;
static const double asinC3 = 0.030381959136891304;
static const double asinC4 = 0.022371758052545956;
static const double asinC5 = 0.017359704726557304;
static const double asinC6 = 0.013885235884230658;
static const double asinC7 = 0.012169208524595057;
static const double asinC8 = 0.006527990161512054;
static const double asinC9 = 0.019528221391308293;
static const double asinC10 = -0.016224180475149595;
static const double asinC11 = 0.031912218490591726;

enum { CHUNK = 64, COLUMN = CHUNK };  // HaversineKernel.chunk

GK_AVX2 d4 splat(double x) { return (d4){x, x, x, x}; }
// Unaligned loads and stores (memcpy: no alignment or aliasing assumptions).
GK_AVX2 d4 load(const char *p) {
    d4 v;
    memcpy(&v, p, sizeof v);
    return v;
}
GK_AVX2 void store(double *p, d4 v) { memcpy(p, &v, sizeof v); }
GK_AVX2 u4 bits(d4 x) { return (u4)x; }
GK_AVX2 d4 dbl(u4 x) { return (d4)x; }

// SIMDMath.abs
GK_AVX2 d4 v_abs(d4 x) { return dbl(bits(x) & (u4)0x7FFFFFFFFFFFFFFFull); }

// SIMDMath.greater(a, b): all ones where a > b (a, b >= +0, not NaN).
GK_AVX2 u4 v_greater(d4 a, double b) {
    u4 diff = bits(splat(b)) - bits(a);
    return (u4)0 - (diff >> 63);
}

// SIMDMath.select(mask, a, b)
GK_AVX2 d4 v_select(u4 mask, d4 a, d4 b) { return dbl((bits(a) & mask) | (bits(b) & ~mask)); }

// SIMDMath.topGreater(a, b) and anyTop
GK_AVX2 u4 v_top_greater(d4 a, d4 b) { return bits(b) - bits(a); }
GK_AVX2 int v_any_top(u4 m) {
    uint64_t x0 = m.x | m.z, x1 = m.y | m.w;
    return ((x0 | x1) >> 63) != 0;
}

// BatchValidation.allValid
GK_AVX2 int all_valid(d4 lat, d4 lon) {
    u4 bad_lat = v_top_greater(v_abs(lat), splat(90));
    u4 bad_lon = v_top_greater(v_abs(lon), splat(180));
    return !v_any_top(bad_lat | bad_lon);
}

// SIMDMath.sinReduced (Estrin)
GK_AVX2 d4 sin_reduced(d4 x) {
    d4 z = x * x;
    d4 z2 = z * z;
    d4 z4 = z2 * z2;
    d4 p01 = z * sinC1 + sinC0;
    d4 p23 = z * sinC3 + sinC2;
    d4 p45 = z * sinC5 + sinC4;
    d4 p67 = z * sinC7 + sinC6;
    d4 p03 = z2 * p23 + p01;
    d4 p47 = z2 * p67 + p45;
    d4 q = z4 * p47 + p03;
    d4 xz = x * z;
    return xz * q + x;
}

// SIMDMath.foldUpToPi: folded.replacing(with: a, where: a .< folded)
GK_AVX2 d4 fold_up_to_pi(d4 x) {
    d4 a = v_abs(x);
    d4 folded = (piHi - a) + piLo;
    u4 less = (u4)(a < folded);
    return v_select(less, a, folded);
}

// SIMDMath.halfPiMinusAbs
GK_AVX2 d4 half_pi_minus_abs(d4 x) {
    d4 a = v_abs(x);
    d4 s = halfPiHi - a;
    d4 e = (halfPiHi - s) - a;
    d4 lo = e + halfPiLo;
    return s + lo;
}

// SIMDMath.twiceAsinUnit
GK_AVX2 d4 twice_asin_unit(d4 u, d4 square) {
    u4 big = v_greater(u, 0.5);
    d4 t = (1 - u) * 0.5;
    d4 w = __builtin_elementwise_sqrt(t);
    d4 x = v_select(big, w, u);
    d4 z = v_select(big, t, square);
    d4 z2 = z * z;
    d4 z4 = z2 * z2;
    d4 z8 = z4 * z4;
    d4 p01 = z * asinC1 + asinC0;
    d4 p23 = z * asinC3 + asinC2;
    d4 p45 = z * asinC5 + asinC4;
    d4 p67 = z * asinC7 + asinC6;
    d4 p89 = z * asinC9 + asinC8;
    d4 p1011 = z * asinC11 + asinC10;
    d4 p03 = z2 * p23 + p01;
    d4 p47 = z2 * p67 + p45;
    d4 p811 = z2 * p1011 + p89;
    d4 p07 = z4 * p47 + p03;
    d4 r = z8 * p811 + p07;
    d4 xz = x * z;
    d4 p = xz * r + x;
    d4 twoP = p + p;
    d4 fourP = twoP + twoP;
    d4 upper = (piHi - fourP) + piLo;
    return v_select(big, upper, twoP);
}

// HaversineKernel.distances: R · 2·asin(√min(h, 1))
GK_AVX2 d4 distances(d4 h, double radius) {
    d4 one = splat(1);
    u4 over = (u4)(one < h);
    d4 hc = v_select(over, one, h);
    d4 u = __builtin_elementwise_sqrt(hc);
    d4 angle = twice_asin_unit(u, hc);
    return angle * radius;
}

// The loaders of CoordinateColumns.swift.
GK_AVX2 void load4(const char *lat, const char *lon, ptrdiff_t stride, int layout, ptrdiff_t i,
                   d4 *la, d4 *lo) {
    if (layout == CSIMDShim_LAYOUT_COLUMNS) {
        *la = load(lat + i * 8);
        *lo = load(lon + i * 8);
    } else if (layout == CSIMDShim_LAYOUT_INTERLEAVED) {
        d4 v0 = load(lat + i * 16);
        d4 v1 = load(lat + i * 16 + 32);
        *la = __builtin_shufflevector(v0, v1, 0, 2, 4, 6);
        *lo = __builtin_shufflevector(v0, v1, 1, 3, 5, 7);
    } else {
        const ptrdiff_t o0 = i * stride, o1 = o0 + stride, o2 = o1 + stride, o3 = o2 + stride;
        double a0, a1, a2, a3, b0, b1, b2, b3;
        memcpy(&a0, lat + o0, 8);
        memcpy(&a1, lat + o1, 8);
        memcpy(&a2, lat + o2, 8);
        memcpy(&a3, lat + o3, 8);
        memcpy(&b0, lon + o0, 8);
        memcpy(&b1, lon + o1, 8);
        memcpy(&b2, lon + o2, 8);
        memcpy(&b3, lon + o3, 8);
        *la = (d4){a0, a1, a2, a3};
        *lo = (d4){b0, b1, b2, b3};
    }
}

// HaversineKernel.runChunks with the layout fixed (so each loop is specialised).
GK_AVX2 ptrdiff_t run(const CSIMDShim_haversine_params *p, const char *lat, const char *lon,
                      ptrdiff_t stride, int layout, ptrdiff_t count, double *out) {
    const double lat1 = p->lat1, lon1 = p->lon1, cos_phi1 = p->cos_phi1, radius = p->radius;
    const double k = p->k, half_k = p->half_k;
    d4 scratch[3 * CHUNK / 4];
    d4 *c0 = scratch, *c1 = scratch + COLUMN / 4, *c2 = scratch + 2 * COLUMN / 4;
    for (ptrdiff_t start = 0; start < count; start += CHUNK) {
        const ptrdiff_t end = count - start < CHUNK ? count : start + CHUNK;
        const ptrdiff_t slots = (end - start) >> 2;
        // Stage 1: validate and reduce.
        for (ptrdiff_t slot = 0; slot < slots; slot++) {
            const ptrdiff_t i = start + slot * 4;
            d4 lat2, lon2;
            load4(lat, lon, stride, layout, i, &lat2, &lon2);
            if (!all_valid(lat2, lon2)) return i;
            d4 halfDPhi = (lat2 - lat1) * half_k;
            d4 halfDLambda = (lon2 - lon1) * half_k;
            d4 phi2 = lat2 * k;
            c0[slot] = halfDPhi;
            c1[slot] = fold_up_to_pi(halfDLambda);
            c2[slot] = half_pi_minus_abs(phi2);
        }
        // Stage 2: the sines.
        for (ptrdiff_t slot = 0; slot < slots; slot++) {
            c0[slot] = sin_reduced(c0[slot]);
            c1[slot] = sin_reduced(c1[slot]);
            c2[slot] = sin_reduced(c2[slot]);
        }
        // Stage 3: h, into the output.
        for (ptrdiff_t slot = 0; slot < slots; slot++) {
            d4 s1 = c0[slot], s2 = c1[slot], cc2 = c2[slot];
            d4 a = s1 * s1;
            d4 c12 = cc2 * cos_phi1;
            d4 b = c12 * (s2 * s2);
            store(out + start + slot * 4, a + b);
        }
        // Stage 4: metres.
        for (ptrdiff_t slot = 0; slot < slots; slot++) {
            double *o = out + start + slot * 4;
            store(o, distances(load((const char *)o), radius));
        }
    }
    return count;
}

__attribute__((target("avx2")))
ptrdiff_t CSIMDShim_haversine_avx2(const CSIMDShim_haversine_params *params, const double *lat,
                                   const double *lon, ptrdiff_t stride_bytes, int layout,
                                   ptrdiff_t count, double *out) {
    const char *la = (const char *)lat, *lo = (const char *)lon;
    switch (layout) {
    case CSIMDShim_LAYOUT_COLUMNS:
        return run(params, la, lo, 8, CSIMDShim_LAYOUT_COLUMNS, count, out);
    case CSIMDShim_LAYOUT_INTERLEAVED:
        return run(params, la, lo, 16, CSIMDShim_LAYOUT_INTERLEAVED, count, out);
    default:
        return run(params, la, lo, stride_bytes, CSIMDShim_LAYOUT_STRIDED, count, out);
    }
}

#else  // not x86-64 with clang: the Swift kernel runs everywhere.

ptrdiff_t CSIMDShim_haversine_avx2(const CSIMDShim_haversine_params *params, const double *lat,
                                   const double *lon, ptrdiff_t stride_bytes, int layout,
                                   ptrdiff_t count, double *out) {
    (void)params; (void)lat; (void)lon; (void)stride_bytes; (void)layout; (void)out;
    return count > 0 ? -1 : 0;
}

#endif
