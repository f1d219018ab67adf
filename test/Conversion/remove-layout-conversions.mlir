// Checks -tilegpu-remove-layout-conversions: conversions of make_range, splat
// and splat constants are rematerialized in the target layout, and climb
// through elementwise ops, broadcasts and expand_dims where that moves no more
// data; other conversions stay.
// RUN: tilec-opt %s -tilegpu-remove-layout-conversions | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 1, parent = #b2}>

// CHECK-LABEL: func.func @climb
// CHECK-NOT: tilegpu.convert_layout
// CHECK-DAG: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[S:.*]]>
// CHECK-DAG: %[[P:.*]] = tile.splat %arg0 : i32 -> tensor<64xi32, #[[S]]>
// CHECK: %[[A:.*]] = arith.addi %[[P]], %[[R]] : tensor<64xi32, #[[S]]>
// CHECK: tile.expand_dims %[[A]] {axis = 1 : i32} : tensor<64xi32, #[[S]]> -> tensor<64x1xi32, #{{.*}}>
func.func @climb(%pid: i32) -> tensor<64x1xi32, #b2> {
  %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
  %p = tile.splat %pid : i32 -> tensor<64xi32, #b1>
  %a = arith.addi %p, %r : tensor<64xi32, #b1>
  %c = tilegpu.convert_layout %a : tensor<64xi32, #b1> -> tensor<64xi32, #s>
  %e = tile.expand_dims %c {axis = 1 : i32} : tensor<64xi32, #s> -> tensor<64x1xi32, #b2>
  return %e : tensor<64x1xi32, #b2>
}

// CHECK-LABEL: func.func @keep
// CHECK: %[[X:.*]] = arith.addi %arg0, %arg0 : tensor<64xi32, #{{.*}}>
// CHECK: tilegpu.convert_layout %[[X]]
// CHECK: return %{{.*}}, %[[X]]
func.func @keep(%x: tensor<64xi32, #b1>) -> (tensor<64xi32, #s>, tensor<64xi32, #b1>) {
  %a = arith.addi %x, %x : tensor<64xi32, #b1>
  %c = tilegpu.convert_layout %a : tensor<64xi32, #b1> -> tensor<64xi32, #s>
  return %c, %a : tensor<64xi32, #s>, tensor<64xi32, #b1>
}

// A conversion does not climb where it would move more data: above an f16
// truncation it would convert the f32 operand, above a division both
// operands.
// CHECK-LABEL: func.func @narrowing
// CHECK: %[[T:.*]] = arith.truncf %arg0
// CHECK: tilegpu.convert_layout %[[T]] : tensor<64xf16, #{{.*}}> -> tensor<64xf16, #{{.*}}>
// CHECK: %[[D:.*]] = arith.divf %arg0, %arg1
// CHECK: tilegpu.convert_layout %[[D]] : tensor<64xf32, #{{.*}}> -> tensor<64xf32, #{{.*}}>
func.func @narrowing(%x: tensor<64xf32, #b1>, %y: tensor<64xf32, #b1>) -> (tensor<64xf16, #s>, tensor<64xf32, #s>) {
  %t = arith.truncf %x : tensor<64xf32, #b1> to tensor<64xf16, #b1>
  %c = tilegpu.convert_layout %t : tensor<64xf16, #b1> -> tensor<64xf16, #s>
  %d = arith.divf %x, %y : tensor<64xf32, #b1>
  %e = tilegpu.convert_layout %d : tensor<64xf32, #b1> -> tensor<64xf32, #s>
  return %c, %e : tensor<64xf16, #s>, tensor<64xf32, #s>
}

// It climbs through broadcast and expand_dims (to the target's slice), and
// recomputes cheap tiles that have other users, which keep the original.
// CHECK-LABEL: func.func @shapes
// CHECK-DAG: %[[R1:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[B1:.*]]>
// CHECK-DAG: %[[R2:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[S2:.*]]>
// CHECK-DAG: %[[E:.*]] = tile.expand_dims %[[R2]] {axis = 1 : i32} : tensor<64xi32, #[[S2]]> -> tensor<64x1xi32, #[[M:.*]]>
// CHECK-DAG: %[[BC:.*]] = tile.broadcast %[[E]] : tensor<64x1xi32, #[[M]]> -> tensor<64x64xi32, #[[M]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: return %[[BC]], %[[R1]]
#b3 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
func.func @shapes() -> (tensor<64x64xi32, #b3>, tensor<64xi32, #b1>) {
  %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
  %c0 = tilegpu.convert_layout %r : tensor<64xi32, #b1> -> tensor<64xi32, #s>
  %e = tile.expand_dims %c0 {axis = 1 : i32} : tensor<64xi32, #s> -> tensor<64x1xi32, #b2>
  %b = tile.broadcast %e : tensor<64x1xi32, #b2> -> tensor<64x64xi32, #b2>
  %c = tilegpu.convert_layout %b : tensor<64x64xi32, #b2> -> tensor<64x64xi32, #b3>
  return %c, %r : tensor<64x64xi32, #b3>, tensor<64xi32, #b1>
}
