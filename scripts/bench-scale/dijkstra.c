/* A plain Dijkstra for `make bench-scale`: the baseline engine beside GeoKernel and
 * RoutingKit, on the turn graph gk-scale exported (first_out, head, weight: uint32, RoutingKit's
 * layout) and its pairs (pairs.txt: seeds with initial costs, and GeoKernel's cost).
 *
 *   dijkstra DIR [MAX_PAIRS]
 *
 * For each pair: one-directional Dijkstra from every forward seed (at its initial cost),
 * a binary heap with lazy deletion, stopped once the smallest label in the queue is no
 * better than the best target found (a target's cost is its label plus its initial cost).
 * Prints one line of JSON: pairs, mean milliseconds per query, settled nodes, and how many
 * costs differ from GeoKernel's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *slurp(const char *dir, const char *name, size_t *count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc(n > 0 ? (size_t)n : 1);
    if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) { perror(path); exit(1); }
    fclose(f);
    *count = (size_t)n / 4;
    return p;
}

typedef struct { uint64_t key; uint32_t node; } entry;
static entry *heap;
static size_t heap_n;

static void push(uint64_t key, uint32_t node) {
    size_t i = heap_n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (heap[p].key <= key) break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i].key = key;
    heap[i].node = node;
}

static entry pop(void) {
    entry top = heap[0], last = heap[--heap_n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= heap_n) break;
        if (c + 1 < heap_n && heap[c + 1].key < heap[c].key) c++;
        if (heap[c].key >= last.key) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: dijkstra DIR [MAX_PAIRS]\n"); return 64; }
    size_t nf, nh, nw;
    uint32_t *first = slurp(argv[1], "first_out", &nf), *head = slurp(argv[1], "head", &nh);
    uint32_t *weight = slurp(argv[1], "weight", &nw);
    size_t n = nf - 1, max_pairs = argc > 2 ? (size_t)atol(argv[2]) : (size_t)-1;
    uint64_t *dist = malloc(n * sizeof *dist), *target = malloc(n * sizeof *target);
    uint32_t *stamp = calloc(n, sizeof *stamp), *tstamp = calloc(n, sizeof *tstamp);
    heap = malloc((nh + 64) * sizeof *heap);
    char path[4096];
    snprintf(path, sizeof path, "%s/pairs.txt", argv[1]);
    FILE *pf = fopen(path, "r");
    if (!pf) { perror(path); return 1; }
    size_t pairs = 0, wrong = 0;
    uint64_t settled = 0;
    double seconds = 0;
    uint32_t run = 0;
    for (;;) {
        if (pairs >= max_pairs) break;
        unsigned long long fs[64][2], bs[64][2], want;
        int fcount, bcount, i;
        if (fscanf(pf, "%d", &fcount) != 1) break;
        if (fcount < 0 || fcount > 64) { fprintf(stderr, "pair %zu: %d forward seeds\n", pairs, fcount); return 1; }
        for (i = 0; i < fcount; ++i) if (fscanf(pf, "%llu %llu", &fs[i][0], &fs[i][1]) != 2) return 1;
        if (fscanf(pf, "%d", &bcount) != 1 || bcount < 0 || bcount > 64) { fprintf(stderr, "pair %zu: bad seeds\n", pairs); return 1; }
        for (i = 0; i < bcount; ++i) if (fscanf(pf, "%llu %llu", &bs[i][0], &bs[i][1]) != 2) return 1;
        if (fscanf(pf, "%llu", &want) != 1) return 1;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        ++run;
        heap_n = 0;
        for (i = 0; i < bcount; ++i) {  /* a target may appear twice: keep its cheapest ending */
            uint32_t y = (uint32_t)bs[i][0];
            if (tstamp[y] != run || bs[i][1] < target[y]) { tstamp[y] = run; target[y] = bs[i][1]; }
        }
        for (i = 0; i < fcount; ++i) {
            uint32_t x = (uint32_t)fs[i][0];
            if (stamp[x] != run || fs[i][1] < dist[x]) { stamp[x] = run; dist[x] = fs[i][1]; push(fs[i][1], x); }
        }
        uint64_t best = UINT64_MAX;
        while (heap_n > 0 && heap[0].key < best) {
            entry e = pop();
            if (e.key != dist[e.node]) continue;
            ++settled;
            if (tstamp[e.node] == run && e.key + target[e.node] < best) best = e.key + target[e.node];
            for (uint32_t k = first[e.node]; k < first[e.node + 1]; ++k) {
                uint32_t y = head[k];
                uint64_t d = e.key + weight[k];
                if (stamp[y] != run || d < dist[y]) { stamp[y] = run; dist[y] = d; push(d, y); }
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        seconds += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (best != want) ++wrong;
        ++pairs;
    }
    printf("{\"pairs\": %zu, \"query_ms\": %.6f, \"settled\": %.1f, \"mismatches\": %zu}\n", pairs,
           pairs ? 1e3 * seconds / (double)pairs : 0.0, pairs ? (double)settled / (double)pairs : 0.0, wrong);
    return 0;
}
