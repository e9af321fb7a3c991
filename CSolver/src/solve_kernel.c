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

bool sd_band_solve(double* ab, int32_t n, int32_t kd, double* b) {
    // ab holds the lower band, entry (i, j) at (i − j) + j·(kd + 1), as LAPACK's dpbtrf and the reference's
    // BandMatrix; the loops are the reference's choleskySolve.
    const size_t ld = (size_t)kd + 1;
#define SD_BAND(i, j) ab[(size_t)((i) - (j)) + (size_t)(j) * ld]
    for (int32_t j = 0; j < n; ++j) {
        double d = SD_BAND(j, j);
        for (int32_t k = j - kd > 0 ? j - kd : 0; k < j; ++k) d -= SD_BAND(j, k) * SD_BAND(j, k);
        if (!(d > 0.0)) return false;
        d = sqrt(d);
        SD_BAND(j, j) = d;
        const int32_t last = j + kd + 1 < n ? j + kd + 1 : n;
        for (int32_t i = j + 1; i < last; ++i) {
            double v = SD_BAND(i, j);
            for (int32_t k = i - kd > 0 ? i - kd : 0; k < j; ++k) v -= SD_BAND(i, k) * SD_BAND(j, k);
            SD_BAND(i, j) = v / d;
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        double v = b[i];
        for (int32_t k = i - kd > 0 ? i - kd : 0; k < i; ++k) v -= SD_BAND(i, k) * b[k];
        b[i] = v / SD_BAND(i, i);
    }
    for (int32_t i = n - 1; i >= 0; --i) {
        double v = b[i];
        const int32_t last = i + kd + 1 < n ? i + kd + 1 : n;
        for (int32_t k = i + 1; k < last; ++k) v -= SD_BAND(k, i) * b[k];
        b[i] = v / SD_BAND(i, i);
    }
#undef SD_BAND
    return true;
}
