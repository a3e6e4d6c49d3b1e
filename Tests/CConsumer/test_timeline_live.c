/* C consumer: the timeline live section — the queue of live stay events (arrived, updated,
 * departed, cancelled) and the cleaning stage, with the error paths. */
#include "consumer.h"

void test_timeline_live(gk_context *ctx);

static double live_north_lat(double metres) { return 47.0 + metres / (6371000.0 * GK_TEST_PI / 180.0); }

static void test_live_queue(gk_context *ctx) {
    gk_timeline *tl = NULL;
    int kinds[16];
    ptrdiff_t index[16];
    double lat[16], lon[16], arrival[16], when[16], plat = 0, plon = 0;
    size_t fixes[16], n = 0, placemarks = 0, total = 0;
    int i;

    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &tl) == GK_OK, "create");
    CHECK(gk_timeline_pending_events(tl) == 0, "empty queue");
    CHECK(gk_timeline_enable_events(ctx, tl) == GK_OK, "enable: %s", gk_context_errmsg(ctx));
    /* Eight minutes at the origin (a fix a minute), then 500 m north. */
    for (i = 0; i < 8; ++i)
        CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 60.0 * i, 10.0, &placemarks) == GK_OK, "add %d", i);
    CHECK(gk_timeline_pending_events(tl) == 3, "arrived at 300 s, updated at 360 and 420 s: %zu",
          gk_timeline_pending_events(tl));
    /* Read in two chunks: the queue keeps what does not fit. */
    CHECK(gk_timeline_read_events(ctx, tl, kinds, index, lat, lon, arrival, when, fixes, 1, &n) == GK_OK, "read 1");
    CHECK(n == 1 && kinds[0] == GK_TIMELINE_ARRIVED && when[0] == 300.0 && arrival[0] == 0.0 && fixes[0] == 6,
          "arrival as soon as established: kind %d at %g, %zu fixes", kinds[0], when[0], fixes[0]);
    CHECK(index[0] == 0, "the first placemark's index");
    CHECK_CLOSE(lat[0], 47.0, 1e-12, "provisional latitude");
    total = n;
    CHECK(gk_timeline_add(ctx, tl, live_north_lat(500), 8.0, 480.0, 10.0, &placemarks) == GK_OK, "leave");
    CHECK(placemarks == 1, "one placemark");
    CHECK(gk_timeline_read_events(ctx, tl, kinds, index, lat, lon, arrival, when, fixes, 16, &n) == GK_OK, "read 2");
    total += n;
    CHECK(n == 3 && kinds[0] == GK_TIMELINE_UPDATED && kinds[1] == GK_TIMELINE_UPDATED
          && kinds[2] == GK_TIMELINE_DEPARTED, "updated, updated, departed (%zu events)", n);
    CHECK(when[2] == 480.0 && fixes[2] == 8, "departure at the first fix outside (trackintel): %g", when[2]);
    CHECK(gk_timeline_placemarks(ctx, tl, &plat, &plon, NULL, NULL, NULL, 1, &n) == GK_OK && n == 1, "placemarks");
    CHECK(plat == lat[2] && plon == lon[2], "the departed event carries the placemark's location");
    CHECK(total == 4, "four events in all");
    /* Too late to enable events or cleaning; NULLs are refused. */
    CHECK(gk_timeline_enable_events(ctx, tl) == GK_ERR_MISUSE, "enable after the first fix");
    CHECK(gk_timeline_set_cleaning(ctx, tl, 50.0, 100.0) == GK_ERR_MISUSE, "cleaning after the first fix");
    CHECK(gk_timeline_read_events(ctx, tl, kinds, NULL, NULL, NULL, NULL, NULL, NULL, 16, NULL) == GK_ERR_MISUSE,
          "NULL out_count");
    CHECK(gk_timeline_read_events(ctx, NULL, kinds, NULL, NULL, NULL, NULL, NULL, NULL, 16, &n) == GK_ERR_MISUSE,
          "NULL timeline");
    CHECK(gk_timeline_pending_events(NULL) == 0, "NULL pending");
    /* An open stay at the end is cancelled unless asked for. */
    for (i = 0; i < 6; ++i)
        CHECK(gk_timeline_add(ctx, tl, live_north_lat(500), 8.0, 540.0 + 60.0 * i, 10.0, NULL) == GK_OK, "stay 2");
    CHECK(gk_timeline_finish(ctx, tl, 0, &placemarks) == GK_OK, "finish");
    CHECK(gk_timeline_read_events(ctx, tl, kinds, index, NULL, NULL, NULL, when, NULL, 16, &n) == GK_OK, "read 3");
    CHECK(n >= 2 && kinds[0] == GK_TIMELINE_ARRIVED && kinds[n - 1] == GK_TIMELINE_CANCELLED && index[n - 1] == 1,
          "the second stay is announced, then cancelled at the end (%zu events)", n);
    gk_timeline_destroy(tl);
}

static void test_cleaning(gk_context *ctx) {
    gk_timeline *tl = NULL;
    size_t stored = 0;
    int i;

    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TIMELY_MOVES, &tl) == GK_OK, "create");
    CHECK(gk_timeline_set_cleaning(ctx, tl, 0.0, 100.0) == GK_ERR_INVALID_ARGUMENT, "speed 0");
    CHECK(gk_timeline_set_cleaning(ctx, tl, 50.0, NAN) == GK_ERR_INVALID_ARGUMENT, "NaN accuracy limit");
    CHECK(strstr(gk_context_errmsg(ctx), "accuracy") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_timeline_set_cleaning(ctx, tl, 50.0, 100.0) == GK_OK, "standard cleaning");
    /* A walk north 5 m/s with one fix 2 km away after 5 s: dropped before the detector. */
    for (i = 0; i < 10; ++i) {
        double north = (i == 5) ? 2000.0 + 25.0 * i : 25.0 * i;
        CHECK(gk_timeline_add(ctx, tl, live_north_lat(north), 8.0, 5.0 * i, 10.0, NULL) == GK_OK, "add %d", i);
    }
    CHECK(gk_timeline_fix_counts(ctx, tl, &stored, NULL, NULL) == GK_OK, "counts");
    CHECK(stored == 9, "the teleport is not stored: %zu", stored);
    gk_timeline_destroy(tl);

    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TIMELY_MOVES_SEED, &tl) == GK_OK, "the seed's preset");
    gk_timeline_destroy(tl);
    CHECK(gk_timeline_create(ctx, 5, &tl) == GK_ERR_INVALID_ARGUMENT, "unknown preset");
}

static void test_rules(gk_context *ctx) {
    gk_timeline *tl = NULL, *plain = NULL;
    size_t placemarks = 9, plain_placemarks = 9;
    double t[4] = {0.0, 30.0, 630.0, 660.0}, north[4] = {-300.0, 0.0, 2300.0, 2600.0};
    int i;

    /* One fix, ten minutes of silence, then 2.3 km away: trackintel's rule makes a one-fix
     * "stay"; with signal gaps and the departure at the last fix inside there is none. */
    CHECK(gk_timeline_create_custom(ctx, 50.0, 180.0, INFINITY, INFINITY, &tl) == GK_OK, "create");
    CHECK(gk_timeline_create_custom(ctx, 50.0, 180.0, INFINITY, INFINITY, &plain) == GK_OK, "create plain");
    CHECK(gk_timeline_set_rules(ctx, tl, 120.0, 3, GK_TIMELINE_ANCHOR_FIRST_FIX) == GK_ERR_INVALID_ARGUMENT, "unknown departure rule");
    CHECK(gk_timeline_set_rules(ctx, tl, NAN, GK_TIMELINE_DEPART_LAST_INSIDE, GK_TIMELINE_ANCHOR_FIRST_FIX) == GK_ERR_INVALID_ARGUMENT, "NaN gap");
    CHECK(gk_timeline_set_rules(ctx, tl, 120.0, GK_TIMELINE_DEPART_LAST_INSIDE, 0) == GK_ERR_INVALID_ARGUMENT, "anchor 0");
    CHECK(gk_timeline_set_rules(ctx, tl, 120.0, GK_TIMELINE_DEPART_LAST_INSIDE, 4) == GK_ERR_INVALID_ARGUMENT, "anchor 4");
    CHECK(gk_timeline_set_rules(ctx, tl, 120.0, GK_TIMELINE_DEPART_LAST_INSIDE,
                                GK_TIMELINE_ANCHOR_CENTROID_ONCE_ESTABLISHED) == GK_OK, "rules: %s",
          gk_context_errmsg(ctx));
    for (i = 0; i < 4; ++i) {
        CHECK(gk_timeline_add(ctx, tl, live_north_lat(north[i]), 8.0, t[i], 5.0, &placemarks) == GK_OK, "add %d", i);
        CHECK(gk_timeline_add(ctx, plain, live_north_lat(north[i]), 8.0, t[i], 5.0, &plain_placemarks) == GK_OK, "add");
    }
    CHECK(placemarks == 0, "no one-fix stay across the gap: %zu", placemarks);
    CHECK(plain_placemarks == 1, "trackintel's rule: a one-fix stay: %zu", plain_placemarks);
    CHECK(gk_timeline_set_rules(ctx, tl, 120.0, GK_TIMELINE_DEPART_FIRST_OUTSIDE, GK_TIMELINE_ANCHOR_FIRST_FIX) == GK_ERR_MISUSE, "after a fix");
    gk_timeline_destroy(tl);
    gk_timeline_destroy(plain);
}

/* With or without live events a timeline keeps the same diary: a seeded walk of stays and
 * trips (3 000 fixes) gives identical placemarks, moves and transit fixes both ways. */
static void test_events_change_nothing(gk_context *ctx) {
    gk_timeline *tl[2] = {NULL, NULL};
    static double plat[2][400], plon[2][400], parr[2][400], pdep[2][400];
    static size_t pfix[2][400];
    static double tlat[2][3000], tlon[2][3000], tt[2][3000];
    size_t count[2] = {0, 0}, moved[2] = {0, 0};
    unsigned long long seed = 12345;
    double lat = 47.0, lon = 8.0, t = 0.0;
    int k, i;

    for (k = 0; k < 2; ++k) {
        CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &tl[k]) == GK_OK, "create %d", k);
        if (k == 1) CHECK(gk_timeline_enable_events(ctx, tl[k]) == GK_OK, "enable events");
    }
    for (i = 0; i < 3000; ++i) {
        double r = gk_test_uniform(&seed, 0.0, 1.0);
        if ((i / 40) % 2 == 1) { lat += 5e-4 + 5e-4 * r; lon += 3e-4 * r; }  /* trips */
        else { lat += (r - 0.5) * 2e-5; }                                     /* stays */
        t += 10.0 + 50.0 * r;
        for (k = 0; k < 2; ++k) CHECK(gk_timeline_add(ctx, tl[k], lat, lon, t, 10.0, NULL) == GK_OK, "add %d", i);
    }
    for (k = 0; k < 2; ++k) {
        CHECK(gk_timeline_finish(ctx, tl[k], 1, NULL) == GK_OK, "finish %d", k);
        CHECK(gk_timeline_placemarks(ctx, tl[k], plat[k], plon[k], parr[k], pdep[k], pfix[k], 400, &count[k]) == GK_OK,
              "placemarks %d: %s", k, gk_context_errmsg(ctx));
        CHECK(gk_timeline_transit(ctx, tl[k], 3, tlat[k], tlon[k], tt[k], 3000, &moved[k]) == GK_OK, "transit %d", k);
    }
    CHECK(count[0] == count[1] && count[0] > 20, "the same placemarks: %zu and %zu", count[0], count[1]);
    for (i = 0; i < (int)count[0] && i < 400; ++i)
        CHECK(plat[0][i] == plat[1][i] && plon[0][i] == plon[1][i] && parr[0][i] == parr[1][i]
              && pdep[0][i] == pdep[1][i] && pfix[0][i] == pfix[1][i], "placemark %d equal", i);
    CHECK(moved[0] == moved[1] && moved[0] > 0, "the same move out of placemark 3: %zu and %zu", moved[0], moved[1]);
    for (i = 0; i < (int)moved[0]; ++i)
        CHECK(tlat[0][i] == tlat[1][i] && tlon[0][i] == tlon[1][i] && tt[0][i] == tt[1][i], "transit fix %d", i);
    CHECK(gk_timeline_pending_events(tl[1]) > 0 && gk_timeline_pending_events(tl[0]) == 0, "events only where enabled");
    for (k = 0; k < 2; ++k) gk_timeline_destroy(tl[k]);
}

void test_timeline_live(gk_context *ctx) {
    test_events_change_nothing(ctx);
    test_live_queue(ctx);
    test_cleaning(ctx);
    test_rules(ctx);
}
