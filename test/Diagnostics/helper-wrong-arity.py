# Expected to fail: the message says "takes 1 arguments".
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(Y + offs, h(offs, 1))


@triton.jit
def h(x):
    return x

# CHECK: {{^}}{{.*}}helper-wrong-arity.py:[[@LINE-7]]:24: error: 'h' takes 1 argument but 2 were given{{$}}
# CHECK-NEXT: {{^}}    tl.store(Y + offs, h(offs, 1)){{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
