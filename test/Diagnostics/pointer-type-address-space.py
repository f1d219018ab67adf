# tl.pointer_type of shared memory (address_space 3): global memory only.
# RUN: not tilec %s --kernel k --signature "*i64, i32, i64, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, N, d, B: tl.constexpr):
    p = tl.load(X).to(tl.pointer_type(tl.float16, 3))

# CHECK: {{^}}{{.*}}pointer-type-address-space.py:[[@LINE-2]]:26: error: tl.pointer_type supports global memory (address_space 1) only{{$}}
# CHECK-NEXT: {{^}}    p = tl.load(X).to(tl.pointer_type(tl.float16, 3)){{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~{{$}}
