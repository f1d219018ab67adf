// Checks tilegpu-allocate-shared: every op with shared-memory scratch
// (getScratchBytes) gets `tilegpu.shared_offset`, the module the arena's size
// `tilegpu.shared_bytes`. A scratch buffer lives only at its op, so buffers
// never overlap in time and all share offset 0 (barriers between them are
// tilegpu-insert-barriers' business); the arena is the largest one.
// RUN: tilec-opt %s -tilegpu-allocate-shared -split-input-file | FileCheck %s

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 1, parent = #b2}>
// CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 1024 : i64}
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @users
  func.func @users(%x: tensor<256xf32, #b1>, %y: tensor<64xi32, #b1>,
                   %a: tensor<16x4xf16, #b2>, %b: tensor<4x16xf16, #b2>,
                   %c: tensor<16x16xf32, #b2>, %i: tensor<128xf32, #b1>,
                   %t: tensor<16x8xf32, #b2>, %n: i32) {
    // Cross-warp reduce: 4 warps * 32 lanes * 4 bytes.
    // CHECK: tile.reduce sum {{.*}}tilegpu.shared_offset = 0 : i64
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    // argmax: values and i32 indices, 2 * 512 bytes (the largest).
    // CHECK: tile.reduce argmax {{.*}}tilegpu.shared_offset = 0 : i64
    %am = tile.reduce argmax %i {axis = 0 : i32} : tensor<128xf32, #b1> -> i32
    // 64 x i32 = 256 bytes.
    // CHECK: tilegpu.convert_layout {{.*}}tilegpu.shared_offset = 0 : i64
    %cv = tilegpu.convert_layout %y : tensor<64xi32, #b1> -> tensor<64xi32, #s>
    // (16*4 + 4*16) * 4 bytes (f16 staged as f32).
    // CHECK: tile.dot {{.*}}tilegpu.shared_offset = 0 : i64
    %d = tile.dot %a, %b, %c : tensor<16x4xf16, #b2> * tensor<4x16xf16, #b2> -> tensor<16x16xf32, #b2>
    // CHECK: tile.trans {{.*}}tilegpu.shared_offset = 0 : i64
    %tr = tile.trans %t {order = array<i32: 1, 0>} : tensor<16x8xf32, #b2> -> tensor<8x16xf32, #b2>
    // A user in a loop is live at its op only, too.
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      // CHECK: tile.reduce max {{.*}}tilegpu.shared_offset = 0 : i64
      %m = tile.reduce max %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    }
    // No scratch: a no-op conversion, a reduction within each warp.
    // CHECK: tilegpu.convert_layout
    // CHECK-NOT: shared_offset
    // CHECK-SAME: -> tensor<64xi32, #
    %same = tilegpu.convert_layout %y : tensor<64xi32, #b1> -> tensor<64xi32, #b1>
    // CHECK: tile.reduce max
    // CHECK-NOT: shared_offset
    // CHECK-SAME: -> tensor<16xf32
    %w = tile.reduce max %t {axis = 1 : i32} : tensor<16x8xf32, #b2> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #b2}>>
    return
  }
}

// -----

// Nothing uses shared memory: no arena.
#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT: tilegpu.shared_bytes
// CHECK-LABEL: func.func @none
// CHECK-NOT: shared_offset
module attributes {tile.num_warps = 4 : i32} {
  func.func @none(%t: tensor<16x8xf32, #b2>) {
    %w = tile.reduce max %t {axis = 1 : i32} : tensor<16x8xf32, #b2> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #b2}>>
    return
  }
}

// -----

// Explicit buffers (tilegpu.local_alloc) live from the alloc to their last
// use: a scratch user inside that interval gets a distinct range, buffers
// whose intervals do not overlap share one, and a use nested in a loop
// keeps the buffer for the whole loop.
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// 64 x f32 = 256 bytes of buffer; the reduce's 512 bytes of scratch after it.
// CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 768 : i64}
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @buffers
  func.func @buffers(%x: tensor<256xf32, #b1>, %v: tensor<64xf32, #b1>, %n: i32) {
    // CHECK: tilegpu.local_alloc %{{.*}} {tilegpu.shared_offset = 0 : i64}
    %m = tilegpu.local_alloc %v : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    // Live across the buffer's interval: after it.
    // CHECK: tile.reduce sum {{.*}}tilegpu.shared_offset = 256 : i64
    %r = tile.reduce sum %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    // CHECK: tilegpu.local_load
    %l = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    // CHECK: tilegpu.local_dealloc
    tilegpu.local_dealloc %m : !tilegpu.memdesc<64xf32>
    // The first buffer is dead: the second one reuses its range.
    // CHECK: tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64}
    %m2 = tilegpu.local_alloc : !tilegpu.memdesc<64xf32>
    tilegpu.local_store %v, %m2 : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    // A scratch user after the last use of %m2: offset 0 again.
    // CHECK: tile.reduce max {{.*}}tilegpu.shared_offset = 0 : i64
    %mx = tile.reduce max %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    // A buffer used inside a loop is live for the whole loop: the loop's
    // scratch user after its last use in the body still gets its own range.
    // CHECK: tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64}
    %m3 = tilegpu.local_alloc : !tilegpu.memdesc<64xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      tilegpu.local_store %v, %m3 : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
      // CHECK: tile.reduce min {{.*}}tilegpu.shared_offset = 256 : i64
      %mn = tile.reduce min %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    }
    return
  }
}

// -----

// A local_load that feeds a tl.dot is read at the dot (wgmma reads the buffer
// itself, a deferred ldmatrix runs there): the buffer lives until the dot, so
// the scratch of a convert_layout between them (flash attention's rescaled
// accumulator) gets a range of its own. (Sharing one gave wrong results on
// wgmma on the H200.)
#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
#sh = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
// CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = {{[0-9]+}} : i64}
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @dot_operand
  func.func @dot_operand(%p: tensor<64x64xf16, #b>, %v: tensor<64x64xf16, #b>,
                         %acc: tensor<64x64xf32, #b>) -> tensor<64x64xf32, #mma> {
    // CHECK: tilegpu.local_alloc %{{.*}} {tilegpu.shared_offset = 0 : i64}
    %pa = tilegpu.local_alloc %p : tensor<64x64xf16, #b> -> !tilegpu.memdesc<64x64xf16, #sh>
    // CHECK: tilegpu.local_alloc %{{.*}} {tilegpu.shared_offset = 8192 : i64}
    %vb = tilegpu.local_alloc %v : tensor<64x64xf16, #b> -> !tilegpu.memdesc<64x64xf16, #sh>
    %a = tilegpu.local_load %pa : !tilegpu.memdesc<64x64xf16, #sh> -> tensor<64x64xf16, #opa>
    %bb = tilegpu.local_load %vb : !tilegpu.memdesc<64x64xf16, #sh> -> tensor<64x64xf16, #opb>
    // Past both operand buffers (16 KiB), not at 0.
    // CHECK: tilegpu.convert_layout {{.*}}tilegpu.shared_offset = 16384 : i64
    %c = tilegpu.convert_layout %acc : tensor<64x64xf32, #b> -> tensor<64x64xf32, #mma>
    %d = tile.dot %a, %bb, %c : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A warp-local move of row statistics that all 4 warps hold (slices of
// layouts whose warps lie along the columns): a 16-byte aligned copy a warp,
// 4 * 64 bytes.
#w4a = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#w4b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.shared_bytes = 256 : i64}
module attributes {tile.num_warps = 4 : i32} {
  func.func @replicated_rows(%x: tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4a}>>) {
    %y = tilegpu.convert_layout %x : tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4a}>> -> tensor<16xf32, #tilegpu.slice<{dim = 1, parent = #w4b}>>
    return
  }
}

// -----

// Rows each warp holds in both layouts (a warp-local move), on a layout of
// 4 warps in an 8-warp CTA: warps 4-7 hold copies of warps 0-3's rows and
// store the same places, so each of the 8 warps takes its own copy,
// 8 * 512 bytes.
#rows8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: module attributes {tile.num_warps = 8 : i32, tilegpu.shared_bytes = 4096 : i64}
module attributes {tile.num_warps = 8 : i32} {
  func.func @more_warps(%x: tensor<16x8xf32, #rows8>) {
    %y = tilegpu.convert_layout %x : tensor<16x8xf32, #rows8> -> tensor<16x8xf32, #one>
    return
  }
}
