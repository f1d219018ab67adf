# tl.debug_barrier takes no arguments.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    tl.debug_barrier(B)

# CHECK: {{^}}{{.*}}debug-barrier-arguments.py:[[@LINE-2]]:8: error: tl.debug_barrier() takes at most 0 positional arguments but 1 were given{{$}}
# CHECK-NEXT: {{^}}    tl.debug_barrier(B){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~{{$}}
