# A keyword argument that tl.atomic_add does not take.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    tl.atomic_add(X, 1, order="relaxed")

# CHECK: {{^}}{{.*}}atomic-unexpected-keyword.py:[[@LINE-2]]:8: error: tl.atomic_add() got an unexpected keyword argument 'order'{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_add(X, 1, order="relaxed"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
