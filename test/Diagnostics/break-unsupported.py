# 'break' cannot be expressed in scf.for.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    for i in range(n):
        break

# CHECK: {{^}}{{.*}}break-unsupported.py:[[@LINE-2]]:9: error: 'break' is not supported in jit functions: loops compile to scf.for and scf.while{{$}}
# CHECK-NEXT: {{^}}        break{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
