"""Checks examples/topk_gating.py's outputs against an fp64 reference.
usage: check_topk_gating.py LOGITS WEIGHTS IDS TOKENS E K RENORM [bf16]
(raw little-endian buffers: fp32 (or bf16) logits, fp32 weights, i32 ids)."""
import math
import struct
import sys

lp, wp, ip = sys.argv[1:4]
T, E, K, renorm = (int(v) for v in sys.argv[4:8])
if sys.argv[8:] == ["bf16"]:
    halves = struct.unpack("<%dH" % (T * E), open(lp, "rb").read(T * E * 2))
    logits = [struct.unpack("<f", struct.pack("<I", h << 16))[0] for h in halves]
else:
    logits = struct.unpack("<%df" % (T * E), open(lp, "rb").read(T * E * 4))
w = struct.unpack("<%df" % (T * K), open(wp, "rb").read(T * K * 4))
ids = struct.unpack("<%di" % (T * K), open(ip, "rb").read(T * K * 4))
for t in range(T):
    row = logits[t * E:(t + 1) * E]
    m = max(row)
    e = [math.exp(x - m) for x in row]
    s = sum(e)
    p = [x / s for x in e]
    order = sorted(range(E), key=lambda i: (-p[i], i))[:K]
    want = [p[i] for i in order]
    if renorm:
        z = sum(want)
        want = [x / z for x in want]
    got_ids = list(ids[t * K:(t + 1) * K])
    got_w = w[t * K:(t + 1) * K]
    assert got_ids == order, ("token", t, "ids", got_ids, "want", order)
    bad = [(j, g, r) for j, (g, r) in enumerate(zip(got_w, want)) if abs(g - r) > 1e-5 * max(r, 1e-6) + 1e-7]
    assert not bad, ("token", t, "weights", bad)
print("ok: %d tokens, top %d of %d experts" % (T, K, E))
