// The shared-memory buffer ops through the whole back-end chain: allocation
// (the buffer and a scratch user live at the same time get disjoint
// ranges), barriers (RAW before the load, WAR before the second store) and
// the lowering to loads and stores of addrspace 3 (st.shared / ld.shared in
// PTX). Nothing produces these ops from Python yet, so the chain starts
// from tilegpu IR and stops at the LLVM dialect.
// RUN: tilec-opt %s -tilegpu-allocate-shared -tilegpu-insert-barriers -convert-tilegpu-to-llvm | FileCheck %s

#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// 64x32 f16 = 4096 bytes, then the reduce's 4 * 32 * 4 = 512.
// CHECK: module attributes {{{.*}}tilegpu.barriers_inserted, tilegpu.shared_bytes = 4608 : i64}
// CHECK: llvm.mlir.global external @tilec_shared()
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: nvvm.kernel
module attributes {tile.num_warps = 4 : i32} {
  func.func @kernel(%x: tensor<64x32xf16, #b2>, %y: tensor<256xf32, #b1>) -> f32 attributes {tile.kernel} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
    %m = tilegpu.local_alloc %x : tensor<64x32xf16, #b2> -> !tilegpu.memdesc<64x32xf16>
    // The reduce's scratch is at 4096 and disjoint: no barrier before it.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[S:.*]] = llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32
    // CHECK: nvvm.barrier0
    %r = tile.reduce sum %y {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    // The reduce's own barrier already fenced the initial store: the load
    // needs none.
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
    %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b2>
    %w = arith.addf %v, %v : tensor<64x32xf16, #b2>
    // WAR: a barrier before storing over what was just read.
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
    tilegpu.local_store %w, %m : tensor<64x32xf16, #b2> -> !tilegpu.memdesc<64x32xf16>
    // RAW: a barrier before reading it back.
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %z = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b2>
    tilegpu.local_dealloc %m : !tilegpu.memdesc<64x32xf16>
    return %r : f32
  }
}
