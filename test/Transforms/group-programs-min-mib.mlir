// Checks -tile-group-programs="min-mib=N": the grouped order is taken at run
// time only when the A operand that the plain order sweeps is estimated at
// N MiB or more: X (programs along axis 0) * the A tile's bytes * the trip
// count of the dot's loop, (max(ub - lb, 0) + step - 1) / step, its bounds
// recomputed at the top of the kernel from the arguments. Where a bound
// depends on anything else (a load, a program id) the kernel always groups.
// RUN: tilec-opt %s -split-input-file -tile-group-programs="min-mib=48" | FileCheck %s

// A 16x32 bf16 tile (1024 bytes); the loop runs to n + 15 in steps of 16,
// that bound computed after the program ids (recomputed at the top).
// CHECK-LABEL: func.func @mm
// CHECK: %[[X:.*]] = tile.program_id 0
// CHECK: %[[X64:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK: %[[Y:.*]] = tile.program_id 1
// CHECK: %[[Y64:.*]] = arith.extui %[[Y]] : i32 to i64
// CHECK: %[[NX:.*]] = tile.num_programs 0
// CHECK: %[[NX64:.*]] = arith.extui %[[NX]] : i32 to i64
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %{{.*}} : i64
// CHECK: %[[IN:.*]] = arith.remui %[[R]], %{{.*}} : i64
// CHECK: %[[ID0:.*]] = arith.addi %{{.*}}, %[[IN]] : i64
// CHECK: %[[ID1:.*]] = arith.divui %[[R]], %{{.*}} : i64
// CHECK: %[[C15:.*]] = arith.constant 15 : i32
// CHECK: %[[UB:.*]] = arith.addi %arg3, %[[C15]] : i32
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[UB64:.*]] = arith.extsi %[[UB]] : i32 to i64
// CHECK: %[[LB64:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[SPAN:.*]] = arith.subi %[[UB64]], %[[LB64]] : i64
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[SPAN]], %[[C0]] : i64
// CHECK: %[[SPAN0:.*]] = arith.select %[[POS]], %[[SPAN]], %[[C0]] : i64
// CHECK: %[[ST64:.*]] = arith.extsi %[[C16]] : i32 to i64
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: %[[STPOS:.*]] = arith.cmpi sgt, %[[ST64]], %[[C1]] : i64
// CHECK: %[[ST:.*]] = arith.select %[[STPOS]], %[[ST64]], %[[C1]] : i64
// CHECK: %[[SUM:.*]] = arith.addi %[[SPAN0]], %[[ST]] : i64
// CHECK: %[[SUM1:.*]] = arith.subi %[[SUM]], %{{.*}} : i64
// CHECK: %[[TRIPS:.*]] = arith.divui %[[SUM1]], %[[ST]] : i64
// CHECK: %[[XT:.*]] = arith.muli %[[NX64]], %[[TRIPS]] : i64
// CHECK: %[[TILE:.*]] = arith.constant 1024 : i64
// CHECK: %[[BYTES:.*]] = arith.muli %[[XT]], %[[TILE]] : i64
// CHECK: %[[MIN:.*]] = arith.constant 50331648 : i64
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %[[BYTES]], %[[MIN]] : i64
// CHECK: %[[S0:.*]] = arith.select %[[BIG]], %[[ID0]], %[[X64]] : i64
// CHECK: %[[S1:.*]] = arith.select %[[BIG]], %[[ID1]], %[[Y64]] : i64
// CHECK: %[[P0:.*]] = arith.trunci %[[S0]] : i64 to i32
// CHECK: %[[P1:.*]] = arith.trunci %[[S1]] : i64 to i32
// CHECK-NOT: tile.program_id
// CHECK: arith.muli %[[P0]], %{{.*}} : i32
// CHECK: arith.muli %[[P1]], %{{.*}} : i32
// CHECK: scf.for
module attributes {tile.num_warps = 4 : i32} {
  func.func @mm(%a: tensor<16x32xbf16>, %b: tensor<32x16xbf16>, %p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c15 = arith.constant 15 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %om = arith.muli %pm, %c16 : i32
    %on = arith.muli %pn, %c16 : i32
    %ub = arith.addi %n, %c15 : i32
    %acc = scf.for %k = %c0 to %ub step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x32xbf16> * tensor<32x16xbf16> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %o = arith.addi %om, %on : i32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %o : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    tile.store %pp, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// The trip count read from memory: no estimate, always the grouped order.
// CHECK-LABEL: func.func @loaded_bound
// CHECK: tile.num_programs 1
// CHECK-NOT: arith.cmpi sge
// CHECK-NOT: arith.select
// CHECK: %[[P0:.*]] = arith.trunci
// CHECK: tile.load
module attributes {tile.num_warps = 4 : i32} {
  func.func @loaded_bound(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %p: !tile.ptr<f32>, %q: !tile.ptr<i32>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %n = tile.load %q : !tile.ptr<i32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %o = arith.addi %pm, %pn : i32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %o : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    tile.store %pp, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// A trip count that depends on the program id (a triangular loop): always
// the grouped order.
// CHECK-LABEL: func.func @pid_bound
// CHECK: tile.num_programs 1
// CHECK-NOT: arith.cmpi sge
// CHECK-NOT: arith.select
// CHECK: %[[P0:.*]] = arith.trunci
module attributes {tile.num_warps = 4 : i32} {
  func.func @pid_bound(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %p: !tile.ptr<f32>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %pm = tile.program_id 0
    %pn = tile.program_id 1
    %acc = scf.for %k = %c0 to %pm step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tile.dot %a, %b, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %o = arith.addi %pm, %pn : i32
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %os = tile.splat %o : i32 -> tensor<16x16xi32>
    %pp = tile.addptr %ps, %os : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    tile.store %pp, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}
