// Checks -tile-canonicalize: the canonicalizer's patterns and folders, run on
// nested regions innermost first and then on the whole module, give what
// -canonicalize gives: folds inside loop bodies nested in loops and `if`s,
// constants moved to the function's entry, dead loops and ops erased, loop
// results of unchanged iter_args forwarded.
// RUN: tilec-opt %s -tile-canonicalize | FileCheck %s
// RUN: tilec-opt %s -tile-canonicalize > %t.nested
// RUN: tilec-opt %s -canonicalize > %t.plain
// RUN: diff %t.nested %t.plain

// CHECK-LABEL: func.func @nested
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : i32
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %arg1 step %[[C1]]
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %arg1 step %[[C1]]
// CHECK-NEXT: %[[P:.*]] = tile.addptr %arg0, %[[C12]]
// CHECK-NEXT: %[[V:.*]] = tile.load %[[P]]
// CHECK-NEXT: tile.store %[[P]], %[[V]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @nested(%p: !tile.ptr<f32>, %n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %z = arith.constant 0 : i32
        %three = arith.constant 3 : i32
        %four = arith.constant 4 : i32
        %twelve = arith.muli %three, %four : i32
        %q = tile.addptr %p, %z : !tile.ptr<f32>, i32
        %r = tile.addptr %q, %twelve : !tile.ptr<f32>, i32
        %v = tile.load %r : !tile.ptr<f32>
        tile.store %r, %v : !tile.ptr<f32>
        // Dead: a loop that only reads.
        scf.for %k = %c0 to %n step %c1 : i32 {
          %w = tile.load %q : !tile.ptr<f32>
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @forwarded
// CHECK-NOT: scf.for
// CHECK: return %arg1
func.func @forwarded(%n: i32, %x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) : i32 {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f32) : i32 {
      scf.yield %b : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}
