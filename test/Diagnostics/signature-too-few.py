# A signature with fewer entries than the kernel has parameters: the error
# points past the end of the signature, a note at the first unbound parameter.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:13: error: signature has 2 entries but kernel 'k' has 4 parameters; missing a value for 'n'{{$}}
# CHECK-NEXT: {{^}}*fp32, *fp32{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}signature-too-few.py:[[@LINE-7]]:13: note: parameter 'n' declared here{{$}}
# CHECK-NEXT: {{^}}def k(X, Y, n, B: tl.constexpr):{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
