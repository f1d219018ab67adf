"""Checks run_standard.test's outputs against Python."""
import math, struct, sys

x = struct.unpack("<64f", open(sys.argv[1], "rb").read())
i = struct.unpack("<64i", open(sys.argv[2], "rb").read())
s0 = struct.unpack("<64f", open(sys.argv[3], "rb").read())
s1 = struct.unpack("<64f", open(sys.argv[4], "rb").read())
r = struct.unpack("<25i", open(sys.argv[5], "rb").read())
N = 8
bad = []
for a in range(N):
    for b in range(N):
        col = [x[k * N + b] for k in range(N)]
        row = [x[a * N + k] for k in range(N)]
        w0 = math.exp(x[a * N + b] - max(col)) / sum(math.exp(v - max(col)) for v in col)
        w1 = math.exp(x[a * N + b] - max(row)) / sum(math.exp(v - max(row)) for v in row)
        if abs(s0[a * N + b] - w0) > 1e-6 * (1 + w0) or abs(s1[a * N + b] - w1) > 1e-6 * (1 + w1):
            bad.append(("softmax", a, b))


def fold(vals, op):
    acc = vals[0]
    for v in vals[1:]:
        acc = op(acc, v)
    return acc


xor = lambda p, q: p ^ q
for a in range(N):
    if r[a] != fold([i[a * N + k] for k in range(N)], xor):
        bad.append(("xor_sum axis 1", a))
    if r[N + a] != fold([i[k * N + a] for k in range(N)], lambda p, q: p | q):
        bad.append(("reduce_or axis 0", a))
    if r[2 * N + a] != fold([i[k * N + a] for k in range(N)], xor):
        bad.append(("xor_sum axis 0", a))
if r[3 * N] != fold(list(i), xor):
    bad.append(("xor_sum all",))
print(bad[:10])
sys.exit(1 if bad else 0)
