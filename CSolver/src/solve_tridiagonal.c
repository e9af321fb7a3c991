// The band Cholesky and solve of a kd = 1 band: chains of distance links, merged into one block-diagonal band.
// Each entry takes sd_band_solve's operations (the loops of sd_band_column, sd_band_forward and sd_band_backward
// with their one term written out), a row's forward substitution right after its column. A block ends where the
// subdiagonal is an exact zero. Blocks of equal length (the chains of one scene) go eight at a time, one per vector
// lane: a square root and three divisions a row are then shared by eight rows, and each lane does exactly the
// scalar arithmetic (no fused multiply-adds; correctly rounded √ and ÷), so the bits are the scalar loops'. Each
// row waits for the square root and division of the row above: eight chains in flight rather than four keep the
// divider busy through that wait. The lanes are compiled for the baseline, AVX2 and AVX-512 (SD_AVX2_DISPATCH,
// sd_field.h).
#include "sd_field.h"
#include "sd_solve.h"

#pragma STDC FP_CONTRACT OFF

typedef double sdTriV8 __attribute__((vector_size(64), aligned(8)));
typedef int64_t sdTriM8 __attribute__((vector_size(64), aligned(8)));

/// Blocks solved together in vector lanes.
#define sdTridiagonalLanes 8
/// Fewest equal blocks worth the lanes (the rest of the lanes then repeat them); fewer, or blocks of unequal
/// length, go through the scalar loops this many at a time, interleaved for their latency chains.
#define sdTridiagonalScalarBlocks 4

/// Blocks [lo[l], hi[l]) one entry at a time, interleaved.
static bool sd_tridiagonal_blocks(double* ab, double* b, const int32_t* lo, const int32_t* hi, int32_t lanes,
                                  int32_t longest) {
    for (int32_t t = 0; t < longest; ++t)
        for (int32_t l = 0; l < lanes; ++l) {
            const int32_t j = lo[l] + t;
            if (j >= hi[l]) continue;
            double d = ab[2 * (size_t)j], v = b[j];
            if (j > lo[l]) {
                const double below = ab[2 * (size_t)(j - 1) + 1];
                d -= below * below;
                v -= below * b[j - 1];
            }
            if (!(d > 0.0)) return false;
            d = sqrt(d);
            ab[2 * (size_t)j] = d;
            if (j + 1 < hi[l]) ab[2 * (size_t)j + 1] /= d;
            b[j] = v / d;
        }
    for (int32_t t = 0; t < longest; ++t)
        for (int32_t l = 0; l < lanes; ++l) {
            const int32_t i = hi[l] - 1 - t;
            if (i < lo[l]) continue;
            double v = b[i];
            if (i + 1 < hi[l]) v -= ab[2 * (size_t)i + 1] * b[i + 1];
            b[i] = v / ab[2 * (size_t)i];
        }
    return true;
}

/// √ of each lane, correctly rounded as sqrt (a macro: a vector argument would change the call ABI by target).
#if __has_builtin(__builtin_elementwise_sqrt)
#define SD_TRI_SQRT(x) __builtin_elementwise_sqrt(x)
#else
#define SD_TRI_SQRT(x)                                                                                                \
    ((sdTriV8){sqrt((x)[0]), sqrt((x)[1]), sqrt((x)[2]), sqrt((x)[3]), sqrt((x)[4]), sqrt((x)[5]), sqrt((x)[6]),    \
               sqrt((x)[7])})
#endif

/// Eight blocks of `length` rows starting at lo[0..7], one per lane: sd_tridiagonal_blocks' operations. Lanes
/// may repeat a block (they then read the same entries and write the same results).
SD_INLINE bool sd_tridiagonal_lanes(double* ab, double* b, const int32_t* lo, int32_t length) {
    const sdTriV8 zero = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    sdTriV8 below = zero, previous = zero; // the last row's subdiagonal entry of L and solved b
    for (int32_t t = 0; t < length; ++t) {
        sdTriV8 d, v;
        for (int l = 0; l < sdTridiagonalLanes; ++l) {
            d[l] = ab[2 * (size_t)(lo[l] + t)];
            v[l] = b[lo[l] + t];
        }
        if (t > 0) {
            d = d - below * below;
            v = v - below * previous;
        }
        const sdTriM8 positive = d > zero;
        int64_t all = -1;
        for (int l = 0; l < sdTridiagonalLanes; ++l) all &= positive[l];
        if (!all) return false;
        d = SD_TRI_SQRT(d);
        v = v / d;
        if (t + 1 < length) {
            sdTriV8 s;
            for (int l = 0; l < sdTridiagonalLanes; ++l) s[l] = ab[2 * (size_t)(lo[l] + t) + 1];
            below = s / d;
            for (int l = 0; l < sdTridiagonalLanes; ++l) ab[2 * (size_t)(lo[l] + t) + 1] = below[l];
        }
        for (int l = 0; l < sdTridiagonalLanes; ++l) {
            ab[2 * (size_t)(lo[l] + t)] = d[l];
            b[lo[l] + t] = v[l];
        }
        previous = v;
    }
    sdTriV8 next = zero; // the row below's solution
    for (int32_t t = length - 1; t >= 0; --t) {
        sdTriV8 v, diagonal;
        for (int l = 0; l < sdTridiagonalLanes; ++l) {
            v[l] = b[lo[l] + t];
            diagonal[l] = ab[2 * (size_t)(lo[l] + t)];
        }
        if (t + 1 < length) {
            sdTriV8 s;
            for (int l = 0; l < sdTridiagonalLanes; ++l) s[l] = ab[2 * (size_t)(lo[l] + t) + 1];
            v = v - s * next;
        }
        v = v / diagonal;
        for (int l = 0; l < sdTridiagonalLanes; ++l) b[lo[l] + t] = v[l];
        next = v;
    }
    return true;
}

static bool sd_tridiagonal_lanes_generic(double* ab, double* b, const int32_t* lo, int32_t length) {
    return sd_tridiagonal_lanes(ab, b, lo, length);
}

#if SD_AVX2_DISPATCH
/// The same lanes in 4-wide registers (AVX2 without FMA: the same roundings as the baseline copy).
SD_TARGET_AVX2 static bool sd_tridiagonal_lanes_avx2(double* ab, double* b, const int32_t* lo, int32_t length) {
    return sd_tridiagonal_lanes(ab, b, lo, length);
}
/// And in 8-wide ones (FP_CONTRACT off: no multiply-add fused although the target has FMA).
SD_TARGET_AVX512 static bool sd_tridiagonal_lanes_avx512(double* ab, double* b, const int32_t* lo, int32_t length) {
    return sd_tridiagonal_lanes(ab, b, lo, length);
}
#endif

/// The lanes' copy for the widest registers the processor has.
typedef bool (*sdTridiagonalLanesFunction)(double* ab, double* b, const int32_t* lo, int32_t length);
static sdTridiagonalLanesFunction sd_tridiagonal_lanes_for_cpu(void) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx512()) return sd_tridiagonal_lanes_avx512;
    if (sd_cpu_has_avx2()) return sd_tridiagonal_lanes_avx2;
#endif
    return sd_tridiagonal_lanes_generic;
}

bool sd_tridiagonal_solve(double* ab, int32_t n, double* b) {
    const sdTridiagonalLanesFunction lanes = sd_tridiagonal_lanes_for_cpu();
    int32_t start = 0;
    while (start < n) {
        // The next blocks, up to a lane each; `equal` of them as long as the first.
        int32_t lo[sdTridiagonalLanes], hi[sdTridiagonalLanes], blocks = 0, equal = 0, longest = 0;
        for (int32_t next = start; blocks < sdTridiagonalLanes && next < n; ++blocks) {
            int32_t end = next + 1;
            while (end < n && ab[2 * (size_t)(end - 1) + 1] != 0.0) end += 1;
            lo[blocks] = next;
            hi[blocks] = end;
            if (equal == blocks && end - next == hi[0] - lo[0]) equal += 1;
            next = end;
        }
        bool solved;
        if (equal >= sdTridiagonalScalarBlocks) {
            for (int32_t l = equal; l < sdTridiagonalLanes; ++l) lo[l] = lo[l - equal];
            solved = lanes(ab, b, lo, hi[0] - lo[0]);
            start = hi[equal - 1];
        } else {
            const int32_t count = blocks < sdTridiagonalScalarBlocks ? blocks : sdTridiagonalScalarBlocks;
            for (int32_t l = 0; l < count; ++l)
                if (hi[l] - lo[l] > longest) longest = hi[l] - lo[l];
            solved = sd_tridiagonal_blocks(ab, b, lo, hi, count, longest);
            start = hi[count - 1];
        }
        if (!solved) return false;
    }
    return true;
}
