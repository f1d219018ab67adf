# '*args' parameters are not supported.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)


@triton.jit
def k2(a, *args):
    pass

# CHECK: {{^}}{{.*}}variadic-parameters.py:[[@LINE-3]]:11: error: variadic parameters ('*args', '**kwargs') are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}def k2(a, *args):{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
