# tl.arange bounds must be compile-time constants; n is a runtime i32.
# RUN: tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck %s --strict-whitespace --implicit-check-not=error: --input-file %t.out

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.arange(0, n)

# CHECK: {{^}}{{.*}}non-constexpr-arange.py:[[@LINE-2]]:12: error: the end of tl.arange must be a compile-time integer constant, got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    x = tl.arange(0, n){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
