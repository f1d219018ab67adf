// Checks tilegpu.convert_layout, tile.trans and tile.reshape: through shared
// memory (barrier, store at the row-major index, barrier, load; bar.warp.sync
// in place of the second barrier where each warp reads only what its own
// lanes stored); pointers are kept as i64.
// RUN: tilec-opt %s -convert-tilegpu-to-llvm -split-input-file | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 1, parent = #b2}>
module attributes {tile.num_warps = 4 : i32} {
  // 64 x i32 = 256 bytes; the pointer tile (64 x i64) needs 512. With 128
  // threads a thread holds one element of the 1-D tile (replicated) and 4 of
  // the slice.
  // CHECK: tilegpu.shared_bytes = 512 : i64
  // CHECK-LABEL: llvm.func @to_slice
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @to_slice(%x: tensor<64xi32, #b1>) {
    %y = tilegpu.convert_layout %x : tensor<64xi32, #b1> -> tensor<64xi32, #s>
    return
  }
  // CHECK-LABEL: llvm.func @ptrs
  // CHECK: nvvm.barrier0
  // CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK: llvm.store %{{.*}} : i64, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
  // CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  func.func @ptrs(%x: tensor<64x!tile.ptr<f32>, #b1>) {
    %y = tilegpu.convert_layout %x : tensor<64x!tile.ptr<f32>, #b1> -> tensor<64x!tile.ptr<f32>, #s>
    return
  }
}

// -----

#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // A 16x8 tile: one element per thread, stored at i*8 + j; result element
  // (i', j') = operand (j', i') is loaded from j'*8 + i'.
  // 16x8xf16 = 256 bytes, 16x8xf32 = 512 (the maximum is kept).
  // CHECK: tilegpu.shared_bytes = 512 : i64
  // CHECK-LABEL: llvm.func @trans
  // CHECK: nvvm.barrier0
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: llvm.store %{{.*}}, %[[P]] : f16, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
  func.func @trans(%x: tensor<16x8xf16, #b2>) {
    %y = tile.trans %x {order = array<i32: 1, 0>} : tensor<16x8xf16, #b2> -> tensor<8x16xf16, #b2>
    return
  }
  // CHECK-LABEL: llvm.func @reshape
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  func.func @reshape(%x: tensor<16x8xf32, #b2>) {
    %y = tile.reshape %x : tensor<16x8xf32, #b2> -> tensor<4x32xf32, #b2>
    return
  }
}

// -----

// An op placed by tilegpu-allocate-shared uses its offset in the arena
// (the pass's size, not the op's, is the module's shared_bytes).
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 1, parent = #b2}>
module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 2048 : i64} {
  // CHECK: tilegpu.shared_bytes = 2048 : i64
  // CHECK-LABEL: llvm.func @at_offset
  // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @tilec_shared : !llvm.ptr<3>
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.getelementptr %[[P]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
  func.func @at_offset(%x: tensor<64xi32, #b1>) {
    %y = tilegpu.convert_layout %x {tilegpu.shared_offset = 1024 : i64} : tensor<64xi32, #b1> -> tensor<64xi32, #s>
    return
  }
}

// -----

// A rank-2 convert_layout whose rows are a multiple of 128 bytes gets 16
// bytes of padding after each row (rows start in different banks): 8 x 32
// f32 at row stride 36, 8 * 36 * 4 = 1152 bytes. Stores and loads use the
// padded index i * 36 + j; each thread stores its pairs of a row with one
// 8-byte store and reads its 4 consecutive elements of a row with one
// 16-byte load (volatile, so that LLVM does not split it). Each side computes
// one address: the others are the same in every thread plus a constant (8
// columns, 36-element rows apart). trans keeps the plain row-major buffer.
#b3 = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tile.num_warps = 1 : i32} {
  // CHECK: tilegpu.shared_bytes = 1152 : i64
  // CHECK-LABEL: llvm.func @padded
  // CHECK: llvm.mlir.constant(36 : i32) : i32
  // CHECK: %[[S:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: %[[S1:.*]] = llvm.getelementptr %[[S]][8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
  // CHECK-NOT: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: llvm.store %{{.*}}, %[[S]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
  // CHECK: llvm.store %{{.*}}, %[[S1]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
  // CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
  // One warp: its lanes' accesses ordered by bar.warp.sync.
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.bar.warp.sync
  // CHECK: llvm.mlir.constant(36 : i32) : i32
  // CHECK: %[[L:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.getelementptr %[[L]][36] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-8: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @padded(%x: tensor<8x32xf32, #b3>) {
    %y = tilegpu.convert_layout %x : tensor<8x32xf32, #b3> -> tensor<8x32xf32, #b4>
    return
  }
  // CHECK-LABEL: llvm.func @unpadded_trans
  // CHECK-NOT: llvm.mlir.constant(36 : i32)
  // CHECK: llvm.return
  func.func @unpadded_trans(%x: tensor<8x32xf32, #b3>) {
    %y = tile.trans %x {order = array<i32: 1, 0>} : tensor<8x32xf32, #b3> -> tensor<32x8xf32, #b3>
    return
  }
}

// -----

// Runs of 16-bit and 8-bit elements: a thread's 8 consecutive f16 of a row
// (8 x 64 f16: 128-byte rows, padded to 72 elements) and its 16 consecutive
// i8 (64-byte rows, unpadded) are each one 16-byte load; 1-byte runs move
// as integers (pairs stored as i16, 16 bytes read as four i32 words, split
// by shifts). A result whose fastest dimension is not the last (order
// [0, 1]) reads down columns of a column-major staging where that costs
// less.
#b3 = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#h8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#q16 = #tilegpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {tile.num_warps = 1 : i32} {
  // CHECK-LABEL: llvm.func @f16_runs
  // CHECK: llvm.mlir.constant(72 : i32) : i32
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
  // CHECK-COUNT-2: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @f16_runs(%x: tensor<8x64xf16, #b3>) {
    %y = tilegpu.convert_layout %x : tensor<8x64xf16, #b3> -> tensor<8x64xf16, #h8>
    return
  }
  // CHECK-LABEL: llvm.func @i8_runs
  // CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<3>
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
  // CHECK: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-COUNT-4: llvm.extractelement
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @i8_runs(%x: tensor<8x64xi8, #b3>) {
    %y = tilegpu.convert_layout %x : tensor<8x64xi8, #b3> -> tensor<8x64xi8, #q16>
    return
  }
  // Row-major, the result's runs down the columns would be read element by
  // element (4 pair stores + 8 loads a thread); staged column-major they
  // are two 16-byte loads after 8 element stores, which costs less.
  // CHECK-LABEL: llvm.func @col_major
  // CHECK-COUNT-8: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @col_major(%x: tensor<8x32xf32, #b3>) {
    %y = tilegpu.convert_layout %x : tensor<8x32xf32, #b3> -> tensor<8x32xf32, #col>
    return
  }
}

// -----

// 16-bit accumulators to the A operand of the same mma layout (one warp
// along N) stay in registers: A block (m, k) element j is accumulator
// element j % 4 of block (m, 2k + j / 4). 64 x 16 over 4 warps along M:
// 2 n-blocks of 4 accumulators give one k block of 8 (64 x 16); no shared
// memory.
#mma = #tilegpu.mma<{warpsPerCTA = [4, 1]}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @acc_to_a
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[E3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: %[[E4:.*]] = llvm.extractvalue %arg0[4]
  // CHECK: %[[E7:.*]] = llvm.extractvalue %arg0[7]
  // CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]
  // CHECK: llvm.insertvalue %[[E4]], %{{.*}}[4]
  // CHECK: llvm.insertvalue %[[E7]], %{{.*}}[7]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @acc_to_a(%x: tensor<64x16xf16, #mma>) {
    %a = tilegpu.convert_layout %x : tensor<64x16xf16, #mma> -> tensor<64x16xf16, #opa>
    return
  }
}

// -----

// Conversions that move no data: every thread already holds each element
// it needs, at the same register number in all threads (RegisterMaps.cpp).
// A slice of a [1, 2] x [1, 32] x [1, 4] layout along dimension 0 places a
// 256-element row as the 1-D [2] x [32] x [4] layout does (Liger's MoE token
// gather): the result is the operand's registers, no shared memory. A
// [16, 8] tile whose threads hold whole rows (8 lanes along 64 columns, so
// every lane holds all 8) converted to one element a thread needs each
// thread's own column, a register that differs between lanes: through
// shared memory.
#row = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#flat = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s0 = #tilegpu.slice<{dim = 0, parent = #row}>
#rows8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @same_places
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f32, f32)>
  // CHECK: %[[B:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(f32, f32)>
  // CHECK: llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
  // CHECK: llvm.insertvalue %[[B]], %{{.*}}[1] : !llvm.struct<(f32, f32)>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  func.func @same_places(%x: tensor<256xf32, #s0>) {
    %y = tilegpu.convert_layout %x : tensor<256xf32, #s0> -> tensor<256xf32, #flat>
    return
  }
  // Each warp holds rows 4w .. 4w+3 in both layouts: a warp reads only
  // what its own lanes stored (bar.warp.sync, no CTA barrier but the
  // leading one of a lowering run without tilegpu-insert-barriers).
  // CHECK-LABEL: llvm.func @own_column
  // CHECK: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.store
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: nvvm.bar.warp.sync %[[ALL]] : i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @own_column(%x: tensor<16x8xf32, #rows8>) {
    %y = tilegpu.convert_layout %x : tensor<16x8xf32, #rows8> -> tensor<16x8xf32, #one>
    return
  }
  // The transpose of those rows: warp w reads rows 4w .. 4w+3 of the result
  // (columns of the operand) that every warp stored: a CTA barrier.
  // CHECK-LABEL: llvm.func @trans_across_warps
  // CHECK: llvm.store
  // CHECK-NOT: nvvm.bar.warp.sync
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load
  func.func @trans_across_warps(%x: tensor<16x16xf32, #one>) {
    %y = tile.trans %x {order = array<i32: 1, 0>} : tensor<16x16xf32, #one> -> tensor<16x16xf32, #one>
    return
  }
}

// -----

// Both layouts hold runs down the columns (4 and 8 rows a thread): staged
// column-major, each thread stores its run with one 16-byte store and reads
// its 8 with two; row-major would take 4 + 8 scalar accesses a thread.
#c4 = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#c8 = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#r4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r4b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @column_runs
  // CHECK-NOT: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @column_runs(%x: tensor<32x16xf32, #c4>) {
    %y = tilegpu.convert_layout %x : tensor<32x16xf32, #c4> -> tensor<32x16xf32, #c8>
    return
  }
  // Runs along the rows on both sides stay row-major.
  // CHECK-LABEL: llvm.func @row_runs
  // CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  func.func @row_runs(%x: tensor<32x16xf32, #r4>) {
    %y = tilegpu.convert_layout %x : tensor<32x16xf32, #r4> -> tensor<32x16xf32, #r4b>
    return
  }
}

// -----

// Row statistics replicated across warps (slices of layouts whose 4 warps
// lie along the columns): every warp holds all rows in both layouts, so
// each reads only what its own lanes stored, but all warps store the same
// places. Up to 4 KB, each warp stages through its own 16-byte aligned copy
// at warp * bytes (the warp index read at the move) and synchronizes with
// bar.warp.sync; a larger tile takes one buffer and a CTA barrier.
#w4a = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#w4b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
#big1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#big2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: llvm.func @replicated_rows
  // CHECK: %[[TID:.*]] = llvm.inline_asm has_side_effects "mov.u32 $0, %tid.x;"
  // CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
  // CHECK: %[[U:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[W]]
  // CHECK: %[[STRIDE:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: %[[OFF:.*]] = llvm.mul %[[U]], %[[STRIDE]] : i32
  // CHECK: %[[MINE:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: llvm.getelementptr %[[MINE]]
  // CHECK: llvm.store
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.bar.warp.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK: llvm.return
  func.func @replicated_rows(%x: tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4a}>>) {
    %y = tilegpu.convert_layout %x : tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4a}>> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4b}>>
    return
  }
  // CHECK-LABEL: llvm.func @replicated_8k
  // CHECK-NOT: %tid.x
  // CHECK: llvm.store
  // CHECK-NOT: nvvm.bar.warp.sync
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK: llvm.return
  func.func @replicated_8k(%x: tensor<2048xf32, #tilegpu.slice<{dim = 1, parent = #big1}>>) {
    %y = tilegpu.convert_layout %x : tensor<2048xf32, #tilegpu.slice<{dim = 1, parent = #big1}>> -> tensor<2048xf32, #tilegpu.slice<{dim = 1, parent = #big2}>>
    return
  }
}
