/* C consumer: section "places" — an address index built from a small OpenStreetMap file
 * (Tests/NearbyTests/Fixtures/places/addresses.osm, re-written here), saved, loaded
 * and looked up; the places a timeline's stays return to. */
#define _POSIX_C_SOURCE 200809L
#include "consumer.h"

#include <unistd.h>

void test_places(gk_context *ctx);

static const char *const pl_osm[] = {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<osm version=\"0.6\" generator=\"hand\">",
    "  <node id=\"1\" lat=\"43.7300\" lon=\"7.4200\"/>",
    "  <node id=\"2\" lat=\"43.7300\" lon=\"7.4210\"/>",
    "  <node id=\"3\" lat=\"43.7290\" lon=\"7.4210\"/>",
    "  <node id=\"10\" lat=\"43.72982\" lon=\"7.42050\"><tag k=\"amenity\" v=\"cafe\"/>"
    "<tag k=\"name\" v=\"Caf\xc3\xa9 du Coin\"/></node>",
    "  <node id=\"11\" lat=\"43.72950\" lon=\"7.42085\"><tag k=\"shop\" v=\"bakery\"/><tag k=\"name\" v=\"Boulangerie\"/>"
    "<tag k=\"addr:housenumber\" v=\"7\"/><tag k=\"addr:street\" v=\"Rue Est\"/></node>",
    "  <node id=\"13\" lat=\"43.72920\" lon=\"7.42150\"><tag k=\"addr:housenumber\" v=\"3\"/>"
    "<tag k=\"addr:street\" v=\"Rue Est\"/></node>",
    "  <way id=\"100\"><nd ref=\"1\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"residential\"/>"
    "<tag k=\"name\" v=\"Rue Nord\"/></way>",
    "  <way id=\"101\"><nd ref=\"2\"/><nd ref=\"3\"/><tag k=\"highway\" v=\"residential\"/>"
    "<tag k=\"name\" v=\"Rue Est\"/></way>",
    "</osm>",
};

/* Monday 2024-01-08 00:00 UTC; one fix a minute. */
#define PL_MONDAY 1704672000.0

static void add_stay(gk_context *ctx, gk_timeline *tl, double lat, double lon, double from_h, double to_h);

/* Placemarks named by address, by a gazetteer, or not at all (gk_timeline_set_naming). */
static void test_naming(gk_context *ctx, gk_address_index *index, const char *dir) {
    gk_timeline *tl = NULL;
    gk_geocoder *towns = NULL;
    char text[128], csv[320];
    size_t len = 0, n = 0;
    FILE *f;

    snprintf(csv, sizeof csv, "%s/towns.csv", dir);
    f = fopen(csv, "w");
    if (f) {
        fprintf(f, "lat,lon,name,admin1,admin2,cc\n43.7384,7.4246,Monaco,,,MC\n");
        fclose(f);
    }
    CHECK(gk_geocoder_load(ctx, csv, GK_GAZETTEER_CSV, &towns) == GK_OK, "towns: %s", gk_context_errmsg(ctx));

    /* By address, the gazetteer's town where no address reaches. */
    CHECK(gk_timeline_create_custom(ctx, 100, 300, INFINITY, INFINITY, &tl) == GK_OK, "timeline");
    CHECK(gk_timeline_set_naming(ctx, tl, index, towns, 0) == GK_OK, "set naming: %s", gk_context_errmsg(ctx));
    add_stay(ctx, tl, 43.72982, 7.42050, 8, 9);   /* the café */
    add_stay(ctx, tl, 43.72921, 7.42151, 10, 11); /* 3 Rue Est */
    add_stay(ctx, tl, 43.74, 7.43, 12, 13);       /* no address within the radii */
    CHECK(gk_timeline_set_naming(ctx, tl, NULL, NULL, 0) == GK_ERR_MISUSE, "naming after the first fix");
    CHECK(gk_timeline_finish(ctx, tl, 1, &n) == GK_OK && n == 3, "three placemarks: %zu", n);
    CHECK(gk_timeline_placemark_name(ctx, tl, 0, text, sizeof text, &len) == GK_OK
              && strcmp(text, "Caf\xc3\xa9 du Coin, Rue Nord") == 0 && len == strlen(text),
          "placemark 0: %s", text);
    CHECK(gk_timeline_placemark_name(ctx, tl, 1, text, sizeof text, NULL) == GK_OK && strcmp(text, "3 Rue Est") == 0,
          "placemark 1: %s", text);
    CHECK(gk_timeline_placemark_name(ctx, tl, 2, text, sizeof text, NULL) == GK_OK && strcmp(text, "Monaco") == 0,
          "placemark 2: %s", text);
    text[0] = 'x';
    CHECK(gk_timeline_placemark_name(ctx, tl, 1, text, 4, &len) == GK_ERR_BUFFER_TOO_SMALL && len == 9 && text[0] == 'x',
          "small buffer: %zu", len);
    CHECK(gk_timeline_placemark_name(ctx, tl, 3, text, sizeof text, NULL) == GK_ERR_NOT_FOUND, "no placemark 3");
    gk_timeline_destroy(tl);

    /* By the gazetteer alone, within 1 km: the second stay (1.05 km from Monaco's point) is unnamed. */
    CHECK(gk_timeline_create_custom(ctx, 100, 300, INFINITY, INFINITY, &tl) == GK_OK, "timeline");
    CHECK(gk_timeline_set_naming(ctx, tl, NULL, towns, -1) == GK_ERR_INVALID_ARGUMENT, "negative distance");
    CHECK(gk_timeline_set_naming(ctx, tl, NULL, towns, 1000) == GK_OK, "towns: %s", gk_context_errmsg(ctx));
    gk_geocoder_destroy(towns); /* the timeline keeps what it needs */
    add_stay(ctx, tl, 43.7384, 7.4246, 8, 9);
    add_stay(ctx, tl, 43.72921, 7.42151, 10, 11);
    CHECK(gk_timeline_finish(ctx, tl, 1, &n) == GK_OK && n == 2, "two placemarks: %zu", n);
    CHECK(gk_timeline_placemark_name(ctx, tl, 0, text, sizeof text, &len) == GK_OK && strcmp(text, "Monaco") == 0,
          "gazetteer name: %s", text);
    CHECK(gk_timeline_placemark_name(ctx, tl, 1, text, sizeof text, &len) == GK_OK && len == 0 && text[0] == 0,
          "beyond 1 km: unnamed, got %s", text);
    gk_timeline_destroy(tl);

    /* Without naming, placemarks are unnamed. */
    CHECK(gk_timeline_create_custom(ctx, 100, 300, INFINITY, INFINITY, &tl) == GK_OK, "timeline");
    add_stay(ctx, tl, 43.72982, 7.42050, 8, 9);
    CHECK(gk_timeline_finish(ctx, tl, 1, &n) == GK_OK && n == 1, "one placemark");
    CHECK(gk_timeline_placemark_name(ctx, tl, 0, text, sizeof text, &len) == GK_OK && len == 0, "unnamed");
    CHECK(gk_timeline_placemark_name(ctx, NULL, 0, text, sizeof text, &len) == GK_ERR_MISUSE, "NULL timeline");
    gk_timeline_destroy(tl);
    unlink(csv);
}

static void test_address_index(gk_context *ctx, const char *dir) {
    char osm[320], saved[320], text[128];
    FILE *f;
    size_t i, len = 0;
    int kind = -1;
    double m = -1;
    gk_address_index *built = NULL, *loaded = NULL;

    snprintf(osm, sizeof osm, "%s/addresses.osm", dir);
    snprintf(saved, sizeof saved, "%s/addresses.gkaddr", dir);
    f = fopen(osm, "w");
    for (i = 0; f && i < sizeof pl_osm / sizeof pl_osm[0]; ++i) fprintf(f, "%s\n", pl_osm[i]);
    if (f) fclose(f);

    CHECK(gk_address_index_build(ctx, osm, &built) == GK_OK, "build: %s", gk_context_errmsg(ctx));
    CHECK(gk_address_index_count(built, GK_ADDRESS_PLACE) == 2 && gk_address_index_count(built, GK_ADDRESS_ADDRESS) == 1
              && gk_address_index_count(built, GK_ADDRESS_STREET) == 2 && gk_address_index_count(built, GK_ADDRESS_TOWN) == 0
              && gk_address_index_count(NULL, GK_ADDRESS_PLACE) == 0,
          "counts");
    CHECK(gk_address_index_save(ctx, built, saved) == GK_OK, "save: %s", gk_context_errmsg(ctx));
    CHECK(gk_address_index_load(ctx, saved, &loaded) == GK_OK, "load: %s", gk_context_errmsg(ctx));

    /* The café takes the nearest street's name. */
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.72982, 7.42050, 30, 50, 100, &kind, text, sizeof text, &len, &m)
              == GK_OK && kind == GK_ADDRESS_PLACE && strcmp(text, "Caf\xc3\xa9 du Coin, Rue Nord") == 0
              && len == strlen(text) && m < 0.01,
          "cafe: %s (%d, %g m)", text, kind, m);
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.72921, 7.42151, 30, 50, 100, &kind, text, sizeof text, NULL, NULL)
              == GK_OK && kind == GK_ADDRESS_ADDRESS && strcmp(text, "3 Rue Est") == 0,
          "address: %s", text);
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.72960, 7.42150, 30, 20, 100, &kind, text, sizeof text, NULL, &m)
              == GK_OK && kind == GK_ADDRESS_STREET && strcmp(text, "Rue Est") == 0 && fabs(m - 40.2) < 0.5,
          "street: %s %g m", text, m);
    /* Nothing near, no gazetteer: not found; a small buffer: the length, nothing written. */
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.74, 7.43, 30, 50, 100, &kind, text, sizeof text, NULL, NULL)
              == GK_ERR_NOT_FOUND, "far away");
    text[0] = 'x';
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.72921, 7.42151, 30, 50, 100, NULL, text, 4, &len, NULL)
              == GK_ERR_BUFFER_TOO_SMALL && len == 9 && text[0] == 'x', "small buffer: %zu", len);
    CHECK(gk_address_index_lookup(ctx, loaded, NULL, 43.7, 7.4, -1, 50, 100, NULL, text, sizeof text, NULL, NULL)
              == GK_ERR_INVALID_ARGUMENT, "negative radius");
    CHECK(gk_address_index_lookup(ctx, NULL, NULL, 43.7, 7.4, 30, 50, 100, NULL, text, sizeof text, NULL, NULL)
              == GK_ERR_MISUSE, "NULL index");
    test_naming(ctx, loaded, dir);
    /* A file that is not an address index is refused. */
    gk_address_index_destroy(loaded);
    loaded = NULL;
    CHECK(gk_address_index_load(ctx, osm, &loaded) == GK_ERR_CORRUPT && loaded == NULL, "an OSM file is not an index");
    gk_address_index_destroy(built);
    gk_address_index_destroy(NULL);
    unlink(osm);
    unlink(saved);
}


static void add_stay(gk_context *ctx, gk_timeline *tl, double lat, double lon, double from_h, double to_h) {
    double t;
    for (t = from_h * 3600; t <= to_h * 3600; t += 60) gk_timeline_add(ctx, tl, lat, lon, PL_MONDAY + t, NAN, NULL);
}

static void test_visits(gk_context *ctx) {
    gk_timeline *tl = NULL;
    double lat[4], lon[4], total[4];
    size_t visits[4], n = 0;
    ptrdiff_t home = -2, work = -2;

    CHECK(gk_timeline_create_custom(ctx, 100, 300, INFINITY, INFINITY, &tl) == GK_OK, "timeline");
    /* Home 00:00-08:00, office 09:00-17:30, home 19:00 - Tuesday 07:00, office 09:00-12:00. */
    add_stay(ctx, tl, 47.3700, 8.5400, 0, 8);
    add_stay(ctx, tl, 47.3900, 8.5100, 9, 17.5);
    add_stay(ctx, tl, 47.3701, 8.5401, 19, 31);
    add_stay(ctx, tl, 47.3900, 8.5101, 33, 36);
    CHECK(gk_timeline_finish(ctx, tl, 1, NULL) == GK_OK, "finish");
    CHECK(gk_timeline_places(ctx, tl, 100, 0, lat, lon, visits, total, 4, &n, &home, &work) == GK_OK && n == 2,
          "places: %s, %zu", gk_context_errmsg(ctx), n);
    CHECK(home == 0 && work == 1 && visits[0] == 2 && visits[1] == 2, "home %td work %td visits %zu %zu", home, work,
          visits[0], visits[1]);
    CHECK(fabs(lat[0] - 47.37) < 1e-6 && total[0] > 19 * 3600, "home at %g, %g s", lat[0], total[0]);
    CHECK(gk_timeline_places(ctx, tl, 100, 0, NULL, NULL, NULL, NULL, 1, &n, NULL, NULL) == GK_ERR_BUFFER_TOO_SMALL && n == 2,
          "capacity 1");
    CHECK(gk_timeline_places(ctx, tl, 0, 0, NULL, NULL, NULL, NULL, 4, &n, NULL, NULL) == GK_ERR_INVALID_ARGUMENT,
          "radius 0");
    /* An offset beyond a day is refused (1e25 used to trap); NaN and infinity too. */
    const double bad_offsets[] = {1e25, -1e22, 86401, NAN, INFINITY};
    for (size_t i = 0; i < sizeof bad_offsets / sizeof bad_offsets[0]; i++)
        CHECK(gk_timeline_places(ctx, tl, 100, bad_offsets[i], NULL, NULL, NULL, NULL, 4, &n, NULL, NULL) ==
                  GK_ERR_INVALID_ARGUMENT,
              "utc offset %g", bad_offsets[i]);
    CHECK(gk_timeline_places(ctx, tl, 100, -86400, NULL, NULL, NULL, NULL, 4, &n, NULL, NULL) == GK_OK && n == 2,
          "utc offset of a day: %s", gk_context_errmsg(ctx));
    gk_timeline_destroy(tl);
}

void test_places(gk_context *ctx) {
    char dir[256];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gk_places_c_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp %s", dir);
        return;
    }
    test_address_index(ctx, dir);
    test_visits(ctx);
    rmdir(dir);
}
