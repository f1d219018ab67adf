// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// Round trip of every tile op.

module attributes {tile.num_warps = 4 : i32} {

// CHECK-LABEL: func.func @grid
// CHECK-SAME: attributes {tile.kernel}
func.func @grid() -> (i32, i32) attributes {tile.kernel} {
  // CHECK: %[[PID:.*]] = tile.program_id 0
  %0 = tile.program_id 0
  // CHECK: %[[NUM:.*]] = tile.num_programs 2
  %1 = tile.num_programs 2
  // CHECK: return %[[PID]], %[[NUM]] : i32, i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:.*]]: f32, %[[T:.*]]: tensor<1x64xf32>, %[[V:.*]]: tensor<64xf32>, %[[M:.*]]: tensor<32x64xf16>)
func.func @shapes(%x: f32, %t: tensor<1x64xf32>, %v: tensor<64xf32>,
                  %m: tensor<32x64xf16>) {
  // CHECK: tile.make_range 0 to 128 : tensor<128xi32>
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // CHECK: tile.splat %[[X]] : f32 -> tensor<128xf32>
  %s = tile.splat %x : f32 -> tensor<128xf32>
  // CHECK: tile.broadcast %[[T]] : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tile.broadcast %t : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK: tile.expand_dims %[[V]] {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %e = tile.expand_dims %v {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  // CHECK: tile.reshape %[[T]] : tensor<1x64xf32> -> tensor<4x16xf32>
  %rs = tile.reshape %t : tensor<1x64xf32> -> tensor<4x16xf32>
  // CHECK: tile.trans %[[M]] {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  %tr = tile.trans %m {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  return
}

// CHECK-LABEL: func.func @pointers
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[OFF:.*]]: tensor<128xi32>, %[[MASK:.*]]: tensor<128xi1>, %[[I:.*]]: i64)
func.func @pointers(%p: !tile.ptr<f32>, %off: tensor<128xi32>,
                    %mask: tensor<128xi1>, %i: i64) {
  // CHECK: %[[SP:.*]] = tile.addptr %[[P]], %[[I]] : !tile.ptr<f32>, i64
  %sp = tile.addptr %p, %i : !tile.ptr<f32>, i64
  // CHECK: %[[PS:.*]] = tile.splat %[[SP]] : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %ps = tile.splat %sp : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  // CHECK: %[[PT:.*]] = tile.addptr %[[PS]], %[[OFF]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %pt = tile.addptr %ps, %off : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // CHECK: %[[X:.*]] = tile.load %[[P]] : !tile.ptr<f32>
  %x = tile.load %p : !tile.ptr<f32>
  // CHECK: %[[ZERO:.*]] = tile.splat %[[X]]
  %zero = tile.splat %x : f32 -> tensor<128xf32>
  // CHECK: %[[A:.*]] = tile.load %[[PT]] : tensor<128x!tile.ptr<f32>>
  %a = tile.load %pt : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %[[PT]], %[[MASK]] : tensor<128x!tile.ptr<f32>>
  %b = tile.load %pt, %mask : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %[[PT]], %[[MASK]], %[[ZERO]] {cache = ".cg", evict = "evict_last", isVolatile} : tensor<128x!tile.ptr<f32>>
  %c = tile.load %pt, %mask, %zero {cache = ".cg", evict = "evict_last", isVolatile} : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %[[PT]], %[[A]] : tensor<128x!tile.ptr<f32>>
  tile.store %pt, %a : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %[[PT]], %[[A]], %[[MASK]] {cache = ".wb"} : tensor<128x!tile.ptr<f32>>
  tile.store %pt, %a, %mask {cache = ".wb"} : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %[[P]], %[[X]] : !tile.ptr<f32>
  tile.store %p, %x : !tile.ptr<f32>
  // CHECK: %[[H:.*]] = tile.cast %[[P]] : !tile.ptr<f32> -> !tile.ptr<i32>
  %h = tile.cast %p : !tile.ptr<f32> -> !tile.ptr<i32>
  // CHECK: %[[N:.*]] = tile.cast %[[H]] : !tile.ptr<i32> -> i64
  %n = tile.cast %h : !tile.ptr<i32> -> i64
  // CHECK: tile.cast %[[N]] : i64 -> !tile.ptr<f16>
  %q = tile.cast %n : i64 -> !tile.ptr<f16>
  // CHECK: tile.cast %[[PT]] : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  %qs = tile.cast %pt : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  return
}

// CHECK-LABEL: func.func @compute
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32>, %[[Y:.*]]: tensor<32x64xi32>, %[[A:.*]]: tensor<32x16xf16>, %[[B:.*]]: tensor<16x64xf16>, %[[C:.*]]: tensor<32x64xf32>)
func.func @compute(%x: tensor<128xf32>, %y: tensor<32x64xi32>,
                   %a: tensor<32x16xf16>, %b: tensor<16x64xf16>,
                   %c: tensor<32x64xf32>) {
  // CHECK: tile.reduce sum %[[X]] {axis = 0 : i32} : tensor<128xf32> -> f32
  %0 = tile.reduce sum %x {axis = 0 : i32} : tensor<128xf32> -> f32
  // CHECK: tile.reduce max %[[Y]] {axis = 1 : i32} : tensor<32x64xi32> -> tensor<32xi32>
  %1 = tile.reduce max %y {axis = 1 : i32} : tensor<32x64xi32> -> tensor<32xi32>
  // CHECK: tile.reduce min %[[Y]] {axis = 0 : i32} : tensor<32x64xi32> -> tensor<64xi32>
  %2 = tile.reduce min %y {axis = 0 : i32} : tensor<32x64xi32> -> tensor<64xi32>
  // CHECK: tile.reduce argmax %[[X]] {axis = 0 : i32} : tensor<128xf32> -> i32
  %3 = tile.reduce argmax %x {axis = 0 : i32} : tensor<128xf32> -> i32
  // CHECK: tile.reduce argmin %[[C]] {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xi32>
  %4 = tile.reduce argmin %c {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xi32>
  // CHECK: tile.dot %[[A]], %[[B]], %[[C]] : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %5 = tile.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  // CHECK: tile.dot %[[A]], %[[B]], %[[C]] {input_precision = #tile<input_precision ieee>} : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %6 = tile.dot %a, %b, %c {input_precision = #tile<input_precision ieee>} : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  // CHECK: tile.dot %[[A]], %[[B]], %[[C]] : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %7 = tile.dot %a, %b, %c {input_precision = #tile<input_precision tf32>} : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  return
}

// CHECK-LABEL: func.func @axis_hint
func.func @axis_hint(%p: tensor<64x64x!tile.ptr<f16>>, %n: i32) {
  // CHECK: tile.axis_hint %{{.*}} {divisibility = array<i64: 16, 16>} : tensor<64x64x!tile.ptr<f16>>
  %0 = tile.axis_hint %p {divisibility = array<i64: 16, 16>} : tensor<64x64x!tile.ptr<f16>>
  // CHECK: tile.axis_hint %{{.*}} {constancy = array<i64: 4>, contiguity = array<i64: 1>, divisibility = array<i64: 8>} : i32
  %1 = tile.axis_hint %n {divisibility = array<i64: 8>, contiguity = array<i64: 1>, constancy = array<i64: 4>} : i32
  return
}

}
