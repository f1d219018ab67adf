// Checks -convert-tile-to-tilegpu: one blocked layout per rank, slice layouts for
// reductions and expand_dims operands, convert_layout where layouts differ, loop
// carries keep their layout.
// RUN: tilec-opt %s -convert-tile-to-tilegpu | FileCheck %s

module attributes {tile.num_warps = 8 : i32} {
  func.func @reduce_expand(%p: !tile.ptr<f32>) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %e = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %b = tile.broadcast %e : tensor<64x1xi32> -> tensor<64x32xi32>
    %f = arith.sitofp %b : tensor<64x32xi32> to tensor<64x32xf32>
    %s = tile.reduce sum %f {axis = 1 : i32} : tensor<64x32xf32> -> tensor<64xf32>
    %m = tile.reduce max %s {axis = 0 : i32} : tensor<64xf32> -> f32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %pp = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    tile.store %pp, %s : tensor<64x!tile.ptr<f32>>
    tile.store %p, %m : !tile.ptr<f32>
    return
  }
  func.func @loop(%p: !tile.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128xf32>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<128xf32>) : i32 {
      %one = arith.constant dense<1.0> : tensor<128xf32>
      %a2 = arith.addf %a, %one : tensor<128xf32>
      scf.yield %a2 : tensor<128xf32>
    }
    %t = tile.reduce sum %acc {axis = 0 : i32} : tensor<128xf32> -> f32
    tile.store %p, %t : !tile.ptr<f32>
    return
  }
}

// CHECK-DAG: #[[B1:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-DAG: #[[B2:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[S:.*]] = #tilegpu.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-LABEL: func.func @reduce_expand
// CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[B1]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[R]] : tensor<64xi32, #[[B1]]> -> tensor<64xi32, #[[S]]>
// CHECK: %[[E:.*]] = tile.expand_dims %[[C]] {axis = 1 : i32} : tensor<64xi32, #[[S]]> -> tensor<64x1xi32, #[[B2]]>
// CHECK: tile.broadcast %[[E]] : tensor<64x1xi32, #[[B2]]> -> tensor<64x32xi32, #[[B2]]>
// CHECK: %[[SUM:.*]] = tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<64x32xf32, #[[B2]]> -> tensor<64xf32, #[[S]]>
// CHECK: tile.reduce max %[[SUM]] {axis = 0 : i32} : tensor<64xf32, #[[S]]> -> f32
// CHECK: %[[BACK:.*]] = tilegpu.convert_layout %[[SUM]] : tensor<64xf32, #[[S]]> -> tensor<64xf32, #[[B1]]>
// CHECK: tile.store %{{.*}}, %[[BACK]] : tensor<64x!tile.ptr<f32>, #[[B1]]>
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<128xf32, #[[B1]]>)
// CHECK: arith.addf %[[A]], %{{.*}} : tensor<128xf32, #[[B1]]>
// CHECK: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<128xf32, #[[B1]]> -> f32
