"""Inputs and checks of dot-operand-where.test.

    gen DIR        writes DIR/a (bf16, 64 x 64, uniform in [-1, 1]) and
                   DIR/c0 (fp32, 64 x 64, poison)
    check DIR C N  C (fp32) against dot(where(col < N, bf16(dot(a, a)), 0), a)
                   in fp64, to one bf16 rounding of each product's first
                   factor; every element must be written
"""
import random
import struct
import sys

from gpu_values import bf16_bits, bf16_value

M = 64
POISON = -77.25


def gen(d):
    r = random.Random(5)
    a = [bf16_bits(r.uniform(-1, 1)) for _ in range(M * M)]
    open(d + "/a", "wb").write(struct.pack("<%dH" % (M * M), *a))
    open(d + "/c0", "wb").write(struct.pack("<%df" % (M * M), *([POISON] * (M * M))))


def check(d, cpath, n):
    raw = open(d + "/a", "rb").read()
    a = [bf16_value(h) for h in struct.unpack("<%dH" % (M * M), raw)]
    c = struct.unpack("<%df" % (M * M), open(cpath, "rb").read())
    s = [[0.0] * M for _ in range(M)]
    for i in range(M):
        for k in range(n):
            acc = sum(a[i * M + t] * a[t * M + k] for t in range(M))
            s[i][k] = bf16_value(bf16_bits(acc))
    bad = []
    for i in range(M):
        for j in range(M):
            want = sum(s[i][k] * a[k * M + j] for k in range(n))
            scale = sum(abs(s[i][k] * a[k * M + j]) for k in range(n))
            got = c[i * M + j]
            if not abs(got - want) <= 8e-3 * scale + 1e-6:
                bad.append((i, j, got, want))
    assert not bad, (len(bad), bad[:5])


if sys.argv[1] == "gen":
    gen(sys.argv[2])
else:
    check(sys.argv[2], sys.argv[3], int(sys.argv[4]))
print("ok")
