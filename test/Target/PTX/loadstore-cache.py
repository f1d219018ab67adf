# REQUIRES: ptxas
# Cache operators and eviction hints reach the (vector) instructions.
# evict_first / evict_last also give an L2 policy (createpolicy, passed
# with the cache_hint qualifier), as Triton 3.6 does; evict_unchanged and
# volatile accesses do not.
# RUN: tilec %s --kernel hints --signature "*fp32:16, *fp32:16, 1024" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -o /dev/null %t.ptx
# RUN: tilec %s --kernel l2_hints --signature "*fp32:16, *fp32:16, i32:16, 1024" --arch sm_80 --emit=ptx -o %t2.ptx
# RUN: FileCheck %s --check-prefix=L2 < %t2.ptx
# RUN: %ptxas -arch=sm_80 -o /dev/null %t2.ptx
# Below sm_80 (no createpolicy, no cache_hint): the L1 hints alone.
# RUN: tilec %s --kernel l2_hints --signature "*fp32:16, *fp32:16, i32:16, 1024" --arch sm_75 --emit=ptx -o %t3.ptx
# RUN: FileCheck %s --check-prefix=SM75 --implicit-check-not=createpolicy --implicit-check-not=cache_hint < %t3.ptx
# RUN: %ptxas -arch=sm_75 -o /dev/null %t3.ptx

# CHECK-LABEL: .entry hints
# CHECK-NOT: createpolicy
# CHECK: ld.global.cg.v4.b32
# CHECK-NOT: createpolicy
# CHECK: ld.global.L1::evict_unchanged.v4.b32
# CHECK-NOT: createpolicy
# CHECK: st.global.cs.v4.b32

# One policy of each kind (LLVM merges them), the loads masked.
# L2-LABEL: .entry l2_hints
# L2: createpolicy.fractional.L2::evict_last.b64 [[LAST:%rd[0-9]+]], 1.0;
# L2: @%p{{[0-9]+}} ld.global.L1::evict_last.L2::cache_hint.v4.b32 {{.*}}, [ %rd{{[0-9]+}} + 0 ], [[LAST]];
# L2: @%p{{[0-9]+}} ld.global.L1::evict_last.L2::cache_hint.v4.b32 {{.*}}, [[LAST]];
# L2: createpolicy.fractional.L2::evict_first.b64 [[FIRST:%rd[0-9]+]], 1.0;
# L2: ld.global.cg.L2::cache_hint.v4.b32 {{.*}}, [[FIRST]];
# L2: ld.volatile.global.v4.b32 {{.*}} + 0 ];{{$}}
# L2: st.global.L1::evict_first.L2::cache_hint.v4.b32 [ %rd{{[0-9]+}} + 0 ], {{{.*}}}, [[FIRST]];
# L2-NOT: createpolicy
# L2: st.global.cs.L2::cache_hint.v4.b32 [ %rd{{[0-9]+}} + 0 ], {{{.*}}}, [[LAST]];
# L2-NOT: createpolicy

# SM75: ld.global.L1::evict_last.v4.b32
# SM75: st.global.L1::evict_first.v4.b32

import triton
import triton.language as tl

@triton.jit
def hints(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, cache_modifier=".cg")
    b = tl.load(y_ptr + offs, eviction_policy="evict_unchanged")
    tl.store(y_ptr + offs, a + b, cache_modifier=".cs")

@triton.jit
def l2_hints(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, mask=offs < n, other=0.0, eviction_policy="evict_last")
    b = tl.load(y_ptr + offs, cache_modifier=".cg", eviction_policy="evict_first")
    c = tl.load(x_ptr + offs + n, volatile=True, eviction_policy="evict_first")
    tl.store(y_ptr + offs, a + b + c, eviction_policy="evict_first")
    tl.store(x_ptr + offs, a * b, cache_modifier=".cs", eviction_policy="evict_last")

# Scalar accesses and a masked store carry the policy too (operand numbers:
# the policy after the predicate and the stored values).
# RUN: tilec %s --kernel l2_scalar --signature "*fp32:16, *fp32:16, i32:16, 1024" --arch sm_80 --emit=ptx -o %t4.ptx
# RUN: FileCheck %s --check-prefix=SC < %t4.ptx
# RUN: %ptxas -arch=sm_80 -o /dev/null %t4.ptx
# SC-LABEL: .entry l2_scalar
# (no "L2" and a colon here: that is the other run's check prefix)
# SC: createpolicy.fractional.{{L2}}::evict_last.b64 [[P:%rd[0-9]+]], 1.0;
# SC: ld.global.L1::evict_last.{{L2}}::cache_hint.b32 %r{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ], [[P]];
# SC: createpolicy.fractional.{{L2}}::evict_first.b64 [[Q:%rd[0-9]+]], 1.0;
# SC: st.global.L1::evict_first.{{L2}}::cache_hint.b32 [ %rd{{[0-9]+}} + 0 ], %r{{[0-9]+}}, [[Q]];
# SC: @%p{{[0-9]+}} st.global.L1::evict_first.{{L2}}::cache_hint.v4.b32 [ %rd{{[0-9]+}} + 0 ], {{{.*}}}, [[Q]];

@triton.jit
def l2_scalar(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    s = tl.load(x_ptr, eviction_policy="evict_last")
    tl.store(y_ptr, s * 2.0, eviction_policy="evict_first")
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.zeros([BLOCK], tl.float32) + s, mask=offs < n,
             eviction_policy="evict_first")
