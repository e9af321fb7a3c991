// The fuzz input as a stream of decisions: bytes become small integers, indices, and doubles drawn mostly from
// the values that break numeric code (denormals, the largest and smallest normals, NaN, infinities, huge and
// tiny powers of ten) and otherwise from ordinary scene magnitudes. An exhausted input reads as zeros.
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct fzInput {
    const uint8_t* data;
    size_t size;
    size_t offset;
} fzInput;

/// True while unread bytes remain.
int fz_more(const fzInput* in);
uint8_t fz_u8(fzInput* in);
uint16_t fz_u16(fzInput* in);
uint32_t fz_u32(fzInput* in);
uint64_t fz_u64(fzInput* in);
/// A number in [0, n) (n ≥ 1).
uint32_t fz_below(fzInput* in, uint32_t n);
/// A double: a special value, an ordinary scene magnitude, a scaled power of two, or raw bits.
double fz_double(fzInput* in);
/// A double that is usually ordinary (an eighth of the time anything `fz_double` gives).
double fz_mostly_sane(fzInput* in, double scale);

#endif
