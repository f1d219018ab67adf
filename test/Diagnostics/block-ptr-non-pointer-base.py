# tl.make_block_ptr on an integer base.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(M, (M, N), (N, 1), (0, 0), (B, B), (1, 0))

# CHECK: {{^}}{{.*}}block-ptr-non-pointer-base.py:[[@LINE-2]]:12: error: the base of tl.make_block_ptr must be a scalar pointer, got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    p = tl.make_block_ptr(M, (M, N), (N, 1), (0, 0), (B, B), (1, 0)){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
