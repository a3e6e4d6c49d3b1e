#include "CProjShim_geodesic.h"
#include <geodesic.h>
#include <stdlib.h>

struct CProjShim_geodesic {
    struct geod_geodesic g;
};

CProjShim_geodesic *CProjShim_geodesic_create(double a, double f) {
    CProjShim_geodesic *out = malloc(sizeof *out);
    if (out) geod_init(&out->g, a, f);
    return out;
}

void CProjShim_geodesic_destroy(CProjShim_geodesic *g) { free(g); }

void CProjShim_geodesic_inverse(const CProjShim_geodesic *g,
                                double lat1, double lon1, double lat2, double lon2,
                                double *s12, double *azi1, double *azi2,
                                double *a12, double *m12, double *S12) {
    double s = 0, z1 = 0, z2 = 0, m = 0, area = 0, M12 = 0, M21 = 0;
    double arc = geod_geninverse(&g->g, lat1, lon1, lat2, lon2, &s, &z1, &z2, &m, &M12, &M21, &area);
    if (s12) *s12 = s;
    if (azi1) *azi1 = z1;
    if (azi2) *azi2 = z2;
    if (a12) *a12 = arc;
    if (m12) *m12 = m;
    if (S12) *S12 = area;
}

void CProjShim_geodesic_direct(const CProjShim_geodesic *g,
                               double lat1, double lon1, double azi1, double s12,
                               double *lat2, double *lon2, double *azi2) {
    geod_direct(&g->g, lat1, lon1, azi1, s12, lat2, lon2, azi2);
}
