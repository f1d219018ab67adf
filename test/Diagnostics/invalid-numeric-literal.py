# Malformed numeric literals; each is reported once.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a = 0x
    b = 12abc
    c = 0b102

# CHECK: {{^}}{{.*}}invalid-numeric-literal.py:[[@LINE-4]]:9: error: invalid numeric literal '0x'{{$}}
# CHECK-NEXT: {{^}}    a = 0x{{$}}
# CHECK-NEXT: {{^}}        ^~{{$}}
# CHECK-NEXT: {{^}}{{.*}}invalid-numeric-literal.py:[[@LINE-6]]:9: error: invalid numeric literal '12abc'{{$}}
# CHECK-NEXT: {{^}}    b = 12abc{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}invalid-numeric-literal.py:[[@LINE-8]]:9: error: invalid numeric literal '0b102'{{$}}
# CHECK-NEXT: {{^}}    c = 0b102{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
