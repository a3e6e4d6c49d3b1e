/* C consumer: section "batch queries" — gk_index_nearest_batch equals gk_index_nearest
 * query by query (seeded random points, interleaved lat,lon pairs), with its error paths. */
#include "consumer.h"

void test_index_batch(gk_context *ctx);

#define IB_POINTS 2000
#define IB_QUERIES 64
#define IB_K 7

static unsigned long long ib_state = 0x2545F4914F6CDD1DULL;
static double ib_uniform(double lo, double hi) { return gk_test_uniform(&ib_state, lo, hi); }

void test_index_batch(gk_context *ctx) {
    static double pts[2 * IB_POINTS], q[2 * IB_QUERIES], m[IB_QUERIES * IB_K], one_m[IB_K];
    static uint32_t ids[IB_QUERIES * IB_K], one_ids[IB_K];
    static size_t counts[IB_QUERIES];
    gk_index *idx = NULL;
    size_t i, j, n = 0;
    int same = 0;

    for (i = 0; i < IB_POINTS; ++i) {
        pts[2 * i] = asin(ib_uniform(-1, 1)) * 180.0 / GK_TEST_PI;
        pts[2 * i + 1] = ib_uniform(-180, 180);
    }
    for (i = 0; i < IB_QUERIES; ++i) {
        q[2 * i] = ib_uniform(-90, 90);
        q[2 * i + 1] = ib_uniform(-180, 180);
    }
    CHECK(gk_index_build(ctx, pts, pts + 1, IB_POINTS, 16, &idx) == GK_OK, "build: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, IB_QUERIES, 16, IB_K, INFINITY, ids, m, counts) == GK_OK,
          "batch: %s", gk_context_errmsg(ctx));
    for (i = 0; i < IB_QUERIES; ++i) {
        CHECK(gk_index_nearest(ctx, idx, q[2 * i], q[2 * i + 1], IB_K, INFINITY, one_ids, one_m, IB_K, &n) == GK_OK,
              "one query");
        CHECK(counts[i] == n && n == IB_K, "query %u: %u results, alone %u", (unsigned)i, (unsigned)counts[i],
              (unsigned)n);
        for (j = 0; j < IB_K; ++j) {
            if (ids[i * IB_K + j] == one_ids[j] && m[i * IB_K + j] == one_m[j]) ++same;
        }
    }
    CHECK(same == IB_QUERIES * IB_K, "%d of %d results as gk_index_nearest", same, IB_QUERIES * IB_K);

    /* A distance limit leaves slots unused: UINT32_MAX and +infinity. */
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, IB_QUERIES, 16, IB_K, 300000.0, ids, m, counts) == GK_OK, "limit");
    for (i = 0; i < IB_QUERIES; ++i) {
        for (j = counts[i]; j < IB_K; ++j) {
            CHECK(ids[i * IB_K + j] == UINT32_MAX && isinf(m[i * IB_K + j]), "unused slot %u/%u", (unsigned)i,
                  (unsigned)j);
        }
        for (j = 0; j < counts[i]; ++j) CHECK(m[i * IB_K + j] <= 300000.0, "within the limit");
    }
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, IB_QUERIES, 16, IB_K, 300000.0, ids, NULL, NULL) == GK_OK,
          "optional outputs may be NULL");

    /* Errors: a bad query point is named; k 0, a bad stride, a negative limit, NULL. */
    q[2 * 5] = 91.0;
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, IB_QUERIES, 16, IB_K, INFINITY, ids, m, counts) ==
              GK_ERR_INVALID_ARGUMENT, "latitude 91");
    CHECK(strstr(gk_context_errmsg(ctx), "query point 5") != NULL, "message: %s", gk_context_errmsg(ctx));
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, 1, 16, 0, INFINITY, ids, m, counts) == GK_ERR_INVALID_ARGUMENT,
          "k 0");
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, 1, 12, 1, INFINITY, ids, m, counts) == GK_ERR_INVALID_ARGUMENT,
          "stride 12");
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, 1, 16, 1, -1.0, ids, m, counts) == GK_ERR_INVALID_ARGUMENT,
          "negative limit");
    CHECK(gk_index_nearest_batch(ctx, NULL, q, q + 1, 1, 16, 1, INFINITY, ids, m, counts) == GK_ERR_MISUSE, "NULL index");
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, 1, 16, 1, INFINITY, NULL, m, counts) == GK_ERR_MISUSE, "NULL ids");
    CHECK(gk_index_nearest_batch(NULL, idx, q, q + 1, 1, 16, 1, INFINITY, ids, m, counts) == GK_ERR_MISUSE, "NULL ctx");
    CHECK(gk_index_nearest_batch(ctx, idx, q, q + 1, 0, 16, 1, INFINITY, ids, m, counts) == GK_OK, "no queries");
    gk_index_destroy(idx);
}
