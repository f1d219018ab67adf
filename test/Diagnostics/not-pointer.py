# `not` of a tile of pointers: the cast to a boolean is reported, once, and
# nothing is built from it (a frontend fuzzer input crashed here).
# RUN: not tilec %s --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(p):
    q = not (p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), q)

# CHECK: {{^}}{{.*}}not-pointer.py:[[@LINE-3]]:9: error: cannot cast pointer<float32> to int1 (pointers convert to pointers and to/from int64 only){{$}}
# CHECK-NEXT: {{^}}    q = not (p + tl.arange(0, 4)){{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
