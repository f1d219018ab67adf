# A misspelled keyword argument.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, maks=offs < n)

# CHECK: {{^}}{{.*}}bad-keyword-arg.py:[[@LINE-2]]:12: error: tl.load() got an unexpected keyword argument 'maks'{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, maks=offs < n){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
