// Checks -tile-combine: a loop-carried value that every iteration yields as
// its initial value (the same SSA value) is that value in the body and
// after the loop (the canonicalizer then drops the dead iter_arg); a
// carried value the body changes stays carried.
// RUN: tilec-opt %s -tile-combine -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @invariant_offsets
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[N:.*]]: i32)
// CHECK: %[[OFF:.*]] = tile.make_range 0 to 64
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK: %[[PTR:.*]] = tile.addptr %[[P]], %[[OFF]]
// CHECK: %[[X:.*]] = tile.load %[[PTR]]
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK: scf.yield %[[S]] : tensor<64xf32>
// CHECK: tile.store %{{.*}}, %[[R]]
// CHECK: %[[E:.*]] = arith.sitofp %[[OFF]]
// CHECK: tile.store %{{.*}}, %[[E]]
func.func @invariant_offsets(%p: tensor<64x!tile.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<64xf32>
  %off = tile.make_range 0 to 64 : tensor<64xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %o = %off) -> (tensor<64xf32>, tensor<64xi32>) : i32 {
    %ptr = tile.addptr %p, %o : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %x = tile.load %ptr : tensor<64x!tile.ptr<f32>>
    %s = arith.addf %acc, %x : tensor<64xf32>
    scf.yield %s, %off : tensor<64xf32>, tensor<64xi32>
  }
  tile.store %p, %r#0 : tensor<64x!tile.ptr<f32>>
  %e = arith.sitofp %r#1 : tensor<64xi32> to tensor<64xf32>
  tile.store %p, %e : tensor<64x!tile.ptr<f32>>
  return
}
