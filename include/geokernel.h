/*
 * geokernel.h — the C ABI of GeoKernel, an embeddable geo-computation kernel.
 *
 * Design (read once):
 *  - Every function that can fail returns an int status: GK_OK (0) or a GK_ERR_* code.
 *    Results go through trailing out-parameters. gk_errstr(code) describes a code;
 *    gk_context_errmsg(ctx) describes the most recent failure on that context.
 *  - A gk_context carries the last error and nothing else; there is no global state.
 *    Create one per thread. Every call that can fail takes the context first; a NULL
 *    context or a NULL required pointer returns GK_ERR_MISUSE, never crashes.
 *  - Handles are never const-qualified (the ABI check compares them as void pointers);
 *    each declaration says whether it modifies the object.
 *  - Objects (gk_transformer, gk_unitvec) are opaque handles with create/destroy pairs;
 *    destroy(NULL) is a no-op. Arrays are caller-owned: pointer + count (+ stride in
 *    bytes between consecutive elements, so interleaved lat,lon pairs pass as
 *    lat = p, lon = p + 1, stride = 16).
 *  - Units: metres, degrees (latitude in [-90, 90], longitude in [-180, 180]).
 *    "Sphere" means the sphere of mean radius GK_EARTH_MEAN_RADIUS_M; "WGS84" means
 *    the ellipsoid, through PROJ's geodesic.h (Karney 2013). The two differ by up to
 *    0.56 %.
 *  - Threads: a context, and a transformer, is used by one thread at a time. A
 *    gk_unitvec is immutable after creation and may be read by many threads at once,
 *    each with its own context.
 *  - Every declaration names its Swift twin in the GeoKernel module.
 *
 * The library is libgeokernel.so (soname libgeokernel.so.0). It links the Swift runtime
 * statically and exports only gk_* symbols; at run time it needs libproj and the C/C++
 * runtime only. pkg-config name: geokernel.
 */
#ifndef GEOKERNEL_H
#define GEOKERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version ---- */

#define GK_VERSION_MAJOR 0
#define GK_VERSION_MINOR 1
#define GK_VERSION_PATCH 0
/** GK_VERSION_MAJOR * 10000 + GK_VERSION_MINOR * 100 + GK_VERSION_PATCH. */
#define GK_VERSION_NUMBER (GK_VERSION_MAJOR * 10000 + GK_VERSION_MINOR * 100 + GK_VERSION_PATCH)

/** The version of the library actually loaded, as GK_VERSION_NUMBER; compare the two to
 *  detect a header/library mismatch.
 *  \return the version number. Thread safety: any thread. \since 0.1 */
int gk_libversion_number(void);

/** The loaded library's version as "MAJOR.MINOR.PATCH".
 *  \return a static string. Ownership: borrowed, never freed. \since 0.1 */
const char *gk_libversion(void);

/* ------------------------------------------------------- constants & codes ---- */

/** Mean Earth radius in metres (IUGG R1), the sphere of every spherical function.
 *  Swift: EarthModel.meanRadiusMeters. */
#define GK_EARTH_MEAN_RADIUS_M 6371008.8
/** WGS84 equatorial radius (m) and flattening. Swift: EarthModel.wgs84SemiMajorAxisMeters. */
#define GK_WGS84_A 6378137.0
#define GK_WGS84_F (1.0 / 298.257223563)

/* Status codes. Ranges as in PROJ: 1-9 misuse and arguments, 10-19 projection,
 * 20-29 objects and ids, 30-39 files and data. Swift: GeoKernelError.Code. */
#define GK_OK                    0
#define GK_ERR_MISUSE            1  /**< NULL pointer, NULL context, or a call not allowed now */
#define GK_ERR_INVALID_ARGUMENT  2  /**< value out of range, NaN/infinite, bad count or stride */
#define GK_ERR_OUT_OF_MEMORY     3
#define GK_ERR_BUFFER_TOO_SMALL  4
#define GK_ERR_CRS              10  /**< PROJ does not know or cannot use a CRS or operation */
#define GK_ERR_PROJ_DATABASE    11  /**< PROJ's proj.db was not found */
#define GK_ERR_TRANSFORM        12  /**< points could not be transformed */
#define GK_ERR_NOT_FOUND        20
#define GK_ERR_DUPLICATE        21
#define GK_ERR_PERMISSION       22
#define GK_ERR_CAPACITY         23
#define GK_ERR_IO               30
#define GK_ERR_CORRUPT          31
#define GK_ERR_PARSE            32
#define GK_ERR_ORDER            33
#define GK_ERR_INTERNAL         99

/** A short English description of a status code ("invalid argument").
 *  \param[in] code any int; unknown codes give "unknown error".
 *  \return a static string. Ownership: borrowed, never freed. Thread safety: any thread.
 *  Swift: GeoKernelError.Code.description. \since 0.1 */
const char *gk_errstr(int code);

/* ---------------------------------------------------------------- context ---- */

#ifdef GK_HANDLES_AS_VOID
/* Only for the build's header/export check, which compares these declarations with
 * the Swift-generated header, where every handle is a void pointer. */
typedef void gk_context;
typedef void gk_transformer;
typedef void gk_unitvec;
/* @handles-as-void: new handle typedefs go above this line, and in the #else branch */
#else
/** Error state for one thread's calls. */
typedef struct gk_context gk_context;
/** A PROJ coordinate transformation. */
typedef struct gk_transformer gk_transformer;
/** Points converted once to unit vectors for repeated containment tests. */
typedef struct gk_unitvec gk_unitvec;
/* @handles: new handle typedefs go above this line */
#endif

/** CONSTRUCTOR. Creates a context.
 *  \return the context, or NULL when out of memory.
 *  Ownership: the caller owns it; free with gk_context_destroy.
 *  Thread safety: use each context from one thread at a time. \since 0.1 */
gk_context *gk_context_create(void);

/** DESTRUCTOR. Destroys a context; NULL is a no-op. \since 0.1 */
void gk_context_destroy(gk_context *ctx);

/** The message of the most recent call on ctx: what failed and why, e.g.
 *  "crs not found: EPSG:99999", or "no error" after a successful call.
 *  \return a string owned by ctx, valid until its next call. NULL ctx gives a static
 *  message. \since 0.1 */
const char *gk_context_errmsg(gk_context *ctx);

/** The status code of the most recent call on ctx (GK_OK after a success).
 *  NULL ctx gives GK_ERR_MISUSE. \since 0.1 */
int gk_context_errcode(gk_context *ctx);

/* ---------------------------------------------------------------- geodesy ---- */

/** Validates a coordinate and normalises its longitude into [-180, 180).
 *  \param[out] out_lat, out_lon the checked values (either may be NULL).
 *  \return GK_OK, or GK_ERR_INVALID_ARGUMENT for latitude outside [-90, 90] or NaN/inf.
 *  Swift: Coordinate(latitude:longitude:). \since 0.1 */
int gk_coord_check(gk_context *ctx, double lat, double lon, double *out_lat, double *out_lon);

/** Great-circle distance by the haversine formula on the sphere
 *  (R = GK_EARTH_MEAN_RADIUS_M).
 *  \param[out] out_m distance in metres.
 *  \return GK_OK or GK_ERR_INVALID_ARGUMENT. Swift: haversineDistance(_:_:). \since 0.1 */
int gk_haversine(gk_context *ctx, double lat1, double lon1, double lat2, double lon2, double *out_m);

/** WGS84 inverse geodesic (Karney 2013, via PROJ), accurate to about 15 nm.
 *  \param[out] out_s12 distance in metres; out_azi1, out_azi2 azimuths at the two points
 *  in degrees clockwise from north, in (-180, 180]. Any out pointer may be NULL.
 *  Swift: Geodesic.wgs84.inverse(from:to:). \since 0.1 */
int gk_geodesic_inverse(gk_context *ctx, double lat1, double lon1, double lat2, double lon2,
                        double *out_s12, double *out_azi1, double *out_azi2);

/** WGS84 direct geodesic: the end of a geodesic of s12 metres leaving (lat1, lon1) at
 *  azimuth azi1 degrees.
 *  \param[out] out_lat2, out_lon2 end point (degrees); out_azi2 forward azimuth there.
 *  Any out pointer may be NULL. Swift: Geodesic.wgs84.direct(from:azimuthDegrees:distanceMeters:).
 *  \since 0.1 */
int gk_geodesic_direct(gk_context *ctx, double lat1, double lon1, double azi1, double s12,
                       double *out_lat2, double *out_lon2, double *out_azi2);

/** Initial bearing of the great circle from point 1 to point 2 (sphere).
 *  \param[out] out_deg degrees clockwise from north in [0, 360).
 *  Swift: Coordinate.initialBearing(to:). \since 0.1 */
int gk_initial_bearing(gk_context *ctx, double lat1, double lon1, double lat2, double lon2,
                       double *out_deg);

/** The point distance_m metres from (lat, lon) along bearing_deg (sphere).
 *  \param[out] out_lat, out_lon the destination, longitude in [-180, 180).
 *  Swift: Coordinate.destination(bearingDegrees:distanceMeters:). \since 0.1 */
int gk_destination(gk_context *ctx, double lat, double lon, double bearing_deg, double distance_m,
                   double *out_lat, double *out_lon);

/** Signed distance (m) from (lat, lon) to the great circle through start and end:
 *  positive right of the direction of travel (sphere). GK_ERR_INVALID_ARGUMENT when start
 *  and end coincide or are antipodal. Swift: Coordinate.crossTrackDistance(start:end:).
 *  \since 0.1 */
int gk_cross_track_distance(gk_context *ctx, double lat, double lon,
                            double start_lat, double start_lon, double end_lat, double end_lon,
                            double *out_m);

/** Distance (m) from start along the great circle towards end to the foot of the
 *  perpendicular from (lat, lon); negative behind start (sphere).
 *  Swift: Coordinate.alongTrackDistance(start:end:). \since 0.1 */
int gk_along_track_distance(gk_context *ctx, double lat, double lon,
                            double start_lat, double start_lon, double end_lat, double end_lon,
                            double *out_m);

/** The latitude/longitude box of the circle of radius_m around (lat, lon) (sphere).
 *  out_west > out_east means the box crosses the antimeridian; a box containing a pole
 *  spans west -180 to east 180. Swift: BoundingBox(circleAround:radiusMeters:). \since 0.1 */
int gk_bbox_of_circle(gk_context *ctx, double lat, double lon, double radius_m,
                      double *out_south, double *out_north, double *out_west, double *out_east);

/* ---------------------------------------------------------- batch kernels ---- */

/** Haversine distances (sphere) from one centre to count points, SIMD.
 *  \param[in] lat, lon first latitude and longitude (degrees); element i is read at
 *  byte offset i * stride_bytes from each. stride_bytes >= 8 and a multiple of 8.
 *  \param[out] out_m count distances in metres, contiguous.
 *  Agrees with gk_haversine to 4e-15 relative below 19 000 km.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the first bad point) for a latitude
 *  outside [-90, 90], a longitude outside [-180, 180] or NaN; GK_ERR_MISUSE for NULL.
 *  Thread safety: any thread with its own ctx. Swift: haversineDistances(from:to:into:).
 *  \since 0.1 */
int gk_haversine_batch(gk_context *ctx, double center_lat, double center_lon,
                       const double *lat, const double *lon, size_t count, ptrdiff_t stride_bytes,
                       double *out_m);

/** Point-in-circle for count points (degrees) against one circle, SIMD. Decisions are
 *  identical to the scalar test gk_haversine(center, point) <= radius_m.
 *  \param[out] out_mask count bytes, 1 inside, 0 outside. out_inside: number inside
 *  (may be NULL). Other parameters as gk_haversine_batch.
 *  Swift: Circle.contains(_:into:). \since 0.1 */
int gk_circle_contains_batch(gk_context *ctx, double center_lat, double center_lon, double radius_m,
                             const double *lat, const double *lon, size_t count, ptrdiff_t stride_bytes,
                             uint8_t *out_mask, size_t *out_inside);

/** CONSTRUCTOR. Converts count points once to unit vectors for repeated tests.
 *  \param[out] out the new object. Ownership: the caller frees it with gk_unitvec_destroy.
 *  Swift: UnitVectorBuffer(_:). \since 0.1 */
int gk_unitvec_create(gk_context *ctx, const double *lat, const double *lon, size_t count,
                      ptrdiff_t stride_bytes, gk_unitvec **out);

/** The number of points in buf (0 for NULL). \since 0.1 */
size_t gk_unitvec_count(gk_unitvec *buf);

/** Point-in-circle over a gk_unitvec; decisions identical to the scalar haversine test.
 *  \param[out] out_mask gk_unitvec_count(buf) bytes, 1 inside, 0 outside; out_inside may
 *  be NULL. Thread safety: buf may be read by many threads at once, each with its own ctx.
 *  Swift: UnitVectorBuffer.contains(in:into:). \since 0.1 */
int gk_unitvec_contains(gk_context *ctx, gk_unitvec *buf, double center_lat, double center_lon,
                        double radius_m, uint8_t *out_mask, size_t *out_inside);

/** DESTRUCTOR. NULL is a no-op. \since 0.1 */
void gk_unitvec_destroy(gk_unitvec *buf);

/* ------------------------------------------------------------- projection ---- */

/** Direction of a transformation. */
#define GK_FORWARD 1
#define GK_INVERSE (-1)

/** CONSTRUCTOR. A transformation between two CRS that PROJ knows ("EPSG:4326",
 *  "EPSG:32633", "+proj=merc +datum=WGS84", WKT). Geographic CRS use x = longitude,
 *  y = latitude in degrees.
 *  \param[out] out the transformer. Ownership: free with gk_transformer_destroy.
 *  \return GK_OK; GK_ERR_CRS with PROJ's own message ("crs not found: EPSG:99999");
 *  GK_ERR_PROJ_DATABASE naming the searched paths when proj.db is missing.
 *  Thread safety: the transformer has its own PROJ context; use it from one thread at a
 *  time and gk_transformer_clone for others. Swift: Transformer(source:target:). \since 0.1 */
int gk_transformer_create(gk_context *ctx, const char *source, const char *target, gk_transformer **out);

/** CONSTRUCTOR. A single PROJ operation or pipeline ("+proj=utm +zone=32 +ellps=GRS80");
 *  angular input and output in degrees. Swift: Transformer(operation:). \since 0.1 */
int gk_transformer_create_operation(gk_context *ctx, const char *operation, gk_transformer **out);

/** CONSTRUCTOR. An independent copy with its own PROJ context, for another thread.
 *  Swift: Transformer.clone(). \since 0.1 */
int gk_transformer_clone(gk_context *ctx, gk_transformer *t, gk_transformer **out);

/** Transforms count points in place. x, y (and z unless NULL) are read and written at
 *  byte offsets i * stride_bytes.
 *  \param direction GK_FORWARD or GK_INVERSE.
 *  \param[out] out_failed number of points that could not be transformed (they become
 *  +infinity; the rest are transformed). May be NULL.
 *  \return GK_OK even when some points failed (see out_failed); GK_ERR_INVALID_ARGUMENT
 *  or GK_ERR_MISUSE for bad arguments. Swift: Transformer.transform(x:y:z:count:strideBytes:direction:).
 *  \since 0.1 */
int gk_transformer_transform(gk_context *ctx, gk_transformer *t, int direction,
                             double *x, double *y, double *z, size_t count, ptrdiff_t stride_bytes,
                             size_t *out_failed);

/** DESTRUCTOR. NULL is a no-op. \since 0.1 */
void gk_transformer_destroy(gk_transformer *t);

/* @sections: new header sections go above this line, one per facade */

#ifdef __cplusplus
}
#endif

#endif /* GEOKERNEL_H */
