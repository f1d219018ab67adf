# Expected to fail: tilec silently turns an i32 mask into "mask != 0"; Triton rejects
# non-boolean masks ("Mask must have boolean scalar type").
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, mask=offs)
    tl.store(Y + offs, x)

# CHECK: {{^}}{{.*}}mask-not-bool.py:[[@LINE-3]]:12: error: the mask of tl.load must be a boolean (int1) tensor, got a tensor of type i32 and shape [64]; compare it, e.g. mask != 0{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, mask=offs){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
