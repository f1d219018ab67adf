"""Inputs and the check of coalesce-reduce-warps.py's column_sums.

  column_sums_check.py gen X M N         writes X: M * N fp16 (raw, row-major),
                                         and X.nan: N fp16 NaNs (the poison)
  column_sums_check.py check X OUT M N   OUT (N fp16, raw) against the column
                                         sums of X computed in double

Each sum is accumulated in fp32 and rounded to fp16 by the kernel: allowed
|got - ref| <= 2^-11 |ref| + (M + 2) 2^-24 sum |x| (the fp16 rounding and
the fp32 additions).
"""
import random
import struct
import sys


def main():
    cmd, x = sys.argv[1], sys.argv[2]
    if cmd == "gen":
        m, n = int(sys.argv[3]), int(sys.argv[4])
        rng = random.Random(11)
        vals = [rng.uniform(-2, 2) for _ in range(m * n)]
        with open(x, "wb") as f:
            f.write(struct.pack("<%de" % (m * n), *vals))
        with open(x + ".nan", "wb") as f:
            f.write(struct.pack("<%de" % n, *([float("nan")] * n)))
        return 0
    out, m, n = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    xs = struct.unpack("<%de" % (m * n), open(x, "rb").read())
    got = struct.unpack("<%de" % n, open(out, "rb").read()[:2 * n])
    bad = 0
    for j in range(n):
        col = [xs[i * n + j] for i in range(m)]
        ref = sum(col)
        tol = 2.0 ** -11 * abs(ref) + (m + 2) * 2.0 ** -24 * sum(abs(v) for v in col)
        if not abs(got[j] - ref) <= tol:
            bad += 1
            if bad <= 5:
                print("column %d: got %r, expected %r (tol %g)" % (j, got[j], ref, tol))
    print("%d columns, %d bad" % (n, bad))
    return 0


if __name__ == "__main__":
    sys.exit(main())
