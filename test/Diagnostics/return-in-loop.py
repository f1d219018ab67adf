# A `return` inside a loop (runtime control flow) is reported, not miscompiled.
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    for i in range(0, n):
        if i == 3:
            return
        tl.store(x_ptr + i, 1.0)
# CHECK: {{^}}{{.*}}return-in-loop.py:[[@LINE-2]]:13: error: 'return' inside a loop or an 'if' on a runtime value is not supported{{$}}
# CHECK-NEXT: {{^}}            return{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~{{$}}
