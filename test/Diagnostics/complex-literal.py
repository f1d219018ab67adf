# Complex literals are valid Python (host code may use them) but not in
# jit functions.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = offs * 2j

# CHECK: {{^}}{{.*}}complex-literal.py:[[@LINE-2]]:16: error: complex literals are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    x = offs * 2j{{$}}
# CHECK-NEXT: {{^}}               ^~{{$}}
