# Checks while loops on runtime conditions: scf.while with the condition in the before
# region (scf.condition) and loop-carried values through the after region.
# RUN: tilec %s --kernel wl --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def wl(p, n):
    offs = tl.arange(0, 16)
    i = 0
    acc = tl.zeros([16], dtype=tl.float32)
    while i < n:
        acc += tl.load(p + offs + i)
        i += 16
    tl.store(p + offs, acc)


# CHECK-LABEL: func.func @wl
# CHECK-SAME: %[[N:arg1]]: i32
# CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
# CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[W:.*]]:2 = scf.while (%[[A:.*]] = %[[ZERO]], %[[I:.*]] = %[[C0]]) : (tensor<16xf32>, i32) -> (tensor<16xf32>, i32) {
# CHECK:   %[[C:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
# CHECK:   scf.condition(%[[C]]) %[[A]], %[[I]] : tensor<16xf32>, i32
# CHECK: } do {
# CHECK: ^bb0(%[[A2:.*]]: tensor<16xf32>, %[[I2:.*]]: i32):
# CHECK:   %[[V:.*]] = tile.load
# CHECK:   %[[S:.*]] = arith.addf %[[A2]], %[[V]] : tensor<16xf32>
# CHECK:   %[[NI:.*]] = arith.addi %[[I2]], %{{.*}} : i32
# CHECK:   scf.yield %[[S]], %[[NI]] : tensor<16xf32>, i32
# CHECK: }
# CHECK: tile.store %{{.*}}, %[[W]]#0 : tensor<16x!tile.ptr<f32>>
