# A reduction over an axis the tensor does not have.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs)
    s = tl.sum(x, axis=1)

# CHECK: {{^}}{{.*}}reduce-axis-out-of-range.py:[[@LINE-2]]:12: error: reduction axis 1 is out of range for a tensor of rank 1{{$}}
# CHECK-NEXT: {{^}}    s = tl.sum(x, axis=1){{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
