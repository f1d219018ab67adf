# A closing bracket of the wrong kind.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs]

# CHECK: {{^}}{{.*}}mismatched-bracket.py:[[@LINE-2]]:25: error: closing bracket ']' does not match opening bracket '('{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs]{{$}}
# CHECK-NEXT: {{^}}                        ^{{$}}
