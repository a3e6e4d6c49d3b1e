#ifndef CSIMDSHIM_HAVERSINE_H
#define CSIMDSHIM_HAVERSINE_H
// The batch haversine kernel for CPUs with AVX2, chosen at run time.
//
// Why this shim exists: libgeokernel.so is built for baseline x86-64 (SSE2), where
// GeoKernel's SIMD4<Double> kernel (HaversineKernel, Swift) runs as pairs of 128-bit
// operations. Swift has no per-function target attribute, and building the Swift module
// for AVX2 would make the whole library need it. Clang's target attribute gives one
// function 256-bit registers while the rest of the library stays baseline; the caller asks
// CSIMDShim_vector_level() (CSIMDShim_projection.h) first. The arithmetic is HaversineKernel's, lane
// for lane and operation for operation (no fused multiply-add: FMA is not enabled and
// contraction is off), so the results are bit for bit those of the Swift kernel; the
// tests compare the two on seeded data. It can go once Swift can compile one function
// for a wider target.

#include <stddef.h>

/// The constants of one run, computed by the Swift kernel (HaversineKernel).
typedef struct CSIMDShim_haversine_params {
    double lat1;     ///< centre latitude, degrees
    double lon1;     ///< centre longitude, degrees
    double cos_phi1; ///< libm cos of the centre latitude in radians
    double radius;   ///< sphere radius, metres
    double k;        ///< degrees to radians
    double half_k;   ///< k / 2
} CSIMDShim_haversine_params;

/// Memory layouts of the points (CoordinateColumns.Layout).
enum {
    CSIMDShim_LAYOUT_COLUMNS = 0,     ///< two contiguous columns (stride 8)
    CSIMDShim_LAYOUT_INTERLEAVED = 1, ///< lat, lon pairs (stride 16, lon = lat + 1)
    CSIMDShim_LAYOUT_STRIDED = 2      ///< any other stride
};

/// Distances in metres for points 0 ..< count (count a multiple of 4) written to out,
/// points read from lat and lon every stride_bytes bytes in the given layout. Every block
/// of four points is validated (latitude in [-90, 90], longitude in [-180, 180], finite)
/// before it is computed; the run stops at the first invalid block.
/// Returns count when every point was valid, else the index of the first point of the
/// first invalid block (its results and later ones are not written).
/// Only call after CSIMDShim_vector_level() returned 1 or more.
ptrdiff_t CSIMDShim_haversine_avx2(const CSIMDShim_haversine_params *params, const double *lat,
                                   const double *lon, ptrdiff_t stride_bytes, int layout,
                                   ptrdiff_t count, double *out);

#endif
