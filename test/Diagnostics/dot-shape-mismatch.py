# tl.dot operands whose inner dimensions differ.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a = tl.zeros([32, 16], dtype=tl.float16)
    b = tl.zeros([32, 16], dtype=tl.float16)
    c = tl.dot(a, b)

# CHECK: {{^}}{{.*}}dot-shape-mismatch.py:[[@LINE-2]]:12: error: tl.dot: the inner dimensions differ: [32, 16] @ [32, 16]{{$}}
# CHECK-NEXT: {{^}}    c = tl.dot(a, b){{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
