"""Checks run_trans_elementwise.test's outputs: prod[i][j] = x[i][j] *
y[j][i]**2 and sum[i][j] = x[i][j] + (y[j][i] + 1), in float64, against
the 8 x 8 fp32 results (relative 1e-6)."""
import struct
import sys

B = 8


def read(path):
    data = open(path, "rb").read()
    return struct.unpack("<%df" % (len(data) // 4), data)


x, y, prod, total = (read(p) for p in sys.argv[1:5])
bad = []
for i in range(B):
    for j in range(B):
        want = (x[i * B + j] * y[j * B + i] ** 2, x[i * B + j] + (y[j * B + i] + 1.0))
        for name, got, w in (("prod", prod[i * B + j], want[0]), ("sum", total[i * B + j], want[1])):
            if not abs(got - w) <= 1e-6 * max(1.0, abs(w)):
                bad.append((name, i, j, got, w))
assert len(x) == len(y) == B * B and len(prod) == len(total) == B * B
assert bad == [], bad[:5]
print("ok")
