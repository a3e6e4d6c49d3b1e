/* C consumer: the polygon section — prepared polygons, their locations, batch containment,
 * boundary distances, errors, and polygon fences in a geofence monitor. */
#include "consumer.h"

void test_polygon(gk_context *ctx);

/* A 10 x 10 degree square at the equator with a 2 x 2 hole, closed rings; then a second
 * polygon (a 1 x 1 square east of it), for the MultiPolygon case. */
static const double SQ_LAT[] = {0, 0, 10, 10, 0,   4, 6, 6, 4, 4,   0, 0, 1, 1};
static const double SQ_LON[] = {0, 10, 10, 0, 0,   4, 4, 6, 6, 4,   20, 21, 21, 20};

static void test_locate_and_batch(gk_context *ctx) {
    gk_polygon *p = NULL, *multi = NULL;
    size_t rings[] = {5, 5, 4}, groups[] = {2, 1}, inside = 0, i;
    int where = -1;
    double d = -1;
    double pts[] = {2, 2,  5, 5,  0, 5,  11, 5,  0.5, 20.5,  4, 5};
    uint8_t mask[6] = {9, 9, 9, 9, 9, 9};

    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 10, rings, 2, NULL, 0, &p) == GK_OK && p != NULL,
          "create: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_locate(ctx, p, 2, 2, &where) == GK_OK && where == GK_POLYGON_INSIDE, "inside: %d", where);
    CHECK(gk_polygon_locate(ctx, p, 5, 5, &where) == GK_OK && where == GK_POLYGON_OUTSIDE, "hole: %d", where);
    CHECK(gk_polygon_locate(ctx, p, 0, 5, &where) == GK_OK && where == GK_POLYGON_BOUNDARY, "edge: %d", where);
    CHECK(gk_polygon_locate(ctx, p, 6, 6, &where) == GK_OK && where == GK_POLYGON_BOUNDARY, "hole vertex: %d", where);
    CHECK(gk_polygon_locate(ctx, p, 91, 0, &where) == GK_ERR_INVALID_ARGUMENT, "bad latitude");
    CHECK(gk_polygon_locate(ctx, p, 1, 1, NULL) == GK_ERR_MISUSE, "NULL out");

    /* Interleaved pairs: lat = pts, lon = pts + 1, stride 16. */
    CHECK(gk_polygon_contains(ctx, p, pts, pts + 1, 6, 16, mask, &inside) == GK_OK, "batch: %s", gk_context_errmsg(ctx));
    CHECK(mask[0] == 1 && mask[1] == 0 && mask[2] == 1 && mask[3] == 0 && mask[4] == 0 && mask[5] == 1 && inside == 3,
          "mask %d%d%d%d%d%d, %zu inside", mask[0], mask[1], mask[2], mask[3], mask[4], mask[5], inside);

    /* 0.01 degree south of the equator edge: the meridian distance. */
    CHECK(gk_polygon_boundary_distance(ctx, p, -0.01, 3, &d) == GK_OK, "distance");
    CHECK_CLOSE(d, 0.01 * GK_TEST_PI / 180 * GK_EARTH_MEAN_RADIUS_M, 1e-6, "distance below the southern edge");

    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 14, rings, 3, groups, 2, &multi) == GK_OK, "multi: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_locate(ctx, multi, 0.5, 20.5, &where) == GK_OK && where == GK_POLYGON_INSIDE, "second polygon: %d", where);
    CHECK(gk_polygon_locate(ctx, multi, 5, 5, &where) == GK_OK && where == GK_POLYGON_OUTSIDE, "hole of the first: %d", where);

    /* The batch equals the single-point answers on seeded points. */
    {
        static double la[2000], lo[2000];
        static uint8_t m2[2000];
        unsigned long long rng = 0x9017ULL;
        int same = 1;
        for (i = 0; i < 2000; ++i) { la[i] = gk_test_uniform(&rng, -1, 11); lo[i] = gk_test_uniform(&rng, -1, 22); }
        CHECK(gk_polygon_contains(ctx, multi, la, lo, 2000, 8, m2, NULL) == GK_OK, "batch 2000");
        for (i = 0; i < 2000; ++i) {
            gk_polygon_locate(ctx, multi, la[i], lo[i], &where);
            if ((where != GK_POLYGON_OUTSIDE) != (m2[i] == 1)) same = 0;
        }
        CHECK(same, "batch equals locate");
    }
    gk_polygon_destroy(multi);
    gk_polygon_destroy(p);
    gk_polygon_destroy(NULL);
}

static void test_errors(gk_context *ctx) {
    gk_polygon *p = NULL;
    size_t rings[] = {5, 5}, bad_groups[] = {1}, short_ring[] = {2};
    double lat[] = {0, 0, 95}, lon[] = {0, 1, 1};
    double line_lat[] = {0, 0, 0}, line_lon[] = {0, 1, 0};
    size_t three[] = {3};

    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 9, rings, 2, NULL, 0, &p) == GK_ERR_INVALID_ARGUMENT && p == NULL,
          "ring lengths that do not add up");
    CHECK(strstr(gk_context_errmsg(ctx), "vertex_count") != NULL, "names vertex_count: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 10, rings, 2, bad_groups, 1, &p) == GK_ERR_INVALID_ARGUMENT,
          "groups that do not add up: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 2, short_ring, 1, NULL, 0, &p) == GK_ERR_INVALID_ARGUMENT,
          "a ring of two vertices");
    CHECK(gk_polygon_create(ctx, line_lat, line_lon, 3, three, 1, NULL, 0, &p) == GK_ERR_INVALID_ARGUMENT,
          "a ring of two distinct positions");
    CHECK(strstr(gk_context_errmsg(ctx), "distinct") != NULL, "says why: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_create(ctx, lat, lon, 3, three, 1, NULL, 0, &p) == GK_ERR_INVALID_ARGUMENT, "latitude 95");
    CHECK(strstr(gk_context_errmsg(ctx), "vertex 2") != NULL, "names the vertex: %s", gk_context_errmsg(ctx));
    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 10, rings, 0, NULL, 0, &p) == GK_ERR_INVALID_ARGUMENT, "no ring");
    CHECK(gk_polygon_create(ctx, NULL, SQ_LON, 10, rings, 2, NULL, 0, &p) == GK_ERR_MISUSE, "NULL lat");
    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 10, rings, 2, NULL, 0, NULL) == GK_ERR_MISUSE, "NULL out");
    CHECK(gk_polygon_create(NULL, SQ_LAT, SQ_LON, 10, rings, 2, NULL, 0, &p) == GK_ERR_MISUSE, "NULL context");
    CHECK(p == NULL, "nothing created");
}

static void test_polygon_fence(gk_context *ctx) {
    gk_geofence_monitor *m = NULL;
    gk_polygon *p = NULL;
    size_t rings[] = {5, 5}, n = 0, got = 0;
    int kinds[8];
    int64_t ids[8];
    double times[8];

    CHECK(gk_geofence_monitor_create(ctx, &m) == GK_OK, "monitor");
    CHECK(gk_polygon_create(ctx, SQ_LAT, SQ_LON, 10, rings, 2, NULL, 0, &p) == GK_OK, "polygon");
    CHECK(gk_geofence_monitor_add_polygon(ctx, m, 42, p) == GK_OK, "add polygon: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_add_polygon(ctx, m, 42, p) == GK_ERR_DUPLICATE, "duplicate id");
    CHECK(gk_geofence_monitor_add(ctx, m, 42, 1, 1, 100) == GK_ERR_DUPLICATE, "a circle with a polygon's id");
    CHECK(gk_geofence_monitor_add_polygon(ctx, m, 43, NULL) == GK_ERR_MISUSE, "NULL polygon");
    gk_polygon_destroy(p); /* the monitor keeps its own reference */
    CHECK(gk_geofence_monitor_count(m) == 1, "one fence");

    CHECK(gk_geofence_monitor_update(ctx, m, 2, 2, 0, 10, &n) == GK_OK && n == 1, "enter: %zu", n);
    CHECK(gk_geofence_monitor_update(ctx, m, 5, 5, 60, 10, &n) == GK_OK && n == 0, "into the hole: one fix is not an exit");
    CHECK(gk_geofence_monitor_update(ctx, m, 5, 5, 120, 10, &n) == GK_OK && n == 1, "exit in the hole: %zu", n);
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 8, &got) == GK_OK && got == 2, "read %zu", got);
    CHECK(kinds[0] == GK_GEOFENCE_ENTER && ids[0] == 42 && times[0] == 0, "enter 42 at 0");
    CHECK(kinds[1] == GK_GEOFENCE_EXIT && ids[1] == 42 && times[1] == 120, "exit 42 at 120");
    gk_geofence_monitor_destroy(m);
}

void test_polygon(gk_context *ctx) {
    test_locate_and_batch(ctx);
    test_errors(ctx);
    test_polygon_fence(ctx);
}
