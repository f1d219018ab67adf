# tl.atomic_and through a float pointer (bitwise atomics take integers).
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.atomic_and(Y + offs, 1, mask=offs < n)

# CHECK: {{^}}{{.*}}atomic-and-float.py:[[@LINE-2]]:8: error: tl.atomic_and does not support pointers to float32; it takes 32- or 64-bit integers{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_and(Y + offs, 1, mask=offs < n){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
