// Checks -tile-group-programs: a kernel with a tile.dot in a loop over a 2-D
// grid runs its programs in the grouped order of Triton's matmul tutorial
// (the CTA at launch position L = y * X + x runs program
// (first + (L % (g Y)) % size, (L % (g Y)) / size), first = (L / (g Y)) g,
// size = min(X - first, g)), in 64 bits; other kernels keep their order.
// RUN: tilec-opt %s -split-input-file -tile-group-programs | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tile-group-programs="group=1" | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @mm
// CHECK: %[[X:.*]] = tile.program_id 0
// CHECK: %[[X64:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK: %[[Y:.*]] = tile.program_id 1
// CHECK: %[[Y64:.*]] = arith.extui %[[Y]] : i32 to i64
// CHECK: %[[NX:.*]] = tile.num_programs 0
// CHECK: %[[NX64:.*]] = arith.extui %[[NX]] : i32 to i64
// CHECK: %[[NY:.*]] = tile.num_programs 1
// CHECK: %[[NY64:.*]] = arith.extui %[[NY]] : i32 to i64
// CHECK: %[[G:.*]] = arith.constant 8 : i64
// CHECK: %[[YX:.*]] = arith.muli %[[Y64]], %[[NX64]] : i64
// CHECK: %[[L:.*]] = arith.addi %[[YX]], %[[X64]] : i64
// CHECK: %[[PER:.*]] = arith.muli %[[G]], %[[NY64]] : i64
// CHECK: %[[GRP:.*]] = arith.divui %[[L]], %[[PER]] : i64
// CHECK: %[[FIRST:.*]] = arith.muli %[[GRP]], %[[G]] : i64
// CHECK: %[[LEFT:.*]] = arith.subi %[[NX64]], %[[FIRST]] : i64
// CHECK: %[[SIZE:.*]] = arith.minui %[[LEFT]], %[[G]] : i64
// CHECK: %[[R:.*]] = arith.remui %[[L]], %[[PER]] : i64
// CHECK: %[[IN:.*]] = arith.remui %[[R]], %[[SIZE]] : i64
// CHECK: %[[ID0:.*]] = arith.addi %[[FIRST]], %[[IN]] : i64
// CHECK: %[[ID1:.*]] = arith.divui %[[R]], %[[SIZE]] : i64
// CHECK: %[[P0:.*]] = arith.trunci %[[ID0]] : i64 to i32
// CHECK: %[[P1:.*]] = arith.trunci %[[ID1]] : i64 to i32
// CHECK-NOT: tile.program_id
// CHECK: arith.muli %[[P0]], %c16_i32
// CHECK: arith.muli %[[P1]], %c16_i32
// OFF-LABEL: func.func @mm
// OFF-NOT: tile.num_programs
module attributes {tile.num_warps = 4 : i32} {
  func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %om = arith.muli %pm, %c16 : i32
    %on = arith.muli %pn, %c16 : i32
    %o = arith.addi %om, %on : i32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %o : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    tile.store %pp, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// Without program id 1 (a 1-D grid, e.g. a kernel that groups its ids
// itself), the order stays.
// CHECK-LABEL: func.func @one_axis
// CHECK-NOT: tile.num_programs
// CHECK: tile.program_id 0
// CHECK-NOT: tile.num_programs
module attributes {tile.num_warps = 4 : i32} {
  func.func @one_axis(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %pm : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    tile.store %pp, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// Without a dot in a loop (not a matmul), the order stays.
// CHECK-LABEL: func.func @no_dot
// CHECK-NOT: tile.num_programs
// CHECK: tile.program_id 0
// CHECK: tile.program_id 1
// CHECK-NOT: tile.num_programs
module attributes {tile.num_warps = 4 : i32} {
  func.func @no_dot(%p: !tile.ptr<f32>) attributes {tile.kernel} {
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %o = arith.addi %pm, %pn : i32
    %v = arith.sitofp %o : i32 to f32
    %pp = tile.addptr %p, %o : !tile.ptr<f32>, i32
    tile.store %pp, %v : !tile.ptr<f32>
    return
  }
}

// -----

// A volatile load (a kernel that may poll other programs' writes) keeps the
// launch order.
// CHECK-LABEL: func.func @polls
// CHECK-NOT: tile.num_programs
// CHECK: tile.program_id 0
// CHECK: tile.program_id 1
// CHECK-NOT: tile.num_programs
module attributes {tile.num_warps = 4 : i32} {
  func.func @polls(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %flag = tile.load %p {isVolatile} : !tile.ptr<f32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %o = arith.addi %pm, %pn : i32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %o : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    %fs = tile.splat %flag : f32 -> tensor<16x16xf32>
    %r = arith.addf %acc, %fs : tensor<16x16xf32>
    tile.store %pp, %r : tensor<16x16x!tile.ptr<f32>>
    return
  }
}
