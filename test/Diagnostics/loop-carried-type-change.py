# A loop-carried variable must keep its type and shape across iterations.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = 0
    for i in range(n):
        acc = tl.load(X + offs)
    tl.store(Y + offs, acc)

# CHECK: {{^}}{{.*}}loop-carried-type-change.py:[[@LINE-4]]:5: error: loop-carried variable 'acc' is a scalar of type i32 before the loop but a tensor of type fp32 and shape [64] at the end of its body{{$}}
# CHECK-NEXT: {{^}}    for i in range(n):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
