# Checks for loops with a negative constant step: range(hi, lo, -2) must iterate downwards
# (scf.for only counts up, so the induction variable is rebuilt from a count).
# RUN: tilec %s --kernel negstep --signature "*fp32:16, i32, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def negstep(p, lo, hi):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for i in range(hi, lo, -2):
        acc += tl.load(p + offs + i)
    tl.store(p + offs, acc)


# CHECK-LABEL: func.func @negstep
# CHECK-SAME: %[[LO:arg1]]: i32, %[[HI:arg2]]: i32
# trip count = max(hi - lo, 0) ceildiv 2
# CHECK: %[[TWO:.*]] = arith.constant 2 : i32
# CHECK: %[[D:.*]] = arith.subi %[[HI]], %[[LO]] : i32
# CHECK: %[[DM:.*]] = arith.maxsi %[[D]], %{{.*}} : i32
# CHECK: %[[CNT:.*]] = arith.divsi %{{.*}}, %[[TWO]] : i32
# CHECK: %[[L:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[CNT]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16xf32>)  : i32 {
# i = hi + k * -2
# CHECK:   %[[M2:.*]] = arith.constant -2 : i32
# CHECK:   %[[KM:.*]] = arith.muli %[[K]], %[[M2]] : i32
# CHECK:   %[[I:.*]] = arith.addi %[[HI]], %[[KM]] : i32
# CHECK:   tile.splat %[[I]] : i32 -> tensor<16xi32>
# CHECK:   tile.load
# CHECK:   scf.yield
# CHECK: }
# CHECK: tile.store %{{.*}}, %[[L]] : tensor<16x!tile.ptr<f32>>
