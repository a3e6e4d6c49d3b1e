#ifndef CGEOGRAPHICLIBRAW_H
#define CGEOGRAPHICLIBRAW_H
// GeographicLib's C++ geodesic (Debian's libgeographiclib-dev) behind plain C functions:
// the benchmark's baseline for the native geodesic. WGS84 only.
#ifdef __cplusplus
extern "C" {
#endif
/// Distance only (GeographicLib's Inverse with the DISTANCE mask), metres.
double gl_distance(double lat1, double lon1, double lat2, double lon2);
/// Every output: distance, azimuths, arc, reduced length, M12, M21 and area; returns s12.
double gl_inverse_all(double lat1, double lon1, double lat2, double lon2,
                      double *azi1, double *azi2, double *m12, double *S12);
/// The direct problem: end point and azimuth.
void gl_direct(double lat1, double lon1, double azi1, double s12,
               double *lat2, double *lon2, double *azi2);
#ifdef __cplusplus
}
#endif
#endif
