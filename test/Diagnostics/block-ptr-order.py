# An order that is not a permutation of the dimensions.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (B, B), (1, 1))

# CHECK: {{^}}{{.*}}block-ptr-order.py:[[@LINE-2]]:12: error: the order of tl.make_block_ptr must be a permutation of 0..1{{$}}
# CHECK-NEXT: {{^}}    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (B, B), (1, 1)){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
