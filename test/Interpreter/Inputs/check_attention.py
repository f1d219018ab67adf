"""Checks the fused-attention forward's outputs against an fp64 reference.
usage: check_attention.py Q K V O M Z H N D SCALE CAUSAL
(raw little-endian buffers: fp16 q, k, v, o of [Z, H, N, D], fp32 m of
[Z, H, N]). O must be within 4e-3 of softmax(q k^T scale [causal]) v (every
|v| <= 1) and M, the rows' log-sum-exp in base 2, within 1e-3."""
import math
import struct
import sys

qp, kp, vp, op, mp = sys.argv[1:6]
Z, H, N, D = (int(x) for x in sys.argv[6:10])
scale, causal = float(sys.argv[10]), sys.argv[11] == "1"
n = Z * H * N * D


def halves(path):
    return struct.unpack("<%de" % n, open(path, "rb").read(2 * n))


q, k, v, o = halves(qp), halves(kp), halves(vp), halves(op)
m = struct.unpack("<%df" % (Z * H * N), open(mp, "rb").read(4 * Z * H * N))
worst_o = worst_m = 0.0
for head in range(Z * H):
    base = head * N * D
    for i in range(N):
        last = i if causal else N - 1
        qi = q[base + i * D:base + (i + 1) * D]
        s = [scale * sum(a * b for a, b in zip(qi, k[base + j * D:base + (j + 1) * D]))
             for j in range(last + 1)]
        mx = max(s)
        p = [math.exp(x - mx) for x in s]
        z = sum(p)
        want_m = (mx + math.log(z)) / math.log(2.0)
        worst_m = max(worst_m, abs(m[head * N + i] - want_m))
        for d in range(D):
            want = sum(p[j] * v[base + j * D + d] for j in range(last + 1)) / z
            worst_o = max(worst_o, abs(o[base + i * D + d] - want))
assert worst_o <= 4e-3, ("O", worst_o)
assert worst_m <= 1e-3, ("M", worst_m)
print("ok: max |O - ref| %.2e, max |M - ref| %.2e" % (worst_o, worst_m))
