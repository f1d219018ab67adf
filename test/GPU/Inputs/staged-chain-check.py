"""Inputs and checks of staged-chain-order.test (BK = BT = 64, T = 128).

    gen DIR        writes DIR/k, DIR/v (bf16, T x BK), DIR/gk (fp32, T x BK),
                   DIR/gl (fp32, T / BT x BK) and a poisoned DIR/h (fp32,
                   BK x BK)
    check DIR H    H against fp64: h = 0; per chunk c of BT rows,
                   h = diag(2^gl[c]) h + A_c @ v_c with
                   A_c[i, t] = bf16(k[t, i] * 2^(gl[c, i] - gk[t, i]))
"""
import random
import struct
import sys

from gpu_values import bf16_bits, bf16_value, read_bf16, read_f32

BK = BT = 64
T = 128
POISON = -77.25


def gen(d):
    r = random.Random(23)
    for name in ("k", "v"):
        bits = [bf16_bits(r.uniform(-1, 1)) for _ in range(T * BK)]
        open(d + "/" + name, "wb").write(struct.pack("<%dH" % len(bits), *bits))
    gk = [r.uniform(-1, 0) for _ in range(T * BK)]
    gl = [r.uniform(-1, 0) for _ in range(T // BT * BK)]
    open(d + "/gk", "wb").write(struct.pack("<%df" % len(gk), *gk))
    open(d + "/gl", "wb").write(struct.pack("<%df" % len(gl), *gl))
    open(d + "/h", "wb").write(struct.pack("<%df" % (BK * BK), *([POISON] * BK * BK)))


def check(d, hp):
    k = [bf16_value(x) for x in read_bf16(d + "/k")]
    v = [bf16_value(x) for x in read_bf16(d + "/v")]
    gk, gl, got = read_f32(d + "/gk"), read_f32(d + "/gl"), read_f32(hp)
    h = [[0.0] * BK for _ in range(BK)]
    scale = [[0.0] * BK for _ in range(BK)]  # sum of |terms|, for the tolerance
    for c in range(T // BT):
        for i in range(BK):
            f = 2.0 ** gl[c * BK + i]
            h[i] = [x * f for x in h[i]]
            scale[i] = [x * f for x in scale[i]]
        for i in range(BK):
            a = [bf16_value(bf16_bits(k[t * BK + i] * 2.0 ** (gl[c * BK + i] - gk[t * BK + i])))
                 for t in range(c * BT, (c + 1) * BT)]
            for j in range(BK):
                terms = [a[t - c * BT] * v[t * BK + j] for t in range(c * BT, (c + 1) * BT)]
                h[i][j] += sum(terms)
                scale[i][j] += sum(abs(x) for x in terms)
    bad = [(i, j, got[i * BK + j], h[i][j]) for i in range(BK) for j in range(BK)
           if not abs(got[i * BK + j] - h[i][j]) <= 4e-3 * scale[i][j] + 1e-6]
    assert not bad, (len(bad), bad[:5])


if sys.argv[1] == "gen":
    gen(sys.argv[2])
else:
    check(sys.argv[2], sys.argv[3])
print("ok")
