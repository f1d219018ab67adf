# Unpacking a tensor into several names.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a, b = offs

# CHECK: {{^}}{{.*}}tuple-unpack-tensor.py:[[@LINE-2]]:5: error: cannot unpack a tensor of type i32 and shape [64] into 2 variables{{$}}
# CHECK-NEXT: {{^}}    a, b = offs{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
