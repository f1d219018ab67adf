# Checks if/elif/else on runtime scalars: scf.if yielding every variable assigned in a branch
# (tiles and scalars), nested scf.if for elif, and an if without else that yields the old value.
# RUN: tilec %s --kernel rif --signature "*fp32:16, i32, fp32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def rif(p, n, s):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    k = 0
    if n > 0:
        x = x * s
        k = 1
    elif n < -4:
        x = x + s
        k = 2
    else:
        k = 3
    if s > 1.0:
        x = tl.exp(x)
    tl.store(p + offs + k, x)


# CHECK-LABEL: func.func @rif
# CHECK-SAME: %[[N:arg1]]: i32, %[[S:arg2]]: f32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[GT:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
# CHECK: %[[IF:.*]]:2 = scf.if %[[GT]] -> (i32, tensor<16xf32>) {
# CHECK:   %[[XS:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<16xf32>
# CHECK:   %[[C1:.*]] = arith.constant 1 : i32
# CHECK:   scf.yield %[[C1]], %[[XS]] : i32, tensor<16xf32>
# CHECK: } else {
# CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[N]], %{{.*}} : i32
# CHECK:   %[[ELIF:.*]]:2 = scf.if %[[LT]] -> (i32, tensor<16xf32>) {
# CHECK:     arith.addf %[[X]]
# CHECK:   } else {
# CHECK:     %[[C3:.*]] = arith.constant 3 : i32
# CHECK:     scf.yield %[[C3]], %[[X]] : i32, tensor<16xf32>
# CHECK:   }
# CHECK:   scf.yield %[[ELIF]]#0, %[[ELIF]]#1 : i32, tensor<16xf32>
# CHECK: }
# CHECK: %[[SG:.*]] = arith.cmpf ogt, %[[S]], %{{.*}} : f32
# CHECK: %[[IF2:.*]] = scf.if %[[SG]] -> (tensor<16xf32>) {
# CHECK:   %[[E:.*]] = math.exp %[[IF]]#1 : tensor<16xf32>
# CHECK:   scf.yield %[[E]]
# CHECK: } else {
# CHECK:   scf.yield %[[IF]]#1 : tensor<16xf32>
# CHECK: }
# CHECK: tile.splat %[[IF]]#0 : i32 -> tensor<16xi32>
# CHECK: tile.store %{{.*}}, %[[IF2]] : tensor<16x!tile.ptr<f32>>
