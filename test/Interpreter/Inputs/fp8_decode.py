"""Checks fp32 files holding the 256 fp8e5 and fp8e4nv byte values widened:
e5m2 (bias 15, IEEE infinities and NaNs) and e4m3fn (bias 7, NaN at
S.1111.111, no infinities)."""
import math, struct, sys


def e5(b):
    s, e, m = b >> 7, (b >> 2) & 31, b & 3
    if e == 31:
        v = math.nan if m else math.inf
    elif e == 0:
        v = m * 2.0 ** -16
    else:
        v = (1 + m / 4) * 2.0 ** (e - 15)
    return -v if s else v


def e4(b):
    s, e, m = b >> 7, (b >> 3) & 15, b & 7
    if e == 15 and m == 7:
        v = math.nan
    elif e == 0:
        v = m * 2.0 ** -9
    else:
        v = (1 + m / 8) * 2.0 ** (e - 7)
    return -v if s else v


ok = True
for path, dec in ((sys.argv[1], e5), (sys.argv[2], e4)):
    got = struct.unpack("<256f", open(path, "rb").read())
    for b in range(256):
        want = dec(b)
        if not (math.isnan(got[b]) if math.isnan(want) else got[b] == want):
            print(path, hex(b), got[b], want)
            ok = False
sys.exit(0 if ok else 1)
