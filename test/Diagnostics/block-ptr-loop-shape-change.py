# A loop-carried block pointer whose block shape changes in the body.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (B, B), (1, 0))
    for i in range(0, N, B):
        p = tl.make_block_ptr(X, (M, N), (N, 1), (0, i), (B, 2 * B), (1, 0))

# CHECK: {{^}}{{.*}}block-ptr-loop-shape-change.py:[[@LINE-3]]:5: error: loop-carried variable 'p' is a block pointer to float32 with block shape [16, 16] before the loop but a block pointer to float32 with block shape [16, 32] at the end of its body{{$}}
# CHECK-NEXT: {{^}}    for i in range(0, N, B):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
