// The band Cholesky and solve of a kd = 1 band: chains of distance links, merged into one block-diagonal band.
// Each entry takes sd_band_solve's operations (the loops of sd_band_column, sd_band_forward and sd_band_backward
// with their one term written out), a row's forward substitution right after its column. A block ends where the
// subdiagonal is an exact zero. Blocks of equal length (the chains of one scene) go four at a time, one per vector
// lane: a square root and three divisions a row are then shared by four rows, and each lane does exactly the
// scalar arithmetic (no fused multiply-adds; correctly rounded √ and ÷), so the bits are the scalar loops'. The
// lanes are compiled for the baseline and for AVX2 (SD_AVX2_DISPATCH, sd_field.h).
#include "sd_field.h"
#include "sd_solve.h"

#pragma STDC FP_CONTRACT OFF

typedef double sdTriV4 __attribute__((vector_size(32), aligned(8)));
typedef int64_t sdTriM4 __attribute__((vector_size(32), aligned(8)));

/// Blocks solved together (the vector lanes; also the scalar loops' interleave, for their latency chains).
#define sdTridiagonalLanes 4

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
#define SD_TRI_SQRT(x) ((sdTriV4){sqrt((x)[0]), sqrt((x)[1]), sqrt((x)[2]), sqrt((x)[3])})
#endif

/// Four blocks of `length` rows starting at lo[0..3], one per lane: sd_tridiagonal_blocks' operations.
SD_INLINE bool sd_tridiagonal_lanes(double* ab, double* b, const int32_t* lo, int32_t length) {
    const sdTriV4 zero = {0.0, 0.0, 0.0, 0.0};
    sdTriV4 below = zero, previous = zero; // the last row's subdiagonal entry of L and solved b
    for (int32_t t = 0; t < length; ++t) {
        sdTriV4 d, v;
        for (int l = 0; l < sdTridiagonalLanes; ++l) {
            d[l] = ab[2 * (size_t)(lo[l] + t)];
            v[l] = b[lo[l] + t];
        }
        if (t > 0) {
            d = d - below * below;
            v = v - below * previous;
        }
        const sdTriM4 positive = d > zero;
        if (!(positive[0] & positive[1] & positive[2] & positive[3])) return false;
        d = SD_TRI_SQRT(d);
        v = v / d;
        if (t + 1 < length) {
            sdTriV4 s;
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
    sdTriV4 next = zero; // the row below's solution
    for (int32_t t = length - 1; t >= 0; --t) {
        sdTriV4 v, diagonal;
        for (int l = 0; l < sdTridiagonalLanes; ++l) {
            v[l] = b[lo[l] + t];
            diagonal[l] = ab[2 * (size_t)(lo[l] + t)];
        }
        if (t + 1 < length) {
            sdTriV4 s;
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
#endif

bool sd_tridiagonal_solve(double* ab, int32_t n, double* b) {
#if SD_AVX2_DISPATCH
    const bool avx2 = sd_cpu_has_avx2();
#endif
    int32_t start = 0;
    while (start < n) {
        int32_t lo[sdTridiagonalLanes], hi[sdTridiagonalLanes], lanes = 0, longest = 0;
        bool equal = true;
        while (lanes < sdTridiagonalLanes && start < n) {
            int32_t end = start + 1;
            while (end < n && ab[2 * (size_t)(end - 1) + 1] != 0.0) end += 1;
            lo[lanes] = start;
            hi[lanes] = end;
            if (end - start > longest) longest = end - start;
            if (lanes > 0 && end - start != hi[0] - lo[0]) equal = false;
            lanes += 1;
            start = end;
        }
        bool solved;
        if (lanes == sdTridiagonalLanes && equal) {
#if SD_AVX2_DISPATCH
            solved = avx2 ? sd_tridiagonal_lanes_avx2(ab, b, lo, longest) : sd_tridiagonal_lanes_generic(ab, b, lo, longest);
#else
            solved = sd_tridiagonal_lanes_generic(ab, b, lo, longest);
#endif
        } else {
            solved = sd_tridiagonal_blocks(ab, b, lo, hi, lanes, longest);
        }
        if (!solved) return false;
    }
    return true;
}
