// Checks the tensor-core path of -convert-tile-to-tilegpu: f16/bf16 dots and f32
// dots with input_precision = tf32 (the default), accumulating in f32, get the
// #tilegpu.mma layout (warps split between M and N, never past the tile); their
// operands are staged through swizzled shared buffers (local_alloc, the swizzle
// chosen by getSwizzledSharedLayout) and read back in the #tilegpu.dot_op
// layouts; the accumulator is converted into the mma layout and the result out
// of it. IEEE f32 dots, f16 accumulators, tiles too small for the warps and
// targets below sm_80 stay on the FMA path (blocked layouts everywhere). A
// loop-carried accumulator of an mma dot keeps the mma layout.
// The mma.sync (sm_80) path, checked in full; the default target (sm_90) gives
// the same mma layout.
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu=compute-capability=80 | FileCheck %s
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu | FileCheck %s --check-prefix=DEFAULT
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu=compute-capability=75 | FileCheck %s --check-prefix=SM75 \
// RUN:   --implicit-check-not=#tilegpu.mma --implicit-check-not=#tilegpu.dot_op --implicit-check-not=#tilegpu.shared \
// RUN:   --implicit-check-not=tilegpu.local_alloc --implicit-check-not=tilegpu.local_load
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu="compute-capability=80 num-warps=8" | FileCheck %s --check-prefix=W8

// 64x64 over 4 warps: first along M (4 >= 4 blocks of 16 each way), then N.
// 64x32 f16 rows are 64 bytes: 2 rows per 128-byte phase, 4 chunks of 8;
// 32x64 rows are 128 bytes: 1 row per phase, 8 phases.
// CHECK: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK: #[[SA:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
// CHECK: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @f16_dot
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[BLK]]>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[BLK]]>
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[BLK]]>
// CHECK-NEXT: %[[SMA:.*]] = tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
// CHECK-NEXT: %[[SMB:.*]] = tilegpu.local_alloc %[[B]] : tensor<32x64xf16, #[[BLK]]> -> !tilegpu.memdesc<32x64xf16, #[[SB]]>
// CHECK-NEXT: %[[RA:.*]] = tilegpu.local_load %[[SMA]] : !tilegpu.memdesc<64x32xf16, #[[SA]]> -> tensor<64x32xf16, #[[OPA]]>
// CHECK-NEXT: %[[RB:.*]] = tilegpu.local_load %[[SMB]] : !tilegpu.memdesc<32x64xf16, #[[SB]]> -> tensor<32x64xf16, #[[OPB]]>
// CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %[[Z]] : tensor<64x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[RA]], %[[RB]], %[[C]] : tensor<64x32xf16, #[[OPA]]> * tensor<32x64xf16, #[[OPB]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[DB:.*]] = tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[BLK]]>
// CHECK-NEXT: tile.store %{{.*}}, %[[DB]] : tensor<64x64x!tile.ptr<f32>, #[[BLK]]>
// CHECK: // -----

// DEFAULT: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// DEFAULT-LABEL: func.func @f16_dot
// DEFAULT: tile.dot %{{.*}} -> tensor<64x64xf32, #[[MMA]]>

// SM75-LABEL: func.func @f16_dot
// SM75: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[BLK:blocked[0-9]*]]>
// SM75: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[BLK]]>
// SM75: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[BLK]]>
// SM75-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[Z]] : tensor<64x32xf16, #[[BLK]]> * tensor<32x64xf16, #[[BLK]]> -> tensor<64x64xf32, #[[BLK]]>
// SM75-NEXT: tile.store %{{.*}}, %[[D]] : tensor<64x64x!tile.ptr<f32>, #[[BLK]]>

// 8 warps: M first, then N, then M again (64/32 >= 64/32): 4 x 2.
// W8: #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// W8-NEXT: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [4, 2]}>
// W8-LABEL: func.func @f16_dot
// W8: tile.dot %{{.*}} -> tensor<64x64xf32, #[[MMA]]>

module attributes {tile.num_warps = 4 : i32} {
  func.func @f16_dot(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>, %pc: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %sb = tile.splat %pb : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %a = tile.load %sa : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %sb : tensor<32x64x!tile.ptr<f16>>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tile.dot %a, %b, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    tile.store %sc, %d : tensor<64x64x!tile.ptr<f32>>
    return
  }
}

// -----

// f32 operands, input_precision tf32 (the default): m16n8k8, 4-element
// (16-byte) chunks. A's rows are 128 bytes; B's 256-byte rows are split into
// 128-byte column blocks (blockCols = 32 elements).
// CHECK: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK: #[[S4:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8}>
// CHECK: #[[S4B:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, blockCols = 32}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @tf32_dot
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f32>, #[[BLK]]>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f32>, #[[BLK]]>
// CHECK: %[[ACC:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[BLK]]>
// CHECK-NEXT: %[[SMA:.*]] = tilegpu.local_alloc %[[A]] : tensor<64x32xf32, #[[BLK]]> -> !tilegpu.memdesc<64x32xf32, #[[S4]]>
// CHECK-NEXT: %[[SMB:.*]] = tilegpu.local_alloc %[[B]] : tensor<32x64xf32, #[[BLK]]> -> !tilegpu.memdesc<32x64xf32, #[[S4B]]>
// CHECK-NEXT: %[[RA:.*]] = tilegpu.local_load %[[SMA]] : !tilegpu.memdesc<64x32xf32, #[[S4]]> -> tensor<64x32xf32, #[[OPA]]>
// CHECK-NEXT: %[[RB:.*]] = tilegpu.local_load %[[SMB]] : !tilegpu.memdesc<32x64xf32, #[[S4B]]> -> tensor<32x64xf32, #[[OPB]]>
// CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %[[ACC]] : tensor<64x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[RA]], %[[RB]], %[[C]] : tensor<64x32xf32, #[[OPA]]> * tensor<32x64xf32, #[[OPB]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[BLK]]>
// CHECK: // -----

// SM75-LABEL: func.func @tf32_dot
// SM75: tile.dot %{{.*}} : tensor<64x32xf32, #[[BLK:blocked[0-9]*]]> * tensor<32x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[BLK]]>

module attributes {tile.num_warps = 4 : i32} {
  func.func @tf32_dot(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
    %sb = tile.splat %pb : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %a = tile.load %sa : tensor<64x32x!tile.ptr<f32>>
    %b = tile.load %sb : tensor<32x64x!tile.ptr<f32>>
    %c = tile.load %sc : tensor<64x64x!tile.ptr<f32>>
    %d = tile.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    tile.store %sc, %d : tensor<64x64x!tile.ptr<f32>>
    return
  }
}

// -----

// IEEE f32: the FMA path.
// CHECK-NOT: #tilegpu.mma
// CHECK-LABEL: func.func @ieee_dot
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tile.dot %{{.*}} {input_precision = #tile<input_precision ieee>} : tensor<64x32xf32, #[[BLK:blocked[0-9]*]]> * tensor<32x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[BLK]]>
// CHECK-NOT: tilegpu.
// CHECK: // -----

module attributes {tile.num_warps = 4 : i32} {
  func.func @ieee_dot(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
    %sb = tile.splat %pb : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %a = tile.load %sa : tensor<64x32x!tile.ptr<f32>>
    %b = tile.load %sb : tensor<32x64x!tile.ptr<f32>>
    %c = tile.load %sc : tensor<64x64x!tile.ptr<f32>>
    %d = tile.dot %a, %b, %c {input_precision = #tile<input_precision ieee>} : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    tile.store %sc, %d : tensor<64x64x!tile.ptr<f32>>
    return
  }
}

// -----

// 16x16 cannot be split over 4 warps without replicating them (16x8 blocks:
// at most 1 x 2 warps): the FMA path.
// CHECK-NOT: #tilegpu.mma
// CHECK-LABEL: func.func @small_dot
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tile.dot %{{.*}} : tensor<16x16xf16, #[[BLK:blocked[0-9]*]]> * tensor<16x16xf16, #[[BLK]]> -> tensor<16x16xf32, #[[BLK]]>
// CHECK-NOT: tilegpu.
// CHECK: // -----

module attributes {tile.num_warps = 4 : i32} {
  func.func @small_dot(%pa: !tile.ptr<f16>, %pc: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<f16> -> tensor<16x16x!tile.ptr<f16>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
    %a = tile.load %sa : tensor<16x16x!tile.ptr<f16>>
    %c = tile.load %sc : tensor<16x16x!tile.ptr<f32>>
    %d = tile.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    tile.store %sc, %d : tensor<16x16x!tile.ptr<f32>>
    return
  }
}

// -----

// bf16, 128x32: all 4 warps along M. 128x16 rows are 32 bytes (4 rows a
// phase, 2 chunks); 16x32 rows 64 bytes (2 rows a phase, 4 chunks).
// CHECK: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [4, 1]}>
// CHECK: #[[SA:.*]] = #tilegpu.shared<{vec = 8, perPhase = 4, maxPhase = 2}>
// CHECK: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @bf16_tall
// CHECK: tilegpu.local_alloc %{{.*}} : tensor<128x16xbf16, #[[BLK]]> -> !tilegpu.memdesc<128x16xbf16, #[[SA]]>
// CHECK-NEXT: tilegpu.local_alloc %{{.*}} : tensor<16x32xbf16, #[[BLK]]> -> !tilegpu.memdesc<16x32xbf16, #[[SB]]>
// CHECK-NEXT: tilegpu.local_load %{{.*}} : !tilegpu.memdesc<128x16xbf16, #[[SA]]> -> tensor<128x16xbf16, #[[OPA]]>
// CHECK-NEXT: tilegpu.local_load %{{.*}} : !tilegpu.memdesc<16x32xbf16, #[[SB]]> -> tensor<16x32xbf16, #[[OPB]]>
// CHECK: tile.dot %{{.*}} : tensor<128x16xbf16, #[[OPA]]> * tensor<16x32xbf16, #[[OPB]]> -> tensor<128x32xf32, #[[MMA]]>
// CHECK: // -----

module attributes {tile.num_warps = 4 : i32} {
  func.func @bf16_tall(%pa: !tile.ptr<bf16>, %pb: !tile.ptr<bf16>, %pc: !tile.ptr<f32>) {
    %sa = tile.splat %pa : !tile.ptr<bf16> -> tensor<128x16x!tile.ptr<bf16>>
    %sb = tile.splat %pb : !tile.ptr<bf16> -> tensor<16x32x!tile.ptr<bf16>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<128x32x!tile.ptr<f32>>
    %a = tile.load %sa : tensor<128x16x!tile.ptr<bf16>>
    %b = tile.load %sb : tensor<16x32x!tile.ptr<bf16>>
    %c = tile.load %sc : tensor<128x32x!tile.ptr<f32>>
    %d = tile.dot %a, %b, %c : tensor<128x16xbf16> * tensor<16x32xbf16> -> tensor<128x32xf32>
    tile.store %sc, %d : tensor<128x32x!tile.ptr<f32>>
    return
  }
}

// -----

// An f16 accumulator: the FMA path.
// CHECK-NOT: #tilegpu.mma
// CHECK-LABEL: func.func @f16_acc
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tile.dot %{{.*}} : tensor<64x32xf16, #[[BLK:blocked[0-9]*]]> * tensor<32x64xf16, #[[BLK]]> -> tensor<64x64xf16, #[[BLK]]>
// CHECK-NOT: tilegpu.
// CHECK: // -----

module attributes {tile.num_warps = 4 : i32} {
  func.func @f16_acc(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>, %pc: !tile.ptr<f16>) {
    %sa = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %sb = tile.splat %pb : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %sc = tile.splat %pc : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
    %a = tile.load %sa : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %sb : tensor<32x64x!tile.ptr<f16>>
    %c = tile.load %sc : tensor<64x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
    tile.store %sc, %d : tensor<64x64x!tile.ptr<f16>>
    return
  }
}

// -----

// The loop-carried accumulator: its init is converted into the mma layout
// before the loop, the iter arg, the yield and the loop result have it, the
// use after the loop converts back. The other iter arg is untouched.
// CHECK: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func.func @loop
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[BLK]]>
// CHECK-NEXT: %[[INIT:.*]] = tilegpu.convert_layout %[[Z]] : tensor<64x64xf32, #[[BLK]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[K:.*]] = %{{.*}}) -> (tensor<64x64xf32, #[[MMA]]>, i32)
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tilegpu.local_alloc
// CHECK: tilegpu.local_alloc
// CHECK: %[[RA:.*]] = tilegpu.local_load %{{.*}} -> tensor<64x32xf16, #[[OPA]]>
// CHECK: %[[RB:.*]] = tilegpu.local_load %{{.*}} -> tensor<32x64xf16, #[[OPB]]>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[RA]], %[[RB]], %[[ACC]] : tensor<64x32xf16, #[[OPA]]> * tensor<32x64xf16, #[[OPB]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[D]], %[[K1]] : tensor<64x64xf32, #[[MMA]]>, i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[OUT:.*]] = tilegpu.convert_layout %[[R]]#0 : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[BLK]]>
// CHECK-NEXT: tile.store %{{.*}}, %[[OUT]] : tensor<64x64x!tile.ptr<f32>, #[[BLK]]>

// SM75-LABEL: func.func @loop
// SM75: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<64x64xf32, #[[BLK:blocked[0-9]*]]>, i32)
// SM75: tile.dot %{{.*}}, %{{.*}}, %[[ACC]] : tensor<64x32xf16, #[[BLK]]> * tensor<32x64xf16, #[[BLK]]> -> tensor<64x64xf32, #[[BLK]]>

module attributes {tile.num_warps = 4 : i32} {
  func.func @loop(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>, %pc: !tile.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sa = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %sb = tile.splat %pb : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %k = %c0) -> (tensor<64x64xf32>, i32) : i32 {
      %a = tile.load %sa : tensor<64x32x!tile.ptr<f16>>
      %b = tile.load %sb : tensor<32x64x!tile.ptr<f16>>
      %d = tile.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      %k1 = arith.addi %k, %c1 : i32
      scf.yield %d, %k1 : tensor<64x64xf32>, i32
    }
    tile.store %sc, %r#0 : tensor<64x64x!tile.ptr<f32>>
    return
  }
}
