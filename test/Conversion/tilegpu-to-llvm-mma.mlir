// Checks the lowering of the tensor-core ops: memdesc_subview (the slot's
// start), async_copy (one cp.async per run of `vector` elements: .cg for 16
// bytes, .ca for 4 and 8, source size 0 where the mask bit is false, guarded
// by the predicate), async_commit_group / async_wait, local_load of 16-bit data from a
// swizzled buffer into the #dot_op layouts (ldmatrix x4, .trans (col) for B),
// and tile.dot with an #mma result (mma.sync m16n8k16 for f16 / bf16, m16n8k8
// with cvt.rna.tf32.f32 for f32). A local_load whose one user is an mma dot
// lowers to nothing: the dot issues its ldmatrix, k block by k block.
// RUN: tilec-opt %s -convert-tilegpu-to-llvm | FileCheck %s

#b8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
#sb = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#s4 = #tilegpu.shared<{vec = 4, perPhase = 4, maxPhase = 2}>
module attributes {tile.num_warps = 4 : i32} {
  // Slot %i of a 3-slot buffer at offset 1024: 1024 + %i * 4096 bytes. 64x32
  // over #b8 is 16 elements a thread, two runs of 8 (16 bytes): each goes to
  // its swizzled place r * 32 + ((c / 8) ^ ((r / 2) % 4)) * 8 + c % 8, with
  // the source size 16 where mask[first element], else 0; the instruction
  // guarded by %pred (@$3: no copy at all when it is false).
  // CHECK-LABEL: llvm.func @copy16
  // CHECK-SAME: (%[[I:[^:]+]]: i32, %[[P:[^:]+]]: !llvm.struct<(ptr<1>, {{.*}})>, %[[M:[^:]+]]: !llvm.struct<(i1, {{.*}})>, %[[PRED:[^:]+]]: i1)
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK-NEXT: %[[BUF:.*]] = llvm.getelementptr %[[SMEM]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: %[[SLOTBYTES:.*]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK-NEXT: %[[OFF:.*]] = llvm.mul %[[I]], %[[SLOTBYTES]] : i32
  // CHECK-NEXT: %[[SLOT:.*]] = llvm.getelementptr %[[BUF]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: %[[P0:.*]] = llvm.extractvalue %[[P]][0]
  // CHECK: %[[P8:.*]] = llvm.extractvalue %[[P]][8]
  // CHECK: %[[M0:.*]] = llvm.extractvalue %[[M]][0]
  // CHECK: %[[M8:.*]] = llvm.extractvalue %[[M]][8]
  // CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[RP:.*]] = llvm.udiv %[[ROW:.*]], %[[C2]] : i32
  // CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-NEXT: %[[PHASE:.*]] = llvm.urem %[[RP]], %[[C4]] : i32
  // CHECK-NEXT: %[[SW:.*]] = llvm.xor %{{.*}}, %[[PHASE]] : i32
  // CHECK-NEXT: %[[C8B:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[SWE:.*]] = llvm.mul %[[SW]], %[[C8B]] : i32
  // CHECK-NEXT: %[[C8C:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[INCH:.*]] = llvm.urem %{{.*}}, %[[C8C]] : i32
  // CHECK-NEXT: %[[INROW:.*]] = llvm.add %[[SWE]], %[[INCH]] : i32
  // CHECK-NEXT: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ROWSTART:.*]] = llvm.mul %[[ROW]], %[[C32]] : i32
  // CHECK-NEXT: %[[IDX0:.*]] = llvm.add %[[ROWSTART]], %[[INROW]] : i32
  // CHECK-NEXT: %[[DST0:.*]] = llvm.getelementptr %[[SLOT]][%[[IDX0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: %[[FULL0:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[NONE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[SIZE0:.*]] = llvm.select %[[M0]], %[[FULL0]], %[[NONE0]] : i1, i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects "@$3 cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r,b" %[[DST0]], %[[P0]], %[[SIZE0]], %[[PRED]] : (!llvm.ptr<3>, !llvm.ptr<1>, i32, i1) -> ()
  // The second run is 32 rows further, at the same swizzle phase in every
  // thread: the first run's place + 32 * 32 elements (an immediate).
  // CHECK-NEXT: %[[DST1:.*]] = llvm.getelementptr %[[DST0]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: %[[FULL1:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[NONE1:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[SIZE1:.*]] = llvm.select %[[M8]], %[[FULL1]], %[[NONE1]] : i1, i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects "@$3 cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r,b" %[[DST1]], %[[P8]], %[[SIZE1]], %[[PRED]] : (!llvm.ptr<3>, !llvm.ptr<1>, i32, i1) -> ()
  // CHECK-NOT: cp.async.cg
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.cp.async.commit.group
  // CHECK-NEXT: nvvm.cp.async.wait.group 1
  // CHECK-NEXT: nvvm.cp.async.wait.group 0
  // CHECK-NEXT: llvm.return
  func.func @copy16(%i: i32, %p: tensor<64x32x!tile.ptr<f16>, #b8>, %m: tensor<64x32xi1, #b8>, %pred: i1) {
    %buf = tilegpu.local_alloc {tilegpu.shared_offset = 1024 : i64} : !tilegpu.memdesc<3x64x32xf16, #sa>
    %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #sa> -> !tilegpu.memdesc<64x32xf16, #sa>
    tilegpu.async_copy %p, %s mask %m pred %pred {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #b8>, tensor<64x32xi1, #b8> -> !tilegpu.memdesc<64x32xf16, #sa>
    tilegpu.async_commit_group
    tilegpu.async_wait {num = 1 : i32}
    tilegpu.async_wait {num = 0 : i32}
    return
  }

  // 8 bytes (4 f16) a copy: cp.async.ca; 16 elements over #b4 are 4 runs,
  // each sized by the mask bit of its first element and guarded by %pred.
  // CHECK-LABEL: llvm.func @copy8
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.struct<(ptr<1>, {{.*}})>, %[[M:[^:]+]]: !llvm.struct<(i1, {{.*}})>, %[[PRED:[^:]+]]: i1)
  // CHECK-DAG: %[[P0:.*]] = llvm.extractvalue %[[P]][0]
  // CHECK-DAG: %[[P4:.*]] = llvm.extractvalue %[[P]][4]
  // CHECK-DAG: %[[P8:.*]] = llvm.extractvalue %[[P]][8]
  // CHECK-DAG: %[[P12:.*]] = llvm.extractvalue %[[P]][12]
  // CHECK-DAG: %[[M0:.*]] = llvm.extractvalue %[[M]][0]
  // CHECK-DAG: %[[M4:.*]] = llvm.extractvalue %[[M]][4]
  // CHECK-DAG: %[[M8:.*]] = llvm.extractvalue %[[M]][8]
  // CHECK-DAG: %[[M12:.*]] = llvm.extractvalue %[[M]][12]
  // CHECK: %[[SIZE0:.*]] = llvm.select %[[M0]], %{{.*}}, %{{.*}} : i1, i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects "@$3 cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 8, $2;", "r,l,r,b" %{{.*}}, %[[P0]], %[[SIZE0]], %[[PRED]]
  // CHECK: llvm.select %[[M4]]
  // CHECK: llvm.inline_asm has_side_effects "@$3 cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 8, $2;", "r,l,r,b" %{{.*}}, %[[P4]], %{{.*}}, %[[PRED]]
  // CHECK: llvm.select %[[M8]]
  // CHECK: llvm.inline_asm has_side_effects "@$3 cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 8, $2;", "r,l,r,b" %{{.*}}, %[[P8]], %{{.*}}, %[[PRED]]
  // CHECK: llvm.select %[[M12]]
  // CHECK: llvm.inline_asm has_side_effects "@$3 cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 8, $2;", "r,l,r,b" %{{.*}}, %[[P12]], %{{.*}}, %[[PRED]]
  // CHECK-NOT: cp.async
  // CHECK: llvm.return
  func.func @copy8(%p: tensor<64x32x!tile.ptr<f16>, #b4>, %m: tensor<64x32xi1, #b4>, %pred: i1) {
    %buf = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64x32xf16, #sa>
    tilegpu.async_copy %p, %buf mask %m pred %pred {vector = 4 : i32} : tensor<64x32x!tile.ptr<f16>, #b4>, tensor<64x32xi1, #b4> -> !tilegpu.memdesc<64x32xf16, #sa>
    return
  }

  // 4 bytes, neither mask nor predicate: a constant source size.
  // CHECK-LABEL: llvm.func @copy4
  // CHECK-NOT: llvm.select
  // CHECK: %[[DST:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects "cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 4, $2;", "r,l,r" %[[DST]], %{{.*}}, %[[SIZE]] : (!llvm.ptr<3>, !llvm.ptr<1>, i32) -> ()
  // CHECK-NOT: cp.async
  // CHECK: llvm.return
  func.func @copy4(%p: tensor<128x!tile.ptr<f32>, #b1>) {
    %buf = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<128xf32>
    tilegpu.async_copy %p, %buf {vector = 1 : i32} : tensor<128x!tile.ptr<f32>, #b1> -> !tilegpu.memdesc<128xf32>
    return
  }

  // A (opIdx 0) from a swizzled 64x32xf16 buffer: warps [2, 2], so a warp
  // holds 2 m-blocks of 16 rows (32 apart) x 2 k-blocks of 16: 4 ldmatrix x4,
  // lane l addressing row warpM * 16 + l % 16, column (l / 16) * 8.
  // CHECK-LABEL: llvm.func @load_a
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[LANE:.*]] = llvm.urem %[[TID]], %[[C32]] : i32
  // Warps along N fastest: warpM = (tid / 32 / 2) % 2, warpN = tid / 32 % 2.
  // CHECK-NEXT: %[[C32B:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[WARP:.*]] = llvm.udiv %[[TID]], %[[C32B]] : i32
  // CHECK-NEXT: %[[WN:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[WQ:.*]] = llvm.udiv %[[WARP]], %[[WN]] : i32
  // CHECK-NEXT: %[[WMC:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[WM:.*]] = llvm.urem %[[WQ]], %[[WMC]] : i32
  // CHECK-NEXT: llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: llvm.urem %[[WARP]], %{{.*}} : i32
  // CHECK-NEXT: %[[C16W:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[WROW:.*]] = llvm.mul %[[WM]], %[[C16W]] : i32
  // CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[L16:.*]] = llvm.urem %[[LANE]], %[[C16]] : i32
  // CHECK-NEXT: %[[ROW0:.*]] = llvm.add %[[WROW]], %[[L16]] : i32
  // CHECK-NEXT: %[[C16B:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[KHALF:.*]] = llvm.udiv %[[LANE]], %[[C16B]] : i32
  // CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[COL0:.*]] = llvm.mul %[[KHALF]], %[[C8]] : i32
  // CHECK: llvm.xor
  // CHECK: %[[A0:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %[[A0]] {layout = #nvvm.mma_layout<row>, num = 4 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // Each register: two f16 of the thread's 32 elements.
  // CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // k block 1: 16 columns further.
  // CHECK: %[[CK:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.add %[[COL0]], %[[CK]] : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // m block 1: 32 rows further (16 x 2 warps along M).
  // CHECK: %[[CM:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.add %[[ROW0]], %[[CM]] : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @load_a() {
    %buf = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64x32xf16, #sa>
    %a = tilegpu.local_load %buf : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
    return
  }

  // B (opIdx 1), kept K-major: ldmatrix x4 .trans over (k 0-7 | 8-15) of two
  // n-blocks of 8; lane l addresses k row l % 8 + ((l / 8) % 2) * 8 of n-block
  // l / 16 (16 columns apart: 8 x 2 warps along N). 32x64: 2 k-blocks x 2
  // pairs of n-blocks.
  // CHECK-LABEL: llvm.func @load_b
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK-NEXT: %[[BUF:.*]] = llvm.getelementptr %[[SMEM]][4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[LANE:.*]] = llvm.urem %[[TID]], %[[C32]] : i32
  // CHECK-NEXT: %[[C32B:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[WARP:.*]] = llvm.udiv %[[TID]], %[[C32B]] : i32
  // CHECK-NEXT: llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: llvm.udiv %[[WARP]], %{{.*}} : i32
  // CHECK-NEXT: llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: llvm.urem %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: %[[WNC:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[WN:.*]] = llvm.urem %[[WARP]], %[[WNC]] : i32
  // CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[L8:.*]] = llvm.urem %[[LANE]], %[[C8]] : i32
  // CHECK-NEXT: %[[C8B:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[Q:.*]] = llvm.udiv %[[LANE]], %[[C8B]] : i32
  // CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[Q2:.*]] = llvm.urem %[[Q]], %[[C2]] : i32
  // CHECK-NEXT: %[[C8C:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[KOFF:.*]] = llvm.mul %[[Q2]], %[[C8C]] : i32
  // CHECK-NEXT: %[[KROW:.*]] = llvm.add %[[L8]], %[[KOFF]] : i32
  // CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[NHALF:.*]] = llvm.udiv %[[LANE]], %[[C16]] : i32
  // CHECK-NEXT: %[[C8D:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT: %[[COLW:.*]] = llvm.mul %[[WN]], %[[C8D]] : i32
  // CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COLR:.*]] = llvm.add %[[COLW]], %[[C0]] : i32
  // CHECK-NEXT: %[[C16B:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[NOFF:.*]] = llvm.mul %[[NHALF]], %[[C16B]] : i32
  // CHECK-NEXT: %{{.*}} = llvm.add %[[COLR]], %[[NOFF]] : i32
  // CHECK: llvm.xor
  // CHECK: %[[B0:.*]] = llvm.getelementptr %[[BUF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %[[B0]] {layout = #nvvm.mma_layout<col>, num = 4 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK-COUNT-3: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<col>, num = 4 : i32}
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @load_b() {
    %buf = tilegpu.local_alloc {tilegpu.shared_offset = 4096 : i64} : !tilegpu.memdesc<32x64xf16, #sb>
    %b = tilegpu.local_load %buf : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
    return
  }

  // 32-bit operands: A (tf32) still goes through ldmatrix (an f32 is two
  // 16-bit words), B is read element by element (2 a thread).
  // CHECK-LABEL: llvm.func @load_f32
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to f32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @load_f32() {
    %ba = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<32x8xf32, #s4>
    %bb = tilegpu.local_alloc {tilegpu.shared_offset = 1024 : i64} : !tilegpu.memdesc<8x16xf32>
    %a = tilegpu.local_load %ba : !tilegpu.memdesc<32x8xf32, #s4> -> tensor<32x8xf32, #opa>
    %b = tilegpu.local_load %bb : !tilegpu.memdesc<8x16xf32> -> tensor<8x16xf32, #opb>
    return
  }

  // Operands in registers. 64x32 * 32x64 over warps [2, 2]: per k block
  // (2) each warp's 2 m-blocks x 4 n-blocks: 16 mma.sync a thread. The
  // first takes a[0..7] packed in pairs, b[0..3] and acc[0..3]; the second k
  // block of the same (m, n) block accumulates on its results.
  // CHECK-LABEL: llvm.func @dot_regs
  // CHECK: %[[C0:.*]] = llvm.extractvalue %arg2[0]
  // CHECK-NEXT: %[[C1:.*]] = llvm.extractvalue %arg2[1]
  // CHECK-NEXT: %[[C2:.*]] = llvm.extractvalue %arg2[2]
  // CHECK-NEXT: %[[C3:.*]] = llvm.extractvalue %arg2[3]
  // CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-NEXT: %[[A1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[B0:.*]] = llvm.extractvalue %arg1[0]
  // CHECK-NEXT: %[[B1:.*]] = llvm.extractvalue %arg1[1]
  // CHECK: %[[V0:.*]] = llvm.insertelement %[[A0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[V1:.*]] = llvm.insertelement %[[A1]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: %[[AR0:.*]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
  // CHECK: %[[W0:.*]] = llvm.insertelement %[[B0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[W1:.*]] = llvm.insertelement %[[B1]], %[[W0]][%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: %[[BR0:.*]] = llvm.bitcast %[[W1]] : vector<2xf16> to i32
  // CHECK: %[[MMA0:.*]] = llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" %[[AR0]], %{{.*}}, %{{.*}}, %{{.*}}, %[[BR0]], %{{.*}}, %[[C0]], %[[C1]], %[[C2]], %[[C3]] : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NEXT: %[[D0:.*]] = llvm.extractvalue %[[MMA0]][0]
  // CHECK-NEXT: %[[D1:.*]] = llvm.extractvalue %[[MMA0]][1]
  // CHECK-NEXT: %[[D2:.*]] = llvm.extractvalue %[[MMA0]][2]
  // CHECK-NEXT: %[[D3:.*]] = llvm.extractvalue %[[MMA0]][3]
  // CHECK-COUNT-7: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, %[[D0]], %[[D1]], %[[D2]], %[[D3]] : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32)
  // CHECK-COUNT-7: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: llvm.return
  func.func @dot_regs(%a: tensor<64x32xf16, #opa>, %b: tensor<32x64xf16, #opb>, %c: tensor<64x64xf32, #mma>) {
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
    return
  }

  // Operands straight from shared memory: the local_loads (one user, the
  // dot) lower to an undef; the dot reads each k block with ldmatrix (A: 2
  // m-blocks, B: 2 pairs of n-blocks) right before its 8 mma.sync.
  // CHECK-LABEL: llvm.func @dot_smem
  // CHECK: %[[SA:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK: %[[SB:.*]] = llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(f16,
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(f16,
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: llvm.getelementptr %[[SA]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK: llvm.getelementptr %[[SA]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK-NOT: mma.sync
  // CHECK: llvm.getelementptr %[[SB]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<col>, num = 4 : i32}
  // CHECK: llvm.getelementptr %[[SB]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<col>, num = 4 : i32}
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-COUNT-8: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32}
  // CHECK-NOT: mma.sync
  // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<col>, num = 4 : i32}
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-COUNT-8: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: llvm.return
  func.func @dot_smem(%c: tensor<64x64xf32, #mma>) {
    %ba = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64x32xf16, #sa>
    %bb = tilegpu.local_alloc {tilegpu.shared_offset = 4096 : i64} : !tilegpu.memdesc<32x64xf16, #sb>
    %a = tilegpu.local_load %ba : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
    %b = tilegpu.local_load %bb : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
    return
  }

  // bf16: one 16x8x16 block a thread (32x16 * 16x16 over warps [2, 2]).
  // CHECK-LABEL: llvm.func @dot_bf16
  // CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
  // CHECK-NEXT: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};"
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  func.func @dot_bf16(%a: tensor<32x16xbf16, #opa>, %b: tensor<16x16xbf16, #opb>, %c: tensor<32x16xf32, #mma>) {
    %d = tile.dot %a, %b, %c : tensor<32x16xbf16, #opa> * tensor<16x16xbf16, #opb> -> tensor<32x16xf32, #mma>
    return
  }

  // tf32: the f32 operands rounded (4 A, 2 B registers), one m16n8k8.
  // CHECK-LABEL: llvm.func @dot_tf32
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>, %[[B:[^:]+]]: !llvm.struct<(f32, f32)>, %[[C:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>)
  // CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[T0:.*]] = llvm.inline_asm "cvt.rna.tf32.f32 $0, $1;", "=r,f" %[[A0]] : (f32) -> i32
  // CHECK-COUNT-5: llvm.inline_asm "cvt.rna.tf32.f32 $0, $1;", "=r,f"
  // CHECK-NEXT: llvm.inline_asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" %[[T0]],
  // CHECK-NOT: mma.sync
  // CHECK-NOT: cvt.rna
  // CHECK: llvm.return
  func.func @dot_tf32(%a: tensor<32x8xf32, #opa>, %b: tensor<8x16xf32, #opb>, %c: tensor<32x16xf32, #mma>) {
    %d = tile.dot %a, %b, %c : tensor<32x8xf32, #opa> * tensor<8x16xf32, #opb> -> tensor<32x16xf32, #mma>
    return
  }
}
