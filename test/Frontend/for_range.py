# Checks for i in range(a, b, step) with runtime bounds: scf.for on i32 with iter_args
# carrying every loop-carried tile and scalar (a float tile, an int scalar, a pointer tile).
# RUN: tilec %s --kernel floop --signature "*fp32:16, i32, i32, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def floop(p, lo, hi, step):
    offs = tl.arange(0, 32)
    ptrs = p + offs
    acc = tl.zeros([32], dtype=tl.float32)
    cnt = 0
    for i in range(lo, hi, step):
        acc += tl.load(ptrs) * i
        ptrs += 32
        cnt += 1
    for j in range(hi):
        cnt += j
    tl.store(p + offs + cnt, acc)


# CHECK-LABEL: func.func @floop
# CHECK-SAME: %[[LO:arg1]]: i32, %[[HI:arg2]]: i32, %[[STEP:arg3]]: i32
# CHECK: %[[PTRS:.*]] = tile.addptr
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32>
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[L:.*]]:3 = scf.for %[[I:.*]] = %[[LO]] to %[[HI]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[ZERO]], %[[CNT:.*]] = %[[C0]], %[[P:.*]] = %[[PTRS]]) -> (tensor<32xf32>, i32, tensor<32x!tile.ptr<f32>>)  : i32 {
# CHECK:   %[[V:.*]] = tile.load %[[P]] : tensor<32x!tile.ptr<f32>>
# CHECK:   %[[IF:.*]] = arith.sitofp %[[I]] : i32 to f32
# CHECK:   %[[NACC:.*]] = arith.addf %[[ACC]], %{{.*}} : tensor<32xf32>
# CHECK:   %[[NP:.*]] = tile.addptr %[[P]], %{{.*}} : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
# CHECK:   %[[NCNT:.*]] = arith.addi %[[CNT]], %{{.*}} : i32
# CHECK:   scf.yield %[[NACC]], %[[NCNT]], %[[NP]] : tensor<32xf32>, i32, tensor<32x!tile.ptr<f32>>
# CHECK: }
# range(hi) counts from 0 by 1.
# CHECK: %[[Z:.*]] = arith.constant 0 : i32
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK: %[[L2:.*]] = scf.for %[[J:.*]] = %[[Z]] to %[[HI]] step %[[ONE]] iter_args(%[[C:.*]] = %[[L]]#1) -> (i32)  : i32 {
# CHECK:   %[[CJ:.*]] = arith.addi %[[C]], %[[J]] : i32
# CHECK:   scf.yield %[[CJ]] : i32
# CHECK: }
# CHECK: tile.splat %[[L2]] : i32 -> tensor<32xi32>
# CHECK: tile.store %{{.*}}, %[[L]]#0 : tensor<32x!tile.ptr<f32>>
