// The front kernel of the sparse path (dense_kernels.c), written once and included once per instruction-set copy
// (no include guard). The includer defines SD_FRONT_NAME and SD_FRONT_ATTRIBUTES (the function: bool
// name(double* f, int32_t m, int32_t w)) and SD_FRONT_MASKED: 0 for loops over rows one row at a time (which the
// compiler vectorises), 1 for eight rows at a time in AVX-512 registers, the last chunk masked (sd_rows_mask).
// Every entry takes the same expressions in every copy (so the same multiply-adds are fused): the copies agree
// bit for bit.
//
// In the body, SD_ROWS_BEGIN(i0) … SD_ROWS_END loops over the rows i0 ≤ i < m, one row or a chunk of rows per
// pass; SD_ROW(p) and SD_ROW_SET(p, v) read and write column p's entries at the pass's rows, values of type
// sdRowValue; SD_SPLAT(x) turns a scalar into one.
#if SD_FRONT_MASKED
#define sdRowValue __m512d
#define SD_ROWS_BEGIN(i0)                                                                                              \
    for (int32_t i = (i0); i < m; i += 8) {                                                                            \
        const __mmask8 rows = sd_rows_mask(i, m);
#define SD_ROW(p) _mm512_maskz_loadu_pd(rows, (p) + i)
#define SD_ROW_SET(p, v) _mm512_mask_storeu_pd((p) + i, rows, (v))
#define SD_SPLAT(x) _mm512_set1_pd(x)
#else
#define sdRowValue double
#define SD_ROWS_BEGIN(i0) for (int32_t i = (i0); i < m; ++i) {
#define SD_ROW(p) (p)[i]
#define SD_ROW_SET(p, v) ((p)[i] = (v))
#define SD_SPLAT(x) (x)
#endif
#define SD_ROWS_END }
/// The four panel columns' entries at row r, as multipliers X0..X3.
#define SD_PANEL_SPLAT(X, r)                                                                                           \
    const sdRowValue X##0 = SD_SPLAT(p0[r]), X##1 = SD_SPLAT(p1[r]), X##2 = SD_SPLAT(p2[r]), X##3 = SD_SPLAT(p3[r])
/// The panel's rank-4 update of a row pass: a0·X0 + a1·X1 + a2·X2 + a3·X3, a_t the panel columns' entries there.
#define SD_PANEL_DOT(X) (a0 * X##0 + a1 * X##1 + a2 * X##2 + a3 * X##3)
#define SD_PANEL_ROWS const sdRowValue a0 = SD_ROW(p0), a1 = SD_ROW(p1), a2 = SD_ROW(p2), a3 = SD_ROW(p3)

// Right-looking Cholesky of the first w columns of the m × m lower front (column-major, leading dimension m), four
// columns at a time: each panel is factored column by column, then the trailing lower triangle takes the panel's
// rank-4 update in one pass. False when a pivot is not positive.
SD_FRONT_ATTRIBUTES bool SD_FRONT_NAME(double* restrict f, int32_t m, int32_t w) {
    const size_t ld = (size_t)m;
    for (int32_t k0 = 0; k0 < w; k0 += 4) {
        const int32_t kb = w - k0 < 4 ? w - k0 : 4;
        for (int32_t k = k0; k < k0 + kb; ++k) {
            double* restrict ck = f + (size_t)k * ld;
            const double d = ck[k];
            if (!(d > 0.0)) return false;
            const double root = sqrt(d), inverse = 1.0 / root;
            ck[k] = root;
            const sdRowValue scale = SD_SPLAT(inverse);
            SD_ROWS_BEGIN(k + 1)
                SD_ROW_SET(ck, SD_ROW(ck) * scale);
            SD_ROWS_END
            for (int32_t j = k + 1; j < k0 + kb; ++j) {
                double* restrict cj = f + (size_t)j * ld;
                const sdRowValue l = SD_SPLAT(ck[j]);
                SD_ROWS_BEGIN(j)
                    SD_ROW_SET(cj, SD_ROW(cj) - SD_ROW(ck) * l);
                SD_ROWS_END
            }
        }
        const double* restrict p0 = f + (size_t)k0 * ld;
        if (kb == 4) {
            const double* restrict p1 = p0 + ld;
            const double* restrict p2 = p1 + ld;
            const double* restrict p3 = p2 + ld;
            // Four, then two trailing columns per pass: each panel entry loaded once for all of them (the same
            // arithmetic per entry as one column at a time).
            int32_t j = k0 + 4;
            for (; j + 4 <= m; j += 4) {
                double* restrict c0 = f + (size_t)j * ld;
                double* restrict c1 = c0 + ld;
                double* restrict c2 = c1 + ld;
                double* restrict c3 = c2 + ld;
                const double l0 = p0[j], l1 = p1[j], l2 = p2[j], l3 = p3[j];
                const double n0 = p0[j + 1], n1 = p1[j + 1], n2 = p2[j + 1], n3 = p3[j + 1];
                const double o0 = p0[j + 2], o1 = p1[j + 2], o2 = p2[j + 2], o3 = p3[j + 2];
                // The 4 × 4 corner's lower triangle.
                c0[j] -= l0 * l0 + l1 * l1 + l2 * l2 + l3 * l3;
                c0[j + 1] -= n0 * l0 + n1 * l1 + n2 * l2 + n3 * l3;
                c1[j + 1] -= n0 * n0 + n1 * n1 + n2 * n2 + n3 * n3;
                c0[j + 2] -= o0 * l0 + o1 * l1 + o2 * l2 + o3 * l3;
                c1[j + 2] -= o0 * n0 + o1 * n1 + o2 * n2 + o3 * n3;
                c2[j + 2] -= o0 * o0 + o1 * o1 + o2 * o2 + o3 * o3;
                SD_PANEL_SPLAT(L, j);
                SD_PANEL_SPLAT(N, j + 1);
                SD_PANEL_SPLAT(O, j + 2);
                SD_PANEL_SPLAT(Q, j + 3);
                SD_ROWS_BEGIN(j + 3)
                    SD_PANEL_ROWS;
                    SD_ROW_SET(c0, SD_ROW(c0) - SD_PANEL_DOT(L));
                    SD_ROW_SET(c1, SD_ROW(c1) - SD_PANEL_DOT(N));
                    SD_ROW_SET(c2, SD_ROW(c2) - SD_PANEL_DOT(O));
                    SD_ROW_SET(c3, SD_ROW(c3) - SD_PANEL_DOT(Q));
                SD_ROWS_END
            }
            for (; j + 2 <= m; j += 2) {
                double* restrict cj = f + (size_t)j * ld;
                double* restrict cn = cj + ld;
                const double l0 = p0[j], l1 = p1[j], l2 = p2[j], l3 = p3[j];
                cj[j] -= p0[j] * l0 + p1[j] * l1 + p2[j] * l2 + p3[j] * l3;
                SD_PANEL_SPLAT(L, j);
                SD_PANEL_SPLAT(N, j + 1);
                SD_ROWS_BEGIN(j + 1)
                    SD_PANEL_ROWS;
                    SD_ROW_SET(cj, SD_ROW(cj) - SD_PANEL_DOT(L));
                    SD_ROW_SET(cn, SD_ROW(cn) - SD_PANEL_DOT(N));
                SD_ROWS_END
            }
            for (; j < m; ++j) {
                double* restrict cj = f + (size_t)j * ld;
                SD_PANEL_SPLAT(L, j);
                SD_ROWS_BEGIN(j)
                    SD_PANEL_ROWS;
                    SD_ROW_SET(cj, SD_ROW(cj) - SD_PANEL_DOT(L));
                SD_ROWS_END
            }
        } else {
            // A panel of one to three columns: each trailing column takes their updates in one pass, in column
            // order, one rounding each (as one column at a time).
            const double* restrict p1 = p0 + (kb > 1 ? ld : 0);
            const double* restrict p2 = p0 + (kb > 2 ? 2 * ld : 0);
            for (int32_t j = k0 + kb; j < m; ++j) {
                double* restrict cj = f + (size_t)j * ld;
                const sdRowValue L0 = SD_SPLAT(p0[j]), L1 = SD_SPLAT(p1[j]), L2 = SD_SPLAT(p2[j]);
                if (kb == 1) {
                    SD_ROWS_BEGIN(j)
                        SD_ROW_SET(cj, SD_ROW(cj) - SD_ROW(p0) * L0);
                    SD_ROWS_END
                } else if (kb == 2) {
                    SD_ROWS_BEGIN(j)
                        SD_ROW_SET(cj, (SD_ROW(cj) - SD_ROW(p0) * L0) - SD_ROW(p1) * L1);
                    SD_ROWS_END
                } else {
                    SD_ROWS_BEGIN(j)
                        SD_ROW_SET(cj, ((SD_ROW(cj) - SD_ROW(p0) * L0) - SD_ROW(p1) * L1) - SD_ROW(p2) * L2);
                    SD_ROWS_END
                }
            }
        }
    }
    return true;
}

#undef SD_FRONT_NAME
#undef SD_FRONT_ATTRIBUTES
#undef SD_FRONT_MASKED
#undef sdRowValue
#undef SD_ROWS_BEGIN
#undef SD_ROWS_END
#undef SD_ROW
#undef SD_ROW_SET
#undef SD_SPLAT
#undef SD_PANEL_SPLAT
#undef SD_PANEL_DOT
#undef SD_PANEL_ROWS
