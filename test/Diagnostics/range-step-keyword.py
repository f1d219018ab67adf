# Python's range() in a jit function takes tl.range's scheduling keywords,
# but Triton 3.6 ignores a step= there (it steps by 1): an error, not a
# loop that steps differently from Triton's.
# RUN: not tilec %s --kernel k --signature "*i32, i32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    for i in range(0, n, step=2):
        tl.store(X + i, i)

# CHECK: {{^}}{{.*}}range-step-keyword.py:[[@LINE-3]]:26: error: range() takes no step= (Triton ignores it and steps by 1); give the step as the third argument, or use tl.range(..., step=){{$}}
# CHECK-NEXT: {{^}}    for i in range(0, n, step=2):{{$}}
# CHECK-NEXT: {{^}}                         ^~~~{{$}}
