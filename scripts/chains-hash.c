// Bit-identity check for changes to the joint solver: N cells as chains of 50 rigid distance links released
// horizontally under gravity (the benchmark's chains scene), or with mode 1 mixed chains (revolute joints with limits
// and friction, ropes, welds, springs) that exercise the active set and wider bands; hashes (FNV-1a) every body's
// state after each frame and prints the hash and the median thread CPU time per frame. A change that keeps the
// arithmetic and its order prints the same hash. A fourth argument 1 sends every island through the band path.
//   clang -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -ICSolver/include CSolver/src/*.c scripts/chains-hash.c \
//         -o /tmp/chains-hash -llapack -lblas -lm
//   /tmp/chains-hash 100000 10        # cells, frames (sleep off): chains
//   /tmp/chains-hash 10000 120 1      # mixed chains; /tmp/chains-hash 3000 200 1 1: mixed, banded mode
#include "CSolver.h"
#include "hash-harness.h"
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#include <math.h>
int main(int argc, char** argv) {
    int cells = argc > 1 ? atoi(argv[1]) : 10000, frames = argc > 2 ? atoi(argv[2]) : 120, mode = argc > 3 ? atoi(argv[3]) : 0;
    int banded = argc > 4 ? atoi(argv[4]) : 0;
    sdWorldDef wd = sdDefaultWorldDef(); wd.initialBodyCapacity = cells + 8; wd.timeToSleep = 1e9;
    sdWorld* w; if (sdCreateWorld(&wd, &w)) abort();
    if (banded) sdWorld_SetIslandSolver(w, sdIslandSolver_bandedLAPACK);
    int chains = cells / 50 > 0 ? cells / 50 : 1;
    for (int c = 0; c < chains; ++c) {
        double y = c * 80.0; sdBodyId prev = {sdWorldBodyIndex, 0};
        for (int k = 0; k < 50 && c * 50 + k < cells; ++k) {
            double x = (k + 1) * 25.0;
            sdBodyDef d = sdDefaultBodyDef(); d.x = x; d.y = y; d.width = d.height = 20; d.linearDamping = 0.1; d.angularDamping = 0.1; d.gravityY = 1000;
            sdBodyId id; if (sdCreateBody(w, &d, &id)) abort();
            sdJointDef j = sdDefaultJointDef(); j.bodyA = prev; j.bodyB = id;
            j.anchorAX = x - 25; j.anchorAY = y; j.anchorBX = x; j.anchorBY = y; j.length = 25;
            if (mode == 1) {
                int m = (c + k) % 7;
                if (m == 1) { j.kind = sdJoint_revolute; j.anchorAX = j.anchorBX = x - 12.5; j.lowerLimit = -0.3; j.upperLimit = 0.4; if (k % 2) j.frictionTorque = 50; }
                else if (m == 2) { j.kind = sdJoint_rope; j.length = 24.5 + (c % 3); }
                else if (m == 3 && k > 0) { j.kind = sdJoint_weld; j.anchorAX = j.anchorBX = x - 12.5; }
                else if (m == 4) { j.frequency = 5 + c % 4; j.dampingRatio = 0.3; }
                else if (m == 5) { j.kind = sdJoint_revolute; j.anchorAX = j.anchorBX = x - 12.5; }
            }
            sdJointId jid; if (sdCreateJoint(w, &j, &jid)) abort();
            prev = id;
        }
    }
    double* times = calloc((size_t)frames, sizeof(double));
    for (int f = 0; f < frames; ++f) {
        double t0 = cpu_ms();
        if (sdWorld_Step(w, 1.0 / 60.0, 2)) abort();
        times[f] = cpu_ms() - t0;
        sdWorldState st = sdWorld_GetState(w);
        mix(st.x, 8u*st.slotCount); mix(st.y, 8u*st.slotCount); mix(st.angle, 8u*st.slotCount);
        mix(st.vx, 8u*st.slotCount); mix(st.vy, 8u*st.slotCount); mix(st.angularVelocity, 8u*st.slotCount);
    }
    qsort(times, (size_t)frames, sizeof(double), cmpd);
    printf("%llx median %.3f ms cpu\n", (unsigned long long)H, times[frames / 2]);
    free(times);
    sdDestroyWorld(w); // so a LeakSanitizer run of this harness reports the library's leaks only
    return 0;
}
