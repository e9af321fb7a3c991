// The in-house dense Cholesky for small islands, the envelope Cholesky that does reference LAPACK's dense
// factor-and-solve (and the small kernel's) bit for bit within a sparse matrix's envelope, and the in-house band
// Cholesky for narrow bands (chains): no call overhead, and the reference solver's operation order.
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

void sd_envelope_ends(int32_t n, const int32_t* first, int32_t* end) {
    for (int32_t l = 0; l < n; ++l) end[l] = l + 1;
    for (int32_t i = 0; i < n; ++i)
        if (end[first[i]] < i + 1) end[first[i]] = i + 1;
    for (int32_t l = 1; l < n; ++l)
        if (end[l] < end[l - 1]) end[l] = end[l - 1];
}

bool sd_envelope_solve(double* a, int32_t n, const int32_t* first, const int32_t* end, bool reciprocal, double* b) {
    // Each entry of L is computed as both LAPACK's dpotrf (dpotrf2 and its blocked form alike: BLAS dtrsm, dsyrk
    // and dgemm) and the in-house sd_kernel_solve compute it, whatever their loop order: the products L_il·L_jl
    // subtracted for l = 0, 1, … in turn, then a diagonal entry's square root, or an entry below it divided by
    // its column's diagonal (sd_kernel_solve) or multiplied by that diagonal's reciprocal (dtrsm); the
    // substitutions as dpotrs's or sd_kernel_solve's. So L and x agree bit for bit. Only products with a zero
    // factor are left out (the BLAS loops skip some too): L_il = 0 before row i's first non-zero (no fill there),
    // and column l ends where the last row starting at or before l ends. Subtracting such a product changes no
    // value, only, in the substitutions, a −0 (a right-hand side of −0) into +0 when the product is −0, which the
    // `negative` flags below restore; in the factor no entry is ever −0 (K's zeros are +0, and x − y = 0 is +0).
#pragma STDC FP_CONTRACT OFF
    const size_t ld = (size_t)n;
    bool negative = false;      // LAPACK's L·y = b: some y_k < 0 was subtracted, times a zero, from every row below
    int32_t firstNegative = n;  // sd_kernel_solve's: the first y_k with its sign bit set
    for (int32_t j = 0; j < n; ++j) {
        double* restrict cj = a + (size_t)j * ld;
        const int32_t last = end[j];
        const double d = cj[j];
        if (!(d > 0.0)) return false;
        const double root = sqrt(d);
        cj[j] = root;
        if (reciprocal) {
            const double inverse = 1.0 / root;
            for (int32_t i = j + 1; i < last; ++i) cj[i] *= inverse;
            // L·y = b as dtrsm, step j, as soon as column j is done (each b_i still takes its terms in order): its
            // division overlaps the next column's square root. dtrsm skips a zero b_j.
            if (b[j] == 0.0) {
                if (negative) b[j] = 0.0;
            } else {
                const double y = b[j] / root;
                b[j] = y;
                negative |= y < 0.0;
                for (int32_t i = j + 1; i < last; ++i) b[i] -= y * cj[i];
            }
        } else {
            for (int32_t i = j + 1; i < last; ++i) cj[i] /= root;
        }
        // Column j's products go to the columns right of it at once (right-looking: each entry still takes them
        // in order of j), so the next column waits only for its last update, not for all of them in turn.
        for (int32_t k = j + 1; k < last; ++k) {
            const double t = cj[k];
            if (t == 0.0) continue;
            double* restrict ck = a + (size_t)k * ld;
            for (int32_t i = k; i < last; ++i) ck[i] -= t * cj[i];
        }
    }
    if (!reciprocal) { // L·y = b as sd_kernel_solve, row by row
        for (int32_t i = 0; i < n; ++i) {
            double v = b[i];
            for (int32_t k = first[i]; k < i; ++k) v -= a[(size_t)i + (size_t)k * ld] * b[k];
            if (__builtin_expect(v == 0.0, 0) && firstNegative < first[i]) v = 0.0;
            b[i] = v / a[(size_t)i + (size_t)i * ld];
            if (signbit(b[i]) && firstNegative > i) firstNegative = i;
        }
    }
    // Lᵀ·x = y, as both do: rows past the end of column i multiply zeros.
    int32_t tail = n;
    negative = false; // some x_k with its sign bit set, k ≥ tail
    for (int32_t i = n - 1; i >= 0; --i) {
        const double* restrict ci = a + (size_t)i * ld;
        double v = b[i];
        for (int32_t k = i + 1; k < end[i]; ++k) v -= ci[k] * b[k];
        while (tail > end[i]) negative |= signbit(b[--tail]) != 0;
        // A branch, rarely taken, keeps the sign test off the chain of dependent divisions.
        if (__builtin_expect(v == 0.0, 0) && negative) v = 0.0;
        b[i] = v / ci[i];
    }
    return true;
}

bool sd_dense_kernel_solve(double* a, int32_t n, double* b) {
    if (n > sdDenseKernelMaxRows) return sd_lapack_dense_solve(a, n, b);
    int32_t first[sdDenseKernelMaxRows], end[sdDenseKernelMaxRows];
    for (int32_t i = 0; i < n; ++i) first[i] = i;
    for (int32_t l = n - 1; l >= 0; --l) { // each row's first non-zero, the columns scanned in memory order
        const double* column = a + (size_t)l * (size_t)n;
        for (int32_t i = l + 1; i < n; ++i)
            if (column[i] != 0.0) first[i] = l;
    }
    sd_envelope_ends(n, first, end);
    return sd_envelope_solve(a, n, first, end, true, b);
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
