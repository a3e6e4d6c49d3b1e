/* C consumer: travel modes of a timeline's moves (gk_timeline_legs): a hand-made day at
 * 1 Hz — home, a walk to the stop, a wait, a bus through town, a walk, work — gives the
 * move [walk, bus, walk]; motion activity, thresholds, road evidence from a matcher
 * (the town drive of docs/examples on its roads), bad input. */
#include "consumer.h"

#include <stddef.h>
#include <stdint.h>

void test_modes(gk_context *ctx);

/* Degrees per metre north and east at 47 N (sphere of mean radius). */
#define MD_LAT_PER_M (1.0 / 111195.08)
#define MD_LON_PER_M (1.0 / (111195.08 * 0.6819984))

typedef struct {
    gk_context *ctx;
    gk_timeline *tl;
    double t, north, east;
    unsigned long long seed;
    size_t fixes;
} md_day;

/* `seconds` at `speed` m/s heading north (dir 0) or east (dir 1), one fix a second. */
static void md_go(md_day *d, double seconds, double speed, int dir) {
    int i;
    for (i = 0; i < (int)seconds; ++i) {
        d->t += 1;
        if (dir == 0) d->north += speed; else d->east += speed;
        CHECK(gk_timeline_add(d->ctx, d->tl, 47 + (d->north + gk_test_uniform(&d->seed, -3, 3)) * MD_LAT_PER_M,
                              8 + (d->east + gk_test_uniform(&d->seed, -3, 3)) * MD_LON_PER_M, d->t, 5, NULL) == GK_OK,
              "fix at %g: %s", d->t, gk_context_errmsg(d->ctx));
        d->fixes++;
    }
}

static void test_roads(gk_context *ctx) {
    /* docs/examples/drive.csv's first fixes would need a CSV reader; instead a drive along
     * the town's Avenue de la Gare, north of pin A, on its roads. */
    gk_road_graph *graph = NULL;
    gk_matcher *matcher = NULL;
    gk_timeline *tl = NULL;
    gk_trip_leg legs[4];
    size_t n = 0;
    int i;
    if (gk_road_graph_build_osm(ctx, "docs/examples/town.osm", "car", &graph) != GK_OK) return; /* not in install-check's dir */
    CHECK(gk_matcher_create(ctx, graph, NULL, &matcher) == GK_OK, "matcher");
    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &tl) == GK_OK, "timeline");
    for (i = 0; i <= 120; ++i) {  /* 45.0027, 5.0003 eastwards at 8 m/s */
        CHECK(gk_timeline_add(ctx, tl, 45.0027, 5.0003 + i * 8 * (1.0 / (111195.08 * 0.7071)), i, 5, NULL) == GK_OK, "drive");
    }
    CHECK(gk_timeline_finish(ctx, tl, 0, NULL) == GK_OK, "finish");
    CHECK(gk_timeline_legs(ctx, tl, -1, NULL, legs, 4, &n) == GK_OK && n >= 1 && isnan(legs[0].road_share),
          "without roads: %zu legs, %s", n, gk_context_errmsg(ctx));
    CHECK(gk_timeline_legs(ctx, tl, -1, matcher, legs, 4, &n) == GK_OK && n >= 1 && legs[0].road_share >= 0
              && legs[0].road_share <= 1,
          "with roads: %zu legs, share %g, %s", n, n ? legs[0].road_share : -1, gk_context_errmsg(ctx));
    gk_timeline_destroy(tl);
    gk_matcher_destroy(matcher);
    gk_road_graph_destroy(graph);
}

void test_modes(gk_context *ctx) {
    md_day d;
    gk_trip_leg legs[8];
    size_t n = 0, placemarks = 0, count = 0;
    int b, i;
    static double lat[4096], lon[4096];

    CHECK(sizeof(gk_trip_leg) == 96 && offsetof(gk_trip_leg, first_fix) == 72 && offsetof(gk_trip_leg, mode) == 88,
          "struct gk_trip_leg layout");
    memset(&d, 0, sizeof d);
    d.ctx = ctx;
    d.seed = 41;
    CHECK(gk_timeline_create(ctx, GK_TIMELINE_TRACKINTEL, &d.tl) == GK_OK, "timeline");
    md_go(&d, 900, 0, 0);                   /* home: 15 min */
    md_go(&d, 300, 1.3, 0);                 /* the walk to the stop */
    md_go(&d, 180, 0, 0);                   /* the wait */
    for (b = 0; b < 10; ++b) {              /* the bus: 10 blocks of 400 m, a stop after each */
        md_go(&d, 400 / 11.0, 11, b % 2);
        md_go(&d, 25, 0, 0);
    }
    md_go(&d, 400, 1.4, 0);                 /* the walk to work */
    md_go(&d, 900, 0, 0);                   /* work */
    CHECK(gk_timeline_finish(ctx, d.tl, 1, &placemarks) == GK_OK && placemarks == 2, "%zu placemarks", placemarks);
    CHECK(gk_timeline_legs(ctx, d.tl, 0, NULL, NULL, 0, &n) == GK_ERR_BUFFER_TOO_SMALL && n == 3, "%zu legs", n);
    CHECK(gk_timeline_legs(ctx, d.tl, 0, NULL, legs, 8, &n) == GK_OK && n == 3, "legs: %s", gk_context_errmsg(ctx));
    CHECK(legs[0].mode == GK_TRAVEL_WALK && legs[1].mode == GK_TRAVEL_BUS && legs[2].mode == GK_TRAVEL_WALK,
          "modes %d %d %d", legs[0].mode, legs[1].mode, legs[2].mode);
    CHECK(gk_timeline_transit(ctx, d.tl, 0, lat, lon, NULL, 4096, &count) == GK_OK, "transit: %s", gk_context_errmsg(ctx));
    CHECK(legs[0].first_fix == 0 && legs[1].first_fix == legs[0].last_fix + 1 && legs[2].first_fix == legs[1].last_fix + 1
              && legs[2].last_fix + 1 == count,
          "legs cover the %zu fixes of the move", count);
    for (i = 0; i < 3; ++i) {
        CHECK(legs[i].confidence > 0.5 && legs[i].confidence <= 1 && legs[i].start_s < legs[i].end_s
                  && isnan(legs[i].road_share) && legs[i].reserved == 0,
              "leg %d: confidence %g", i, legs[i].confidence);
    }
    CHECK(legs[1].stops_per_km > 1.2 && legs[1].top_speed_mps > 9 && legs[1].top_speed_mps < 14,
          "the bus: %g stops/km, top %g m/s", legs[1].stops_per_km, legs[1].top_speed_mps);
    {
        /* The same fixes through gk_travel_modes (no timeline) give the same legs. */
        static double t[4096];
        gk_trip_leg again[8];
        size_t m = 0;
        const int walking = GK_ACTIVITY_WALKING;
        const double at = 0;
        CHECK(gk_timeline_transit(ctx, d.tl, 0, lat, lon, t, 4096, &count) == GK_OK, "transit");
        CHECK(gk_travel_modes(ctx, NULL, lat, lon, t, NULL, count, 8, NULL, NULL, 0, NULL, again, 8, &m) == GK_OK && m == 3,
              "gk_travel_modes: %zu legs, %s", m, gk_context_errmsg(ctx));
        for (i = 0; i < 3 && m == 3; ++i) {
            CHECK(again[i].mode == legs[i].mode && again[i].first_fix == legs[i].first_fix
                      && again[i].last_fix == legs[i].last_fix && again[i].distance_m == legs[i].distance_m,
                  "leg %d equal", i);
        }
        CHECK(gk_travel_modes(ctx, "{\"BusStopsPerKm\": 5}", lat, lon, t, NULL, count, 8, NULL, NULL, 0, NULL, again, 8, &m)
                  == GK_OK && m == 3 && again[1].mode == GK_TRAVEL_CAR, "thresholds");
        CHECK(gk_travel_modes(ctx, NULL, lat, lon, t, NULL, count, 8, &walking, &at, 1, NULL, again, 8, &m) == GK_OK
                  && m == 1 && again[0].mode == GK_TRAVEL_WALK, "walking all along: %zu legs", m);
        CHECK(gk_travel_modes(ctx, NULL, lat, lon, t, NULL, count, 8, &walking, NULL, 1, NULL, again, 8, &m)
                  == GK_ERR_MISUSE, "NULL activity times");
        CHECK(gk_travel_modes(ctx, "{\"Bus\": 5}", lat, lon, t, NULL, count, 8, NULL, NULL, 0, NULL, again, 8, &m)
                  == GK_ERR_PARSE, "unknown key");
        t[10] = t[9] - 1;
        CHECK(gk_travel_modes(ctx, NULL, lat, lon, t, NULL, count, 8, NULL, NULL, 0, NULL, again, 8, &m)
                  == GK_ERR_INVALID_ARGUMENT && strstr(gk_context_errmsg(ctx), "fix 10"), "order: %s", gk_context_errmsg(ctx));
        CHECK(gk_travel_modes(ctx, NULL, lat, lon, t, NULL, 0, 8, NULL, NULL, 0, NULL, NULL, 0, &m) == GK_OK && m == 0,
              "no fixes, no legs");
    }
    /* A stricter bus: at least 5 stops a kilometre; the ride becomes a car. */
    CHECK(gk_timeline_set_mode_thresholds(ctx, d.tl, "{\"BusStopsPerKm\": 5}") == GK_OK, "thresholds");
    CHECK(gk_timeline_legs(ctx, d.tl, 0, NULL, legs, 8, &n) == GK_OK && n == 3 && legs[1].mode == GK_TRAVEL_CAR,
          "strict bus: %d", legs[1].mode);
    CHECK(gk_timeline_set_mode_thresholds(ctx, d.tl, "{\"BusStops\": 5}") == GK_ERR_PARSE
              && strstr(gk_context_errmsg(ctx), "BusStops"), "unknown key: %s", gk_context_errmsg(ctx));
    CHECK(gk_timeline_set_mode_thresholds(ctx, d.tl, "{\"WalkTopSpeed\": 20}") == GK_ERR_INVALID_ARGUMENT,
          "walk faster than a bicycle refused");
    CHECK(gk_timeline_set_mode_thresholds(ctx, d.tl, NULL) == GK_ERR_MISUSE, "NULL json");
    CHECK(gk_timeline_set_mode_thresholds(ctx, d.tl, "{}") == GK_OK, "defaults again");
    /* Motion activity: "automotive" over the walk to work makes it part of the ride. */
    CHECK(gk_timeline_add_activity(ctx, d.tl, GK_ACTIVITY_AUTOMOTIVE, 900) == GK_OK, "activity");
    CHECK(gk_timeline_add_activity(ctx, d.tl, GK_ACTIVITY_WALKING, 800) == GK_ERR_ORDER, "activity out of order");
    CHECK(gk_timeline_add_activity(ctx, d.tl, 17, 2000) == GK_ERR_INVALID_ARGUMENT, "unknown activity");
    CHECK(gk_timeline_legs(ctx, d.tl, 0, NULL, legs, 8, &n) == GK_OK && n == 1 && legs[0].mode != GK_TRAVEL_WALK,
          "in a vehicle all along: %zu legs, mode %d", n, n ? legs[0].mode : -1);
    CHECK(gk_timeline_legs(ctx, d.tl, 1, NULL, legs, 8, &n) == GK_ERR_NOT_FOUND, "no move after work");
    CHECK(gk_timeline_legs(ctx, d.tl, 5, NULL, legs, 8, &n) == GK_ERR_NOT_FOUND, "no placemark 5");
    CHECK(gk_timeline_legs(ctx, NULL, 0, NULL, legs, 8, &n) == GK_ERR_MISUSE, "NULL timeline");
    gk_timeline_destroy(d.tl);
    test_roads(ctx);
}
