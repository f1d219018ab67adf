"""Inputs and checks of tma-batched.test: C[b] = A[b] @ B[b] in fp16 (fp32
accumulation) for b < BATCH, A BATCH x M x K, B BATCH x K x N (LAYOUT kn) or
its transpose BATCH x N x K (LAYOUT nk), C BATCH x M x N, all contiguous (a
[Z, H, ...] tensor is laid out as [Z * H, ...]); C is followed by EXTRA
elements, and C and they are poisoned first.

    gen DIR LAYOUT BATCH M N K        DIR/a, DIR/b (fp16, uniform in
                                      [-1, 1)) and a poisoned DIR/c
    check DIR LAYOUT BATCH M N K OUT  every element of C against fp64
                                      (|error| at most 0.01 + 0.01 |C|),
                                      the poison after it
"""
import random
import struct
import sys

POISON = -77.25
EXTRA = 64


def write_f16(path, vals):
    open(path, "wb").write(struct.pack("<%de" % len(vals), *vals))


def read_f16(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%de" % (len(data) // 2), data))


def gen(d, layout, batch, m, n, k):
    r = random.Random(batch * 7919 + m * 31 + n * 7 + k)
    write_f16(d + "/a", [r.uniform(-1, 1) for _ in range(batch * m * k)])
    write_f16(d + "/b", [r.uniform(-1, 1) for _ in range(batch * k * n)])
    write_f16(d + "/c", [POISON] * (batch * m * n + EXTRA))


def check(d, layout, batch, m, n, k, out):
    a, b, c = read_f16(d + "/a"), read_f16(d + "/b"), read_f16(out)
    assert len(c) == batch * m * n + EXTRA, len(c)
    bad = []
    for z in range(batch):
        for i in range(m):
            row = a[(z * m + i) * k:(z * m + i + 1) * k]
            for j in range(n):
                if layout == "kn":
                    col = [b[(z * k + t) * n + j] for t in range(k)]
                else:
                    col = b[(z * n + j) * k:(z * n + j + 1) * k]
                want = sum(x * y for x, y in zip(row, col))
                got = c[(z * m + i) * n + j]
                if not abs(got - want) <= 0.01 + 0.01 * abs(want):
                    bad.append((z, i, j, got, want))
    tail = [v for v in c[batch * m * n:] if v != POISON]
    assert not bad and not tail, (len(bad), bad[:5], len(tail))


args = sys.argv[1:]
d, layout, dims = args[1], args[2], [int(x) for x in args[3:7]]
assert layout in ("kn", "nk"), layout
if args[0] == "gen":
    gen(d, layout, *dims)
else:
    check(d, layout, *dims, args[7])
print("ok")
