/* C consumer: the foundation — versions, errors, geodesy, batch kernels, projections,
 * and transformers cloned across threads. */
#include "consumer.h"

#include <pthread.h>

void test_foundation(gk_context *ctx);

static const double PI = GK_TEST_PI;

/* Scalar haversine written here independently, to check the library from outside. */
static double haversine_ref(double lat1, double lon1, double lat2, double lon2) {
    double k = PI / 180.0;
    double s1 = sin((lat2 - lat1) * k * 0.5), s2 = sin((lon2 - lon1) * k * 0.5);
    double h = s1 * s1 + cos(lat1 * k) * cos(lat2 * k) * (s2 * s2);
    return 2.0 * GK_EARTH_MEAN_RADIUS_M * asin(sqrt(h < 1.0 ? h : 1.0));
}

/* A small seeded generator so the batch checks are repeatable. */
static unsigned long long rng_state = 0x1234567ULL;
static double uniform(double lo, double hi) { return gk_test_uniform(&rng_state, lo, hi); }

static void test_version_and_errors(void) {
    CHECK(gk_libversion_number() == GK_VERSION_NUMBER, "header %d, library %d", GK_VERSION_NUMBER, gk_libversion_number());
    CHECK(strcmp(gk_libversion(), "0.8.0") == 0, "version string %s", gk_libversion());
    CHECK(strcmp(gk_errstr(GK_OK), "ok") == 0, "errstr(OK) = %s", gk_errstr(GK_OK));
    CHECK(strcmp(gk_errstr(GK_ERR_INVALID_ARGUMENT), "invalid argument") == 0, "errstr = %s", gk_errstr(GK_ERR_INVALID_ARGUMENT));
    CHECK(strcmp(gk_errstr(12345), "unknown error") == 0, "errstr(12345) = %s", gk_errstr(12345));
    CHECK(gk_context_errmsg(NULL) != NULL, "errmsg(NULL) must not be NULL");
    gk_context_destroy(NULL);
    gk_unitvec_destroy(NULL);
    gk_transformer_destroy(NULL);
}

static void test_geodesy(gk_context *ctx) {
    double d = 0, s12 = 0, azi1 = 0, azi2 = 0, lat = 0, lon = 0;
    /* Turf distance test: 97 129.221 189 678 36 m. */
    CHECK(gk_haversine(ctx, 39.984, -75.343, 39.123, -75.534, &d) == GK_OK, "haversine");
    CHECK_CLOSE(d, 97129.22118967836, 1e-6, "turf haversine");
    /* GeographicLib testcases[0]. */
    CHECK(gk_geodesic_inverse(ctx, 35.60777, -139.44815, -11.17491, -69.95921, &s12, &azi1, &azi2) == GK_OK, "inverse");
    CHECK_CLOSE(s12, 8935244.56048183, 1e-8, "geodesic s12");
    CHECK_CLOSE(azi1, 111.09874842956033, 1e-12, "geodesic azi1");
    CHECK_CLOSE(azi2, 129.28927088970877, 1e-12, "geodesic azi2");
    /* Azimuths in [0, 360), like the sphere's bearings: due west is 270, not -90. */
    CHECK(gk_geodesic_inverse(ctx, 0, 10, 0, 0, NULL, &azi1, &azi2) == GK_OK, "inverse westward");
    CHECK_CLOSE(azi1, 270, 1e-12, "westward azi1 in [0, 360)");
    CHECK_CLOSE(azi2, 270, 1e-12, "westward azi2 in [0, 360)");
    CHECK(gk_geodesic_direct(ctx, 0, 10, -90, 1000, NULL, NULL, &azi2) == GK_OK, "direct westward");
    CHECK_CLOSE(azi2, 270, 1e-12, "direct azi2 in [0, 360)");
    CHECK(gk_geodesic_direct(ctx, 35.60777, -139.44815, 111.09874842956033, 8935244.56048183, &lat, &lon, NULL) == GK_OK, "direct");
    CHECK_CLOSE(lat, -11.17491, 1e-9, "direct lat");
    CHECK_CLOSE(lon, -69.95921, 1e-9, "direct lon");
    CHECK(gk_initial_bearing(ctx, 52.205, 0.119, 48.857, 2.351, &d) == GK_OK, "bearing");
    CHECK_CLOSE(d, 156.1666, 5e-5, "bearing Cambridge-Paris");
    CHECK(gk_destination(ctx, 0, 179.9, 90, 30000, &lat, &lon) == GK_OK, "destination");
    CHECK(lon < -179.5 && lon >= -180, "destination across the antimeridian: lon %g", lon);
    CHECK(gk_cross_track_distance(ctx, -1, 5, 0, 0, 0, 10, &d) == GK_OK, "cross-track");
    CHECK_CLOSE(d, PI / 180 * GK_EARTH_MEAN_RADIUS_M, 1e-6, "cross-track 1 degree right");
    CHECK(gk_along_track_distance(ctx, -1, 5, 0, 0, 0, 10, &d) == GK_OK, "along-track");
    CHECK_CLOSE(d, 5 * PI / 180 * GK_EARTH_MEAN_RADIUS_M, 1e-6, "along-track 5 degrees");
    {
        double s, n, w, e;
        CHECK(gk_bbox_of_circle(ctx, 10, 179.5, 200000, &s, &n, &w, &e) == GK_OK, "bbox");
        CHECK(w > e, "bbox across the antimeridian: west %g east %g", w, e);
        CHECK(gk_bbox_of_circle(ctx, 89, 0, 200000, &s, &n, &w, &e) == GK_OK, "bbox pole");
        CHECK(n == 90 && w == -180 && e == 180, "bbox with the pole: %g %g %g", n, w, e);
    }
    CHECK(gk_coord_check(ctx, 10, 190, &lat, &lon) == GK_OK && lon == -170, "normalised longitude %g", lon);
}

static void test_bad_input(gk_context *ctx) {
    double d = 0;
    CHECK(gk_haversine(NULL, 0, 0, 1, 1, &d) == GK_ERR_MISUSE, "NULL context");
    CHECK(gk_haversine(ctx, 0, 0, 1, 1, NULL) == GK_ERR_MISUSE, "NULL out pointer");
    CHECK(strstr(gk_context_errmsg(ctx), "out_m") != NULL, "message names the argument: %s", gk_context_errmsg(ctx));
    CHECK(gk_haversine(ctx, 91, 0, 1, 1, &d) == GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(gk_context_errcode(ctx) == GK_ERR_INVALID_ARGUMENT, "errcode after failure");
    CHECK(strstr(gk_context_errmsg(ctx), "91") != NULL, "message names the value: %s", gk_context_errmsg(ctx));
    CHECK(gk_haversine(ctx, NAN, 0, 1, 1, &d) == GK_ERR_INVALID_ARGUMENT, "NaN latitude");
    CHECK(gk_destination(ctx, 0, 0, 0, INFINITY, &d, &d) == GK_ERR_INVALID_ARGUMENT, "infinite distance");
    CHECK(gk_bbox_of_circle(ctx, 0, 0, -5, &d, &d, &d, &d) == GK_ERR_INVALID_ARGUMENT, "negative radius");
    CHECK(gk_haversine(ctx, 0, 0, 1, 1, &d) == GK_OK, "success after failure");
    CHECK(gk_context_errcode(ctx) == GK_OK && strcmp(gk_context_errmsg(ctx), "no error") == 0, "message reset: %s", gk_context_errmsg(ctx));
}

#define N_BATCH 1003

static void test_batch(gk_context *ctx) {
    static double lat[N_BATCH], lon[N_BATCH], pairs[2 * N_BATCH], dist[N_BATCH], dist2[N_BATCH];
    static uint8_t mask[N_BATCH], mask2[N_BATCH];
    const double clat = 47.3769, clon = 8.5417, radius = 2000000;
    size_t i, inside = 0, inside2 = 0, expected_inside = 0;
    double worst = 0;
    gk_unitvec *uv = NULL;

    for (i = 0; i < N_BATCH; ++i) {
        lat[i] = uniform(-90, 90);
        lon[i] = uniform(-180, 180);
        pairs[2 * i] = lat[i];
        pairs[2 * i + 1] = lon[i];
    }
    lat[0] = 90; lat[1] = -90; lon[2] = -180; lon[3] = 180; lat[4] = clat; lon[4] = clon;
    pairs[0] = 90; pairs[2] = -90; pairs[5] = -180; pairs[7] = 180; pairs[8] = clat; pairs[9] = clon;

    CHECK(gk_haversine_batch(ctx, clat, clon, lat, lon, N_BATCH, sizeof(double), dist) == GK_OK, "batch: %s", gk_context_errmsg(ctx));
    CHECK(gk_haversine_batch(ctx, clat, clon, pairs, pairs + 1, N_BATCH, 2 * sizeof(double), dist2) == GK_OK, "interleaved batch");
    for (i = 0; i < N_BATCH; ++i) {
        double ref = haversine_ref(clat, clon, lat[i], lon[i]);
        double rel = ref > 0 ? fabs(dist[i] - ref) / ref : fabs(dist[i]);
        if (rel > worst) worst = rel;
        CHECK(dist[i] == dist2[i], "SoA and interleaved differ at %u", (unsigned)i);
        if (ref <= radius) ++expected_inside;
    }
    CHECK(worst <= 4e-15 || worst < 1e-12, "batch vs independent scalar: worst relative %g", worst);
    CHECK(dist[4] == 0, "coincident point distance %g", dist[4]);

    CHECK(gk_circle_contains_batch(ctx, clat, clon, radius, lat, lon, N_BATCH, sizeof(double), mask, &inside) == GK_OK, "contains batch");
    CHECK(inside == expected_inside, "inside %u, expected %u", (unsigned)inside, (unsigned)expected_inside);
    for (i = 0; i < N_BATCH; ++i) {
        double d = 0;
        gk_haversine(ctx, clat, clon, lat[i], lon[i], &d);
        CHECK(mask[i] == (d <= radius), "mask[%u] = %d for distance %.17g", (unsigned)i, mask[i], d);
    }
    CHECK(gk_unitvec_create(ctx, pairs, pairs + 1, N_BATCH, 16, &uv) == GK_OK && uv != NULL, "unitvec create");
    CHECK(gk_unitvec_count(uv) == N_BATCH, "unitvec count %u", (unsigned)gk_unitvec_count(uv));
    CHECK(gk_unitvec_contains(ctx, uv, clat, clon, radius, mask2, &inside2) == GK_OK, "unitvec contains");
    CHECK(inside2 == inside && memcmp(mask, mask2, N_BATCH) == 0, "unitvec and degrees decisions differ");
    gk_unitvec_destroy(uv);

    /* WGS84 geodesic distances from one origin: each within 8 nm of gk_geodesic_inverse
       (a SIMD kernel), the same for columns and interleaved points. */
    CHECK(gk_geodesic_distances(ctx, clat, clon, lat, lon, N_BATCH, sizeof(double), dist) == GK_OK, "geodesic batch: %s", gk_context_errmsg(ctx));
    CHECK(gk_geodesic_distances(ctx, clat, clon, pairs, pairs + 1, N_BATCH, 2 * sizeof(double), dist2) == GK_OK, "interleaved geodesic batch");
    for (i = 0; i < N_BATCH; ++i) {
        double s12 = -1;
        gk_geodesic_inverse(ctx, clat, clon, lat[i], lon[i], &s12, NULL, NULL);
        CHECK(fabs(dist[i] - s12) <= 8e-9 && dist2[i] == dist[i], "geodesic batch[%u] %.17g, interleaved %.17g, scalar %.17g", (unsigned)i, dist[i], dist2[i], s12);
    }
    CHECK(dist[4] == 0, "coincident point geodesic distance %g", dist[4]);

    /* Direct geodesics from the same origin (azimuths from lon, distances up to 18 000 km
       from lat, a few beyond the kernel's range and backwards): each end within 8 nm on the
       ground of gk_geodesic_direct's, the final azimuth within 1e-9 degrees. */
    {
        static double azi[N_BATCH], s12[N_BATCH], lat2[N_BATCH], lon2[N_BATCH], azi2[N_BATCH];
        for (i = 0; i < N_BATCH; ++i) { azi[i] = lon[i]; s12[i] = (lat[i] + 90) * 1e5; }
        s12[5] = 1.95e7; s12[6] = -5e6; s12[9] = 0; azi[10] = 720.5;
        CHECK(gk_geodesic_destinations(ctx, clat, clon, azi, s12, N_BATCH, lat2, lon2, azi2) == GK_OK, "destinations: %s", gk_context_errmsg(ctx));
        for (i = 0; i < N_BATCH; ++i) {
            double la = 0, lo = 0, az = 0, apart = -1, daz;
            gk_geodesic_direct(ctx, clat, clon, azi[i], s12[i], &la, &lo, &az);
            gk_geodesic_inverse(ctx, la, lo, lat2[i], lon2[i], &apart, NULL, NULL);
            daz = fabs(azi2[i] - az);
            if (daz > 180) daz = 360 - daz;
            CHECK(apart <= 8e-9 && daz <= 1e-9, "destination[%u] (%.17g, %.17g) azimuth %.17g vs (%.17g, %.17g) %.17g: %g m apart",
                  (unsigned)i, lat2[i], lon2[i], azi2[i], la, lo, az, apart);
        }
        {
            double moved = -1;
            gk_geodesic_inverse(ctx, clat, clon, lat2[9], lon2[9], &moved, NULL, NULL);
            CHECK(moved <= 1e-9, "zero distance stays at the origin: %.17g %.17g, %g m", lat2[9], lon2[9], moved);
        }
        CHECK(gk_geodesic_destinations(ctx, clat, clon, azi, s12, N_BATCH, lat2, lon2, NULL) == GK_OK, "destinations without azimuths");
        azi[11] = NAN;
        CHECK(gk_geodesic_destinations(ctx, clat, clon, azi, s12, N_BATCH, lat2, lon2, NULL) == GK_ERR_INVALID_ARGUMENT, "NaN azimuth");
        CHECK(strstr(gk_context_errmsg(ctx), "11") != NULL, "destinations name the azimuth: %s", gk_context_errmsg(ctx));
        CHECK(gk_geodesic_destinations(ctx, clat, clon, azi, s12, N_BATCH, NULL, lon2, NULL) == GK_ERR_MISUSE, "destinations NULL out_lat");
    }

    lat[7] = 91;
    CHECK(gk_geodesic_distances(ctx, clat, clon, lat, lon, N_BATCH, sizeof(double), dist) == GK_ERR_INVALID_ARGUMENT, "bad latitude in geodesic batch");
    CHECK(strstr(gk_context_errmsg(ctx), "7") != NULL, "geodesic batch names the point: %s", gk_context_errmsg(ctx));
    CHECK(gk_geodesic_distances(ctx, clat, clon, lat, NULL, N_BATCH, 8, dist) == GK_ERR_MISUSE, "geodesic batch NULL lon");
    CHECK(gk_haversine_batch(ctx, clat, clon, lat, lon, N_BATCH, sizeof(double), dist) == GK_ERR_INVALID_ARGUMENT, "bad latitude in batch");
    CHECK(strstr(gk_context_errmsg(ctx), "7") != NULL, "message names the point: %s", gk_context_errmsg(ctx));
    CHECK(gk_haversine_batch(ctx, clat, clon, lat, lon, N_BATCH, 4, dist) == GK_ERR_INVALID_ARGUMENT, "stride 4");
    CHECK(gk_haversine_batch(ctx, clat, clon, NULL, lon, N_BATCH, 8, dist) == GK_ERR_MISUSE, "NULL lat");
    CHECK(gk_circle_contains_batch(ctx, clat, clon, -1, lat, lon, 3, 8, mask, NULL) == GK_ERR_INVALID_ARGUMENT, "negative radius");
    CHECK(gk_unitvec_contains(ctx, NULL, 0, 0, 1, mask, NULL) == GK_ERR_MISUSE, "NULL unitvec");
}

static void test_projection(gk_context *ctx) {
    gk_transformer *t = NULL, *bad = NULL, *op = NULL;
    double x[3] = {2.0, -75.343, 0.0}, y[3] = {49.0, 39.984, 91.0};
    size_t failed = 99;
    const double R = 6378137.0;

    CHECK(gk_transformer_create(ctx, "EPSG:4326", "EPSG:3857", &t) == GK_OK, "create 4326->3857: %s", gk_context_errmsg(ctx));
    CHECK(gk_transformer_transform(ctx, t, GK_FORWARD, x, y, NULL, 3, sizeof(double), &failed) == GK_OK, "transform: %s", gk_context_errmsg(ctx));
    CHECK_CLOSE(x[0], R * 2.0 * PI / 180.0, 1e-6, "web mercator x");
    CHECK_CLOSE(y[0], R * log(tan(PI / 4 + 49.0 * PI / 360.0)), 1e-6, "web mercator y");
    CHECK(failed == 1 && isinf(x[2]) && isinf(y[2]), "latitude 91 fails alone: failed %u, x %g", (unsigned)failed, x[2]);
    CHECK(isfinite(x[1]) && isfinite(y[1]), "the rest of the batch is transformed");
    CHECK(gk_transformer_transform(ctx, t, GK_INVERSE, x, y, NULL, 2, sizeof(double), NULL) == GK_OK, "inverse");
    CHECK_CLOSE(x[0], 2.0, 1e-9, "round trip lon");
    CHECK_CLOSE(y[0], 49.0, 1e-9, "round trip lat");
    CHECK(gk_transformer_transform(ctx, t, 7, x, y, NULL, 1, 8, NULL) == GK_ERR_INVALID_ARGUMENT, "bad direction");

    CHECK(gk_transformer_create(ctx, "EPSG:4326", "EPSG:99999", &bad) == GK_ERR_CRS, "unknown CRS");
    CHECK(bad == NULL, "no object on failure");
    CHECK(strstr(gk_context_errmsg(ctx), "EPSG:99999") != NULL, "message names the CRS: %s", gk_context_errmsg(ctx));
    CHECK(strstr(gk_context_errmsg(ctx), "Unknown error") == NULL, "PROJ's own text: %s", gk_context_errmsg(ctx));

    CHECK(gk_transformer_create_operation(ctx, "+proj=utm +zone=32 +ellps=GRS80", &op) == GK_OK, "operation: %s", gk_context_errmsg(ctx));
    {
        double ox = 12.0, oy = 56.0;
        CHECK(gk_transformer_transform(ctx, op, GK_FORWARD, &ox, &oy, NULL, 1, 8, NULL) == GK_OK, "utm");
        /* PROJ gie builtins: utm zone 32, GRS80, (12, 56) -> 687071.4391 6210141.3267. */
        CHECK_CLOSE(ox, 687071.43911, 1e-4, "utm x");
        CHECK_CLOSE(oy, 6210141.32675, 1e-4, "utm y");
    }
    gk_transformer_destroy(op);
    gk_transformer_destroy(t);
}

/* Each thread: its own context and its own clone of a shared transformer. */
struct thread_job { gk_transformer *original; int wrong; };

static void *thread_main(void *arg) {
    struct thread_job *job = arg;
    gk_context *ctx = gk_context_create();
    gk_transformer *mine = NULL;
    int round, i;
    if (gk_transformer_clone(ctx, job->original, &mine) != GK_OK) { job->wrong = -1; return NULL; }
    for (round = 0; round < 200; ++round) {
        double x[64], y[64];
        for (i = 0; i < 64; ++i) { x[i] = -170.0 + 5.0 * i; y[i] = -80.0 + 2.5 * i; }
        gk_transformer_transform(ctx, mine, GK_FORWARD, x, y, NULL, 64, sizeof(double), NULL);
        for (i = 0; i < 64; ++i) {
            double ex = 6378137.0 * (-170.0 + 5.0 * i) * PI / 180.0;
            if (fabs(x[i] - ex) > 1e-6) job->wrong++;
        }
    }
    gk_transformer_destroy(mine);
    gk_context_destroy(ctx);
    return NULL;
}

static void test_threads(gk_context *ctx) {
    pthread_t th[8];
    struct thread_job jobs[8];
    gk_transformer *t = NULL;
    int i;
    CHECK(gk_transformer_create(ctx, "EPSG:4326", "EPSG:3857", &t) == GK_OK, "create for threads");
    for (i = 0; i < 8; ++i) { jobs[i].original = t; jobs[i].wrong = 0; pthread_create(&th[i], NULL, thread_main, &jobs[i]); }
    for (i = 0; i < 8; ++i) { pthread_join(th[i], NULL); CHECK(jobs[i].wrong == 0, "thread %d: %d wrong results", i, jobs[i].wrong); }
    gk_transformer_destroy(t);
}

void test_foundation(gk_context *ctx) {
    test_version_and_errors();
    test_geodesy(ctx);
    test_bad_input(ctx);
    test_batch(ctx);
    test_projection(ctx);
    test_threads(ctx);
}
