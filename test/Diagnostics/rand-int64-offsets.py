# tl.philox with 64-bit counters (tilec generates 32-bit Philox counters
# only; tl.randint and the others split a 64-bit offset into two words),
# and offsets that are not integers.
# RUN: not tilec %s --kernel k --signature "*u32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, seed, B: tl.constexpr):
    offs = tl.arange(0, B).to(tl.int64)
    a, b, c, d = tl.philox(seed, offs, offs, offs, offs)
    tl.store(X + offs, a)

# CHECK: {{^}}{{.*}}rand-int64-offsets.py:[[@LINE-3]]:21: error: the counters of Philox random numbers must be 32-bit integers (tl.philox's 64-bit counters are not supported by tilec), got a tensor of type i64 and shape {{[[]}}16]{{$}}
# CHECK-NEXT: {{^}}    a, b, c, d = tl.philox(seed, offs, offs, offs, offs){{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~{{$}}

# Offsets that are not integers are named as such (not as 64-bit counters).
# RUN: not tilec %s --kernel f --signature "*fp32, i32, 16" 2>&1 | FileCheck %s --check-prefix=FLOAT
# FLOAT: rand-int64-offsets.py:[[@LINE+5]]:12: error: the counters (offsets) of Philox random numbers must be integers, got a tensor of type fp32 and shape [16]


@triton.jit
def f(X, seed, B: tl.constexpr):
    r = tl.rand(seed, tl.load(X + tl.arange(0, B)))
    tl.store(X + tl.arange(0, B), r)
