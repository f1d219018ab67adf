# Checks tl.range(lo, hi, step): a runtime loop (scf.for) like range; keyword forms are in tl_range_keywords.py.
# RUN: tilec %s --kernel tlr --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def tlr(p, n):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for k in tl.range(0, n, 16):
        acc += tl.load(p + k + offs)
    tl.store(p + offs, acc)


# CHECK-LABEL: func.func @tlr
# CHECK-SAME: %[[P:arg0]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[N:arg1]]: i32
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[C16:.*]] = arith.constant 16 : i32
# CHECK: %[[L:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C16]] iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<16xf32>)  : i32 {
# p + k is a scalar addptr, then splat.
# CHECK:   %[[PK:.*]] = tile.addptr %[[P]], %[[K]] : !tile.ptr<f32>, i32
# CHECK:   tile.splat %[[PK]] : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
# CHECK:   %[[V:.*]] = tile.load
# CHECK:   %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : tensor<16xf32>
# CHECK:   scf.yield %[[S]] : tensor<16xf32>
# CHECK: }
# CHECK: tile.store %{{.*}}, %[[L]] : tensor<16x!tile.ptr<f32>>
