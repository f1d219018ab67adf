// Checks the lowering of tile.scan and tile.generic_reduce: the combine
// region is cloned at every step with the earlier value first; a scan runs
// within a thread, across lanes with nvvm.shfl.sync up (down in reverse),
// then across warps through shared memory between barriers; a reduction
// runs a butterfly (nvvm.shfl.sync bfly).
// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

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

// -----

// 16 rows in two chunks of 8 (4 lanes x 2 warps), one element a chunk: the
// lanes' Hillis-Steele steps are the elements' values (no exclusive
// shuffle); the warp totals are folded in scan order across both chunks,
// one add a total and one an element: the first chunk's first warp keeps
// its values, its second adds warp 0's total; the second chunk adds the
// first chunk's total (and warp 0's of its own in warp 1).
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {tile.num_warps = 2 : i32} {
  // CHECK-LABEL: llvm.func @scan_chunks
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-COUNT-4: nvvm.shfl.sync up
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  // CHECK: st.shared.b32
  // CHECK: st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK: %[[AFTER:.*]] = llvm.icmp "ugt"
  // CHECK: %[[T00:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: %[[T01:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: %[[CARRY:.*]] = llvm.fadd %[[T00]], %[[T01]] : f32
  // CHECK: %[[E0:.*]] = llvm.fadd %[[T00]], %[[L0:.*]] : f32
  // CHECK: llvm.select %[[AFTER]], %[[E0]], %[[L0]] : i1, f32
  // CHECK: %[[T10:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: %[[A1:.*]] = llvm.fadd %[[CARRY]], %[[T10]] : f32
  // CHECK: %[[P1:.*]] = llvm.select %[[AFTER]], %[[A1]], %[[CARRY]] : i1, f32
  // CHECK: llvm.fadd %[[P1]], %{{.*}} : f32
  // CHECK-NOT: llvm.fadd
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @scan_chunks(%x: tensor<16x8xf32, #b2>) {
    %r = tile.scan %x {axis = 0 : i32} : tensor<16x8xf32, #b2> -> tensor<16x8xf32, #b2> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.combine_yield %s : f32
    }
    return
  }
}
