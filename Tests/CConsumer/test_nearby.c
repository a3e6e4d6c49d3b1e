/* C consumer: section "nearby" — the spatial index, landmarks, distance hints and
 * reverse geocoding, checked from C against an independent brute force. */
#define _POSIX_C_SOURCE 200809L
#include "consumer.h"

#include <pthread.h>
#include <unistd.h>

void test_nearby(gk_context *ctx);

#define N_POINTS 3000

static unsigned long long nb_state = 0x9E3779B97F4A7C15ULL;
static double nb_uniform(double lo, double hi) { return gk_test_uniform(&nb_state, lo, hi); }

/* The haversine written here, independently of the library. */
static double nb_haversine(double lat1, double lon1, double lat2, double lon2) {
    double k = GK_TEST_PI / 180.0;
    double s1 = sin((lat2 - lat1) * k * 0.5), s2 = sin((lon2 - lon1) * k * 0.5);
    double h = s1 * s1 + cos(lat1 * k) * cos(lat2 * k) * (s2 * s2);
    return 2.0 * GK_EARTH_MEAN_RADIUS_M * asin(sqrt(h < 1.0 ? h : 1.0));
}

static double pts[2 * N_POINTS];

/* The k nearest by brute force: selection of the k smallest haversine distances. */
static void nb_brute_nearest(double lat, double lon, size_t n, size_t k, uint32_t *ids, double *dist) {
    size_t i, j;
    for (j = 0; j < k; ++j) { ids[j] = UINT32_MAX; dist[j] = INFINITY; }
    for (i = 0; i < n; ++i) {
        double d = nb_haversine(lat, lon, pts[2 * i], pts[2 * i + 1]);
        if (d >= dist[k - 1]) continue;
        for (j = k - 1; j > 0 && dist[j - 1] > d; --j) { dist[j] = dist[j - 1]; ids[j] = ids[j - 1]; }
        dist[j] = d;
        ids[j] = (uint32_t)i;
    }
}

static char nb_path[256];
static const char *nb_file(const char *name) {
    snprintf(nb_path, sizeof nb_path, "/tmp/gk_nearby_c_%ld_%s", (long)getpid(), name);
    return nb_path;
}

static void test_index(gk_context *ctx) {
    gk_index *idx = NULL, *loaded = NULL, *bad = NULL;
    uint32_t ids[64], want_ids[10], new_id = 0;
    double m[64], want_m[10];
    size_t count = 0, q, i, big = 0;
    int same_ids = 0;
    FILE *f;

    for (i = 0; i < N_POINTS; ++i) {
        pts[2 * i] = asin(nb_uniform(-1, 1)) * 180.0 / GK_TEST_PI;
        pts[2 * i + 1] = nb_uniform(-180, 180);
    }
    CHECK(gk_index_build(ctx, pts, pts + 1, N_POINTS, 16, &idx) == GK_OK && idx, "build: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_count(idx) == N_POINTS, "count %u", (unsigned)gk_index_count(idx));
    for (q = 0; q < 50; ++q) {
        double lat = nb_uniform(-90, 90), lon = nb_uniform(-180, 180);
        CHECK(gk_index_nearest(ctx, idx, lat, lon, 10, INFINITY, ids, m, 64, &count) == GK_OK && count == 10,
              "nearest: %s", gk_context_errmsg(ctx));
        nb_brute_nearest(lat, lon, N_POINTS, 10, want_ids, want_m);
        for (i = 0; i < 10; ++i) {
            CHECK_CLOSE(m[i], want_m[i], 1e-6, "distance of the i-th neighbour");
            if (ids[i] == want_ids[i]) ++same_ids;
        }
    }
    CHECK(same_ids == 500, "%d of 500 neighbours as the brute force", same_ids);

    /* Radius: sorted and unsorted agree; the buffer protocol reports the count. */
    CHECK(gk_index_within(ctx, idx, 10, 20, 1500000, GK_SORTED, NULL, NULL, 0, &big) == GK_ERR_BUFFER_TOO_SMALL ||
          big == 0, "capacity 0 asks for the count");
    CHECK(big > 0 && big <= 64, "hits within 1500 km: %u", (unsigned)big);
    CHECK(gk_index_within(ctx, idx, 10, 20, 1500000, GK_SORTED, ids, m, 64, &count) == GK_OK && count == big, "within");
    for (i = 1; i < count; ++i) CHECK(m[i - 1] <= m[i], "sorted at %u", (unsigned)i);
    for (i = 0; i < count; ++i) CHECK(m[i] <= 1500000 && fabs(m[i] - nb_haversine(10, 20, pts[2 * ids[i]], pts[2 * ids[i] + 1])) < 1e-6, "hit %u", (unsigned)i);
    CHECK(gk_index_within(ctx, idx, 10, 20, 1500000, GK_UNSORTED, ids, NULL, 64, &count) == GK_OK && count == big, "unsorted");
    CHECK(gk_index_nearest(ctx, idx, 10, 20, 10, INFINITY, ids, m, 3, &count) == GK_ERR_BUFFER_TOO_SMALL && count == 10,
          "too small: needs %u", (unsigned)count);

    /* Across the antimeridian. */
    CHECK(gk_index_insert(ctx, idx, 0.001, 179.9999, &new_id) == GK_OK && new_id == N_POINTS, "insert id %u", (unsigned)new_id);
    CHECK(gk_index_nearest(ctx, idx, 0.001, -179.9999, 1, INFINITY, ids, m, 1, &count) == GK_OK && ids[0] == new_id,
          "nearest across the antimeridian: %u", (unsigned)ids[0]);
    CHECK_CLOSE(m[0], nb_haversine(0.001, -179.9999, 0.001, 179.9999), 1e-6, "distance across the antimeridian");
    CHECK(gk_index_remove(ctx, idx, new_id) == GK_OK, "remove");
    CHECK(gk_index_remove(ctx, idx, new_id) == GK_ERR_NOT_FOUND, "remove twice");
    CHECK(strstr(gk_context_errmsg(ctx), "removed") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_count(idx) == N_POINTS, "count after remove");

    /* Save, load, damage. */
    CHECK(gk_index_save(ctx, idx, nb_file("index.gkidx")) == GK_OK, "save: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_load(ctx, nb_file("index.gkidx"), &loaded) == GK_OK && gk_index_count(loaded) == N_POINTS, "load");
    CHECK(gk_index_nearest(ctx, loaded, 10, 20, 10, INFINITY, ids, m, 64, &count) == GK_OK && count == 10, "loaded nearest");
    nb_brute_nearest(10, 20, N_POINTS, 10, want_ids, want_m);
    CHECK(ids[0] == want_ids[0] && ids[9] == want_ids[9], "loaded answers like the brute force");
    f = fopen(nb_file("index.gkidx"), "r+b");
    if (f) { fseek(f, 1000, SEEK_SET); fputc(0x55, f); fclose(f); }
    CHECK(gk_index_load(ctx, nb_file("index.gkidx"), &bad) == GK_ERR_CORRUPT && bad == NULL, "damaged file: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_load(ctx, nb_file("missing.gkidx"), &bad) == GK_ERR_IO, "missing file");
    remove(nb_file("index.gkidx"));

    /* Misuse. */
    CHECK(gk_index_nearest(ctx, NULL, 0, 0, 1, INFINITY, ids, m, 1, &count) == GK_ERR_MISUSE, "NULL index");
    CHECK(gk_index_nearest(ctx, idx, 0, 0, 1, INFINITY, ids, m, 1, NULL) == GK_ERR_MISUSE, "NULL out_count");
    CHECK(gk_index_nearest(ctx, idx, 91, 0, 1, INFINITY, ids, m, 1, &count) == GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(gk_index_within(ctx, idx, 0, 0, -1, GK_SORTED, ids, m, 1, &count) == GK_ERR_INVALID_ARGUMENT, "negative radius");
    CHECK(gk_index_within(ctx, idx, 0, 0, 1, 7, ids, m, 1, &count) == GK_ERR_INVALID_ARGUMENT, "bad order");
    CHECK(gk_index_count(NULL) == 0, "count of NULL");
    gk_index_destroy(loaded);
    gk_index_destroy(idx);
    gk_index_destroy(NULL);
}

/* Readers query while the main thread inserts and removes: the index locks itself. */
struct nb_reader { gk_index *idx; int wrong; };

static void *nb_read(void *arg) {
    struct nb_reader *r = arg;
    gk_context *ctx = gk_context_create();
    uint32_t ids[5];
    double m[5];
    size_t count, i;
    for (i = 0; i < 300; ++i) {
        size_t p = (i * 7) % 100;
        if (gk_index_nearest(ctx, r->idx, pts[2 * p], pts[2 * p + 1], 1, INFINITY, ids, m, 5, &count) != GK_OK ||
            count != 1 || ids[0] != p || m[0] != 0)
            r->wrong++;
    }
    gk_context_destroy(ctx);
    return NULL;
}

static void test_index_threads(gk_context *ctx) {
    gk_index *idx = NULL;
    pthread_t th[4];
    struct nb_reader readers[4];
    int i;
    uint32_t id;
    CHECK(gk_index_build(ctx, pts, pts + 1, 100, 16, &idx) == GK_OK, "build for threads");
    for (i = 0; i < 4; ++i) { readers[i].idx = idx; readers[i].wrong = 0; pthread_create(&th[i], NULL, nb_read, &readers[i]); }
    for (i = 0; i < 2000; ++i) {
        gk_index_insert(ctx, idx, nb_uniform(-60, 60), nb_uniform(-180, 180), &id);
        if (i % 3 == 0) gk_index_remove(ctx, idx, id);
    }
    for (i = 0; i < 4; ++i) { pthread_join(th[i], NULL); CHECK(readers[i].wrong == 0, "reader %d: %d wrong", i, readers[i].wrong); }
    gk_index_destroy(idx);
}

static void test_landmarks(gk_context *ctx) {
    gk_landmarks *lm = NULL, *loaded = NULL;
    uint64_t a = 0, b = 0, c = 0, ids[8];
    double m[8], lat = 0, lon = 0;
    char note[GK_LANDMARK_NOTE_MAX + 1], owner[GK_LANDMARK_OWNER_MAX + 1], small[4], hint[32];
    size_t count = 0, nb = 0, ob = 0;

    CHECK(gk_landmarks_create(ctx, &lm) == GK_OK && lm, "create");
    CHECK(gk_landmarks_add(ctx, lm, 51.5007, -0.1246, "Big Ben, loud at noon", "alice", &a) == GK_OK && a == 1, "add a");
    CHECK(gk_landmarks_add(ctx, lm, 51.5014, -0.1419, "Palace gates", "bob", &b) == GK_OK && b == 2, "add b");
    CHECK(gk_landmarks_add(ctx, lm, 48.8584, 2.2945, "Tour Eiffel", "Alice", &c) == GK_OK, "add c");
    CHECK(gk_landmarks_count(lm) == 3, "count");

    CHECK(gk_landmarks_edit_note(ctx, lm, a, "bob", "mine now") == GK_ERR_PERMISSION, "bob may not edit alice's");
    CHECK(strstr(gk_context_errmsg(ctx), "alice") && strstr(gk_context_errmsg(ctx), "bob"), "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_landmarks_delete(ctx, lm, a, "bob") == GK_ERR_PERMISSION, "bob may not delete alice's");
    CHECK(gk_landmarks_edit_note(ctx, lm, a, "alice", "Big Ben, LOUD at noon") == GK_OK, "owner edits");
    CHECK(gk_landmarks_edit_note(ctx, lm, 99, "alice", "x") == GK_ERR_NOT_FOUND, "unknown id");
    CHECK(gk_landmarks_add(ctx, lm, 0, 0, "", "alice", NULL) == GK_ERR_INVALID_ARGUMENT, "empty note");

    /* Nearest first from Westminster Bridge; text and scope filters. */
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", GK_RADIUS_GLOBAL, NULL, GK_SCOPE_ALL, 8, ids, m, 8, &count) == GK_OK
          && count == 3 && ids[0] == a && ids[1] == b && ids[2] == c, "nearest first");
    CHECK(m[0] > 150 && m[0] < 250, "Big Ben at %g m", m[0]);
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", GK_RADIUS_10KM, NULL, GK_SCOPE_ALL, 8, ids, m, 8, &count) == GK_OK
          && count == 2, "10 km radius: %u", (unsigned)count);
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", GK_RADIUS_GLOBAL, "loud", GK_SCOPE_ALL, 8, ids, m, 8, &count) == GK_OK
          && count == 1 && ids[0] == a, "text is case-insensitive");
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", GK_RADIUS_GLOBAL, "ALICE", GK_SCOPE_ALL, 8, ids, m, 8, &count) == GK_OK
          && count == 2, "text matches owners: %u", (unsigned)count);
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", GK_RADIUS_GLOBAL, NULL, GK_SCOPE_OTHERS, 8, ids, NULL, 8, &count) == GK_OK
          && count == 2 && ids[0] == b, "others");
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, NULL, GK_RADIUS_GLOBAL, NULL, GK_SCOPE_MINE, 8, ids, m, 8, &count) == GK_ERR_MISUSE,
          "mine needs a user");
    CHECK(gk_landmarks_search(ctx, lm, 51.5008, -0.1219, "alice", 9, NULL, GK_SCOPE_ALL, 8, ids, m, 8, &count) == GK_ERR_INVALID_ARGUMENT,
          "unknown radius");

    CHECK(gk_landmarks_get(ctx, lm, a, &lat, &lon, note, sizeof note, owner, sizeof owner, &nb, &ob) == GK_OK, "get");
    CHECK(strcmp(note, "Big Ben, LOUD at noon") == 0 && strcmp(owner, "alice") == 0 && nb == 21 && ob == 5, "get: %s / %s", note, owner);
    CHECK(lat == 51.5007 && lon == -0.1246, "position");
    CHECK(gk_landmarks_get(ctx, lm, a, NULL, NULL, small, sizeof small, NULL, 0, &nb, NULL) == GK_ERR_BUFFER_TOO_SMALL && nb == 21,
          "small buffer: needs %u", (unsigned)nb);

    CHECK(gk_landmarks_save(ctx, lm, nb_file("marks.gklm")) == GK_OK, "save: %s", gk_context_errmsg(ctx));
    CHECK(gk_landmarks_delete(ctx, lm, a, "alice") == GK_OK && gk_landmarks_count(lm) == 2, "owner deletes");
    CHECK(gk_landmarks_get(ctx, lm, a, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL) == GK_ERR_NOT_FOUND, "deleted");
    CHECK(gk_landmarks_load(ctx, nb_file("marks.gklm"), &loaded) == GK_OK && gk_landmarks_count(loaded) == 3, "load");
    CHECK(gk_landmarks_get(ctx, loaded, a, NULL, NULL, note, sizeof note, NULL, 0, NULL, NULL) == GK_OK
          && strcmp(note, "Big Ben, LOUD at noon") == 0, "loaded note");
    remove(nb_file("marks.gklm"));
    gk_landmarks_destroy(loaded);
    gk_landmarks_destroy(lm);
    gk_landmarks_destroy(NULL);

    CHECK(gk_distance_hint(ctx, 12.5, NAN, hint, sizeof hint, &nb) == GK_OK && strcmp(hint, "12.5 m away") == 0, "hint %s", hint);
    CHECK(gk_distance_hint(ctx, 12.5, 20, hint, sizeof hint, NULL) == GK_OK && strcmp(hint, "less than 20 m away") == 0, "hint %s", hint);
    CHECK(gk_distance_hint(ctx, 3, -1, hint, sizeof hint, NULL) == GK_OK && strcmp(hint, "just here") == 0, "hint %s", hint);
    CHECK(gk_distance_hint(ctx, 345650, NAN, hint, sizeof hint, NULL) == GK_OK && strcmp(hint, "345.65 km away") == 0, "hint %s", hint);
    CHECK(gk_distance_hint(ctx, 345650, NAN, small, sizeof small, &nb) == GK_ERR_BUFFER_TOO_SMALL && nb == 14, "hint too small");
}

static void test_geocoder(gk_context *ctx) {
    gk_geocoder *g = NULL;
    const char *name = NULL, *admin1 = NULL, *cc = NULL;
    char shared[512];
    size_t place = 0;
    double m = -1, lat = 0, lon = 0;
    FILE *f;

    /* The shared gazetteer when it can be found from here; otherwise a small one. */
    if (gk_test_shared_file(shared, sizeof shared, "gazetteer/cities1000.csv")) {
        CHECK(gk_geocoder_load(ctx, shared, GK_GAZETTEER_AUTO, &g) == GK_OK, "load shared: %s", gk_context_errmsg(ctx));
        CHECK(gk_geocoder_count(g) == 144563, "places: %u", (unsigned)gk_geocoder_count(g));
    } else {
        f = fopen(nb_file("cities.csv"), "w");
        if (f) {
            fputs("lat,lon,name,admin1,admin2,cc\n48.85341,2.3488,Paris,Ile-de-France,Paris,FR\n"
                  "\"47.36667\",8.55,Zurich,Zurich,Bezirk Zuerich,CH\n-18.14161,178.44149,Suva,Central,,FJ\n", f);
            fclose(f);
        }
        CHECK(gk_geocoder_load(ctx, nb_file("cities.csv"), GK_GAZETTEER_CSV, &g) == GK_OK, "load: %s", gk_context_errmsg(ctx));
        remove(nb_file("cities.csv"));
    }
    CHECK(gk_geocoder_nearest(ctx, g, 48.8566, 2.3522, &place, &m) == GK_OK, "nearest: %s", gk_context_errmsg(ctx));
    CHECK(gk_geocoder_place(ctx, g, place, &name, &admin1, NULL, &cc, &lat, &lon) == GK_OK, "place");
    CHECK(name && strcmp(name, "Paris") == 0 && strcmp(cc, "FR") == 0, "Paris: %s (%s)", name ? name : "?", cc ? cc : "?");
    CHECK_CLOSE(m, nb_haversine(48.8566, 2.3522, lat, lon), 1e-6, "distance to the place");
    CHECK(gk_geocoder_nearest(ctx, g, -18.2, -179.99, &place, &m) == GK_OK, "Fiji across the antimeridian");
    CHECK(gk_geocoder_place(ctx, g, place, NULL, NULL, NULL, &cc, NULL, NULL) == GK_OK && strcmp(cc, "FJ") == 0, "in Fiji: %s", cc);
    CHECK(gk_geocoder_place(ctx, g, gk_geocoder_count(g), &name, NULL, NULL, NULL, NULL, NULL) == GK_ERR_NOT_FOUND, "place out of range");
    CHECK(gk_geocoder_load(ctx, "/nonexistent/cities.csv", GK_GAZETTEER_AUTO, &g) == GK_ERR_IO, "missing gazetteer");
    CHECK(gk_geocoder_nearest(ctx, NULL, 0, 0, &place, &m) == GK_ERR_MISUSE, "NULL geocoder");
    gk_geocoder_destroy(g);
    gk_geocoder_destroy(NULL);
}

void test_nearby(gk_context *ctx) {
    test_index(ctx);
    test_index_threads(ctx);
    test_landmarks(ctx);
    test_geocoder(ctx);
}
