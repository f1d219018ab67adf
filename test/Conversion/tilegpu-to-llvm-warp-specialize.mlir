// The lowering of tilegpu.warp_specialize: every thread meets at bar.sync 0
// (the mbarriers initialized before it are seen), then the threads past
// num_warps * 32 = 256 lower their registers to 40, those of their first
// warp (tid.x < 288) run the region (its mbarrier ops and copies by a lane
// of that warp that elect.sync picks, not warp 0's) and all of them return;
// the other threads raise theirs to 232 and go on, their barriers now named
// barrier 1 of 256 threads. mbarrier_arrive: one elected lane a warp.
// RUN: tilec-opt %s -tilegpu-allocate-shared -convert-tilegpu-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @split(
// CHECK: "@$1 mbarrier.init.shared::cta.b64 [$0], 8;"
// CHECK: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[PROD:.*]] = llvm.icmp "uge" %[[TID]], %[[C256]] : i32
// CHECK: %[[C288:.*]] = llvm.mlir.constant(288 : i32) : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "ult" %[[TID]], %[[C288]] : i32
// CHECK: llvm.cond_br %[[PROD]], ^[[DEC:bb[0-9]+]], ^[[INC:bb[0-9]+]]
// CHECK-NEXT: ^[[DEC]]:
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: llvm.cond_br %[[FIRST]], ^[[REGION:bb[0-9]+]], ^[[LEAVE:bb[0-9]+]]
// CHECK-NEXT: ^[[REGION]]:
// The region: its copy is issued by the elected lane alone (no warp test).
// CHECK-NOT: nvvm.shfl.sync
// CHECK: %[[E:.*]] = llvm.inline_asm has_side_effects "{\0A.reg .b32 lane;\0Aelect.sync lane|$0, 0xffffffff;\0A}", "=b"
// CHECK-NEXT: "@$1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], 16384;", "r,b" %{{.*}}, %[[E]]
// CHECK: cp.async.bulk.tensor.2d
// CHECK: llvm.return
// CHECK: ^[[LEAVE]]:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^[[INC]]:
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: "{\0A.reg .pred done;\0Atilec_wait:\0Ambarrier.try_wait.parity
// CHECK: %[[AE:.*]] = llvm.inline_asm has_side_effects "{\0A.reg .b32 lane;\0Aelect.sync lane|$0, 0xffffffff;\0A}", "=b"
// CHECK: %[[AP:.*]] = llvm.and %{{.*}}, %[[AE]]
// CHECK: "@$1 mbarrier.arrive.shared::cta.b64 _, [$0];", "r,b" %{{.*}}, %[[AP]]
// CHECK: %[[ID:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[N:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[N]]
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
module attributes {tile.num_warps = 8 : i32, tilegpu.producer_warps = 4 : i32} {
  func.func @split(%map: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "desc_a", dtype = "fp16", box = array<i64: 128, 64>, swizzle = 128 : i32}}, %row: i32, %n: i32, %p: i1) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = tilegpu.local_alloc : !tilegpu.memdesc<128x64xf16, #shared>
    %full = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
    %empty = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_init %full, 1 : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_init %empty, 8 : !tilegpu.memdesc<1xi64>
    tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
      scf.for %k = %c0 to %n step %c1 : i32 {
        tilegpu.mbarrier_wait %empty, %c1 : !tilegpu.memdesc<1xi64>
        tilegpu.mbarrier_expect %full, 16384 : !tilegpu.memdesc<1xi64>
        tilegpu.tma_copy %map[%row, %k], %buf, %full : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #shared>, !tilegpu.memdesc<1xi64>
      }
    }
    tilegpu.mbarrier_wait %full, %c0 : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_arrive %empty pred %p : !tilegpu.memdesc<1xi64>
    tilegpu.barrier
    return
  }
}
