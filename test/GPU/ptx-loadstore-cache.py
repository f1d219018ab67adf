# Cache operators and eviction hints reach the (vector) instructions.
# RUN: tilec %s --kernel hints --signature "*fp32:16, *fp32:16, 1024" --emit=ptx | FileCheck %s

# CHECK-LABEL: .entry hints
# CHECK: ld.global.cg.v4.b32
# CHECK: ld.global.L1::evict_last.v4.b32
# CHECK: st.global.cs.v4.b32

import triton
import triton.language as tl

@triton.jit
def hints(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, cache_modifier=".cg")
    b = tl.load(y_ptr + offs, eviction_policy="evict_last")
    tl.store(y_ptr + offs, a + b, cache_modifier=".cs")
