# Stores of host-descriptor blocks (desc.store) go out with TMA on sm_90a:
# the frontend marks the tile.store with the block's coordinates, and
# tilegpu-tma-stores stages the value in a swizzled buffer (in the layout it
# is computed in) that one thread writes with cp.async.bulk.tensor; the
# writers fence their shared-memory stores for the async proxy and meet at
# a barrier first, and the storing thread waits until the copy has read the
# buffer.
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 64]>:16, i32, i32, 64, 64" --arch sm_90a --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: func.func @add_one(
# TILE-SAME: tile.host_descriptor = "y_desc"
# TILE: tile.store %{{.*}}, %{{.*}}, %{{.*}} block[%{{.*}}, %{{.*}}] : tensor<64x64x!tile.ptr<f16>>
#
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 64]>:16, i32, i32, 64, 64" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=GPU
# GPU: func.func @add_one(
# GPU-SAME: %[[MAP:[^:]+]]: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 64, 64>, desc = "y_desc", dtype = "fp16", swizzle = 128 : i32}})
# GPU-NOT: scf.if
# GPU: %[[BUF:.*]] = tilegpu.local_alloc %{{.*}} : tensor<64x64xf16, #{{.*}}> -> !tilegpu.memdesc<64x64xf16, #shared>
# GPU-NEXT: tilegpu.tma_store %[[MAP]][%{{.*}}, %{{.*}}], %[[BUF]] : !tilegpu.tensormap, !tilegpu.memdesc<64x64xf16, #shared>
# GPU-NOT: tile.store
# GPU: return
#
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 64]>:16, i32, i32, 64, 64" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: .param .align 64 .b8 add_one_param_{{[0-9]+}}[128]
# PTX-NOT: st.global
# PTX: st.shared
# PTX: fence.proxy.async.shared::cta
# PTX: bar.sync
# PTX: elect.sync
# PTX: @[[P:%p[0-9]+]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
# PTX: @[[P]] cp.async.bulk.commit_group;
# PTX: @[[P]] cp.async.bulk.wait_group.read 0;
# PTX-NOT: st.global
# RUN: FileCheck %s --check-prefix=META < %t.json
# META: "tensor_maps": [
# META-NEXT: {
# META-NEXT: "box": [
# META-NEXT: 64,
# META-NEXT: 64
# META-NEXT: ],
# META-NEXT: "desc": "y_desc",
# META-NEXT: "dtype": "fp16",
# META-NEXT: "swizzle": 128
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
#
# Without the divisibility of the inner size the kernel branches: TMA where
# the rows end on whole 16-byte chunks (TMA writes whole chunks), else the
# store as it was.
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 64]>, i32, i32, 64, 64" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=BRANCH
# The descriptor's arguments: base %arg1, sizes %arg2 and %arg3 (inner).
# BRANCH: func.func @add_one(%arg0: !tile.ptr<f16> {{.*}}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "y_desc"}, %arg2: i32, %arg3: i32,
# BRANCH: %[[LOW:.*]] = arith.andi %arg3, %c7_i32 : i32
# BRANCH: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %c0_i32 : i32
# BRANCH: scf.if %[[OK]] {
# BRANCH-NEXT: tilegpu.local_alloc
# BRANCH-NEXT: tilegpu.tma_store
# BRANCH-NEXT: } else {
# BRANCH-NEXT: tile.store
# BRANCH-NOT: block[
# BRANCH: }
#
# A block wider than a swizzle row (128 bytes) goes out in column blocks, one
# copy each (64 columns of fp16 apart).
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 256]>:16, i32, i32, 64, 256" --arch sm_90a --emit=ptx -o %t.wide.ptx
# RUN: FileCheck %s --check-prefix=WIDE < %t.wide.ptx
# WIDE-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# WIDE-NOT: cp.async.bulk.tensor
# WIDE: cp.async.bulk.commit_group
#
# Not through a descriptor the kernel also reads (the TMA store completes
# some time after the kernel's later accesses), nor in a kernel with atomics,
# nor with --tma=false, nor for elements other than 16-bit ones.
# RUN: tilec %s --kernel scale_in_place --signature "tensordesc<fp32[32, 32]>:16, fp32, 32, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=PLAIN
# RUN: tilec %s --kernel store_and_count --signature "*fp32:16, tensordesc<fp32[32, 32]>:16, *i32, 32, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=PLAIN
# RUN: tilec %s --kernel add_one --signature "*fp16:16, tensordesc<fp16[64, 64]>:16, i32, i32, 64, 64" --arch sm_90a --tma=false --emit=tilegpu | FileCheck %s --check-prefix=PLAIN
# RUN: tilec %s --kernel add_one --signature "*fp32:16, tensordesc<fp32[64, 64]>:16, i32, i32, 64, 64" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=PLAIN
# PLAIN-NOT: tilegpu.tensormap
# PLAIN-NOT: tma_store
# PLAIN: tile.store
# PLAIN-NOT: tma_store
import triton
import triton.language as tl


@triton.jit
def add_one(x_ptr, y_desc, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=0.0)
    y_desc.store([pid_m * BM, pid_n * BN], x + 1.0)


@triton.jit
def scale_in_place(x_desc, s, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    x = x_desc.load([pid * BM, 0])
    x_desc.store([pid * BM, 0], x * s)


@triton.jit
def store_and_count(x_ptr, y_desc, count_ptr, BM: tl.constexpr,
                    BN: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BM * BN + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    y_desc.store([pid * BM, 0], tl.load(x_ptr + offs))
    tl.atomic_add(count_ptr, 1)
