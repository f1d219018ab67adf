// Checks the lowering of the shared-memory buffer ops: a buffer is
// @tilec_shared plus its local_alloc's offset (an !llvm.ptr<3>); each
// thread stores / loads its elements at the row-major index of their
// coordinates; i1 is kept as i8 and pointers as i64. Run alone (without
// tilegpu-insert-barriers), every access starts with a barrier.
// RUN: tilec-opt %s -convert-tilegpu-to-llvm -split-input-file | FileCheck %s

#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// Without an offset, a buffer is at 0 and the arena holds it (64*32*2 bytes).
// CHECK: tilegpu.shared_bytes = 4096 : i64
// CHECK: llvm.mlir.global external @tilec_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
module attributes {tile.num_warps = 4 : i32} {
  // 64x32 over a 16x8 CTA tile: 16 elements a thread.
  // CHECK-LABEL: llvm.func @roundtrip
  // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @roundtrip(%x: tensor<64x32xf16, #b2>) {
    %m = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
    tilegpu.local_store %x, %m : tensor<64x32xf16, #b2> -> !tilegpu.memdesc<64x32xf16>
    %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b2>
    tilegpu.local_dealloc %m : !tilegpu.memdesc<64x32xf16>
    return
  }
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 1, parent = #b2}>
module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 1024 : i64} {
  // An allocated buffer: base + offset; the initial value is stored; the
  // buffer is read back in another layout (the slice: 4 elements a
  // thread, 16 apart in every thread: one address and three offsets); i1
  // goes through i8.
  // CHECK-LABEL: llvm.func @offset_init
  // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK: %[[BUF:.*]] = llvm.getelementptr %[[BASE]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: nvvm.barrier0
  // CHECK: llvm.zext %{{.*}} : i1 to i8
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[BUF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: llvm.store %{{.*}}, %[[P]] : i8, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: %[[R:.*]] = llvm.getelementptr %[[BUF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: llvm.getelementptr %[[R]][16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.getelementptr %[[R]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.getelementptr %[[R]][48] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
  // CHECK: llvm.return
  func.func @offset_init(%x: tensor<64xi1, #b1>) {
    %m = tilegpu.local_alloc %x {tilegpu.shared_offset = 512 : i64} : tensor<64xi1, #b1> -> !tilegpu.memdesc<64xi1>
    %v = tilegpu.local_load %m : !tilegpu.memdesc<64xi1> -> tensor<64xi1, #s>
    return
  }

  // Pointers are kept as i64.
  // CHECK-LABEL: llvm.func @ptrs
  // CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK: llvm.store %{{.*}} : i64, !llvm.ptr<3>
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
  // CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  func.func @ptrs(%x: tensor<64x!tile.ptr<f32>, #b1>) {
    %m = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64x!tile.ptr<f32>>
    tilegpu.local_store %x, %m : tensor<64x!tile.ptr<f32>, #b1> -> !tilegpu.memdesc<64x!tile.ptr<f32>>
    %v = tilegpu.local_load %m : !tilegpu.memdesc<64x!tile.ptr<f32>> -> tensor<64x!tile.ptr<f32>, #b1>
    return
  }
}

// -----

// An mma.sync accumulator of bf16 (the B operand of a next dot) into a
// swizzled buffer: each thread's pairs of adjacent columns go as one 32-bit
// store, and every pair's place is, in every thread, that of the first pair
// of its swizzle class plus a constant (rows 8 apart keep the phase of
// perPhase 2 x maxPhase 4): 4 addresses for 16 stores, the rest immediates.
#mma = #tilegpu.mma<{warpsPerCTA = [2, 1]}>
#sw = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
module attributes {tile.num_warps = 2 : i32} {
  // CHECK-LABEL: llvm.func @accumulator_pairs
  // CHECK-COUNT-4: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, bf16
  // CHECK-NOT: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32)
  // CHECK-NOT: llvm.store %{{.*}} : bf16, !llvm.ptr<3>
  // CHECK-COUNT-16: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  func.func @accumulator_pairs(%x: tensor<64x32xbf16, #mma>) {
    %m = tilegpu.local_alloc %x {tilegpu.shared_offset = 0 : i64} : tensor<64x32xbf16, #mma> -> !tilegpu.memdesc<64x32xbf16, #sw>
    return
  }
}
