// Checks the lowering of tile.scan and tile.generic_reduce: the combine
// region is cloned at every step with the earlier value first; a scan runs
// within a thread, across lanes with nvvm.shfl.sync up (down in reverse),
// then across warps through shared memory between barriers; a reduction
// runs a butterfly (nvvm.shfl.sync bfly).
// RUN: tilec-opt %s -convert-tilegpu-to-llvm | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// 256 elements: 2 chunks of 2 a thread; the warp step stores each chunk's
// warp total (2 chunks x 2 warps x 4 bytes).
// CHECK: module attributes {tile.num_warps = 2 : i32, tilegpu.shared_bytes = 16 : i64}
module attributes {tile.num_warps = 2 : i32} {
  // CHECK-LABEL: llvm.func @scan
  // CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[S1:.*]] = llvm.mul %[[E0]], %[[E1]] : i32
  // CHECK: %[[UP:.*]] = nvvm.shfl.sync up %{{.*}}, %[[S1]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK-NEXT: llvm.mul %[[UP]], %[[S1]] : i32
  // CHECK-COUNT-9: nvvm.shfl.sync up
  // CHECK: nvvm.barrier0
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$2 st.shared.b32 [ $0 + 0 ], $1;"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK-NOT: nvvm.shfl.sync down
  // CHECK: llvm.return
  func.func @scan(%x: tensor<256xi32, #b1>) {
    %r = tile.scan %x {axis = 0 : i32} : tensor<256xi32, #b1> -> tensor<256xi32, #b1> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.muli %a, %b : i32
      tile.combine_yield %s : i32
    }
    return
  }
  // 64 elements: one segment of 32 lanes (the other warp holds a copy), no
  // shared memory; reversed, the later element comes first.
  // CHECK-LABEL: llvm.func @rscan
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[D:.*]] = llvm.sub %[[R1]], %[[R0]] : i32
  // CHECK: %[[DN:.*]] = nvvm.shfl.sync down %{{.*}}, %[[D]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK-NEXT: llvm.sub %[[DN]], %[[D]] : i32
  // CHECK-NOT: nvvm.shfl.sync up
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @rscan(%x: tensor<64xi32, #b1>) {
    %r = tile.scan %x {axis = 0 : i32, reverse} : tensor<64xi32, #b1> -> tensor<64xi32, #b1> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.subi %a, %b : i32
      tile.combine_yield %s : i32
    }
    return
  }
  // CHECK-LABEL: llvm.func @reduce
  // CHECK: llvm.xor
  // CHECK-COUNT-5: nvvm.shfl.sync bfly
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: llvm.return
  func.func @reduce(%x: tensor<256xi32, #b1>) -> i32 {
    %r = tile.generic_reduce %x {axis = 0 : i32} : tensor<256xi32, #b1> -> i32 {
    ^bb0(%a: i32, %b: i32):
      %s = arith.xori %a, %b : i32
      tile.combine_yield %s : i32
    }
    return %r : i32
  }
}
