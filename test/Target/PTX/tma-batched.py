# Blocks of rank-3 and rank-4 host descriptors whose leading dimensions are
# 1 ([1, M, K] of a [B, M, K] tensor, [1, 1, M, K] of [Z, H, M, K]), used as
# 2-D tiles, are copied and stored with TMA on sm_90a as 2-D blocks are:
# the frontend gives the 2-D load and store every coordinate of the block
# (the unit dimensions' first), and the tensor map's box has the unit
# dimensions in front (cp.async.bulk.tensor.3d / .4d, coordinates innermost
# first). A block whose leading dimension is not 1 is not a 2-D tile and
# keeps the plain access.
# RUN: tilec %s --kernel bmm3d --signature "tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 32, 64]>, tensordesc<fp16[1, 64, 64]>, i32, 64, 64, 32" --arch sm_90a --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: func.func @bmm3d(
# TILE: %[[B:.*]] = tile.program_id 2
# TILE: scf.for
# TILE: tile.load %{{.*}}, %{{.*}}, %{{.*}} block[%[[B]], %{{.*}}, %{{.*}}] : tensor<64x32x!tile.ptr<f16>>
# TILE: tile.load %{{.*}}, %{{.*}}, %{{.*}} block[%[[B]], %{{.*}}, %{{.*}}] : tensor<32x64x!tile.ptr<f16>>
# TILE: tile.dot
# TILE: tile.store %{{.*}}, %{{.*}}, %{{.*}} block[%[[B]], %{{.*}}, %{{.*}}] : tensor<64x64x!tile.ptr<f16>>
#
# RUN: tilec %s --kernel bmm3d --signature "tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 32, 64]>, tensordesc<fp16[1, 64, 64]>, i32, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-NOT: cp.async.cg
# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
# PTX: wgmma.mma_async
# PTX: cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
# RUN: FileCheck %s --check-prefix=META < %t.json
# META: "tensor_maps": [
# META-NEXT: {
# META-NEXT: "box": [
# META-NEXT: 1,
# META-NEXT: 64,
# META-NEXT: 32
# META-NEXT: ],
# META-NEXT: "desc": "a_desc",
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
#
# RUN: tilec %s --kernel bmm4d --signature "tensordesc<fp16[1, 1, 64, 32]>, tensordesc<fp16[1, 1, 32, 64]>, tensordesc<fp16[1, 1, 64, 64]>, i32, i32, 64, 64, 32" --arch sm_90a --emit=ptx -o %t4.ptx
# RUN: FileCheck %s --check-prefix=PTX4 < %t4.ptx
# PTX4-NOT: cp.async.cg
# PTX4: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
# PTX4: cp.async.bulk.tensor.4d.global.shared::cta.bulk_group
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t4.ptx -o %t4.cubin %}
#
# B^T of [1, N, K] blocks: the load reads the block transposed, the box is
# the block's ([1, N, K]).
# RUN: tilec %s --kernel bmm3d_bt --signature "tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 64, 64]>, i32, 64, 64, 32" --arch sm_90a --emit=tile | FileCheck %s --check-prefix=BT
# BT: tile.load %{{.*}}, %{{.*}}, %{{.*}} block[%{{.*}}, %{{.*}}, %{{.*}}] {blockTransposed} : tensor<32x64x!tile.ptr<f16>>
# RUN: tilec %s --kernel bmm3d_bt --signature "tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 64, 32]>, tensordesc<fp16[1, 64, 64]>, i32, 64, 64, 32" --arch sm_90a --emit=ptx -o %tbt.ptx
# RUN: FileCheck %s --check-prefix=BTPTX < %tbt.ptx
# BTPTX-NOT: cp.async.cg
# BTPTX: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes
# RUN: FileCheck %s --check-prefix=BTMETA < %tbt.json
# BTMETA: "desc": "a_desc",
# BTMETA: "box": [
# BTMETA-NEXT: 1,
# BTMETA-NEXT: 64,
# BTMETA-NEXT: 32
# BTMETA-NEXT: ],
# BTMETA-NEXT: "desc": "b_desc",
#
# RUN: tilec %s --kernel pairs --signature "tensordesc<fp16[2, 64, 64]>, *fp32:16, 64" --arch sm_90a --emit=tile | FileCheck %s --check-prefix=PAIRS
# PAIRS: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x64x64x!tile.ptr<f16>>
# PAIRS-NOT: block[
import triton
import triton.language as tl


@triton.jit
def bmm3d(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
          BK: tl.constexpr):
    # C[b] = A[b] @ B[b] over [B, M, K] and [B, K, N] tensors.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    b = tl.program_id(2)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.reshape(a_desc.load([b, pid_m * BM, k]), [BM, BK])
        w = tl.reshape(b_desc.load([b, k, pid_n * BN]), [BK, BN])
        acc = tl.dot(a, w, acc)
    c = acc.to(c_desc.dtype)
    c_desc.store([b, pid_m * BM, pid_n * BN], tl.reshape(c, [1, BM, BN]))


@triton.jit
def bmm3d_bt(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
             BK: tl.constexpr):
    # C[b] = A[b] @ B[b]^T with B given as [B, N, K].
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    b = tl.program_id(2)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.reshape(a_desc.load([b, pid_m * BM, k]), [BM, BK])
        w = tl.reshape(b_desc.load([b, pid_n * BN, k]), [BN, BK])
        acc = tl.dot(a, w.T, acc)
    c = acc.to(c_desc.dtype)
    c_desc.store([b, pid_m * BM, pid_n * BN], tl.reshape(c, [1, BM, BN]))


@triton.jit
def bmm4d(a_desc, b_desc, c_desc, H, K, BM: tl.constexpr, BN: tl.constexpr,
          BK: tl.constexpr):
    # The same over [Z, H, M, K] and [Z, H, K, N] tensors, program id 2
    # numbering (z, h) pairs.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    z = tl.program_id(2) // H
    h = tl.program_id(2) % H
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.reshape(a_desc.load([z, h, pid_m * BM, k]), [BM, BK])
        w = tl.reshape(b_desc.load([z, h, k, pid_n * BN]), [BK, BN])
        acc = tl.dot(a, w, acc)
    c = acc.to(c_desc.dtype)
    c_desc.store([z, h, pid_m * BM, pid_n * BN], tl.reshape(c, [1, 1, BM, BN]))


@triton.jit
def pairs(x_desc, out_ptr, N: tl.constexpr):
    # A [2, N, N] block: summed over its first dimension.
    x = x_desc.load([0, tl.program_id(0) * N, 0])
    s = tl.sum(x.to(tl.float32), axis=0)
    r = tl.arange(0, N)
    tl.store(out_ptr + r[:, None] * N + r[None, :], s)
