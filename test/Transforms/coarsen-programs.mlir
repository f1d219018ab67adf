// Checks -tile-coarsen-programs: several programs per CTA, cloned in lockstep.
// RUN: tilec-opt %s -split-input-file -tile-coarsen-programs="factor=2" | FileCheck %s --check-prefix=TWO
// RUN: tilec-opt %s -split-input-file -tile-coarsen-programs="factor=3" | FileCheck %s --check-prefix=THREE
// RUN: tilec-opt %s -split-input-file -tile-coarsen-programs | FileCheck %s --check-prefix=AUTO
// RUN: not tilec-opt %s -split-input-file -tile-coarsen-programs="factor=9" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: tile-coarsen-programs: factor must be from 0 to 8, got 9

// A loop with bounds shared by every program becomes one loop carrying each
// program's accumulator; a loop whose bounds depend on the program id is
// cloned, one per program, and the stores of programs past 0 are masked by
// "that program exists". num_programs 0 is the new last parameter.
// TWO-LABEL: module attributes {tile.num_warps = 4 : i32, tile.programs_per_cta = 2 : i32}
// TWO: func.func @persistent(%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[N:.*]]: i32, %[[G:.*]]: i32) attributes {tile.kernel}
// TWO: %[[CTA:.*]] = tile.program_id 0
// TWO: %[[BASE:.*]] = arith.muli %[[CTA]], %c2_i32
// TWO: %[[LAST:.*]] = arith.subi %[[G]], %c1_i32
// TWO: %[[RAW:.*]] = arith.addi %[[BASE]], %c1_i32
// TWO: %[[OK:.*]] = arith.cmpi slt, %[[RAW]], %[[G]] : i32
// TWO: %[[PID1:.*]] = arith.minsi %[[RAW]], %[[LAST]] : i32
// TWO: %[[ACC:.*]]:2 = scf.for %{{.*}} = %c0_i32 to %[[N]] step %c128_i32 iter_args(%[[A0:.*]] = %cst, %[[A1:.*]] = %cst) -> (tensor<128xf32>, tensor<128xf32>)
// TWO: %[[L0:.*]] = tile.load
// TWO: %[[L1:.*]] = tile.load
// TWO: arith.addf %[[A0]], %[[L0]]
// TWO: arith.addf %[[A1]], %[[L1]]
// TWO: scf.yield
// TWO: %[[S0:.*]] = arith.muli %[[BASE]], %c128_i32
// TWO: %[[S1:.*]] = arith.muli %[[PID1]], %c128_i32
// TWO: %[[STEP:.*]] = arith.muli %[[G]], %c128_i32
// TWO: scf.for %{{.*}} = %[[S0]] to %[[N]] step %[[STEP]]
// TWO-NOT: arith.andi
// TWO: tile.store %{{.*}}, %[[ACC]]#0, %{{.*}} : tensor<128x!tile.ptr<f32>>
// TWO: scf.for %{{.*}} = %[[S1]] to %[[N]] step %[[STEP]]
// TWO: %[[OKT:.*]] = tile.splat %[[OK]] : i1 -> tensor<128xi1>
// TWO: %[[M:.*]] = arith.andi %{{.*}}, %[[OKT]] : tensor<128xi1>
// TWO: tile.store %{{.*}}, %[[ACC]]#1, %[[M]] : tensor<128x!tile.ptr<f32>>
// Auto: a reduction-free kernel loading 4 bytes a thread would want 32 of
// them; 8 is the most.
// AUTO-LABEL: module attributes {tile.num_warps = 4 : i32, tile.programs_per_cta = 8 : i32}
// AUTO: func.func @persistent(
// AUTO-COUNT-8: tile.load
// AUTO-NOT: tile.load
module attributes {tile.num_warps = 4 : i32} {
  func.func @persistent(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32) attributes {tile.kernel} {
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %0 = tile.program_id 0
    %1 = tile.num_programs 0
    %2 = tile.make_range 0 to 128 : tensor<128xi32>
    %3 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %4 = tile.splat %arg2 : i32 -> tensor<128xi32>
    %5 = scf.for %arg3 = %c0_i32 to %arg2 step %c128_i32 iter_args(%arg4 = %cst) -> (tensor<128xf32>)  : i32 {
      %9 = tile.splat %arg3 : i32 -> tensor<128xi32>
      %10 = arith.addi %9, %2 : tensor<128xi32>
      %11 = tile.addptr %3, %10 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
      %12 = arith.cmpi slt, %10, %4 : tensor<128xi32>
      %13 = tile.load %11, %12, %cst : tensor<128x!tile.ptr<f32>>
      %14 = arith.addf %arg4, %13 : tensor<128xf32>
      scf.yield %14 : tensor<128xf32>
    }
    %6 = arith.muli %0, %c128_i32 : i32
    %7 = arith.muli %1, %c128_i32 : i32
    %8 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    scf.for %arg3 = %6 to %arg2 step %7  : i32 {
      %9 = tile.splat %arg3 : i32 -> tensor<128xi32>
      %10 = arith.addi %9, %2 : tensor<128xi32>
      %11 = tile.addptr %8, %10 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
      %12 = arith.cmpi slt, %10, %4 : tensor<128xi32>
      tile.store %11, %5, %12 : tensor<128x!tile.ptr<f32>>
    }
    return
  }
}

// -----

// An early exit (an `if` on the program id) is cloned per program; a scalar
// store of programs past 0 gets the scalar mask. Program id 0 used inside
// the `if` is the clone's own.
// THREE-LABEL: module attributes {tile.num_warps = 4 : i32, tile.programs_per_cta = 3 : i32}
// THREE: func.func @row_sum(%{{.*}}: !tile.ptr<f32>, %{{.*}}: !tile.ptr<f32>, %[[ROWS:.*]]: i32, %[[G:.*]]: i32)
// THREE: %[[BASE:.*]] = arith.muli %{{.*}}, %c3_i32
// THREE: %[[OK1:.*]] = arith.cmpi slt, %{{.*}}, %[[G]]
// THREE: %[[PID1:.*]] = arith.minsi
// THREE: %[[OK2:.*]] = arith.cmpi slt, %{{.*}}, %[[G]]
// THREE: %[[PID2:.*]] = arith.minsi
// THREE: %[[C0:.*]] = arith.cmpi slt, %[[BASE]], %[[ROWS]]
// THREE: %[[C1:.*]] = arith.cmpi slt, %[[PID1]], %[[ROWS]]
// THREE: %[[C2:.*]] = arith.cmpi slt, %[[PID2]], %[[ROWS]]
// THREE: scf.if %[[C0]] {
// THREE: tile.addptr %{{.*}}, %[[BASE]]
// THREE: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
// THREE: scf.if %[[C1]] {
// THREE: tile.addptr %{{.*}}, %[[PID1]]
// THREE: tile.store %{{.*}}, %{{.*}}, %[[OK1]] : !tile.ptr<f32>
// THREE: scf.if %[[C2]] {
// THREE: tile.addptr %{{.*}}, %[[PID2]]
// THREE: tile.store %{{.*}}, %{{.*}}, %[[OK2]] : !tile.ptr<f32>
// With a reduction, auto stops at 2.
// AUTO-LABEL: module attributes {tile.num_warps = 4 : i32, tile.programs_per_cta = 2 : i32}
// AUTO: func.func @row_sum(
// AUTO-COUNT-2: tile.reduce sum
// AUTO-NOT: tile.reduce
module attributes {tile.num_warps = 4 : i32} {
  func.func @row_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %rows: i32) attributes {tile.kernel} {
    %pid = tile.program_id 0
    %in = arith.cmpi slt, %pid, %rows : i32
    scf.if %in {
      %c128 = arith.constant 128 : i32
      %off = arith.muli %pid, %c128 : i32
      %base = tile.addptr %x, %off : !tile.ptr<f32>, i32
      %r = tile.make_range 0 to 128 : tensor<128xi32>
      %bs = tile.splat %base : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
      %p = tile.addptr %bs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
      %v = tile.load %p : tensor<128x!tile.ptr<f32>>
      %s = tile.reduce sum %v {axis = 0 : i32} : tensor<128xf32> -> f32
      %o = tile.addptr %y, %pid : !tile.ptr<f32>, i32
      tile.store %o, %s : !tile.ptr<f32>
    }
    return
  }
}

// -----

// Auto leaves alone: a dot, and a kernel that already loads 32 bytes a
// thread (1024 f32 over 128 threads); an explicit factor is applied.
// AUTO-LABEL: module attributes {tile.num_warps = 4 : i32} {
// AUTO: func.func @wide(%{{.*}}: !tile.ptr<f32>, %{{.*}}: !tile.ptr<f32>) attributes {tile.kernel}
// AUTO-COUNT-1: tile.load
// AUTO-NOT: tile.load
// TWO-LABEL: module attributes {tile.num_warps = 4 : i32, tile.programs_per_cta = 2 : i32} {
// TWO: func.func @wide(%{{.*}}: !tile.ptr<f32>, %{{.*}}: !tile.ptr<f32>, %{{.*}}: i32)
module attributes {tile.num_warps = 4 : i32} {
  func.func @wide(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) attributes {tile.kernel} {
    %pid = tile.program_id 0
    %c1024 = arith.constant 1024 : i32
    %off = arith.muli %pid, %c1024 : i32
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    %o = tile.splat %off : i32 -> tensor<1024xi32>
    %i = arith.addi %o, %r : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %px = tile.addptr %xs, %i : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %px : tensor<1024x!tile.ptr<f32>>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %py = tile.addptr %ys, %i : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %py, %v : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// AUTO-LABEL: module attributes {tile.num_warps = 4 : i32} {
// AUTO: func.func @mm(%{{.*}}: !tile.ptr<f16>, %{{.*}}: !tile.ptr<f32>) attributes {tile.kernel}
module attributes {tile.num_warps = 4 : i32} {
  func.func @mm(%a: !tile.ptr<f16>, %c: !tile.ptr<f32>) attributes {tile.kernel} {
    %pid = tile.program_id 0
    %r = tile.make_range 0 to 256 : tensor<256xi32>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>>
    %pa = tile.addptr %as, %r : tensor<256x!tile.ptr<f16>>, tensor<256xi32>
    %v = tile.load %pa : tensor<256x!tile.ptr<f16>>
    %m = tile.reshape %v : tensor<256xf16> -> tensor<16x16xf16>
    %z = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tile.dot %m, %m, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %pc = tile.addptr %cs, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    %f = tile.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    tile.store %pc, %f : tensor<256x!tile.ptr<f32>>
    return
  }
}


// -----

// Atomics, barriers and while loops keep one program per CTA whatever the
// factor asked (programs past the grid would do their atomics; a program
// waiting for another would wait for one that runs after it in the same
// threads): no programs_per_cta attribute, no hidden parameter.
// TWO-LABEL: module attributes {tile.num_warps = 4 : i32} {
// TWO: func.func @count(%{{.*}}: !tile.ptr<i32>) attributes {tile.kernel}
// TWO-COUNT-1: tile.atomic_rmw add
// TWO-NOT: tile.atomic_rmw
// THREE-LABEL: module attributes {tile.num_warps = 4 : i32} {
// THREE: func.func @count(%{{.*}}: !tile.ptr<i32>) attributes {tile.kernel}
module attributes {tile.num_warps = 4 : i32} {
  func.func @count(%c: !tile.ptr<i32>) attributes {tile.kernel} {
    %pid = tile.program_id 0
    %p = tile.addptr %c, %pid : !tile.ptr<i32>, i32
    %one = arith.constant 1 : i32
    %old = tile.atomic_rmw add acq_rel gpu %p, %one : !tile.ptr<i32>
    tile.barrier
    return
  }
}

// -----

// Auto leaves alone a program of more than 4 reductions (rounds of a
// top-k: each program's time goes to its reduction chains).
// AUTO-LABEL: module attributes {tile.num_warps = 4 : i32} {
// AUTO: func.func @rounds(%{{.*}}: !tile.ptr<f32>, %{{.*}}: !tile.ptr<f32>) attributes {tile.kernel}
// AUTO-COUNT-5: tile.reduce max
// AUTO-NOT: tile.reduce
module attributes {tile.num_warps = 4 : i32} {
  func.func @rounds(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) attributes {tile.kernel} {
    %pid = tile.program_id 0
    %c128 = arith.constant 128 : i32
    %off = arith.muli %pid, %c128 : i32
    %base = tile.addptr %x, %off : !tile.ptr<f32>, i32
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    %bs = tile.splat %base : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %p = tile.addptr %bs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %m0 = tile.reduce max %v {axis = 0 : i32} : tensor<128xf32> -> f32
    %m1 = tile.reduce max %v {axis = 0 : i32} : tensor<128xf32> -> f32
    %m2 = tile.reduce max %v {axis = 0 : i32} : tensor<128xf32> -> f32
    %m3 = tile.reduce max %v {axis = 0 : i32} : tensor<128xf32> -> f32
    %m4 = tile.reduce max %v {axis = 0 : i32} : tensor<128xf32> -> f32
    %s0 = arith.addf %m0, %m1 : f32
    %s1 = arith.addf %m2, %m3 : f32
    %s2 = arith.addf %s0, %s1 : f32
    %s3 = arith.addf %s2, %m4 : f32
    %o = tile.addptr %y, %pid : !tile.ptr<f32>, i32
    tile.store %o, %s3 : !tile.ptr<f32>
    return
  }
}
