// Checks -tile-split-masked-loops: a loop with a tensor-core dot whose load
// masks compare a tile growing with the induction variable against a
// loop-invariant bound is split where the comparison stops being all-true
// at every element: here `offs + k < K` with offs in [0, 15], true while
// k + 15 < K, i.e. for k <= K - 16; the first loop runs those iterations
// with the comparison replaced by true, the second the rest (from the split
// to K) as written, not pipelined (tile.num_stages = 1).
// RUN: tilec-opt %s -split-input-file -tile-split-masked-loops | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tile-split-masked-loops="compute-capability=75" | FileCheck %s --check-prefix=SM75
// Without load masks (the compiler's default): only select conditions.
// RUN: tilec-opt %s -split-input-file -tile-split-masked-loops="load-masks=false" | FileCheck %s --check-prefix=SEL
// SEL-LABEL: func.func @mm
// SEL: scf.for
// SEL-NOT: scf.for
// SEL: return

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

// -----

// A causal attention mask in a tl.where: `offs_m[:, None] >= start_n +
// offs_n[None, :]` with offs_m = m0 + [0, 63] and offs_n = [0, 31] holds at
// every element while start_n + 31 - m0 <= 0, i.e. for start_n <= m0 - 31
// (m0 = pid * 64). The first loop takes the select's true value (the
// canonicalizer then folds it), the second the rest with the mask; a
// select's split keeps both loops pipelined (no tile.num_stages).
// CHECK-LABEL: func.func @causal
// CHECK: %[[HEAD:.*]] = scf.for %{{.*}} = %{{.*}} to %[[AT:.*]] step %{{.*}} iter_args
// CHECK-NOT: arith.cmpi
// CHECK: %[[T:.*]] = arith.constant dense<true> : tensor<64x32xi1>
// CHECK: arith.select %[[T]]
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK: scf.for %{{.*}} = %[[AT]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[HEAD]])
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<64x32xi32>
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK: return
// SEL-LABEL: func.func @causal
// SEL: %[[HEAD:.*]] = scf.for %{{.*}} = %{{.*}} to %[[AT:.*]] step
// SEL: dense<true>
// SEL: scf.for %{{.*}} = %[[AT]] to
// SEL: arith.cmpi sge
// SEL-NOT: tile.num_stages
module attributes {tile.num_warps = 4 : i32} {
  func.func @causal(%q: tensor<64x64xf16>, %kp: tensor<64x32x!tile.ptr<f16>>, %c: !tile.ptr<f32>, %hi: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x32xf32>
    %pid = tile.program_id 0
    %m0 = arith.muli %pid, %c64 : i32
    %rm = tile.make_range 0 to 64 : tensor<64xi32>
    %m0s = tile.splat %m0 : i32 -> tensor<64xi32>
    %offs_m = arith.addi %m0s, %rm : tensor<64xi32>
    %om = tile.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %omb = tile.broadcast %om : tensor<64x1xi32> -> tensor<64x32xi32>
    %rn = tile.make_range 0 to 32 : tensor<32xi32>
    %on = tile.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %acc = scf.for %n = %c0 to %hi step %c32 iter_args(%acc = %zero) -> (tensor<64x32xf32>) : i32 {
      %ns = tile.splat %n : i32 -> tensor<1x32xi32>
      %cols = arith.addi %ns, %on : tensor<1x32xi32>
      %colsb = tile.broadcast %cols : tensor<1x32xi32> -> tensor<64x32xi32>
      %mask = arith.cmpi sge, %omb, %colsb : tensor<64x32xi32>
      %init = arith.select %mask, %zero, %ninf : tensor<64x32xi1>, tensor<64x32xf32>
      %k = tile.load %kp : tensor<64x32x!tile.ptr<f16>>
      %qk = tile.dot %q, %k, %init : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
      %s = arith.addf %acc, %qk : tensor<64x32xf32>
      scf.yield %s : tensor<64x32xf32>
    }
    %ps = tile.splat %c : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
    tile.store %ps, %acc : tensor<64x32x!tile.ptr<f32>>
    return
  }
}
