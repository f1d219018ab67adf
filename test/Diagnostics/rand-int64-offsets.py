# tl.rand on 64-bit offsets (tilec generates 32-bit Philox counters only).
# RUN: not tilec %s --kernel k --signature "*fp32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, seed, B: tl.constexpr):
    offs = tl.arange(0, B).to(tl.int64)
    tl.store(X + offs, tl.rand(seed, offs))

# CHECK: {{^}}{{.*}}rand-int64-offsets.py:[[@LINE-2]]:27: error: the offsets of Philox random numbers must be 32-bit integers (64-bit counters are not supported by tilec), got a tensor of type i64 and shape {{[[]}}16]{{$}}
# CHECK-NEXT: {{^}}    tl.store(X + offs, tl.rand(seed, offs)){{$}}
# CHECK-NEXT: {{^}}                          ^~~~{{$}}
