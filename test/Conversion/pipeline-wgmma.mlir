// Checks -tilegpu-pipeline on loops of a Hopper dot (mma version 3) whose
// accumulator is loop-carried: the dot runs on into the next iteration
// (tilegpu.wgmma_pendings = 1). With 4 stages and two warpgroups the copies
// run S-2 = 2 iterations ahead: two prologue groups, async_wait 1, the
// loop's one barrier, the copies of iteration i + 2 (predicated on it
// existing) into the write slot (2 at the start: the slot read two
// iterations back), then the dot, and no second barrier. With one
// warpgroup (4 warps) the copies of iteration i + 3 follow the dot, whose
// wgmma.wait_group 1 retired the slot's last reader for all its warps: three
// prologue groups, async_wait 2, one barrier (with two dots in the loop,
// S-2 ahead before them). With 3 stages (8 warps) the
// copies of iteration i + 2 follow the dot and a barrier. Also: carried
// pointers that swap every iteration (one yielded as the other) are both
// carried ahead.
// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 8 : i32} {
  // CHECK-LABEL: func.func @early
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<4x64x64xf16
  // CHECK: tilegpu.barrier
  // CHECK-COUNT-2: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.async_commit_group
  // CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[UB:.*]] step %[[ST:[^ ]*]] iter_args({{.*}}, %[[R:.*]] = %{{.*}}, %[[W:.*]] = %c2_i32)
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[ST]], %[[TWO]] : i32
  // CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[IV]], %[[OFF]] : i32
  // CHECK-NEXT: %[[P:.*]] = arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32
  // CHECK-NEXT: %[[DST:.*]] = tilegpu.memdesc_subview %{{.*}}[%[[W]]]
  // CHECK-NEXT: tilegpu.async_copy %{{.*}}, %[[DST]] pred %[[P]]
  // CHECK: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tilegpu.memdesc_subview %{{.*}}[%[[R]]]
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
  // CHECK-NOT: tilegpu.barrier
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: scf.yield
  // CHECK: tilegpu.wgmma_wait {{.*}} {pendings = 0 : i32}
  func.func @early(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c64 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x64xf16, #sa> -> tensor<64x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %na, %d : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    } {tile.num_stages = 4 : i32}
    return %r#1 : tensor<64x64xf32, #mma>
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @one_warpgroup
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<4x64x64xf16
  // CHECK: tilegpu.barrier
  // CHECK-COUNT-3: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.async_commit_group
  // CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[UB:.*]] step %[[ST:[^ ]*]] iter_args({{.*}}, %[[R:.*]] = %{{.*}}, %[[W:.*]] = %c3_i32)
  // CHECK-NEXT: tilegpu.async_wait {num = 2 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: tilegpu.memdesc_subview %{{.*}}[%[[R]]]
  // CHECK-NOT: tilegpu.barrier
  // CHECK: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
  // CHECK-NOT: tilegpu.barrier
  // CHECK: %[[THREE:.*]] = arith.constant 3 : i32
  // CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[ST]], %[[THREE]] : i32
  // CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[IV]], %[[OFF]] : i32
  // CHECK-NEXT: %[[P:.*]] = arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32
  // CHECK-NEXT: %[[DST:.*]] = tilegpu.memdesc_subview %{{.*}}[%[[W]]]
  // CHECK-NEXT: tilegpu.async_copy %{{.*}}, %[[DST]] pred %[[P]]
  // CHECK: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.yield
  // CHECK: tilegpu.wgmma_wait {{.*}} {pendings = 0 : i32}
  func.func @one_warpgroup(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c64 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x64xf16, #sa> -> tensor<64x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %na, %d : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    } {tile.num_stages = 4 : i32}
    return %r#1 : tensor<64x64xf32, #mma>
  }
}

// -----

// One warpgroup, two carried dots: the copies run S-2 ahead before them.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @two_dots
  // CHECK-COUNT-2: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.async_commit_group
  // CHECK: scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %c2_i32)
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK: tilegpu.async_copy
  // CHECK: tile.dot
  // CHECK: tile.dot
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: scf.yield
  func.func @two_dots(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %r:3 = scf.for %iv = %c0 to %K step %c64 iter_args(%ap = %pa, %acc = %acc0, %acc2 = %acc0) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x64xf16, #sa> -> tensor<64x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %d2 = tile.dot %da, %db, %acc2 : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %na, %d, %d2 : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
    } {tile.num_stages = 4 : i32}
    %s = arith.addf %r#1, %r#2 : tensor<64x64xf32, #mma>
    return %s : tensor<64x64xf32, #mma>
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 8 : i32} {
  // CHECK-LABEL: func.func @three
  // CHECK-COUNT-2: tilegpu.async_commit_group
  // CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[UB:.*]] step %[[ST:[^ ]*]] iter_args({{.*}}, %[[R:.*]] = %{{.*}}, %[[W:.*]] = %{{.*}})
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[ST]], %[[TWO]] : i32
  // CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[IV]], %[[OFF]] : i32
  // CHECK-NEXT: %[[P:.*]] = arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32
  // CHECK-NEXT: %[[DST:.*]] = tilegpu.memdesc_subview %{{.*}}[%[[W]]]
  // CHECK-NEXT: tilegpu.async_copy %{{.*}}, %[[DST]] pred %[[P]]
  func.func @three(%pa: tensor<128x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %stepa = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c64 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xf32, #mma>) : i32 {
      %a = tile.load %ap {tilegpu.vector = 8 : i32} : tensor<128x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<128x64xf16, #blocked> -> !tilegpu.memdesc<128x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<128x64xf16, #sa> -> tensor<128x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<128x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<128x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      scf.yield %na, %d : tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xf32, #mma>
    } {tile.num_stages = 3 : i32}
    return %r#1 : tensor<128x64xf32, #mma>
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // Two pointer tiles that trade places every iteration (the load reads
  // the first): both carried ahead; the prologue's second copy reads the
  // second tile; the one used after the loop also at the current iteration.
  // CHECK-LABEL: func.func @swap
  // CHECK-SAME: (%[[PA:[^:]*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %[[PB:[^:]*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>,
  // CHECK: tilegpu.async_copy %[[PA]],
  // CHECK: tilegpu.async_copy %[[PB]],
  // CHECK: %[[R:.*]]:7 = scf.for {{.*}} iter_args(%[[X:[^ ]*]] = %[[PA]], %[[Y:[^ ]*]] = %[[PB]], %{{.*}}, %{{.*}}, %{{.*}}, %[[CX:[^ ]*]] = %[[PA]], %[[CY:[^ ]*]] = %[[PB]])
  // CHECK: tile.dot
  // CHECK: tilegpu.async_copy %[[X]],
  // CHECK: scf.yield %[[Y]], %[[X]], %{{.*}}, %{{.*}}, %{{.*}}, %[[CY]], %[[CX]]
  // CHECK: %[[ACC:.*]] = tilegpu.wgmma_wait %[[R]]#2
  // CHECK: return %[[R]]#5, %[[ACC]]
  func.func @swap(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %iv = %c0 to %K step %c64 iter_args(%p = %pa, %q = %pb, %acc = %acc0) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %p {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x64xf16, #sa> -> tensor<64x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %q, %p, %d : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#0, %r#2 : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
  }

  // The same with no result used after the loop (this crashed the verifier
  // before the second tile was carried).
  // CHECK-LABEL: func.func @swap_unused
  // CHECK: %[[R:.*]]:5 = scf.for {{.*}} iter_args(%[[X:[^ ]*]] = %arg0, %[[Y:[^ ]*]] = %arg1,
  // CHECK: scf.yield %[[Y]], %[[X]],
  // CHECK: tilegpu.wgmma_wait %[[R]]#2
  func.func @swap_unused(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %db: tensor<64x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %iv = %c0 to %K step %c64 iter_args(%p = %pa, %q = %pb, %acc = %acc0) -> (tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %p {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x64xf16, #sa> -> tensor<64x64xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %q, %p, %d : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#2 : tensor<64x64xf32, #mma>
  }
}
