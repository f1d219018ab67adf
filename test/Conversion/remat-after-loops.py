# tilegpu-remat-after-loops: index tiles that a tensor-core loop's epilogue
# uses, computed before the loop and not in it (the rows and columns of C,
# whose prologue twins address A and B), are recomputed right after the loop
# instead of holding registers through it. The copies' make_range ops are
# `tile.opaque`, and their lowering reads the thread index again through an
# asm move, so that LLVM does not merge them back into the prologue's.
# RUN: tilec %s --kernel epilogue_rows --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 32" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s
# CHECK: %[[ROWS:.*]] = tile.make_range 0 to 128 : tensor<128xi32, #[[SLICE:[a-z0-9]+]]>
# CHECK: scf.for
# CHECK-NOT: make_range {{.*}}tile.opaque
# CHECK: tile.dot
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK-NEXT: %[[R2:.*]] = tile.make_range 0 to 128 {tile.opaque} : tensor<128xi32, #[[SLICE]]>
# CHECK-NEXT: arith.addi %{{.*}}, %[[R2]] : tensor<128xi32, #[[SLICE]]>
# CHECK-NEXT: tile.make_range 0 to 128 {tile.opaque}
# CHECK: tile.store
#
# RUN: tilec %s --kernel epilogue_rows --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 32" --arch sm_90a --num-warps 4 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: wgmma.wait_group.sync.aligned 0;
# PTX: // begin inline asm
# PTX-NEXT: mov.u32 %r{{[0-9]+}}, %tid.x;
# PTX: st.global
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
#
# A tile the loop uses too (the rows, in a mask that changes with k) is live
# through it anyway: not copied (the columns, used in the loop only through
# a mask the loop does not change, are).
# RUN: tilec %s --kernel rows_in_loop --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 32" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=KEEP
# KEEP: scf.for
# KEEP: scf.yield
# KEEP-NOT: make_range {{.*}}tile.opaque} : tensor<128xi32, #slice>
# KEEP: make_range 0 to 128 {tile.opaque} : tensor<128xi32, #slice1>
# KEEP-NOT: make_range {{.*}}tile.opaque} : tensor<128xi32, #slice>
import triton
import triton.language as tl


@triton.jit
def epilogue_rows(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + offs_cn[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def rows_in_loop(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k + offs_k)[None, :],
                    mask=((rows + k)[:, None] < M + k) & ((k + offs_k)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * stride_bk + cols[None, :],
                    mask=((k + offs_k)[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c_ptrs = c_ptr + stride_cm * rows[:, None] + cols[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))
