# Dict literals are host-code only.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    cfg = {"BLOCK": 128}

# CHECK: {{^}}{{.*}}dict-literal.py:[[@LINE-2]]:11: error: dict and set literals are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    cfg = {"BLOCK": 128}{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
