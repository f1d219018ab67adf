"""Checks the fused-attention backward's gradients against fp64.
usage: check_attention_bwd.py PREFIX Z H N D SCALE CAUSAL
reads PREFIX.q .k .v .do (fp16 inputs of [Z, H, N, D]) and PREFIX.dq .dk .dv
(the kernel's fp16 gradients of the loss sum(O * dO), O = softmax(q k^T scale
[causal]) v), and requires each within 5e-3 of the largest magnitude of its
fp64 gradient (plus 1e-4)."""
import math
import struct
import sys

pre = sys.argv[1]
Z, H, N, D = (int(x) for x in sys.argv[2:6])
scale, causal = float(sys.argv[6]), sys.argv[7] == "1"
n = Z * H * N * D


def rows(suffix):
    xs = struct.unpack("<%de" % n, open(pre + suffix, "rb").read(2 * n))
    return [xs[r * D:(r + 1) * D] for r in range(Z * H * N)]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


q, k, v, do = rows(".q"), rows(".k"), rows(".v"), rows(".do")
got = {g: rows("." + g) for g in ("dq", "dk", "dv")}
worst = {g: 0.0 for g in got}
largest = {g: 0.0 for g in got}
for head in range(Z * H):
    b = head * N
    P = []
    for i in range(N):
        last = i if causal else N - 1
        s = [scale * dot(q[b + i], k[b + j]) for j in range(last + 1)]
        mx = max(s)
        e = [math.exp(x - mx) for x in s]
        z = sum(e)
        P.append([x / z for x in e] + [0.0] * (N - 1 - last))
    O = [[sum(P[i][j] * v[b + j][d] for j in range(N)) for d in range(D)] for i in range(N)]
    Di = [dot(do[b + i], O[i]) for i in range(N)]
    dS = [[P[i][j] * (dot(do[b + i], v[b + j]) - Di[i]) if P[i][j] else 0.0
           for j in range(N)] for i in range(N)]
    want = {
        "dv": [[sum(P[i][j] * do[b + i][d] for i in range(N)) for d in range(D)] for j in range(N)],
        "dq": [[scale * sum(dS[i][j] * k[b + j][d] for j in range(N)) for d in range(D)] for i in range(N)],
        "dk": [[scale * sum(dS[i][j] * q[b + i][d] for i in range(N)) for d in range(D)] for j in range(N)],
    }
    for g, w in want.items():
        for r in range(N):
            worst[g] = max(worst[g], max(abs(x - y) for x, y in zip(got[g][b + r], w[r])))
            largest[g] = max(largest[g], max(abs(y) for y in w[r]))
for g, e in sorted(worst.items()):
    assert e <= 5e-3 * largest[g] + 1e-4, (g, e, largest[g])
print("ok: max error dq %.2e, dk %.2e, dv %.2e" % (worst["dq"], worst["dk"], worst["dv"]))
