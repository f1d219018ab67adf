# Two parameters with the same name.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)


@triton.jit
def k2(a, b, a):
    pass

# CHECK: {{^}}{{.*}}duplicate-parameter.py:[[@LINE-3]]:14: error: duplicate parameter 'a'{{$}}
# CHECK-NEXT: {{^}}def k2(a, b, a):{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
