# tl.static_range unrolls, so its bounds must be constants.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    for i in tl.static_range(n):
        pass

# CHECK: {{^}}{{.*}}static-range-runtime-bound.py:[[@LINE-3]]:17: error: tl.static_range end must be a compile-time integer constant, got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    for i in tl.static_range(n):{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~{{$}}
