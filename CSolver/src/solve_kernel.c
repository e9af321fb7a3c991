// The in-house dense Cholesky for small islands: no call overhead, and the reference solver's operation order.
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
