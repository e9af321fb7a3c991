// Test hooks of the C core: switches that make rare internal paths reachable from tests. Not for applications:
// nothing in the library sets them, and a world behaves normally while they are off (the default).
#ifndef CSOLVER_TESTING_H
#define CSOLVER_TESTING_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Test hook: while `fail` is true, every direct factorisation of `world` (the in-house Cholesky kernels,
/// LAPACK's banded and dense Cholesky, the sparse Cholesky) reports failure without being tried, as a NaN or a
/// wildly scaled system would make it. Lets tests check what a step does then, in both engines alike: a joint
/// island keeps zero impulses for the substep (its bodies move as if unjointed), and a contact island's exact
/// solve falls back to conjugate gradients. Default false.
sdResult sdWorld_SetFailingFactorizationsForTesting(sdWorld* world, bool fail);

/// Test hook: while `stream` is true, every sparse factor analysed from then on (a new layout: joints or bodies
/// added or removed) is treated as one too large for the caches, as the 100,000-cell grid's is: its substitutions
/// take only small supernodes four columns at a time, and the backward one reads a second single-precision copy
/// with the columns in reverse order. The same arithmetic in the same order as the cached path (the same bits);
/// lets tests run the streamed path on small grids. Default false.
sdResult sdWorld_SetStreamedFactorsForTesting(sdWorld* world, bool stream);

#ifdef __cplusplus
}
#endif

#endif
