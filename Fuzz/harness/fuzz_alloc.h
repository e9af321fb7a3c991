// Allocation failure on demand: the harness links the C core with -Wl,--wrap for malloc, calloc, realloc and
// aligned_alloc, so an operation can make the core's next allocations fail and check that the call reports
// outOfMemory and keeps its promise about what it leaves. The countdown lives in the harness, never the library.
#ifndef FUZZ_ALLOC_H
#define FUZZ_ALLOC_H

#include <stdint.h>

/// The core's allocation number `after` (0 = the next one) and every one after it fail, until disarmed.
void fz_alloc_fail_after(int32_t after);
void fz_alloc_disarm(void);
/// True when an allocation was refused since the last arm.
int fz_alloc_refused(void);

#endif
