// The LAPACK/BLAS entry points the solver calls, declared with the Fortran calling convention shared by
// Debian's reference LAPACK (gfortran: hidden string lengths at the end) and Apple's Accelerate.
#ifndef SD_LAPACK_H
#define SD_LAPACK_H

#include <stddef.h>

#if defined(__APPLE__)
#define SD_FORTRAN_STRLEN
#define SD_FORTRAN_STRLEN_ARG
#else
#define SD_FORTRAN_STRLEN , size_t
#define SD_FORTRAN_STRLEN_ARG , (size_t)1
void dtrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n,
            const double* alpha, const double* a, const int* lda, double* b, const int* ldb SD_FORTRAN_STRLEN
                SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN);
void dsyrk_(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* beta, double* c, const int* ldc SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN);

#endif

void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info SD_FORTRAN_STRLEN);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b,
             const int* ldb, int* info SD_FORTRAN_STRLEN);
void dpbtrf_(const char* uplo, const int* n, const int* kd, double* ab, const int* ldab, int* info SD_FORTRAN_STRLEN);
void dpbtrs_(const char* uplo, const int* n, const int* kd, const int* nrhs, const double* ab, const int* ldab,
             double* b, const int* ldb, int* info SD_FORTRAN_STRLEN);

void dtrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n,
            const double* alpha, const double* a, const int* lda, double* b, const int* ldb SD_FORTRAN_STRLEN
                SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN);
void dsyrk_(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* beta, double* c, const int* ldc SD_FORTRAN_STRLEN SD_FORTRAN_STRLEN);

#endif
