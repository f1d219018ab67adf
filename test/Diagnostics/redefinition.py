# Two jit functions with the same name.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    pass

# CHECK: {{^}}{{.*}}redefinition.py:[[@LINE-3]]:5: error: redefinition of jit function 'k'{{$}}
# CHECK-NEXT: {{^}}def k(X, Y, n, B: tl.constexpr):{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
