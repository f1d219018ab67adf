# A memory semantic that is not a string.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    tl.atomic_cas(X, 0, 1, sem=1)

# CHECK: {{^}}{{.*}}atomic-sem-not-string.py:[[@LINE-2]]:8: error: sem of tl.atomic_cas must be a string, got the constant 1{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_cas(X, 0, 1, sem=1){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
