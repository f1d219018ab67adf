# A boundary_check dimension past the block's rank.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (B, B), (1, 0))
    tl.store(p, 0.0, boundary_check=(0, 2))

# CHECK: {{^}}{{.*}}block-ptr-boundary-check-range.py:[[@LINE-2]]:8: error: boundary_check dimension 2 is out of range for a block of rank 2{{$}}
# CHECK-NEXT: {{^}}    tl.store(p, 0.0, boundary_check=(0, 2)){{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
