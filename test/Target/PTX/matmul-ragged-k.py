# A matmul over a K of unknown divisibility: A's bound check `k + rk < K`
# runs along its contiguous dimension, a prefix mask over each 8-element
# run, so A is still copied 16 bytes at a time by the pipelined cp.async,
# with the in-bounds bytes of the run as its source size (the rest
# zero-filled); B's check is constant along its rows (plain predicated
# copies). No spills. Without pipelining (one stage) A's load branches on
# whether all of the thread's runs are in bounds: 16-byte accesses if so,
# else each run as one 16-byte access where its last element is in bounds
# and element by element (2 bytes) where not.
# REQUIRES: ptxas
# RUN: tilec %s --kernel matmul_ragged_k --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=IR
# RUN: tilec %s --kernel matmul_ragged_k --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: tilec %s --kernel matmul_ragged_k --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 64, 64, 32" --arch sm_90a --num-stages 1 --emit=ptx -o %t.s1.ptx
# RUN: FileCheck %s --check-prefix=S1 < %t.s1.ptx
# RUN: %ptxas -arch=sm_90a -v %t.s1.ptx -o %t.s1.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

# IR: scf.for
# IR: tilegpu.async_copy {{.*}} {tilegpu.mask_prefix, vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>
# IR: tilegpu.async_copy {{.*}} {vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>

# PTX: .entry matmul_ragged_k
# PTX: selp.b32 {{.*}}, 2, 0
# PTX: cp.async.cg.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 16, %r{{[0-9]+}};

# S1: .entry matmul_ragged_k
# S1-NOT: cp.async
# S1: {{^}}	ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [ %rd{{[0-9]+}} + 0 ];
# S1: @%p{{[0-9]+}} bra
# S1: @%p[[FULL:[0-9]+]] ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [ %rd[[ADDR:[0-9]+]] + 0 ];
# S1: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[ADDR]] + 0 ];
# S1-COUNT-6: @%p{{[0-9]+}} ld.global.b16

# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

import triton
import triton.language as tl


@triton.jit
def matmul_ragged_k(a_ptr, b_ptr, c_ptr, K, stride_am, stride_bk,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :],
                    mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :],
                    mask=(k + rk)[:, None] < K, other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
