// Checks -tilegpu-remove-layout-conversions: conversions of make_range, splat
// and splat constants are rematerialized in the target layout, and climb
// through single-use elementwise ops; other conversions stay.
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
