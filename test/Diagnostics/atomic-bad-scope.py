# An unknown memory scope (Triton: gpu, cta, sys).
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.atomic_max(X + offs, offs, scope="device")

# CHECK: {{^}}{{.*}}atomic-bad-scope.py:[[@LINE-2]]:8: error: scope 'device' of tl.atomic_max is not one of 'gpu', 'cta', 'sys'{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_max(X + offs, offs, scope="device"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
