# Too many positional arguments to a builtin.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, offs < n, 0.0, None, None, None, None, None, None, None)

# CHECK: {{^}}{{.*}}wrong-arity.py:[[@LINE-2]]:12: error: tl.load() takes at most 8 positional arguments but 10 were given{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, offs < n, 0.0, None, None, None, None, None, None, None){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
