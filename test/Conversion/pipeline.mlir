// Checks -tilegpu-pipeline: a loop whose tile.loads only feed the shared-memory
// staging (local_alloc) of tensor-core dot operands becomes a cp.async
// multi-buffered loop: one buffer of S slots per staged load and a barrier;
// a prologue issuing the copies of iterations 0 .. S-2 (predicated on the
// iteration existing), one commit group each; in the loop async_wait S-2, a
// barrier, the copies of iteration i+S-1 into the write slot, a commit, then the
// body reading the read slot; both slots advance modulo S; after the loop
// async_wait 0 and a barrier. The pointers, masks and their loop-carried updates
// run S-1 iterations ahead; pure values they share with the rest of the body
// are computed again for it. Loops are left alone when a load's `other` is not
// zero, the loaded value has another user, loop-carried pointers feed the rest
// of the body, the access is not 4, 8 or 16 bytes, or the step is not a constant; and
// with 1 stage. A loop's tile.num_stages overrides the option. The output is
// the pass's own (no canonicalization).
// RUN: tilec-opt %s -tilegpu-pipeline | FileCheck %s
// RUN: tilec-opt %s -tilegpu-pipeline=num-stages=2 | FileCheck %s --check-prefix=NS2
// RUN: tilec-opt %s -tilegpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=NS1
// RUN: tilec-opt %s -tilegpu-pipeline=shared-limit=20000 | FileCheck %s --check-prefix=LIM

// CHECK: #[[BLK:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK: #[[SA:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
// CHECK: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #tilegpu.slice<{dim = 0, parent = #blocked}>
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#sa = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
#sb = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
module attributes {tile.num_warps = 4 : i32} {
  // The matmul loop of examples/matmul_relu.py (a mask on A depending on the
  // induction variable, B unmasked and copied 8 bytes at a time).
  // CHECK-LABEL: func.func @matmul
  // CHECK-SAME: (%[[PA:[^:]+]]: tensor<64x32x!tile.ptr<f16>, #[[BLK]]>, %[[PB:[^:]+]]: tensor<32x64x!tile.ptr<f16>, #[[BLK]]>, %[[PC:[^:]+]]: tensor<64x64x!tile.ptr<f32>, #[[BLK]]>, %[[K:[^:]+]]: i32, %[[STEPB:[^:]+]]: tensor<32x64xi32, #[[BLK]]>)
  // CHECK: %[[LB:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[ST:.*]] = arith.constant 32 : i32
  // CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[MMA]]>
  // CHECK-NEXT: %[[STEPA:.*]] = arith.constant dense<32> : tensor<64x32xi32, #[[BLK]]>
  // CHECK: %[[RK:.*]] = tile.expand_dims
  // CHECK-NEXT: %[[KS:.*]] = tile.splat %[[K]] : i32 -> tensor<1x32xi32, #[[BLK]]>
  // CHECK-NEXT: %[[BUFA:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x32xf16, #[[SA]]>
  // CHECK-NEXT: %[[BUFB:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x32x64xf16, #[[SB]]>
  // CHECK-NEXT: tilegpu.barrier
  //
  // Prologue, iteration 0 (iv = lb + 0 * step) into slot 0.
  // CHECK-NEXT: %[[I0:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[O0:.*]] = arith.muli %[[ST]], %[[I0]] : i32
  // CHECK-NEXT: %[[IV0:.*]] = arith.addi %[[LB]], %[[O0]] : i32
  // CHECK-NEXT: %[[SLOT0:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[P0:.*]] = arith.cmpi slt, %[[IV0]], %[[K]] : i32
  // CHECK-NEXT: %[[IVS0:.*]] = tile.splat %[[IV0]] : i32 -> tensor<1x32xi32, #[[BLK]]>
  // CHECK-NEXT: %[[KK0:.*]] = arith.addi %[[RK]], %[[IVS0]] : tensor<1x32xi32, #[[BLK]]>
  // CHECK-NEXT: %[[IN0:.*]] = arith.cmpi slt, %[[KK0]], %[[KS]] : tensor<1x32xi32, #[[BLK]]>
  // CHECK-NEXT: %[[MA0:.*]] = tile.broadcast %[[IN0]] : tensor<1x32xi1, #[[BLK]]> -> tensor<64x32xi1, #[[BLK]]>
  // CHECK-NEXT: %[[DA0:.*]] = tilegpu.memdesc_subview %[[BUFA]][%[[SLOT0]]] : !tilegpu.memdesc<3x64x32xf16, #[[SA]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NEXT: tilegpu.async_copy %[[PA]], %[[DA0]] mask %[[MA0]] pred %[[P0]] {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #[[BLK]]>, tensor<64x32xi1, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NEXT: %[[DB0:.*]] = tilegpu.memdesc_subview %[[BUFB]][%[[SLOT0]]] : !tilegpu.memdesc<3x32x64xf16, #[[SB]]> -> !tilegpu.memdesc<32x64xf16, #[[SB]]>
  // CHECK-NEXT: tilegpu.async_copy %[[PB]], %[[DB0]] pred %[[P0]] {vector = 4 : i32} : tensor<32x64x!tile.ptr<f16>, #[[BLK]]> -> !tilegpu.memdesc<32x64xf16, #[[SB]]>
  // CHECK-NEXT: %[[PA1:.*]] = tile.addptr %[[PA]], %[[STEPA]]
  // CHECK-NEXT: %[[PB1:.*]] = tile.addptr %[[PB]], %[[STEPB]]
  // CHECK-NEXT: tilegpu.async_commit_group
  //
  // Iteration 1 (iv = lb + 1 * step) into slot 1, from the advanced pointers.
  // CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[O1:.*]] = arith.muli %[[ST]], %[[I1]] : i32
  // CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[LB]], %[[O1]] : i32
  // CHECK-NEXT: %[[SLOT1:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[P1:.*]] = arith.cmpi slt, %[[IV1]], %[[K]] : i32
  // CHECK-NEXT: %[[IVS1:.*]] = tile.splat %[[IV1]]
  // CHECK-NEXT: %[[KK1:.*]] = arith.addi %[[RK]], %[[IVS1]]
  // CHECK-NEXT: %[[IN1:.*]] = arith.cmpi slt, %[[KK1]], %[[KS]]
  // CHECK-NEXT: %[[MA1:.*]] = tile.broadcast %[[IN1]]
  // CHECK-NEXT: %[[DA1:.*]] = tilegpu.memdesc_subview %[[BUFA]][%[[SLOT1]]]
  // CHECK-NEXT: tilegpu.async_copy %[[PA1]], %[[DA1]] mask %[[MA1]] pred %[[P1]] {vector = 8 : i32}
  // CHECK-NEXT: %[[DB1:.*]] = tilegpu.memdesc_subview %[[BUFB]][%[[SLOT1]]]
  // CHECK-NEXT: tilegpu.async_copy %[[PB1]], %[[DB1]] pred %[[P1]] {vector = 4 : i32}
  // CHECK-NEXT: %[[PA2:.*]] = tile.addptr %[[PA1]], %[[STEPA]]
  // CHECK-NEXT: %[[PB2:.*]] = tile.addptr %[[PB1]], %[[STEPB]]
  // CHECK-NEXT: tilegpu.async_commit_group
  //
  // The loop: pointers 2 iterations ahead, read slot 0, write slot 2.
  // CHECK-NEXT: %[[R0:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[W0:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[LOOP:.*]]:5 = scf.for %[[IV:.*]] = %[[LB]] to %[[K]] step %[[ST]] iter_args(%[[AP:.*]] = %[[PA2]], %[[ACC:.*]] = %[[ACC0]], %[[BP:.*]] = %[[PB2]], %[[RS:.*]] = %[[R0]], %[[WS:.*]] = %[[W0]]) -> (tensor<64x32x!tile.ptr<f16>, #[[BLK]]>, tensor<64x64xf32, #[[MMA]]>, tensor<32x64x!tile.ptr<f16>, #[[BLK]]>, i32, i32)
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[I2:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[O2:.*]] = arith.muli %[[ST]], %[[I2]] : i32
  // CHECK-NEXT: %[[IVA:.*]] = arith.addi %[[IV]], %[[O2]] : i32
  // CHECK-NEXT: %[[PRED:.*]] = arith.cmpi slt, %[[IVA]], %[[K]] : i32
  // CHECK-NEXT: %[[IVSA:.*]] = tile.splat %[[IVA]]
  // CHECK-NEXT: %[[KKA:.*]] = arith.addi %[[RK]], %[[IVSA]]
  // CHECK-NEXT: %[[INA:.*]] = arith.cmpi slt, %[[KKA]], %[[KS]]
  // CHECK-NEXT: %[[MAA:.*]] = tile.broadcast %[[INA]]
  // CHECK-NEXT: %[[WA:.*]] = tilegpu.memdesc_subview %[[BUFA]][%[[WS]]] : !tilegpu.memdesc<3x64x32xf16, #[[SA]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NEXT: tilegpu.async_copy %[[AP]], %[[WA]] mask %[[MAA]] pred %[[PRED]] {vector = 8 : i32}
  // CHECK-NEXT: %[[WB:.*]] = tilegpu.memdesc_subview %[[BUFB]][%[[WS]]] : !tilegpu.memdesc<3x32x64xf16, #[[SB]]> -> !tilegpu.memdesc<32x64xf16, #[[SB]]>
  // CHECK-NEXT: tilegpu.async_copy %[[BP]], %[[WB]] pred %[[PRED]] {vector = 4 : i32}
  // CHECK-NEXT: %[[NA:.*]] = tile.addptr %[[AP]], %[[STEPA]]
  // CHECK-NEXT: %[[NB:.*]] = tile.addptr %[[BP]], %[[STEPB]]
  // CHECK-NEXT: tilegpu.async_commit_group
  // CHECK-NEXT: %[[RA:.*]] = tilegpu.memdesc_subview %[[BUFA]][%[[RS]]] : !tilegpu.memdesc<3x64x32xf16, #[[SA]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NEXT: %[[RB:.*]] = tilegpu.memdesc_subview %[[BUFB]][%[[RS]]] : !tilegpu.memdesc<3x32x64xf16, #[[SB]]> -> !tilegpu.memdesc<32x64xf16, #[[SB]]>
  // CHECK-NEXT: %[[XA:.*]] = tilegpu.local_load %[[RA]] : !tilegpu.memdesc<64x32xf16, #[[SA]]> -> tensor<64x32xf16, #[[OPA]]>
  // CHECK-NEXT: %[[XB:.*]] = tilegpu.local_load %[[RB]] : !tilegpu.memdesc<32x64xf16, #[[SB]]> -> tensor<32x64xf16, #[[OPB]]>
  // CHECK-NEXT: %[[D:.*]] = tile.dot %[[XA]], %[[XB]], %[[ACC]]
  // Both slots advance modulo 3.
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[RS1:.*]] = arith.addi %[[RS]], %[[ONE]] : i32
  // CHECK-NEXT: %[[N3:.*]] = arith.constant 3 : i32
  // CHECK-NEXT: %[[RWRAP:.*]] = arith.cmpi eq, %[[RS1]], %[[N3]] : i32
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[RNEXT:.*]] = arith.select %[[RWRAP]], %[[Z]], %[[RS1]] : i32
  // CHECK-NEXT: %[[ONEW:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[WS1:.*]] = arith.addi %[[WS]], %[[ONEW]] : i32
  // CHECK-NEXT: %[[N3W:.*]] = arith.constant 3 : i32
  // CHECK-NEXT: %[[WWRAP:.*]] = arith.cmpi eq, %[[WS1]], %[[N3W]] : i32
  // CHECK-NEXT: %[[ZW:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[WNEXT:.*]] = arith.select %[[WWRAP]], %[[ZW]], %[[WS1]] : i32
  // CHECK-NEXT: scf.yield %[[NA]], %[[D]], %[[NB]], %[[RNEXT]], %[[WNEXT]] :
  // CHECK-NEXT: }
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: %[[OUT:.*]] = tilegpu.convert_layout %[[LOOP]]#1 : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[BLK]]>
  // CHECK-NEXT: tile.store %[[PC]], %[[OUT]]
  // CHECK-NOT: tile.load
  // CHECK-NOT: tilegpu.local_alloc %
  // CHECK: return

  // Two stages: one prologue copy group, the loop waits for all groups.
  // NS2-LABEL: func.func @matmul
  // NS2: %[[BUFA:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<2x64x32xf16, #{{.*}}>
  // NS2-NEXT: %[[BUFB:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<2x32x64xf16, #{{.*}}>
  // NS2-NEXT: tilegpu.barrier
  // NS2-COUNT-2: tilegpu.async_copy
  // NS2-NOT: tilegpu.async_copy
  // NS2: tilegpu.async_commit_group
  // NS2-NOT: tilegpu.async_copy
  // NS2: %[[R0:.*]] = arith.constant 0 : i32
  // NS2-NEXT: %[[W0:.*]] = arith.constant 1 : i32
  // NS2-NEXT: scf.for %[[IV:.*]] = {{.*}} iter_args({{.*}}, %[[RS:.*]] = %[[R0]], %[[WS:.*]] = %[[W0]]) -> ({{.*}}, i32, i32)
  // NS2-NEXT: tilegpu.async_wait {num = 0 : i32}
  // NS2-NEXT: tilegpu.barrier
  // NS2-NEXT: %[[I1:.*]] = arith.constant 1 : i32
  // NS2-NEXT: %[[O1:.*]] = arith.muli %{{.*}}, %[[I1]] : i32
  // NS2-NEXT: arith.addi %[[IV]], %[[O1]] : i32
  // NS2: tilegpu.memdesc_subview %[[BUFA]][%[[WS]]]
  // NS2: tilegpu.memdesc_subview %[[BUFB]][%[[WS]]]
  // NS2: tilegpu.async_commit_group
  // NS2-NEXT: tilegpu.memdesc_subview %[[BUFA]][%[[RS]]]
  // NS2-NEXT: tilegpu.memdesc_subview %[[BUFB]][%[[RS]]]
  // NS2: %[[N2:.*]] = arith.constant 2 : i32
  // NS2-NEXT: arith.cmpi eq, %{{.*}}, %[[N2]] : i32
  // NS2: scf.yield
  // NS2-NEXT: }
  // NS2-NEXT: tilegpu.async_wait {num = 0 : i32}
  // NS2-NEXT: tilegpu.barrier

  // One stage: unchanged.
  // NS1-LABEL: func.func @matmul
  // NS1-NOT: tilegpu.async
  // NS1-NOT: tilegpu.memdesc_subview
  // NS1: scf.for
  // NS1: %[[A:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} {tilegpu.vector = 8 : i32}
  // NS1: %[[B:.*]] = tile.load %{{.*}} {tilegpu.vector = 4 : i32}
  // NS1-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #{{.*}}> -> !tilegpu.memdesc<64x32xf16, #{{.*}}>
  // NS1-NEXT: tilegpu.local_alloc %[[B]] : tensor<32x64xf16, #{{.*}}> -> !tilegpu.memdesc<32x64xf16, #{{.*}}>
  // NS1-NOT: tilegpu.async
  // NS1-NOT: tilegpu.barrier
  // NS1: return

  // 3 stages of 8 KiB do not fit in 20000 bytes, 2 do.
  // LIM-LABEL: func.func @matmul
  // LIM: tilegpu.local_alloc : !tilegpu.memdesc<2x64x32xf16,
  // LIM-NEXT: tilegpu.local_alloc : !tilegpu.memdesc<2x32x64xf16,
  // LIM: tilegpu.async_wait {num = 0 : i32}
  func.func @matmul(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                    %pc: tensor<64x64x!tile.ptr<f32>, #blocked>, %K: i32, %stepb: tensor<32x64xi32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero_a = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %rk = tile.make_range 0 to 32 : tensor<32xi32, #slice>
    %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %Ks = tile.splat %K : i32 -> tensor<1x32xi32, #blocked>
    %r:3 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0, %bp = %pb) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>, tensor<32x64x!tile.ptr<f16>, #blocked>) : i32 {
      %ivs = tile.splat %iv : i32 -> tensor<1x32xi32, #blocked>
      %kk = arith.addi %rk2, %ivs : tensor<1x32xi32, #blocked>
      %in = arith.cmpi slt, %kk, %Ks : tensor<1x32xi32, #blocked>
      %ma = tile.broadcast %in : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %a = tile.load %ap, %ma, %zero_a {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %b = tile.load %bp {tilegpu.vector = 4 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %sb = tilegpu.local_alloc %b : tensor<32x64xf16, #blocked> -> !tilegpu.memdesc<32x64xf16, #sb>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %db = tilegpu.local_load %sb : !tilegpu.memdesc<32x64xf16, #sb> -> tensor<32x64xf16, #opb>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %nb = tile.addptr %bp, %stepb : tensor<32x64x!tile.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>, tensor<32x64x!tile.ptr<f16>, #blocked>
    }
    %out = tilegpu.convert_layout %r#1 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tile.store %pc, %out : tensor<64x64x!tile.ptr<f32>, #blocked>
    return
  }

  // The loop's tile.num_stages (4) wins over the option, even num-stages=1.
  // CHECK-LABEL: func.func @num_stages_attr
  // CHECK: %[[BUF:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<4x64x32xf16, #[[SA]]>
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-COUNT-3: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.async_copy
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.async_wait {num = 2 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // CHECK: tilegpu.async_copy
  // CHECK: arith.constant 4 : i32
  // CHECK: } {tile.num_stages = 4 : i32}
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  // CHECK-NEXT: tilegpu.barrier
  // NS1-LABEL: func.func @num_stages_attr
  // NS1: tilegpu.local_alloc : !tilegpu.memdesc<4x64x32xf16,
  // NS1: tilegpu.async_wait {num = 2 : i32}
  func.func @num_stages_attr(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    } {tile.num_stages = 4 : i32}
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // Left alone: masked-off elements must read as 1.0, cp.async fills zeros.
  // CHECK-LABEL: func.func @other_nonzero
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.memdesc_subview
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @other_nonzero(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %one {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // Left alone: the loaded tile is also stored.
  // CHECK-LABEL: func.func @other_used
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.memdesc_subview
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @other_used(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32, %pc: tensor<64x32x!tile.ptr<f16>, #blocked>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      tile.store %pc, %a : tensor<64x32x!tile.ptr<f16>, #blocked>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // Left alone: the body (stage 1) uses the pointers too; they would run ahead.
  // CHECK-LABEL: func.func @ptr_used
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.memdesc_subview
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @ptr_used(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      tile.store %ap, %zero : tensor<64x32x!tile.ptr<f16>, #blocked>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // The pointers are used after the loop (as the rest loop of
  // tile-split-masked-loops uses them): pipelined anyway, the loop also
  // carrying them at the current iteration (advanced by a copy of their
  // update), which is what the code after the loop gets; the copies' pointers
  // stay two iterations ahead.
  // CHECK-LABEL: func.func @ptr_after
  // CHECK: %[[R:.*]]:5 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[AHEAD:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[CUR:.*]] = %[[PA:arg0]])
  // CHECK: tilegpu.async_copy
  // CHECK: tile.dot
  // CHECK: %[[NEXT:.*]] = tile.addptr %[[CUR]], %{{.*}}
  // CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NEXT]]
  // CHECK: return %[[R]]#4, %[[R]]#1
  func.func @ptr_after(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#0, %r#1 : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
  }

  // Left alone: no tilegpu.vector, 2-byte accesses (cp.async moves 4, 8 or 16).
  // CHECK-LABEL: func.func @no_vector
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.memdesc_subview
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @no_vector(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %c32 iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // Left alone: the step is not a constant.
  // CHECK-LABEL: func.func @step_not_constant
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.memdesc_subview
  // CHECK-NOT: tilegpu.barrier
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[A]] : tensor<64x32xf16, #[[BLK]]> -> !tilegpu.memdesc<64x32xf16, #[[SA]]>
  // CHECK-NOT: tilegpu.async
  // CHECK-NOT: tilegpu.barrier
  // CHECK: return
  func.func @step_not_constant(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32, %st: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %stepa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %r:2 = scf.for %iv = %c0 to %K step %st iter_args(%ap = %pa, %acc = %acc0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %ap, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %ap, %stepa : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %na, %d : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x64xf32, #mma>
    }
    return %r#1 : tensor<64x64xf32, #mma>
  }

  // A pure value stage 0 computes is also used by the rest of the body (an
  // offset a staged load and a store share): pipelined; the rest of the body
  // computes its own copy at the current iteration, the copies' one runs
  // ahead.
  // CHECK-LABEL: func.func @shared_offset
  // CHECK: scf.for %[[IV:[^ ]+]] =
  // CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %{{.*}} : i32
  // CHECK: %[[AHEAD:.*]] = tile.splat %[[NEXT]] : i32 -> tensor<64x32xi32, #[[BLK]]>
  // CHECK: tilegpu.async_copy
  // CHECK: %[[OWN:.*]] = tile.splat %[[IV]] : i32 -> tensor<64x32xi32, #[[BLK]]>
  // CHECK: tile.dot
  // CHECK: %[[Q:.*]] = tile.addptr %arg1, %[[OWN]]
  // CHECK: tile.store %[[Q]]
  func.func @shared_offset(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pc: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %db: tensor<32x64xf16, #opb>, %K: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %iv = %c0 to %K step %c32 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %o = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
      %p = tile.addptr %pa, %o : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %a = tile.load %p, %m, %zero {tilegpu.vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16, #sa>
      %da = tilegpu.local_load %sa : !tilegpu.memdesc<64x32xf16, #sa> -> tensor<64x32xf16, #opa>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %q = tile.addptr %pc, %o : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      tile.store %q, %zero : tensor<64x32x!tile.ptr<f16>, #blocked>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }
}
