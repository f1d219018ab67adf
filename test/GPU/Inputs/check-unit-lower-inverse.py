"""Checks unit_lower_inverse's output (test/Target/PTX/small-load-layouts.py):
for each 16-row block of A (fp32, row-major, 16 columns), the product of
(I + its strictly lower part) and the block of Ai is the identity, in fp64,
and the GPU's Ai equals the interpreter's within fp32 rounding.
usage: check-unit-lower-inverse.py A AI_GPU AI_REF ROWS"""
import struct
import sys

a_path, gpu_path, ref_path, rows = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
BT = 16


def read(path):
    data = open(path, "rb").read(rows * BT * 4)
    return struct.unpack("<%df" % (rows * BT), data)


a, g, r = read(a_path), read(gpu_path), read(ref_path)
top = max(abs(x) for x in r)
bad = [(i, x, y) for i, (x, y) in enumerate(zip(g, r)) if not abs(x - y) <= 1e-5 * top]
assert top >= 1 and not bad, ("GPU and interpreter differ", top, bad[:5])
for start in range(0, rows, BT):
    n = min(BT, rows - start)
    for i in range(n):
        for j in range(n):
            s = sum(((1.0 if i == k else a[(start + i) * BT + k] if k < i else 0.0) *
                     r[(start + k) * BT + j]) for k in range(n))
            want = 1.0 if i == j else 0.0
            assert abs(s - want) <= 1e-4 * top, ("not an inverse", start, i, j, s)
print("ok: %d rows, largest |Ai| %.3g" % (rows, top))
