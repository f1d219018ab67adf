// Checks tilegpu-insert-barriers: a tilegpu.barrier goes right before a
// shared-memory user whose range ([tilegpu.shared_offset, + scratch bytes))
// overlaps what another user may have accessed since the last barrier. A
// user ends with reads after a barrier of its own, so only its own range is
// pending after it. Offsets are given here (each reduce: 4 warps * 32 lanes
// * 4 bytes = 512 bytes of scratch).
// RUN: tilec-opt %s -tilegpu-insert-barriers -split-input-file | FileCheck %s
// The whole chain: the first user of the kernel has no barrier before its
// writes; the lowering emits only the inserted and the in-op barriers.
// RUN: tilec-opt %s -tilegpu-allocate-shared -tilegpu-insert-barriers -convert-tilegpu-to-llvm -split-input-file | FileCheck %s --check-prefix=LLVM

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {tile.num_warps = 4 : i32, tilegpu.barriers_inserted}
module attributes {tile.num_warps = 4 : i32} {
  // Same range: a barrier before the second user only.
  // CHECK-LABEL: func.func @same_range
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tile.reduce max
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  // LLVM-LABEL: llvm.func @same_range
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.inline_asm has_side_effects "@$2 st.shared.b32
  // LLVM: nvvm.barrier0
  // LLVM: llvm.intr.maxnum
  // LLVM: nvvm.barrier0
  // LLVM-NOT: llvm.load
  // LLVM: nvvm.shfl.sync
  // LLVM: llvm.inline_asm has_side_effects "@$2 st.shared.b32
  // LLVM: nvvm.barrier0
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.return
  func.func @same_range(%x: tensor<256xf32, #b1>) -> f32 {
    %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %r = arith.addf %m, %s : f32
    return %r : f32
  }

  // Disjoint ranges: no barrier. The third user overlaps the first, but the
  // second one's own barrier already separates them.
  // CHECK-LABEL: func.func @disjoint
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @disjoint(%x: tensor<256xf32, #b1>) {
    %a = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %b = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 512 : i64} : tensor<256xf32, #b1> -> f32
    %c = tile.reduce min %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }

  // Partial overlap ([256, 768) meets [0, 512)) and a missing offset
  // (counts as 0).
  // CHECK-LABEL: func.func @partial
  // CHECK: tile.reduce max
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce min
  func.func @partial(%x: tensor<256xf32, #b1>) {
    %a = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %b = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 256 : i64} : tensor<256xf32, #b1> -> f32
    %c = tile.reduce min %x {axis = 0 : i32} : tensor<256xf32, #b1> -> f32
    return
  }

  // An existing barrier counts.
  // CHECK-LABEL: func.func @existing
  // CHECK: tile.reduce max
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @existing(%x: tensor<256xf32, #b1>) {
    %a = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    tilegpu.barrier
    %b = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }

  // Ops without scratch (a reduction within one warp, a no-op conversion)
  // are not users.
  // CHECK-LABEL: func.func @no_users
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @no_users(%x: tensor<256xf32, #b1>) {
    %a = tilegpu.convert_layout %x : tensor<256xf32, #b1> -> tensor<256xf32, #b1>
    return
  }
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // One user in a loop: iteration i+1's writes meet iteration i's reads, so
  // the body has a barrier before it, even though nothing is pending before
  // the loop.
  // CHECK-LABEL: func.func @loop_one_user
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  // LLVM-LABEL: llvm.func @loop_one_user
  // LLVM-COUNT-2: nvvm.barrier0
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.return
  func.func @loop_one_user(%x: tensor<256xf32, #b1>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
      %a = arith.addf %acc, %s : f32
      scf.yield %a : f32
    }
    return %r : f32
  }

  // Two users in a loop at the same offset: a barrier before each (the
  // first one meets the second one's reads of the previous iteration).
  // CHECK-LABEL: func.func @loop_two_users
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce max
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @loop_two_users(%x: tensor<256xf32, #b1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    }
    return
  }

  // Two users in a loop at disjoint offsets: the second one's barrier
  // separates the first one's reads from the next iteration's first user;
  // the first one's reads are separated from the second's writes by the
  // ranges. No barrier at all.
  // CHECK-LABEL: func.func @loop_disjoint
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @loop_disjoint(%x: tensor<256xf32, #b1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 512 : i64} : tensor<256xf32, #b1> -> f32
    }
    return
  }

  // A user before the loop, overlapping the loop's user: the loop's barrier
  // covers both; the user after the loop meets the loop's (or, with zero
  // trips, the first user's) range.
  // CHECK-LABEL: func.func @around_loop
  // CHECK: tile.reduce max
  // CHECK-NEXT: arith.constant
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  // CHECK-NEXT: {{^ *}}}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce min
  func.func @around_loop(%x: tensor<256xf32, #b1>, %n: i32) {
    %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    }
    %t = tile.reduce min %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }

  // A loop without users: the state passes through it.
  // CHECK-LABEL: func.func @loop_without_users
  // CHECK: tile.reduce max
  // CHECK: scf.for
  // CHECK-NOT: tilegpu.barrier
  // CHECK: {{^ *}}}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @loop_without_users(%x: tensor<256xf32, #b1>, %n: i32) {
    %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %y = arith.addi %i, %c1 : i32
    }
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // scf.if: the branches join. A user in one branch, then an overlapping
  // user after the if: a barrier before the latter.
  // CHECK-LABEL: func.func @if_join
  // CHECK: scf.if
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tile.reduce max
  // CHECK-NEXT: {{^ *}}}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @if_join(%x: tensor<256xf32, #b1>, %c: i1) {
    scf.if %c {
      %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    }
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }

  // A disjoint user after the if needs none, and its own barrier separates
  // the branch's user from the next one.
  // CHECK-LABEL: func.func @if_disjoint
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @if_disjoint(%x: tensor<256xf32, #b1>, %c: i1) {
    scf.if %c {
      %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    }
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 512 : i64} : tensor<256xf32, #b1> -> f32
    %t = tile.reduce min %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }

  // A user before the if and one in each branch: each branch's user needs
  // a barrier.
  // CHECK-LABEL: func.func @if_branches
  // CHECK: tile.reduce max
  // CHECK: scf.if
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  // CHECK: else
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce min
  func.func @if_branches(%x: tensor<256xf32, #b1>, %c: i1) {
    %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    scf.if %c {
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    } else {
      %t = tile.reduce min %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    }
    return
  }

  // scf.while: the after region's user meets the next trip's before-region
  // user.
  // CHECK-LABEL: func.func @while_loop
  // CHECK: scf.while
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce max
  // CHECK: do
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @while_loop(%x: tensor<256xf32, #b1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
      %cond = arith.cmpi slt, %i, %n : i32
      scf.condition(%cond) %i : i32
    } do {
    ^bb0(%j: i32):
      %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
      %c1 = arith.constant 1 : i32
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    return
  }
}

// -----

// Explicit buffers: local_store / local_alloc with a value write the
// buffer's range, local_load reads it, with no barrier of their own. A read
// after a write of an overlapping range needs a barrier (RAW), a write
// after a read or a write (WAR, WAW) too; reads after reads and accesses of
// disjoint ranges do not. (64 x f32: 256 bytes.)
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @store_load
  // CHECK: tilegpu.local_store
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_store
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  // LLVM-LABEL: llvm.func @store_load
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // LLVM-NEXT: nvvm.barrier0
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // LLVM-NOT: llvm.store
  // LLVM: nvvm.barrier0
  // LLVM: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.return
  func.func @store_load(%v: tensor<64xf32, #b1>) {
    %m = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64xf32>
    tilegpu.local_store %v, %m : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    %a = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    %b = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    tilegpu.local_store %a, %m : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    return
  }

  // Disjoint buffers: no barrier; the initial value is a write.
  // CHECK-LABEL: func.func @disjoint_buffers
  // CHECK: tilegpu.local_alloc
  // CHECK-NEXT: tilegpu.local_alloc
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @disjoint_buffers(%v: tensor<64xf32, #b1>) {
    %m = tilegpu.local_alloc %v {tilegpu.shared_offset = 0 : i64} : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    %n = tilegpu.local_alloc {tilegpu.shared_offset = 256 : i64} : !tilegpu.memdesc<64xf32>
    %a = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    tilegpu.local_store %a, %n : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    return
  }

  // A scratch user ends with reads: a local_load of its range needs no
  // barrier, a local_store does (WAR), and a store in a loop meets the
  // previous trip's load.
  // CHECK-LABEL: func.func @with_scratch
  // CHECK: tile.reduce max
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_store
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_store
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: }
  func.func @with_scratch(%x: tensor<256xf32, #b1>, %v: tensor<64xf32, #b1>, %n: i32) {
    %m = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<64xf32>
    %r = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %a = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    tilegpu.local_store %v, %m : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      tilegpu.local_store %v, %m : tensor<64xf32, #b1> -> !tilegpu.memdesc<64xf32>
      %b = tilegpu.local_load %m : !tilegpu.memdesc<64xf32> -> tensor<64xf32, #b1>
    }
    return
  }
}

// -----

// A tensor-core dot reads its operands' buffers itself (wgmma reads shared
// memory until each warpgroup's own wait; a deferred ldmatrix runs at the
// dot): a scratch user overlapping an operand buffer after the dot needs a
// barrier, though another user's own barrier (the accumulator's conversion)
// sits between the operands' local_loads and the dot. (Without it, a warpgroup past its wgmma overwrote the buffer another
// warpgroup's wgmma still read: flash attention on 8 warps, H200.)
#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
#sh = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
module attributes {tile.num_warps = 8 : i32} {
  // CHECK-LABEL: func.func @dot_reads
  // CHECK: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilegpu.convert_layout
  // CHECK-NEXT: tile.dot
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.convert_layout
  func.func @dot_reads(%p: tensor<128x64xf16, #b>, %v: tensor<64x64xf16, #b>,
                       %acc: tensor<128x64xf32, #b>) {
    %pa = tilegpu.local_alloc %p {tilegpu.shared_offset = 0 : i64} : tensor<128x64xf16, #b> -> !tilegpu.memdesc<128x64xf16, #sh>
    %vb = tilegpu.local_alloc %v {tilegpu.shared_offset = 16384 : i64} : tensor<64x64xf16, #b> -> !tilegpu.memdesc<64x64xf16, #sh>
    %a = tilegpu.local_load %pa : !tilegpu.memdesc<128x64xf16, #sh> -> tensor<128x64xf16, #opa>
    %bb = tilegpu.local_load %vb : !tilegpu.memdesc<64x64xf16, #sh> -> tensor<64x64xf16, #opb>
    %c = tilegpu.convert_layout %acc {tilegpu.shared_offset = 24576 : i64} : tensor<128x64xf32, #b> -> tensor<128x64xf32, #mma>
    %d = tile.dot %a, %bb, %c : tensor<128x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<128x64xf32, #mma>
    // Over the operand buffers (offset 0): after every warp's dot.
    %e = tilegpu.convert_layout %d {tilegpu.shared_offset = 0 : i64} : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #b>
    return
  }
}

// -----

// A warp-local move (each warp reads only what its own lanes stored: rows
// 4w .. 4w+3 of a [16, 8] tile in both layouts) has a bar.warp.sync of its
// own, which fences nothing for the other warps: what was pending before it
// stays pending, and its own range is pending after it (16 x 8 x 4 = 512
// bytes of scratch).
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // Two warp-local moves at one offset: a CTA barrier between them (a warp
  // may still read the first one's places while another warp, done with
  // it, writes the second one's).
  // CHECK-LABEL: func.func @warp_local_twice
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tilegpu.convert_layout
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.convert_layout
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  // LLVM-LABEL: llvm.func @warp_local_twice
  // LLVM: nvvm.bar.warp.sync
  // LLVM: nvvm.barrier0
  // LLVM: nvvm.bar.warp.sync
  // LLVM-NOT: nvvm.barrier0
  // LLVM: llvm.return
  func.func @warp_local_twice(%x: tensor<16x8xf32, #rows8>, %y: tensor<16x8xf32, #rows8>) {
    %a = tilegpu.convert_layout %x {tilegpu.shared_offset = 0 : i64} : tensor<16x8xf32, #rows8> -> tensor<16x8xf32, #one>
    %b = tilegpu.convert_layout %y {tilegpu.shared_offset = 0 : i64} : tensor<16x8xf32, #rows8> -> tensor<16x8xf32, #one>
    return
  }

  // A reduction's reads stay pending across a warp-local move at another
  // offset: the next reduction at the first one's offset gets a barrier
  // (a CTA-wide move between them would have fenced them).
  // CHECK-LABEL: func.func @pending_across_warp_local
  // CHECK: tile.reduce max
  // CHECK-NEXT: tilegpu.convert_layout
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @pending_across_warp_local(%x: tensor<256xf32, #b1>, %y: tensor<16x8xf32, #rows8>) {
    %m = tile.reduce max %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    %a = tilegpu.convert_layout %y {tilegpu.shared_offset = 512 : i64} : tensor<16x8xf32, #rows8> -> tensor<16x8xf32, #one>
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }
}

// -----

// mbarrier_inval writes the mbarrier (thread 0) while the other threads go
// on: a later user of those bytes waits at a barrier.
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @inval_then_reuse
  // CHECK: tilegpu.mbarrier_inval
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tile.reduce sum
  func.func @inval_then_reuse(%x: tensor<256xf32, #b1>) {
    %bar = tilegpu.local_alloc {tilegpu.shared_offset = 0 : i64} : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }
  // Elsewhere in the arena: no barrier.
  // CHECK-LABEL: func.func @inval_elsewhere
  // CHECK: tilegpu.mbarrier_inval
  // CHECK-NEXT: tile.reduce sum
  func.func @inval_elsewhere(%x: tensor<256xf32, #b1>) {
    %bar = tilegpu.local_alloc {tilegpu.shared_offset = 1024 : i64} : !tilegpu.memdesc<1xi64>
    tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
    %s = tile.reduce sum %x {axis = 0 : i32, tilegpu.shared_offset = 0 : i64} : tensor<256xf32, #b1> -> f32
    return
  }
}
