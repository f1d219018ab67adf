"""The words run_rand64.test expects: Philox4x32-10 written here from the
paper's constants (Salmon et al. 2011), independently of the compiler, of
the counter (offset & 0xffffffff, offset >> 32 & 0xffffffff, 0, 0) and the
key (seed & 0xffffffff, seed >> 32) for B = 16 offsets, as Triton's
randint4x splits a 64-bit offset; the uniform floats as Triton makes them.

    check SEED INTS FLOATS   compares the kernel's outputs with them
"""
import struct
import sys


M = 0xFFFFFFFF
B = 16


def philox(c, k, rounds=10):
    c = list(c)
    k0, k1 = k
    for _ in range(rounds):
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k0, p1 & M, (p0 >> 32) ^ c[3] ^ k1, p0 & M]
        k0, k1 = (k0 + 0x9E3779B9) & M, (k1 + 0xBB67AE85) & M
    return c


def first_word(seed, offset):
    o = offset % 2**64
    key = seed % 2**64
    return philox([o & M, (o >> 32) & M, 0, 0], [key & M, (key >> 32) & M])[0]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def uniform(w):
    x = w - 2**32 if w >= 2**31 else w  # its int32 bits
    x = -x - 1 if x < 0 else x
    # fp32 operands; their double product is exact, rounded once to fp32
    return f32(f32(x) * f32(4.6566127342e-10))


seed = int(sys.argv[2])
ints = struct.unpack("<%dI" % (2 * B), open(sys.argv[3], "rb").read())
floats = struct.unpack("<%df" % B, open(sys.argv[4], "rb").read())
want = [first_word(seed, (i << 32) | 7) for i in range(B)]
want += [first_word(seed, i * -3000000000) for i in range(B)]
bad = [(i, ints[i], want[i]) for i in range(2 * B) if ints[i] != want[i]]
bad += [(i, floats[i], uniform(want[i])) for i in range(B)
        if floats[i] != uniform(want[i])]
assert not bad, bad[:5]
print("ok")
