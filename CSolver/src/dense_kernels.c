// Dense kernels of the sparse path: the partial Cholesky of a frontal matrix and the substitutions with one
// supernode's block of L. Large fronts go to LAPACK dpotrf and BLAS-3 dtrsm/dsyrk (the O(w³) and O(b²·w) parts);
// small ones — most of them: a 2-D nested dissection has many small fronts near the leaves and few large ones at
// the top — to an in-house right-looking kernel blocked by four columns, compiled in SSE2 and AVX2+FMA copies and
// written out in masked eight-lane AVX-512 (the same arithmetic), picked at run time (as field_eval.c does).
// Nothing here needs the reference solver's exact operation order (its sparse Cholesky agrees to rounding, far
// inside the 1e-9 parity), so multiply-adds may be fused.
#include "sd_lapack.h"
#include "sd_sparse.h"

#if defined(__x86_64__) && defined(__clang__) && (defined(__ELF__) || defined(__APPLE__)) && !defined(SD_NO_DISPATCH)
#define SD_KERNEL_DISPATCH 1
#include <immintrin.h>
#define SD_TARGET_FMA __attribute__((target("avx2,fma")))
#define SD_TARGET_AVX512F __attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma")))
#else
#define SD_KERNEL_DISPATCH 0
#endif

// The front kernel (sd_front_body.h) with scalar row loops, which the compiler vectorises: the SSE2 and AVX2+FMA
// copies.
#define SD_FRONT_NAME sd_front_generic
#define SD_FRONT_ATTRIBUTES static
#define SD_FRONT_MASKED 0
#include "sd_front_body.h"
#if SD_KERNEL_DISPATCH
#define SD_FRONT_NAME sd_front_fma
#define SD_FRONT_ATTRIBUTES SD_TARGET_FMA static
#define SD_FRONT_MASKED 0
#include "sd_front_body.h"

/// The rows [i, m) of a column, eight at a time: the lanes of row i onwards while fewer than eight are left.
SD_TARGET_AVX512F static inline __mmask8 sd_rows_mask(int32_t i, int32_t m) {
    return m - i >= 8 ? (__mmask8)0xFF : (__mmask8)((1u << (m - i)) - 1u);
}
// The AVX-512 copy, eight rows at a time with the last chunk masked: most fronts have a few dozen rows at most,
// where the compiler's vector loops leave nearly every row to their scalar remainder (measured on the
// 10,000-cell grid's fronts: 1.09 -> 0.88 ms of front kernel per factorisation).
#define SD_FRONT_NAME sd_front_avx512
#define SD_FRONT_ATTRIBUTES SD_TARGET_AVX512F static
#define SD_FRONT_MASKED 1
#include "sd_front_body.h"
#endif

/// The front through LAPACK/BLAS-3: L11 by dpotrf, L21 = F21·L11⁻ᵀ by dtrsm, the update F22 − L21·L21ᵀ by dsyrk.
static bool sd_front_blas(double* f, int32_t m, int32_t w) {
    const int ld = m, ww = w, b = m - w;
    int info = 0;
    dpotrf_("L", &ww, f, &ld, &info SD_FORTRAN_STRLEN_ARG);
    if (info != 0) return false;
    if (b == 0) return true;
    const double one = 1.0, minusOne = -1.0;
    dtrsm_("R", "L", "T", "N", &b, &ww, &one, f, &ld, f + w, &ld SD_FORTRAN_STRLEN_ARG SD_FORTRAN_STRLEN_ARG
               SD_FORTRAN_STRLEN_ARG SD_FORTRAN_STRLEN_ARG);
    dsyrk_("L", "N", &b, &ww, &minusOne, f + w, &ld, &one, f + w + (size_t)w * (size_t)m, &ld SD_FORTRAN_STRLEN_ARG
               SD_FORTRAN_STRLEN_ARG);
    return true;
}

#if defined(__APPLE__)
int32_t sd_default_blas_front_rows(void) { return 128; } // Accelerate
#elif defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
/// OpenBLAS's own entry point: resolved only when the libblas.so.3 loaded is OpenBLAS (Debian's alternatives).
extern char* openblas_get_config(void) __attribute__((weak));
int32_t sd_default_blas_front_rows(void) { return openblas_get_config != NULL ? 128 : INT32_MAX; }
#else
int32_t sd_default_blas_front_rows(void) { return INT32_MAX; }
#endif

bool sd_front_factor(double* front, int32_t m, int32_t w, int32_t blasRows) {
    if (w == 0) return true;
    if (m >= blasRows) return sd_front_blas(front, m, w);
#if SD_KERNEL_DISPATCH
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        return sd_front_avx512(front, m, w);
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return sd_front_fma(front, m, w);
#endif
    return sd_front_generic(front, m, w);
}

#define SD_INLINE static inline __attribute__((always_inline))

/// The forward substitutions take four columns at a time in supernodes of at most this many rows: measured on the
/// 10,000-cell grid (whose fronts are small) faster than column by column (packed 8 %, double a third), but on the
/// 100,000-cell grid's large separators slower (packed 10 %, double 15 %).
#define sdForwardBlockRows 64

/// y[0..w) ← L11⁻¹·y, below = L21·y with one supernode's double block (the direct solve with a fresh factor).
/// Pivots are applied as multiplications by their reciprocals: those do not wait for y, so the chain of
/// dependent divisions leaves the critical path.
SD_INLINE void sd_block_forward(const double* restrict block, int32_t m, int32_t w, double* restrict y,
                                double* restrict below) {
    const size_t ld = (size_t)m;
    const int32_t b = m - w;
    for (int32_t k = 0; k < w; ++k) {
        const double* restrict ck = block + (size_t)k * ld;
        const double v = y[k] * (1.0 / ck[k]);
        y[k] = v;
        for (int32_t i = k + 1; i < w; ++i) y[i] -= ck[i] * v;
    }
    // below = L21·y, four columns per pass in small supernodes: each entry takes their updates in column order, one
    // rounding each, as one column at a time would, but is loaded and stored once per four. The first pass starts
    // from zero.
    int32_t k = 0;
    for (; k + 4 <= w && m <= sdForwardBlockRows; k += 4) {
        const double* restrict c0 = block + (size_t)k * ld + w;
        const double* restrict c1 = c0 + ld;
        const double* restrict c2 = c1 + ld;
        const double* restrict c3 = c2 + ld;
        const double v0 = y[k], v1 = y[k + 1], v2 = y[k + 2], v3 = y[k + 3];
        for (int32_t i = 0; i < b; ++i) {
            double t = k == 0 ? 0.0 : below[i];
            t += c0[i] * v0;
            t += c1[i] * v1;
            t += c2[i] * v2;
            t += c3[i] * v3;
            below[i] = t;
        }
    }
    for (; k < w; ++k) {
        const double* restrict ck = block + (size_t)k * ld + w;
        const double v = y[k];
        for (int32_t i = 0; i < b; ++i) {
            double t = k == 0 ? 0.0 : below[i];
            t += ck[i] * v;
            below[i] = t;
        }
    }
    if (w == 0)
        for (int32_t i = 0; i < b; ++i) below[i] = 0.0;
}

/// Four doubles, lane t a dot's partial sum t (sd_sparse_dot's s_t). Loaded through the unaligned type by a
/// macro, not a function: a vector argument's ABI depends on the target.
typedef double sdLanes __attribute__((vector_size(32)));
typedef double sdLanesUnaligned __attribute__((vector_size(32), aligned(8), may_alias));
#define SD_LANES_LOAD(p) (*(const sdLanesUnaligned*)(p))
/// A dot's partial sums added as sd_sparse_dot adds them.
#define SD_LANES_TOTAL(s) (((s)[0] + (s)[1]) + ((s)[2] + (s)[3]))

/// y[c] −= a_c·b for the four columns a_0..a_3, each dot summed exactly as sd_sparse_dot sums it: lane t of a
/// column's accumulator is its partial sum s_t, the tail goes to s_0, then (s_0 + s_1) + (s_2 + s_3). One dot's
/// multiply-adds form a chain; four columns' chains side by side keep the multiply-adders busy (b loaded once).
SD_INLINE void sd_dot4_subtract(const double* const a[4], const double* restrict b, int32_t n, double* restrict y) {
    sdLanes s0 = {0.0, 0.0, 0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const sdLanes v = SD_LANES_LOAD(b + i);
        s0 += SD_LANES_LOAD(a[0] + i) * v;
        s1 += SD_LANES_LOAD(a[1] + i) * v;
        s2 += SD_LANES_LOAD(a[2] + i) * v;
        s3 += SD_LANES_LOAD(a[3] + i) * v;
    }
    for (; i < n; ++i) {
        s0[0] += a[0][i] * b[i];
        s1[0] += a[1][i] * b[i];
        s2[0] += a[2][i] * b[i];
        s3[0] += a[3][i] * b[i];
    }
    y[0] -= SD_LANES_TOTAL(s0);
    y[1] -= SD_LANES_TOTAL(s1);
    y[2] -= SD_LANES_TOTAL(s2);
    y[3] -= SD_LANES_TOTAL(s3);
}

/// y[0..w) ← L11⁻ᵀ·(y − L21ᵀ·below) with one supernode's double block: first y −= L21ᵀ·below (independent
/// dots, four columns at a time), then the triangle, each column waiting on the ones after it.
SD_INLINE void sd_block_backward(const double* restrict block, int32_t m, int32_t w, double* restrict y,
                                 const double* restrict below) {
    const size_t ld = (size_t)m;
    int32_t k = 0;
    for (; k + 4 <= w; k += 4) {
        const double* c = block + (size_t)k * ld + w;
        const double* const columns[4] = {c, c + ld, c + 2 * ld, c + 3 * ld};
        sd_dot4_subtract(columns, below, m - w, y + k);
    }
    for (; k < w; ++k) y[k] -= sd_sparse_dot(block + (size_t)k * ld + w, below, m - w);
    for (k = w - 1; k >= 0; --k) {
        const double* restrict ck = block + (size_t)k * ld;
        y[k] = (y[k] - sd_sparse_dot(ck + k + 1, y + k + 1, w - k - 1)) * (1.0 / ck[k]);
    }
}


/// The largest supernode (rows) that sd_packed_forward takes four columns at a time, for this factor: every one
/// in a factor the caches hold; in a streamed one (sdSparseIsland.streamed) only supernodes of at most
/// sdForwardBlockRows rows, the large separators column by column, one stream a block. Measured per packed
/// substitution: 10,000-cell grid 238 -> 230 us with blocks at every size; 100,000-cell grid 4.5 -> 5.0 ms with
/// blocks up to 256 rows, 5.1 ms at every size.
static inline int32_t sd_packed_block_rows(const sdSparseIsland* factor) {
    return factor->streamed ? sdForwardBlockRows : INT32_MAX;
}

/// Forward substitution with one supernode's packed single-precision columns (column k: its rows k..m−1, the
/// diagonal stored as its reciprocal): y[0..w) ← L11⁻¹·y, below[0..m−w) = L21·y. In small supernodes four
/// columns at a time, then the last one to three together: each entry below a block takes the block's updates in
/// one visit (in column order, one rounding each, as one column at a time would), so `below` and y are loaded and
/// stored once per block; the first block starts from zero instead of a zeroed `below` (4 and 5 pivots are the
/// commonest supernodes of the grids: two visits instead of three). Supernodes of more than `blockRows` rows go
/// column by column (sd_packed_block_rows).
SD_INLINE void sd_packed_forward(const float* restrict packed, int32_t m, int32_t w, double* restrict y,
                                 double* restrict below, int32_t blockRows) {
    const int32_t b = m - w;
    const float* restrict ck = packed;
    int32_t k = 0;
    if (m <= blockRows) {
        for (; k + 4 <= w; k += 4) {
            const float* restrict c0 = ck;
            const float* restrict c1 = c0 + (m - k);
            const float* restrict c2 = c1 + (m - k - 1);
            const float* restrict c3 = c2 + (m - k - 2);
            // The block's own 4 × 4 triangle, column by column.
            const double v0 = y[k] * (double)c0[0];
            y[k] = v0;
            y[k + 1] -= (double)c0[1] * v0;
            y[k + 2] -= (double)c0[2] * v0;
            y[k + 3] -= (double)c0[3] * v0;
            const double v1 = y[k + 1] * (double)c1[0];
            y[k + 1] = v1;
            y[k + 2] -= (double)c1[1] * v1;
            y[k + 3] -= (double)c1[2] * v1;
            const double v2 = y[k + 2] * (double)c2[0];
            y[k + 2] = v2;
            y[k + 3] -= (double)c2[1] * v2;
            const double v3 = y[k + 3] * (double)c3[0];
            y[k + 3] = v3;
            // Rows k+4..w−1 of the diagonal block, then the rows below it: row r of column j is c_j[r − (k + j)].
            const int32_t inside = w - k - 4;
            for (int32_t i = 0; i < inside; ++i) {
                double t = y[k + 4 + i];
                t -= (double)c0[4 + i] * v0;
                t -= (double)c1[3 + i] * v1;
                t -= (double)c2[2 + i] * v2;
                t -= (double)c3[1 + i] * v3;
                y[k + 4 + i] = t;
            }
            const float* restrict l0 = c0 + (w - k);
            const float* restrict l1 = c1 + (w - k - 1);
            const float* restrict l2 = c2 + (w - k - 2);
            const float* restrict l3 = c3 + (w - k - 3);
            for (int32_t i = 0; i < b; ++i) {
                double t = k == 0 ? 0.0 : below[i];
                t += (double)l0[i] * v0;
                t += (double)l1[i] * v1;
                t += (double)l2[i] * v2;
                t += (double)l3[i] * v3;
                below[i] = t;
            }
            ck = c3 + (m - k - 3);
        }
        // The last one to three columns: their triangle column by column, then one pass below.
        const int32_t r = w - k;
        if (r > 0) {
            const float* restrict c0 = ck;
            const double v0 = y[k] * (double)c0[0];
            y[k] = v0;
            double v1 = 0.0, v2 = 0.0;
            const float* restrict c1 = c0;
            const float* restrict c2 = c0;
            if (r > 1) {
                y[k + 1] -= (double)c0[1] * v0;
                if (r > 2) y[k + 2] -= (double)c0[2] * v0;
                c1 = c0 + (m - k);
                v1 = y[k + 1] * (double)c1[0];
                y[k + 1] = v1;
            }
            if (r > 2) {
                y[k + 2] -= (double)c1[1] * v1;
                c2 = c1 + (m - k - 1);
                v2 = y[k + 2] * (double)c2[0];
                y[k + 2] = v2;
            }
            const float* restrict l0 = c0 + r;
            const float* restrict l1 = r > 1 ? c1 + (r - 1) : l0;
            const float* restrict l2 = r > 2 ? c2 + (r - 2) : l0;
            if (r == 1) {
                for (int32_t i = 0; i < b; ++i) {
                    double t = k == 0 ? 0.0 : below[i];
                    t += (double)l0[i] * v0;
                    below[i] = t;
                }
            } else if (r == 2) {
                for (int32_t i = 0; i < b; ++i) {
                    double t = k == 0 ? 0.0 : below[i];
                    t += (double)l0[i] * v0;
                    t += (double)l1[i] * v1;
                    below[i] = t;
                }
            } else {
                for (int32_t i = 0; i < b; ++i) {
                    double t = k == 0 ? 0.0 : below[i];
                    t += (double)l0[i] * v0;
                    t += (double)l1[i] * v1;
                    t += (double)l2[i] * v2;
                    below[i] = t;
                }
            }
        } else if (w == 0) {
            for (int32_t i = 0; i < b; ++i) below[i] = 0.0;
        }
        return;
    }
    // Large supernodes of a large factor (the 100,000-cell grid's separators): column by column.
    for (int32_t i = 0; i < b; ++i) below[i] = 0.0;
    for (; k < w; ++k) {
        const double v = y[k] * (double)ck[0];
        y[k] = v;
        const int32_t inside = w - k - 1;
        for (int32_t i = 0; i < inside; ++i) y[k + 1 + i] -= (double)ck[1 + i] * v;
        const float* restrict lower = ck + 1 + inside;
        for (int32_t i = 0; i < b; ++i) below[i] += (double)lower[i] * v;
        ck += m - k;
    }
}

/// Σ a[i]·b[i] for a single-precision a (four partial sums, in double; the last n mod 4 terms into the first).
/// The tail is one switch, not a loop: in the backward substitution its length changes from column to column.
SD_INLINE double sd_mixed_dot(const float* restrict a, const double* restrict b, int32_t n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += (double)a[i] * b[i];
        s1 += (double)a[i + 1] * b[i + 1];
        s2 += (double)a[i + 2] * b[i + 2];
        s3 += (double)a[i + 3] * b[i + 3];
    }
    switch (n - i) {
    case 3:
        s0 += (double)a[i] * b[i];
        s0 += (double)a[i + 1] * b[i + 1];
        s0 += (double)a[i + 2] * b[i + 2];
        break;
    case 2:
        s0 += (double)a[i] * b[i];
        s0 += (double)a[i + 1] * b[i + 1];
        break;
    case 1:
        s0 += (double)a[i] * b[i];
        break;
    default:
        break;
    }
    return (s0 + s1) + (s2 + s3);
}

/// The start of a supernode's last packed column (of w ≥ 1): column k starts at k·m − k(k−1)/2, column k − 1
/// m − k + 1 entries before column k.
SD_INLINE const float* sd_packed_last_column(const float* packed, int32_t m, int32_t w) {
    const size_t k = (size_t)w - 1;
    return packed + k * (size_t)m - k * (k - 1) / 2;
}

/// Where the backward substitution starts a supernode: its last column, in the reverse copy of a streamed factor
/// (sdSparseState.packedReverse: the block's first) or in the packed one.
SD_INLINE const float* sd_backward_first_column(const sdSparseState* sp, const sdSupernode* node, bool reverse) {
    if (reverse) return sp->packedReverse + node->reverseStart;
    const float* packed = sp->packed + node->packedStart;
    return node->count > 0 ? sd_packed_last_column(packed, node->rowCount, node->count) : packed;
}

/// The start of column k − 1 from column k's `ck`: in the reverse copy m − k entries on, in the packed one
/// m − k + 1 entries before (column 0's stays there: the walks end at it).
SD_INLINE const float* sd_backward_next_column(const float* ck, int32_t m, int32_t k, bool reverse) {
    if (reverse) return ck + (m - k);
    return k > 0 ? ck - (m - k + 1) : ck;
}

/// Column k of the packed backward substitution: y[k] ← (y[k] − L21[:,k]ᵀ·below − L11[k+1:,k]ᵀ·y[k+1:]) / L_kk.
/// `ck`: column k's start (sd_backward_first_column, then sd_backward_next_column).
SD_INLINE void sd_packed_backward_column(const float* restrict ck, int32_t m, int32_t w, int32_t k,
                                         double* restrict y, const double* restrict below) {
    const int32_t inside = w - k - 1;
    const double v =
        y[k] - sd_mixed_dot(ck + 1 + inside, below, m - w) - sd_mixed_dot(ck + 1, y + k + 1, inside);
    y[k] = v * (double)ck[0];
}

/// Backward substitution with one supernode's packed columns: y[0..w) ← L11⁻ᵀ·(y − L21ᵀ·below), walking the
/// columns from the last (sd_packed_backward_column), in the reverse copy of a streamed factor or the packed one.
SD_INLINE void sd_packed_backward(const sdSparseState* sp, const sdSupernode* node, double* restrict y,
                                  const double* restrict below, bool reverse) {
    const int32_t m = node->rowCount, w = node->count;
    const float* ck = sd_backward_first_column(sp, node, reverse);
    for (int32_t k = w - 1; k >= 0; --k) {
        sd_packed_backward_column(ck, m, w, k, y, below);
        ck = sd_backward_next_column(ck, m, k, reverse);
    }
}

/// below[i] = x at the supernode's i-th row below its pivots.
SD_INLINE void sd_gather_below(const sdSparseState* sp, const sdSupernode* node, const double* x, double* below) {
    const int32_t* rows = sp->rowIndex + node->rowStart + node->count;
    for (int32_t i = 0; i < node->rowCount - node->count; ++i) below[i] = x[rows[i]];
}

/// The double backward substitution asks for the blocks of the supernodes this many steps ahead, at most
/// sdPrefetchLines cache lines of each: it walks the factor from its end right after the factorisation wrote it
/// from its start, so the blocks written first (the leaves') have left the cache, and a descending walk over
/// small blocks is not one the hardware prefetchers follow. Measured right after a factorisation: 10,000-cell grid
/// 0.54 -> 0.31 ms, 100,000-cell grid 8.0 -> 4.8 ms. (The packed backward substitution reads its reverse copy
/// ascending instead, sdSparseState.packedReverse: the prefetchers follow that walk.)
#define sdPrefetchAhead 4
#define sdPrefetchLines 1024

/// Asks for the first lines of a supernode's double block (sdPrefetchAhead).
SD_INLINE void sd_prefetch_block(const sdSparseState* sp, const sdSupernode* node) {
    const char* start = (const char*)(sp->factor + node->factorStart);
    const size_t bytes = (size_t)node->rowCount * (size_t)node->count * sizeof(double);
    for (size_t offset = 0; offset < bytes && offset < sdPrefetchLines * 64; offset += 64) SD_PREFETCH(start + offset);
}

/// One supernode's step of the backward substitution, with the packed or the double factor (`reverse`: the
/// packed factor's reverse copy).
SD_INLINE void sd_backward_node(const sdSparseState* sp, const sdSupernode* node, double* x, double* below,
                                bool packed, bool reverse) {
    sd_gather_below(sp, node, x, below);
    if (packed) {
        sd_packed_backward(sp, node, x + node->first, below, reverse);
    } else {
        sd_block_backward(sp->factor + node->factorStart, node->rowCount, node->count, x + node->first, below);
    }
}

/// The packed backward steps of two supernodes of different subtrees (disjoint pivots, neither reading the
/// other's), their columns interleaved: each column waits on the one after it (a chain of dependent dots and a
/// store reloaded), so two independent chains run in the time of one. Each supernode's arithmetic is unchanged.
/// (The same with the double factor, used once per direct solve, measured slower on the 100,000-cell grid: its
/// blocks come from memory, and two streams at once do not help.)
SD_INLINE void sd_packed_backward_pair(const sdSparseState* sp, const sdSupernode* nodeA, const sdSupernode* nodeB,
                                       double* x, double* restrict belowA, double* restrict belowB, bool reverse) {
    sd_gather_below(sp, nodeA, x, belowA);
    sd_gather_below(sp, nodeB, x, belowB);
    const int32_t mA = nodeA->rowCount, wA = nodeA->count, mB = nodeB->rowCount, wB = nodeB->count;
    double* restrict yA = x + nodeA->first;
    double* restrict yB = x + nodeB->first;
    const float* cA = sd_backward_first_column(sp, nodeA, reverse);
    const float* cB = sd_backward_first_column(sp, nodeB, reverse);
    int32_t kA = wA - 1, kB = wB - 1;
    for (; kA >= 0 && kB >= 0; --kA, --kB) {
        sd_packed_backward_column(cA, mA, wA, kA, yA, belowA);
        sd_packed_backward_column(cB, mB, wB, kB, yB, belowB);
        cA = sd_backward_next_column(cA, mA, kA, reverse);
        cB = sd_backward_next_column(cB, mB, kB, reverse);
    }
    for (; kA >= 0; --kA) {
        sd_packed_backward_column(cA, mA, wA, kA, yA, belowA);
        cA = sd_backward_next_column(cA, mA, kA, reverse);
    }
    for (; kB >= 0; --kB) {
        sd_packed_backward_column(cB, mB, wB, kB, yB, belowB);
        cB = sd_backward_next_column(cB, mB, kB, reverse);
    }
}

/// First supernode of the subtree whose root is node j (postorder: its descendants come just before it).
static inline int32_t sd_subtree_start(const sdSupernode* nodes, int32_t j) {
    int32_t pending = 1;
    while (pending > 0) {
        pending += nodes[j].childCount - 1;
        j -= 1;
    }
    return j + 1;
}

/// The packed backward steps of root k (two children) and its two subtrees in lockstep, a supernode of each at a
/// time (sd_packed_backward_pair); returns the supernode before the first subtree.
SD_INLINE int32_t sd_packed_backward_root(const sdSparseState* sp, const sdSupernode* nodes, int32_t k, double* x,
                                          double* below, double* belowB, bool reverse) {
    sd_backward_node(sp, &nodes[k], x, below, true, reverse);
    int32_t a = k - 1; // the second subtree, down to aEnd
    const int32_t aEnd = sd_subtree_start(nodes, a);
    int32_t b = aEnd - 1; // the first, down to bEnd
    const int32_t bEnd = sd_subtree_start(nodes, b);
    for (; a >= aEnd && b >= bEnd; --a, --b)
        sd_packed_backward_pair(sp, &nodes[a], &nodes[b], x, below, belowB, reverse);
    for (; a >= aEnd; --a) sd_backward_node(sp, &nodes[a], x, below, true, reverse);
    for (; b >= bEnd; --b) sd_backward_node(sp, &nodes[b], x, below, true, reverse);
    return bEnd - 1;
}

/// One supernode's forward step: y[first..) ← L11⁻¹·y and the rows below it less L21·y, with the double factor or
/// (`packed`) its packed single-precision copy. Rows at or beyond rowEnd (ascending: a suffix) belong to another
/// task's ancestors: their amounts go to `log` instead; returns how many.
SD_INLINE int32_t sd_forward_node(const sdSparseState* sp, const sdSupernode* node, double* x, double* below,
                                  bool packed, int32_t blockRows, int32_t rowEnd, double* log) {
    const int32_t m = node->rowCount, w = node->count;
    const int32_t* rows = sp->rowIndex + node->rowStart + w;
    if (packed) {
        sd_packed_forward(sp->packed + node->packedStart, m, w, x + node->first, below, blockRows);
    } else {
        sd_block_forward(sp->factor + node->factorStart, m, w, x + node->first, below);
    }
    int32_t inside = m - w;
    while (inside > 0 && rows[inside - 1] >= rowEnd) inside -= 1;
    for (int32_t i = 0; i < inside; ++i) x[rows[i]] -= below[i];
    for (int32_t i = inside; i < m - w; ++i) log[i - inside] = below[i];
    return m - w - inside;
}

/// L·Lᵀ·x = b in place, supernode by supernode: forward down the tree, backward up it, with the double factor or
/// (`packed`, a constant wherever this is inlined) its packed single-precision copy. With the double factor the
/// forward pass is the factorisation's (sd_sparse_forward_node), so only the backward one runs here. The packed
/// backward pass takes the root's two subtrees in lockstep (sd_packed_backward_pair); the forward pass stays in
/// postorder (two subtrees' updates of a shared ancestor row must keep their order).
/// The backward pass over the supernodes [first, last] of `nodes`, from the last (its ancestors' rows final): with
/// the packed factor a root's two subtrees in lockstep, with the double one asking for the blocks ahead. `below`
/// and `belowB` each have room for a supernode's rows. `factor`: the island's (a streamed one's packed backward
/// pass reads the reverse copy).
SD_INLINE void sd_backward_range(const sdSparseState* sp, const sdSparseIsland* factor, const sdSupernode* nodes,
                                 int32_t first, int32_t last, double* x, double* below, double* belowB, bool packed) {
    const bool reverse = packed && factor->streamed;
    int32_t k = last;
    if (packed && k - 2 >= first && nodes[k].childCount == 2)
        k = sd_packed_backward_root(sp, nodes, k, x, below, belowB, reverse);
    for (; k >= first; --k) {
        if (!packed && k - sdPrefetchAhead >= first) sd_prefetch_block(sp, &nodes[k - sdPrefetchAhead]);
        sd_backward_node(sp, &nodes[k], x, below, packed, reverse);
    }
}

SD_INLINE void sd_supernode_solve(const sdSparseState* sp, const sdSparseIsland* factor, double* x, bool packed) {
    double* below = sp->front; // the substitutions' scratch (the factorisation builds its fronts in the factor)
    const sdSupernode* nodes = sp->supernodes + factor->superStart;
    for (int32_t k = 0; k < factor->superCount && packed; ++k)
        sd_forward_node(sp, &nodes[k], x, below, true, sd_packed_block_rows(factor), INT32_MAX, NULL);
    // Room for two supernodes' rows in the scratch (sparse_symbolic.c).
    sd_backward_range(sp, factor, nodes, 0, factor->superCount - 1, x, below, below + sp->frontCapacity / 2, packed);
}
SD_INLINE void sd_block_body(const sdSparseState* sp, const sdSparseIsland* factor, double* x) {
    sd_supernode_solve(sp, factor, x, false);
}
SD_INLINE void sd_packed_body(const sdSparseState* sp, const sdSparseIsland* factor, double* x) {
    sd_supernode_solve(sp, factor, x, true);
}
/// One supernode's forward step with its double block (the forward pass of sd_supernode_solve, for one node).
SD_INLINE int32_t sd_node_forward_body(const sdSparseState* sp, const sdSupernode* node, double* x, double* below,
                                       int32_t rowEnd, double* log) {
    return sd_forward_node(sp, node, x, below, false, 0, rowEnd, log);
}

// With workers (an island with tasks, sparse_symbolic.c): the forward pass runs the tasks' subtrees at once, each
// deferring its updates of ancestor rows, then the supernodes above them in postorder, applying each task's
// deferred updates where it comes (every row takes its updates in the serial order: same bits); the backward
// pass runs the supernodes above the tasks first (each reads only its ancestors' rows), then the tasks at once.

/// A task's forward pass with the packed factor, its updates of ancestor rows deferred.
SD_INLINE void sd_task_forward_body(const sdSparseState* sp, const sdSparseIsland* factor, const sdSparseTask* task,
                                    double* x) {
    const int32_t blockRows = sd_packed_block_rows(factor);
    double* below = sp->taskScratch + task->scratchStart;
    double* log = below + 2 * (size_t)task->rows;
    for (int32_t k = task->nodeStart; k < task->nodeEnd; ++k)
        log += sd_forward_node(sp, &sp->supernodes[k], x, below, true, blockRows, task->rowEnd, log);
}

/// A task's backward pass (its ancestors' rows final), in the task's own scratch.
SD_INLINE void sd_task_backward_body(const sdSparseState* sp, const sdSparseIsland* factor, const sdSparseTask* task,
                                     double* x, bool packed) {
    double* below = sp->taskScratch + task->scratchStart;
    sd_backward_range(sp, factor, sp->supernodes, task->nodeStart, task->nodeEnd - 1, x, below, below + task->rows,
                      packed);
}

/// The forward pass over the supernodes above the tasks (packed), the tasks' deferred updates in their place.
SD_INLINE void sd_top_forward_body(const sdSparseState* sp, const sdSparseIsland* factor, double* x) {
    const sdSparseTask* task = sp->tasks + factor->taskStart;
    const sdSparseTask* lastTask = task + factor->taskCount;
    for (int32_t k = factor->superStart; k < factor->superStart + factor->superCount; ++k) {
        if (task < lastTask && k == task->nodeStart) {
            sd_sparse_apply_deferred(sp, task, x);
            k = task->nodeEnd - 1;
            task += 1;
            continue;
        }
        sd_forward_node(sp, &sp->supernodes[k], x, sp->front, true, sd_packed_block_rows(factor), INT32_MAX, NULL);
    }
}

/// The backward pass over the supernodes above the tasks, from the last.
SD_INLINE void sd_top_backward_body(const sdSparseState* sp, const sdSparseIsland* factor, double* x, bool packed) {
    const sdSparseTask* tasks = sp->tasks + factor->taskStart;
    int32_t t = factor->taskCount - 1; // an index: a pointer would go one before the array
    for (int32_t k = factor->superStart + factor->superCount - 1; k >= factor->superStart; --k) {
        if (t >= 0 && k == tasks[t].nodeEnd - 1) {
            k = tasks[t].nodeStart;
            t -= 1;
            continue;
        }
        sd_backward_node(sp, &sp->supernodes[k], x, sp->front, packed, packed && factor->streamed);
    }
}

/// The dispatched copies of the passes (generic, and AVX2+FMA when the processor has it).
typedef struct sdSubstitutionKernels {
    void (*packed)(const sdSparseState*, const sdSparseIsland*, double*);
    void (*block)(const sdSparseState*, const sdSparseIsland*, double*);
    int32_t (*forwardNode)(const sdSparseState*, const sdSupernode*, double*, double*, int32_t, double*);
    void (*taskForward)(const sdSparseState*, const sdSparseIsland*, const sdSparseTask*, double*);
    void (*taskBackwardPacked)(const sdSparseState*, const sdSparseIsland*, const sdSparseTask*, double*);
    void (*taskBackwardBlock)(const sdSparseState*, const sdSparseIsland*, const sdSparseTask*, double*);
    void (*topForward)(const sdSparseState*, const sdSparseIsland*, double*);
    void (*topBackwardPacked)(const sdSparseState*, const sdSparseIsland*, double*);
    void (*topBackwardBlock)(const sdSparseState*, const sdSparseIsland*, double*);
} sdSubstitutionKernels;

#define SD_SUBSTITUTION_COPIES(suffix, attributes)                                                              \
    attributes static void sd_packed_##suffix(const sdSparseState* sp, const sdSparseIsland* f, double* x) {     \
        sd_packed_body(sp, f, x);                                                                             \
    }                                                                                                          \
    attributes static void sd_block_##suffix(const sdSparseState* sp, const sdSparseIsland* f, double* x) {      \
        sd_block_body(sp, f, x);                                                                              \
    }                                                                                                          \
    attributes static int32_t sd_node_forward_##suffix(const sdSparseState* sp, const sdSupernode* node,        \
                                                       double* x, double* below, int32_t rowEnd, double* log) { \
        return sd_node_forward_body(sp, node, x, below, rowEnd, log);                                         \
    }                                                                                                          \
    attributes static void sd_task_forward_##suffix(const sdSparseState* sp, const sdSparseIsland* f,           \
                                                    const sdSparseTask* t, double* x) {                       \
        sd_task_forward_body(sp, f, t, x);                                                                    \
    }                                                                                                          \
    attributes static void sd_task_backward_packed_##suffix(const sdSparseState* sp, const sdSparseIsland* f,   \
                                                            const sdSparseTask* t, double* x) {               \
        sd_task_backward_body(sp, f, t, x, true);                                                             \
    }                                                                                                          \
    attributes static void sd_task_backward_block_##suffix(const sdSparseState* sp, const sdSparseIsland* f,    \
                                                           const sdSparseTask* t, double* x) {                \
        sd_task_backward_body(sp, f, t, x, false);                                                            \
    }                                                                                                          \
    attributes static void sd_top_forward_##suffix(const sdSparseState* sp, const sdSparseIsland* f, double* x) { \
        sd_top_forward_body(sp, f, x);                                                                        \
    }                                                                                                          \
    attributes static void sd_top_backward_packed_##suffix(const sdSparseState* sp, const sdSparseIsland* f,    \
                                                           double* x) {                                       \
        sd_top_backward_body(sp, f, x, true);                                                                 \
    }                                                                                                          \
    attributes static void sd_top_backward_block_##suffix(const sdSparseState* sp, const sdSparseIsland* f,     \
                                                          double* x) {                                        \
        sd_top_backward_body(sp, f, x, false);                                                                \
    }                                                                                                          \
    static const sdSubstitutionKernels sdSubstitution_##suffix = {                                             \
        sd_packed_##suffix,           sd_block_##suffix,               sd_node_forward_##suffix,              \
        sd_task_forward_##suffix,     sd_task_backward_packed_##suffix, sd_task_backward_block_##suffix,      \
        sd_top_forward_##suffix,      sd_top_backward_packed_##suffix,  sd_top_backward_block_##suffix};

SD_SUBSTITUTION_COPIES(generic, )
#if SD_KERNEL_DISPATCH
SD_SUBSTITUTION_COPIES(fma, SD_TARGET_FMA)
#endif

static const sdSubstitutionKernels* sd_substitution_kernels(void) {
#if SD_KERNEL_DISPATCH
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return &sdSubstitution_fma;
#endif
    return &sdSubstitution_generic;
}

/// One pass of a substitution over an island's tasks: what they share.
typedef struct sdTaskPass {
    const sdSparseState* sp;
    const sdSparseIsland* factor;
    double* x;
    void (*run)(const sdSparseState*, const sdSparseIsland*, const sdSparseTask*, double*);
    sdSparseRowsFunction prepare; // the forward pass's: on the task's rows first (NULL: none)
    void* prepareContext;
} sdTaskPass;

static void sd_task_pass(void* context, int32_t t) {
    const sdTaskPass* pass = context;
    const sdSparseTask* task = &pass->sp->tasks[pass->factor->taskStart + t];
    if (pass->prepare != NULL)
        pass->prepare(pass->prepareContext, sd_task_first_row(pass->sp, task), task->rowEnd);
    pass->run(pass->sp, pass->factor, task, pass->x);
}

void sd_sparse_substitute_packed(const sdSparseState* sp, const sdSparseIsland* factor, double* x,
                                 sdTaskPool* pool, sdSparseRowsFunction prepare, void* prepareContext) {
    const sdSubstitutionKernels* kernels = sd_substitution_kernels();
    if (factor->taskCount == 0) return kernels->packed(sp, factor, x);
    sdTaskPass pass = {sp, factor, x, kernels->taskForward, prepare, prepareContext};
    sd_task_pool_run(pool, sd_task_pass, &pass, factor->taskCount);
    if (prepare != NULL) { // the rows outside every task (between the tasks' runs), before the top's forward pass
        const sdSparseTask* tasks = sp->tasks + factor->taskStart;
        const sdSupernode* root = &sp->supernodes[factor->superStart + factor->superCount - 1];
        for (int32_t t = 0, e = 0; t <= factor->taskCount; ++t) {
            const int32_t gapEnd = t < factor->taskCount ? sd_task_first_row(sp, &tasks[t]) : root->first + root->count;
            if (e < gapEnd) prepare(prepareContext, e, gapEnd);
            if (t < factor->taskCount) e = tasks[t].rowEnd;
        }
    }
    kernels->topForward(sp, factor, x);
    kernels->topBackwardPacked(sp, factor, x);
    pass.run = kernels->taskBackwardPacked;
    pass.prepare = NULL;
    sd_task_pool_run(pool, sd_task_pass, &pass, factor->taskCount);
}

void sd_sparse_substitute_backward(const sdSparseState* sp, const sdSparseIsland* factor, double* x,
                                   sdTaskPool* pool) {
    const sdSubstitutionKernels* kernels = sd_substitution_kernels();
    if (factor->taskCount == 0) return kernels->block(sp, factor, x);
    kernels->topBackwardBlock(sp, factor, x);
    sdTaskPass pass = {sp, factor, x, kernels->taskBackwardBlock, NULL, NULL};
    sd_task_pool_run(pool, sd_task_pass, &pass, factor->taskCount);
}

int32_t sd_sparse_forward_node(const sdSparseState* sp, const sdSupernode* node, double* x, double* below,
                               int32_t rowEnd, double* log) {
    return sd_substitution_kernels()->forwardNode(sp, node, x, below, rowEnd, log);
}
