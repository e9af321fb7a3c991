#!/usr/bin/env python3
"""Writes the hand-made seed inputs of the C API fuzzer into Fuzz/corpus (run from anywhere).

Each seed is a scene in the fuzzer's input language (Fuzz/harness: one byte picks the operation, the next bytes its
arguments): a stack on the ground, a chain, springs with moving anchors, fields with a region and a custom
force, destruction with stale ids, and allocation failures. The fuzzer mutates them; inputs it finds that matter
(crashes once fixed, new coverage worth keeping) are added to the corpus next to them.
"""
import os
import struct

OPS = dict(create_world=0, destroy_world=1, step=2, step_many=3, settings=4, query=5, solve_spd=6, create_body=7,
           destroy_body=9, body_setter=10, body_push=12, create_joint=13, destroy_joint=15, joint_setter=16,
           create_shape=17, destroy_shape=19, shape_setter=20, read_contacts=21, create_field=22, destroy_field=23,
           field_setter=24, field_members=25, region_noise=27, fail_allocation=28)
SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 100.0, -100.0, 1e-310, -1e-310, 2.2250738585072014e-308, 5e-324,
            1.7976931348623157e308, -1.7976931348623157e308, float("inf"), float("-inf"), 1e300, -1e300, 1e-300, 1e9,
            1e12, -1e12, 1e15, 1e18, 1e-9, 1e-12, 3.141592653589793, 1.0 / 60.0, 1e6, -1e6, 1e30, 1e-6]


class Seed:
    def __init__(self):
        self.b = bytearray()
        self.bodies = 0  # ids handed out in world 0, in order

    def u8(self, v): self.b.append(v & 0xFF)
    def u16(self, v): self.b += struct.pack("<H", v & 0xFFFF)
    def u32(self, v): self.b += struct.pack("<I", v & 0xFFFFFFFF)
    def u64(self, v): self.b += struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF)
    def op(self, name): self.u8(OPS[name])

    def dbl(self, v):
        if v != v:
            self.u8(32)
        elif v in SPECIALS and not (v == 0.0 and str(v).startswith("-")):
            self.u8(SPECIALS.index(v))
        elif float(v * 64).is_integer() and abs(v * 64) < 32768:
            self.u8(40)
            self.u16(int(v * 64))
        else:
            self.u8(0xF0)
            self.b += struct.pack("<d", v)

    def sane(self, v, scale):
        self.u8(0x80)
        self.u16(int(round(v / scale * 32768)))

    def body(self, index):  # a tracked id of world 0
        self.u8(index)

    def create_body(self, x, y, w=20, h=20, gravity=True, static=False, density=None):
        self.op("create_body"); self.u8(0)
        fuzzed = (1024 if gravity else 0) | (128 if density is not None else 0)
        self.u16(fuzzed)
        self.sane(x, 600); self.sane(y, 600)
        self.u8(int(w) - 5); self.u8(int(h) - 5)
        if density is not None: self.dbl(density)
        self.u8(0 if static else 1)  # flags: u8 % 8 == 0 → static
        self.u8(0)  # no NULL arguments
        self.bodies += 1
        return self.bodies - 1

    def box_shape(self, body, radius):
        self.op("create_shape"); self.u8(0); self.body(body); self.u8(1); self.u8(0)  # polygon, ordinary
        self.u8(0); self.u8(1); self.u8(int(radius) - 2)  # mode 0: regular n-gon, count 3 + 1, radius
        self.u8(1); self.u8(0)

    def circle_shape(self, body, radius):
        self.op("create_shape"); self.u8(0); self.body(body); self.u8(0); self.u8(0)
        self.u8(int((radius - 1) * 4)); self.u8(2); self.u8(0)

    def segment_shape(self, body, x1, y1, x2, y2):
        self.op("create_shape"); self.u8(0); self.body(body); self.u8(2); self.u8(0)
        self.sane(-x1, 400); self.sane(y1, 50); self.sane(x2, 400); self.sane(y2, 50)
        self.u8(3); self.u8(0)

    def joint(self, kind, a, b, ax, ay, bx, by, length=0, spring=None, limits=None):
        self.op("create_joint"); self.u8(0); self.u8(kind)
        for end in (a, b):
            if end is None:
                self.u8(0)  # % 4 == 0: the world
            else:
                self.u8(1); self.body(end)
        fuzzed = (8 if spring else 0) | (32 if limits else 0)
        self.u8(fuzzed)
        for v in (ax, ay, bx, by): self.sane(v, 600)
        self.u8(length)
        if spring: self.u8(spring[0] - 1); self.u8(spring[1])
        if limits: self.dbl(limits[0]); self.dbl(limits[1])
        self.u8(0)

    def step_many(self, count):
        self.op("step_many"); self.u8(0); self.u8(count - 1)

    def write(self, name):
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "..", "corpus", "seed-" + name), "wb") as f:
            f.write(bytes(self.b))


def stack():
    s = Seed()
    ground = s.create_body(300, 500, 200, 20, gravity=False, static=True)
    s.segment_shape(ground, -300, 0, 300, 0)
    for k in range(5):
        s.box_shape(s.create_body(300 + 3 * k, 470 - 25 * k), 12)
    ball = s.create_body(200, 300)
    s.circle_shape(ball, 10)
    s.op("body_setter"); s.u8(0); s.body(ball); s.u8(8); s.dbl(0.8); s.dbl(0.5); s.dbl(0.0)  # material
    for _ in range(4): s.step_many(30)
    s.op("read_contacts"); s.u8(0); s.u8(3); s.u8(0); s.u8(1)
    s.write("stack")


def chain():
    s = Seed()
    previous = None
    for k in range(8):
        link = s.create_body(100 + 20 * k, 100, 16, 6)
        s.joint(2, previous, link, 90 + 20 * k, 100, 90 + 20 * k, 100, limits=(-0.5, 0.5) if k == 0 else None)
        previous = link
    s.joint(0, None, previous, 400, 100, 250, 100, length=150)  # rigid distance to the world
    for _ in range(3): s.step_many(32)
    s.op("settings"); s.u8(0); s.u8(1); s.u8(1)  # banded LAPACK
    s.step_many(16)
    s.op("settings"); s.u8(0); s.u8(1); s.u8(2)  # iterative
    s.step_many(16)
    s.write("chain")


def springs():
    s = Seed()
    for k in range(6):
        cell = s.create_body(50 * k, 200, gravity=False)
        s.joint(0, cell, None, 50 * k, 200, 50 * k + 10, 190, spring=(4, 40))
    for k in range(6):
        s.op("joint_setter"); s.u8(0); s.u8(k); s.u8(0); s.dbl(50.0 * k + 30); s.dbl(150.0)  # move anchors
        s.step_many(8)
    s.op("settings"); s.u8(0); s.u8(0); s.u8(1)  # UIKit-compatible springs
    s.step_many(20)
    s.write("springs")


def fields():
    s = Seed()
    for k in range(4): s.circle_shape(s.create_body(200 + 40 * k, 200, gravity=False), 8)
    for kind in (1, 5, 10):  # radial gravity, vortex, custom
        s.op("create_field"); s.u8(0); s.u8(kind)
        s.u8(0); s.sane(300, 600); s.sane(300, 600)  # params: position only
        s.u8(3)  # three region nodes: circle 200, rectangle 100 × 50, union
        s.u8(2); s.u8(0); s.u8(200); s.u8(0); s.u8(0)
        s.u8(3); s.u8(0); s.u8(100); s.u8(0); s.u8(50)
        s.u8(4); s.u8(0); s.u8(0); s.u8(0); s.u8(0)
        s.u8(0); s.u8(0); s.u8(0)
    s.op("field_setter"); s.u8(0); s.u8(2); s.u8(3); s.dbl(100.0); s.dbl(-100.0)  # the custom force
    for f in range(3):
        for b in range(4): s.op("field_members"); s.u8(0); s.u8(f); s.u8(b); s.u8(1)
    for _ in range(3): s.step_many(32)
    s.op("destroy_field"); s.u8(0); s.u8(1)
    s.step_many(10)
    s.write("fields")


def stale_ids():
    s = Seed()
    a = s.create_body(0, 0); b = s.create_body(50, 0)
    s.box_shape(a, 10); s.box_shape(b, 10)
    s.joint(3, a, b, 25, 0, 25, 0)
    s.op("destroy_body"); s.u8(0); s.body(a)
    for name in ("body_setter", "joint_setter", "shape_setter"):
        s.op(name); s.u8(0); s.u8(0); s.u8(0); s.dbl(1.0); s.dbl(2.0)
    s.create_body(10, 10)  # reuses the slot with a new generation
    s.step_many(5)
    s.write("stale-ids")


def allocation_failures():
    s = Seed()
    for k in range(3): s.box_shape(s.create_body(100 * k, 0), 10)
    for which, after in ((1, 0), (2, 1), (3, 0), (7, 0), (7, 2)):
        s.op("fail_allocation"); s.u8(which); s.u8(after)
        if which == 1:
            s.u8(0); s.u16(0); s.sane(10, 600); s.sane(10, 600); s.u8(10); s.u8(10); s.u8(1); s.u8(0)
            s.bodies += 1
        elif which == 2:
            s.u8(0); s.u8(0); s.u8(1); s.body(0); s.u8(1); s.body(1); s.u8(0)
            for v in (0, 0, 100, 0): s.sane(v, 600)
            s.u8(100); s.u8(0)
        elif which == 3:
            s.u8(0); s.body(2); s.u8(0); s.u8(0); s.u8(20); s.u8(2); s.u8(0)
        else:
            s.u8(0); s.u8(0); s.u8(5)
    s.step_many(10)
    s.write("allocation-failures")


def extremes():
    s = Seed()
    a = s.create_body(0, 0)
    for setter, values in ((4, (1e-310,)), (4, (5e-324,)), (4, (1e300,)), (6, (1e300, 1e300)), (0, (1e300, -1e300)),
                           (2, (1e300, 0.0)), (5, (1e300, 1e300)), (8, (1e300, 1e300, 1e300))):
        s.op("body_setter"); s.u8(0); s.body(a); s.u8(setter)
        for v in values: s.dbl(v)
        s.step_many(2)
    s.op("step"); s.u8(0); s.u8(200); s.dbl(1e300); s.u8(5); s.u8(1)
    s.op("step"); s.u8(0); s.u8(200); s.dbl(1e-300); s.u8(2)
    s.write("extremes")


for make in (stack, chain, springs, fields, stale_ids, allocation_failures, extremes):
    make()
