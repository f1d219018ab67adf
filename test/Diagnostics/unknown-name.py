# A name that is neither a parameter, a local nor a builtin.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = foo + 1

# CHECK: {{^}}{{.*}}unknown-name.py:[[@LINE-2]]:9: error: name 'foo' is not defined{{$}}
# CHECK-NEXT: {{^}}    x = foo + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
