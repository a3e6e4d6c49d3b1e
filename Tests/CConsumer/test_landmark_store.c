/* C consumer: section "landmark store" — a SQLite landmark store opened twice (two
 * connections, as two processes would), owner rules, tombstones, sync through
 * gk_landmark_store_changes / gk_landmark_store_apply, bad files and NULLs. */
#define _POSIX_C_SOURCE 200809L
#include "consumer.h"

#include <unistd.h>

void test_landmark_store(gk_context *ctx);

static void ls_remove(const char *base) {
    char p[512];
    snprintf(p, sizeof p, "%s", base); unlink(p);
    snprintf(p, sizeof p, "%s-wal", base); unlink(p);
    snprintf(p, sizeof p, "%s-shm", base); unlink(p);
}

/* Every entry of `list` as "id|note|deleted" lines, for comparing two stores. */
static void ls_content(gk_context *ctx, gk_landmark_list *list, char *buf, size_t cap) {
    size_t i, n = gk_landmark_list_count(list), used = 0;
    buf[0] = 0;
    for (i = 0; i < n; ++i) {
        const char *id = NULL, *note = NULL;
        bool deleted = false;
        int rc = gk_landmark_list_get(ctx, list, i, &id, NULL, NULL, &note, NULL, NULL, NULL, &deleted, NULL, NULL, NULL);
        if (rc != GK_OK) return;
        used += (size_t)snprintf(buf + used, cap - used, "%s|%s|%d\n", id, note, (int)deleted);
        if (used >= cap) return;
    }
}

void test_landmark_store(gk_context *ctx) {
    char a_path[256], b_path[256], id[GK_LANDMARK_ID_MAX + 1];
    gk_landmark_store *a = NULL, *a2 = NULL, *b = NULL;
    gk_landmark_list *list = NULL;
    size_t len = 0, count = 0, i, n;
    int64_t seq = 0;
    int rc;

    snprintf(a_path, sizeof a_path, "/tmp/gk-c-store-a-%ld.db", (long)getpid());
    snprintf(b_path, sizeof b_path, "/tmp/gk-c-store-b-%ld.db", (long)getpid());
    ls_remove(a_path);
    ls_remove(b_path);

    rc = gk_landmark_store_open(ctx, a_path, GK_DURABILITY_FULL, &a);
    CHECK(rc == GK_OK && a != NULL, "open a: %d %s", rc, gk_context_errmsg(ctx));
    rc = gk_landmark_store_open(ctx, a_path, GK_DURABILITY_NORMAL, &a2);
    CHECK(rc == GK_OK, "open a again: %s", gk_context_errmsg(ctx));

    /* A generated id (32 hex digits) and a caller-given one. */
    rc = gk_landmark_store_add(ctx, a, NULL, 48.8584, 2.2945, "Tour Eiffel", "alice", 1000, id, sizeof id, &len);
    CHECK(rc == GK_OK && len == 32 && strlen(id) == 32, "add generated: %d %s", rc, gk_context_errmsg(ctx));
    rc = gk_landmark_store_add(ctx, a, "louvre", 48.8606, 2.3376, "Louvre", "bob", 1001, NULL, 0, NULL);
    CHECK(rc == GK_OK, "add given: %s", gk_context_errmsg(ctx));
    rc = gk_landmark_store_add(ctx, a, "louvre", 48.8606, 2.3376, "again", "bob", 1002, NULL, 0, NULL);
    CHECK(rc == GK_ERR_DUPLICATE, "duplicate id: %d", rc);
    rc = gk_landmark_store_add(ctx, a, "tiny", 48.0, 2.0, "n", "bob", 1, id, 4, &len);
    CHECK(rc == GK_ERR_BUFFER_TOO_SMALL && len == 4, "small id buffer: %d %zu", rc, len);
    rc = gk_landmark_store_add(ctx, a, "bad", 91.0, 2.0, "n", "bob", 1, NULL, 0, NULL);
    CHECK(rc == GK_ERR_INVALID_ARGUMENT, "latitude 91: %d", rc);

    /* Owner-only edit and delete; time never goes back. */
    rc = gk_landmark_store_edit(ctx, a, "louvre", "mallory", "mine now", false, 0, 0, 2000);
    CHECK(rc == GK_ERR_PERMISSION && strstr(gk_context_errmsg(ctx), "bob") != NULL, "edit by another: %d", rc);
    rc = gk_landmark_store_edit(ctx, a, "louvre", "bob", "Musée du Louvre", false, 0, 0, 999);
    CHECK(rc == GK_ERR_ORDER, "edit back in time: %d", rc);
    rc = gk_landmark_store_edit(ctx, a, "louvre", "bob", "Musée du Louvre", true, 48.8611, 2.3358, 2000);
    CHECK(rc == GK_OK, "edit: %s", gk_context_errmsg(ctx));

    /* The second connection sees the first one's commits before answering. */
    rc = gk_landmark_store_search(ctx, a2, 48.8600, 2.3400, "carol", GK_RADIUS_1KM, "musée", GK_SCOPE_OTHERS, 10, -1.0, &list);
    CHECK(rc == GK_OK && gk_landmark_list_count(list) == 1, "search: %d %zu", rc, gk_landmark_list_count(list));
    if (rc == GK_OK && gk_landmark_list_count(list) == 1) {
        const char *got_id = NULL, *note = NULL, *owner = NULL, *hint = NULL;
        double lat = 0, lon = 0, d = 0;
        int64_t created = 0, updated = 0;
        bool deleted = true;
        rc = gk_landmark_list_get(ctx, list, 0, &got_id, &lat, &lon, &note, &owner, &created, &updated, &deleted, &seq, &d, &hint);
        CHECK(rc == GK_OK && strcmp(got_id, "louvre") == 0 && strcmp(note, "Musée du Louvre") == 0 &&
              strcmp(owner, "bob") == 0 && created == 1001 && updated == 2000 && !deleted,
              "entry: %s %s %s", got_id, note, owner);
        CHECK(lat == 48.8611 && lon == 2.3358 && d > 300 && d < 500 && strstr(hint, "m away") != NULL, "distance %g %s", d, hint);
        CHECK(gk_landmark_list_get(ctx, list, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) == GK_ERR_NOT_FOUND,
              "entry beyond the list");
    }
    gk_landmark_list_destroy(list);
    list = NULL;

    /* Delete: a tombstone that get still returns, not counted. */
    rc = gk_landmark_store_delete(ctx, a2, "louvre", "bob", 3000);
    CHECK(rc == GK_OK, "delete: %s", gk_context_errmsg(ctx));
    rc = gk_landmark_store_count(ctx, a, &count);
    CHECK(rc == GK_OK && count == 1, "count after delete: %zu", count);
    rc = gk_landmark_store_get(ctx, a, "louvre", &list);
    if (rc == GK_OK) {
        bool deleted = false;
        gk_landmark_list_get(ctx, list, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, &deleted, NULL, NULL, NULL);
        CHECK(deleted, "get returns the tombstone");
    } else {
        CHECK(0, "get tombstone: %d", rc);
    }
    gk_landmark_list_destroy(list);
    list = NULL;
    CHECK(gk_landmark_store_get(ctx, a, "nope", &list) == GK_ERR_NOT_FOUND && list == NULL, "get unknown");

    /* Sync a into b through changes/apply: identical content. */
    rc = gk_landmark_store_open(ctx, b_path, GK_DURABILITY_NORMAL, &b);
    CHECK(rc == GK_OK, "open b: %s", gk_context_errmsg(ctx));
    rc = gk_landmark_store_changes(ctx, a, 0, 1000, &list);
    CHECK(rc == GK_OK && gk_landmark_list_count(list) == 2, "changes: %d", rc);
    n = gk_landmark_list_count(list);
    for (i = 0; i < n; ++i) {
        const char *cid, *note, *owner;
        double lat, lon;
        int64_t created, updated;
        bool deleted, applied = false;
        gk_landmark_list_get(ctx, list, i, &cid, &lat, &lon, &note, &owner, &created, &updated, &deleted, NULL, NULL, NULL);
        rc = gk_landmark_store_apply(ctx, b, cid, lat, lon, note, owner, created, updated, deleted, &applied);
        CHECK(rc == GK_OK && applied, "apply %zu: %s", i, gk_context_errmsg(ctx));
    }
    gk_landmark_list_destroy(list);
    {
        static char ca[4096], cb[4096];
        gk_landmark_list *la = NULL, *lb = NULL;
        gk_landmark_store_changes(ctx, a, 0, 1000, &la);
        gk_landmark_store_changes(ctx, b, 0, 1000, &lb);
        ls_content(ctx, la, ca, sizeof ca);
        ls_content(ctx, lb, cb, sizeof cb);
        CHECK(strcmp(ca, cb) == 0 && strlen(ca) > 0, "synced content differs:\n%s---\n%s", ca, cb);
        gk_landmark_list_destroy(la);
        gk_landmark_list_destroy(lb);
    }
    rc = gk_landmark_store_sequence(ctx, b, &seq);
    CHECK(rc == GK_OK && seq == 2, "sequence of b: %lld", (long long)seq);
    rc = gk_landmark_store_compact(ctx, b, INT64_MAX, &count);
    CHECK(rc == GK_OK && count == 1, "compact: %zu", count);

    /* NULLs and bad files. */
    CHECK(gk_landmark_store_open(ctx, NULL, GK_DURABILITY_FULL, &b) == GK_ERR_MISUSE, "NULL path");
    CHECK(gk_landmark_store_open(ctx, a_path, 7, &a2) == GK_ERR_INVALID_ARGUMENT, "bad durability");
    /* "" would be SQLite's temporary database, ":memory:" its in-memory one: both lose every write. */
    CHECK(gk_landmark_store_open(ctx, "", GK_DURABILITY_FULL, &b) == GK_ERR_INVALID_ARGUMENT, "empty path");
    CHECK(gk_landmark_store_open(ctx, ":memory:", GK_DURABILITY_FULL, &b) == GK_ERR_INVALID_ARGUMENT, ":memory:");
    CHECK(gk_landmark_store_open(ctx, "\xff.db", GK_DURABILITY_FULL, &b) == GK_ERR_INVALID_ARGUMENT, "non-UTF-8 path");
    CHECK(gk_landmark_store_count(ctx, NULL, &count) == GK_ERR_MISUSE, "NULL store");
    {
        gk_landmark_store *bad = NULL;
        char bad_path[256];
        FILE *f;
        snprintf(bad_path, sizeof bad_path, "/tmp/gk-c-store-bad-%ld.db", (long)getpid());
        f = fopen(bad_path, "w");
        if (f) {
            for (i = 0; i < 100; ++i) fputs("this is not an SQLite database\n", f);
            fclose(f);
        }
        rc = gk_landmark_store_open(ctx, bad_path, GK_DURABILITY_FULL, &bad);
        CHECK(rc == GK_ERR_CORRUPT && bad == NULL, "not SQLite: %d %s", rc, gk_context_errmsg(ctx));
        unlink(bad_path);
    }
    gk_landmark_list_destroy(NULL);
    gk_landmark_store_close(NULL);
    gk_landmark_store_close(a2);
    gk_landmark_store_close(a);
    gk_landmark_store_close(b);
    ls_remove(a_path);
    ls_remove(b_path);
}
