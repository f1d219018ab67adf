"""Inputs and checks of transpose-sinks.test (N = 64).

    gen DIR            writes DIR/x (bf16, 2 x N x N), DIR/s (fp32, N),
                       DIR/a (bf16, N x N) and poisoned outputs DIR/o1, o3
                       (fp32, N x N) and DIR/o2 (fp32, N)
    check DIR O1 O2 O3 the outputs against fp64:
                       o1 = a @ bf16(x0 * s[:, None])^T
                       o2[i] = sum_j x1[j, i] * s[j]
                       o3[i, j] = 2 * x0[j, i] + s[i]
"""
import random
import struct
import sys

from gpu_values import bf16_bits, bf16_value, read_bf16, read_f32

N = 64
POISON = -77.25


def gen(d):
    r = random.Random(11)
    for name, n in (("x", 2 * N * N), ("a", N * N)):
        bits = [bf16_bits(r.uniform(-2, 2)) for _ in range(n)]
        open(d + "/" + name, "wb").write(struct.pack("<%dH" % n, *bits))
    open(d + "/s", "wb").write(struct.pack("<%df" % N, *[r.uniform(-2, 2) for _ in range(N)]))
    for name, n in (("o1", N * N), ("o2", N), ("o3", N * N)):
        open(d + "/" + name, "wb").write(struct.pack("<%df" % n, *([POISON] * n)))


def close(got, want, scale, rel):
    return abs(got - want) <= rel * scale


def check(d, p1, p2, p3):
    x = [bf16_value(h) for h in read_bf16(d + "/x")]
    a = [bf16_value(h) for h in read_bf16(d + "/a")]
    s = read_f32(d + "/s")
    o1, o2, o3 = read_f32(p1), read_f32(p2), read_f32(p3)
    # B[k][n] = bf16(x0[n, k] * s[n]), the operand as the kernel rounds it.
    b = [[bf16_value(bf16_bits(x[n * N + k] * s[n])) for n in range(N)] for k in range(N)]
    bad = []
    for i in range(N):
        for j in range(N):
            terms = [a[i * N + k] * b[k][j] for k in range(N)]
            if not close(o1[i * N + j], sum(terms), sum(abs(t) for t in terms), 1e-5):
                bad.append(("o1", i, j, o1[i * N + j], sum(terms)))
    for i in range(N):
        terms = [x[N * N + j * N + i] * s[j] for j in range(N)]
        if not close(o2[i], sum(terms), sum(abs(t) for t in terms), 1e-5):
            bad.append(("o2", i, o2[i], sum(terms)))
    for i in range(N):
        for j in range(N):
            want = 2 * x[j * N + i] + s[i]
            if not close(o3[i * N + j], want, abs(want), 1e-6):
                bad.append(("o3", i, j, o3[i * N + j], want))
    assert not bad, (len(bad), bad[:5])


if sys.argv[1] == "gen":
    gen(sys.argv[2])
else:
    check(*sys.argv[2:6])
print("ok")
