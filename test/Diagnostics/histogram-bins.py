# tl.histogram's number of bins is its result's size: a power of two; its
# input a 1-D tensor of integers.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32" 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16))
    h = tl.histogram(x, 10)
    g = tl.histogram(tl.load(F + tl.arange(0, 16)), 8)

# CHECK: histogram-bins.py:[[@LINE-3]]:12: error: tl.histogram() needs a power of two of bins (the size of its result), got 10
# CHECK: histogram-bins.py:[[@LINE-3]]:12: error: tl.histogram() needs a 1-D tensor of integers, got a tensor of type fp32 and shape [16]
