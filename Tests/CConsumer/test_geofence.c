/* C consumer: the geofence section — a monitor's fences, rules, events, queries and errors. */
#include "consumer.h"

void test_geofence(gk_context *ctx);

/* Zürich HB and points at exact distances east of it. */
static const double HB_LAT = 47.3779, HB_LON = 8.5403;

static void east(gk_context *ctx, double meters, double *lat, double *lon) {
    gk_destination(ctx, HB_LAT, HB_LON, 90, meters, lat, lon);
}

static unsigned long long gf_rng = 0xfe11ceULL;
static double gf_uniform(double lo, double hi) { return gk_test_uniform(&gf_rng, lo, hi); }

static void test_rules_and_events(gk_context *ctx) {
    gk_geofence_monitor *m = NULL;
    double v = 0, lat = 0, lon = 0;
    size_t n = 0, got = 0, i;
    int kinds[8], inside = -1;
    int64_t ids[8];
    double times[8];

    CHECK(gk_geofence_monitor_create(ctx, &m) == GK_OK && m != NULL, "create: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_get_option(ctx, m, GK_GEOFENCE_OPT_EXIT_FIXES, &v) == GK_OK && v == 2, "default exit fixes %g", v);
    CHECK(gk_geofence_monitor_get_option(ctx, m, GK_GEOFENCE_OPT_HYSTERESIS_M, &v) == GK_OK && v == 20, "default hysteresis %g", v);
    CHECK(gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_DWELL_SECONDS, 60) == GK_OK, "set dwell");
    CHECK(gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_EXIT_FIXES, 1.5) == GK_ERR_INVALID_ARGUMENT, "fractional count");
    CHECK(gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_HYSTERESIS_M, -1) == GK_ERR_INVALID_ARGUMENT, "negative hysteresis");
    CHECK(strstr(gk_context_errmsg(ctx), "hysteresis") != NULL, "message names the option: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_set_option(ctx, m, 42, 1) == GK_ERR_INVALID_ARGUMENT, "unknown option");
    CHECK(gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_MAX_ACCURACY_M, INFINITY) == GK_OK, "infinite max accuracy");
    CHECK(gk_geofence_monitor_get_option(ctx, m, GK_GEOFENCE_OPT_DWELL_SECONDS, &v) == GK_OK && v == 60, "dwell %g", v);

    CHECK(gk_geofence_monitor_add(ctx, m, 7, HB_LAT, HB_LON, 100) == GK_OK, "add: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_add(ctx, m, -3, HB_LAT, HB_LON, GK_GEOFENCE_DEFAULT_RADIUS_M) == GK_OK, "add default radius");
    CHECK(gk_geofence_monitor_add(ctx, m, 7, 0, 0, 10) == GK_ERR_DUPLICATE, "duplicate id");
    CHECK(strstr(gk_context_errmsg(ctx), "7") != NULL, "message names the id: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_add(ctx, m, 8, HB_LAT, HB_LON, 0) == GK_ERR_INVALID_ARGUMENT, "radius 0");
    CHECK(gk_geofence_monitor_add(ctx, m, 8, HB_LAT, HB_LON, NAN) == GK_ERR_INVALID_ARGUMENT, "radius NaN");
    CHECK(gk_geofence_monitor_add(ctx, m, 8, 91, HB_LON, 10) == GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(gk_geofence_monitor_count(m) == 2, "count %u", (unsigned)gk_geofence_monitor_count(m));
    CHECK(gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_DWELL_SECONDS, 5) == GK_ERR_MISUSE, "options after a fence");

    /* Walk east through both fences: 0 m, 50 m (both inside), then 150 m twice with
     * 10 m accuracy (outside 100 m + 10 m + 20 m: one fix confirms? no, two), then 2 km. */
    east(ctx, 0, &lat, &lon);
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 1000, 5, &n) == GK_OK && n == 2, "first fix inside: %u events", (unsigned)n);
    CHECK(gk_geofence_monitor_inside(ctx, m, &inside) == GK_OK && inside == 1, "inside");
    east(ctx, 50, &lat, &lon);
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 1060, NAN, &n) == GK_OK && n == 2, "dwell after 60 s: %u", (unsigned)n);
    east(ctx, 150, &lat, &lon);
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 1061, 10, &n) == GK_OK && n == 0, "one fix out: no exit yet");
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 1062, 10, &n) == GK_OK && n == 1, "second fix out: exit");
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 1061.5, 10, &n) == GK_ERR_ORDER, "out of time order");
    CHECK(strstr(gk_context_errmsg(ctx), "1061.5") != NULL, "order message: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_pending_events(m) == 5, "pending %u", (unsigned)gk_geofence_monitor_pending_events(m));

    /* Read in chunks of two. */
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 2, &got) == GK_OK && got == 2, "chunk 1");
    CHECK(kinds[0] == GK_GEOFENCE_ENTER && ids[0] == 7 && times[0] == 1000, "enter 7 at 1000: %d %lld %g", kinds[0], (long long)ids[0], times[0]);
    CHECK(kinds[1] == GK_GEOFENCE_ENTER && ids[1] == -3, "enter -3: %d %lld", kinds[1], (long long)ids[1]);
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, NULL, 2, &got) == GK_OK && got == 2, "chunk 2");
    CHECK(kinds[0] == GK_GEOFENCE_DWELL && ids[0] == 7 && kinds[1] == GK_GEOFENCE_DWELL && ids[1] == -3, "dwells");
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 8, &got) == GK_OK && got == 1, "chunk 3");
    CHECK(kinds[0] == GK_GEOFENCE_EXIT && ids[0] == 7 && times[0] == 1062, "exit 7 at 1062");
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 8, &got) == GK_OK && got == 0, "queue empty");

    /* Queries: inside -3 (1 km) only; 150 m east lies in -3 only; the centre in both. */
    CHECK(gk_geofence_monitor_inside_ids(ctx, m, ids, 8, &got) == GK_OK && got == 1 && ids[0] == -3, "inside ids");
    ids[0] = 12345;
    CHECK(gk_geofence_monitor_containing(ctx, m, HB_LAT, HB_LON, ids, 1, &got) == GK_ERR_BUFFER_TOO_SMALL && got == 2,
          "buffer too small gives the needed count: %u", (unsigned)got);
    CHECK(ids[0] == 12345, "nothing is written when the ids do not fit");
    CHECK(gk_geofence_monitor_containing(ctx, m, HB_LAT, HB_LON, NULL, 0, &got) == GK_ERR_BUFFER_TOO_SMALL && got == 2, "count only");
    CHECK(gk_geofence_monitor_containing(ctx, m, HB_LAT, HB_LON, ids, 8, &got) == GK_OK && got == 2 && ids[0] == 7 && ids[1] == -3, "containing");
    CHECK(gk_geofence_monitor_containing(ctx, m, lat, lon, ids, 8, &got) == GK_OK && got == 1 && ids[0] == -3, "150 m east");

    CHECK(gk_geofence_monitor_remove(ctx, m, -3) == GK_OK, "remove");
    CHECK(gk_geofence_monitor_remove(ctx, m, -3) == GK_ERR_NOT_FOUND, "remove twice");
    CHECK(gk_geofence_monitor_inside(ctx, m, &inside) == GK_OK && inside == 0, "removed fence: no longer inside");

    /* Misuse. */
    CHECK(gk_geofence_monitor_update(ctx, NULL, lat, lon, 2000, 1, NULL) == GK_ERR_MISUSE, "NULL monitor");
    CHECK(gk_geofence_monitor_update(NULL, m, lat, lon, 2000, 1, NULL) == GK_ERR_MISUSE, "NULL context");
    CHECK(gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 8, NULL) == GK_ERR_MISUSE, "NULL out_count");
    CHECK(gk_geofence_monitor_update(ctx, m, lat, lon, 2000, -1, NULL) == GK_ERR_INVALID_ARGUMENT, "negative accuracy");
    CHECK(gk_geofence_monitor_count(NULL) == 0 && gk_geofence_monitor_pending_events(NULL) == 0, "NULL counts");
    for (i = 0; i < 8; ++i) kinds[i] = 0;
    gk_geofence_monitor_destroy(m);
    gk_geofence_monitor_destroy(NULL);
}

/* A walk fed as one interleaved batch {lat, lon, accuracy, time}, and the events checked
 * against a plain haversine loop with the raw rules (one fix confirms, no margins). */
struct gf_fix { double lat, lon, t, acc; };
#define GF_FENCES 400
#define GF_FIXES 3000

static void test_batch_against_loop(gk_context *ctx) {
    static struct gf_fix fixes[GF_FIXES];
    static double flat[GF_FENCES], flon[GF_FENCES], frad[GF_FENCES];
    static int state[GF_FENCES];
    gk_geofence_monitor *m = NULL;
    double lat = HB_LAT, lon = HB_LON, heading = 0;
    size_t i, k, n = 0, got = 0, expected = 0, mismatches = 0, contained = 0;
    int kinds[64];
    int64_t ids[64];
    double times[64];

    gk_geofence_monitor_create(ctx, &m);
    gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_HYSTERESIS_M, 0);
    gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_EXIT_FIXES, 1);
    gk_geofence_monitor_set_option(ctx, m, GK_GEOFENCE_OPT_DWELL_SECONDS, INFINITY);
    for (k = 0; k < GF_FENCES; ++k) {
        gk_destination(ctx, HB_LAT, HB_LON, gf_uniform(0, 360), gf_uniform(0, 3000), &flat[k], &flon[k]);
        frad[k] = gf_uniform(20, 500);
        state[k] = 0;
        CHECK(gk_geofence_monitor_add(ctx, m, (int64_t)k * 1000, flat[k], flon[k], frad[k]) == GK_OK, "add %u", (unsigned)k);
    }
    for (i = 0; i < GF_FIXES; ++i) {
        heading += gf_uniform(-30, 30);
        gk_destination(ctx, lat, lon, heading, gf_uniform(0, 12), &lat, &lon);
        fixes[i].lat = lat; fixes[i].lon = lon; fixes[i].acc = 0; fixes[i].t = 100.0 + (double)i;
    }
    CHECK(gk_geofence_monitor_update_batch(ctx, m, &fixes[0].lat, &fixes[0].lon, &fixes[0].t, &fixes[0].acc,
                                           GF_FIXES, sizeof(struct gf_fix), &n) == GK_OK, "batch: %s", gk_context_errmsg(ctx));
    CHECK(n > 20 && gk_geofence_monitor_pending_events(m) == n, "batch events %u", (unsigned)n);

    /* The same rules by hand: exits, then enters, each in fence order. */
    for (i = 0; i < GF_FIXES; ++i) {
        int pass;
        for (pass = 0; pass < 2; ++pass) {
            for (k = 0; k < GF_FENCES; ++k) {
                double d = 0;
                int kind = 0;
                gk_haversine(ctx, flat[k], flon[k], fixes[i].lat, fixes[i].lon, &d);
                if (pass == 0 && state[k] && d > frad[k]) kind = GK_GEOFENCE_EXIT;
                if (pass == 1 && !state[k] && d <= frad[k]) kind = GK_GEOFENCE_ENTER;
                if (!kind) continue;
                state[k] = kind == GK_GEOFENCE_ENTER;
                ++expected;
                if (gk_geofence_monitor_read_events(ctx, m, kinds, ids, times, 1, &got) != GK_OK || got != 1 ||
                    kinds[0] != kind || ids[0] != (int64_t)k * 1000 || times[0] != fixes[i].t)
                    ++mismatches;
            }
        }
    }
    CHECK(expected == n && mismatches == 0, "events vs loop: %u expected, %u mismatches", (unsigned)expected, (unsigned)mismatches);

    /* Which fences contain a point, against the loop. */
    for (i = 0; i < 50; ++i) {
        double plat = 0, plon = 0;
        size_t want = 0, j = 0;
        int same = 1;
        gk_destination(ctx, HB_LAT, HB_LON, gf_uniform(0, 360), gf_uniform(0, 3000), &plat, &plon);
        CHECK(gk_geofence_monitor_containing(ctx, m, plat, plon, ids, 64, &got) == GK_OK, "containing");
        for (k = 0; k < GF_FENCES; ++k) {
            double d = 0;
            gk_haversine(ctx, flat[k], flon[k], plat, plon, &d);
            if (d <= frad[k]) { if (j >= got || ids[j] != (int64_t)k * 1000) same = 0; ++j; ++want; }
        }
        contained += want;
        CHECK(same && want == got, "containing at point %u: %u vs %u", (unsigned)i, (unsigned)got, (unsigned)want);
    }
    CHECK(contained > 20, "points fall in fences (%u)", (unsigned)contained);

    /* A batch with a fix out of order is refused whole. */
    fixes[1].t = fixes[0].t + 1e6; fixes[2].t = fixes[0].t + 1e6 - 1;
    n = 99;
    CHECK(gk_geofence_monitor_update_batch(ctx, m, &fixes[0].lat, &fixes[0].lon, &fixes[0].t, NULL, 3,
                                           sizeof(struct gf_fix), &n) == GK_ERR_ORDER, "batch out of order");
    CHECK(strstr(gk_context_errmsg(ctx), "fixes[0]") != NULL, "names the fix: %s", gk_context_errmsg(ctx));
    CHECK(gk_geofence_monitor_update_batch(ctx, m, &fixes[0].lat, &fixes[0].lon, &fixes[0].t, NULL, 3, 4, &n)
          == GK_ERR_INVALID_ARGUMENT, "stride 4");
    gk_geofence_monitor_destroy(m);
}

void test_geofence(gk_context *ctx) {
    test_rules_and_events(ctx);
    test_batch_against_loop(ctx);
}
