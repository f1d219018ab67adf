// Checks rule 5 of -tilegpu-remove-layout-conversions on the vectors of a
// row loop (fla's GLA intra-chunk backward): a small load converted to a
// row slice of a 2-D layout is made there however many elements a thread
// holds (tilegpu-coalesce reads them as vectors along the row), also
// through a pointer tile the loop carries (a twin iter_arg in the slice),
// and a load whose offsets take more than eight ops from their range is
// made in the target layout too. No conversion is left in the loop but the
// accumulator's.
// RUN: tilec-opt %s -tilegpu-remove-layout-conversions -canonicalize | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{warpsPerCTA = [1, 4]}>
#row = #tilegpu.slice<{dim = 0, parent = #b2}>
#col = #tilegpu.slice<{dim = 1, parent = #b2}>

// A 64-element row, 8 elements a thread in the slice (1 before): loaded
// there.
// CHECK-LABEL: func.func @row_slice_load
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>, #[[ROW:slice[0-9]*]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: return %{{.*}} : tensor<64xf32, #[[ROW]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @row_slice_load(%a: !tile.ptr<f32>) -> tensor<64xf32, #row> {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
    %s = tile.splat %a : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #b1>
    %p = tile.addptr %s, %r : tensor<64x!tile.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %l = tile.load %p : tensor<64x!tile.ptr<f32>, #b1>
    %c = tilegpu.convert_layout %l : tensor<64xf32, #b1> -> tensor<64xf32, #row>
    return %c : tensor<64xf32, #row>
  }
}

// The column of a 16-element load whose offsets are ten ops from their
// range (row * H * BT + bases): cheap, loaded in the column slice.
// CHECK-LABEL: func.func @deep_offsets
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.load %{{.*}} : tensor<16x!tile.ptr<f32>, #[[COL:slice[0-9]*]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: return
module attributes {tile.num_warps = 4 : i32} {
  func.func @deep_offsets(%a: !tile.ptr<f32>, %x: i64, %y: i64, %z: i64) -> tensor<16xf32, #col> {
    %r = tile.make_range 0 to 16 : tensor<16xi32, #b1>
    %e = arith.extsi %r : tensor<16xi32, #b1> to tensor<16xi64, #b1>
    %sx = tile.splat %x : i64 -> tensor<16xi64, #b1>
    %o1 = arith.addi %sx, %e : tensor<16xi64, #b1>
    %k4 = arith.constant dense<4> : tensor<16xi64, #b1>
    %o2 = arith.muli %o1, %k4 : tensor<16xi64, #b1>
    %k64 = arith.constant dense<64> : tensor<16xi64, #b1>
    %o3 = arith.muli %o2, %k64 : tensor<16xi64, #b1>
    %sy = tile.splat %y : i64 -> tensor<16xi64, #b1>
    %o4 = arith.addi %sy, %o3 : tensor<16xi64, #b1>
    %sz = tile.splat %z : i64 -> tensor<16xi64, #b1>
    %o5 = arith.addi %o4, %sz : tensor<16xi64, #b1>
    %o6 = arith.addi %o5, %sx : tensor<16xi64, #b1>
    %o7 = arith.addi %o6, %sy : tensor<16xi64, #b1>
    %o8 = arith.addi %o7, %sz : tensor<16xi64, #b1>
    %s = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #b1>
    %p = tile.addptr %s, %o8 : tensor<16x!tile.ptr<f32>, #b1>, tensor<16xi64, #b1>
    %l = tile.load %p : tensor<16x!tile.ptr<f32>, #b1>
    %c = tilegpu.convert_layout %l : tensor<16xf32, #b1> -> tensor<16xf32, #col>
    return %c : tensor<16xf32, #col>
  }
}

// The row loop: a row of k (bf16) and of g loaded through pointer tiles
// the loop advances, times a column of dA, accumulated into a dot's
// accumulator. The pointers are carried in the row slice; only the
// product is converted, to the accumulator's layout.
// CHECK-LABEL: func.func @row_loop
// CHECK: scf.for {{.*}} -> (tensor<16x64xf32, #mma>, tensor<64x!tile.ptr<{{.*}}>, #[[ROW:slice[0-9]*]]>, tensor<64x!tile.ptr<{{.*}}>, #[[ROW]]>)
// CHECK-NOT: tilegpu.convert_layout
// CHECK-DAG: tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>, #[[ROW]]>
// CHECK-DAG: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>, #[[ROW]]>
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<16x64xf32, #{{.*}}> -> tensor<16x64xf32, #mma>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: scf.yield
module attributes {tile.num_warps = 4 : i32} {
  func.func @row_loop(%k: !tile.ptr<bf16>, %g: !tile.ptr<f32>, %da: tensor<16xf32, #col>, %bg: tensor<16x64xf32, #b2>, %acc0: tensor<16x64xf32, #mma>, %n: i64) -> tensor<16x64xf32, #mma> {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %r = tile.make_range 0 to 64 : tensor<64xi32, #b1>
    %m = arith.constant dense<true> : tensor<64xi1, #b1>
    %zk = arith.constant dense<0.0> : tensor<64xbf16, #b1>
    %zg = arith.constant dense<0.0> : tensor<64xf32, #b1>
    %step = arith.constant dense<512> : tensor<64xi32, #b1>
    %sk = tile.splat %k : !tile.ptr<bf16> -> tensor<64x!tile.ptr<bf16>, #b1>
    %pk0 = tile.addptr %sk, %r : tensor<64x!tile.ptr<bf16>, #b1>, tensor<64xi32, #b1>
    %sg = tile.splat %g : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #b1>
    %pg0 = tile.addptr %sg, %r : tensor<64x!tile.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %res:3 = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0, %pk = %pk0, %pg = %pg0) -> (tensor<16x64xf32, #mma>, tensor<64x!tile.ptr<bf16>, #b1>, tensor<64x!tile.ptr<f32>, #b1>) : i64 {
      %lk = tile.load %pk, %m, %zk : tensor<64x!tile.ptr<bf16>, #b1>
      %lg = tile.load %pg, %m, %zg : tensor<64x!tile.ptr<f32>, #b1>
      %kf = arith.extf %lk : tensor<64xbf16, #b1> to tensor<64xf32, #b1>
      %kc = tilegpu.convert_layout %kf : tensor<64xf32, #b1> -> tensor<64xf32, #row>
      %ke = tile.expand_dims %kc {axis = 0 : i32} : tensor<64xf32, #row> -> tensor<1x64xf32, #b2>
      %kb = tile.broadcast %ke : tensor<1x64xf32, #b2> -> tensor<16x64xf32, #b2>
      %gc = tilegpu.convert_layout %lg : tensor<64xf32, #b1> -> tensor<64xf32, #row>
      %ge = tile.expand_dims %gc {axis = 0 : i32} : tensor<64xf32, #row> -> tensor<1x64xf32, #b2>
      %gb = tile.broadcast %ge : tensor<1x64xf32, #b2> -> tensor<16x64xf32, #b2>
      %de = tile.expand_dims %da {axis = 1 : i32} : tensor<16xf32, #col> -> tensor<16x1xf32, #b2>
      %db = tile.broadcast %de : tensor<16x1xf32, #b2> -> tensor<16x64xf32, #b2>
      %x = arith.mulf %db, %kb : tensor<16x64xf32, #b2>
      %d = arith.subf %bg, %gb : tensor<16x64xf32, #b2>
      %e = math.exp2 %d : tensor<16x64xf32, #b2>
      %y = arith.mulf %x, %e : tensor<16x64xf32, #b2>
      %yc = tilegpu.convert_layout %y : tensor<16x64xf32, #b2> -> tensor<16x64xf32, #mma>
      %a = arith.addf %acc, %yc : tensor<16x64xf32, #mma>
      %pk1 = tile.addptr %pk, %step : tensor<64x!tile.ptr<bf16>, #b1>, tensor<64xi32, #b1>
      %pg1 = tile.addptr %pg, %step : tensor<64x!tile.ptr<f32>, #b1>, tensor<64xi32, #b1>
      scf.yield %a, %pk1, %pg1 : tensor<16x64xf32, #mma>, tensor<64x!tile.ptr<bf16>, #b1>, tensor<64x!tile.ptr<f32>, #b1>
    }
    return %res#0 : tensor<16x64xf32, #mma>
  }
}
