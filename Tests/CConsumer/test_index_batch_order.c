/* C consumer: section "batch queries" — gk_index_nearest_batch answers its queries in its
 * own (cache-friendly) order: rows still land where their query is, the rows before a bad
 * query point are written, and two threads running batches over one index get what one
 * thread gets (seeded random points over an index with inserted and removed points). */
#define _POSIX_C_SOURCE 200809L
#include "consumer.h"

#include <pthread.h>

void test_index_batch_order(gk_context *ctx);

#define BO_POINTS 6000
#define BO_QUERIES 500
#define BO_K 9

static unsigned long long bo_state = 0x9E3779B97F4A7C15ULL;
static double bo_uniform(double lo, double hi) { return gk_test_uniform(&bo_state, lo, hi); }

typedef struct {
    gk_index *index;
    const double *lat, *lon;
    size_t count;
    uint32_t *ids;
    double *m;
    int status;
} bo_job;

static void *bo_run(void *arg) {
    bo_job *job = (bo_job *)arg;
    gk_context *own = gk_context_create();
    job->status = own ? gk_index_nearest_batch(own, job->index, job->lat, job->lon, job->count, 8, BO_K, INFINITY,
                                               job->ids, job->m, NULL)
                      : GK_ERR_MISUSE;
    gk_context_destroy(own);
    return NULL;
}

void test_index_batch_order(gk_context *ctx) {
    static double lat[BO_POINTS], lon[BO_POINTS], qlat[BO_QUERIES], qlon[BO_QUERIES];
    static double m[BO_QUERIES * BO_K], m2[BO_QUERIES * BO_K], one_m[BO_K];
    static uint32_t ids[BO_QUERIES * BO_K], ids2[BO_QUERIES * BO_K], one_ids[BO_K];
    gk_index *idx = NULL;
    pthread_t threads[2];
    bo_job jobs[2];
    size_t i, j, n = 0, half = BO_QUERIES / 2;
    int same = 0, t;
    uint32_t id;

    for (i = 0; i < BO_POINTS; ++i) {
        lat[i] = asin(bo_uniform(-1, 1)) * 180.0 / GK_TEST_PI;
        lon[i] = bo_uniform(-180, 180);
    }
    for (i = 0; i < BO_QUERIES; ++i) {
        qlat[i] = asin(bo_uniform(-1, 1)) * 180.0 / GK_TEST_PI;
        qlon[i] = bo_uniform(-180, 180);
    }
    CHECK(gk_index_build(ctx, lat, lon, BO_POINTS - 300, 8, &idx) == GK_OK, "build: %s", gk_context_errmsg(ctx));
    for (i = BO_POINTS - 300; i < BO_POINTS; ++i) CHECK(gk_index_insert(ctx, idx, lat[i], lon[i], &id) == GK_OK, "insert");
    for (i = 0; i < BO_POINTS; i += 7) CHECK(gk_index_remove(ctx, idx, (uint32_t)i) == GK_OK, "remove %u", (unsigned)i);

    /* Every row equals the one-query answer for its own query point. */
    CHECK(gk_index_nearest_batch(ctx, idx, qlat, qlon, BO_QUERIES, 8, BO_K, INFINITY, ids, m, NULL) == GK_OK,
          "batch: %s", gk_context_errmsg(ctx));
    for (i = 0; i < BO_QUERIES; ++i) {
        CHECK(gk_index_nearest(ctx, idx, qlat[i], qlon[i], BO_K, INFINITY, one_ids, one_m, BO_K, &n) == GK_OK && n == BO_K,
              "one query");
        for (j = 0; j < BO_K; ++j) {
            if (ids[i * BO_K + j] == one_ids[j] && m[i * BO_K + j] == one_m[j]) ++same;
        }
    }
    CHECK(same == BO_QUERIES * BO_K, "%d of %d results as gk_index_nearest", same, BO_QUERIES * BO_K);

    /* Two threads, half the queries each, over the same index: the same rows. */
    for (t = 0; t < 2; ++t) {
        jobs[t].index = idx;
        jobs[t].lat = qlat + t * half;
        jobs[t].lon = qlon + t * half;
        jobs[t].count = t == 0 ? half : BO_QUERIES - half;
        jobs[t].ids = ids2 + t * half * BO_K;
        jobs[t].m = m2 + t * half * BO_K;
        jobs[t].status = -1;
        CHECK(pthread_create(&threads[t], NULL, bo_run, &jobs[t]) == 0, "thread %d", t);
    }
    for (t = 0; t < 2; ++t) pthread_join(threads[t], NULL);
    CHECK(jobs[0].status == GK_OK && jobs[1].status == GK_OK, "threads: %d %d", jobs[0].status, jobs[1].status);
    CHECK(memcmp(ids, ids2, sizeof ids) == 0 && memcmp(m, m2, sizeof m) == 0, "two threads differ from one");

    /* A bad query point: its error names it, and every row before it is written. */
    memset(ids2, 0xAB, sizeof ids2);
    qlat[321] = NAN;
    CHECK(gk_index_nearest_batch(ctx, idx, qlat, qlon, BO_QUERIES, 8, BO_K, INFINITY, ids2, m2, NULL) ==
              GK_ERR_INVALID_ARGUMENT, "NaN latitude");
    CHECK(strstr(gk_context_errmsg(ctx), "query point 321") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(memcmp(ids, ids2, 321 * BO_K * sizeof ids[0]) == 0 && memcmp(m, m2, 321 * BO_K * sizeof m[0]) == 0,
          "the rows before the bad point");
    gk_index_destroy(idx);
}
