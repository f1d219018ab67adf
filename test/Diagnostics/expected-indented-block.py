# A block opener followed by a line that is not indented.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    for i in range(n):
    x = 1

# CHECK: {{^}}{{.*}}expected-indented-block.py:[[@LINE-2]]:5: error: expected an indented block, found 'x'{{$}}
# CHECK-NEXT: {{^}}    x = 1{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
