# matmul_relu on Hopper (--arch sm_90a): the dot becomes wgmma.mma_async
# with both operands read from the swizzled shared buffers through matrix
# descriptors (mma version 3: all warps along M, one m64nNk16 per 64 rows
# and k step of 16).
# 64x64x32, 4 warps (one warpgroup): 2 k steps of m64n64k16 per iteration;
# the wgmma group of an iteration runs on into the next (wait_group 1 after
# issuing it, 0 after the loop) and the cp.async copies of the iteration,
# two iterations ahead, come after it (they refill the slot the retired
# group read).
# --split-masked-loops (the K loop split where its masks stop being
# all-true; off by default) is checked at the end (SPLIT16, SPLITTF32).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: grep -c "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16" %t.ptx | FileCheck %s --check-prefix=COUNT
# 128x256x64, 8 warps (two warpgroups), bf16, num_stages 4.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU4
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 4 --arch sm_90a --emit=ptx -o %t4.ptx
# RUN: FileCheck %s --check-prefix=PTX4 < %t4.ptx
# fp32 (tf32) with row-major B: tf32 wgmma reads B only K-major, so the
# transposed product C^T = B^T A^T runs instead (mma layout `transposed`):
# A (K-major) is wgmma's shared operand, B^T comes in registers read from a
# plain buffer (32-byte chunks XORed with k % 4); both filled by 16-byte
# copies. One commit group per k step of 8, wait_group 1 after each, the
# next step's registers read in between. With 3 or more stages the last
# group stays in flight into the next iteration (tilegpu.wgmma_pendings = 1,
# the copies after the dot, no wait_group 0 in the loop); with 2 (128x256x64
# fp32 tiles) the last waits for 0 and the copies of the next iteration come
# before the dot.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TF32-TGPU
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=ptx -o %t12.ptx
# RUN: FileCheck %s --check-prefix=TF32 < %t12.ptx
# RUN: grep -c "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32" %t12.ptx | FileCheck %s --check-prefix=TF32-COUNT
# RUN: %ptxas -arch=sm_90a -v %t12.ptx -o %t12.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# The benchmarked larger tiles: no spills, no serialized wgmma.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" --num-stages 3 --arch sm_90a --emit=ptx -o %t13.ptx
# RUN: %ptxas -arch=sm_90a -v %t13.ptx -o %t13.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit=ptx -o %t14.ptx
# RUN: FileCheck %s --check-prefix=TF32W8 < %t14.ptx
# RUN: %ptxas -arch=sm_90a -v %t14.ptx -o %t14.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# --split-masked-loops (tile-split-masked-loops): bf16 128x256x64 s4 and
# tf32 256x128x32 s4.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 4 --arch sm_90a --split-masked-loops --emit=ptx -o %t16.ptx
# RUN: FileCheck %s --check-prefix=SPLIT16 < %t16.ptx
# RUN: %ptxas -arch=sm_90a -v %t16.ptx -o %t16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 256, 128, 32" --num-warps 8 --num-stages 4 --arch sm_90a --split-masked-loops --emit=ptx -o %t17.ptx
# RUN: FileCheck %s --check-prefix=SPLITTF32 < %t17.ptx
# RUN: %ptxas -arch=sm_90a -v %t17.ptx -o %t17.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# 256x128x32, 8 warps, 4 stages: the copies before the dot, one barrier.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 256, 128, 32" --num-warps 8 --num-stages 4 --arch sm_90a --emit=ptx -o %t15.ptx
# RUN: FileCheck %s --check-prefix=TF32S4 < %t15.ptx
# RUN: %ptxas -arch=sm_90a -v %t15.ptx -o %t15.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# With B given transposed (stride_bk = 1, K contiguous: x @ W.T): tf32
# wgmma, B staged K-major in a transposed buffer by 16-byte copies (its
# load laid out with K fastest).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TF32T-TGPU
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=ptx -o %t8.ptx
# RUN: FileCheck %s --check-prefix=TF32T < %t8.ptx
# RUN: %ptxas -arch=sm_90a -v %t8.ptx -o %t8.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 2 --arch sm_90a --emit=ptx -o %t9.ptx
# RUN: %ptxas -arch=sm_90a -v %t9.ptx -o %t9.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# REQUIRES: ptxas
# ptxas must not serialize the wgmmas (its C7515 "wgmma.mma_async instructions
# are serialized": it did for 128x256x64 / 8 warps when the zero-trip path's
# accumulator moves were placed between the loop and the last wait, and it
# does when that wait may be skipped). Every benchmarked tile shape:
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: %ptxas -arch=sm_90a -v %t4.ptx -o %t4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" --arch sm_90a --emit=ptx -o %t5.ptx
# RUN: %ptxas -arch=sm_90a -v %t5.ptx -o %t5.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --arch sm_90a --emit=ptx -o %t6.ptx
# RUN: %ptxas -arch=sm_90a -v %t6.ptx -o %t6.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" --arch sm_90a --emit=ptx -o %t7.ptx
# RUN: %ptxas -arch=sm_90a -v %t7.ptx -o %t7.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# bf16 with B given transposed: B K-major in a transposed buffer too
# (transpose-b = 0), 16-byte copies, pipelined.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit=ptx -o %t10.ptx
# RUN: FileCheck %s --check-prefix=BT16 < %t10.ptx
# RUN: %ptxas -arch=sm_90a -v %t10.ptx -o %t10.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# bf16 with A given transposed (M contiguous): A M-major in a transposed
# buffer (transpose-a = 1), 16-byte copies, pipelined.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit=ptx -o %t11.ptx
# RUN: FileCheck %s --check-prefix=AT16 < %t11.ptx
# RUN: %ptxas -arch=sm_90a -v %t11.ptx -o %t11.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# Without pipelining the operands are written by st.shared (generic proxy):
# the writers fence them (fence.proxy.async) before the barrier the wgmma
# waits at. cp.async-filled buffers (above) get none, as in Triton and
# CUTLASS.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --num-stages 1 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=FENCE

# TGPU-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
# A (64x32) and B (32x64) are copied in layouts of their own (tilegpu-load-layouts):
# 4 and 8 lanes of 16 bytes along a row, so a warp's copy of B reads whole 128-byte lines.
# TGPU-DAG: #[[LA:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
# TGPU-DAG: #[[LB:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# TGPU-DAG: tilegpu.async_copy {{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>, tensor<64x32xi1, #[[LA]]> -> !tilegpu.memdesc<64x32xf16
# TGPU-DAG: tilegpu.async_copy {{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>, tensor<32x64xi1, #[[LB]]> -> !tilegpu.memdesc<32x64xf16
# The accumulator enters the loop through a no-op wait (an opaque value, so
# that LLVM puts no constant moves between the loop and the last wait):
# TGPU: %[[INIT:.*]] = tilegpu.wgmma_wait %{{.*}} {pendings = 0 : i32} : tensor<64x64xf32, #[[MMA]]>
# The operand pointers are not carried (tile-loop-pointer-offsets): one i64
# offset each, already 2 iterations (2 x 32 elements of A) ahead.
# TGPU-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]], %{{.*}} = %c64_i64, %{{.*}} = %{{.*}}, %{{.*}} = %c0_i32, %{{.*}} = %c2_i32) -> (tensor<64x64xf32, #[[MMA]]>, i64, i64, i32, i32)
# TGPU-NEXT: tilegpu.async_wait {num = 1 : i32}
# TGPU-NEXT: tilegpu.barrier
# TGPU-NOT: tilegpu.async_copy
# TGPU: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32} : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
# TGPU-NOT: tilegpu.barrier
# TGPU: tilegpu.async_copy
# TGPU: tilegpu.async_copy
# TGPU: tilegpu.async_commit_group
# TGPU: scf.yield
# TGPU-NEXT: }
# TGPU-NEXT: tilegpu.wgmma_wait {{.*}} {pendings = 0 : i32}

# CHECK: .target sm_90a
# CHECK: cp.async.wait_group 1;
# CHECK-NEXT: bar.sync 0;
# CHECK-NOT: fence.proxy.async
# CHECK: wgmma.fence.sync.aligned;
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{(%f[0-9]+, ?){31}%f[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1, 1, 1, 0, 1;
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK: wgmma.wait_group.sync.aligned 1;
# CHECK: cp.async.cg.shared.global
# CHECK: cp.async.commit_group;
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK-NOT: fence.proxy.async
# CHECK-NOT: ldmatrix
# CHECK-NOT: mma.sync
# COUNT: 2

# TGPU4-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
# TGPU4-DAG: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>
# TGPU4-DAG: #[[ST:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
# TGPU4: tilegpu.local_alloc : !tilegpu.memdesc<4x128x64xbf16, #{{.*}}>
# TGPU4: tilegpu.local_alloc : !tilegpu.memdesc<4x64x256xbf16, #[[SB]]>
# Four stages: two prologue copies; in the loop the copies run two
# iterations ahead, into the slot read two iterations back (its wgmma group
# retired by the previous iteration's wait_group 1), right after the loop's
# one barrier and before the dot; none after it.
# TGPU4-COUNT-2: tilegpu.async_commit_group
# TGPU4-NOT: tilegpu.async_commit_group
# TGPU4: scf.for
# TGPU4-NEXT: tilegpu.async_wait {num = 1 : i32}
# TGPU4-NEXT: tilegpu.barrier
# TGPU4: tilegpu.async_copy
# TGPU4: tilegpu.async_copy
# TGPU4: tilegpu.async_commit_group
# TGPU4-NOT: tilegpu.barrier
# TGPU4: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32} : tensor<128x64xbf16, #{{.*}}> * tensor<64x256xbf16, #{{.*}}> -> tensor<128x256xf32, #[[MMA]]>
# TGPU4-NOT: tilegpu.barrier
# TGPU4-NOT: tilegpu.async_copy
# TGPU4: scf.yield
# TGPU4-NEXT: }
# TGPU4-NEXT: tilegpu.wgmma_wait {{.*}} {pendings = 0 : i32}
# TGPU4-NEXT: tilegpu.async_wait {num = 0 : i32}
# The fp32 result is stored through a layout of its own
# (tilegpu-store-layouts): 4 elements a thread, a warp's 32 lanes along one
# row (512 contiguous bytes a store), not the operands' 8-element layout
# (lanes 32 bytes apart: each 16-byte store would write half of every
# sector). The accumulator converts straight to it.
# TGPU4: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<128x256xf32, #[[MMA]]> -> tensor<128x256xf32, #[[ST]]>
# TGPU4-NOT: tilegpu.convert_layout
# TGPU4: tile.store {{.*}} {tilegpu.contiguity = array<i32: 1, 256>, tilegpu.vector = 4 : i32} : tensor<128x256x!tile.ptr<f32>, #[[ST]]>

# The descriptors: the warp index is broadcast from lane 0 (so ptxas keeps
# what depends on it in uniform registers), each operand's descriptor is
# built once per iteration (14-bit start address | LBO, SBO, 128-byte
# swizzle; the start address from the 32-bit shared address: (addr >> 4) &
# 0x3FFF, whose low 6 bits are 0 at 1024-byte alignment) and advanced by a
# 64-bit add (or or) per k step of 16: A by 32 bytes
# (2 units of 16), B by 16 rows of 128 bytes (128 units).
# PTX4: cp.async.wait_group 1;
# PTX4: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
# PTX4: wgmma.fence.sync.aligned;
# PTX4: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16320;
# PTX4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, [[A0:%rd[0-9]+]], [[B0:%rd[0-9]+]], 1, 1, 1, 0, 1;
# PTX4-NEXT: // end inline asm
# PTX4-NEXT: {{(add.s64|or.b64)}} [[A1:%rd[0-9]+]], [[AS:%rd[0-9]+]], 4611686293305360386;
# PTX4-NEXT: {{(add.s64|or.b64)}} [[B1:%rd[0-9]+]], [[BS:%rd[0-9]+]], 4611686293338849408;
# PTX4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, [[A1]], [[B1]], 1, 1, 1, 0, 1;
# PTX4-NEXT: // end inline asm
# PTX4-NEXT: {{(add.s64|or.b64)}} [[A2:%rd[0-9]+]], [[AS]], 4611686293305360388;
# PTX4-NEXT: {{(add.s64|or.b64)}} [[B2:%rd[0-9]+]], [[BS]], 4611686293338849536;
# PTX4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, [[A2]], [[B2]], 1, 1, 1, 0, 1;
# PTX4: wgmma.wait_group.sync.aligned 1;
# PTX4: wgmma.wait_group.sync.aligned 0;
# The epilogue: the accumulator's pairs into shared memory, then each thread
# reads 16 bytes a row (one vector load each: 32 of them) and stores them.
# PTX4-COUNT-32: ld.volatile.shared.v4.f32
# PTX4-NOT: ld.shared
# PTX4: st.global.v4.b32

# FENCE: st.shared
# FENCE: fence.proxy.async.shared::cta;
# FENCE: st.shared
# FENCE: fence.proxy.async.shared::cta;
# FENCE-NEXT: // end inline asm
# FENCE-NEXT: bar.sync 0;
# FENCE-NOT: fence.proxy.async
# FENCE: wgmma.fence.sync.aligned;
# FENCE: wgmma.mma_async

# BT16-NOT: cp.async.ca
# BT16: cp.async.wait_group 1;
# BT16: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, 1, 1, 1, 0, 0;
# BT16-NOT: cp.async.ca
# BT16: wgmma.wait_group.sync.aligned 0;

# AT16-NOT: cp.async.ca
# AT16: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, 1, 1, 1, 1, 1;
# AT16-NOT: cp.async.ca
# AT16: wgmma.wait_group.sync.aligned 0;

# TF32-TGPU-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>
# TF32-TGPU-DAG: #[[SA:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8}>
# TF32-TGPU-DAG: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 4, blockCols = 32}>
# TF32-TGPU: tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf32, #[[SA]]>
# TF32-TGPU: tilegpu.local_alloc : !tilegpu.memdesc<3x32x64xf32, #[[SB]]>
# TF32-TGPU: tilegpu.async_copy {{.*}} {vector = 4 : i32} {{.*}} -> !tilegpu.memdesc<64x32xf32, #[[SA]]>
# TF32-TGPU: tilegpu.async_copy {{.*}} {vector = 4 : i32} {{.*}} -> !tilegpu.memdesc<32x64xf32, #[[SB]]>
# TF32-TGPU: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32} {{.*}} -> tensor<64x64xf32, #[[MMA]]>

# The prologue's copies (shared addresses in 32-bit registers); in the loop,
# per k step four B^T registers read (two 8-byte loads: rows 2g, 2g + 1),
# not rounded (the tensor cores truncate them to tf32, as they do A), the
# fence, the wgmma with A's descriptor, commit, the next step's registers,
# wait; then the loop's copies.
# TF32-NOT: cp.async.ca
# TF32: cp.async.cg.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 16,
# TF32: cp.async.commit_group;
# TF32-NOT: cvt.rna.tf32.f32
# TF32: ld.shared.v2.u32
# TF32-NOT: cvt.rna.tf32.f32
# TF32: wgmma.fence.sync.aligned;
# TF32: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{{.*}}}, {[[R0:%r[0-9]+]], [[R1:%r[0-9]+]], [[R2:%r[0-9]+]], [[R3:%r[0-9]+]]}, {{%rd[0-9]+}}, 1, 1, 1;
# TF32: wgmma.commit_group.sync.aligned;
# TF32-NEXT: // end inline asm
# The next k step's registers are read before waiting for the previous one.
# TF32-NEXT: ld.shared.v2.u32
# TF32: wgmma.wait_group.sync.aligned 1;
# The third and fourth steps' groups stay in flight (wait_group 2; the next
# iteration's first wait_group 1 retires them): the loop's copies follow
# them, and wait_group 0 comes only after the loop (its branch back first).
# TF32-COUNT-2: wgmma.wait_group.sync.aligned 1;
# TF32-NOT: wgmma.wait_group.sync.aligned {{[01]}};
# TF32: wgmma.wait_group.sync.aligned 2;
# TF32-NOT: wgmma.wait_group.sync.aligned 0;
# TF32: cp.async.cg.shared.global
# TF32-NOT: wgmma.wait_group.sync.aligned 0;
# TF32: {{@%p[0-9]+}} bra
# TF32: wgmma.wait_group.sync.aligned 0;
# TF32-NOT: mma.sync
# TF32-NOT: cp.async.ca
# 4 k steps of 8 (K = 32), all in the loop body.
# TF32-COUNT: {{^4$}}

# 128x256x64, 8 warps: n = 128 (M), two 64-row blocks of N per warpgroup.
# Two stages only (96 KB each): the copies of the next iteration precede the
# dot, whose eighth k step waits for 0 in the loop.
# TF32W8: cp.async.wait_group 0;
# TF32W8: cp.async.cg.shared.global
# TF32W8: cp.async.commit_group;
# TF32W8-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
# TF32W8-NEXT: // end inline asm
# TF32W8-NEXT: // begin inline asm
# TF32W8-NEXT: wgmma.commit_group.sync.aligned;
# TF32W8-COUNT-7: wgmma.wait_group.sync.aligned 1;
# TF32W8-NOT: cp.async.cg
# TF32W8: wgmma.wait_group.sync.aligned 0;
# TF32W8-NEXT: // end inline asm
# TF32W8-NOT: cp.async.cg
# TF32W8: {{@%p[0-9]+}} bra

# 256x128x32 / 4 stages: m64n256k8, one 64-row block of N (128) per
# warpgroup; in the loop the one barrier, then the copies two
# iterations ahead and their commit, then the four k steps; the last two
# stay in flight and no barrier follows before the branch back.
# TF32S4: cp.async.wait_group 1;
# TF32S4-NEXT: bar.sync 0;
# TF32S4-COUNT-12: cp.async.cg.shared.global
# TF32S4: cp.async.commit_group;
# TF32S4-NOT: bar.sync
# TF32S4: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
# TF32S4-COUNT-3: wgmma.wait_group.sync.aligned 1;
# TF32S4: wgmma.wait_group.sync.aligned 2;
# TF32S4-NOT: bar.sync
# TF32S4-NOT: cp.async.cg
# TF32S4: {{@%p[0-9]+}} bra
# TF32S4: wgmma.wait_group.sync.aligned 0;

# TF32T-TGPU-DAG: #[[BL:.*]] = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
# TF32T-TGPU-DAG: #[[ST:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, transposed}>
# TF32T-TGPU-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
# TF32T-TGPU: tilegpu.local_alloc : !tilegpu.memdesc<3x32x64xf32, #[[ST]]>
# TF32T-TGPU: tilegpu.async_copy {{.*}} {vector = 4 : i32} : tensor<32x64x!tile.ptr<f32>, #[[BL]]>, tensor<32x64xi1, #[[BL]]> -> !tilegpu.memdesc<32x64xf32, #[[ST]]>
# TF32T-TGPU: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>

# Four k steps of 8; the descriptors advance by 32 bytes (2 units) along
# both K-major operands (the same fields: LBO 16, SBO 1024, 128-byte swizzle).
# TF32T-NOT: cp.async.ca
# TF32T: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, [[A0:%rd[0-9]+]], [[B0:%rd[0-9]+]], 1, 1, 1;
# TF32T-NEXT: // end inline asm
# TF32T-NEXT: {{(add.s64|or.b64)}} {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293305360386;
# TF32T-NEXT: {{(add.s64|or.b64)}} {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293305360386;
# TF32T-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# TF32T-NOT: mma.sync
# TF32T-NOT: cp.async.ca

# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

# The grouped matmul (examples/matmul_relu_grouped.py: Triton's tutorial
# order of program ids, min() on runtime values) compiles to the same wgmma
# main loop.
# RUN: tilec %seeds/matmul_relu_grouped.py --kernel matmul_relu_grouped_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8" --num-warps 8 --num-stages 3 --arch sm_90a --emit=ptx -o %t15.ptx
# RUN: FileCheck %s --check-prefix=GROUPED < %t15.ptx
# RUN: %ptxas -arch=sm_90a -v %t15.ptx -o %t15.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# GROUPED: min.s32
# GROUPED-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16

# --group-programs 0 keeps the plain order (the program ids are ctaid.x and
# ctaid.y, no division); out of range is an error.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --num-warps 8 --group-programs 0 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=PLAIN
# PLAIN-NOT: div.u64
# PLAIN: mov.u32 {{%r[0-9]+}}, %ctaid.y;
# PLAIN-NOT: div.u64
# RUN: not tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64" --group-programs -1 --emit=ptx 2>&1 | FileCheck %s --check-prefix=BADG
# BADG: tilec: error: --group-programs must be from 0 to 64, got -1
# The default order divides the launch position by the group's size.
# RUN: FileCheck %s --check-prefix=GROUP8 < %t4.ptx
# GROUP8: %nctaid.y
# GROUP8: div.u64

# The pipelined loop without the K masks: no source size selected in it,
# every copy guarded by one predicate (the iteration exists); then the
# rest, from the split to K: masked ld.global into registers, st.shared
# between two barriers, the generic-proxy fence, the four k steps of
# wgmma, waited for at once.
# SPLIT16: cp.async.wait_group 1;
# SPLIT16-NEXT: bar.sync 0;
# SPLIT16-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT16: @[[P:%p[0-9]+]] cp.async.cg.shared.global
# SPLIT16-COUNT-11: @[[P]] cp.async.cg.shared.global
# SPLIT16-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT16: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
# SPLIT16-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT16: {{@%p[0-9]+}} bra
# SPLIT16: wgmma.wait_group.sync.aligned 0;
# SPLIT16: cp.async.wait_group 0;
# SPLIT16: ld.global.v4.b32
# SPLIT16: bar.sync 0;
# SPLIT16: st.shared.v4.b32
# SPLIT16: fence.proxy.async.shared::cta;
# SPLIT16: bar.sync 0;
# SPLIT16-NOT: fence.proxy.async
# SPLIT16-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
# SPLIT16: wgmma.wait_group.sync.aligned 0;
# SPLIT16: {{@%p[0-9]+}} bra
# SPLIT16-NOT: cp.async

# SPLITTF32: cp.async.wait_group 1;
# SPLITTF32-NEXT: bar.sync 0;
# SPLITTF32-NOT: selp.b32 {{.*}}, 16, 0
# SPLITTF32: @[[P:%p[0-9]+]] cp.async.cg.shared.global
# SPLITTF32-COUNT-11: @[[P]] cp.async.cg.shared.global
# SPLITTF32-NOT: selp.b32 {{.*}}, 16, 0
# SPLITTF32: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
# SPLITTF32: wgmma.wait_group.sync.aligned 2;
# SPLITTF32-NOT: selp.b32 {{.*}}, 16, 0
# SPLITTF32: {{@%p[0-9]+}} bra
# SPLITTF32: wgmma.wait_group.sync.aligned 0;
# SPLITTF32: ld.global.v4.b32
# SPLITTF32: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
# SPLITTF32: {{@%p[0-9]+}} bra
# SPLITTF32-NOT: cp.async
