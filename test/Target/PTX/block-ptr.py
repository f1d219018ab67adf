# Loads and stores through block pointers reach the same PTX paths as
# pointer arithmetic: a 32x64 fp32 block with both dimensions checked moves
# in predicated 16-byte vectors (the column mask is constant over 4
# elements: N is a multiple of 16), and a block-pointer matmul advanced
# through K runs on wgmma at sm_90a with its operand tiles copied by cp.async
# 16 bytes at a time, pipelined over 3 stages; ptxas accepts both.
# REQUIRES: ptxas
# RUN: tilec %s --kernel copy2d --signature "*fp32:16, *fp32:16, i32, i32:16, i32:16, 1, 32, 64" --emit=ptx -o %t.copy.ptx
# RUN: FileCheck %s --check-prefix=COPY < %t.copy.ptx
# RUN: %ptxas -arch=sm_90 %t.copy.ptx -o %t.copy.cubin
# COPY-COUNT-4: @%p{{[0-9]+}} ld.global.v4.b32
# COPY-NOT:     ld.global
# COPY-COUNT-4: @%p{{[0-9]+}} st.global.v4.b32
# COPY-NOT:     st.global
# RUN: tilec %s --kernel matmul_bp --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" --arch sm_90a --num-warps 4 --emit=ptx -o %t.mm.ptx
# RUN: FileCheck %s --check-prefix=MM < %t.mm.ptx
# RUN: %ptxas -arch=sm_90a %t.mm.ptx -o %t.mm.cubin
# MM:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# MM:     cp.async.commit_group
# MM:     wgmma.fence.sync.aligned
# MM:     wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# MM:     wgmma.commit_group.sync.aligned
# MM:     cp.async.wait_group
# MM-NOT: ld.global.b16
# examples/matmul_block_ptr.py at sm_90: mma.sync fed by ldmatrix from the
# cp.async-staged tiles.
# RUN: tilec %seeds/matmul_block_ptr.py --kernel matmul_block_ptr_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" --num-warps 4 --emit=ptx -o %t.ex.ptx
# RUN: FileCheck %s --check-prefix=EX < %t.ex.ptx
# RUN: %ptxas -arch=sm_90 %t.ex.ptx -o %t.ex.cubin
# EX:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# EX:     ldmatrix.sync.aligned
# EX:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# EX:     max.f32
# EX-NOT: ld.global.b16
import triton
import triton.language as tl



@triton.jit
def copy2d(in_ptr, out_ptr, M, N, stride_m, stride_n, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(in_ptr, shape=(M, N), strides=(stride_m, stride_n),
                            offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(out_ptr, (M, N), (stride_m, stride_n), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, x * 2, boundary_check=(0, 1))

@triton.jit
def matmul_bp(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_bp = tl.make_block_ptr(a_ptr, (M, K), (sam, sak), (pid_m * BM, 0), (BM, BK), (1, 0))
    b_bp = tl.make_block_ptr(b_ptr, (K, N), (sbk, sbn), (0, pid_n * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_bp, boundary_check=(0, 1))
        b = tl.load(b_bp, boundary_check=(0, 1))
        acc += tl.dot(a, b)
        a_bp = tl.advance(a_bp, (0, BK))
        b_bp = tl.advance(b_bp, (BK, 0))
    c_bp = tl.make_block_ptr(c_ptr, (M, N), (scm, scn), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    tl.store(c_bp, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))
