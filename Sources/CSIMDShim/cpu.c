// CSIMDShim_vector_level: which of the wider kernels this CPU runs (see
// include/CSIMDShim_projection.h).
#include "CSIMDShim_projection.h"

#if defined(__x86_64__) && defined(__clang__)

#include <cpuid.h>

int CSIMDShim_vector_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;  // the OS saves XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & (1u << 5))) return 0;  // AVX2
    // AVX-512F, with the opmask and all ZMM state saved by the OS.
    return ((b & (1u << 16)) && (lo & 0xE0u) == 0xE0u) ? 2 : 1;
}

#else

int CSIMDShim_vector_level(void) { return 0; }

#endif
