"""Inputs of the fused-attention tutorial's backward test.
usage: attention_inputs.py PREFIX Z H N D SCALE
writes PREFIX.q .k .v .do (fp16, uniform in [-1, 1), [Z, H, N, D]), PREFIX.ks
(k * SCALE / ln 2 rounded to fp16: the K the tutorial's backward takes) and
poisoned outputs PREFIX.p16 (fp16 [Z, H, N, D]) and PREFIX.p32 (fp32 [Z, H, N])."""
import random
import struct
import sys

out = sys.argv[1]
Z, H, N, D = (int(x) for x in sys.argv[2:6])
scale = float(sys.argv[6])
n = Z * H * N * D
r = random.Random(11)


def half(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


vals = {name: [half(r.uniform(-1, 1)) for _ in range(n)] for name in ("q", "k", "v", "do")}
for name, xs in vals.items():
    open(out + "." + name, "wb").write(struct.pack("<%de" % n, *xs))
ks = [half(x * scale * 1.4426950408889634) for x in vals["k"]]
open(out + ".ks", "wb").write(struct.pack("<%de" % n, *ks))
open(out + ".p16", "wb").write(b"\x5a" * (2 * n))
open(out + ".p32", "wb").write(b"\x5a" * (4 * Z * H * N))
