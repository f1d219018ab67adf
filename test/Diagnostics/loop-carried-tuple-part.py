# A tuple carried by a loop whose second element turns from a scalar into a tile.
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    t = (0, 1.0)
    for i in range(n):
        t = (t[0] + 1, tl.load(X + tl.arange(0, 16)))

# CHECK: {{^}}{{.*}}loop-carried-tuple-part.py:[[@LINE-3]]:5: error: loop-carried variable 't' (its part 1) is a scalar of type fp32 before the loop but a tensor of type fp32 and shape {{[[]}}16] at the end of its body{{$}}
# CHECK-NEXT: {{^}}    for i in range(n):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
