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

#ifdef __cplusplus
}
#endif

#endif
