"""Inputs and checks of tf32-transposed-acc.test.

    gen DIR      writes DIR/q, DIR/k (fp32, 64 x 64, uniform in [-1, 1]),
                 DIR/g (64, uniform in [-1, 1]), DIR/beta (64, uniform in
                 [-1, 1]) and DIR/out (64 x 64, poison)
    check DIR O  O against dv = trans(s) @ q + beta[:, None], s = (q @
                 trans(k)) * where(i >= j, 2**(g[i] - g[j]), 0), in float64:
                 tf32 rounds each factor to 11 significant bits, so every
                 element must be within 3e-3 of the sum of its terms'
                 magnitudes (both products' terms)
"""
import random
import struct
import sys

N = 64
POISON = -77.25


def write(path, values):
    open(path, "wb").write(struct.pack("<%df" % len(values), *values))


def read(path):
    data = open(path, "rb").read()
    return struct.unpack("<%df" % (len(data) // 4), data)


def gen(d):
    r = random.Random(7)
    for name, n in (("q", N * N), ("k", N * N), ("g", N), ("beta", N)):
        write("%s/%s" % (d, name), [r.uniform(-1, 1) for _ in range(n)])
    write(d + "/out", [POISON] * (N * N))


def check(d, opath):
    q, k, g, beta = (read("%s/%s" % (d, n)) for n in ("q", "k", "g", "beta"))
    out = read(opath)
    s = [[0.0] * N for _ in range(N)]
    s_mag = [[0.0] * N for _ in range(N)]
    for i in range(N):
        for j in range(i + 1):
            decay = 2.0 ** (g[i] - g[j])
            terms = [q[i * N + c] * k[j * N + c] for c in range(N)]
            s[i][j] = sum(terms) * decay
            s_mag[i][j] = sum(abs(x) for x in terms) * decay
    bad = []
    for i in range(N):
        for c in range(N):
            want = sum(s[t][i] * q[t * N + c] for t in range(N)) + beta[i]
            scale = sum(s_mag[t][i] * abs(q[t * N + c]) for t in range(N))
            got = out[i * N + c]
            if not abs(got - want) <= 3e-3 * scale + 1e-6:
                bad.append((i, c, got, want))
    print("%d of %d bad" % (len(bad), N * N), bad[:4])
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3])
