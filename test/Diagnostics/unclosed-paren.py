# An opening bracket that is never closed swallows the rest of the file.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs
    tl.store(Y + offs, x)

# CHECK: {{^}}{{.*}}unclosed-paren.py:[[@LINE-3]]:16: error: '(' was never closed{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
