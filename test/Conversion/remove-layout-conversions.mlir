// Checks -tilegpu-remove-layout-conversions: conversions of make_range, splat
// and splat constants are rematerialized in the target layout, and climb
// through elementwise ops, broadcasts and expand_dims where that moves no more
// data (a broadcast's operand is smaller, whoever else uses it); other
// conversions stay.
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

// A broadcast row factor used in two layouts (a blocked tile and an
// accumulator multiply it): the conversion goes to the broadcast's operand
// (64 elements, not 4096); the blocked broadcast stays for its other user.
// CHECK-LABEL: func.func @broadcast_other_users
// CHECK: %[[E:.*]] = tile.expand_dims %arg0 {axis = 1 : i32} : tensor<64xf32, #[[S:.*]]> -> tensor<64x1xf32, #[[B:.*]]>
// CHECK: %[[BB:.*]] = tile.broadcast %[[E]] : tensor<64x1xf32, #[[B]]> -> tensor<64x64xf32, #[[B]]>
// CHECK: arith.mulf %arg1, %[[BB]] : tensor<64x64xf32, #[[B]]>
// CHECK: %[[EC:.*]] = tilegpu.convert_layout %[[E]] : tensor<64x1xf32, #[[B]]> -> tensor<64x1xf32, #[[M:.*]]>
// CHECK: %[[BM:.*]] = tile.broadcast %[[EC]] : tensor<64x1xf32, #[[M]]> -> tensor<64x64xf32, #[[M]]>
// CHECK: arith.mulf %arg2, %[[BM]] : tensor<64x64xf32, #[[M]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: return
#mma = #tilegpu.mma<{version = 2, warpsPerCTA = [4, 1]}>
func.func @broadcast_other_users(%v: tensor<64xf32, #s>, %x: tensor<64x64xf32, #b2>, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #b2>, tensor<64x64xf32, #mma>) {
  %e = tile.expand_dims %v {axis = 1 : i32} : tensor<64xf32, #s> -> tensor<64x1xf32, #b2>
  %b = tile.broadcast %e : tensor<64x1xf32, #b2> -> tensor<64x64xf32, #b2>
  %m1 = arith.mulf %x, %b : tensor<64x64xf32, #b2>
  %c = tilegpu.convert_layout %b : tensor<64x64xf32, #b2> -> tensor<64x64xf32, #mma>
  %m2 = arith.mulf %acc, %c : tensor<64x64xf32, #mma>
  return %m1, %m2 : tensor<64x64xf32, #b2>, tensor<64x64xf32, #mma>
}

// Linear attention's gate matrix exp2(g[:, None] - g[None, :]) into an
// accumulator: at 64x64 on 4 warps the two 64-element vectors are
// converted (8 + 1 words a thread each, against 8 + 32 for the tile); at
// 16x64 the tile is (8 + 8 words against two conversions of 8 + 1).
// CHECK-LABEL: func.func @gate_matrix
// CHECK-NOT: tilegpu.convert_layout {{.*}} -> tensor<64x64xf32
// CHECK: arith.subf {{.*}} : tensor<64x64xf32, #[[M:.*]]>
// CHECK-NEXT: math.exp2 {{.*}} : tensor<64x64xf32, #[[M]]>
// CHECK: %[[D:.*]] = arith.subf {{.*}} : tensor<16x64xf32, #[[B:.*]]>
// CHECK: tilegpu.convert_layout %[[D]] : tensor<16x64xf32, #[[B]]> -> tensor<16x64xf32, #[[M16:.*]]>
#bg = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma64 = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
#mma16 = #tilegpu.mma<{version = 2, warpsPerCTA = [1, 4]}>
func.func @gate_matrix(%g: tensor<64xf32, #b1>, %h: tensor<16xf32, #b1>) -> (tensor<64x64xf32, #mma64>, tensor<16x64xf32, #mma16>) {
  %r = tilegpu.convert_layout %g : tensor<64xf32, #b1> -> tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #bg}>>
  %c = tilegpu.convert_layout %g : tensor<64xf32, #b1> -> tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #bg}>>
  %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #bg}>> -> tensor<64x1xf32, #bg>
  %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #bg}>> -> tensor<1x64xf32, #bg>
  %rb = tile.broadcast %re : tensor<64x1xf32, #bg> -> tensor<64x64xf32, #bg>
  %cb = tile.broadcast %ce : tensor<1x64xf32, #bg> -> tensor<64x64xf32, #bg>
  %d = arith.subf %rb, %cb : tensor<64x64xf32, #bg>
  %dc = tilegpu.convert_layout %d : tensor<64x64xf32, #bg> -> tensor<64x64xf32, #mma64>
  %e = math.exp2 %dc : tensor<64x64xf32, #mma64>
  %r16 = tilegpu.convert_layout %h : tensor<16xf32, #b1> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #bg}>>
  %re16 = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #bg}>> -> tensor<16x1xf32, #bg>
  %rb16 = tile.broadcast %re16 : tensor<16x1xf32, #bg> -> tensor<16x64xf32, #bg>
  %cb16 = tile.broadcast %ce : tensor<1x64xf32, #bg> -> tensor<16x64xf32, #bg>
  %d16 = arith.subf %rb16, %cb16 : tensor<16x64xf32, #bg>
  %dc16 = tilegpu.convert_layout %d16 : tensor<16x64xf32, #bg> -> tensor<16x64xf32, #mma16>
  return %e, %dc16 : tensor<64x64xf32, #mma64>, tensor<16x64xf32, #mma16>
}

// A reduction's result converted to the 1-D layout, offset and truncated,
// then stored: the store takes the slice layout itself (its pointers and
// mask recomputed there), and nothing moves through shared memory.
// CHECK-LABEL: func.func @sink_into_store
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[SUM:.*]] = tile.reduce sum %arg1 {axis = 1 : i32} : tensor<64x32xf32, #{{.*}}> -> tensor<64xf32, #[[S:.*]]>
// CHECK: %[[ADD:.*]] = arith.addf %[[SUM]], %{{.*}} : tensor<64xf32, #[[S]]>
// CHECK: %[[T:.*]] = arith.truncf %[[ADD]] : tensor<64xf32, #[[S]]> to tensor<64xf16, #[[S]]>
// CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[S]]>
// CHECK: %[[P:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<64x!tile.ptr<f16>, #[[S]]>
// CHECK: tile.store %[[P]], %[[T]], %{{.*}} : tensor<64x!tile.ptr<f16>, #[[S]]>
func.func @sink_into_store(%y: !tile.ptr<f16>, %x: tensor<64x32xf32, #b2>, %n: i32) {
  %s = tile.reduce sum %x {axis = 1 : i32} : tensor<64x32xf32, #b2> -> tensor<64xf32, #s>
  %c = tilegpu.convert_layout %s : tensor<64xf32, #s> -> tensor<64xf32, #b1>
  %one = arith.constant dense<1.0> : tensor<64xf32, #b1>
  %a = arith.addf %c, %one : tensor<64xf32, #b1>
  %t = arith.truncf %a : tensor<64xf32, #b1> to tensor<64xf16, #b1>
  %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
  %ys = tile.splat %y : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>, #b1>
  %p = tile.addptr %ys, %r : tensor<64x!tile.ptr<f16>, #b1>, tensor<64xi32, #b1>
  %ns = tile.splat %n : i32 -> tensor<64xi32, #b1>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32, #b1>
  tile.store %p, %t, %m : tensor<64x!tile.ptr<f16>, #b1>
  return
}

// A stored value computed from a conversion and another non-cheap tile
// keeps its conversion (recomputing the other one would move it instead).
// CHECK-LABEL: func.func @sink_keeps_two_sources
// CHECK: tilegpu.convert_layout
// CHECK: tile.store {{.*}} : tensor<64x!tile.ptr<f32>, #{{.*}}>
func.func @sink_keeps_two_sources(%y: !tile.ptr<f32>, %x: tensor<64x32xf32, #b2>, %z: tensor<64xf32, #b1>) {
  %s = tile.reduce sum %x {axis = 1 : i32} : tensor<64x32xf32, #b2> -> tensor<64xf32, #s>
  %c = tilegpu.convert_layout %s : tensor<64xf32, #s> -> tensor<64xf32, #b1>
  %a = arith.addf %c, %z : tensor<64xf32, #b1>
  %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #b1>
  %p = tile.addptr %ys, %r : tensor<64x!tile.ptr<f32>, #b1>, tensor<64xi32, #b1>
  tile.store %p, %a : tensor<64x!tile.ptr<f32>, #b1>
  return
}

// A small index tile (fewer elements than the CTA's 128 threads) loaded in
// a 1-D layout and used as a column is loaded in the column's layout when a
// thread holds no more of it there (4 elements in both); with a layout of
// one element a thread, loading 4 instead keeps the conversion; so does a
// tile as large as the CTA.
// CHECK-LABEL: func.func @small_load
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32, #[[S:.*]]>
// CHECK: %[[P:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<64x!tile.ptr<i32>, #[[S]]>
// CHECK: %[[L:.*]] = tile.load %[[P]] : tensor<64x!tile.ptr<i32>, #[[S]]>
// CHECK: tile.expand_dims %[[L]]
#b4 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#b5 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b6 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s5 = #tilegpu.slice<{dim = 1, parent = #b5}>
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load(%idx: !tile.ptr<i32>) -> tensor<64x1xi32, #b2> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b6>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #b6>
    %p = tile.addptr %s, %r : tensor<64x!tile.ptr<i32>, #b6>, tensor<64xi32, #b6>
    %l = tile.load %p : tensor<64x!tile.ptr<i32>, #b6>
    %c = tilegpu.convert_layout %l : tensor<64xi32, #b6> -> tensor<64xi32, #s>
    %e = tile.expand_dims %c {axis = 1 : i32} : tensor<64xi32, #s> -> tensor<64x1xi32, #b2>
    return %e : tensor<64x1xi32, #b2>
  }
}

#b7 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s7 = #tilegpu.slice<{dim = 1, parent = #b7}>
#s8 = #tilegpu.slice<{dim = 0, parent = #b7}>

// A tile of at most 4 elements a warp (16 on 4 warps), 2 a thread in the
// target layout (1 before): loaded there.
// CHECK-LABEL: func.func @small_load_few_per_warp
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.load %{{.*}} : tensor<16x!tile.ptr<i32>, #{{.*}}>
// CHECK-NOT: tilegpu.convert_layout
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_few_per_warp(%idx: !tile.ptr<i32>) -> tensor<16xi32, #s7> {
    %r = tile.make_range 0 to 16 : tensor<16xi32, #b1>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<16x!tile.ptr<i32>, #b1>
    %p = tile.addptr %s, %r : tensor<16x!tile.ptr<i32>, #b1>, tensor<16xi32, #b1>
    %l = tile.load %p : tensor<16x!tile.ptr<i32>, #b1>
    %c = tilegpu.convert_layout %l : tensor<16xi32, #b1> -> tensor<16xi32, #s7>
    return %c : tensor<16xi32, #s7>
  }
}

// 4 elements a thread in the target layout (1 before), but 16 a warp:
// tilegpu-coalesce may give the target's parent all of a warp's lanes
// along its other dimension, 16 loads a thread; converted.
// CHECK-LABEL: func.func @small_load_many_per_warp
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<i32>, #{{.*}}>
// CHECK: tilegpu.convert_layout
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_many_per_warp(%idx: !tile.ptr<i32>) -> tensor<64xi32, #s> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #b1>
    %p = tile.addptr %s, %r : tensor<64x!tile.ptr<i32>, #b1>, tensor<64xi32, #b1>
    %l = tile.load %p : tensor<64x!tile.ptr<i32>, #b1>
    %c = tilegpu.convert_layout %l : tensor<64xi32, #b1> -> tensor<64xi32, #s>
    return %c : tensor<64xi32, #s>
  }
}

// 8 elements a thread in the target layout (1 before): converted.
// CHECK-LABEL: func.func @small_load_more_per_thread
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<i32>, #{{.*}}>
// CHECK: tilegpu.convert_layout
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_more_per_thread(%idx: !tile.ptr<i32>) -> tensor<64xi32, #s7> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #b1>
    %p = tile.addptr %s, %r : tensor<64x!tile.ptr<i32>, #b1>, tensor<64xi32, #b1>
    %l = tile.load %p : tensor<64x!tile.ptr<i32>, #b1>
    %c = tilegpu.convert_layout %l : tensor<64xi32, #b1> -> tensor<64xi32, #s7>
    return %c : tensor<64xi32, #s7>
  }
}

// A small loaded vector, negated, used both as a column and as a row of a
// 2-D tile: the negation is computed in each layout and only the load,
// used twice, is converted (twice); the computed values were before.
// CHECK-LABEL: func.func @small_load_row_and_column
// CHECK: %[[L:.*]] = tile.load
// CHECK: tile.store
// CHECK-DAG: %[[C:.*]] = tilegpu.convert_layout %[[L]] : tensor<16xf32, #{{.*}}> -> tensor<16xf32, #[[SC:slice[0-9]*]]>
// CHECK-DAG: %[[R:.*]] = tilegpu.convert_layout %[[L]] : tensor<16xf32, #{{.*}}> -> tensor<16xf32, #[[SR:slice[0-9]*]]>
// CHECK-DAG: arith.negf %[[C]] : tensor<16xf32, #[[SC]]>
// CHECK-DAG: arith.negf %[[R]] : tensor<16xf32, #[[SR]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_row_and_column(%a: !tile.ptr<f32>, %o: !tile.ptr<f32>) -> tensor<16x16xf32, #b7> {
    %r = tile.make_range 0 to 16 : tensor<16xi32, #b1>
    %s = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #b1>
    %p = tile.addptr %s, %r : tensor<16x!tile.ptr<f32>, #b1>, tensor<16xi32, #b1>
    %l = tile.load %p : tensor<16x!tile.ptr<f32>, #b1>
    %so = tile.splat %o : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #b1>
    %po = tile.addptr %so, %r : tensor<16x!tile.ptr<f32>, #b1>, tensor<16xi32, #b1>
    %z = arith.constant dense<0.0> : tensor<16xf32, #b1>
    tile.store %po, %z : tensor<16x!tile.ptr<f32>, #b1>
    %n = arith.negf %l : tensor<16xf32, #b1>
    %c = tilegpu.convert_layout %n : tensor<16xf32, #b1> -> tensor<16xf32, #s7>
    %ce = tile.expand_dims %c {axis = 1 : i32} : tensor<16xf32, #s7> -> tensor<16x1xf32, #b7>
    %cb = tile.broadcast %ce : tensor<16x1xf32, #b7> -> tensor<16x16xf32, #b7>
    %w = tilegpu.convert_layout %n : tensor<16xf32, #b1> -> tensor<16xf32, #s8>
    %we = tile.expand_dims %w {axis = 0 : i32} : tensor<16xf32, #s8> -> tensor<1x16xf32, #b7>
    %wb = tile.broadcast %we : tensor<1x16xf32, #b7> -> tensor<16x16xf32, #b7>
    %m = arith.mulf %cb, %wb : tensor<16x16xf32, #b7>
    return %m : tensor<16x16xf32, #b7>
  }
}

// A triangular solve's row update: a small load (negated) plus a column
// sum converted to the load's layout, the sum converted back to the
// column sum's layout. The negated load counts as recomputable, so the
// addition moves to the column sum's layout, whose conversions cancel, and
// the load (used once) is made there: nothing is converted (two
// conversions before).
// CHECK-LABEL: func.func @small_load_plus_reduction
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[L:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>, #[[S:slice[0-9]*]]>
// CHECK-DAG: %[[N:.*]] = arith.negf %[[L]] : tensor<16xf32, #[[S]]>
// CHECK-DAG: %[[R:.*]] = tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<16x16xf32, #{{.*}}> -> tensor<16xf32, #[[S]]>
// CHECK: arith.addf %[[N]], %[[R]] : tensor<16xf32, #[[S]]>
// CHECK-NOT: tilegpu.convert_layout
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_plus_reduction(%a: !tile.ptr<f32>, %t: tensor<16x16xf32, #b7>) -> tensor<16xf32, #s8> {
    %r = tile.make_range 0 to 16 : tensor<16xi32, #b1>
    %s = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #b1>
    %p = tile.addptr %s, %r : tensor<16x!tile.ptr<f32>, #b1>, tensor<16xi32, #b1>
    %l = tile.load %p : tensor<16x!tile.ptr<f32>, #b1>
    %n = arith.negf %l : tensor<16xf32, #b1>
    %sum = tile.reduce sum %t {axis = 0 : i32} : tensor<16x16xf32, #b7> -> tensor<16xf32, #s8>
    %sc = tilegpu.convert_layout %sum : tensor<16xf32, #s8> -> tensor<16xf32, #b1>
    %x = arith.addf %n, %sc : tensor<16xf32, #b1>
    %c = tilegpu.convert_layout %x : tensor<16xf32, #b1> -> tensor<16xf32, #s8>
    return %c : tensor<16xf32, #s8>
  }
}

// CHECK-LABEL: func.func @large_load
// CHECK: tile.load %{{.*}} : tensor<256x!tile.ptr<i32>, #{{.*}}>
// CHECK: tilegpu.convert_layout
module attributes {tile.num_warps = 8 : i32} {
  func.func @large_load(%idx: !tile.ptr<i32>) -> tensor<256xi32, #s5> {
    %r = tile.make_range 0 to 256 : tensor<256xi32, #b4>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<256x!tile.ptr<i32>, #b4>
    %p = tile.addptr %s, %r : tensor<256x!tile.ptr<i32>, #b4>, tensor<256xi32, #b4>
    %l = tile.load %p : tensor<256x!tile.ptr<i32>, #b4>
    %c = tilegpu.convert_layout %l : tensor<256xi32, #b4> -> tensor<256xi32, #s5>
    return %c : tensor<256xi32, #s5>
  }
}

// The load is made in the target layout where it stands: a store between
// it and the conversion writes what it read.
// CHECK-LABEL: func.func @small_load_before_store
// CHECK: %[[L:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>, #[[S:.*]]>
// CHECK-NEXT: tile.store
// CHECK: tile.expand_dims %[[L]]
module attributes {tile.num_warps = 4 : i32} {
  func.func @small_load_before_store(%idx: !tile.ptr<i32>) -> tensor<64x1xi32, #b2> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b6>
    %s = tile.splat %idx : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #b6>
    %p = tile.addptr %s, %r : tensor<64x!tile.ptr<i32>, #b6>, tensor<64xi32, #b6>
    %l = tile.load %p : tensor<64x!tile.ptr<i32>, #b6>
    tile.store %p, %r : tensor<64x!tile.ptr<i32>, #b6>
    %c = tilegpu.convert_layout %l : tensor<64xi32, #b6> -> tensor<64xi32, #s>
    %e = tile.expand_dims %c {axis = 1 : i32} : tensor<64xi32, #s> -> tensor<64x1xi32, #b2>
    return %e : tensor<64x1xi32, #b2>
  }
}
