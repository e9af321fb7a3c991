// Bit-identity check for changes to the direct (small-island) contact solve, which pour-hash.c's piles seldom
// reach: the bench's stack of 20 and pyramid of 210 (40 pt boxes on a static floor, UIKit's materials), or
// `scatter`: 40 groups of 1 to 9 boxes and circles (or, with a fourth argument H, H to H + 7 of them) dropped
// with jitter, some elastic, some without friction — small islands with held rows, friction pinned to its cone
// and rows let back in. Hashes (FNV-1a) every body's state and every contact after each frame (sleep off) and
// prints the final hash, then the median and mean thread CPU time per frame over all repeats.
//   clang -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -ICSolver/include CSolver/src/*.c scripts/small-scenes-hash.c \
//         -o /tmp/small-scenes-hash -llapack -lblas -lm
//   /tmp/small-scenes-hash stack 300 30      # scene, frames, repeats (the stack's 300 frames, 30 times)
//   /tmp/small-scenes-hash scatter 300 1 20  # groups of 20 to 27 items (islands of 64 to 96 rows)
#include "CSolver.h"
#include "hash-harness.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static void body(sdWorld* w, double x, double y, double width, double height, double angle, int circle, int isStatic,
                 double restitution, double friction) {
    sdBodyDef d = sdDefaultBodyDef(); d.x = x; d.y = y; d.width = width; d.height = height; d.angle = angle;
    d.shape = circle ? sdShape_ellipse : sdShape_rectangle;
    if (isStatic) d.flags = sdBodyFlag_static; else { d.gravityY = 1000; d.linearDamping = 0.1; d.angularDamping = 0.1; }
    sdBodyId id; if (sdCreateBody(w, &d, &id)) abort();
    sdBody_SetMaterial(w, id, restitution, friction, 0);
    sdShapeDef s = sdDefaultShapeDef();
    if (circle) { s.type = sdShapeType_circle; s.radius = width / 2; }
    else { s.type = sdShapeType_polygon; s.vertexCount = 4; double hw = width / 2, hh = height / 2; double v[8] = {-hw,-hh, hw,-hh, hw,hh, -hw,hh}; memcpy(s.vertices, v, sizeof v); }
    sdShapeId sid; if (sdCreateShape(w, id, &s, &sid)) abort();
}
int main(int argc, char** argv) {
    const char* scene = argc > 1 ? argv[1] : "stack";
    const int frames = argc > 2 ? atoi(argv[2]) : 300, repeats = argc > 3 ? atoi(argv[3]) : 1;
    const int tall = argc > 4 ? atoi(argv[4]) : 0;
    double* times = calloc((size_t)frames * (size_t)repeats, sizeof(double)); int timed = 0; double total = 0;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        H = SD_HASH_BASIS; rng = 12345u;
        sdWorldDef wd = sdDefaultWorldDef(); wd.initialBodyCapacity = 512; wd.timeToSleep = 1e9;
        sdWorld* w; if (sdCreateWorld(&wd, &w)) abort();
        if (strcmp(scene, "pyramid") == 0) {
            for (int k = 0; k < 20; ++k) for (int j = 0; j < 20 - k; ++j) body(w, 40.0 * j - 20.0 * (19 - k), -20 - 40.0 * k, 40, 40, 0, 0, 0, 0.2, 0.2);
            body(w, 0, 50, 1600, 100, 0, 0, 1, 0.2, 0.2);
        } else if (strcmp(scene, "scatter") == 0) {
            for (int g = 0; g < 40; ++g) {
                const int h = tall > 0 ? tall + (int)(rnd() * 8) : 1 + (int)(rnd() * 9);
                for (int k = 0; k < h; ++k) {
                    const double size = 30 + rnd() * 15; const int circle = rnd() < 0.3; const double angle = (rnd() - 0.5) * 0.6;
                    const double x = 120.0 * g + (rnd() - 0.5) * 20, y = -30 - 45.0 * k - rnd() * 30;
                    const double e = rnd() < 0.3 ? 0.7 : 0.1, mu = rnd() < 0.2 ? 0.0 : rnd();
                    body(w, x, y, size, size, angle, circle, 0, e, mu);
                }
            }
            body(w, 2400, 50, 6000, 100, 0, 0, 1, 0.2, 0.2); body(w, -60, -300, 20, 600, 0, 0, 1, 0.2, 0.2);
        } else {
            for (int k = 0; k < 20; ++k) body(w, 0, -20 - 40.0 * k, 40, 40, 0, 0, 0, 0.2, 0.2);
            body(w, 0, 50, 800, 100, 0, 0, 1, 0.2, 0.2);
        }
        for (int f = 0; f < frames; ++f) {
            const double t0 = cpu_ms();
            if (sdWorld_Step(w, 1.0 / 60.0, 2)) abort();
            const double dt = cpu_ms() - t0; times[timed++] = dt; total += dt;
            sdWorldState st = sdWorld_GetState(w);
            mix(st.x, 8u*st.slotCount); mix(st.y, 8u*st.slotCount); mix(st.angle, 8u*st.slotCount);
            mix(st.vx, 8u*st.slotCount); mix(st.vy, 8u*st.slotCount); mix(st.angularVelocity, 8u*st.slotCount);
            const int32_t cc = sdWorld_GetContactCount(w);
            for (int32_t k = 0; k < cc; ++k) { sdContactData cd; sdWorld_GetContact(w, k, &cd); mix(&cd.normalX, 16); mix(&cd.pointCount, 4);
                mix(cd.pointX, 16); mix(cd.pointY, 16); mix(cd.separation, 16); mix(cd.normalImpulse, 16); mix(&cd.touching, 1); }
        }
        if (repeat == 0) printf("%s frames %d hash %016llx\n", scene, frames, (unsigned long long)H);
        sdDestroyWorld(w);
    }
    qsort(times, (size_t)timed, sizeof(double), cmpd);
    printf("median %.4f ms cpu/frame, mean %.4f\n", times[timed / 2], total / timed);
    free(times);
    return 0;
}
