# An eviction policy Triton does not know (it used to be dropped silently).
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i64, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, N, d, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(X + offs, 1.0, eviction_policy="evict_sometimes")

# CHECK: {{^}}{{.*}}cache-modifier-invalid.py:[[@LINE-2]]:8: error: eviction_policy must be 'evict_first', 'evict_last', 'evict_normal', 'evict_unchanged' or 'no_allocate', got 'evict_sometimes'{{$}}
# CHECK-NEXT: {{^}}    tl.store(X + offs, 1.0, eviction_policy="evict_sometimes"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
