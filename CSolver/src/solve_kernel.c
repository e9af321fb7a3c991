// The in-house dense Cholesky for small islands, and the in-house band Cholesky for narrow bands (chains): no call
// overhead, and the reference solver's operation order.
#include "sd_solve.h"

bool sd_kernel_solve(double* a, int32_t n, double* b) {
    for (int32_t j = 0; j < n; ++j) {
        double d = a[j + j * n];
        for (int32_t k = 0; k < j; ++k) d -= a[j + k * n] * a[j + k * n];
        if (!(d > 0.0)) return false;
        d = sqrt(d);
        a[j + j * n] = d;
        for (int32_t i = j + 1; i < n; ++i) {
            double v = a[i + j * n];
            for (int32_t k = 0; k < j; ++k) v -= a[i + k * n] * a[j + k * n];
            a[i + j * n] = v / d;
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        double v = b[i];
        for (int32_t k = 0; k < i; ++k) v -= a[i + k * n] * b[k];
        b[i] = v / a[i + i * n];
    }
    for (int32_t i = n - 1; i >= 0; --i) {
        double v = b[i];
        for (int32_t k = i + 1; k < n; ++k) v -= a[k + i * n] * b[k];
        b[i] = v / a[i + i * n];
    }
    return true;
}

#define SD_BAND(i, j) ab[(size_t)((i) - (j)) + (size_t)(j) * ld]

/// Whether the band splits before row j: no entry couples a row from j on to a row before j. Then the rows before
/// and from j factor independently (a block-diagonal matrix factors block by block, with no fill across).
static bool sd_band_splits(const double* ab, size_t ld, int32_t n, int32_t kd, int32_t j) {
    const int32_t last = j + kd < n ? j + kd : n;
    for (int32_t i = j; i < last; ++i)
        for (int32_t k = i - kd > 0 ? i - kd : 0; k < j; ++k)
            if (SD_BAND(i, k) != 0.0) return false;
    return true;
}

/// Column j of the band Cholesky within a block starting at row `lo` (the reference's loops; the terms the full
/// loops would take from before `lo` are exact zeros, so leaving them out changes no bit).
static inline bool sd_band_column(double* ab, size_t ld, int32_t kd, int32_t lo, int32_t hi, int32_t j) {
    double d = SD_BAND(j, j);
    for (int32_t k = j - kd > lo ? j - kd : lo; k < j; ++k) d -= SD_BAND(j, k) * SD_BAND(j, k);
    if (!(d > 0.0)) return false;
    d = sqrt(d);
    SD_BAND(j, j) = d;
    const int32_t last = j + kd + 1 < hi ? j + kd + 1 : hi;
    for (int32_t i = j + 1; i < last; ++i) {
        double v = SD_BAND(i, j);
        for (int32_t k = i - kd > lo ? i - kd : lo; k < j; ++k) v -= SD_BAND(i, k) * SD_BAND(j, k);
        SD_BAND(i, j) = v / d;
    }
    return true;
}

static inline void sd_band_forward(const double* ab, size_t ld, int32_t kd, int32_t lo, int32_t i, double* b) {
    double v = b[i];
    for (int32_t k = i - kd > lo ? i - kd : lo; k < i; ++k) v -= SD_BAND(i, k) * b[k];
    b[i] = v / SD_BAND(i, i);
}

static inline void sd_band_backward(const double* ab, size_t ld, int32_t kd, int32_t hi, int32_t i, double* b) {
    double v = b[i];
    const int32_t last = i + kd + 1 < hi ? i + kd + 1 : hi;
    for (int32_t k = i + 1; k < last; ++k) v -= SD_BAND(k, i) * b[k];
    b[i] = v / SD_BAND(i, i);
}

/// Blocks processed side by side: their dependent chains (a square root and a division per row) interleave.
#define sdBandLanes 4

bool sd_band_solve(double* ab, int32_t n, int32_t kd, double* b) {
    if (kd == 1) return sd_tridiagonal_solve(ab, n, b);
    // ab holds the lower band, entry (i, j) at (i − j) + j·(kd + 1), as LAPACK's dpbtrf and the reference's
    // BandMatrix; each entry is computed by the reference's choleskySolve loops. A merged band of many islands
    // (chains) is block diagonal: its blocks are found from the band's exact zeros and factored and solved
    // sdBandLanes at a time, interleaved, which changes no entry's operations.
    const size_t ld = (size_t)kd + 1;
    int32_t start = 0;
    while (start < n) {
        int32_t lo[sdBandLanes], hi[sdBandLanes], lanes = 0, longest = 0;
        while (lanes < sdBandLanes && start < n) {
            int32_t end = start + 1;
            while (end < n && !sd_band_splits(ab, ld, n, kd, end)) end += 1;
            lo[lanes] = start;
            hi[lanes] = end;
            if (end - start > longest) longest = end - start;
            lanes += 1;
            start = end;
        }
        for (int32_t t = 0; t < longest; ++t)
            for (int32_t l = 0; l < lanes; ++l)
                if (lo[l] + t < hi[l] && !sd_band_column(ab, ld, kd, lo[l], hi[l], lo[l] + t)) return false;
        for (int32_t t = 0; t < longest; ++t)
            for (int32_t l = 0; l < lanes; ++l)
                if (lo[l] + t < hi[l]) sd_band_forward(ab, ld, kd, lo[l], lo[l] + t, b);
        for (int32_t t = 0; t < longest; ++t)
            for (int32_t l = 0; l < lanes; ++l)
                if (hi[l] - 1 - t >= lo[l]) sd_band_backward(ab, ld, kd, hi[l], hi[l] - 1 - t, b);
    }
    return true;
}
#undef SD_BAND
