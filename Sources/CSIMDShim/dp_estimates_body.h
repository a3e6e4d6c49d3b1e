// The body of one build of CSIMDShim_dp_top_estimates (dp_estimates.c includes it once per
// target with DP_LANES, DP_NAME and DP_TARGET defined): the arithmetic and the order of
// `topEstimates` in GeoKernel's DouglasPeucker+Kernel.swift, lane for lane.

typedef double DP_PASTE(DP_NAME, V) __attribute__((ext_vector_type(DP_LANES)));
typedef long DP_PASTE(DP_NAME, M) __attribute__((ext_vector_type(DP_LANES)));

__attribute__((target(DP_TARGET))) static CSIMDShim_dp_estimates DP_NAME(
    const double *x, const double *y, ptrdiff_t i, ptrdiff_t last, double ax, double ay, double bx, double by,
    double len2, double inverse) {
    typedef DP_PASTE(DP_NAME, V) V;
    typedef DP_PASTE(DP_NAME, M) M;
    const double sx = bx - ax, sy = by - ay;
    const V ax4 = ax, ay4 = ay, bx4 = bx, by4 = by, sx4 = sx, sy4 = sy, len24 = len2, inverse4 = inverse;
    V top = -1.0, second = -1.0, topIndex = 0.0, index;
    for (int j = 0; j < DP_LANES; j++) index[j] = (double)(i + j);
    while (i + DP_LANES <= last) {
        V px, py;
        memcpy(&px, x + i, sizeof px);
        memcpy(&py, y + i, sizeof py);
        V dx = px - ax4, dy = py - ay4;
        V dot = dx * sx4 + dy * sy4;
        V ex = px - bx4, ey = py - by4;
        V c = dx * sy4 - dy * sx4;
        V q = (c * inverse4) * c;
        q = DP_SELECT(dot <= 0.0, dx * dx + dy * dy, q);
        q = DP_SELECT(dot >= len24, ex * ex + ey * ey, q);
        M larger = q > top;
        V displaced = DP_SELECT(larger, top, q);
        second = DP_SELECT(displaced > second, displaced, second);
        top = DP_SELECT(larger, q, top);
        topIndex = DP_SELECT(larger, index, topIndex);
        index += (double)DP_LANES;
        i += DP_LANES;
    }
    // Across lanes: the first index among equal tops; Swift.max(a, b) is b >= a ? b : a.
    double best = top[0], bestIndex = topIndex[0], runnerUp = second[0];
    for (int lane = 1; lane < DP_LANES; lane++) {
        if (top[lane] > best || (top[lane] == best && topIndex[lane] < bestIndex)) {
            runnerUp = best >= runnerUp ? best : runnerUp;
            best = top[lane];
            bestIndex = topIndex[lane];
        } else {
            runnerUp = top[lane] >= runnerUp ? top[lane] : runnerUp;
        }
        runnerUp = second[lane] >= runnerUp ? second[lane] : runnerUp;
    }
    CSIMDShim_dp_estimates r = {best, runnerUp, (ptrdiff_t)bestIndex, i};
    return r;
}
