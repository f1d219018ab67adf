# Compile-time comparisons of an int with a float are exact, as Python's
# (and so Triton's): 2**64 + 1 > 2.0**64, 2**53 + 1 != 2.0**53; a NaN is
# unordered; max() and tl.maximum of an int and a float pick by the same
# order. Every condition below holds, so the stored value is 2047 (Triton
# 3.6 folds the same source to the same constant).
# RUN: tilec %s --kernel k --signature "*i32" --emit=tile | FileCheck %s
# CHECK: arith.constant 2047 : i32
# CHECK-NEXT: tile.store
import triton
import triton.language as tl


@triton.jit
def k(out):
    r = 0
    if 2**64 + 1 > 2.0**64:
        r += 1
    if 2**53 + 1 != 2.0**53:
        r += 2
    if not (2**53 + 1 == 2.0**53):
        r += 4
    if 3 < 3.5:
        r += 8
    if -3 > -3.5:
        r += 16
    if not (float('nan') == 1):
        r += 32
    if not (float('nan') < 1) and not (float('nan') >= 1):
        r += 64
    if float('inf') > 2**100:
        r += 128
    if -2**63 == -2.0**63:
        r += 256
    if max(2.0**53, 2**53 + 1) == 2**53 + 1:
        r += 512
    if tl.maximum(2.0**53, 2**53 + 1) == 2**53 + 1:
        r += 1024
    tl.store(out, r)
