// The batch loop of a projection kernel, included once per kernel file after defining
// GK_KERNEL_NAME (a prefix), GK_KERNEL_PARAMS (leading parameters, each with a trailing
// comma, or nothing), GK_KERNEL_ARGS (the same names as arguments) and
// GK_KERNEL_BLOCK(lon, lat, &x, &y) (eight points; returns the mask of the lanes outside
// the domain, their outputs +infinity). Defines <name>Dispatch(level, params…, lon, lat,
// in_stride, x, y, out_stride, count): strided columns in and out, in place or not (each
// block is read before it is written), the rest of a partial block padded with (0, 0),
// not counted; the build for `level` (1 AVX2, 2 AVX-512F, on eight lanes; 0 the
// library's own target, compiled from a second file with GK_BASELINE_FILE and fewer
// GK_LANES: the same bits, lane for lane). Returns the number of points outside.

#ifndef CSIMDSHIM_KERNEL_LOOP_HELPERS
#define CSIMDSHIM_KERNEL_LOOP_HELPERS

// Points 0 ..< n (n ≤ GK_LANES) into lanes, the rest (0, 0).
GK_INLINE void gkGather(const char *lon, const char *lat, ptrdiff_t stride, ptrdiff_t n, d8 *lo, d8 *la) {
    double a[GK_LANES] = {0}, b[GK_LANES] = {0};
    for (ptrdiff_t j = 0; j < n; j++) {
        memcpy(a + j, lon + j * stride, sizeof(double));
        memcpy(b + j, lat + j * stride, sizeof(double));
    }
    memcpy(lo, a, sizeof a);
    memcpy(la, b, sizeof b);
}

GK_INLINE void gkScatter(char *x, char *y, ptrdiff_t stride, ptrdiff_t n, d8 xv, d8 yv) {
    double a[GK_LANES], b[GK_LANES];
    memcpy(a, &xv, sizeof a);
    memcpy(b, &yv, sizeof b);
    for (ptrdiff_t j = 0; j < n; j++) {
        memcpy(x + j * stride, a + j, sizeof(double));
        memcpy(y + j * stride, b + j, sizeof(double));
    }
}

#define GK_PASTE2(a, b) a##b
#define GK_PASTE(a, b) GK_PASTE2(a, b)

#endif

#define GK_RUN GK_PASTE(GK_KERNEL_NAME, Run)
#define GK_LOOP_ARGS const double *lon, const double *lat, ptrdiff_t inStride, double *x, double *y, \
                     ptrdiff_t outStride, ptrdiff_t count

GK_INLINE ptrdiff_t GK_RUN(GK_KERNEL_PARAMS GK_LOOP_ARGS) {
    const char *lonB = (const char *)lon, *latB = (const char *)lat;
    char *xB = (char *)x, *yB = (char *)y;
    u8 failed = (u8)0;
    u8 lane;
    for (int j = 0; j < GK_LANES; j++) lane[j] = (uint64_t)j;
    for (ptrdiff_t i = 0; i < count; i += GK_LANES) {
        ptrdiff_t n = count - i < GK_LANES ? count - i : GK_LANES;
        d8 lo, la, xo, yo;
        if (n == GK_LANES && inStride == (ptrdiff_t)sizeof(double)) {
            memcpy(&lo, lonB + i * inStride, sizeof lo);
            memcpy(&la, latB + i * inStride, sizeof la);
        } else {
            gkGather(lonB + i * inStride, latB + i * inStride, inStride, n, &lo, &la);
        }
        u8 bad = GK_KERNEL_BLOCK(lo, la, &xo, &yo);
        failed += bad & (u8)(lane < (u8)n) & (u8)1;  // padding lanes do not count
        if (n == GK_LANES && outStride == (ptrdiff_t)sizeof(double)) {
            memcpy(xB + i * outStride, &xo, sizeof xo);
            memcpy(yB + i * outStride, &yo, sizeof yo);
        } else {
            gkScatter(xB + i * outStride, yB + i * outStride, outStride, n, xo, yo);
        }
    }
    return (ptrdiff_t)__builtin_reduce_add(failed);
}

#ifdef GK_BASELINE_FILE
// The baseline build, in its own file on GK_LANES lanes (e.g. tmerc_baseline.c).
__attribute__((visibility("hidden"))) ptrdiff_t GK_PASTE(GK_KERNEL_NAME, Baseline)(GK_KERNEL_PARAMS GK_LOOP_ARGS) {
    return GK_RUN(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
}
#else
ptrdiff_t GK_PASTE(GK_KERNEL_NAME, Baseline)(GK_KERNEL_PARAMS GK_LOOP_ARGS);

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx2"))) static ptrdiff_t GK_PASTE(GK_KERNEL_NAME, AVX2)(GK_KERNEL_PARAMS GK_LOOP_ARGS) {
    return GK_RUN(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
}

__attribute__((target("avx512f"))) static ptrdiff_t GK_PASTE(GK_KERNEL_NAME, AVX512)(GK_KERNEL_PARAMS GK_LOOP_ARGS) {
    return GK_RUN(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
}
#endif

static ptrdiff_t GK_PASTE(GK_KERNEL_NAME, Dispatch)(int level, GK_KERNEL_PARAMS GK_LOOP_ARGS) {
#if defined(__x86_64__) && defined(__clang__)
    if (level >= 2) return GK_PASTE(GK_KERNEL_NAME, AVX512)(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
    if (level == 1) return GK_PASTE(GK_KERNEL_NAME, AVX2)(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
#endif
    (void)level;
    return GK_PASTE(GK_KERNEL_NAME, Baseline)(GK_KERNEL_ARGS lon, lat, inStride, x, y, outStride, count);
}
#endif

#undef GK_RUN
#undef GK_LOOP_ARGS
#undef GK_KERNEL_NAME
#undef GK_KERNEL_PARAMS
#undef GK_KERNEL_BLOCK
#undef GK_KERNEL_ARGS
