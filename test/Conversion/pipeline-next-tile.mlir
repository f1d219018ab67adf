// Checks -tilegpu-pipeline on a pipelined loop directly in a tile loop marked
// tile.flatten (tl.range(..., flatten=True), a persistent kernel): the slots
// are allocated before the tile loop; the first tile's prologue runs before
// it, under `if (lb < ub)`; each tile, after its loop's async_wait 0 and
// barrier, issues the next tile's prologue under `if (tile + step < ub)`,
// with the tile loop body's values the copies read computed again for the
// next tile, before the epilogue. Declined (the prologue stays at the loop):
// without flatten, where the copies read a value the tile loop carries, where
// the epilogue reduces (no bound on its scratch here), and where the slots
// and the epilogue's staging do not fit together.
// RUN: tilec-opt %s -tilegpu-pipeline | FileCheck %s
// RUN: tilec-opt %s -tilegpu-pipeline=shared-limit=20000 | FileCheck %s --check-prefix=LIM

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #tilegpu.slice<{dim = 0, parent = #blocked}>
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
#sb = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @persistent
  // CHECK-SAME: (%[[A:[^:]+]]: !tile.ptr<f16>, %[[B:[^:]+]]: tensor<32x64x!tile.ptr<f16>, #{{.*}}>, %[[C:[^:]+]]: !tile.ptr<f32>, %[[K:[^:]+]]: i32, %[[LO:[^:]+]]: i32, %[[HI:[^:]+]]: i32, %[[ST:[^:]+]]: i32)
  // CHECK: %[[BUFA:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16
  // CHECK-NEXT: %[[BUFB:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x32x64xf16
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi slt, %[[LO]], %[[HI]] : i32
  // CHECK-NEXT: scf.if %[[FIRST]] {
  // The slice for tile %[[LO]]: its row offset and A's pointers.
  // CHECK-NEXT: %[[ROW0:.*]] = arith.muli %[[LO]], %{{.*}} : i32
  // CHECK: tile.addptr
  // CHECK: tilegpu.async_copy
  // CHECK: tilegpu.async_copy
  // CHECK-NEXT: tilegpu.async_commit_group
  // CHECK: tilegpu.async_copy
  // CHECK: tilegpu.async_copy
  // CHECK-NEXT: tilegpu.async_commit_group
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.for %[[T:[^ ]*]] = %[[LO]] to %[[HI]] step %[[ST]] {{ *}}: i32 {
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: scf.for
  // CHECK: tilegpu.async_copy
  // CHECK: tilegpu.async_copy
  // CHECK: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[T]], %[[ST]] : i32
  // CHECK-NEXT: %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[HI]] : i32
  // CHECK-NEXT: scf.if %[[MORE]] {
  // CHECK-NEXT: arith.muli %[[NEXT]], %{{.*}} : i32
  // CHECK: tilegpu.async_copy
  // CHECK: tilegpu.async_copy
  // CHECK-NEXT: tilegpu.async_commit_group
  // CHECK: tilegpu.async_copy
  // CHECK: tilegpu.async_copy
  // CHECK-NEXT: tilegpu.async_commit_group
  // CHECK-NEXT: }
  // The epilogue after it.
  // CHECK-NEXT: tilegpu.convert_layout
  // CHECK-NEXT: tile.store
  // CHECK-NEXT: }
  // CHECK-NEXT: return

  // The slots with the epilogue's staging (16 KiB) need more than 20000
  // bytes: the prologue stays at the loop (which fits 2 stages).
  // LIM-LABEL: func.func @persistent
  // LIM: scf.for
  // LIM: tilegpu.local_alloc : !tilegpu.memdesc<2x64x32xf16
  // LIM-NOT: scf.if
  // LIM: scf.for
  func.func @persistent(%a: !tile.ptr<f16>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                        %c: !tile.ptr<f32>, %K: i32, %lo: i32, %hi: i32, %st: i32) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %rk = tile.make_range 0 to 32 : tensor<32xi32, #slice>
    %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %rkb = tile.broadcast %rk2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #blocked>
    scf.for %t = %lo to %hi step %st : i32 {
      %row = arith.muli %t, %c64 : i32
      %rows = tile.splat %row : i32 -> tensor<64x32xi32, #blocked>
      %off = arith.addi %rows, %rkb : tensor<64x32xi32, #blocked>
      %pa = tile.addptr %as, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %r = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
        %ivs = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
        %ap = tile.addptr %pa, %ivs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
        %ivb = tile.splat %iv : i32 -> tensor<32x64xi32, #blocked>
        %bp = tile.addptr %pb, %ivb : tensor<32x64x!tile.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
        %x = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
        %y = tile.load %bp {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked>
        %sx = tilegpu.local_alloc %x : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
        %sy = tilegpu.local_alloc %y : tensor<32x64xf16, #blocked> -> !tilegpu.memdesc<32x64xf16, #sb>
        %dx = tilegpu.local_load %sx : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
        %dy = tilegpu.local_load %sy : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
        %d = tile.dot %dx, %dy, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      %o = tilegpu.convert_layout %r : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      tile.store %cs, %o : tensor<64x64x!tile.ptr<f32>, #blocked>
    } {tile.flatten}
    return
  }

  // Without flatten: the prologue stays at the loop.
  // CHECK-LABEL: func.func @not_flattened
  // CHECK: scf.for
  // CHECK-NEXT: arith.muli
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  func.func @not_flattened(%a: !tile.ptr<f16>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                           %c: !tile.ptr<f32>, %K: i32, %lo: i32, %hi: i32, %st: i32) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #blocked>
    scf.for %t = %lo to %hi step %st : i32 {
      %row = arith.muli %t, %c64 : i32
      %rows = tile.splat %row : i32 -> tensor<64x32xi32, #blocked>
      %pa = tile.addptr %as, %rows : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %r = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
        %ivs = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
        %ap = tile.addptr %pa, %ivs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
        %x = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
        %y = tile.load %pb {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked>
        %sx = tilegpu.local_alloc %x : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
        %sy = tilegpu.local_alloc %y : tensor<32x64xf16, #blocked> -> !tilegpu.memdesc<32x64xf16, #sb>
        %dx = tilegpu.local_load %sx : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
        %dy = tilegpu.local_load %sy : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
        %d = tile.dot %dx, %dy, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      %o = tilegpu.convert_layout %r : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      tile.store %cs, %o : tensor<64x64x!tile.ptr<f32>, #blocked>
    }
    return
  }

  // The copies' row comes from a value the tile loop carries, and another
  // epilogue reduces: both keep the prologue at the loop.
  // CHECK-LABEL: func.func @carried_row
  // CHECK: scf.for
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  // CHECK-LABEL: func.func @reducing_epilogue
  // CHECK: scf.for
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  func.func @carried_row(%a: !tile.ptr<f16>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                         %c: !tile.ptr<f32>, %K: i32, %lo: i32, %hi: i32, %st: i32) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #blocked>
    %e = scf.for %t = %lo to %hi step %st iter_args(%row = %c0) -> (i32) : i32 {
      %rows = tile.splat %row : i32 -> tensor<64x32xi32, #blocked>
      %pa = tile.addptr %as, %rows : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %r = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
        %ivs = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
        %ap = tile.addptr %pa, %ivs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
        %x = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
        %y = tile.load %pb {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked>
        %sx = tilegpu.local_alloc %x : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
        %sy = tilegpu.local_alloc %y : tensor<32x64xf16, #blocked> -> !tilegpu.memdesc<32x64xf16, #sb>
        %dx = tilegpu.local_load %sx : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
        %dy = tilegpu.local_load %sy : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
        %d = tile.dot %dx, %dy, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      %o = tilegpu.convert_layout %r : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      tile.store %cs, %o : tensor<64x64x!tile.ptr<f32>, #blocked>
      %next = arith.addi %row, %c64 : i32
      scf.yield %next : i32
    } {tile.flatten}
    return
  }

  func.func @reducing_epilogue(%a: !tile.ptr<f16>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                               %c: !tile.ptr<f32>, %K: i32, %lo: i32, %hi: i32, %st: i32) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
    scf.for %t = %lo to %hi step %st : i32 {
      %row = arith.muli %t, %c64 : i32
      %rows = tile.splat %row : i32 -> tensor<64x32xi32, #blocked>
      %pa = tile.addptr %as, %rows : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %r = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
        %ivs = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
        %ap = tile.addptr %pa, %ivs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
        %x = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
        %y = tile.load %pb {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked>
        %sx = tilegpu.local_alloc %x : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
        %sy = tilegpu.local_alloc %y : tensor<32x64xf16, #blocked> -> !tilegpu.memdesc<32x64xf16, #sb>
        %dx = tilegpu.local_load %sx : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
        %dy = tilegpu.local_load %sy : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
        %d = tile.dot %dx, %dy, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      %s = tile.reduce sum %r {axis = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #mma}>>
      %cp = tile.addptr %c, %row : !tile.ptr<f32>, i32
      %s0 = tile.reduce sum %s {axis = 0 : i32} : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #mma}>> -> f32
      tile.store %cp, %s0 : !tile.ptr<f32>
    } {tile.flatten}
    return
  }
}
