#ifndef CPROJSHIM_GEODESIC_H
#define CPROJSHIM_GEODESIC_H
// Ellipsoidal geodesics (Karney 2013) through PROJ's geodesic.h.
//
// Why this shim exists: Swift code must not depend on PROJ's struct layouts, so the
// geod_geodesic lives behind an opaque pointer. It is immutable after creation, so one
// object may be used from many threads at once. It could go if PROJ's geodesic.h were
// imported directly and its struct treated as an implementation detail.

typedef struct CProjShim_geodesic CProjShim_geodesic;

/// Creates the geodesic of the ellipsoid with equatorial radius `a` (metres) and
/// flattening `f`. Returns NULL when out of memory. Free with CProjShim_geodesic_destroy.
CProjShim_geodesic *CProjShim_geodesic_create(double a, double f);
void CProjShim_geodesic_destroy(CProjShim_geodesic *g);

/// Inverse problem. Outputs: distance s12 (m), azimuths (degrees), arc a12 (degrees),
/// reduced length m12 (m), area S12 (m^2). Any output pointer may be NULL.
void CProjShim_geodesic_inverse(const CProjShim_geodesic *g,
                                double lat1, double lon1, double lat2, double lon2,
                                double *s12, double *azi1, double *azi2,
                                double *a12, double *m12, double *S12);

/// Direct problem: from (lat1, lon1) along azimuth azi1 (degrees) for s12 metres.
void CProjShim_geodesic_direct(const CProjShim_geodesic *g,
                               double lat1, double lon1, double azi1, double s12,
                               double *lat2, double *lon2, double *azi2);

#endif
