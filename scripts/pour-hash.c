// Bit-identity check for changes to the collision pipeline: pours N items (20 pt squares and circles, jittered,
// some elastic) into a box of static walls and hashes (FNV-1a) every body's state, every contact (normal, points,
// separations, impulses, touch state) and every event after each frame; prints the running hash every 100
// frames. A change that keeps the arithmetic and its order prints the same hashes. With a fourth argument, the
// median thread CPU time per frame from that frame on instead (a quick A/B timing of a piled pour).
//   clang -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -ICSolver/include CSolver/src/*.c scripts/pour-hash.c \
//         -o /tmp/pour-hash -llapack -lblas -lm -lpthread
//   /tmp/pour-hash 1500 400        # items, frames (sleep off); /tmp/pour-hash 3000 300 1: sleep on
//   /tmp/pour-hash 10000 480 0 400 # median CPU ms per frame over frames 400–479
//   /tmp/pour-hash 1500 400 0 400 2 # fifth: the world's worker count (the same hashes for every count); a
//                                   # fourth argument equal to the frame count times nothing: hashes printed
#include "CSolver.h"
#include "hash-harness.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
static sdBodyId wall(sdWorld* w, double x, double y, double hw, double hh) {
    sdBodyDef d = sdDefaultBodyDef(); d.x = x; d.y = y; d.width = 2*hw; d.height = 2*hh; d.flags = sdBodyFlag_static;
    sdBodyId id; if (sdCreateBody(w, &d, &id)) abort();
    sdShapeDef s = sdDefaultShapeDef(); s.type = sdShapeType_polygon; s.vertexCount = 4;
    double v[8] = {-hw,-hh, hw,-hh, hw,hh, -hw,hh}; memcpy(s.vertices, v, sizeof v);
    sdShapeId sid; if (sdCreateShape(w, id, &s, &sid)) abort(); return id;
}
int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1500, frames = argc > 2 ? atoi(argv[2]) : 400;
    int sleeping = argc > 3 ? atoi(argv[3]) : 0;
    sdWorldDef wd = sdDefaultWorldDef(); wd.initialBodyCapacity = n + 8; if (!sleeping) wd.timeToSleep = 1e9;
    wd.workerCount = argc > 5 ? atoi(argv[5]) : 1;
    sdWorld* w; if (sdCreateWorld(&wd, &w)) abort();
    int cols = (int)(1.1 * __builtin_sqrt((double)n)); double width = 22.0 * cols;
    wall(w, width/2, 10, width/2 + 20, 10); // the floor (top face at y = 20; gravity points to −y)
    wall(w, -10, 600, 10, 600); wall(w, width + 10, 600, 10, 600);
    for (int i = 0; i < n; ++i) {
        sdBodyDef d = sdDefaultBodyDef();
        int r = i / cols, c = i % cols;
        d.x = 11 + 22.0 * c + (rnd() - 0.5) * 1.5; d.y = 40 + 22.0 * r + (rnd() - 0.5) * 1.5;
        d.angle = (rnd() - 0.5) * 0.3; d.width = d.height = 20; d.gravityY = -1000; d.linearDamping = 0.1;
        int circle = (i % 3) == 0; d.shape = circle ? sdShape_ellipse : sdShape_rectangle;
        sdBodyId id; if (sdCreateBody(w, &d, &id)) abort();
        sdBody_SetMaterial(w, id, (i % 7 == 0) ? 0.6 : 0.2, 0.2, 0);
        sdShapeDef s = sdDefaultShapeDef();
        if (circle) { s.type = sdShapeType_circle; s.radius = 10; }
        else { s.type = sdShapeType_polygon; s.vertexCount = 4; double v[8] = {-10,-10,10,-10,10,10,-10,10}; memcpy(s.vertices, v, sizeof v); }
        sdShapeId sid; if (sdCreateShape(w, id, &s, &sid)) abort();
    }
    int timeFrom = argc > 4 ? atoi(argv[4]) : frames; double* times = calloc((size_t)frames + 1, sizeof(double)); int timed = 0;
    for (int f = 0; f < frames; ++f) {
        const double t0 = cpu_ms();
        if (sdWorld_Step(w, 1.0 / 60.0, 2)) abort();
        if (f >= timeFrom) times[timed++] = cpu_ms() - t0;
        sdWorldState st = sdWorld_GetState(w);
        mix(st.x, 8u*st.slotCount); mix(st.y, 8u*st.slotCount); mix(st.angle, 8u*st.slotCount);
        mix(st.vx, 8u*st.slotCount); mix(st.vy, 8u*st.slotCount); mix(st.angularVelocity, 8u*st.slotCount);
        mix(st.awake, st.slotCount);
        int32_t cc = sdWorld_GetContactCount(w);
        for (int32_t k = 0; k < cc; ++k) { sdContactData cd; sdWorld_GetContact(w, k, &cd); mix(&cd.normalX, 16); mix(&cd.pointCount, 4);
            mix(cd.pointX, 16); mix(cd.pointY, 16); mix(cd.separation, 16); mix(cd.normalImpulse, 16); mix(&cd.touching, 1); }
        sdContactEvents ev = sdWorld_GetContactEvents(w);
        for (int32_t k = 0; k < ev.beginCount; ++k) { mix(&ev.begin[k].shapeA, 16); mix(&ev.begin[k].pointX, 32); }
        for (int32_t k = 0; k < ev.endCount; ++k) mix(&ev.end[k].shapeA, 16);
        if (timeFrom >= frames && (f % 100 == 99 || f == frames - 1)) printf("frame %d contacts %d hash %016llx\n", f + 1, cc, (unsigned long long)H);
    }
    if (timed) { double sum = 0; for (int i = 0; i < timed; ++i) sum += times[i]; qsort(times, (size_t)timed, sizeof(double), cmpd); printf("timed %d frames: median %.3f ms cpu, mean %.3f\n", timed, times[timed / 2], sum / timed); }
    free(times);
    sdDestroyWorld(w);
    return 0;
}
