// The baseline build of webmercator.c's kernels (see kernel_loop.h): four lanes, two of
// SSE2's registers each, so that the code does not spill; lane for lane the same arithmetic.
#define GK_LANES 4
#define GK_BASELINE_FILE 1
#include "webmercator.c"
