// Checks -tile-combine: `acc + dot(a, b, 0)` becomes `dot(a, b, acc)`; a dot
// operand that is the transpose of a load becomes a load of transposed
// pointers (and mask and other).
// RUN: tilec-opt %s -tile-combine -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @fold_rhs
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xf16>, %[[B:.*]]: tensor<16x16xf16>, %[[C:.*]]: tensor<16x16xf32>)
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] {input_precision = #tile<input_precision ieee>}
// CHECK-NEXT: return %[[D]]
func.func @fold_rhs(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z {input_precision = #tile<input_precision ieee>} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %s = arith.addf %c, %d : tensor<16x16xf32>
  return %s : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @fold_lhs_int
// CHECK: %[[D:.*]] = tile.dot %arg0, %arg1, %arg2 : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NOT: arith.addi
func.func @fold_lhs_int(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %z = arith.constant dense<0> : tensor<16x16xi32>
  %d = tile.dot %a, %b, %z : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %s = arith.addi %d, %c : tensor<16x16xi32>
  return %s : tensor<16x16xi32>
}

// -----

// A dot with another user, or a non-zero accumulator, is left alone.
// CHECK-LABEL: func.func @no_fold
// CHECK: %[[D:.*]] = tile.dot %arg0, %arg1, %[[Z:.*]] :
// CHECK: arith.addf %arg2, %[[D]]
// CHECK: %[[E:.*]] = tile.dot %arg0, %arg1, %arg2 :
// CHECK: arith.addf %arg2, %[[E]]
func.func @no_fold(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %s = arith.addf %c, %d : tensor<16x16xf32>
  %e = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %t = arith.addf %c, %e : tensor<16x16xf32>
  return %s, %d, %t : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @trans_of_load
// CHECK-SAME: (%[[A:.*]]: tensor<32x16xf16>, %[[P:.*]]: tensor<32x16x!tile.ptr<f16>>, %[[M:.*]]: tensor<32x16xi1>)
// CHECK-DAG: %[[TP:.*]] = tile.trans %[[P]] {order = array<i32: 1, 0>} : tensor<32x16x!tile.ptr<f16>> -> tensor<16x32x!tile.ptr<f16>>
// CHECK-DAG: %[[TM:.*]] = tile.trans %[[M]] {order = array<i32: 1, 0>} : tensor<32x16xi1> -> tensor<16x32xi1>
// CHECK-DAG: %[[TO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
// CHECK: %[[L:.*]] = tile.load %[[TP]], %[[TM]], %[[TO]] {cache = ".cg"} : tensor<16x32x!tile.ptr<f16>>
// CHECK: tile.dot %[[A]], %[[L]]
func.func @trans_of_load(%a: tensor<32x16xf16>, %p: tensor<32x16x!tile.ptr<f16>>, %m: tensor<32x16xi1>) -> tensor<32x32xf32> {
  %o = arith.constant dense<0.0> : tensor<32x16xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %b = tile.load %p, %m, %o {cache = ".cg"} : tensor<32x16x!tile.ptr<f16>>
  %bt = tile.trans %b {order = array<i32: 1, 0>} : tensor<32x16xf16> -> tensor<16x32xf16>
  %d = tile.dot %a, %bt, %z : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// A loaded tile with another user, or a volatile load, keeps its transpose.
// CHECK-LABEL: func.func @trans_of_shared_load
// CHECK: %[[L:.*]] = tile.load %arg1 : tensor<32x16x!tile.ptr<f16>>
// CHECK: tile.trans %[[L]]
// CHECK: tile.load %arg1 {isVolatile}
// CHECK: tile.trans
func.func @trans_of_shared_load(%a: tensor<32x16xf16>, %p: tensor<32x16x!tile.ptr<f16>>) -> (tensor<32x32xf32>, tensor<32x16xf16>, tensor<32x32xf32>) {
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %b = tile.load %p : tensor<32x16x!tile.ptr<f16>>
  %bt = tile.trans %b {order = array<i32: 1, 0>} : tensor<32x16xf16> -> tensor<16x32xf16>
  %d = tile.dot %a, %bt, %z : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  %v = tile.load %p {isVolatile} : tensor<32x16x!tile.ptr<f16>>
  %vt = tile.trans %v {order = array<i32: 1, 0>} : tensor<32x16xf16> -> tensor<16x32xf16>
  %e = tile.dot %a, %vt, %z : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  return %d, %b, %e : tensor<32x32xf32>, tensor<32x16xf16>, tensor<32x32xf32>
}
