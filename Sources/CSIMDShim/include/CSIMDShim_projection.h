#ifndef CSIMDSHIM_PROJECTION_H
#define CSIMDSHIM_PROJECTION_H
// Batch kernels of the native projections (GeoKernel's Transformer), in C because Swift
// cannot compile one function for a wider target than the rest of the library.
//
// Each kernel is written once over eight-lane vectors and compiled three times: for the
// library's own target (baseline x86-64: SSE2; NEON on arm64), for AVX2 and for AVX-512F;
// CSIMDShim_vector_level() says which of them this CPU runs, the caller passes the level
// in. There is no fused multiply-add and contraction is off, so the three give the same
// bits on every CPU (the tests compare them).

#include <stddef.h>

/// What the CPU and the operating system run, asked with CPUID and XGETBV on every call
/// (cache it): 2 for AVX-512F, 1 for AVX2, 0 for neither (and on every CPU but x86-64).
int CSIMDShim_vector_level(void);

/// Web Mercator (EPSG:3857) forward on the sphere of radius a = 6 378 137 m:
/// x = a·λ, y = a·asinh(tan φ), for `count` points read from `lon`, `lat` (degrees, every
/// `in_stride` bytes) and written to `x`, `y` (metres, every `out_stride` bytes), in place
/// or not (each block of eight is read before it is written). Longitudes beyond ±180° are
/// brought into range exactly; a point with |lat| ≥ 90, |lon| ≥ 2^51 or a NaN or infinite
/// coordinate gets +infinity in x and y, and the return value counts them. Accuracy: y within 5 nm and
/// 5 ulps of the exact y of the rounded radian latitude (relative accuracy near the
/// equator too); x is PROJ's lon·(π/180)·a, bit for bit. `level` is a value of
/// CSIMDShim_vector_level() for this CPU, or lower: every level gives the same bits.
ptrdiff_t CSIMDShim_webmerc_forward(int level, const double *lon, const double *lat,
                                    ptrdiff_t in_stride, double *x, double *y,
                                    ptrdiff_t out_stride, ptrdiff_t count);

/// Web Mercator inverse, laid out as CSIMDShim_webmerc_forward: (x, y) in metres from `x`,
/// `y` to degrees in `lon`, `lat`: λ = x/a (brought into [−180, 180]), φ = atan(sinh(y/a))
/// (sinh by a vector exponential, atan by CSIMDShim's rational). A NaN or infinite
/// coordinate gives +infinity, counted. Within a few ulps of libm's formula.
ptrdiff_t CSIMDShim_webmerc_inverse(int level, const double *x, const double *y, ptrdiff_t in_stride, double *lon,
                                    double *lat, ptrdiff_t out_stride, ptrdiff_t count);

/// The constants of one transverse Mercator (TransverseMercator in GeoKernel).
typedef struct CSIMDShim_tmerc_params {
    double central_meridian;  ///< degrees
    double false_easting;     ///< metres
    double false_northing;    ///< metres
    double scale;             ///< k0 times the rectifying radius, metres
    double e;                 ///< eccentricity, at most 0.0825
    double e2m;               ///< 1 − e²
    double alpha[6];          ///< Krüger's α1 … α6 (forward)
    double beta[6];           ///< Krüger's β1 … β6 (inverse)
} CSIMDShim_tmerc_params;

/// Transverse Mercator forward (Krüger's series to n⁶, exact conformal latitude), laid out
/// as CSIMDShim_webmerc_forward: points with |lat| > 90, 90° or more from the central
/// meridian (|lon| < 2^51 taken exactly), or a NaN or infinite coordinate get +infinity
/// and are counted. Northings within 2 ulps of PROJ's (3.7 nm at 10⁷ m); every level
/// gives the same bits.
ptrdiff_t CSIMDShim_tmerc_forward(int level, const CSIMDShim_tmerc_params *params, const double *lon,
                                  const double *lat, ptrdiff_t in_stride, double *x, double *y,
                                  ptrdiff_t out_stride, ptrdiff_t count);

/// Transverse Mercator inverse, laid out as CSIMDShim_webmerc_inverse: (easting,
/// northing) in metres to degrees (the longitude brought into [−180, 180]): the series with
/// β, then the geodetic latitude from the conformal one by four Newton steps (Karney 2011,
/// eqs. 19–21; two or three reach the last bit). A NaN or infinite coordinate gives
/// +infinity, counted.
ptrdiff_t CSIMDShim_tmerc_inverse(int level, const CSIMDShim_tmerc_params *params, const double *x,
                                  const double *y, ptrdiff_t in_stride, double *lon, double *lat,
                                  ptrdiff_t out_stride, ptrdiff_t count);

#endif
