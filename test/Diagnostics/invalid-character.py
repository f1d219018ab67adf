# A character that is not part of Python.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = offs $ 2

# CHECK: {{^}}{{.*}}invalid-character.py:[[@LINE-2]]:14: error: invalid character '$' in source{{$}}
# CHECK-NEXT: {{^}}    x = offs $ 2{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
