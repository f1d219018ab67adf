# An atomic whose value tile does not broadcast to the pointer tile.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.atomic_add(X + offs, tl.arange(0, 32))

# CHECK: {{^}}{{.*}}atomic-value-shape.py:[[@LINE-2]]:8: error: cannot broadcast a tensor of type i32 and shape [32] to shape [64]{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_add(X + offs, tl.arange(0, 32)){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
