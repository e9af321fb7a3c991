// What the bit-identity scripts (pour-hash.c, chains-hash.c, grid-hash.c, small-scenes-hash.c) share: the running
// FNV-1a hash of the state they feed it, the thread CPU clock and the sort for their median timings, and the
// small LCG that jitters their scenes (reseeded by setting `rng`). Each script is one translation unit, so the
// state lives here as statics.
#ifndef SD_HASH_HARNESS_H
#define SD_HASH_HARNESS_H
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/// The running hash (FNV-1a, 64 bits) and its offset basis, for scripts that restart it.
#define SD_HASH_BASIS 1469598103934665603ull
static uint64_t H = SD_HASH_BASIS;
static inline void mix(const void* p, size_t n) {
    const unsigned char* b = p;
    for (size_t i = 0; i < n; ++i) {
        H ^= b[i];
        H *= 1099511628211ull;
    }
}

/// This thread's CPU time, ms.
static inline double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/// qsort's comparison of doubles (for medians).
static inline int cmpd(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

/// A uniform number in [0, 1) from a linear congruential generator (the scenes' jitter).
static uint32_t rng = 12345u;
static inline double rnd(void) {
    rng = rng * 1664525u + 1013904223u;
    return (rng >> 8) / 16777216.0;
}
#endif
