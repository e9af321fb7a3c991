// Regions: exact set algebra over circles, rectangles, the infinite and the empty region, as a postfix program.
// Evaluated over arrays: each leaf writes a byte mask for the whole chunk in one straight-line loop, each
// operator combines the top masks of the stack byte by byte, so every loop here vectorises.
#pragma STDC FP_CONTRACT OFF
#include "sd_world.h"

#include <string.h>

/// Operands an operator pops (leaves: 0).
SD_INLINE int32_t sd_region_arity(sdRegionOp op) {
    switch (op) {
    case sdRegion_union:
    case sdRegion_intersection:
    case sdRegion_difference: return 2;
    case sdRegion_inverse: return 1;
    default: return 0;
    }
}

sdResult sd_region_check(const sdRegionNode* nodes, int32_t count, int32_t* outDepth) {
    *outDepth = 0;
    if (count < 0 || count > sdMaxRegionNodes) return sdResult_outOfRange;
    if (count == 0) return sdResult_ok;
    if (nodes == NULL) return sdResult_nullArgument;
    int32_t depth = 0, deepest = 0;
    for (int32_t i = 0; i < count; ++i) {
        const sdRegionNode node = nodes[i];
        if ((unsigned)node.op > (unsigned)sdRegion_inverse) return sdResult_outOfRange;
        if (!sd_finite2(node.a, node.b)) return sdResult_nonFinite;
        if (node.op == sdRegion_circle && node.a < 0) return sdResult_outOfRange;
        if (node.op == sdRegion_rectangle && (node.a < 0 || node.b < 0)) return sdResult_outOfRange;
        const int32_t arity = sd_region_arity(node.op);
        if (arity == 0) {
            depth += 1;
            if (depth > deepest) deepest = depth;
        } else {
            if (depth < arity) return sdResult_outOfRange;
            depth -= arity - 1;
        }
    }
    if (depth != 1) return sdResult_outOfRange;
    *outDepth = deepest;
    return sdResult_ok;
}

SD_INLINE void sd_region_mask_body(const sdRegionNode* nodes, int32_t count, int32_t n, const double* restrict x,
                                   const double* restrict y, uint8_t* masks) {
    int32_t top = 0; // masks in use
    for (int32_t node = 0; node < count; ++node) {
        const sdRegionNode p = nodes[node];
        const int32_t arity = sd_region_arity(p.op);
        // Leaves write the next mask; operators combine into their first operand.
        uint8_t* restrict m = masks + (size_t)(top - arity) * SD_FIELD_CHUNK;
        const uint8_t* restrict b = m + SD_FIELD_CHUNK; // a binary operator's second operand
        switch (p.op) {
        case sdRegion_empty: memset(m, 0, (size_t)n); break;
        case sdRegion_infinite: memset(m, 1, (size_t)n); break;
        case sdRegion_circle: {
            const double r2 = p.a * p.a;
            for (int32_t i = 0; i < n; ++i) m[i] = (uint8_t)(x[i] * x[i] + y[i] * y[i] <= r2);
            break;
        }
        case sdRegion_rectangle: {
            const double hx = 0.5 * p.a, hy = 0.5 * p.b;
            for (int32_t i = 0; i < n; ++i) m[i] = (uint8_t)((fabs(x[i]) <= hx) & (fabs(y[i]) <= hy));
            break;
        }
        case sdRegion_union:
            for (int32_t i = 0; i < n; ++i) m[i] = m[i] | b[i];
            break;
        case sdRegion_intersection:
            for (int32_t i = 0; i < n; ++i) m[i] = m[i] & b[i];
            break;
        case sdRegion_difference:
            for (int32_t i = 0; i < n; ++i) m[i] = m[i] & (b[i] ^ 1u);
            break;
        case sdRegion_inverse:
            for (int32_t i = 0; i < n; ++i) m[i] = m[i] ^ 1u;
            break;
        }
        top += 1 - arity;
    }
}

static void sd_region_mask_generic(const sdRegionNode* nodes, int32_t count, int32_t n, const double* x,
                                   const double* y, uint8_t* masks) {
    sd_region_mask_body(nodes, count, n, x, y, masks);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_region_mask_avx2(const sdRegionNode* nodes, int32_t count, int32_t n, const double* x,
                                               const double* y, uint8_t* masks) {
    sd_region_mask_body(nodes, count, n, x, y, masks);
}
#endif

const uint8_t* sd_region_mask(const sdRegionNode* nodes, int32_t count, int32_t n, const double* x, const double* y,
                              uint8_t* masks) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_region_mask_avx2(nodes, count, n, x, y, masks);
        return masks;
    }
#endif
    sd_region_mask_generic(nodes, count, n, x, y, masks);
    return masks;
}

sdResult sdRegion_Validate(const sdRegionNode* nodes, int32_t count) {
    int32_t depth;
    return sd_region_check(nodes, count, &depth);
}

sdResult sdRegion_Contains(const sdRegionNode* nodes, int32_t count, double x, double y, bool* outInside) {
    if (outInside == NULL) return sdResult_nullArgument;
    int32_t depth;
    sdResult valid = sd_region_check(nodes, count, &depth);
    if (valid != sdResult_ok) return valid;
    if (!sd_finite2(x, y)) return sdResult_nonFinite;
    if (count == 0) {
        *outInside = true;
        return sdResult_ok;
    }
    uint8_t stack[sdMaxRegionNodes];
    int32_t top = 0;
    for (int32_t node = 0; node < count; ++node) {
        const sdRegionNode p = nodes[node];
        switch (p.op) {
        case sdRegion_empty: stack[top++] = 0; break;
        case sdRegion_infinite: stack[top++] = 1; break;
        case sdRegion_circle: stack[top++] = (uint8_t)(x * x + y * y <= p.a * p.a); break;
        case sdRegion_rectangle: stack[top++] = (uint8_t)((fabs(x) <= 0.5 * p.a) & (fabs(y) <= 0.5 * p.b)); break;
        case sdRegion_union: top -= 1; stack[top - 1] = stack[top - 1] | stack[top]; break;
        case sdRegion_intersection: top -= 1; stack[top - 1] = stack[top - 1] & stack[top]; break;
        case sdRegion_difference: top -= 1; stack[top - 1] = stack[top - 1] & (stack[top] ^ 1u); break;
        case sdRegion_inverse: stack[top - 1] ^= 1u; break;
        }
    }
    *outInside = stack[0] != 0;
    return sdResult_ok;
}
