# 'elif' that does not follow an 'if' block.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = 1
    elif n > 0:
        x = 2

# CHECK: {{^}}{{.*}}elif-without-if.py:[[@LINE-3]]:5: error: 'elif' without a matching 'if'{{$}}
# CHECK-NEXT: {{^}}    elif n > 0:{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
