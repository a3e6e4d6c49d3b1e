/* C consumer: simplification, route plans, regions, travel times and encoded polylines
 * (issue 4). */
#include "consumer.h"

#include <pthread.h>

void test_route(gk_context *ctx);

static void test_simplify_planar(gk_context *ctx) {
    double x[3] = {0, 1, 2}, y[3] = {0, 1, 0};
    /* Interleaved x, y: 0.4 apart along y = 0 to a corner at (2, 0), then up to (2, 3). */
    double xy[12] = {0, 0, 0.4, 0, 0.8, 0, 1.2, 0, 2.0, 0, 2.0, 3.0};
    size_t kept[6], n = 0;
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 1.0, 0, kept, 3, &n) == GK_OK, "planar");
    CHECK(n == 2 && kept[0] == 0 && kept[1] == 2, "dropped at the tolerance: n %zu", n);
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 0.5, 0, kept, 3, &n) == GK_OK && n == 3, "kept above it");
    /* Buffer too small: the needed count comes back. */
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 0.5, 0, kept, 2, &n) == GK_ERR_BUFFER_TOO_SMALL && n == 3,
          "buffer too small, needs %zu", n);
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 0.5, 0, NULL, 0, &n) == GK_ERR_BUFFER_TOO_SMALL && n == 3,
          "size query");
    /* Interleaved input, with and without the radial pre-pass. */
    CHECK(gk_simplify_planar(ctx, xy, xy + 1, 6, 16, 1.0, 0, kept, 6, &n) == GK_OK && n == 3 && kept[1] == 4,
          "interleaved: n %zu", n);
    /* The pre-pass drops the corner (0.8 from the vertex kept before it). */
    CHECK(gk_simplify_planar(ctx, xy, xy + 1, 6, 16, 1.0, GK_SIMPLIFY_RADIAL_PREPASS, kept, 6, &n) == GK_OK && n == 2,
          "radial pre-pass: n %zu", n);
    /* Errors. */
    y[1] = NAN;
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 1.0, 0, kept, 3, &n) == GK_ERR_INVALID_ARGUMENT, "NaN");
    CHECK(strstr(gk_context_errmsg(ctx), "y[1]") != NULL, "message names the vertex: %s", gk_context_errmsg(ctx));
    y[1] = 1;
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), -1.0, 0, kept, 3, &n) == GK_ERR_INVALID_ARGUMENT, "tolerance");
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 1.0, 8, kept, 3, &n) == GK_ERR_INVALID_ARGUMENT, "flags");
    CHECK(gk_simplify_planar(ctx, x, y, 3, 4, 1.0, 0, kept, 3, &n) == GK_ERR_INVALID_ARGUMENT, "stride");
    CHECK(gk_simplify_planar(ctx, x, NULL, 3, sizeof(double), 1.0, 0, kept, 3, &n) == GK_ERR_MISUSE, "NULL y");
    CHECK(gk_simplify_planar(ctx, x, y, 3, sizeof(double), 1.0, 0, kept, 3, NULL) == GK_ERR_MISUSE, "NULL out_count");
    CHECK(gk_simplify_planar(NULL, x, y, 3, sizeof(double), 1.0, 0, kept, 3, &n) == GK_ERR_MISUSE, "NULL ctx");
    CHECK(gk_simplify_planar(ctx, NULL, NULL, 0, sizeof(double), 1.0, 0, NULL, 0, &n) == GK_OK && n == 0, "empty");
}

/* The zig-zag (i, +-i^2): every split peels off one vertex. Run on a 512 KiB stack. */
#define ZIGZAG_N 20000
struct zigzag_job { gk_context *ctx; double *x, *y; size_t *kept; size_t n; int status; };

static void *run_zigzag(void *arg) {
    struct zigzag_job *job = arg;
    job->status = gk_simplify_planar(job->ctx, job->x, job->y, ZIGZAG_N, sizeof(double), 1.0, 0,
                                     job->kept, ZIGZAG_N, &job->n);
    return NULL;
}

static void test_simplify_worst_case(void) {
    struct zigzag_job job;
    pthread_attr_t attributes;
    pthread_t thread;
    size_t i;
    job.ctx = gk_context_create();
    job.x = malloc(ZIGZAG_N * sizeof(double));
    job.y = malloc(ZIGZAG_N * sizeof(double));
    job.kept = malloc(ZIGZAG_N * sizeof(size_t));
    job.n = 0;
    job.status = -1;
    for (i = 0; i < ZIGZAG_N; ++i) {
        job.x[i] = (double)i;
        job.y[i] = (i % 2 ? -1.0 : 1.0) * (double)i * (double)i;
    }
    pthread_attr_init(&attributes);
    CHECK(pthread_attr_setstacksize(&attributes, 512 * 1024) == 0, "stack size");
    CHECK(pthread_create(&thread, &attributes, run_zigzag, &job) == 0, "thread");
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attributes);
    CHECK(job.status == GK_OK && job.n == ZIGZAG_N, "zig-zag on a 512 KiB stack: status %d, kept %zu", job.status, job.n);
    free(job.x);
    free(job.y);
    free(job.kept);
    gk_context_destroy(job.ctx);
}

static void test_simplify_geographic(gk_context *ctx) {
    double lat[101], lon[101];
    size_t kept[101], n = 0, i;
    /* 101 points on one great circle (every 2 km east along the equator): ends only. */
    for (i = 0; i <= 100; ++i) {
        lat[i] = 0.0;
        lon[i] = 179.5 + (double)i * 2000.0 / (GK_EARTH_MEAN_RADIUS_M * GK_TEST_PI / 180.0);
        if (lon[i] >= 180) lon[i] -= 360;
    }
    CHECK(gk_simplify_geographic(ctx, lat, lon, 101, sizeof(double), 0.01, 0, kept, 101, &n) == GK_OK, "geographic");
    CHECK(n == 2 && kept[0] == 0 && kept[1] == 100, "great circle across the antimeridian: n %zu", n);
    lat[50] = 0.001; /* a spike 111 m off the line: its neighbours are 109 m from A-50 and 50-B */
    CHECK(gk_simplify_geographic(ctx, lat, lon, 101, sizeof(double), 100, 0, kept, 101, &n) == GK_OK && n == 5
              && kept[1] == 49 && kept[2] == 50 && kept[3] == 51, "a spike at 100 m: n %zu", n);
    CHECK(gk_simplify_geographic(ctx, lat, lon, 101, sizeof(double), 120, 0, kept, 101, &n) == GK_OK && n == 2,
          "and dropped at 120 m");
    lat[7] = 91;
    CHECK(gk_simplify_geographic(ctx, lat, lon, 101, sizeof(double), 10, 0, kept, 101, &n) == GK_ERR_INVALID_ARGUMENT,
          "latitude 91");
    CHECK(strstr(gk_context_errmsg(ctx), "point 7") != NULL, "message: %s", gk_context_errmsg(ctx));
}

static void test_route_plan(gk_context *ctx) {
    gk_route *route = NULL;
    char text[256], *json;
    size_t len = 0, count = 0, i, lines;
    double d = 0, t = 0, la[4], lo[4], road_lat[3], road_lon[3], nine_nine = 9900;
    double c_lat, c_lon, dlat, dlon;
    const double pins[5][2] = {{37.7749, -122.4194}, {37.8044, -122.2712}, {37.3382, -121.8863},
                               {38.5816, -121.4944}, {36.6002, -121.8947}};

    CHECK(gk_route_create(ctx, 5, 60 / 3.6, 1000, &route) == GK_OK && route != NULL, "create");
    CHECK(gk_route_pin_count(route) == 0 && gk_route_direction_count(route) == 0, "empty");
    CHECK(gk_route_region(ctx, route, 1, &c_lat, NULL, NULL, NULL) == GK_ERR_NOT_FOUND, "no region without pins");
    for (i = 0; i < 4; ++i) CHECK(gk_route_add_pin(ctx, route, pins[i][0], pins[i][1]) == GK_OK, "pin %zu", i);
    /* The fifth pin with a leg the caller knows: a road and a time of 2 h 45 min. */
    road_lat[0] = pins[3][0]; road_lon[0] = pins[3][1];
    road_lat[1] = 37.5; road_lon[1] = -121.2;
    road_lat[2] = pins[4][0]; road_lon[2] = pins[4][1];
    CHECK(gk_route_add_pin_with_leg(ctx, route, pins[4][0], pins[4][1], road_lat, road_lon, 3, sizeof(double),
                                    &nine_nine) == GK_OK, "pin with leg: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_pin_count(route) == 5, "5 pins");
    /* A sixth is a clear capacity error. */
    CHECK(gk_route_add_pin(ctx, route, 40, -120) == GK_ERR_CAPACITY, "capacity");
    CHECK(strstr(gk_context_errmsg(ctx), "at most 5 pins (A") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_pin_count(route) == 5, "still 5 pins");

    CHECK(gk_route_pin_label(ctx, route, 2, text, sizeof text, &len) == GK_OK && strcmp(text, "C") == 0 && len == 1,
          "label C");
    CHECK(gk_route_pin(ctx, route, 4, &d, &t) == GK_OK && d == pins[4][0] && t == pins[4][1], "pin E");
    CHECK(gk_route_pin(ctx, route, 5, &d, &t) == GK_ERR_NOT_FOUND, "no pin F");
    CHECK(gk_route_leg(ctx, route, 0, &d, &t, &count) == GK_OK, "leg A-B");
    CHECK(d > 13000 && d < 14000 && fabs(t - d / (60 / 3.6)) < 1e-6 && count > 10, "leg A-B: %g m %g s %zu", d, t, count);
    CHECK(gk_route_leg_geometry(ctx, route, 0, la, lo, 4, &len) == GK_ERR_BUFFER_TOO_SMALL && len == count,
          "geometry needs %zu", len);
    CHECK(gk_route_leg_geometry(ctx, route, 3, la, lo, 4, &len) == GK_OK && len == 3 && la[1] == 37.5, "road kept");
    CHECK(gk_route_leg(ctx, route, 3, NULL, &t, NULL) == GK_OK && t == 9900, "given time");
    CHECK(gk_route_leg(ctx, route, 4, &d, NULL, NULL) == GK_ERR_NOT_FOUND, "no fifth leg");

    lines = gk_route_direction_count(route);
    CHECK(lines >= 4 * 4, "directions: %zu lines", lines);
    CHECK(gk_route_direction(ctx, route, 0, text, sizeof text, &len) == GK_OK
              && strcmp(text, "Directions from A to B") == 0, "first line: %s", text);
    CHECK(gk_route_direction(ctx, route, 1, text, sizeof text, &len) == GK_OK
              && strncmp(text, "Estimated time: 0d 0h ", 22) == 0, "second line: %s", text);
    CHECK(gk_route_direction(ctx, route, 2, text, sizeof text, &len) == GK_OK
              && strncmp(text, "Head ", 5) == 0, "third line: %s", text);
    {
        int found = 0;
        for (i = 0; i < lines; ++i) {
            gk_route_direction(ctx, route, i, text, sizeof text, &len);
            if (strcmp(text, "Estimated time: 0d 2h 45m") == 0) found = 1;
        }
        CHECK(found, "the given 2 h 45 min appear as 0d 2h 45m");
    }
    CHECK(gk_route_direction(ctx, route, 0, text, 5, &len) == GK_ERR_BUFFER_TOO_SMALL && len == 22, "line needs 22+1");
    CHECK(gk_route_direction(ctx, route, lines, text, sizeof text, &len) == GK_ERR_NOT_FOUND, "past the last line");

    CHECK(gk_route_geojson(ctx, route, NULL, 0, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 1000, "GeoJSON size %zu", len);
    json = malloc(len + 1);
    CHECK(gk_route_geojson(ctx, route, json, len + 1, &count) == GK_OK && count == len, "GeoJSON");
    CHECK(strncmp(json, "{\"type\":\"FeatureCollection\"", 27) == 0 && strstr(json, "\"travelTime\":\"0d 2h 45m\""),
          "GeoJSON content");
    free(json);

    CHECK(gk_route_region(ctx, route, 1, &c_lat, &c_lon, &dlat, &dlon) == GK_OK, "region");
    CHECK_CLOSE(dlat, 38.5816 - 36.6002, 1e-9, "region latitude span");
    CHECK_CLOSE(c_lon, (-122.4194 - 121.4944) / 2, 1e-9, "region centre longitude");

    CHECK(gk_route_reset(ctx, route) == GK_OK && gk_route_pin_count(route) == 0 && gk_route_direction_count(route) == 0,
          "reset");
    CHECK(gk_route_add_pin(ctx, route, 10, 20) == GK_OK && gk_route_add_pin(ctx, route, -10, -160) == GK_ERR_INVALID_ARGUMENT,
          "antipodal pins");
    CHECK(gk_route_add_pin_with_leg(ctx, route, 11, 20, NULL, NULL, 2, sizeof(double), NULL) == GK_ERR_MISUSE, "NULL leg");
    CHECK(gk_route_add_pin(ctx, NULL, 10, 20) == GK_ERR_MISUSE, "NULL route");
    gk_route_destroy(route);
    gk_route_destroy(NULL);
    CHECK(gk_route_create(ctx, 0, 10, 1000, &route) == GK_ERR_INVALID_ARGUMENT, "max_pins 0");
    CHECK(gk_route_create(ctx, 5, -1, 1000, &route) == GK_ERR_INVALID_ARGUMENT, "negative speed");
    CHECK(gk_route_pin_count(NULL) == 0 && gk_route_direction_count(NULL) == 0, "NULL counts");
}

static void test_regions_and_times(gk_context *ctx) {
    double c_lat = 0, c_lon = 0, dlat = 0, dlon = 0;
    double lat[2] = {-16, -18}, lon[2] = {179.5, -179.5};
    char text[32];
    size_t len = 0;
    const double m_per_deg = GK_EARTH_MEAN_RADIUS_M * GK_TEST_PI / 180;

    CHECK(gk_region_around(ctx, 47.3769, 8.5417, 3000, 3000, &c_lat, &c_lon, &dlat, &dlon) == GK_OK, "around");
    CHECK_CLOSE(dlat, 3000 / m_per_deg, 1e-12, "3 km of latitude");
    CHECK_CLOSE(dlon, 3000 / (m_per_deg * cos(47.3769 * GK_TEST_PI / 180)), 1e-12, "3 km of longitude");
    CHECK(gk_region_of_points(ctx, lat, lon, 2, sizeof(double), 1, &c_lat, &c_lon, &dlat, &dlon) == GK_OK, "points");
    CHECK(c_lon == -180 && fabs(dlon - 1) < 1e-9, "across the antimeridian: centre %g span %g", c_lon, dlon);
    CHECK(gk_region_around(ctx, 91, 0, 1, 1, &c_lat, NULL, NULL, NULL) == GK_ERR_INVALID_ARGUMENT, "bad centre");

    CHECK(gk_travel_time_format(ctx, 9900, text, sizeof text, &len) == GK_OK && strcmp(text, "0d 2h 45m") == 0, "2h45");
    CHECK(gk_travel_time_format(ctx, 29.9, text, sizeof text, &len) == GK_OK && strcmp(text, "0d 0h 0m") == 0, "0 min");
    CHECK(gk_travel_time_format(ctx, 93600, text, sizeof text, &len) == GK_OK && strcmp(text, "1d 2h 0m") == 0, "26 h");
    CHECK(gk_travel_time_format(ctx, 9900, text, 9, &len) == GK_ERR_BUFFER_TOO_SMALL && len == 9, "needs 9 + NUL");
    CHECK(gk_travel_time_format(ctx, -1, text, sizeof text, &len) == GK_ERR_INVALID_ARGUMENT, "negative time");
}

static void test_polyline(gk_context *ctx) {
    double lat[3] = {38.5, 40.7, 43.252}, lon[3] = {-120.2, -120.95, -126.453}, la[3], lo[3];
    char text[64];
    size_t len = 0, n = 0;
    CHECK(gk_polyline_encode(ctx, lat, lon, 3, sizeof(double), 5, text, sizeof text, &len) == GK_OK, "encode");
    CHECK(strcmp(text, "_p~iF~ps|U_ulLnnqC_mqNvxq`@") == 0 && len == 27, "Google's example: %s", text);
    CHECK(gk_polyline_decode(ctx, text, 5, la, lo, 3, &n) == GK_OK && n == 3, "decode");
    CHECK(la[2] == 43.252 && lo[2] == -126.453 && la[0] == 38.5, "decoded values");
    CHECK(gk_polyline_encode(ctx, lat, lon, 3, sizeof(double), 6, text, sizeof text, &len) == GK_OK
              && strcmp(text, "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI") == 0, "precision 6: %s", text);
    CHECK(gk_polyline_decode(ctx, "_p~iF~ps|U_ulLnnqC_mqNvxq`@", 5, la, lo, 2, &n) == GK_ERR_BUFFER_TOO_SMALL && n == 3,
          "decode needs 3");
    CHECK(gk_polyline_decode(ctx, "_p~iF~ps|U_ulL", 5, la, lo, 3, &n) == GK_ERR_PARSE, "latitude alone");
    CHECK(strstr(gk_context_errmsg(ctx), "offset") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_polyline_decode(ctx, "_p~iF \x01\xff", 5, la, lo, 3, &n) == GK_ERR_PARSE, "garbage");
    CHECK(gk_polyline_decode(ctx, "", 5, la, lo, 0, &n) == GK_OK && n == 0, "empty");
    CHECK(gk_polyline_decode(ctx, NULL, 5, la, lo, 3, &n) == GK_ERR_MISUSE, "NULL string");
    CHECK(gk_polyline_encode(ctx, lat, lon, 3, sizeof(double), 0, text, sizeof text, &len) == GK_ERR_INVALID_ARGUMENT,
          "precision 0");
}

void test_route(gk_context *ctx) {
    test_simplify_planar(ctx);
    test_simplify_worst_case();
    test_simplify_geographic(ctx);
    test_route_plan(ctx);
    test_regions_and_times(ctx);
    test_polyline(ctx);
}
