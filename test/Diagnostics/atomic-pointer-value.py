# A pointer given as the value of an atomic.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    tl.atomic_xchg(X, Y)

# CHECK: {{^}}{{.*}}atomic-pointer-value.py:[[@LINE-2]]:8: error: tl.atomic_xchg cannot apply a scalar of type *fp32 through a scalar of type *i32{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_xchg(X, Y){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~{{$}}
