# '@triton.jit' on something that is not a function.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass


@triton.jit
class Config:
    pass

# CHECK: {{^}}{{.*}}jit-decorator-without-def.py:[[@LINE-4]]:1: error: '@triton.jit' must be followed by a function definition, found 'class'{{$}}
# CHECK-NEXT: {{^}}@triton.jit{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~{{$}}
