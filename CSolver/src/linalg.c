// Dense linear algebra through LAPACK; the spring/joint solver builds on these.
#include "sd_lapack.h"
#include "sd_world.h"

sdResult sdSolveSPD(int32_t n, double* a, double* b) {
    if (a == NULL || b == NULL) return sdResult_nullArgument;
    if (n < 1) return sdResult_outOfRange;
    for (int32_t i = 0; i < n * n; ++i)
        if (!isfinite(a[i])) return sdResult_nonFinite;
    for (int32_t i = 0; i < n; ++i)
        if (!isfinite(b[i])) return sdResult_nonFinite;
    const int order = n;
    const int one = 1;
    int info = 0;
    dpotrf_("L", &order, a, &order, &info SD_FORTRAN_STRLEN_ARG);
    if (info != 0) return sdResult_outOfRange;
    dpotrs_("L", &order, &one, a, &order, b, &order, &info SD_FORTRAN_STRLEN_ARG);
    return info == 0 ? sdResult_ok : sdResult_outOfRange;
}
