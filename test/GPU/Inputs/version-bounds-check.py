"""Inputs and checks of version-bounds.test.

    gen DIR            writes DIR/x, DIR/y (bf16, 40960 each), DIR/z0 (bf16,
                       poison), DIR/f (fp32, 3072), DIR/g0 (fp32, poison)
    gated DIR Z T      Z (bf16) against x * sigmoid(x) * y in fp64 below T,
                       the poison at and past T
    centered DIR G N   G (fp32) against x - sum(block of x below N) / 1024 in
                       fp64 below N, the poison past it
"""
import math
import random
import struct
import sys

from gpu_values import bf16_bits, bf16_value, read_bf16, read_f32

N_BF16, N_F32 = 40960, 3072
POISON_BF16, POISON_F32 = 0x4499, -77.25  # 1224.0 in bf16


def gen(d):
    r = random.Random(11)
    for name in ("x", "y"):
        vals = [bf16_bits(r.uniform(-6, 6)) for _ in range(N_BF16)]
        open("%s/%s" % (d, name), "wb").write(struct.pack("<%dH" % N_BF16, *vals))
    open(d + "/z0", "wb").write(struct.pack("<%dH" % N_BF16, *([POISON_BF16] * N_BF16)))
    f = [r.uniform(-3, 3) for _ in range(N_F32)]
    open(d + "/f", "wb").write(struct.pack("<%df" % N_F32, *f))
    open(d + "/g0", "wb").write(struct.pack("<%df" % N_F32, *([POISON_F32] * N_F32)))


def gated(d, zpath, t):
    x = [bf16_value(h) for h in read_bf16(d + "/x")]
    y = [bf16_value(h) for h in read_bf16(d + "/y")]
    z = read_bf16(zpath)
    bad = []
    for i in range(N_BF16):
        if i >= t:
            if z[i] != POISON_BF16:
                bad.append((i, "written past T", z[i]))
            continue
        want = x[i] / (1 + math.exp(-x[i])) * y[i]
        got = bf16_value(z[i])
        if not abs(got - want) <= 1e-2 * abs(want) + 1e-2:
            bad.append((i, got, want))
    assert not bad, (len(bad), bad[:5])


def centered(d, gpath, n):
    f = read_f32(d + "/f")
    g = read_f32(gpath)
    bad = []
    for i in range(N_F32):
        if i >= n:
            if g[i] != POISON_F32:
                bad.append((i, "written past n", g[i]))
            continue
        block = i // 1024 * 1024
        mean = sum(f[k] for k in range(block, min(block + 1024, n))) / 1024
        if not abs(g[i] - (f[i] - mean)) <= 1e-5:
            bad.append((i, g[i], f[i] - mean))
    assert not bad, (len(bad), bad[:5])


cmd = sys.argv[1]
if cmd == "gen":
    gen(sys.argv[2])
elif cmd == "gated":
    gated(sys.argv[2], sys.argv[3], int(sys.argv[4]))
else:
    centered(sys.argv[2], sys.argv[3], int(sys.argv[4]))
print("ok")
