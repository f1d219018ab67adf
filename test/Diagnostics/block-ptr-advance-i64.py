# tl.advance by a 64-bit offset (block pointer offsets are int32, as in Triton).
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i64, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, N, d, B: tl.constexpr):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (B,), (0,))
    p = tl.advance(p, (d,))

# CHECK: {{^}}{{.*}}block-ptr-advance-i64.py:[[@LINE-2]]:12: error: the offsets of tl.advance must be 32-bit integers, got a scalar of type i64{{$}}
# CHECK-NEXT: {{^}}    p = tl.advance(p, (d,)){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
