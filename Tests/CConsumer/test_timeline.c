/* C consumer: the timeline section — stop detection (gk_timeline) and the tracking policy
 * (gk_tracking_policy), fed fix by fix and in batches of structs, with the error paths. */
#include "consumer.h"

void test_timeline(gk_context *ctx);

/* Metres north of (47 N, 8 E) as a latitude on the timeline's sphere (R = 6 371 000 m). */
static double north_lat(double metres) { return 47.0 + metres / (6371000.0 * GK_TEST_PI / 180.0); }

struct fix { double lat, lon, time, accuracy; };

static void test_detector_stream(gk_context *ctx) {
    gk_timeline *tl = NULL;
    double lat[4], lon[4], arrival[4], departure[4], start = 0, end = 0, dist = 0;
    size_t fix_count[4], n = 0, placemarks = 0, stored = 0, ignored = 0, repeated = 0;
    int i;

    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &tl) == GK_OK, "create: %s", gk_context_errmsg(ctx));
    /* One fix on the way, seven minutes at the origin, then 300 m north. */
    CHECK(gk_timeline_add(ctx, tl, north_lat(-400), 8.0, 0, NAN, &placemarks) == GK_OK, "add");
    for (i = 0; i < 7; ++i)
        CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 60.0 + 60 * i, 12.0, &placemarks) == GK_OK, "add %d", i);
    CHECK(placemarks == 0, "no placemark before leaving: %zu", placemarks);
    CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 420, 12.0, &placemarks) == GK_OK, "an exact repeat is accepted");
    CHECK(gk_timeline_add(ctx, tl, north_lat(300), 8.0, 480, 12.0, &placemarks) == GK_OK, "leave");
    CHECK(placemarks == 1, "the fix that leaves closes the placemark: %zu", placemarks);

    /* Out of order, bad values, NULL: errors, and the detector is unchanged. */
    CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 100, NAN, NULL) == GK_ERR_ORDER, "order");
    CHECK(strstr(gk_context_errmsg(ctx), "earlier") != NULL, "order message: %s", gk_context_errmsg(ctx));
    CHECK(gk_timeline_add(ctx, tl, 91.0, 8.0, 500, NAN, NULL) == GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 500, -3.0, NULL) == GK_ERR_INVALID_ARGUMENT, "negative accuracy");
    CHECK(gk_timeline_add(NULL, tl, 47.0, 8.0, 500, NAN, NULL) == GK_ERR_MISUSE, "NULL context");
    CHECK(gk_timeline_add(ctx, NULL, 47.0, 8.0, 500, NAN, NULL) == GK_ERR_MISUSE, "NULL timeline");

    /* Reading with too small a buffer says how much is needed. */
    CHECK(gk_timeline_placemarks(ctx, tl, NULL, NULL, NULL, NULL, NULL, 0, &n) == GK_ERR_BUFFER_TOO_SMALL, "capacity 0");
    CHECK(n == 1, "needed %zu", n);
    CHECK(gk_timeline_placemarks(ctx, tl, lat, lon, arrival, departure, fix_count, 4, NULL) == GK_ERR_MISUSE, "NULL out_count");
    CHECK(gk_timeline_placemarks(ctx, tl, lat, lon, arrival, departure, fix_count, 4, &n) == GK_OK, "placemarks");
    CHECK(n == 1 && arrival[0] == 60 && departure[0] == 480 && fix_count[0] == 7,
          "placemark %zu: %g..%g, %zu fixes", n, arrival[0], departure[0], fix_count[0]);
    CHECK_CLOSE(lat[0], 47.0, 1e-12, "placemark latitude");
    CHECK_CLOSE(lon[0], 8.0, 1e-12, "placemark longitude");

    /* The transit before the first place, and the move leaving it (unknown until finished). */
    CHECK(gk_timeline_transit(ctx, tl, -1, lat, lon, arrival, 4, &n) == GK_OK && n == 1 && arrival[0] == 0,
          "fixes before the first placemark: %zu", n);
    CHECK(gk_timeline_move(ctx, tl, -1, &start, &end, &dist) == GK_OK, "move before");
    CHECK(start == 0 && end == 60, "move before: %g..%g", start, end);
    CHECK_CLOSE(dist, 400, 1e-6, "move before: metres");
    CHECK(gk_timeline_move(ctx, tl, 0, &start, &end, &dist) == GK_ERR_NOT_FOUND, "move leaving 0 not known yet");
    CHECK(gk_timeline_transit(ctx, tl, 5, lat, lon, arrival, 4, &n) == GK_ERR_NOT_FOUND, "index 5");

    CHECK(gk_timeline_add(ctx, tl, north_lat(600), 8.0, 540, 12.0, NULL) == GK_OK, "walk on");
    CHECK(gk_timeline_finish(ctx, tl, 0, &placemarks) == GK_OK && placemarks == 1, "finish");
    CHECK(gk_timeline_transit(ctx, tl, 0, lat, lon, arrival, 4, &n) == GK_OK && n == 2, "fixes leaving 0: %zu", n);
    CHECK(arrival[0] == 480 && arrival[1] == 540, "their times %g %g", arrival[0], arrival[1]);
    CHECK(gk_timeline_move(ctx, tl, 0, &start, &end, &dist) == GK_OK && start == 480 && end == 540, "move after");
    CHECK_CLOSE(dist, 600, 1e-6, "move after: metres from the place through both fixes");
    CHECK(gk_timeline_add(ctx, tl, 47.0, 8.0, 600, NAN, NULL) == GK_ERR_MISUSE, "no fixes after finish");
    CHECK(gk_timeline_fix_counts(ctx, tl, &stored, &ignored, &repeated) == GK_OK, "counts");
    CHECK(stored == 10 && ignored == 0 && repeated == 1, "stored %zu ignored %zu repeated %zu", stored, ignored, repeated);
    gk_timeline_destroy(tl);
}

static void test_detector_batch(gk_context *ctx) {
    /* An array of the caller's own structs, read with a stride: two stays, the second open. */
    struct fix fixes[20];
    gk_timeline *tl = NULL;
    double arrival[4], departure[4];
    size_t n = 0, placemarks = 0, ignored = 0;
    int i;
    for (i = 0; i < 20; ++i) {
        fixes[i].lat = i < 10 ? 47.0 : north_lat(500);
        fixes[i].lon = 8.0;
        fixes[i].time = 60.0 * i;
        fixes[i].accuracy = i == 4 ? 900.0 : 15.0; /* one bad fix, ignored by the preset */
    }
    fixes[4].lat = north_lat(2000);
    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRAVEL_DIARY, &tl) == GK_OK, "create travel diary");
    CHECK(gk_timeline_add_batch(ctx, tl, &fixes[0].lat, &fixes[0].lon, &fixes[0].time, &fixes[0].accuracy, 20,
                                sizeof(struct fix), &placemarks) == GK_OK, "batch: %s", gk_context_errmsg(ctx));
    CHECK(placemarks == 0, "10 minutes is not a travel-diary stay: %zu", placemarks);
    CHECK(gk_timeline_finish(ctx, tl, 1, &placemarks) == GK_OK, "finish");
    CHECK(placemarks == 0, "nor is the open one: %zu", placemarks);
    gk_timeline_fix_counts(ctx, tl, NULL, &ignored, NULL);
    CHECK(ignored == 1, "ignored %zu", ignored);
    gk_timeline_destroy(tl);

    CHECK(gk_timeline_create_custom(ctx, 100, 300, INFINITY, 160, &tl) == GK_OK, "custom");
    CHECK(gk_timeline_add_batch(ctx, tl, &fixes[0].lat, &fixes[0].lon, &fixes[0].time, &fixes[0].accuracy, 20,
                                sizeof(struct fix), NULL) == GK_OK, "batch");
    CHECK(gk_timeline_finish(ctx, tl, 1, &placemarks) == GK_OK && placemarks == 2, "two stays: %zu", placemarks);
    CHECK(gk_timeline_placemarks(ctx, tl, NULL, NULL, arrival, departure, NULL, 4, &n) == GK_OK && n == 2, "read");
    CHECK(arrival[0] == 0 && departure[0] == 600 && arrival[1] == 600 && departure[1] == 1140,
          "stays %g..%g, %g..%g (open)", arrival[0], departure[0], arrival[1], departure[1]);
    gk_timeline_destroy(tl);

    /* A bad fix in a batch is named; the ones before it were added. */
    fixes[7].time = 5;
    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &tl) == GK_OK, "create");
    CHECK(gk_timeline_add_batch(ctx, tl, &fixes[0].lat, &fixes[0].lon, &fixes[0].time, NULL, 20, sizeof(struct fix),
                                NULL) == GK_ERR_ORDER, "batch out of order");
    CHECK(strstr(gk_context_errmsg(ctx), "fix 7") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_timeline_add_batch(ctx, tl, &fixes[0].lat, &fixes[0].lon, &fixes[0].time, NULL, 20, 4, NULL) ==
              GK_ERR_INVALID_ARGUMENT, "stride 4");
    gk_timeline_destroy(tl);

    CHECK(gk_timeline_create(ctx, 42, &tl) == GK_ERR_INVALID_ARGUMENT, "unknown preset");
    CHECK(gk_timeline_create_custom(ctx, -1, 300, 900, 160, &tl) == GK_ERR_INVALID_ARGUMENT, "negative distance");
    CHECK(strstr(gk_context_errmsg(ctx), "distance") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, NULL) == GK_ERR_MISUSE, "NULL out");
    gk_timeline_destroy(NULL);
}

static void test_policy(gk_context *ctx) {
    gk_tracking_policy *p = NULL;
    int state = 0;
    double accuracy = 0;
    CHECK(gk_tracking_policy_create(ctx, "{\"Speed\": 3}", &p) == GK_ERR_PARSE, "unknown key");
    CHECK(strstr(gk_context_errmsg(ctx), "Speed") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_tracking_policy_create(ctx, "{\"FastSpeedKmh\": -80}", &p) == GK_ERR_PARSE, "negative");
    CHECK(strstr(gk_context_errmsg(ctx), "FastSpeedKmh") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_tracking_policy_create(ctx, "{\"ActivelyMovingSeconds\": \"20\"}", &p) == GK_ERR_PARSE, "string");
    CHECK(gk_tracking_policy_create(ctx, "{oops", &p) == GK_ERR_PARSE, "malformed");
    CHECK(gk_tracking_policy_create(ctx, NULL, &p) == GK_ERR_MISUSE, "NULL json");

    CHECK(gk_tracking_policy_create(ctx, "{\"StoppedMovingStationarySeconds\": 300}", &p) == GK_OK, "create");
    CHECK(gk_tracking_policy_state(ctx, p, &state, &accuracy) == GK_OK, "state");
    CHECK(state == GK_TRACKING_STOPPED && accuracy == 100, "starts stopped at 100 m: %d %g", state, accuracy);
    gk_tracking_policy_add_fix(ctx, p, 47.0, 8.0, 0, 20, &state);
    gk_tracking_policy_add_activity(ctx, p, GK_ACTIVITY_STATIONARY, 0, &state);
    CHECK(gk_tracking_policy_advance(ctx, p, 299, &state) == GK_OK && state == GK_TRACKING_STOPPED, "299 s");
    CHECK(gk_tracking_policy_advance(ctx, p, 300, &state) == GK_OK && state == GK_TRACKING_NOT_MOVING, "300 s: %d", state);
    gk_tracking_policy_state(ctx, p, NULL, &accuracy);
    CHECK(accuracy == 3000, "not moving asks for 3 km: %g", accuracy);
    gk_tracking_policy_add_activity(ctx, p, GK_ACTIVITY_WALKING, 400, &state);
    CHECK(gk_tracking_policy_advance(ctx, p, 420, &state) == GK_OK && state == GK_TRACKING_STOPPED, "walking: %d", state);
    CHECK(gk_tracking_policy_add_fix(ctx, p, north_lat(260), 8.0, 430, 8, &state) == GK_OK, "fix");
    CHECK(state == GK_TRACKING_ACTIVELY_MOVING, "260 m away: %d", state);
    CHECK(gk_tracking_policy_add_activity(ctx, p, 9, 440, &state) == GK_ERR_INVALID_ARGUMENT, "activity 9");
    CHECK(gk_tracking_policy_add_fix(ctx, p, 47.0, 8.0, 10, NAN, &state) == GK_ERR_ORDER, "order");
    CHECK(gk_tracking_policy_state(ctx, p, &state, NULL) == GK_OK && state == GK_TRACKING_ACTIVELY_MOVING, "unchanged");
    CHECK(gk_tracking_policy_state(ctx, NULL, &state, NULL) == GK_ERR_MISUSE, "NULL policy");
    gk_tracking_policy_destroy(p);
    gk_tracking_policy_destroy(NULL);
}

void test_timeline(gk_context *ctx) {
    test_detector_stream(ctx);
    test_detector_batch(ctx);
    test_policy(ctx);
}
