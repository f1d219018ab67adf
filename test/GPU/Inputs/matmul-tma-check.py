"""Inputs and checks of warp-specialize.test (through host descriptors) and
persistent-flatten.test (pointers): C = A B^T in fp16, A M x K and B N x K
row-major fp16, C M x N (M = K = 200, N = 296: no dimension a multiple of
its block).

    gen DIR        writes DIR/a, DIR/b (fp16, uniform in [-1, 1)) and a
                   poisoned DIR/c (fp16)
    check DIR C    every element of C written; 4000 random elements against
                   fp64 (fp32 accumulation, C rounded to fp16)
"""
import random
import struct
import sys

M, N, K = 200, 296, 200
POISON = -77.25


def write_f16(path, vals):
    open(path, "wb").write(struct.pack("<%de" % len(vals), *vals))


def read_f16(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%de" % (len(data) // 2), data))


def gen(d):
    r = random.Random(31)
    # Exactly representable in fp16: round through the format.
    write_f16(d + "/a", to_f16([r.uniform(-1, 1) for _ in range(M * K)]))
    write_f16(d + "/b", to_f16([r.uniform(-1, 1) for _ in range(N * K)]))
    write_f16(d + "/c", [POISON] * (M * N))


def to_f16(vals):
    return list(struct.unpack("<%de" % len(vals), struct.pack("<%de" % len(vals), *vals)))


def check(d, cp):
    a, b, c = read_f16(d + "/a"), read_f16(d + "/b"), read_f16(cp)
    assert len(c) == M * N, len(c)
    unwritten = [i for i, x in enumerate(c) if x == POISON]
    assert not unwritten, ("unwritten", len(unwritten), unwritten[:5])
    r = random.Random(37)
    bad = []
    for _ in range(4000):
        i, j = r.randrange(M), r.randrange(N)
        terms = [a[i * K + k] * b[j * K + k] for k in range(K)]
        ref = sum(terms)
        tol = abs(ref) * 2.0 ** -10 + 2 * (K + 2) * 2.0 ** -24 * sum(abs(t) for t in terms) + 1e-6
        if not abs(c[i * N + j] - ref) <= tol:
            bad.append((i, j, c[i * N + j], ref))
    assert not bad, (len(bad), bad[:5])


if sys.argv[1] == "gen":
    gen(sys.argv[2])
else:
    check(sys.argv[2], sys.argv[3])
print("ok")
