// Checks the lowering of tile.reduce: within a thread, across lanes with
// shfl.sync.bfly over the lane bits of the reduced dimension, across warps
// through shared memory between barriers.
// RUN: tilec-opt %s -convert-tilegpu-to-llvm -split-input-file | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // 1-D sum to a scalar: 2 elements per thread, 5 butterfly steps, then the
  // 4 warps' partials through shared memory (4 warps * 32 lanes * 4 bytes).
  // CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 512 : i64}
  // CHECK-LABEL: llvm.func @sum1d
  // CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: llvm.fadd %[[E0]], %[[E1]] : f32
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.fadd
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: %[[LAST:.*]] = llvm.fadd
  // CHECK: nvvm.barrier0
  // Only lane 0 writes its warp's partial (all 32 lanes along the axis hold
  // the same bits): a predicated st.shared.
  // CHECK: %[[LANE0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: %[[BITS:.*]] = llvm.bitcast %[[LAST]] : f32 to i32
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %[[BITS]], %[[LANE0]]
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // All 32 lanes along the axis: lane l loads the partial of warp l % 4 and a
  // butterfly over lane bits 0 and 1 combines the 4 warps.
  // CHECK: llvm.urem %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: llvm.load
  // CHECK: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.fadd
  // CHECK: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.fadd
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: llvm.load
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @sum1d(%x: tensor<256xf32, #b1>) -> f32 {
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    return %r : f32
  }
}

// -----

// Along the fastest dimension of a 2-D tile whose warps are all along dim 0:
// lanes 1, 2, 4 hold dim 1 (8 lanes), no shared memory and no barrier.
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-NOT: tilegpu.shared_bytes
  // CHECK-LABEL: llvm.func @max_axis1
  // CHECK: llvm.intr.maxnum
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @max_axis1(%x: tensor<16x16xf32, #b2>) {
    %r = tile.reduce max %x {axis = 1 : i32} : tensor<16x16xf32, #b2> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #b2}>>
    return
  }
}

// -----

// Along dim 0: lane bits 8 and 16 (4 lanes), then the 4 warps through shared
// memory. Integer max is signed.
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @max_axis0
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  // The 4 lanes along dim 0 hold the same partial: those with dim-0 lane
  // coordinate 0 write.
  // CHECK: %[[WRITER:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %{{.*}}, %[[WRITER]]
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK: llvm.intr.smax
  // CHECK: llvm.return
  func.func @max_axis0(%x: tensor<16x8xi32, #b2>) {
    %r = tile.reduce max %x {axis = 0 : i32} : tensor<16x8xi32, #b2> -> tensor<8xi32, #tilegpu.slice<{dim = 0, parent = #b2}>>
    return
  }
}

// -----

// argmax: (value, index) pairs are shuffled together; ties keep the smaller
// index; the partials' values and indices both go through shared memory.
// A thread's two elements (indices t and t + 64) are combined from the last:
// it enters as the identity (-inf, INT_MAX) when it is NaN, and the first is
// combined in as the challenger with the smaller index, which wins when it
// is at least as large (one ordered compare, which a NaN never passes), so
// no combination tests for NaN; an index of INT_MAX at the end (all NaN)
// becomes 0.
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {tile.num_warps = 2 : i32} {
  // CHECK: tilegpu.shared_bytes = 512 : i64
  // CHECK-LABEL: llvm.func @argmax
  // CHECK: %[[IDX_ID:.*]] = llvm.mlir.constant(2147483647 : i32) : i32
  // CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %[[X:.*]], %[[X]] : f32
  // CHECK-NEXT: %[[NEG_INF:.*]] = llvm.mlir.constant(0xFF800000 : f32) : f32
  // CHECK-NEXT: %[[ACC:.*]] = llvm.select %[[NAN]], %[[NEG_INF]], %[[X]] : i1, f32
  // CHECK-NEXT: llvm.select %[[NAN]], %[[IDX_ID]], %{{.*}} : i1, i32
  // CHECK-NOT: "uno"
  // CHECK: %[[GE:.*]] = llvm.fcmp "oge" %[[Y:.*]], %[[ACC]] : f32
  // CHECK-NEXT: llvm.select %[[GE]], %[[Y]], %[[ACC]] : i1, f32
  // CHECK-NEXT: llvm.select %[[GE]], %{{.*}}, %{{.*}} : i1, i32
  // CHECK-NOT: "uno"
  // CHECK: nvvm.shfl.sync bfly
  // CHECK: nvvm.shfl.sync bfly
  // CHECK-NEXT: llvm.fcmp "ogt"
  // CHECK-NEXT: llvm.fcmp "oeq"
  // CHECK-NEXT: llvm.icmp "slt"
  // CHECK-NEXT: llvm.and
  // CHECK-NEXT: llvm.or
  // CHECK-NEXT: llvm.select
  // CHECK-NEXT: llvm.select
  // CHECK: nvvm.barrier0
  // CHECK: %[[W:.*]] = llvm.icmp "eq"
  // CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %[[V]], %[[W]]
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %{{.*}}, %[[W]]
  // CHECK: nvvm.barrier0
  // CHECK-NOT: "uno"
  // CHECK: %[[I:.*]] = llvm.select %{{.*}} : i1, i32
  // CHECK: %[[ALL_NAN:.*]] = llvm.icmp "eq" %[[I]], %[[IDX_ID]] : i32
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[R:.*]] = llvm.select %[[ALL_NAN]], %[[ZERO]], %[[I]] : i1, i32
  // CHECK: llvm.return %[[R]] : i32
  func.func @argmax(%x: tensor<128xf32, #b1>) -> i32 {
    %r = tile.reduce argmax %x {axis = 0 : i32} : tensor<128xf32, #b1> -> i32
    return %r : i32
  }
}

// -----

// A tile smaller than the CTA tile (16 elements, 128 threads): replicas
// (unwrapped index >= 16) are replaced by the identity, 0 for sum, so each
// element is counted once.
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @replicated
  // CHECK: llvm.mlir.constant(16 : i32)
  // CHECK: %[[REP:.*]] = llvm.icmp "uge"
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32)
  // CHECK-NEXT: llvm.select %[[REP]], %[[ZERO]], %{{.*}} : i1, i32
  // CHECK: nvvm.shfl.sync bfly
  func.func @replicated(%x: tensor<16xi32, #b1>) -> i32 {
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<16xi32, #b1> -> i32
    return %r : i32
  }
}

// -----

// argmin where a thread's elements include replicas (the identity, index
// INT_MAX, in 64 threads of 2 elements over 96): combined in order with the
// full comparison (better, or equal at a smaller index), as a replica may
// come first.
#b1 = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {tile.num_warps = 2 : i32} {
  // CHECK-LABEL: llvm.func @argmin_replicated
  // CHECK: llvm.icmp "uge"
  // CHECK: llvm.icmp "slt" %[[Y:.*]], %[[X:.*]] : i32
  // CHECK-NEXT: llvm.icmp "eq" %[[Y]], %[[X]] : i32
  // CHECK-NEXT: llvm.icmp "slt"
  // CHECK-NEXT: llvm.and
  // CHECK-NEXT: llvm.or
  func.func @argmin_replicated(%x: tensor<96xi32, #b1>) -> i32 {
    %r = tile.reduce argmin %x {axis = 0 : i32} : tensor<96xi32, #b1> -> i32
    return %r : i32
  }
}

// -----

// argmin of ints over 4 elements a thread, with indices 4t .. 4t+3: from the
// last to the first, the challenger winning when it is at most as large.
#b1 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tile.num_warps = 1 : i32} {
  // CHECK-LABEL: llvm.func @argmin_ordered
  // CHECK-NOT: "uno"
  // CHECK-COUNT-3: llvm.icmp "sle"
  // CHECK-NOT: llvm.and
  // CHECK: nvvm.shfl.sync bfly
  func.func @argmin_ordered(%x: tensor<128xi32, #b1>) -> i32 {
    %r = tile.reduce argmin %x {axis = 0 : i32} : tensor<128xi32, #b1> -> i32
    return %r : i32
  }
}

// -----

// f16 sums accumulate in f32 and round once at the end.
#b1 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tile.num_warps = 1 : i32} {
  // CHECK-LABEL: llvm.func @sum_f16
  // CHECK-COUNT-4: llvm.fpext %{{.*}} : f16 to f32
  // CHECK-COUNT-3: llvm.fadd %{{.*}} : f32
  // CHECK: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[R:.*]] = llvm.fptrunc %{{.*}} : f32 to f16
  // CHECK: llvm.return %[[R]] : f16
  func.func @sum_f16(%x: tensor<128xf16, #b1>) -> f16 {
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<128xf16, #b1> -> f16
    return %r : f16
  }
}

// -----

// No lane along the axis (each lane holds its own column's partial): every
// thread writes its slot with a plain store, no predicate.
#b3 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @sum_axis0_no_lanes
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  func.func @sum_axis0_no_lanes(%x: tensor<4x32xf32, #b3>) {
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<4x32xf32, #b3> -> tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #b3}>>
    return
  }
}

// -----

// 64-bit and 8-bit partials: st.shared.b64 from an "l" register, st.shared.b8
// from a 16-bit one.
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {tile.num_warps = 2 : i32} {
  // CHECK-LABEL: llvm.func @sum_i64
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b64 [ $0 + 0 ], $1;", "r,l,b" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<3>, i64, i1) -> ()
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
  func.func @sum_i64(%x: tensor<64xi64, #b1>) -> i64 {
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<64xi64, #b1> -> i64
    return %r : i64
  }
  // CHECK-LABEL: llvm.func @max_i8
  // CHECK: %[[W:.*]] = llvm.zext %{{.*}} : i8 to i16
  // CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b8 [ $0 + 0 ], $1;", "r,h,b" %{{.*}}, %[[W]], %{{.*}} : (!llvm.ptr<3>, i16, i1) -> ()
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
  func.func @max_i8(%x: tensor<64xi8, #b1>) -> i8 {
    %r = tile.reduce max %x {axis = 0 : i32} : tensor<64xi8, #b1> -> i8
    return %r : i8
  }
}

// -----

// The mma accumulator layout (2 x 2 warps, 64 x 64: a thread holds rows g,
// g + 8, g + 32, g + 40 of its warp row and 16 columns, lane = 4 g + t):
// a row reduction combines a row's 8 elements in the thread, then the four
// lanes of a quad (t: shfl.bfly 1 and 2), then the two warps along N
// through shared memory (written by t = 0 only). The result, in the slice
// of the mma layout, has the thread's 4 rows.
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#row = #tilegpu.slice<{dim = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 2048 : i64}
  // CHECK-LABEL: llvm.func @mma_rows
  // CHECK-COUNT-28: llvm.intr.maxnum
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.inline_asm has_side_effects "@$2 st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: llvm.return
  func.func @mma_rows(%x: tensor<64x64xf32, #mma>) {
    %m = tile.reduce max %x {axis = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64xf32, #row>
    return
  }
}

// -----

// A column sum of the accumulators (8 columns a thread): rows g (8 lanes:
// shfl.bfly 4, 8, 16), then the two warps along M; a 1-D sum of a row slice to a scalar.
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#col = #tilegpu.slice<{dim = 0, parent = #mma}>
#row = #tilegpu.slice<{dim = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @mma_cols
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(4 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(8 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK: llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT: llvm.mlir.constant(16 : i32)
  // CHECK-NEXT: llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  // CHECK: llvm.return
  func.func @mma_cols(%x: tensor<64x64xf32, #mma>) {
    %m = tile.reduce sum %x {axis = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64xf32, #col>
    return
  }
  // CHECK-LABEL: llvm.func @row_total
  // CHECK-COUNT-3: llvm.fadd
  // CHECK: nvvm.shfl.sync bfly
  // CHECK: llvm.return %{{.*}} : f32
  func.func @row_total(%x: tensor<64xf32, #row>) -> f32 {
    %s = tile.reduce sum %x {axis = 0 : i32} : tensor<64xf32, #row> -> f32
    return %s : f32
  }
}
