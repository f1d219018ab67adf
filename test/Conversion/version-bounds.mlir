// tilegpu-version-bounds: the ops from the first prefix-masked access of a
// block to the last become an scf.if on tilegpu.runs_in_bounds of their
// masks (whole vectors, tilegpu.in_bounds) and the ops as they were; a mask
// computed inside the span moves ahead of it, values used after the span
// are results of the if. Spans with an op that talks to other threads, or
// whose masks need a load of the span, stay as they are.
// RUN: tilec-opt %s -split-input-file -tilegpu-version-bounds | FileCheck %s

#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @scale
  // CHECK: %[[M:.*]] = arith.cmpi slt
  // CHECK: %[[M2:.*]] = arith.cmpi sle
  // CHECK: %[[A:.*]] = tilegpu.runs_in_bounds %[[M]] {vector = 4 : i32}
  // CHECK: %[[B2:.*]] = tilegpu.runs_in_bounds %[[M2]] {vector = 4 : i32}
  // CHECK: %[[IN:.*]] = arith.andi %[[A]], %[[B2]] : i1
  // CHECK: %[[W:.*]] = scf.if %[[IN]] -> (tensor<512xf32, #{{.*}}>) {
  // CHECK: tile.load {{.*}} {tilegpu.in_bounds, tilegpu.vector = 4 : i32}
  // CHECK: tile.store {{.*}} {tilegpu.in_bounds, tilegpu.vector = 4 : i32}
  // CHECK: scf.yield
  // CHECK: } else {
  // CHECK: tile.load {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
  // CHECK: tile.store {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
  // CHECK: scf.yield
  // CHECK: }
  // CHECK: tile.reduce sum %[[W]]
  func.func @scale(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) -> f32 {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #b>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
    %xp = tile.addptr %xs, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
    %v = tile.load %xp, %m {tilegpu.mask_prefix, tilegpu.vector = 4 : i32} : tensor<512x!tile.ptr<f32>, #b>
    %w = arith.addf %v, %v : tensor<512xf32, #b>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
    %yp = tile.addptr %ys, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
    %m2 = arith.cmpi sle, %r, %ns : tensor<512xi32, #b>
    tile.store %yp, %w, %m2 {tilegpu.mask_prefix, tilegpu.vector = 4 : i32} : tensor<512x!tile.ptr<f32>, #b>
    %s = tile.reduce sum %w {axis = 0 : i32} : tensor<512xf32, #b> -> f32
    return %s : f32
  }
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // A mask from a value the span loads: not versioned.
  // CHECK-LABEL: func.func @loaded_bound
  // CHECK-NOT: tilegpu.runs_in_bounds
  // CHECK-NOT: scf.if
  func.func @loaded_bound(%x: !tile.ptr<f32>, %lim: !tile.ptr<i32>, %n: i32) {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #b>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
    %xp = tile.addptr %xs, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
    %v = tile.load %xp, %m {tilegpu.mask_prefix, tilegpu.vector = 4 : i32} : tensor<512x!tile.ptr<f32>, #b>
    %l = tile.load %lim : !tile.ptr<i32>
    %ls = tile.splat %l : i32 -> tensor<512xi32, #b>
    %m2 = arith.cmpi slt, %r, %ls : tensor<512xi32, #b>
    tile.store %xp, %v, %m2 {tilegpu.mask_prefix, tilegpu.vector = 4 : i32} : tensor<512x!tile.ptr<f32>, #b>
    return
  }
}
