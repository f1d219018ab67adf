// The lowering of the mbarrier ops and TMA copies: the lane of warp 0 that
// elect.sync picks (warp index broadcast by shfl.sync.idx, computed once at
// the start of the entry block; and the copy's predicate) issues init,
// expect_tx, the copies and inval; every thread waits. A tensor map
// parameter becomes a byval, 64-byte aligned, grid_constant pointer, and its
// description moves to the module's tilegpu.tensor_maps. A buffer of
// 128-element fp16 rows split into 64-column blocks takes one copy a block,
// 8 KiB and 64 columns apart.
// RUN: tilec-opt %s -tilegpu-allocate-shared -convert-tilegpu-to-llvm | FileCheck %s

// CHECK: module attributes {{{.*}}tilegpu.tensor_maps = [{box = array<i64: 64, 64>, desc = "desc_k", dtype = "fp16", swizzle = 128 : i32}]}
// CHECK: llvm.func @copy(%[[MAP:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32, %[[PHASE:[^:]*]]: i32, %[[P:[^:]*]]: i1)
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
// CHECK: %[[UWARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]]
// CHECK: %[[WARP0:.*]] = llvm.icmp "eq" %[[UWARP]]
// CHECK: %[[ELECT:.*]] = llvm.inline_asm has_side_effects "{\0A.reg .b32 lane;\0Aelect.sync lane|$0, 0xffffffff;\0A}", "=b"
// CHECK: %[[FIRST:.*]] = llvm.and %[[WARP0]], %[[ELECT]]
// CHECK: llvm.inline_asm has_side_effects "@$1 mbarrier.init.shared::cta.b64 [$0], 1;", "r,b" %[[BAR:[^,]*]], %[[FIRST]]
// CHECK: nvvm.barrier0
// The warp index is computed once, in the entry block, for every op.
// CHECK-NOT: nvvm.shfl.sync idx
// CHECK: %[[PRED:.*]] = llvm.and %[[P]], %{{.*}} : i1
// CHECK: "@$1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], 16384;", "r,b" %[[BAR]], %[[PRED]]
// CHECK: %[[PRED2:.*]] = llvm.and %[[P]], %{{.*}} : i1
// CHECK: "@$5 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];", "r,l,r,r,r,b" %[[DST:[^,]*]], %[[MAP]], %[[COL]], %[[ROW]], %[[BAR]], %[[PRED2]]
// CHECK: %[[DST1:.*]] = llvm.getelementptr %[[DST]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[COL1:.*]] = llvm.add %[[COL]], %{{.*}} : i32
// CHECK: cp.async.bulk.tensor.2d{{.*}}"r,l,r,r,r,b" %[[DST1]], %[[MAP]], %[[COL1]], %[[ROW]], %[[BAR]], %[[PRED2]]
// CHECK-NOT: cp.async.bulk
// CHECK: "{\0A.reg .pred done;\0Atilec_wait:\0Ambarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\0A@!done bra.uni tilec_wait;\0A}", "r,r" %[[BAR]], %[[PHASE]]
// CHECK: mbarrier.inval.shared::cta.b64
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>
module attributes {tile.num_warps = 4 : i32} {
  func.func @copy(%map: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "desc_k", dtype = "fp16", box = array<i64: 64, 64>, swizzle = 128 : i32}}, %row: i32, %col: i32, %phase: i32, %p: i1) attributes {tile.kernel} {
    %c1 = arith.constant 1 : i32
    %bars = tilegpu.local_alloc : !tilegpu.memdesc<2x1xi64>
    %buf = tilegpu.local_alloc : !tilegpu.memdesc<2x64x128xf16, #shared>
    %bar = tilegpu.memdesc_subview %bars[%c1] : !tilegpu.memdesc<2x1xi64> -> !tilegpu.memdesc<1xi64>
    %slot = tilegpu.memdesc_subview %buf[%c1] : !tilegpu.memdesc<2x64x128xf16, #shared> -> !tilegpu.memdesc<64x128xf16, #shared>
    tilegpu.mbarrier_init %bar, 1 : !tilegpu.memdesc<1xi64>
    tilegpu.barrier
    tilegpu.mbarrier_expect %bar, 16384 pred %p : !tilegpu.memdesc<1xi64>
    tilegpu.tma_copy %map[%row, %col], %slot, %bar pred %p : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared>, !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_wait %bar, %phase : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_wait %bar, %phase : !tilegpu.memdesc<1xi64>
    tilegpu.barrier
    tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
    return
  }
}
