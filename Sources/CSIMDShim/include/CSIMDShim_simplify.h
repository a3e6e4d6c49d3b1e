#ifndef CSIMDSHIM_SIMPLIFY_H
#define CSIMDSHIM_SIMPLIFY_H
// The wide builds of Douglas–Peucker's estimate pass (GeoKernel's DouglasPeucker+Kernel.swift,
// `topEstimates`): Swift compiles the whole library for baseline x86-64, where its four-lane
// pass runs on SSE2; these run it on AVX2 (four lanes, one register) and AVX-512F (eight).
// Contraction is off and there is no fused multiply-add: every estimate has the bits of the
// Swift pass, so the answer (the largest estimate, its first index, the runner-up) is the same.

#include <stddef.h>

/// What `CSIMDShim_dp_top_estimates` found over the vertices it read.
typedef struct {
    /// The largest estimate (−1 when nothing was read).
    double best;
    /// The second largest estimate of the vertices read (the largest when it occurs twice).
    double runnerUp;
    /// The first index of `best`.
    ptrdiff_t bestIndex;
    /// The first vertex not read (`last`, or `from` at level 0): the caller's own pass goes on
    /// from there.
    ptrdiff_t next;
} CSIMDShim_dp_estimates;

/// For the vertices i = from, from + 1, …, last − 1 of (x[i], y[i]), in blocks of four
/// (level 1) or eight (level 2) and a last partial block read with masked loads (nothing at
/// or past `last` is read), the estimate of len2 times the squared distance to the
/// segment a–b, with sx = bx − ax, sy = by − ay, len2 = sx² + sy², d = p − a, dot = d·s,
/// c = dx·sy − dy·sx and t = dot − min(max(dot, 0), len2) (how far the projection falls
/// outside the segment): c·c + t·t; answers the largest, its first index and the runner-up
/// as Swift's pass does. `level` is a value of CSIMDShim_vector_level() for
/// this CPU; level 0 reads nothing (next = from).
CSIMDShim_dp_estimates CSIMDShim_dp_top_estimates(int level, const double *x, const double *y, ptrdiff_t from,
                                                  ptrdiff_t last, double ax, double ay, double bx, double by,
                                                  double len2);

#endif
