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
 *  - Objects are opaque handles with create/destroy pairs; destroy(NULL) is a no-op.
 *    The handles, by section (sections follow topics, kernels first, then one per facade):
 *      gk_context           context: a thread's last error;
 *      gk_unitvec           batch kernels: points as unit vectors, for point-in-circle;
 *      gk_polygon           polygon: polygons prepared for point-in-polygon and distances;
 *      gk_transformer       projection: a PROJ transformation between two CRSs;
 *      gk_index             nearby: a spatial index of points;
 *      gk_landmarks         nearby: landmarks with notes and owners, in memory;
 *      gk_geocoder          nearby: a gazetteer for reverse geocoding;
 *      gk_address_index     nearby: addresses: places, addresses and streets from OSM;
 *      gk_landmark_store    landmark store: the SQLite store of shared landmarks;
 *      gk_landmark_list     landmark store: an immutable answer (get, search, changes);
 *      gk_geofence_monitor  geofence: circular and polygon fences and their events;
 *      gk_timeline          timeline: stays and moves from fixes, live events, places;
 *      gk_tracking_policy   timeline: the battery-saving tracking state machine;
 *      gk_route             route: pins, legs and directions;
 *      gk_road_graph        road: a routable graph built from OpenStreetMap or loaded;
 *      gk_router            road: queries on a graph (snap, cost, matrix, routes);
 *      gk_isochrone         road: what a router reaches within a limit;
 *      gk_matcher           match: map matching on a graph;
 *      gk_match             match: a trace matched onto the roads;
 *      gk_match_stream      match: map matching as fixes arrive.
 *    Arrays are caller-owned: pointer + count (+ stride in bytes between consecutive
 *    elements, so interleaved lat,lon pairs pass as lat = p, lon = p + 1, stride = 16).
 *  - Output buffers, one rule everywhere: a call that returns an array writes the number
 *    of entries to *out_count (required), also when they do not fit; when that number
 *    exceeds capacity it returns GK_ERR_BUFFER_TOO_SMALL and writes no entry (call again
 *    with a larger buffer). A call that returns text copies its UTF-8 bytes and a NUL into
 *    buf and writes the length in bytes without the NUL to *out_len (which may be NULL),
 *    also when it does not fit; when length + 1 exceeds capacity it returns
 *    GK_ERR_BUFFER_TOO_SMALL and writes nothing (capacity 0 with buf NULL asks for the
 *    length). The one exception is a queue (gk_geofence_monitor_read_events,
 *    gk_match_stream_read): it hands out
 *    up to capacity entries and keeps the rest.
 *  - Fixes, one argument order everywhere: lat, lon, time_s, accuracy_m (since 0.3; the
 *    geofence section took accuracy before time in 0.2). The ABI is not yet 1.0: such
 *    changes are announced here and in the version number. In 0.4, GK_TIMELINE_TIMELY_MOVES
 *    became a preset a person accepts (section timeline); 0.3's is GK_TIMELINE_TIMELY_MOVES_SEED.
 *  - Enumerations are the named GK_* constants; any other value is refused with
 *    GK_ERR_INVALID_ARGUMENT.
 *  - Strings (notes, owners, users, search text, profiles) and paths are NUL-terminated
 *    UTF-8. A string or path that is not valid UTF-8 is refused with
 *    GK_ERR_INVALID_ARGUMENT: bytes are never rewritten (no U+FFFD), so what is stored
 *    or saved is exactly what was given.
 *  - Files: every path the library reads must be a regular file (or a symbolic link to
 *    one); a FIFO, device, socket or directory is refused at once with GK_ERR_IO (it is
 *    opened with O_NONBLOCK and checked, so a FIFO never blocks). Saves write a
 *    temporary file `<target>.tmp-<pid>-<n>` beside the target, fsync it and rename it
 *    over the target. An existing target that is not a regular file is refused with
 *    GK_ERR_IO and left as it is; a symbolic link is written through (the file it points
 *    to is replaced, the link stays); a dangling link is refused. A save also removes the
 *    temporary files of the same target left by processes that no longer exist (saves
 *    killed midway).
 *  - Units: metres, degrees (latitude in [-90, 90], longitude in [-180, 180]).
 *    "Sphere" means the sphere of mean radius GK_EARTH_MEAN_RADIUS_M; "WGS84" means
 *    the ellipsoid, by GeoKernel's own geodesic (Karney 2013; no PROJ). The two differ by up to
 *    0.56 %.
 *  - Threads: a context, and a transformer, is used by one thread at a time. A
 *    gk_unitvec or a gk_polygon is immutable after creation and may be read by many
 *    threads at once, each with its own context.
 *  - Every declaration names its Swift twin in the GeoKernel module.
 *
 * The library is libgeokernel.so (soname libgeokernel.so.0). It links the Swift runtime
 * statically and exports only gk_* symbols; at run time it needs libproj, libz, libsqlite3
 * and the C/C++ runtime only. pkg-config name: geokernel.
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
#define GK_VERSION_MINOR 8
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
typedef void gk_geofence_monitor;
typedef void gk_timeline;
typedef void gk_tracking_policy;
typedef void gk_index;
typedef void gk_landmarks;
typedef void gk_geocoder;
typedef void gk_route;
typedef void gk_road_graph;
typedef void gk_router;
typedef void gk_address_index;
typedef void gk_landmark_store;
typedef void gk_landmark_list;
typedef void gk_isochrone;
typedef void gk_matcher;
typedef void gk_match;
typedef void gk_match_stream;
typedef void gk_polygon;
/* @handles-as-void: new handle typedefs go above this line, and in the #else branch */
#else
/** Error state for one thread's calls. */
typedef struct gk_context gk_context;
/** A PROJ coordinate transformation. */
typedef struct gk_transformer gk_transformer;
/** Points converted once to unit vectors for repeated containment tests. */
typedef struct gk_unitvec gk_unitvec;
/** A geofence monitor: fences, their state and a queue of events (section geofence). */
typedef struct gk_geofence_monitor gk_geofence_monitor;
/** One or more polygons with holes, prepared for containment tests, immutable (section
 *  polygon; Swift: PreparedPolygon). */
typedef struct gk_polygon gk_polygon;
/** Places and moves detected from fixes (Timeline; Swift: Recorder, its StopDetector and Diary). */
typedef struct gk_timeline gk_timeline;
/** The travel-survey tracking policy (Timeline; Swift: TrackingPolicy). */
typedef struct gk_tracking_policy gk_tracking_policy;
/** A spatial index over points on the globe (section nearby; Swift: SpatialIndex). */
typedef struct gk_index gk_index;
/** Shared landmarks with notes (section nearby; Swift: LandmarkIndex). */
typedef struct gk_landmarks gk_landmarks;
/** A gazetteer for reverse geocoding (section nearby; Swift: ReverseGeocoder). */
typedef struct gk_geocoder gk_geocoder;
/** A route plan: pins, legs and cumulative directions (section route; Swift: RoutePlan). */
typedef struct gk_route gk_route;
/** A road network for routing, immutable (section road; Swift: RoadGraph). */
typedef struct gk_road_graph gk_road_graph;
/** Routes on a road graph with one metric and mode (section road; Swift: RoadRouter). */
typedef struct gk_router gk_router;
/** Reverse geocoding by address, immutable (section places; Swift: AddressIndex). */
typedef struct gk_address_index gk_address_index;
/** Shared landmarks in an SQLite file, for many processes, with sync (section landmark
 *  store; Swift: LandmarkStore). */
typedef struct gk_landmark_store gk_landmark_store;
/** An answer of the landmark store: landmarks with their texts (section landmark store). */
typedef struct gk_landmark_list gk_landmark_list;
/** Roads reachable within a limit and their outline (section road; Swift: RoadIsochrone). */
typedef struct gk_isochrone gk_isochrone;
/** Map matching on a road graph, immutable (section match; Swift: RoadMatcher). */
typedef struct gk_matcher gk_matcher;
/** A trace matched onto the roads, immutable (section match; Swift: RoadMatch). */
typedef struct gk_match gk_match;
/** Map matching as fixes arrive (section match; Swift: RoadMatchStream). */
typedef struct gk_match_stream gk_match_stream;
/* @handles: new handle typedefs go above this line */
#endif

/** CONSTRUCTOR. Creates a context.
 *  \return the context, or NULL when out of memory.
 *  Ownership: the caller owns it; free with gk_context_destroy.
 *  Thread safety: use each context from one thread at a time. \since 0.1 */
gk_context *gk_context_create(void);

/** DESTRUCTOR. Destroys a context; NULL is a no-op.
 *  \param ctx the context or NULL; do not use it afterwards.
 *  \since 0.1 */
void gk_context_destroy(gk_context *ctx);

/** The message of the most recent call on ctx: what failed and why, e.g.
 *  "crs not found: EPSG:99999", or "no error" after a successful call.
 *  \param ctx the context whose most recent call is described (borrowed), or NULL.
 *  \return a string owned by ctx, valid until its next call. NULL ctx gives a static
 *  message. \since 0.1 */
const char *gk_context_errmsg(gk_context *ctx);

/** The status code of the most recent call on ctx (GK_OK after a success).
 *  \param ctx the context whose most recent call is asked about (borrowed), or NULL.
 *  NULL ctx gives GK_ERR_MISUSE. \since 0.1 */
int gk_context_errcode(gk_context *ctx);

/* ---------------------------------------------------------------- geodesy ---- */

/** Validates a coordinate and normalises its longitude into [-180, 180).
 *  \param ctx the calling thread's context.
 *  \param lat latitude in degrees, [-90, 90].
 *  \param lon longitude in degrees, finite (any value; normalised).
 *  \param[out] out_lat, out_lon the checked values (either may be NULL).
 *  \return GK_OK, or GK_ERR_INVALID_ARGUMENT for latitude outside [-90, 90] or NaN/inf.
 *  Swift: Coordinate(latitude:longitude:). \since 0.1 */
int gk_coord_check(gk_context *ctx, double lat, double lon, double *out_lat, double *out_lon);

/** Great-circle distance by the haversine formula on the sphere
 *  (R = GK_EARTH_MEAN_RADIUS_M).
 *  \param ctx the calling thread's context.
 *  \param lat1 the first point's latitude in degrees, [-90, 90].
 *  \param lon1 the first point's longitude in degrees, any finite value.
 *  \param lat2 the second point's latitude in degrees, [-90, 90].
 *  \param lon2 the second point's longitude in degrees, any finite value.
 *  \param[out] out_m distance in metres.
 *  \return GK_OK or GK_ERR_INVALID_ARGUMENT. Swift: haversineDistance(_:_:). \since 0.1 */
int gk_haversine(gk_context *ctx, double lat1, double lon1, double lat2, double lon2, double *out_m);

/** WGS84 inverse geodesic (Karney 2013, native: no PROJ), within 15 nm of GeographicLib.
 *  \param ctx the calling thread's context.
 *  \param lat1 the first point's latitude in degrees, [-90, 90].
 *  \param lon1 the first point's longitude in degrees, any finite value.
 *  \param lat2 the second point's latitude in degrees, [-90, 90].
 *  \param lon2 the second point's longitude in degrees, any finite value.
 *  \param[out] out_s12 distance in metres (on the WGS84 ellipsoid).
 *  \param[out] out_azi1 azimuth at the first point in degrees clockwise from north, in
 *  [0, 360) like every bearing of the library (since 0.5; (-180, 180] before).
 *  \param[out] out_azi2 azimuth at the second point (forward), likewise.
 *  Any out pointer may be NULL.
 *  Swift: Geodesic.wgs84.inverse(from:to:). \since 0.1 */
int gk_geodesic_inverse(gk_context *ctx, double lat1, double lon1, double lat2, double lon2,
                        double *out_s12, double *out_azi1, double *out_azi2);

/** WGS84 direct geodesic: the end of a geodesic of s12 metres leaving (lat1, lon1) at
 *  azimuth azi1 degrees.
 *  \param ctx the calling thread's context.
 *  \param lat1 the start's latitude in degrees, [-90, 90].
 *  \param lon1 the start's longitude in degrees, any finite value.
 *  \param azi1 azimuth at the start in degrees clockwise from north, finite.
 *  \param s12 distance along the geodesic in metres (WGS84), finite.
 *  \param[out] out_lat2, out_lon2 end point (degrees).
 *  \param[out] out_azi2 forward azimuth there (degrees clockwise from north, in [0, 360)).
 *  Any out pointer may be NULL. Swift: Geodesic.wgs84.direct(from:azimuthDegrees:distanceMeters:).
 *  \since 0.1 */
int gk_geodesic_direct(gk_context *ctx, double lat1, double lon1, double azi1, double s12,
                       double *out_lat2, double *out_lon2, double *out_azi2);

/** Initial bearing of the great circle from point 1 to point 2 (sphere).
 *  \param ctx the calling thread's context.
 *  \param lat1 the start's latitude in degrees, [-90, 90].
 *  \param lon1 the start's longitude in degrees, any finite value.
 *  \param lat2 the destination's latitude in degrees, [-90, 90].
 *  \param lon2 the destination's longitude in degrees, any finite value.
 *  \param[out] out_deg degrees clockwise from north in [0, 360).
 *  Swift: Coordinate.initialBearing(to:). \since 0.1 */
int gk_initial_bearing(gk_context *ctx, double lat1, double lon1, double lat2, double lon2,
                       double *out_deg);

/** The point distance_m metres from (lat, lon) along bearing_deg (sphere).
 *  \param ctx the calling thread's context.
 *  \param lat the start's latitude in degrees, [-90, 90].
 *  \param lon the start's longitude in degrees, any finite value.
 *  \param bearing_deg initial bearing in degrees clockwise from north, finite.
 *  \param distance_m metres along the great circle of the sphere, finite.
 *  \param[out] out_lat, out_lon the destination, longitude in [-180, 180).
 *  Swift: Coordinate.destination(bearingDegrees:distanceMeters:). \since 0.1 */
int gk_destination(gk_context *ctx, double lat, double lon, double bearing_deg, double distance_m,
                   double *out_lat, double *out_lon);

/** Signed distance (m) from (lat, lon) to the great circle through start and end:
 *  positive right of the direction of travel (sphere). GK_ERR_INVALID_ARGUMENT when start
 *  and end coincide or are antipodal. Swift: Coordinate.crossTrackDistance(start:end:).
 *  \param ctx the calling thread's context.
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param start_lat the start of the path: latitude (degrees, as lat).
 *  \param start_lon its longitude (degrees, as lon).
 *  \param end_lat the point the path heads for: latitude (degrees, as lat).
 *  \param end_lon its longitude (degrees, as lon).
 *  \param[out] out_m the signed distance in metres (required): positive right, negative left.
 *  \since 0.1 */
int gk_cross_track_distance(gk_context *ctx, double lat, double lon,
                            double start_lat, double start_lon, double end_lat, double end_lon,
                            double *out_m);

/** Distance (m) from start along the great circle towards end to the foot of the
 *  perpendicular from (lat, lon); negative behind start (sphere).
 *  Swift: Coordinate.alongTrackDistance(start:end:).
 *  \param ctx the calling thread's context.
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param start_lat the start of the path: latitude (degrees, as lat).
 *  \param start_lon its longitude (degrees, as lon).
 *  \param end_lat the point the path heads for: latitude (degrees, as lat).
 *  \param end_lon its longitude (degrees, as lon).
 *  \param[out] out_m the distance in metres (required), in [-pi R, pi R].
 *  \since 0.1 */
int gk_along_track_distance(gk_context *ctx, double lat, double lon,
                            double start_lat, double start_lon, double end_lat, double end_lon,
                            double *out_m);

/** The latitude/longitude box of the circle of radius_m around (lat, lon) (sphere).
 *  out_west > out_east means the box crosses the antimeridian; a box containing a pole
 *  spans west -180 to east 180. Swift: BoundingBox(circleAround:radiusMeters:).
 *  \param ctx the calling thread's context.
 *  \param lat the centre's latitude in degrees, [-90, 90].
 *  \param lon the centre's longitude in degrees, any finite value.
 *  \param radius_m the radius in metres along the sphere, finite and >= 0.
 *  \param[out] out_south the southern latitude bound (degrees).
 *  \param[out] out_north the northern latitude bound (degrees).
 *  \param[out] out_west the western longitude bound (degrees).
 *  \param[out] out_east the eastern longitude bound (degrees).
 *  Any out pointer may be NULL. \since 0.1 */
int gk_bbox_of_circle(gk_context *ctx, double lat, double lon, double radius_m,
                      double *out_south, double *out_north, double *out_west, double *out_east);

/* ---------------------------------------------------------- batch kernels ---- */

/** Haversine distances (sphere) from one centre to count points, SIMD.
 *  \param ctx the calling thread's context.
 *  \param center_lat the centre's latitude in degrees, [-90, 90].
 *  \param center_lon the centre's longitude in degrees, any finite value.
 *  \param[in] lat, lon first latitude and longitude (degrees); element i is read at
 *  byte offset i * stride_bytes from each. stride_bytes >= 8 and a multiple of 8.
 *  \param count the number of points (lat, lon and out_m are required even when 0).
 *  \param stride_bytes bytes between consecutive values of lat and of lon.
 *  \param[out] out_m count distances in metres, contiguous.
 *  Agrees with gk_haversine to 4e-15 relative below 19 000 km.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the first bad point) for a latitude
 *  outside [-90, 90], a longitude outside [-180, 180] or NaN; GK_ERR_MISUSE for NULL.
 *  Thread safety: any thread with its own ctx. Swift: haversineDistances(from:to:into:).
 *  \since 0.1 */
int gk_haversine_batch(gk_context *ctx, double center_lat, double center_lon,
                       const double *lat, const double *lon, size_t count, ptrdiff_t stride_bytes,
                       double *out_m);

/** WGS84 geodesic distances from one origin to count points (degrees), native (Karney
 *  2013; no PROJ), within 15 nm of GeographicLib: four points at a time through a SIMD
 *  kernel, each within 8 nm of gk_geodesic_inverse's out_s12 for the pair (not the same
 *  bits). O(count), one inverse problem per point.
 *  \param ctx the calling thread's context.
 *  \param origin_lat the origin's latitude in degrees, [-90, 90].
 *  \param origin_lon the origin's longitude in degrees, any finite value.
 *  \param[in] lat, lon first latitude and longitude (degrees); element i is read at
 *  byte offset i * stride_bytes from each. stride_bytes >= 8 and a multiple of 8.
 *  \param count the number of points (lat, lon and out_m are required even when 0).
 *  \param stride_bytes bytes between consecutive values of lat and of lon.
 *  \param[out] out_m count distances in metres, contiguous.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the first bad point, nothing written) for
 *  a latitude outside [-90, 90], a longitude outside [-180, 180] or NaN; GK_ERR_MISUSE for
 *  NULL. Thread safety: any thread with its own ctx.
 *  Swift: Geodesic.distances(from:to:into:). \since 0.7 */
int gk_geodesic_distances(gk_context *ctx, double origin_lat, double origin_lon,
                          const double *lat, const double *lon, size_t count, ptrdiff_t stride_bytes,
                          double *out_m);

/** WGS84 direct geodesics from one origin: end point i lies s12[i] metres from the origin
 *  along azimuth azi[i] (negative distances go backwards), native (Karney 2013; no PROJ),
 *  within 15 nm of GeographicLib: four geodesics at a time through a SIMD kernel, each end
 *  within 8 nm on the ground of gk_geodesic_direct's for the same input (not the same bits;
 *  arcs beyond about 19 000 km and ends at a pole go through gk_geodesic_direct itself).
 *  For circles of given radius on the ellipsoid, range rings, points at bearings. O(count).
 *  \param ctx the calling thread's context.
 *  \param origin_lat the origin's latitude in degrees, [-90, 90].
 *  \param origin_lon the origin's longitude in degrees, any finite value.
 *  \param[in] azi count azimuths at the origin in degrees clockwise from north, finite,
 *  contiguous.
 *  \param[in] s12 count distances along the ellipsoid in metres, finite, contiguous.
 *  \param count the number of geodesics (azi, s12, out_lat and out_lon are required even
 *  when 0).
 *  \param[out] out_lat count latitudes of the end points in degrees, contiguous.
 *  \param[out] out_lon count longitudes of the end points in degrees, in [-180, 180].
 *  \param[out] out_azi2 count azimuths at the end points (forward), degrees clockwise from
 *  north in [0, 360); may be NULL.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the first bad value, nothing written) for
 *  an azimuth or distance that is not finite or a bad origin; GK_ERR_MISUSE for NULL.
 *  Thread safety: any thread with its own ctx.
 *  Swift: Geodesic.destinations(from:azimuthsDegrees:distancesMeters:latitudes:longitudes:finalAzimuths:).
 *  \since 0.8 */
int gk_geodesic_destinations(gk_context *ctx, double origin_lat, double origin_lon,
                             const double *azi, const double *s12, size_t count,
                             double *out_lat, double *out_lon, double *out_azi2);

/** Point-in-circle for count points (degrees) against one circle, SIMD. Decisions are
 *  identical to the scalar test gk_haversine(center, point) <= radius_m.
 *  \param ctx the calling thread's context.
 *  \param center_lat the centre's latitude in degrees, [-90, 90].
 *  \param center_lon the centre's longitude in degrees, any finite value.
 *  \param radius_m the circle's radius in metres along the sphere, finite and >= 0.
 *  \param[in] lat latitudes in degrees (caller-owned, read during the call only).
 *  \param[in] lon longitudes in degrees, likewise; both strided and checked as in
 *  gk_haversine_batch.
 *  \param count the number of points (lat, lon and out_mask are required even when 0).
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a
 *  multiple of 8).
 *  \param[out] out_mask count bytes, 1 inside, 0 outside.
 *  \param[out] out_inside the number inside (may be NULL).
 *  Swift: Circle.contains(_:into:). \since 0.1 */
int gk_circle_contains_batch(gk_context *ctx, double center_lat, double center_lon, double radius_m,
                             const double *lat, const double *lon, size_t count, ptrdiff_t stride_bytes,
                             uint8_t *out_mask, size_t *out_inside);

/** CONSTRUCTOR. Converts count points once to unit vectors for repeated tests
 *  (40 bytes per point).
 *  \param ctx the calling thread's context.
 *  \param[in] lat, lon degrees of point i at byte offsets i * stride_bytes (required, also
 *  when count is 0, as in every batch kernel). \param count the number of points.
 *  \param stride_bytes bytes between consecutive values (>= 8, a multiple of 8).
 *  \param[out] out the new object. Ownership: the caller frees it with gk_unitvec_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT naming the first bad point, a bad count or
 *  stride; GK_ERR_OUT_OF_MEMORY when the buffer cannot be allocated (checked before the
 *  points are read; the process is never aborted); GK_ERR_MISUSE for NULL.
 *  Swift: UnitVectorBuffer(_:). \since 0.1 */
int gk_unitvec_create(gk_context *ctx, const double *lat, const double *lon, size_t count,
                      ptrdiff_t stride_bytes, gk_unitvec **out);

/** The number of points in buf (0 for NULL).
 *  \param buf the unit vectors (only read), or NULL. \since 0.1 */
size_t gk_unitvec_count(gk_unitvec *buf);

/** Point-in-circle over a gk_unitvec; decisions identical to the scalar haversine test.
 *  \param ctx the calling thread's context.
 *  \param buf the unit vectors (only read; required).
 *  \param center_lat the centre's latitude in degrees, [-90, 90].
 *  \param center_lon the centre's longitude in degrees, any finite value.
 *  \param radius_m the circle's radius in metres along the sphere, finite and >= 0.
 *  \param[out] out_mask gk_unitvec_count(buf) bytes, 1 inside, 0 outside (required).
 *  \param[out] out_inside the number of points inside (may be NULL).
 *  Thread safety: buf may be read by many threads at once, each with its own ctx.
 *  Swift: UnitVectorBuffer.contains(in:into:). \since 0.1 */
int gk_unitvec_contains(gk_context *ctx, gk_unitvec *buf, double center_lat, double center_lon,
                        double radius_m, uint8_t *out_mask, size_t *out_inside);

/** DESTRUCTOR. NULL is a no-op.
 *  \param buf the unit vectors, or NULL; do not use them afterwards. \since 0.1 */
void gk_unitvec_destroy(gk_unitvec *buf);

/* ------------------------------------------------------------- projection ---- */

/** Direction of a transformation. */
#define GK_FORWARD 1
#define GK_INVERSE (-1)

/** CONSTRUCTOR. A transformation between two CRS that PROJ knows ("EPSG:4326",
 *  "EPSG:32633", "+proj=merc +datum=WGS84", WKT). Geographic CRS use x = longitude,
 *  y = latitude in degrees. Pairs of EPSG:4326, 3857, 32601-32660, 32701-32760 and 3035
 *  are computed by GeoKernel itself (no PROJ, no proj.db; within a few nanometres of
 *  PROJ, see docs/accuracy.md), every other CRS by PROJ.
 *  \param ctx the calling thread's context.
 *  \param[in] source the source CRS as PROJ text, NUL-terminated UTF-8 (required; read
 *  during the call only).
 *  \param[in] target the target CRS, likewise.
 *  \param[out] out the transformer. Ownership: free with gk_transformer_destroy.
 *  \return GK_OK; GK_ERR_CRS with PROJ's own message ("crs not found: EPSG:99999");
 *  GK_ERR_PROJ_DATABASE naming the searched paths when proj.db is missing.
 *  Thread safety: the transformer has its own PROJ context; use it from one thread at a
 *  time and gk_transformer_clone for others. Swift: Transformer(source:target:). \since 0.1 */
int gk_transformer_create(gk_context *ctx, const char *source, const char *target, gk_transformer **out);

/** CONSTRUCTOR. A single PROJ operation or pipeline ("+proj=utm +zone=32 +ellps=GRS80");
 *  angular input and output in degrees.
 *  \param ctx the calling thread's context.
 *  \param[in] operation the PROJ string, NUL-terminated UTF-8 (required; read during the
 *  call only).
 *  \param[out] out the transformer. Ownership: the caller frees it with
 *  gk_transformer_destroy.
 *  Swift: Transformer(operation:). \since 0.1 */
int gk_transformer_create_operation(gk_context *ctx, const char *operation, gk_transformer **out);

/** CONSTRUCTOR. An independent copy with its own PROJ context, for another thread.
 *  Swift: Transformer.clone().
 *  \param ctx the calling thread's context.
 *  \param t the transformer to copy (required; only read).
 *  \param[out] out the copy. Ownership: the caller frees it with gk_transformer_destroy.
 *  \since 0.1 */
int gk_transformer_clone(gk_context *ctx, gk_transformer *t, gk_transformer **out);

/** Transforms count points in place. x, y (and z unless NULL) are read and written at
 *  byte offsets i * stride_bytes.
 *  \param ctx the calling thread's context.
 *  \param t the transformer (required; one thread at a time).
 *  \param[in,out] x first coordinates (longitude in degrees for a geographic CRS, else
 *  the CRS's unit, e.g. metres), required; transformed in place.
 *  \param[in,out] y second coordinates (latitude for a geographic CRS), likewise.
 *  \param[in,out] z third coordinates (heights), or NULL for 2D points.
 *  \param count the number of points.
 *  \param stride_bytes bytes between consecutive values of x, y and z (>= 8, a multiple
 *  of 8).
 *  \param direction GK_FORWARD or GK_INVERSE.
 *  \param[out] out_failed number of points that could not be transformed (they become
 *  +infinity; the rest are transformed). May be NULL.
 *  \return GK_OK even when some points failed (see out_failed); GK_ERR_INVALID_ARGUMENT
 *  or GK_ERR_MISUSE for bad arguments. Swift: Transformer.transform(x:y:z:count:strideBytes:direction:).
 *  \since 0.1 */
int gk_transformer_transform(gk_context *ctx, gk_transformer *t, int direction,
                             double *x, double *y, double *z, size_t count, ptrdiff_t stride_bytes,
                             size_t *out_failed);

/** DESTRUCTOR. NULL is a no-op.
 *  \param t the transformer, or NULL; do not use it afterwards. \since 0.1 */
void gk_transformer_destroy(gk_transformer *t);

/* ---------------------------------------------------------- simplification ---- */
/*
 * Douglas–Peucker line simplification (D. H. Douglas and T. K. Peucker, The Canadian
 * Cartographer 10(2), 112–122, 1973) with an explicit work stack on the heap: no input
 * recurses, so the worst case (a zig-zag where every split peels off one vertex) runs on
 * a 512 KiB thread stack. Rules: distance to the closed segment (compared squared); the
 * farthest vertex is the first strict maximum (GEOS's tie rule); a section is dropped
 * when its maximum distance is <= the tolerance; the first and last vertices are always
 * kept (a closed line keeps its closing vertex); consecutive duplicates are kept at most
 * once. Output: the indices of the kept vertices, ascending, into a caller-owned buffer;
 * a buffer of count entries always suffices.
 * Swift: DouglasPeucker (module GeoKernel).
 */

/** Flag: run simplify-js's radial-distance pre-pass first (a vertex is kept only when it
 *  is farther than the tolerance from the last one kept). Off unless given. */
#define GK_SIMPLIFY_RADIAL_PREPASS 1

/** Douglas–Peucker on planar (projected) coordinates, deciding exactly as GEOS's
 *  DouglasPeuckerLineSimplifier: GEOS's point-to-segment distance, unsquared, the first
 *  of equal maxima, a section dropped when its maximum is <= tolerance (so ties on
 *  integer grids are decided as GEOS decides them).
 *  \param ctx the calling thread's context.
 *  \param[in] x, y vertex coordinates; vertex i at byte offset i * stride_bytes from each
 *  (stride_bytes >= 8, a multiple of 8). Finite, |value| <= 1e150.
 *  \param stride_bytes bytes between consecutive values of x and of y.
 *  \param count number of vertices.
 *  \param tolerance in the units of x and y; finite, >= 0.
 *  \param flags 0 or GK_SIMPLIFY_RADIAL_PREPASS.
 *  \param[out] out_indices capacity entries for the kept indices, ascending (may be NULL
 *  when capacity is 0). \param[out] out_count the number kept (always set, also when the
 *  buffer is too small).
 *  \param capacity the number of entries out_indices holds.
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL when capacity < *out_count (nothing written;
 *  a capacity of count always suffices); GK_ERR_INVALID_ARGUMENT naming the first bad
 *  vertex, a bad tolerance, flag or stride; GK_ERR_OUT_OF_MEMORY when its working memory
 *  (about 33 bytes per vertex) cannot be allocated (the process is never aborted);
 *  GK_ERR_MISUSE for NULL pointers.
 *  Complexity: O(n log n) typical, O(n^2) worst case; O(n) heap memory.
 *  Ownership: out_indices is the caller's. Thread safety: any thread with its own ctx.
 *  Swift: DouglasPeucker.keptIndices(x:y:tolerance:options:). \since 0.1 */
int gk_simplify_planar(gk_context *ctx, const double *x, const double *y, size_t count,
                       ptrdiff_t stride_bytes, double tolerance, int flags,
                       size_t *out_indices, size_t capacity, size_t *out_count);

/** Douglas–Peucker on geographic coordinates with a tolerance in metres. The line is
 *  projected to the gnomonic plane tangent at the normalised mean of its vertices (sphere
 *  of GK_EARTH_MEAN_RADIUS_M): great circles are straight there, and planar distances are
 *  never shorter than spherical ones and at most 1/cos^2(rho_max) longer (rho_max: the
 *  farthest vertex's angular distance from the centre; 0.025 % within 100 km, 2.5 %
 *  within 1 000 km). So no removed vertex is farther than the tolerance from the result
 *  on the sphere. Lines reaching more than 60 degrees from their centre are refused.
 *  \param ctx the calling thread's context.
 *  \param[in] lat, lon degrees, strided as in gk_simplify_planar.
 *  \param tolerance_m metres, finite, >= 0. Other parameters as gk_simplify_planar.
 *  \param count number of vertices (lat and lon may be NULL when it is 0).
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a
 *  multiple of 8).
 *  \param flags 0 or GK_SIMPLIFY_RADIAL_PREPASS.
 *  \param[out] out_indices capacity entries for the kept indices, ascending (may be NULL
 *  when capacity is 0).
 *  \param capacity the number of entries out_indices holds (count always suffices).
 *  \param[out] out_count the number kept (required; set also when the buffer is too
 *  small).
 *  \return as gk_simplify_planar; GK_ERR_INVALID_ARGUMENT also for a latitude outside
 *  [-90, 90], a non-finite value or a line too large for one plane.
 *  Complexity: O(n) projection, then as gk_simplify_planar. Ownership: lat and lon are
 *  read during the call only; out_indices is the caller's. Thread safety: any thread with
 *  its own ctx. Swift: DouglasPeucker.simplify(_:toleranceMeters:options:). \since 0.1 */
int gk_simplify_geographic(gk_context *ctx, const double *lat, const double *lon, size_t count,
                           ptrdiff_t stride_bytes, double tolerance_m, int flags,
                           size_t *out_indices, size_t capacity, size_t *out_count);

/* ----------------------------------------------------------------- nearby ---- */

/* A spatial index over points on the globe (Swift: GeoKernel.SpatialIndex), shared
 * landmarks with notes (Nearby.LandmarkIndex) and offline reverse geocoding
 * (Nearby.ReverseGeocoder).
 *  - Distances are great-circle metres on the sphere GK_EARTH_MEAN_RADIUS_M, computed
 *    from the chord of unit vectors (agree with gk_haversine to about 1e-9 m); exact
 *    across the antimeridian and at the poles. Results come nearest first; equal
 *    distances in id order (lower id first).
 *  - Results go into caller-owned arrays of `capacity` entries; *out_count always
 *    receives the number of results, and when that exceeds capacity the call returns
 *    GK_ERR_BUFFER_TOO_SMALL without writing them (call again with a larger buffer;
 *    capacity 0 with NULL arrays asks for the count).
 *  - Thread safety: gk_index and gk_landmarks lock internally (a reader-writer lock):
 *    many threads may query one object at once, each with its own context, while
 *    others insert, remove, add, edit, delete or save. A gk_geocoder is immutable and
 *    may be read by many threads at once.
 */

/** Orders of gk_index_within. \since 0.1 */
#define GK_UNSORTED 0  /**< storage order (saves the sort) */
#define GK_SORTED   1  /**< nearest first, equal distances in id order */

/** CONSTRUCTOR. Bulk-builds a spatial index over count points (a packed Hilbert R-tree
 *  over 3D unit vectors, 29.6 bytes per point); point i gets id i.
 *  \param[in] lat, lon degrees of point i at byte offsets i * stride_bytes (as
 *  gk_unitvec_create); may be NULL when count is 0.
 *  \param ctx the calling thread's context. \param count the number of points.
 *  \param stride_bytes bytes between consecutive values (>= 8, a multiple of 8).
 *  \param[out] out the index. Ownership: the caller frees it with gk_index_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT naming the first bad point or a bad stride;
 *  GK_ERR_OUT_OF_MEMORY when the index (about 60 bytes per point while it is built)
 *  cannot be allocated (the process is never aborted); GK_ERR_MISUSE for NULL.
 *  Swift: SpatialIndex(_:) (CoordinateColumns). \since 0.1 */
int gk_index_build(gk_context *ctx, const double *lat, const double *lon, size_t count,
                   ptrdiff_t stride_bytes, gk_index **out);

/** The number of points in the index (0 for NULL). Swift: SpatialIndex.count.
 *  \param index the index (only read), or NULL. \since 0.1 */
size_t gk_index_count(gk_index *index);

/** Adds a point; amortised O(log n).
 *  \param ctx the calling thread's context.
 *  \param index the index (required).
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param[out] out_id its id: the next after every id handed out before (may be NULL).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad coordinate; GK_ERR_CAPACITY when
 *  every 32-bit id is used. Modifies index. Swift: SpatialIndex.insert(_:). \since 0.1 */
int gk_index_insert(gk_context *ctx, gk_index *index, double lat, double lon, uint32_t *out_id);

/** Removes the point with this id. Modifies index.
 *  \param ctx the calling thread's context.
 *  \param index the index (required).
 *  \param id an id handed out by gk_index_build or gk_index_insert.
 *  \return GK_OK or GK_ERR_NOT_FOUND (never inserted, or already removed).
 *  Swift: SpatialIndex.remove(id:). \since 0.1 */
int gk_index_remove(gk_context *ctx, gk_index *index, uint32_t id);

/** The k points nearest to (lat, lon), at most max_m metres away (INFINITY: no limit).
 *  \param ctx the calling thread's context.
 *  \param index the index (required; only read).
 *  \param lat the query point's latitude in degrees, [-90, 90].
 *  \param lon the query point's longitude in degrees, any finite value.
 *  \param k the most results (0 gives none).
 *  \param max_m the greatest distance in metres along the sphere, >= 0 (INFINITY: none).
 *  \param[out] out_ids, out_m ids and distances (metres) of the results, nearest first;
 *  out_m may be NULL. \param[out] out_count the number of results (<= k).
 *  \param capacity entries out_ids (and out_m) can hold (the output-buffer rule).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL when the results exceed capacity;
 *  GK_ERR_INVALID_ARGUMENT for a bad coordinate or a negative or NaN max_m.
 *  Timing: index.knn10.* in the README's benchmark table.
 *  Swift: SpatialIndex.nearest(to:k:maxDistanceMeters:). \since 0.1 */
int gk_index_nearest(gk_context *ctx, gk_index *index, double lat, double lon, size_t k, double max_m,
                     uint32_t *out_ids, double *out_m, size_t capacity, size_t *out_count);

/** Every point within radius_m metres of (lat, lon), boundary included.
 *  \param ctx the calling thread's context.
 *  \param index the index (required; only read).
 *  \param lat the centre's latitude in degrees, [-90, 90].
 *  \param lon the centre's longitude in degrees, any finite value.
 *  \param radius_m the radius in metres along the sphere, >= 0.
 *  \param order GK_SORTED or GK_UNSORTED.
 *  \param[out] out_ids, out_m, out_count as gk_index_nearest.
 *  \param capacity entries out_ids (and out_m) can hold (the output-buffer rule).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL; GK_ERR_INVALID_ARGUMENT for a negative or NaN
 *  radius or an unknown order. Swift: SpatialIndex.within(radiusMeters:of:sorted:). \since 0.1 */
int gk_index_within(gk_context *ctx, gk_index *index, double lat, double lon, double radius_m, int order,
                    uint32_t *out_ids, double *out_m, size_t capacity, size_t *out_count);

/** Saves the index atomically (temporary file, fsync, rename): a crash leaves the
 *  previous file. The file is the in-memory layout with a header and an XXH64 checksum.
 *  See "Files" at the top for what a save replaces.
 *  \param ctx the calling thread's context. \param index the index (read, not modified).
 *  \param[in] path the file, UTF-8.
 *  \return GK_OK; GK_ERR_IO (the message names the path and the reason), also when the
 *  path is an existing FIFO, device, socket or directory or a dangling link;
 *  GK_ERR_INVALID_ARGUMENT when path is not valid UTF-8; GK_ERR_MISUSE for NULL.
 *  Swift: SpatialIndex.save(to:). \since 0.1 */
int gk_index_save(gk_context *ctx, gk_index *index, const char *path);

/** CONSTRUCTOR. Loads an index saved by gk_index_save (timing: index.load.* in the README).
 *  Beyond the checksum, the contents are validated in O(n): every point is a unit vector
 *  (within 1e-12), ids are consistent, and every node box equals the box its points give.
 *  \param ctx the calling thread's context. \param[in] path the file, UTF-8.
 *  \param[out] out the index. Ownership: the caller frees it with gk_index_destroy.
 *  \return GK_OK; GK_ERR_IO when the file cannot be read or is not a regular file (a
 *  FIFO is refused at once); GK_ERR_CORRUPT for a damaged, truncated, foreign or forged
 *  file (valid checksum, inconsistent contents) or another format version (nothing is
 *  half-loaded); GK_ERR_OUT_OF_MEMORY when 4 times the file's size cannot be had;
 *  GK_ERR_INVALID_ARGUMENT when path is not valid UTF-8; GK_ERR_MISUSE for NULL.
 *  Swift: SpatialIndex(contentsOf:). \since 0.1 */
int gk_index_load(gk_context *ctx, const char *path, gk_index **out);

/** DESTRUCTOR. NULL is a no-op.
 *  \param index the index, or NULL; do not use it afterwards. \since 0.1 */
void gk_index_destroy(gk_index *index);

/** Search scopes of gk_landmarks_search. Swift: SearchScope. \since 0.1 */
#define GK_SCOPE_ALL    0  /**< everyone's landmarks */
#define GK_SCOPE_MINE   1  /**< the user's own */
#define GK_SCOPE_OTHERS 2  /**< everyone's but the user's */

/** Radius preferences of gk_landmarks_search. Swift: SearchRadius. \since 0.1 */
#define GK_RADIUS_GLOBAL 0
#define GK_RADIUS_1KM    1
#define GK_RADIUS_10KM   2
#define GK_RADIUS_100KM  3

/** Longest note and username in bytes of UTF-8 (buffers need one more for the NUL).
 *  Swift: Landmark.maxNoteBytes, Landmark.maxOwnerBytes. \since 0.1 */
#define GK_LANDMARK_NOTE_MAX  1000
#define GK_LANDMARK_OWNER_MAX 64

/** CONSTRUCTOR. An empty set of landmarks.
 *  \param ctx the calling thread's context.
 *  \param[out] out Ownership: the caller frees it with gk_landmarks_destroy.
 *  Swift: LandmarkIndex(). \since 0.1 */
int gk_landmarks_create(gk_context *ctx, gk_landmarks **out);

/** The number of landmarks (0 for NULL). Swift: LandmarkIndex.count.
 *  \param lm the landmarks (only read), or NULL. \since 0.1 */
size_t gk_landmarks_count(gk_landmarks *lm);

/** Adds a landmark owned by `owner`.
 *  \param ctx the calling thread's context. \param lm the landmarks (modified).
 *  \param lat, lon degrees.
 *  \param[in] note valid UTF-8, 1 to GK_LANDMARK_NOTE_MAX bytes, not blank.
 *  \param[in] owner valid UTF-8, 1 to GK_LANDMARK_OWNER_MAX bytes, no line break.
 *  Both are required and copied byte for byte.
 *  \param[out] out_id the new landmark's id (1, 2, 3 ...; never reused); may be NULL.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad coordinate, note or owner (also when
 *  either is not valid UTF-8); GK_ERR_CAPACITY when the ids are used up (the last id is
 *  2^64 - 2). Swift: LandmarkIndex.add(at:note:owner:). \since 0.1 */
int gk_landmarks_add(gk_context *ctx, gk_landmarks *lm, double lat, double lon, const char *note,
                     const char *owner, uint64_t *out_id);

/** Replaces the note of landmark `id`; only its owner may. Owners are compared byte for
 *  byte (UTF-8): "jos\xc3\xa9" (NFC) and "jose\xcc\x81" (NFD) are different users.
 *  \param ctx the calling thread's context. \param lm the landmarks (modified).
 *  \param id the landmark. \param[in] user who edits, UTF-8. \param[in] note the new note,
 *  as for gk_landmarks_add.
 *  \return GK_OK; GK_ERR_NOT_FOUND; GK_ERR_PERMISSION when `user` is not the owner (the
 *  message names both); GK_ERR_INVALID_ARGUMENT for a bad note, or a note or user that is
 *  not valid UTF-8.
 *  Swift: LandmarkIndex.editNote(id:note:by:). \since 0.1 */
int gk_landmarks_edit_note(gk_context *ctx, gk_landmarks *lm, uint64_t id, const char *user, const char *note);

/** Deletes landmark `id`; only its owner may (compared byte for byte, as for
 *  gk_landmarks_edit_note).
 *  \param ctx the calling thread's context. \param lm the landmarks (modified).
 *  \param id the landmark. \param[in] user who deletes, UTF-8.
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_PERMISSION, or GK_ERR_INVALID_ARGUMENT when
 *  user is not valid UTF-8.
 *  Swift: LandmarkIndex.delete(id:by:). \since 0.1 */
int gk_landmarks_delete(gk_context *ctx, gk_landmarks *lm, uint64_t id, const char *user);

/** Landmarks nearest first from (lat, lon), the user's position.
 *  \param ctx the calling thread's context. \param lm the landmarks (read).
 *  \param lat, lon the user's position in degrees.
 *  \param user the searching user (the reference of scope), UTF-8; may be NULL with
 *  GK_SCOPE_ALL.
 *  \param radius GK_RADIUS_1KM, _10KM, _100KM or _GLOBAL.
 *  \param text NULL or blank for none; else matched case-insensitively as a substring of
 *  the note or the owner's name. \param scope GK_SCOPE_*. \param limit at most this many.
 *  \param[out] out_ids, out_m landmark ids and distances (metres); out_m may be NULL.
 *  \param capacity the number of entries out_ids (and out_m) hold.
 *  \param[out] out_count the number of results.
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL; GK_ERR_INVALID_ARGUMENT for a bad coordinate,
 *  radius or scope, or a user or text that is not valid UTF-8.
 *  Swift: LandmarkIndex.search(_:). \since 0.1 */
int gk_landmarks_search(gk_context *ctx, gk_landmarks *lm, double lat, double lon, const char *user,
                        int radius, const char *text, int scope, size_t limit,
                        uint64_t *out_ids, double *out_m, size_t capacity, size_t *out_count);

/** Reads landmark `id`: its position, and copies of its note and owner.
 *  \param ctx the calling thread's context.
 *  \param lm the landmarks (only read; required).
 *  \param id the landmark's id.
 *  \param[out] out_lat, out_lon degrees (either may be NULL).
 *  \param[out] note, owner caller buffers of note_capacity and owner_capacity bytes that
 *  receive NUL-terminated UTF-8 (NULL with capacity 0 to skip).
 *  \param note_capacity bytes at note. \param owner_capacity bytes at owner.
 *  \param[out] out_note_bytes the note's length without the NUL (may be NULL).
 *  \param[out] out_owner_bytes the owner's length without the NUL (may be NULL).
 *  \return GK_OK; GK_ERR_NOT_FOUND; GK_ERR_BUFFER_TOO_SMALL when a text and its NUL do not
 *  fit (the lengths are still set). Buffers of GK_LANDMARK_NOTE_MAX + 1 and
 *  GK_LANDMARK_OWNER_MAX + 1 bytes always fit. Ownership: the caller's buffers.
 *  Swift: LandmarkIndex.landmark(id:). \since 0.1 */
int gk_landmarks_get(gk_context *ctx, gk_landmarks *lm, uint64_t id, double *out_lat, double *out_lon,
                     char *note, size_t note_capacity, char *owner, size_t owner_capacity,
                     size_t *out_note_bytes, size_t *out_owner_bytes);

/** Saves every landmark atomically (snapshot, temporary file, fsync, rename, checksum):
 *  killing the process mid-save leaves the previous file intact, and the next save of the
 *  same target removes the killed save's temporary file. See "Files" at the top.
 *  \param ctx the calling thread's context. \param lm the landmarks (read).
 *  \param[in] path the file, UTF-8.
 *  \return GK_OK; GK_ERR_IO, also when the path is an existing FIFO, device, socket or
 *  directory or a dangling link; GK_ERR_INVALID_ARGUMENT when path is not valid UTF-8.
 *  Swift: LandmarkIndex.save(to:). \since 0.1 */
int gk_landmarks_save(gk_context *ctx, gk_landmarks *lm, const char *path);

/** CONSTRUCTOR. Loads landmarks saved by gk_landmarks_save.
 *  \param ctx the calling thread's context. \param[in] path the file, UTF-8.
 *  \param[out] out Ownership: the caller frees it with gk_landmarks_destroy.
 *  \return GK_OK; GK_ERR_IO when the file cannot be read or is not a regular file (a
 *  FIFO is refused at once); GK_ERR_CORRUPT for a damaged, truncated or foreign file, or
 *  one whose next id is 0, 2^64 - 1 or not above its largest id (checksum or not);
 *  GK_ERR_OUT_OF_MEMORY when 16 times the file's size cannot be had;
 *  GK_ERR_INVALID_ARGUMENT when path is not valid UTF-8.
 *  Swift: LandmarkIndex(contentsOf:). \since 0.1 */
int gk_landmarks_load(gk_context *ctx, const char *path, gk_landmarks **out);

/** DESTRUCTOR. NULL is a no-op.
 *  \param lm the landmarks, or NULL; do not use them afterwards. \since 0.1 */
void gk_landmarks_destroy(gk_landmarks *lm);

/** The distance for people: "just here" (< 5 m), "less than 20 m away" (within the
 *  accuracy of the fix), "12.5 m away" (< 1 km), "345.65 km away".
 *  \param ctx the calling thread's context.
 *  \param meters the distance in metres (INFINITY gives "far away", NaN or negative
 *  "distance unknown").
 *  \param accuracy_m the accuracy of the user's position in metres; NAN or negative when
 *  unknown. \param[out] buf receives the NUL-terminated text (32 bytes always suffice).
 *  \param capacity bytes at buf (the output-buffer rule).
 *  \param[out] out_bytes its length without the NUL (may be NULL).
 *  \return GK_OK or GK_ERR_BUFFER_TOO_SMALL. Swift: DistanceHint.text(meters:accuracyMeters:).
 *  \since 0.1 */
int gk_distance_hint(gk_context *ctx, double meters, double accuracy_m, char *buf, size_t capacity,
                     size_t *out_bytes);

/** Gazetteer formats of gk_geocoder_load. Swift: GazetteerFormat. \since 0.1 */
#define GK_GAZETTEER_AUTO     0  /**< GeoNames when the first line has a tab, else CSV */
#define GK_GAZETTEER_CSV      1  /**< header with lat, lon, name (admin1, admin2, cc) */
#define GK_GAZETTEER_GEONAMES 2  /**< GeoNames cities*.txt, tab-separated, 19 columns */

/** CONSTRUCTOR. Loads a gazetteer (e.g. cities1000.csv, 144 563 places).
 *  \param ctx the calling thread's context.
 *  \param[in] path the gazetteer file, UTF-8 (required; see "Files" at the top).
 *  \param format GK_GAZETTEER_AUTO, GK_GAZETTEER_CSV or GK_GAZETTEER_GEONAMES.
 *  \param[out] out Ownership: the caller frees it with gk_geocoder_destroy.
 *  \return GK_OK; GK_ERR_IO; GK_ERR_PARSE naming the file and line; GK_ERR_OUT_OF_MEMORY
 *  when 16 times the file's size cannot be had; GK_ERR_INVALID_ARGUMENT for an unknown
 *  format. Swift: ReverseGeocoder(contentsOf:format:). \since 0.1 */
int gk_geocoder_load(gk_context *ctx, const char *path, int format, gk_geocoder **out);

/** The number of places (0 for NULL). Swift: ReverseGeocoder.count.
 *  \param g the gazetteer (only read), or NULL. \since 0.1 */
size_t gk_geocoder_count(gk_geocoder *g);

/** The named place nearest to (lat, lon).
 *  \param ctx the calling thread's context.
 *  \param g the gazetteer (only read; required).
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param[out] out_place its index (for gk_geocoder_place; required).
 *  \param[out] out_m its distance in metres along the sphere (may be NULL).
 *  \return GK_OK; GK_ERR_NOT_FOUND for an empty gazetteer;
 *  GK_ERR_INVALID_ARGUMENT for a bad coordinate. O(log n).
 *  Swift: ReverseGeocoder.nearest(to:). \since 0.1 */
int gk_geocoder_nearest(gk_context *ctx, gk_geocoder *g, double lat, double lon, size_t *out_place,
                        double *out_m);

/** Place number `place` (0 <= place < gk_geocoder_count).
 *  \param ctx the calling thread's context.
 *  \param g the gazetteer (only read; required).
 *  \param place the place's index, below gk_geocoder_count(g).
 *  \param[out] out_name, out_admin1, out_admin2, out_cc NUL-terminated UTF-8 (empty when
 *  unknown).
 *  \param[out] out_lat the place's latitude in degrees. \param[out] out_lon its longitude.
 *  Any may be NULL. Ownership: the strings are
 *  borrowed from g and valid until gk_geocoder_destroy(g).
 *  \return GK_OK or GK_ERR_NOT_FOUND. Swift: ReverseGeocoder.places. \since 0.1 */
int gk_geocoder_place(gk_context *ctx, gk_geocoder *g, size_t place, const char **out_name,
                      const char **out_admin1, const char **out_admin2, const char **out_cc,
                      double *out_lat, double *out_lon);

/** DESTRUCTOR. NULL is a no-op.
 *  \param g the gazetteer, or NULL; it and the strings gk_geocoder_place lent out are
 *  invalid afterwards. \since 0.1 */
void gk_geocoder_destroy(gk_geocoder *g);

/*
 * Queries of many points in one call, for callers whose per-call cost is high (Python's
 * ctypes spends more on a call than the index spends on a query). Results are written row
 * by row into caller-owned arrays sized from the arguments (no output-buffer loop).
 */

/** The k points of index nearest to each of count query points, at most max_m metres away
 *  (sphere GK_EARTH_MEAN_RADIUS_M): the batch twin of gk_index_nearest, with the same
 *  results and order (nearest first, equal distances in id order).
 *  \param ctx the calling thread's context.
 *  \param index the index (required; only read; its read lock is taken once for the batch).
 *  \param[in] lat the query points' latitudes in degrees, [-90, 90]; point i at byte offset
 *  i * stride_bytes (required, also when count is 0).
 *  \param[in] lon their longitudes in degrees, any finite value, likewise.
 *  \param count the number of query points.
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a multiple
 *  of 8).
 *  \param k the most results per query point, >= 1.
 *  \param max_m the greatest distance in metres along the sphere, >= 0 (INFINITY: no limit).
 *  \param[out] out_ids count * k ids, row i at i * k (required): the results of query point
 *  i, then UINT32_MAX in the slots without a result.
 *  \param[out] out_m count * k distances in metres likewise, +INFINITY in unused slots (may
 *  be NULL).
 *  \param[out] out_counts count numbers of results, one per query point (may be NULL).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT naming the first bad query point ("query point
 *  17: ..."; the rows before it are written), k 0, a negative or NaN max_m or a bad stride;
 *  GK_ERR_MISUSE for NULL. Complexity: count times gk_index_nearest's search, without its
 *  per-call costs. Ownership: the caller's arrays, read and written during the call only.
 *  Thread safety: as gk_index_nearest (many threads may query one index at once).
 *  Swift: SpatialIndex.nearest(to:k:maxDistanceMeters:) with an array of points (the same
 *  batch search: one heap and node queue for the whole call). \since 0.4 */
int gk_index_nearest_batch(gk_context *ctx, gk_index *index, const double *lat, const double *lon,
                           size_t count, ptrdiff_t stride_bytes, size_t k, double max_m,
                           uint32_t *out_ids, double *out_m, size_t *out_counts);

/* ------------------------------------------------- nearby: addresses ---- */
/* Reverse geocoding by address (gk_address_index). */

/** What gk_address_index_lookup found. Swift: AddressKind. \since 0.4 */
#define GK_ADDRESS_PLACE   0  /**< a named place: "Café de Paris, Place du Casino" */
#define GK_ADDRESS_ADDRESS 1  /**< a house number: "12 Rue Grimaldi" */
#define GK_ADDRESS_STREET  2  /**< a named street: "Rue Grimaldi" */
#define GK_ADDRESS_TOWN    3  /**< the gazetteer's nearest town, the last fallback */

/** CONSTRUCTOR. Builds an address index from an OpenStreetMap file (.osm.pbf, .osm,
 *  .osm.gz): named places (amenity, shop, tourism, leisure, office, craft, historic,
 *  building with a name, or a name with an address), house numbers (addr:housenumber with
 *  addr:street or addr:place) and named streets (highway ways). The rules are in the
 *  README ("Places named by their address").
 *  \param ctx the calling thread's context.
 *  \param[in] osm_path the file, UTF-8 (required).
 *  \param[out] out the index. Ownership: the caller frees it with gk_address_index_destroy.
 *  \return GK_OK; GK_ERR_IO; GK_ERR_PARSE or GK_ERR_CORRUPT for a damaged file (the message
 *  names the blob or line and byte offset); GK_ERR_OUT_OF_MEMORY when 32 times the file's
 *  size cannot be had; GK_ERR_MISUSE for NULL.
 *  Complexity: O(file size): the Monaco extract in a few tens of milliseconds.
 *  Thread safety: any thread with its own ctx. Swift: AddressIndex.build(osmFile:). \since 0.4 */
int gk_address_index_build(gk_context *ctx, const char *osm_path, gk_address_index **out);

/** Saves the index atomically (temporary file, fsync, rename): a crash leaves the previous
 *  file. The file is the index's arrays behind a header with an XXH64 checksum.
 *  \param ctx the calling thread's context.
 *  \param index the index (only read).
 *  \param[in] path where to write it.
 *  \return GK_OK; GK_ERR_IO naming the path and the reason; GK_ERR_MISUSE;
 *  GK_ERR_INVALID_ARGUMENT for a path that is not UTF-8. Thread safety: any thread with its
 *  own ctx, also while others look up. Swift: AddressIndex.save(to:). \since 0.4 */
int gk_address_index_save(gk_context *ctx, gk_address_index *index, const char *path);

/** CONSTRUCTOR. Loads an index saved by gk_address_index_save (no rebuilding); a damaged or
 *  forged file is refused.
 *  \param ctx the calling thread's context.
 *  \param[in] path the file.
 *  \param[out] out the index. Ownership: the caller frees it with gk_address_index_destroy.
 *  \return GK_OK; GK_ERR_IO; GK_ERR_CORRUPT for a damaged (checksum), truncated or foreign
 *  file or another format version, the message says which; GK_ERR_OUT_OF_MEMORY when 8
 *  times the file's size cannot be had; GK_ERR_MISUSE.
 *  Complexity: O(size). Swift: AddressIndex(contentsOf:). \since 0.4 */
int gk_address_index_load(gk_context *ctx, const char *path, gk_address_index **out);

/** DESTRUCTOR. NULL is a no-op.
 *  \param index the index, or NULL. \since 0.4 */
void gk_address_index_destroy(gk_address_index *index);

/** How many entries of one kind the index holds (0 for NULL, GK_ADDRESS_TOWN or an unknown
 *  kind). Swift: AddressIndex.count(_:).
 *  \param index the index (only read), or NULL.
 *  \param kind GK_ADDRESS_PLACE, GK_ADDRESS_ADDRESS or GK_ADDRESS_STREET. \since 0.4 */
size_t gk_address_index_count(gk_address_index *index, int kind);

/** Names (lat, lon): the nearest named place within place_m, else the nearest house number
 *  within address_m, else the nearest point of a named street within street_m, else the
 *  nearest town of towns (when not NULL).
 *  \param ctx the calling thread's context.
 *  \param index the index (only read; required).
 *  \param towns a gazetteer for the last fallback, or NULL.
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param place_m, address_m, street_m the radii in metres (≥ 0; defaults in Swift: 30, 50
 *  and 100).
 *  \param[out] out_kind a GK_ADDRESS_* value (may be NULL).
 *  \param[out] buf receives the text ("12 Rue Grimaldi") and a NUL.
 *  \param capacity bytes at buf. \param[out] out_len the text's length without the NUL
 *  (may be NULL).
 *  \param[out] out_m the distance in metres (may be NULL).
 *  \return GK_OK; GK_ERR_NOT_FOUND when nothing is within the radii and towns is NULL;
 *  GK_ERR_BUFFER_TOO_SMALL (the string rules); GK_ERR_INVALID_ARGUMENT for a bad
 *  coordinate or a negative radius; GK_ERR_MISUSE. About a microsecond.
 *  Thread safety: any number of threads at once, each with its own ctx.
 *  Swift: AddressIndex.lookup(_:radii:fallback:). \since 0.4 */
int gk_address_index_lookup(gk_context *ctx, gk_address_index *index, gk_geocoder *towns, double lat,
                            double lon, double place_m, double address_m, double street_m, int *out_kind,
                            char *buf, size_t capacity, size_t *out_len, double *out_m);

/* -------------------------------------------------------- landmark store ---- */
/*
 * Landmarks shared by many users and processes, in an SQLite database file (WAL mode):
 * string ids (the caller's, e.g. a server's object id, or 32 generated hex digits),
 * timestamps from the caller (milliseconds since 1970 UTC by convention; the library
 * never reads a clock), deletions kept as tombstones until gk_landmark_store_compact,
 * and a change sequence for sync: gk_landmark_store_changes lists what changed after a
 * cursor, gk_landmark_store_apply takes changes from elsewhere. Conflict rule of apply:
 * the later updated_at wins; on equal updated_at a deletion wins, then the larger note,
 * owner (UTF-8 bytes), latitude, longitude, created_at. Only a landmark's owner may edit
 * or delete it (apply is not checked: it takes a server's word).
 *
 * Answers (get, search, changes) come as a gk_landmark_list: read its entries with
 * gk_landmark_list_get, whose strings are borrowed from the list until
 * gk_landmark_list_destroy.
 *
 * Threads: a gk_landmark_store may be used from many threads at once (each with its own
 * context); several processes may open the same file. A search first reads the changes
 * other processes committed (SQLite's data_version), then answers from an in-memory
 * index. A gk_landmark_list is immutable: any thread may read it.
 */

/** Durabilities of gk_landmark_store_open. Swift: LandmarkStore.Durability. \since 0.4 */
#define GK_DURABILITY_FULL   0  /**< fsync at every commit: survives a power cut */
#define GK_DURABILITY_NORMAL 1  /**< survives a process crash; faster */

/** The schema version this library writes (newer files are refused).
 *  Swift: LandmarkStore.schemaVersion. \since 0.4 */
#define GK_LANDMARK_STORE_SCHEMA_VERSION 2
/** Longest landmark id in bytes of UTF-8. Swift: StoredLandmark.maxIDBytes. \since 0.4 */
#define GK_LANDMARK_ID_MAX 128

/** CONSTRUCTOR. Opens (or creates) the landmark store at `path`; migrates an older
 *  schema; loads the search index (O(n log n); see the landmarks.store.open.1m benchmark).
 *  \param ctx the calling thread's context.
 *  \param[in] path the database file, UTF-8 (its -wal and -shm files appear beside it); a
 *         path beginning "file:" names a file, not an SQLite URI.
 *  \param durability GK_DURABILITY_FULL or GK_DURABILITY_NORMAL.
 *  \param[out] out the store. Ownership: the caller closes it with gk_landmark_store_close.
 *  \return GK_OK; GK_ERR_CORRUPT for a file that is not SQLite, another application's
 *  database, a store of a newer schema version (the message names both versions) or one
 *  with damaged rows (a value of the wrong type, a bad coordinate, text that is not UTF-8);
 *  GK_ERR_IO when the file cannot be opened or created or is not a regular file (a FIFO,
 *  device or directory is refused at once); GK_ERR_INVALID_ARGUMENT for a durability not
 *  listed, or a path that is empty, ":memory:" or not UTF-8 (SQLite's temporary databases
 *  would lose every write); GK_ERR_OUT_OF_MEMORY when 8 times the files' size cannot be
 *  had (the search index holds every landmark); GK_ERR_MISUSE for NULL.
 *  Swift: LandmarkStore(path:durability:). \since 0.4 */
int gk_landmark_store_open(gk_context *ctx, const char *path, int durability, gk_landmark_store **out);

/** DESTRUCTOR. Closes the store; NULL is a no-op. No other thread may be using it.
 *  \param store the store, or NULL; do not use it afterwards.
 *  Swift: LandmarkStore.close(). \since 0.4 */
void gk_landmark_store_close(gk_landmark_store *store);

/** Adds a landmark in its own transaction.
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param[in] id the stable id (1 to GK_LANDMARK_ID_MAX bytes, no NUL or line break), or
 *  NULL to generate one (32 lowercase hex digits of 128 random bits).
 *  \param lat, lon degrees.
 *  \param[in] note 1 to GK_LANDMARK_NOTE_MAX bytes, not blank.
 *  \param[in] owner 1 to GK_LANDMARK_OWNER_MAX bytes, no line break.
 *  \param created_at_ms the creation time (also the first updated_at).
 *  \param[out] out_id receives the id and a NUL; may be NULL with id_capacity 0.
 *  \param id_capacity bytes at out_id (33 hold a generated id). It is checked before the
 *  change: when too small, nothing is added.
 *  \param[out] out_id_len the id's length without the NUL; may be NULL.
 *  \return GK_OK; GK_ERR_DUPLICATE for an id that exists or existed (ids are never
 *  reused); GK_ERR_INVALID_ARGUMENT; GK_ERR_BUFFER_TOO_SMALL; GK_ERR_IO when the write
 *  fails or the database stayed locked; GK_ERR_MISUSE.
 *  Swift: LandmarkStore.add(id:at:note:owner:createdAt:). \since 0.4 */
int gk_landmark_store_add(gk_context *ctx, gk_landmark_store *store, const char *id, double lat, double lon,
                          const char *note, const char *owner, int64_t created_at_ms, char *out_id,
                          size_t id_capacity, size_t *out_id_len);

/** Changes a landmark's note and/or place; only its owner may.
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param[in] id the landmark. \param[in] user who edits (compared byte for byte).
 *  \param[in] note the new note, or NULL to keep it.
 *  \param move true to move it to (lat, lon); false keeps the place (lat, lon ignored).
 *  \param lat, lon the new place in degrees, when move.
 *  \param updated_at_ms the time of the edit; not before the landmark's last change.
 *  \return GK_OK; GK_ERR_NOT_FOUND (unknown or deleted); GK_ERR_PERMISSION (the message
 *  names owner and user); GK_ERR_ORDER when updated_at_ms goes back in time;
 *  GK_ERR_INVALID_ARGUMENT; GK_ERR_IO; GK_ERR_MISUSE.
 *  Swift: LandmarkStore.edit(id:note:coordinate:by:at:). \since 0.4 */
int gk_landmark_store_edit(gk_context *ctx, gk_landmark_store *store, const char *id, const char *user,
                           const char *note, bool move, double lat, double lon, int64_t updated_at_ms);

/** Deletes a landmark (it stays as a tombstone until compaction); only its owner may.
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param[in] id the landmark. \param[in] user who deletes.
 *  \param updated_at_ms the time of the deletion; not before the landmark's last change.
 *  \return GK_OK; GK_ERR_NOT_FOUND; GK_ERR_PERMISSION; GK_ERR_ORDER; GK_ERR_IO;
 *  GK_ERR_MISUSE. Swift: LandmarkStore.delete(id:by:at:). \since 0.4 */
int gk_landmark_store_delete(gk_context *ctx, gk_landmark_store *store, const char *id, const char *user,
                             int64_t updated_at_ms);

/** CONSTRUCTOR. Reads landmark `id` (a tombstone when deleted and not yet compacted) as a
 *  list of one entry.
 *  \param ctx the calling thread's context. \param store the store (read).
 *  \param[in] id the landmark.
 *  \param[out] out the list. Ownership: free with gk_landmark_list_destroy.
 *  \return GK_OK; GK_ERR_NOT_FOUND; GK_ERR_INVALID_ARGUMENT; GK_ERR_MISUSE.
 *  Swift: LandmarkStore.landmark(id:). \since 0.4 */
int gk_landmark_store_get(gk_context *ctx, gk_landmark_store *store, const char *id, gk_landmark_list **out);

/** CONSTRUCTOR. Landmarks nearest first from the user's position, exactly as
 *  gk_landmarks_search answers over the same landmarks, with distances and hints; sees
 *  every change committed before the call, by any process.
 *  \param ctx the calling thread's context. \param store the store (read).
 *  \param lat, lon the user's position in degrees.
 *  \param[in] user the searching user; may be NULL with GK_SCOPE_ALL.
 *  \param radius GK_RADIUS_1KM, _10KM, _100KM or _GLOBAL.
 *  \param[in] text NULL or blank for none; else matched case-insensitively in note or owner.
 *  \param scope GK_SCOPE_*. \param limit at most this many results.
 *  \param accuracy_m the accuracy of the position in metres (shapes the hints), or a
 *  negative value when unknown.
 *  \param[out] out the results. Ownership: free with gk_landmark_list_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad coordinate, radius, scope or text;
 *  GK_ERR_IO; GK_ERR_MISUSE. Swift: LandmarkStore.search(_:). \since 0.4 */
int gk_landmark_store_search(gk_context *ctx, gk_landmark_store *store, double lat, double lon, const char *user,
                             int radius, const char *text, int scope, size_t limit, double accuracy_m,
                             gk_landmark_list **out);

/** CONSTRUCTOR. The landmarks changed after sequence `since`, in sequence order, each as
 *  it is now (tombstones for deletions), at most `limit`. Continue from the last entry's
 *  sequence.
 *  \param ctx the calling thread's context. \param store the store (read).
 *  \param since 0 for everything, else a sequence seen before.
 *  \param limit at most this many entries.
 *  \param[out] out the changes. Ownership: free with gk_landmark_list_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a negative cursor, or one older than the
 *  last compaction (start again from 0); GK_ERR_OUT_OF_MEMORY when 8 times the store's
 *  files' size cannot be had; GK_ERR_MISUSE.
 *  Swift: LandmarkStore.changes(since:limit:). \since 0.4 */
int gk_landmark_store_changes(gk_context *ctx, gk_landmark_store *store, int64_t since, size_t limit,
                              gk_landmark_list **out);

/** Applies one change from elsewhere (a server, another store's changes): an upsert by
 *  id, or a deletion when `deleted`; conflicts by the rule above; owners not checked.
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param[in] id the landmark. \param lat, lon its place in degrees.
 *  \param[in] note its note. \param[in] owner its owner.
 *  \param created_at_ms, updated_at_ms its timestamps (updated >= created).
 *  \param deleted true for a deletion (a tombstone).
 *  \param[out] out_applied true when it changed the store, false when it lost the
 *  conflict or was already there; may be NULL.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT; GK_ERR_IO; GK_ERR_MISUSE.
 *  Swift: LandmarkStore.apply(_:). \since 0.4 */
int gk_landmark_store_apply(gk_context *ctx, gk_landmark_store *store, const char *id, double lat, double lon,
                            const char *note, const char *owner, int64_t created_at_ms, int64_t updated_at_ms,
                            bool deleted, bool *out_applied);

/** The number of landmarks (tombstones not counted), other processes' commits included.
 *  \param ctx the calling thread's context. \param store the store (read).
 *  \param[out] out_count the number.
 *  \return GK_OK; GK_ERR_MISUSE. Swift: LandmarkStore.count(). \since 0.4 */
int gk_landmark_store_count(gk_context *ctx, gk_landmark_store *store, size_t *out_count);

/** The sequence of the latest change (0 when none).
 *  \param ctx the calling thread's context. \param store the store (read).
 *  \param[out] out_sequence the sequence.
 *  \return GK_OK; GK_ERR_MISUSE. Swift: LandmarkStore.sequence(). \since 0.4 */
int gk_landmark_store_sequence(gk_context *ctx, gk_landmark_store *store, int64_t *out_sequence);

/** Removes tombstones of sequence <= `through` (INT64_MAX: all), once every syncing
 *  store has seen those deletions.
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param through the last sequence to compact.
 *  \param[out] out_removed how many were removed; may be NULL.
 *  \return GK_OK; GK_ERR_IO; GK_ERR_MISUSE. Swift: LandmarkStore.compact(through:). \since 0.4 */
int gk_landmark_store_compact(gk_context *ctx, gk_landmark_store *store, int64_t through, size_t *out_removed);

/** Imports a snapshot file written by gk_landmarks_save, in one transaction: landmark n
 *  gets the id id_prefix + "n".
 *  \param ctx the calling thread's context. \param store the store (modified).
 *  \param[in] snapshot the snapshot file. \param[in] id_prefix prefix of the ids, or NULL.
 *  \param created_at_ms the timestamps of the imported landmarks.
 *  \param[out] out_count how many were imported; may be NULL.
 *  \return GK_OK; GK_ERR_IO, GK_ERR_CORRUPT (the snapshot); GK_ERR_DUPLICATE (nothing is
 *  imported); GK_ERR_MISUSE. Swift: LandmarkStore.importSnapshot(from:idPrefix:createdAt:).
 *  \since 0.4 */
int gk_landmark_store_import(gk_context *ctx, gk_landmark_store *store, const char *snapshot, const char *id_prefix,
                             int64_t created_at_ms, size_t *out_count);

/** The number of entries of a list (0 for NULL).
 *  \param list the list (read), or NULL. \since 0.4 */
size_t gk_landmark_list_count(gk_landmark_list *list);

/** Reads entry `index` of a list. Every output may be NULL.
 *  \param ctx the calling thread's context. \param list the list (read).
 *  \param index the entry, below gk_landmark_list_count.
 *  \param[out] out_id, out_note, out_owner NUL-terminated UTF-8 borrowed from the list
 *  (valid until gk_landmark_list_destroy).
 *  \param[out] out_lat, out_lon degrees.
 *  \param[out] out_created_at_ms, out_updated_at_ms the caller-given timestamps.
 *  \param[out] out_deleted true for a tombstone.
 *  \param[out] out_sequence the sequence of its latest change.
 *  \param[out] out_distance_m the distance from the searching user in metres (sphere); NaN
 *  outside search lists.
 *  \param[out] out_hint the distance for people ("12.5 m away"), borrowed; "" outside
 *  search lists.
 *  \return GK_OK; GK_ERR_NOT_FOUND for an index beyond the list; GK_ERR_MISUSE.
 *  Swift: StoredLandmark, StoredLandmarkResult. \since 0.4 */
int gk_landmark_list_get(gk_context *ctx, gk_landmark_list *list, size_t index, const char **out_id,
                         double *out_lat, double *out_lon, const char **out_note, const char **out_owner,
                         int64_t *out_created_at_ms, int64_t *out_updated_at_ms, bool *out_deleted,
                         int64_t *out_sequence, double *out_distance_m, const char **out_hint);

/** DESTRUCTOR. NULL is a no-op.
 *  \param list the list, or NULL; its strings become invalid. \since 0.4 */
void gk_landmark_list_destroy(gk_landmark_list *list);

/* ---------------------------------------------------------------- polygon ---- */
/*
 * Polygons (Swift: GeoKernel.Polygon, PreparedPolygon): a GeoJSON Polygon (an outer ring
 * and holes) or MultiPolygon, prepared once for exact point-in-polygon tests and for
 * distances from a point to the boundary; what polygon geofences are made of
 * (gk_geofence_monitor_add_polygon).
 *
 *  - Edge model (RFC 7946): an edge is straight in longitude/latitude degrees. A point is in
 *    a polygon when inside its outer ring and outside its holes (even-odd rule), and in the
 *    set when in any polygon; on an edge or vertex counts as in. Decisions are exact (the
 *    orientation of a point against an edge is computed exactly when floating point cannot
 *    settle it).
 *  - Rings may repeat their first vertex at the end or not. A ring whose consecutive
 *    vertices are more than 180 degrees of longitude apart crosses the antimeridian the
 *    shorter way; a ring that then winds once around the Earth (Antarctica drawn from -180
 *    to 180) is closed through the pole on the side of its mean latitude. Shapes cut at
 *    +-180 (as RFC 7946 asks) read as written.
 *  - Distances: metres on the sphere (GK_EARTH_MEAN_RADIUS_M) to the nearest point of any
 *    edge as drawn.
 *  - Speed: a uniform grid per polygon (cells without edges are wholly in or out), so a
 *    test costs a few nanoseconds away from the boundary, whatever the vertex count.
 */

/** Locations of gk_polygon_locate. Swift: PreparedPolygon.Location. \since 0.8 */
#define GK_POLYGON_OUTSIDE  0
#define GK_POLYGON_INSIDE   1
#define GK_POLYGON_BOUNDARY 2

/** CONSTRUCTOR. Prepares one or more polygons from their rings' vertices.
 *  \param ctx the calling thread's context.
 *  \param[in] lat vertex latitudes in degrees, [-90, 90], every ring one after the other
 *  (caller-owned, read during the call only).
 *  \param[in] lon vertex longitudes in degrees, [-180, 180], likewise.
 *  \param vertex_count the number of vertices, the sum of ring_lengths.
 *  \param[in] ring_lengths the vertices of each ring, in order (each ring needs 3
 *  distinct positions; a repeated closing vertex counts).
 *  \param ring_count the number of rings, >= 1.
 *  \param[in] polygon_ring_counts how many consecutive rings make each polygon (its outer
 *  ring first, then its holes); NULL with polygon_count 0 for one polygon of all rings.
 *  \param polygon_count the number of polygons (0 with NULL: one).
 *  \param[out] out the prepared polygons. Ownership: the caller frees them with
 *  gk_polygon_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the ring or vertex) for a bad vertex, a
 *  ring of fewer than 3 distinct positions, counts that do not add up, more than 2^26
 *  vertices, or a ring winding around the Earth more than once; GK_ERR_MISUSE for NULL.
 *  Thread safety: any thread with its own ctx.
 *  Swift: PreparedPolygon.init(_:) of [Polygon]. \since 0.8 */
int gk_polygon_create(gk_context *ctx, const double *lat, const double *lon, size_t vertex_count,
                      const size_t *ring_lengths, size_t ring_count,
                      const size_t *polygon_ring_counts, size_t polygon_count, gk_polygon **out);

/** Where one point lies: GK_POLYGON_INSIDE, _OUTSIDE or _BOUNDARY; exact.
 *  \param ctx the calling thread's context.
 *  \param p the polygons (not modified).
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, [-180, 180].
 *  \param[out] out_location the location.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad point; GK_ERR_MISUSE for NULL.
 *  Thread safety: any number of threads at once, each with its own ctx.
 *  Swift: PreparedPolygon.location(of:). \since 0.8 */
int gk_polygon_locate(gk_context *ctx, gk_polygon *p, double lat, double lon, int *out_location);

/** Point-in-polygon for count points: 1 when in the polygons (boundary included), else 0;
 *  decisions equal gk_polygon_locate's point by point.
 *  \param ctx the calling thread's context.
 *  \param p the polygons (not modified).
 *  \param[in] lat latitudes in degrees (caller-owned, read during the call only).
 *  \param[in] lon longitudes in degrees, likewise; both strided and checked as in
 *  gk_haversine_batch.
 *  \param count the number of points (lat, lon and out_mask are required even when 0).
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a
 *  multiple of 8).
 *  \param[out] out_mask count bytes, 1 in, 0 out.
 *  \param[out] out_inside the number in (may be NULL).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT (naming the first bad point, nothing written);
 *  GK_ERR_MISUSE for NULL. Thread safety: any number of threads at once, each with its
 *  own ctx and mask. Swift: PreparedPolygon.contains(_:into:). \since 0.8 */
int gk_polygon_contains(gk_context *ctx, gk_polygon *p, const double *lat, const double *lon,
                        size_t count, ptrdiff_t stride_bytes, uint8_t *out_mask, size_t *out_inside);

/** The distance in metres on the sphere from a point to the nearest edge of any ring
 *  (inside or outside). O(vertices).
 *  \param ctx the calling thread's context.
 *  \param p the polygons (not modified).
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, [-180, 180].
 *  \param[out] out_m the distance in metres.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad point; GK_ERR_MISUSE for NULL.
 *  Thread safety: any number of threads at once. Swift:
 *  PreparedPolygon.boundaryDistanceMeters(from:). \since 0.8 */
int gk_polygon_boundary_distance(gk_context *ctx, gk_polygon *p, double lat, double lon, double *out_m);

/** DESTRUCTOR. Frees prepared polygons; NULL is a no-op. A monitor holding them as a fence
 *  keeps its own reference.
 *  \param p the polygons, or NULL. \since 0.8 */
void gk_polygon_destroy(gk_polygon *p);

/* --------------------------------------------------------------- geofence ---- */
/*
 * Geofences (Swift: module Geofence, GeofenceMonitor): enter, exit and dwell events from
 * a stream of fixes, for any number of circular and polygon fences, without false exits
 * from GPS jitter. Time comes only from the fixes; replaying the same fixes gives the same
 * events. A polygon fence (gk_geofence_monitor_add_polygon) follows the same rules with d
 * measured from its boundary: inside evidence when in the polygon and at least
 * GK_GEOFENCE_OPT_ENTER_MARGIN_M from every edge, outside evidence when out of it by more
 * than a + GK_GEOFENCE_OPT_HYSTERESIS_M (section polygon for the edge model).
 *
 *  - Fence ids are int64_t, chosen by the caller and unique within a monitor. The Swift
 *    twin sees a C fence id as its decimal string ("42").
 *  - Events wait in the monitor's queue, oldest first, until read in chunks with
 *    gk_geofence_monitor_read_events. The events of one fix come as exits, then enters,
 *    then dwells, each in the order the fences were added.
 *  - Earth model: the sphere (GK_EARTH_MEAN_RADIUS_M); every decision is the scalar
 *    haversine test (gk_haversine) against the thresholds below, d the distance from a
 *    fence's centre to a fix in metres and a the fix's accuracy in metres:
 *      ignored fix:       a > GK_GEOFENCE_OPT_MAX_ACCURACY_M
 *      inside evidence:   d <= radius - GK_GEOFENCE_OPT_ENTER_MARGIN_M
 *      outside evidence:  d > (radius + a) + GK_GEOFENCE_OPT_HYSTERESIS_M
 *    An enter needs GK_GEOFENCE_OPT_ENTER_FIXES consecutive inside-evidence fixes spanning
 *    GK_GEOFENCE_OPT_ENTER_SECONDS; an exit likewise with the EXIT options; a dwell comes
 *    once per visit, GK_GEOFENCE_OPT_DWELL_SECONDS after the enter. A fence starts outside,
 *    so a first fix inside is an enter; a fence never entered never exits.
 *  - Thread safety: a monitor is used by one thread at a time (queries included), with
 *    any context.
 */

/** Event kinds. Swift: GeofenceEvent.Kind. \since 0.1 */
#define GK_GEOFENCE_ENTER 1
#define GK_GEOFENCE_EXIT  2
#define GK_GEOFENCE_DWELL 3

/** The usual fence radius in metres. Swift: CircularFence.defaultRadiusMeters. \since 0.1 */
#define GK_GEOFENCE_DEFAULT_RADIUS_M 1000.0

/* Options of gk_geofence_monitor_set_option, with their defaults.
 * Swift: the properties of GeofenceConfiguration. \since 0.1 */
#define GK_GEOFENCE_OPT_HYSTERESIS_M       1  /**< metres beyond radius + accuracy for outside evidence; 20 */
#define GK_GEOFENCE_OPT_ENTER_MARGIN_M     2  /**< metres inside the boundary for inside evidence; 0 */
#define GK_GEOFENCE_OPT_ENTER_FIXES        3  /**< consecutive fixes for an enter, whole number >= 1; 1 */
#define GK_GEOFENCE_OPT_ENTER_SECONDS      4  /**< seconds from first to confirming fix for an enter; 0 */
#define GK_GEOFENCE_OPT_EXIT_FIXES         5  /**< consecutive fixes for an exit, whole number >= 1; 2 */
#define GK_GEOFENCE_OPT_EXIT_SECONDS       6  /**< seconds from first to confirming fix for an exit; 0 */
#define GK_GEOFENCE_OPT_MAX_ACCURACY_M     7  /**< fixes with worse accuracy (m) are ignored; 100; INFINITY keeps all */
#define GK_GEOFENCE_OPT_DWELL_SECONDS      8  /**< seconds inside before a dwell; 300; INFINITY: no dwell */
#define GK_GEOFENCE_OPT_ASSUMED_ACCURACY_M 9  /**< accuracy (m) of a fix given with NAN accuracy; 0 */

/** CONSTRUCTOR. A monitor with no fences and the default rules.
 *  \param ctx the calling thread's context.
 *  \param[out] out the monitor. Ownership: the caller frees it with gk_geofence_monitor_destroy.
 *  \return GK_OK, GK_ERR_MISUSE for NULL. Swift: GeofenceMonitor(configuration:). \since 0.1 */
int gk_geofence_monitor_create(gk_context *ctx, gk_geofence_monitor **out);

/** Sets one rule (GK_GEOFENCE_OPT_*). Allowed only before the first fence and the first fix.
 *  Modifies m. Ownership: borrows m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param option a GK_GEOFENCE_OPT_* constant.
 *  \param value the new value in the option's unit (metres, seconds or a count of fixes,
 *  as listed with the constants).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for an unknown option or a bad value (negative,
 *  NaN, infinite where not allowed, a count that is not a whole number >= 1);
 *  GK_ERR_MISUSE once the monitor has a fence or has seen a fix.
 *  Swift: GeofenceConfiguration, passed to GeofenceMonitor(configuration:). \since 0.1 */
int gk_geofence_monitor_set_option(gk_context *ctx, gk_geofence_monitor *m, int option, double value);

/** Reads one rule (GK_GEOFENCE_OPT_*). Does not modify m. Ownership: borrows m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param option a GK_GEOFENCE_OPT_* constant (another value: GK_ERR_INVALID_ARGUMENT).
 *  \param[out] out_value the value (counts as whole numbers).
 *  Swift: GeofenceMonitor.configuration. \since 0.1 */
int gk_geofence_monitor_get_option(gk_context *ctx, gk_geofence_monitor *m, int option, double *out_value);

/** Adds a circular fence of radius_m metres (GK_GEOFENCE_DEFAULT_RADIUS_M for the usual
 *  1 km) around (lat, lon) degrees, at any time. It starts outside. Modifies m.
 *  Ownership: borrows m; the fence is stored in m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param id the fence's id, chosen by the caller, unique within m.
 *  \param lat the centre's latitude in degrees, [-90, 90].
 *  \param lon the centre's longitude in degrees, any finite value.
 *  \param radius_m the radius in metres along the sphere, > 0 and at most 10 000 km.
 *  \return GK_OK; GK_ERR_DUPLICATE when id exists; GK_ERR_INVALID_ARGUMENT for a bad
 *  coordinate or a radius that is not finite, not > 0 or above 10 000 km.
 *  Complexity: amortised O(log n). Swift: GeofenceMonitor.add(_:). \since 0.1 */
int gk_geofence_monitor_add(gk_context *ctx, gk_geofence_monitor *m, int64_t id,
                            double lat, double lon, double radius_m);

/** Adds a polygon fence (section polygon) at any time, beside the circles and under the
 *  same rules (distances measured from its boundary, see above). It starts outside.
 *  Modifies m. Ownership: borrows both; m keeps its own reference to p, which the caller
 *  may destroy at once.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param id the fence's id, chosen by the caller, unique within m (circles included).
 *  \param p the prepared polygons (gk_polygon_create; not modified).
 *  \return GK_OK; GK_ERR_DUPLICATE when id exists; GK_ERR_MISUSE for NULL.
 *  Complexity: amortised O(log n). Swift: GeofenceMonitor.add(_:) of a PolygonFence. \since 0.8 */
int gk_geofence_monitor_add_polygon(gk_context *ctx, gk_geofence_monitor *m, int64_t id, gk_polygon *p);

/** Removes a fence at any time; no event is reported for it. Modifies m.
 *  Ownership: borrows m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param id the id given to gk_geofence_monitor_add.
 *  \return GK_OK or GK_ERR_NOT_FOUND. Swift: GeofenceMonitor.remove(id:). \since 0.1 */
int gk_geofence_monitor_remove(gk_context *ctx, gk_geofence_monitor *m, int64_t id);

/** The number of fences (0 for NULL). Ownership: borrows m. Thread safety: as the
 *  other calls on m. Swift: GeofenceMonitor.count.
 *  \param m the monitor (only read), or NULL. \since 0.1 */
size_t gk_geofence_monitor_count(gk_geofence_monitor *m);

/** Feeds one fix: (lat, lon) degrees, time in seconds (e.g. since 1970-01-01 UTC; only
 *  differences and order matter), horizontal accuracy in metres (NAN when unknown): the
 *  fix order of every section (since 0.3; 0.2 took accuracy before time).
 *  Its events are appended to the queue. Modifies m. Ownership: borrows m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param lat the fix's latitude in degrees, [-90, 90].
 *  \param lon the fix's longitude in degrees, any finite value.
 *  \param time_s the fix's time in seconds, finite, not earlier than the previous fix's.
 *  \param accuracy_m the fix's horizontal accuracy in metres, >= 0 and finite, or NAN when
 *  unknown (GK_GEOFENCE_OPT_ASSUMED_ACCURACY_M is then used).
 *  \param[out] out_events the number of events this fix added (may be NULL).
 *  \return GK_OK; GK_ERR_ORDER when time_s is earlier than the previous fix's (m is then
 *  unchanged; equal times are accepted); GK_ERR_INVALID_ARGUMENT for a bad coordinate, a
 *  negative or infinite accuracy or a non-finite time.
 *  Complexity: grows with the fences near the fix, not with their number.
 *  Swift: GeofenceMonitor.update(with:into:). \since 0.1 */
int gk_geofence_monitor_update(gk_context *ctx, gk_geofence_monitor *m, double lat, double lon,
                               double time_s, double accuracy_m, size_t *out_events);

/** Feeds count fixes, all or none: every fix is checked (values and time order) before
 *  the first is fed. lat, lon, time_s (and accuracy_m unless NULL, which means unknown
 *  for all) are read at byte offsets i * stride_bytes. Modifies m. Ownership: borrows m
 *  and the caller-owned arrays (read only, not kept).
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param[in] lat latitudes in degrees (required, also when count is 0).
 *  \param[in] lon longitudes in degrees (required).
 *  \param[in] time_s times in seconds, in order (required).
 *  \param[in] accuracy_m accuracies in metres (NAN: unknown), or NULL for all unknown.
 *  \param count the number of fixes.
 *  \param stride_bytes bytes between consecutive elements of each array (>= 8, a multiple
 *  of 8).
 *  \param[out] out_events the number of events added (may be NULL).
 *  \return as gk_geofence_monitor_update, the message naming the first bad fix.
 *  Swift: GeofenceMonitor.update(with:) on an array. \since 0.1 */
int gk_geofence_monitor_update_batch(gk_context *ctx, gk_geofence_monitor *m,
                                     const double *lat, const double *lon, const double *time_s,
                                     const double *accuracy_m, size_t count, ptrdiff_t stride_bytes,
                                     size_t *out_events);

/** Takes up to capacity events from the queue, oldest first. Modifies m.
 *  Ownership: borrows m; the events are copied into the caller's arrays.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param[out] out_kinds GK_GEOFENCE_ENTER, GK_GEOFENCE_EXIT or GK_GEOFENCE_DWELL.
 *  \param[out] out_ids the fence ids.
 *  \param[out] out_times the times (seconds) of the fixes that caused them.
 *  The three are caller-owned arrays of capacity entries; any of them may be NULL to skip
 *  that field.
 *  \param capacity the most events to take: the queue exception to the output-buffer rule
 *  (fewer entries than waiting is not an error; the rest stay queued).
 *  \param[out] out_count the number taken (required).
 *  Call again until it is 0, or size the buffers with gk_geofence_monitor_pending_events.
 *  Swift: the [GeofenceEvent] returned by GeofenceMonitor.update(with:). \since 0.1 */
int gk_geofence_monitor_read_events(gk_context *ctx, gk_geofence_monitor *m, int *out_kinds,
                                    int64_t *out_ids, double *out_times, size_t capacity,
                                    size_t *out_count);

/** The number of events waiting in the queue (0 for NULL). Ownership: borrows m.
 *  Swift: none (the Swift monitor returns events directly).
 *  \param m the monitor (only read), or NULL. \since 0.1 */
size_t gk_geofence_monitor_pending_events(gk_geofence_monitor *m);

/** Whether the user is inside at least one fence now, by the rules (from an enter until
 *  its exit, so it does not flicker with jitter). Does not modify m. Ownership: borrows m.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param[out] out_inside 1 or 0. Swift: GeofenceMonitor.isInsideAnyFence. \since 0.1 */
int gk_geofence_monitor_inside(gk_context *ctx, gk_geofence_monitor *m, int *out_inside);

/** The ids of the fences the user is inside now, in the order they were added.
 *  Does not modify m. Ownership: borrows m; ids are copied into the caller's buffer.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param[out] out_ids caller-owned, capacity entries (may be NULL when capacity is 0).
 *  \param capacity entries out_ids can hold (the output-buffer rule).
 *  \param[out] out_count the number of ids (required).
 *  \return GK_OK, or GK_ERR_BUFFER_TOO_SMALL with the needed count in *out_count and no
 *  id written (the output-buffer rule; 0.2 wrote the first capacity ids).
 *  Swift: GeofenceMonitor.insideFenceIDs. \since 0.1 */
int gk_geofence_monitor_inside_ids(gk_context *ctx, gk_geofence_monitor *m, int64_t *out_ids,
                                   size_t capacity, size_t *out_count);

/** The ids of the fences that contain (lat, lon): pure geometry, the scalar haversine
 *  test d <= radius (no accuracy, no hysteresis), in the order the fences were added;
 *  identical to a loop over every fence. Does not change the monitor's state (but uses
 *  its scratch space: one thread at a time). Ownership: borrows m; ids are copied into
 *  the caller's buffer.
 *  \param ctx the calling thread's context.
 *  \param m the monitor (required).
 *  \param lat the point's latitude in degrees, [-90, 90].
 *  \param lon the point's longitude in degrees, any finite value.
 *  \param capacity entries out_ids can hold (the output-buffer rule).
 *  \param[out] out_ids, out_count as gk_geofence_monitor_inside_ids (same GK_ERR_BUFFER_TOO_SMALL rule).
 *  Swift: GeofenceMonitor.fences(containing:). \since 0.1 */
int gk_geofence_monitor_containing(gk_context *ctx, gk_geofence_monitor *m, double lat, double lon,
                                   int64_t *out_ids, size_t capacity, size_t *out_count);

/** DESTRUCTOR. Frees the monitor, its fences and unread events; NULL is a no-op.
 *  Ownership: takes m back; do not use it afterwards.
 *  \param m the monitor, or NULL. \since 0.1 */
void gk_geofence_monitor_destroy(gk_geofence_monitor *m);

/* --------------------------------------------------------------- timeline ---- */
/* Places and moves from fixes (a gk_timeline: Swift StopDetector plus the Diary it
 * fills) and the travel-survey tracking policy (a gk_tracking_policy: Swift
 * TrackingPolicy), module Timeline. Times are seconds since 1970-01-01T00:00:00Z (UTC);
 * distances are metres on a sphere of R = 6 371 000 m, the sphere trackintel measures on
 * (Swift: StopDetector.earthRadiusMeters): a stay's distance threshold is decided with
 * trackintel's formula, the spherical law of cosines, move lengths with the haversine
 * formula. A fix's horizontal accuracy is in
 * metres, NAN when unknown. Thread safety: a gk_timeline or gk_tracking_policy is used by
 * one thread at a time (with that thread's context); different objects are independent.
 * Neither reads a clock: time comes with the inputs. */

/** Presets of gk_timeline_create (Swift: StopDetector.Preset).
 *  GK_TIMELINE_TRACKINTEL: 100 m, 300 s, gap 900 s, no accuracy limit; the stays equal
 *  trackintel 1.4's generate_staypoints(method="sliding") to the second and the centimetre.
 *  GK_TIMELINE_TIMELY_MOVES (since 0.4; see section "timeline live"): within 50 m for
 *  180 s (from the first fix, then from the stay's centroid), departure at the last fix
 *  inside, signal gaps of 120 s, fixes worse than 100 m ignored; meant with
 *  gk_timeline_set_cleaning. Until 0.3 it was the seed's literal rule,
 *  now GK_TIMELINE_TIMELY_MOVES_SEED. GK_TIMELINE_TRAVEL_DIARY: within 100 m for 900 s,
 *  no gap limit, fixes worse than 160 m ignored (the travel-survey seed). \since 0.1 */
#define GK_TIMELINE_TRACKINTEL    1
#define GK_TIMELINE_TIMELY_MOVES  2
#define GK_TIMELINE_TRAVEL_DIARY  3

/** Tracking states and the accuracy each asks for (Swift: TrackingState):
 *  actively moving 10 m, stopped 100 m, not moving 3000 m, in a fast vehicle 1000 m. \since 0.1 */
#define GK_TRACKING_ACTIVELY_MOVING  1
#define GK_TRACKING_STOPPED          2
#define GK_TRACKING_NOT_MOVING       3
#define GK_TRACKING_IN_FAST_VEHICLE  4

/** Motion activities (Swift: MotionActivity). \since 0.1 */
#define GK_ACTIVITY_STATIONARY  0
#define GK_ACTIVITY_WALKING     1
#define GK_ACTIVITY_RUNNING     2
#define GK_ACTIVITY_CYCLING     3
#define GK_ACTIVITY_AUTOMOTIVE  4
#define GK_ACTIVITY_UNKNOWN     5

/** CONSTRUCTOR. A stop detector with a preset's parameters.
 *  \param ctx the calling thread's context.
 *  \param[in] preset GK_TIMELINE_TRACKINTEL, GK_TIMELINE_TIMELY_MOVES or GK_TIMELINE_TRAVEL_DIARY.
 *  \param[out] out the new object. Ownership: the caller frees it with gk_timeline_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for an unknown preset; GK_ERR_MISUSE for NULL.
 *  Swift: Recorder(preset:). \since 0.1 */
int gk_timeline_create(gk_context *ctx, int preset, gk_timeline **out);

/** CONSTRUCTOR. A stop detector with explicit parameters: a stay is a run of fixes all
 *  less than distance_m from the run's first fix that lasted at least duration_s when the
 *  first fix outside arrived; a pause longer than gap_s drops the run (strictly longer:
 *  a pause of exactly gap_s keeps it; INFINITY: no limit); fixes whose accuracy is worse
 *  than min_accuracy_m are ignored (INFINITY: none).
 *  \param ctx the calling thread's context. \param distance_m metres (> 0, finite).
 *  \param duration_s seconds (>= 0, finite). \param gap_s seconds (> 0 or INFINITY).
 *  \param min_accuracy_m metres (> 0 or INFINITY).
 *  \param[out] out the new object. Ownership: the caller frees it with gk_timeline_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT naming the bad value (distance_m <= 0,
 *  duration_s < 0, gap_s <= 0, min_accuracy_m <= 0, NaN). Swift: Recorder(parameters:).
 *  \since 0.1 */
int gk_timeline_create_custom(gk_context *ctx, double distance_m, double duration_s, double gap_s,
                              double min_accuracy_m, gk_timeline **out);

/** Adds the next fix (modifies tl). Fixes must come in time order (equal times are fine).
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param lat the fix's latitude in degrees, [-90, 90].
 *  \param lon the fix's longitude in degrees, any finite value.
 *  \param time_s the fix's time in seconds since 1970-01-01 UTC, finite.
 *  \param[in] accuracy_m horizontal accuracy in metres, or NAN when unknown.
 *  \param[out] out_placemarks the number of placemarks known so far (may be NULL): it grows
 *  when this fix shows that the user has left a place.
 *  \return GK_OK; GK_ERR_ORDER when time_s is earlier than the previous fix (tl unchanged);
 *  GK_ERR_INVALID_ARGUMENT for a bad coordinate, time or accuracy; GK_ERR_MISUSE after
 *  gk_timeline_finish or for NULL. Swift: Recorder.add(_:). \since 0.1 */
int gk_timeline_add(gk_context *ctx, gk_timeline *tl, double lat, double lon, double time_s, double accuracy_m,
                    size_t *out_placemarks);

/** Adds count fixes in order (modifies tl): element i of each array is read at byte offset
 *  i * stride_bytes (8 for plain arrays, sizeof(struct) for fields of an array of structs).
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param[in] lat latitudes in degrees, [-90, 90] (required, also when count is 0).
 *  \param[in] lon longitudes in degrees (required).
 *  \param[in] time_s times in seconds since 1970-01-01 UTC, finite, in order (required).
 *  \param[in] accuracy_m accuracies in metres (NAN: unknown), or NULL when none is known.
 *  \param count the number of fixes.
 *  \param stride_bytes bytes between consecutive elements of each array (>= 8, a multiple
 *  of 8).
 *  \param[out] out_placemarks as gk_timeline_add (may be NULL).
 *  \return as gk_timeline_add; on an error the message names the fix ("fix 17: ...") and
 *  the fixes before it have been added. Swift: StopDetector.add(contentsOf:). \since 0.1 */
int gk_timeline_add_batch(gk_context *ctx, gk_timeline *tl, const double *lat, const double *lon,
                          const double *time_s, const double *accuracy_m, size_t count, ptrdiff_t stride_bytes,
                          size_t *out_placemarks);

/** Ends the track (modifies tl): the last move becomes known and, when include_open_stay
 *  is non-zero and the open window lasted long enough, the last stay, whose departure is
 *  then the time of the last fix (trackintel's include_last). Later fixes are refused;
 *  a second call does nothing.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param include_open_stay non-zero to keep the open stay as the last placemark when it
 *  lasted long enough; 0 to drop it.
 *  \param[out] out_placemarks the final count (may be NULL).
 *  Swift: Recorder.finish(includeOpenStay:). \since 0.1 */
int gk_timeline_finish(gk_context *ctx, gk_timeline *tl, int include_open_stay, size_t *out_placemarks);

/** Copies the placemarks known so far, in time order (reads tl): location (degrees: mean
 *  latitude and circular-mean longitude of the stay's distinct positions), arrival (time of
 *  its first fix), departure (time of the first fix that left), number of fixes.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param[out] lat, lon, arrival, departure, fix_count caller-owned arrays of capacity
 *  elements; any of them may be NULL when not wanted.
 *  \param capacity entries each array can hold (the output-buffer rule).
 *  \param[out] out_count the number of placemarks (required).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL when capacity < the count, with the count needed in
 *  *out_count and nothing written (capacity 0 asks for the count).
 *  Swift: Diary.placemarks (names are not carried over C). \since 0.1 */
int gk_timeline_placemarks(gk_context *ctx, gk_timeline *tl, double *lat, double *lon, double *arrival,
                           double *departure, size_t *fix_count, size_t capacity, size_t *out_count);

/** Copies the fixes of the move that leaves placemark from_index, up to the next
 *  placemark (or the end of the track): the seed's transit keyed by the index of the place
 *  left; from_index -1 gives the fixes before the first placemark. A move is known once the
 *  next placemark or gk_timeline_finish closes it; before that the list is empty.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param from_index the placemark left (0-based), or -1 for the fixes before the first.
 *  \param[out] lat, lon, time_s caller-owned arrays of capacity elements (any may be NULL).
 *  \param capacity entries each array can hold (the output-buffer rule).
 *  \param[out] out_count the number of fixes (required).
 *  \return GK_OK; GK_ERR_NOT_FOUND for from_index outside -1 .. placemarks - 1;
 *  GK_ERR_BUFFER_TOO_SMALL as gk_timeline_placemarks. Swift: Diary.transit.fixesLeaving.
 *  \since 0.1 */
int gk_timeline_transit(gk_context *ctx, gk_timeline *tl, ptrdiff_t from_index, double *lat, double *lon,
                        double *time_s, size_t capacity, size_t *out_count);

/** The summary of the move leaving placemark from_index (-1: before the first): start (the
 *  departure from the place, or the first fix), end (the arrival at the next place, or the
 *  last fix), and its length in metres from the place left through every fix to the place
 *  reached. Any out pointer may be NULL.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param from_index the placemark left (0-based), or -1 for the move before the first.
 *  \param[out] out_start the start time in seconds.
 *  \param[out] out_end the end time in seconds.
 *  \param[out] out_distance_m the length in metres.
 *  \return GK_OK; GK_ERR_NOT_FOUND when that move is not known (yet). Swift: Move. \since 0.1 */
int gk_timeline_move(gk_context *ctx, gk_timeline *tl, ptrdiff_t from_index, double *out_start, double *out_end,
                     double *out_distance_m);

/** Counts of the fixes given so far: stored, ignored for their accuracy, and ignored as
 *  exact repeats (same position and time as the previous stored fix). Any out pointer may
 *  be NULL. Swift: StopDetector.storedFixes, .ignoredInaccurateFixes, .repeatedFixes.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param[out] out_stored fixes stored.
 *  \param[out] out_ignored_inaccurate fixes ignored for an accuracy worse than the limit.
 *  \param[out] out_repeated fixes ignored as exact repeats.
 *  \since 0.1 */
int gk_timeline_fix_counts(gk_context *ctx, gk_timeline *tl, size_t *out_stored, size_t *out_ignored_inaccurate,
                           size_t *out_repeated);

/** Travel modes (gk_trip_leg.mode). Swift: TravelMode. \since 0.7 */
#define GK_TRAVEL_UNKNOWN 0 /**< too short, too few fixes, or no mode fits */
#define GK_TRAVEL_WALK    1 /**< on foot */
#define GK_TRAVEL_BICYCLE 2
#define GK_TRAVEL_CAR     3
#define GK_TRAVEL_BUS     4 /**< a road vehicle that stops often (bus, tram) */
#define GK_TRAVEL_TRAIN   5 /**< faster than road traffic, straight, or off the roads */

/** One leg of a move travelled in one mode (a tripleg), with the figures its mode was
 *  decided on (gk_timeline_legs). Plain data. Swift: TripLeg. \since 0.7 */
typedef struct gk_trip_leg {
    double start_s;          /**< time of its first fix, seconds since 1970-01-01 UTC */
    double end_s;            /**< time of its last fix */
    double distance_m;       /**< metres travelled (haversine, mean-radius sphere) */
    double confidence;       /**< in [0, 1]: the mode's share of all modes' scores; 0 when unknown */
    double median_speed_mps; /**< median speed over the speed window, m/s */
    double top_speed_mps;    /**< 95th percentile of those speeds, m/s */
    double stops_per_km;     /**< stops per kilometre */
    double turns_per_km;     /**< sharp turns (60 degrees within 100 m) per kilometre */
    double road_share;       /**< share of its fixes on roads (a matcher was given), else NaN */
    uint64_t first_fix;      /**< its first fix, an index into the move's fixes (gk_timeline_transit) */
    uint64_t last_fix;       /**< its last fix; legs cover the move's fixes once, in order */
    int32_t mode;            /**< a GK_TRAVEL_* value */
    int32_t reserved;        /**< 0 */
} gk_trip_leg;

/** The legs of the move leaving placemark from_index, each with its travel mode: the move
 *  is cut where the traveller walks between rides, and each leg is scored by its speeds,
 *  stops, sharp turns, the motion activity given (gk_timeline_add_activity) and, with a
 *  matcher, the share of its fixes on roads (trains are off them); the rules and their
 *  thresholds are in the README's travel-mode table (gk_timeline_set_mode_thresholds).
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (only read).
 *  \param from_index the placemark left (0-based), or -1 for the move before the first.
 *  \param roads a matcher over a road graph of the area for road evidence, or NULL.
 *  \param[out] out receives the legs; may be NULL when capacity is 0.
 *  \param capacity entries at out.
 *  \param[out] out_count the number of legs (always set).
 *  \return GK_OK; GK_ERR_NOT_FOUND when that move is not known (yet);
 *  GK_ERR_BUFFER_TOO_SMALL (nothing written); GK_ERR_MISUSE for NULL.
 *  Complexity: O(the move's fixes), plus a map matching of each leg with a matcher.
 *  Thread safety: as the timeline (the matcher may be shared).
 *  Swift: Recorder.legs(leaving:roadShare:), ModeClassifier. \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_timeline_legs(gk_context *ctx, gk_timeline *tl, ptrdiff_t from_index, gk_matcher *roads, gk_trip_leg *out,
                     size_t capacity, size_t *out_count);
#else
int gk_timeline_legs(gk_context *ctx, gk_timeline *tl, ptrdiff_t from_index, gk_matcher *roads, void *out,
                     size_t capacity, size_t *out_count);
#endif

/** Takes a motion-activity sample for the travel modes (it holds from time_s until the
 *  next sample); samples may come before or after the fixes they cover, in time order.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (modified).
 *  \param activity a GK_ACTIVITY_* constant.
 *  \param time_s its time in seconds since 1970-01-01 UTC, finite, not earlier than the
 *  previous sample's.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for an unknown activity or a time that is not
 *  finite; GK_ERR_ORDER for a sample earlier than the previous one (nothing changes).
 *  Swift: Recorder.add(activity:). \since 0.7 */
int gk_timeline_add_activity(gk_context *ctx, gk_timeline *tl, int activity, double time_s);

/** Sets the thresholds of the travel modes from JSON text; keys as in the README's
 *  travel-mode table (SpeedWindowSeconds, WalkTopSpeed, BicycleTopSpeed, VehicleTopSpeed,
 *  BusTopSpeed, BusStopsPerKm, TrainTopSpeed, TrainTurnsPerKm, TrainMinimumMeters,
 *  TrainRoadShare, StandSpeed, StopSpeed, StopWindowSeconds, MinimumStopSeconds,
 *  MinimumLegSeconds, MinimumWalkMeters, MinimumRideMeters, ActivityShare,
 *  MinimumConfidence); missing keys take the defaults ("{}" gives them all). May be
 *  called at any time: the legs are computed when asked for.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (modified).
 *  \param[in] json UTF-8 JSON text, NUL-terminated (required; read during the call).
 *  \return GK_OK; GK_ERR_PARSE naming the key (unknown, negative, not a number) or for
 *  malformed JSON; GK_ERR_INVALID_ARGUMENT for values that contradict (named); nothing
 *  changes then. Swift: ModeThresholds(json:), Recorder.modeClassifier. \since 0.7 */
int gk_timeline_set_mode_thresholds(gk_context *ctx, gk_timeline *tl, const char *json);

/** The legs of any sequence of fixes (a move, a trackintel tripleg) with their travel
 *  modes, by the rules of gk_timeline_legs, without a timeline. Fix i is read at byte
 *  offset i * stride_bytes of each array.
 *  \param ctx the calling thread's context.
 *  \param[in] thresholds_json the thresholds as JSON text (keys of
 *  gk_timeline_set_mode_thresholds), or NULL for the defaults.
 *  \param[in] lat latitudes in degrees (required, also when count is 0).
 *  \param[in] lon longitudes in degrees (required).
 *  \param[in] time_s times in seconds, finite, never decreasing (required).
 *  \param[in] accuracy_m accuracies in metres (NAN: unknown), or NULL.
 *  \param count the number of fixes.
 *  \param stride_bytes bytes between consecutive elements of each array (>= 8, a multiple of 8).
 *  \param[in] activity GK_ACTIVITY_* samples in time order, each holding until the next
 *  (may be NULL when activity_count is 0).
 *  \param[in] activity_time_s the samples' times in seconds (may be NULL when activity_count is 0).
 *  \param activity_count the number of samples.
 *  \param roads a matcher over a road graph of the area for road evidence, or NULL.
 *  \param[out] out receives the legs; may be NULL when capacity is 0 (at most count legs).
 *  \param capacity entries at out.
 *  \param[out] out_count the number of legs (always set).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad fix or sample, or one earlier than the
 *  one before (the message names it), or contradicting thresholds; GK_ERR_PARSE for bad
 *  JSON; GK_ERR_BUFFER_TOO_SMALL (nothing written); GK_ERR_MISUSE for NULL.
 *  Complexity: O(count + activity_count), plus a map matching of each leg with a matcher.
 *  Thread safety: any thread with its own context (the matcher may be shared).
 *  Swift: ModeClassifier.legs(of:activities:roadShare:). \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_travel_modes(gk_context *ctx, const char *thresholds_json, const double *lat, const double *lon,
                    const double *time_s, const double *accuracy_m, size_t count, size_t stride_bytes,
                    const int *activity, const double *activity_time_s, size_t activity_count, gk_matcher *roads,
                    gk_trip_leg *out, size_t capacity, size_t *out_count);
#else
int gk_travel_modes(gk_context *ctx, const char *thresholds_json, const double *lat, const double *lon,
                    const double *time_s, const double *accuracy_m, size_t count, size_t stride_bytes,
                    const int *activity, const double *activity_time_s, size_t activity_count, gk_matcher *roads,
                    void *out, size_t capacity, size_t *out_count);
#endif

/** DESTRUCTOR. NULL is a no-op.
 *  \param tl the timeline, or NULL; do not use it afterwards. \since 0.1 */
void gk_timeline_destroy(gk_timeline *tl);

/** CONSTRUCTOR. A tracking policy, starting in GK_TRACKING_STOPPED, configured by JSON text
 *  whose keys are exactly StartedTravellingDistanceMetres (default 250),
 *  StoppedMovingStationarySeconds (600), SameLocationDistanceMetres (100),
 *  StopMovingSameLocationSeconds (900), FastSpeedKmh (80), InVehicleOrStationarySeconds (300)
 *  and ActivelyMovingSeconds (20); missing keys take the defaults, so "{}" gives them all.
 *  \param ctx the calling thread's context.
 *  \param[in] json UTF-8 JSON text, NUL-terminated (required; copied, not kept).
 *  \param[out] out the new object. Ownership: the caller frees it with gk_tracking_policy_destroy.
 *  \return GK_OK; GK_ERR_PARSE naming the key for an unknown key, a negative value or one
 *  that is not a number, or for malformed JSON. Swift: TrackingPolicy(configuration:),
 *  TrackingPolicy.Configuration(json:). \since 0.1 */
int gk_tracking_policy_create(gk_context *ctx, const char *json, gk_tracking_policy **out);

/** Feeds a fix (modifies policy).
 *  \param ctx the calling thread's context.
 *  \param policy the tracking policy (required).
 *  \param lat the fix's latitude in degrees, [-90, 90].
 *  \param lon the fix's longitude in degrees, any finite value.
 *  \param time_s the time in seconds since 1970-01-01 UTC, finite, not earlier than the previous
 *  input (fix, motion sample or advance).
 *  \param[in] accuracy_m metres, NAN when unknown.
 *  \param[out] out_state the state afterwards, a GK_TRACKING_* value (may be NULL).
 *  \return GK_OK; GK_ERR_ORDER when earlier than the previous input (policy unchanged);
 *  GK_ERR_INVALID_ARGUMENT for a bad coordinate, time or accuracy.
 *  Swift: TrackingPolicy.add(_: Fix). \since 0.1 */
int gk_tracking_policy_add_fix(gk_context *ctx, gk_tracking_policy *policy, double lat, double lon, double time_s,
                               double accuracy_m, int *out_state);

/** Feeds a motion-activity sample, a GK_ACTIVITY_* value that holds from time_s until the
 *  next sample (modifies policy).
 *  \param ctx the calling thread's context.
 *  \param policy the tracking policy (required).
 *  \param activity a GK_ACTIVITY_* constant.
 *  \param time_s the time in seconds since 1970-01-01 UTC, finite, not earlier than the previous
 *  input (fix, motion sample or advance).
 *  \param[out] out_state as gk_tracking_policy_add_fix.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for an unknown activity; GK_ERR_ORDER.
 *  Swift: TrackingPolicy.add(_: MotionSample). \since 0.1 */
int gk_tracking_policy_add_activity(gk_context *ctx, gk_tracking_policy *policy, int activity, double time_s,
                                    int *out_state);

/** Lets time pass to time_s without input, checking the time rules (modifies policy).
 *  \param ctx the calling thread's context.
 *  \param policy the tracking policy (required).
 *  \param time_s the time in seconds since 1970-01-01 UTC, finite, not earlier than the previous
 *  input (fix, motion sample or advance).
 *  \param[out] out_state as gk_tracking_policy_add_fix. \return GK_OK; GK_ERR_ORDER.
 *  Swift: TrackingPolicy.advance(to:). \since 0.1 */
int gk_tracking_policy_advance(gk_context *ctx, gk_tracking_policy *policy, double time_s, int *out_state);

/** The current state (GK_TRACKING_*) and the accuracy in metres it asks the location
 *  provider for (reads policy). Either out pointer may be NULL.
 *  Swift: TrackingPolicy.state, .desiredAccuracyMeters.
 *  \param ctx the calling thread's context.
 *  \param policy the tracking policy (required; only read).
 *  \param[out] out_state the state, a GK_TRACKING_* constant.
 *  \param[out] out_accuracy_m the accuracy it asks for, in metres.
 *  \since 0.1 */
int gk_tracking_policy_state(gk_context *ctx, gk_tracking_policy *policy, int *out_state, double *out_accuracy_m);

/** DESTRUCTOR. NULL is a no-op.
 *  \param policy the tracking policy, or NULL; do not use it afterwards. \since 0.1 */
void gk_tracking_policy_destroy(gk_tracking_policy *policy);

/* Places the stays return to: visits, Home and Work. */

/** The places the timeline's stays return to: a stay within radius_m of a known place is a
 *  visit of the nearest one, else a new place (in time order). Home is the place with the
 *  most time between 00:00 and 06:00 local time, Work the other with the most between 09:00
 *  and 17:00 Monday to Friday.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param radius_m how close a stay must be to a place, metres (> 0; 100 is usual).
 *  \param utc_offset_s seconds to add to UTC for local time (e.g. 3600 for CET; finite,
 *         within ±86 400).
 *  \param[out] lat, lon each place's position (its first stay), degrees.
 *  \param[out] visit_count stays at each place. \param[out] total_s their total time, s.
 *  Any of these four may be NULL.
 *  \param capacity entries each array can hold (the output-buffer rule).
 *  \param[out] out_count the number of places (required).
 *  \param[out] out_home, out_work the index of Home and Work, or -1 (may be NULL).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL as gk_timeline_placemarks; GK_ERR_INVALID_ARGUMENT
 *  for a radius that is not positive, an offset beyond a day or a stay beyond ±2^50 s of the
 *  epoch; GK_ERR_MISUSE. Complexity: O(stays × places).
 *  Swift: PlaceVisits(placemarks:radiusMeters:utcOffset:). \since 0.4 */
int gk_timeline_places(gk_context *ctx, gk_timeline *tl, double radius_m, double utc_offset_s, double *lat,
                       double *lon, size_t *visit_count, double *total_s, size_t capacity, size_t *out_count,
                       ptrdiff_t *out_home, ptrdiff_t *out_work);

/* Naming the placemarks of a gk_timeline: by address (an address index, with a gazetteer's
 * nearest town where no address reaches) or by a gazetteer alone. */

/** Sets how the timeline names its placemarks, before the first fix (modifies tl): with
 *  index, by address (a named place within 30 m, else a house number within 50 m, else a
 *  street within 100 m, else the nearest town of towns when given); with towns alone, by the
 *  nearest place of the gazetteer within max_distance_m; with neither, placemarks stay
 *  unnamed. Each placemark is named once, when it is recorded.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param index an address index, or NULL; tl keeps what it needs, so index may be
 *         destroyed afterwards.
 *  \param towns a gazetteer, or NULL; kept by tl the same way.
 *  \param max_distance_m metres along the sphere, ≥ 0: how far a gazetteer place may be
 *         (read only when index is NULL and towns is not).
 *  \return GK_OK; GK_ERR_MISUSE after the first fix (nothing changed);
 *  GK_ERR_INVALID_ARGUMENT for a negative or NaN max_distance_m.
 *  Swift: Recorder.configure(naming:) with AddressNaming or GazetteerNaming. \since 0.5 */
int gk_timeline_set_naming(gk_context *ctx, gk_timeline *tl, gk_address_index *index, gk_geocoder *towns,
                           double max_distance_m);

/** The name of placemark number `placemark` (in the order of gk_timeline_placemarks), as
 *  UTF-8 text; empty when the placemark has no name (no naming set, or nothing near).
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required; only read).
 *  \param placemark the placemark's index, below the placemark count.
 *  \param[out] buf receives the name and a NUL (the output-buffer rule for strings).
 *  \param capacity bytes buf can hold.
 *  \param[out] out_len the name's length in bytes without the NUL (may be NULL).
 *  \return GK_OK; GK_ERR_NOT_FOUND for an index beyond the placemarks;
 *  GK_ERR_BUFFER_TOO_SMALL (nothing written). Swift: Recorder.diary.placemarks[i].name.
 *  \since 0.5 */
int gk_timeline_placemark_name(gk_context *ctx, gk_timeline *tl, size_t placemark, char *buf, size_t capacity,
                               size_t *out_len);

/* Live stays and the cleaning stage of a gk_timeline (section timeline; Swift:
 * LiveStopDetector, StayEvent, TrackCleaning). Every gk_timeline detects stays live; after
 * gk_timeline_enable_events its events wait in a queue, oldest first, until read in chunks
 * with gk_timeline_read_events (the queue exception to the output-buffer rule, as the
 * geofence monitor's). For each stay: one GK_TIMELINE_ARRIVED as soon as it is established
 * (the fixes have stayed within the distance of its first fix for the duration and the
 * person is still there), one GK_TIMELINE_UPDATED per later fix that joins it, then
 * GK_TIMELINE_DEPARTED with the final placemark (the same as gk_timeline_placemarks
 * reports), or GK_TIMELINE_CANCELLED when it will not become a placemark (a pause longer
 * than the gap limit, or gk_timeline_finish without the open stay). The placemarks and
 * moves are exactly those of the batch detector (Swift StopDetector.detect), for every
 * preset. Moves are not queued: read them with gk_timeline_move. Thread safety: as the
 * gk_timeline. */

/** The preset that was GK_TIMELINE_TIMELY_MOVES until 0.3: the Moves-style diary seed's
 *  literal rule, within 20 m for 3 s, no gap limit, fixes worse than 160 m ignored.
 *  Swift: StopDetector.Preset.timelyMovesSeed. \since 0.4 */
#define GK_TIMELINE_TIMELY_MOVES_SEED 4

/** Live event kinds (Swift: StayEvent). \since 0.4 */
#define GK_TIMELINE_ARRIVED   1
#define GK_TIMELINE_UPDATED   2
#define GK_TIMELINE_DEPARTED  3
#define GK_TIMELINE_CANCELLED 4

/** Queues the live events of tl from now on. Allowed only before the first fix.
 *  Modifies tl. Ownership: borrows tl.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \return GK_OK; GK_ERR_MISUSE for NULL or after the first fix.
 *  Complexity: O(1); afterwards O(1) amortised per event queued.
 *  Swift: LiveStopDetector.add(_:into:). \since 0.4 */
int gk_timeline_enable_events(gk_context *ctx, gk_timeline *tl);

/** Puts the cleaning stage in front of the detector (Swift: TrackCleaning): a fix whose
 *  accuracy is worse than max_accuracy_m is dropped (an accuracy of 0 counts as unknown);
 *  a fix that the last kept fix cannot reach at max_speed_mps (the distance less both
 *  accuracies, over the time between them; haversine on R = 6 371 000 m) is held back and
 *  dropped unless 3 fixes spanning 30 s with a measured accuracy (300 s otherwise) confirm
 *  it. Held-back fixes reach the detector only once confirmed. Allowed only before the
 *  first fix. Modifies tl. Ownership: borrows tl.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param max_speed_mps the top speed in m/s, > 0 (INFINITY: no speed rule); 50 is the
 *  standard (180 km/h: cars, buses, intercity trains).
 *  \param max_accuracy_m the accuracy limit in metres, > 0 (INFINITY: none); 100 is the standard.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a value out of range (NaN included);
 *  GK_ERR_MISUSE for NULL or after the first fix. Complexity: O(1).
 *  Swift: StopDetector(parameters:cleaning:), TrackCleaning(maximumSpeedMetersPerSecond:maximumAccuracyMeters:). \since 0.4 */
int gk_timeline_set_cleaning(gk_context *ctx, gk_timeline *tl, double max_speed_mps, double max_accuracy_m);

/** Departure rules of gk_timeline_set_rules (Swift: StopDetector.Parameters.Departure). \since 0.4 */
#define GK_TIMELINE_DEPART_FIRST_OUTSIDE 1  /**< departure = the first fix outside (trackintel) */
#define GK_TIMELINE_DEPART_LAST_INSIDE   2  /**< departure = the last fix inside */

/** Anchor rules of gk_timeline_set_rules (Swift: StopDetector.Parameters.Anchor). \since 0.4 */
#define GK_TIMELINE_ANCHOR_FIRST_FIX 1  /**< distances from the window's first fix (trackintel) */
#define GK_TIMELINE_ANCHOR_CENTROID  2  /**< distances from the mean of the window's fixes */
#define GK_TIMELINE_ANCHOR_CENTROID_ONCE_ESTABLISHED 3  /**< the first fix, then the mean once the window lasted the duration */

/** Sets the signal-gap, departure and anchor rules of tl's detector (Swift:
 *  StopDetector.Parameters.signalGapSeconds, .departure, .anchor; GK_TIMELINE_TIMELY_MOVES
 *  sets 120 s, GK_TIMELINE_DEPART_LAST_INSIDE and GK_TIMELINE_ANCHOR_CENTROID_ONCE_ESTABLISHED,
 *  the other presets INFINITY, GK_TIMELINE_DEPART_FIRST_OUTSIDE and GK_TIMELINE_ANCHOR_FIRST_FIX).
 *  After a pause longer than signal_gap_s a stay goes on only when the next fix lies within
 *  the stay's distance; otherwise the stay ends at the last fix before the pause and the
 *  move spans it. Keeps the other parameters and the cleaning stage. Allowed only before
 *  the first fix. Modifies tl. Ownership: borrows tl.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param signal_gap_s seconds, > 0; INFINITY turns the rule off.
 *  \param departure GK_TIMELINE_DEPART_FIRST_OUTSIDE or GK_TIMELINE_DEPART_LAST_INSIDE.
 *  \param anchor GK_TIMELINE_ANCHOR_FIRST_FIX, GK_TIMELINE_ANCHOR_CENTROID or
 *  GK_TIMELINE_ANCHOR_CENTROID_ONCE_ESTABLISHED.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad value; GK_ERR_MISUSE for NULL or after
 *  the first fix. Complexity: O(1). Swift: StopDetector.Parameters(...signalGapSeconds:departure:anchor:). \since 0.4 */
int gk_timeline_set_rules(gk_context *ctx, gk_timeline *tl, double signal_gap_s, int departure, int anchor);

/** Takes up to capacity live events from the queue, oldest first. Modifies tl.
 *  Ownership: borrows tl; the events are copied into the caller's arrays, each of capacity
 *  entries; any array may be NULL to skip that field.
 *  \param ctx the calling thread's context.
 *  \param tl the timeline (required).
 *  \param[out] out_kinds GK_TIMELINE_ARRIVED, _UPDATED, _DEPARTED or _CANCELLED.
 *  \param[out] out_index the placemark index the stay has (or would have had).
 *  \param[out] out_lat, out_lon the location in degrees: for DEPARTED the placemark's,
 *  otherwise provisional (the mean of the stay's fixes so far).
 *  \param[out] out_arrival the arrival, seconds (UTC).
 *  \param[out] out_time the time of the latest fix inside, seconds; for DEPARTED the departure.
 *  \param[out] out_fix_count the stay's fixes so far.
 *  \param capacity the most events to take (fewer waiting is not an error; the rest stay).
 *  \param[out] out_count the number taken (required).
 *  \return GK_OK; GK_ERR_MISUSE for NULL. Call again until *out_count is 0, or size the
 *  arrays with gk_timeline_pending_events. Swift: StayEvent. \since 0.4 */
int gk_timeline_read_events(gk_context *ctx, gk_timeline *tl, int *out_kinds, ptrdiff_t *out_index,
                            double *out_lat, double *out_lon, double *out_arrival, double *out_time,
                            size_t *out_fix_count, size_t capacity, size_t *out_count);

/** The number of live events waiting (0 for NULL or when events are not enabled).
 *  Ownership: borrows tl. Swift: none (the Swift detector returns events directly).
 *  \param tl the timeline (only read), or NULL. \since 0.4 */
size_t gk_timeline_pending_events(gk_timeline *tl);

/* ------------------------------------------------------------------ route ---- */
/*
 * Route plans (Swift: module Route, RoutePlan): up to max_pins pins labelled A, B, C, …
 * (then AA, AB, … past Z); a leg between consecutive pins with its geometry (the great
 * circle interpolated every spacing_m metres, or the caller's), its length in metres
 * (sum of haversine distances, sphere GK_EARTH_MEAN_RADIUS_M) and travel time (length /
 * speed, or the caller's); cumulative directions, one line at a time: for every leg
 * "Directions from A to B", "Estimated time: 0d 2h 45m" (rounded to the nearest minute,
 * half a minute up), then its steps ("Head northeast for 12.3 km", "Turn left and head
 * south for 850 m", "Your destination is on the right"). Lines are only ever appended,
 * until gk_route_reset.
 *
 * Road legs: a plan made by gk_route_create_road (section road) snaps every pin onto a
 * road network and its legs follow the roads: geometry, length (along the roads) and
 * time (the network's speeds) come from the router, the lines read "Driving directions
 * from A to B" (or Cycling, Walking), "Estimated time: ...", then road steps ("Head north
 * on Boulevard Albert 1er (140 m)", "At the roundabout, take the 2nd exit onto Avenue
 * d'Ostende (230 m)", "Your destination is ahead"). Every function of this section works
 * on such a plan; the legs' names and the steps of any plan as fields are in section road
 * (gk_route_leg_name, gk_route_step and its companions).
 *
 *  - Strings are copied into caller buffers: buf of capacity bytes receives the text and
 *    a terminating NUL; *out_len receives the text's length without the NUL. When
 *    capacity < *out_len + 1 the call returns GK_ERR_BUFFER_TOO_SMALL, writes nothing and
 *    still sets *out_len; buf may be NULL when capacity is 0.
 *  - Arrays likewise: out arrays of capacity entries, *out_count the entries needed.
 *  - Thread safety: a gk_route is used by one thread at a time (queries included), with
 *    that thread's context.
 */

/** CONSTRUCTOR. An empty route plan.
 *  \param ctx the calling thread's context.
 *  \param max_pins the most pins it holds, >= 1 (the app's default is 5).
 *  \param speed_mps average speed in metres per second for legs without a given time,
 *  finite and > 0 (60 km/h = 16.6667 m/s).
 *  \param spacing_m greatest distance between vertices of a great-circle leg, > 0 (1000).
 *  \param[out] out the route. Ownership: the caller frees it with gk_route_destroy.
 *  \return GK_OK, GK_ERR_INVALID_ARGUMENT, GK_ERR_MISUSE. Turns are changes of heading
 *  above 30 degrees; steps come from the geometry simplified at 10 m.
 *  Swift: RoutePlan(configuration:). \since 0.1 */
int gk_route_create(gk_context *ctx, size_t max_pins, double speed_mps, double spacing_m,
                    gk_route **out);

/** DESTRUCTOR. NULL is a no-op.
 *  \param route the route plan, or NULL; do not use it afterwards. \since 0.1 */
void gk_route_destroy(gk_route *route);

/** Adds a pin at (lat, lon) degrees; from the second pin on also the great-circle leg from
 *  the previous pin, timed by the speed, and its directions. Modifies the route.
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required).
 *  \param lat the pin's latitude in degrees, [-90, 90].
 *  \param lon the pin's longitude in degrees, any finite value.
 *  \return GK_OK; GK_ERR_CAPACITY when the route already holds max_pins pins (the message
 *  says "a route holds at most 5 pins (A–E)"); GK_ERR_INVALID_ARGUMENT for a bad
 *  coordinate or a pin antipodal to the previous one. Nothing changes on error.
 *  Complexity: O(leg length / spacing). Ownership: the route keeps its own copy of the pin,
 *  the leg and the lines. Swift: RoutePlan.addPin(latitude:longitude:). \since 0.1 */
int gk_route_add_pin(gk_context *ctx, gk_route *route, double lat, double lon);

/** Adds a pin with a leg the caller knows. Modifies the route.
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required).
 *  \param lat the pin's latitude in degrees, [-90, 90].
 *  \param lon the pin's longitude in degrees, any finite value.
 *  \param[in] leg_lat, leg_lon the leg's geometry (degrees, strided by stride_bytes), at
 *  least 2 vertices, used as given. leg_count 0 means the great circle (the pointers are
 *  then ignored and may be NULL).
 *  \param leg_count the number of vertices at leg_lat and leg_lon: 0, or at least 2.
 *  \param stride_bytes bytes between consecutive vertices (>= 8, a multiple of 8); ignored
 *  when leg_count is 0.
 *  \param[in] travel_time_s the leg's travel time in seconds, or NULL for length / speed.
 *  Both must be NULL for the first pin.
 *  \return as gk_route_add_pin. Ownership: the arrays and *travel_time_s are read during
 *  the call only (the route copies them). Swift: RoutePlan.addPin(_:legGeometry:travelTimeSeconds:).
 *  \since 0.1 */
int gk_route_add_pin_with_leg(gk_context *ctx, gk_route *route, double lat, double lon,
                              const double *leg_lat, const double *leg_lon, size_t leg_count,
                              ptrdiff_t stride_bytes, const double *travel_time_s);

/** Removes every pin, leg and direction line (the settings stay). Modifies the route.
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required).
 *  \return GK_OK or GK_ERR_MISUSE. Swift: RoutePlan.reset(). \since 0.1 */
int gk_route_reset(gk_context *ctx, gk_route *route);

/** The number of pins (0 for NULL). Legs: pins - 1 (none without pins).
 *  Swift: RoutePlan.pins.count.
 *  \param route the route plan (only read), or NULL. \since 0.1 */
size_t gk_route_pin_count(gk_route *route);

/** The position of pin index (0-based).
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the pin, 0-based, below gk_route_pin_count.
 *  \param[out] out_lat, out_lon degrees; either may be NULL.
 *  \return GK_OK or GK_ERR_NOT_FOUND for an index past the last pin.
 *  Ownership: plain values. Swift: RoutePlan.pins[index].coordinate. \since 0.1 */
int gk_route_pin(gk_context *ctx, gk_route *route, size_t index, double *out_lat, double *out_lon);

/** The label of pin index ("A").
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the pin, 0-based, below gk_route_pin_count.
 *  \param[out] buf receives the label and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the label's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL. Ownership: copied into the
 *  caller's buf (see the section's string rules). Swift: RoutePlan.pins[index].label.
 *  \since 0.1 */
int gk_route_pin_label(gk_context *ctx, gk_route *route, size_t index, char *buf, size_t capacity,
                       size_t *out_len);

/** Where a pin of a road plan was snapped: "snapped 3 m onto Rue Basse" (how far, and onto
 *  the road's name, else its number, else its class); "" for plans without a router.
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the pin, 0-based, below gk_route_pin_count.
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the text's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Ownership: copied
 *  into the caller's buf. Thread safety: as the plan. Swift: RoutePin.snapDescription.
 *  \since 0.5 */
int gk_route_pin_snap(gk_context *ctx, gk_route *route, size_t index, char *buf, size_t capacity, size_t *out_len);

/** Leg index (0-based; from pin index to pin index + 1).
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the leg, 0-based, below gk_route_pin_count - 1.
 *  \param[out] out_length_m metres.
 *  \param[out] out_time_s seconds (unrounded).
 *  \param[out] out_vertex_count the number of vertices of its geometry.
 *  Any may be NULL.
 *  \return GK_OK or GK_ERR_NOT_FOUND. Ownership: plain values. Swift: RoutePlan.legs[index].
 *  \since 0.1 */
int gk_route_leg(gk_context *ctx, gk_route *route, size_t index, double *out_length_m,
                 double *out_time_s, size_t *out_vertex_count);

/** The geometry of leg index (degrees).
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the leg, 0-based, below gk_route_pin_count - 1.
 *  \param[out] out_lat the vertices' latitudes in degrees (may be NULL when capacity is 0).
 *  \param[out] out_lon their longitudes in degrees, likewise.
 *  \param capacity entries out_lat and out_lon each hold (the output-buffer rule).
 *  \param[out] out_count the number of vertices (required).
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL. Ownership: copied into the
 *  caller's out_lat and out_lon, capacity entries each (see the section's array rules).
 *  Swift: RoutePlan.legs[index].geometry. \since 0.1 */
int gk_route_leg_geometry(gk_context *ctx, gk_route *route, size_t index, double *out_lat,
                          double *out_lon, size_t capacity, size_t *out_count);

/** The number of direction lines so far (0 for NULL). Swift: RoutePlan.directions.count.
 *  \param route the route plan (only read), or NULL. \since 0.1 */
size_t gk_route_direction_count(gk_route *route);

/** Direction line index (0-based); lines never change once added (until a reset).
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param index the line, 0-based, below gk_route_direction_count.
 *  \param[out] buf receives the line and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the line's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL. Ownership: copied into the
 *  caller's buf (see the section's string rules). Swift: RoutePlan.directions[index].
 *  \since 0.1 */
int gk_route_direction(gk_context *ctx, gk_route *route, size_t index, char *buf, size_t capacity,
                       size_t *out_len);

/** The route as GeoJSON (RFC 7946): a FeatureCollection of the pins as Points (label,
 *  index) and the legs as LineStrings (from, to, lengthMeters, travelTimeSeconds,
 *  travelTime, steps).
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the text's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_BUFFER_TOO_SMALL (ask for the size with
 *  capacity 0). Ownership: copied into the caller's buf (see the section's string rules).
 *  Complexity: O(vertices). Swift: RoutePlan.geoJSON(). \since 0.1 */
int gk_route_geojson(gk_context *ctx, gk_route *route, char *buf, size_t capacity, size_t *out_len);

/** The map region that shows every pin: centre and full latitude/longitude spans in
 *  degrees, multiplied by padding_factor (>= 1). Across the antimeridian the region
 *  covers the complement of the widest gap between the pins' longitudes.
 *  \param ctx the calling thread's context.
 *  \param route the route plan (required; only read).
 *  \param padding_factor finite and >= 1 (1: the pins' extent exactly).
 *  \param[out] out_center_lat the centre's latitude in degrees.
 *  \param[out] out_center_lon the centre's longitude in degrees.
 *  \param[out] out_lat_delta the full latitude span in degrees.
 *  \param[out] out_lon_delta the full longitude span in degrees.
 *  \return GK_OK; GK_ERR_NOT_FOUND for a route without pins; GK_ERR_INVALID_ARGUMENT.
 *  Any out pointer may be NULL. Ownership: plain values. Swift: RoutePlan.region(paddingFactor:).
 *  \since 0.1 */
int gk_route_region(gk_context *ctx, gk_route *route, double padding_factor,
                    double *out_center_lat, double *out_center_lon,
                    double *out_lat_delta, double *out_lon_delta);

/** The region latitudinal_m tall and longitudinal_m wide around (lat, lon), like MapKit's
 *  MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:) ("3 km around the
 *  user": 3000, 3000). Spans in degrees on the sphere: metres / 111 195 m for latitude,
 *  metres / (111 195 m * cos lat) for longitude, capped at 180 and 360.
 *  \param ctx the calling thread's context.
 *  \param lat the centre's latitude in degrees, [-90, 90].
 *  \param lon the centre's longitude in degrees, any finite value.
 *  \param latitudinal_m the north-south extent in metres, finite and >= 0.
 *  \param longitudinal_m the east-west extent in metres, finite and >= 0.
 *  \param[out] out_center_lat the centre's latitude in degrees.
 *  \param[out] out_center_lon the centre's longitude in degrees.
 *  \param[out] out_lat_delta the full latitude span in degrees.
 *  \param[out] out_lon_delta the full longitude span in degrees.
 *  \return GK_OK or GK_ERR_INVALID_ARGUMENT. Any out pointer may be NULL. Ownership: plain
 *  values. Thread safety: any thread with its own ctx.
 *  Swift: MapRegion(center:latitudinalMeters:longitudinalMeters:). \since 0.1 */
int gk_region_around(gk_context *ctx, double lat, double lon, double latitudinal_m,
                     double longitudinal_m, double *out_center_lat, double *out_center_lon,
                     double *out_lat_delta, double *out_lon_delta);

/** The region that shows count points (degrees, strided), spans times padding_factor
 *  (>= 1); antimeridian-aware as gk_route_region.
 *  \param ctx the calling thread's context.
 *  \param[in] lat latitudes in degrees, [-90, 90].
 *  \param[in] lon longitudes in degrees, any finite value.
 *  \param count the number of points, >= 1.
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a
 *  multiple of 8).
 *  \param padding_factor finite and >= 1.
 *  \param[out] out_center_lat the centre's latitude in degrees.
 *  \param[out] out_center_lon the centre's longitude in degrees.
 *  \param[out] out_lat_delta the full latitude span in degrees.
 *  \param[out] out_lon_delta the full longitude span in degrees.
 *  \return GK_OK or GK_ERR_INVALID_ARGUMENT
 *  (no points, a bad point or padding). Ownership: lat and lon are read during the call
 *  only. Thread safety: any thread with its own ctx. Swift: MapRegion(showing:paddingFactor:).
 *  \since 0.1 */
int gk_region_of_points(gk_context *ctx, const double *lat, const double *lon, size_t count,
                        ptrdiff_t stride_bytes, double padding_factor,
                        double *out_center_lat, double *out_center_lon,
                        double *out_lat_delta, double *out_lon_delta);

/** A travel time as the app shows it, "0d 2h 45m": rounded to the nearest minute, half a
 *  minute up, then days, hours and minutes (30 s gives "0d 0h 1m", 26 h "1d 2h 0m").
 *  \param ctx the calling thread's context.
 *  \param seconds finite, 0 <= seconds <= 1e12.
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the text's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_INVALID_ARGUMENT, GK_ERR_BUFFER_TOO_SMALL. Ownership: copied into
 *  the caller's buf (see the section's string rules). Thread safety: any thread with its
 *  own ctx. Swift: TravelTime(seconds:).description. \since 0.1 */
int gk_travel_time_format(gk_context *ctx, double seconds, char *buf, size_t capacity, size_t *out_len);

/** Google's encoded polyline format of count points (degrees, strided), precision 5
 *  (Google) or 6 (OSRM), any of 1..10; rounding half away from zero. Copied into buf (see
 *  the section's string rules). Example: (38.5, -120.2), (40.7, -120.95),
 *  (43.252, -126.453) at 5 give "_p~iF~ps|U_ulLnnqC_mqNvxq`@".
 *  \param ctx the calling thread's context.
 *  \param[in] lat latitudes in degrees, [-90, 90] (may be NULL when count is 0).
 *  \param[in] lon longitudes in degrees, any finite value (may be NULL when count is 0).
 *  \param count the number of points.
 *  \param stride_bytes bytes between consecutive values of lat and of lon (>= 8, a
 *  multiple of 8).
 *  \param precision decimal digits kept, 1 to 10 (5: Google, 6: OSRM).
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the text's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_INVALID_ARGUMENT (bad point, precision or stride),
 *  GK_ERR_BUFFER_TOO_SMALL. Ownership: lat and lon are read during the call only; the
 *  text is copied into the caller's buf. Thread safety: any thread with its own ctx.
 *  Swift: EncodedPolyline.encode(_:precision:). \since 0.1 */
int gk_polyline_encode(gk_context *ctx, const double *lat, const double *lon, size_t count,
                       ptrdiff_t stride_bytes, int precision, char *buf, size_t capacity,
                       size_t *out_len);

/** Decodes a NUL-terminated encoded polyline into out_lat and out_lon (capacity entries
 *  each; see the section's array rules).
 *  \param ctx the calling thread's context.
 *  \param[in] encoded the encoded polyline, NUL-terminated (required).
 *  \param precision decimal digits it was encoded with, 1 to 10 (5: Google, 6: OSRM).
 *  \param[out] out_lat the points' latitudes in degrees (may be NULL when capacity is 0).
 *  \param[out] out_lon their longitudes in degrees, likewise.
 *  \param capacity entries out_lat and out_lon each hold (the output-buffer rule).
 *  \param[out] out_count the number of points (required).
 *  \return GK_OK; GK_ERR_PARSE naming the offset for any character outside '?'..'~', a
 *  value cut off at the end, a latitude without longitude or an out-of-range point;
 *  GK_ERR_INVALID_ARGUMENT for a bad precision; GK_ERR_BUFFER_TOO_SMALL. Never crashes on
 *  garbage. Ownership: encoded is read during the call only; the points are copied into
 *  the caller's arrays. Thread safety: any thread with its own ctx.
 *  Swift: EncodedPolyline.decode(_:precision:). \since 0.1 */
int gk_polyline_decode(gk_context *ctx, const char *encoded, int precision, double *out_lat,
                       double *out_lon, size_t capacity, size_t *out_count);

/* ------------------------------------------------------------------- road ---- */
/*
 * Road routing (Swift: GeoKernel.RoadGraph, OpenStreetMap.RoadNetworkBuilder and
 * RoutingProfile, Route.RoadRouter): a road graph built from an OpenStreetMap file for a
 * routing profile, saved and loaded; routers that snap points onto it and compute cost
 * matrices; route plans whose legs follow it (then every function of section route works
 * on them), and the steps of any plan's legs as fields.
 *
 *  - A road graph keeps the largest strongly connected part of the network (what the
 *    profile may travel) and every part a route can leave it for or come from; its routes
 *    are searched on the turns between roads (turn costs by angle in the fastest metric,
 *    U-turns only where the road ends for cars, turn restrictions via a node or via ways),
 *    with a contraction hierarchy for both metrics. Units: metres, seconds, degrees;
 *    lengths are haversine sums along the roads (sphere GK_EARTH_MEAN_RADIUS_M).
 *  - Strings and arrays are copied into caller buffers by the rules of section route:
 *    *out_len (or *out_count) is always set, GK_ERR_BUFFER_TOO_SMALL writes nothing, and
 *    capacity 0 with a NULL buffer asks for the size. C strings passed in (paths,
 *    profiles) must be NUL-terminated valid UTF-8, else GK_ERR_INVALID_ARGUMENT; they are
 *    read during the call only.
 *  - Thread safety: a gk_road_graph is immutable after creation: any number of routers
 *    and threads may share it, each thread with its own context. A gk_router holds one
 *    search workspace (about 56 bytes per turn state, a state per allowed direction of an
 *    edge): use it from one thread at a time, and
 *    create one router per thread over a shared graph. A route plan (gk_route) is used by
 *    one thread at a time, as in section route.
 *  - Lifetimes: a router keeps the graph's data alive and a road plan keeps its router's,
 *    so handles may be destroyed in any order.
 */

/** Metrics a router minimises (gk_router_create). \since 0.2 */
#define GK_METRIC_FASTEST  0  /**< travel time at the profile's speeds; costs in seconds */
#define GK_METRIC_SHORTEST 1  /**< length; costs in metres */

/** How the traveller moves: names the directions ("Driving directions from A to B").
 *  Swift: RoadRouter.Mode. \since 0.2 */
#define GK_MODE_DRIVING 0
#define GK_MODE_CYCLING 1
#define GK_MODE_WALKING 2

/** What the traveller does where a step begins (struct gk_route_step, field maneuver).
 *  Swift: RouteStep.Maneuver (the raw values). \since 0.2 */
#define GK_MANEUVER_DEPART     0  /**< leave the start */
#define GK_MANEUVER_TURN       1  /**< turn at a junction (see the modifier) */
#define GK_MANEUVER_CONTINUE   2  /**< go on along the same road past a junction */
#define GK_MANEUVER_NEW_NAME   3  /**< the road changes its name without a real turn */
#define GK_MANEUVER_FORK       4  /**< keep left or right where two ways part */
#define GK_MANEUVER_ROUNDABOUT 5  /**< enter a roundabout, leave by exit_number */
#define GK_MANEUVER_ARRIVE     6  /**< arrive (see the side) */

/** Which way a maneuver turns and how sharply (changes of heading: straight below 20
 *  degrees, slight up to 60, plain up to 120, sharp up to 170, then a U-turn).
 *  Swift: RouteStep.Turn (the raw values). \since 0.2 */
#define GK_MODIFIER_NONE        (-1)  /**< depart, arrive and roundabout steps */
#define GK_MODIFIER_STRAIGHT      0
#define GK_MODIFIER_SLIGHT_LEFT   1
#define GK_MODIFIER_SLIGHT_RIGHT  2
#define GK_MODIFIER_LEFT          3
#define GK_MODIFIER_RIGHT         4
#define GK_MODIFIER_SHARP_LEFT    5
#define GK_MODIFIER_SHARP_RIGHT   6
#define GK_MODIFIER_UTURN         7

/** Where the destination lies at the end of a leg. Swift: RouteStep.ArrivalSide (the raw
 *  values). \since 0.2 */
#define GK_SIDE_NONE  (-1)  /**< every step but the arrival */
#define GK_SIDE_AHEAD   0   /**< on the line of travel */
#define GK_SIDE_LEFT    1
#define GK_SIDE_RIGHT   2
#define GK_SIDE_HERE    3   /**< the leg has no length */

/** One step of a leg's directions as fields, filled by gk_route_step (declared without a
 *  typedef: the name gk_route_step is that function's). Plain values. Swift: RouteStep. \since 0.2 */
struct gk_route_step {
    int maneuver;        /**< GK_MANEUVER_* */
    int modifier;        /**< GK_MODIFIER_*: for turn, continue, new-name and fork steps, else NONE */
    int exit_number;     /**< the roundabout exit taken, from 1; 0 for other maneuvers */
    int side;            /**< GK_SIDE_* for the arrival, else GK_SIDE_NONE */
    double heading_deg;  /**< the direction of travel where the step begins (a roundabout:
                              on leaving it by the exit; the arrival: along the last segment)
                              as its compass point's bearing: 0 north, 45 northeast, ... */
    double distance_m;   /**< metres to the next step along the geometry (0 for the arrival) */
    double duration_s;   /**< seconds to the next step (0 for the arrival) */
    size_t first_vertex; /**< index in the leg's geometry (gk_route_leg_geometry) where it begins */
    size_t last_vertex;  /**< where it ends: the next step's first_vertex (the arrival: its own) */
};

/** CONSTRUCTOR. Reads an OpenStreetMap file and builds the road graph of a profile: the
 *  ways the profile may use, cut at junctions, with names, road numbers, speeds, one-way
 *  rules, blocking barriers and turn restrictions (via a node); then the largest strongly
 *  connected part, contracted for both metrics.
 *  \param ctx the calling thread's context.
 *  \param[in] osm_path the file: OSM PBF, XML or gzip-compressed XML, told apart by its
 *  first bytes (not its name).
 *  \param[in] profile "car", "bicycle" (or "bike"), "foot" (or "walk"), in any letter case ("Car"), or a
 *  profile as JSON text (its first
 *  non-blank character is '{'): an object with the keys gk_profile_json writes, where
 *  "base": "car" (or another built-in name) supplies the missing ones.
 *  \param[out] out the graph. Ownership: the caller frees it with gk_road_graph_destroy.
 *  \return GK_OK; GK_ERR_IO when the file cannot be read; GK_ERR_PARSE or GK_ERR_CORRUPT
 *  for a damaged file (the message names the blob or line and byte offset); for the
 *  profile, GK_ERR_INVALID_ARGUMENT (an unknown name, a value out of range) or
 *  GK_ERR_PARSE (malformed JSON, an unknown key; the message names the key and its line
 *  and column); GK_ERR_INVALID_ARGUMENT also for a way crossing the antimeridian;
 *  GK_ERR_CAPACITY when an edge or shortcut exceeds 42 949 km or 49 days (32-bit
 *  weights); GK_ERR_MISUSE for NULL.
 *  GK_ERR_OUT_OF_MEMORY when the memory the build is expected to need (32 times the
 *  file's size) cannot be had.
 *  Complexity: O(file size) plus contraction; the two metrics are contracted on two
 *  threads (the calling one and one more) when two processors are online, with the same
 *  result as on one.
 *  Thread safety: any thread with its own ctx. Swift: RoutingProfile(argument:),
 *  RoadNetworkBuilder.build(osmFile:profile:), RoadGraph(_:options:). \since 0.2 */
int gk_road_graph_build_osm(gk_context *ctx, const char *osm_path, const char *profile, gk_road_graph **out);

/** Saves the graph atomically (temporary file, fsync, rename): a crash leaves the
 *  previous file. The file is the graph's arrays with a header and an XXH64 checksum;
 *  loading it rebuilds nothing.
 *  \param ctx the calling thread's context.
 *  \param graph the graph (only read).
 *  \param[in] path where to write it.
 *  \return GK_OK; GK_ERR_IO (the message names the path and the reason); GK_ERR_MISUSE;
 *  GK_ERR_INVALID_ARGUMENT for a path that is not UTF-8.
 *  Complexity: O(size), gk_road_graph_info's bytes + 392. Thread safety: any thread with
 *  its own ctx, also while others use the graph. Swift: RoadGraph.save(to:). \since 0.2 */
int gk_road_graph_save(gk_context *ctx, gk_road_graph *graph, const char *path);

/** CONSTRUCTOR. Loads a graph saved by gk_road_graph_save: the file is mapped into memory
 *  and routed on in place (its pages are shared with every other process that maps it);
 *  its checksum and contents are checked where they lie, so a damaged or forged file cannot
 *  crash later queries. Files of format version 2 (GeoKernel 0.6) are read into memory.
 *  The file must not be truncated or rewritten in place while the graph lives; saving over
 *  it with gk_road_graph_save is safe (it replaces the file by rename).
 *  \param ctx the calling thread's context.
 *  \param[in] path the file.
 *  \param[out] out the graph. Ownership: the caller frees it with gk_road_graph_destroy,
 *  which unmaps the file once no router uses it.
 *  \return GK_OK; GK_ERR_IO when the file cannot be read or mapped; GK_ERR_CORRUPT for a
 *  damaged (checksum), truncated or foreign file or another format version, the message
 *  says which (nothing is half-loaded); GK_ERR_OUT_OF_MEMORY when twice the file's size
 *  (8 times for version 2) cannot be had; GK_ERR_MISUSE; GK_ERR_INVALID_ARGUMENT for a path
 *  that is not UTF-8.
 *  Complexity: O(size): one pass for the checksum, one for the validation.
 *  Thread safety: any thread with its own ctx. Swift: RoadGraph(contentsOf:). \since 0.2 */
int gk_road_graph_load(gk_context *ctx, const char *path, gk_road_graph **out);

/** DESTRUCTOR. Releases the caller's reference; routers made from the graph keep its data
 *  alive. NULL is a no-op.
 *  \param graph the graph, or NULL. \since 0.2 */
void gk_road_graph_destroy(gk_road_graph *graph);

/** What the graph holds.
 *  \param ctx the calling thread's context.
 *  \param graph the graph (only read).
 *  \param[out] out_nodes, out_edges nodes (junctions and road ends) and edges kept.
 *  \param[out] out_dropped_nodes, out_dropped_edges those of the network's islands (no
 *  route to or from its largest strongly connected part), or with no direction the
 *  profile may travel.
 *  \param[out] out_bytes the size of its arrays, each padded to 8 bytes (what
 *  gk_road_graph_save writes, without the header and section table).
 *  Any out pointer may be NULL.
 *  \return GK_OK or GK_ERR_MISUSE. Ownership: plain values. Thread safety: any thread
 *  with its own ctx. Swift: RoadGraph.nodeCount, .edgeCount, .report, .byteCount. \since 0.2 */
int gk_road_graph_info(gk_context *ctx, gk_road_graph *graph, size_t *out_nodes, size_t *out_edges,
                       size_t *out_dropped_nodes, size_t *out_dropped_edges, size_t *out_bytes);

/** A built-in routing profile as JSON text, every key present, to edit and pass back to
 *  gk_road_graph_build_osm (e.g. other highway speeds).
 *  \param ctx the calling thread's context.
 *  \param[in] name "car", "bicycle" or "foot" (aliases "bike", "walk"; any letter case).
 *  \param[out] buf receives the text and a NUL (see the string rules); may be NULL when
 *  capacity is 0. \param capacity bytes at buf.
 *  \param[out] out_len the text's length without the NUL (always set on GK_OK and
 *  GK_ERR_BUFFER_TOO_SMALL).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL; GK_ERR_INVALID_ARGUMENT for another name;
 *  GK_ERR_MISUSE. Ownership: copied into the caller's buf. Thread safety: any thread with
 *  its own ctx. Swift: RoutingProfile.builtIn(named:), RoutingProfile.json. \since 0.2 */
int gk_profile_json(gk_context *ctx, const char *name, char *buf, size_t capacity, size_t *out_len);

/** CONSTRUCTOR. A router over graph.
 *  \param ctx the calling thread's context.
 *  \param graph the graph; the router keeps its data alive, so the graph handle may be
 *  destroyed first.
 *  \param metric GK_METRIC_FASTEST or GK_METRIC_SHORTEST.
 *  \param mode GK_MODE_DRIVING, GK_MODE_CYCLING or GK_MODE_WALKING: only names the
 *  directions; what may be travelled is the graph's profile.
 *  \param max_snap_m the farthest a point may be from a road, in metres, positive and
 *  finite (Swift's default is 200).
 *  \param[out] out the router. Ownership: the caller frees it with gk_router_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for an unknown metric or mode or a bad
 *  max_snap_m; GK_ERR_MISUSE for NULL.
 *  Complexity: O(nodes + edges) time and memory (a search workspace of about 56 bytes per
 *  turn state). Thread safety: use the router from one thread at a time; make one per thread.
 *  Swift: RoadRouter(graph:metric:mode:maxSnapDistanceMeters:), RoadGraph.Workspace. \since 0.2 */
int gk_router_create(gk_context *ctx, gk_road_graph *graph, int metric, int mode, double max_snap_m,
                     gk_router **out);

/** DESTRUCTOR. Road plans made from the router keep what they need. NULL is a no-op.
 *  \param router the router, or NULL. \since 0.2 */
void gk_router_destroy(gk_router *router);

/** The nearest point of a road to (lat, lon), within the router's max_snap_m.
 *  \param ctx the calling thread's context.
 *  \param router the router. \param lat, lon the point in degrees.
 *  \param[out] out_lat, out_lon the point on the road (degrees).
 *  \param[out] out_distance_m metres from (lat, lon) to it. Any out pointer may be NULL.
 *  \return GK_OK; GK_ERR_NOT_FOUND when no road is that close ("(43.8, 7.3) is 4.4 km
 *  from the nearest road (the limit is 200 m)"); GK_ERR_INVALID_ARGUMENT for a bad
 *  coordinate; GK_ERR_MISUSE.
 *  Complexity: O(segments near the point). Ownership: plain values.
 *  Thread safety: one thread at a time per router. Swift: RoadRouter.snap(_:). \since 0.2 */
int gk_router_snap(gk_context *ctx, gk_router *router, double lat, double lon, double *out_lat,
                   double *out_lon, double *out_distance_m);

/** The cost of the best route from every source to every target, each point snapped onto
 *  the roads first: seconds for GK_METRIC_FASTEST, metres for GK_METRIC_SHORTEST, the
 *  same as routing each pair alone.
 *  \param ctx the calling thread's context.
 *  \param router the router.
 *  \param[in] src_lat, src_lon the sources (degrees); source i at byte offset
 *  i * src_stride_bytes from each (>= 8, a multiple of 8); may be NULL when src_count is 0.
 *  \param src_count the number of sources. \param src_stride_bytes their stride.
 *  \param[in] dst_lat, dst_lon, dst_count, dst_stride_bytes the targets, likewise.
 *  \param[out] out_costs src_count * dst_count costs, row-major (source i, target j at
 *  i * dst_count + j); INFINITY where the network does not connect them.
 *  \param capacity entries at out_costs.
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL when capacity < src_count * dst_count (checked
 *  before any routing; nothing written); GK_ERR_NOT_FOUND when a point is farther than
 *  max_snap_m from a road (the message names it: "source 2: ... from the nearest road ...");
 *  sources are snapped as a route's start and targets as its end (gk_router_snap_point);
 *  GK_ERR_INVALID_ARGUMENT naming a bad point or stride; GK_ERR_MISUSE for NULL.
 *  Complexity: one upward search per point plus the cells (well under a microsecond per
 *  cell on a city). Ownership: the inputs are read during the call only; the costs are
 *  written to the caller's array. Thread safety: one thread at a time per router.
 *  Swift: RoadRouter.matrix(from:to:). \since 0.2 */
int gk_router_matrix(gk_context *ctx, gk_router *router, const double *src_lat, const double *src_lon,
                     size_t src_count, ptrdiff_t src_stride_bytes, const double *dst_lat, const double *dst_lon,
                     size_t dst_count, ptrdiff_t dst_stride_bytes, double *out_costs, size_t capacity);

/** How gk_router_snap_point snaps a point: onto any road, or onto a road from which a
 *  route can reach the main network (the largest strongly connected part of the turn
 *  graph: a route's first point), which a route from it can reach (its last point), or
 *  both (a point in between). A road graph keeps one-way parts that can only be left or
 *  only be entered, so a first point in a one-way old town snaps onto its street, and a
 *  last point there onto the nearest street it can be reached by.
 *  Swift: SnapRole (the raw values). \since 0.5 */
#define GK_SNAP_ANY   0
#define GK_SNAP_START 1
#define GK_SNAP_END   2
#define GK_SNAP_VIA   3

/** A point snapped onto a road graph by gk_router_snap_point: where a route starts or
 *  ends, to pass to gk_router_cost as often as needed without snapping again. Plain data
 *  (copy it freely, no destructor); meaningful with routers over the graph it was snapped
 *  on (graph_id; a point of another graph is refused). Swift: RoadSnap. \since 0.5 */
typedef struct gk_snapped_point {
    double lat;         /**< the point on the road, degrees */
    double lon;         /**< its longitude, degrees */
    double distance_m;  /**< metres from the point given to the road */
    double offset_m;    /**< metres along the edge from its first node */
    uint32_t edge;      /**< the edge index */
    uint32_t segment;   /**< the segment of the edge's geometry the point lies on */
    uint64_t graph_id;  /**< which graph: equal for every router over one graph */
} gk_snapped_point;

/** Snaps (lat, lon) onto the nearest road that suits role, within the router's max_snap_m.
 *  \param ctx the calling thread's context.
 *  \param router the router. \param lat, lon the point in degrees.
 *  \param role GK_SNAP_ANY, GK_SNAP_START, GK_SNAP_END or GK_SNAP_VIA.
 *  \param[out] out the snapped point.
 *  \return GK_OK; GK_ERR_NOT_FOUND when no such road is within max_snap_m (the message
 *  says how far the nearest is); GK_ERR_INVALID_ARGUMENT for a bad coordinate or role;
 *  GK_ERR_MISUSE for NULL.
 *  Complexity: O(segments near the point). Ownership: plain values written to *out.
 *  Thread safety: one thread at a time per router. Swift: RoadRouter.snap(_:role:).
 *  \since 0.5 */
#ifndef GK_HANDLES_AS_VOID
int gk_router_snap_point(gk_context *ctx, gk_router *router, double lat, double lon, int role,
                         gk_snapped_point *out);
#else
/* The build's header/export check: Swift passes the struct as a void pointer. */
int gk_router_snap_point(gk_context *ctx, gk_router *router, double lat, double lon, int role, void *out);
#endif

/** The cost of the best route from one snapped point to another, without its path: the
 *  fast one-to-one query (a contraction hierarchy search over the turn graph, turn costs
 *  and restrictions included): seconds for GK_METRIC_FASTEST, metres for
 *  GK_METRIC_SHORTEST, what gk_route_add_pin's leg between the same points costs.
 *  \param ctx the calling thread's context.
 *  \param router the router (its metric and workspace).
 *  \param[in] from, to points from gk_router_snap_point on the router's graph.
 *  \param[out] out_cost the cost; INFINITY when the network does not connect them.
 *  \return GK_OK; GK_ERR_NOT_FOUND when not connected (*out_cost is INFINITY);
 *  GK_ERR_INVALID_ARGUMENT for a point of another graph or out of range; GK_ERR_MISUSE.
 *  Complexity: a hierarchy query (upward search spaces of the turn graph). Ownership: reads the
 *  points during the call only. Thread safety: one thread at a time per router.
 *  Swift: RoadGraph.cost(from:to:metric:algorithm:workspace:). \since 0.5 */
#ifndef GK_HANDLES_AS_VOID
int gk_router_cost(gk_context *ctx, gk_router *router, const gk_snapped_point *from,
                   const gk_snapped_point *to, double *out_cost);
#else
int gk_router_cost(gk_context *ctx, gk_router *router, const void *from, const void *to, double *out_cost);
#endif

/** What gk_router_isochrone's limit counts: seconds of travel (the fastest metric, turn
 *  costs included) or metres along the roads (the shortest metric), whatever the
 *  router's own metric. Swift: RoadIsochrone.Limit. \since 0.6 */
#define GK_LIMIT_SECONDS 0
#define GK_LIMIT_METERS  1

/** One reached part of a road (gk_isochrone_parts): the part of an edge travelled in
 *  one direction that the limit reaches. Offsets are metres from the edge's first node,
 *  so a part travelled backwards has end_offset_m below start_offset_m. Plain data.
 *  Swift: RoadReach. \since 0.6 */
typedef struct gk_reach_part {
    double start_offset_m;    /**< metres along the edge where the part begins */
    double end_offset_m;      /**< metres along the edge where it ends */
    double start_cost;        /**< cost from the origin to its start: seconds or metres */
    double end_cost;          /**< cost to its end, at most the limit */
    uint32_t edge;            /**< the edge index */
    uint8_t forward;          /**< 1: travelled from the edge's first node towards its last */
    uint8_t reaches_end;      /**< 1: the part runs to the end of the edge */
    uint8_t starts_at_origin; /**< 1: the part starts at the origin (its own edge) */
    uint8_t reserved;         /**< 0 */
} gk_reach_part;

/** CONSTRUCTOR. Everything reachable from (lat, lon) within a limit: the point snapped
 *  onto a road a route can leave (GK_SNAP_START), the reached parts of the roads (Dijkstra
 *  over the turn graph stopped at the limit; no hierarchy needed), and an outline for drawing traced on
 *  a grid of cell_m metres (polygons around the parts, outer rings counterclockwise, holes
 *  clockwise, rings closed).
 *  \param ctx the calling thread's context.
 *  \param router the router (its workspace; its own metric is not used).
 *  \param lat, lon where travel starts, degrees.
 *  \param limit_kind GK_LIMIT_SECONDS or GK_LIMIT_METERS.
 *  \param limit the limit in seconds or metres, 0 or more and finite.
 *  \param cell_m the outline's grid cell in metres, at least 1; 0 for the default (1/150
 *  of the reached area's larger side, at least 30 m).
 *  \param[out] out the isochrone. Ownership: the caller frees it with gk_isochrone_destroy.
 *  \return GK_OK; GK_ERR_NOT_FOUND when the point is farther than max_snap_m from a road
 *  (the message says how far); GK_ERR_INVALID_ARGUMENT for a bad coordinate, kind, limit
 *  or cell; GK_ERR_MISUSE for NULL.
 *  Complexity: O(reached turn states · turns + reached vertices + outline cells).
 *  Thread safety: one thread at a time per router; the isochrone is immutable and may be
 *  read from any thread. Swift: RoadRouter.isochrone(from:within:cellMeters:workspace:).
 *  \since 0.6 */
int gk_router_isochrone(gk_context *ctx, gk_router *router, double lat, double lon, int limit_kind, double limit,
                        double cell_m, gk_isochrone **out);

/** DESTRUCTOR. Frees an isochrone; NULL is a no-op.
 *  \param iso the isochrone, or NULL. \since 0.6 */
void gk_isochrone_destroy(gk_isochrone *iso);

/** The reached parts, ordered by edge then direction (forward first).
 *  \param ctx the calling thread's context.
 *  \param iso the isochrone (only read).
 *  \param[out] out receives the parts; may be NULL when capacity is 0.
 *  \param capacity entries at out (the section's array rules).
 *  \param[out] out_count the number of parts.
 *  \return GK_OK, GK_ERR_BUFFER_TOO_SMALL (ask for the count with capacity 0), GK_ERR_MISUSE.
 *  Complexity: O(parts). Ownership: copied into the caller's array. Swift:
 *  RoadIsochrone.parts. \since 0.6 */
#ifndef GK_HANDLES_AS_VOID
int gk_isochrone_parts(gk_context *ctx, gk_isochrone *iso, gk_reach_part *out, size_t capacity, size_t *out_count);
#else
int gk_isochrone_parts(gk_context *ctx, gk_isochrone *iso, void *out, size_t capacity, size_t *out_count);
#endif

/** The geometry of part index, in the direction of travel: the point where it begins,
 *  the edge's vertices between, the point where it ends.
 *  \param ctx the calling thread's context.
 *  \param iso the isochrone (only read).
 *  \param index the part, 0-based.
 *  \param[out] out_lat, out_lon receive the vertices, degrees; may be NULL when capacity is 0.
 *  \param capacity entries at each of out_lat and out_lon.
 *  \param[out] out_count the number of vertices.
 *  \return GK_OK, GK_ERR_NOT_FOUND for an index past the last part,
 *  GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Complexity: O(vertices of the edge).
 *  Swift: RoadIsochrone.geometry(ofPart:). \since 0.6 */
int gk_isochrone_part_geometry(gk_context *ctx, gk_isochrone *iso, size_t index, double *out_lat, double *out_lon,
                               size_t capacity, size_t *out_count);

/** The number of rings of the outline, over all its polygons (0 for NULL).
 *  \param iso the isochrone (only read), or NULL. Swift: RoadIsochrone.outline. \since 0.6 */
size_t gk_isochrone_ring_count(gk_isochrone *iso);

/** Ring index of the outline (polygons in order, each its outer ring then its holes),
 *  closed (its first vertex repeated at the end).
 *  \param ctx the calling thread's context.
 *  \param iso the isochrone (only read).
 *  \param index the ring, 0-based, below gk_isochrone_ring_count.
 *  \param[out] out_lat, out_lon receive the vertices, degrees; may be NULL when capacity is 0.
 *  \param capacity entries at each of out_lat and out_lon.
 *  \param[out] out_count the number of vertices.
 *  \param[out] out_polygon the polygon the ring belongs to, 0-based (may be NULL).
 *  \param[out] out_is_hole 1 for a hole (clockwise), 0 for an outer ring (may be NULL).
 *  \return GK_OK, GK_ERR_NOT_FOUND for an index past the last ring,
 *  GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Complexity: O(rings + vertices).
 *  Swift: RoadIsochrone.outline. \since 0.6 */
int gk_isochrone_ring(gk_context *ctx, gk_isochrone *iso, size_t index, double *out_lat, double *out_lon,
                      size_t capacity, size_t *out_count, size_t *out_polygon, int *out_is_hole);

/** The isochrone as GeoJSON (RFC 7946): a FeatureCollection of the origin (Point), the
 *  outline (MultiPolygon: metric, limit, cellMeters) and, when with_parts is not 0, each
 *  reached part (LineString: edge, forward, startCost, endCost, reachesEnd, name).
 *  \param ctx the calling thread's context.
 *  \param iso the isochrone (only read).
 *  \param with_parts 1 to include the parts, 0 for the origin and the outline only.
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf (the section's string rules).
 *  \param[out] out_len the text's length in bytes without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_BUFFER_TOO_SMALL (ask for the size with capacity 0), GK_ERR_MISUSE.
 *  Complexity: O(vertices). Swift: RoadIsochrone.geoJSON(parts:). \since 0.6 */
int gk_isochrone_geojson(gk_context *ctx, gk_isochrone *iso, int with_parts, char *buf, size_t capacity,
                         size_t *out_len);

/** CONSTRUCTOR. An empty route plan whose legs follow the router's roads: each pin added
 *  with gk_route_add_pin is first snapped onto the network (GK_ERR_NOT_FOUND "pin B was
 *  not added: ... is 340 m from the nearest road ..." when it is too far; pin A onto a road
 *  a route can leave, later pins onto roads a route can reach and leave), and from the second pin on its leg
 *  is the route from the previous pin, with the network's length, time and road steps.
 *  gk_route_add_pin_with_leg adds a leg with a geometry as given; with leg_count 0, the
 *  road leg (timed by *travel_time_s when not NULL). A leg the network does not connect
 *  is GK_ERR_NOT_FOUND ("leg A→B: ..."), and nothing is added. Everything else as
 *  gk_route_create: labels, directions ("Driving directions from A to B", "Estimated
 *  time: 0d 0h 3m", the steps), gk_route_leg, gk_route_leg_geometry, gk_route_geojson.
 *  \param ctx the calling thread's context.
 *  \param max_pins the most pins it holds, >= 1.
 *  \param router the router; the plan keeps what it needs (the router may be destroyed
 *  first) and does not use its workspace (another thread may use the router meanwhile).
 *  \param[out] out the route. Ownership: the caller frees it with gk_route_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for max_pins 0; GK_ERR_MISUSE for NULL.
 *  Complexity: O(1); each leg then costs a search and a workspace of about 56 bytes per
 *  turn state. Thread safety: the plan is used by one thread at a time.
 *  Swift: RoutePlan(configuration:router:). \since 0.2 */
int gk_route_create_road(gk_context *ctx, size_t max_pins, gk_router *router, gk_route **out);

/** The name of leg index: "via Boulevard du Larvotto and Avenue Princesse Grace" (its two
 *  longest named roads), "" when no road is named and for legs not on roads.
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index (0-based).
 *  \param[out] buf receives the name and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf. \param[out] out_len the name's length without the NUL.
 *  \return GK_OK, GK_ERR_NOT_FOUND for a leg past the last, GK_ERR_BUFFER_TOO_SMALL,
 *  GK_ERR_MISUSE. Ownership: copied into the caller's buf (see the string rules).
 *  Thread safety: as the plan. Swift: RoutePlan.legs[leg].name. \since 0.2 */
int gk_route_leg_name(gk_context *ctx, gk_route *route, size_t leg, char *buf, size_t capacity,
                      size_t *out_len);

/** The number of steps of a leg: a departure, the maneuvers, an arrival.
 *  \param route the plan (any plan). \param leg the leg's index (0-based).
 *  \return the count; 0 for NULL or a leg past the last. Thread safety: as the plan.
 *  Swift: RoutePlan.legs[leg].steps.count. \since 0.2 */
size_t gk_route_step_count(gk_route *route, size_t leg);

/** Step index of a leg as fields (great-circle legs have depart, turn and arrive steps
 *  with compass headings; road legs the full vocabulary).
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index (0-based).
 *  \param index the step's index (0-based, below gk_route_step_count).
 *  \param[out] out the step.
 *  \return GK_OK; GK_ERR_NOT_FOUND for a leg or step past the last; GK_ERR_MISUSE.
 *  Ownership: plain values. Thread safety: as the plan.
 *  Swift: RoutePlan.legs[leg].steps[index]. \since 0.2 */
#ifndef GK_HANDLES_AS_VOID
int gk_route_step(gk_context *ctx, gk_route *route, size_t leg, size_t index, struct gk_route_step *out);
#else
/* The build's header/export check: Swift passes the struct as a void pointer. */
int gk_route_step(gk_context *ctx, gk_route *route, size_t leg, size_t index, void *out);
#endif

/** The instruction of a step, as the directions show it without the distance, in the
 *  plan's language (gk_route_set_language): "Turn left onto Rue Grimaldi", "At the
 *  roundabout, take the 2nd exit onto Avenue d'Ostende", "Your destination is on the left".
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index. \param index the step's.
 *  \param[out] buf receives the text and a NUL; may be NULL when capacity is 0.
 *  \param capacity bytes at buf. \param[out] out_len the text's length without the NUL.
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Ownership:
 *  copied into the caller's buf (see the string rules). Thread safety: as the plan.
 *  Swift: RouteStep.instruction(in:). \since 0.2 */
int gk_route_step_text(gk_context *ctx, gk_route *route, size_t leg, size_t index, char *buf,
                       size_t capacity, size_t *out_len);

/** The road a step follows: its name ("Rue Grimaldi") and number ("D 7"), each "" when
 *  it has none (and on legs not on roads).
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index. \param index the step's.
 *  \param[out] name_buf receives the name and a NUL. \param name_capacity bytes there.
 *  \param[out] out_name_len the name's length without the NUL.
 *  \param[out] ref_buf receives the number and a NUL. \param ref_capacity bytes there.
 *  \param[out] out_ref_len the number's length without the NUL.
 *  Both lengths are always set; when either buffer is too small, neither is written.
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Ownership:
 *  copied into the caller's buffers. Thread safety: as the plan.
 *  Swift: RouteStep.roadName, RouteStep.roadRef. \since 0.2 */
int gk_route_step_road(gk_context *ctx, gk_route *route, size_t leg, size_t index, char *name_buf,
                       size_t name_capacity, size_t *out_name_len, char *ref_buf, size_t ref_capacity,
                       size_t *out_ref_len);

/** Sets the language of the plan's directions ("en", "de", "fr", "es", "it"; a region
 *  such as "de-CH" selects the language; case-insensitive) and writes every direction line
 *  and step text again in it (the only change to lines once added). Legs and step fields
 *  do not change. A new plan speaks English.
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan).
 *  \param language the language code, NUL-terminated.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a language without directions (the message
 *  lists the languages there are); GK_ERR_MISUSE for NULL. Complexity: O(steps).
 *  Thread safety: as the plan. Swift: RoutePlan.language, DirectionsLanguage. \since 0.5 */
int gk_route_set_language(gk_context *ctx, gk_route *route, const char *language);

/** What the signs say where a step goes: where the road taken leads ("A 43: Lyon,
 *  Grenoble", from its destination:ref and destination tags) and the exit number of the
 *  motorway junction it leaves from ("12"); each "" when there is none.
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index. \param index the step's.
 *  \param[out] dest_buf receives the destination and a NUL. \param dest_capacity bytes there.
 *  \param[out] out_dest_len the destination's length without the NUL.
 *  \param[out] exit_buf receives the exit number and a NUL. \param exit_capacity bytes there.
 *  \param[out] out_exit_len the exit number's length without the NUL.
 *  Both lengths are always set; when either buffer is too small, neither is written.
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE. Ownership:
 *  copied into the caller's buffers. Thread safety: as the plan.
 *  Swift: RouteStep.destination, RouteStep.exitRef. \since 0.5 */
int gk_route_step_signs(gk_context *ctx, gk_route *route, size_t leg, size_t index, char *dest_buf,
                        size_t dest_capacity, size_t *out_dest_len, char *exit_buf, size_t exit_capacity,
                        size_t *out_exit_len);

/** Lane markings of gk_route_step_lanes: one bit per marking of a lane (OpenStreetMap
 *  turn:lanes values), plus GK_LANE_VALID when the lane goes the step's way. An unmarked
 *  lane is GK_LANE_NONE (it leads straight on). Swift: RouteStep.Lane. \since 0.5 */
#define GK_LANE_NONE           0u
#define GK_LANE_THROUGH        (1u << 0)
#define GK_LANE_LEFT           (1u << 1)
#define GK_LANE_SLIGHT_LEFT    (1u << 2)
#define GK_LANE_SHARP_LEFT     (1u << 3)
#define GK_LANE_RIGHT          (1u << 4)
#define GK_LANE_SLIGHT_RIGHT   (1u << 5)
#define GK_LANE_SHARP_RIGHT    (1u << 6)
#define GK_LANE_REVERSE        (1u << 7)
#define GK_LANE_MERGE_TO_LEFT  (1u << 8)
#define GK_LANE_MERGE_TO_RIGHT (1u << 9)
#define GK_LANE_OTHER          (1u << 30) /**< a marking not listed above */
#define GK_LANE_VALID          (1u << 31)

/** The lanes of the road arriving where a step begins, from the left: one mask of
 *  GK_LANE_* bits per lane; none where the road has no lane markings.
 *  \param ctx the calling thread's context.
 *  \param route the plan (any plan). \param leg the leg's index. \param index the step's.
 *  \param[out] out_masks receives the masks; may be NULL when capacity is 0.
 *  \param capacity masks at out_masks. \param[out] out_count the number of lanes (always set).
 *  \return GK_OK; GK_ERR_BUFFER_TOO_SMALL when capacity < the count (nothing written);
 *  GK_ERR_NOT_FOUND; GK_ERR_MISUSE. Ownership: copied into the caller's array.
 *  Thread safety: as the plan. Swift: RouteStep.lanes. \since 0.5 */
int gk_route_step_lanes(gk_context *ctx, gk_route *route, size_t leg, size_t index, uint32_t *out_masks,
                        size_t capacity, size_t *out_count);

/* ------------------------------------------------------------------ match ---- */

/** \file
 *  Map matching: which roads a GPS trace followed (Swift: module Matching, RoadMatcher).
 *
 *  - Each fix gets candidate positions on the roads of a gk_road_graph within a radius
 *    driven by its accuracy; a hidden Markov model (after Newson & Krumm 2009) weighs each
 *    candidate by its distance to the fix and each pair of consecutive candidates by how
 *    much the route between them (the graph's shortest, one-way rules, restrictions and
 *    profile included) differs from the straight line between the fixes; Viterbi picks
 *    the likeliest sequence. Where no plausible route joins fixes (a ferry, a gap, a jump)
 *    the trace is cut into pieces; a fix no route reaches, or one whose routes cost more than
 *    leaving it unmatched (outlier_cost), is unmatched (an outlier).
 *  - Units: metres, seconds, degrees (WGS84; distances on the sphere
 *    GK_EARTH_MEAN_RADIUS_M, route lengths as the graph measures them).
 *  - Arrays and strings follow the output rules of the preamble; the stream's final fixes
 *    are a queue (gk_match_stream_read), as the geofence monitor's events.
 *  - Thread safety: a gk_matcher is immutable: threads may share it (each call borrows a
 *    search workspace). A gk_match is immutable. A gk_match_stream is used by one thread
 *    at a time.
 *  - Lifetimes: a matcher keeps its graph's data alive, and a stream its matcher's, so
 *    handles may be destroyed in any order.
 */

/** The parameters of map matching, plain data; gk_match_options_init fills the defaults
 *  (the values below), which suit phone and car traces sampled every 1 to 60 s.
 *  Swift: MatchOptions (same names, in metres and seconds). \since 0.7 */
typedef struct gk_match_options {
    double default_accuracy_m;    /**< sigma of a fix without an accuracy (10 m) */
    double minimum_sigma_m;       /**< the least sigma used, whatever a fix reports (4 m) */
    double radius_sigmas;         /**< candidates lie within this many sigma of a fix (4) ... */
    double minimum_radius_m;      /**< ... but at least this far (25 m) ... */
    double maximum_radius_m;      /**< ... and at most this far (200 m) */
    double beta_m;                /**< beta of the transitions: metres (3) ... */
    double beta_sigmas;           /**< ... plus this multiple of the fixes' mean sigma (1) ... */
    double beta_mps;              /**< ... plus this many metres per second between the fixes (1) */
    double maximum_detour_factor; /**< routes up to this multiple of the straight line plus both radii (2) */
    double maximum_speed_mps;     /**< ... and drivable at this speed in the time between the fixes (60) */
    double stationary_sigmas;     /**< fixes this many sigma from the last one weighed are not weighed (2) ... */
    double dense_sigmas;          /**< ... this many when they come within dense_seconds of it (4) */
    double dense_seconds;         /**< the time of the dense rule, seconds (5; 0: never) */
    double u_turn_penalty_m;      /**< what turning back in the middle of a road costs (100 m) */
    double outlier_cost;          /**< log-likelihood cost of leaving a reachable fix unmatched (8; INFINITY: never) */
    int32_t maximum_candidates;   /**< candidates kept per fix, nearest first, 1 to 64 (16) */
    int32_t maximum_outliers;     /**< unmatched fixes in a row (beyond: the trace is cut), 0 to 1000 (2) */
    /* The time term (since 0.8): a route's free-flow time T against the time dt between the
     * fixes, r = ln((dt + time_floor_s) / (T + time_floor_s)) - ln(the trace's pace), costs
     * -r / time_spread_fast when negative and at most 1.5 when positive (docs/matching.md). */
    double pace;                  /**< elapsed over free-flow time assumed before the trace shows its own (1) ... */
    double pace_s;                /**< ... weighed as this many seconds of travel (20) */
    double time_floor_s;          /**< seconds added to dt and T before their ratio is taken (3) */
    double time_spread_fast;      /**< log ratio per unit of cost when a route is too long for the time (0.25; INFINITY: not weighed) */
    double time_spread_slow;      /**< ... and when it is too short (1; INFINITY: not weighed) */
} gk_match_options;

/** Where one fix lies on the roads (gk_match_fixes, gk_match_stream_read). Plain data.
 *  An unmatched fix has lat, lon, distance_m and offset_m NaN, edge UINT32_MAX and
 *  piece -1. Swift: RoadMatch.MatchedFix. \since 0.7 */
typedef struct gk_matched_fix {
    uint64_t index;     /**< the fix's position in the trace, from 0 */
    double lat;         /**< the matched point on the road, degrees */
    double lon;         /**< its longitude, degrees */
    double distance_m;  /**< metres from the fix to the matched point */
    double offset_m;    /**< metres along the edge from its first node */
    uint32_t edge;      /**< the edge index in the graph */
    int32_t piece;      /**< the piece it belongs to (gk_match_piece) */
} gk_matched_fix;

/** A stretch of the trace matched without a break (gk_match_piece). Plain data.
 *  Swift: RoadMatch.Piece. \since 0.7 */
typedef struct gk_matched_piece {
    uint64_t first_fix;   /**< the first fix it spans (matched) */
    uint64_t last_fix;    /**< the last one (matched); unmatched fixes between are included */
    double length_m;      /**< the matched route's length, metres */
    double duration_s;    /**< its duration at the graph's speeds, seconds */
    double confidence;    /**< in [0, 1]: the mean share of probability of the chosen candidates */
    uint64_t point_count; /**< points of its geometry (gk_match_piece_geometry) */
    uint64_t road_count;  /**< named stretches of road in order (gk_match_road) */
} gk_matched_piece;

/** Fills *options with the defaults (the values documented in gk_match_options).
 *  \param[out] options the options to fill; NULL is a no-op.
 *  Thread safety: any thread. Swift: MatchOptions(). \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
void gk_match_options_init(gk_match_options *options);
#else
void gk_match_options_init(void *options);
#endif

/** CONSTRUCTOR. A matcher over a road graph (its profile decides which roads and
 *  directions exist).
 *  \param ctx the calling thread's context.
 *  \param graph the road graph (only read; the matcher keeps its data alive).
 *  \param[in] options the parameters, or NULL for the defaults; read during the call.
 *  \param[out] out the matcher. Ownership: the caller frees it with gk_matcher_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT naming the first unusable option;
 *  GK_ERR_MISUSE for NULL. Complexity: O(1).
 *  Thread safety: the matcher may be shared by threads.
 *  Swift: RoadMatcher(graph:options:). \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_matcher_create(gk_context *ctx, gk_road_graph *graph, const gk_match_options *options, gk_matcher **out);
#else
int gk_matcher_create(gk_context *ctx, gk_road_graph *graph, const void *options, gk_matcher **out);
#endif

/** DESTRUCTOR. Frees a matcher; NULL is a no-op.
 *  \param matcher the matcher, or NULL. \since 0.7 */
void gk_matcher_destroy(gk_matcher *matcher);

/** CONSTRUCTOR. Matches a whole trace. Fix i is read at byte offset i * stride_bytes of
 *  each array (8 for plain arrays).
 *  \param ctx the calling thread's context.
 *  \param matcher the matcher (shared use allowed).
 *  \param[in] lat latitudes in degrees, [-90, 90] (required, also when count is 0).
 *  \param[in] lon longitudes in degrees (required).
 *  \param[in] time_s times in seconds (any epoch), finite, never decreasing (required).
 *  \param[in] accuracy_m horizontal accuracies in metres (NAN: unknown), or NULL.
 *  \param count the number of fixes.
 *  \param stride_bytes bytes between consecutive elements of each array (>= 8, a multiple of 8).
 *  \param[out] out the match. Ownership: the caller frees it with gk_match_destroy.
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad fix or a time earlier than the one
 *  before (the message names the fix); GK_ERR_MISUSE for NULL.
 *  Complexity: O(fixes * candidates * one Dijkstra bounded by the distance the fixes allow).
 *  Thread safety: concurrent calls on one matcher allowed.
 *  Swift: RoadMatcher.match(_:). \since 0.7 */
int gk_matcher_match(gk_context *ctx, gk_matcher *matcher, const double *lat, const double *lon,
                     const double *time_s, const double *accuracy_m, size_t count, size_t stride_bytes,
                     gk_match **out);

/** DESTRUCTOR. Frees a match; NULL is a no-op.
 *  \param match the match, or NULL. \since 0.7 */
void gk_match_destroy(gk_match *match);

/** Every fix of the trace, in input order, where it lies on the roads.
 *  \param ctx the calling thread's context.
 *  \param match the match (only read).
 *  \param[out] out receives one entry per fix; may be NULL when capacity is 0.
 *  \param capacity entries at out.
 *  \param[out] out_count the number of fixes (always set).
 *  \return GK_OK, GK_ERR_BUFFER_TOO_SMALL (nothing written), GK_ERR_MISUSE.
 *  Complexity: O(fixes). Swift: RoadMatch.fixes. \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_match_fixes(gk_context *ctx, gk_match *match, gk_matched_fix *out, size_t capacity, size_t *out_count);
#else
int gk_match_fixes(gk_context *ctx, gk_match *match, void *out, size_t capacity, size_t *out_count);
#endif

/** The number of pieces (stretches matched without a break); 0 for NULL.
 *  \param match the match. Swift: RoadMatch.pieces.count. \since 0.7 */
size_t gk_match_piece_count(gk_match *match);

/** Piece index's summary.
 *  \param ctx the calling thread's context.
 *  \param match the match. \param index the piece, from 0, below gk_match_piece_count.
 *  \param[out] out the summary.
 *  \return GK_OK; GK_ERR_NOT_FOUND past the last piece; GK_ERR_MISUSE for NULL.
 *  Swift: RoadMatch.Piece. \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_match_piece(gk_context *ctx, gk_match *match, size_t index, gk_matched_piece *out);
#else
int gk_match_piece(gk_context *ctx, gk_match *match, size_t index, void *out);
#endif

/** Piece index's matched route, from its first matched point to its last.
 *  \param ctx the calling thread's context.
 *  \param match the match. \param index the piece.
 *  \param[out] out_lat receives latitudes in degrees; may be NULL when capacity is 0.
 *  \param[out] out_lon receives longitudes in degrees; may be NULL when capacity is 0.
 *  \param capacity entries at out_lat and at out_lon.
 *  \param[out] out_count the number of points (always set).
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE.
 *  Swift: RoadMatch.Piece.geometry. \since 0.7 */
int gk_match_piece_geometry(gk_context *ctx, gk_match *match, size_t index, double *out_lat, double *out_lon,
                            size_t capacity, size_t *out_count);

/** Classes of road (gk_match_road): OpenStreetMap highway values. Swift: RoadClass. \since 0.7 */
#define GK_ROAD_MOTORWAY       0
#define GK_ROAD_TRUNK          1
#define GK_ROAD_PRIMARY        2
#define GK_ROAD_SECONDARY      3
#define GK_ROAD_TERTIARY       4
#define GK_ROAD_MOTORWAY_LINK  5
#define GK_ROAD_TRUNK_LINK     6
#define GK_ROAD_PRIMARY_LINK   7
#define GK_ROAD_SECONDARY_LINK 8
#define GK_ROAD_TERTIARY_LINK  9
#define GK_ROAD_UNCLASSIFIED   10
#define GK_ROAD_RESIDENTIAL    11
#define GK_ROAD_LIVING_STREET  12
#define GK_ROAD_SERVICE        13
#define GK_ROAD_TRACK          14
#define GK_ROAD_ROAD           15
#define GK_ROAD_CYCLEWAY       16
#define GK_ROAD_PATH           17
#define GK_ROAD_FOOTWAY        18
#define GK_ROAD_PEDESTRIAN     19
#define GK_ROAD_STEPS          20
#define GK_ROAD_BRIDLEWAY      21
#define GK_ROAD_FERRY          22 /**< route=ferry */
#define GK_ROAD_OTHER          23

/** Road index of piece `piece`: a stretch between two changes of name or class, in the
 *  order travelled.
 *  \param ctx the calling thread's context.
 *  \param match the match. \param piece the piece. \param index the road, from 0, below
 *  the piece's road_count.
 *  \param[out] out_class its GK_ROAD_* class (may be NULL).
 *  \param[out] out_length_m the metres travelled on it (may be NULL).
 *  \param[out] out_duration_s the seconds at the graph's speeds, turns included (may be NULL).
 *  \param[out] name receives its name and a NUL ("" when unnamed). \param name_capacity bytes there.
 *  \param[out] out_name_len the name's length without the NUL (required).
 *  \param[out] ref receives its reference ("A 2"; "" when none) and a NUL.
 *  \param ref_capacity bytes there.
 *  \param[out] out_ref_len the reference's length without the NUL (required).
 *  Both lengths are always set; when either buffer is too small, neither is written.
 *  \return GK_OK, GK_ERR_NOT_FOUND, GK_ERR_BUFFER_TOO_SMALL, GK_ERR_MISUSE.
 *  Swift: RoadMatch.Road. \since 0.7 */
int gk_match_road(gk_context *ctx, gk_match *match, size_t piece, size_t index, int *out_class,
                  double *out_length_m, double *out_duration_s, char *name, size_t name_capacity,
                  size_t *out_name_len, char *ref, size_t ref_capacity, size_t *out_ref_len);

/** The match as GeoJSON text (RFC 7946): a LineString per piece (its fixes, length,
 *  duration, confidence and road names), then a Point per fix, matched or unmatched.
 *  \param ctx the calling thread's context.
 *  \param match the match.
 *  \param[out] buf receives the text and a NUL. \param capacity bytes at buf.
 *  \param[out] out_len the length without the NUL (may be NULL).
 *  \return GK_OK, GK_ERR_BUFFER_TOO_SMALL (ask with capacity 0), GK_ERR_MISUSE.
 *  Swift: RoadMatch.geoJSON(). \since 0.7 */
int gk_match_geojson(gk_context *ctx, gk_match *match, char *buf, size_t capacity, size_t *out_len);

/** CONSTRUCTOR. A stream that matches fixes as they arrive: a fix becomes final once
 *  every sequence the model still considers passes through the same candidate there;
 *  final fixes get exactly what gk_matcher_match gives on the whole trace. When more than
 *  max_lag weighed fixes are undecided, the oldest is decided on the best sequence so far
 *  (counted as forced; it may differ from the whole trace's match).
 *  \param ctx the calling thread's context.
 *  \param matcher the matcher (the stream keeps it alive).
 *  \param max_lag the most undecided weighed fixes, at least 1; 0 for the default (60).
 *  \param[out] out the stream. Ownership: the caller frees it with gk_match_stream_destroy.
 *  \return GK_OK; GK_ERR_MISUSE for NULL. Complexity: O(graph states) for its workspace.
 *  Thread safety: one thread at a time per stream.
 *  Swift: RoadMatcher.stream(maximumLag:). \since 0.7 */
int gk_matcher_stream(gk_context *ctx, gk_matcher *matcher, size_t max_lag, gk_match_stream **out);

/** DESTRUCTOR. Frees a stream; NULL is a no-op.
 *  \param stream the stream, or NULL. \since 0.7 */
void gk_match_stream_destroy(gk_match_stream *stream);

/** Takes the next fix; the fixes that became final wait in the stream's queue.
 *  \param ctx the calling thread's context.
 *  \param stream the stream.
 *  \param lat the fix's latitude in degrees, [-90, 90].
 *  \param lon its longitude in degrees, finite.
 *  \param time_s its time in seconds, finite, not earlier than the previous fix's.
 *  \param accuracy_m its horizontal accuracy in metres, or NAN when unknown.
 *  \param[out] out_pending final fixes waiting to be read (may be NULL).
 *  \return GK_OK; GK_ERR_INVALID_ARGUMENT for a bad fix, one earlier than the previous,
 *  or a finished stream; GK_ERR_MISUSE for NULL.
 *  Complexity: amortised O(candidates * one bounded Dijkstra + max_lag * candidates).
 *  Swift: RoadMatchStream.add(_:). \since 0.7 */
int gk_match_stream_add(gk_context *ctx, gk_match_stream *stream, double lat, double lon, double time_s,
                        double accuracy_m, size_t *out_pending);

/** Hands out up to capacity final fixes, oldest first, and keeps the rest (a queue).
 *  \param ctx the calling thread's context.
 *  \param stream the stream.
 *  \param[out] out receives the fixes; may be NULL when capacity is 0.
 *  \param capacity entries at out.
 *  \param[out] out_count how many were written (required).
 *  \return GK_OK, GK_ERR_MISUSE. Swift: the arrays RoadMatchStream.add returns. \since 0.7 */
#ifndef GK_HANDLES_AS_VOID
int gk_match_stream_read(gk_context *ctx, gk_match_stream *stream, gk_matched_fix *out, size_t capacity,
                         size_t *out_count);
#else
int gk_match_stream_read(gk_context *ctx, gk_match_stream *stream, void *out, size_t capacity, size_t *out_count);
#endif

/** The stream's state.
 *  \param ctx the calling thread's context.
 *  \param stream the stream.
 *  \param[out] out_pending final fixes waiting to be read (may be NULL).
 *  \param[out] out_undecided weighed fixes not yet final (may be NULL).
 *  \param[out] out_forced fixes decided by the lag bound rather than by convergence (may be NULL).
 *  \return GK_OK, GK_ERR_MISUSE. Swift: RoadMatchStream.undecidedCount, forcedCount. \since 0.7 */
int gk_match_stream_state(gk_context *ctx, gk_match_stream *stream, size_t *out_pending, size_t *out_undecided,
                          size_t *out_forced);

/** CONSTRUCTOR. Decides every remaining fix and returns the whole match (every fix, every
 *  piece); the stream takes no more fixes. Fixes already final keep their match.
 *  \param ctx the calling thread's context.
 *  \param stream the stream.
 *  \param[out] out the match. Ownership: the caller frees it with gk_match_destroy.
 *  \return GK_OK; GK_ERR_MISUSE for NULL or a stream already finished.
 *  Swift: RoadMatchStream.finish(). \since 0.7 */
int gk_match_stream_finish(gk_context *ctx, gk_match_stream *stream, gk_match **out);

/* @sections: new header sections go above this line, one per facade */

#ifdef __cplusplus
}
#endif

#endif /* GEOKERNEL_H */
