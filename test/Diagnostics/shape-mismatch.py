# Operands whose shapes cannot be broadcast together.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a = tl.zeros([64], dtype=tl.float32)
    b = tl.zeros([32], dtype=tl.float32)
    c = a + b

# CHECK: {{^}}{{.*}}shape-mismatch.py:[[@LINE-2]]:11: error: incompatible shapes for broadcasting: [64] and [32]{{$}}
# CHECK-NEXT: {{^}}    c = a + b{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
