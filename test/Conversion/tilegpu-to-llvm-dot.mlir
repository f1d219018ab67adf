// Checks tile.dot on the FMA path: a and b staged in shared memory as f32,
// then per k one load per row and per column of the thread's accumulator
// elements and one fma per element.
// RUN: tilec-opt %s -convert-tilegpu-to-llvm | FileCheck %s

#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // (16*4 + 4*16) * 4 bytes = 512. acc 16x16: 2 columns per thread.
  // CHECK: tilegpu.shared_bytes = 512 : i64
  // CHECK-LABEL: llvm.func @dot
  // CHECK: nvvm.barrier0
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.intr.fma
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.intr.fma
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.intr.fma
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  func.func @dot(%a: tensor<16x4xf16, #b2>, %b: tensor<4x16xf16, #b2>, %c: tensor<16x16xf32, #b2>) {
    %d = tile.dot %a, %b, %c : tensor<16x4xf16, #b2> * tensor<4x16xf16, #b2> -> tensor<16x16xf32, #b2>
    return
  }
  // int8: staged as i32 (sign-extended), mul + add.
  // CHECK-LABEL: llvm.func @dot_i8
  // CHECK: llvm.sext %{{.*}} : i8 to i32
  // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.mul
  // CHECK-NEXT: llvm.add
  func.func @dot_i8(%a: tensor<16x4xi8, #b2>, %b: tensor<4x16xi8, #b2>, %c: tensor<16x16xi32, #b2>) {
    %d = tile.dot %a, %b, %c : tensor<16x4xi8, #b2> * tensor<4x16xi8, #b2> -> tensor<16x16xi32, #b2>
    return
  }
}
