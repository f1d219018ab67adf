# A dedent to a column that no enclosing block uses.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = 1
  y = 2

# CHECK: {{^}}{{.*}}bad-indent.py:[[@LINE-2]]:3: error: unindent does not match any outer indentation level{{$}}
# CHECK-NEXT: {{^}}  y = 2{{$}}
# CHECK-NEXT: {{^}}  ^{{$}}
