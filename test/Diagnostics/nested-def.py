# Nested function definitions are not supported.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    def inner(a):
        return a
    tl.store(Y + offs, inner(offs))

# CHECK: {{^}}{{.*}}nested-def.py:[[@LINE-4]]:5: error: nested function definitions are not supported in jit functions; define a separate @triton.jit function{{$}}
# CHECK-NEXT: {{^}}    def inner(a):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
