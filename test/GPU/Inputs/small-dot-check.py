"""Inputs and checks of small-dot.test.

    gen DIR          writes DIR/x (bf16, 64 x 128), DIR/v (fp32, 64) and
                     poisoned outputs DIR/r0 (fp32, 64), DIR/t0 (fp32, 1)
    rows DIR R       R against the row sums of x in fp64
    total DIR T      T against 2 * sum(v) in fp64
"""
import random
import struct
import sys

from gpu_values import bf16_bits, bf16_value, read_f32

M, K = 64, 128
POISON = -77.25


def gen(d):
    r = random.Random(7)
    x = [bf16_bits(r.uniform(-2, 2)) for _ in range(M * K)]
    open(d + "/x", "wb").write(struct.pack("<%dH" % (M * K), *x))
    open(d + "/v", "wb").write(struct.pack("<%df" % M, *[r.uniform(-2, 2) for _ in range(M)]))
    open(d + "/r0", "wb").write(struct.pack("<%df" % M, *([POISON] * M)))
    open(d + "/t0", "wb").write(struct.pack("<f", POISON))


def rows(d, path):
    raw = open(d + "/x", "rb").read()
    x = [bf16_value(h) for h in struct.unpack("<%dH" % (M * K), raw)]
    got = read_f32(path)
    bad = []
    for i in range(M):
        row = x[i * K:(i + 1) * K]
        want = sum(row)
        if not abs(got[i] - want) <= 1e-5 * sum(abs(t) for t in row):
            bad.append((i, got[i], want))
    assert not bad, (len(bad), bad[:5])


def total(d, path):
    v = read_f32(d + "/v")
    got = read_f32(path)[0]
    want = 2 * sum(v)
    assert abs(got - want) <= 1e-5 * 2 * sum(abs(t) for t in v), (got, want)


if sys.argv[1] == "gen":
    gen(sys.argv[2])
elif sys.argv[1] == "rows":
    rows(sys.argv[2], sys.argv[3])
else:
    total(sys.argv[2], sys.argv[3])
print("ok")
