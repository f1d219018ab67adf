// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// Round trip of tile.scan and tile.generic_reduce (combine regions).

// CHECK-LABEL: func.func @cumsum
func.func @cumsum(%x: tensor<128xf32>) -> tensor<128xf32> {
  // CHECK: tile.scan %{{.*}} {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tile.combine_yield %[[S]] : f32
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.combine_yield %s : f32
  }
  return %r : tensor<128xf32>
}

// CHECK-LABEL: func.func @pair_scan_reverse
func.func @pair_scan_reverse(%v: tensor<4x8xf16>, %i: tensor<4x8xi32>) -> (tensor<4x8xf16>, tensor<4x8xi32>) {
  // CHECK: tile.scan %{{.*}}, %{{.*}} {axis = 1 : i32, reverse} : tensor<4x8xf16>, tensor<4x8xi32> -> tensor<4x8xf16>, tensor<4x8xi32>
  // CHECK: tile.combine_yield %{{.*}}, %{{.*}} : f16, i32
  %r:2 = tile.scan %v, %i {axis = 1 : i32, reverse} : tensor<4x8xf16>, tensor<4x8xi32> -> tensor<4x8xf16>, tensor<4x8xi32> {
  ^bb0(%v0: f16, %i0: i32, %v1: f16, %i1: i32):
    %gt = arith.cmpf ogt, %v1, %v0 : f16
    %v2 = arith.select %gt, %v1, %v0 : f16
    %i2 = arith.select %gt, %i1, %i0 : i32
    tile.combine_yield %v2, %i2 : f16, i32
  }
  return %r#0, %r#1 : tensor<4x8xf16>, tensor<4x8xi32>
}

// CHECK-LABEL: func.func @reduce_rows
func.func @reduce_rows(%x: tensor<4x8xi32>) -> tensor<4xi32> {
  // CHECK: tile.generic_reduce %{{.*}} {axis = 1 : i32} : tensor<4x8xi32> -> tensor<4xi32> {
  // CHECK: arith.maxsi
  // CHECK: tile.combine_yield
  %r = tile.generic_reduce %x {axis = 1 : i32} : tensor<4x8xi32> -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %b : i32
    tile.combine_yield %m : i32
  }
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @reduce_to_scalar
func.func @reduce_to_scalar(%x: tensor<64xf32>, %y: tensor<64xi64>) -> (f32, i64) {
  // CHECK: tile.generic_reduce %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<64xf32>, tensor<64xi64> -> f32, i64 {
  %r:2 = tile.generic_reduce %x, %y {axis = 0 : i32} : tensor<64xf32>, tensor<64xi64> -> f32, i64 {
  ^bb0(%a: f32, %b: i64, %c: f32, %d: i64):
    %s = arith.mulf %a, %c : f32
    %t = arith.xori %b, %d : i64
    tile.combine_yield %s, %t : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}
