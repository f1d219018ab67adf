# An error inside a helper is followed by a note at the call site.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(Y + offs, h(offs))


@triton.jit
def h(x):
    return x + undefined_thing

# CHECK: {{^}}{{.*}}helper-error-note.py:[[@LINE-2]]:16: error: name 'undefined_thing' is not defined{{$}}
# CHECK-NEXT: {{^}}    return x + undefined_thing{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}helper-error-note.py:[[@LINE-10]]:24: note: in the call to jit function 'h' here{{$}}
# CHECK-NEXT: {{^}}    tl.store(Y + offs, h(offs)){{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
