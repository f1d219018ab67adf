// Checks -tilegpu-load-layouts on staged loads one element an access (rows
// of a runtime stride, of unknown alignment): lanes go along the pointers'
// run, up to one 128-byte line. A 64x32 f32 tile consecutive along its rows
// gets 32 lanes along them (the shared layout had 8, each thread 4
// consecutive elements: a warp instruction then touched 4 rows at a 16-byte
// stride); a 32x64 tile consecutive along its columns (an operand given
// transposed by its strides) gets the transposed order, one element a
// thread; pointers scattered along both dimensions keep their layout.
// RUN: tilec-opt %s -tilegpu-load-layouts -canonicalize | FileCheck %s

// CHECK-DAG: #[[ROWS:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[COLS:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[OLD:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tilegpu.slice<{dim = 0, parent = #b}>
#s1 = #tilegpu.slice<{dim = 1, parent = #b}>
#sh = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8}>
#sht = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, transposed}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @row_run
  // CHECK: %[[V:.*]] = tile.load %{{.*}} {tilegpu.vector = 1 : i32} : tensor<64x32x!tile.ptr<f32>, #[[ROWS]]>
  // CHECK-NEXT: tilegpu.local_alloc %[[V]] : tensor<64x32xf32, #[[ROWS]]>
  func.func @row_run(%p: !tile.ptr<f32>, %stride: i32) -> !tilegpu.memdesc<64x32xf32, #sh> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #s1>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #s1> -> tensor<64x1xi32, #b>
    %ss = tile.splat %stride : i32 -> tensor<64x1xi32, #b>
    %ro = arith.muli %re, %ss : tensor<64x1xi32, #b>
    %c = tile.make_range 0 to 32 : tensor<32xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #s0> -> tensor<1x32xi32, #b>
    %rb = tile.broadcast %ro : tensor<64x1xi32, #b> -> tensor<64x32xi32, #b>
    %cb = tile.broadcast %ce : tensor<1x32xi32, #b> -> tensor<64x32xi32, #b>
    %off = arith.addi %rb, %cb : tensor<64x32xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>, #b>
    %ptrs = tile.addptr %ps, %off : tensor<64x32x!tile.ptr<f32>, #b>, tensor<64x32xi32, #b>
    %v = tile.load %ptrs {tilegpu.vector = 1 : i32} : tensor<64x32x!tile.ptr<f32>, #b>
    %m = tilegpu.local_alloc %v : tensor<64x32xf32, #b> -> !tilegpu.memdesc<64x32xf32, #sh>
    return %m : !tilegpu.memdesc<64x32xf32, #sh>
  }

  // CHECK-LABEL: func.func @column_run
  // CHECK: %[[V:.*]] = tile.load %{{.*}} {tilegpu.vector = 1 : i32} : tensor<32x64x!tile.ptr<f32>, #[[COLS]]>
  // CHECK-NEXT: tilegpu.local_alloc %[[V]] : tensor<32x64xf32, #[[COLS]]>
  func.func @column_run(%p: !tile.ptr<f32>, %stride: i32) -> !tilegpu.memdesc<32x64xf32, #sht> {
    %r = tile.make_range 0 to 32 : tensor<32xi32, #s1>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #b>
    %c = tile.make_range 0 to 64 : tensor<64xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #b>
    %ss = tile.splat %stride : i32 -> tensor<1x64xi32, #b>
    %co = arith.muli %ce, %ss : tensor<1x64xi32, #b>
    %rb = tile.broadcast %re : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
    %cb = tile.broadcast %co : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #b>
    %ptrs = tile.addptr %ps, %off : tensor<32x64x!tile.ptr<f32>, #b>, tensor<32x64xi32, #b>
    %v = tile.load %ptrs {tilegpu.vector = 1 : i32} : tensor<32x64x!tile.ptr<f32>, #b>
    %m = tilegpu.local_alloc %v : tensor<32x64xf32, #b> -> !tilegpu.memdesc<32x64xf32, #sht>
    return %m : !tilegpu.memdesc<32x64xf32, #sht>
  }

  // CHECK-LABEL: func.func @scattered
  // CHECK: tile.load %{{.*}} {tilegpu.vector = 1 : i32} : tensor<64x32x!tile.ptr<f32>, #[[OLD]]>
  func.func @scattered(%p: !tile.ptr<f32>, %s0: i32, %s1: i32) -> !tilegpu.memdesc<64x32xf32, #sh> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #s1>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #s1> -> tensor<64x1xi32, #b>
    %ss = tile.splat %s0 : i32 -> tensor<64x1xi32, #b>
    %ro = arith.muli %re, %ss : tensor<64x1xi32, #b>
    %c = tile.make_range 0 to 32 : tensor<32xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #s0> -> tensor<1x32xi32, #b>
    %cs = tile.splat %s1 : i32 -> tensor<1x32xi32, #b>
    %co = arith.muli %ce, %cs : tensor<1x32xi32, #b>
    %rb = tile.broadcast %ro : tensor<64x1xi32, #b> -> tensor<64x32xi32, #b>
    %cb = tile.broadcast %co : tensor<1x32xi32, #b> -> tensor<64x32xi32, #b>
    %off = arith.addi %rb, %cb : tensor<64x32xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>, #b>
    %ptrs = tile.addptr %ps, %off : tensor<64x32x!tile.ptr<f32>, #b>, tensor<64x32xi32, #b>
    %v = tile.load %ptrs {tilegpu.vector = 1 : i32} : tensor<64x32x!tile.ptr<f32>, #b>
    %m = tilegpu.local_alloc %v : tensor<64x32xf32, #b> -> !tilegpu.memdesc<64x32xf32, #sh>
    return %m : !tilegpu.memdesc<64x32xf32, #sh>
  }
}
