# tl.atomic_max through an fp16 pointer (Triton: "atomic_max does not support fp16").
# RUN: not tilec %s --kernel k --signature "*fp16, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    m = tl.atomic_max(X + offs, 1.0)

# CHECK: {{^}}{{.*}}atomic-max-fp16.py:[[@LINE-2]]:12: error: tl.atomic_max does not support pointers to float16{{$}}
# CHECK-NEXT: {{^}}    m = tl.atomic_max(X + offs, 1.0){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
