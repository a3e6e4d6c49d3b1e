/* C consumer: section "road" — a road graph built from a small OpenStreetMap file (a
 * roundabout with four named arms), saved and loaded, a router, road route plans with
 * their steps, cost matrices; Monaco when the shared data is there. */
#define _POSIX_C_SOURCE 200809L
#include "consumer.h"

#include <pthread.h>
#include <stddef.h>
#include <unistd.h>

void test_road(gk_context *ctx);

/* Tests/OpenStreetMapTests/Fixtures/routing/roundabout.osm: a roundabout (way 310,
 * counterclockwise, radius 30 m) with four named arms: east Boulevard de Suisse, north
 * Avenue d'Ostende, west Rue Grimaldi, south Boulevard Albert 1er. Coming from the south,
 * the 1st exit is east, the 2nd north, the 3rd west. One line per string (C99 limits
 * string literals to 4095 characters). */
static const char *const rd_osm[] = {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<osm version=\"0.6\" generator=\"hand\">",
    "  <node id=\"100\" lat=\"43.7300000\" lon=\"7.4203734\"/>",
    "  <node id=\"101\" lat=\"43.7301908\" lon=\"7.4202640\"/>",
    "  <node id=\"102\" lat=\"43.7302698\" lon=\"7.4200000\"/>",
    "  <node id=\"103\" lat=\"43.7301908\" lon=\"7.4197360\"/>",
    "  <node id=\"104\" lat=\"43.7300000\" lon=\"7.4196266\"/>",
    "  <node id=\"105\" lat=\"43.7298092\" lon=\"7.4197360\"/>",
    "  <node id=\"106\" lat=\"43.7297302\" lon=\"7.4200000\"/>",
    "  <node id=\"107\" lat=\"43.7298092\" lon=\"7.4202640\"/>",
    "  <node id=\"400\" lat=\"43.7300000\" lon=\"7.4228625\"/>",
    "  <node id=\"401\" lat=\"43.7320684\" lon=\"7.4200000\"/>",
    "  <node id=\"402\" lat=\"43.7300000\" lon=\"7.4171375\"/>",
    "  <node id=\"403\" lat=\"43.7279316\" lon=\"7.4200000\"/>",
    "  <way id=\"300\"><nd ref=\"400\"/><nd ref=\"100\"/><tag k=\"highway\" v=\"secondary\"/>"
    "<tag k=\"name\" v=\"Boulevard de Suisse\"/></way>",
    "  <way id=\"301\"><nd ref=\"401\"/><nd ref=\"102\"/><tag k=\"highway\" v=\"secondary\"/>"
    "<tag k=\"name\" v=\"Avenue d&apos;Ostende\"/></way>",
    "  <way id=\"302\"><nd ref=\"402\"/><nd ref=\"104\"/><tag k=\"highway\" v=\"secondary\"/>"
    "<tag k=\"name\" v=\"Rue Grimaldi\"/></way>",
    "  <way id=\"303\"><nd ref=\"403\"/><nd ref=\"106\"/><tag k=\"highway\" v=\"secondary\"/>"
    "<tag k=\"name\" v=\"Boulevard Albert 1er\"/></way>",
    "  <way id=\"310\"><nd ref=\"100\"/><nd ref=\"101\"/><nd ref=\"102\"/><nd ref=\"103\"/><nd ref=\"104\"/>"
    "<nd ref=\"105\"/><nd ref=\"106\"/><nd ref=\"107\"/><nd ref=\"100\"/><tag k=\"highway\" v=\"secondary\"/>"
    "<tag k=\"junction\" v=\"roundabout\"/><tag k=\"name\" v=\"Rond-point du Portier\"/></way>",
    "</osm>",
};

/* Pins: on the south arm, the north arm and the east arm. */
#define RD_SOUTH_LAT 43.7285
#define RD_NORTH_LAT 43.7315
#define RD_ARM_LON 7.4200
#define RD_EAST_LAT 43.7300
#define RD_EAST_LON 7.4220

static char rd_dir[256];
static char rd_path_buf[4][320];

/* A path in this test's temporary directory (slot: one of 4 buffers). */
static const char *rd_file(int slot, const char *name) {
    snprintf(rd_path_buf[slot], sizeof rd_path_buf[slot], "%s/%s", rd_dir, name);
    return rd_path_buf[slot];
}

static int rd_write_osm(const char *path) {
    FILE *f = fopen(path, "w");
    size_t i;
    if (!f) return 0;
    for (i = 0; i < sizeof rd_osm / sizeof rd_osm[0]; ++i) fprintf(f, "%s\n", rd_osm[i]);
    return fclose(f) == 0;
}

/* A copy of src with the byte in the middle flipped. */
static int rd_corrupt_copy(const char *src, const char *dst) {
    FILE *in = fopen(src, "rb"), *out;
    unsigned char *bytes;
    long size;
    int ok;
    if (!in) return 0;
    fseek(in, 0, SEEK_END);
    size = ftell(in);
    fseek(in, 0, SEEK_SET);
    bytes = malloc((size_t)size);
    ok = bytes && fread(bytes, 1, (size_t)size, in) == (size_t)size;
    fclose(in);
    if (ok) {
        bytes[size / 2] ^= 0x5A;
        out = fopen(dst, "wb");
        ok = out && fwrite(bytes, 1, (size_t)size, out) == (size_t)size;
        if (out) ok = fclose(out) == 0 && ok;
    }
    free(bytes);
    return ok;
}

static void test_graph_files(gk_context *ctx, gk_road_graph **out_graph) {
    gk_road_graph *graph = NULL, *loaded = NULL, *other = NULL;
    size_t nodes = 0, edges = 0, dn = 9, de = 9, bytes = 0, n2 = 0, e2 = 0, b2 = 0, len = 0, len2 = 0;
    char *json;
    const char *osm = rd_file(0, "roundabout.osm");

    CHECK(rd_write_osm(osm), "write %s", osm);
    CHECK(gk_road_graph_build_osm(ctx, osm, "car", &graph) == GK_OK && graph, "build: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_info(ctx, graph, &nodes, &edges, &dn, &de, &bytes) == GK_OK, "info");
    /* Four arm ends and four junctions on the ring; four arms and four ring edges. */
    CHECK(nodes == 8 && edges == 8 && dn == 0 && de == 0, "counts: %zu nodes %zu edges, dropped %zu %zu", nodes, edges,
          dn, de);
    CHECK(bytes > 0, "bytes %zu", bytes);
    CHECK(gk_road_graph_info(ctx, graph, NULL, NULL, NULL, NULL, NULL) == GK_OK, "info with NULL outs");

    /* Save, load: the same graph. */
    CHECK(gk_road_graph_save(ctx, graph, rd_file(1, "roundabout.gkroad")) == GK_OK, "save: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_load(ctx, rd_file(1, "roundabout.gkroad"), &loaded) == GK_OK && loaded, "load: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_info(ctx, loaded, &n2, &e2, NULL, NULL, &b2) == GK_OK && n2 == nodes && e2 == edges
              && b2 == bytes, "loaded: %zu nodes %zu edges %zu bytes", n2, e2, b2);
    gk_road_graph_destroy(loaded);

    /* A flipped byte, a missing file, a file that is not a graph. */
    CHECK(rd_corrupt_copy(rd_file(1, "roundabout.gkroad"), rd_file(2, "damaged.gkroad")), "corrupt copy");
    other = NULL;
    CHECK(gk_road_graph_load(ctx, rd_file(2, "damaged.gkroad"), &other) == GK_ERR_CORRUPT && other == NULL,
          "damaged file: %s", gk_context_errmsg(ctx));
    CHECK(strstr(gk_context_errmsg(ctx), "checksum") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_load(ctx, rd_file(3, "missing.gkroad"), &other) == GK_ERR_IO, "missing file: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_load(ctx, osm, &other) == GK_ERR_CORRUPT, "an OSM file is no graph: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_build_osm(ctx, rd_file(3, "missing.osm"), "car", &other) == GK_ERR_IO, "missing OSM file: %s",
          gk_context_errmsg(ctx));
    {
        /* An OSM file cut off in a tag: the message names the line. */
        FILE *f = fopen(rd_file(2, "damaged.osm"), "w");
        int status;
        if (f) {
            fputs("<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n  <node id=\"1\" lat=\"43.7\" lon=", f);
            fclose(f);
        }
        status = gk_road_graph_build_osm(ctx, rd_file(2, "damaged.osm"), "car", &other);
        CHECK((status == GK_ERR_PARSE || status == GK_ERR_CORRUPT) && strstr(gk_context_errmsg(ctx), "line 3") != NULL,
              "damaged OSM file: %d %s", status, gk_context_errmsg(ctx));
        unlink(rd_file(2, "damaged.osm"));
    }
    CHECK(gk_road_graph_save(ctx, graph, rd_file(3, "no/such/dir.gkroad")) == GK_ERR_IO, "save into nowhere: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_load(ctx, "/tmp/\xff\xfe.gkroad", &other) == GK_ERR_INVALID_ARGUMENT, "path not UTF-8");

    /* Profiles: a bad name, bad JSON, and a built-in profile's JSON passed back. */
    CHECK(gk_road_graph_build_osm(ctx, osm, "hovercraft", &other) == GK_ERR_INVALID_ARGUMENT, "unknown profile");
    CHECK(strstr(gk_context_errmsg(ctx), "hovercraft") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_build_osm(ctx, osm, "{\"base\": \"car\", \"name\": ", &other) == GK_ERR_PARSE, "bad JSON: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_build_osm(ctx, osm, "{\"base\": \"car\", \"wings\": 2}", &other) == GK_ERR_PARSE
              && strstr(gk_context_errmsg(ctx), "wings") != NULL, "unknown key: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_build_osm(ctx, osm, "{\"base\": \"car\", \"maxspeedFactor\": -1}", &other)
              == GK_ERR_INVALID_ARGUMENT, "factor out of range: %s", gk_context_errmsg(ctx));
    CHECK(gk_profile_json(ctx, "car", NULL, 0, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 100, "profile size %zu", len);
    json = malloc(len + 1);
    CHECK(gk_profile_json(ctx, "car", json, len + 1, &len2) == GK_OK && len2 == len && json[0] == '{'
              && strstr(json, "\"highwaySpeedsKmh\"") != NULL, "car profile JSON");
    CHECK(gk_road_graph_build_osm(ctx, osm, json, &other) == GK_OK && other, "build with the JSON: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_road_graph_info(ctx, other, &n2, &e2, NULL, NULL, NULL) == GK_OK && n2 == nodes && e2 == edges,
          "same graph from the JSON profile");
    gk_road_graph_destroy(other);
    other = NULL;
    free(json);
    CHECK(gk_profile_json(ctx, "hovercraft", NULL, 0, &len) == GK_ERR_INVALID_ARGUMENT, "no such built-in profile");
    /* Walking: the same small network (every way may be walked). */
    CHECK(gk_road_graph_build_osm(ctx, osm, "foot", &other) == GK_OK, "foot: %s", gk_context_errmsg(ctx));
    gk_road_graph_destroy(other);

    /* NULL arguments. */
    CHECK(gk_road_graph_build_osm(NULL, osm, "car", &other) == GK_ERR_MISUSE, "NULL ctx");
    CHECK(gk_road_graph_build_osm(ctx, NULL, "car", &other) == GK_ERR_MISUSE, "NULL path");
    CHECK(gk_road_graph_build_osm(ctx, osm, NULL, &other) == GK_ERR_MISUSE, "NULL profile");
    CHECK(gk_road_graph_build_osm(ctx, osm, "car", NULL) == GK_ERR_MISUSE, "NULL out");
    CHECK(gk_road_graph_save(ctx, NULL, rd_file(3, "x.gkroad")) == GK_ERR_MISUSE, "save NULL graph");
    CHECK(gk_road_graph_save(ctx, graph, NULL) == GK_ERR_MISUSE, "save NULL path");
    CHECK(gk_road_graph_save(NULL, graph, rd_file(3, "x.gkroad")) == GK_ERR_MISUSE, "save NULL ctx");
    CHECK(gk_road_graph_load(ctx, NULL, &other) == GK_ERR_MISUSE, "load NULL path");
    CHECK(gk_road_graph_load(ctx, rd_file(1, "roundabout.gkroad"), NULL) == GK_ERR_MISUSE, "load NULL out");
    CHECK(gk_road_graph_info(ctx, NULL, &nodes, NULL, NULL, NULL, NULL) == GK_ERR_MISUSE, "info NULL graph");
    CHECK(gk_road_graph_info(NULL, graph, &nodes, NULL, NULL, NULL, NULL) == GK_ERR_MISUSE, "info NULL ctx");
    CHECK(gk_profile_json(ctx, NULL, NULL, 0, &len) == GK_ERR_MISUSE, "profile NULL name");
    /* The output rule: out_len may be NULL; capacity 0 is too small for any text. */
    CHECK(gk_profile_json(ctx, "car", NULL, 0, NULL) == GK_ERR_BUFFER_TOO_SMALL, "profile NULL out_len");
    CHECK(gk_profile_json(ctx, "car", NULL, 100000, &len) == GK_ERR_MISUSE, "profile NULL buf");
    gk_road_graph_destroy(NULL);
    *out_graph = graph;
}

static void test_router(gk_context *ctx, gk_road_graph *graph, gk_router **out_router) {
    gk_router *router = NULL, *other = NULL;
    double lat = 0, lon = 0, d = -1;

    CHECK(gk_router_create(ctx, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, &router) == GK_OK && router,
          "router: %s", gk_context_errmsg(ctx));
    CHECK(gk_router_snap(ctx, router, RD_SOUTH_LAT, RD_ARM_LON + 0.0001, &lat, &lon, &d) == GK_OK, "snap: %s",
          gk_context_errmsg(ctx));
    CHECK(fabs(lon - RD_ARM_LON) < 1e-7 && fabs(lat - RD_SOUTH_LAT) < 1e-6, "onto the south arm: %.7f %.7f", lat, lon);
    CHECK(d > 7.5 && d < 8.5, "8 m away: %g", d);
    CHECK(gk_router_snap(ctx, router, RD_SOUTH_LAT, RD_ARM_LON, NULL, NULL, NULL) == GK_OK, "NULL outs");
    CHECK(gk_router_snap(ctx, router, 43.7400, RD_ARM_LON, &lat, &lon, &d) == GK_ERR_NOT_FOUND, "1 km from any road");
    CHECK(strstr(gk_context_errmsg(ctx), "from the nearest road") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_router_snap(ctx, router, 91, 0, &lat, &lon, &d) == GK_ERR_INVALID_ARGUMENT, "latitude 91");

    CHECK(gk_router_create(ctx, graph, 2, GK_MODE_DRIVING, 30, &other) == GK_ERR_INVALID_ARGUMENT, "metric 2");
    CHECK(gk_router_create(ctx, graph, -1, GK_MODE_DRIVING, 30, &other) == GK_ERR_INVALID_ARGUMENT, "metric -1");
    CHECK(gk_router_create(ctx, graph, GK_METRIC_SHORTEST, 3, 30, &other) == GK_ERR_INVALID_ARGUMENT, "mode 3");
    CHECK(gk_router_create(ctx, graph, GK_METRIC_SHORTEST, GK_MODE_WALKING, -1, &other) == GK_ERR_INVALID_ARGUMENT,
          "negative snap distance");
    CHECK(gk_router_create(ctx, graph, GK_METRIC_SHORTEST, GK_MODE_WALKING, NAN, &other) == GK_ERR_INVALID_ARGUMENT,
          "NaN snap distance");
    CHECK(gk_router_create(ctx, NULL, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, &other) == GK_ERR_MISUSE, "NULL graph");
    CHECK(gk_router_create(ctx, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, NULL) == GK_ERR_MISUSE, "NULL out");
    CHECK(gk_router_create(NULL, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, &other) == GK_ERR_MISUSE, "NULL ctx");
    CHECK(gk_router_snap(ctx, NULL, RD_SOUTH_LAT, RD_ARM_LON, &lat, &lon, &d) == GK_ERR_MISUSE, "snap NULL router");
    CHECK(gk_router_snap(NULL, router, RD_SOUTH_LAT, RD_ARM_LON, &lat, &lon, &d) == GK_ERR_MISUSE, "snap NULL ctx");
    gk_router_destroy(NULL);
    *out_router = router;
}

static void test_road_plan(gk_context *ctx, gk_router *router) {
    gk_route *route = NULL, *other = NULL;
    struct gk_route_step step;
    char text[256], name[64], ref[16], *json;
    double length = 0, time = 0, *la, *lo, sum = 0;
    size_t vertices = 0, count = 0, len = 0, name_len = 0, ref_len = 0, steps, i, lines;
    int found = 0;

    CHECK(gk_route_create_road(ctx, 3, router, &route) == GK_OK && route, "road plan: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_add_pin(ctx, route, RD_SOUTH_LAT, RD_ARM_LON) == GK_OK, "pin A: %s", gk_context_errmsg(ctx));
    /* A pin far from the roads is refused, and nothing changes. */
    CHECK(gk_route_add_pin(ctx, route, 43.7400, RD_ARM_LON) == GK_ERR_NOT_FOUND && gk_route_pin_count(route) == 1,
          "pin 1 km from the roads: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_add_pin(ctx, route, RD_NORTH_LAT, RD_ARM_LON) == GK_OK, "pin B: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_add_pin(ctx, route, RD_EAST_LAT, RD_EAST_LON) == GK_OK, "pin C: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_pin_count(route) == 3, "3 pins");

    /* Leg A-B: north on Boulevard Albert 1er, half way round, out on Avenue d'Ostende. */
    CHECK(gk_route_leg(ctx, route, 0, &length, &time, &vertices) == GK_OK, "leg A-B");
    CHECK(length > 330 && length < 420 && time > 0 && vertices >= 4, "leg A-B: %g m, %g s, %zu vertices", length, time,
          vertices);
    CHECK(gk_route_leg_geometry(ctx, route, 0, NULL, NULL, 0, &count) == GK_ERR_BUFFER_TOO_SMALL && count == vertices,
          "geometry size %zu", count);
    la = malloc(count * sizeof(double));
    lo = malloc(count * sizeof(double));
    CHECK(gk_route_leg_geometry(ctx, route, 0, la, lo, count, &count) == GK_OK, "geometry");
    CHECK(fabs(la[0] - RD_SOUTH_LAT) < 1e-6 && fabs(lo[0] - RD_ARM_LON) < 1e-6, "starts at A: %.7f %.7f", la[0], lo[0]);
    CHECK(fabs(la[count - 1] - RD_NORTH_LAT) < 1e-6 && fabs(lo[count - 1] - RD_ARM_LON) < 1e-6, "ends at B");
    free(la);
    free(lo);
    CHECK(gk_route_leg_name(ctx, route, 0, text, sizeof text, &len) == GK_OK && strncmp(text, "via ", 4) == 0
              && strstr(text, "Avenue d'Ostende") != NULL && len == strlen(text), "leg name: %s", text);
    CHECK(gk_route_leg_name(ctx, route, 0, text, 3, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 4, "leg name needs %zu",
          len);

    /* Its steps: depart north, the roundabout's 2nd exit, arrive. */
    steps = gk_route_step_count(route, 0);
    CHECK(steps == 3, "3 steps, got %zu", steps);
    CHECK(gk_route_step(ctx, route, 0, 0, &step) == GK_OK, "step 0");
    CHECK(step.maneuver == GK_MANEUVER_DEPART && step.modifier == GK_MODIFIER_NONE && step.exit_number == 0
              && step.side == GK_SIDE_NONE && step.heading_deg == 0 && step.first_vertex == 0 && step.distance_m > 100,
          "depart north: %d %d %d %d %g %zu %g", step.maneuver, step.modifier, step.exit_number, step.side,
          step.heading_deg, step.first_vertex, step.distance_m);
    CHECK(gk_route_step_text(ctx, route, 0, 0, text, sizeof text, &len) == GK_OK
              && strcmp(text, "Head north on Boulevard Albert 1er") == 0, "depart text: %s", text);
    CHECK(gk_route_step(ctx, route, 0, 1, &step) == GK_OK, "step 1");
    CHECK(step.maneuver == GK_MANEUVER_ROUNDABOUT && step.exit_number == 2 && step.modifier == GK_MODIFIER_NONE
              && step.side == GK_SIDE_NONE && step.first_vertex > 0 && step.last_vertex > step.first_vertex
              && step.duration_s > 0,
          "roundabout: maneuver %d exit %d vertices %zu-%zu", step.maneuver, step.exit_number, step.first_vertex,
          step.last_vertex);
    CHECK(gk_route_step_text(ctx, route, 0, 1, text, sizeof text, &len) == GK_OK
              && strcmp(text, "At the roundabout, take the 2nd exit onto Avenue d'Ostende") == 0 && len == strlen(text),
          "roundabout text: %s", text);
    CHECK(gk_route_step_road(ctx, route, 0, 1, name, sizeof name, &name_len, ref, sizeof ref, &ref_len) == GK_OK
              && strcmp(name, "Avenue d'Ostende") == 0 && name_len == 16 && ref[0] == '\0' && ref_len == 0,
          "road: '%s' '%s'", name, ref);
    CHECK(gk_route_step_road(ctx, route, 0, 1, name, 4, &name_len, ref, sizeof ref, &ref_len) == GK_ERR_BUFFER_TOO_SMALL
              && name_len == 16 && ref_len == 0, "name buffer too small");
    CHECK(gk_route_step(ctx, route, 0, steps - 1, &step) == GK_OK && step.maneuver == GK_MANEUVER_ARRIVE
              && step.side != GK_SIDE_NONE && step.distance_m == 0 && step.first_vertex == vertices - 1
              && step.last_vertex == vertices - 1, "arrive: %d side %d vertex %zu", step.maneuver, step.side,
          step.first_vertex);
    for (i = 0; i < steps; ++i) {
        gk_route_step(ctx, route, 0, i, &step);
        sum += step.distance_m;
    }
    CHECK(fabs(sum - length) < 1, "steps add up to the leg: %g vs %g", sum, length);

    /* Each pin says where it was snapped. */
    CHECK(gk_route_pin_snap(ctx, route, 0, text, sizeof text, &len) == GK_OK
              && strcmp(text, "snapped 0.0 m onto Boulevard Albert 1er") == 0 && len == strlen(text), "pin A: %s", text);
    CHECK(gk_route_pin_snap(ctx, route, 9, text, sizeof text, &len) == GK_ERR_NOT_FOUND, "no pin 9");
    CHECK(gk_route_pin_snap(ctx, route, 0, text, 5, &len) == GK_ERR_BUFFER_TOO_SMALL, "pin snap: 5 bytes");

    /* Languages: the same steps in German and French, ordinals and all; an unknown
       language is refused and changes nothing. */
    {
        char dest[32], exit_ref[8];
        size_t dest_len = 9, exit_len = 9;
        uint32_t masks[4];
        CHECK(gk_route_set_language(ctx, route, "de") == GK_OK, "German: %s", gk_context_errmsg(ctx));
        CHECK(gk_route_step_text(ctx, route, 0, 1, text, sizeof text, &len) == GK_OK
                  && strcmp(text, "Nehmen Sie im Kreisverkehr die 2. Ausfahrt auf Avenue d'Ostende") == 0,
              "German roundabout: %s", text);
        CHECK(gk_route_direction(ctx, route, 0, text, sizeof text, &len) == GK_OK
                  && strcmp(text, "Wegbeschreibung mit dem Auto von A nach B") == 0, "German title: %s", text);
        CHECK(gk_route_set_language(ctx, route, "FR-be") == GK_OK, "French (Belgium)");
        CHECK(gk_route_step_text(ctx, route, 0, 1, text, sizeof text, &len) == GK_OK
                  && strcmp(text, "Au rond-point, prenez la 2e sortie sur Avenue d'Ostende") == 0, "French: %s", text);
        CHECK(gk_route_set_language(ctx, route, "xx") == GK_ERR_INVALID_ARGUMENT
                  && strstr(gk_context_errmsg(ctx), "en, de, fr, es, it") != NULL, "unknown: %s", gk_context_errmsg(ctx));
        CHECK(gk_route_step_text(ctx, route, 0, 0, text, sizeof text, &len) == GK_OK
                  && strncmp(text, "Dirigez-vous vers le nord", 25) == 0, "still French: %s", text);
        CHECK(gk_route_set_language(ctx, route, NULL) == GK_ERR_MISUSE, "NULL language");
        CHECK(gk_route_set_language(ctx, NULL, "en") == GK_ERR_MISUSE, "NULL route");
        CHECK(gk_route_set_language(ctx, route, "en") == GK_OK, "back to English");
        /* The fixture's roads carry no destination, exit number or lane markings. */
        CHECK(gk_route_step_signs(ctx, route, 0, 1, dest, sizeof dest, &dest_len, exit_ref, sizeof exit_ref, &exit_len)
                  == GK_OK && dest_len == 0 && exit_len == 0 && dest[0] == '\0' && exit_ref[0] == '\0', "no signs");
        CHECK(gk_route_step_signs(ctx, route, 0, 1, dest, 0, &dest_len, exit_ref, sizeof exit_ref, &exit_len)
                  == GK_ERR_BUFFER_TOO_SMALL, "signs: no room for the NUL");
        CHECK(gk_route_step_signs(ctx, route, 0, 1, dest, sizeof dest, NULL, exit_ref, sizeof exit_ref, &exit_len)
                  == GK_ERR_MISUSE, "signs: NULL out_dest_len");
        CHECK(gk_route_step_signs(ctx, route, 0, 99, dest, sizeof dest, &dest_len, exit_ref, sizeof exit_ref, &exit_len)
                  == GK_ERR_NOT_FOUND, "signs: no step 99");
        count = 9;
        CHECK(gk_route_step_lanes(ctx, route, 0, 1, masks, 4, &count) == GK_OK && count == 0, "no lanes: %zu", count);
        CHECK(gk_route_step_lanes(ctx, route, 0, 1, NULL, 0, &count) == GK_OK && count == 0, "no lanes, no array");
        CHECK(gk_route_step_lanes(ctx, route, 0, 1, masks, 4, NULL) == GK_ERR_MISUSE, "lanes: NULL out_count");
    }

    /* Leg B-C, and the directions of both legs. */
    CHECK(gk_route_leg(ctx, route, 1, &length, NULL, NULL) == GK_OK && length > 200, "leg B-C: %g m", length);
    CHECK(gk_route_step_count(route, 1) >= 3, "leg B-C steps");
    lines = gk_route_direction_count(route);
    CHECK(gk_route_direction(ctx, route, 0, text, sizeof text, &len) == GK_OK
              && strcmp(text, "Driving directions from A to B") == 0, "first line: %s", text);
    CHECK(gk_route_direction(ctx, route, 1, text, sizeof text, &len) == GK_OK
              && strncmp(text, "Estimated time: 0d 0h ", 22) == 0, "second line: %s", text);
    for (i = 0; i < lines; ++i) {
        gk_route_direction(ctx, route, i, text, sizeof text, &len);
        if (strcmp(text, "Driving directions from B to C") == 0) found |= 1;
        if (strncmp(text, "At the roundabout, take the 2nd exit onto Avenue d'Ostende (", 60) == 0) found |= 2;
    }
    CHECK(found == 3, "lines for B-C and the roundabout with its distance (found %d)", found);
    CHECK(gk_route_geojson(ctx, route, NULL, 0, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 100, "GeoJSON size");
    json = malloc(len + 1);
    CHECK(gk_route_geojson(ctx, route, json, len + 1, &count) == GK_OK && strstr(json, "Avenue d'Ostende") != NULL,
          "GeoJSON with the steps");
    free(json);

    /* Bad indices and NULL arguments. */
    CHECK(gk_route_step_count(route, 2) == 0 && gk_route_step_count(NULL, 0) == 0, "no third leg, NULL route");
    CHECK(gk_route_step(ctx, route, 2, 0, &step) == GK_ERR_NOT_FOUND, "step of leg 2");
    CHECK(gk_route_step(ctx, route, 0, steps, &step) == GK_ERR_NOT_FOUND, "step past the last: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_route_step_text(ctx, route, 0, 99, text, sizeof text, &len) == GK_ERR_NOT_FOUND, "text past the last");
    CHECK(gk_route_step_road(ctx, route, 5, 0, name, sizeof name, &name_len, ref, sizeof ref, &ref_len)
              == GK_ERR_NOT_FOUND, "road of leg 5");
    CHECK(gk_route_leg_name(ctx, route, 2, text, sizeof text, &len) == GK_ERR_NOT_FOUND, "name of leg 2");
    CHECK(gk_route_step(ctx, NULL, 0, 0, &step) == GK_ERR_MISUSE, "step NULL route");
    CHECK(gk_route_step(ctx, route, 0, 0, NULL) == GK_ERR_MISUSE, "step NULL out");
    CHECK(gk_route_step(NULL, route, 0, 0, &step) == GK_ERR_MISUSE, "step NULL ctx");
    CHECK(gk_route_step_text(ctx, route, 0, 0, text, sizeof text, NULL) == GK_OK, "text with NULL out_len (optional)");
    CHECK(gk_route_step_text(ctx, NULL, 0, 0, text, sizeof text, &len) == GK_ERR_MISUSE, "text NULL route");
    CHECK(gk_route_step_road(ctx, route, 0, 0, name, sizeof name, NULL, ref, sizeof ref, &ref_len) == GK_ERR_MISUSE,
          "road NULL out_name_len");
    CHECK(gk_route_step_road(ctx, route, 0, 0, name, sizeof name, &name_len, ref, sizeof ref, NULL) == GK_ERR_MISUSE,
          "road NULL out_ref_len");
    CHECK(gk_route_step_road(ctx, route, 0, 0, name, sizeof name, &name_len, NULL, sizeof ref, &ref_len)
              == GK_ERR_MISUSE, "road NULL ref_buf");
    text[0] = 0;
    CHECK(gk_route_leg_name(ctx, route, 0, text, sizeof text, NULL) == GK_OK && text[0] != 0,
          "leg name with NULL out_len (optional under the output rule)");
    CHECK(gk_route_leg_name(ctx, NULL, 0, text, sizeof text, &len) == GK_ERR_MISUSE, "leg name NULL route");
    CHECK(gk_route_create_road(ctx, 3, NULL, &other) == GK_ERR_MISUSE, "road plan NULL router");
    CHECK(gk_route_create_road(ctx, 3, router, NULL) == GK_ERR_MISUSE, "road plan NULL out");
    CHECK(gk_route_create_road(NULL, 3, router, &other) == GK_ERR_MISUSE, "road plan NULL ctx");
    CHECK(gk_route_create_road(ctx, 0, router, &other) == GK_ERR_INVALID_ARGUMENT, "max_pins 0");
    gk_route_destroy(route);

    /* Steps of a great-circle plan: depart and arrive, compass headings. */
    CHECK(gk_route_create(ctx, 2, 10, 1000, &other) == GK_OK, "great-circle plan");
    gk_route_add_pin(ctx, other, 0, 0);
    gk_route_add_pin(ctx, other, 1, 1);
    CHECK(gk_route_step_count(other, 0) == 2, "depart, arrive");
    CHECK(gk_route_step(ctx, other, 0, 0, &step) == GK_OK && step.maneuver == GK_MANEUVER_DEPART
              && step.heading_deg == 45 && step.modifier == GK_MODIFIER_NONE, "head northeast: %g", step.heading_deg);
    CHECK(gk_route_step_road(ctx, other, 0, 0, name, sizeof name, &name_len, ref, sizeof ref, &ref_len) == GK_OK
              && name_len == 0 && ref_len == 0, "no road names");
    CHECK(gk_route_leg_name(ctx, other, 0, text, sizeof text, &len) == GK_OK && len == 0, "no leg name");
    gk_route_destroy(other);
}

static void test_matrix(gk_context *ctx, gk_router *router) {
    /* Interleaved (lat, lon) pairs: A on the south arm, B on the north arm. */
    double pts[4] = {RD_SOUTH_LAT, RD_ARM_LON, RD_NORTH_LAT, RD_ARM_LON};
    double far[2] = {43.7400, RD_ARM_LON};
    double costs[4] = {-1, -1, -1, -1};

    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_OK, "matrix: %s",
          gk_context_errmsg(ctx));
    CHECK(fabs(costs[0]) < 0.5 && fabs(costs[3]) < 0.5, "zero on the diagonal: %g %g", costs[0], costs[3]);
    CHECK(isfinite(costs[1]) && costs[1] > 5 && isfinite(costs[2]) && costs[2] > 5, "off the diagonal: %g %g",
          costs[1], costs[2]);
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 3) == GK_ERR_BUFFER_TOO_SMALL,
          "3 cells are too few");
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, NULL, NULL, 0, 8, NULL, 0) == GK_OK, "no targets");
    CHECK(gk_router_matrix(ctx, router, far, far + 1, 1, 16, pts, pts + 1, 2, 16, costs, 4) == GK_ERR_NOT_FOUND,
          "a source far from the roads: %s", gk_context_errmsg(ctx));
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 12, pts, pts + 1, 2, 16, costs, 4) == GK_ERR_INVALID_ARGUMENT,
          "stride 12");
    CHECK(gk_router_matrix(ctx, NULL, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_ERR_MISUSE,
          "NULL router");
    CHECK(gk_router_matrix(ctx, router, NULL, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_ERR_MISUSE,
          "NULL src_lat");
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, NULL, 2, 16, costs, 4) == GK_ERR_MISUSE,
          "NULL dst_lon");
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, NULL, 4) == GK_ERR_MISUSE,
          "NULL out_costs");
    CHECK(gk_router_matrix(NULL, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_ERR_MISUSE,
          "NULL ctx");
}

/* Snap once, then cost-only queries between the snapped points: equal to the matrix. */
static void test_snapped_cost(gk_context *ctx, gk_router *router, gk_road_graph *graph) {
    double pts[4] = {RD_SOUTH_LAT, RD_ARM_LON, RD_NORTH_LAT, RD_ARM_LON};
    double costs[4] = {-1, -1, -1, -1}, cost = -1;
    gk_snapped_point a, b, forged;
    gk_road_graph *copy = NULL;
    gk_router *other = NULL;

    CHECK(sizeof(gk_snapped_point) == 48, "48 bytes: %zu", sizeof(gk_snapped_point));
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_OK, "matrix");
    CHECK(gk_router_snap_point(ctx, router, pts[0], pts[1], GK_SNAP_START, &a) == GK_OK, "snap A: %s",
          gk_context_errmsg(ctx));
    CHECK(gk_router_snap_point(ctx, router, pts[2], pts[3], GK_SNAP_END, &b) == GK_OK, "snap B: %s",
          gk_context_errmsg(ctx));
    CHECK(fabs(a.lat - RD_SOUTH_LAT) < 1e-6 && fabs(a.lon - RD_ARM_LON) < 1e-7 && a.distance_m < 0.5, "A on its arm");
    CHECK(a.graph_id == b.graph_id && a.graph_id != 0, "one graph id");
    CHECK(gk_router_cost(ctx, router, &a, &b, &cost) == GK_OK && cost == costs[1], "A to B %g, matrix %g", cost,
          costs[1]);
    CHECK(gk_router_cost(ctx, router, &b, &a, &cost) == GK_OK && cost == costs[2], "B to A %g, matrix %g", cost,
          costs[2]);
    CHECK(gk_router_cost(ctx, router, &a, &a, &cost) == GK_OK && cost == 0, "A to A: %g", cost);
    /* Another router over the same graph accepts the points; another graph does not. */
    CHECK(gk_router_create(ctx, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, &other) == GK_OK, "second router");
    CHECK(gk_router_cost(ctx, other, &a, &b, &cost) == GK_OK && cost == costs[1], "same graph, other router");
    gk_router_destroy(other);
    other = NULL;
    CHECK(gk_road_graph_load(ctx, rd_file(0, "roundabout.gkroad"), &copy) == GK_OK, "a copy of the graph: %s",
          gk_context_errmsg(ctx));
    if (copy) {
        CHECK(gk_router_create(ctx, copy, GK_METRIC_FASTEST, GK_MODE_DRIVING, 30, &other) == GK_OK, "router on the copy");
        CHECK(gk_router_cost(ctx, other, &a, &b, &cost) == GK_ERR_INVALID_ARGUMENT, "a point of another graph");
        CHECK(strstr(gk_context_errmsg(ctx), "another road graph") != NULL, "message: %s", gk_context_errmsg(ctx));
        gk_router_destroy(other);
        gk_road_graph_destroy(copy);
    }
    forged = a;
    forged.edge = 0xFFFFFFF0u;
    CHECK(gk_router_cost(ctx, router, &forged, &b, &cost) == GK_ERR_INVALID_ARGUMENT && isinf(cost), "a forged edge");
    forged = a;
    forged.offset_m = NAN;
    CHECK(gk_router_cost(ctx, router, &forged, &b, &cost) == GK_ERR_INVALID_ARGUMENT, "a NaN offset");
    CHECK(gk_router_snap_point(ctx, router, pts[0], pts[1], 4, &a) == GK_ERR_INVALID_ARGUMENT, "role 4");
    CHECK(gk_router_snap_point(ctx, router, 43.7400, RD_ARM_LON, GK_SNAP_ANY, &a) == GK_ERR_NOT_FOUND, "far away");
    CHECK(gk_router_snap_point(ctx, router, 91, 0, GK_SNAP_ANY, &a) == GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(gk_router_snap_point(ctx, router, pts[0], pts[1], GK_SNAP_ANY, NULL) == GK_ERR_MISUSE, "NULL out");
    CHECK(gk_router_snap_point(ctx, NULL, pts[0], pts[1], GK_SNAP_ANY, &a) == GK_ERR_MISUSE, "NULL router");
    CHECK(gk_router_cost(ctx, router, NULL, &b, &cost) == GK_ERR_MISUSE, "NULL from");
    CHECK(gk_router_cost(ctx, router, &b, NULL, &cost) == GK_ERR_MISUSE, "NULL to");
    CHECK(gk_router_cost(ctx, router, &a, &b, NULL) == GK_ERR_MISUSE, "NULL out_cost");
    CHECK(gk_router_cost(NULL, router, &a, &b, &cost) == GK_ERR_MISUSE, "NULL ctx");
}

/* Isochrones: the parts reach B exactly when the limit covers the cost from A to B. */
static int rd_covers(gk_context *ctx, gk_isochrone *iso, const gk_snapped_point *p) {
    gk_reach_part parts[64];
    size_t n = 0, i;
    if (gk_isochrone_parts(ctx, iso, parts, 64, &n) != GK_OK) return -1;
    for (i = 0; i < n; ++i) {
        double lo = parts[i].start_offset_m < parts[i].end_offset_m ? parts[i].start_offset_m : parts[i].end_offset_m;
        double hi = parts[i].start_offset_m < parts[i].end_offset_m ? parts[i].end_offset_m : parts[i].start_offset_m;
        if (parts[i].edge == p->edge && p->offset_m >= lo - 1e-6 && p->offset_m <= hi + 1e-6) return 1;
    }
    return 0;
}

static void test_isochrone(gk_context *ctx, gk_router *router) {
    double pts[4] = {RD_SOUTH_LAT, RD_ARM_LON, RD_NORTH_LAT, RD_ARM_LON};
    double costs[4] = {-1, -1, -1, -1}, lat[256], lon[256];
    gk_snapped_point b;
    gk_isochrone *iso = NULL, *more = NULL;
    gk_reach_part parts[64];
    size_t n = 0, count = 0, polygon = 9, len = 0, i;
    int hole = -1;
    char small[8];

    CHECK(sizeof(gk_reach_part) == 40 && offsetof(gk_reach_part, edge) == 32, "struct gk_reach_part layout");
    CHECK(gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4) == GK_OK, "matrix");
    CHECK(gk_router_snap_point(ctx, router, pts[2], pts[3], GK_SNAP_END, &b) == GK_OK, "snap B");
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_SECONDS, costs[1] - 0.5, 0, &iso) == GK_OK,
          "isochrone: %s", gk_context_errmsg(ctx));
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_SECONDS, costs[1] + 0.5, 0, &more) == GK_OK,
          "isochrone: %s", gk_context_errmsg(ctx));
    if (!iso || !more) return;
    CHECK(rd_covers(ctx, iso, &b) == 0 && rd_covers(ctx, more, &b) == 1, "B is reached just past its cost %g",
          costs[1]);
    CHECK(gk_isochrone_parts(ctx, more, NULL, 0, &n) == GK_ERR_BUFFER_TOO_SMALL && n > 2, "count the parts: %zu", n);
    CHECK(gk_isochrone_parts(ctx, more, parts, 64, &n) == GK_OK, "the parts");
    for (i = 0; i < n && i < 64; ++i) {
        CHECK(parts[i].end_cost <= costs[1] + 0.5 + 1e-9 && parts[i].start_cost <= parts[i].end_cost + 1e-9
                  && parts[i].reserved == 0, "part %zu costs %g..%g", i, parts[i].start_cost, parts[i].end_cost);
        CHECK(gk_isochrone_part_geometry(ctx, more, i, lat, lon, 256, &count) == GK_OK && count >= 2, "part %zu: %zu",
              i, count);
    }
    CHECK(gk_isochrone_part_geometry(ctx, more, n, lat, lon, 256, &count) == GK_ERR_NOT_FOUND, "past the last part");
    CHECK(gk_isochrone_ring_count(more) >= 1 && gk_isochrone_ring_count(NULL) == 0, "rings");
    CHECK(gk_isochrone_ring(ctx, more, 0, lat, lon, 256, &count, &polygon, &hole) == GK_OK && count >= 4
              && lat[0] == lat[count - 1] && lon[0] == lon[count - 1] && polygon == 0 && hole == 0,
          "ring 0 closed and outer: %zu", count);
    CHECK(gk_isochrone_ring(ctx, more, gk_isochrone_ring_count(more), lat, lon, 256, &count, NULL, NULL)
              == GK_ERR_NOT_FOUND, "past the last ring");
    CHECK(gk_isochrone_geojson(ctx, more, 1, small, sizeof small, &len) == GK_ERR_BUFFER_TOO_SMALL && len > 100,
          "GeoJSON size %zu", len);
    {
        char *text = malloc(len + 1);
        CHECK(text && gk_isochrone_geojson(ctx, more, 1, text, len + 1, NULL) == GK_OK
                  && strstr(text, "\"MultiPolygon\"") && strstr(text, "\"kind\":\"part\""), "GeoJSON");
        free(text);
    }
    gk_isochrone_destroy(iso);
    gk_isochrone_destroy(more);
    gk_isochrone_destroy(NULL);
    iso = NULL;
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], 2, 60, 0, &iso) == GK_ERR_INVALID_ARGUMENT, "kind 2");
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_METERS, -1, 0, &iso) == GK_ERR_INVALID_ARGUMENT,
          "limit -1");
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_METERS, NAN, 0, &iso) == GK_ERR_INVALID_ARGUMENT,
          "limit NaN");
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_METERS, 100, 0.5, &iso) == GK_ERR_INVALID_ARGUMENT,
          "cell 0.5 m");
    CHECK(gk_router_isochrone(ctx, router, 43.7400, RD_ARM_LON, GK_LIMIT_SECONDS, 60, 0, &iso) == GK_ERR_NOT_FOUND,
          "far from the roads");
    CHECK(gk_router_isochrone(ctx, router, pts[0], pts[1], GK_LIMIT_SECONDS, 60, 0, NULL) == GK_ERR_MISUSE, "NULL out");
    CHECK(gk_router_isochrone(ctx, NULL, pts[0], pts[1], GK_LIMIT_SECONDS, 60, 0, &iso) == GK_ERR_MISUSE,
          "NULL router");
    CHECK(iso == NULL, "nothing made on failure");
    CHECK(gk_isochrone_parts(ctx, NULL, parts, 64, &n) == GK_ERR_MISUSE, "NULL iso");
}

/* One graph, a router per thread, each thread with its own context. */
struct rd_job { gk_road_graph *graph; double cost; int status; };

static void *rd_run(void *arg) {
    struct rd_job *job = arg;
    gk_context *ctx = gk_context_create();
    gk_router *router = NULL;
    double pts[4] = {RD_SOUTH_LAT, RD_ARM_LON, RD_NORTH_LAT, RD_ARM_LON}, costs[4];
    int i;
    job->status = gk_router_create(ctx, job->graph, GK_METRIC_SHORTEST, GK_MODE_DRIVING, 30, &router);
    for (i = 0; i < 50 && job->status == GK_OK; ++i)
        job->status = gk_router_matrix(ctx, router, pts, pts + 1, 2, 16, pts, pts + 1, 2, 16, costs, 4);
    job->cost = costs[1];
    gk_router_destroy(router);
    gk_context_destroy(ctx);
    return NULL;
}

static void test_threads(gk_road_graph *graph) {
    struct rd_job jobs[2];
    pthread_t threads[2];
    int i;
    for (i = 0; i < 2; ++i) {
        jobs[i].graph = graph;
        jobs[i].status = -1;
        CHECK(pthread_create(&threads[i], NULL, rd_run, &jobs[i]) == 0, "thread %d", i);
    }
    for (i = 0; i < 2; ++i) pthread_join(threads[i], NULL);
    CHECK(jobs[0].status == GK_OK && jobs[1].status == GK_OK && jobs[0].cost == jobs[1].cost && jobs[0].cost > 300,
          "two routers on one graph: %d %d %g %g", jobs[0].status, jobs[1].status, jobs[0].cost, jobs[1].cost);
}

/* Monaco from the shared data, when it is there (not in install-check's temp dir). */
static void test_monaco(gk_context *ctx) {
    char path[512];
    gk_road_graph *graph = NULL;
    gk_router *router = NULL;
    gk_route *route = NULL;
    double length = 0, time = 0, costs[4] = {-1, -1, -1, -1};
    const double pins[4] = {43.73945, 7.42790, 43.72760, 7.41550};
    size_t nodes = 0;

    if (!gk_test_shared_file(path, sizeof path, "osm/monaco.osm.pbf")) return;
    {
        /* The profile argument reads as the tool's --profile does: "bike" is the bicycle. */
        gk_road_graph *bike = NULL;
        CHECK(gk_road_graph_build_osm(ctx, path, "bike", &bike) == GK_OK, "Monaco by bike: %s", gk_context_errmsg(ctx));
        gk_road_graph_destroy(bike);
        bike = NULL;
        /* Names match in any letter case, as the tool's choices do; other words are refused. */
        CHECK(gk_road_graph_build_osm(ctx, path, "Bike", &bike) == GK_OK && bike, "\"Bike\": %s", gk_context_errmsg(ctx));
        gk_road_graph_destroy(bike);
        bike = NULL;
        CHECK(gk_road_graph_build_osm(ctx, path, "bikes", &bike) == GK_ERR_INVALID_ARGUMENT && !bike, "\"bikes\" refused");
    }
    CHECK(gk_road_graph_build_osm(ctx, path, "car", &graph) == GK_OK, "Monaco: %s", gk_context_errmsg(ctx));
    CHECK(gk_road_graph_info(ctx, graph, &nodes, NULL, NULL, NULL, NULL) == GK_OK && nodes > 300, "Monaco: %zu nodes",
          nodes);
    CHECK(gk_router_create(ctx, graph, GK_METRIC_FASTEST, GK_MODE_DRIVING, 200, &router) == GK_OK, "Monaco router");
    gk_road_graph_destroy(graph);
    CHECK(gk_router_matrix(ctx, router, pins, pins + 1, 2, 16, pins, pins + 1, 2, 16, costs, 4) == GK_OK,
          "Monaco matrix: %s", gk_context_errmsg(ctx));
    CHECK(costs[0] == 0 && costs[3] == 0 && isfinite(costs[1]) && isfinite(costs[2]), "Monaco matrix: %g %g %g %g",
          costs[0], costs[1], costs[2], costs[3]);
    CHECK(gk_route_create_road(ctx, 5, router, &route) == GK_OK, "Monaco plan");
    gk_router_destroy(router);
    CHECK(gk_route_add_pin(ctx, route, pins[0], pins[1]) == GK_OK && gk_route_add_pin(ctx, route, pins[2], pins[3])
              == GK_OK, "Monaco pins: %s", gk_context_errmsg(ctx));
    CHECK(gk_route_leg(ctx, route, 0, &length, &time, NULL) == GK_OK && length > 1000 && length < 5000 && time > 60,
          "Monaco leg: %g m, %g s", length, time);
    /* A matrix cell is the cost of the route (seconds, to the millisecond weights). */
    CHECK(fabs(time - costs[1]) < 0.5, "Monaco leg time %g s, matrix %g s", time, costs[1]);
    gk_route_destroy(route);
}

void test_road(gk_context *ctx) {
    gk_road_graph *graph = NULL;
    gk_router *router = NULL;
    const char *tmp = getenv("TMPDIR");
    const char *names[] = {"roundabout.osm", "roundabout.gkroad", "damaged.gkroad"};
    size_t i;

    CHECK(sizeof(struct gk_route_step) == 4 * sizeof(int) + 3 * sizeof(double) + 2 * sizeof(size_t)
              && offsetof(struct gk_route_step, heading_deg) == 16
              && offsetof(struct gk_route_step, first_vertex) == 40,
          "struct gk_route_step layout");
    snprintf(rd_dir, sizeof rd_dir, "%s/gk_road_c_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(rd_dir)) {
        CHECK(0, "mkdtemp %s", rd_dir);
        return;
    }
    test_graph_files(ctx, &graph);
    if (graph) {
        test_router(ctx, graph, &router);
        test_threads(graph);
    }
    if (router) {
        gk_route *route = NULL;
        double length = 0;
        test_matrix(ctx, router);
        test_snapped_cost(ctx, router, graph);  /* makes a second router over the graph */
        /* The router keeps the graph alive: its handle may go first. */
        gk_road_graph_destroy(graph);
        graph = NULL;
        test_isochrone(ctx, router);
        test_road_plan(ctx, router);
        /* A road plan keeps what it needs of its router. */
        CHECK(gk_route_create_road(ctx, 2, router, &route) == GK_OK, "plan");
        gk_router_destroy(router);
        CHECK(gk_route_add_pin(ctx, route, RD_NORTH_LAT, RD_ARM_LON) == GK_OK
                  && gk_route_add_pin(ctx, route, RD_SOUTH_LAT, RD_ARM_LON) == GK_OK
                  && gk_route_leg(ctx, route, 0, &length, NULL, NULL) == GK_OK && length > 330,
              "route after the router is gone: %g m, %s", length, gk_context_errmsg(ctx));
        gk_route_destroy(route);
    }
    gk_road_graph_destroy(graph);  /* when no router could be made */
    test_monaco(ctx);
    for (i = 0; i < sizeof names / sizeof names[0]; ++i) unlink(rd_file(0, names[i]));
    rmdir(rd_dir);
}
