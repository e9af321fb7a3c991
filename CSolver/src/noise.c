// The fields' noise: 3-D simplex noise with its analytic gradient (after Stefan Gustavson's sdnoise3 / srdnoise3:
// simplex lattice, radial kernel (0.5 − r²)⁴, gradient by differentiating the kernel sum), written so that a
// loop over points vectorises and gives the same bits everywhere:
//   - lattice hashing is integer arithmetic on the cell coordinates (no permutation table, no random numbers);
//   - each corner's gradient is one of Perlin's 16 cube-edge directions, chosen by selects, not branches;
//   - floor is a truncating conversion and a compare (no libm call), coordinates are clamped to ±10⁹ so the
//     conversion is always defined;
//   - FP_CONTRACT is off: no fused multiply-adds, so arm64 gives what x86 gives.
// The Swift reference (ReferenceNoise.swift) repeats every operation in the same order; the parity tests hold
// the two to the bit.
#pragma STDC FP_CONTRACT OFF
#include "sd_field.h"

#include <math.h>

#define SD_NOISE_LIMIT 1e9
/// Skew and unskew factors of the 3-D simplex lattice.
#define SD_F3 (1.0 / 3.0)
#define SD_G3 (1.0 / 6.0)
/// Brings the value to about [−1, 1]: over 2·10⁷ random points the largest |n| is 0.988 and the rms 0.39; the
/// fuzzer found 1.03 at (384.75, 465.5, 297.5), so "about" means within ±1.1 (what Fuzz/ checks).
#define SD_NOISE_SCALE 76.0

SD_INLINE double sd_noise_clamp(double v) {
    return !(v >= -SD_NOISE_LIMIT) ? -SD_NOISE_LIMIT : (v > SD_NOISE_LIMIT ? SD_NOISE_LIMIT : v);
}

/// floor for |v| < 2³¹.
SD_INLINE int32_t sd_floor_i32(double v) {
    const int32_t t = (int32_t)v;
    return t - (v < (double)t ? 1 : 0);
}

/// Lattice hashing: a corner's key is i·A + j·B + k·C (wrapping), so the other three corners of a simplex are
/// the first corner's key plus A, B or C; one multiply–xorshift round mixes the key, and the top four bits pick
/// the gradient.
#define SD_HASH_A 0x8da6b343u
#define SD_HASH_B 0xd8163841u
#define SD_HASH_C 0xcb1ab31fu

SD_INLINE uint32_t sd_hash_key(int32_t i, int32_t j, int32_t k) {
    return (uint32_t)i * SD_HASH_A + (uint32_t)j * SD_HASH_B + (uint32_t)k * SD_HASH_C;
}

SD_INLINE uint32_t sd_mix(uint32_t key) {
    uint32_t h = key ^ (key >> 15);
    h *= 0x2c1b3c6du;
    return h ^ (h >> 12);
}

/// Adds one corner's kernel (0.5 − |p|²)⁴·(g·p) and its x and y gradient, p = the point relative to the corner.
/// The gradient g is one of Perlin's 16 cube-edge directions: ±e_u ± e_v with u = x (h < 8) or y, and v = y
/// (h < 4), x (h = 12, 14) or z, signs from bits 0 and 1. Its components are 0 or ±1, so g·p and t⁴·g are
/// selections and sign flips, not products.
SD_INLINE void sd_noise_corner(uint32_t hash, double x, double y, double z, double* n, double* dx, double* dy) {
    const uint32_t h = hash >> 28;
    const bool uIsX = h < 8u;
    const bool vIsY = h < 4u;
    const bool vIsX = h == 12u || h == 14u;
    const bool uNegative = (h & 1u) != 0;
    const bool vNegative = (h & 2u) != 0;
    const double u = uIsX ? x : y;
    const double v = vIsY ? y : (vIsX ? x : z);
    const double dot = (uNegative ? -u : u) + (vNegative ? -v : v);
    double t = 0.5 - x * x - y * y - z * z;
    t = t < 0.0 ? 0.0 : t;
    const double t2 = t * t;
    const double t4 = t2 * t2;
    const double w = 8.0 * (t2 * t * dot); // −∂(t⁴)/∂p = 8·t³·p
    const double tu = uNegative ? -t4 : t4;  // t⁴·(±1) along u
    const double tv = vNegative ? -t4 : t4;  // along v
    *n += t4 * dot;
    *dx += ((uIsX ? tu : 0.0) + (vIsX ? tv : 0.0)) - w * x;
    *dy += ((uIsX ? 0.0 : tu) + (vIsY ? tv : 0.0)) - w * y;
}

/// Unscaled noise and its x and y gradient at one point.
SD_INLINE void sd_noise_point(double x, double y, double z, double* n, double* dx, double* dy) {
    x = sd_noise_clamp(x);
    y = sd_noise_clamp(y);
    z = sd_noise_clamp(z);
    // The simplex cell: skew to the cubic lattice, floor, unskew the cell origin back.
    const double s = (x + y + z) * SD_F3;
    const int32_t i = sd_floor_i32(x + s);
    const int32_t j = sd_floor_i32(y + s);
    const int32_t k = sd_floor_i32(z + s);
    const double t = ((double)i + (double)j + (double)k) * SD_G3;
    const double x0 = x - ((double)i - t);
    const double y0 = y - ((double)j - t);
    const double z0 = z - ((double)k - t);
    // Which of the six simplices: the order of x0, y0, z0 gives the second and third corners' offsets.
    const bool xy = x0 >= y0, yz = y0 >= z0, zx = z0 >= x0;
    const bool i1 = xy && !zx, j1 = yz && !xy, k1 = zx && !yz;
    const bool i2 = xy || !zx, j2 = yz || !xy, k2 = zx || !yz;
    const uint32_t key = sd_hash_key(i, j, k);
    const uint32_t key1 = key + (i1 ? SD_HASH_A : 0u) + (j1 ? SD_HASH_B : 0u) + (k1 ? SD_HASH_C : 0u);
    const uint32_t key2 = key + (i2 ? SD_HASH_A : 0u) + (j2 ? SD_HASH_B : 0u) + (k2 ? SD_HASH_C : 0u);
    const uint32_t key3 = key + SD_HASH_A + SD_HASH_B + SD_HASH_C;
    *n = 0.0;
    *dx = 0.0;
    *dy = 0.0;
    sd_noise_corner(sd_mix(key), x0, y0, z0, n, dx, dy);
    sd_noise_corner(sd_mix(key1), (i1 ? x0 - 1.0 : x0) + SD_G3, (j1 ? y0 - 1.0 : y0) + SD_G3,
                    (k1 ? z0 - 1.0 : z0) + SD_G3, n, dx, dy);
    sd_noise_corner(sd_mix(key2), (i2 ? x0 - 1.0 : x0) + 2.0 * SD_G3, (j2 ? y0 - 1.0 : y0) + 2.0 * SD_G3,
                    (k2 ? z0 - 1.0 : z0) + 2.0 * SD_G3, n, dx, dy);
    sd_noise_corner(sd_mix(key3), x0 - 1.0 + 3.0 * SD_G3, y0 - 1.0 + 3.0 * SD_G3, z0 - 1.0 + 3.0 * SD_G3, n, dx,
                    dy);
}

double sdNoise3(double x, double y, double z, double* outDx, double* outDy) {
    double n, dx, dy;
    sd_noise_point(x, y, z, &n, &dx, &dy);
    if (outDx != NULL) *outDx = dx * SD_NOISE_SCALE;
    if (outDy != NULL) *outDy = dy * SD_NOISE_SCALE;
    return n * SD_NOISE_SCALE;
}

SD_INLINE void sd_noise_force_body(int32_t count, const double* restrict x, const double* restrict y,
                                   const double* restrict z, double* restrict outX, double* restrict outY) {
    SD_VECTORIZE_INTERLEAVED
    for (int32_t p = 0; p < count; ++p) {
        double n, dx, dy;
        sd_noise_point(x[p], y[p], z[p], &n, &dx, &dy);
        const double value = n * SD_NOISE_SCALE;
        outX[p] = value * (dx * SD_NOISE_SCALE);
        outY[p] = value * (dy * SD_NOISE_SCALE);
    }
}

static void sd_noise_force_generic(int32_t count, const double* x, const double* y, const double* z, double* outX,
                                   double* outY) {
    sd_noise_force_body(count, x, y, z, outX, outY);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_noise_force_avx2(int32_t count, const double* x, const double* y, const double* z,
                                               double* outX, double* outY) {
    sd_noise_force_body(count, x, y, z, outX, outY);
}

SD_TARGET_AVX512 static void sd_noise_force_avx512(int32_t count, const double* x, const double* y, const double* z,
                                                   double* outX, double* outY) {
    sd_noise_force_body(count, x, y, z, outX, outY);
}
#endif

void sd_noise_force(int32_t count, const double* x, const double* y, const double* z, double* outX, double* outY) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx512()) {
        sd_noise_force_avx512(count, x, y, z, outX, outY);
        return;
    }
    if (sd_cpu_has_avx2()) {
        sd_noise_force_avx2(count, x, y, z, outX, outY);
        return;
    }
#endif
    sd_noise_force_generic(count, x, y, z, outX, outY);
}
