// RUN: tilec-opt %s -tile-sink-casts | FileCheck %s

// A widening cast moves down to its first user, past the reduction, so the
// bf16 tile, not the fp32 one, is what is live across it.
// CHECK-LABEL: func.func @across_reduce
// CHECK: tile.reduce sum
// CHECK: tile.splat
// CHECK-NEXT: arith.extf %arg1 : tensor<128xbf16> to tensor<128xf32>
// CHECK-NEXT: arith.mulf
func.func @across_reduce(%x: tensor<128xf32>, %w: tensor<128xbf16>) -> tensor<128xf32> {
  %wf = arith.extf %w : tensor<128xbf16> to tensor<128xf32>
  %s = tile.reduce sum %x {axis = 0 : i32} : tensor<128xf32> -> f32
  %sp = tile.splat %s : f32 -> tensor<128xf32>
  %y = arith.mulf %sp, %wf : tensor<128xf32>
  return %y : tensor<128xf32>
}

// Integer widenings and int-to-float conversions move too; a cast that a
// nested region uses moves before the op holding it, not into it.
// CHECK-LABEL: func.func @into_region_op
// CHECK: tile.reduce sum
// CHECK-NEXT: arith.sitofp %arg1 : tensor<128xi16> to tensor<128xf32>
// CHECK-NEXT: arith.extsi %arg1 : tensor<128xi16> to tensor<128xi32>
// CHECK-NEXT: scf.if
func.func @into_region_op(%x: tensor<128xf32>, %i: tensor<128xi16>, %c: i1) -> (tensor<128xi32>, tensor<128xf32>) {
  %e = arith.extsi %i : tensor<128xi16> to tensor<128xi32>
  %f = arith.sitofp %i : tensor<128xi16> to tensor<128xf32>
  %s = tile.reduce sum %x {axis = 0 : i32} : tensor<128xf32> -> f32
  %r:2 = scf.if %c -> (tensor<128xi32>, tensor<128xf32>) {
    scf.yield %e, %f : tensor<128xi32>, tensor<128xf32>
  } else {
    %sp = tile.splat %s : f32 -> tensor<128xf32>
    scf.yield %e, %sp : tensor<128xi32>, tensor<128xf32>
  }
  return %r#0, %r#1 : tensor<128xi32>, tensor<128xf32>
}

// A narrowing cast and a scalar cast stay; a cast the reduction reads stays
// before it (right before it: its first user).
// CHECK-LABEL: func.func @stay
// CHECK-NEXT: arith.truncf %arg1
// CHECK-NEXT: arith.extf %arg2 : f16 to f32
// CHECK-NEXT: arith.extf %arg0
// CHECK-NEXT: tile.reduce
func.func @stay(%x: tensor<128xbf16>, %y: tensor<128xf32>, %z: f16) -> (f32, tensor<128xbf16>, tensor<128xf32>, f32) {
  %xf = arith.extf %x : tensor<128xbf16> to tensor<128xf32>
  %yt = arith.truncf %y : tensor<128xf32> to tensor<128xbf16>
  %zf = arith.extf %z : f16 to f32
  %s = tile.reduce sum %xf {axis = 0 : i32} : tensor<128xf32> -> f32
  %sp = tile.splat %s : f32 -> tensor<128xf32>
  %o = arith.addf %sp, %xf : tensor<128xf32>
  return %s, %yt, %o, %zf : f32, tensor<128xbf16>, tensor<128xf32>, f32
}
