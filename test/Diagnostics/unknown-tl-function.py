# A tl function that does not exist.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.frobnicate(offs)

# CHECK: {{^}}{{.*}}unknown-tl-function.py:[[@LINE-2]]:12: error: 'tl.frobnicate' is not supported by tilec{{$}}
# CHECK-NEXT: {{^}}    x = tl.frobnicate(offs){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
