/* Out of memory: every builder and loader, run in a child process whose address space is
 * limited (RLIMIT_AS) to what it already uses plus a margin, answers GK_OK or
 * GK_ERR_OUT_OF_MEMORY, never an abort. The margins sweep from nothing to plenty, so each
 * entry point meets the limit in a different phase of its work. */
#define _DEFAULT_SOURCE
#include "consumer.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static char oom_dir[256];

/* The process's address-space size now (bytes), from /proc/self/statm. */
static size_t oom_vm_bytes(void) {
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    if (fscanf(f, "%lu", &pages) != 1) pages = 0;
    fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

typedef int (*oom_job)(gk_context *ctx, const char *path);

static int job_build_graph(gk_context *ctx, const char *path) {
    gk_road_graph *g = NULL;
    int rc = gk_road_graph_build_osm(ctx, path, "car", &g);
    gk_road_graph_destroy(g);
    return rc;
}

static int job_load_graph(gk_context *ctx, const char *path) {
    gk_road_graph *g = NULL;
    int rc = gk_road_graph_load(ctx, path, &g);
    gk_road_graph_destroy(g);
    return rc;
}

static int job_build_addresses(gk_context *ctx, const char *path) {
    gk_address_index *a = NULL;
    int rc = gk_address_index_build(ctx, path, &a);
    gk_address_index_destroy(a);
    return rc;
}

static int job_load_addresses(gk_context *ctx, const char *path) {
    gk_address_index *a = NULL;
    int rc = gk_address_index_load(ctx, path, &a);
    gk_address_index_destroy(a);
    return rc;
}

static int job_open_store(gk_context *ctx, const char *path) {
    gk_landmark_store *s = NULL;
    gk_landmark_list *changes = NULL;
    int rc = gk_landmark_store_open(ctx, path, GK_DURABILITY_NORMAL, &s);
    if (rc == GK_OK) rc = gk_landmark_store_changes(ctx, s, 0, (size_t)-1, &changes);
    gk_landmark_list_destroy(changes);
    gk_landmark_store_close(s);
    return rc;
}

static int job_load_index(gk_context *ctx, const char *path) {
    gk_index *x = NULL;
    int rc = gk_index_load(ctx, path, &x);
    gk_index_destroy(x);
    return rc;
}

static int job_load_landmarks(gk_context *ctx, const char *path) {
    gk_landmarks *l = NULL;
    int rc = gk_landmarks_load(ctx, path, &l);
    gk_landmarks_destroy(l);
    return rc;
}

static int job_load_gazetteer(gk_context *ctx, const char *path) {
    gk_geocoder *g = NULL;
    int rc = gk_geocoder_load(ctx, path, 0, &g);
    gk_geocoder_destroy(g);
    return rc;
}

/* A wiggly ring of a million vertices (the path is not used). */
static int job_create_polygon(gk_context *ctx, const char *path) {
    const size_t n = 1000000;
    double *lat = malloc(n * sizeof(double)), *lon = malloc(n * sizeof(double));
    size_t i, rings[1] = {1000000};
    gk_polygon *p = NULL;
    int rc;
    (void)path;
    if (!lat || !lon) {
        free(lat);
        free(lon);
        return GK_ERR_OUT_OF_MEMORY;
    }
    for (i = 0; i < n; ++i) {
        double a = 2 * GK_TEST_PI * (double)i / (double)n, r = 1 + 0.2 * sin(37 * a) + 0.05 * sin(401 * a);
        lat[i] = 10 * r * sin(a);
        lon[i] = 10 * r * cos(a);
    }
    rc = gk_polygon_create(ctx, lat, lon, n, rings, 1, NULL, 0, &p);
    gk_polygon_destroy(p);
    free(lat);
    free(lon);
    return rc;
}

static const struct {
    const char *name;
    oom_job job;
} oom_jobs[] = {
    {"gk_road_graph_build_osm", job_build_graph},
    {"gk_road_graph_load", job_load_graph},
    {"gk_address_index_build", job_build_addresses},
    {"gk_address_index_load", job_load_addresses},
    {"gk_landmark_store_open + changes", job_open_store},
    {"gk_index_load", job_load_index},
    {"gk_landmarks_load", job_load_landmarks},
    {"gk_geocoder_load", job_load_gazetteer},
    {"gk_polygon_create", job_create_polygon},
};

/* The child: `c_consumer --oom-job <index> <path> <margin bytes>`, a fresh process (no heap
 * left over from other tests), limits itself and runs the job. Exit status 0 for GK_OK, 1
 * for GK_ERR_OUT_OF_MEMORY, 2 for another status, 3 when it could not set up. */
int oom_job_child(char **argv) {
    struct rlimit limit;
    gk_context *ctx = gk_context_create();
    int job = atoi(argv[2]), rc;
    if (!ctx || job < 0 || job >= (int)(sizeof oom_jobs / sizeof oom_jobs[0])) return 3;
    /* The child's own complaint about an abort is expected noise for this check. */
    if (!freopen("/dev/null", "w", stderr)) return 3;
    limit.rlim_cur = limit.rlim_max = oom_vm_bytes() + (size_t)strtoull(argv[4], NULL, 10);
    if (setrlimit(RLIMIT_AS, &limit) != 0) return 3;
    rc = oom_jobs[job].job(ctx, argv[3]);
    return rc == GK_OK ? 0 : rc == GK_ERR_OUT_OF_MEMORY ? 1 : 2;
}

/* Runs job `job` in a fresh child process under the limit: its exit status, or 100 + the
 * signal when it was killed (an abort). */
static int oom_run(int job, const char *path, size_t margin) {
    int status = 0;
    pid_t pid;
    char index[16], bytes[32];
    snprintf(index, sizeof index, "%d", job);
    snprintf(bytes, sizeof bytes, "%zu", margin);
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) {
        execl("/proc/self/exe", "c_consumer", "--oom-job", index, path, bytes, (char *)NULL);
        _exit(4);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    if (WIFSIGNALED(status)) return 100 + WTERMSIG(status);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void oom_sweep(int job, const char *path) {
    const char *name = oom_jobs[job].name;
    static const size_t mib = 1024 * 1024;
    static const size_t margins[] = {0, 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 512, 2048};
    int ok = 0, oom = 0;
    size_t i;
    for (i = 0; i < sizeof margins / sizeof margins[0]; ++i) {
        int r = oom_run(job, path, margins[i] * mib);
        CHECK(r == 0 || r == 1, "%s with %zu MiB to spare: %s%d", name, margins[i], r >= 100 ? "killed by signal " : "status ",
              r >= 100 ? r - 100 : r);
        ok += r == 0;
        oom += r == 1;
    }
    /* Both outcomes occur: the sweep reached the work, and the work fits in the end. */
    CHECK(oom > 0 && ok > 0, "%s: %d runs out of memory, %d complete", name, oom, ok);
}

void test_oom(gk_context *ctx) {
    char osm[512], gazetteer[512], graph_file[300], address_file[300], store_file[300], index_file[300], landmarks_file[300];
    const char *tmp = getenv("TMPDIR");
    gk_road_graph *graph = NULL;
    gk_address_index *addresses = NULL;
    gk_landmark_store *store = NULL;
    gk_index *index = NULL;
    gk_landmarks *landmarks = NULL;
    double *lat = malloc(100000 * sizeof(double)), *lon = malloc(100000 * sizeof(double));
    uint64_t id;
    int i;

    if (!lat || !lon || !gk_test_shared_file(osm, sizeof osm, "osm/monaco.osm.pbf")
        || !gk_test_shared_file(gazetteer, sizeof gazetteer, "gazetteer/cities1000.csv")) {
        free(lat); /* install-check's copy runs without the shared data */
        free(lon);
        return;
    }
    snprintf(oom_dir, sizeof oom_dir, "%s/gk_oom_c_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(oom_dir)) {
        CHECK(0, "mkdtemp %s", oom_dir);
        return;
    }
    snprintf(graph_file, sizeof graph_file, "%s/monaco.gkroad", oom_dir);
    snprintf(address_file, sizeof address_file, "%s/monaco.gkaddr", oom_dir);
    snprintf(store_file, sizeof store_file, "%s/store.db", oom_dir);
    snprintf(index_file, sizeof index_file, "%s/points.gkidx", oom_dir);
    snprintf(landmarks_file, sizeof landmarks_file, "%s/marks.gklm", oom_dir);
    for (i = 0; i < 100000; ++i) {
        lat[i] = (i % 170) - 85 + 1e-6 * i;
        lon[i] = (i % 350) - 175 + 1e-6 * i;
    }
    CHECK(gk_index_build(ctx, lat, lon, 100000, 8, &index) == GK_OK && gk_index_save(ctx, index, index_file) == GK_OK,
          "index: %s", gk_context_errmsg(ctx));
    gk_index_destroy(index);
    free(lat);
    free(lon);
    CHECK(gk_landmarks_create(ctx, &landmarks) == GK_OK, "landmarks");
    for (i = 0; i < 20000 && landmarks; ++i) {
        char note[64];
        snprintf(note, sizeof note, "landmark %d, with a few words", i);
        if (gk_landmarks_add(ctx, landmarks, 43.7 + i * 1e-5, 7.4 + i * 1e-5, note, "owner", &id) != GK_OK) break;
    }
    CHECK(gk_landmarks_save(ctx, landmarks, landmarks_file) == GK_OK, "landmarks save: %s", gk_context_errmsg(ctx));
    gk_landmarks_destroy(landmarks);
    CHECK(gk_road_graph_build_osm(ctx, osm, "car", &graph) == GK_OK && gk_road_graph_save(ctx, graph, graph_file) == GK_OK,
          "Monaco graph: %s", gk_context_errmsg(ctx));
    gk_road_graph_destroy(graph);
    CHECK(gk_address_index_build(ctx, osm, &addresses) == GK_OK
              && gk_address_index_save(ctx, addresses, address_file) == GK_OK,
          "Monaco addresses: %s", gk_context_errmsg(ctx));
    gk_address_index_destroy(addresses);
    CHECK(gk_landmark_store_open(ctx, store_file, GK_DURABILITY_NORMAL, &store) == GK_OK, "store: %s",
          gk_context_errmsg(ctx));
    for (i = 0; i < 3000 && store; ++i) {
        char note[64];
        snprintf(note, sizeof note, "note %d, with some words to search", i);
        if (gk_landmark_store_add(ctx, store, NULL, 43.7 + i * 1e-5, 7.4 + i * 1e-5, note, "owner", i, NULL, 0, NULL)
            != GK_OK) {
            CHECK(0, "store add %d: %s", i, gk_context_errmsg(ctx));
            break;
        }
    }
    gk_landmark_store_close(store);

    oom_sweep(0, osm);
    oom_sweep(1, graph_file);
    oom_sweep(2, osm);
    oom_sweep(3, address_file);
    oom_sweep(4, store_file);
    oom_sweep(5, index_file);
    oom_sweep(6, landmarks_file);
    oom_sweep(7, gazetteer);
    oom_sweep(8, osm);  /* the polygon job makes its own vertices */

    remove(graph_file);
    remove(address_file);
    remove(store_file);
    remove(index_file);
    remove(landmarks_file);
    rmdir(oom_dir);
}
