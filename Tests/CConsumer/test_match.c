/* C consumer: section "match" — a drive routed across Monaco (shared data), sampled every
 * 40 m with a seeded 8 m jitter, matched in one call and as a stream; the match follows
 * the route, the stream's final fixes equal the batch's; options, bad input and the
 * output rules. Skipped when the shared data is not there (install-check's temp dir). */
#include "consumer.h"

#include <stddef.h>
#include <stdint.h>

void test_match(gk_context *ctx);

#define MT_MAX 512

/* Samples the leg's geometry every `spacing` metres (equirectangular steps, fine at this
 * scale) into lat/lon/time; returns the count. */
static size_t mt_sample(const double *glat, const double *glon, size_t n, double spacing, double *lat, double *lon,
                        double *t, unsigned long long *seed) {
    size_t k = 0, i;
    double carried = 0;
    for (i = 0; i + 1 < n && k < MT_MAX; ++i) {
        double dy = (glat[i + 1] - glat[i]) * 111195.0;
        double dx = (glon[i + 1] - glon[i]) * 111195.0 * cos(glat[i] * GK_TEST_PI / 180);
        double len = sqrt(dx * dx + dy * dy), at = carried;
        while (at < len && k < MT_MAX) {
            double f = at / len;
            /* a jitter of up to 8 m each way */
            lat[k] = glat[i] + f * (glat[i + 1] - glat[i]) + gk_test_uniform(seed, -8, 8) / 111195.0;
            lon[k] = glon[i] + f * (glon[i + 1] - glon[i]) + gk_test_uniform(seed, -8, 8) / 80400.0;
            t[k] = 4.0 * (double)k;
            ++k;
            at += spacing;
        }
        carried = at - len;
    }
    return k;
}

static void test_options(gk_context *ctx, gk_road_graph *graph) {
    gk_match_options o;
    gk_matcher *m = NULL;
    memset(&o, 0xff, sizeof o);
    gk_match_options_init(&o);
    gk_match_options_init(NULL);
    CHECK(sizeof(gk_match_options) == 168 && offsetof(gk_match_options, maximum_outliers) == 124
              && offsetof(gk_match_options, dense_seconds) == 96 && offsetof(gk_match_options, pace) == 128
              && offsetof(gk_match_options, time_spread_slow) == 160,
          "struct gk_match_options layout");
    CHECK(sizeof(gk_matched_fix) == 48 && offsetof(gk_matched_fix, piece) == 44, "struct gk_matched_fix layout");
    CHECK(sizeof(gk_matched_piece) == 56 && offsetof(gk_matched_piece, road_count) == 48, "struct gk_matched_piece layout");
    CHECK(o.default_accuracy_m == 10 && o.minimum_sigma_m == 4 && o.maximum_radius_m == 200 && o.u_turn_penalty_m == 100
              && o.outlier_cost == 8 && o.dense_sigmas == 4 && o.dense_seconds == 5
              && o.maximum_candidates == 16 && o.maximum_outliers == 2 && o.beta_mps == 1 && o.pace == 1
              && o.pace_s == 20 && o.time_floor_s == 3 && o.time_spread_fast == 0.25 && o.time_spread_slow == 1,
          "defaults: %g %g %g %g %d %d", o.default_accuracy_m, o.minimum_sigma_m, o.maximum_radius_m,
          o.u_turn_penalty_m, o.maximum_candidates, o.maximum_outliers);
    o.maximum_candidates = 0;
    CHECK(gk_matcher_create(ctx, graph, &o, &m) == GK_ERR_INVALID_ARGUMENT && !m
              && strstr(gk_context_errmsg(ctx), "maximumCandidates"),
          "0 candidates refused: %s", gk_context_errmsg(ctx));
    gk_match_options_init(&o);
    o.beta_m = NAN;
    CHECK(gk_matcher_create(ctx, graph, &o, &m) == GK_ERR_INVALID_ARGUMENT && !m, "NaN beta refused");
    gk_match_options_init(&o);
    o.time_spread_fast = 0;
    CHECK(gk_matcher_create(ctx, graph, &o, &m) == GK_ERR_INVALID_ARGUMENT && !m
              && strstr(gk_context_errmsg(ctx), "timeSpreadFast"),
          "a zero time spread refused: %s", gk_context_errmsg(ctx));
    gk_match_options_init(&o);
    o.time_spread_fast = INFINITY;
    o.time_spread_slow = INFINITY;
    CHECK(gk_matcher_create(ctx, graph, &o, &m) == GK_OK && m, "no time term: %s", gk_context_errmsg(ctx));
    gk_matcher_destroy(m);
    m = NULL;
    CHECK(gk_matcher_create(ctx, NULL, NULL, &m) == GK_ERR_MISUSE && !m, "NULL graph");
    CHECK(gk_matcher_create(ctx, graph, NULL, NULL) == GK_ERR_MISUSE, "NULL out");
}

void test_match(gk_context *ctx) {
    char path[512];
    gk_road_graph *graph = NULL;
    gk_router *router = NULL;
    gk_route *route = NULL;
    gk_matcher *matcher = NULL;
    gk_match *match = NULL, *streamed = NULL;
    gk_match_stream *stream = NULL;
    static double glat[4096], glon[4096], lat[MT_MAX], lon[MT_MAX], t[MT_MAX];
    static gk_matched_fix fixes[MT_MAX], sfixes[MT_MAX], small[3];
    unsigned long long seed = 23;
    size_t gn = 0, n, count = 0, i, pending = 0, undecided = 0, forced = 0, got = 0, len = 0, name_len = 0, ref_len = 0;
    double leg_m = 0, total = 0;
    gk_matched_piece piece;
    int cls = -1;
    char name[256], ref[64], *json;

    if (!gk_test_shared_file(path, sizeof path, "osm/monaco.osm.pbf")) return;
    if (gk_road_graph_build_osm(ctx, path, "car", &graph) != GK_OK) {
        CHECK(0, "Monaco: %s", gk_context_errmsg(ctx));
        return;
    }
    test_options(ctx, graph);
    /* The truth: a route across the town. */
    CHECK(gk_router_create(ctx, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 200, &router) == GK_OK, "router");
    CHECK(gk_route_create_road(ctx, 2, router, &route) == GK_OK && gk_route_add_pin(ctx, route, 43.73945, 7.42790) == GK_OK
              && gk_route_add_pin(ctx, route, 43.72760, 7.41550) == GK_OK
              && gk_route_leg(ctx, route, 0, &leg_m, NULL, NULL) == GK_OK
              && gk_route_leg_geometry(ctx, route, 0, glat, glon, 4096, &gn) == GK_OK,
          "the true route: %s", gk_context_errmsg(ctx));
    gk_route_destroy(route);
    gk_router_destroy(router);
    n = mt_sample(glat, glon, gn, 40, lat, lon, t, &seed);
    CHECK(n > 30, "%zu fixes", n);

    CHECK(gk_matcher_create(ctx, graph, NULL, &matcher) == GK_OK, "matcher: %s", gk_context_errmsg(ctx));
    gk_road_graph_destroy(graph); /* the matcher keeps the graph's data */
    CHECK(gk_matcher_match(ctx, matcher, lat, lon, t, NULL, n, 8, &match) == GK_OK, "match: %s", gk_context_errmsg(ctx));
    CHECK(gk_match_fixes(ctx, match, fixes, MT_MAX, &count) == GK_OK && count == n, "fixes: %zu of %zu", count, n);
    for (i = 0; i < count; ++i) {
        CHECK(fixes[i].index == i && fixes[i].piece == 0 && fixes[i].edge != UINT32_MAX && fixes[i].distance_m < 20,
              "fix %zu: piece %d, edge %u, %g m off", i, fixes[i].piece, fixes[i].edge, fixes[i].distance_m);
    }
    CHECK(gk_match_piece_count(match) == 1 && gk_match_piece_count(NULL) == 0, "one piece");
    CHECK(gk_match_piece(ctx, match, 0, &piece) == GK_OK && piece.first_fix == 0 && piece.last_fix == n - 1
              && piece.confidence > 0.5 && piece.confidence <= 1 && piece.road_count >= 2,
          "piece: fixes %llu..%llu, confidence %g, %llu roads", (unsigned long long)piece.first_fix,
          (unsigned long long)piece.last_fix, piece.confidence, (unsigned long long)piece.road_count);
    /* The matched route runs from the first fix's point to the last: the true route less
     * the ends the samples leave out (under 40 m) and within the jitter. */
    CHECK(piece.length_m > leg_m - 80 && piece.length_m < leg_m + 20, "matched %g m of a %g m route", piece.length_m,
          leg_m);
    CHECK(gk_match_piece(ctx, match, 1, &piece) == GK_ERR_NOT_FOUND, "no piece 1");
    gk_match_piece(ctx, match, 0, &piece);
    for (i = 0; i < piece.road_count; ++i) {
        double road_m = 0;
        CHECK(gk_match_road(ctx, match, 0, i, &cls, &road_m, NULL, name, sizeof name, &name_len, ref, sizeof ref, &ref_len)
                  == GK_OK && cls >= GK_ROAD_MOTORWAY && cls <= GK_ROAD_OTHER && road_m > 0 && strlen(name) == name_len,
              "road %zu: class %d, %g m, %s", i, cls, road_m, gk_context_errmsg(ctx));
        total += road_m;
    }
    CHECK_CLOSE(total, piece.length_m, 1e-6 * piece.length_m, "the roads add up to the piece");
    CHECK(gk_match_road(ctx, match, 0, piece.road_count, &cls, NULL, NULL, name, sizeof name, &name_len, ref, sizeof ref,
                        &ref_len) == GK_ERR_NOT_FOUND, "no road past the last");
    CHECK(gk_match_road(ctx, match, 0, 0, NULL, NULL, NULL, NULL, 0, &name_len, NULL, 0, &ref_len)
              == GK_ERR_BUFFER_TOO_SMALL, "road name: the length asked");
    CHECK(gk_match_piece_geometry(ctx, match, 0, NULL, NULL, 0, &got) == GK_ERR_BUFFER_TOO_SMALL
              && got == piece.point_count, "geometry count %zu", got);
    CHECK(gk_match_fixes(ctx, match, small, 3, &got) == GK_ERR_BUFFER_TOO_SMALL && got == n, "fixes: too small");
    CHECK(gk_match_geojson(ctx, match, NULL, 0, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 100, "GeoJSON length %zu", len);
    json = malloc(len + 1);
    CHECK(json && gk_match_geojson(ctx, match, json, len + 1, &len) == GK_OK && strstr(json, "\"kind\":\"piece\""),
          "GeoJSON");
    free(json);

    /* The stream: every final fix equals the batch's; finish gives the whole match. */
    CHECK(gk_matcher_stream(ctx, matcher, 0, &stream) == GK_OK, "stream");
    count = 0;
    for (i = 0; i < n; ++i) {
        CHECK(gk_match_stream_add(ctx, stream, lat[i], lon[i], t[i], NAN, &pending) == GK_OK, "add %zu: %s", i,
              gk_context_errmsg(ctx));
        CHECK(gk_match_stream_read(ctx, stream, sfixes + count, MT_MAX - count, &got) == GK_OK && got == pending,
              "read %zu of %zu", got, pending);
        count += got;
    }
    CHECK(gk_match_stream_add(ctx, stream, lat[0], lon[0], t[0], NAN, NULL) == GK_ERR_INVALID_ARGUMENT,
          "a fix earlier than the last refused");
    CHECK(gk_match_stream_state(ctx, stream, &pending, &undecided, &forced) == GK_OK && pending == 0 && forced == 0
              && count + undecided <= n,
          "state: %zu final, %zu undecided, %zu forced", count, undecided, forced);
    CHECK(count > n / 2, "%zu of %zu fixes final before the end", count, n);
    for (i = 0; i < count; ++i) {
        CHECK(sfixes[i].index == i && sfixes[i].edge == fixes[i].edge && sfixes[i].offset_m == fixes[i].offset_m,
              "streamed fix %zu: edge %u at %g, batch %u at %g", i, sfixes[i].edge, sfixes[i].offset_m, fixes[i].edge,
              fixes[i].offset_m);
    }
    /* Bad input: a time going back (named), a bad coordinate, NULL. */
    t[5] = t[4] - 1;
    CHECK(gk_matcher_match(ctx, matcher, lat, lon, t, NULL, n, 8, &streamed) == GK_ERR_INVALID_ARGUMENT && !streamed
              && strstr(gk_context_errmsg(ctx), "fix 5"),
          "time going back: %s", gk_context_errmsg(ctx));
    t[5] = t[4] + 1;
    lat[7] = 91;
    CHECK(gk_matcher_match(ctx, matcher, lat, lon, t, NULL, n, 8, &streamed) == GK_ERR_INVALID_ARGUMENT && !streamed,
          "latitude 91 refused");
    CHECK(gk_matcher_match(ctx, NULL, lat, lon, t, NULL, n, 8, &streamed) == GK_ERR_MISUSE, "NULL matcher");
    CHECK(gk_matcher_match(ctx, matcher, lat, NULL, t, NULL, n, 8, &streamed) == GK_ERR_MISUSE, "NULL lon");
    CHECK(gk_matcher_match(ctx, matcher, lat, lon, t, NULL, 0, 8, &streamed) == GK_OK
              && gk_match_piece_count(streamed) == 0, "no fixes: an empty match");
    gk_match_destroy(streamed);
    streamed = NULL;
    gk_matcher_destroy(matcher); /* the stream keeps what it needs */
    CHECK(gk_match_stream_finish(ctx, stream, &streamed) == GK_OK && gk_match_piece_count(streamed) == 1, "finish");
    CHECK(gk_match_stream_finish(ctx, stream, &match) == GK_ERR_MISUSE, "finish twice");
    CHECK(gk_match_stream_read(ctx, stream, NULL, 0, &got) == GK_OK && got == 0, "read nothing");
    gk_match_stream_destroy(stream);
    gk_match_destroy(streamed);
    gk_match_destroy(match);
    gk_match_stream_destroy(NULL);
    gk_match_destroy(NULL);
    gk_matcher_destroy(NULL);
}
