// RUN: tilec-opt %s -canonicalize -split-input-file | FileCheck %s
// One case per folder and canonicalization pattern of the tile ops.

// CHECK-LABEL: func.func @splat_constant
func.func @splat_constant() -> (tensor<128xf32>, tensor<4x4xi32>) {
  // CHECK-DAG: %[[F:.*]] = arith.constant dense<1.500000e+00> : tensor<128xf32>
  // CHECK-DAG: %[[I:.*]] = arith.constant dense<7> : tensor<4x4xi32>
  // CHECK-NOT: tile.splat
  // CHECK: return %[[F]], %[[I]]
  %f = arith.constant 1.5 : f32
  %i = arith.constant 7 : i32
  %0 = tile.splat %f : f32 -> tensor<128xf32>
  %1 = tile.splat %i : i32 -> tensor<4x4xi32>
  return %0, %1 : tensor<128xf32>, tensor<4x4xi32>
}

// -----

// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[T:.*]]: tensor<32x64xf32>)
func.func @broadcast_identity(%t: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NOT: tile.broadcast
  // CHECK: return %[[T]]
  %0 = tile.broadcast %t : tensor<32x64xf32> -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_constant
func.func @broadcast_constant() -> tensor<32x64xf32> {
  // CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<32x64xf32>
  // CHECK-NOT: tile.broadcast
  // CHECK: return %[[C]]
  %c = arith.constant dense<2.0> : tensor<1x64xf32>
  %0 = tile.broadcast %c : tensor<1x64xf32> -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @broadcast_of_splat(%x: f32) -> tensor<32x64xf32> {
  // CHECK: %[[S:.*]] = tile.splat %[[X]] : f32 -> tensor<32x64xf32>
  // CHECK-NOT: tile.broadcast
  // CHECK: return %[[S]]
  %0 = tile.splat %x : f32 -> tensor<1x64xf32>
  %1 = tile.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[T:.*]]: tensor<1x1xf32>)
func.func @broadcast_of_broadcast(%t: tensor<1x1xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[B:.*]] = tile.broadcast %[[T]] : tensor<1x1xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: return %[[B]]
  %0 = tile.broadcast %t : tensor<1x1xf32> -> tensor<1x64xf32>
  %1 = tile.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @expand_dims_constant
func.func @expand_dims_constant() -> tensor<64x1xi32> {
  // CHECK: %[[C:.*]] = arith.constant dense<3> : tensor<64x1xi32>
  // CHECK-NOT: tile.expand_dims
  // CHECK: return %[[C]]
  %c = arith.constant dense<3> : tensor<64xi32>
  %0 = tile.expand_dims %c {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  return %0 : tensor<64x1xi32>
}

// -----

// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
func.func @expand_dims_of_splat(%x: i32) -> tensor<1x64xi32> {
  // CHECK: %[[S:.*]] = tile.splat %[[X]] : i32 -> tensor<1x64xi32>
  // CHECK-NOT: tile.expand_dims
  // CHECK: return %[[S]]
  %0 = tile.splat %x : i32 -> tensor<64xi32>
  %1 = tile.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  return %1 : tensor<1x64xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_identity
// CHECK-SAME: (%[[T:.*]]: tensor<4x16xf32>)
func.func @reshape_identity(%t: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // CHECK-NOT: tile.reshape
  // CHECK: return %[[T]]
  %0 = tile.reshape %t : tensor<4x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant
func.func @reshape_constant() -> tensor<64xf16> {
  // CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf16>
  // CHECK-NOT: tile.reshape
  // CHECK: return %[[C]]
  %c = arith.constant dense<0.0> : tensor<4x16xf16>
  %0 = tile.reshape %c : tensor<4x16xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[T:.*]]: tensor<4x16xf32>)
func.func @reshape_of_reshape(%t: tensor<4x16xf32>) -> tensor<8x8xf32> {
  // CHECK: %[[R:.*]] = tile.reshape %[[T]] : tensor<4x16xf32> -> tensor<8x8xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = tile.reshape %t : tensor<4x16xf32> -> tensor<64xf32>
  %1 = tile.reshape %0 : tensor<64xf32> -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[T:.*]]: tensor<4x16xf32>)
func.func @reshape_round_trip(%t: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // CHECK-NOT: tile.reshape
  // CHECK: return %[[T]]
  %0 = tile.reshape %t : tensor<4x16xf32> -> tensor<64xf32>
  %1 = tile.reshape %0 : tensor<64xf32> -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @reshape_of_splat(%x: f32) -> tensor<64xf32> {
  // CHECK: %[[S:.*]] = tile.splat %[[X]] : f32 -> tensor<64xf32>
  // CHECK-NOT: tile.reshape
  // CHECK: return %[[S]]
  %0 = tile.splat %x : f32 -> tensor<4x16xf32>
  %1 = tile.reshape %0 : tensor<4x16xf32> -> tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: func.func @trans_identity
// CHECK-SAME: (%[[T:.*]]: tensor<32x64xf32>)
func.func @trans_identity(%t: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NOT: tile.trans
  // CHECK: return %[[T]]
  %0 = tile.trans %t {order = array<i32: 0, 1>} : tensor<32x64xf32> -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @trans_constant
func.func @trans_constant() -> tensor<64x32xi8> {
  // CHECK: %[[C:.*]] = arith.constant dense<5> : tensor<64x32xi8>
  // CHECK-NOT: tile.trans
  // CHECK: return %[[C]]
  %c = arith.constant dense<5> : tensor<32x64xi8>
  %0 = tile.trans %c {order = array<i32: 1, 0>} : tensor<32x64xi8> -> tensor<64x32xi8>
  return %0 : tensor<64x32xi8>
}

// -----

// CHECK-LABEL: func.func @trans_of_trans
// CHECK-SAME: (%[[T:.*]]: tensor<2x4x8xf32>)
func.func @trans_of_trans(%t: tensor<2x4x8xf32>) -> tensor<2x8x4xf32> {
  // t1[i] = t[o1[i]] with o1 = [1, 2, 0]: shape 4x8x2; t2[i] = t1[o2[i]] with
  // o2 = [2, 1, 0]: shape 2x8x4, i.e. t[o1[o2[i]]] with order [0, 2, 1].
  // CHECK: %[[R:.*]] = tile.trans %[[T]] {order = array<i32: 0, 2, 1>} : tensor<2x4x8xf32> -> tensor<2x8x4xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = tile.trans %t {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tile.trans %0 {order = array<i32: 2, 1, 0>} : tensor<4x8x2xf32> -> tensor<2x8x4xf32>
  return %1 : tensor<2x8x4xf32>
}

// -----

// CHECK-LABEL: func.func @trans_of_trans_identity
// CHECK-SAME: (%[[T:.*]]: tensor<32x64xf32>)
func.func @trans_of_trans_identity(%t: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NOT: tile.trans
  // CHECK: return %[[T]]
  %0 = tile.trans %t {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  %1 = tile.trans %0 {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @trans_of_splat
// CHECK-SAME: (%[[X:.*]]: f16)
func.func @trans_of_splat(%x: f16) -> tensor<64x32xf16> {
  // CHECK: %[[S:.*]] = tile.splat %[[X]] : f16 -> tensor<64x32xf16>
  // CHECK-NOT: tile.trans
  // CHECK: return %[[S]]
  %0 = tile.splat %x : f16 -> tensor<32x64xf16>
  %1 = tile.trans %0 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  return %1 : tensor<64x32xf16>
}

// -----

// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[PT:.*]]: tensor<128x!tile.ptr<f32>>)
func.func @addptr_zero(%p: !tile.ptr<f32>, %pt: tensor<128x!tile.ptr<f32>>)
    -> (!tile.ptr<f32>, tensor<128x!tile.ptr<f32>>) {
  // CHECK-NOT: tile.addptr
  // CHECK: return %[[P]], %[[PT]]
  %zero = arith.constant 0 : i64
  %zeros = arith.constant dense<0> : tensor<128xi32>
  %0 = tile.addptr %p, %zero : !tile.ptr<f32>, i64
  %1 = tile.addptr %pt, %zeros : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  return %0, %1 : !tile.ptr<f32>, tensor<128x!tile.ptr<f32>>
}

// -----

// CHECK-LABEL: func.func @addptr_of_addptr
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[A:.*]]: tensor<128xi32>, %[[B:.*]]: tensor<128xi32>)
func.func @addptr_of_addptr(%p: tensor<128x!tile.ptr<f32>>, %a: tensor<128xi32>,
                            %b: tensor<128xi32>) -> tensor<128x!tile.ptr<f32>> {
  // CHECK: %[[SUM:.*]] = arith.addi %[[A]], %[[B]] : tensor<128xi32>
  // CHECK: %[[R:.*]] = tile.addptr %[[P]], %[[SUM]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // CHECK-NEXT: return %[[R]]
  %0 = tile.addptr %p, %a : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %1 = tile.addptr %0, %b : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  return %1 : tensor<128x!tile.ptr<f32>>
}

// -----

// CHECK-LABEL: func.func @addptr_of_addptr_mixed_widths
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[A:.*]]: i32, %[[B:.*]]: i64)
func.func @addptr_of_addptr_mixed_widths(%p: !tile.ptr<f32>, %a: i32, %b: i64)
    -> !tile.ptr<f32> {
  // CHECK: %[[Q:.*]] = tile.addptr %[[P]], %[[A]] : !tile.ptr<f32>, i32
  // CHECK: %[[R:.*]] = tile.addptr %[[Q]], %[[B]] : !tile.ptr<f32>, i64
  // CHECK-NEXT: return %[[R]]
  %0 = tile.addptr %p, %a : !tile.ptr<f32>, i32
  %1 = tile.addptr %0, %b : !tile.ptr<f32>, i64
  return %1 : !tile.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @load_true_mask
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[O:.*]]: tensor<128xf32>, %[[S:.*]]: !tile.ptr<i32>)
func.func @load_true_mask(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<128xf32>,
                          %s: !tile.ptr<i32>) -> (tensor<128xf32>, i32) {
  // CHECK: %[[V:.*]] = tile.load %[[P]] {cache = ".cg"} : tensor<128x!tile.ptr<f32>>
  // CHECK: %[[W:.*]] = tile.load %[[S]] : !tile.ptr<i32>
  // CHECK: return %[[V]], %[[W]]
  %true = arith.constant dense<true> : tensor<128xi1>
  %t = arith.constant true
  %0 = tile.load %p, %true, %o {cache = ".cg"} : tensor<128x!tile.ptr<f32>>
  %1 = tile.load %s, %t : !tile.ptr<i32>
  return %0, %1 : tensor<128xf32>, i32
}

// -----

// A block load whose bounds mask folds to true loses its block coordinates
// (they stand for the masked read of a descriptor's block).
// CHECK-LABEL: func.func @load_true_mask_block
// CHECK: tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
// CHECK-NOT: block
// CHECK: return
func.func @load_true_mask_block(%p: tensor<64x64x!tile.ptr<f16>>, %r: i32) -> tensor<64x64xf16> {
  %true = arith.constant dense<true> : tensor<64x64xi1>
  %0 = tile.load %p, %true block[%r, %r] {blockTransposed} : tensor<64x64x!tile.ptr<f16>>
  return %0 : tensor<64x64xf16>
}

// -----

// So does a block store's.
// CHECK-LABEL: func.func @store_true_mask_block
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f16>>
// CHECK-NOT: block
// CHECK: return
func.func @store_true_mask_block(%p: tensor<64x64x!tile.ptr<f16>>, %v: tensor<64x64xf16>, %r: i32) {
  %true = arith.constant dense<true> : tensor<64x64xi1>
  tile.store %p, %v, %true block[%r, %r] : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

// CHECK-LABEL: func.func @load_false_mask
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[O:.*]]: tensor<128xf32>)
func.func @load_false_mask(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<128xf32>)
    -> (tensor<128xf32>, tensor<128xf32>) {
  // The load without `other` is kept: its value is undefined, not `other`.
  // CHECK: %[[FALSE:.*]] = arith.constant dense<false> : tensor<128xi1>
  // CHECK: %[[U:.*]] = tile.load %[[P]], %[[FALSE]] : tensor<128x!tile.ptr<f32>>
  // CHECK: return %[[O]], %[[U]]
  %false = arith.constant dense<false> : tensor<128xi1>
  %0 = tile.load %p, %false, %o : tensor<128x!tile.ptr<f32>>
  %1 = tile.load %p, %false : tensor<128x!tile.ptr<f32>>
  return %0, %1 : tensor<128xf32>, tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func @store_true_mask
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[V:.*]]: tensor<128xf32>)
func.func @store_true_mask(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>) {
  // CHECK: tile.store %[[P]], %[[V]] {evict = "evict_first"} : tensor<128x!tile.ptr<f32>>
  // CHECK-NEXT: return
  %true = arith.constant dense<true> : tensor<128xi1>
  tile.store %p, %v, %true {evict = "evict_first"} : tensor<128x!tile.ptr<f32>>
  return
}

// The mask is dropped in place: attributes the GPU passes attached stay.
// CHECK-LABEL: func.func @true_mask_keeps_attrs
func.func @true_mask_keeps_attrs(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>) -> tensor<128xf32> {
  // CHECK: tile.load %{{.*}} {tile.remat = 1 : i64, tilegpu.vector = 4 : i32} : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} {tilegpu.vector = 4 : i32} : tensor<128x!tile.ptr<f32>>
  %true = arith.constant dense<true> : tensor<128xi1>
  %o = arith.constant dense<0.0> : tensor<128xf32>
  %x = tile.load %p, %true, %o {tilegpu.vector = 4 : i32, tile.remat = 1 : i64} : tensor<128x!tile.ptr<f32>>
  tile.store %p, %v, %true {tilegpu.vector = 4 : i32} : tensor<128x!tile.ptr<f32>>
  return %x : tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func @store_false_mask
func.func @store_false_mask(%p: !tile.ptr<f32>, %v: f32) {
  // CHECK-NOT: tile.store
  // CHECK: return
  %false = arith.constant false
  tile.store %p, %v, %false : !tile.ptr<f32>
  return
}

// -----

// CHECK-LABEL: func.func @cast_identity
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>)
func.func @cast_identity(%p: !tile.ptr<f32>) -> !tile.ptr<f32> {
  // CHECK-NOT: tile.cast
  // CHECK: return %[[P]]
  %0 = tile.cast %p : !tile.ptr<f32> -> !tile.ptr<f32>
  return %0 : !tile.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @cast_round_trip
// CHECK-SAME: (%[[P:.*]]: tensor<16x!tile.ptr<f16>>)
func.func @cast_round_trip(%p: tensor<16x!tile.ptr<f16>>) -> tensor<16x!tile.ptr<f16>> {
  // CHECK-NOT: tile.cast
  // CHECK: return %[[P]]
  %0 = tile.cast %p : tensor<16x!tile.ptr<f16>> -> tensor<16xi64>
  %1 = tile.cast %0 : tensor<16xi64> -> tensor<16x!tile.ptr<f16>>
  return %1 : tensor<16x!tile.ptr<f16>>
}
