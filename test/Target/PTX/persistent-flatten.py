# A persistent matmul whose tile loop is tl.range(..., flatten=True) (Triton's
# tutorial 09 matmul_kernel_persistent, unchanged; MIT licence, Copyright
# 2018-2020 Philippe Tillet, 2020-2022 OpenAI): its K loop's operands are
# cp.async copies (pointer tiles), and the copies of a tile's first stages
# are issued at the end of the previous tile, before its epilogue
# (tilegpu-pipeline, PipelineNextTile.cpp): the first tile's under an
# `scf.if` before the tile loop, the next tile's under one after the K loop's
# async_wait 0 and barrier, ahead of the epilogue's conversion and store.
# The slots (3 x 48 KiB) and the epilogue's staging fit in shared memory
# together; ptxas finds no spills.
# RUN: tilec %s --kernel matmul_kernel_persistent --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 128, 256, 64, 8, 132" --arch sm_90a --num-warps 8 --num-stages 3 --emit=tilegpu | FileCheck %s --check-prefix=GPU
# GPU: %[[A:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x128x64xf16
# GPU-NEXT: %[[B:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x256xf16
# GPU-NEXT: tilegpu.barrier
# GPU-NEXT: %[[ANY:.*]] = arith.cmpi slt, %[[PID:[^,]+]], %[[TILES:[^ ]+]] : i32
# GPU-NEXT: scf.if %[[ANY]] {
# GPU-COUNT-2: tilegpu.async_commit_group
# GPU-NEXT: }
# GPU-NEXT: scf.for %[[T:[^ ]+]] = %[[PID]] to %[[TILES]] step %c132_i32 iter_args
# GPU-NOT: tilegpu.async_copy
# GPU: scf.for
# GPU: tile.dot
# GPU: scf.yield
# GPU-NEXT: }
# GPU-NEXT: tilegpu.wgmma_wait
# GPU-NEXT: tilegpu.async_wait {num = 0 : i32}
# GPU-NEXT: tilegpu.barrier
# GPU-NEXT: %[[NEXT:.*]] = arith.addi %[[T]], %c132_i32 : i32
# GPU-NEXT: %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[TILES]] : i32
# GPU: scf.if %[[MORE]] {
# GPU: arith.divsi %[[NEXT]],
# GPU: tilegpu.async_copy {{.*}} -> !tilegpu.memdesc<128x64xf16
# GPU: tilegpu.async_copy {{.*}} -> !tilegpu.memdesc<64x256xf16
# GPU: tilegpu.async_commit_group
# GPU: tilegpu.async_commit_group
# GPU-NEXT: }
# GPU: tilegpu.convert_layout
# GPU: tile.store
# GPU: } {tile.flatten}
#
# REQUIRES: ptxas
# RUN: tilec %s --kernel matmul_kernel_persistent --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 128, 256, 64, 8, 132" --arch sm_90a --num-warps 8 --num-stages 3 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# PTX: cp.async.cg.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 16,
# PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS):
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (tile_id % group_size_m)
    pid_n = (tile_id % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit(launch_metadata=_matmul_launch_metadata)
def matmul_kernel_persistent(a_ptr, b_ptr, c_ptr,  #
                             M, N, K,  #
                             stride_am, stride_ak,  #
                             stride_bk, stride_bn,  #
                             stride_cm, stride_cn,  #
                             BLOCK_SIZE_M: tl.constexpr,  #
                             BLOCK_SIZE_N: tl.constexpr,  #
                             BLOCK_SIZE_K: tl.constexpr,  #
                             GROUP_SIZE_M: tl.constexpr,  #
                             NUM_SMS: tl.constexpr,  #
                             ):
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    num_tiles = num_pid_m * num_pid_n

    # NOTE: There is currently a bug in blackwell pipelining that means it can't handle a value being
    # used in both the prologue and epilogue, so we duplicate the counters as a work-around.
    tile_id_c = start_pid - NUM_SMS

    offs_k_for_mask = tl.arange(0, BLOCK_SIZE_K)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n

    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=True):
        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        start_m = pid_m * BLOCK_SIZE_M
        start_n = pid_n * BLOCK_SIZE_N
        offs_am = start_m + tl.arange(0, BLOCK_SIZE_M)
        offs_bn = start_n + tl.arange(0, BLOCK_SIZE_N)
        offs_am = tl.where(offs_am < M, offs_am, 0)
        offs_bn = tl.where(offs_bn < N, offs_bn, 0)
        offs_am = tl.max_contiguous(tl.multiple_of(offs_am, BLOCK_SIZE_M), BLOCK_SIZE_M)
        offs_bn = tl.max_contiguous(tl.multiple_of(offs_bn, BLOCK_SIZE_N), BLOCK_SIZE_N)

        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_SIZE_K + tl.arange(0, BLOCK_SIZE_K)
            a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
            b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

            a = tl.load(a_ptrs, mask=offs_k_for_mask[None, :] < K - ki * BLOCK_SIZE_K, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k_for_mask[:, None] < K - ki * BLOCK_SIZE_K, other=0.0)
            accumulator = tl.dot(a, b, accumulator)

        tile_id_c += NUM_SMS
        pid_m, pid_n = _compute_pid(tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
        offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
        if (c_ptr.dtype.element_ty == tl.float8e4nv):
            c = accumulator.to(tl.float8e4nv)
        else:
            c = accumulator.to(tl.float16)
        tl.store(c_ptrs, c, mask=c_mask)
