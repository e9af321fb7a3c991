// The direct paths through LAPACK (Debian's liblapack on Linux, Accelerate on Apple platforms): banded and dense
// Cholesky factor-and-solve (dense: systems above sdDenseKernelMaxRows rows; smaller ones take the in-house
// sd_dense_kernel_solve, LAPACK's arithmetic without its calls), and the public `sdSolveSPD` that tests the link
// on its own.
#include "sd_lapack.h"
#include "sd_solve.h"

bool sd_lapack_banded_solve(double* ab, int32_t n, int32_t kd, double* b) {
    const int nn = n, k = kd, ldab = kd + 1, one = 1;
    int info = 0;
    dpbtrf_("L", &nn, &k, ab, &ldab, &info SD_FORTRAN_STRLEN_ARG);
    if (info != 0) return false;
    dpbtrs_("L", &nn, &k, &one, ab, &ldab, b, &nn, &info SD_FORTRAN_STRLEN_ARG);
    return info == 0;
}

bool sd_lapack_dense_solve(double* a, int32_t n, double* b) {
    const int nn = n, one = 1;
    int info = 0;
    dpotrf_("L", &nn, a, &nn, &info SD_FORTRAN_STRLEN_ARG);
    if (info != 0) return false;
    dpotrs_("L", &nn, &one, a, &nn, b, &nn, &info SD_FORTRAN_STRLEN_ARG);
    return info == 0;
}

sdResult sdSolveSPD(int32_t n, double* a, double* b) {
    if (a == NULL || b == NULL) return sdResult_nullArgument;
    if (n < 1 || n > 46340) return sdResult_outOfRange; // n² must fit LAPACK's 32-bit int
    const size_t count = (size_t)n * (size_t)n;
    for (size_t i = 0; i < count; ++i)
        if (!isfinite(a[i])) return sdResult_nonFinite;
    for (int32_t i = 0; i < n; ++i)
        if (!isfinite(b[i])) return sdResult_nonFinite;
    return sd_lapack_dense_solve(a, n, b) ? sdResult_ok : sdResult_outOfRange;
}
