"""Inputs and checks of run_wide_constants.test (int64 keys, little-endian).

    gen X N            N random int64 keys (both signs, the extremes)
    clamp X OUT N      OUT: the keys, then N x -2**63, then N x 2**63 - 1
    radix X OUT N      OUT: the radix key of each key, then that of its
                       low 32 bits (as int32, sign-extended), then ~key + 5
"""
import random
import struct
import sys


def read(path, n):
    return list(struct.unpack("<%dq" % n, open(path, "rb").read()[:8 * n]))


def wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


args = sys.argv[1:]
n = int(args[-1])
if args[0] == "gen":
    r = random.Random(7)
    xs = [r.randrange(-2**63, 2**63) for _ in range(n - 4)] + [-2**63, 2**63 - 1, 0, -1]
    open(args[1], "wb").write(struct.pack("<%dq" % n, *xs))
    sys.exit(0)
xs = read(args[1], n)
out = read(args[2], 3 * n)
if args[0] == "clamp":
    want = xs + [-2**63] * n + [2**63 - 1] * n
else:
    want = []
    for x in xs:
        want.append(wrap(x & (2**63 - 1), 64) if x < 0 else wrap(x | 2**63, 64))
    for x in xs:
        y = wrap(x, 32)
        want.append(y & 0x7FFFFFFF if y < 0 else wrap(y | 0x80000000, 32))
    want += [wrap(~x + 5, 64) for x in xs]
bad = [(i, out[i], want[i]) for i in range(3 * n) if out[i] != want[i]]
assert not bad, (len(bad), bad[:5])
print("ok")
