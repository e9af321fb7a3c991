// Bit-identity check for changes to the sparse path (large coupled islands): builds the benchmark's cell grid
// (N cells, 60 pt apart, each joined to its right and lower neighbour by a distance joint, the top row hung
// askew from anchors; rigid, or springs of the given frequency), steps it at 60 Hz with two substeps, and hashes
// (FNV-1a) every body's state after each step; prints the running hash every 20 steps, the sparse path's
// factorisation and iteration counts, and the median thread CPU time per step (a quick A/B timing).
//   clang -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -ICSolver/include CSolver/src/*.c scripts/grid-hash.c \
//         -o /tmp/grid-hash -llapack -lblas -lm
//   /tmp/grid-hash 10000 120      # cells, steps, [spring frequency, Hz: 0 rigid]
//   /tmp/grid-hash 10000 120 15
//   /tmp/grid-hash 10000 120 0 2  # [workers (sdWorldDef.workerCount): the hashes must not change]
#include "CSolver.h"
#include "hash-harness.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static void centre(int k, int columns, double* x, double* y) {
    *x = (double)(k % columns) * 60 + 30;
    *y = (double)(k / columns) * 60 + 30;
}
int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 10000, steps = argc > 2 ? atoi(argv[2]) : 120;
    const double frequency = argc > 3 ? atof(argv[3]) : 0.0;
    const int workers = argc > 4 ? atoi(argv[4]) : 1;
    sdWorldDef wd = sdDefaultWorldDef();
    wd.initialBodyCapacity = n + 8;
    wd.timeToSleep = 1e9;
    wd.workerCount = workers;
    sdWorld* w;
    if (sdCreateWorld(&wd, &w)) abort();
    const int columns = (int)ceil(sqrt((double)n));
    sdBodyId* bodies = malloc(sizeof(sdBodyId) * (size_t)n);
    for (int k = 0; k < n; ++k) {
        sdBodyDef d = sdDefaultBodyDef();
        centre(k, columns, &d.x, &d.y);
        d.width = d.height = 50;
        d.linearDamping = d.angularDamping = 0.1;
        d.gravityY = 1000;
        if (sdCreateBody(w, &d, &bodies[k])) abort();
    }
    for (int k = 0; k < n; ++k) {
        double cx, cy;
        centre(k, columns, &cx, &cy);
        int others[2] = {k % columns + 1 < columns && k + 1 < n ? k + 1 : -1, k + columns < n ? k + columns : -1};
        for (int e = -1; e < 2; ++e) {
            sdJointDef j = sdDefaultJointDef();
            j.frequency = frequency;
            j.dampingRatio = frequency > 0 ? 0.5 : 0;
            if (e < 0) { // the top row: hung from anchors 40 pt to the left, 60 pt above
                if (k >= columns) continue;
                j.bodyA = (sdBodyId){0};
                j.bodyA.index = sdWorldBodyIndex;
                j.bodyB = bodies[k];
                j.anchorAX = cx - 40;
                j.anchorAY = cy - 60;
                j.anchorBX = cx;
                j.anchorBY = cy;
            } else {
                if (others[e] < 0) continue;
                double ox, oy;
                centre(others[e], columns, &ox, &oy);
                j.bodyA = bodies[k];
                j.bodyB = bodies[others[e]];
                j.anchorAX = cx;
                j.anchorAY = cy;
                j.anchorBX = ox;
                j.anchorBY = oy;
            }
            j.length = hypot(j.anchorBX - j.anchorAX, j.anchorBY - j.anchorAY);
            sdJointId id;
            if (sdCreateJoint(w, &j, &id)) abort();
        }
    }
    double* times = malloc(sizeof(double) * (size_t)steps);
    long factorizations = 0, iterations = 0;
    double numeric = 0, solve = 0, assembly = 0;
    for (int s = 0; s < steps; ++s) {
        const double t0 = cpu_ms();
        if (sdWorld_Step(w, 1.0 / 60, 2)) abort();
        times[s] = cpu_ms() - t0;
        const sdStepStats st = sdWorld_GetStepStats(w);
        factorizations += st.factorizations;
        iterations += st.iterations;
        numeric += st.numericSeconds;
        solve += st.sparseSolveSeconds;
        assembly += st.assemblySeconds;
        const sdWorldState ws = sdWorld_GetState(w);
        for (int k = 0; k < n; ++k) {
            const int32_t i = bodies[k].index;
            mix(&ws.x[i], 8);
            mix(&ws.y[i], 8);
            mix(&ws.angle[i], 8);
            mix(&ws.vx[i], 8);
            mix(&ws.vy[i], 8);
            mix(&ws.angularVelocity[i], 8);
        }
        if ((s + 1) % 20 == 0 || s + 1 == steps) printf("step %d hash %016llx\n", s + 1, (unsigned long long)H);
    }
    qsort(times, (size_t)steps, sizeof(double), cmpd);
    printf("factorizations %ld iterations %ld numeric %.0f ms solve %.0f ms assembly %.0f ms\n", factorizations,
           iterations, numeric * 1e3, solve * 1e3, assembly * 1e3);
    printf("median CPU %.3f ms per step (min %.3f)\n", times[steps / 2], times[0]);
    free(times);
    free(bodies);
    sdDestroyWorld(w);
    return 0;
}
