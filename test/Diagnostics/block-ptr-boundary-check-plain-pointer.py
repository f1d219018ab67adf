# boundary_check on a pointer tile (not a block pointer).
# RUN: not tilec %s --kernel k --signature "*fp32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, boundary_check=(0,))

# CHECK: {{^}}{{.*}}block-ptr-boundary-check-plain-pointer.py:[[@LINE-2]]:12: error: boundary_check is only meaningful for block pointers (tl.make_block_ptr); use mask{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, boundary_check=(0,)){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
