// The body of one build of CSIMDShim_dp_top_estimates (dp_estimates.c includes it once per
// target with DP_LANES, DP_NAME, DP_TARGET and DP_MASKLOAD defined): the arithmetic and the
// order of `topEstimates` in GeoKernel's DouglasPeucker+Kernel.swift, lane for lane, over
// every vertex up to `last` (the last, partial block with masked loads that read nothing
// past it).

typedef double DP_PASTE(DP_NAME, V) __attribute__((ext_vector_type(DP_LANES)));
typedef long DP_PASTE(DP_NAME, M) __attribute__((ext_vector_type(DP_LANES)));

__attribute__((target(DP_TARGET))) static CSIMDShim_dp_estimates DP_NAME(
    const double *x, const double *y, ptrdiff_t i, ptrdiff_t last, double ax, double ay, double bx, double by,
    double len2) {
    typedef DP_PASTE(DP_NAME, V) V;
    typedef DP_PASTE(DP_NAME, M) M;
    const double sx = bx - ax, sy = by - ay;
    const V ax4 = ax, ay4 = ay, sx4 = sx, sy4 = sy, len24 = len2, zero = 0.0, none = -1.0;
    V lane;
    M laneNumber;
    for (int j = 0; j < DP_LANES; j++) lane[j] = (double)j, laneNumber[j] = j;
    V top = none, second = none, topIndex = 0.0, index = (double)i + lane;
    // One block: each lane's estimate q, then its largest, where it first occurred, and
    // its runner-up; lanes outside `live` estimate −1, which changes nothing.
#define DP_BLOCK(px, py, live)                                                                          \
    do {                                                                                                \
        V dx = (px) - ax4, dy = (py) - ay4;                                                             \
        V dot = dx * sx4 + dy * sy4;                                                                    \
        V c = dx * sy4 - dy * sx4;                                                                      \
        /* How far dot lies outside 0…len2: max(dot, 0), then min(…, len2). */                          \
        V inside = DP_SELECT(dot > zero, dot, zero);                                                    \
        inside = DP_SELECT(inside < len24, inside, len24);                                              \
        V t = dot - inside;                                                                             \
        V q = DP_SELECT((live), c * c + t * t, none);                                                   \
        M larger = q > top;                                                                             \
        V displaced = DP_SELECT(q < top, q, top); /* min(q, top) competes for the runner-up */          \
        second = DP_SELECT(displaced > second, displaced, second);                                      \
        top = DP_SELECT(larger, q, top);                                                                \
        topIndex = DP_SELECT(larger, index, topIndex);                                                  \
    } while (0)
    const M all = laneNumber >= 0;
    while (i + DP_LANES <= last) {
        V px, py;
        memcpy(&px, x + i, sizeof px);
        memcpy(&py, y + i, sizeof py);
        DP_BLOCK(px, py, all);
        index += (double)DP_LANES;
        i += DP_LANES;
    }
    if (i < last) {
        const M live = laneNumber < (long)(last - i);
        V px = DP_MASKLOAD(x + i, live, last - i), py = DP_MASKLOAD(y + i, live, last - i);
        DP_BLOCK(px, py, live);
        i = last;
    }
#undef DP_BLOCK
    // Across lanes, without a branch: the largest; the first index where it occurs (the
    // indices of different lanes differ); and the runner-up, the largest of every lane's
    // runner-up and of the other lanes' largest. Each reduction leaves its answer in every
    // lane.
#if DP_LANES == 8
#define DP_ACROSS(v, pick)                                                                              \
    do {                                                                                                \
        V w = __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);                                    \
        v = DP_SELECT(pick(w, v), w, v);                                                                \
        w = __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);                                      \
        v = DP_SELECT(pick(w, v), w, v);                                                                \
        w = __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);                                      \
        v = DP_SELECT(pick(w, v), w, v);                                                                \
    } while (0)
#else
#define DP_ACROSS(v, pick)                                                                              \
    do {                                                                                                \
        V w = __builtin_shufflevector(v, v, 2, 3, 0, 1);                                                \
        v = DP_SELECT(pick(w, v), w, v);                                                                \
        w = __builtin_shufflevector(v, v, 1, 0, 3, 2);                                                  \
        v = DP_SELECT(pick(w, v), w, v);                                                                \
    } while (0)
#endif
#define DP_GREATER(a, b) ((a) > (b))
#define DP_LESS(a, b) ((a) < (b))
    V best = top;
    DP_ACROSS(best, DP_GREATER);
    V bestIndex = DP_SELECT(top == best, topIndex, (V)__builtin_inf());
    DP_ACROSS(bestIndex, DP_LESS);
    V runnerUp = DP_SELECT(topIndex != bestIndex, top, none);
    runnerUp = DP_SELECT(second > runnerUp, second, runnerUp);
    DP_ACROSS(runnerUp, DP_GREATER);
#undef DP_ACROSS
#undef DP_GREATER
#undef DP_LESS
    CSIMDShim_dp_estimates r = {best[0], runnerUp[0], (ptrdiff_t)bestIndex[0], i};
    return r;
}
