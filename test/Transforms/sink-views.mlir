// Checks the view-sinking patterns of -tile-combine: a transpose moves
// through elementwise ops (its operand's one use), broadcasts, splats and
// expand_dims toward the sources, where it disappears, unless it is a dot's
// operand: there it stays, and elementwise ops between a transpose and a dot
// move above it; a reshape undoing an earlier one moves through elementwise
// ops and both disappear.
// RUN: tilec-opt %s -tile-combine -split-input-file | FileCheck %s

// B^T's pointers, as tile-combine transposes them onto a dot operand's load:
// computed transposed, no tile.trans left.
// CHECK-LABEL: func.func @trans_pointers
// CHECK-NOT: tile.trans
// CHECK-DAG: %[[R:.*]] = tile.make_range 0 to 64
// CHECK-DAG: %[[C:.*]] = tile.make_range 0 to 32
// CHECK-DAG: tile.expand_dims %[[R]] {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
// CHECK-DAG: tile.expand_dims %[[C]] {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
// CHECK: %[[P:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
// CHECK-NOT: tile.trans
// CHECK: return %[[P]]
func.func @trans_pointers(%base: !tile.ptr<f16>, %stride: i32) -> tensor<64x32x!tile.ptr<f16>> {
  %rows = tile.make_range 0 to 32 : tensor<32xi32>
  %cols = tile.make_range 0 to 64 : tensor<64xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %s = tile.splat %stride : i32 -> tensor<32x1xi32>
  %rs = arith.muli %r2, %s : tensor<32x1xi32>
  %rb = tile.broadcast %rs : tensor<32x1xi32> -> tensor<32x64xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rb, %cb : tensor<32x64xi32>
  %b = tile.splat %base : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %p = tile.addptr %b, %off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %t = tile.trans %p {order = array<i32: 1, 0>} : tensor<32x64x!tile.ptr<f16>> -> tensor<64x32x!tile.ptr<f16>>
  return %t : tensor<64x32x!tile.ptr<f16>>
}

// -----

// An elementwise op with another use keeps the transpose (nothing is
// computed twice).
// CHECK-LABEL: func.func @trans_shared
// CHECK: %[[S:.*]] = arith.addf %arg0, %arg1 : tensor<16x32xf32>
// CHECK: %[[T:.*]] = tile.trans %[[S]]
// CHECK: return %[[T]], %[[S]]
func.func @trans_shared(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> (tensor<32x16xf32>, tensor<16x32xf32>) {
  %s = arith.addf %a, %b : tensor<16x32xf32>
  %t = tile.trans %s {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  return %t, %s : tensor<32x16xf32>, tensor<16x32xf32>
}

// -----

// A mask computed from broadcasts of two ranges, with another use (two loads
// of B^T share it): it is computed again, transposed, from the ranges, with
// no transpose left; the original stays for its other use.
// CHECK-LABEL: func.func @trans_shared_mask
// CHECK-NOT: tile.trans
// CHECK-DAG: %[[N:.*]] = arith.cmpi slt, %arg0, %{{.*}} : tensor<64xi32>
// CHECK-DAG: %[[K:.*]] = arith.cmpi slt, %arg1, %{{.*}} : tensor<32xi32>
// CHECK-DAG: %[[M:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64x32xi1>
// CHECK-DAG: %[[NT:.*]] = tile.expand_dims %[[N]] {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
// CHECK-DAG: %[[KT:.*]] = tile.expand_dims %[[K]] {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
// CHECK-DAG: %[[T:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32x64xi1>
// CHECK-NOT: tile.trans
// CHECK: return %[[T]], %[[M]]
func.func @trans_shared_mask(%n: tensor<64xi32>, %k: tensor<32xi32>) -> (tensor<32x64xi1>, tensor<64x32xi1>) {
  %c = arith.constant dense<100> : tensor<64xi32>
  %d = arith.constant dense<40> : tensor<32xi32>
  %nm = arith.cmpi slt, %n, %c : tensor<64xi32>
  %km = arith.cmpi slt, %k, %d : tensor<32xi32>
  %ne = tile.expand_dims %nm {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
  %ke = tile.expand_dims %km {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>
  %nb = tile.broadcast %ne : tensor<64x1xi1> -> tensor<64x32xi1>
  %kb = tile.broadcast %ke : tensor<1x32xi1> -> tensor<64x32xi1>
  %m = arith.andi %nb, %kb : tensor<64x32xi1>
  %t = tile.trans %m {order = array<i32: 1, 0>} : tensor<64x32xi1> -> tensor<32x64xi1>
  return %t, %m : tensor<32x64xi1>, tensor<64x32xi1>
}

// -----

// A block reshaped to [1, M, N] for a descriptor store with a leading unit
// dimension, converted in between, and reshaped back to [M, N] where the
// store addresses it: the conversion runs on the [M, N] tile.
// CHECK-LABEL: func.func @reshape_undone
// CHECK-NOT: tile.reshape
// CHECK: %[[T:.*]] = arith.truncf %arg0 : tensor<64x32xf32> to tensor<64x32xbf16>
// CHECK: %[[M:.*]] = arith.mulf %[[T]], %{{.*}} : tensor<64x32xbf16>
// CHECK-NOT: tile.reshape
// CHECK: return %[[M]]
func.func @reshape_undone(%x: tensor<64x32xf32>) -> tensor<64x32xbf16> {
  %two = arith.constant dense<2.0> : tensor<1x64x32xbf16>
  %r = tile.reshape %x : tensor<64x32xf32> -> tensor<1x64x32xf32>
  %t = arith.truncf %r : tensor<1x64x32xf32> to tensor<1x64x32xbf16>
  %m = arith.mulf %t, %two : tensor<1x64x32xbf16>
  %back = tile.reshape %m : tensor<1x64x32xbf16> -> tensor<64x32xbf16>
  return %back : tensor<64x32xbf16>
}

// -----

// A reshape that undoes nothing stays.
// CHECK-LABEL: func.func @reshape_kept
// CHECK: arith.negf %arg0 : tensor<64x32xf32>
// CHECK: tile.reshape
func.func @reshape_kept(%x: tensor<64x32xf32>) -> tensor<2048xf32> {
  %n = arith.negf %x : tensor<64x32xf32>
  %r = tile.reshape %n : tensor<64x32xf32> -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}

// -----

// A dot's transposed operand stays at the dot, where its staging reads the
// buffer through a transposed view: the scaling and the cast move below
// the transpose (they are elementwise, their other operand a broadcast row
// factor, transposed for free), not the transpose above them.
// CHECK-LABEL: func.func @trans_to_dot
// CHECK: %[[F:.*]] = tile.broadcast %{{.*}} : tensor<64x1xf32> -> tensor<64x32xf32>
// CHECK: %[[M:.*]] = arith.mulf %arg1, %[[F]] : tensor<64x32xf32>
// CHECK: %[[C:.*]] = arith.truncf %[[M]] : tensor<64x32xf32> to tensor<64x32xbf16>
// CHECK: %[[T:.*]] = tile.trans %[[C]] {order = array<i32: 1, 0>} : tensor<64x32xbf16> -> tensor<32x64xbf16>
// CHECK: tile.dot %arg0, %[[T]], %{{.*}}
// CHECK-NOT: tile.trans
func.func @trans_to_dot(%a: tensor<16x32xbf16>, %b: tensor<64x32xf32>, %s: tensor<64xf32>, %acc: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %bt = tile.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %s2 = tile.expand_dims %s {axis = 0 : i32} : tensor<64xf32> -> tensor<1x64xf32>
  %sb = tile.broadcast %s2 : tensor<1x64xf32> -> tensor<32x64xf32>
  %m = arith.mulf %bt, %sb : tensor<32x64xf32>
  %c = arith.truncf %m : tensor<32x64xf32> to tensor<32x64xbf16>
  %d = tile.dot %a, %c, %acc : tensor<16x32xbf16> * tensor<32x64xbf16> -> tensor<16x64xf32>
  return %d : tensor<16x64xf32>
}

// -----

// Written as the dot's operand, the transpose stays there (sinking it
// through the multiplication, whose other operand is used again, would end
// in a transpose through shared memory).
// CHECK-LABEL: func.func @trans_stays_at_dot
// CHECK: %[[M:.*]] = arith.mulf %arg1, %arg2 : tensor<64x32xbf16>
// CHECK: %[[T:.*]] = tile.trans %[[M]]
// CHECK: tile.dot %arg0, %[[T]], %{{.*}}
func.func @trans_stays_at_dot(%a: tensor<16x32xbf16>, %b: tensor<64x32xbf16>, %c: tensor<64x32xbf16>, %acc: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<64x32xbf16>) {
  %m = arith.mulf %b, %c : tensor<64x32xbf16>
  %t = tile.trans %m {order = array<i32: 1, 0>} : tensor<64x32xbf16> -> tensor<32x64xbf16>
  %d = tile.dot %a, %t, %acc : tensor<16x32xbf16> * tensor<32x64xbf16> -> tensor<16x64xf32>
  return %d, %b : tensor<16x64xf32>, tensor<64x32xbf16>
}

// -----

// Not into a dot: the transpose still moves toward the sources.
// CHECK-LABEL: func.func @trans_not_dot
// CHECK: %[[T:.*]] = tile.trans %arg0
// CHECK: arith.truncf %[[T]]
func.func @trans_not_dot(%b: tensor<64x32xf32>) -> tensor<32x64xbf16> {
  %c = arith.truncf %b : tensor<64x32xf32> to tensor<64x32xbf16>
  %t = tile.trans %c {order = array<i32: 1, 0>} : tensor<64x32xbf16> -> tensor<32x64xbf16>
  return %t : tensor<32x64xbf16>
}

// -----

// A transposed tile stored (cast first) through pointers computed from
// ranges: the cast moves above the transpose, and the tile is stored from
// where it is, at pointers computed transposed; no tile.trans is left.
// CHECK-LABEL: func.func @trans_store
// CHECK-NOT: tile.trans
// CHECK: %[[C:.*]] = arith.truncf %arg1 : tensor<32x64xf32> to tensor<32x64xbf16>
// CHECK: tile.store %{{.*}}, %[[C]] : tensor<32x64x!tile.ptr<bf16>>
// CHECK-NOT: tile.trans
func.func @trans_store(%base: !tile.ptr<bf16>, %h: tensor<32x64xf32>) {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %c = tile.make_range 0 to 32 : tensor<32xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %k = arith.constant dense<32> : tensor<64x1xi32>
  %rk = arith.muli %r2, %k : tensor<64x1xi32>
  %rb = tile.broadcast %rk : tensor<64x1xi32> -> tensor<64x32xi32>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rb, %cb : tensor<64x32xi32>
  %b = tile.splat %base : !tile.ptr<bf16> -> tensor<64x32x!tile.ptr<bf16>>
  %p = tile.addptr %b, %off : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %t = tile.trans %h {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  %v = arith.truncf %t : tensor<64x32xf32> to tensor<64x32xbf16>
  tile.store %p, %v : tensor<64x32x!tile.ptr<bf16>>
  return
}

// -----

// A loaded tile transposed (for anything but a dot or a store) is loaded
// transposed: its pointers and mask computed so, no tile.trans left.
// CHECK-LABEL: func.func @trans_load
// CHECK-NOT: tile.trans
// CHECK: %[[L:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f32>>
// CHECK: math.exp %[[L]] : tensor<32x64xf32>
// CHECK-NOT: tile.trans
func.func @trans_load(%base: !tile.ptr<f32>, %n: i32) -> tensor<32x64xf32> {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %c = tile.make_range 0 to 32 : tensor<32xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %k = arith.constant dense<32> : tensor<64x1xi32>
  %rk = arith.muli %r2, %k : tensor<64x1xi32>
  %rb = tile.broadcast %rk : tensor<64x1xi32> -> tensor<64x32xi32>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rb, %cb : tensor<64x32xi32>
  %ns = tile.splat %n : i32 -> tensor<64x1xi32>
  %m1 = arith.cmpi slt, %r2, %ns : tensor<64x1xi32>
  %m = tile.broadcast %m1 : tensor<64x1xi1> -> tensor<64x32xi1>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %b = tile.splat %base : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
  %p = tile.addptr %b, %off : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
  %l = tile.load %p, %m, %z : tensor<64x32x!tile.ptr<f32>>
  %t = tile.trans %l {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %e = math.exp %t : tensor<32x64xf32>
  return %e : tensor<32x64xf32>
}

// -----

// x + trans(y + 1) stored: the transpose cannot reach the store (x is not
// free to transpose), so it is not hoisted toward it; it sinks through the
// add to y's load. (The hoist had moved it back onto the add each time the
// sink moved it off, without end.)
// CHECK-LABEL: func.func @trans_short_of_store
// CHECK: %[[Y:.*]] = tile.load %arg1
// CHECK-NEXT: %[[T:.*]] = tile.trans %[[Y]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[T]], %{{.*}} : tensor<8x8xf32>
// CHECK-NEXT: %[[R:.*]] = arith.addf %arg0, %[[S]] : tensor<8x8xf32>
// CHECK: tile.store %{{.*}}, %[[R]]
func.func @trans_short_of_store(%x: tensor<8x8xf32>, %py: tensor<8x8x!tile.ptr<f32>>, %po: !tile.ptr<f32>) {
  %one = arith.constant dense<1.0> : tensor<8x8xf32>
  %y = tile.load %py : tensor<8x8x!tile.ptr<f32>>
  %s = arith.addf %y, %one : tensor<8x8xf32>
  %t = tile.trans %s {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
  %r = arith.addf %x, %t : tensor<8x8xf32>
  %o = tile.splat %po : !tile.ptr<f32> -> tensor<8x8x!tile.ptr<f32>>
  tile.store %o, %r : tensor<8x8x!tile.ptr<f32>>
  return
}
