// The wrapped allocators (see fuzz_alloc.h). Only the core's objects are linked with --wrap, so the harness and
// libFuzzer allocate normally. The fuzzer runs one input at a time on one thread, so the countdown is a plain
// static of the harness.
#include "fuzz_alloc.h"

#include <stddef.h>

void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* pointer, size_t size);
void* __real_aligned_alloc(size_t alignment, size_t size);

static int32_t fzCountdown = -1; // −1: never fail
static int fzRefused = 0;

void fz_alloc_fail_after(int32_t after) {
    fzCountdown = after;
    fzRefused = 0;
}

void fz_alloc_disarm(void) { fzCountdown = -1; }

int fz_alloc_refused(void) { return fzRefused; }

/// True when this allocation must fail.
static int fz_should_fail(void) {
    if (fzCountdown < 0) return 0;
    if (fzCountdown > 0) {
        fzCountdown -= 1;
        return 0;
    }
    fzRefused = 1;
    return 1;
}

void* __wrap_malloc(size_t size) { return fz_should_fail() ? NULL : __real_malloc(size); }
void* __wrap_calloc(size_t count, size_t size) { return fz_should_fail() ? NULL : __real_calloc(count, size); }
void* __wrap_realloc(void* pointer, size_t size) { return fz_should_fail() ? NULL : __real_realloc(pointer, size); }
void* __wrap_aligned_alloc(size_t alignment, size_t size) {
    return fz_should_fail() ? NULL : __real_aligned_alloc(alignment, size);
}
