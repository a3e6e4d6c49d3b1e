#include "CGeographicLibRaw.h"
#include <GeographicLib/Geodesic.hpp>

using GeographicLib::Geodesic;

static const Geodesic &wgs84() { return Geodesic::WGS84(); }

double gl_distance(double lat1, double lon1, double lat2, double lon2) {
    double s12;
    wgs84().Inverse(lat1, lon1, lat2, lon2, s12);
    return s12;
}

double gl_inverse_all(double lat1, double lon1, double lat2, double lon2,
                      double *azi1, double *azi2, double *m12, double *S12) {
    double s12, M12, M21;
    wgs84().Inverse(lat1, lon1, lat2, lon2, s12, *azi1, *azi2, *m12, M12, M21, *S12);
    return s12;
}

void gl_direct(double lat1, double lon1, double azi1, double s12,
               double *lat2, double *lon2, double *azi2) {
    wgs84().Direct(lat1, lon1, azi1, s12, *lat2, *lon2, *azi2);
}
