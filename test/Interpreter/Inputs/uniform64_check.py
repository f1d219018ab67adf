"""Inputs and check of run_uniform64.test: int64 values at the edges and
random ones; the uniform floats as Triton 3.6 makes them from 64-bit words
(the word's int64 bits x, -x - 1 where negative, converted to fp32 with
rounding to nearest even, times 1.0842020432385337e-19 in fp32).

    gen DIR          writes DIR/x (16 int64) and poisoned DIR/p (16 fp32)
    check DIR U      U against those floats
"""
import random
import struct
import sys

N = 16


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def int_to_f32(x):
    """x (a non-negative int) rounded to fp32, ties to even, exactly."""
    n = x.bit_length()
    if n <= 24:
        return float(x)
    shift = n - 24
    q, r = divmod(x, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return float(q << shift)


def uniform(x):
    x = -x - 1 if x < 0 else x
    return f32(int_to_f32(x) * f32(1.0842020432385337e-19))


def values():
    r = random.Random(5)
    xs = [0, 1, -1, 2**63 - 1, -2**63, 2**24 + 1, 2**53 + 3, -(2**40) - 7]
    return xs + [r.randrange(-2**63, 2**63) for _ in range(N - len(xs))]


if sys.argv[1] == "gen":
    d = sys.argv[2]
    open(d + "/x", "wb").write(struct.pack("<%dq" % N, *values()))
    open(d + "/p", "wb").write(struct.pack("<%df" % N, *([-77.25] * N)))
else:
    got = struct.unpack("<%df" % N, open(sys.argv[3], "rb").read())
    want = [uniform(x) for x in values()]
    bad = [(i, got[i], want[i]) for i in range(N) if got[i] != want[i]]
    assert not bad, bad
print("ok")
