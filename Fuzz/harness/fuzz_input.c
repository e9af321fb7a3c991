// Decoding fuzz bytes into decisions (see fuzz_input.h).
#include "fuzz_input.h"

#include <float.h>
#include <math.h>
#include <string.h>

int fz_more(const fzInput* in) { return in->offset < in->size; }

uint8_t fz_u8(fzInput* in) { return in->offset < in->size ? in->data[in->offset++] : 0; }

uint16_t fz_u16(fzInput* in) { return (uint16_t)(fz_u8(in) | (uint16_t)fz_u8(in) << 8); }

uint32_t fz_u32(fzInput* in) { return (uint32_t)fz_u16(in) | (uint32_t)fz_u16(in) << 16; }

uint64_t fz_u64(fzInput* in) { return (uint64_t)fz_u32(in) | (uint64_t)fz_u32(in) << 32; }

uint32_t fz_below(fzInput* in, uint32_t n) { return n <= 1 ? 0 : (n <= 256 ? fz_u8(in) % n : fz_u16(in) % n); }

/// The values numeric code gets wrong: signed zeros, denormals, the normal range's ends, NaN, infinities, the
/// powers of ten around the library's documented limits, and a few ordinary ones.
static double fz_special(uint8_t k) {
    static const double table[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 100.0, -100.0,
        1e-310, -1e-310, DBL_MIN, 5e-324, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY,
        1e300, -1e300, 1e-300, 1e9, 1e12, -1e12, 1e15, 1e18,
        1e-9, 1e-12, 3.14159265358979323846, 1.0 / 60.0, 1e6, -1e6, 1e30, 1e-6,
    };
    if (k == 32) return NAN;
    if (k == 33) return -NAN;
    return table[k % (sizeof table / sizeof table[0])];
}

double fz_double(fzInput* in) {
    const uint8_t selector = fz_u8(in);
    if (selector < 34) return fz_special(selector);
    if (selector < 160) return (double)(int16_t)fz_u16(in) / 64.0; // ±512 in steps of 1/64: scene magnitudes
    if (selector < 224) return ldexp((double)(int16_t)fz_u16(in), (int)selector - 192); // 2^±32 × ±32768
    const uint64_t bits = fz_u64(in);
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

double fz_mostly_sane(fzInput* in, double scale) {
    const uint8_t selector = fz_u8(in);
    if (selector < 32) return fz_double(in);
    return (double)(int16_t)fz_u16(in) / 32768.0 * scale;
}
