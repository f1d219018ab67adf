# Lambdas are not supported.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    f = lambda a: a + 1

# CHECK: {{^}}{{.*}}lambda.py:[[@LINE-2]]:9: error: lambda expressions are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    f = lambda a: a + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
