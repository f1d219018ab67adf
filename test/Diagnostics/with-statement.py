# 'with' statements are not supported.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    with open("f") as f:
        pass

# CHECK: {{^}}{{.*}}with-statement.py:[[@LINE-3]]:5: error: 'with' statements are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    with open("f") as f:{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
