"""Rows with NaNs for argmax_nan.py, and the check of its output.

  argmax_nan_check.py gen X ROWS COLS      writes X: ROWS * COLS fp32 (raw)
  argmax_nan_check.py check X OUT ROWS COLS  OUT (i32 raw, 3 a row) against
                                           the semantics, computed here

Rows (cycled): all NaN; NaN first then -inf; -inf then NaN; NaNs among
random numbers with a tie for the maximum and for the minimum; +0 and -0 as
the only numbers (a tie); one number among NaNs at the last column; random
numbers without NaN.
"""
import math
import random
import struct
import sys

NAN = float("nan")
INF = float("inf")


def make_rows(rows, cols):
    rng = random.Random(7)
    out = []
    for r in range(rows):
        kind = r % 7
        if kind == 0:
            row = [NAN] * cols
        elif kind == 1:
            row = [NAN] + [-INF] * (cols - 1)
        elif kind == 2:
            row = [-INF] * (cols - 1) + [NAN]
            row[cols // 2] = NAN
        elif kind == 3:
            row = [rng.uniform(-1, 1) for _ in range(cols)]
            for j in rng.sample(range(cols), cols // 3):
                row[j] = NAN
            a, b = sorted(rng.sample(range(cols), 2))
            row[a] = row[b] = 5.0
            c, d = sorted(rng.sample([j for j in range(cols) if j not in (a, b)], 2))
            row[c] = row[d] = -5.0
        elif kind == 4:
            row = [NAN] * cols
            row[cols - 3] = -0.0
            row[cols - 5] = 0.0
        elif kind == 5:
            row = [NAN] * cols
            row[cols - 1] = rng.uniform(-1, 1)
        else:
            row = [rng.uniform(-1, 1) for _ in range(cols)]
        out.append(row)
    return out


def best(row, better):
    at = None
    for j, v in enumerate(row):
        if math.isnan(v):
            continue
        if at is None or better(v, row[at]):
            at = j
    return 0 if at is None else at


def main():
    if sys.argv[1] == "gen":
        path, rows, cols = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        flat = [v for row in make_rows(rows, cols) for v in row]
        open(path, "wb").write(struct.pack("<%df" % len(flat), *flat))
        return
    path, out, rows, cols = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    data = open(path, "rb").read()
    flat = struct.unpack("<%df" % (rows * cols), data)
    got = struct.unpack("<%di" % (rows * 3), open(out, "rb").read())
    bad = 0
    for r in range(rows):
        row = list(flat[r * cols:(r + 1) * cols])
        hi = best(row, lambda v, w: v > w)
        lo = best(row, lambda v, w: v < w)
        want = (hi, lo, hi)
        if tuple(got[r * 3:r * 3 + 3]) != want:
            bad += 1
            if bad <= 5:
                print("row %d: got %s, want %s" % (r, got[r * 3:r * 3 + 3], want))
    print("%d rows, %d bad" % (rows, bad))
    sys.exit(1 if bad else 0)


main()
