// Round trip of a transposed shared encoding (tf32 wgmma's B, stored K-major
// column by column) and the element offsets its buffers get.
// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -convert-tilegpu-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK: #[[T:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, blockCols = 32, transposed}>
// CHECK-LABEL: func.func @transposed
// CHECK-SAME: !tilegpu.memdesc<3x64x256xf32, #[[T]]>
#t = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, blockCols = 32, transposed}>
func.func @transposed(%m: !tilegpu.memdesc<3x64x256xf32, #t>) {
  return
}

// A tile stored into a transposed buffer: one scalar store per element (a
// thread's run along dimension 1 is not contiguous there), at row c,
// column r of 32-element rows, chunk (r / 4) XOR (c % 8).
#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t2 = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, transposed}>
module attributes {tile.num_warps = 4 : i32} {
  // LLVM-LABEL: llvm.func @store_transposed
  // LLVM-NOT: vector<
  // LLVM-COUNT-8: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // LLVM-NOT: llvm.store
  // LLVM: llvm.return
  func.func @store_transposed(%x: tensor<32x32xf32, #b>) {
    %m = tilegpu.local_alloc %x {tilegpu.shared_offset = 0 : i64} : tensor<32x32xf32, #b> -> !tilegpu.memdesc<32x32xf32, #t2>
    return
  }
}
