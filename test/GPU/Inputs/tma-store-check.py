"""Inputs and checks of tma-store.test: y = x + 1 written through a host
descriptor (test/Target/PTX/tma-store.py's add_one), x M x N row-major, y
M x N with rows S elements apart (S: N rounded up to 16 bytes, as TMA
needs), in a buffer of M + 3 rows; every element outside y's M x N (the
padding at the end of each row, the rows after it) poisoned.

    gen DIR T M N S        DIR/x (T: fp16, bf16 or fp32; uniform in
                           [-1, 1)), DIR/y poisoned
    check DIR T M N S OUT  OUT: y[i, j] = x[i, j] + 1 (rounded to T), the
                           poison everywhere else
"""
import random
import struct
import sys

POISON = -77.25
EXTRA_ROWS = 3


def pack(t, vals):
    if t == "fp16":
        return struct.pack("<%de" % len(vals), *vals)
    if t == "fp32":
        return struct.pack("<%df" % len(vals), *vals)
    # bf16: the upper half of the fp32 (values here are exact in bf16).
    words = struct.unpack("<%dI" % len(vals), struct.pack("<%df" % len(vals), *vals))
    return struct.pack("<%dH" % len(vals), *[w >> 16 for w in words])


def unpack(t, data):
    if t == "fp16":
        return list(struct.unpack("<%de" % (len(data) // 2), data))
    if t == "fp32":
        return list(struct.unpack("<%df" % (len(data) // 4), data))
    halves = struct.unpack("<%dH" % (len(data) // 2), data)
    return list(struct.unpack("<%df" % len(halves), struct.pack("<%dI" % len(halves), *[h << 16 for h in halves])))


def rounded(t, vals):
    return unpack(t, pack(t, vals))


def bf16_round(v):
    # Round to nearest even in bf16 (the kernel's fp32 add, then the store's
    # conversion).
    w = struct.unpack("<I", struct.pack("<f", v))[0]
    w = (w + 0x7FFF + ((w >> 16) & 1)) & 0xFFFF0000
    return struct.unpack("<f", struct.pack("<I", w))[0]


def gen(d, t, m, n, s):
    r = random.Random(m * 1000 + n)
    # Values with few mantissa bits: exact in every type.
    x = [round(r.uniform(-1, 1), 3) for _ in range(m * n)]
    x = rounded("bf16", x)
    open(d + "/x", "wb").write(pack(t, x))
    open(d + "/y", "wb").write(pack(t, [POISON] * ((m + EXTRA_ROWS) * s)))


def check(d, t, m, n, s, out):
    x = unpack(t, open(d + "/x", "rb").read())
    y = unpack(t, open(out, "rb").read())
    assert len(y) == (m + EXTRA_ROWS) * s, len(y)
    bad = []
    for i in range(m + EXTRA_ROWS):
        for j in range(s):
            got = y[i * s + j]
            if i < m and j < n:
                v = x[i * n + j] + 1.0
                want = bf16_round(v) if t == "bf16" else rounded(t, [v])[0]
            else:
                want = rounded(t, [POISON])[0]  # as gen wrote it
            if got != want:
                bad.append((i, j, got, want))
    assert not bad, (len(bad), bad[:5])


args = sys.argv[1:]
d, t, m, n, s = args[1], args[2], int(args[3]), int(args[4]), int(args[5])
if args[0] == "gen":
    gen(d, t, m, n, s)
else:
    check(d, t, m, n, s, args[6])
print("ok")
