// Checks that -convert-tile-to-tilegpu keeps what is computed from a
// tensor-core dot's result in the dot's accumulator layout: elementwise ops,
// a row reduction (the slice of the mma layout), expand_dims and broadcast
// of that slice, loop-carried statistics and the rescaled accumulator of an
// online softmax, and the operand of a second dot (staged from the mma
// layout). With tilegpu-remove-layout-conversions, which recomputes the
// constants in the mma layout, conversions remain only where the values meet
// memory: the loaded bias tile is converted into the mma layout, the stored
// results out of it.
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu=compute-capability=80 \
// RUN:   -tilegpu-remove-layout-conversions | FileCheck %s

// CHECK-DAG: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[ROW:.*]] = #tilegpu.slice<{dim = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @epilogue
// CHECK: %[[D:.*]] = tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[BIAS:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[BLK]]>
// CHECK: %[[BM:.*]] = tilegpu.convert_layout %[[BIAS]] : tensor<64x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[X:.*]] = arith.addf %[[D]], %[[BM]] : tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[M:.*]] = tile.reduce max %[[X]] {axis = 1 : i32} : tensor<64x64xf32, #[[MMA]]> -> tensor<64xf32, #[[ROW]]>
// CHECK: %[[E:.*]] = tile.expand_dims %[[M]] {axis = 1 : i32} : tensor<64xf32, #[[ROW]]> -> tensor<64x1xf32, #[[MMA]]>
// CHECK: %[[B:.*]] = tile.broadcast %[[E]] : tensor<64x1xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[S:.*]] = arith.subf %[[X]], %[[B]] : tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[H:.*]] = arith.truncf %[[S]] : tensor<64x64xf32, #[[MMA]]> to tensor<64x64xf16, #[[MMA]]>
// CHECK: %[[HB:.*]] = tilegpu.convert_layout %[[H]] : tensor<64x64xf16, #[[MMA]]> -> tensor<64x64xf16, #[[BLK]]>
// CHECK: tile.store %{{.*}}, %[[HB]]
// CHECK: %[[MB:.*]] = tilegpu.convert_layout %[[M]] : tensor<64xf32, #[[ROW]]> -> tensor<64xf32, #{{.*}}>
// CHECK: tile.store %{{.*}}, %[[MB]]
module attributes {tile.num_warps = 4 : i32} {
  func.func @epilogue(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>, %pbias: !tile.ptr<f32>, %ph: !tile.ptr<f16>, %pm: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %sb = tile.splat %pb : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %a = tile.load %sa : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %sb : tensor<32x64x!tile.ptr<f16>>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tile.dot %a, %b, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %sbias = tile.splat %pbias : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %bias = tile.load %sbias : tensor<64x64x!tile.ptr<f32>>
    %x = arith.addf %d, %bias : tensor<64x64xf32>
    %m = tile.reduce max %x {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32>
    %e = tile.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %bm = tile.broadcast %e : tensor<64x1xf32> -> tensor<64x64xf32>
    %s = arith.subf %x, %bm : tensor<64x64xf32>
    %h = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %sh = tile.splat %ph : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
    tile.store %sh, %h : tensor<64x64x!tile.ptr<f16>>
    %sm = tile.splat %pm : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    tile.store %sm, %m : tensor<64x!tile.ptr<f32>>
    return
  }
}

// -----

// An online softmax: the running max and sum (loop-carried rows) and the
// rescaled accumulator stay in the mma layout and its slice across the
// loop; the initial values are converted before it; p is staged for the
// second dot from the mma layout. No conversion inside the loop.
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[ROW:.*]] = #tilegpu.slice<{dim = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @online_softmax
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #[[MMA]]>, tensor<64xf32, #[[ROW]]>, tensor<64xf32, #[[ROW]]>)
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.reduce max %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[MMA]]> -> tensor<64xf32, #[[ROW]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tilegpu.local_alloc %{{.*}} : tensor<64x64xf16, #[[MMA]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[MMA]]> -> tensor<64xf32, #[[ROW]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: scf.yield {{.*}} : tensor<64x64xf32, #[[MMA]]>, tensor<64xf32, #[[ROW]]>, tensor<64xf32, #[[ROW]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @online_softmax(%pq: !tile.ptr<f16>, %pk: !tile.ptr<f16>, %pv: !tile.ptr<f16>, %po: !tile.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sq = tile.splat %pq : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %sk = tile.splat %pk : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %sv = tile.splat %pv : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
    %q = tile.load %sq : tensor<64x32x!tile.ptr<f16>>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32>
    %zr = arith.constant dense<0.0> : tensor<64xf32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %mi = %ninf, %li = %zr) -> (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>) : i32 {
      %k = tile.load %sk : tensor<32x64x!tile.ptr<f16>>
      %v = tile.load %sv : tensor<64x64x!tile.ptr<f16>>
      %qk = tile.dot %q, %k, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      %rowmax = tile.reduce max %qk {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32>
      %mnew = arith.maximumf %mi, %rowmax : tensor<64xf32>
      %dm = arith.subf %mi, %mnew : tensor<64xf32>
      %alpha = math.exp2 %dm : tensor<64xf32>
      %me = tile.expand_dims %mnew {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %mb = tile.broadcast %me : tensor<64x1xf32> -> tensor<64x64xf32>
      %sub = arith.subf %qk, %mb : tensor<64x64xf32>
      %p = math.exp2 %sub : tensor<64x64xf32>
      %ae = tile.expand_dims %alpha {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %ab = tile.broadcast %ae : tensor<64x1xf32> -> tensor<64x64xf32>
      %scaled = arith.mulf %acc, %ab : tensor<64x64xf32>
      %p16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
      %acc1 = tile.dot %p16, %v, %scaled : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
      %rs = tile.reduce sum %p {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32>
      %l1 = arith.mulf %li, %alpha : tensor<64xf32>
      %l2 = arith.addf %l1, %rs : tensor<64xf32>
      scf.yield %acc1, %mnew, %l2 : tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>
    }
    %so = tile.splat %po : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    tile.store %so, %r#0 : tensor<64x64x!tile.ptr<f32>>
    return
  }
}
