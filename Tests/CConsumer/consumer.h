/* Shared by the C consumer test files: checks and counters. Each file
 * Tests/CConsumer/test_<name>.c defines `void test_<name>(gk_context *ctx)`; the Makefile
 * generates the list that main() runs, so sections are added without editing main. */
#ifndef GK_CONSUMER_H
#define GK_CONSUMER_H
#include "geokernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* test_oom.c's child process mode (`c_consumer --oom-job ...`). */
int oom_job_child(char **argv);

extern int failures;
extern int checks;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        ++checks;                                                          \
        if (!(cond)) {                                                     \
            ++failures;                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

#define CHECK_CLOSE(got, want, tol, what)                                  \
    CHECK(fabs((got) - (want)) <= (tol), "%s: got %.17g want %.17g (tol %g)", what, (double)(got), (double)(want), (double)(tol))

#define GK_TEST_PI 3.14159265358979323846

/* A seeded generator for repeatable test data (a 64-bit LCG with Knuth's MMIX constants):
 * advances *state and returns a number uniform in [lo, hi). Each test keeps its own state. */
static inline double gk_test_uniform(unsigned long long *state, double lo, double hi) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (double)(*state >> 11) / 9007199254740992.0;
}

/* The path of a file of the shared data (GEOKERNEL_SHARED_DATA, else ../shared/data) in
 * buf; 0 when it is not there (install-check's temp dir), so the test is skipped. */
static inline int gk_test_shared_file(char *buf, size_t size, const char *relative) {
    const char *root = getenv("GEOKERNEL_SHARED_DATA");
    FILE *f;
    snprintf(buf, size, "%s/%s", root ? root : "../shared/data", relative);
    if (!(f = fopen(buf, "rb"))) return 0;
    fclose(f);
    return 1;
}

#endif
