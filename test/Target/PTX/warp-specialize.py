# tl.range(..., warp_specialize=True) on a loop whose dot operands are all
# blocks of host descriptors (Triton's tutorial 09 matmul_kernel_tma and
# matmul_kernel_tma_persistent, unchanged; MIT licence, Copyright 2018-2020
# Philippe Tillet, 2020-2022 OpenAI): tilegpu-pipeline gives the copies to a producer warpgroup
# (tilegpu.warp_specialize at the top of the kernel: it recomputes the
# block coordinates from the kernel arguments and program id, waits for a
# free slot on its `empty` mbarrier, arms the slot's `full` mbarrier and
# issues the TMA copies), and the kernel's own warps wait on `full`, run
# the wgmma and release the slot the previous iteration read (its group
# retired by the dot's wait_group 1), one arrival a warp.
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, True" --arch sm_90a --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=GPU
# GPU: module attributes {tile.num_warps = 8 : i32, tilegpu.producer_warps = 4 : i32}
# GPU: %[[A:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x128x64xf16, #shared>
# GPU: %[[B:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x256xf16, #shared1>
# GPU: %[[FULL:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x1xi64>
# GPU: %[[EMPTY:[^ ]+]] = tilegpu.local_alloc : !tilegpu.memdesc<3x1xi64>
# GPU: tilegpu.mbarrier_init %{{.*}}, 1 :
# GPU: tilegpu.mbarrier_init %{{.*}}, 8 :
# GPU: tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
# GPU: tile.program_id 0
# GPU: scf.for %[[K:[^ ]+]] = {{.*}} iter_args(%[[SLOT:[^ ]+]] = %c0_i32, %[[PHASE:[^ ]+]] = %c1_i32)
# GPU: %[[E:.*]] = tilegpu.memdesc_subview %[[EMPTY]][%[[SLOT]]]
# GPU: tilegpu.mbarrier_wait %[[E]], %[[PHASE]]
# GPU: %[[F:.*]] = tilegpu.memdesc_subview %[[FULL]][%[[SLOT]]]
# GPU: tilegpu.mbarrier_expect %[[F]], 49152 :
# GPU: %[[KOFF:.*]] = arith.muli %[[K]], %c64_i32
# GPU: tilegpu.tma_copy %{{[^\[]+}}[%{{[^,]+}}, %[[KOFF]]], %{{[^,]+}}, %[[F]] : {{.*}}128x64xf16
# GPU: tilegpu.tma_copy %{{[^\[]+}}[%{{[^,]+}}, %[[KOFF]]], %{{[^,]+}}, %[[F]] : {{.*}}64x256xf16
# GPU: scf.yield
# GPU-NEXT: }
# GPU-NEXT: }
# The consumers: no copies, no CTA barrier in the loop.
# GPU: scf.for %[[CK:[^ ]+]] = {{.*}} iter_args(%{{[^ ]+}} = %{{[^,]+}}, %[[CSLOT:[^ ]+]] = %c0_i32, %[[CPHASE:[^ ]+]] = %c0_i32)
# GPU-NOT: tma_copy
# GPU-NOT: tilegpu.barrier
# GPU: %[[CF:.*]] = tilegpu.memdesc_subview %[[FULL]][%[[CSLOT]]]
# GPU: tilegpu.mbarrier_wait %[[CF]], %[[CPHASE]]
# GPU: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
# GPU: %[[NOTFIRST:.*]] = arith.cmpi ne, %[[CK]], %c0_i32
# GPU: %[[PREV:.*]] = tilegpu.memdesc_subview %[[EMPTY]][%{{.*}}]
# GPU: tilegpu.mbarrier_arrive %[[PREV]] pred %[[NOTFIRST]]
# GPU: scf.yield
# GPU: tilegpu.wgmma_wait
# GPU-NEXT: tilegpu.barrier
# GPU-COUNT-6: tilegpu.mbarrier_inval
#
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, True" --arch sm_90a --num-warps 8 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: FileCheck %s --check-prefix=META < %t.json
# Every thread meets at bar.sync 0 once the mbarriers are initialized; the
# producer warps (tid.x >= 256) drop to 40 registers, the first of them
# issues the copies; the consumers take 232 and synchronize among
# themselves with named barrier 1 of 256 threads.
# PTX: .maxntid 384, 1, 1
# PTX: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 8;
# PTX: bar.sync 0;
# PTX-NEXT: setp.lt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 256;
# PTX: setmaxnreg.dec.sync.aligned.u32 40;
# PTX: mbarrier.try_wait.parity.shared::cta.b64
# PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r{{[0-9]+}}], 49152;
# PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# PTX: setmaxnreg.inc.sync.aligned.u32 232;
# PTX: wgmma.mma_async
# PTX: wgmma.wait_group.sync.aligned 1;
# PTX: mbarrier.arrive.shared::cta.b64 _,
# PTX-NOT: bar.sync 0;
# PTX: mov.b32 %r[[N:[0-9]+]], 256;
# PTX-NEXT: mov.b32 %r[[ID:[0-9]+]], 1;
# PTX-NEXT: bar.sync %r[[ID]], %r[[N]];
# PTX-NOT: bar.sync 0;
# META: "producer_warps": 4,
# META: "threads": 384
#
# ptxas: no spills, the kernel's 168 registers at launch (65536 / 384).
# REQUIRES: ptxas
# RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
# PTXAS: Used 168 registers
#
# One consumer warpgroup (4 warps): 240 registers; without the keyword the
# loop is pipelined as before, by every warp.
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, i32, i32:16, 128, 128, 64, 8, False, True" --arch sm_90a --num-warps 4 --emit=ptx -o - | FileCheck %s --check-prefix=WG1
# WG1: .maxntid 256, 1, 1
# WG1: setmaxnreg.inc.sync.aligned.u32 240;
# WG1: bar.sync %r{{[0-9]+}}, %r{{[0-9]+}};
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, False" --arch sm_90a --num-warps 8 --emit=ptx -o - | FileCheck %s --check-prefix=PLAIN
# PLAIN: .maxntid 256, 1, 1
# PLAIN-NOT: setmaxnreg
# PLAIN-NOT: mbarrier.arrive.shared
# PLAIN: ret;
#
# On 16 warps (640 threads) a thread has 96 registers at launch; the
# producer's warpgroup frees 128 x 56, which gives the 512 consumer threads
# 8 more (setmaxnreg.inc waits until the CTA has what it asks for).
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, i32, i32:16, 128, 128, 64, 8, False, True" --arch sm_90a --num-warps 16 --emit=tilegpu | FileCheck %s --check-prefix=W16
# W16: tilegpu.warp_specialize producer_warps(4) regs(40, 104)
#
# A kernel asking for several CTAs an SM (tile.min_ctas_per_sm, which
# tile-remat-across-reductions sets) launches with fewer registers than the
# consumers' setmaxnreg.inc would ask for: its loop keeps the plain TMA
# pipeline.
# RUN: tilec %s --kernel matmul_kernel_tma --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, True" --arch sm_90a --num-warps 8 --emit=tile \
# RUN:   | sed 's/module attributes {/module attributes {tile.min_ctas_per_sm = 2 : i32, /' \
# RUN:   | tilec-opt --tilec-lower="arch=sm_90a to=tilegpu" | FileCheck %s --check-prefix=MINCTA
# MINCTA: module attributes {tile.min_ctas_per_sm = 2 : i32
# MINCTA-NOT: tilegpu.warp_specialize
# MINCTA: tilegpu.tma_copy
# MINCTA-NOT: tilegpu.warp_specialize
#
# A tile loop holding another loop after the dot loop (an epilogue in two
# steps): the rewrite replaces both.
# RUN: tilec %s --kernel tiles_two_loops --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, *fp32:16, i32, i32, i32:16, 128, 128, 64, 132" --arch sm_90a --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=TWO
# TWO: tilegpu.warp_specialize
# TWO: scf.for
# TWO: scf.for
# TWO: tile.dot
# TWO: scf.for
# TWO: tile.store
#
# The persistent kernel (matmul_kernel_tma_persistent) marks its tile loop:
# both sides keep the tile loop and carry the slot and its parity across
# tiles, so that the producer copies the next tile's first blocks while the
# consumers store the last one; the consumers release the slot of a tile's
# last iteration after its wgmma_wait.
# RUN: tilec %s --kernel matmul_kernel_tma_persistent --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, False, 132, True" --arch sm_90a --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=PERS
# PERS: tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
# PERS: %{{.*}}:2 = scf.for %{{[^ ]+}} = %{{[^ ]+}} to %{{[^ ]+}} step %c132_i32 iter_args(%[[PS:[^ ]+]] = %c0_i32, %[[PP:[^ ]+]] = %c1_i32)
# PERS: %[[IN:.*]]:2 = scf.for {{.*}} iter_args(%{{[^ ]+}} = %[[PS]], %{{[^ ]+}} = %[[PP]])
# PERS: tilegpu.tma_copy
# PERS: tilegpu.tma_copy
# PERS: scf.yield %[[IN]]#0, %[[IN]]#1 : i32, i32
# PERS: %{{.*}}:3 = scf.for %{{[^ ]+}} = %{{[^ ]+}} to %{{[^ ]+}} step %c132_i32 iter_args(%{{[^ ]+}} = %{{[^,]+}}, %[[CS:[^ ]+]] = %c0_i32, %[[CP:[^ ]+]] = %c0_i32)
# PERS: %[[CIN:.*]]:3 = scf.for {{.*}} iter_args(%{{[^ ]+}} = %{{[^,]+}}, %{{[^ ]+}} = %[[CS]], %{{[^ ]+}} = %[[CP]])
# PERS: tile.dot
# PERS: tilegpu.mbarrier_arrive
# PERS: tilegpu.wgmma_wait %[[CIN]]#0
# PERS-NEXT: %[[RAN:.*]] = arith.cmpi sgt
# PERS: tilegpu.mbarrier_arrive %{{.*}} pred %[[RAN]]
# PERS: tilegpu.local_alloc %{{.*}} : tensor<128x256xf16, #mma>
# PERS-NEXT: tilegpu.tma_store
# PERS: scf.yield %{{[^,]+}}, %[[CIN]]#1, %[[CIN]]#2 : i32, i32, i32
# PERS-NEXT: } {tile.flatten, tile.warp_specialize}
# Without WARP_SPECIALIZE the tile loop still asks for flatten=True, to be
# pipelined across tiles: on sm_90a the producer warpgroup does that.
# RUN: tilec %s --kernel matmul_kernel_tma_persistent --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[256, 64]>:16, tensordesc<fp16[128, 256]>:16, i32, i32, i32:16, 128, 256, 64, 8, False, False, 132, False" --arch sm_90a --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=FLAT
# FLAT: tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
# FLAT: } {tile.flatten}

import triton
import triton.language as tl


@triton.jit
def matmul_kernel_tma(a_desc, b_desc, c_desc,  #
                      M, N, K,  #
                      BLOCK_SIZE_M: tl.constexpr,  #
                      BLOCK_SIZE_N: tl.constexpr,  #
                      BLOCK_SIZE_K: tl.constexpr,  #
                      GROUP_SIZE_M: tl.constexpr,  #
                      FP8_OUTPUT: tl.constexpr,  #
                      WARP_SPECIALIZE: tl.constexpr,  #
                      ):
    dtype = tl.float8e4nv if FP8_OUTPUT else tl.float16

    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (pid % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)

    offs_am = pid_m * BLOCK_SIZE_M
    offs_bn = pid_n * BLOCK_SIZE_N

    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)

    for k in tl.range(k_tiles, warp_specialize=WARP_SPECIALIZE):
        offs_k = k * BLOCK_SIZE_K
        a = a_desc.load([offs_am, offs_k])
        b = b_desc.load([offs_bn, offs_k])
        accumulator = tl.dot(a, b.T, accumulator)

    c = accumulator.to(dtype)

    offs_cm = pid_m * BLOCK_SIZE_M
    offs_cn = pid_n * BLOCK_SIZE_N
    c_desc.store([offs_cm, offs_cn], c)


@triton.jit
def _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS):
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (tile_id % group_size_m)
    pid_n = (tile_id % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit
def matmul_kernel_tma_persistent(a_desc, b_desc, c_desc,  #
                                 M, N, K,  #
                                 BLOCK_SIZE_M: tl.constexpr,  #
                                 BLOCK_SIZE_N: tl.constexpr,  #
                                 BLOCK_SIZE_K: tl.constexpr,  #
                                 GROUP_SIZE_M: tl.constexpr,  #
                                 FP8_OUTPUT: tl.constexpr,  #
                                 EPILOGUE_SUBTILE: tl.constexpr,  #
                                 NUM_SMS: tl.constexpr,  #
                                 WARP_SPECIALIZE: tl.constexpr,  #
                                 ):
    dtype = tl.float8e4nv if FP8_OUTPUT else tl.float16
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    num_tiles = num_pid_m * num_pid_n

    tile_id_c = start_pid - NUM_SMS
    num_pid_in_group = GROUP_SIZE_M * num_pid_n

    # Enable warp specialization to leverage async warp scheduling in the GPU.
    # FIXME: This only works on Blackwell right now. On older GPUs, this will
    # use software pipelining.
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=True, warp_specialize=WARP_SPECIALIZE):
        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        offs_am = pid_m * BLOCK_SIZE_M
        offs_bn = pid_n * BLOCK_SIZE_N

        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_SIZE_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)

        tile_id_c += NUM_SMS
        pid_m, pid_n = _compute_pid(tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        offs_am_c = pid_m * BLOCK_SIZE_M
        offs_bn_c = pid_n * BLOCK_SIZE_N

        # Epilogue subtiling is a technique to break our computation and stores into multiple pieces
        # By subtiling we can reduce shared memory consumption by the epilogue and instead use that
        # memory to increase our stage count.
        # In this case we partition the accumulator into 2 BLOCK_SIZE_M x BLOCK_SIZE_N // 2 tensors
        if EPILOGUE_SUBTILE:
            acc = tl.reshape(accumulator, (BLOCK_SIZE_M, 2, BLOCK_SIZE_N // 2))
            acc = tl.permute(acc, (0, 2, 1))
            acc0, acc1 = tl.split(acc)
            c0 = acc0.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c], c0)
            c1 = acc1.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c + BLOCK_SIZE_N // 2], c1)
        else:
            accumulator = accumulator.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c], accumulator)


@triton.jit
def tiles_two_loops(a_desc, b_desc, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr, NUM_SMS: tl.constexpr):
    start = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    for tile_id in tl.range(start, num_m * num_n, NUM_SMS, warp_specialize=True):
        pid_m = tile_id // num_n
        pid_n = tile_id % num_n
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(tl.cdiv(K, BK)):
            a = a_desc.load([pid_m * BM, k * BK])
            b = b_desc.load([pid_n * BN, k * BK])
            acc = tl.dot(a, b.T, acc)
        offs_m = pid_m * BM + tl.arange(0, BM)
        for j in range(2):
            offs_n = pid_n * BN + tl.arange(0, BN)
            tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :] + j, acc)
