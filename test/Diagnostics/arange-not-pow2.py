# tl.arange must produce a power-of-two number of elements.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.arange(0, 100)

# CHECK: {{^}}{{.*}}arange-not-pow2.py:[[@LINE-2]]:12: error: tl.arange(0, 100) has 100 elements, which is not a power of two{{$}}
# CHECK-NEXT: {{^}}    x = tl.arange(0, 100){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
