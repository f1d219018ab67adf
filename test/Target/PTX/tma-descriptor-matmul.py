# --tma (on by default): the blocks of host tensor descriptors that a pipelined tensor-core
# loop stages are copied with TMA. The frontend marks each descriptor block
# load with its coordinates (tile.load's `block`, `blockTransposed` for B
# read as b.T) and the descriptor's base argument (`tile.host_descriptor`);
# tilegpu-pipeline turns the marked loads into tma_copy (by the elected lane
# of warp 0) into the stage's slot, one mbarrier a slot armed with the stage's bytes (2 x 128 x
# 64 fp16 = 32768), a wait on the read slot's phase each iteration, and a
# tensor-map argument per descriptor after the others; the PTX takes each map
# as a 64-byte aligned 128-byte .param, and the metadata lists them for the
# launcher. A loop whose stages all copy with TMA has no cp.async groups to
# commit or wait for. With --tma=false the loads are not marked (cp.async copies).
# RUN: tilec %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --arch sm_90a --tma --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: func.func @desc_matmul(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "a_desc"}
# TILE-SAME: %arg5: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "b_desc"}
# TILE: scf.for %[[K:[^ ]+]] =
# TILE: tile.load %{{.*}}, %{{.*}}, %{{.*}} block[%{{.*}}, %[[K]]] : tensor<128x64x!tile.ptr<f16>>
# TILE: tile.load %{{.*}}, %{{.*}}, %{{.*}} block[%{{.*}}, %[[K]]] {blockTransposed} : tensor<64x128x!tile.ptr<f16>>
# RUN: tilec %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --arch sm_90a --tma=false --emit=tile | FileCheck %s --check-prefix=PLAIN
# PLAIN-NOT: host_descriptor
# PLAIN-NOT: block[
#
# RUN: tilec %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --arch sm_90a --tma --emit=tilegpu | FileCheck %s --check-prefix=GPU
# GPU: func.func @desc_matmul(
# GPU-SAME: %[[A:[^:]+]]: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 128, 64>, desc = "a_desc", dtype = "fp16", swizzle = 128 : i32}}, %[[B:[^:]+]]: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 128, 64>, desc = "b_desc", dtype = "fp16", swizzle = 128 : i32}}, %[[C:[^:]+]]: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 128, 64>, desc = "c_desc", dtype = "fp16", swizzle = 128 : i32}})
# GPU: %[[BARS:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x1xi64>
# GPU-COUNT-3: tilegpu.mbarrier_init %{{.*}}, 1
# GPU: tilegpu.barrier
# The prologue: stages 0 and 1.
# GPU: tilegpu.mbarrier_expect %[[BAR0:.*]], 32768 pred
# GPU: tilegpu.tma_copy %[[A]][%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR0]] pred %{{.*}} : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #shared>
# GPU: tilegpu.tma_copy %[[B]][%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR0]] pred %{{.*}} : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared1>
# GPU: tilegpu.mbarrier_expect
# GPU-NOT: tilegpu.async_commit_group
# GPU: scf.for {{.*}} iter_args({{.*}}, %[[READ:[^ ]+]] = %c0_i32, %{{[^ ]+}} = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
# GPU-NOT: tilegpu.async_wait
# GPU: tilegpu.barrier
# GPU: %[[RBAR:.*]] = tilegpu.memdesc_subview %[[BARS]][%[[READ]]]
# GPU: tilegpu.mbarrier_wait %[[RBAR]], %[[PHASE]]
# GPU: tile.dot
# GPU: tilegpu.mbarrier_expect %{{.*}}, 32768 pred
# GPU-COUNT-2: tilegpu.tma_copy
# GPU-NOT: tilegpu.async_copy
# The phase flips when the read slot wraps to 0.
# GPU: %[[NEXT:.*]] = arith.select %{{.*}}, %c0_i32, %{{.*}} : i32
# GPU: %[[WRAP:.*]] = arith.cmpi eq, %[[NEXT]], %c0_i32
# GPU: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
# GPU: %[[NP:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]]
# GPU: scf.yield %{{.*}}, %[[NEXT]], %{{.*}}, %[[NP]]
# GPU-NOT: tilegpu.async_wait
# GPU: tilegpu.barrier
# GPU-COUNT-3: tilegpu.mbarrier_inval
# C goes out with a TMA store of the accumulator's fp16 values, staged in
# the mma layout (test/Target/PTX/tma-store.py).
# GPU: %[[CBUF:.*]] = tilegpu.local_alloc %{{.*}} : tensor<128x128xf16, #mma> -> !tilegpu.memdesc<128x128xf16, #shared2>
# GPU-NEXT: tilegpu.tma_store %[[C]][%{{.*}}, %{{.*}}], %[[CBUF]]
#
# On 8 warps (two warpgroups) the copies follow the async dot behind a
# barrier (every warpgroup has retired the slot they refill, and passed its
# mbarrier wait); the mbarrier wait makes the bytes visible, so the
# iteration has no other barrier.
# RUN: tilec %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --arch sm_90a --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=WG2
# WG2: scf.for
# WG2-NOT: tilegpu.barrier
# WG2: tilegpu.mbarrier_wait
# WG2-NOT: tilegpu.barrier
# WG2: tile.dot {{.*}}wgmma_pendings = 1
# WG2-NEXT: tilegpu.barrier
# WG2-NOT: tilegpu.barrier
# WG2: tilegpu.mbarrier_expect
# WG2-COUNT-2: tilegpu.tma_copy
# WG2-NOT: tilegpu.barrier
# WG2: scf.yield
#
# RUN: tilec %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --arch sm_90a --tma --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: .param .u32 desc_matmul_param_15,
# PTX-NEXT: .param .align 64 .b8 desc_matmul_param_16[128],
# PTX-NEXT: .param .align 64 .b8 desc_matmul_param_17[128]
# PTX: cvta.param.u64
# PTX: elect.sync
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# PTX-NOT: cp.async.cg
# PTX-NOT: cp.async.commit_group
# PTX-NOT: cp.async.wait_group
# PTX: mbarrier.try_wait.parity.shared::cta.b64
# RUN: FileCheck %s --check-prefix=META < %t.json
# META: "tensor_maps": [
# META-NEXT: {
# META-NEXT: "box": [
# META-NEXT: 128,
# META-NEXT: 64
# META-NEXT: ],
# META-NEXT: "desc": "a_desc",
# META-NEXT: "dtype": "fp16",
# META-NEXT: "swizzle": 128
# META: "desc": "b_desc",
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
#
# The interpreter runs the same tile IR, marks and all: C = A B^T on a
# 128 x 192 A and B (rows 192 apart), C poisoned with NaN first, equal to the
# run with --tma=false and to an fp64 product within fp16 rounding.
# RUN: %python -c "import struct, random; r = random.Random(3); a = [r.uniform(-1, 1) for _ in range(128 * 192)]; b = [r.uniform(-1, 1) for _ in range(128 * 192)]; open(r'%t.a', 'wb').write(struct.pack('<24576e', *a)); open(r'%t.b', 'wb').write(struct.pack('<24576e', *b)); open(r'%t.c0', 'wb').write(struct.pack('<16384e', *([float('nan')] * 16384)))"
# RUN: tilec run %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --grid 1,1 --interpret --tma \
# RUN:   --arg buf:fp16:file:%t.a --arg i32:128 --arg i32:192 --arg i64:192 --arg i64:1 --arg buf:fp16:file:%t.b --arg i32:128 --arg i32:192 --arg i64:192 --arg i64:1 \
# RUN:   --arg buf:fp16:file:%t.c0 --arg i32:128 --arg i32:128 --arg i64:128 --arg i64:1 --arg i32:192 --out 10=%t.tma
# RUN: tilec run %s --kernel desc_matmul --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 64]>:16, tensordesc<fp16[128, 128]>:16, i32, 128, 128, 64" --grid 1,1 --interpret --tma=false \
# RUN:   --arg buf:fp16:file:%t.a --arg i32:128 --arg i32:192 --arg i64:192 --arg i64:1 --arg buf:fp16:file:%t.b --arg i32:128 --arg i32:192 --arg i64:192 --arg i64:1 \
# RUN:   --arg buf:fp16:file:%t.c0 --arg i32:128 --arg i32:128 --arg i64:128 --arg i64:1 --arg i32:192 --out 10=%t.plain
# RUN: cmp %t.tma %t.plain
# RUN: %python -c "import struct, math; a = struct.unpack('<24576e', open(r'%t.a', 'rb').read()); b = struct.unpack('<24576e', open(r'%t.b', 'rb').read()); c = struct.unpack('<16384e', open(r'%t.tma', 'rb').read()); err = max(abs(math.fsum(a[i * 192 + k] * b[j * 192 + k] for k in range(192)) - c[i * 128 + j]) for i in range(0, 128, 3) for j in range(0, 128, 5)); assert err < 0.02, err"
import triton
import triton.language as tl


@triton.jit
def desc_matmul(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([pid_n * BN, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


# A block staged once, before the loop (attention's q): one TMA copy into a
# buffer of its own, waited on at phase 0, its mbarrier invalidated after a
# barrier; the loop's blocks are pipelined as above.
# RUN: tilec %s --kernel desc_q_loop --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[64, 64]>:16, *fp32:16, i32, 128, 64, 64" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=ONCE
# ONCE: %[[Q:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<128x64xf16, #shared>
# ONCE-NEXT: %[[BAR:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
# ONCE-NEXT: tilegpu.mbarrier_init %[[BAR]], 1
# ONCE-NEXT: tilegpu.barrier
# ONCE-NEXT: tilegpu.mbarrier_expect %[[BAR]], 16384 :
# ONCE-NEXT: tilegpu.tma_copy %{{.*}}[%{{.*}}, %c0_i32], %[[Q]], %[[BAR]] :
# ONCE: tilegpu.mbarrier_wait %[[BAR]], %c0_i32
# ONCE-NEXT: tilegpu.barrier
# ONCE-NEXT: tilegpu.mbarrier_inval %[[BAR]]
# ONCE: scf.for
# ONCE: tilegpu.tma_copy
# ONCE-NOT: tile.load
# RUN: tilec %s --kernel desc_q_loop --signature "tensordesc<fp16[128, 64]>:16, tensordesc<fp16[64, 64]>:16, *fp32:16, i32, 128, 64, 64" --arch sm_90a --emit=ptx -o %t.q.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.q.ptx -o %t.q.cubin %}
@triton.jit
def desc_q_loop(q_desc, k_desc, out_ptr, N, BM: tl.constexpr, BN: tl.constexpr,
                D: tl.constexpr):
    pid = tl.program_id(0)
    q = q_desc.load([pid * BM, 0])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for n in range(0, N, BN):
        k = k_desc.load([n, 0])
        acc += tl.dot(q, k.T)
    offs = (pid * BM + tl.arange(0, BM))[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(out_ptr + offs, acc)


# A loop with one operand on a descriptor (TMA) and one through pointers
# (cp.async) keeps its cp.async groups: a commit after each stage's copies,
# a wait at the top of each iteration and after the loop.
# RUN: tilec %s --kernel desc_ptr_matmul --signature "tensordesc<fp16[128, 64]>:16, *fp16:16, *fp32:16, i32, i32:16, 128, 128, 64" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=MIXED
# MIXED: tilegpu.mbarrier_expect
# MIXED: tilegpu.tma_copy
# MIXED: tilegpu.async_copy
# MIXED: tilegpu.async_commit_group
# MIXED: scf.for
# MIXED-NEXT: tilegpu.async_wait {num = 1 : i32}
# MIXED: tilegpu.tma_copy
# MIXED: tilegpu.async_copy
# MIXED: tilegpu.async_commit_group
# MIXED: scf.yield
# MIXED: tilegpu.async_wait {num = 0 : i32}
@triton.jit
def desc_ptr_matmul(a_desc, b_ptr, c_ptr, K, stride_bk, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr):
    pid_m = tl.program_id(0)
    offs_n = tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([pid_m * BM, k])
        b = tl.load(b_ptr + (k + tl.arange(0, BK))[:, None] * stride_bk + offs_n[None, :])
        acc = tl.dot(a, b, acc)
    offs = (pid_m * BM + tl.arange(0, BM))[:, None] * BN + offs_n[None, :]
    tl.store(c_ptr + offs, acc)
