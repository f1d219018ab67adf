# The values of tl.multiple_of / tl.max_contiguous / tl.max_constancy: constant
# positive ints, one per dimension of the input.
# RUN: not tilec %s --kernel k --signature "*fp32:16, i32" --emit=tile 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(p, n):
    offs = tl.arange(0, 64)
    # CHECK: axis-hint-bad-values.py:[[@LINE+3]]:12: error: shape of the input to tl.multiple_of() does not match the length of values (2 for rank 1)
    # CHECK-NEXT: a = tl.multiple_of(offs, [16, 16])
    # CHECK-NEXT: {{^}}           ^~~~~~~~~~~
    a = tl.multiple_of(offs, [16, 16])
    # CHECK: axis-hint-bad-values.py:[[@LINE+1]]:12: error: tl.max_contiguous() values element 0 must be a constant int, got
    b = tl.max_contiguous(offs, n)
    # CHECK: axis-hint-bad-values.py:[[@LINE+1]]:12: error: tl.max_constancy() values must be positive, got 0
    c = tl.max_constancy(offs, 0)
    # CHECK-NOT: error
    tl.store(p + offs, 1.0)
