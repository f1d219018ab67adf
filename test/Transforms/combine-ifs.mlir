// Checks -tile-combine's merge of adjacent `scf.if`s on complementary
// conditions into one if/else (how an early `return` reaches the IR), with
// results flowing from the first `if` into the second.
// RUN: tilec-opt %s -tile-combine -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @inverse_compare
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[X:.*]]: i32, %[[N:.*]]: i32, %[[Y:.*]]: f32, %[[Z:.*]]: f32)
// CHECK: %[[C:.*]] = arith.cmpi sge, %[[X]], %[[N]] : i32
// CHECK-NEXT: %[[R:.*]]:2 = scf.if %[[C]] -> (f32, f32) {
// CHECK-NEXT: tile.store %[[P]], %[[Y]] : !tile.ptr<f32>
// CHECK-NEXT: scf.yield %[[Y]], %[[Y]] : f32, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[Z]], %[[Z]] : f32
// CHECK-NEXT: tile.store %[[P]], %[[S]] : !tile.ptr<f32>
// CHECK-NEXT: scf.yield %[[Z]], %[[S]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @inverse_compare(%p: !tile.ptr<f32>, %x: i32, %n: i32, %y: f32, %z: f32) -> (f32, f32) {
  %c = arith.cmpi sge, %x, %n : i32
  %a = scf.if %c -> f32 {
    tile.store %p, %y : !tile.ptr<f32>
    scf.yield %y : f32
  } else {
    scf.yield %z : f32
  }
  %nc = arith.cmpi slt, %x, %n : i32
  %b = scf.if %nc -> f32 {
    %s = arith.addf %a, %a : f32
    tile.store %p, %s : !tile.ptr<f32>
    scf.yield %s : f32
  } else {
    scf.yield %a : f32
  }
  return %a, %b : f32, f32
}

// -----

// `xori %c, true` negates too; the pure ops between the two move above.
// CHECK-LABEL: func.func @xor_true
// CHECK: %[[V:.*]] = arith.addi
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: %[[W:.*]] = arith.addi
// CHECK-NEXT: tile.store %arg0, %[[W]]
// CHECK-NEXT: } else {
// CHECK-NEXT: tile.store %arg0, %[[V]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @xor_true(%p: !tile.ptr<i32>, %c: i1, %x: i32) {
  %true = arith.constant true
  scf.if %c {
    %v = arith.addi %x, %x : i32
    tile.store %p, %v : !tile.ptr<i32>
  }
  %v = arith.addi %x, %x : i32
  %n = arith.xori %c, %true : i1
  scf.if %n {
    tile.store %p, %v : !tile.ptr<i32>
  }
  return
}

// -----

// A store between the two keeps them apart; so does a condition that is not
// the negation.
// CHECK-LABEL: func.func @not_merged
// CHECK-COUNT-3: scf.if
func.func @not_merged(%p: !tile.ptr<i32>, %c: i1, %d: i1, %x: i32) {
  %true = arith.constant true
  scf.if %c {
    tile.store %p, %x : !tile.ptr<i32>
  }
  tile.store %p, %x : !tile.ptr<i32>
  %n = arith.xori %c, %true : i1
  scf.if %n {
    tile.store %p, %x : !tile.ptr<i32>
  }
  scf.if %d {
    tile.store %p, %x : !tile.ptr<i32>
  }
  return
}
