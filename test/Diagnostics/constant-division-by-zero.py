# Division by zero while folding constants.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = B // 0

# CHECK: {{^}}{{.*}}constant-division-by-zero.py:[[@LINE-2]]:11: error: division by zero in constant expression{{$}}
# CHECK-NEXT: {{^}}    x = B // 0{{$}}
# CHECK-NEXT: {{^}}          ^~{{$}}
