# List comprehensions are not supported in jit functions.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    xs = [i * 2 for i in range(4)]

# CHECK: {{^}}{{.*}}comprehension.py:[[@LINE-2]]:17: error: comprehensions are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    xs = [i * 2 for i in range(4)]{{$}}
# CHECK-NEXT: {{^}}                ^~~{{$}}
