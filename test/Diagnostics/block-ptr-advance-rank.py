# tl.advance with fewer offsets than the block pointer has dimensions.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (B, B), (1, 0))
    p = tl.advance(p, (B,))

# CHECK: {{^}}{{.*}}block-ptr-advance-rank.py:[[@LINE-2]]:12: error: tl.advance of a block pointer of rank 2 needs 2 offsets, got 1{{$}}
# CHECK-NEXT: {{^}}    p = tl.advance(p, (B,)){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
