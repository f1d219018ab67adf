# tl.load of a block pointer with a mask (block pointers take boundary_check).
# RUN: not tilec %s --kernel k --signature "*fp32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M,), (1,), (0,), (B,), (0,))
    x = tl.load(p, mask=tl.arange(0, B) < M)

# CHECK: {{^}}{{.*}}block-ptr-mask.py:[[@LINE-2]]:12: error: tl.load of a block pointer takes boundary_check and padding_option, not mask or other{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(p, mask=tl.arange(0, B) < M){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
