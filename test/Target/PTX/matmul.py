# matmul_relu (examples/matmul_relu.py, 64x64x32, 4 warps, unit strides
# specialized as Triton's JIT does) on the tensor cores: the warps form a
# 2x2 grid of 32x32 accumulator tiles (#tilegpu.mma); a and b go through
# swizzled shared buffers and come back with ldmatrix (x4; .trans for b);
# per K step of 32 each warp issues 2 (M) x 4 (N) x 2 (K) = 16
# mma.sync.m16n8k16 with fp32 accumulators. The K loop is software-
# pipelined (num_stages 3, Triton's default): 16-byte cp.async copies two
# iterations ahead into 3-slot buffers, one barrier per iteration.
# --num-stages 1: the loads go through registers (ld.global, st.shared).
# --split-masked-loops: the loop split where its K masks stop being
# all-true (SPLIT prefixes, at the end).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: grep -c "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" %t.ptx | FileCheck %s --check-prefix=COUNT
# RUN: grep -c "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" %t.ptx | FileCheck %s --check-prefix=TRANS
# RUN: FileCheck %s --check-prefix=META < %t.json
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --split-masked-loops --emit=tilegpu | FileCheck %s --check-prefix=SPLIT-TGPU
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --split-masked-loops --emit=ptx -o %t.split.ptx
# RUN: FileCheck %s --check-prefix=SPLIT < %t.split.ptx
# RUN: grep -c "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" %t.split.ptx | FileCheck %s --check-prefix=SPLIT-COUNT
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --num-stages 1 --emit=ptx | FileCheck %s --check-prefix=NOPIPE
# bf16 and tf32 (fp32 inputs, Triton's default input_precision):
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --emit=ptx | FileCheck %s --check-prefix=BF16
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --emit=ptx | FileCheck %s --check-prefix=TF32
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# B given transposed (stride_bk = 1, K contiguous): staged K-major in a
# transposed buffer by 16-byte copies (pipelined) and read by ldmatrix
# without .trans; for f16 and for tf32 (whose B otherwise has no ldmatrix form).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 64, 64, 32" --emit=ptx -o %t.bt.ptx
# RUN: FileCheck %s --check-prefix=BT < %t.bt.ptx
# RUN: grep -c "ldmatrix.sync.aligned.m8n8.x4.shared.b16" %t.bt.ptx | FileCheck %s --check-prefix=BTCOUNT
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 64, 64, 32" --emit=ptx -o %t.bt32.ptx
# RUN: FileCheck %s --check-prefix=BT < %t.bt32.ptx
# RUN: %ptxas -arch=sm_90 -v %t.bt.ptx -o %t.bt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: %ptxas -arch=sm_90 -v %t.bt32.ptx -o %t.bt32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# A given transposed (stride_am = 1, M contiguous), f16: staged M-major in a
# transposed buffer by 16-byte copies and read by ldmatrix .trans (all 8).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, 1, i32:16, 1, 64, 64, 32" --emit=ptx -o %t.at.ptx
# RUN: FileCheck %s --check-prefix=AT < %t.at.ptx
# RUN: grep -c "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" %t.at.ptx | FileCheck %s --check-prefix=BTCOUNT
# RUN: %ptxas -arch=sm_90 -v %t.at.ptx -o %t.at.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

# TGPU-DAG: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
# TGPU-DAG: #[[SA:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
# TGPU-DAG: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
# TGPU: %[[BA:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16, #[[SA]]>
# TGPU: %[[BB:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x32x64xf16, #[[SB]]>
# TGPU: tilegpu.barrier
# TGPU-COUNT-2: tilegpu.async_commit_group
# The loop carries the accumulator, one i64 offset per operand instead of its
# pointer tile (tile-loop-pointer-offsets), and the two buffer slots.
# TGPU: scf.for {{.*}} -> (tensor<64x64xf32, #[[MMA]]>, i64, i64, i32, i32)
# TGPU-NEXT: tilegpu.async_wait {num = 1 : i32}
# TGPU-NEXT: tilegpu.barrier
# TGPU: tilegpu.async_copy {{.*}} {vector = 8 : i32}
# TGPU: tilegpu.async_commit_group
# TGPU: tilegpu.local_load {{.*}} -> tensor<64x32xf16, #[[DA:dot_op[0-9]*]]>
# TGPU: tilegpu.local_load {{.*}} -> tensor<32x64xf16, #[[DB:dot_op[0-9]*]]>
# TGPU: tile.dot {{.*}} : tensor<64x32xf16, #[[DA]]> * tensor<32x64xf16, #[[DB]]> -> tensor<64x64xf32, #[[MMA]]>
# TGPU: scf.yield
# TGPU: tilegpu.async_wait {num = 0 : i32}
# TGPU-NEXT: tilegpu.barrier
# The accumulator leaves the mma layout once, after the loop:
# TGPU: tilegpu.convert_layout {{.*}} : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #blocked

# Each copy is guarded by the predicate of its iteration (@p: past the end,
# nothing is copied) and sized by its mask bit (0: zero fill).
# CHECK-LABEL: .entry matmul_relu_kernel
# CHECK: @%p{{[0-9]+}} cp.async.cg.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 16, %r{{[0-9]+}};
# CHECK: cp.async.commit_group;
# CHECK: cp.async.wait_group 1;
# CHECK-NEXT: bar.sync 0;
# CHECK: @[[P:%p[0-9]+]] cp.async.cg.shared.global
# CHECK: @[[P]] cp.async.cg.shared.global
# CHECK: cp.async.commit_group;
# CHECK: ldmatrix.sync.aligned.m8n8.x4{{(.trans)?}}.shared.b16
# CHECK: mma.sync
# CHECK: bra {{.*}}$L__BB0_[[LOOP:[0-9]+]];
# CHECK: cp.async.wait_group 0;
# CHECK: max.f32
# CHECK: st.global
# COUNT: 16
# TRANS: 4
# 3 slots x (64x32 + 32x64) x 2 bytes
# META: "shared_bytes": 24576
# NOPIPE-NOT: cp.async
# NOPIPE: ld.global.v4.b32
# NOPIPE: st.shared.v4.b32
# NOPIPE: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# BF16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# TF32: cvt.rna.tf32.f32
# TF32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# BT-NOT: cp.async.ca
# BT-NOT: .trans
# BT: cp.async.cg.shared.global
# BT: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# BT: mma.sync
# BT-NOT: .trans
# BT-NOT: cp.async.ca
# BT: cp.async.wait_group 0;
# Per K step of 32 a warp (32 x 32 of C) loads A with 2 (m blocks of 16) x 2
# (k steps of 16) x4 and B with 2 (pairs of n blocks of 8) x 2 x4: 8.
# BTCOUNT: 8
# AT-NOT: cp.async.ca
# AT: cp.async.cg.shared.global
# AT-NOT: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# AT: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# AT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# AT-NOT: ldmatrix.sync.aligned.m8n8.x4.shared.b16

# SPLIT-TGPU: %[[HEAD:.*]]:7 = scf.for {{.*}} -> (tensor<64x64xf32, #mma>, i64, i64, i32, i32, i64, i64)
# SPLIT-TGPU: tilegpu.async_copy
# SPLIT-TGPU: tile.dot
# SPLIT-TGPU: scf.yield
# SPLIT-TGPU: tilegpu.async_wait {num = 0 : i32}
# SPLIT-TGPU-NEXT: tilegpu.barrier
# The rest: from the split to K, its loads masked and through registers; the
# pipelined loop also carries the two offsets at the current iteration, which
# the rest starts from.
# SPLIT-TGPU: scf.for {{.*}} iter_args(%{{.*}} = %[[HEAD]]#0,
# SPLIT-TGPU: tile.load
# SPLIT-TGPU: tile.load
# SPLIT-TGPU: tile.dot
# SPLIT-TGPU: } {tile.num_stages = 1 : i32}
# In the pipelined loop no source size is selected by a mask (the K masks
# are gone, the M and N ones are loop-invariant).
# SPLIT: cp.async.wait_group 1;
# SPLIT-NEXT: bar.sync 0;
# SPLIT-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT: @[[P:%p[0-9]+]] cp.async.cg.shared.global
# SPLIT-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT: @[[P]] cp.async.cg.shared.global
# SPLIT-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT: mma.sync
# SPLIT-NOT: selp.b32 {{.*}}, 16, 0
# SPLIT: bra {{.*}}$L__BB0_{{[0-9]+}};
# SPLIT: cp.async.wait_group 0;
# SPLIT: ld.global.v4.b32
# SPLIT: mma.sync
# SPLIT: st.global
# 16 in each loop:
# SPLIT-COUNT: 32
