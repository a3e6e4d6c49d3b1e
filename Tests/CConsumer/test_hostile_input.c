/* C consumer: issue 13 — hostile input through the C ABI: forged landmark ids, FIFOs
 * given as files, strings and paths that are not UTF-8, owners that differ only in
 * Unicode normalisation, and allocations that fail (GK_ERR_OUT_OF_MEMORY, no abort). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "consumer.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void test_hostile_input(gk_context *ctx);

static char hi_path[256];
static const char *hi_file(const char *name) {
    snprintf(hi_path, sizeof hi_path, "/tmp/gk_hostile_c_%ld_%s", (long)getpid(), name);
    return hi_path;
}

/* XXH64 (the landmark file's checksum), written here from its specification. */
#define P1 11400714785074694791ULL
#define P2 14029467366897019727ULL
#define P3 1609587929392839161ULL
#define P4 9650029242287828579ULL
#define P5 2870177450012600261ULL
static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t rd64(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t rd32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t round1(uint64_t acc, uint64_t in) { acc += in * P2; acc = rotl(acc, 31); return acc * P1; }
static uint64_t merge(uint64_t acc, uint64_t v) { acc ^= round1(0, v); return acc * P1 + P4; }
static uint64_t xxh64(const unsigned char *p, size_t len) {
    const unsigned char *end = p + len;
    uint64_t h;
    if (len >= 32) {
        uint64_t v1 = P1 + P2, v2 = P2, v3 = 0, v4 = 0 - P1;
        const unsigned char *limit = end - 32;
        do {
            v1 = round1(v1, rd64(p)); v2 = round1(v2, rd64(p + 8));
            v3 = round1(v3, rd64(p + 16)); v4 = round1(v4, rd64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge(h, v1); h = merge(h, v2); h = merge(h, v3); h = merge(h, v4);
    } else {
        h = P5;
    }
    h += (uint64_t)len;
    for (; p + 8 <= end; p += 8) { h ^= round1(0, rd64(p)); h = rotl(h, 27) * P1 + P4; }
    if (p + 4 <= end) { h ^= (uint64_t)rd32(p) * P1; h = rotl(h, 23) * P2 + P3; p += 4; }
    for (; p < end; ++p) { h ^= (*p) * P5; h = rotl(h, 11) * P1; }
    h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32;
    return h;
}

/* Rewrites the next-id field (header word 3, bytes 24..31) of a saved landmark file and
 * its checksum (XXH64 of header bytes 0..55 and the payload, at bytes 56..63). */
static int forge_next_id(const char *path, uint64_t next_id) {
    FILE *f = fopen(path, "rb");
    unsigned char *b, *joined;
    long n;
    uint64_t sum;
    if (!f) return 0;
    fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
    b = malloc((size_t)n); joined = malloc((size_t)n);
    if (!b || !joined || fread(b, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(b); free(joined); return 0; }
    fclose(f);
    memcpy(b + 24, &next_id, 8);
    memcpy(joined, b, 56);
    memcpy(joined + 56, b + 64, (size_t)n - 64);
    sum = xxh64(joined, (size_t)n - 8);
    memcpy(b + 56, &sum, 8);
    f = fopen(path, "wb");
    if (!f) { free(b); free(joined); return 0; }
    fwrite(b, 1, (size_t)n, f);
    fclose(f);
    free(b); free(joined);
    return 1;
}

static void test_landmark_ids(gk_context *ctx) {
    gk_landmarks *lm = NULL, *loaded = NULL;
    uint64_t id = 0;
    const char *path = hi_file("ids.gklm");
    char file[256];
    int rc;
    CHECK(xxh64((const unsigned char *)"abc", 3) == 0x44BC2CF5AD770999ULL, "the test's XXH64 is wrong");
    CHECK(gk_landmarks_create(ctx, &lm) == GK_OK, "create");
    CHECK(gk_landmarks_add(ctx, lm, 1, 2, "a", "u", &id) == GK_OK && id == 1, "add 1");
    CHECK(gk_landmarks_add(ctx, lm, 3, 4, "b", "u", &id) == GK_OK && id == 2, "add 2");
    snprintf(file, sizeof file, "%s", path);
    CHECK(gk_landmarks_save(ctx, lm, file) == GK_OK, "save: %s", gk_context_errmsg(ctx));

    /* A next id of 2^64 - 1 would overflow on the next add; 0 would hand out id 0; 2 is
     * not above the largest stored id. All are refused at load. */
    CHECK(forge_next_id(file, UINT64_MAX), "forge");
    rc = gk_landmarks_load(ctx, file, &loaded);
    CHECK(rc == GK_ERR_CORRUPT && !loaded, "next id 2^64-1 loaded: %d", rc);
    CHECK(forge_next_id(file, 0), "forge");
    CHECK(gk_landmarks_load(ctx, file, &loaded) == GK_ERR_CORRUPT, "next id 0 loaded");
    CHECK(forge_next_id(file, 2), "forge");
    CHECK(gk_landmarks_load(ctx, file, &loaded) == GK_ERR_CORRUPT, "next id 2 loaded");

    /* The last id is handed out once; then adds are a capacity error, not a trap. */
    CHECK(forge_next_id(file, UINT64_MAX - 1), "forge");
    CHECK(gk_landmarks_load(ctx, file, &loaded) == GK_OK && loaded, "load: %s", gk_context_errmsg(ctx));
    CHECK(gk_landmarks_add(ctx, loaded, 5, 6, "last", "u", &id) == GK_OK && id == UINT64_MAX - 1, "last id");
    rc = gk_landmarks_add(ctx, loaded, 7, 8, "too many", "u", &id);
    CHECK(rc == GK_ERR_CAPACITY, "add past the last id: %d", rc);
    gk_landmarks_destroy(loaded);
    gk_landmarks_destroy(lm);
    remove(file);
}

static void test_not_utf8(gk_context *ctx) {
    gk_landmarks *lm = NULL;
    gk_index *idx = NULL;
    uint64_t id = 0;
    double lat = 1, lon = 2;
    struct stat st;
    char bad_path[256];
    CHECK(gk_landmarks_create(ctx, &lm) == GK_OK, "create");
    CHECK(gk_landmarks_add(ctx, lm, 1, 2, "caf\xe9", "u", &id) == GK_ERR_INVALID_ARGUMENT, "Latin-1 note accepted");
    CHECK(gk_landmarks_add(ctx, lm, 1, 2, "ok", "\xff\xfe", &id) == GK_ERR_INVALID_ARGUMENT, "invalid owner accepted");
    CHECK(strstr(gk_context_errmsg(ctx), "UTF-8") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_landmarks_count(lm) == 0, "a landmark was added");

    /* NFC "josé" and NFD "jose\u0301" are different users. */
    CHECK(gk_landmarks_add(ctx, lm, 1, 2, "mine", "jos\xc3\xa9", &id) == GK_OK, "add");
    CHECK(gk_landmarks_edit_note(ctx, lm, id, "jose\xcc\x81", "taken") == GK_ERR_PERMISSION, "NFD edited NFC's landmark");
    CHECK(gk_landmarks_edit_note(ctx, lm, id, "jos\xc3\xa9", "edited") == GK_OK, "owner edit");

    /* A path that is not UTF-8 is refused, never saved under another (U+FFFD) name. */
    snprintf(bad_path, sizeof bad_path, "%s\xff.gklm", hi_file("path-"));
    CHECK(gk_landmarks_save(ctx, lm, bad_path) == GK_ERR_INVALID_ARGUMENT, "invalid UTF-8 path accepted");
    CHECK(stat(bad_path, &st) != 0, "a file was created");
    CHECK(gk_index_build(ctx, &lat, &lon, 1, 8, &idx) == GK_OK, "build");
    CHECK(gk_index_save(ctx, idx, bad_path) == GK_ERR_INVALID_ARGUMENT, "invalid UTF-8 index path accepted");
    gk_index_destroy(idx);
    gk_landmarks_destroy(lm);
}

static void test_fifo(gk_context *ctx) {
    gk_index *idx = NULL;
    gk_landmarks *lm = NULL;
    char path[256];
    int rc;
    snprintf(path, sizeof path, "%s", hi_file("pipe"));
    remove(path);
    CHECK(mkfifo(path, 0644) == 0, "mkfifo: %s", strerror(errno));
    alarm(30); /* a hang in open() would end the run here instead of blocking forever */
    rc = gk_index_load(ctx, path, &idx);
    CHECK(rc == GK_ERR_IO && !idx, "index load from a FIFO: %d", rc);
    CHECK(strstr(gk_context_errmsg(ctx), "FIFO") != NULL, "message: %s", gk_context_errmsg(ctx));
    rc = gk_landmarks_load(ctx, path, &lm);
    CHECK(rc == GK_ERR_IO && !lm, "landmarks load from a FIFO: %d", rc);
    CHECK(gk_landmarks_create(ctx, &lm) == GK_OK, "create");
    CHECK(gk_landmarks_save(ctx, lm, path) == GK_ERR_IO, "saved over a FIFO");
    alarm(0);
    gk_landmarks_destroy(lm);
    remove(path);
}

/* In a child process whose address space is capped just above what it uses, the three
 * entry points that allocate per point must return GK_ERR_OUT_OF_MEMORY. The input is
 * real (allocated and filled before the cap). Exit status: one bit per failed check. */
#define OOM_POINTS 6000000
static int oom_child(void) {
    double *lat = malloc(OOM_POINTS * sizeof(double)), *lon = malloc(OOM_POINTS * sizeof(double));
    size_t i, out_count = 0, pages = 0;
    size_t *out = malloc(OOM_POINTS * sizeof(size_t));
    gk_context *c = gk_context_create();
    gk_unitvec *buf = NULL;
    gk_index *idx = NULL;
    struct rlimit lim;
    FILE *statm;
    int status = 0;
    if (!lat || !lon || !out || !c) return 64;
    for (i = 0; i < OOM_POINTS; ++i) { lat[i] = (double)(i % 170) - 85; lon[i] = (double)(i % 350) - 175; out[i] = 0; }
    statm = fopen("/proc/self/statm", "r");
    if (!statm || fscanf(statm, "%zu", &pages) != 1) return 64;
    fclose(statm);
    /* 24 MiB above the current size: the unit vectors need 240 MB, the index 168 MB, the
     * simplification's copy 96 MB — more than the heap the earlier tests left free. */
    lim.rlim_cur = lim.rlim_max = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (24u << 20);
    if (setrlimit(RLIMIT_AS, &lim) != 0) return 64;
    if (gk_unitvec_create(c, lat, lon, OOM_POINTS, 8, &buf) != GK_ERR_OUT_OF_MEMORY || buf) status |= 1;
    if (gk_index_build(c, lat, lon, OOM_POINTS, 8, &idx) != GK_ERR_OUT_OF_MEMORY || idx) status |= 2;
    if (gk_simplify_planar(c, lon, lat, OOM_POINTS, 8, 1.0, 0, out, OOM_POINTS, &out_count) != GK_ERR_OUT_OF_MEMORY)
        status |= 4;
    if (strstr(gk_context_errmsg(c), "cannot allocate") == NULL) status |= 8;
    /* Small calls still work under the cap. */
    if (gk_unitvec_create(c, lat, lon, 1000, 8, &buf) != GK_OK) status |= 16;
    gk_unitvec_destroy(buf);
    gk_context_destroy(c);
    return status;
}

static void test_out_of_memory(void) {
    int wstatus = 0;
    pid_t pid;
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) _exit(oom_child());
    CHECK(pid > 0 && waitpid(pid, &wstatus, 0) == pid, "fork/wait failed");
    CHECK(WIFEXITED(wstatus), "the child died (signal %d) instead of returning GK_ERR_OUT_OF_MEMORY",
          WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0);
    CHECK(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0,
          "out-of-memory checks failed: status bits %d (1 unitvec, 2 index, 4 simplify, 8 message, 16 small call, 64 setup)",
          WEXITSTATUS(wstatus));
}

void test_hostile_input(gk_context *ctx) {
    test_landmark_ids(ctx);
    test_not_utf8(ctx);
    test_fifo(ctx);
    test_out_of_memory();
}
