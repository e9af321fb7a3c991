// Bit-identity check of the in-house dense Cholesky (solve_kernel.c) against LAPACK and the small kernel: random
// sparse SPD systems up to 256 rows (LAPACK's blocked dpotrf above 64), right-hand sides with +0 and −0 entries.
// sd_dense_kernel_solve must leave the same L and x as dpotrf/dpotrs, and sd_envelope_solve without `reciprocal`
// the same as sd_kernel_solve, bit for bit. Prints the count of systems and of mismatches (exit status 1 if any).
//   clang -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -ICSolver/include CSolver/src/solve_kernel.c \
//         CSolver/src/solve_lapack.c scripts/dense-kernel-check.c -o /tmp/dense-kernel-check -llapack -lblas -lm
#include "../CSolver/src/sd_solve.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static uint64_t state = 88172645463325252ull;
static double rnd(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (double)(state >> 11) / 9007199254740992.0; }
int main(void) {
    long bad = 0, total = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const int n = 1 + (int)(rnd() * (trial % 3 == 0 ? 256 : 100)), band = 1 + (int)(rnd() * n), q = n / 2 + 1;
        const double density = rnd();
        // K = J·Jᵀ + a small diagonal, J banded and sparse: K is SPD with an envelope, as contact systems are.
        double* j = calloc((size_t)n * q, sizeof(double));
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < q; ++c)
                if (abs(c - (int)((double)i * q / n)) <= band / 2 && rnd() < density) j[i * q + c] = rnd() - 0.5;
        double* a = calloc((size_t)n * n, sizeof(double));
        double* b = calloc((size_t)n * n, sizeof(double));
        for (int r = 0; r < n; ++r)
            for (int c = 0; c <= r; ++c) {
                double sum = 0.0;
                for (int k = 0; k < q; ++k) sum += j[r * q + k] * j[c * q + k];
                a[r + c * n] = sum + (r == c ? 1e-6 + (rnd() < 0.1 ? 1.0 : 0.0) : 0.0);
            }
        memcpy(b, a, (size_t)n * n * sizeof(double));
        double* x1 = malloc((size_t)n * sizeof(double));
        double* x2 = malloc((size_t)n * sizeof(double));
        for (int i = 0; i < n; ++i) {
            const double r = rnd();
            x1[i] = x2[i] = r < 0.2 ? 0.0 : r < 0.3 ? -0.0 : rnd() - 0.5;
        }
        bool ok1, ok2;
        if (trial % 2) {
            ok1 = sd_lapack_dense_solve(a, n, x1);
            ok2 = sd_dense_kernel_solve(b, n, x2);
        } else {
            ok1 = sd_kernel_solve(a, n, x1);
            int32_t first[sdDenseKernelMaxRows], end[sdDenseKernelMaxRows];
            for (int i = 0; i < n; ++i) {
                first[i] = i;
                for (int l = 0; l < i; ++l)
                    if (b[i + l * n] != 0.0) {
                        first[i] = l;
                        break;
                    }
            }
            sd_envelope_ends(n, first, end);
            ok2 = sd_envelope_solve(b, n, first, end, false, x2);
        }
        total += 1;
        bool same = ok1 == ok2 && (!ok1 || memcmp(x1, x2, (size_t)n * sizeof(double)) == 0);
        for (int c = 0; c < n && same && ok1; ++c)
            for (int r = c; r < n; ++r)
                if (memcmp(&a[r + c * n], &b[r + c * n], sizeof(double)) != 0) same = false;
        if (!same && ++bad <= 5) printf("mismatch: n = %d, %s\n", n, trial % 2 ? "LAPACK" : "small kernel");
        free(j), free(a), free(b), free(x1), free(x2);
    }
    printf("%ld systems, %ld mismatches\n", total, bad);
    return bad != 0;
}
