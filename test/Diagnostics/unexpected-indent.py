# An indented line that does not follow a block opener.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = 1
        y = 2

# CHECK: {{^}}{{.*}}unexpected-indent.py:[[@LINE-2]]:9: error: unexpected indent{{$}}
# CHECK-NEXT: {{^}}        y = 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
