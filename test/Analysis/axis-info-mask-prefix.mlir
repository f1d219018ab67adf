// Checks the mask prefix of the axis analysis (AxisInfo.h): along a
// dimension, aligned groups of P positions true up to some position and
// false after it. Bound checks of contiguous indices (`i < n`, `i <= n`,
// `n > i`, `n >= i`) have one as long as the indices' contiguity and the
// bound's constancy (signed compares; unsigned ones of non-negative
// indices only); ands and ors take the smaller; broadcasts, expand_dims,
// transposes and reshapes carry it; `i > n` (false first) and negations have
// none; a loop-carried mask keeps what both its initial and yielded values
// have. Printed through the test-only option print-axis-info of
// -tilegpu-coalesce (only where it exceeds the constancy).
// RUN: tilec-opt %s -convert-tile-to-tilegpu -tilegpu-coalesce=print-axis-info=true | FileCheck %s

module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @prefix_rules
  func.func @prefix_rules(%n: i32, %m: i32, %k: i32) {
    %r64 = tile.make_range 0 to 64 : tensor<64xi32>
    %r32 = tile.make_range 0 to 32 : tensor<32xi32>
    %n64 = tile.splat %n : i32 -> tensor<64xi32>
    // CHECK: arith.cmpi slt, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [64]"
    %lt = arith.cmpi slt, %r64, %n64 : tensor<64xi32>
    // CHECK: arith.cmpi sge, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [64]"
    %ge = arith.cmpi sge, %n64, %r64 : tensor<64xi32>
    // CHECK: arith.cmpi sgt, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1]"}
    %gt = arith.cmpi sgt, %r64, %n64 : tensor<64xi32>
    // Unsigned compares only of non-negative indices: `i - k` may run from
    // -1 to 0 inside a group, which is not increasing as unsigned.
    // CHECK: arith.cmpi ult, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [64]"
    %ult = arith.cmpi ult, %r64, %n64 : tensor<64xi32>
    %kk = tile.splat %k : i32 -> tensor<64xi32>
    %shifted = arith.subi %r64, %kk : tensor<64xi32>
    // CHECK: arith.cmpi ult, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1]"}
    %ult2 = arith.cmpi ult, %shifted, %n64 : tensor<64xi32>
    // CHECK: arith.cmpi slt, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [64]"
    %slt2 = arith.cmpi slt, %shifted, %n64 : tensor<64xi32>
    // CHECK: arith.andi {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [64]"
    %and = arith.andi %lt, %ge : tensor<64xi1>
    // CHECK: arith.ori {{.*}} "contiguity = [1], divisibility = [1], constancy = [1]"}
    %or = arith.ori %lt, %gt : tensor<64xi1>
    %true = arith.constant dense<true> : tensor<64xi1>
    // CHECK: arith.xori {{.*}} "contiguity = [1], divisibility = [1], constancy = [1]"}
    %not = arith.xori %lt, %true : tensor<64xi1>
    // Indices contiguous in runs of 8 only (a stride-8 split): runs of 8.
    %c8 = arith.constant dense<8> : tensor<64xi32>
    %lo = arith.remsi %r64, %c8 : tensor<64xi32>
    %k64 = tile.splat %k : i32 -> tensor<64xi32>
    // CHECK: arith.cmpi slt, {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [8]"
    %lt8 = arith.cmpi slt, %lo, %k64 : tensor<64xi32>
    // 2-D: a row check (constant along the row) and a column check.
    %rows = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %m2 = tile.splat %m : i32 -> tensor<32x1xi32>
    %rowok = arith.cmpi slt, %rows, %m2 : tensor<32x1xi32>
    // CHECK: tile.expand_dims {{.*}} "contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], mask prefix = [1, 64]"
    %colok = tile.expand_dims %lt {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
    // CHECK: tile.broadcast {{.*}} "contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 64], mask prefix = [32, 64]"
    %rb = tile.broadcast %rowok : tensor<32x1xi1> -> tensor<32x64xi1>
    // CHECK: tile.broadcast {{.*}} "contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 1], mask prefix = [32, 64]"
    %cb = tile.broadcast %colok : tensor<1x64xi1> -> tensor<32x64xi1>
    // CHECK: arith.andi {{.*}} "contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], mask prefix = [32, 64]"
    %mask = arith.andi %rb, %cb : tensor<32x64xi1>
    // CHECK: tile.trans {{.*}} "contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], mask prefix = [64, 32]"
    %t = tile.trans %mask {order = array<i32: 1, 0>} : tensor<32x64xi1> -> tensor<64x32xi1>
    // CHECK: tile.reshape {{.*}} "contiguity = [1, 1, 1], divisibility = [1, 1, 1], constancy = [1, 1, 1], mask prefix = [1, 32, 64]"
    %r3 = tile.reshape %mask : tensor<32x64xi1> -> tensor<1x32x64xi1>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    // A loop-carried mask: the join of the initial and the yielded value.
    // CHECK: scf.for
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %lt) -> (tensor<64xi1>) : i32 {
      scf.yield %lt8 : tensor<64xi1>
    }
    // CHECK: arith.andi {{.*}} "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [8]"
    %use = arith.andi %l, %lt : tensor<64xi1>
    return
  }
}
