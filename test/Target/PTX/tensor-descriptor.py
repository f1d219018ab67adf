# Device-side tensor descriptors (tl.make_tensor_descriptor, desc.load /
# desc.store, tl.load/store_tensor_descriptor) are block pointers whose every
# access checks every dimension. `tl.dot(a, b.T)` of the loaded N x K block b
# becomes a load of transposed pointers (tile-combine), so both operands are
# copied by 16-byte cp.async, pipelined, into the dot on wgmma at sm_90a; the
# C store is masked 16-byte stores (8 fp16 as v4.b32); ptxas accepts it. (Not TMA:
# cp.async.bulk.tensor is not emitted.)
# REQUIRES: ptxas
# RUN: tilec %s --kernel matmul_descriptor_kernel --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# CHECK:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# CHECK:     wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# CHECK-NOT: cp.async.bulk.tensor
# CHECK:     st.global.v4.b32
import triton
import triton.language as tl


@triton.jit
def matmul_descriptor_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    off_m = tl.program_id(0) * BLOCK_M
    off_n = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([off_n, k * BLOCK_K])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([off_m, off_n], acc.to(c_desc.dtype))
