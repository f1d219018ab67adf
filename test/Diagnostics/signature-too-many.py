# A signature with more entries than the kernel has parameters.
# RUN: tilec %s --kernel k --signature "*fp32, *fp32, i32, 64, 5" > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck %s --strict-whitespace --implicit-check-not=error: --input-file %t.out

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:24: error: signature has 5 entries but kernel 'k' has 4 parameters{{$}}
# CHECK-NEXT: {{^}}*fp32, *fp32, i32, 64, 5{{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
