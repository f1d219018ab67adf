# tl.static_assert with a false condition prints its message.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.static_assert(B == 32, "B must be 32")

# CHECK: {{^}}{{.*}}static-assert-failed.py:[[@LINE-2]]:8: error: static assertion failed: B must be 32{{$}}
# CHECK-NEXT: {{^}}    tl.static_assert(B == 32, "B must be 32"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~{{$}}
