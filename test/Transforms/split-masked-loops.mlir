// Checks -tile-split-masked-loops: a loop with a tensor-core dot whose load
// masks compare a tile growing with the induction variable against a
// loop-invariant bound is split where the comparison stops being all-true
// at every element: here `offs + k < K` with offs in [0, 15], true while
// k + 15 < K, i.e. for k <= K - 16; the first loop runs those iterations
// with the comparison replaced by true, the second the rest (from the split
// to K) as written, not pipelined (tile.num_stages = 1).
// RUN: tilec-opt %s -split-input-file -tile-split-masked-loops | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tile-split-masked-loops="compute-capability=75" | FileCheck %s --check-prefix=SM75

// CHECK-LABEL: func.func @mm
// CHECK: %[[KMAX:.*]] = arith.constant -16 : i64
// CHECK: %[[K64:.*]] = arith.extsi %arg3 : i32 to i64
// CHECK: %[[KNEG:.*]] = arith.muli %[[K64]], %{{.*}} : i64
// CHECK: %[[REST:.*]] = arith.subi %[[KMAX]], %[[KNEG]] : i64
// CHECK: %[[AT:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[HEAD:.*]] = scf.for %{{.*}} = %{{.*}} to %[[AT]] step %{{.*}} iter_args(%{{.*}} = %{{.*}})
// CHECK-NOT: arith.cmpi
// CHECK: %[[T:.*]] = arith.constant dense<true> : tensor<1x16xi1>
// CHECK-NOT: arith.cmpi
// CHECK: tile.broadcast %[[T]]
// CHECK-NOT: arith.cmpi
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK: scf.for %{{.*}} = %[[AT]] to %arg3 step %{{.*}} iter_args(%{{.*}} = %[[HEAD]])
// CHECK: arith.cmpi slt
// CHECK: tile.dot
// CHECK: } {tile.num_stages = 1 : i32}
// SM75-LABEL: func.func @mm
// SM75: scf.for
// SM75-NOT: scf.for
// SM75: func.func @ieee
module attributes {tile.num_warps = 4 : i32} {
  func.func @mm(%p: tensor<16x16x!tile.ptr<f16>>, %q: tensor<16x16x!tile.ptr<f16>>, %c: !tile.ptr<f32>, %K: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %zh = arith.constant dense<0.0> : tensor<16x16xf16>
    %r = tile.make_range 0 to 16 : tensor<16xi32>
    %re = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %Ks = tile.splat %K : i32 -> tensor<1x16xi32>
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %ks = tile.splat %k : i32 -> tensor<1x16xi32>
      %x = arith.addi %re, %ks : tensor<1x16xi32>
      %m1 = arith.cmpi slt, %x, %Ks : tensor<1x16xi32>
      %m = tile.broadcast %m1 : tensor<1x16xi1> -> tensor<16x16xi1>
      %a = tile.load %p, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %b = tile.load %q, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %d = tile.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %ps = tile.splat %c : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    tile.store %ps, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// fp32 with input_precision = ieee (the FMA path): left as it is.
// CHECK-LABEL: func.func @ieee
// CHECK: scf.for
// CHECK-NOT: scf.for
module attributes {tile.num_warps = 4 : i32} {
  func.func @ieee(%p: tensor<16x16x!tile.ptr<f32>>, %q: tensor<16x16x!tile.ptr<f32>>, %c: !tile.ptr<f32>, %K: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %zh = arith.constant dense<0.0> : tensor<16x16xf32>
    %r = tile.make_range 0 to 16 : tensor<16xi32>
    %re = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %Ks = tile.splat %K : i32 -> tensor<1x16xi32>
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %ks = tile.splat %k : i32 -> tensor<1x16xi32>
      %x = arith.addi %re, %ks : tensor<1x16xi32>
      %m1 = arith.cmpi slt, %x, %Ks : tensor<1x16xi32>
      %m = tile.broadcast %m1 : tensor<1x16xi1> -> tensor<16x16xi1>
      %a = tile.load %p, %m, %zh : tensor<16x16x!tile.ptr<f32>>
      %b = tile.load %q, %m, %zh : tensor<16x16x!tile.ptr<f32>>
      %d = tile.dot %a, %b, %acc {input_precision = #tile<input_precision ieee>} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %ps = tile.splat %c : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    tile.store %ps, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// The bound is loop-carried (not invariant): left as it is.
// CHECK-LABEL: func.func @carried_bound
// CHECK: scf.for
// CHECK-NOT: scf.for
module attributes {tile.num_warps = 4 : i32} {
  func.func @carried_bound(%p: tensor<16x16x!tile.ptr<f16>>, %q: tensor<16x16x!tile.ptr<f16>>, %c: !tile.ptr<f32>, %K: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %zh = arith.constant dense<0.0> : tensor<16x16xf16>
    %r = tile.make_range 0 to 16 : tensor<16xi32>
    %re = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %Ks = tile.splat %K : i32 -> tensor<1x16xi32>
    %acc:2 = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero, %Kc = %Ks) -> (tensor<16x16xf32>, tensor<1x16xi32>) : i32 {
      %ks = tile.splat %k : i32 -> tensor<1x16xi32>
      %x = arith.addi %re, %ks : tensor<1x16xi32>
      %m1 = arith.cmpi slt, %x, %Kc : tensor<1x16xi32>
      %m = tile.broadcast %m1 : tensor<1x16xi1> -> tensor<16x16xi1>
      %a = tile.load %p, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %b = tile.load %q, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %d = tile.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d, %Kc : tensor<16x16xf32>, tensor<1x16xi32>
    }
    %ps = tile.splat %c : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    tile.store %ps, %acc#0 : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// A comparison that falls with k (k - offs < K holds for a suffix of the
// iterations, not a prefix): left as it is.
// CHECK-LABEL: func.func @falling
// CHECK: scf.for
// CHECK-NOT: scf.for
module attributes {tile.num_warps = 4 : i32} {
  func.func @falling(%p: tensor<16x16x!tile.ptr<f16>>, %q: tensor<16x16x!tile.ptr<f16>>, %c: !tile.ptr<f32>, %K: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %zh = arith.constant dense<0.0> : tensor<16x16xf16>
    %r = tile.make_range 0 to 16 : tensor<16xi32>
    %re = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %Ks = tile.splat %K : i32 -> tensor<1x16xi32>
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %ks = tile.splat %k : i32 -> tensor<1x16xi32>
      %x = arith.subi %re, %ks : tensor<1x16xi32>
      %m1 = arith.cmpi slt, %x, %Ks : tensor<1x16xi32>
      %m = tile.broadcast %m1 : tensor<1x16xi1> -> tensor<16x16xi1>
      %a = tile.load %p, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %b = tile.load %q, %m, %zh : tensor<16x16x!tile.ptr<f16>>
      %d = tile.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %ps = tile.splat %c : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    tile.store %ps, %acc : tensor<16x16x!tile.ptr<f32>>
    return
  }
}
