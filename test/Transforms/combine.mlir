// Checks -tile-combine: `acc + dot(a, b, 0)` becomes `dot(a, b, acc)`.
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
