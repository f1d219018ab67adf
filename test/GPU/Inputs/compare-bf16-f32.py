"""Compares pairs of raw little-endian buffers (GPU run, interpreter run):
arguments are triples GOT REF DTYPE (bf16 or f32). Each pair must agree to
2% of the reference's largest magnitude, which must be nonzero."""
import struct
import sys


def read(path, dtype):
    data = open(path, "rb").read()
    if dtype == "f32":
        return struct.unpack("<%df" % (len(data) // 4), data)
    halves = struct.unpack("<%dH" % (len(data) // 2), data)
    return [struct.unpack("<f", struct.pack("<I", h << 16))[0] for h in halves]


args = sys.argv[1:]
assert args and len(args) % 3 == 0, "expected GOT REF DTYPE triples"
for i in range(0, len(args), 3):
    got, ref = read(args[i], args[i + 2]), read(args[i + 1], args[i + 2])
    assert len(got) == len(ref), (args[i], len(got), len(ref))
    top = max(abs(x) for x in ref)
    bad = [(k, a, b) for k, (a, b) in enumerate(zip(got, ref)) if not abs(a - b) <= 2e-2 * top]
    assert top > 0 and not bad, (args[i], top, len(bad), bad[:5])
print("ok")
