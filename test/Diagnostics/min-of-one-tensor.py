# Python's min() / max() of a single value that is not a tuple is an error (as
# in Python), pointing at tl.min / tl.max for reducing a tensor; of a string
# mixed with numbers too.
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    x = tl.load(X + tl.arange(0, 16))
    m = min(x)
    s = max(n, "a")

# CHECK: {{^}}{{.*}}min-of-one-tensor.py:[[@LINE-3]]:9: error: min() of one value needs a tuple of values; use tl.min / tl.max to reduce a tensor{{$}}
# CHECK-NEXT: {{^}}    m = min(x){{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
# CHECK: {{^}}{{.*}}min-of-one-tensor.py:[[@LINE-5]]:9: error: tl.maximum() expects tensors or numbers{{$}}
# CHECK-NEXT: {{^}}    s = max(n, "a"){{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
