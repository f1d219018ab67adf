# A variable assigned in both branches of a runtime 'if' must have one type.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    if n > 0:
        x = tl.load(X + offs)
    else:
        x = tl.zeros([32], dtype=tl.float32)
    tl.store(Y + offs, x)

# CHECK: {{^}}{{.*}}if-branch-type-mismatch.py:[[@LINE-6]]:5: error: variable 'x' is a tensor of type fp32 and shape [64] in the 'if' branch but a tensor of type fp32 and shape [32] in the 'else' branch{{$}}
# CHECK-NEXT: {{^}}    if n > 0:{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
